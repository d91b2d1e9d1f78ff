"""Using the policy (polyrl.search) on real MINI PolyBench kernels: greedy inference from a
checkpoint in `polyrl train`'s format, sampling, the measured policy-guided and random
searches (verified builds, the memo store first), `polyrl optimize` without --schedule,
and the bench variants polyrl-policy, polyrl-search and random-search. The policy is a
freshly initialised actor-critic: what is tested is the machinery, not its choices."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest
import torch

from polyrl.api import load
from polyrl.cli import main
from polyrl.errors import PolyrlError
from polyrl.model.actor_critic import ActorCritic
from polyrl.model.costmodel import CostModel
from polyrl.poly.legality import is_legal
from polyrl.rl.actions import NUM_ACTIONS
from polyrl.rl.checkpoint import load_policy
from polyrl.rl.env import PolyEnv
from polyrl.rl.rewards import SurrogateRewarder
from polyrl.rl.state import LoadedProgram, ProgramSpec
from polyrl.runtime import MemoStore, Record, StoreKey, Toolchain, machine_fingerprint, program_hash
from polyrl.search import ORIGINAL, CandidateMeasurer, Policy, policy_search, random_search, save_policy
from polyrl.search import policy as policy_module

ROOT = Path(__file__).resolve().parents[1]
PB = ROOT / "datasets" / "polybench"
UTIL = PB / "utilities"
GEMM = PB / "linear-algebra/blas/gemm/gemm.c"
ATAX = PB / "linear-algebra/kernels/atax/atax.c"
MAX_STEPS = 6  # short episodes keep the tests fast
# what `polyrl optimize FILE -D MINI_DATASET -I UTIL --threads 1` builds with, so the
# API tests and the command share the memo store's keys
TOOLCHAIN = Toolchain(flags=("-O3", "-march=native", "-fopenmp", "-DMINI_DATASET", f"-I{UTIL.resolve()}"),
                      threads=1)


def mini(path: Path):
    return load(path, defines={"MINI_DATASET": "1"}, include_dirs=[str(UTIL)])


@pytest.fixture(scope="module", autouse=True)
def one_thread():
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)


@pytest.fixture(scope="module")
def policy_path(tmp_path_factory) -> Path:
    torch.manual_seed(0)
    return save_policy(ActorCritic(num_actions=NUM_ACTIONS), tmp_path_factory.mktemp("policy") / "policy.pt",
                       max_steps=MAX_STEPS)


@pytest.fixture(scope="module")
def store_path(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("store") / "store.sqlite"


def test_checkpoint_is_in_the_training_format(policy_path):
    model, ckpt = load_policy(policy_path)  # polyrl.rl.checkpoint's reader, the one every policy file goes through
    assert model.hparams["num_actions"] == NUM_ACTIONS
    policy = Policy.load(policy_path)
    assert policy.max_steps == MAX_STEPS and policy.path == str(policy_path)


def test_greedy_is_legal_deterministic_and_what_the_environment_gives(policy_path):
    program = mini(GEMM)
    # no pruning of small parallel regions: the episode must be the environment's exactly
    first = Policy.load(policy_path, min_parallel_work=0).greedy(program)
    again = Policy.load(policy_path, min_parallel_work=0).greedy(mini(GEMM))  # fresh caches, fresh program
    assert first.text == again.text and first.steps == again.steps <= MAX_STEPS
    assert first.seconds > 0
    assert is_legal(program.model, first.schedule)
    assert program.apply(first.text).region_text  # the command writes exactly this

    # the environment (every legal action masked in at every step) takes the same actions
    policy = Policy.load(policy_path)
    env = PolyEnv(SurrogateRewarder(CostModel()), max_steps=MAX_STEPS)
    obs, info = env.reset(options={"program": ProgramSpec(str(GEMM), (("MINI_DATASET", "1"),), (str(UTIL),))})
    with torch.no_grad():
        while True:
            logits, _ = policy.model(obs)
            mask = torch.as_tensor(info["action_mask"]).reshape(logits.shape)
            obs, _, terminated, truncated, info = env.step(int(logits.masked_fill(~mask, float("-inf")).argmax()))
            if terminated or truncated:
                break
    assert info["schedule"] == first.text


def test_samples_are_legal_and_reproducible(policy_path):
    policy = Policy.load(policy_path)
    lp = LoadedProgram.of(mini(ATAX))
    draws = [policy.sample(lp, torch.Generator().manual_seed(7)).text for _ in range(2)]
    assert draws[0] == draws[1]
    other = {policy.sample(lp, torch.Generator().manual_seed(s)).text for s in range(4)}
    for text in other | {draws[0]}:
        assert is_legal(lp.program.model, lp.program.apply(text).schedule)


def test_the_picks_samples_are_distinct_legal_new_and_reproducible():
    # the macro pick's sampled candidates (Policy.pick_samples): at most that many, none a schedule it
    # already weighs, each legal, the same ones on every call
    program = load(PB / "linear-algebra/kernels/atax/atax.c", defines={"MEDIUM_DATASET": "1"}, include_dirs=[str(UTIL)])
    lp = LoadedProgram.of(program)
    policy = Policy.load(check=True, pick=True, pick_samples=4)
    assert policy.pick_samples == 4 and Policy.load(check=True, pick=True).pick_samples == 0  # off unless asked
    seen = {str(policy.greedy(lp).schedule)}
    first, again = policy._pick_samples(lp, seen), policy._pick_samples(lp, seen)
    texts = [str(s) for s, _, _ in first]
    assert texts == [str(s) for s, _, _ in again]
    assert 1 <= len(texts) <= 4 and len(set(texts)) == len(texts) and not set(texts) & seen
    for schedule, nest, name in first:
        assert name == "sample" and is_legal(program.model, schedule)
        assert str(nest) == str(program.apply(str(schedule)).nest)


def test_an_ensemble_averages_its_networks_log_probabilities(policy_path, tmp_path, capsys):
    torch.manual_seed(1)
    other = save_policy(ActorCritic(num_actions=NUM_ACTIONS), tmp_path / "other.pt", max_steps=MAX_STEPS)
    out = tmp_path / "ensemble.pt"
    assert main(["ensemble", str(policy_path), str(other), "--out", str(out)]) == 0
    assert "an ensemble of 2 networks" in capsys.readouterr().out
    ensemble, first, second = Policy.load(out), Policy.load(policy_path), Policy.load(other)
    assert ensemble.size == 2 and ensemble.max_steps == MAX_STEPS
    # at every state of its own greedy episode: the mean of the two networks' log-softmax
    lp = LoadedProgram.of(mini(GEMM))
    inference = ensemble.greedy(lp)
    memo = ensemble._program_memo(lp)
    assert memo.logits
    for (text, branch), (logits, _) in memo.logits.items():
        nest = lp.program.apply(text).nest
        obs = ensemble.graphs.observation(lp, text, nest, nest.branches()[branch])
        expected = (torch.log_softmax(first.logits(obs), -1) + torch.log_softmax(second.logits(obs), -1)) / 2
        assert torch.allclose(logits, expected, atol=1e-6)
    assert is_legal(lp.program.model, inference.schedule)
    # a network joined with itself chooses what it chooses alone; `--init` takes the first
    twice = tmp_path / "twice.pt"
    assert main(["ensemble", str(other), str(other), "--out", str(twice)]) == 0
    program = mini(ATAX)
    assert Policy.load(twice).greedy(program).text == second.greedy(program).text
    assert torch.equal(load_policy(twice)[0].policy[-1].weight, second.model.policy[-1].weight)
    # an ensemble given as a member brings all its networks
    assert main(["ensemble", str(out), str(policy_path), "--out", str(tmp_path / "three.pt")]) == 0
    assert Policy.load(tmp_path / "three.pt").size == 3


def test_ensemble_refuses_what_cannot_be_averaged(policy_path, tmp_path, capsys):
    assert main(["ensemble", str(policy_path), "--out", str(tmp_path / "e.pt")]) == 2
    assert "at least two networks" in capsys.readouterr().err
    longer = save_policy(ActorCritic(num_actions=NUM_ACTIONS), tmp_path / "long.pt", max_steps=MAX_STEPS + 1)
    assert main(["ensemble", str(policy_path), str(longer), "--out", str(tmp_path / "e.pt")]) == 2
    assert "different numbers of steps" in capsys.readouterr().err
    wide = save_policy(ActorCritic(num_actions=NUM_ACTIONS, hidden_channels=64), tmp_path / "wide.pt", max_steps=MAX_STEPS)
    assert main(["ensemble", str(policy_path), str(wide), "--out", str(tmp_path / "e.pt")]) == 2
    assert "different network shapes" in capsys.readouterr().err
    (tmp_path / "junk.pt").write_text("not a checkpoint")
    assert main(["ensemble", str(policy_path), str(tmp_path / "junk.pt"), "--out", str(tmp_path / "e.pt")]) == 2
    assert not (tmp_path / "e.pt").exists()


def test_a_confident_policy_still_yields_new_candidates(tmp_path):
    # a policy that ends every branch at once with probability ~0.97 at temperature 1:
    # plain samples keep repeating the empty schedule; the search's stream raises the
    # temperature on each repeat, so its next draws are new schedules
    from polyrl.rl.actions import NEXT
    from polyrl.search import policy_candidates

    torch.manual_seed(0)
    model = ActorCritic(num_actions=NUM_ACTIONS)
    with torch.no_grad():
        head = model.policy[-1]
        head.weight.zero_()
        head.bias.zero_()
        head.bias[NEXT] = 8.0
    policy = Policy.load(save_policy(model, tmp_path / "confident.pt", max_steps=MAX_STEPS))
    lp = LoadedProgram.of(mini(ATAX))
    generator = torch.Generator().manual_seed(3)
    plain = [policy.sample(lp, generator).text for _ in range(12)]
    assert plain.count("") >= 9
    stream = policy_candidates(policy, lp.program, seed=3)
    drawn = [str(next(stream)[0]) for _ in range(12)]
    assert drawn[0] == "" and len(set(drawn)) >= 6
    with pytest.raises(ValueError):
        policy.sample(lp, generator, temperature=0)


def test_policy_search_keeps_the_best_verified_candidate_and_measures_nothing_twice(policy_path, store_path):
    program = mini(GEMM)
    policy = Policy.load(policy_path)
    seen = []
    with MemoStore(store_path) as store:
        result = policy_search(program, policy, 3, TOOLCHAIN, store=store, repeat=2, timeout_s=60,
                               on_candidate=lambda k, c: seen.append((k, c)))
        cs = result.candidates
        assert 1 <= len(cs) <= 3 and [k for k, _ in seen] == list(range(1, len(cs) + 1))
        assert len({c.schedule for c in cs}) == len(cs) and "" not in {c.schedule for c in cs}
        greedy = policy.greedy(program).text
        assert cs[0].origin == "greedy" and cs[0].schedule == greedy
        # then the macro schedules, before any sample (gemm has more than two)
        assert all(c.origin.startswith("macro ") for c in cs[1:])
        for c in cs:
            assert c.status == "ok" and c.speedup > 0 and c.comparison.verified
            assert is_legal(program.model, program.apply(c.schedule).schedule)
        best = result.best
        assert best.speedup >= max(cs[0].speedup, 1.0)
        assert best is ORIGINAL or best in cs

        # the same search again: every candidate comes from the store
        again = policy_search(program, policy, 3, TOOLCHAIN, store=store, repeat=2, timeout_s=60)
        assert [c.schedule for c in again.candidates] == [c.schedule for c in cs]
        assert all(c.cached for c in again.candidates)


def test_random_search_with_the_same_budget():
    program = mini(GEMM)
    result = random_search(program, 3, TOOLCHAIN, seed=1, repeat=2, timeout_s=60)
    cs = result.candidates
    assert 1 <= len(cs) <= 3 and len({c.schedule for c in cs}) == len(cs)
    assert all(c.origin == "random" and c.speedup > 0 and c.comparison.verified for c in cs)
    assert result.best.speedup >= max(1.0, *(c.speedup for c in cs))


def test_a_wrong_result_is_never_a_candidate(tmp_path):
    program = mini(GEMM)
    schedule = program.apply("B1:I(1,2)").schedule
    keys = [StoreKey(program_hash(program.scop), text, machine_fingerprint(), TOOLCHAIN.key())
            for text in ("", str(schedule))]
    with MemoStore(tmp_path / "store.sqlite") as store:
        store.put(keys[0], Record(True, "ok", (1e-3,), None, ""))
        store.put(keys[1], Record(True, "wrong-result", (1e-3,), False, "C[0][1]: 1 != 2"))
        with pytest.raises(PolyrlError, match="computes a different result.*polyrl bug"):
            CandidateMeasurer(program, TOOLCHAIN, store).measure(schedule, "sample")


def test_optimize_without_a_policy_exits_2_with_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(policy_module, "DEFAULT_POLICY", tmp_path / "weights" / "policy.pt")
    args = ["optimize", str(GEMM), "-D", "MINI_DATASET", "-I", str(UTIL), "-o", str(tmp_path / "out.c")]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "ships no trained policy" in err and "--policy" in err
    assert main([*args, "--policy", str(tmp_path / "missing.pt")]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "no such policy checkpoint" in err
    assert not (tmp_path / "out.c").exists()
    assert main([*args, "--schedule", "B0:P(0)", "--search", "2"]) == 2
    assert "--schedule" in capsys.readouterr().err


def test_optimize_with_the_policy_greedily_and_with_search(policy_path, store_path, tmp_path, capsys):
    base = ["optimize", str(GEMM), "-D", "MINI_DATASET", "-I", str(UTIL), "--policy", str(policy_path)]
    out = tmp_path / "greedy.c"
    assert main([*base, "-o", str(out)]) == 0
    text = capsys.readouterr().out
    greedy = Policy.load(policy_path, check=True, pick=True).greedy(mini(GEMM)).text  # what optimize does by default
    assert f"schedule: {greedy}" in text and out.is_file() and "polyrl: optimized region" in out.read_text()

    # the store of the API test above answers every measurement of the same search
    out = tmp_path / "search.c"
    assert main([*base, "--search", "3", "--store", str(store_path), "--repeat", "2", "--threads", "1",
                 "-o", str(out)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("[1/3] ") and "verified" in lines[0] and greedy in lines[0]
    best = next(ln for ln in lines if ln.startswith("best of "))
    assert out.is_file() and lines[-1].startswith(f"wrote {out}")
    # absolute times beside the speedups, and the baseline named
    assert re.search(r"verified \([0-9.]+ [mu]?s against [0-9.]+ [mu]?s\)", lines[0]), lines[0]
    assert any(ln.startswith("baseline: the original program built with gcc -O3") for ln in lines), lines
    if "original program" not in best:
        assert best.split("x  ", 1)[1] in lines[-1]


def test_bench_policy_and_random_search_variants_on_one_mini_kernel(policy_path, tmp_path, capsys):
    out = tmp_path / "bench"
    assert main(["bench", "--dataset", "MINI", "--kernels", "gemm", "--variants", "polyrl-policy,random-search",
                 "--policy", str(policy_path), "--search-budget", "2", "--repeat", "1", "--threads", "1",
                 "--out", str(out)]) == 0
    capsys.readouterr()
    rows = {r["variant"]: r for r in csv.DictReader((out / "results.csv").open())}
    for name in ("polyrl-policy", "random-search"):
        assert rows[name]["status"] == "ok" and rows[name]["verified"] == "yes", rows[name]
    md = (out / "results.md").read_text()
    assert "polyrl-policy: policy inference time" in md and "| gemm |" in md and "median" in md
    assert "random-search: best of up to 2 measured candidates" in md


def test_bench_times_a_search_winner_again(tmp_path, capsys):
    # the search chose its winner on its own timings (the least of its candidates'): the bench's row
    # is a fresh timing of it, even where the store has that schedule, and the store keeps the
    # record the search chose on
    store = tmp_path / "memo.db"
    args = ["bench", "--dataset", "MINI", "--kernels", "gemm", "--variants", "random-search", "--search-budget", "2",
            "--repeat", "1", "--threads", "1", "--store", str(store)]
    assert main([*args, "--out", str(tmp_path / "a")]) == 0
    with MemoStore(store) as s:
        before = {k.schedule: r for k, r in s.items()}
    assert main([*args, "--out", str(tmp_path / "b")]) == 0
    capsys.readouterr()
    for out in ("a", "b"):
        rows = {r["variant"]: r for r in csv.DictReader((tmp_path / out / "results.csv").open())}
        row = rows["random-search"]
        assert row["status"] == "ok" and row["verified"] == "yes", row
        if "the base build" not in row["detail"]:  # a search that kept the original gets the base's time
            assert row["cached"] == "0", row
    assert rows["base"]["cached"] == "1"  # the second run's base is the store's
    with MemoStore(store) as s:
        assert {k.schedule: r for k, r in s.items()} == before


def test_bench_compares_policy_checkpoints_side_by_side(policy_path, tmp_path, capsys):
    torch.manual_seed(3)
    other = save_policy(ActorCritic(num_actions=NUM_ACTIONS), tmp_path / "other.pt", max_steps=MAX_STEPS)
    out = tmp_path / "bench"
    variants = (f"polyrl-policy,polyrl-policy@{policy_path},polyrl-policy@{other},polyrl-policy@{tmp_path / 'no.pt'},"
                "polyrl-greedy,polyrl-checked")
    assert main(["bench", "--dataset", "MINI", "--kernels", "atax", "--variants", variants, "--policy",
                 str(policy_path), "--repeat", "1", "--threads", "1", "--out", str(out)]) == 0
    capsys.readouterr()
    rows = {r["variant"]: r for r in csv.DictReader((out / "results.csv").open())}
    same, second = rows[f"polyrl-policy@{policy_path}"], rows[f"polyrl-policy@{other}"]
    assert rows["polyrl-policy"]["status"] == same["status"] == second["status"] == "ok"
    assert rows[f"polyrl-policy@{tmp_path / 'no.pt'}"]["status"] == "not-available"
    md = (out / "results.md").read_text()
    # each column has its own inference table; the same checkpoint chooses the same schedule
    assert md.count("policy inference time") == 5
    tables = md.split("### ")
    chosen = [next(line for line in t.splitlines() if line.startswith("| atax |")).split("|")[4]
              for t in tables if "policy inference time" in t]
    expected = Policy.load(policy_path, check=True, pick=True).greedy(mini(ATAX)).text or "none"
    assert chosen[0] == chosen[1] == f" `{expected}` "
    # polyrl-greedy: the same policy without the cost model's check
    assert chosen[3] == f" `{Policy.load(policy_path).greedy(mini(ATAX)).text or 'none'}` "
    assert rows["polyrl-greedy"]["status"] == "ok"
    # polyrl-checked: the same policy, checked, without the macro pick
    assert chosen[4] == f" `{Policy.load(policy_path, check=True).greedy(mini(ATAX)).text or 'none'}` "
    assert rows["polyrl-checked"]["status"] == "ok" and rows["polyrl-checked"]["verified"] == "yes"
    assert main(["bench", "--dataset", "MINI", "--kernels", "atax", "--variants", "polyrl-policy@",
                 "--out", str(tmp_path / "b2")]) == 2
    assert "give the policy checkpoint" in capsys.readouterr().err


def test_bench_policy_variants_without_a_policy_are_not_available(tmp_path, capsys):
    out = tmp_path / "bench"
    assert main(["bench", "--dataset", "MINI", "--kernels", "atax", "--variants", "polyrl-policy,polyrl-search",
                 "--policy", str(tmp_path / "missing.pt"), "--repeat", "1", "--threads", "1",
                 "--out", str(out)]) == 0
    capsys.readouterr()
    rows = {r["variant"]: r for r in csv.DictReader((out / "results.csv").open())}
    assert rows["polyrl-policy"]["status"] == rows["polyrl-search"]["status"] == "not-available"
    assert "no such policy checkpoint" in rows["polyrl-policy"]["detail"]


def test_the_shipped_policy_chooses_a_legal_schedule_and_drops_small_parallel_regions():
    from polyrl.poly.geometry import parallel_work
    from polyrl.search.policy import DEFAULT_POLICY, MIN_PARALLEL_WORK

    assert DEFAULT_POLICY.is_file()
    from polyrl.rl.actions import ACTION_TEXTS, NEXT

    def parallel_first(logits, allowed):  # P(0) where allowed (the i loop both branches share), else Next
        p0 = ACTION_TEXTS.index("P(0)")
        return p0 if allowed[p0] else NEXT

    program = load(GEMM, defines={"MINI_DATASET": "1"}, include_dirs=[str(UTIL)])
    free = Policy.load(min_parallel_work=0).episode(program, parallel_first)
    assert free.text == "B0:P(0)" and is_legal(program.model, free.schedule)
    pruned = Policy.load(min_parallel_work=1 << 60).episode(program, parallel_first)  # no region is large enough
    assert pruned.text == ""
    # the default threshold: every region MINI gemm could parallelize is below it
    nest = program.model.original
    assert all(parallel_work(program.scop, nest, path, 0) < MIN_PARALLEL_WORK for path in nest.branches())
    assert Policy.load().episode(program, parallel_first).text == ""
    # the network's own greedy schedule: legal, and no small parallel region
    assert is_legal(program.model, Policy.load().greedy(program).schedule)
    assert ":P(" not in Policy.load().greedy(program).text  # the Pluto form's plan leaves small loops serial too


TRIANGLE = r"""
#define N 100
double A[N][N], x[N];
void kernel(void)
{
  int i, j;
#pragma scop
  for (i = 0; i < N; i++) {
    x[i] = 0.0;
    for (j = 0; j < i; j++)
      A[i][j] = A[i][j] * 2.0 + x[j];
  }
#pragma endscop
}
"""


def test_parallel_work_counts_the_regions_of_a_triangle_exactly(tmp_path: Path):
    from polyrl.poly.geometry import parallel_work

    path = tmp_path / "triangle.c"
    path.write_text(TRIANGLE)
    program = load(path)
    nest = program.model.original
    inner = max(nest.branches(), key=len)  # i, then j < i
    # the j loop starts for i = 1..99 (at i = 0 it runs nothing) and runs 4950 times in all:
    # 50 per start, where the largest extent (99) would say 99
    assert parallel_work(program.scop, nest, inner, 1) == pytest.approx(4950 / 99)
    # the i loop holds both statements, once: 100 + 4950 instances
    assert parallel_work(program.scop, nest, inner, 0) == 5050
    # after an interchange-free tiling of the triangle the count is unchanged: tiling reorders
    tiled = program.apply("B0:T2(0,1,32,32)").nest
    assert parallel_work(program.scop, tiled, max(tiled.branches(), key=len), 0) == 5050


SEIDEL = PB / "stencils/seidel-2d/seidel-2d.c"


def test_the_cost_check_keeps_only_legal_shortenings():
    from polyrl.search.policy import CostCheck

    program = mini(SEIDEL)
    schedule = program.apply("B0:S(1,2,1) B0:I(1,2)")  # a wavefront: the interchange needs the skew
    options = CostCheck.options(program.model, schedule.schedule, schedule.nest)
    texts = [str(s) for s, _ in options]
    # each one-shorter schedule, then the original; the interchange alone is refused
    assert [str(s) for s in CostCheck.candidates(schedule.schedule)] == [texts[0], "B0:I(1,2)", "B0:S(1,2,1)", ""]
    assert texts == ["B0:S(1,2,1) B0:I(1,2)", "B0:S(1,2,1)", ""]
    with pytest.raises(PolyrlError, match="illegal"):
        program.apply("B0:I(1,2)")
    assert all(is_legal(program.model, s) for s, _ in options)
    assert [str(n) for _, n in options] == [str(schedule.nest), str(program.apply("B0:S(1,2,1)").nest),
                                           str(program.model.original)]


def test_the_check_keeps_the_pluto_form_and_puts_it_where_the_original_would_stay():
    import numpy as np

    from polyrl.rl.actions import FORM, NEXT

    lp = LoadedProgram.of(load(PB / "stencils/fdtd-2d/fdtd-2d.c", defines={"MEDIUM_DATASET": "1"},
                               include_dirs=[str(UTIL)]))
    policy = Policy.load(check=True, forms=False)  # the forms' own check: test_the_form_check_...
    form = policy.episode(lp, lambda logits, allowed: FORM if allowed[FORM] else NEXT)
    assert form.whole and form.steps == 1 and form.text.startswith("B0:A(") and len(form.schedule.actions) >= 3
    # the form is one decision: kept whole, though one-shorter variants of it exist to weigh
    assert len(policy_module.CostCheck.options(lp.program.model, form.schedule, form.nest)) > 2
    kept = policy._checked(lp, form)
    assert kept.text == form.text and kept.proposed is None and not kept.form_instead
    # an episode that keeps the original loops gets the form instead, and says so
    original = policy.episode(lp, lambda logits, allowed: NEXT)
    assert original.text == "" and not original.whole
    instead = policy._checked(lp, original)
    assert instead.text == form.text and instead.whole and instead.form_instead and instead.proposed == original.schedule
    assert instead.seconds >= original.seconds
    # an episode of single actions is checked by the cost model as before
    single = policy.episode(lp, lambda logits, allowed: int(np.flatnonzero(allowed[:FORM])[0]) if allowed[:FORM].any()
                            else NEXT)
    assert single.schedule.actions and not single.whole
    checked = policy._checked(lp, single)
    assert checked.form_instead == (checked.text == form.text)


@pytest.mark.parametrize("kernel", [GEMM, PB / "linear-algebra/solvers/lu/lu.c", PB / "stencils/heat-3d/heat-3d.c"])
def test_the_shipped_policy_with_the_cost_check_takes_the_predicted_fastest(kernel):
    from polyrl.model.features import program_graph
    from polyrl.search.policy import CostCheck

    program = load(kernel, defines={"MEDIUM_DATASET": "1"}, include_dirs=[str(UTIL)])
    own = Policy.load().greedy(program)
    checked = Policy.load(check=True, forms=False).greedy(load(kernel, defines={"MEDIUM_DATASET": "1"},
                                                                include_dirs=[str(UTIL)]))
    options = CostCheck.options(program.model, own.schedule, own.nest)
    times = CostCheck().predict([program_graph(program.scop, nest) for _, nest in options])
    best = min(range(len(options)), key=lambda k: (times[k], k))
    assert is_legal(program.model, checked.schedule)
    if own.whole:  # the Pluto form: kept as the policy chose it, or its plan on the loops as written
        # where the cost model predicts that faster (`_form_choice`); which one depends on the
        # machine's caches, which the graphs' reuse features read (a Xeon kept gemm's form,
        # an EPYC of family 25 model 17 takes the plan on the source loops)
        if checked.source_loops:
            assert checked.proposed == own.schedule and checked.predicted_gain > 1
            assert checked.text != own.text and not checked.text.startswith("B0:A(")
        else:
            assert checked.text == own.text and checked.proposed is None
    elif not options[best][0].actions:  # the original: its Pluto form instead
        assert checked.form_instead and checked.whole and checked.text.startswith("B0:A(")
        assert checked.proposed == own.schedule
    else:
        assert checked.text == str(options[best][0]) and not checked.form_instead
        if best == 0:
            assert checked.proposed is None and checked.predicted_gain == 1.0
        else:
            assert checked.proposed == own.schedule
            assert checked.predicted_gain == pytest.approx(times[0] / times[best]) and checked.predicted_gain > 1


def test_optimize_asks_the_cost_model_unless_told_not_to(tmp_path, capsys):
    heat = PB / "stencils/heat-3d/heat-3d.c"
    base = ["optimize", str(heat), "-D", "MEDIUM_DATASET", "-I", str(UTIL)]
    program = load(heat, defines={"MEDIUM_DATASET": "1"}, include_dirs=[str(UTIL)])
    for flags, check in (([], True), (["--no-cost-model"], False)):
        assert main([*base, *flags, "-o", str(tmp_path / "out.c")]) == 0
        text = capsys.readouterr().out
        inference = Policy.load(check=check, pick=check).greedy(program)
        assert f"schedule: {inference.text or 'none'}" in text
        assert ("cost model: predicts the policy's" in text) == (inference.proposed is not None and not inference.macro)
        assert ("macro pick: " in text) == bool(inference.macro)


def test_optimize_says_when_the_form_check_keeps_the_original(tmp_path, capsys):
    jacobi = PB / "stencils/jacobi-2d/jacobi-2d.c"
    assert main(["optimize", str(jacobi), "-D", "MEDIUM_DATASET", "-I", str(UTIL), "-o", str(tmp_path / "out.c")]) == 0
    text = capsys.readouterr().out
    inference = Policy.load(check=True, pick=True).greedy(load(jacobi, defines={"MEDIUM_DATASET": "1"},
                                                               include_dirs=[str(UTIL)]))
    assert f"schedule: {inference.text or 'none'}" in text
    said = "the cost model predicts the policy's whole-program form"
    assert (said in text) == inference.original_instead
    if inference.original_instead:
        assert f"`{inference.proposed}` {inference.predicted_gain:.2f}x slower than the original loops" in text


@pytest.mark.parametrize("kernel", [PB / "linear-algebra/kernels/doitgen/doitgen.c", PB / "linear-algebra/blas/gemver/gemver.c"])
def test_the_search_measures_the_checked_schedule_then_the_policys_own(kernel):
    from itertools import islice

    from polyrl.search import policy_candidates

    program = load(kernel, defines={"MEDIUM_DATASET": "1"}, include_dirs=[str(UTIL)])
    checked = Policy.load(check=True)
    inference = checked.greedy(program)
    own = Policy.load().greedy(program)
    first = [(str(s), origin) for s, origin in islice(policy_candidates(checked, program), 2)]
    assert first[0] == (inference.text, "greedy")
    # whether the check replaces the policy's schedule depends on the machine's caches (the
    # graphs' reuse features read them): on the Xeons of sessions 29-35 it replaced both
    if own.text != inference.text:
        assert first[1] == (own.text, "greedy, before the cost-model check")
        assert inference.proposed == own.schedule
    else:  # the same schedule is not measured twice
        assert inference.proposed is None and first[1][0] != own.text


def test_a_checkpoint_of_the_table_before_the_macros_loads_widened(tmp_path):
    # saved with the 109 actions the table had before the macro actions: it loads with a
    # row per action of today's table; the old rows keep their logits, the macros get none
    from polyrl.model.costmodel import FEATURES_KEY
    from polyrl.rl.actions import ACTION_TEXTS, ACTIONS, NEW_ACTION_BIAS
    from polyrl.rl.checkpoint import FORMAT, VERSION

    old = tuple(t for t in ACTION_TEXTS if not t.startswith(("M(", "A(", "F(")) and (not t.startswith("S(") or t.endswith(",1)")))
    assert len(old) == 109
    torch.manual_seed(1)
    small = ActorCritic(num_actions=len(old))
    path = tmp_path / "old.pt"
    torch.save({"format": FORMAT, "version": VERSION, "features": FEATURES_KEY,
                "actions": old, "hparams": small.hparams, "model": small.state_dict(),
                "config": {"max_steps": MAX_STEPS}}, path)
    wide, ckpt = load_policy(path)
    assert wide.hparams["num_actions"] == NUM_ACTIONS and ckpt["widened_from"] == 109
    lp = LoadedProgram.of(mini(GEMM))
    graph = Policy.load(path).graphs.observation(lp, "", lp.program.model.original,
                                                 lp.program.model.original.branches()[0])
    with torch.no_grad():
        before, _ = small(graph)
        after, _ = wide(graph)
    keep = [ACTION_TEXTS.index(t) for t in old]
    assert torch.allclose(after.reshape(-1)[keep], before.reshape(-1))
    new = [k for k, t in enumerate(ACTION_TEXTS) if t not in old]
    assert len(new) == 14 and all(ACTIONS[k].macro or ACTIONS[k].kind in ("A", "S") for k in new)
    assert torch.allclose(after.reshape(-1)[new], torch.full((len(new),), NEW_ACTION_BIAS))


def test_a_pack_isl_cannot_bound_cheaply_is_refused_and_the_search_goes_on(tmp_path):
    from polyrl.poly.schedule import Schedule
    from polyrl.search.measured import CandidateMeasurer

    # a sample of a policy search on covariance (MEDIUM): skew, tile, pack, skew again. The
    # box of `mean` its pack copies took isl 530 s before the budget (polyrl.poly.packing)
    program = load(PB / "datamining/covariance/covariance.c", defines={"MEDIUM_DATASET": "1"},
                   include_dirs=[str(UTIL)])
    text = "B0:J(0,2) B1:U(4) B2:V() B2:J(0,2) B3:S(0,1,2) B3:T2(0,1,128,32) B3:K(1,0) B3:S(0,1,1) B3:V() B3:J(0,2)"
    assert is_legal(program.model, Schedule.parse(text))
    with pytest.raises(PolyrlError, match="the pack of mean .* leave this pack out"):
        program.apply(text).region_text  # noqa: B018
    with MemoStore(tmp_path / "store.sqlite") as store:
        candidate = CandidateMeasurer(program, TOOLCHAIN, store).measure(Schedule.parse(text), "sample")
    assert (candidate.status, candidate.speedup) == ("not generated", None)
    assert "not generated" in candidate.summary()


def test_a_pack_whose_box_isl_finds_unbounded_is_refused_not_a_crash():
    # a sample of a policy search on durbin (MEDIUM): the convex hull that bounds the pack's
    # extent lost its bound, and isl's "unbounded optimum" ended the whole search (session 26)
    program = load(PB / "linear-algebra/solvers/durbin/durbin.c", defines={"MEDIUM_DATASET": "1"},
                   include_dirs=[str(UTIL)])
    text = "B0:A(1) B0:S(0,1,2) B0:K(0,1) B0:U(4)"
    with pytest.raises(PolyrlError, match="isl found no bound on the box .* leave this pack out"):
        program.apply(text).region_text  # noqa: B018


def test_the_check_takes_the_form_or_its_plan_on_the_source_loops_whichever_the_cost_model_predicts_faster():
    from polyrl.poly.legality import apply_schedule
    from polyrl.poly.macros import PROFILES, source_plan
    from polyrl.poly.schedule import Schedule

    lp = LoadedProgram.of(load(Path(__file__).parent / "programs" / "skewed_reduction.c"))
    policy = Policy.load(check=True)
    form = policy.episode(lp, policy_module._the_form)
    assert form.whole and form.schedule.actions[0].kind == "A"
    profile = next(p for p in PROFILES if p.name == "affine-tile")
    steps, nest = source_plan(lp.program.model, profile, list(form.schedule.actions), form.nest)
    plain = Schedule(tuple(steps))
    predicted = policy.check.predict([policy.graphs.graph(lp, str(form.schedule), form.nest),
                                      policy.graphs.graph(lp, str(plain), nest)])
    chosen = policy._form_choice(lp, form)
    if predicted[1] < predicted[0]:
        assert chosen.text == str(plain) and chosen.proposed == form.schedule and chosen.source_loops
        assert chosen.predicted_gain == pytest.approx(float(predicted[0] / predicted[1]))
    else:
        assert chosen.text == form.text and chosen.proposed is None and not chosen.source_loops
    assert chosen.whole and chosen.seconds >= form.seconds
    from polyrl.bench.variants import _replaced  # the bench table's note says which it took
    assert (("the Pluto form's plan on the source loops instead" in _replaced(chosen)) if chosen.source_loops
            else _replaced(chosen) == "")
    apply_schedule(lp.program.model, chosen.schedule)  # legal
    # greedy episodes that take F end with the same choice
    greedy = policy.greedy(lp)
    if greedy.whole and not greedy.form_instead:
        assert greedy.text == chosen.text


@pytest.mark.parametrize("path", [PB / "stencils/jacobi-2d/jacobi-2d.c", PB / "linear-algebra/solvers/lu/lu.c",
                                  Path(__file__).parent / "programs" / "skewed_reduction.c"])
def test_the_form_check_keeps_a_form_only_where_predicted_faster_than_the_original(path):
    from polyrl.bench.variants import _replaced

    lp = LoadedProgram.of(load(path, defines={"MEDIUM_DATASET": "1"}, include_dirs=[str(UTIL)]))
    policy, plain = Policy.load(check=True), Policy.load(check=True, forms=False)
    assert policy.forms is not None and plain.forms is None
    assert Policy.load().forms is None  # it is part of the check: none without one
    both = Policy.load(check=True, pick=True)
    assert both.forms.path == policy_module.shipped_models(policy_module.DEFAULT_FORMS)[0]
    assert both.pick is both.forms  # one file, loaded once
    shared = Policy.load(check=True, pick=policy_module.DEFAULT_PICK, forms=policy_module.DEFAULT_PICK)
    assert shared.pick is shared.forms
    from polyrl.bench.variants import PolicyVariant
    # the bench says the margin in use
    assert (("predicted slower than the original" if policy_module.FORM_MARGIN == 1 else
             f"{policy_module.FORM_MARGIN}x") in PolicyVariant.summary)
    form = plain._form_choice(lp, plain.episode(lp, policy_module._the_form))
    assert form.whole and form.schedule.actions
    # the shipped check asks two models; the form goes only where both predict the original faster
    assert policy.forms_also.path == policy_module.shipped_models(policy_module.DEFAULT_FORMS_TUNED)[0]
    assert Policy.load(check=True, forms=policy_module.DEFAULT_FORMS).forms_also is None
    graphs = [policy.graphs.graph(lp, str(form.schedule), form.nest), policy.graphs.graph(lp, "", lp.program.model.original)]
    predicted = [cost.predict(graphs) for cost in (policy.forms, policy.forms_also)]
    slower = [f / o for f, o in predicted if o * policy_module.FORM_MARGIN <= f]
    checked = policy._form_check(lp, form)
    if len(slower) == 2:
        assert checked.text == "" and checked.original_instead and not checked.whole
        assert checked.proposed == form.schedule and checked.predicted_gain == pytest.approx(min(slower))
        assert "the form predicted" in _replaced(checked) and "the original kept" in _replaced(checked)
    else:
        assert checked.text == form.text and not checked.original_instead and checked.whole
    assert checked.seconds >= form.seconds
    # greedy schedules with and without the form check differ only where it kept the original loops
    ours, theirs = policy.greedy(lp), plain.greedy(lp)
    assert ours.text == theirs.text or (ours.text == "" and theirs.whole)
    assert ours.original_instead == (ours.text == "" and theirs.whole and not theirs.form_instead)


def test_the_forms_models_stand_for_their_fine_tunes_on_that_vendors_machines(tmp_path, monkeypatch):
    import numpy as np

    from polyrl.machine import cpu_family, cpu_vendor
    from polyrl.model.features import program_graph
    from polyrl.search import policy as policy_module
    from polyrl.search.policy import (
        DEFAULT_FORMS,
        DEFAULT_FORMS_TUNED,
        FORMS_FAMILY,
        FORMS_FINETUNES,
        FORMS_SECOND,
        CostCheck,
        shipped_models,
    )

    # the vendor comes from /proc/cpuinfo's vendor_id, the family from its "cpu family"; another vendor or no file:
    # none
    for vendor_id, want in [("AuthenticAMD", "amd"), ("GenuineIntel", "intel"), ("CentaurHauls", "")]:
        (tmp_path / "cpuinfo").write_text(f"processor\t: 0\nvendor_id\t: {vendor_id}\ncpu family\t: 25\n")
        assert cpu_vendor(tmp_path / "cpuinfo") == want and cpu_family(tmp_path / "cpuinfo") == 25
    assert cpu_vendor(tmp_path / "missing") == "" and cpu_family(tmp_path / "missing") is None
    (tmp_path / "cpuinfo").write_text("processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: ?\n")
    assert cpu_family(tmp_path / "cpuinfo") is None
    # a (vendor, family) named in FORMS_FAMILY asks its own models; another family of the vendor, or none known,
    # asks what the vendor asks (none is named since session 75: one named here for the test)
    for named in FORMS_FAMILY.values():
        for path in (DEFAULT_FORMS, DEFAULT_FORMS_TUNED):
            assert all(m.is_file() for m in (named[path][0], *named[path][1])), named[path]
    own = {DEFAULT_FORMS: (FORMS_SECOND[FORMS_FINETUNES["amd"][DEFAULT_FORMS]], ()),
           DEFAULT_FORMS_TUNED: (DEFAULT_FORMS_TUNED, (DEFAULT_FORMS,))}
    monkeypatch.setattr(policy_module, "FORMS_FAMILY", {("amd", 23): own})
    for path in (DEFAULT_FORMS, DEFAULT_FORMS_TUNED):
        vendors = shipped_models(path, "amd", None)
        assert vendors == (FORMS_FINETUNES["amd"][path], (FORMS_SECOND[FORMS_FINETUNES["amd"][path]],))
        assert shipped_models(path, "amd", 23) == own[path] != vendors
        assert shipped_models(path, "amd", 25) == vendors and shipped_models(path, "intel", 23) == (path, ())
    monkeypatch.undo()
    # each shipped forms model has its AMD fine-tune, shipped beside it, asked in its place on AMD machines,
    # blended with a second fine-tune (FORMS_SECOND); other vendors ask the model itself
    for path in (DEFAULT_FORMS, DEFAULT_FORMS_TUNED):
        tune = FORMS_FINETUNES["amd"][path]
        second = FORMS_SECOND[tune]
        assert tune.is_file() and second.is_file() and len({tune, second, path}) == 3
        assert shipped_models(path, "amd") == (tune, (second,))
        assert shipped_models(path, "intel") == (path, ()) == shipped_models(path, "")
    monkeypatch.setattr(policy_module, "FORMS_SECOND", {})
    assert shipped_models(DEFAULT_FORMS, "amd") == (FORMS_FINETUNES["amd"][DEFAULT_FORMS], ())  # no second: alone
    monkeypatch.undo()
    assert shipped_models(Path("elsewhere.pt"), "amd") == (Path("elsewhere.pt"), ())
    # a vendor with a fine-tune that FORMS_ALONE does not name blends it with the model
    monkeypatch.setattr(policy_module, "FORMS_ALONE", frozenset())
    assert shipped_models(DEFAULT_FORMS, "amd") == (DEFAULT_FORMS, (FORMS_FINETUNES["amd"][DEFAULT_FORMS],))
    monkeypatch.undo()
    # a blend predicts the geometric mean of its models' times
    program = load(GEMM, defines={"MEDIUM_DATASET": "1"}, include_dirs=[str(UTIL)])
    graphs = [program_graph(program.scop, program.model.original)]
    alone, tune = CostCheck(DEFAULT_FORMS).predict(graphs), CostCheck(FORMS_FINETUNES["amd"][DEFAULT_FORMS]).predict(graphs)
    assert not np.allclose(alone, tune)  # the premise: the fine-tune predicts otherwise
    blended = CostCheck(DEFAULT_FORMS, blend=[FORMS_FINETUNES["amd"][DEFAULT_FORMS]]).predict(graphs)
    assert np.allclose(blended, np.sqrt(alone * tune), rtol=1e-5)
    with pytest.raises(PolyrlError, match="no such cost-model checkpoint"):
        CostCheck(DEFAULT_FORMS, blend=[tmp_path / "missing.pt"])
    # the shipped policy asks this machine's models in the form check and the pick, each loaded once
    policy = Policy.load(check=True, pick=True)
    assert (policy.forms.path, policy.forms.blend) == shipped_models(DEFAULT_FORMS)
    assert (policy.forms_also.path, policy.forms_also.blend) == shipped_models(DEFAULT_FORMS_TUNED)
    assert policy.pick is policy.forms and policy.pick_also is policy.forms_also
    given = Policy.load(check=True, forms=DEFAULT_FORMS).forms
    assert (given.path, given.blend) == (DEFAULT_FORMS, ())  # a path given: that model itself
    assert Policy.load(check=True).check.blend == ()  # the check's own cost model is never blended


@pytest.mark.parametrize("kernel", [GEMM, PB / "stencils/jacobi-2d/jacobi-2d.c", PB / "linear-algebra/blas/gemver/gemver.c",
                                    PB / "linear-algebra/kernels/doitgen/doitgen.c"])
def test_the_pick_takes_a_macro_schedule_only_where_both_forms_models_predict_the_gain(kernel):
    import numpy as np

    from polyrl.bench.variants import PolicyVariant, _replaced
    from polyrl.model.features import program_graph
    from polyrl.poly.macros import macro_plans
    from polyrl.poly.schedule import Schedule
    from polyrl.search.policy import (
        DEFAULT_FORMS,
        DEFAULT_FORMS_TUNED,
        DEFAULT_PICK,
        PICK_MARGIN,
        CostCheck,
        shipped_forms,
        shipped_models,
    )

    program = load(kernel, defines={"MEDIUM_DATASET": "1"}, include_dirs=[str(UTIL)])
    checked = Policy.load(check=True).greedy(program)
    policy = Policy.load(check=True, pick=True)
    # the pick asks the form check's two models (loaded once) with the margin; a path asks that model alone
    assert policy.pick is policy.forms and policy.pick_also is policy.forms_also and policy.pick_margin == PICK_MARGIN
    assert ((policy.pick.path, policy.pick.blend), (policy.pick_also.path, policy.pick_also.blend)) == tuple(
        shipped_models(p) for p in (DEFAULT_FORMS, DEFAULT_FORMS_TUNED))
    alone = Policy.load(check=True, pick=DEFAULT_PICK)
    assert alone.pick.path == DEFAULT_PICK and alone.pick_also is None and alone.pick_margin == 1.0
    assert f"{PICK_MARGIN}x" in PolicyVariant.summary  # the bench says the margin in use
    picked = policy.greedy(program)
    options = [(checked.schedule, checked.nest, "")]
    for name, (acts, nest) in macro_plans(program.model).items():
        if str(Schedule(tuple(acts))) not in {str(s) for s, _, _ in options}:
            options.append((Schedule(tuple(acts)), nest, name))
    assert len(options) > 1  # the premise: each kernel has macro schedules besides the checked one
    graphs = [program_graph(program.scop, nest) for _, nest, _ in options]
    times = [shipped_forms(p).predict(graphs) for p in (DEFAULT_FORMS, DEFAULT_FORMS_TUNED)]
    best = int(np.argmin(np.log(times[0]) + np.log(times[1])))
    gain = min(t[0] / t[best] for t in times)
    if best > 0 and gain >= PICK_MARGIN:
        assert picked.macro == options[best][2] and picked.text == str(options[best][0])
        assert picked.predicted_gain == pytest.approx(float(gain))
        assert picked.proposed == (checked.proposed if checked.proposed is not None else checked.schedule)
        assert f"the macro schedule `{picked.macro}` predicted" in _replaced(picked)
        assert picked.whole == (picked.schedule.actions[0].kind == "A") and not picked.form_instead
        assert not picked.original_instead  # what the form check said of the checked schedule is not kept
    else:  # no candidate both models predict that much faster: the checked schedule as it was
        assert picked.text == checked.text and not picked.macro and picked.proposed == checked.proposed
    assert is_legal(program.model, picked.schedule)
    # the same with one model: its predicted fastest, at any gain
    one = CostCheck(DEFAULT_PICK).predict(graphs)
    first = int(np.argmin(one))
    assert alone.greedy(program).text == (str(options[first][0]) if first > 0 else checked.text)


@pytest.mark.parametrize("kernel", [PB / "linear-algebra/blas/gemver/gemver.c", PB / "stencils/jacobi-2d/jacobi-2d.c",
                                    PB / "medley/deriche/deriche.c"])
def test_the_pick_gives_its_models_predicted_time_of_its_result_over_the_original(kernel):
    import numpy as np

    from polyrl.search.policy import _argmax

    lp = LoadedProgram.of(load(kernel, defines={"MEDIUM_DATASET": "1"}, include_dirs=[str(UTIL)]))
    policy = Policy.load(check=True, pick=True)
    checked = policy._check(lp, policy.episode(lp, _argmax))
    final = policy.greedy(lp)
    # the pick's choice is the same with the original loops in its forward passes
    assert final.text == policy._macro_pick(lp, checked).text
    if not final.schedule.actions:
        assert final.original_faster == 0
        return
    # the two models' mean log ratio, each asked on its own about the result and the original
    graphs = [policy.graphs.graph(lp, final.text, final.nest), policy.graphs.graph(lp, "", lp.program.model.original)]
    logs = np.log([cost.predict(graphs) for cost in (policy.pick, policy.pick_also)]).mean(axis=0)
    assert final.original_faster == pytest.approx(float(np.exp(logs[0] - logs[1])), rel=1e-5)
    assert final.original_faster > 0


@pytest.mark.parametrize("kernel", [PB / "medley/deriche/deriche.c", PB / "stencils/jacobi-2d/jacobi-2d.c"])
def test_optimize_says_when_the_pick_models_predict_the_original_faster(kernel, tmp_path, capsys):
    assert main(["optimize", str(kernel), "-D", "MEDIUM_DATASET", "-I", str(UTIL), "-o", str(tmp_path / "out.c")]) == 0
    text = capsys.readouterr().out
    inference = Policy.load(check=True, pick=True).greedy(load(kernel, defines={"MEDIUM_DATASET": "1"},
                                                               include_dirs=[str(UTIL)]))
    assert f"schedule: {inference.text or 'none'}" in text
    said = f"this schedule {inference.original_faster:.2f}x slower than the original loops"
    assert (said in text) == (inference.original_faster > 1)


def test_optimize_takes_the_macro_pick_unless_told_not_to(tmp_path, capsys):
    assert Policy.load(check=True, pick=True).pick is not None and Policy.load(check=True).pick is None
    assert Policy.load(pick=True).pick is None  # it comes after the check: none without one
    base = ["optimize", str(GEMM), "-D", "MEDIUM_DATASET", "-I", str(UTIL), "-o", str(tmp_path / "out.c")]
    program = load(GEMM, defines={"MEDIUM_DATASET": "1"}, include_dirs=[str(UTIL)])
    picked = Policy.load(check=True, pick=True).greedy(program)
    checked = Policy.load(check=True).greedy(program)
    for flags in ([], ["--macro-pick"]):  # on by default
        assert main([*base, *flags]) == 0
        text = capsys.readouterr().out
        assert f"schedule: {picked.text or 'none'}" in text
        assert ("macro pick: both forms cost models predict the macro schedule" in text) == bool(picked.macro)
    assert main([*base, "--no-macro-pick"]) == 0
    text = capsys.readouterr().out
    assert f"schedule: {checked.text or 'none'}" in text and "macro pick:" not in text
    assert main([*base, "--no-cost-model"]) == 0  # no check, so no pick: the greedy schedule
    text = capsys.readouterr().out
    greedy = Policy.load().greedy(program)
    assert f"schedule: {greedy.text or 'none'}" in text and "macro pick:" not in text
    assert main([*base, "--macro-pick", "--no-cost-model"]) == 2
    assert "--macro-pick comes after the cost model's check" in capsys.readouterr().err
