"""Facts about the machine polyrl optimizes for: its data caches (read from sysfs, or
given as text such as `L1=32K,L2=1M`) and the sizes of C element types.

Low level on purpose: it imports only the standard library and polyrl.errors. The store's
machine key (polyrl.runtime.store) is not this module's, but reads /proc/cpuinfo through it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from polyrl.errors import PolyrlError

MEMORY = "mem"  # the level of a reuse that fits in no cache

_SYS_CACHE = Path("/sys/devices/system/cpu/cpu0/cache")
_DEFAULT_CACHES = (("L1", 32 << 10), ("L2", 1 << 20), ("L3", 32 << 20))

CTYPE_BYTES: dict[str, int] = {
    "char": 1, "short": 2, "int": 4, "long": 8, "long long": 8,
    "float": 4, "double": 8, "long double": 16,
    "int8_t": 1, "int16_t": 2, "int32_t": 4, "int64_t": 8, "size_t": 8,
}


def cpuinfo(path: str | Path = "/proc/cpuinfo") -> dict[str, str]:
    """The first processor's fields of /proc/cpuinfo (empty where there is none)."""
    fields: dict[str, str] = {}
    try:
        for line in Path(path).read_text(errors="replace").splitlines():
            if not line.strip():
                if fields:
                    break
                continue
            key, _, value = line.partition(":")
            fields.setdefault(key.strip(), " ".join(value.split()))
    except OSError:
        pass
    return fields


def cpu_vendor(path: str | Path = "/proc/cpuinfo") -> str:
    """"amd", "intel", or "" where /proc/cpuinfo names neither (another vendor, or no
    such file): what chooses the cost models taught that vendor's machines
    (polyrl.search.policy.shipped_models)."""
    return {"AuthenticAMD": "amd", "GenuineIntel": "intel"}.get(cpuinfo(path).get("vendor_id", ""), "")


def cpu_family(path: str | Path = "/proc/cpuinfo") -> int | None:
    """/proc/cpuinfo's "cpu family" (AMD 23: Zen 1 and Zen 2; 25: Zen 3 and 4; 26: Zen 5), or None where it names
    none: with the vendor, what chooses a CPU family's own forms models (polyrl.search.policy.FORMS_FAMILY)."""
    value = cpuinfo(path).get("cpu family", "")
    return int(value) if value.isdigit() else None


def element_bytes(ctype: str) -> int:
    """sizeof of a C element type; 8 for types this table does not know."""
    words = [w for w in ctype.replace("*", " ").split() if w not in ("const", "volatile", "signed", "unsigned")]
    name = " ".join(words) or "int"  # plain `unsigned` is an int
    if name.startswith("u") and name[1:] in CTYPE_BYTES:  # uint32_t and friends
        name = name[1:]
    return CTYPE_BYTES.get(name, 8)


@dataclass(frozen=True)
class CacheLevel:
    name: str  # "L1", "L2", ...
    size: int  # bytes


def parse_size(text: str) -> int:
    """`32K`, `1M`, `32768K`, `2G` (binary multiples) or plain bytes."""
    m = re.fullmatch(r"\s*(\d+)\s*([KMG]?)(?:i?B)?\s*", text, flags=re.I)
    if not m:
        raise PolyrlError(f"cannot read the cache size `{text}`; write e.g. 32K, 1M or 32768")
    return int(m.group(1)) << {"": 0, "K": 10, "M": 20, "G": 30}[m.group(2).upper()]


def parse_caches(spec: str) -> tuple[CacheLevel, ...]:
    """`L1=32K,L2=1M,L3=32M` -> cache levels, fastest first."""
    levels = []
    for item in spec.split(","):
        if not item.strip():
            continue
        name, sep, size = item.partition("=")
        if not sep or not name.strip():
            raise PolyrlError(f"cannot read the cache level `{item.strip()}`; write e.g. L1=32K,L2=1M,L3=32M")
        levels.append(CacheLevel(name.strip(), parse_size(size)))
    if not levels:
        raise PolyrlError("no cache level given; write e.g. L1=32K,L2=1M,L3=32M")
    return tuple(sorted(levels, key=lambda c: c.size))


def detect_caches(root: Path = _SYS_CACHE) -> tuple[CacheLevel, ...]:
    """The data/unified caches of cpu0 from sysfs; a common default where sysfs says nothing."""
    found: dict[int, int] = {}
    for d in sorted(root.glob("index*")):
        try:
            kind = (d / "type").read_text().strip()
            level = int((d / "level").read_text())
            size = parse_size((d / "size").read_text())
        except (OSError, ValueError, PolyrlError):
            continue
        if kind == "Instruction":
            continue
        found[level] = max(size, found.get(level, 0))
    if not found:
        return tuple(CacheLevel(n, s) for n, s in _DEFAULT_CACHES)
    return tuple(CacheLevel(f"L{lvl}", found[lvl]) for lvl in sorted(found))


def format_size(n: int) -> str:
    """Bytes for people: `512 B`, `32 KiB`, `1.5 MiB`."""
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if n >= 1 << shift:
            return f"{n / (1 << shift):.4g} {unit}"
    return f"{n} B"


def level_of(nbytes: int, caches: tuple[CacheLevel, ...]) -> str:
    """The fastest cache level `nbytes` fits in, or MEMORY."""
    for c in caches:
        if nbytes <= c.size:
            return c.name
    return MEMORY
