"""Search distillation (polyrl.rl.distill) on real programs: the recipe candidates are legal
schedules that do what their names say, targets are the fastest (and shortest among tied)
measured schedules of a real memo store, replays rebuild a target's schedule step by step
through the environment, and a distilled policy's greedy schedule is the target it was
trained on. Times in the store are written by the test (what a measurement would have
stored), so which schedule is the target is known in advance."""

from __future__ import annotations

import json
import pickle
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import torch

from polyrl.api import load
from polyrl.cli import main
from polyrl.errors import PolyrlError
from polyrl.measure.scheduler import discover
from polyrl.measure.schedules import random_schedules, read_schedule_file
from polyrl.poly.legality import is_legal
from polyrl.poly.schedule import Schedule
from polyrl.rl.actions import ACTIONS, NEXT, action_index
from polyrl.rl.distill import (
    JOURNAL_FORMAT,
    DistillConfig,
    Target,
    _replay_all,
    _Unit,
    _worker_init,
    _worker_replay,
    distill,
    journal_path,
    replay,
    scripted_schedules,
    targets,
)
from polyrl.rl.env import PolyEnv
from polyrl.rl.state import ProgramSpec, corpus_programs
from polyrl.runtime import MemoStore, Record, StoreKey, Toolchain, machine_fingerprint, program_hash
from polyrl.search import Policy

ROOT = Path(__file__).resolve().parents[1]
MATMUL = ROOT / "datasets" / "examples" / "matmul.c"
STENCIL = ROOT / "datasets" / "examples" / "stencil.c"
TOOLCHAIN = Toolchain(threads=2)


@pytest.fixture()
def corpus(tmp_path: Path) -> Path:
    d = tmp_path / "corpus"
    d.mkdir()
    shutil.copy(MATMUL, d / "matmul.c")
    shutil.copy(STENCIL, d / "stencil.c")
    return d


def _put(store: MemoStore, path: Path, times: dict[str, float], machine: str | None = None,
         toolchain: str | None = None) -> None:
    h = program_hash(load(path).scop)
    for schedule, t in times.items():
        store.put(StoreKey(h, schedule, machine or machine_fingerprint(), toolchain or TOOLCHAIN.key()),
                  Record(True, "ok", (t, t * 1.01), True, ""))


def test_recipes_are_legal_and_do_what_they_say():
    found = scripted_schedules(str(MATMUL))
    program = load(MATMUL)
    assert found["par"] == "B0:P(0) B1:P(0)"  # both nests have a parallel outer loop
    assert found["tile32-par"] == "B0:T2(0,1,32,32) B0:P(0) B1:T2(0,1,32,32) B1:P(0)"
    assert len(set(found.values())) == len(found)
    for text in found.values():
        assert is_legal(program.model, Schedule.parse(text)), text
    # the stencil's time loop carries every dependence: its recipes parallelize level 1
    stencil = scripted_schedules(str(STENCIL))
    assert stencil["par"] == "B0:P(1) B1:P(1)"


def test_targets_take_the_fastest_then_the_shortest_among_ties(corpus: Path, tmp_path: Path):
    with MemoStore(tmp_path / "s.sqlite") as store:
        _put(store, corpus / "matmul.c", {"": 1.0, "B0:P(0) B1:P(0)": 0.50,
                                          "B0:P(0) B1:P(0) B1:U(4)": 0.49, "B1:P(0)": 0.7})
        _put(store, corpus / "stencil.c", {"": 1.0, "B0:P(1)": 0.97})  # not 1.1x faster: left as it is
        found, notes = targets(corpus, store, TOOLCHAIN, min_speedup=1.1, tie=0.05)
        # another toolchain's records are not this one's
        other, other_notes = targets(corpus, store, Toolchain(threads=1))
    by_name = {t.program.name: t for t in found}
    assert by_name["matmul.c"].schedule == "B0:P(0) B1:P(0)"  # 0.50 is within 5% of 0.49, and shorter
    assert by_name["matmul.c"].speedup == pytest.approx(2.0)
    assert by_name["matmul.c"].candidates == 3
    assert by_name["stencil.c"].schedule == "" and by_name["stencil.c"].speedup == 1.0
    assert notes == []
    assert other == [] and len(other_notes) == 2
    # the other schedules at least 1.1x faster are the fallbacks, fastest first
    assert by_name["matmul.c"].fallbacks == (("B0:P(0) B1:P(0) B1:U(4)", pytest.approx(1 / 0.49)),
                                             ("B1:P(0)", pytest.approx(1 / 0.7)))


