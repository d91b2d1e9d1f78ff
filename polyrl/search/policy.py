"""Using a trained policy: load a `polyrl train` checkpoint and run it on a program,
greedily (argmax of the masked policy at each step) or sampling, to a complete schedule.

Owns policy inference; not training (polyrl.rl.ppo), measuring (polyrl.search.measured)
or the environment's rewards. Episodes follow polyrl.rl.env exactly: the same branch
traversal, observations (polyrl.rl.state.GraphCache), applicability masks and legality
check, the same truncation after the checkpoint's `max_steps`. One thing differs, for
speed: the environment checks the legality of every applicable action at every step
(PPO stores the whole mask), while inference checks only the actions it is about to take,
best first. Taking the argmax over the legal actions, or sampling from the policy
renormalised over them, gives the same action either way (dropping a refused action and
choosing again is choosing from the policy conditioned on the legal set).
"""

from __future__ import annotations

import contextlib
import gc
import itertools
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np
import torch
from torch_geometric.data import Data

from polyrl.api import Program
from polyrl.errors import PolyrlError
from polyrl.model.actor_critic import ActorCritic
from polyrl.model.backbone import apply_layers, torch_threads
from polyrl.model.costmodel import load_costmodel, predict_seconds
from polyrl.poly.geometry import MIN_PARALLEL_WORK
from polyrl.poly.legality import Model, checked_apply
from polyrl.poly.macros import PROFILES, macro_plans, source_plan, without_small_regions
from polyrl.poly.schedule import Action, Schedule
from polyrl.poly.transform import LoopNest, apply_action, branch_identity, branch_of
from polyrl.rl.actions import ACTIONS, FORM, NEXT, NUM_ACTIONS, applicable_mask, expand, last_on_branch, loop_extents
from polyrl.rl.checkpoint import DEFAULT_MAX_STEPS, ensemble_members, load_policy, max_steps_of
from polyrl.rl.state import GraphCache, LoadedProgram

# the policy `polyrl optimize` uses when no --policy is given; shipped inside the package
DEFAULT_POLICY = Path(__file__).resolve().parents[1] / "model" / "weights" / "policy.pt"
# the cost model shipped with the package (polyrl pretrain's output): the second opinion
# on the policy's greedy schedule that `polyrl optimize` asks for (CostCheck)
DEFAULT_COSTMODEL = Path(__file__).resolve().parents[1] / "model" / "weights" / "costmodel.pt"
# the cost model of Policy._macro_pick from session 28 to 34 (since session 35 the pick asks the two
# forms models below; kept for the reports of those sessions and `Policy.load(pick=DEFAULT_PICK)`)
DEFAULT_PICK = DEFAULT_COSTMODEL.with_name("costmodel-pick.pt")
# the cost model that weighs a whole-program form against the original loops (Policy._form_check)
DEFAULT_FORMS = DEFAULT_COSTMODEL.with_name("costmodel-forms.pt")
# ... and the second one it asks: the same model taught the labels of imperfect nests (session 34);
# a form is left out only where both predict the original faster
DEFAULT_FORMS_TUNED = DEFAULT_COSTMODEL.with_name("costmodel-forms-tuned.pt")
# On a machine of a vendor named here, each of those two models has a fine-tune on the label set's
# machines of that vendor; wherever the shipped models are asked (the form check and the macro pick)
# the fine-tune is asked in their place on the vendors of FORMS_ALONE, and blended with them elsewhere
# (CostCheck's `blend`: the geometric mean of the predicted times). Why the blend: `reports/session38/README.md`
# (an AMD Zen 3, none of whose labels either model saw), the fine-tunes taught again on two thirds more
# AMD labels: `reports/session41/README.md`; why alone on AMD: `reports/session52/README.md`.
FORMS_FINETUNES: dict[str, dict[Path, Path]] = {
    "amd": {DEFAULT_FORMS: DEFAULT_COSTMODEL.with_name("costmodel-forms-amd.pt"),
            DEFAULT_FORMS_TUNED: DEFAULT_COSTMODEL.with_name("costmodel-forms-tuned-amd.pt")},
}
FORMS_ALONE: frozenset[str] = frozenset({"amd"})
# ... where a fine-tune asked alone has a second one named here, the two are blended (the geometric mean of
# their predicted times). Session 54: the AMD fine-tunes (F52, Zen 4 labels) with F54 (F52 taught every label of
# a Zen 5); F54 alone lost on contractions at LARGE sizes, which the Zen 5's labels lack; the blend won on fifteen
# held-out sets (`reports/session54/README.md`). Since session 56 the Zen 5 files hold F56 (F52 taught every Zen 5
# label, cache-bound programs at scale 128 among them), blended the same way (`reports/session56/README.md`); since
# session 66 they held F65 (F56 taught 41,603 Zen 5 and Zen 3 labels no model had seen), since session 68 F67 (F65
# taught 7,572 Zen 3 labels of seeds 283-287, each program's policy samples among them; COSTMODEL.md).
FORMS_SECOND: dict[Path, Path] = {
    FORMS_FINETUNES["amd"][DEFAULT_FORMS]: DEFAULT_COSTMODEL.with_name("costmodel-forms-amd-zen5.pt"),
    FORMS_FINETUNES["amd"][DEFAULT_FORMS_TUNED]: DEFAULT_COSTMODEL.with_name("costmodel-forms-tuned-amd-zen5.pt"),
}
# On a machine of a (vendor, CPU family) named here, each shipped forms model stands for the CostCheck (path, blend)
# given, in place of what FORMS_FINETUNES and FORMS_SECOND make of it. Session 76: AMD family 23 (the Zen 1 of
# sessions 74-76; Zen 2 shares the family number, no label of one was ever measured), Z76 alone: F67 taught the
# 8,343 labels of that Zen 1, MEDIUM-sized and cache-bound (scale 128) programs both, decided on held-out sets of
# both kinds together (`reports/session76/decide76.md`, COSTMODEL.md). Session 75's Z75, taught the MEDIUM-sized
# ones alone, was taken back when it lost on the cache-bound set (`reports/session75/decide75c.md`).
FORMS_FAMILY: dict[tuple[str, int], dict[Path, tuple[Path, tuple[Path, ...]]]] = {
    ("amd", 23): {DEFAULT_FORMS: (DEFAULT_COSTMODEL.with_name("costmodel-forms-amd-zen1.pt"), ()),
                  DEFAULT_FORMS_TUNED: (DEFAULT_COSTMODEL.with_name("costmodel-forms-tuned-amd-zen1.pt"), ())},
}
# ... and how much faster it must predict the original before the form is left out (1: any faster)
FORM_MARGIN = 1.0
# the macro pick (Policy._macro_pick; on in `optimize` since session 37) asks those two models too, and takes a macro
# schedule only where each predicts it at least this much faster than the checked schedule
PICK_MARGIN = 1.25
# ... and how many distinct schedules sampled from the policy it weighs beside the macro schedules (0: none;
# `_pick_samples`)
PICK_SAMPLES = 0
# the sampling temperature rises by this factor after each draw that repeats an earlier candidate, up to the
# most (Policy.draws), and the draws stop after this many per sample asked for (the pick's samples and
# polyrl.search.measured's searches)
TEMPERATURE_STEP = 1.5
MAX_TEMPERATURE = 8.0
DRAWS_PER_CANDIDATE = 8

