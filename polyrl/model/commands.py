"""The `polyrl pretrain` command (registered through
polyrl.cli.COMMAND_MODULES). Parsing only; importing this module must stay cheap, so
islpy and torch are imported when a command runs."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "pretrain",
        help="train the cost model (GATv2 backbone) to predict log execution time from a memo store",
        description="Joins the memo store's measurements with the corpus's programs (manifest.jsonl: id, "
        "hash), splits by program into train/validation/test, trains, and reports MAPE and Spearman "
        "rank correlation. Checkpoints after every epoch; --resume continues from the checkpoint.",
    )
    p.set_defaults(func=cmd_pretrain)
    p.add_argument("--store", required=True, metavar="PATH", help="memo store (SQLite) with measured times")
    p.add_argument("--corpus", required=True, action="append", metavar="DIR",
                   help="corpus folder: C files and manifest.jsonl (repeat it for several corpora)")
    p.add_argument("--out", default="costmodel.pt", metavar="PATH", help="checkpoint to write (default costmodel.pt)")
    p.add_argument("--epochs", type=int, default=50, help="total number of epochs (default 50)")
    p.add_argument("--seed", type=int, default=0, help="seed of the split, the initial weights and the batches")
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--lr", type=float, default=1e-3, help="learning rate (default 1e-3)")
    p.add_argument("--within-weight", type=float, default=1.0,
                   help="weight of the within-program loss (deviations from the program's mean; default 1, "
                   "0 for plain MSE): what ranking a program's schedules depends on")
    p.add_argument("--rank-weight", type=float, default=0.0,
                   help="weight of a pairwise ranking loss (RankNet) over each program's schedules whose times "
                   "differ by more than --rank-margin (default 0: none)")
    p.add_argument("--rank-margin", type=float, default=0.05,
                   help="log-time difference below which two schedules count as tied (default 0.05, about 5%%)")
    p.add_argument("--mse-weight", type=float, default=1.0,
                   help="weight of the squared error of the log time itself (default 1; 0 trains only the "
                   "ranking within programs, which is what the policy's check and reward use)")
    p.add_argument("--list-weight", type=float, default=0.0,
                   help="weight of a listwise ranking loss (ListNet) over each program's schedules (default 0: none)")
    p.add_argument("--list-temperature", type=float, default=0.1,
                   help="softmax temperature of the listwise loss, in log-time units (default 0.1)")
    p.add_argument("--select", choices=("loss", "within"), default="loss",
                   help="keep the epoch with the lowest validation loss (default) or the highest validation "
                   "Spearman within programs")
    p.add_argument("--weight-decay", type=float, default=1e-5, help="AdamW weight decay (default 1e-5)")
    p.add_argument("--dropout", type=float, default=0.0,
                   help="dropout on attention coefficients and in the backbone's MLP (default 0)")
    p.add_argument("--resume", action="store_true", help="continue from the checkpoint at --out")
    p.add_argument("--init", default=None, metavar="CHECKPOINT",
                   help="start from this pretrain checkpoint's best weights (its layers and dropout too), its "
                   "target scaling and its program split (new programs dealt by --seed), with a fresh optimizer "
                   "and epoch count: a trained cost model taught more labels (e.g. a new kind of program) "
                   "without rebuilding it; copy its CHECKPOINT.graphs.pt to OUT.graphs.pt to reuse its graphs")
    p.add_argument("--split-from", default=None, metavar="CHECKPOINT",
                   help="keep the train/validation/test programs of an earlier pretrain checkpoint (programs it "
                   "does not know are dealt by --seed), so the two runs are tested on the same programs")
    p.add_argument("--train-programs", type=int, default=None, metavar="N",
                   help="train on the first N of the training programs only (in the split's seeded order, so a "
                   "smaller N trains on a subset of a larger one's programs; validation and test stay as they "
                   "are): points of the curve of accuracy against the number of labels")
    p.add_argument("--machine", default=None,
                   help="only measurements of this machine fingerprint (default: the one with most records); "
                        "text that is no fingerprint takes every machine whose fingerprint contains it, and "
                        "`all` every machine. With several machines, schedules are ranked only against "
                        "the same program's on the same machine")
    p.add_argument("--workers", type=int, default=None, help="processes building program graphs (default: the cores, at most 8)")
    p.add_argument("--torch-threads", type=int, default=1,
                   help="torch intra-op threads while training (default 1: the graphs are small, and more threads "
                   "slow training down tenfold when other jobs share the cores)")


def cmd_pretrain(args) -> int:
    from polyrl.model.costmodel import PretrainConfig, pretrain

    config = PretrainConfig(
        store=args.store, corpus=args.corpus, out=args.out, epochs=args.epochs, seed=args.seed,
        batch_size=args.batch_size, lr=args.lr, within_weight=args.within_weight, rank_weight=args.rank_weight,
        rank_margin=args.rank_margin, resume=args.resume,
        machine=args.machine, workers=args.workers, weight_decay=args.weight_decay, dropout=args.dropout,
        torch_threads=args.torch_threads, split_from=args.split_from, mse_weight=args.mse_weight,
        list_weight=args.list_weight, list_temperature=args.list_temperature, select=args.select,
        train_programs=args.train_programs, init=args.init,
    )
    pretrain(config)
    return 0