def test_targets_of_all_machines_come_from_one_machine_per_program(corpus: Path, tmp_path: Path):
    with MemoStore(tmp_path / "s.sqlite") as store:
        # matmul: labelled here; stencil: only by another machine, which ranks its
        # schedules otherwise and measured more of them
        _put(store, corpus / "matmul.c", {"": 1.0, "B0:P(0) B1:P(0)": 0.5})
        _put(store, corpus / "matmul.c", {"": 1.0, "B1:P(0)": 0.1, "B0:P(0)": 0.9}, machine="other-cpu")
        _put(store, corpus / "stencil.c", {"": 1.0, "B0:P(1)": 0.5, "B0:P(1) B1:P(1)": 0.6}, machine="other-cpu")
        here, here_notes = targets(corpus, store, TOOLCHAIN)
        other, _ = targets(corpus, store, TOOLCHAIN, machine="other-cpu")
        every, every_notes = targets(corpus, store, TOOLCHAIN, machine="all")
    assert [t.program.name for t in here] == ["matmul.c"] and len(here_notes) == 1
    assert {t.program.name: t.schedule for t in other} == {"matmul.c": "B1:P(0)", "stencil.c": "B0:P(1)"}
    # each program's times are the machine's that measured most of its schedules, never
    # a mixture (matmul's 0.1 on the other machine is not compared with 0.5 here)
    by_name = {t.program.name: t for t in every}
    assert by_name["matmul.c"].schedule == "B1:P(0)" and by_name["matmul.c"].candidates == 2
    assert by_name["stencil.c"].schedule == "B0:P(1)" and every_notes == []


def test_targets_of_all_machines_take_a_program_measured_with_another_compiler(corpus: Path, tmp_path: Path):
    """A lent machine's labels carry its own compiler's toolchain key: with every machine,
    such a program still gets a target from them (one machine, one compiler); with this
    machine alone it has no baseline."""
    with MemoStore(tmp_path / "s.sqlite") as store:
        _put(store, corpus / "matmul.c", {"": 1.0, "B0:P(0) B1:P(0)": 0.5})
        _put(store, corpus / "stencil.c", {"": 1.0, "B0:P(1)": 0.5, "B0:P(1) B1:P(1)": 0.6}, machine="lent-cpu",
             toolchain="gcc-13 -O3 -march=native -fopenmp threads=2")
        _put(store, corpus / "stencil.c", {"": 1.0, "B0:P(1) B1:P(1)": 0.3}, toolchain="clang -O3 threads=2")
        here, here_notes = targets(corpus, store, TOOLCHAIN)
        every, every_notes = targets(corpus, store, TOOLCHAIN, machine="all")
    assert [t.program.name for t in here] == ["matmul.c"]
    assert here_notes == ["stencil.c: no baseline in the store for this toolchain"]
    by_name = {t.program.name: t for t in every}
    # the lent machine measured more of stencil's schedules: its times, not clang's 0.3
    assert by_name["stencil.c"].schedule == "B0:P(1)" and by_name["stencil.c"].candidates == 2
    assert by_name["matmul.c"].schedule == "B0:P(0) B1:P(0)" and every_notes == []


def test_targets_skip_manifest_programs_nothing_measured_without_loading_them(corpus: Path, tmp_path: Path):
    """A manifest that gives program hashes (`polyrl dataset import` writes one): a program with no record in the
    store is left out before its isl model is built, so one that would not even parse is only a note."""
    (corpus / "broken.c").write_text("void kernel(void) {\n#pragma scop\n  for (;;\n#pragma endscop\n}\n")
    lines = [{"id": "matmul", "file": "matmul.c", "hash": program_hash(load(corpus / "matmul.c").scop)},
             {"id": "broken", "file": "broken.c", "hash": "0" * 64}]
    (corpus / "manifest.jsonl").write_text("".join(json.dumps(e) + "\n" for e in lines))
    with MemoStore(tmp_path / "s.sqlite") as store:
        _put(store, corpus / "matmul.c", {"": 1.0, "B0:P(0) B1:P(0)": 0.5})
        found, notes = targets(corpus, store, TOOLCHAIN)
    assert [t.program.name for t in found] == ["matmul"] and found[0].schedule == "B0:P(0) B1:P(0)"
    assert notes == ["broken: no baseline in the store for this toolchain"]
    # without a hash the program is loaded, and its error is the note
    (corpus / "manifest.jsonl").write_text(json.dumps({"id": "broken", "file": "broken.c"}) + "\n")
    with MemoStore(tmp_path / "s.sqlite") as store:
        found, notes = targets(corpus, store, TOOLCHAIN)
    assert found == [] and len(notes) == 1 and notes[0].startswith("broken: ") and "no baseline" not in notes[0]


