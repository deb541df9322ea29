#!/usr/bin/env python3
"""Runs a whole `dotbox` solve as Dask tasks, layer by layer (see docs/scaling.md).

Each layer's tiles are cut into contiguous ranges of tasks; a Dask task runs one range as a
`dotbox tiles solve` process on a worker. Once every task of a layer is done, `dotbox tiles
check` finishes the layer (every tile present and intact, the layer above removed when it is
deeper than --keep) before the next layer starts. A task whose process fails or is killed is
retried by Dask (`retries=`); a task whose worker dies is rescheduled by the scheduler on
another worker. Tasks are idempotent, so a retry or a duplicate never changes the store.

Clusters:
  --workers N            a LocalCluster of N worker processes on this machine (default 2)
  --scheduler ADDRESS    an existing Dask scheduler (its workers must see --store and --dotbox)
  --slurm                workers as Slurm jobs through dask-jobqueue (SLURMCluster); with
                         --print-job-script it only prints the batch script it would submit

Needs the `dask[distributed]` packages (and `dask-jobqueue` for --slurm) of
scripts/dask-requirements.txt, and a built `dotbox` (cargo build --release).
"""

import argparse
import ctypes
import json
import os
import shlex
import signal
import subprocess
import sys
import time

DEFAULT_DOTBOX = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "target", "release", "dotbox"
)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("board", help="RxC (for example 3x4) or icelandic")
    p.add_argument("--store", required=True, help="store directory every worker sees")
    p.add_argument("--lines", default="", help="lines drawn in the position to solve")
    p.add_argument("--last-move-penalty", type=int, default=0)
    p.add_argument("--high-groups", type=int, help="as dotbox solve --high-groups")
    p.add_argument("--loony", action="store_true", help="as dotbox solve --loony")
    p.add_argument(
        "--keep",
        type=int,
        default=1,
        help="layers kept in the store at the end (dotbox solve keeps 1: the position and its moves)",
    )
    p.add_argument("--dotbox", default=DEFAULT_DOTBOX, help="the dotbox binary on the workers")
    p.add_argument(
        "--tasks-per-worker",
        type=int,
        default=4,
        help="Dask tasks per worker and layer: each takes a contiguous range of the layer's tiles",
    )
    p.add_argument("--memory", help="memory of each dotbox task (dotbox --memory)")
    p.add_argument("--threads", type=int, default=1, help="threads of each dotbox task")
    p.add_argument("--retries", type=int, default=3, help="retries of a failed task")
    p.add_argument("--workers", type=int, default=2, help="LocalCluster worker processes")
    p.add_argument("--scheduler", help="address of an existing Dask scheduler")
    slurm = p.add_argument_group("Slurm (dask-jobqueue)")
    slurm.add_argument("--slurm", action="store_true", help="workers as Slurm jobs")
    slurm.add_argument("--jobs", type=int, default=1, help="Slurm jobs (one worker each)")
    slurm.add_argument("--job-cores", type=int, default=32, help="cores per job")
    slurm.add_argument(
        "--job-tasks", type=int, default=4, help="dotbox tasks a job runs at once"
    )
    slurm.add_argument("--job-memory", default="64GB", help="memory per job")
    slurm.add_argument("--walltime", default="24:00:00")
    slurm.add_argument("--queue", help="Slurm partition")
    slurm.add_argument("--account", help="Slurm account")
    slurm.add_argument(
        "--print-job-script", action="store_true", help="print the Slurm batch script and stop"
    )
    args = p.parse_args(argv)
    counts = {"--workers": args.workers, "--jobs": args.jobs, "--job-tasks": args.job_tasks}
    counts |= {"--tasks-per-worker": args.tasks_per_worker, "--threads": args.threads}
    for option, n in counts.items():
        if n < 1:
            p.error(f"{option} {n}: at least 1")
    if args.retries < 0:
        p.error(f"--retries {args.retries}: at least 0")
    # Without layer 1 (the position's moves) the closing `dotbox solve` would compute the
    # whole solve again, on this one machine.
    if args.keep < 1:
        p.error(f"--keep {args.keep}: at least 1 (the position and its moves)")
    return args


