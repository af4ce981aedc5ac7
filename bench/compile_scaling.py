#!/usr/bin/env python3
"""tf-run's compile cost on long chains: CPU time, wall time and peak memory.

usage: compile_scaling.py TF_RUN N1,N2,...   (e.g. 10000,20000,50000,100000)

For each N, writes the chain of N element-wise ops on a float32[4]
(test/tools/scale/make_chain_graph.py: Neg, Abs, Relu, Identity in turn),
runs `tf-run --timing` on it once (output checked against the chain's value)
and prints a markdown row: nodes, CPU seconds of the process (user + system,
os.wait4), the --timing tree's wall-clock compile time, peak RSS, CPU
microseconds per node, and the CPU time relative to the first N scaled
linearly (1.00 = linear). CPU time is the figure to compare on a shared
machine: wall time there is several times the CPU time and varies with the
other load (write the load average next to the numbers). Results: README,
"Compile time is linear ...". Sizes run smallest first, one at a time.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "test", "tools", "scale"))
import check_compile_scaling  # noqa: E402
import tempfile  # noqa: E402


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__)
    sizes = sorted(int(s) for s in argv[2].split(","))
    print("load average before: %.2f %.2f %.2f" % os.getloadavg())
    print("| nodes | CPU s | compile wall s | peak RSS MiB | CPU us/node | "
          "CPU vs linear |")
    print("|---:|---:|---:|---:|---:|---:|")
    first = None
    with tempfile.TemporaryDirectory() as work:
        for n in sizes:
            cpu, wall, rss = check_compile_scaling.run_chain(argv[1], n, work)
            if first is None:
                first = (n, cpu)
            rel = (cpu / first[1]) / (n / first[0])
            print("| %d | %.2f | %.2f | %d | %.1f | %.2f |" %
                  (n, cpu, wall, rss // 1024, cpu / n * 1e6, rel), flush=True)
    print("load average after: %.2f %.2f %.2f" % os.getloadavg())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