def test_a_target_outside_the_action_space_falls_back_to_the_next_fastest(corpus: Path, tmp_path: Path):
    store_path = tmp_path / "s.sqlite"
    with MemoStore(store_path) as store:
        # 16x16 tiles are legal schedules but not policy actions (tiles are 32, 64 or 128)
        _put(store, corpus / "matmul.c", {"": 1.0, "B1:T2(0,1,16,16)": 0.2, "B1:P(0)": 0.6})
        _put(store, corpus / "stencil.c", {"": 1.0, "B1:T2(0,1,16,16)": 0.5})
        found, _ = targets(corpus, store, TOOLCHAIN)
        env = PolyEnv(_Unit(), max_steps=32, lazy_masks=True)
        with pytest.raises(PolyrlError, match="not one of the policy's actions"):
            replay(env, found[0])
    alternatives = {t.program.name: [a.schedule for a in t.alternatives()] for t in found}
    assert alternatives == {"matmul.c": ["B1:T2(0,1,16,16)", "B1:P(0)", ""], "stencil.c": ["B1:T2(0,1,16,16)", ""]}
    lines = []
    summary = distill(DistillConfig(corpus=str(corpus), store=str(store_path), out=str(tmp_path / "p.pt"),
                                    toolchain=TOOLCHAIN, epochs=1, val_fraction=0.0), log=lines.append)
    # both programs are kept: matmul imitates B1:P(0), stencil stays as it is
    assert summary["programs"] == 2 and summary["targets"] == 1
    assert any("2 program(s) imitate their next fastest" in line for line in lines)


def test_replay_rebuilds_the_schedule_branch_by_branch(tmp_path: Path):
    spec = ProgramSpec(str(MATMUL))
    env = PolyEnv(_Unit(), max_steps=32, lazy_masks=True)
    demo = replay(env, Target(spec, "B0:P(0) B1:T2(0,1,32,32) B1:P(0)", 2.0, 1))
    assert demo.actions == [action_index("P(0)"), NEXT, action_index("T2(0,1,32,32)"), action_index("P(0)"), NEXT]
    assert all(m[a] for m, a in zip(demo.masks, demo.actions, strict=True))
    assert demo.observations[0].x.shape[0] > 0
    # the original program as the target: Next on every branch
    assert replay(env, Target(spec, "", 1.0, 1)).actions == [NEXT, NEXT]
    with pytest.raises(Exception, match="after the focus left"):
        replay(env, Target(spec, "B1:P(0) B0:P(0)", 2.0, 1))


def test_distilled_policy_reproduces_its_targets(corpus: Path, tmp_path: Path):
    store_path = tmp_path / "s.sqlite"
    with MemoStore(store_path) as store:
        _put(store, corpus / "matmul.c", {"": 1.0, "B0:P(0) B1:T2(0,1,32,32) B1:P(0)": 0.3, "B1:P(0)": 0.6})
        _put(store, corpus / "stencil.c", {"": 1.0, "B0:P(1) B1:P(1)": 0.5})
    out = tmp_path / "distilled.pt"
    summary = distill(DistillConfig(corpus=str(corpus), store=str(store_path), out=str(out), toolchain=TOOLCHAIN,
                                    epochs=200, lr=1e-3, batch_size=3, val_fraction=0.0), log=lambda s: None)
    assert summary["targets"] == 2 and not summary["interrupted"]
    policy = Policy.load(out, min_parallel_work=0)  # the network's own choices, unpruned
    assert policy.max_steps == 32
    chosen = {s.name: policy.greedy(load(s.path)).text for s in corpus_programs(corpus)}
    assert chosen == {"matmul.c": "B0:P(0) B1:T2(0,1,32,32) B1:P(0)", "stencil.c": "B0:P(1) B1:P(1)"}


