#!/usr/bin/env python3
"""End-to-end numerics of the xla-legalize-tf lowerings of less common ops.

For every dl4j_tf_graphs case without placeholders or random ops whose op
list (dl4j_cases.py) contains one of OPS (TensorArrays, small-matrix linear
algebra, the gamma-family special functions, image colour/resize ops,
segment/scatter/stitch ops, constant-input NMS, ...), runs
  tf-translate -> tf-opt -tf-standard-pipeline -> tf-opt -xla-legalize-tf
  -> hlo-jit-run
and compares with TensorFlow's values exactly as hlo_jit_e2e.py does
(|got - ref| <= 1e-5 + 1e-4 |ref|, NaN/Inf exact, ints exact, shapes).
A case whose hlo uses an op the CPU codegen cannot lower yet is counted as
codegen-fail (not this pass's concern); any mismatch or legalization
failure fails the test, as does a pass count below MIN_PASS. Writes a
markdown report; exits 77 (skipped) without the corpus.

usage: hlo_legalize_numerics.py CORPUS BINDIR REPORT.md MIN_PASS
"""
import collections
import csv
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hlo_jit_e2e  # noqa: E402
import dl4j_cases  # noqa: E402  (cases found by walking the folders)

OPS = {
    "TensorArrayV3", "MatrixSolve", "MatrixInverse", "MatrixDeterminant",
    "LogMatrixDeterminant", "Lu", "Cholesky", "MatrixTriangularSolve", "Svd",
    "Lgamma", "Digamma", "Igamma", "Igammac", "Betainc", "RGBToHSV",
    "HSVToRGB", "AdjustHue", "AdjustSaturation", "ResizeArea",
    "ResizeBicubic", "DeepCopy", "ParallelConcat", "MaxPoolWithArgmax",
    "CompareAndBitpack", "MatrixDiagPart", "MatrixBandPart", "OneHot",
    "SpaceToDepth", "DepthToSpace", "ReverseSequence", "LinSpace", "InTopKV2",
    "Bincount", "HistogramFixedWidth", "SegmentSum", "SegmentMean",
    "SegmentProd", "SegmentMax", "SegmentMin", "ScatterNd", "NthElement",
    "ExtractImagePatches", "DynamicPartition", "DynamicStitch",
    "ParallelDynamicStitch", "Where", "SparseTensorDenseAdd",
    "NonMaxSuppressionV2", "NonMaxSuppressionV3", "NonMaxSuppressionV4",
    "NonMaxSuppressionV5",
}


def main():
    if len(sys.argv) != 5:
        print(__doc__)
        return 2
    corpus, bindir, report, min_pass = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    examples = os.path.join(corpus, "dl4j_tf_graphs", "examples")
    if not os.path.isdir(examples):
        print(f"skipped: {examples} not found")
        return 77
    rows = [r for r in dl4j_cases.discover(corpus)
            if not r["placeholder_inputs"].strip()
            and r["has_random_op"] == "no"
            and OPS & set(r["ops(excl. Const/Identity)"].split())]
    rows.sort(key=lambda r: r["case_dir"])
    status = collections.Counter()
    cases = collections.defaultdict(list)
    for row in rows:
        try:
            st, detail = hlo_jit_e2e.run_case(row, corpus, bindir)
        except subprocess.TimeoutExpired:
            st, detail = "codegen-fail", "timeout"
        except ValueError as e:
            st, detail = "mismatch", f"unreadable reference: {e}"
        status[st] += 1
        cases[st].append((row["case_dir"], detail))
    # Known not-legalized cases (with their reasons in the file) are reported
    # as [known], not failures; a known case that passes is stale.
    known_path = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                              "hlo_legalize_numerics_known_failures.txt")
    with open(known_path) as f:
        known = {l.split("#")[0].strip() for l in f} - {""}
    unexpected = [(c, d) for c, d in cases["not-legalized"] if c not in known]
    stale = [c for c, _ in cases["pass"] if c in known]
    order = ("pass", "mismatch", "not-legalized", "codegen-fail")
    with open(report, "w") as f:
        f.write(f"# xla-legalize-tf numerics on {len(rows)} cases using less common ops\n\n")
        for st in order:
            f.write(f"- {st}: {status[st]}\n")
        for st in order[1:] + ("pass",):
            if cases[st]:
                f.write(f"\n## {st}\n\n")
                for c, d in cases[st]:
                    f.write(f"- `{c}` {d}\n")
    print(f"{len(rows)} cases: " + ", ".join(f"{st} {status[st]}" for st in order))
    for c, d in cases["mismatch"] + cases["not-legalized"]:
        print(f"  {'[known] ' if c in known else ''}{c}: {d}")
    for c in stale:
        print(f"  stale known failure (now passes): {c}")
    if status["pass"] < min_pass or status["mismatch"] or unexpected:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
