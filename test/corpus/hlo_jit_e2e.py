#!/usr/bin/env python3
"""End-to-end CPU codegen check over a sample of dl4j_tf_graphs.

For a deterministic sample of the cases with a frozen_model.pb, no
placeholders and no random ops (dl4j_cases.py walks the folders), runs
  tf-translate --graphdef-to-mlir (reference outputs as fetches)
  -> tf-opt -tf-standard-pipeline -> tf-opt -xla-legalize-tf
  -> hlo-jit-run (hlo-to-llvm-pipeline + JIT, function @main)
and compares every fetched output with TensorFlow's <node>.prediction.csv:
|got - ref| <= 1e-5 + 1e-4 * |ref| (the references carry 8 decimals), NaN
must match NaN, shapes must match the .shape files. Each case is
classified as pass / mismatch / not-legalized (xla-legalize-tf or import
fails: not codegen's concern) / codegen-fail (hlo-jit-run fails).
Writes a markdown report, prints the summary, exits 1 when fewer than
MIN_PASS cases pass or any case is a mismatch, 77 (skipped) without corpus.

usage: hlo_jit_e2e.py CORPUS BINDIR REPORT.md SAMPLE_SIZE MIN_PASS
"""
import collections
import csv
import math
import os
import re
import subprocess
import sys
import tempfile
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dl4j_cases  # noqa: E402  (cases found by walking the folders)


def ref_file(case_dir, node, suffix):
    for name in (node, node.replace("/", "____")):
        p = os.path.join(case_dir, name + suffix)
        if os.path.exists(p):
            return p
    return None


def fetches(row):
    out = []
    for ref in re.split(r"[;\s]+", row["reference_outputs(node[.k])"].strip()):
        if not ref:
            continue
        node, k = ref, 0
        m = re.match(r"^(.*)\.(\d+)$", ref)
        if m:
            node, k = m.group(1), int(m.group(2))
        if (node, k) not in out:
            out.append((node, k))
    return out


def parse_results(text):
    results = []
    for line in text.splitlines():
        if line.startswith("# result"):
            parts = line.split()
            shape = [int(x) for x in parts[4].split(",")] if len(parts) > 4 else []
            results.append((parts[3], shape, []))
        elif results:
            results[-1][2].append(float(line))
    return results


def parse_value(x):
    # Bools are written as True/False in some cases, 1.00000000 in others.
    return {"True": 1.0, "False": 0.0}.get(x) if x in ("True", "False") else float(x)


def run(cmd, inp=None):
    return subprocess.run(cmd, input=inp, capture_output=True, text=True, timeout=300)


def first_line(s):
    s = s.strip()
    return s.splitlines()[0][:200] if s else "failed"


