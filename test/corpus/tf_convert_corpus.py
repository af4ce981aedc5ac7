#!/usr/bin/env python3
"""GraphDef -> .tflite -> lite interpreter, checked against TensorFlow's values.

Usage: tf_convert_corpus.py [--fed] CORPUS_DIR BIN_DIR REPORT.md KNOWN_FAILURES.txt

Almost every dl4j graph takes its inputs from Const nodes (in_0, in_1, ...),
so by default (constant-input mode) the converted model mostly folds to
constants. With --fed, those Consts are named in --input-arrays too (the
importer replaces a fed Const by a Placeholder, as TF's does), and their
values are fed to tflite-run: the model's ops run in the interpreter. Cases
without such Consts are left out of the fed figures.

For every case under CORPUS_DIR/dl4j_tf_graphs/examples (dl4j_cases.py) that has a
frozen_model.pb, no random op and at least one reference output:
  1. tf-convert the .pb (inputs: the Placeholders with their
     <name>.placeholder.shape, outputs: the reference nodes);
  2. if it converted, run it twice with tflite-run (inputs from
     <name>.placeholder.csv), require bit-identical results, and compare each
     output with <node>[.k].prediction.csv/.shape:
       floats: |got - want| <= 1e-5 + 1e-4 * |want| (TF printed 8 decimals,
       i.e. 5e-9 rounding, well inside); NaN == NaN and infinities exact;
       ints and bools exactly.
Writes a markdown report (converted / ran / matched / unsupported-op
histogram) and exits 1 when a case not listed in KNOWN_FAILURES fails
(conversion error other than unsupported ops, run error, mismatch), 77
(skip) when the corpus is absent, 0 otherwise. Stdlib only (no NumPy).
"""
import collections
import concurrent.futures
import math
import os
import re
import struct
import subprocess
import sys
import tempfile
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dl4j_cases  # noqa: E402  (cases found by walking the folders)

ABS_TOL, REL_TOL = 1e-5, 1e-4

NPY_CODES = {  # TFLite type name -> (npy descr, struct code)
    "FLOAT32": ("<f4", "f"), "FLOAT64": ("<f8", "d"), "FLOAT16": ("<f2", "e"),
    "INT32": ("<i4", "i"), "INT64": ("<i8", "q"), "INT16": ("<i2", "h"),
    "INT8": ("|i1", "b"), "UINT8": ("|u1", "B"), "BOOL": ("|b1", "?"),
    "UINT16": ("<u2", "H"), "UINT32": ("<u4", "I"), "UINT64": ("<u8", "Q"),
}
DESCR_TO_CODE = {d: c for d, c in NPY_CODES.values()}
DESCR_TO_CODE.update({"<u2": "H", "<u4": "I", "<u8": "Q", "|b1": "?"})


def write_npy(path, descr, shape, values):
    code = DESCR_TO_CODE[descr]
    if code == "?":
        values = [v != 0 for v in values]
    elif code in "fde":
        values = [float(v) for v in values]
    else:
        values = [int(round(v)) for v in values]
    sh = "(" + "".join(f"{d}," for d in shape) + ")" if len(shape) != 1 else f"({shape[0]},)"
    header = f"{{'descr': '{descr}', 'fortran_order': False, 'shape': {sh}, }}"
    pad = 64 - (10 + len(header) + 1) % 64
    header += " " * pad + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
        f.write(struct.pack("<" + code * len(values), *values))


def read_npy(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:6] != b"\x93NUMPY":
        raise ValueError(f"{path}: not an .npy file")
    major = data[6]
    if major == 1:
        hlen = struct.unpack("<H", data[8:10])[0]
        start = 10
    else:
        hlen = struct.unpack("<I", data[8:12])[0]
        start = 12
    header = data[start:start + hlen].decode()
    descr = re.search(r"'descr':\s*'([^']+)'", header).group(1)
    shape_s = re.search(r"'shape':\s*\(([^)]*)\)", header).group(1)
    shape = [int(x) for x in shape_s.replace(" ", "").split(",") if x]
    code = DESCR_TO_CODE.get(descr)
    if code is None:
        raise ValueError(f"{path}: unsupported dtype {descr}")
    n = 1
    for d in shape:
        n *= d
    body = data[start + hlen:]
    vals = list(struct.unpack("<" + code * n, body[:struct.calcsize("<" + code * n)]))
    return descr, shape, vals, body


