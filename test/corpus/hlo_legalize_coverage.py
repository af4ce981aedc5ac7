#!/usr/bin/env python3
"""xla-legalize-tf coverage over the dl4j_tf_graphs corpus.

For every case with a frozen_model.pb (dl4j_cases.py walks the folders), imports the GraphDef
with the case's reference outputs as fetches (and its placeholders, with the
shapes of their .placeholder.shape files, as feeds), runs
tf-standard-pipeline and then xla-legalize-tf, and classifies the case:
  legalized  every tf op became hlo;
  partial    some ops could not be legalized (they are counted by op name,
             from the pass's "cannot legalize: ..." histogram);
  import     tf-translate or tf-standard-pipeline failed (not this pass's
             concern; listed separately).
Writes a markdown report (per-status counts, the histogram of ops that
block legalization, the cases per status) and prints the summary. Exits 1
when fewer than MIN_LEGALIZED cases legalize fully (a regression guard), 77
(skipped) when the corpus is missing.

usage: hlo_legalize_coverage.py CORPUS BINDIR REPORT.md MIN_LEGALIZED
"""
import collections
import csv
import os
import re
import subprocess
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dl4j_cases  # noqa: E402  (cases found by walking the folders)


def read_shape(path):
    with open(path) as f:
        return [int(x) for x in f.read().split()]


def ref_file(case_dir, node, suffix):
    for name in (node, node.replace("/", "____")):
        p = os.path.join(case_dir, name + suffix)
        if os.path.exists(p):
            return p
    return None


def run_case(row, corpus, bindir):
    case = row["case_dir"]
    case_dir = os.path.join(corpus, "dl4j_tf_graphs", "examples", case)
    pb = os.path.join(case_dir, "frozen_model.pb")
    outputs = []
    for ref in re.split(r"[;\s]+", row["reference_outputs(node[.k])"].strip()):
        if not ref:
            continue
        node, k = ref, 0
        m = re.match(r"^(.*)\.(\d+)$", ref)
        if m:
            node, k = m.group(1), int(m.group(2))
        name = f"{node}:{k}" if k else node
        if name not in outputs:
            outputs.append(name)
    if not outputs:
        return "import", "no reference outputs", []
    cmd = [os.path.join(bindir, "tf-translate"), "--graphdef-to-mlir", pb,
           "--tf-output-arrays=" + ",".join(outputs)]
    placeholders = [p for p in re.split(r"[,;\s]+", row["placeholder_inputs"].strip()) if p]
    if placeholders:
        shapes = []
        for p in placeholders:
            sp = ref_file(case_dir, p, ".placeholder.shape")
            if not sp:
                return "import", f"missing shape file for {p}", []
            shapes.append(",".join(map(str, read_shape(sp))))
        cmd += ["--tf-input-arrays=" + ",".join(placeholders),
                "--tf-input-shapes=" + ":".join(shapes)]
    try:
        imp = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        if imp.returncode != 0:
            return "import", imp.stderr.strip().splitlines()[0][:200] if imp.stderr.strip() else "tf-translate failed", []
        pipe = subprocess.run([os.path.join(bindir, "tf-opt"), "-tf-standard-pipeline"],
                              input=imp.stdout, capture_output=True, text=True, timeout=120)
        if pipe.returncode != 0:
            first = pipe.stderr.strip().splitlines()[0][:200] if pipe.stderr.strip() else "failed"
            return "import", "tf-standard-pipeline: " + first, []
        leg = subprocess.run([os.path.join(bindir, "tf-opt"), "-xla-legalize-tf",
                              "-mlir-print-debuginfo=false"],
                             input=pipe.stdout, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return "import", "timeout", []
    if leg.returncode == 0:
        return "legalized", "", []
    m = re.search(r"cannot legalize: (.*)", leg.stderr)
    if not m:
        first = leg.stderr.strip().splitlines()[0][:200] if leg.stderr.strip() else "failed"
        return "error", first, []
    ops = re.findall(r"(tf\.\w+) \(count (\d+)", m.group(1))
    return "partial", m.group(1)[:300], [(op, int(n)) for op, n in ops]


def main():
    if len(sys.argv) != 5:
        print(__doc__)
        return 2
    corpus, bindir, report, min_ok = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    examples = os.path.join(corpus, "dl4j_tf_graphs", "examples")
    if not os.path.isdir(examples):
        print(f"skipped: {examples} not found")
        return 77
    rows = dl4j_cases.discover(corpus)
    status = collections.Counter()
    blockers = collections.Counter()       # op -> cases it blocks
    nodes = collections.Counter()          # op -> node count
    cases = collections.defaultdict(list)
    for row in rows:
        st, detail, ops = run_case(row, corpus, bindir)
        status[st] += 1
        cases[st].append((row["case_dir"], detail))
        for op, n in ops:
            blockers[op] += 1
            nodes[op] += n
    total = len(rows)
    lowered = total - status["import"]
    lines = ["# xla-legalize-tf coverage on dl4j_tf_graphs", "",
             f"{total} cases with a frozen_model.pb; {status['import']} fail before "
             f"this pass (import or tf-standard-pipeline).", "",
             "| status | cases |", "|---|---|"]
    for st in ("legalized", "partial", "error", "import"):
        lines.append(f"| {st} | {status[st]} |")
    lines += ["", f"Fully legalized: {status['legalized']} / {lowered} cases that reach the pass "
              f"({100.0 * status['legalized'] / max(lowered, 1):.1f}%).", "",
              "## Ops that block legalization (cases blocked, nodes)", "",
              "| op | cases | nodes |", "|---|---|---|"]
    for op, n in blockers.most_common():
        lines.append(f"| {op} | {n} | {nodes[op]} |")
    for st in ("partial", "error", "import"):
        lines += ["", f"## {st}", ""]
        for case, detail in sorted(cases[st]):
            lines.append(f"- `{case}`: {detail}")
    with open(report, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"legalized {status['legalized']} / {lowered} (of {total}; "
          f"{status['import']} import failures, {status['partial']} partial, "
          f"{status['error']} errors); report: {report}")
    print("top blocking ops: " + ", ".join(f"{op} {n}" for op, n in blockers.most_common(15)))
    if status["legalized"] < min_ok:
        print(f"FAIL: fewer than {min_ok} cases legalized fully")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
