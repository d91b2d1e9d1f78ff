"""What the analyses of one program remember between schedules (`AnalysisMemo`): results
keyed by the text of the time maps they depend on, the program's references, instance
counts and statement shapes, and each nest's time maps with the parameters fixed
(`NestTimes`).

The memo a program gets, under the analyses' limits of the moment, is
polyrl.poly.workingset.analysis_memo's choice; the analyses themselves are not here.
"""

from __future__ import annotations

import weakref
from collections.abc import Hashable
from typing import TypeVar

import islpy as isl

from polyrl.ir import Scop
from polyrl.poly.accesses import Reference, references
from polyrl.poly.boxes import Quasi, StatementShape, quasi_rows, statement_shape
from polyrl.poly.counting import count_points
from polyrl.poly.params import FixedParams
from polyrl.poly.transform import LoopNest, statement_signatures, to_union_map

T = TypeVar("T")

MEMO_ENTRIES = 50_000  # results remembered per program (all are forgotten beyond)
MISSING = object()  # what AnalysisMemo.get gives for a key it holds no result for


class NestTimes:
    """The schedule of one LoopNest with the parameters fixed: per statement its time map
    (instance -> time vector, in to_union_map's order), and its signature
    (polyrl.poly.transform.statement_signatures), which keys the results computed from it."""

    def __init__(self, scop: Scop, nest: LoopNest, memo: AnalysisMemo):
        maps: list[isl.Map] = []
        to_union_map(scop, nest).foreach_map(maps.append)
        self.ndim = maps[0].dim(isl.dim_type.out) if maps else 0
        self.signature = statement_signatures(nest)
        # a statement's map with the parameters fixed is a function of its signature and
        # the padding: one made for an earlier nest of the program serves (most of a
        # nest's statements are where an action left them)
        self.sched: dict[str, isl.Map] = {}
        for m in maps:
            stmt = m.get_tuple_name(isl.dim_type.in_)
            key = ("fixed time map", stmt, self.signature.get(stmt), self.ndim)
            fixed = memo.get(key)
            self.sched[stmt] = memo.put(key, memo.fix(m)) if fixed is MISSING else fixed  # type: ignore[assignment]
        # the dimensions of each statement's time vector before the padding
        self.own = {stmt: len(sig) for stmt, sig in self.signature.items()}
        # the signatures as AnalysisMemo.number gives them: what working_sets keys its
        # results with (a look-up hashes a number, not a tuple of texts)
        self.numbers = {stmt: memo.number(sig) for stmt, sig in self.signature.items()}
        self._ranges: dict[str, isl.Set] = {}
        self._functions: dict[str, tuple[isl.PwMultiAff, isl.Set]] = {}
        self._constants: dict[str, list[int | None]] = {}

    def position(self, stmt: str) -> int | None:
        """The first dimension of the statement's time vector (its top-level node)."""
        sig = self.signature.get(stmt)
        return sig[0] if sig else None

    def range(self, stmt: str) -> isl.Set:
        """The time vectors of a statement's instances."""
        if stmt not in self._ranges:
            self._ranges[stmt] = self.sched[stmt].range()
        return self._ranges[stmt]

    def function(self, stmt: str) -> tuple[isl.PwMultiAff, isl.Set]:
        """The time map as a function, and its domain: pulling an interval of time back
        through it (a preimage) is much cheaper than projecting in time space."""
        if stmt not in self._functions:
            t = self.sched[stmt]
            self._functions[stmt] = (isl.PwMultiAff.from_map(t), t.domain())
        return self._functions[stmt]

    def constants(self, stmt: str) -> list[int | None]:
        """Per time dimension, the value it has at every instance of the statement (the
        sequence positions and the padding), or None (a loop's)."""
        if stmt not in self._constants:
            sig, out = self.signature[stmt], []
            for k in range(self.ndim):
                out.append(None if k < len(sig) and k % 2 == 1 else (sig[k] if k < len(sig) else 0))
            self._constants[stmt] = out
        return self._constants[stmt]