def test_command_writes_candidates_and_refuses_a_missing_store(corpus: Path, tmp_path: Path, capsys):
    out = tmp_path / "cand.txt"
    assert main(["distill", "--corpus", str(corpus), "--write-candidates", str(out)]) == 0
    lines = out.read_text().splitlines()
    assert "matmul.c: B0:P(0) B1:P(0)" in lines and "stencil.c: B0:P(1) B1:P(1)" in lines
    # --random K adds the K random schedules `polyrl measure --schedules random:K` draws
    assert main(["distill", "--corpus", str(corpus), "--write-candidates", str(out), "--random", "2"]) == 0
    extra = [line for line in out.read_text().splitlines() if line not in lines]
    seed = next(s.seed for s in discover(corpus) if s.name == "matmul.c")
    drawn = [f"matmul.c: {s}" for s in random_schedules(load(MATMUL).model, 2, seed)]
    assert [line for line in extra if line.startswith("matmul.c")] == [d for d in drawn if d not in lines]
    assert len(extra) >= 2 and all(Schedule.parse(line.split(": ", 1)[1]) for line in extra)
    assert main(["distill", "--corpus", str(corpus), "--store", str(tmp_path / "none.sqlite")]) == 2
    assert "no such memo store" in capsys.readouterr().err


IMPERFECT = """#define N 64
float A[N][N][N], B[N][N], C[N][N][N];

void kernel(void)
{
  int i, j, k, l;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++) {
        C[i][j][k] = 0.9f * C[i][j][k];
        for (l = 0; l < N; l++)
          C[i][j][k] = C[i][j][k] + A[i][j][l] * B[l][k];
      }
}
"""


def test_every_recipe_replays_on_an_imperfect_nest(tmp_path: Path):
    # swapping k and l distributes S0 off the branch: the focus (S1's branch) becomes B1,
    # and the recipe's next actions must go there, as they would in the environment
    path = tmp_path / "imperfect.c"
    path.write_text(IMPERFECT)
    spec = ProgramSpec(str(path))
    found = scripted_schedules(spec)
    assert found["swap-par"] == "B0:I(2,3) B1:P(0)"
    env = PolyEnv(_Unit(), max_steps=32, lazy_masks=True)
    for text in found.values():
        replay(env, Target(spec, text, 2.0, 1))  # raises unless it rebuilds `text` exactly


def test_a_targets_file_limits_which_measured_schedules_may_be_targets(corpus: Path, tmp_path: Path, capsys):
    store_path = tmp_path / "s.sqlite"
    with MemoStore(store_path) as store:
        # the store's fastest schedules for matmul are not in the file (say, random draws)
        _put(store, corpus / "matmul.c", {"": 1.0, "B1:T2(0,1,16,16)": 0.2, "B0:P(0) B1:P(0)": 0.4, "B1:P(0)": 0.6})
        _put(store, corpus / "stencil.c", {"": 1.0, "B0:P(1) B1:P(1)": 0.5})
    listed = tmp_path / "recipes.txt"
    listed.write_text("matmul: B1:P(0)\n# a comment\nmatmul.c: B1:U(4)\nstencil:  B0:P(1)   B1:P(1)\n")
    allowed = {k: set(v) for k, v in read_schedule_file(listed).items()}
    with MemoStore(store_path) as store:
        found = {t.program.name: t for t in targets(corpus, store, TOOLCHAIN, allowed=allowed)[0]}
        unrestricted = {t.program.name: t for t in targets(corpus, store, TOOLCHAIN)[0]}
    assert unrestricted["matmul.c"].schedule == "B1:T2(0,1,16,16)"
    assert found["matmul.c"].schedule == "B1:P(0)" and found["matmul.c"].fallbacks == ()
    assert found["matmul.c"].speedup == pytest.approx(1 / 0.6)
    assert found["stencil.c"].schedule == "B0:P(1) B1:P(1)"  # spaces made canonical
    # a program the file does not list may only stay as it is
    del allowed["stencil"]
    with MemoStore(store_path) as store:
        found = {t.program.name: t for t in targets(corpus, store, TOOLCHAIN, allowed=allowed)[0]}
    assert found["stencil.c"].schedule == ""

    out = tmp_path / "p.pt"
    args = ["distill", "--corpus", str(corpus), "--store", str(store_path), "--threads", "2", "--epochs", "1"]
    assert main(args + ["--targets", str(listed), "--out", str(out)]) == 0
    assert torch.load(out, weights_only=False)["distill"]["targets"] == str(listed)  # the card can say so
    assert main(args + ["--targets", str(tmp_path / "missing.txt")]) == 2
    assert "no such targets file" in capsys.readouterr().err
    (tmp_path / "other.txt").write_text("prog_000001: B0:P(0)\n")
    assert main(args + ["--targets", str(tmp_path / "other.txt")]) == 2
    assert "no program of the targets file is in the corpus" in capsys.readouterr().err
    (tmp_path / "bad.txt").write_text("matmul: B0:Q(1)\n")
    assert main(args + ["--targets", str(tmp_path / "bad.txt")]) == 2
    assert "bad.txt:1" in capsys.readouterr().err