# chooses an action index from (logits, allowed mask)
Chooser = Callable[[torch.Tensor, np.ndarray], int]


@dataclass(frozen=True)
class Inference:
    """A complete schedule the policy chose, and what choosing it took."""

    schedule: Schedule
    nest: LoopNest = field(repr=False)
    steps: int  # environment steps, Next included
    seconds: float  # wall time of the episode: graphs, forward passes, masks, legality checks
    truncated: bool  # ended by max_steps rather than by Next on the last branch
    # with a CostCheck: the policy's own schedule when the check replaced it (None when it
    # kept it), and the predicted time of that schedule over the chosen one's
    proposed: Schedule | None = None
    predicted_gain: float = 1.0
    # the schedule is a whole-program one (F, the Pluto form) ...
    whole: bool = False
    # ... that the check put in place of the original loops, which the policy (or the cost
    # model) would have kept
    form_instead: bool = False
    # ... whose plan the check took on the loops as written rather than on isl's schedule
    # (Policy._form_choice)
    source_loops: bool = False
    # the macro schedule (its profile's name) that the cost model's pick put in place of
    # the checked schedule (Policy._macro_pick); "" when it kept that
    macro: str = ""
    # the check kept the loops as written in place of the policy's form (`proposed`), which
    # the forms' cost model predicts slower (Policy._form_check)
    original_instead: bool = False
    # the pick's models' predicted time of this schedule over the original loops' (the exponential of
    # the mean of their log ratios; above 1: predicted slower than the original); 0 where not asked
    # (Policy._macro_pick)
    original_faster: float = 0.0

    @property
    def text(self) -> str:
        return str(self.schedule)


