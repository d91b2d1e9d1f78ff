"""polyrl.fuzz: differential fuzzing of legality and code generation (`polyrl fuzz`).

Random programs (polyrl.generate, sized to run in well under a millisecond) meet random
schedules drawn without regard to legality. A schedule the legality check accepts must
give bitwise the results of the original program; a schedule it refuses is applied
anyway, in this package's test-only unchecked mode, to count how often the refusal was
needed. Owns the draw (`sampler`), the evaluation and minimal reproducers (`evaluate`),
the run over many programs (`driver`) and the report (`report`); not the check itself
(polyrl.poly.legality) nor the runtime (polyrl.runtime).

Nothing is imported here, so that `polyrl.fuzz.command` stays cheap to import.
"""