def run_case(row, corpus, bindir):
    case_dir = os.path.join(corpus, "dl4j_tf_graphs", "examples", row["case_dir"])
    outs = fetches(row)
    if not outs:
        return "not-legalized", "no reference outputs"
    names = [f"{n}:{k}" if k else n for n, k in outs]
    imp = run([os.path.join(bindir, "tf-translate"), "--graphdef-to-mlir",
               os.path.join(case_dir, "frozen_model.pb"),
               "--tf-output-arrays=" + ",".join(names)])
    if imp.returncode != 0:
        return "not-legalized", "import: " + first_line(imp.stderr)
    std = run([os.path.join(bindir, "tf-opt"), "-tf-standard-pipeline"], imp.stdout)
    if std.returncode != 0:
        return "not-legalized", "tf-standard-pipeline: " + first_line(std.stderr)
    leg = run([os.path.join(bindir, "tf-opt"), "-xla-legalize-tf",
               "-mlir-print-debuginfo=false"], std.stdout)
    if leg.returncode != 0:
        return "not-legalized", "xla-legalize-tf: " + first_line(leg.stderr)
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(leg.stdout)
        path = f.name
    try:
        jit = run([os.path.join(bindir, "hlo-jit-run"), path])
    finally:
        os.unlink(path)
    if jit.returncode != 0:
        return "codegen-fail", first_line(jit.stderr.replace(path, "<hlo>"))
    results = parse_results(jit.stdout)
    if len(results) != len(outs):
        return "mismatch", f"{len(results)} results for {len(outs)} fetches"
    for (node, k), (dtype, shape, got) in zip(outs, results):
        suffix = f".{k}.prediction" if k else ".prediction"
        csvp = ref_file(case_dir, node, suffix + ".csv")
        shp = ref_file(case_dir, node, suffix + ".shape")
        if not csvp:
            return "mismatch", f"no reference for {node}:{k}"
        with open(csvp) as f:
            ref = [parse_value(x) for x in f.read().split()]
        if shp:
            with open(shp) as f:
                want_shape = [int(x) for x in f.read().replace(",", " ").split()]
            # The corpus writes a scalar's shape as "0" (or nothing).
            if want_shape == [0] and shape == [] and len(ref) == 1:
                want_shape = []
            if want_shape != shape:
                return "mismatch", f"{node}:{k} shape {shape}, want {want_shape}"
        if len(ref) != len(got):
            return "mismatch", f"{node}:{k} has {len(got)} elements, want {len(ref)}"
        for i, (g, r) in enumerate(zip(got, ref)):
            if math.isnan(r) or math.isnan(g):
                if not (math.isnan(r) and math.isnan(g)):
                    return "mismatch", f"{node}:{k}[{i}] = {g}, want {r}"
            elif math.isinf(r) or math.isinf(g):
                if g != r:
                    return "mismatch", f"{node}:{k}[{i}] = {g}, want {r}"
            elif abs(g - r) > 1e-5 + 1e-4 * abs(r):
                return "mismatch", f"{node}:{k}[{i}] = {g}, want {r}"
    return "pass", ""


def main():
    if len(sys.argv) != 6:
        print(__doc__)
        return 2
    corpus, bindir, report = sys.argv[1], sys.argv[2], sys.argv[3]
    sample, min_pass = int(sys.argv[4]), int(sys.argv[5])
    examples = os.path.join(corpus, "dl4j_tf_graphs", "examples")
    if not os.path.isdir(examples):
        print(f"skipped: {examples} not found")
        return 77
    rows = [r for r in dl4j_cases.discover(corpus)
            if not r["placeholder_inputs"].strip()
            and r["has_random_op"] == "no"]
    rows.sort(key=lambda r: r["case_dir"])
    step = max(1, len(rows) // sample) if sample > 0 else 1
    rows = rows[::step][:sample] if sample > 0 else rows
    status = collections.Counter()
    cases = collections.defaultdict(list)
    for row in rows:
        try:
            st, detail = run_case(row, corpus, bindir)
        except subprocess.TimeoutExpired:
            st, detail = "codegen-fail", "timeout"
        except ValueError as e:
            st, detail = "mismatch", f"unreadable reference: {e}"
        status[st] += 1
        cases[st].append((row["case_dir"], detail))
    with open(report, "w") as f:
        f.write(f"# hlo codegen end-to-end ({len(rows)} sampled cases)\n\n")
        for st in ("pass", "mismatch", "codegen-fail", "not-legalized"):
            f.write(f"- {st}: {status[st]}\n")
        for st in ("mismatch", "codegen-fail", "not-legalized", "pass"):
            if cases[st]:
                f.write(f"\n## {st}\n\n")
                for c, d in cases[st]:
                    f.write(f"- `{c}` {d}\n")
    print(f"{len(rows)} cases: " + ", ".join(
        f"{st} {status[st]}" for st in ("pass", "mismatch", "codegen-fail", "not-legalized")))
    for c, d in cases["mismatch"] + cases["codegen-fail"]:
        print(f"  {c}: {d}")
    if status["pass"] < min_pass or status["mismatch"]:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
