#!/usr/bin/python3
"""Published TF.js graph models through the loader and the Session.

Walks MODELS_DIR (scripts/fetch-tfjs-models.sh fills it from npm; the
models are never committed) for every `*.json` that is a TF.js graph model
(a JSON object with "modelTopology" and "weightsManifest"; other JSON files,
e.g. a package's models.json index, are skipped) and for each:

  1. load: `tf-translate -tfjs-to-mlir model.json` (model.json + weight
     shards -> GraphDef with the weights bound -> tf_executor MLIR) must
     succeed; nodes and the op histogram are counted from model.json;
  2. run: `tf-run --graph model.json` with deterministic inputs for every
     signature input (else every Placeholder): float inputs uniform in
     [0, 1), integer inputs in [0, 255] (images), unknown dims 1 for the
     batch dim and 256 elsewhere; fetching the signature outputs (else every
     non-Const node nobody consumes). It runs twice in separate processes;
     the outputs must be finite (float) and identical bit for bit, and,
     when every op of the model is one tfjs_numpy_ref.py implements, match
     that float64 NumPy evaluation of model.json (weights decoded in Python)
     within REF_ATOL + REF_RTOL * max|ref| per output;
     A model whose ops the Session cannot compile yet reports tf-run's
     "cannot legalize" histogram (status "unsupported ops"), which is not a
     failure: the list is what the Session path still lacks. The histogram
     is split into root-cause ops (an op with a failing node that has no
     failing node upstream, in any model) and the ops that fail only
     downstream of them (an input without a static shape).
  2b. --jit=auto: a model whose whole graph does not compile runs twice
     more with `tf-run --jit=auto` (auto-clustering; what cannot be
     compiled runs on host kernels: TensorList loops, data-dependent
     post-processing), with the same checks; its histogram, if any, is
     again not a failure, a crash or non-finite/non-identical outputs are.
  3. unfused twin: a model that stops at ops is rewritten (test-only, in
     Python) with grappler's and TF.js's fused ops (_FusedConv2D,
     FusedDepthwiseConv2dNative, _FusedMatMul with BiasAdd [+ Relu | Relu6 |
     Prelu], TF.js's Prelu) as the plain TF ops they stand for, same
     weights, and run once (to keep the test's time down; the original
     graphs are the ones run twice) as in 2, its outputs compared with the NumPy
     evaluation of the original fused graph. This checks the loader's
     weights on real models before the Session compiles the fused ops
     itself; a twin that fails numerically fails the test.
  4. Lite path: a model (or twin) that ran goes through tf-convert
     --graph-def-file model.json and tflite-run twice, compared with NumPy
     (else tf-run) under the same bound; reported in its own column, not
     failing the test (the Lite kernels have their own tests).

Writes a markdown table (model, nodes, distinct ops, load, run, outputs or
the histogram) to REPORT.md and prints it. Exits 1 if any model fails to
load, or runs but gives non-finite or non-identical outputs, or crashes;
77 (skipped) when MODELS_DIR does not exist or holds no graph model.

usage: tfjs_corpus.py MODELS_DIR BINDIR REPORT.md
"""
import base64
import collections
import json
import os
import re
import subprocess
import sys
import tempfile
import time

import numpy as np

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tfjs_numpy_ref  # noqa: E402

RUN_TIMEOUT_S = 900
# tf-run (float32) against the float64 NumPy reference, per output:
# |got - ref| <= REF_ATOL + REF_RTOL * max|ref|. Deep float32 networks
# accumulate rounding over ~100 layers; measured 3e-6 of max|ref| on
# BlazePose, so 1e-4 leaves 30x headroom while an indexing or weight
# binding error (errors of order max|ref|) cannot pass.
REF_ATOL, REF_RTOL = 1e-5, 1e-4