class CostCheck:
    """A cost model's second opinion on a greedy schedule. The candidates are the policy's
    schedule, each schedule that leaves out one of its actions (those the legality check
    accepts), and the original program; the cost model predicts their times and the
    predicted fastest is taken (the policy's schedule on a tie).

    Why: the shipped policy's losses on held-out programs were mostly one action too many
    (a lone P on a nest gcc handles better alone, a tile or jam that costs more than it
    gains). On three held-out sets of 60 generated programs (none trained on; session 13's
    report), side by side, the policy alone gave geometric-mean speedups of 1.45x, 1.83x and
    1.45x with 6 programs below 0.95x; with this check 1.48x, 1.76x and 1.49x with 1. A
    wider choice (any subset, other actions) would trust the cost model further than its
    ranking of close schedules deserves (within-program Spearman 0.6).

    `Policy` does not ask it about a whole-program schedule (F, the Pluto form): that is
    one decision, and a schedule without one of its actions is one nobody chose (PolyBench's
    fdtd-2d at LARGE: the form without its parallel loop ran at 0.88x, session 25). Weighed
    against the original alone, the form lost more than it saved: on session 24's held-out
    sets (seeds 77 and 78, 60 programs each) p11 with the check on its forms too gave 1.881x
    and 1.955x, with the forms kept 2.070x and 2.193x."""

    def __init__(self, path: str | Path | None = None, blend: Sequence[str | Path] = ()):
        """The cost model at `path`; with `blend`, that model and the ones at those paths
        predict together: the geometric mean of their predicted times (shipped_models)."""
        self.path = Path(path) if path is not None else DEFAULT_COSTMODEL
        self.blend = tuple(Path(p) for p in blend)
        self._models = []  # (network, target scaling) of `path`, then of each blended model
        for p in (self.path, *self.blend):
            if not p.is_file():
                raise PolyrlError("no such cost-model checkpoint", str(p))
            self._models.append(load_costmodel(p))

    @staticmethod
    def candidates(schedule: Schedule) -> list[Schedule]:
        """The schedule, it without each one of its actions, and the original (no duplicates)."""
        return [schedule, *(s for _, s in CostCheck._shortened(schedule))]

    @staticmethod
    def _shortened(schedule: Schedule) -> Iterator[tuple[int | None, Schedule]]:
        """(k, the schedule without its action k) for each k, then (None, the original),
        leaving out repeats and the schedule itself."""
        acts = schedule.actions
        seen = {str(schedule)}
        for k, s in [*((k, Schedule(acts[:k] + acts[k + 1:])) for k in range(len(acts))), (None, Schedule())]:
            if str(s) not in seen:
                seen.add(str(s))
                yield k, s

    @staticmethod
    def options(model: Model, schedule: Schedule, nest: LoopNest) -> list[tuple[Schedule, LoopNest]]:
        """The candidates the legality check accepts, with their nests; `schedule` (whose
        nest is `nest`) first. Leaving out an action others need (a skew before the
        interchange it makes legal) is refused."""
        acts = schedule.actions
        # the nests after each prefix of the schedule: legal, as the schedule is, so they
        # are made without checks, and a variant leaving out action k checks only the
        # actions after k (about half the checks of applying every variant afresh)
        prefixes = [model.original]
        for act in acts[:-1]:
            prefixes.append(apply_action(prefixes[-1], act))
        out = [(schedule, nest)]
        for k, candidate in CostCheck._shortened(schedule):
            if k is None:
                out.append((candidate, model.original))
                continue
            try:
                new = prefixes[k]
                for act in acts[k + 1:]:
                    new = checked_apply(model, new, act, explain=False)
            except PolyrlError:
                continue
            out.append((candidate, new))
        return out

    def predict(self, graphs: Sequence[Data]) -> np.ndarray:
        """Predicted times (seconds) of program graphs (`program_graph` with no focus branch,
        what the cost model was trained on)."""
        # tensors only: the graph cache's graphs also carry their node descriptions
        plain = [Data(x=g.x, edge_index=g.edge_index, edge_attr=g.edge_attr) for g in graphs]
        if len(self._models) == 1:
            return predict_seconds(*self._models[0], plain)
        return np.exp(np.mean([np.log(predict_seconds(m, t, plain)) for m, t in self._models], axis=0))


def shipped_models(path: Path, vendor: str | None = None, family: int | None = None) -> tuple[Path, tuple[Path, ...]]:
    """What the shipped forms model at `path` stands for on a machine of `vendor` and CPU `family` (default, when
    `vendor` is None: this machine's both, polyrl.machine.cpu_vendor and cpu_family), as CostCheck's (path, blend):
    the family's own where FORMS_FAMILY names the two; else its fine-tune on that vendor's labels where FORMS_ALONE
    names the vendor (blended with its second fine-tune where FORMS_SECOND has one), the model blended with its
    fine-tune where only FORMS_FINETUNES has one, else the model itself."""
    from polyrl.machine import cpu_family, cpu_vendor

    if vendor is None:
        vendor, family = cpu_vendor(), cpu_family()
    own = FORMS_FAMILY.get((vendor, family), {}).get(path) if family is not None else None
    if own is not None:
        return own
    tune = FORMS_FINETUNES.get(vendor, {}).get(path)
    if tune is None:
        return path, ()
    if vendor in FORMS_ALONE:
        second = FORMS_SECOND.get(tune)
        return tune, (second,) if second is not None else ()
    return path, (tune,)


def shipped_forms(path: Path) -> CostCheck:
    """The shipped forms model at `path` as this machine asks it (shipped_models)."""
    return CostCheck(*shipped_models(path))


class _ProgramMemo:
    """What episodes on one program share: the policy's logits and the applicability mask
    per (schedule text, focus branch), and per schedule text the nest it makes (None when
    the legality check refuses it)."""

    def __init__(self) -> None:
        self.logits: dict[tuple[str, int], tuple[torch.Tensor, np.ndarray]] = {}
        self.legal: dict[str, LoopNest | None] = {}
        self.macros: dict[str, tuple[list[Action], LoopNest]] = {}


