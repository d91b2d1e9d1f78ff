"""The exact model of a scop: dependences, the loop tree and its transformations, their
legality, schedules, working sets and the macro schedules; everything is isl underneath."""