class AnalysisMemo:
    """Results of the analyses of one program (a Scop with its parameters fixed to
    `values`) that episodes and searches ask for again and again: each is a function of
    the program and of isl objects whose text is part of its key (the time maps of the
    statements it involves), so a later schedule that leaves those unchanged gets the
    very same value without isl. Per program also: its references with their access
    relations, the instance counts, and each nest's time maps (while the nest lives).

    `polyrl.poly.workingset.analysis_memo` gives the memo of a program; the operation
    budgets and counting limits of the moment are part of that choice, so changing them
    starts afresh."""

    def __init__(self, scop: Scop, values: dict[str, int], ignore: frozenset[str] = frozenset()):
        self.fix = FixedParams(scop, values)
        self.ignore = ignore  # arrays and scalars whose references `references` leaves out
        self.results: dict[Hashable, object] = {}
        self.working_sets: dict[Hashable, object] = {}  # see remember_working_set
        self._numbers: dict[Hashable, int] = {}
        self._nests: weakref.WeakKeyDictionary[LoopNest, NestTimes] = weakref.WeakKeyDictionary()
        self._references: list[tuple[Reference, isl.Map]] | None = None
        self._accesses: dict[str, isl.UnionMap] | None = None
        self._relations: list[int] | None = None
        self._instances: dict[str, int] | None = None
        self._shapes: dict[str, StatementShape | None] | None = None

    def remember_working_set(self, key: Hashable, ws: T) -> T:
        """Keep `ws` under `key` in `working_sets`: the WorkingSet of an interval (its
        "interval" key in `results`) for a tuple of cache levels, which later reuses
        of the interval share instead of adding up its bytes again. Apart from `results`,
        so that the moments `put` forgets those stay what they were."""
        if len(self.working_sets) >= MEMO_ENTRIES:
            self.working_sets.clear()
        self.working_sets[key] = ws
        return ws

    def number(self, value: Hashable) -> int:
        """A number that stands for `value` in keys (equal values, equal numbers; never
        forgotten, so a number kept by a caller keeps its meaning): a long key part, such
        as the signatures of many statements, is then hashed once rather than at every
        look-up."""
        return self._numbers.setdefault(value, len(self._numbers))

    def get(self, key: Hashable) -> object:
        """The result stored under `key`, or MISSING."""
        return self.results.get(key, MISSING)

    def put(self, key: Hashable, value: T) -> T:
        if len(self.results) >= MEMO_ENTRIES:
            self.results.clear()
        self.results[key] = value
        return value

    def times(self, scop: Scop, nest: LoopNest) -> NestTimes:
        t = self._nests.get(nest)
        if t is None:
            t = self._nests[nest] = NestTimes(scop, nest, self)
        return t

    def references(self, scop: Scop) -> tuple[list[tuple[Reference, isl.Map]], dict[str, isl.UnionMap]]:
        """Every reference with its access relation (parameters fixed), and per statement
        the union of its accesses; those of the `ignore` names left out."""
        if self._references is None:
            refs: list[tuple[Reference, isl.Map]] = []
            accesses: dict[str, isl.UnionMap] = {}
            for ref, m in references(scop):
                if ref.array in self.ignore:
                    continue
                fm = self.fix(m)
                refs.append((ref, fm))
                u = isl.UnionMap.from_map(fm)
                accesses[ref.stmt] = accesses[ref.stmt].union(u) if ref.stmt in accesses else u
            self._references, self._accesses = refs, accesses
        assert self._accesses is not None
        return self._references, self._accesses

    def relations(self, scop: Scop) -> list[int]:
        """Per reference (in `references` order), the first reference of its statement with
        the same access relation: a compound assignment's write and read of its lhs, say.
        The first source and targets of a pair of references depend on their relations and
        time maps only, not on which reference reads or writes."""
        if self._relations is None:
            refs, _ = self.references(scop)
            self._relations = [next(j for j in range(k + 1) if refs[j][0].stmt == ref.stmt and refs[j][1].is_equal(m))
                               for k, (ref, m) in enumerate(refs)]
        return self._relations

    def shape(self, scop: Scop, stmt: str) -> StatementShape | None:
        """The statement's StatementShape (None where it has none)."""
        if self._shapes is None:
            refs, _ = self.references(scop)
            self._shapes = {s.name: statement_shape(self.fix(s.domain), [m for r, m in refs if r.stmt == s.name])
                            for s in scop.statements}
        return self._shapes.get(stmt)

    def time_rows(self, times: NestTimes, stmt: str) -> list[Quasi] | None:
        """The statement's time map under `times` as quasi_rows, up to its own dimensions
        (a function of its signature, so remembered per program)."""
        key = ("time rows", stmt, times.signature[stmt])
        rows = self.get(key)
        if rows is MISSING:
            rows = quasi_rows(times.sched[stmt])
            rows = self.put(key, None if rows is None else rows[: times.own[stmt]])
        return rows  # type: ignore[return-value]

    def instances(self, scop: Scop) -> dict[str, int]:
        """Statement -> number of instances."""
        if self._instances is None:
            self._instances = {s.name: count_points(self.fix(s.domain)) for s in scop.statements}
        return self._instances