class Policy:
    """A policy network with what inference on it needs. `threads` intra-op threads
    during episodes (1: program graphs are small; more only contend). `min_parallel_work`:
    see MIN_PARALLEL_WORK (0 lets the policy parallelize any loop).

    With `members` (further networks) the policy is an ensemble: its action distribution
    at a state is the normalised product of its networks' (the mean of their log-softmax
    outputs, which `logits` returns), so an action wins where the networks agree rather
    than where one of them is sure. Greedy episodes, samples and the searches use it alike."""

    def __init__(self, model: ActorCritic, max_steps: int = DEFAULT_MAX_STEPS, path: str = "",
                 graphs: GraphCache | None = None, threads: int | None = 1,
                 min_parallel_work: int = MIN_PARALLEL_WORK, members: Sequence[ActorCritic] = (),
                 check: CostCheck | None = None, pick: CostCheck | None = None,
                 forms: CostCheck | None = None, forms_also: CostCheck | None = None,
                 pick_also: CostCheck | None = None, pick_margin: float = 1.0, pick_samples: int = 0):
        for m in (model, *members):
            if m.hparams["num_actions"] != NUM_ACTIONS:
                raise PolyrlError(f"the policy has {m.hparams['num_actions']} actions, this polyrl {NUM_ACTIONS}; "
                                  "train it again", path or None)
        self.model = model.eval()
        self.members = tuple(m.eval() for m in members)
        self.max_steps = max_steps
        self.path = path
        self.graphs = graphs or GraphCache()
        self.threads = threads
        self.min_parallel_work = min_parallel_work
        self.check = check
        self.pick = pick  # asked only after the check (`_checked`)
        self.pick_also = pick_also  # ... with this one where it has one: both must predict the gain
        self.pick_margin = pick_margin  # ... of at least this much over the checked schedule
        self.pick_samples = pick_samples  # ... among the macro schedules and this many of the policy's samples
        self.forms = forms  # asked by the check about whole-program forms (`_form_check`)
        self.forms_also = forms_also  # ... and, where it has one, this one too: both must agree
        self._memo: OrderedDict[str, _ProgramMemo] = OrderedDict()
        self._warm_up()

    def _warm_up(self) -> None:
        """One forward pass on a small graph with every edge type: torch's first pass
        initialises its kernels (tens of milliseconds), which would otherwise be counted in
        the first episode's time. The model is in eval mode, so nothing changes."""
        backbone = self.model.backbone
        types = backbone.edge_dim or 1
        edge_type = torch.arange(types)  # a chain of nodes, one edge of each type
        data = Data(x=torch.zeros((types + 1, backbone.in_channels)), edge_index=torch.stack([edge_type, edge_type + 1]),
                    edge_attr=torch.nn.functional.one_hot(edge_type, types).float() if backbone.edge_dim else None)
        with torch_threads(self.threads), torch.no_grad():
            for model in (self.model, *self.members):
                model(data)

    @classmethod
    def load(cls, path: str | Path | None = None, check: bool | str | Path = False, pick: bool | str | Path = False,
             forms: bool | str | Path = True, **kwargs) -> Policy:
        """The checkpoint at `path` (default: the shipped DEFAULT_POLICY). `check`: greedy
        schedules get a CostCheck, with the shipped cost model (True) or the one at a path.
        `forms` (with a check only): the check weighs whole-program forms against the
        original loops (`_form_check`) with the shipped DEFAULT_FORMS and DEFAULT_FORMS_TUNED
        (True: the form is left out only where both predict the original faster; on the
        vendors of FORMS_FINETUNES each stands for its fine-tune, alone or blended: shipped_models), the one
        cost model at a path, or not at all (False). `pick` (with a check only): then the macro pick
        (`_macro_pick`): True asks DEFAULT_FORMS and DEFAULT_FORMS_TUNED, both of which must
        predict a gain of PICK_MARGIN; a path asks the one cost model there (any predicted gain)."""
        path = Path(path) if path is not None else DEFAULT_POLICY
        if not path.is_file():
            if path == DEFAULT_POLICY:
                raise PolyrlError("this installation ships no trained policy yet; pass --policy PATH (a `polyrl "
                                  "train` checkpoint) or give --schedule", str(path))
            raise PolyrlError("no such policy checkpoint", str(path))
        model, ckpt = load_policy(path)
        if check is not False:
            kwargs["check"] = CostCheck(None if check is True else check)
            from polyrl.machine import cpu_family, cpu_vendor

            vendor, family = cpu_vendor(), cpu_family()
            loaded: dict[tuple, CostCheck] = {}  # a model the form check loaded is not loaded again for the pick

            def cost(p: str | Path, shipped: bool = False) -> CostCheck:
                key = shipped_models(Path(p), vendor, family) if shipped else (Path(p), ())
                if key not in loaded:
                    loaded[key] = CostCheck(*key)
                return loaded[key]

            if forms is not False:
                kwargs["forms"] = cost(DEFAULT_FORMS, True) if forms is True else cost(forms)
                if forms is True:
                    kwargs["forms_also"] = cost(DEFAULT_FORMS_TUNED, True)
            if pick is True:
                kwargs.update(pick=cost(DEFAULT_FORMS, True), pick_also=cost(DEFAULT_FORMS_TUNED, True),
                              pick_margin=PICK_MARGIN)
                kwargs.setdefault("pick_samples", PICK_SAMPLES)
            elif pick is not False:
                kwargs["pick"] = cost(pick)
        return cls(model, max_steps_of(ckpt), str(path), members=ensemble_members(ckpt, path), **kwargs)

    @property
    def size(self) -> int:
        """Networks in the policy: 1, or an ensemble's members."""
        return 1 + len(self.members)

    def logits(self, obs) -> torch.Tensor:
        """The actor's logits at an observation (one graph), flat: the network's, or for an
        ensemble the mean of its networks' log-softmax (the critic is not evaluated)."""
        def one(model: ActorCritic) -> torch.Tensor:
            hidden = model.backbone(obs.x, obs.edge_index, None, obs.edge_attr)
            return apply_layers(model.policy, hidden).reshape(-1)

        if not self.members:
            return one(self.model)
        return torch.stack([torch.log_softmax(one(m), dim=-1) for m in (self.model, *self.members)]).mean(dim=0)

    # ------------------------------------------------------------ episodes

    def greedy(self, program: Program | LoadedProgram) -> Inference:
        """The schedule of the argmax action at every step, then the cost model's check of
        it when the policy has one; deterministic."""
        lp = program if isinstance(program, LoadedProgram) else LoadedProgram.of(program)
        inference = self.episode(lp, _argmax)
        return self._checked(lp, inference) if self.check is not None else inference

    def _checked(self, lp: LoadedProgram, inference: Inference) -> Inference:
        """The check after a greedy episode (`_check`), then, with a picking cost model,
        its pick among the result and the macro schedules (`_macro_pick`)."""
        result = self._check(lp, inference)
        return self._macro_pick(lp, result) if self.pick is not None else result

    def _check(self, lp: LoadedProgram, inference: Inference) -> Inference:
        """The check after a greedy episode; its time is added to the inference time.

        - A whole-program schedule (F) is kept as the policy chose it (see CostCheck), or
          its plan on the loops as written where the cost model predicts that faster
          (`_form_choice`).
        - Any other is the CostCheck's pick among it, its legal one-shorter variants and
          the original.
        - Where that leaves the original loops, the program's Pluto form (F) is taken
          instead, if it has one. Why: on session 24's held-out sets (seeds 77 and 78) the
          forms of the programs p11 kept as written ran at about 1.3x and 1.5x, and the
          geometric means rose from 2.070x to 2.106x and 2.193x to 2.303x; on PolyBench at
          LARGE p11 kept 8 kernels as written whose forms run at up to 58x (session 25).
        - With a forms' cost model, either form is left out where that model predicts the
          original loops at least FORM_MARGIN times faster (`_form_check`)."""
        if inference.whole:
            return self._form_check(lp, self._form_choice(lp, inference))
        start = time.perf_counter()
        options = CostCheck.options(lp.program.model, inference.schedule, inference.nest)
        chosen = inference
        if len(options) > 1:
            # the episode built the graphs of the original and (usually) of its own schedule
            times = self._predicted(self.check, lp, options)
            best = int(np.argmin(times))  # the first (the policy's own) on a tie
            if best > 0:
                schedule, nest = options[best]
                chosen = replace(inference, schedule=schedule, nest=nest, proposed=inference.schedule,
                                 predicted_gain=float(times[0] / times[best]))
        seconds = inference.seconds + time.perf_counter() - start
        if not chosen.schedule.actions:
            form = self._form_check(lp, self._form_choice(lp, self.episode(lp, _the_form)))
            seconds += form.seconds
            if form.schedule.actions:
                return replace(chosen, schedule=form.schedule, nest=form.nest, seconds=seconds, whole=True,
                               form_instead=True, source_loops=form.source_loops,
                               proposed=inference.schedule if chosen.proposed is None else chosen.proposed)
        return replace(chosen, seconds=seconds)

    def _macro_pick(self, lp: LoadedProgram, chosen: Inference) -> Inference:
        """The checked schedule `chosen`, or the program's macro schedule (polyrl.poly.macros)
        of least mean log predicted time over the picking cost models (`pick`, and `pick_also`
        where there is one), taken only where each of them predicts it at least `pick_margin`
        times faster than `chosen` (the checked schedule on a tie). Its time is added to the
        inference time. The same forward passes give the models' predicted time of the result
        over the original loops' (`original_faster`, which `optimize` reports): nothing else
        weighed the final schedule against the original with these models, and deriche at LARGE
        shipped unannounced where both predict it slower (0.94x, 0.86x; 0.89x on a Zen 3, session 63).
        Keeping the original there was refused in session 64 (`reports/session64/decide64.md`:
        1.553x to 1.555x on eight held-out sets, 1.397x to 1.393x on the fresh one).
        `Policy.load(pick=True)`: the two forms models and PICK_MARGIN; what
        `polyrl optimize` and bench's polyrl-policy use since session 37 (`--no-macro-pick`,
        bench's polyrl-checked: without it).

        Why it exists: the macro schedules are what the search's best schedules are made of,
        and the greedy policy often stops short of them.

        The rule (session 35, `reports/session35/README.md`): every candidate of three
        held-out generated sets measured side by side (200 programs of the cost models' test
        split, seed 85's stencil-rich programs, seed 77 at scale 16; 40 each for
        the last two). Both forms models with the margin 1.25, set after the first set, raised
        the one-shot geometric mean by 22.1%, 17.5% and 9.5% (1.974x to 2.410x, 1.603x to
        1.883x, 2.440x to 2.673x), 9 programs of 280 more than 5% slower; session 28's rule
        (`costmodel-pick.pt` alone, any gain) 16.6%, 8.9% and 24.4% with 33 slower;
        `costmodel-forms-tuned.pt` alone 23.5%, 16.3%, 20.2% with 26 slower.

        Why it was off until session 36: on PolyBench it was about even and inference gets
        several times slower (every macro plan is made and every candidate's graph built;
        LARGE median 247 ms to 1.16 s in session 35), mostly from trmm's BLIS plan, whose
        triangular register blocks the emitter left scalar (MEDIUM 13.7x to 1.16x).

        Why it is on (session 37, `reports/session37/README.md`): with that emitter defect
        fixed (session 36), the same rule, unchanged, on three held-out generated sets
        measured on an AMD Zen 4 (no label of the models is from it), every candidate side by
        side: seed 77 at scale 16 2.103x to 2.111x (+0.4%), seed 137 (triangular and
        contraction-rich, scale 16) 2.327x to 2.758x (+18.5%), seed 85 (stencil-rich) 1.188x
        to 1.414x (+19.0%); it changed 53 of the 120 programs, 34 more than 5% faster, 8 more
        than 5% slower. PolyBench after, side by side on the same machine: MEDIUM 1.999x to
        2.130x over 30 kernels (gramschmidt 1.24x to 6.45x, 3mm 13.6x to 19.7x; trmm 12.2x to
        6.2x), LARGE 3.07x to 3.30x (gramschmidt 1.35x to 8.27x, doitgen 9.20x to 7.12x)."""
        start = time.perf_counter()
        options = self.pick_candidates(lp, chosen)
        result = chosen
        if len(options) > 1 or chosen.schedule.actions:
            # the original loops last, in the same forward passes: not a candidate, what `original_faster` is over
            pairs = [(s, nest) for s, nest, _ in options] + [(Schedule(), lp.program.model.original)]
            predicted = [self._predicted(cost, lp, pairs) for cost in (self.pick, self.pick_also) if cost is not None]
            best, gain = pick_choice([times[:-1] for times in predicted])
            if best > 0 and gain >= self.pick_margin:
                schedule, nest, name = options[best]
                own = chosen.proposed if chosen.proposed is not None else chosen.schedule
                result = replace(chosen, schedule=schedule, nest=nest, macro=name, proposed=own,
                                 predicted_gain=gain,
                                 whole=bool(schedule.actions) and schedule.actions[0].kind == "A",
                                 form_instead=False, source_loops=False, original_instead=False)
            else:
                best = 0
            if result.schedule.actions:
                logs = np.mean(np.log(predicted), axis=0)
                result = replace(result, original_faster=float(np.exp(logs[best] - logs[-1])))
        return replace(result, seconds=chosen.seconds + time.perf_counter() - start)

    def pick_candidates(self, lp: LoadedProgram, chosen: Inference) -> list[tuple[Schedule, LoopNest, str]]:
        """What the macro pick weighs: the checked schedule `chosen` and the macro schedules
        (macro_options), then the policy's samples (`_pick_samples`)."""
        options = macro_options(lp.program.model, chosen.schedule, chosen.nest)
        return options + self._pick_samples(lp, {str(s) for s, _, _ in options})

    def _pick_samples(self, lp: LoadedProgram, seen: set[str]) -> list[tuple[Schedule, LoopNest, str]]:
        """The macro pick's further candidates: up to `pick_samples` distinct schedules sampled from the
        policy, none of them in `seen`, from at most DRAWS_PER_CANDIDATE draws each (`draws` with seed 0,
        as the policy-guided search draws its samples: it measures much the same ones)."""
        out: list[tuple[Schedule, LoopNest, str]] = []
        if self.pick_samples > 0:
            for drawn, new in itertools.islice(self.draws(lp, set(seen)), DRAWS_PER_CANDIDATE * self.pick_samples):
                if new:
                    out.append((drawn.schedule, drawn.nest, "sample"))
                    if len(out) == self.pick_samples:
                        break
        return out

    def draws(self, lp: LoadedProgram, seen: set[str], seed: int = 0) -> Iterator[tuple[Inference, bool]]:
        """Schedules sampled from the policy, endless (a seeded generator: reproducible), each with
        whether it is new: not in `seen`, which is updated. Each draw that repeats one raises the
        sampling temperature by TEMPERATURE_STEP, up to MAX_TEMPERATURE: a confident policy would
        otherwise draw its favourites again and again."""
        generator = torch.Generator().manual_seed(seed)
        temperature = 1.0
        while True:
            drawn = self.sample(lp, generator, temperature)
            new = drawn.text not in seen
            if not new:
                temperature = min(temperature * TEMPERATURE_STEP, MAX_TEMPERATURE)
            seen.add(drawn.text)
            yield drawn, new

    def _form_check(self, lp: LoadedProgram, form: Inference) -> Inference:
        """The whole-program form `form` (after `_form_choice`), or the original loops where
        the forms' cost model predicts them at least FORM_MARGIN times faster, and so does the
        second one where there is one (`forms_also`); `form` itself without such a model.

        Why: the forms were kept unweighed because the check's cost model ranked them badly
        against the original (session 25: 1.881x and 1.955x against 2.070x and 2.193x on
        session 24's held-out sets). A form that tiles a time loop can lose badly where the
        arrays fit in cache (PolyBench MEDIUM's jacobi-2d 0.36x, fdtd-2d 0.48x; 32 of 69
        forms below 0.95x on seed 83's stencils).

        The model and margin were chosen on six held-out generated sets, none trained on
        (session 33, `reports/session33/margins-six.md`; a Xeon of family 6 model 207): seeds
        81 (scale 1), 77 (scale 16), 83 and 84 (stencils of 20 to 200 time steps) and 85 and
        86 (stencils of PolyBench-like sizes: up to 32 MiB, 100 to 500 time steps). Over the
        programs that end with a form, the product of the six geometric means was 110.0 with
        `costmodel-forms.pt` (session 32's model, trained on 29,540 labels of that machine)
        and no margin, against 89.8 with `costmodel-pick.pt` (session 28's, 20,289 labels)
        and the margin 1.25 shipped from session 29 to 32, and 65.1 keeping every form; on
        the two PolyBench-like sets 2.633x and 1.906x against 2.286x and 1.960x. Margins 1.25,
        1.5 and 2 scored 101.8, 103.3 and 91.9 with the new model.

        The second model (session 34): the generated programs had no nest with statements at
        several depths (lu, trisolv, cholesky, the statistics), and both models left out the
        forms of such held-out programs that all won (seed 90: every form 3.024x, the model
        alone 2.122x). `costmodel-forms-tuned.pt` is that model taught 2,746 labels of such
        programs; over eight held-out sets (the six above and seeds 90 and 91, imperfect nests
        at scale 4 and 16; `reports/session34/forms-eight.md`) the product of the geometric
        means was 1,560 leaving out a form only where both predict the original faster,
        1,501 with the tuned model alone and 970 with the first alone; on the six sets 109.4,
        105.2 and 110.0.

        On AMD machines (session 38, FORMS_FINETUNES) each of the two was blended with its fine-tune
        on the label set's AMD labels, here and in the pick: on five held-out sets measured on
        a Zen 3 the whole one-shot pipeline gained 2.7% a set (1.038x, 0.985x, 1.048x on the
        three it was chosen on; 1.103x and 0.968x on two fresh ones). Since session 52 the
        fine-tunes are asked alone there (FORMS_ALONE; its README has the held-out sets)."""
        if self.forms is None or not form.schedule.actions:
            return form
        start = time.perf_counter()
        original = (Schedule(), lp.program.model.original)
        pair = [(form.schedule, form.nest), original]
        form_t, original_t = self._predicted(self.forms, lp, pair)
        if self.forms_also is not None and original_t * FORM_MARGIN <= form_t:
            other_form_t, other_original_t = self._predicted(self.forms_also, lp, pair)
            if other_original_t * FORM_MARGIN > other_form_t:  # it predicts the form faster: kept
                form_t, original_t = other_form_t, other_original_t
            else:  # both predict the original faster: the smaller predicted gain is said
                form_t, original_t = min((form_t, original_t), (other_form_t, other_original_t),
                                         key=lambda t: t[0] / t[1])
        chosen = form
        if original_t * FORM_MARGIN <= form_t:
            chosen = replace(form, schedule=original[0], nest=original[1], proposed=form.schedule,
                             predicted_gain=float(form_t / original_t), whole=False, form_instead=False,
                             source_loops=False, original_instead=True)
        return replace(chosen, seconds=form.seconds + time.perf_counter() - start)

    def _predicted(self, cost: CostCheck, lp: LoadedProgram,
                   options: Sequence[tuple[Schedule, LoopNest]]) -> np.ndarray:
        """`cost`'s predicted times (seconds) of the schedules with their nests, on the
        program graphs the episodes share (GraphCache)."""
        with torch_threads(self.threads), _collector_paused():
            return cost.predict([self.graphs.graph(lp, str(s), nest) for s, nest in options])

    def _form_choice(self, lp: LoadedProgram, form: Inference) -> Inference:
        """The Pluto form `form` (isl's schedule, then its plan), or the same plan on the
        loops as written where the cost model predicts that faster. The form (see
        macro_plan) takes isl's schedule wherever isl has one; its loops can be worse than
        the source's (a skew that leaves the innermost loop a reduction, an outer column
        walk), and the plan cannot improve loops that are not plain source loops.

        Why: on 80 generated programs of at most 4 MiB (seed 81, session 27), the plan on
        the loops as written unless isl's runs a tenth more of the work in parallel
        (`polyrl.poly.macros.source_plan`) changed 33 greedy schedules, with 11 wins (up to 12x) and
        14 losses (down to 0.18x): 1.02x over the shipped ones; the cost model's pick
        between the two gave 1.24x over those 33, and 2.520x to 2.748x over the 80. On sets
        it was not designed on, side by side on the programs it changed: seed 82 at the
        same sizes 1.052x (14 changed), seeds 77 and 78 at scale 16 1.054x (9) and 1.139x
        (8)."""
        start = time.perf_counter()
        alternative = source_plan(lp.program.model, PROFILES[ACTIONS[FORM].args[0]], list(form.schedule.actions),
                                  form.nest)
        chosen = form
        if alternative is not None:
            other, nest = Schedule(tuple(alternative[0])), alternative[1]
            times = self._predicted(self.check, lp, [(form.schedule, form.nest), (other, nest)])
            if times[1] < times[0]:
                chosen = replace(form, schedule=other, nest=nest, proposed=form.schedule,
                                 predicted_gain=float(times[0] / times[1]), source_loops=True)
        return replace(chosen, seconds=form.seconds + time.perf_counter() - start)

    def sample(self, program: Program | LoadedProgram, generator: torch.Generator,
               temperature: float = 1.0) -> Inference:
        """A schedule drawn from the masked policy (reproducible for a seeded generator);
        the logits are divided by `temperature` (above 1: flatter, more exploring)."""
        if not temperature > 0:
            raise ValueError(f"temperature must be positive, not {temperature}")

        def draw(logits: torch.Tensor, allowed: np.ndarray) -> int:
            masked = (logits / temperature).masked_fill(~torch.from_numpy(allowed), float("-inf"))
            return int(torch.multinomial(torch.softmax(masked, dim=-1), 1, generator=generator))

        return self.episode(program, draw)

    def episode(self, program: Program | LoadedProgram, choose: Chooser) -> Inference:
        """One episode from the original program, each action picked by `choose` among the
        allowed ones; an action the legality check refuses is disallowed and `choose` asked
        again (Next is always allowed, so this ends)."""
        lp = program if isinstance(program, LoadedProgram) else LoadedProgram.of(program)
        memo = self._program_memo(lp)
        # the program's dependences (the legality checks' input) are part of its analysis,
        # like parsing, not of choosing a schedule: computed before the clock starts
        lp.program.model.union_dependences  # noqa: B018 (a cached property)
        start = time.perf_counter()
        nest = lp.program.model.original
        schedule = Schedule()
        focus = branch_identity(nest, nest.branches()[0])
        steps, truncated, whole = 0, False, False
        with torch_threads(self.threads), torch.no_grad(), _collector_paused():
            while True:
                branches = nest.branches()
                branch = branch_of(nest, focus)
                logits, applicable = self._outputs(lp, memo, schedule, nest, branches[branch], branch)
                allowed = applicable.copy()
                while True:
                    a = choose(logits, allowed)
                    if not allowed[a]:
                        raise AssertionError(f"the chooser took the disallowed action {ACTIONS[a]}")
                    if a == NEXT:
                        break
                    if ACTIONS[a].macro:  # several actions, each checked as the plan is made
                        acts, new = self._macro(lp, memo, schedule, nest, branch, a)
                        if acts:
                            break
                    else:
                        act = ACTIONS[a].on(branch)
                        new = self._legal_nest(lp, memo, schedule, nest, act)
                        if new is not None:
                            acts = [act]
                            break
                    allowed[a] = False
                steps += 1
                if a == NEXT:
                    if branch + 1 >= len(branches):
                        break
                    focus = branch_identity(nest, branches[branch + 1])
                else:
                    act = acts[0]
                    schedule, nest = Schedule(schedule.actions + tuple(acts)), new
                    if ACTIONS[a].ends:  # the whole program's schedule: nothing is left to choose
                        whole = True
                        break
                    if act.kind == "A":  # new loops everywhere: the episode starts over on them
                        focus = branch_identity(nest, nest.branches()[0])
                if steps >= self.max_steps:
                    truncated = True
                    break
            if self.min_parallel_work > 0:
                kept, nest = without_small_regions(lp.program.model, list(schedule.actions), nest,
                                                   self.min_parallel_work)
                schedule = Schedule(tuple(kept))
        return Inference(schedule, nest, steps, time.perf_counter() - start, truncated, whole=whole)

    # ------------------------------------------------------------ memoized pieces

    def _program_memo(self, lp: LoadedProgram) -> _ProgramMemo:
        memo = self._memo.get(lp.key)
        if memo is None:
            memo = self._memo[lp.key] = _ProgramMemo()
            while len(self._memo) > 4:
                self._memo.popitem(last=False)
        else:
            self._memo.move_to_end(lp.key)
        return memo

    def _outputs(self, lp: LoadedProgram, memo: _ProgramMemo, schedule: Schedule, nest: LoopNest,
                 path: tuple[int, ...], branch: int) -> tuple[torch.Tensor, np.ndarray]:
        """The policy's logits and the applicability mask (Next included) at a state."""
        text = str(schedule)
        out = memo.logits.get((text, branch))
        if out is None:
            logits = self.logits(self.graphs.observation(lp, text, nest, path))
            applicable = applicable_mask(nest, path, loop_extents(lp.program.scop, nest, path),
                                         last_on_branch(schedule.actions, branch))
            applicable[NEXT] = True
            out = memo.logits[(text, branch)] = (logits, applicable)
        return out

    def _macro(self, lp: LoadedProgram, memo: _ProgramMemo, schedule: Schedule, nest: LoopNest, branch: int,
               a: int) -> tuple[list[Action], LoopNest]:
        """The actions of the macro `a` on `branch` and the nest after them ([] when
        nothing of its plan is legal), memoized like `_legal_nest`."""
        key = f"{schedule} | {ACTIONS[a]}@{branch}"
        out = memo.macros.get(key)
        if out is None:
            out = memo.macros[key] = expand(lp.program.model, nest, branch, ACTIONS[a])
        return out

    def _legal_nest(self, lp: LoadedProgram, memo: _ProgramMemo, schedule: Schedule, nest: LoopNest,
                    act: Action) -> LoopNest | None:
        """The nest after `act`, or None when the exact legality check refuses it."""
        text = str(schedule.then(act))
        if text in memo.legal:
            return memo.legal[text]
        try:
            # the refusal's text is thrown away: not worth naming the dependence
            new = checked_apply(lp.program.model, nest, act, explain=False)
        except PolyrlError:
            new = None
        memo.legal[text] = new
        return new


