#!/usr/bin/env python3
"""Checks scripts/dask_solve.py for real: a solve through Dask, with one task process and one
worker process killed mid-layer, must leave a store byte-identical to `dotbox solve --store`.

    python scripts/dask_solve_test.py BOARD [--lines L] [--workers N]

The kills are real SIGKILLs of processes found in /proc: first a running `dotbox tiles
solve` task two thirds of the way down from the full board (its Dask task fails and is
retried), then, at half way, the Dask worker
process running such a task (the scheduler reschedules its tasks on another worker, the
nanny starts a new worker, and the task's own process dies with its worker). Then a store
left by a driver stopped between a layer's tasks and its check, resumed by the driver. Then a
bad --memory and another solve's store, refused before a cluster is started. Exit code 0 when
every store matches, both kills happened and both refusals came first, 1 otherwise.
"""

import argparse
import filecmp
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def task_processes(store):
    """(pid, parent pid, layer) of every running `dotbox tiles solve` writing into `store`."""
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                argv = f.read().decode(errors="replace").split("\0")
            with open(f"/proc/{pid}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        if argv[1:3] == ["tiles", "solve"] and store in argv and "--layer" in argv:
            found.append((int(pid), ppid, int(argv[argv.index("--layer") + 1])))
    return found


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("board")
    p.add_argument("--lines", default="")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--dotbox", default=os.path.join(HERE, "..", "target", "release", "dotbox"))
    args = p.parse_args(argv)
    dotbox = os.path.abspath(args.dotbox)
    with tempfile.TemporaryDirectory() as tmp:
        ref, dist = os.path.join(tmp, "one-process"), os.path.join(tmp, "dask")
        subprocess.run(
            [dotbox, "solve", args.board, "--lines", args.lines, "--store", ref],
            check=True,
            capture_output=True,
        )
        driver = subprocess.Popen(
            [sys.executable, os.path.join(HERE, "dask_solve.py"), args.board]
            + ["--lines", args.lines, "--store", dist, "--workers", str(args.workers)]
            + ["--dotbox", dotbox],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        # Kills in the larger middle layers, where tasks write many tiles: a task at two
        # thirds of the way down from the full board, a worker at half.
        layers = subprocess.run(
            [dotbox, "tiles", "layers", args.board, "--lines", args.lines, "--estimate"],
            check=True,
            capture_output=True,
            text=True,
        )
        layers = json.loads(layers.stdout)
        top = layers[0]["layer"]
        targets = [top * 2 // 3, top // 2]
        kills = []
        while driver.poll() is None and len(kills) < 2:
            for pid, ppid, layer in task_processes(dist):
                if layer > targets[len(kills)]:
                    continue
                if not kills:
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except ProcessLookupError:
                        break  # it ended between the scan and the kill: look again
                    kills.append(("task process", layer))
                    break
                # Freeze the task so that it is certainly mid-work, then kill its worker.
                try:
                    os.kill(pid, signal.SIGSTOP)
                except ProcessLookupError:
                    break
                os.kill(ppid, signal.SIGKILL)
                kills.append(("worker process", layer))
                deadline = time.monotonic() + 10
                while alive(pid) and time.monotonic() < deadline:
                    time.sleep(0.01)
                if alive(pid):
                    print(f"task {pid} outlived its killed worker", file=sys.stderr)
                    os.kill(pid, signal.SIGKILL)
                    driver.kill()
                    return 1
                break
            time.sleep(0.001)
        out, err = driver.communicate(timeout=600)
        for what, layer in kills:
            print(f"killed a {what} at layer {layer}", file=sys.stderr)
        ok = driver.returncode == 0 and len(kills) == 2
        if driver.returncode != 0:
            print(f"the Dask solve failed:\n{err}", file=sys.stderr)
        elif len(kills) < 2:
            print("the solve ended before both kills", file=sys.stderr)
        ok = ok and same_store(ref, dist)
        if ok:
            print(f"{args.board}: {len(os.listdir(ref))} store files byte-identical to dotbox solve")
            print(out.splitlines()[-2] if out else "")
            for line in err.splitlines():
                if "killed" in line or "Worker" in line or "solved:" in line:
                    print(f"  dask: {line.strip()}")
        ok = ok and resumed_after_unchecked_layer(args, dotbox, tmp, ref, layers)
        ok = ok and refused_before_the_cluster(args, dotbox, tmp)
        return 0 if ok else 1


def same_store(ref, dist):
    """Whether the store `dist` holds the files of `ref`, byte for byte; says how not."""
    names = sorted(os.listdir(ref))
    if sorted(os.listdir(dist)) != names:
        print(f"files differ: {sorted(os.listdir(dist))} != {names}", file=sys.stderr)
        return False
    _, mismatch, errors = filecmp.cmpfiles(ref, dist, names, shallow=False)
    if mismatch or errors:
        print(f"bytes differ: {mismatch} {errors}", file=sys.stderr)
        return False
    return True


def resumed_after_unchecked_layer(args, dotbox, tmp, ref, layers):
    """A driver killed after a layer's tasks finished but before its check removed the layer
    above (--keep): the store holds both layers. Built here by the tasks themselves, layer by
    layer down to the middle, the last layer left unchecked; the driver run again must resume
    below it and leave the same store as `dotbox solve --store`, the stale layer removed.
    `layers`: the solve's layers, as `dotbox tiles layers --estimate` lists them."""
    store = os.path.join(tmp, "unchecked")
    spec = [args.board, "--lines", args.lines]
    for i, layer in enumerate(layers[: len(layers) // 2]):
        k = str(layer["layer"])
        tasks = f"0..{layer['tasks']}"
        solve = [dotbox, "tiles", "solve", *spec, "--layer", k, "--tasks", tasks]
        subprocess.run(solve + ["--store", store], check=True, capture_output=True)
        if i + 1 < len(layers) // 2:
            check = [dotbox, "tiles", "check", *spec, "--layer", k, "--store", store]
            subprocess.run(check + ["--keep", "1"], check=True, capture_output=True)
    driver = subprocess.run(
        [sys.executable, os.path.join(HERE, "dask_solve.py"), *spec, "--store", store]
        + ["--workers", str(args.workers), "--dotbox", dotbox],
        capture_output=True,
        text=True,
        timeout=600,
    )
    if driver.returncode != 0:
        print(f"the resumed Dask solve failed:\n{driver.stderr}", file=sys.stderr)
        return False
    if not same_store(ref, store):
        print("after a driver stopped before a layer's check", file=sys.stderr)
        return False
    print(f"{args.board}: resumed below an unchecked layer, the same store as dotbox solve")
    return True


def refused_before_the_cluster(args, dotbox, tmp):
    """A bad --memory, and a store of another solve, are refused by the driver's first task,
    run on this machine before a cluster is started (on the cluster each task failed on every
    retry): the driver's error is dotbox's own, and no task of the cluster ran."""
    other = os.path.join(tmp, "other-solve")
    subprocess.run([dotbox, "solve", "1x2", "--store", other], check=True, capture_output=True)
    spec = [args.board, "--lines", args.lines]
    cases = [
        (["--store", os.path.join(tmp, "fresh"), "--memory", "abc"], "'abc' is not a size"),
        (["--store", other], "belongs to another solve"),
    ]
    for options, said in cases:
        driver = subprocess.run(
            [sys.executable, os.path.join(HERE, "dask_solve.py"), *spec, *options]
            + ["--workers", str(args.workers), "--dotbox", dotbox],
            capture_output=True,
            text=True,
            timeout=600,
        )
        if driver.returncode == 0 or said not in driver.stderr or "tries:" in driver.stderr:
            print(f"{options}: not refused before the cluster:\n{driver.stderr}", file=sys.stderr)
            return False
    print(f"{args.board}: a bad --memory and another solve's store refused before the cluster")
    return True


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