def test_a_store_of_the_old_machine_key_is_pointed_to_adopt(corpus: Path, tmp_path: Path, capsys):
    from polyrl.runtime.store import legacy_fingerprint

    store_path = tmp_path / "old.sqlite"
    with MemoStore(store_path) as store:  # as polyrl wrote keys before the twelfth session
        for path, times in ((corpus / "matmul.c", {"": 1.0, "B1:P(0)": 0.5}), (corpus / "stencil.c", {"": 1.0})):
            h = program_hash(load(path).scop)
            for schedule, t in times.items():
                store.put(StoreKey(h, schedule, legacy_fingerprint(), TOOLCHAIN.key()), Record(True, "ok", (t,), True, ""))
    args = ["distill", "--corpus", str(corpus), "--store", str(store_path), "--threads", "2", "--epochs", "1",
            "--out", str(tmp_path / "p.pt")]
    assert main(args) == 2
    assert f"polyrl dataset adopt {store_path}" in capsys.readouterr().err
    assert main(["dataset", "adopt", str(store_path)]) == 0
    assert main(args) == 0


def test_macro_schedules_replay_as_macro_actions(tmp_path: Path):
    # a macro schedule is built with one M(p) per branch where the plan is the macro's, so
    # distillation can teach the policy to take it
    from polyrl.api import load
    from polyrl.poly.macros import macro_schedules

    spec = ProgramSpec(str(MATMUL))
    schedules = macro_schedules(load(MATMUL).model)
    assert schedules
    env = PolyEnv(_Unit(), max_steps=32, lazy_masks=True)
    idx_f = action_index("F(5)")
    assert "affine-tile" in schedules
    for name, schedule in schedules.items():
        demo = replay(env, Target(spec, str(schedule), 2.0, 1))  # raises unless it rebuilds the text
        taken = [ACTIONS[a] for a in demo.actions if a != NEXT]
        # (the affine profiles start with isl's schedule, A, then the macro on its loops)
        steps = taken[1:] if taken and taken[0].kind == "A" else taken
        assert steps and all(t.macro for t in steps), (name, [str(t) for t in taken])
        if name == "affine-tile":  # the Pluto form is one action, the episode's only one
            assert [str(t) for t in taken] == ["F(5)"] and demo.actions == [idx_f]


def test_an_init_policy_of_an_older_table_learns_its_new_actions_from_the_median_bias(tmp_path: Path):
    # a checkpoint saved before F(5) existed: its head has one row fewer
    from polyrl.model.actor_critic import ActorCritic
    from polyrl.rl.actions import ACTION_TEXTS, NEW_ACTION_BIAS
    from polyrl.rl.checkpoint import save_policy
    from polyrl.rl.distill import _load_init

    path = save_policy(ActorCritic(), tmp_path / "old.pt")
    ckpt = torch.load(path, weights_only=False)
    keep = [k for k, t in enumerate(ACTION_TEXTS) if t != "F(5)"]
    last = max((k for k in ckpt["model"] if k.startswith("policy.") and k.endswith(".weight")),
               key=lambda k: int(k.split(".")[1])).rsplit(".", 1)[0]
    ckpt["model"][f"{last}.weight"] = ckpt["model"][f"{last}.weight"][keep]
    ckpt["model"][f"{last}.bias"] = ckpt["model"][f"{last}.bias"][keep]
    ckpt["actions"] = tuple(ACTION_TEXTS[k] for k in keep)
    ckpt["hparams"] = {**ckpt["hparams"], "num_actions": len(keep)}
    torch.save(ckpt, path)
    # as a policy it never takes F(5); as a distillation's start, F(5) gets the others' median
    assert float(Policy.load(path).model.policy[-1].bias.detach()[action_index("F(5)")]) == NEW_ACTION_BIAS
    lines: list[str] = []
    model = _load_init(str(path), lines.append)
    bias = model.policy[-1].bias.detach()
    f = action_index("F(5)")
    assert float(bias[f]) == pytest.approx(float(torch.cat([bias[:f], bias[f + 1:]]).median()))
    assert any("F(5)" in line for line in lines)


