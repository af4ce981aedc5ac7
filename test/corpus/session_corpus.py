#!/usr/bin/env python3
"""dl4j_tf_graphs through the Session (tf-run), compared with TensorFlow.

For every case of ../shared/corpus/dl4j_tf_graphs that has a
frozen_model.pb, runs

  tf-run --graph frozen_model.pb --input <placeholder>=<name>.placeholder.csv:<shape>...
         --output <node>[:k]...

feeding every `*.placeholder.csv` and fetching every node that has a
`*.prediction.csv` (cases found by walking the folders, dl4j_cases.py), and compares each
fetched tensor with TensorFlow's Session.run value:

  - shape: the `.prediction.shape` file (an empty file or "0" with one
    value is a scalar);
  - dtype: the case's `dtypes` file, when it lists the output;
  - float values: |got - ref| <= 1e-5 + 1e-4 * |ref|. The references are
    printed with 8 decimals (%10.8f), an absolute rounding of 5e-9, which
    the 1e-5 absolute term already covers, so no case needs a wider bound.
    NaN must meet NaN and an infinity the same infinity;
  - integer and bool values: exact;
  - cases with random ops (an op whose name starts with Random, Multinomial, TruncatedNormal), and cases whose
    graph has an `Empty` node with init=false (TF leaves its memory
    uninitialised, so the reference holds whatever was in memory): shape
    and dtype only (the report counts those whose values match TF's as
    well: stateless and seeded random ops use TF's Philox streams).

Feeds: a Placeholder's shape is its `.placeholder.shape` file, or, where
that file is missing, the Placeholder's shape attr completed by the value
count (feed_shape). A case that fails to legalize or compile as one whole
program (`--jit=whole`, tf-run's default) is retried with `--jit=auto`
(what XLA cannot compile runs on host kernels, as TF's auto-clustering
does); the report counts the cases that pass only that way.

Each case gets one status: pass, or the stage that failed: import,
legalize (with the ops that could not be legalized), compile, runtime,
mismatch (with the largest error), or incomplete: the corpus lacks the feed
value (or a derivable shape) of a Placeholder the case needs, so TF's
values cannot be reproduced; incomplete cases are listed but not counted. Writes a markdown report with a table
per op group (the case folder's first component), prints the summary, and
exits 1 when fewer than MIN_PASS non-random cases pass, 77 (skipped) when
the corpus is absent. SESSION_CORPUS_ONLY=<regex> restricts the run to the
matching case folders.

usage: session_corpus.py CORPUS BINDIR REPORT.md MIN_PASS [JOBS]
"""
import collections
import concurrent.futures
import csv
import math
import os
import re
import subprocess
import sys

# The reference-file conventions of the dl4j corpus (a '/' in a node name
# written as '____', "node.k" reference outputs, True/False values) are
# shared with the hlo codegen runner.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hlo_jit_e2e import fetches, parse_value, ref_file  # noqa: E402
import dl4j_cases  # noqa: E402  (cases found by walking the folders)

STAGES = ("pass", "import", "legalize", "compile", "runtime", "mismatch",
          "incomplete")


def read_shape(path):
    with open(path) as f:
        return [int(x) for x in f.read().replace(",", " ").split()]