def read_values(path):
    """Values one per line; bools may be written True/False."""
    special = {"true": 1.0, "false": 0.0}
    with open(path) as f:
        return [special.get(x.lower(), None) if x.lower() in special else float(x)
                for x in f.read().split()]


def read_shape(path):
    with open(path) as f:
        return [int(x) for x in f.read().split()]


def ref_file(case_dir, node, suffix):
    """<node><suffix> with '/' as a sub-folder or as '____'."""
    for name in (node, node.replace("/", "____")):
        p = os.path.join(case_dir, name + suffix)
        if os.path.exists(p):
            return p
    return None


def close(got, want):
    if math.isnan(want) or math.isnan(got):
        return math.isnan(want) and math.isnan(got)
    if math.isinf(want) or math.isinf(got):
        return got == want
    return abs(got - want) <= ABS_TOL + REL_TOL * abs(want)


FED_INPUT = re.compile(r"^in_\d+$")  # the corpus' names for a case's inputs


def const_inputs(pb):
    """The Const nodes a dl4j case uses as its inputs (named in_0, in_1, ...,
    the corpus' convention), as (name, shape, values) in graph order."""
    out = []
    for name, op, node in dl4j_cases.graph_nodes(pb):
        if op == "Const" and FED_INPUT.match(name):
            _, shape, vals = dl4j_cases.const_value(node)
            out.append((name, shape, vals))
    return out


