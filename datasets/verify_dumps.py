"""Cross-check the MINI_DATASET dumps of a few kernels against NumPy.

Each reference below re-implements the kernel's init_array and its
mathematical definition (not the loop nest), builds the C kernel with
-DMINI_DATASET -DPOLYBENCH_DUMP_ARRAYS, and compares the printed values
(two decimals) with the reference.

Usage: python datasets/verify_dumps.py [kernel ...]      (needs numpy, gcc)
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
UTIL = HERE / "polybench" / "utilities"


def run_dump(src: Path, extra: tuple[str, ...] = ()) -> dict[str, np.ndarray]:
    """Build and run one kernel at MINI size; return its dumped arrays."""
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "k")
        cmd = ["gcc", "-O2", "-I", str(UTIL), str(UTIL / "polybench.c"), str(src),
               "-lm", "-DMINI_DATASET", "-DPOLYBENCH_DUMP_ARRAYS", *extra, "-o", exe]
        subprocess.run(cmd, check=True)
        err = subprocess.run([exe], check=True, capture_output=True, text=True).stderr
    out: dict[str, np.ndarray] = {}
    name, vals = None, []
    for line in err.splitlines():
        if line.startswith("begin dump: "):
            name, vals = line[len("begin dump: "):].strip(), []
        elif line.startswith("end   dump: "):
            out[name] = np.array(vals, dtype=float)
            name = None
        elif name is not None:
            vals.extend(float(v) for v in line.split())
    return out


def grid(n: int, m: int) -> tuple[np.ndarray, np.ndarray]:
    return np.meshgrid(np.arange(n), np.arange(m), indexing="ij")


def ref_gemm() -> dict[str, np.ndarray]:
    ni, nj, nk = 20, 25, 30
    i, j = grid(ni, nj)
    C = ((i * j + 1) % ni) / ni
    i, k = grid(ni, nk)
    A = ((i * (k + 2) + 1) % nk) / nk
    k, j = grid(nk, nj)
    B = ((k * (j + 1) + 3) % nj) / nj
    return {"C": 1.5 * A @ B + 1.2 * C}


def ref_2mm() -> dict[str, np.ndarray]:
    ni, nj, nk, nl = 16, 18, 22, 24
    i, j = grid(ni, nk)
    A = ((i * j + 1) % ni) / ni
    i, j = grid(nk, nj)
    B = ((i * (j + 1) + 2) % nj) / nj
    i, j = grid(nj, nl)
    C = ((i * (j + 3) + 1) % nl) / nl
    i, j = grid(ni, nl)
    D = ((i * (j + 2)) % nk) / nk
    return {"D": 1.5 * A @ B @ C + 1.2 * D}


def ref_mvt() -> dict[str, np.ndarray]:
    n = 40
    i = np.arange(n)
    x1, x2 = (i % n) / n, ((i + 1) % n) / n
    y1, y2 = ((i + 3) % n) / n, ((i + 4) % n) / n
    a, b = grid(n, n)
    A = ((a * b + 2) % n) / n
    return {"x1": x1 + A @ y1, "x2": x2 + A.T @ y2}


def ref_lu() -> dict[str, np.ndarray]:
    n = 40
    i, j = grid(n, n)
    A = ((i * j + i + j) % n + 1) / n
    np.fill_diagonal(A, n + 1)
    # Doolittle LU without pivoting, checked by reconstruction below.
    L, U = np.eye(n), np.zeros((n, n))
    for r in range(n):
        U[r, r:] = A[r, r:] - L[r, :r] @ U[:r, r:]
        L[r + 1:, r] = (A[r + 1:, r] - L[r + 1:, :r] @ U[:r, r]) / U[r, r]
    assert np.allclose(L @ U, A)
    return {"A": (np.tril(L, -1) + U).ravel()}


def ref_trisolv() -> dict[str, np.ndarray]:
    n = 40
    i, j = grid(n, n)
    L = np.where(j < i, ((i + 2 * j) % n + 1) / (n * n), 0.0)
    L[np.arange(n), np.arange(n)] = 2.0 + (np.arange(n) % 4) / 4
    b = np.arange(n, dtype=float)
    return {"x": np.linalg.solve(L, b)}


def ref_3mm() -> dict[str, np.ndarray]:
    ni, nj, nk, nl, nm = 16, 18, 20, 22, 24
    i, j = grid(ni, nk)
    A = ((i * j + 1) % ni) / (5 * ni)
    i, j = grid(nk, nj)
    B = ((i * (j + 1) + 2) % nj) / (5 * nj)
    i, j = grid(nj, nm)
    C = (i * (j + 3) % nl) / (5 * nl)
    i, j = grid(nm, nl)
    D = ((i * (j + 2) + 2) % nk) / (5 * nk)
    return {"G": (A @ B) @ (C @ D)}


def ref_atax() -> dict[str, np.ndarray]:
    m, n = 38, 42
    x = 1.0 + np.arange(n) / n
    i, j = grid(m, n)
    A = ((i + 2 * j) % n) / (5 * m)
    return {"y": A.T @ (A @ x)}


def ref_bicg() -> dict[str, np.ndarray]:
    m, n = 38, 42
    p = (np.arange(m) % m) / m
    r = ((np.arange(n) + 1) % n) / n
    i, j = grid(n, m)
    A = ((i * (j + 1) + 1) % n) / n
    return {"s": A.T @ r, "q": A @ p}


def ref_gesummv() -> dict[str, np.ndarray]:
    n = 30
    x = np.arange(n) / n
    i, j = grid(n, n)
    A = ((i * j + 1) % n) / n
    B = ((i * j + 2) % n) / n
    return {"y": 1.5 * A @ x + 1.2 * B @ x}


def ref_gemver() -> dict[str, np.ndarray]:
    n = 40
    f = (np.arange(n) + 1) / n
    u1, u2, v1, v2, y, z = np.arange(n, dtype=float), f / 2, f / 4, f / 6, f / 8, f / 9
    i, j = grid(n, n)
    A = ((i * j + 3) % n) / n + np.outer(u1, v1) + np.outer(u2, v2)
    x = 1.2 * A.T @ y + z
    return {"w": 1.5 * A @ x}


def ref_syrk() -> dict[str, np.ndarray]:
    m, n = 20, 30
    i, j = grid(n, m)
    A = ((i * j + 1) % n) / n
    i, j = grid(n, n)
    C = ((i * j + 2) % m) / m
    low = np.tril(np.ones((n, n), dtype=bool))
    return {"C": np.where(low, 1.5 * A @ A.T + 1.2 * C, C)}


def ref_syr2k() -> dict[str, np.ndarray]:
    m, n = 20, 30
    i, j = grid(n, m)
    A = ((i * j + 1) % n) / n
    B = ((i * j + 2) % m) / m
    i, j = grid(n, n)
    C = ((i * j + 3) % n) / m
    low = np.tril(np.ones((n, n), dtype=bool))
    return {"C": np.where(low, 1.5 * (A @ B.T + B @ A.T) + 1.2 * C, C)}


def ref_symm() -> dict[str, np.ndarray]:
    m, n = 20, 30
    i, j = grid(m, n)
    C = ((i + j) % 100) / m
    B = ((n + i - j) % 100) / m
    i, j = grid(m, m)
    L = np.tril(((i + j) % 100) / m)
    A = L + np.tril(L, -1).T
    return {"C": 1.5 * A @ B + 1.2 * C}


def ref_trmm() -> dict[str, np.ndarray]:
    m, n = 20, 30
    i, j = grid(m, m)
    A = np.tril(((i + j) % m) / m, -1) + np.eye(m)
    i, j = grid(m, n)
    B = ((n + i - j) % n) / n
    return {"B": 1.5 * A.T @ B}


def ref_doitgen() -> dict[str, np.ndarray]:
    nq, nr, np_ = 8, 10, 12
    r, q, p = np.meshgrid(np.arange(nr), np.arange(nq), np.arange(np_), indexing="ij")
    A = ((r * q + p) % np_) / np_
    s, p = grid(np_, np_)
    C4 = ((s * (p + 1) + 1) % np_) / np_
    return {"A": A @ C4}


def spd(n: int) -> np.ndarray:
    i, j = grid(n, n)
    A = ((i * j + i + j) % n + 1) / n
    np.fill_diagonal(A, n + 1)
    return A


def ref_cholesky() -> dict[str, np.ndarray]:
    L = np.linalg.cholesky(spd(40))
    return {"A": L[np.tril_indices(40)]}


def ref_ludcmp() -> dict[str, np.ndarray]:
    n = 40
    b = (np.arange(n) + 1) / 2 + 4 * n
    return {"x": np.linalg.solve(spd(n), b)}


def ref_durbin() -> dict[str, np.ndarray]:
    n = 40
    k = np.arange(n)
    r = 0.8 ** (k + 1) * np.cos(0.5 * (k + 1))
    c = np.concatenate(([1.0], r[:-1]))
    T = c[np.abs(np.subtract.outer(k, k))]
    return {"y": np.linalg.solve(T, -r)}


def ref_covariance() -> dict[str, np.ndarray]:
    m, n = 28, 32
    i, j = grid(n, m)
    data = (i * j) / m + ((i + 3 * j) % 7) / 7
    return {"cov": np.cov(data, rowvar=False)}


def ref_correlation() -> dict[str, np.ndarray]:
    m, n = 28, 32
    i, j = grid(n, m)
    data = ((i * (j + 1) + 3 * j) % 17) / 17 + i / n
    return {"corr": np.corrcoef(data, rowvar=False)}


def ref_floyd_warshall() -> dict[str, np.ndarray]:
    n = 60
    i, j = grid(n, n)
    d = ((i * j + 2 * i + j) % 9 + 1).astype(float)
    d[(i + 2 * j) % 5 == 0] = 999
    np.fill_diagonal(d, 0)
    for k in range(n):
        d = np.minimum(d, d[:, k:k + 1] + d[k:k + 1, :])
    return {"path": d}


def ref_nussinov() -> dict[str, np.ndarray]:
    n = 60
    seq = [(3 * i + i // 5 + 1) % 4 for i in range(n)]
    best = np.zeros((n + 1, n + 1))  # best[i][j]: max pairs in seq[i..j]
    for length in range(2, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            pair = (best[i + 1][j - 1] if j - 1 > i + 1 else 0) + \
                (1 if seq[i] + seq[j] == 3 and j > i + 1 else 0)
            split = max(best[i][k] + best[k + 1][j] for k in range(i, j))
            best[i][j] = max(best[i + 1][j], best[i][j - 1], pair, split)
    return {"table": np.concatenate([best[i, i:n] for i in range(n)])}


def ref_jacobi_1d() -> dict[str, np.ndarray]:
    tsteps, n = 20, 30
    i = np.arange(n)
    A, B = ((i * i + 2) % n) / n, ((i * i + 3) % n) / n
    for _ in range(tsteps):
        B[1:-1] = 0.33333 * (A[:-2] + A[1:-1] + A[2:])
        A[1:-1] = 0.33333 * (B[:-2] + B[1:-1] + B[2:])
    return {"A": A}


def ref_jacobi_2d() -> dict[str, np.ndarray]:
    tsteps, n = 20, 30
    i, j = grid(n, n)
    A, B = ((i * (j + 2) + 2) % n) / n, ((i * (j + 3) + 3) % n) / n
    for _ in range(tsteps):
        B[1:-1, 1:-1] = 0.2 * (A[1:-1, 1:-1] + A[1:-1, :-2] + A[1:-1, 2:]
                               + A[:-2, 1:-1] + A[2:, 1:-1])
        A[1:-1, 1:-1] = 0.2 * (B[1:-1, 1:-1] + B[1:-1, :-2] + B[1:-1, 2:]
                               + B[:-2, 1:-1] + B[2:, 1:-1])
    return {"A": A}


def ref_seidel_2d() -> dict[str, np.ndarray]:
    tsteps, n = 20, 40
    i, j = grid(n, n)
    A = ((i * (j + 2) + 2) % n) / n
    for _ in range(tsteps):
        for a in range(1, n - 1):
            for b in range(1, n - 1):
                A[a, b] = A[a - 1:a + 2, b - 1:b + 2].sum() / 9.0
    return {"A": A}


def heat_step(A: np.ndarray) -> np.ndarray:
    B = A.copy()
    c = (slice(1, -1),) * A.ndim
    lap = np.zeros_like(A[c])
    for ax in range(A.ndim):
        lo = tuple(slice(0, -2) if d == ax else slice(1, -1) for d in range(A.ndim))
        hi = tuple(slice(2, None) if d == ax else slice(1, -1) for d in range(A.ndim))
        lap += A[hi] - 2.0 * A[c] + A[lo]
    B[c] = A[c] + 0.125 * lap
    return B


def ref_heat_3d() -> dict[str, np.ndarray]:
    tsteps, n = 20, 10
    i, j, k = np.meshgrid(np.arange(n), np.arange(n), np.arange(n), indexing="ij")
    A = ((i * j + j * k + 2 * k * i + 1) % n) * 10.0 / n
    for _ in range(2 * tsteps):
        A = heat_step(A)
    return {"A": A}


def ref_heat2d() -> dict[str, np.ndarray]:
    tsteps, n = 20, 30
    i, j = grid(n, n)
    A = ((i * 7 + j * 3) % n) * 10.0 / n
    for _ in range(2 * tsteps):
        A = heat_step(A)
    return {"A": A}


def ref_blur() -> dict[str, np.ndarray]:
    h, w = 32, 48
    i, j = grid(h, w)
    img = ((13 * i + 29 * j + i * j) % 256).astype(float)
    out = np.zeros((h, w))
    for di in (-1, 0, 1):
        for dj in (-1, 0, 1):
            out[1:-1, 1:-1] += img[1 + di:h - 1 + di, 1 + dj:w - 1 + dj]
    out[1:-1, 1:-1] /= 9.0
    return {"out": out}


def ref_cvtcolor() -> dict[str, np.ndarray]:
    h, w = 32, 48
    i, j = grid(h, w)
    r, g, b = (7 * i + 3 * j) % 256, (5 * i + 11 * j + 64) % 256, (i * j + 128) % 256
    return {"grey": 0.299 * r + 0.587 * g + 0.114 * b}


CASES = {
    "gemm": ("linear-algebra/blas/gemm/gemm.c", ref_gemm),
    "2mm": ("linear-algebra/kernels/2mm/2mm.c", ref_2mm),
    "mvt": ("linear-algebra/kernels/mvt/mvt.c", ref_mvt),
    "lu": ("linear-algebra/solvers/lu/lu.c", ref_lu),
    "trisolv": ("linear-algebra/solvers/trisolv/trisolv.c", ref_trisolv),
    "3mm": ("linear-algebra/kernels/3mm/3mm.c", ref_3mm),
    "atax": ("linear-algebra/kernels/atax/atax.c", ref_atax),
    "bicg": ("linear-algebra/kernels/bicg/bicg.c", ref_bicg),
    "doitgen": ("linear-algebra/kernels/doitgen/doitgen.c", ref_doitgen),
    "gesummv": ("linear-algebra/blas/gesummv/gesummv.c", ref_gesummv),
    "gemver": ("linear-algebra/blas/gemver/gemver.c", ref_gemver),
    "symm": ("linear-algebra/blas/symm/symm.c", ref_symm),
    "syrk": ("linear-algebra/blas/syrk/syrk.c", ref_syrk),
    "syr2k": ("linear-algebra/blas/syr2k/syr2k.c", ref_syr2k),
    "trmm": ("linear-algebra/blas/trmm/trmm.c", ref_trmm),
    "cholesky": ("linear-algebra/solvers/cholesky/cholesky.c", ref_cholesky),
    "ludcmp": ("linear-algebra/solvers/ludcmp/ludcmp.c", ref_ludcmp),
    "durbin": ("linear-algebra/solvers/durbin/durbin.c", ref_durbin),
    "covariance": ("datamining/covariance/covariance.c", ref_covariance),
    "correlation": ("datamining/correlation/correlation.c", ref_correlation),
    "floyd-warshall": ("medley/floyd-warshall/floyd-warshall.c", ref_floyd_warshall),
    "nussinov": ("medley/nussinov/nussinov.c", ref_nussinov),
    "jacobi-1d": ("stencils/jacobi-1d/jacobi-1d.c", ref_jacobi_1d),
    "jacobi-2d": ("stencils/jacobi-2d/jacobi-2d.c", ref_jacobi_2d),
    "seidel-2d": ("stencils/seidel-2d/seidel-2d.c", ref_seidel_2d),
    "heat-3d": ("stencils/heat-3d/heat-3d.c", ref_heat_3d),
    "pearl/heat2d": ("../pearl/heat2d/heat2d.c", ref_heat2d),
    "pearl/blur": ("../pearl/blur/blur.c", ref_blur),
    "pearl/cvtcolor": ("../pearl/cvtcolor/cvtcolor.c", ref_cvtcolor),
}


def main(argv: list[str]) -> int:
    bad = 0
    for name in argv or list(CASES):
        rel, ref = CASES[name]
        got = run_dump(HERE / "polybench" / rel)
        for arr, want in ref().items():
            want = np.asarray(want, dtype=float).ravel()
            have = got.get(arr)
            if have is None or have.shape != want.shape:
                print(f"FAIL {name}: array {arr} missing or wrong length")
                bad += 1
                continue
            err = float(np.max(np.abs(have - want)))
            ok = err <= 0.0051 + 1e-9 * float(np.max(np.abs(want)))
            bad += not ok
            print(f"{'ok  ' if ok else 'FAIL'} {name}: {arr} ({want.size} values) "
                  f"max |dump - numpy| = {err:.4f}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