def find_models(root):
    """Sorted paths of the TF.js graph models under `root`."""
    found = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for f in sorted(filenames):
            if not f.endswith(".json"):
                continue
            p = os.path.join(dirpath, f)
            try:
                with open(p, "rb") as fh:
                    head = fh.read(1 << 20)
                if b'"modelTopology"' not in head and b'"weightsManifest"' not in head:
                    continue
                doc = json.load(open(p))
            except (OSError, ValueError):
                continue
            if (isinstance(doc, dict) and "modelTopology" in doc and
                    "weightsManifest" in doc and
                    doc.get("format", "graph-model") == "graph-model"):
                found.append(p)
    return found


NP_DTYPES = {"DT_FLOAT": np.float32, "DT_INT32": np.int32,
             "DT_UINT8": np.uint8, "DT_INT64": np.int64, "DT_BOOL": np.bool_,
             "DT_DOUBLE": np.float64, "DT_HALF": np.float16}


def dims_of(shape_proto):
    if not shape_proto or shape_proto.get("unknownRank"):
        return None
    return [int(d.get("size", "-1")) for d in shape_proto.get("dim", [])]


def io_of(doc):
    """([(tensor, np dtype, shape)], [fetch tensors]) from the signature,
    else from the Placeholders and the graph's sinks."""
    nodes = doc["modelTopology"].get("node", [])
    by_name = {n["name"]: n for n in nodes}
    sig = doc.get("signature") or {}
    inputs = []
    if sig.get("inputs"):
        for key in sorted(sig["inputs"]):
            info = sig["inputs"][key]
            node = by_name.get(info["name"].split(":")[0], {})
            shape = dims_of(info.get("tensorShape"))
            if shape is None:
                shape = dims_of(node.get("attr", {}).get("shape", {}).get("shape"))
            inputs.append((info["name"], info.get("dtype", "DT_FLOAT"), shape))
    else:
        for n in nodes:
            if n["op"] == "Placeholder":
                a = n.get("attr", {})
                inputs.append((n["name"], a.get("dtype", {}).get("type", "DT_FLOAT"),
                               dims_of(a.get("shape", {}).get("shape"))))
    if sig.get("outputs"):
        outputs = [sig["outputs"][k]["name"] for k in sorted(sig["outputs"])]
    else:
        consumed = set()
        for n in nodes:
            for i in n.get("input", []):
                consumed.add(i.lstrip("^").split(":")[0])
        outputs = [n["name"] for n in nodes
                   if n["name"] not in consumed and
                   n["op"] not in ("Const", "NoOp", "Placeholder")]
    return inputs, outputs


def make_input(name, dtype, shape, seed):
    rng = np.random.RandomState(seed)
    shape = [1 if (d < 0 and i == 0) else (256 if d < 0 else d)
             for i, d in enumerate(shape or [])]
    npt = NP_DTYPES.get(dtype)
    if npt is None:
        raise ValueError(f"input {name}: dtype {dtype} not generated")
    if npt in (np.float32, np.float64, np.float16):
        return rng.uniform(0, 1, shape).astype(npt)
    if npt == np.bool_:
        return rng.uniform(0, 1, shape) < 0.5
    return rng.randint(0, 256, shape).astype(npt)


def out_file(name):
    return name.replace("/", "_").replace(":", "_") + ".npy"


def run_once(bindir, model, feeds, outputs, outdir, jit="whole"):
    os.makedirs(outdir, exist_ok=True)
    cmd = [os.path.join(bindir, "tf-run"), "--graph", model]
    if jit != "whole":
        cmd.append(f"--jit={jit}")
    for name, path in feeds:
        cmd += ["--input", f"{name}={path}"]
    for o in outputs:
        cmd += ["--output", o]
    cmd += ["--output-dir", outdir]
    t0 = time.time()
    p = subprocess.run(cmd, capture_output=True, text=True,
                       timeout=RUN_TIMEOUT_S)
    return p, time.time() - t0


