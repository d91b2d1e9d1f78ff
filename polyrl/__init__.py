"""polyrl: a polyhedral loop optimizer whose schedules are chosen by reinforcement learning.

Importing the package is cheap on purpose: subpackages (and torch, islpy, the C++
extension `polyrl._emit`) load only when used.
"""

__version__ = "0.1.0"
