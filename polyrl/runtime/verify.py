"""Reading the harness's dump files and comparing two of them element by element.

Owns the dump format (written by harness.c) and the equality rules; not running anything.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

REL_TOL = 1e-9
# Without -ffp-contract=off the compiler fuses multiply-adds differently once a loop is
# transformed, which moves a result by an ulp or two: 1e-9 is below float's precision
# (measured: 99 of 1800 generated float programs differed by ~9e-8 that way, and all
# verified bitwise with -ffp-contract=off). The tolerance is therefore the larger of
# 1e-9 and ULP_SLACK units of the element type, relative to the element or, for
# results that cancel to near zero, to the largest magnitude in the array.
ULP_SLACK = 64
# elements of a float array compared at a time: the comparison's temporaries (a few hundred
# KB each) stay in cache, where whole-array ones streamed through memory a dozen times
COMPARE_CHUNK = 1 << 16


@dataclass(frozen=True)
class Verification:
    ok: bool
    detail: str  # "C[3][5]: 1.0 vs 1.5 (...)" on failure, "max rel err 2e-16" on success


def _dtype(kind: str, size: int) -> np.dtype:
    if kind == "f":
        if size == 4:
            return np.dtype("<f4")
        if size == 8:
            return np.dtype("<f8")
        if size == np.dtype(np.longdouble).itemsize:
            return np.dtype(np.longdouble)
    if kind in "iu" and size in (1, 2, 4, 8):
        return np.dtype(f"<{kind}{size}")
    return np.dtype((np.void, size))  # compared as raw bytes


def load_dump(path: str | Path, same_as: dict[str, np.ndarray] | None = None) -> dict[str, np.ndarray]:
    """Arrays of a dump file by name; a repeated name (the function ran again) gets `@2`, `@3`, ...

    A batch's variant writes only the header ("polyrl-same") of an array bitwise equal to the
    one the original wrote in the same call (harness.c): that array is then `same_as`'s
    (the original's dump from the same process) under the same key, the very bytes the
    variant would have written."""
    data = Path(path).read_bytes()
    out: dict[str, np.ndarray] = {}
    pos = 0
    while pos < len(data):
        nl = data.index(b"\n", pos)
        fields = data[pos:nl].decode().split()
        if len(fields) < 6 or fields[0] not in ("polyrl-array", "polyrl-same"):
            raise ValueError(f"{path}: bad dump header at byte {pos}: {data[pos:nl][:80]!r}")
        name, kind, elsize, count, ndim = fields[1], fields[2], int(fields[3]), int(fields[4]), int(fields[5])
        trailing = [int(x) for x in fields[6:]]
        pos = nl + 1
        key, k = name, 1
        while key in out:
            k += 1
            key = f"{name}@{k}"
        dt = _dtype(kind, elsize)
        if ndim == 0:
            shape: tuple[int, ...] = ()
        else:
            inner = int(np.prod(trailing)) if trailing else 1
            shape = (count // inner if inner else 0, *trailing)
        if fields[0] == "polyrl-same":
            arr = None if same_as is None else same_as.get(key)
            if arr is None or arr.dtype != dt or arr.shape != shape:
                raise ValueError(f"{path}: {key} is marked as the original's, which "
                                 + ("was not given" if arr is None else f"is {arr.dtype}{list(arr.shape)}"))
            out[key] = arr
            continue
        nbytes = elsize * count
        out[key] = np.frombuffer(data[pos : pos + nbytes], dtype=dt).copy().reshape(shape)
        pos += nbytes
    return out


def _where(name: str, idx: tuple[int, ...]) -> str:
    return name + "".join(f"[{i}]" for i in idx)


def _fmt(x) -> str:
    if isinstance(x, np.floating):
        return repr(float(x)) if x.dtype != np.longdouble else np.format_float_scientific(x)
    if isinstance(x, np.void):
        return bytes(x).hex()
    return str(x)


def _largest_float(dump: dict[str, np.ndarray]) -> float:
    """The largest finite magnitude among the float arrays of `dump` (0 when none)."""
    return max((float(np.abs(v[np.isfinite(v)]).max()) for v in dump.values()
                if v.dtype.kind == "f" and np.isfinite(v).any()), default=0.0)


def compare_dumps(ref: dict[str, np.ndarray], new: dict[str, np.ndarray], exact: bool) -> Verification:
    """`new` against `ref`: bitwise when `exact`, else within max(1e-9, 64 ulp of the
    element type) relative per element (see ULP_SLACK), or absolute against that tolerance
    times the array's largest value (times the program's largest for a scalar).

    Integers and raw bytes are always exact; NaN matches NaN at the same place.
    """
    if ref.keys() != new.keys():
        missing = sorted(ref.keys() - new.keys())
        extra = sorted(new.keys() - ref.keys())
        parts = []
        if missing:
            parts.append("missing " + ", ".join(missing))
        if extra:
            parts.append("unexpected " + ", ".join(extra))
        return Verification(False, "written data differ: " + "; ".join(parts))
    worst = 0.0
    elements = 0
    any_float = False
    # the largest finite float written anywhere: made when a scalar needs it
    program_scale = functools.cache(lambda: _largest_float(ref))
    for name in ref:
        a, b = ref[name], new[name]
        if a.dtype != b.dtype or a.shape != b.shape:
            return Verification(False, f"{name}: {a.dtype}{list(a.shape)} vs {b.dtype}{list(b.shape)}")
        elements += a.size
        any_float |= a.dtype.kind == "f"
        if a.size and np.array_equal(np.ascontiguousarray(a).view(np.uint8), np.ascontiguousarray(b).view(np.uint8)):
            continue  # bitwise equal: nothing to measure (the common case, and a quick one)
        if a.dtype.kind == "f" and not exact:
            wrong, first, worst_here = _inexact_mismatches(a, b, program_scale)
            if wrong:
                return _mismatch(name, a, b, first, wrong)
            worst = max(worst, worst_here)
            continue
        if a.dtype.kind == "f":
            both_nan = np.isnan(a) & np.isnan(b)
            if a.dtype.itemsize in (4, 8):
                u = np.dtype(f"<u{a.dtype.itemsize}")
                good = a.view(u) == b.view(u)
            else:
                good = ((a == b) & (np.signbit(a) == np.signbit(b))) | both_nan
        else:
            good = a == b
        if not np.all(good):
            bad = np.flatnonzero(~np.asarray(good))
            return _mismatch(name, a, b, int(bad[0]), bad.size)
    if exact or not any_float:
        return Verification(True, f"bitwise equal ({len(ref)} arrays, {elements} elements)")
    return Verification(True, f"max rel err {worst:.3g} ({len(ref)} arrays, {elements} elements)")


def _mismatch(name: str, a: np.ndarray, b: np.ndarray, first: int, wrong: int) -> Verification:
    """The failed verification naming the first wrong element (`first`, in C order) and how many are."""
    at = tuple(int(i) for i in np.unravel_index(first, a.shape))
    return Verification(False, f"{_where(name, at)}: {_fmt(a[at])} vs {_fmt(b[at])} ({wrong} of {a.size} elements differ)")


def _inexact_mismatches(a: np.ndarray, b: np.ndarray, program_scale: Callable[[], float]) -> tuple[int, int, float]:
    """compare_dumps' tolerance for one float array: (how many elements are out of
    tolerance, the first of them as an index in C order (-1: none), the largest relative
    error). `program_scale()` is the program's largest finite float, for a scalar's floor.

    The arrays are taken COMPARE_CHUNK elements at a time, so that the dozen temporaries
    stay in cache, and within a chunk only the elements whose values differ are looked at
    when they are few (equal ones are within any tolerance, with error 0). The floor (the
    array's largest finite magnitude) is found only when some element is beyond the
    relative tolerance."""
    af, bf = a.reshape(-1), b.reshape(-1)
    rtol = max(REL_TOL, ULP_SLACK * float(np.finfo(a.dtype).eps))
    floor = None
    worst = 0.0
    wrong, first = 0, -1
    with np.errstate(invalid="ignore", over="ignore"):
        for lo in range(0, af.size, COMPARE_CHUNK):
            x, y = af[lo : lo + COMPARE_CHUNK], bf[lo : lo + COMPARE_CHUNK]
            differ = np.flatnonzero(x != y)  # NaN != NaN: sorted out below
            if not differ.size:
                continue
            where = differ if differ.size < x.size // 4 else None  # None: the whole chunk
            if where is not None:
                x, y = x[where], y[where]
            both_nan = np.isnan(x) & np.isnan(y)
            diff = np.abs(x - y)
            scale = np.maximum(np.abs(x), np.abs(y))
            # x == y: equal infinities, whose difference is NaN (only in a whole chunk)
            good = (x == y) | both_nan | (diff <= rtol * scale)
            if not good.all():
                if floor is None:
                    finite_ref = np.abs(af[np.isfinite(af)])
                    floor = rtol * float(finite_ref.max()) if finite_ref.size else 0.0
                    if a.size == 1:
                        # a scalar has no array of its own to scale its floor by, and one that
                        # cancels to near zero (durbin's alpha, gramschmidt's last nrm: 1e-54
                        # against -0.0 after another FMA contraction) is only as precise as the
                        # values it was computed from
                        floor = max(floor, rtol * program_scale())
                good |= diff <= floor
            finite = np.isfinite(diff) & (scale > 0) & ~both_nan
            if finite.any():
                worst = max(worst, float(np.max(diff[finite] / scale[finite])))
            if not good.all():
                bad = np.flatnonzero(~good)
                wrong += bad.size
                if first < 0:
                    first = lo + int(bad[0] if where is None else where[bad[0]])
    return wrong, first, worst