def histogram(stderr, doc):
    """tf-run's "cannot legalize: tf.Foo (count 3: nodes a, b, c); ..." as
    [(op, upstream)] per failing node, `upstream` True when a node it
    depends on failed too (then it may fail only because that input has no
    static shape). None when stderr has no histogram."""
    m = re.search(r"cannot legalize: (.*)", stderr)
    if not m:
        return None
    failing = {}
    for op, nodes in re.findall(r"(tf\.\w+) \(count \d+: nodes ([^)]*)\)",
                                m.group(1)):
        for n in nodes.split(", "):
            failing[n] = op
    inputs = {n["name"]: [i.lstrip("^").split(":")[0] for i in n.get("input", [])]
              for n in doc["modelTopology"].get("node", [])}

    def has_failing_ancestor(name):
        seen, work = set(), list(inputs.get(name, []))
        while work:
            a = work.pop()
            if a in seen:
                continue
            seen.add(a)
            if a in failing:
                return True
            work.extend(inputs.get(a, []))
        return False

    return [(op, has_failing_ancestor(n)) for n, op in failing.items()]


def counts(c):
    return ", ".join(f"{op} x{n}" for op, n in c.most_common())


def split_failing(failing, root_ops):
    """({op: count} of root-cause ops, {op: count} of the others)."""
    root, down = collections.Counter(), collections.Counter()
    for op, _ in failing:
        (root if op in root_ops else down)[op] += 1
    return root, down


def run_twice(bindir, model, doc, feeds, outputs, work, ref_doc, ref_path,
              runs=2, jit="whole", reference=True):
    """Runs `model` through tf-run `runs` times (separate processes: each
    compiles) and checks the outputs (finite, identical, and against the
    NumPy evaluation of `ref_doc`, whose weights come from `ref_path`).
    Returns a dict: run (status), ok, detail, and failing (the histogram)
    or reference (True when NumPy checked it)."""
    results = []
    out = {"ok": True}
    for attempt in range(runs):
        outdir = os.path.join(work, f"out{attempt}")
        try:
            p, secs = run_once(bindir, model, feeds, outputs, outdir, jit)
        except subprocess.TimeoutExpired:
            return {"run": "timeout", "ok": False,
                    "detail": f"tf-run over {RUN_TIMEOUT_S} s"}
        if p.returncode != 0:
            hist = histogram(p.stderr, doc)
            if hist and p.returncode > 0:
                return {"run": "unsupported ops", "ok": True, "failing": hist}
            return {"run": "FAIL", "ok": False,
                    "detail": (p.stderr.strip().splitlines() or
                               [f"exit {p.returncode}"])[-1][:400]}
        out.setdefault("run_s", secs)
        results.append({o: np.load(os.path.join(outdir, out_file(o)))
                        for o in outputs})
    a, b = results[0], results[-1]
    shapes, problems = [], []
    for o in outputs:
        x, y = a[o], b[o]
        shapes.append(f"{o} {x.dtype}{list(x.shape)}")
        if x.dtype != y.dtype or x.shape != y.shape or x.tobytes() != y.tobytes():
            problems.append(f"{o}: the two runs differ")
        if np.issubdtype(x.dtype, np.floating) and not np.all(np.isfinite(x)):
            problems.append(f"{o}: non-finite values")
    ref_note = "no NumPy reference"
    if not reference:
        ref_note = "not compared with NumPy here"
    elif not problems:
        try:
            weights = tfjs_numpy_ref.decode_weights(ref_path)
            ref = tfjs_numpy_ref.evaluate(
                ref_doc, weights, {n: np.load(f) for n, f in feeds}, outputs)
            worst = 0.0
            for o in outputs:
                got, want = a[o].astype(np.float64), ref[o]
                if got.shape != want.shape:
                    problems.append(f"{o}: shape {list(got.shape)}, NumPy "
                                    f"{list(want.shape)}")
                    continue
                scale = float(np.abs(want).max()) if want.size else 0.0
                err = float(np.abs(got - want).max()) if want.size else 0.0
                if err > REF_ATOL + REF_RTOL * scale:
                    problems.append(f"{o}: max error {err:.3g} against NumPy "
                                    f"(max abs(ref) {scale:.3g})")
                worst = max(worst, err / max(scale, 1e-30))
            ref_note = f"NumPy max error {worst:.1e} of max abs(ref)"
            out["ref"] = ref
        except tfjs_numpy_ref.Unsupported as e:
            ref_note = f"no NumPy reference ({e})"
    if problems:
        out.update(run="FAIL", ok=False, detail="; ".join(problems))
    else:
        out["values"] = a
        times = "twice, identical" if runs == 2 else "once"
        out.update(run=f"ok ({times}, finite; {ref_note})",
                   detail=", ".join(shapes),
                   reference=ref_note.startswith("NumPy"))
    return out


