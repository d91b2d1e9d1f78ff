#!/usr/bin/env bash
# session 21: polyrl's Pluto form (polyrl-affine: A(1), tiles of 32, tile loops in isl's order) against the
# same form with the innermost point loop chosen inside the tiles (Pluto's intra-tile order), a wavefront of
# tiles where no tile loop is parallel, and the loop around the innermost unrolled-and-jammed by 1, 4 or 8,
# beside PLUTO, PolyBench LARGE, on the kernels where the form was behind PLUTO in session 20 and those it led.
# The forms come from reports/session21/mkforms.py (one rule for every kernel). Machine otherwise quiet.
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
cd "$(dirname "$0")/../.."
K=correlation,covariance,trmm,gemver,gesummv,atax,bicg,cholesky,lu,3mm,jacobi-2d,heat-3d,gemm,2mm,syr2k,syrk,mvt,symm,doitgen,fdtd-2d
common="--suite polybench --dataset LARGE --threads 2 --repeat 3 --timeout 120 --polycc ../shared/tools/pluto/polycc --kernels $K --store bench/s21-forms.sqlite"
$P bench $common --variants base,pluto,pluto-nounrolljam,polyrl-affine,polyrl-schedule --schedules bench/forms-j1.txt --out bench/s21-forms-j1
$P bench $common --variants base,polyrl-schedule --schedules bench/forms-j4.txt --out bench/s21-forms-j4
$P bench $common --variants base,polyrl-schedule --schedules bench/forms-j8.txt --out bench/s21-forms-j8