def spec_args(args):
    """The options that name the solve, shared by every dotbox command of the run."""
    out = [args.board, "--lines", args.lines, "--last-move-penalty", str(args.last_move_penalty)]
    if args.high_groups is not None:
        out += ["--high-groups", str(args.high_groups)]
    if args.loony:
        out.append("--loony")
    return out


PR_SET_PDEATHSIG = 1


def die_with_worker():
    """A function for the child to call before exec that has it SIGKILLed when the worker
    that started it dies, so a killed worker leaves no task writing behind it (Linux;
    elsewhere None). libc is loaded here, in the worker, before the fork: the child only
    calls into it, taking no lock another thread might hold."""
    try:
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
    except OSError:
        return None
    return lambda: libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def run_task(command):
    """One Dask task: a `dotbox tiles solve` process. Returns (positions computed, seconds);
    raises if the process fails or is killed, so that Dask retries the task."""
    start = time.monotonic()
    done = subprocess.run(
        command, capture_output=True, text=True, preexec_fn=die_with_worker()
    )
    if done.returncode != 0:
        how = (
            f"killed by signal {-done.returncode}"
            if done.returncode < 0
            else f"exit code {done.returncode}"
        )
        raise RuntimeError(f"{shlex.join(command)}: {how}: {done.stderr.strip()}")
    try:
        positions = json.loads(done.stdout)["positions_computed"]
    except (ValueError, KeyError) as e:
        raise RuntimeError(f"{shlex.join(command)}: unreadable summary ({e}): {done.stdout!r}")
    return positions, time.monotonic() - start


def dotbox(args, *command):
    """Runs a dotbox command on this machine; its output, or exit with its error."""
    done = subprocess.run([args.dotbox, *command], capture_output=True, text=True)
    if done.returncode != 0:
        return None, done.stderr.strip()
    return done.stdout, None


