"""The scheduling environment (polyrl.rl.env) on real kernels: the action table, the
Gymnasium API, masks against the exact legality check, refusals, branch traversal, and
rewards from measurements, from a freshly initialised cost model, and mixed."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
import torch
from torch_geometric.data import Data

from polyrl.errors import PolyrlError
from polyrl.model.costmodel import CostModel
from polyrl.model.features import BLOCK, NODE_FEATURES, program_graph
from polyrl.poly.legality import is_legal
from polyrl.poly.schedule import Action, Schedule
from polyrl.rl import env as env_module
from polyrl.rl.actions import (
    ACTION_TEXTS,
    ACTIONS,
    NEXT,
    NUM_ACTIONS,
    action_index,
    applicable_mask,
    expand,
    loop_extents,
)
from polyrl.rl.env import PolyEnv, log4
from polyrl.rl.rewards import MeasuredRewarder, MixedRewarder, SurrogateRewarder
from polyrl.rl.state import ProgramSpec, corpus_programs
from polyrl.runtime import MemoStore, Record, StoreKey, Toolchain, machine_fingerprint

ROOT = Path(__file__).resolve().parents[1]
PB = ROOT / "datasets" / "polybench"
UTIL = str(PB / "utilities")
MINI = (("MINI_DATASET", "1"),)
GEMM = ProgramSpec(str(PB / "linear-algebra/blas/gemm/gemm.c"), MINI, (UTIL,))
SEIDEL = ProgramSpec(str(PB / "stencils/seidel-2d/seidel-2d.c"), MINI, (UTIL,))

# `for i { S0; for j { S1 } }`: one branch (j); interchanging it distributes i and puts a
# new branch (i around S0) before it, so the focus branch's index changes from 0 to 1
DISTRIBUTE = """#define N 64
double A[N];
double B[N][N];

void kernel(void)
{
  int i, j;
  for (i = 0; i < N; i++) {
    A[i] = 0.5 * i;
    for (j = 0; j < N; j++)
      B[i][j] = B[i][j] * 2.0 + A[i];
  }
}