def check_model(path, bindir, work):
    doc = json.load(open(path))
    nodes = doc["modelTopology"].get("node", [])
    ops = collections.Counter(n["op"] for n in nodes)
    row = {"model": path, "nodes": len(nodes), "ops": len(ops),
           "hist": ops, "ok": True}

    t0 = time.time()
    p = subprocess.run([os.path.join(bindir, "tf-translate"), "-tfjs-to-mlir",
                        path, "-o", os.devnull], capture_output=True, text=True)
    row["load_s"] = time.time() - t0
    if p.returncode != 0:
        row.update(load="FAIL", run="-", detail=(p.stderr.strip() or
                                                 f"exit {p.returncode}")[:400],
                   ok=False)
        return row
    row["load"] = "ok"

    inputs, outputs = io_of(doc)
    feeds = []
    os.makedirs(work, exist_ok=True)
    try:
        for k, (name, dtype, shape) in enumerate(inputs):
            f = os.path.join(work, f"in{k}.npy")
            np.save(f, make_input(name, dtype, shape, 1234 + k))
            feeds.append((name, f))
    except ValueError as e:
        row.update(run="not run", detail=str(e))
        return row

    row.update(run_twice(bindir, path, doc, feeds, outputs,
                         os.path.join(work, "model"), doc, path))
    if row["run"].startswith("ok"):
        row["lite"] = lite_check(bindir, path, feeds, outputs, row,
                                 os.path.join(work, "lite"))
    if row["run"] != "unsupported ops":
        return row

    # Auto-clustering (tf-run --jit=auto): what cannot be compiled runs on
    # host kernels (TensorList loops, data-dependent post-processing).
    # No NumPy evaluation here: the unfused twin below compares with it (a
    # model that needs host nodes is mostly beyond tfjs_numpy_ref.py, and
    # its float64 convolutions would cost minutes before it finds out).
    auto = run_twice(bindir, path, doc, feeds, outputs,
                     os.path.join(work, "auto"), doc, path, jit="auto",
                     reference=False)
    row["auto"] = auto
    if not auto["ok"]:
        row["ok"] = False

    # The unfused twin: the same weights, grappler's and TF.js's fused ops
    # written as the plain TF ops they stand for, checked against NumPy's
    # evaluation of the original (fused) graph.
    twin = unfuse(doc)
    if twin is None:
        return row
    tdir = os.path.join(work, "twin")
    os.makedirs(tdir, exist_ok=True)
    for g in twin["weightsManifest"]:
        for shard in g["paths"]:
            dst = os.path.join(tdir, shard)
            if not os.path.exists(dst):
                os.symlink(os.path.join(os.path.dirname(os.path.abspath(path)),
                                        shard), dst)
    tpath = os.path.join(tdir, "model.json")
    with open(tpath, "w") as f:
        json.dump(twin, f)
    t = run_twice(bindir, tpath, twin, feeds, outputs,
                  os.path.join(work, "twin-run"), doc, path, runs=1)
    row["twin"] = t
    if t["run"].startswith("ok"):
        row["lite"] = lite_check(bindir, tpath, feeds, outputs, t,
                                 os.path.join(work, "twin-lite"))
    if not t["ok"]:
        row["ok"] = False
    return row