def ranges(n, parts):
    """`parts` contiguous ranges covering 0..n, as equal as can be."""
    parts = max(1, min(n, parts))
    bounds = [n * i // parts for i in range(parts + 1)]
    return [(a, b) for a, b in zip(bounds, bounds[1:]) if a < b]


def task_args(args, layer):
    """The arguments of a `dotbox tiles solve` task of `layer`, but its --tasks."""
    out = ["tiles", "solve", *spec_args(args), "--layer", str(layer), "--json"]
    out += ["--store", args.store, "--threads", str(args.threads)]
    if args.memory:
        out += ["--memory", args.memory]
    return out


def first_task(args, layer):
    """Runs every task of `layer` (the full board's: one tile) on this machine with the run's
    options; None, or the error."""
    return dotbox(args, *task_args(args, layer["layer"]), "--tasks", f"0..{layer['tasks']}")[1]


def check_layer(args, k):
    """`dotbox tiles check` of layer `k` with --keep: None when the layer is finished (the
    layer above then removed if deeper than --keep), else the check's error."""
    check = ["tiles", "check", *spec_args(args), "--layer", str(k), "--store", args.store]
    return dotbox(args, *check, "--keep", str(args.keep))[1]


def resume_at(args, layers):
    """Where a driver run again over an existing store starts: below the lowest layer whose
    check passes (the layers above it may have been removed under --keep), else at the top.
    That check removes the layer above under --keep, as the run that finished the layer would
    have, had it not been stopped between the layer's tasks and its check."""
    if not os.path.isdir(args.store):
        return 0
    for i in range(len(layers) - 1, -1, -1):
        k = layers[i]["layer"]
        if check_layer(args, k) is None:
            print(f"layer {k} is finished in {args.store}: resuming below it", file=sys.stderr)
            return i + 1
    return 0


def make_client(args):
    from dask.distributed import Client, LocalCluster

    if args.scheduler:
        client = Client(args.scheduler)
        return client, sum(w["nthreads"] for w in client.scheduler_info()["workers"].values())
    if args.slurm:
        from dask_jobqueue import SLURMCluster

        # One worker per job, running --job-tasks dotbox tasks at once (its threads), each
        # with --threads cores: --job-cores should be their product.
        cluster = SLURMCluster(
            cores=args.job_tasks,
            job_cpu=args.job_cores,
            processes=1,
            memory=args.job_memory,
            walltime=args.walltime,
            queue=args.queue,
            account=args.account,
        )
        if args.print_job_script:
            print(cluster.job_script())
            sys.exit(0)
        cluster.scale(jobs=args.jobs)
        return Client(cluster), args.jobs * args.job_tasks
    cluster = LocalCluster(
        n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None
    )
    return Client(cluster), args.workers


def run_layer(client, args, layer, tasks, workers, attempt):
    """Runs every task of `layer` on the cluster; returns the positions computed."""
    base = [args.dotbox, *task_args(args, layer)]
    parts = ranges(tasks, max(1, workers) * args.tasks_per_worker)
    commands = [base + ["--tasks", f"{a}..{b}"] for a, b in parts]
    keys = [f"tiles-{layer}-{a}-{b}-{attempt}" for a, b in parts]
    futures = client.map(run_task, commands, key=keys, retries=args.retries, pure=False)
    try:
        return sum(positions for positions, _ in client.gather(futures))
    except Exception as e:  # a task that failed every retry: its command and its error
        sys.exit(f"layer {layer}: a task failed (tries: {args.retries + 1}): {e}")


def main(argv):
    args = parse_args(argv)
    args.store = os.path.abspath(args.store)
    args.dotbox = os.path.abspath(args.dotbox)
    # Bad arguments are found here, before a cluster is started for them.
    if not os.access(args.dotbox, os.X_OK):
        sys.exit(f"--dotbox {args.dotbox}: no executable dotbox there (cargo build --release)")
    layers_json, error = dotbox(args, "tiles", "layers", *spec_args(args), "--estimate")
    if error:
        sys.exit(error)
    layers = json.loads(layers_json)
    start = resume_at(args, layers)
    if start == 0:
        # The full board's one tile, computed here: its task checks the store (another
        # solve's is refused), the solve and --memory before a cluster is started, where each
        # task would fail on every retry instead.
        error = first_task(args, layers[0])
        if error:
            sys.exit(error)
    client, workers = make_client(args)
    # A LocalCluster runs without its dashboard; another cluster's may be worth watching.
    if args.scheduler or args.slurm:
        print(f"dask dashboard: {client.dashboard_link}", file=sys.stderr)
    layers = layers[start:]
    total, began = 0, time.monotonic()
    for layer in layers:
        k, tasks = layer["layer"], layer["tasks"]
        start = time.monotonic()
        positions = run_layer(client, args, k, tasks, workers, 0)
        error = check_layer(args, k)
        if error:
            # Tasks are idempotent: run the whole layer again, which computes only what is
            # missing or damaged, and check once more.
            print(f"layer {k}: {error}\nrunning its tasks again", file=sys.stderr)
            positions += run_layer(client, args, k, tasks, workers, 1)
            error = check_layer(args, k)
            if error:
                sys.exit(f"layer {k} could not be finished: {error}")
        seconds = time.monotonic() - start
        total += positions
        print(
            f"layer {k:>2}: {tasks} tiles, {positions} positions in {seconds:.2f} s "
            f"({positions / max(seconds, 1e-9):.0f} positions/s)",
            file=sys.stderr,
        )
    seconds = time.monotonic() - began
    print(
        f"solved: {total} positions in {seconds:.2f} s ({total / max(seconds, 1e-9):.0f} "
        f"positions/s) on {workers} workers",
        file=sys.stderr,
    )
    client.close()
    # The finished store answers as a one-process solve's does (nothing left to compute).
    result, error = dotbox(args, "solve", *spec_args(args), "--store", args.store)
    if error:
        sys.exit(error)
    print(result, end="")


if __name__ == "__main__":
    main(sys.argv[1:])
