"""polyrl.bench: PolyBench-style comparisons of polyrl against other compilers, with reports.

Owns the suites, the bench variants (base, graphite, polly, pluto, polyrl-schedule, and
whatever registers itself with `register_variant`), the bench loop and its reports (CSV,
Markdown, PNG). Timing and verification are polyrl.runtime's.
"""

from polyrl.bench.runner import Row, run_bench
from polyrl.bench.suite import Kernel, discover, resolve_suite
from polyrl.bench.variants import (
    Build,
    Case,
    CompilerVariant,
    Settings,
    Skip,
    Variant,
    make_variants,
    register_variant,
    unregister_variant,
    variant_names,
)

__all__ = [
    "Build",
    "Case",
    "CompilerVariant",
    "Kernel",
    "Row",
    "Settings",
    "Skip",
    "Variant",
    "discover",
    "make_variants",
    "register_variant",
    "resolve_suite",
    "run_bench",
    "unregister_variant",
    "variant_names",
]