def pick_choice(predicted: Sequence[np.ndarray]) -> tuple[int, float]:
    """The macro pick's candidate among options whose first is the checked schedule, from each
    pick model's predicted times: the one of least mean log predicted time (the first on a tie),
    and its predicted gain over the first, each model's, the smaller. `_macro_pick` takes it
    where that gain is at least its margin (reports/session59/pick_replay.py replays the rule)."""
    best = int(np.argmin(np.mean(np.log(predicted), axis=0)))
    return best, min(float(times[0] / times[best]) for times in predicted)


def macro_options(model: Model, schedule: Schedule, nest: LoopNest) -> list[tuple[Schedule, LoopNest, str]]:
    """The macro pick's candidates: (`schedule`, `nest`, "") first, then each of the program's
    macro plans (polyrl.poly.macros.macro_plans) that differs from it, with its profile name."""
    options = [(schedule, nest, "")]
    seen = {str(schedule)}
    for name, (acts, plan_nest) in macro_plans(model).items():
        macro = Schedule(tuple(acts))
        if str(macro) not in seen:
            seen.add(str(macro))
            options.append((macro, plan_nest, name))
    return options


@contextlib.contextmanager
def _collector_paused():
    """Python's cyclic garbage collector off for the block: an episode allocates many
    short-lived objects (isl wrappers, feature rows) and none of them in cycles that need
    collecting before it ends, while the collector's passes over everything alive took
    about a twentieth of the time of an episode."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _the_form(logits: torch.Tensor, allowed: np.ndarray) -> int:
    """F, the whole program in the Pluto form, where it is allowed (the first step), else
    Next: an episode of the form alone, whatever the policy's logits say."""
    return FORM if allowed[FORM] else NEXT


def _argmax(logits: torch.Tensor, allowed: np.ndarray) -> int:
    return int(logits.masked_fill(~torch.from_numpy(allowed), float("-inf")).argmax())