def test_prefer_form_imitates_the_pluto_form_within_its_margin(corpus: Path, tmp_path: Path):
    from polyrl.poly.macros import PROFILES, macro_schedule
    from polyrl.rl.distill import prefer_form

    form = str(macro_schedule(load(MATMUL).model, next(p for p in PROFILES if p.name == "affine-tile")))
    assert form
    with MemoStore(tmp_path / "s.sqlite") as store:
        _put(store, corpus / "matmul.c", {"": 1.0, "B0:P(0) B1:P(0)": 0.50, form: 0.55})
        found, _ = targets(corpus, store, TOOLCHAIN)
    matmul = next(t for t in found if t.program.name == "matmul.c")
    assert matmul.schedule == "B0:P(0) B1:P(0)"
    # 10% slower than the fastest: the form within 0.15, not within 0.05
    assert prefer_form(matmul, form, 0.05) is matmul
    chosen = prefer_form(matmul, form, 0.15)
    assert chosen.schedule == form and chosen.speedup == pytest.approx(1 / 0.55)
    assert chosen.fallbacks[0] == ("B0:P(0) B1:P(0)", pytest.approx(2.0))
    # and it replays as the one action F(5)
    demo = replay(PolyEnv(_Unit(), max_steps=32, lazy_masks=True), chosen)
    assert demo.actions == [action_index("F(5)")]
    # distill --prefer-form finds the form through the environment's own plan of F
    lines: list[str] = []
    distill(DistillConfig(corpus=str(corpus), store=str(tmp_path / "s.sqlite"), out=str(tmp_path / "p.pt"),
                          toolchain=TOOLCHAIN, epochs=1, val_fraction=0.0, prefer_form=0.15), log=lines.append)
    assert "1 program(s) imitate the Pluto form, measured within 15% of their fastest" in lines
    assert any(line.startswith("macro and affine steps in the targets: F(5) 1") for line in lines)


def test_replays_on_two_processes_are_the_replays_of_one(corpus: Path, tmp_path: Path):
    store_path = tmp_path / "s.sqlite"
    with MemoStore(store_path) as store:
        _put(store, corpus / "matmul.c", {"": 1.0, "B0:P(0) B1:T2(0,1,32,32) B1:P(0)": 0.3})
        _put(store, corpus / "stencil.c", {"": 1.0, "B1:T2(0,1,16,16)": 0.4, "B0:P(1) B1:P(1)": 0.5})
        found, _ = targets(corpus, store, TOOLCHAIN)
    runs = {}
    for workers in (1, 2):
        lines: list[str] = []
        config = DistillConfig(corpus=str(corpus), store=str(store_path), out="", workers=workers)
        runs[workers] = _replay_all(found, config, lines.append)
        assert lines[-1].startswith("replayed 2/2 targets")
    (one, notes1, form1), (two, notes2, form2) = runs[1], runs[2]
    assert [d.target.schedule for d in one] == ["B0:P(0) B1:T2(0,1,32,32) B1:P(0)", "B0:P(1) B1:P(1)"]
    assert notes1 == notes2 and len(notes1) == 1 and "not one of the policy's actions" in notes1[0]
    assert form1 == form2 == 0
    for a, b in zip(one, two, strict=True):
        assert a.target == b.target and a.actions == b.actions
        assert all((m1 == m2).all() for m1, m2 in zip(a.masks, b.masks, strict=True))
        assert all(torch.equal(o1.x, o2.x) and torch.equal(o1.edge_index, o2.edge_index)
                   and o1.keys() == o2.keys() and all(torch.equal(o1[k], o2[k]) for k in o1.keys()
                                                      if isinstance(o1[k], torch.Tensor))
                   for o1, o2 in zip(a.observations, b.observations, strict=True))
    # a worker sends its observations back as numpy fields, never as torch tensors: each tensor would travel as a
    # file descriptor the parent keeps open, and thousands of replays ran out of them
    _worker_init(str(store_path), 32)
    demo, _, _ = _worker_replay((found[0], None))
    assert demo.observations and all(isinstance(o, dict) and not any(isinstance(v, torch.Tensor) for v in o.values())
                                     for o in demo.observations)