def lite_check(bindir, model, feeds, outputs, ran, work):
    """The Lite path on a model that ran: tf-convert --graph-def-file
    model.json -> .tflite -> tflite-run twice (identical), compared with the
    NumPy reference when there is one (same bound), else with tf-run's
    values (`ran`). Returns a short status; a mismatch or non-identical
    runs start with "FAIL" (reported, not failing the test: the Lite
    kernels are checked by their own tests)."""
    os.makedirs(work, exist_ok=True)
    tfl = os.path.join(work, "model.tflite")
    names = [o.split(":")[0] for o in outputs]
    shapes = ":".join(",".join(str(d) for d in np.load(f).shape)
                      for _, f in feeds)
    p = subprocess.run(
        [os.path.join(bindir, "tf-convert"), "--graph-def-file", model,
         "--input-arrays", ",".join(n.split(":")[0] for n, _ in feeds),
         "--input-shapes", shapes, "--output-arrays", ",".join(names),
         "--output", tfl], capture_output=True, text=True, timeout=RUN_TIMEOUT_S)
    if p.returncode != 0:
        lines = [ln for ln in p.stderr.splitlines() if ln.strip()]
        return "tf-convert failed: " + (lines[-1][:200] if lines else "")
    runs = []
    for k in range(2):
        cmd = [os.path.join(bindir, "tflite-run"), "--model", tfl]
        for n, f in feeds:
            cmd += ["--input", f"{n.split(':')[0]}={f}"]
        files = [os.path.join(work, f"r{k}_{i}.npy") for i in range(len(names))]
        for n, f in zip(names, files):
            cmd += ["--output", f"{n}:{f}"]
        p = subprocess.run(cmd, capture_output=True, text=True,
                           timeout=RUN_TIMEOUT_S)
        if p.returncode != 0:
            lines = [ln for ln in p.stderr.splitlines() if ln.strip()]
            return "tflite-run failed: " + (lines[-1][:200] if lines else "")
        runs.append([np.load(f) for f in files])
    if any(x.tobytes() != y.tobytes() for x, y in zip(*runs)):
        return "FAIL: two tflite-run runs differ"
    ref = ran.get("ref")
    against = "NumPy" if ref else "tf-run"
    worst = 0.0
    for o, got in zip(outputs, runs[0]):
        want = (ref[o] if ref else ran["values"][o]).astype(np.float64)
        if got.shape != want.shape:
            return f"FAIL: {o} has shape {list(got.shape)}, {against} {list(want.shape)}"
        scale = float(np.abs(want).max()) if want.size else 0.0
        err = float(np.abs(got.astype(np.float64) - want).max()) if want.size else 0.0
        if err > REF_ATOL + REF_RTOL * scale:
            return (f"FAIL: {o} max error {err:.3g} against {against} "
                    f"(max abs {scale:.3g})")
        worst = max(worst, err / max(scale, 1e-30))
    return f"ok (twice identical; {against} max error {worst:.1e} of max abs)"