def feed_shape(case_dir, pb, ph, csvp):
    """The shape to feed Placeholder `ph` with the values of `csvp`: its
    `.placeholder.shape` file ("0" with one value is a scalar, as for the
    references), else the Placeholder's shape attr when it is fully defined
    or has one unknown dim that the value count fixes; None otherwise."""
    with open(csvp) as f:
        count = len(f.read().replace(",", " ").split())
    shp = ref_file(case_dir, ph, ".placeholder.shape")
    if shp:
        dims = read_shape(shp)
        return [] if dims == [0] and count == 1 else dims
    attr = dl4j_cases.placeholder_shape(pb, ph)
    if attr is None:
        return None
    known = math.prod(d for d in attr if d >= 0)
    unknown = [i for i, d in enumerate(attr) if d < 0]
    if not unknown:
        return attr if known == count else None
    if len(unknown) == 1 and known > 0 and count % known == 0:
        return [count // known if d < 0 else d for d in attr]
    return None


def read_dtypes(case_dir):
    """The case's `dtypes` file: {"node:k": dtype}, node names with '/'."""
    out = {}
    p = os.path.join(case_dir, "dtypes")
    if not os.path.exists(p):
        return out
    with open(p) as f:
        for line in f:
            parts = line.split()
            if len(parts) != 2:
                continue
            name, dtype = parts
            m = re.match(r"^(.*)[.:](\d+)$", name)
            node, k = (m.group(1), int(m.group(2))) if m else (name, 0)
            out[f"{node.replace('____', '/')}:{k}"] = dtype
    return out


def parse_outputs(text):
    """tf-run's printed fetches: [(name, dtype, shape, [values])]."""
    results = []
    for line in text.splitlines():
        if line.startswith("# output "):
            parts = line.split()
            dims = parts[4] if len(parts) > 4 else ""
            shape = [int(x) for x in dims.split(",")] if dims else []
            results.append((parts[2], parts[3], shape, []))
        elif results and line.strip():
            results[-1][3].append(float(line))
    return results


def classify_error(stderr):
    """Maps tf-run's error text to (stage, detail)."""
    text = stderr.strip()
    first = text.splitlines()[0][:300] if text else "failed (no message)"
    m = re.findall(r"cannot legalize: (tf\.\w+)", text)
    if m or "not legalized" in text or "xla-legalize-tf" in text:
        ops = sorted(set(m)) or sorted(set(re.findall(r"'(tf\.\w+)'", text)))
        return "legalize", (" ".join(ops) if ops else first)
    if re.search(r"hlo-to-llvm-pipeline|hlo-legalize-to-linalg|JIT|"
                 r"compil|LLVM", text, re.IGNORECASE):
        return "compile", first
    if re.search(r"import|GraphDef|graphdef|parse|tf-standard-pipeline|"
                 r"shape inference", text):
        return "import", first
    return "runtime", first


def compare(node, k, dtype, shape, got, case_dir, want_dtypes, random_op):
    """None when the fetch matches TF, else a description of the mismatch,
    and the largest absolute error seen."""
    suffix = f".{k}.prediction" if k else ".prediction"
    csvp = ref_file(case_dir, node, suffix + ".csv")
    shp = ref_file(case_dir, node, suffix + ".shape")
    if not csvp and k == 0:
        csvp = ref_file(case_dir, node, ".0.prediction.csv")
        shp = ref_file(case_dir, node, ".0.prediction.shape")
    if not csvp:
        return f"no reference for {node}:{k}", 0.0
    with open(csvp) as f:
        ref = [parse_value(x) for x in f.read().replace(",", " ").split()]
    want_dtype = want_dtypes.get(f"{node}:{k}")
    if want_dtype and want_dtype != dtype:
        return f"{node}:{k} dtype {dtype}, want {want_dtype}", 0.0
    if shp:
        want_shape = read_shape(shp)
        if want_shape == [0] and shape == [] and len(ref) == 1:
            want_shape = []
        if want_shape != shape:
            return f"{node}:{k} shape {shape}, want {want_shape}", 0.0
    if random_op:
        return None, 0.0
    if len(ref) != len(got):
        return f"{node}:{k} has {len(got)} elements, want {len(ref)}", 0.0
    exact = not dtype.startswith(("float", "bfloat", "half", "complex"))
    worst, bad = 0.0, None
    for i, (g, r) in enumerate(zip(got, ref)):
        if math.isnan(r) or math.isnan(g):
            ok = math.isnan(r) and math.isnan(g)
            err = 0.0 if ok else math.inf
        elif math.isinf(r) or math.isinf(g):
            ok = g == r
            err = 0.0 if ok else math.inf
        else:
            err = abs(g - r)
            ok = err == 0 if exact else err <= 1e-5 + 1e-4 * abs(r)
        worst = max(worst, err)
        if not ok and bad is None:
            bad = f"{node}:{k}[{i}] = {g!r}, want {r!r}"
    if bad:
        return f"{bad} (max abs error {worst:.3g})", worst
    return None, worst


def has_uninitialised_empty(case_dir, row):
    """True when the graph has an Empty node whose `init` attr is not true:
    TF's Empty then returns uninitialised memory, which no one can match."""
    if "Empty" not in row["ops(excl. Const/Identity)"].split():
        return False
    p = os.path.join(case_dir, "frozen_graph.pbtxt")
    if not os.path.exists(p):
        return True
    with open(p) as f:
        text = f.read()
    for block in re.split(r"\nnode \{", text):
        if re.search(r'op: "Empty"', block) and not re.search(
                r'key: "init"\s*value \{\s*b: true', block):
            return True
    return False


def run_case(row, corpus, bindir):
    case_dir = os.path.join(corpus, "dl4j_tf_graphs", "examples", row["case_dir"])
    outs = fetches(row)
    if not outs:
        return "import", "no reference outputs"
    cmd = [os.path.join(bindir, "tf-run"), "--graph",
           os.path.join(case_dir, "frozen_model.pb")]
    pb = os.path.join(case_dir, "frozen_model.pb")
    for ph in [p for p in row["placeholder_inputs"].split(",") if p.strip()]:
        ph = ph.strip()
        csvp = ref_file(case_dir, ph, ".placeholder.csv")
        dims = feed_shape(case_dir, pb, ph, csvp)
        if dims is None:
            return "incomplete", (f"{ph}.placeholder.shape is missing and "
                                  "the Placeholder's shape attr does not "
                                  "determine it")
        cmd += ["--input", f"{ph}={csvp}:{','.join(str(d) for d in dims)}"]
    for node, k in outs:
        cmd += ["--output", f"{node}:{k}"]
    auto = False
    while True:
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True,
                                  timeout=300)
        except subprocess.TimeoutExpired:
            return "runtime", "timeout after 300 s"
        if proc.returncode == 0:
            break
        if proc.returncode < 0:
            return "runtime", f"killed by signal {-proc.returncode}"
        stderr = proc.stderr.replace(case_dir + "/", "")
        m = re.search(r"You must feed a value for placeholder tensor '([^']+)'",
                      stderr)
        if m and not ref_file(case_dir, m.group(1), ".placeholder.csv"):
            return "incomplete", (f"the corpus has no feed values for "
                                  f"Placeholder {m.group(1)}")
        stage, detail = classify_error(stderr)
        # What XLA cannot compile runs on host kernels with --jit=auto
        # (TF's auto-clustering): such a case is retried once that way.
        if auto or stage not in ("legalize", "compile"):
            return stage, detail + (" (with --jit=auto)" if auto else "")
        auto = True
        cmd.append("--jit=auto")
    results = parse_outputs(proc.stdout)
    if len(results) != len(outs):
        return "mismatch", f"{len(results)} outputs for {len(outs)} fetches"
    want_dtypes = read_dtypes(case_dir)
    random_op = (row["has_random_op"] == "yes"
                 or has_uninitialised_empty(case_dir, row))
    worst = 0.0
    for (node, k), (_, dtype, shape, got) in zip(outs, results):
        err, w = compare(node, k, dtype, shape, got, case_dir, want_dtypes,
                         random_op)
        worst = max(worst, w)
        if err:
            return "mismatch", err
    note = "; --jit=auto" if auto else ""
    if random_op:
        # Stateless and seeded random ops give TF's Philox values: say
        # whether the values match too (an unseeded op cannot).
        same = all(compare(node, k, dtype, shape, got, case_dir, want_dtypes,
                           False)[0] is None
                   for (node, k), (_, dtype, shape, got) in zip(outs, results))
        return "pass", ("values match TF's too" if same
                        else "shape and dtype only") + note
    return "pass", (f"max abs error {worst:.3g}" if worst else "") + note


