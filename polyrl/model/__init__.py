"""polyrl.model: the program graph with its node features, the GATv2 backbone, and the
cost model pretrained on measured (program, schedule) times.

Importing this package is cheap; torch is imported by the submodules that need it.
"""
