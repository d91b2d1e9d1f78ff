"""polyrl.generate: seeded random programs (sequences of loop nests: element-wise maps,
broadcasts, reductions, contractions, stencils, transposed, skewed and triangular
accesses) and corpora of them with a manifest. Measuring them is `polyrl.measure`'s job."""

from polyrl.generate.patterns import Weights
from polyrl.generate.program import GENERATOR_VERSION, generate_program
from polyrl.generate.structure import Program

__all__ = ["GENERATOR_VERSION", "Program", "Weights", "generate_program"]