def _weights(path: Path) -> dict:
    return torch.load(path, weights_only=False)["model"]


def test_a_distillation_goes_on_from_its_replay_journal(corpus: Path, tmp_path: Path):
    store_path = tmp_path / "s.sqlite"
    with MemoStore(store_path) as store:
        _put(store, corpus / "matmul.c", {"": 1.0, "B0:P(0) B1:T2(0,1,32,32) B1:P(0)": 0.3})
        _put(store, corpus / "stencil.c", {"": 1.0, "B0:P(1) B1:P(1)": 0.5})
    out = tmp_path / "new" / "d.pt"  # in a folder that does not exist yet
    journal = journal_path(out)

    def run(keep: bool) -> list[str]:
        lines: list[str] = []
        summary = distill(DistillConfig(corpus=str(corpus), store=str(store_path), out=str(out), toolchain=TOOLCHAIN,
                                        epochs=3, lr=1e-3, batch_size=3, val_fraction=0.0, keep_replays=keep),
                          log=lines.append)
        assert summary["targets"] == 2 and not summary["interrupted"]
        return lines

    # a first run keeps its journal when asked; a second takes both replays from it and trains the same network
    first = run(keep=True)
    assert not any("taken from" in line for line in first) and journal.is_file()
    fresh = _weights(out)
    second = run(keep=True)
    assert f"2 of 2 replays taken from {journal}" in second
    assert all(torch.equal(fresh[k], v) for k, v in _weights(out).items())
    # a record torn by a kill mid-write costs that replay only
    journal.write_bytes(journal.read_bytes()[:-20])
    third = run(keep=False)
    assert f"1 of 2 replays taken from {journal}" in third
    assert any("kept the 1 replays before an unreadable record" in line for line in third)
    assert all(torch.equal(fresh[k], v) for k, v in _weights(out).items())
    assert not journal.exists()  # removed once the checkpoint is written
    # a journal of other code is not read
    with open(journal, "wb") as f:
        pickle.dump({"format": JOURNAL_FORMAT, "code": "other"}, f)
    fourth = run(keep=False)
    assert any("made by other code" in line for line in fourth) and not any("taken from" in line for line in fourth)


def test_ctrl_c_during_replays_keeps_them_and_the_same_command_goes_on(tmp_path: Path):
    gen = tmp_path / "g"
    assert main(["generate", "--count", "12", "--seed", "7", "--out", str(gen)]) == 0
    store_path = tmp_path / "s.sqlite"
    with MemoStore(store_path) as store:
        for spec in corpus_programs(gen):
            _put(store, Path(spec.path), {"": 1.0})  # each target: the program as it is, Next on every branch
    out = tmp_path / "d.pt"
    cmd = [sys.executable, "-m", "polyrl.cli", "distill", "--corpus", str(gen), "--store", str(store_path),
           "--out", str(out), "--threads", "2", "--epochs", "2000"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    journal, deadline = journal_path(out), time.monotonic() + 120
    while (not journal.is_file() or journal.stat().st_size < 1000) and proc.poll() is None \
            and time.monotonic() < deadline:
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    first, _ = proc.communicate(timeout=120)
    assert proc.returncode == 130 and journal.is_file(), first
    if "finished replays are kept" in first:  # stopped during the replays (else during the epochs)
        assert not out.exists(), first
    again = subprocess.run(cmd[:-1] + ["2"], capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    assert " of 12 replays taken from " in again.stderr and "replayed 12/12 targets" in again.stderr, again.stderr
    assert out.is_file() and not journal.exists()