def unfuse(doc):
    """A copy of `doc` with _FusedConv2D, FusedDepthwiseConv2dNative and
    _FusedMatMul (fused_ops BiasAdd [+ Relu | Relu6 | Prelu]) and TF.js's
    Prelu written as Conv2D / DepthwiseConv2dNative / MatMul, BiasAdd and
    Relu / Relu6 / relu(y) - alpha * relu(-y); the last node keeps the
    fused node's name. None when nothing is fused or a fused node has other
    fused_ops."""
    import copy
    out = copy.deepcopy(doc)
    nodes = out["modelTopology"]["node"]
    new_nodes, changed = [], False
    base = {"_FusedConv2D": "Conv2D",
            "FusedDepthwiseConv2dNative": "DepthwiseConv2dNative",
            "_FusedMatMul": "MatMul"}
    keep = {"Conv2D": ("strides", "padding", "dilations", "data_format",
                       "explicit_paddings"),
            "DepthwiseConv2dNative": ("strides", "padding", "dilations",
                                      "data_format", "explicit_paddings"),
            "MatMul": ("transpose_a", "transpose_b")}
    T = {"type": "DT_FLOAT"}

    def prelu(name, y, alpha, ctrl):
        return [
            {"name": name + "/prelu_pos", "op": "Relu", "input": [y] + ctrl,
             "attr": {"T": T}},
            {"name": name + "/prelu_neg", "op": "Neg", "input": [y],
             "attr": {"T": T}},
            {"name": name + "/prelu_negrelu", "op": "Relu",
             "input": [name + "/prelu_neg"], "attr": {"T": T}},
            {"name": name + "/prelu_scaled", "op": "Mul",
             "input": [alpha, name + "/prelu_negrelu"], "attr": {"T": T}},
            {"name": name, "op": "Sub",
             "input": [name + "/prelu_pos", name + "/prelu_scaled"],
             "attr": {"T": T}}]

    for n in nodes:
        ctrl = [i for i in n.get("input", []) if i.startswith("^")]
        data = [i for i in n.get("input", []) if not i.startswith("^")]
        if n["op"] == "Prelu":
            new_nodes += prelu(n["name"], data[0], data[1], ctrl)
            changed = True
            continue
        if n["op"] not in base:
            new_nodes.append(n)
            continue
        fused = [base64.b64decode(x).decode() for x in
                 n.get("attr", {}).get("fused_ops", {}).get("list", {}).get("s", [])]
        if not fused or fused[0] != "BiasAdd" or len(fused) > 2 or (
                len(fused) == 2 and fused[1] not in ("Relu", "Relu6", "Prelu")):
            return None
        op = base[n["op"]]
        name = n["name"]
        attrs = {k: v for k, v in n.get("attr", {}).items() if k in keep[op]}
        attrs["T"] = T
        new_nodes.append({"name": name + "/unfused", "op": op,
                          "input": data[:2] + ctrl, "attr": attrs})
        fmt = n.get("attr", {}).get("data_format")
        bias_attr = {"T": T}
        if fmt:
            bias_attr["data_format"] = fmt
        last = name if len(fused) == 1 else name + "/bias"
        new_nodes.append({"name": last, "op": "BiasAdd",
                          "input": [name + "/unfused", data[2]],
                          "attr": bias_attr})
        if len(fused) == 2:
            if fused[1] == "Prelu":
                new_nodes += prelu(name, name + "/bias", data[3], [])
            else:
                new_nodes.append({"name": name, "op": fused[1],
                                  "input": [name + "/bias"], "attr": {"T": T}})
        changed = True
    if not changed:
        return None
    out["modelTopology"]["node"] = new_nodes
    return out


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    root, bindir, report = sys.argv[1:]
    if not root or not os.path.isdir(root):
        print(f"TF.js models folder '{root}' not found: skipped "
              "(scripts/fetch-tfjs-models.sh DIR fetches them)")
        return 77
    models = find_models(root)
    if not models:
        print(f"no TF.js graph model under {root}: skipped")
        return 77
    rows = []
    with tempfile.TemporaryDirectory(prefix="tfjs-corpus-") as tmp:
        for i, m in enumerate(models):
            row = check_model(m, bindir, os.path.join(tmp, str(i)))
            row["model"] = os.path.relpath(m, root)
            rows.append(row)
            print(f"{row['model']}: load {row['load']} "
                  f"({row['load_s']:.2f} s), run {row['run']}"
                  + (f" ({row['run_s']:.1f} s)" if "run_s" in row else "")
                  + (f"; --jit=auto: {row['auto']['run']}"
                     + (f" ({row['auto']['run_s']:.1f} s)"
                        if "run_s" in row["auto"] else "")
                     if "auto" in row else "")
                  + (f"; unfused twin: {row['twin']['run']}"
                     if "twin" in row else "")
                  + (f"; lite: {row['lite']}" if "lite" in row else ""),
                  flush=True)

    # Root-cause ops: those with a failing node that has no failing node
    # upstream in some model; every node of such an op counts as a root
    # cause (it has no lowering), the rest fail downstream of them.
    def describe(results):
        root_ops = {op for r in results for op, upstream in r.get("failing", [])
                    if not upstream}
        missing = collections.Counter()
        for r in results:
            if "failing" not in r:
                continue
            causes, down = split_failing(r["failing"], root_ops)
            r["detail"] = counts(causes) + (
                f" (downstream of them: {counts(down)})" if down else "")
            for op in causes:
                missing[op] += 1
        return missing

    missing = describe(rows)
    twins = [r["twin"] for r in rows if "twin" in r]
    twin_missing = describe(twins)
    lines = ["# TF.js graph models (tfjs_corpus.py)", "",
             f"{len(rows)} models under `{root}`. Unfused twin: the model "
             "with its fused ops (_FusedConv2D, FusedDepthwiseConv2dNative, "
             "_FusedMatMul, Prelu) written as plain TF ops, compared with "
             "NumPy on the original graph.", "",
             "| model | nodes | ops | load | run | outputs, or the ops that "
             "cannot be compiled (root causes, then the ops that fail only "
             "downstream of them) | --jit=auto (where the whole graph does "
             "not compile) | unfused twin | Lite path (tf-convert + "
             "tflite-run, of the model or its twin) |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        t = r.get("twin")
        twin = (f"{t['run']}: {t.get('detail', '')}" if t else "-")
        a = r.get("auto")
        auto = (f"{a['run']}"
                + (f" ({a['run_s']:.1f} s)" if "run_s" in a else "")
                + f": {a.get('detail', '')}" if a else "-")
        lines.append(f"| {r['model']} | {r['nodes']} | {r['ops']} | "
                     f"{r['load']} ({r['load_s']:.2f} s) | {r['run']} | "
                     f"{r.get('detail', '')} | {auto} | {twin} | "
                     f"{r.get('lite', '-')} |")
    if missing:
        lines += ["", "Root-cause ops that kept models from running "
                  "(number of models): " +
                  ", ".join(f"{op} ({n})" for op, n in missing.most_common())]
    if twin_missing:
        lines += ["", "Root-cause ops that kept unfused twins from running "
                  "(number of models): " +
                  ", ".join(f"{op} ({n})" for op, n in
                            twin_missing.most_common())]
    loaded = sum(r["load"] == "ok" for r in rows)
    ran = sum(r["run"].startswith("ok") for r in rows)
    checked = sum(bool(r.get("reference")) for r in rows)
    twin_ran = sum(t["run"].startswith("ok") for t in twins)
    auto_ran = sum(r["auto"]["run"].startswith("ok") for r in rows
                   if "auto" in r)
    twin_checked = sum(bool(t.get("reference")) for t in twins)
    failed = sum(not r["ok"] for r in rows)
    lite_ok = sum(r.get("lite", "").startswith("ok") for r in rows)
    lite_tried = sum("lite" in r for r in rows)
    summary = (f"loaded {loaded} of {len(rows)}, ran {ran} "
               f"(twice, identical, finite; {checked} matched NumPy), "
               f"unsupported ops "
               f"{sum(r['run'] == 'unsupported ops' for r in rows)} "
               f"(of which --jit=auto ran {auto_ran}, twice, identical, "
               f"finite); "
               f"unfused twins ran {twin_ran} of {len(twins)} (once) "
               f"({twin_checked} matched NumPy); Lite path ok {lite_ok} of "
               f"{lite_tried}; failures {failed}")
    lines += ["", summary]
    with open(report, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(summary)
    print(f"{len(rows) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
