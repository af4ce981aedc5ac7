#!/usr/bin/env python3
"""A/B of tf-run builds by CPU time per Run, for a loaded machine.

For each round, model and binary in turn (interleaved), runs
  tf-run --graph G --input SPEC --output OUT --benchmark N --threads 1
and `--benchmark 1`, and takes the child's user+sys CPU time (os.wait4)
of both: (CPU(N) - CPU(1)) / (N - 1) is the CPU time of one Run, without
the compile. Also prints tf-run's own wall-clock median per round. Medians
over rounds. Wall times on a shared machine mostly measure the scheduler;
CPU time is what the core spent on our code (it still includes the
slow-down from a busy sibling hyperthread).

usage: tfrun_cpu_ab.py --bin NAME=PATH [--bin ...] --model NAME=GRAPH,INPUT_SPEC,OUTPUT [--model ...]
                       [--runs N] [--rounds R]
"""
import argparse
import os
import re
import statistics
import subprocess
import tempfile


def run(binary, graph, inp, out, n, outdir):
    p = subprocess.Popen([binary, "--graph", graph, "--input", inp, "--output", out,
                          "--output-dir", outdir, "--benchmark", str(n), "--threads", "1"],
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    text = p.stdout.read().decode()
    _, status, ru = os.wait4(p.pid, 0)
    if status != 0:
        raise SystemExit(f"{binary} failed on {graph}:\n{text}")
    m = re.search(r"median ([0-9.]+) ms", text)
    return ru.ru_utime + ru.ru_stime, float(m.group(1)) if m else float("nan")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", action="append", required=True)
    ap.add_argument("--model", action="append", required=True)
    ap.add_argument("--runs", type=int, default=21)
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    bins = [b.split("=", 1) for b in a.bin]
    models = []
    for m in a.model:
        name, spec = m.split("=", 1)
        parts = spec.split(",")  # GRAPH,INPUT_SPEC(may hold commas),OUTPUT
        models.append((name, (parts[0], ",".join(parts[1:-1]), parts[-1])))
    res = {}
    with tempfile.TemporaryDirectory() as outdir:
        for _ in range(a.rounds):
            for mname, (graph, inp, out) in models:
                for bname, binary in bins:
                    c1, _ = run(binary, graph, inp, out, 1, outdir)
                    cn, wall = run(binary, graph, inp, out, a.runs, outdir)
                    res.setdefault((mname, bname), []).append(
                        ((cn - c1) / (a.runs - 1) * 1e3, wall))
    print("| model | build | CPU ms per Run (median of rounds) | rounds | wall median ms (median of rounds) |")
    print("|---|---|---|---|---|")
    for (m, b), v in res.items():
        cpu = statistics.median(x[0] for x in v)
        wall = statistics.median(x[1] for x in v)
        rounds = " / ".join(f"{x[0]:.1f}" for x in v)
        print(f"| {m} | {b} | {cpu:.2f} | {rounds} | {wall:.1f} |")


if __name__ == "__main__":
    main()
