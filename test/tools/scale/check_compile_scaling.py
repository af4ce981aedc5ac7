#!/usr/bin/env python3
"""Checks that tf-run's time and memory grow linearly with the graph (test-only).

usage: check_compile_scaling.py TF_RUN N [FACTOR] [MAX_RATIO] [SIZES]

Writes chains of N, FACTOR*N, ... (SIZES chains in all, default 2; each
FACTOR times the previous) of unary ops (make_chain_graph.py), runs each
through `tf-run --timing` once, checks the output against the chain's value
computed here, and compares consecutive sizes by
  - CPU time: user + system seconds of the tf-run process (os.wait4), so
    that other processes on a loaded machine change it little; almost all of
    it is the compile (import, tf-standard-pipeline, hlo-to-llvm-pipeline,
    LLVM). Linear growth gives a ratio near FACTOR, a quadratic phase
    FACTOR**2. Fails when a ratio exceeds MAX_RATIO (default 2 * FACTOR:
    loose enough for a loaded machine, below the quadratic FACTOR**2 for
    FACTOR >= 4).
  - peak RSS minus the smallest chain's (the fixed cost of the process and
    its libraries): fails when the growth between two sizes exceeds
    MAX_RATIO times the growth expected from the previous step (a
    quadratic data structure; a 300,000-node chain once took 6.8 GB).
Not a timed test: only ratios within one run are checked. Prints, per size,
the CPU seconds, the wall-clock compile time from --timing (for reading; it
is not checked) and the peak RSS, then the ratios.
"""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_chain_graph  # noqa: E402

X = [1.5, -2.0, 3.25, -4.0]


def run_chain(tf_run, n, work):
    """Runs the n-node chain; returns (cpu seconds, compile wall s, rss KiB)."""
    pb = os.path.join(work, "chain%d.pb" % n)
    with open(pb, "wb") as f:
        f.write(make_chain_graph.chain_graph(n, [len(X)]))
    csv = os.path.join(work, "x.csv")
    with open(csv, "w") as f:
        f.write(",".join(repr(v) for v in X) + "\n")
    out_path = os.path.join(work, "out.txt")
    err_path = os.path.join(work, "err.txt")
    with open(out_path, "w") as out, open(err_path, "w") as err:
        p = subprocess.Popen([tf_run, "--graph", pb, "--input", "x=" + csv,
                              "--output", "y", "--timing"],
                             stdout=out, stderr=err)
        _, status, usage = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
    with open(out_path) as f:
        stdout = f.read()
    with open(err_path) as f:
        stderr = f.read()
    if p.returncode != 0:
        sys.exit("tf-run failed on the %d-node chain (exit %d):\n%s" %
                 (n, p.returncode, stderr))
    got = [float(v) for v in stdout.split("\n")[1:] if v.strip()]
    want = [make_chain_graph.expected_value(n, v) for v in X]
    if got != want:
        sys.exit("%d-node chain: got %s, want %s" % (n, got, want))
    m = re.search(r"^\s*([0-9.]+) \(\s*[0-9.]+%\)\s+compile the whole graph",
                  stderr, re.M)
    if not m:
        sys.exit("no compile time in tf-run --timing's report:\n" + stderr)
    return usage.ru_utime + usage.ru_stime, float(m.group(1)), usage.ru_maxrss


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    tf_run, n = argv[1], int(argv[2])
    factor = int(argv[3]) if len(argv) > 3 else 4
    max_ratio = float(argv[4]) if len(argv) > 4 else 2.0 * factor
    sizes = int(argv[5]) if len(argv) > 5 else 2
    ns = [n * factor ** i for i in range(sizes)]
    with tempfile.TemporaryDirectory() as work:
        runs = [run_chain(tf_run, k, work) for k in ns]
    ok = True
    for k, (cpu, wall, rss) in zip(ns, runs):
        print("%7d nodes: %.3f s CPU, compile %.3f s wall, peak RSS %d MiB" %
              (k, cpu, wall, rss // 1024))
    base_rss = runs[0][2]
    for i in range(1, sizes):
        cpu_ratio = runs[i][0] / max(runs[i - 1][0], 1e-6)
        print("CPU %d -> %d nodes: ratio %.2f (linear %d, quadratic %d, "
              "limit %.1f)" % (ns[i - 1], ns[i], cpu_ratio, factor,
                               factor * factor, max_ratio))
        ok &= cpu_ratio <= max_ratio
        if i >= 2:
            # Memory above the smallest run's: linear growth multiplies it by
            # about (factor**i - 1) / (factor**(i-1) - 1) per step.
            prev = max(runs[i - 1][2] - base_rss, 1024)
            grown = runs[i][2] - base_rss
            expect = (factor ** i - 1) / (factor ** (i - 1) - 1)
            mem_ratio = grown / prev
            print("RSS above %d nodes' %d -> %d nodes: ratio %.2f (linear "
                  "%.1f, limit %.1f)" % (ns[0], ns[i - 1], ns[i], mem_ratio,
                                         expect, max_ratio / factor * expect))
            ok &= mem_ratio <= max_ratio / factor * expect
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
