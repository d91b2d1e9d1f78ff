"""`polyrl train` and `polyrl distill` (registered through polyrl.cli.COMMAND_MODULES):
argument parsing only; the work is polyrl.rl.ppo.train and polyrl.rl.distill. Importing this module stays cheap (no torch, no isl)."""

from __future__ import annotations

import argparse
from pathlib import Path

from polyrl.arguments import require_at_least_one
from polyrl.errors import PolyrlError

TRAIN_EPILOG = """Rewards: log4 of the speedup of each new state over the previous one, so an
episode's return is log4 of its final speedup.
  measured   every new state is built, verified and timed (memo store first)
  surrogate  the cost model (--costmodel) predicts the times; nothing runs
  mixed      the surrogate for intermediate states, a measurement for the final one
             (the last reward corrects the return to the measured final speedup)
Writes OUT (checkpoint, after every iteration and on Ctrl-C), OUT-stem.train.csv,
OUT-stem.train.png and, with tensorboard installed, OUT-stem.tb/."""


def register(subparsers) -> None:
    from polyrl.arguments import add_toolchain_arguments

    p = subparsers.add_parser(
        "train",
        help="train the scheduling policy (GATv2 actor-critic) with PPO on a corpus",
        description="PPO on the scheduling environment: episodes optimize corpus programs branch by branch "
        "with 123 masked actions (the seed design's 56, then unroll-and-jam, vector code, packing and macros; "
        "illegal ones never sampled). Hyper-parameters default to the seed paper's.",
        epilog=TRAIN_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.set_defaults(func=cmd_train)
    p.add_argument("--corpus", required=True, metavar="DIR",
                   help="training programs: a folder with manifest.jsonl (e.g. from `polyrl generate`) or of .c files")
    p.add_argument("--out", default="policy.pt", metavar="PATH", help="policy checkpoint (default policy.pt)")
    p.add_argument("--resume", action="store_true", help="continue from the checkpoint at --out")
    p.add_argument("--init", metavar="POLICY",
                   help="start from this policy checkpoint's weights (e.g. the shipped policy, or one written by "
                   "`polyrl distill` or `polyrl train`) instead of the cost model; the optimizer and step count start "
                   "afresh (--costmodel still gives the surrogate reward)")
    p.add_argument("--steps", type=int, default=100_000, help="total environment steps (default 100000)")
    p.add_argument("--reward", choices=("measured", "surrogate", "mixed"), default="surrogate",
                   help="where speedups come from (default surrogate; see below)")
    p.add_argument("--costmodel", default=None, metavar="PATH",
                   help="`polyrl pretrain` checkpoint: initialises the backbone, and is the surrogate reward")
    p.add_argument("--workers", type=int, default=1,
                   help="rollout processes on this machine (default 1: collect in this process); "
                   "with --ray, the number of Ray actors")
    p.add_argument("--ray", default=None, metavar="ADDRESS|local",
                   help="collect rollouts in Ray actors on the cluster at ADDRESS (or a Ray started here: local); "
                   "the store and cost model paths must be visible to every node")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--max-steps", type=int, default=20, help="actions per episode before it is truncated (default 20)")
    p.add_argument("--batch-size", type=int, default=512, help="environment steps per PPO update (default 512)")
    p.add_argument("--minibatch-size", type=int, default=64, help="default 64")
    p.add_argument("--epochs", type=int, default=5, help="passes over each batch (default 5)")
    p.add_argument("--lr", type=float, default=1e-4, help="Adam learning rate (default 1e-4)")
    p.add_argument("--ent-coef", type=float, default=0.1,
                   help="entropy coefficient at step 0, decaying linearly to 0 (default 0.1)")
    p.add_argument("--target-kl", type=float, default=None, metavar="KL",
                   help="stop an update's epochs early once a minibatch's approximate KL divergence from the "
                   "rollout policy exceeds 1.5 x KL (default: off, every epoch runs); 0.02-0.05 keeps updates small "
                   "when the network's outputs move fast")
    p.add_argument("--lazy-masks", action="store_true",
                   help="check the legality of the sampled action only (drawing again when it is refused) instead "
                   "of every applicable action at every step: about 2.5x faster steps; the stored mask is the "
                   "applicable actions minus those found illegal, at rollout and update alike")
    p.add_argument("--no-tensorboard", action="store_true", help="no TensorBoard event files")
    add_toolchain_arguments(p)  # --cc --flags --threads --repeat --timeout --store
    register_distill(subparsers)
    register_ensemble(subparsers)


def cmd_train(args: argparse.Namespace) -> int:
    from polyrl.rl.ppo import TrainConfig, train
    from polyrl.runtime import Toolchain

    if args.store is None:
        raise PolyrlError("polyrl train needs --store (memo store of legality answers and measurements)")
    if args.target_kl is not None and not args.target_kl > 0:
        raise PolyrlError("--target-kl must be positive")
    require_at_least_one(args, "steps", "workers", "batch_size", "minibatch_size", "epochs", "max_steps", "repeat")
    if args.costmodel is not None and not Path(args.costmodel).is_file():
        raise PolyrlError("no such cost-model checkpoint", args.costmodel)
    if args.init is not None:
        if args.resume:
            raise PolyrlError("give --resume (continue the run at --out) or --init (start a new one), not both")
        if not Path(args.init).is_file():
            raise PolyrlError("no such policy checkpoint", args.init)
    config = TrainConfig(
        corpus=args.corpus, out=args.out, store=args.store, steps=args.steps, reward=args.reward,
        costmodel=args.costmodel, workers=args.workers, ray=args.ray, resume=args.resume, init=args.init, seed=args.seed,
        max_steps=args.max_steps,
        toolchain=Toolchain(cc=args.cc, flags=tuple(args.flags.split()), threads=args.threads), repeat=args.repeat,
        timeout_s=args.timeout, batch_size=args.batch_size, minibatch_size=args.minibatch_size, epochs=args.epochs,
        lr=args.lr, ent_coef=args.ent_coef, tensorboard=not args.no_tensorboard, lazy_masks=args.lazy_masks,
        target_kl=args.target_kl,
    )
    result = train(config)
    return 130 if result.get("interrupted") else 0


DISTILL_EPILOG = """Typical loop (one step of expert iteration):
  polyrl distill --corpus g8 --write-candidates cand.txt
  polyrl measure g8 --schedules cand.txt --threads 2 --store s.sqlite
  polyrl distill --corpus g8 --store s.sqlite --threads 2 --init policy.pt --out distilled.pt
A program's target is its fastest verified schedule in the store (for this machine and the
--cc, --flags and --threads given), the shortest one within --tie of it; when none is
--min-speedup faster than the original, the target is to leave the program as it is."""


def register_distill(subparsers) -> None:
    from polyrl.arguments import add_build_arguments

    p = subparsers.add_parser(
        "distill",
        help="train the policy to imitate the fastest measured schedule of each corpus program",
        description="Search distillation: write recipe candidates to measure (--write-candidates), or train "
        "the actor-critic by cross-entropy on each program's best measured schedule, replayed through the "
        "environment's branch traversal (and the critic on its log4 speedup). The checkpoint it writes is a "
        "policy for `polyrl optimize --policy`, `polyrl bench` and `polyrl train --init`.",
        epilog=DISTILL_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.set_defaults(func=cmd_distill)
    p.add_argument("--corpus", required=True, metavar="DIR", help="the programs (a `polyrl generate` folder)")
    p.add_argument("--write-candidates", metavar="FILE",
                   help="only write each program's recipe schedules (`prog: SCHEDULE` lines for `polyrl measure "
                   "--schedules`) and stop")
    p.add_argument("--random", type=int, default=0, metavar="K",
                   help="with --write-candidates: also K random legal schedules per program, the ones `polyrl "
                   "measure --schedules random:K` would draw (more varied data, e.g. for `polyrl pretrain`)")
    p.add_argument("--store", metavar="PATH", help="memo store with the measured schedules (needed to train)")
    p.add_argument("--out", default="policy.pt", metavar="PATH", help="policy checkpoint to write (default policy.pt)")
    p.add_argument("--init", metavar="PATH",
                   help="start from this policy checkpoint, or from a `polyrl pretrain` cost model (backbone and "
                   "value head); default: fresh weights")
    p.add_argument("--targets", metavar="FILE",
                   help="only the schedules of this `prog: SCHEDULE` file may be targets (e.g. the recipes "
                   "--write-candidates wrote, leaving out random schedules the store also holds); the original "
                   "program always may")
    p.add_argument("--machine", metavar="KEY",
                   help="whose labels give the targets: this machine (default), another machine's key (`polyrl "
                   "dataset stats` lists them), or `all` (each program's times from the machine that measured "
                   "most of its schedules; a target is never chosen across machines)")
    p.add_argument("--prefer-form", type=float, metavar="FRACTION",
                   help="imitate the Pluto form (the F(5) action: one decision for the whole program) wherever "
                   "it was measured within FRACTION of the program's fastest schedule, e.g. 0.15 (default: only "
                   "where it is the fastest)")
    p.add_argument("--min-speedup", type=float, default=1.1,
                   help="a target schedule must be this much faster than the original (default 1.1)")
    p.add_argument("--tie", type=float, default=0.05,
                   help="schedules within this fraction of the best time count as tied; the shortest wins "
                   "(default 0.05)")
    p.add_argument("--epochs", type=int, default=30, help="passes over the replayed steps (default 30)")
    p.add_argument("--lr", type=float, default=3e-4, help="Adam learning rate (default 3e-4)")
    p.add_argument("--max-steps", type=int, default=32,
                   help="episode length of the replays and of the written policy (default 32)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=1,
                   help="processes that replay the targets through the environment, the slow part of a "
                   "distillation (about a second a program); the result does not depend on it (default 1)")
    p.add_argument("--keep-replays", action="store_true",
                   help="keep the journal of finished replays (OUT.replays) after the checkpoint is written, so that "
                   "another distillation of the same targets (other --epochs, --lr or --seed) skips them; it is "
                   "always kept after Ctrl-C or a failure, and the same command goes on from it")
    add_build_arguments(p)  # --cc --flags --threads: which of the store's measurements to read


def cmd_distill(args: argparse.Namespace) -> int:
    import sys

    from polyrl.measure.scheduler import discover
    from polyrl.rl.distill import DistillConfig, candidate_schedules, distill
    from polyrl.rl.state import corpus_programs
    from polyrl.runtime import Toolchain

    if args.write_candidates:
        if args.random < 0:
            raise PolyrlError(f"--random must be 0 or more, not {args.random}")
        specs = corpus_programs(args.corpus)
        # the seeds `polyrl measure --schedules random:K` draws each file's schedules from
        seeds = {src.name: src.seed for src in discover(args.corpus)} if args.random else {}
        n, lines = 0, 0
        with open(args.write_candidates, "w") as f:
            for spec in specs:
                try:
                    found = candidate_schedules(spec, args.random, seeds.get(Path(spec.path).name, 0))
                except PolyrlError as e:
                    print(f"polyrl: skipping {spec.name}: {e.message}", file=sys.stderr)
                    continue
                for text in found:
                    f.write(f"{spec.name}: {text}\n")
                n, lines = n + 1, lines + len(found)
                if n % 25 == 0:
                    print(f"{n}/{len(specs)} programs, {lines} schedules", file=sys.stderr, flush=True)
        print(f"wrote {lines} schedules of {n} programs to {args.write_candidates}")
        return 0
    if args.store is None:
        raise PolyrlError("polyrl distill needs --store (the measured schedules) unless --write-candidates is given")
    if not Path(args.store).is_file():
        raise PolyrlError("no such memo store", args.store)
    if args.targets is not None and not Path(args.targets).is_file():
        raise PolyrlError("no such targets file", args.targets)
    if args.init is not None and not Path(args.init).is_file():
        raise PolyrlError("no such checkpoint", args.init)
    require_at_least_one(args, "epochs", "max_steps", "workers")
    config = DistillConfig(corpus=args.corpus, store=args.store, out=args.out, init=args.init, targets=args.targets,
                           toolchain=Toolchain(cc=args.cc, flags=tuple(args.flags.split()), threads=args.threads),
                           min_speedup=args.min_speedup, tie=args.tie, epochs=args.epochs, lr=args.lr,
                           seed=args.seed, max_steps=args.max_steps, machine=args.machine,
                           prefer_form=args.prefer_form, workers=args.workers, keep_replays=args.keep_replays)
    result = distill(config)
    return 130 if result.get("interrupted") else 0


def register_ensemble(subparsers) -> None:
    p = subparsers.add_parser(
        "ensemble",
        help="join policy checkpoints into one ensemble policy",
        description="Write one policy checkpoint holding several networks of the same shape (e.g. `polyrl "
        "distill` runs with different --seed). At each step the ensemble takes the mean of its networks' "
        "log-probabilities: greedy inference picks the action they agree on most, and samples come from "
        "their normalised product. Inference runs every network, so it costs a forward pass per member. "
        "`polyrl train --init` and `polyrl distill --init` start from the ensemble's first member.",
    )
    p.set_defaults(func=cmd_ensemble)
    p.add_argument("policies", nargs="+", metavar="POLICY", help="policy checkpoints (an ensemble adds all its members)")
    p.add_argument("--out", required=True, metavar="PATH", help="the ensemble checkpoint to write")


def cmd_ensemble(args: argparse.Namespace) -> int:
    from polyrl.rl.checkpoint import ensemble_members, load_policy, max_steps_of, save_policy

    models, sources, max_steps = [], [], set()
    for path in args.policies:
        if not Path(path).is_file():
            raise PolyrlError("no such policy checkpoint", str(path))
        model, ckpt = load_policy(path)
        members = [model, *ensemble_members(ckpt, path)]
        models += members
        sources += [str(path)] * len(members)
        max_steps.add(max_steps_of(ckpt))
    if len(models) < 2:
        raise PolyrlError("an ensemble needs at least two networks")
    if len(max_steps) > 1:
        raise PolyrlError(f"the policies end episodes after different numbers of steps ({sorted(max_steps)}); "
                          "join policies trained alike")
    try:
        out = save_policy(models[0], args.out, max_steps.pop(), members=models[1:], ensemble={"sources": sources})
    except ValueError as e:  # networks of different shapes
        raise PolyrlError(str(e)) from None
    print(f"wrote {out}: an ensemble of {len(models)} networks ({', '.join(dict.fromkeys(sources))})")
    return 0