def run_case(row, corpus, bindir, tmp, fed=False):
    case = row["case_dir"]
    case_dir = os.path.join(corpus, "dl4j_tf_graphs", "examples", case)
    pb = os.path.join(case_dir, "frozen_model.pb")
    res = {"case": case, "status": "", "detail": "", "unsupported": []}
    outputs = []
    refs = []
    for ref in re.split(r"[;\s]+", row["reference_outputs(node[.k])"].strip()):
        if ref and ref not in refs:
            refs.append(ref)
    for ref in refs:
        # "<node>.<k>" is output k of <node> (the corpus' naming).
        node, k = ref, 0
        m = re.match(r"^(.*)\.(\d+)$", ref)
        if m:
            node, k = m.group(1), int(m.group(2))
        outputs.append((ref, node, k))
    placeholders = [p for p in re.split(r"[,;\s]+", row["placeholder_inputs"].strip()) if p]
    work = os.path.join(tmp, case.replace("/", "__"))
    os.makedirs(work, exist_ok=True)
    model = os.path.join(work, "m.tflite")
    cmd = [os.path.join(bindir, "tf-convert"), "--graph-def-file", pb,
           "--output", model, "--quiet",
           "--output-arrays", ",".join(f"{n}:{k}" if k else n for _, n, k in outputs)]
    feeds = []
    consts = const_inputs(pb) if fed else []
    if fed and not consts:
        # Nothing to feed beyond the constant-input mode's run.
        res.update(status="no-fed-input")
        return res
    if placeholders or consts:
        shapes = []
        for p in placeholders:
            sp = ref_file(case_dir, p, ".placeholder.shape")
            cp = ref_file(case_dir, p, ".placeholder.csv")
            if not sp or not cp:
                res.update(status="no-input", detail=f"missing feed files for {p}")
                return res
            shape = read_shape(sp)
            shapes.append(",".join(map(str, shape)))
            feeds.append((p, shape, read_values(cp)))
        # Fed mode: the Const inputs become model inputs (tf-convert replaces
        # a fed Const by a Placeholder, as TF's importer does), fed with the
        # Const's own values, so the converted model computes instead of
        # folding everything.
        for name, shape, vals in consts:
            shapes.append(",".join(map(str, shape)))
            feeds.append((name, shape, vals))
        cmd += ["--input-arrays", ",".join(n for n, _, _ in feeds)]
        # Without placeholders the shapes come from the Consts themselves
        # (what is checked here); with them, all shapes are given.
        if placeholders:
            cmd += ["--input-shapes", ":".join(shapes)]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        res.update(status="convert-error", detail="tf-convert timed out")
        return res
    if p.returncode != 0:
        # Both report sections (no builtin; builtin cannot take it) list
        # "  tf.<Op> xN: nodes"; the builtins-used section lists tfl.* ops.
        unsup = re.findall(r"^\s+tf\.(\w+) x\d+:", p.stderr, re.M)
        if unsup:
            res.update(status="unsupported", unsupported=unsup)
        else:
            lines = [l for l in p.stderr.splitlines() if "error" in l] or p.stderr.splitlines()
            res.update(status="convert-error", detail=(lines[0] if lines else "")[:300])
        return res
    # Input dtypes from the converted model's tensors.
    dump = subprocess.run([os.path.join(bindir, "tflite-run"), "--model", model, "--dump"],
                          capture_output=True, text=True, timeout=60)
    types = dict(re.findall(r"tensor \d+ '([^']*)' (\w+) ", dump.stdout))
    args = []
    for i, (name, shape, vals) in enumerate(feeds):
        t = types.get(name)
        if t not in NPY_CODES:
            res.update(status="run-error", detail=f"input {name}: type {t} not feedable")
            return res
        f = os.path.join(work, f"in{i}.npy")
        write_npy(f, NPY_CODES[t][0], shape, vals)
        args += ["--input", f"{i}={f}"]
    runs = []
    for r in range(2):
        outs = []
        a = list(args)
        for i in range(len(outputs)):
            f = os.path.join(work, f"out{r}_{i}.npy")
            outs.append(f)
            a += ["--output", f"{i}:{f}"]
        try:
            q = subprocess.run([os.path.join(bindir, "tflite-run"), "--model", model] + a,
                               capture_output=True, text=True, timeout=120)
        except subprocess.TimeoutExpired:
            res.update(status="run-error", detail="tflite-run timed out")
            return res
        if q.returncode != 0:
            res.update(status="run-error", detail=q.stderr.strip().splitlines()[-1][:300]
                       if q.stderr.strip() else f"exit {q.returncode}")
            return res
        runs.append(outs)
    problems = []
    for i, (ref, node, k) in enumerate(outputs):
        try:
            descr, shape, got, raw0 = read_npy(runs[0][i])
            raw1 = read_npy(runs[1][i])[3]
        except (OSError, ValueError) as e:
            problems.append(f"{ref}: {e}")
            continue
        if raw0 != raw1:
            problems.append(f"{ref}: two runs differ")
        want_f = ref_file(case_dir, ref, ".prediction.csv")
        shape_f = ref_file(case_dir, ref, ".prediction.shape")
        if not want_f:
            continue
        want = read_values(want_f)
        if shape_f:
            ws = read_shape(shape_f)
            # The corpus writes a scalar's shape as "0" (or nothing).
            if ws == [0] and len(want) == 1:
                ws = []
            if ws != shape:
                problems.append(f"{ref}: shape {shape}, TF {ws}")
                continue
        if len(want) != len(got):
            problems.append(f"{ref}: {len(got)} values, TF {len(want)}")
            continue
        isfloat = descr[-2] == "f"
        bad = 0
        worst = None
        for j, (g, w) in enumerate(zip(got, want)):
            g = float(g)
            ok = close(g, w) if isfloat else g == w
            if not ok:
                bad += 1
                if worst is None:
                    worst = (j, g, w)
        if bad:
            j, g, w = worst
            problems.append(f"{ref}: {bad}/{len(want)} values differ (first [{j}]: {g!r} vs TF {w!r})")
    if problems:
        res.update(status="mismatch", detail="; ".join(problems)[:400])
    else:
        res.update(status="matched")
    return res


def safe_run_case(row, corpus, bindir, tmp, fed=False):
    """run_case, with unreadable reference files reported as a failure."""
    try:
        return run_case(row, corpus, bindir, tmp, fed)
    except (OSError, ValueError, IndexError, KeyError) as e:
        return {"case": row["case_dir"], "status": "harness-error", "detail": repr(e)[:300],
                "unsupported": []}


