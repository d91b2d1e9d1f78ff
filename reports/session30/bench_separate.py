"""Session 30: `polyrl bench` with two more variants, the Pluto form (polyrl-affine) and the
shipped policy's schedule (polyrl-policy) printed from isl's plain AST, the codegen before
this session's innermost-loop separation (polyrl.codegen.SEPARATE_GROWTH = 0), so that
both codegens are timed side by side in one run. Their builds are stored under the schedule
text plus " [plain AST]", apart from the separated builds.

    python reports/session30/bench_separate.py BENCH-ARGS...   (as `polyrl bench`; add the
    variants polyrl-affine-plain and polyrl-policy-plain to --variants)
"""
import dataclasses
import sys

import polyrl.codegen as codegen
from polyrl.bench.variants import AffineVariant, Build, PolicyVariant, register_variant
from polyrl.cli import main


def plain(prepare):
    def wrapped(self, case):
        growth, codegen.SEPARATE_GROWTH = codegen.SEPARATE_GROWTH, 0
        try:
            build = prepare(self, case)
        finally:
            codegen.SEPARATE_GROWTH = growth
        if isinstance(build, Build) and build.region_text is not None:
            build = dataclasses.replace(build, key=build.key + " [plain AST]")
        return build
    return wrapped


@register_variant
class PlainAffine(AffineVariant):
    name = "polyrl-affine-plain"
    summary = "polyrl-affine from isl's plain AST (no innermost separation)"
    prepare = plain(AffineVariant.prepare)


@register_variant
class PlainPolicy(PolicyVariant):
    name = "polyrl-policy-plain"
    summary = "polyrl-policy from isl's plain AST (no innermost separation)"
    prepare = plain(PolicyVariant.prepare)


sys.exit(main(["bench", *sys.argv[1:]]))
