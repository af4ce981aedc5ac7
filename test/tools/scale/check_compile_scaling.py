#!/usr/bin/env python3
"""Checks that tf-run's compile time grows linearly with the graph (test-only).

usage: check_compile_scaling.py TF_RUN N [FACTOR] [MAX_RATIO]

Writes chains of N and FACTOR*N unary ops (make_chain_graph.py), runs each
through `tf-run --timing` once, checks the output against the chain's value
computed here, and compares the compile times (the tree's "compile the whole
graph" line). Linear growth gives a ratio near FACTOR; a quadratic phase
gives FACTOR**2. Fails when the ratio exceeds MAX_RATIO (default
2 * FACTOR: a loose bound, robust on a loaded machine, yet below the
quadratic FACTOR**2 for FACTOR >= 4). Not a timed test: only the ratio of two
compiles in the same run is checked. Prints both times and the ratio.
"""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_chain_graph  # noqa: E402

X = [1.5, -2.0, 3.25, -4.0]


def compile_seconds(tf_run, n, work):
    pb = os.path.join(work, "chain%d.pb" % n)
    with open(pb, "wb") as f:
        f.write(make_chain_graph.chain_graph(n, [len(X)]))
    csv = os.path.join(work, "x.csv")
    with open(csv, "w") as f:
        f.write(",".join(repr(v) for v in X) + "\n")
    r = subprocess.run([tf_run, "--graph", pb, "--input", "x=" + csv,
                        "--output", "y", "--timing"],
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("tf-run failed on the %d-node chain:\n%s" % (n, r.stderr))
    got = [float(v) for v in r.stdout.split("\n")[1:] if v.strip()]
    want = [make_chain_graph.expected_value(n, v) for v in X]
    if got != want:
        sys.exit("%d-node chain: got %s, want %s" % (n, got, want))
    m = re.search(r"^\s*([0-9.]+) \(\s*[0-9.]+%\)\s+compile the whole graph",
                  r.stderr, re.M)
    if not m:
        sys.exit("no compile time in tf-run --timing's report:\n" + r.stderr)
    return float(m.group(1))


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    tf_run, n = argv[1], int(argv[2])
    factor = int(argv[3]) if len(argv) > 3 else 4
    max_ratio = float(argv[4]) if len(argv) > 4 else 2.0 * factor
    with tempfile.TemporaryDirectory() as work:
        small = compile_seconds(tf_run, n, work)
        large = compile_seconds(tf_run, factor * n, work)
    ratio = large / max(small, 1e-6)
    print("compile: %d nodes %.3f s, %d nodes %.3f s, ratio %.2f (linear %d, "
          "quadratic %d, limit %.1f)" % (n, small, factor * n, large, ratio,
                                         factor, factor * factor, max_ratio))
    return 0 if ratio <= max_ratio else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