def main():
    if len(sys.argv) not in (5, 6):
        print(__doc__)
        return 2
    corpus, bindir, report = sys.argv[1], sys.argv[2], sys.argv[3]
    min_pass = int(sys.argv[4])
    jobs = int(sys.argv[5]) if len(sys.argv) == 6 else 2
    examples = os.path.join(corpus, "dl4j_tf_graphs", "examples")
    if not os.path.isdir(examples):
        print(f"skipped: {examples} not found")
        return 77
    rows = dl4j_cases.discover(corpus)
    # SESSION_CORPUS_ONLY=<regex> restricts the run to matching case folders
    # (for development; the ctest runs every case).
    only = os.environ.get("SESSION_CORPUS_ONLY")
    if only:
        rows = [r for r in rows if re.search(only, r["case_dir"])]
    rows.sort(key=lambda r: r["case_dir"])
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        outcomes = list(pool.map(lambda r: run_case(r, corpus, bindir), rows))

    groups = collections.defaultdict(collections.Counter)
    totals = {False: collections.Counter(), True: collections.Counter()}
    failures = collections.defaultdict(list)
    legalize_ops = collections.Counter()
    shape_only = []
    for row, (st, detail) in zip(rows, outcomes):
        rnd = row["has_random_op"] == "yes"
        if not rnd and detail.startswith("shape and dtype only"):
            shape_only.append(row["case_dir"])
        group = row["case_dir"].split("/")[0]
        groups[group][st] += 1
        totals[rnd][st] += 1
        if st != "pass":
            failures[group].append((row["case_dir"], st, detail))
        if st == "legalize":
            for op in detail.split():
                if op.startswith("tf."):
                    legalize_ops[op] += 1

    det = totals[False]
    # Incomplete cases (the corpus lacks a feed value or shape) cannot be
    # compared with TF and are listed apart, outside the rate.
    n_det = sum(det.values()) - det["incomplete"]
    rate = 100.0 * det["pass"] / n_det if n_det else 0.0
    n_auto = sum(1 for st, d in outcomes if st == "pass" and "--jit=auto" in d)
    n_rand_values = sum(1 for st, d in outcomes
                        if st == "pass" and d.startswith("values match"))
    with open(report, "w") as f:
        f.write("# dl4j_tf_graphs through the Session (tf-run)\n\n")
        f.write(f"{len(rows)} cases with a frozen_model.pb: "
                f"{n_det} deterministic, {sum(totals[True].values())} with "
                "random ops (checked for shape and dtype only).\n\n")
        f.write(f"**Deterministic cases passing: {det['pass']} / {n_det} "
                f"({rate:.1f}%).** Random-op cases passing: "
                f"{totals[True]['pass']} / {sum(totals[True].values())}.\n\n")
        f.write(f"Random-op cases whose values match TF's as well (TF's "
                f"Philox streams): {n_rand_values}.\n\n")
        f.write(f"{det['incomplete']} more deterministic cases are incomplete "
                "(the corpus has no feed value or shape for a Placeholder "
                "they need) and are not counted. A case that does not compile "
                "whole (`--jit=whole`, the default) is retried with "
                f"`--jit=auto`; {n_auto} cases pass only that way.\n\n")
        f.write("Tolerance: float |got-ref| <= 1e-5 + 1e-4*|ref|; ints and "
                "bools exact; NaN and Inf exactly.\n\n")
        if shape_only:
            f.write("Deterministic cases checked by shape and dtype only "
                    "(an Empty with init=false: TF's values are uninitialised "
                    "memory): " + ", ".join(f"`{c}`" for c in shape_only) +
                    "\n\n")
        f.write("| status | deterministic | random-op |\n|---|---|---|\n")
        for st in STAGES:
            f.write(f"| {st} | {det[st]} | {totals[True][st]} |\n")
        f.write("\n## Per op group\n\n| group | cases | " +
                " | ".join(STAGES) + " |\n|---|---|" + "---|" * len(STAGES) + "\n")
        for g in sorted(groups):
            c = groups[g]
            f.write(f"| {g} | {sum(c.values())} | " +
                    " | ".join(str(c[s]) if c[s] else "" for s in STAGES) + " |\n")
        if legalize_ops:
            f.write("\n## Ops that could not be legalized (cases)\n\n")
            for op, n in legalize_ops.most_common():
                f.write(f"- `{op}`: {n}\n")
        f.write("\n## Failures\n")
        for g in sorted(failures):
            f.write(f"\n### {g}\n\n")
            for case, st, detail in failures[g]:
                f.write(f"- `{case}` **{st}**: {detail}\n")
    print(f"deterministic: {det['pass']}/{n_det} pass ({rate:.1f}%, "
          f"{n_auto} with --jit=auto); " +
          ", ".join(f"{s} {det[s]}" for s in STAGES[1:]) +
          f"; random-op: {totals[True]['pass']}/{sum(totals[True].values())}; "
          f"report: {report}")
    return 0 if det["pass"] >= min_pass else 1


if __name__ == "__main__":
    sys.exit(main())