int main(void)
{
  kernel();
  return 0;
}
"""


@pytest.fixture(scope="module", autouse=True)
def one_thread():
    # tiny graphs: intra-op threads only add contention (see TrainConfig.torch_threads)
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)


@pytest.fixture(scope="module")
def surrogate() -> SurrogateRewarder:
    torch.manual_seed(0)
    return SurrogateRewarder(CostModel())


def idx(text: str) -> int:
    return action_index(text)


# ---------------------------------------------------------------- the action table


def test_action_table_has_the_actions_of_the_docstring():
    assert NUM_ACTIONS == 123 and len(set(ACTION_TEXTS)) == 123
    kinds = [a.kind for a in ACTIONS]
    assert {k: kinds.count(k) for k in set(kinds)} == {"I": 4, "R": 4, "S": 7, "P": 2, "T2": 36, "U": 5,
                                                       "J": 8, "J2": 12, "V": 1, "K": 16, "KT": 16,
                                                       "M": 7, "A": 3, "F": 1, "Next": 1}
    assert ACTION_TEXTS[:4] == ("I(0,1)", "I(1,2)", "I(2,3)", "I(3,4)")
    assert ACTION_TEXTS[4:14] == ("R(0)", "R(1)", "R(2)", "R(3)", "S(0,1,1)", "S(1,2,1)", "S(2,3,1)", "S(3,4,1)",
                                  "P(0)", "P(1)")
    sizes = (32, 64, 128)
    for lvl in range(4):
        for i, x in enumerate(sizes):
            for j, y in enumerate(sizes):
                assert ACTION_TEXTS[14 + 9 * lvl + 3 * i + j] == f"T2({lvl},{lvl + 1},{x},{y})"
    assert ACTION_TEXTS[50:55] == ("U(2)", "U(4)", "U(8)", "U(16)", "U(32)")
    assert ACTION_TEXTS[55:63] == tuple(f"J({lvl},{f})" for lvl in range(4) for f in (2, 4))
    assert ACTION_TEXTS[63:75] == tuple(f"J2({lvl},{lvl + 1},{f},{g})" for lvl in range(3)
                                        for f, g in ((2, 2), (2, 4), (4, 2), (4, 4)))
    assert ACTION_TEXTS[75] == "V()"
    assert ACTION_TEXTS[76:92] == tuple(f"K({lvl},{k})" for lvl in range(4) for k in range(4))
    assert ACTION_TEXTS[92:108] == tuple(f"KT({lvl},{k})" for lvl in range(4) for k in range(4))
    assert ACTION_TEXTS[108:115] == tuple(f"M({p})" for p in range(7))
    assert ACTION_TEXTS[115:121] == ("A(0)", "A(1)", "A(2)", "S(0,1,2)", "S(1,2,2)", "S(2,3,2)")
    assert ACTION_TEXTS[121] == "F(5)" and NEXT == 122 and ACTION_TEXTS[NEXT] == "Next"
    assert idx("T2(1,2,64,128)") == 14 + 9 + 3 + 2
    assert str(ACTIONS[idx("S(1,2,1)")].on(3)) == "B3:S(1,2,1)"


def test_extents_and_applicability_on_gemm():
    prog = GEMM.load()
    nest = prog.model.original
    b0, b1 = nest.branches()
    assert loop_extents(prog.scop, nest, b0) == [20, 25]  # NI, NJ at MINI
    assert loop_extents(prog.scop, nest, b1) == [20, 30, 25]  # i, k, j
    m = applicable_mask(nest, b1, [20, 30, 25])
    allowed = {ACTION_TEXTS[k] for k in np.flatnonzero(m)}
    # 3 levels: I/S (by 1 and 2) of (0,1), (1,2), R and P of existing levels; no tile fits under 32;
    # U(32) exceeds the innermost extent 25
    # J/J2 on the two outer levels (never the innermost), J2 only of adjacent (0, 1)
    assert allowed == {"I(0,1)", "I(1,2)", "R(0)", "R(1)", "R(2)", "S(0,1,1)", "S(1,2,1)", "S(0,1,2)", "S(1,2,2)",
                       "P(0)", "P(1)",
                       "U(2)", "U(4)", "U(8)", "U(16)", "J(0,2)", "J(0,4)", "J(1,2)", "J(1,4)",
                       "J2(0,1,2,2)", "J2(0,1,2,4)", "J2(0,1,4,2)", "J2(0,1,4,4)", "V()",
                       "K(0,0)", "K(0,1)", "K(0,2)", "K(1,0)", "K(1,1)", "K(1,2)",  # arrays C, A, B
                       "KT(0,0)", "KT(0,1)", "KT(0,2)", "KT(1,0)", "KT(1,1)", "KT(1,2)", "Next",
                       "M(0)", "M(1)", "M(2)", "M(3)", "M(4)", "M(5)", "M(6)"}  # an untouched branch: the macros may start it
    # (A and F are branch 0's, of the program as written)
    assert applicable_mask(nest, b0, [20, 25])[idx("A(0)")] and applicable_mask(nest, b0, [20, 25])[idx("F(5)")]
    assert not applicable_mask(prog.apply("B0:P(0)").nest, b0, [20, 25])[idx("F(5)")]
    # after an action on the branch, or on loops an action marked, no macro applies
    after = applicable_mask(nest, b1, [20, 30, 25], Action(1, "I", (0, 1)))
    assert not any(ACTION_TEXTS[k].startswith("M(") for k in np.flatnonzero(after))
    # a reversal or interchange repeated at once would undo itself: not applicable
    rev = prog.apply("B1:R(0)").nest
    rpath = rev.branches()[1]
    undo = applicable_mask(rev, rpath, loop_extents(prog.scop, rev, rpath), Action(1, "R", (0,)))
    assert not undo[idx("R(0)")] and undo[idx("R(1)")]
    # one register block per branch
    jammed = prog.apply("B1:J(0,2)").nest
    jpath = jammed.branches()[1]
    mj = applicable_mask(jammed, jpath, loop_extents(prog.scop, jammed, jpath))
    assert not any(ACTION_TEXTS[k].startswith("J") for k in np.flatnonzero(mj))
    tiled = prog.apply("B1:T2(1,2,2,4)").nest  # point loops of extent 2 and 4, tile loops 15 and 7
    path = tiled.branches()[1]
    assert loop_extents(prog.scop, tiled, path) == [20, 15, 7, 2, 4]


# ---------------------------------------------------------------- API and masks


def test_reset_and_step_follow_the_gymnasium_api(surrogate):
    env = PolyEnv(surrogate)
    assert env.action_space.n == NUM_ACTIONS == 123
    obs, info = env.reset(seed=3, options={"program": GEMM})
    assert isinstance(obs, Data) and obs.x.shape[1] == NODE_FEATURES and obs.edge_attr.shape[0] == obs.edge_index.shape[1]
    mask = info["action_mask"]
    assert mask.dtype == np.bool_ and mask.shape == (123,) and mask[NEXT]
    assert (info["branch"], info["branches"], info["schedule"]) == (0, 2, "")
    assert np.array_equal(env.action_masks(), mask)
    out = env.step(idx("I(0,1)"))
    assert len(out) == 5
    obs, reward, terminated, truncated, info = out
    assert isinstance(reward, float) and not terminated and not truncated
    assert info["schedule"] == "B0:I(0,1)" and "refused" not in info
    # a path with -D/-I options works like a ProgramSpec
    obs2, info2 = env.reset(options={"program": GEMM.path, "defines": {"MINI_DATASET": "1"}, "include_dirs": [UTIL]})
    assert info2["branches"] == 2


def test_a_macro_action_takes_its_whole_plan_in_one_step(surrogate):
    from polyrl.poly.macros import PROFILES, plan_branch

    env = PolyEnv(surrogate)
    _, info = env.reset(options={"program": GEMM})
    _, _, _, _, info = env.step(NEXT)  # the product branch
    state = env.state
    plan, _ = plan_branch(state.program.program.model, state.nest, 1, PROFILES[0])
    assert len(plan) >= 4 and plan[0].kind == "T3"
    assert info["action_mask"][idx("M(0)")] and env.expansion(idx("M(0)")) == plan
    _, reward, terminated, _, info = env.step(idx("M(0)"))
    assert info["schedule"] == " ".join(map(str, plan)) and isinstance(reward, float) and not terminated
    # the branch has actions now: no second macro
    assert not any(info["action_mask"][k] for k in range(NUM_ACTIONS) if ACTIONS[k].macro)


def test_the_affine_scheduler_is_a_first_action_and_the_episode_restarts_on_its_loops(surrogate):
    env = PolyEnv(surrogate)
    _, info = env.reset(options={"program": GEMM})
    assert info["action_mask"][idx("A(1)")] and env.legal(idx("A(1)"))
    _, _, _, _, info = env.step(NEXT)  # on branch 1: A is branch 0's
    assert not info["action_mask"][idx("A(1)")]
    _, info = env.reset(options={"program": GEMM})
    assert len(env.state.nest.branches()) == 2
    _, _, terminated, _, info = env.step(idx("A(1)"))
    # isl fuses C *= beta into the product's band: one branch, the focus on it
    assert info["schedule"] == "B0:A(1)" and not terminated and info["branch"] == 0
    assert len(env.state.nest.branches()) == 1
    assert not any(info["action_mask"][idx(f"A({f})")] for f in range(3))
    assert info["action_mask"][idx("M(0)")]  # a macro may start the branch isl made
    _, _, _, _, info = env.step(idx("P(0)"))
    assert info["schedule"] == "B0:A(1) B0:P(0)"


def test_the_pluto_form_is_one_first_action_that_ends_the_episode(surrogate):
    from polyrl.poly.macros import PROFILES, macro_schedule

    env = PolyEnv(surrogate)
    _, info = env.reset(options={"program": GEMM})
    form = macro_schedule(env.state.program.program.model, next(p for p in PROFILES if p.name == "affine-tile"))
    assert len(form.actions) >= 3 and info["action_mask"][idx("F(5)")] and env.legal(idx("F(5)"))
    _, _, terminated, _, info = env.step(idx("F(5)"))
    assert terminated and info["schedule"] == str(form)
    # the form starts with isl's schedule (new loops everywhere): the focus is on its first
    # branch, since the statement that held it may sit under no innermost loop now
    assert form.actions[0].kind == "A" and info["branch"] == 0
    # not after another action
    env.reset(options={"program": GEMM})
    _, _, _, _, info = env.step(idx("P(0)"))
    assert not info["action_mask"][idx("F(5)")] and env._refusal(idx("F(5)"))


def test_programs_with_other_sizes_are_other_programs(surrogate):
    from polyrl.api import load

    env = PolyEnv(surrogate)
    mini, _ = env.reset(options={"program": GEMM})
    mini_program = env.state.program
    small, _ = env.reset(options={"program": ProgramSpec(GEMM.path, (("SMALL_DATASET", "1"),), (UTIL,))})
    # one source text (one store hash; the store key's toolchain has the -D), other sizes
    assert env.state.program.hash == mini_program.hash and env.state.program.key != mini_program.key
    assert not torch.equal(mini.x, small.x)
    prog = load(GEMM.path, defines=dict(MINI), include_dirs=[UTIL])
    again, info = env.reset(options={"program": prog})  # an already loaded Program
    assert torch.equal(again.x, mini.x) and info["branches"] == 2


def test_observation_tags_the_focus_branch_like_program_graph(surrogate):
    env = PolyEnv(surrogate)
    obs, _ = env.reset(options={"program": GEMM})
    obs, *_ = env.step(NEXT)
    state = env.state
    ref = program_graph(state.program.program.scop, state.nest, focus_branch=1, caches=env.graphs.caches)
    assert torch.equal(obs.x, ref.x)
    assert obs.x[:, BLOCK["loop.focus"].start].sum() == 3  # i, k, j of B1


def test_mask_is_exactly_the_legal_applicable_actions_on_seidel(surrogate):
    env = PolyEnv(surrogate)
    _, info = env.reset(options={"program": SEIDEL})
    mask = info["action_mask"]
    assert not mask[idx("P(0)")]  # t carries the stencil's dependences
    assert not mask[idx("I(0,1)")] and not mask[idx("T2(1,2,32,32)")]
    assert mask[idx("S(0,1,1)")] and mask[idx("U(4)")]
    state = env.state
    model = state.program.program.model
    path = state.nest.branches()[0]
    applicable = applicable_mask(state.nest, path, loop_extents(state.program.program.scop, state.nest, path))
    for k in range(NUM_ACTIONS - 1):
        if applicable[k] and ACTIONS[k].macro:  # legal when some of its plan is
            assert mask[k] == bool(expand(model, state.nest, 0, ACTIONS[k])[0]), ACTION_TEXTS[k]
        elif applicable[k]:
            assert mask[k] == is_legal(model, Schedule((ACTIONS[k].on(0),))), ACTION_TEXTS[k]
        else:
            assert not mask[k], ACTION_TEXTS[k]
    # seidel's macros skew, tile and run the tiles as a wavefront
    assert any(mask[k] for k in range(NUM_ACTIONS) if ACTIONS[k].macro)


def test_lazy_masks_learn_refusals_and_agree_with_the_exact_mask_on_seidel(surrogate):
    exact = PolyEnv(surrogate)
    _, info = exact.reset(options={"program": SEIDEL})
    full = info["action_mask"]
    lazy = PolyEnv(surrogate, lazy_masks=True)
    _, info = lazy.reset(options={"program": SEIDEL})
    start = info["action_mask"]
    assert start[idx("P(0)")] and start[idx("I(0,1)")]  # not checked yet
    assert not start[idx("T2(0,1,128,128)")]  # inapplicable stays masked
    for k in np.flatnonzero(start):
        assert lazy.legal(k) == bool(full[k]), ACTION_TEXTS[k]
    assert np.array_equal(lazy.action_masks(), full)  # every check done: the exact mask
    _, _, _, _, info = lazy.step(idx("P(0)"))
    assert "parallel" in info["refused"] and info["schedule"] == ""


def test_a_skewed_loop_takes_no_second_skew(surrogate):
    env = PolyEnv(surrogate)
    _, info = env.reset(options={"program": SEIDEL})
    assert info["action_mask"][idx("S(0,1,1)")]
    _, _, _, _, info = env.step(idx("S(0,1,1)"))
    assert info["schedule"] == "B0:S(0,1,1)"
    assert not info["action_mask"][idx("S(0,1,1)")]  # loop 1 is skewed already
    assert info["action_mask"][idx("S(1,2,1)")]  # loop 2 is not


def test_unroll_after_a_jam_is_applicable_once(surrogate):
    # U unrolls the innermost regular loop; the jammed point loop below it must not hide
    # that it is unrolled already (a policy repeated U(2) up to the step limit)
    env = PolyEnv(surrogate)
    env.reset(options={"program": GEMM})
    env.step(NEXT)
    _, _, _, _, info = env.step(idx("J(0,2)"))
    assert info["action_mask"][idx("U(2)")]
    _, _, _, _, info = env.step(idx("U(2)"))
    assert info["schedule"] == "B1:J(0,2) B1:U(2)" and not info["action_mask"][idx("U(2)")]


def test_refused_actions_leave_the_state_unchanged(surrogate):
    env = PolyEnv(surrogate)
    obs, info = env.reset(options={"program": SEIDEL})
    for text, why in (("P(0)", "parallel"), ("T2(0,1,128,128)", "not applicable"), ("I(3,4)", "not applicable")):
        new_obs, reward, terminated, truncated, new_info = env.step(idx(text))
        assert reward == 0.0 and not terminated and not truncated
        assert why in new_info["refused"], new_info["refused"]
        assert new_info["schedule"] == "" and torch.equal(new_obs.x, obs.x)
        assert np.array_equal(new_info["action_mask"], info["action_mask"])


def test_next_walks_the_branches_and_ends_the_episode(surrogate):
    env = PolyEnv(surrogate)
    _, info = env.reset(options={"program": GEMM})
    assert info["branch"] == 0
    _, reward, terminated, _, info = env.step(NEXT)
    assert (info["branch"], reward, terminated) == (1, 0.0, False)
    _, reward, terminated, truncated, info = env.step(NEXT)
    assert terminated and not truncated
    assert reward == 0.0 and info["final_speedup"] == 1.0  # nothing changed


def test_focus_follows_its_statements_when_branches_are_renumbered(surrogate, tmp_path):
    src = tmp_path / "distribute.c"
    src.write_text(DISTRIBUTE)
    env = PolyEnv(surrogate)
    _, info = env.reset(options={"program": src})
    assert (info["branch"], info["branches"]) == (0, 1)
    _, _, _, _, info = env.step(idx("I(0,1)"))
    # i was distributed: B0 is now `for i: S0`, and the focus (S1's loops) is B1
    assert (info["branch"], info["branches"], info["schedule"]) == (1, 2, "B0:I(0,1)")
    _, _, terminated, _, _ = env.step(NEXT)
    assert terminated


def test_truncation_after_max_steps(surrogate):
    env = PolyEnv(surrogate, max_steps=2)
    env.reset(options={"program": GEMM})
    *_, terminated, truncated, info = env.step(idx("R(1)"))
    assert not truncated
    _, reward, terminated, truncated, info = env.step(idx("R(1)"))
    assert truncated and not terminated and "final_speedup" in info


def test_programs_are_drawn_from_a_corpus_and_bad_ones_skipped(surrogate, tmp_path):
    (tmp_path / "bad.c").write_text("int main(void) { return 0; }\n")
    env = PolyEnv(surrogate, programs=[tmp_path / "bad.c", GEMM])
    for seed in range(3):
        _, info = env.reset(seed=seed)
        assert info["program"] == "gemm.c"
    assert len(env.skipped) == 1 and env.programs == [GEMM]
    specs = corpus_programs(ROOT / "datasets" / "corpus-sample")
    assert len(specs) == 20 and specs[0].id == "prog_000000" and specs[0].path.endswith("prog_000000.c")


def test_legality_answers_go_to_and_come_from_the_store(surrogate, tmp_path, monkeypatch):
    store = MemoStore(tmp_path / "store.sqlite")
    tc = Toolchain()
    env = PolyEnv(surrogate, store=store, toolchain=tc)
    _, info = env.reset(options={"program": SEIDEL})
    lp = env.state.program
    key = StoreKey(lp.hash, "B0:P(0)", machine_fingerprint(), SEIDEL.toolchain(tc).key())
    rec = store.get(key)
    assert rec is not None and rec.legal is False and rec.status == "illegal"

    calls = []
    real_check = env_module.check

    def counting_check(model, nest, action=None, source="<schedule>"):
        calls.append(str(action))
        return real_check(model, nest, action, source)

    monkeypatch.setattr(env_module, "check", counting_check)
    fresh = PolyEnv(surrogate, store=store, toolchain=tc)
    _, info2 = fresh.reset(options={"program": SEIDEL})
    assert np.array_equal(info2["action_mask"], info["action_mask"])
    # refusals came from the store; only legal schedules (not stored without a measurement) were checked
    legal_checked = {f"B0:{ACTION_TEXTS[k]}" for k in np.flatnonzero(info["action_mask"])
                     if ACTIONS[k].kind not in ("U", "Next") and not ACTIONS[k].macro}  # a macro's plan checks its own steps
    assert set(calls) == legal_checked and "B0:P(0)" not in calls
    store.close()


def test_a_store_saying_legal_does_not_override_what_the_transformation_refuses(surrogate, tmp_path):
    # a store written by an older polyrl may hold a measurement of a schedule this one refuses
    store = MemoStore(tmp_path / "store.sqlite")
    tc = Toolchain()
    env = PolyEnv(surrogate, store=store, toolchain=tc, lazy_masks=True)
    env.reset(options={"program": GEMM})
    env.step(NEXT)
    env.step(idx("J(0,2)"))
    lp = env.state.program
    stale = StoreKey(lp.hash, "B1:J(0,2) B1:S(1,2,1)", machine_fingerprint(), GEMM.toolchain(tc).key())
    store.put(stale, Record(True, "ok", (1.0,), True, "measured by an older polyrl"))
    assert not env.legal(idx("S(1,2,1)"))
    _, reward, _, _, info = env.step(idx("S(1,2,1)"))
    assert "unrolled-and-jammed already" in info["refused"] and reward == 0.0
    store.close()


# ---------------------------------------------------------------- rewards


def test_surrogate_return_is_log4_of_the_final_surrogate_speedup(surrogate):
    env = PolyEnv(surrogate)
    _, info = env.reset(options={"program": GEMM})
    total = 0.0
    for text in ("I(0,1)", "R(1)", "NEXT", "I(1,2)", "U(4)", "NEXT"):
        a = NEXT if text == "NEXT" else idx(text)
        assert info["action_mask"][a]
        _, reward, terminated, truncated, info = env.step(a)
        total += reward
        if text == "NEXT":
            continue
        assert math.isfinite(reward)
    assert terminated
    state = env.state
    assert state.text == "B0:I(0,1) B0:R(1) B1:I(1,2) B1:U(4)"
    expected = math.exp((surrogate.score(state.original()) - surrogate.score(state)) * surrogate.std)
    assert info["final_speedup"] == pytest.approx(expected)
    assert total == pytest.approx(log4(expected), abs=1e-9)
    assert surrogate.speedup(state.original(), final=True) == 1.0


class FixedFinal:
    """A stand-in for the measured rewarder: every final state is 2x faster."""

    kind = "measured"

    def speedup(self, state, final):
        return 2.0


def test_mixed_return_is_log4_of_the_measured_final_speedup(surrogate):
    env = PolyEnv(MixedRewarder(surrogate, FixedFinal()))
    env.reset(options={"program": GEMM})
    rewards = [env.step(idx(t))[1] for t in ("I(0,1)", "R(0)")]
    assert any(r != 0 for r in rewards)  # the surrogate's intermediate rewards
    env.step(NEXT)
    _, last, terminated, _, info = env.step(NEXT)
    assert terminated and info["final_speedup"] == 2.0
    assert sum(rewards) + last == pytest.approx(0.5)  # log4(2)


def measured_gemm(store: MemoStore, tc: Toolchain, **kwargs) -> PolyEnv:
    """An environment with measured rewards on GEMM, reset, its focus on branch B1."""
    env = PolyEnv(MeasuredRewarder(tc, store, repeat=1, **kwargs), store=store, toolchain=tc)
    env.reset(options={"program": GEMM})
    env.step(NEXT)
    return env


def test_measured_reward_is_log4_of_the_measured_speedup(tmp_path):
    store = MemoStore(tmp_path / "store.sqlite")
    tc = Toolchain(threads=1)
    env = measured_gemm(store, tc)
    _, reward, _, _, info = env.step(idx("I(1,2)"))
    assert info["schedule"] == "B1:I(1,2)"
    lp = env.state.program
    machine, tkey = machine_fingerprint(), GEMM.toolchain(tc).key()
    base = store.get(StoreKey(lp.hash, "", machine, tkey))
    new = store.get(StoreKey(lp.hash, "B1:I(1,2)", machine, tkey))
    assert base is not None and new is not None and new.verified
    speedup = min(base.times) / min(new.times)
    assert reward == pytest.approx(log4(speedup))
    _, last, terminated, _, info = env.step(NEXT)
    assert terminated and last == pytest.approx(0.0, abs=1e-12)  # measured twice: one answer
    assert info["episode_return"] == pytest.approx(log4(speedup))
    assert (env.rewarder.lookups, env.rewarder.measured) == (2, 1)  # the second from the memo
    # a new rewarder on the same store measures nothing: the store answers
    again = measured_gemm(store, tc)
    again.step(idx("I(1,2)"))
    assert (again.rewarder.lookups, again.rewarder.measured) == (1, 0)
    store.close()


def test_a_run_past_the_time_limit_is_a_slow_state_not_an_error(tmp_path):
    store = MemoStore(tmp_path / "store.sqlite")
    tc = Toolchain(threads=1)
    warm = measured_gemm(store, tc)
    warm.step(idx("I(1,2)"))  # measures the original too: the baseline is now in the store
    base = min(store.get(StoreKey(warm.state.program.hash, "", machine_fingerprint(),
                                  GEMM.toolchain(tc).key())).times)
    # a limit no run can meet: the new state times out, the baseline comes from the store
    env = measured_gemm(store, tc, timeout_s=1e-6)
    _, reward, _, _, info = env.step(idx("U(2)"))
    assert info["schedule"] and reward == pytest.approx(log4(base / 1e-6))
    store.close()


def test_a_wrong_result_raises_instead_of_rewarding(monkeypatch):
    from polyrl.runtime import Comparison, Measurement

    def wrong(*args, **kwargs):
        base = Measurement("ok", (1.0,))
        return Comparison(base, Measurement("wrong-result", (0.5,), False, "max rel err 1"), None, False)

    monkeypatch.setattr("polyrl.rl.rewards.compare", wrong)
    env = PolyEnv(MeasuredRewarder(Toolchain(threads=1), None, repeat=1))
    env.reset(options={"program": GEMM})
    with pytest.raises(PolyrlError, match="different result"):
        env.step(idx("R(1)"))


@pytest.mark.parametrize("kernel,texts", [
    ("linear-algebra/blas/gemver/gemver.c",
     ["B0:T2(0,1,8,8)", "B1:P(0)", "B1:P(1)", "B0:I(0,1)", "B3:P(0)", "B1:T2(0,1,8,8)", "B2:P(0)", "B1:V()"]),
    ("stencils/seidel-2d/seidel-2d.c", ["B0:P(0)", "B0:I(1,2)", "B0:S(1,2,1)", "B0:S(1,2,1) B0:I(1,2)", "B0:P(1)"]),
    ("linear-algebra/solvers/lu/lu.c", ["B1:P(1)", "B1:P(0)", "B0:I(1,2)", "B1:I(1,2)", "B1:P(1) B1:P(2)"]),
])
def test_remembered_legality_verdicts_are_those_of_a_fresh_model(kernel, texts) -> None:
    """Checking actions one after the other on one model (which remembers verdicts per
    dependence and time maps) accepts and refuses exactly what a fresh model does, with
    the same message."""
    from polyrl.api import load
    from polyrl.poly.legality import Model, check
    from polyrl.poly.transform import apply_action

    root = Path(__file__).resolve().parents[1] / "datasets" / "polybench"
    prog = load(root / kernel, defines={"MINI_DATASET": "1"}, include_dirs=[str(root / "utilities")])
    warm = prog.model

    def verdict(model: Model, nest) -> str:
        try:
            check(model, nest)
        except PolyrlError as e:
            return e.message
        return "legal"

    seen = set()
    for text in texts:
        nest = warm.original
        for a in Schedule.parse(text).actions:
            nest = apply_action(nest, a)
        mine = verdict(warm, nest)
        seen.add(mine == "legal")
        assert mine == verdict(Model(prog.scop, warm.expansions), nest), text
    assert seen == {True, False}  # both kinds were checked


@pytest.mark.parametrize("kernel", ["linear-algebra/blas/gemver/gemver.c", "stencils/fdtd-2d/fdtd-2d.c",
                                    "linear-algebra/solvers/lu/lu.c", "linear-algebra/blas/symm/symm.c",
                                    "datamining/correlation/correlation.c"])
def test_legality_verdicts_are_those_of_the_whole_lexicographic_order(kernel) -> None:
    """Reversed and carried dependences, found through each statement pair's and then
    each dependence's two time maps with the order's pieces that constant time
    dimensions rule out left unasked, are those of isl's whole lexicographic order on the
    union schedule, for random schedules (legal or not) and every loop; asked for one,
    they give one of them."""
    import random

    import islpy as isl

    from polyrl.api import load
    from polyrl.poly.legality import Model, carried_by, violated
    from polyrl.poly.transform import apply_action, to_union_map
    from polyrl.rl.actions import ACTIONS

    root = Path(__file__).resolve().parents[1] / "datasets" / "polybench"
    prog = load(root / kernel, defines={"MINI_DATASET": "1"}, include_dirs=[str(root / "utilities")])
    rng = random.Random(5)
    kinds = [t for t in ACTIONS if t.kind in ("I", "R", "S", "P")] + [t for t in ACTIONS if t.kind == "T2"][:4]
    seen = set()
    for _ in range(16):
        nest = prog.model.original
        for _ in range(rng.randint(1, 3)):
            branch = rng.randrange(len(nest.branches()))
            try:
                nest = apply_action(nest, rng.choice(kinds).on(branch))
            except PolyrlError:
                continue
        model = Model(prog.scop)  # fresh: nothing remembered
        sched = to_union_map(prog.scop, nest)

        def whole(d, sched=sched):
            t = isl.UnionMap.from_map(d.relation).apply_domain(sched).apply_range(sched)
            maps = []
            t.foreach_map(maps.append)
            return maps[0] if maps else None

        want = [d for d in model.dependences
                if (td := whole(d)) is not None and not td.intersect(isl.Map.lex_ge(td.get_space().domain())).is_empty()]
        assert violated(model, nest) == want
        one = violated(Model(prog.scop), nest, first=True)  # asked per statement pair first, then per dependence
        assert len(one) == min(len(want), 1) and all(d in want for d in one)
        seen.add(bool(want))
        for path, loop in nest.walk():
            dim = 2 * (len(path) - 1) + 1
            carried = []
            for d in model.dependences:
                if d.source not in loop.exprs or d.target not in loop.exprs or (td := whole(d)) is None:
                    continue
                for k in range(dim):
                    td = td.equate(isl.dim_type.in_, k, isl.dim_type.out, k)
                if not td.subtract(td.equate(isl.dim_type.in_, dim, isl.dim_type.out, dim)).is_empty():
                    carried.append(d)
            assert carried_by(model, nest, path) == carried, path
            one = carried_by(model, nest, path, first=True)
            assert len(one) == min(len(carried), 1) and all(d in carried for d in one), path
    assert seen == {True, False}  # legal and illegal schedules were checked