def main():
    args = sys.argv[1:]
    fed = bool(args) and args[0] == "--fed"
    if fed:
        args = args[1:]
    if len(args) != 4:
        print(__doc__)
        return 2
    corpus, bindir, report, known_path = args
    examples = os.path.join(corpus, "dl4j_tf_graphs", "examples")
    if not os.path.isdir(examples):
        print(f"corpus folder {examples} not found: skipped")
        return 77
    known = set()
    if os.path.exists(known_path):
        with open(known_path) as f:
            known = {l.split("#")[0].strip() for l in f if l.split("#")[0].strip()}
    rows = dl4j_cases.discover(corpus)
    selected = [r for r in rows if r.get("has_pb") == "yes" and r.get("has_random_op") == "no"
                and r.get("reference_outputs(node[.k])", "").strip()]
    filt = os.environ.get("TFMLIR_CORPUS_FILTER")
    if filt:
        selected = [r for r in selected if re.search(filt, r["case_dir"])]
    jobs = int(os.environ.get("TFMLIR_CORPUS_JOBS", "2"))
    with tempfile.TemporaryDirectory(prefix="tf-convert-corpus-") as tmp:
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
            results = list(ex.map(lambda r: safe_run_case(r, corpus, bindir, tmp, fed),
                                  selected))
    not_fed = sum(r["status"] == "no-fed-input" for r in results)
    results = [r for r in results if r["status"] != "no-fed-input"]
    counts = collections.Counter(r["status"] for r in results)
    hist = collections.Counter()
    for r in results:
        for op in set(r["unsupported"]):
            hist[op] += 1
    failed = [r for r in results
              if r["status"] in ("convert-error", "run-error", "mismatch", "no-input", "harness-error")]
    regressions = [r for r in failed if r["case"] not in known]
    fixed = sorted(c for c in known if any(r["case"] == c and r["status"] == "matched" for r in results))
    converted = sum(counts[s] for s in ("matched", "mismatch", "run-error"))
    ran = counts["matched"] + counts["mismatch"]
    with open(report, "w") as f:
        mode = "fed mode" if fed else "constant-input mode"
        f.write(f"# tf-convert corpus report (dl4j_tf_graphs, {mode})\n\n")
        f.write(f"Cases with a .pb, no random op and reference outputs: {len(selected)}\n\n")
        if fed:
            f.write(f"Fed mode: the Const inputs (in_0, in_1, ...) become model inputs fed "
                    f"with their values; {len(results)} cases have such inputs "
                    f"({not_fed} have none and are left out).\n\n")
        f.write("| converted | ran | matched | mismatched | run errors | convert errors | unsupported ops |\n")
        f.write("|---|---|---|---|---|---|---|\n")
        f.write(f"| {converted} | {ran} | {counts['matched']} | {counts['mismatch']} | "
                f"{counts['run-error']} | {counts['convert-error'] + counts['no-input'] + counts['harness-error']} | "
                f"{counts['unsupported']} |\n\n")
        f.write(f"Tolerance: floats |got - TF| <= {ABS_TOL} + {REL_TOL}·|TF|, NaN/Inf exact; "
                "ints/bools exact; each model run twice, results bit-identical.\n\n")
        f.write("## Unsupported ops (number of cases needing each)\n\n")
        for op, n in hist.most_common():
            f.write(f"- {op}: {n}\n")
        f.write("\n## Per op group (matched / cases)\n\n")
        groups = collections.defaultdict(lambda: [0, 0])
        for r in results:
            g = groups[r["case"].split("/")[0]]
            g[1] += 1
            g[0] += r["status"] == "matched"
        f.write(", ".join(f"{g} {m}/{n}" for g, (m, n) in sorted(groups.items())) + "\n")
        f.write("\n## Failures\n\n")
        for r in sorted(failed, key=lambda r: r["case"]):
            tag = "known" if r["case"] in known else "REGRESSION"
            f.write(f"- [{tag}] {r['case']}: {r['status']}: {r['detail']}\n")
        if fixed:
            f.write("\n## Listed as known failures but now matching\n\n")
            for c in fixed:
                f.write(f"- {c}\n")
    print(f"{'fed mode: ' if fed else ''}selected {len(selected)}"
          f"{f' ({len(results)} with Const inputs)' if fed else ''}, "
          f"converted {converted}, ran {ran}, matched {counts['matched']}, "
          f"mismatched {counts['mismatch']}, run errors {counts['run-error']}, convert errors "
          f"{counts['convert-error'] + counts['no-input']}, unsupported {counts['unsupported']}; "
          f"report {report}")
    for r in regressions:
        print(f"REGRESSION {r['case']}: {r['status']}: {r['detail']}")
    return 1 if regressions else 0


if __name__ == "__main__":
    sys.exit(main())
