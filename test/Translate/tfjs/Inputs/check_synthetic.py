#!/usr/bin/python3
"""Runs the synthetic TF.js model (make_synthetic.py) through the tools and
checks the outputs against NumPy.

usage: check_synthetic.py BINDIR|BINDIR/tf-run MODEL_DIR WORKDIR
(lit passes the substituted path of tf-run; its folder holds the tools)

Reference: the weights decoded from the shards by
test/corpus/tfjs_numpy_ref.decode_weights (NumPy, independent of the C++
loader), then
  y      = relu(x @ w + b) * s
  total  = reshape(y, shape).sum(axis)
  masked = where(mask, y, x @ w + b)
in float64. Tolerance: |got - ref| <= 1e-6 + 1e-5 * |ref| (float32
matmul/sum rounding on values of magnitude < 10). Checks:
  1. tf-run --graph model.json, twice: identical bytes, within tolerance;
  2. tf-translate -tfjs-to-graphdef, then tf-run on the .pb: bit-identical
     to 1 (the GraphDef carries the same weights);
  3. tf-convert --graph-def-file model.json -> .tflite, tflite-run: within
     tolerance, twice identical.
Prints one line per check and "N passed, 0 failed"; exits 1 on a failure.
"""
import os
import subprocess
import sys

import numpy as np

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "corpus"))
import tfjs_numpy_ref  # noqa: E402

ATOL, RTOL = 1e-6, 1e-5
OUTPUTS = ["y", "total", "masked"]


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"FAIL: {' '.join(cmd)} exited {p.returncode}:\n{p.stderr}")
    return p.stdout


def reference(weights, x):
    xw = x.astype(np.float64) @ weights["w"].astype(np.float64)
    ba = xw + weights["b"]
    y = np.maximum(ba, 0) * weights["s"]
    total = y.reshape(weights["shape"]).sum(axis=int(weights["axis"][0]))
    masked = np.where(weights["mask"], y, ba)
    return {"y": y, "total": total, "masked": masked}


def close(name, got, ref, where):
    if got.shape != ref.shape or got.dtype != np.float32:
        sys.exit(f"FAIL {where}: {name} is {got.dtype}{list(got.shape)}, "
                 f"expected float32{list(ref.shape)}")
    err = np.abs(got.astype(np.float64) - ref)
    bound = ATOL + RTOL * np.abs(ref)
    if not np.all(err <= bound):
        sys.exit(f"FAIL {where}: {name} max error {err.max():.3g} over the "
                 f"bound; got {got.tolist()}, ref {ref.tolist()}")
    return float(err.max())


def tf_run(bindir, graph, xfile, outdir):
    os.makedirs(outdir, exist_ok=True)
    cmd = [os.path.join(bindir, "tf-run"), "--graph", graph,
           "--input", f"x={xfile}", "--output-dir", outdir]
    for o in OUTPUTS:
        cmd += ["--output", o]
    run(cmd)
    return {o: np.load(os.path.join(outdir, o + ".npy")) for o in OUTPUTS}


def main():
    bindir, model_dir, work = sys.argv[1:4]
    if not os.path.isdir(bindir):
        bindir = os.path.dirname(bindir)
    os.makedirs(work, exist_ok=True)
    model = os.path.join(model_dir, "model.json")
    weights = tfjs_numpy_ref.decode_weights(model)
    x = (np.arange(8, dtype=np.float32).reshape(2, 4) - 3.0) / 2.0
    x[1] *= -0.75
    xfile = os.path.join(work, "x.npy")
    np.save(xfile, x)
    ref = reference(weights, x)
    passed = 0

    # 1. tf-run on model.json, twice.
    a = tf_run(bindir, model, xfile, os.path.join(work, "run1"))
    b = tf_run(bindir, model, xfile, os.path.join(work, "run2"))
    errs = []
    for o in OUTPUTS:
        if a[o].tobytes() != b[o].tobytes():
            sys.exit(f"FAIL tf-run: {o} differs between two runs")
        errs.append(close(o, a[o], ref[o], "tf-run model.json"))
    print(f"ok tf-run model.json (twice identical), max error {max(errs):.3g}")
    passed += 1

    # 2. The binary GraphDef from -tfjs-to-graphdef runs to the same bits.
    pb = os.path.join(work, "model.pb")
    run([os.path.join(bindir, "tf-translate"), "-tfjs-to-graphdef", model,
         "-o", pb])
    c = tf_run(bindir, pb, xfile, os.path.join(work, "run3"))
    for o in OUTPUTS:
        if c[o].tobytes() != a[o].tobytes():
            sys.exit(f"FAIL: {o} from model.pb differs from model.json's")
    print("ok tf-translate -tfjs-to-graphdef: tf-run on the .pb is "
          "bit-identical")
    passed += 1

    # 3. tf-convert to .tflite, then the lite interpreter, twice.
    tfl = os.path.join(work, "model.tflite")
    run([os.path.join(bindir, "tf-convert"), "--graph-def-file", model,
         "--input-arrays", "x", "--input-shapes", "2,4",
         "--output-arrays", ",".join(OUTPUTS), "--output", tfl])
    outs = []
    for k in range(2):
        cmd = [os.path.join(bindir, "tflite-run"), "--model", tfl,
               "--input", f"x={xfile}"]
        files = {}
        for o in OUTPUTS:
            files[o] = os.path.join(work, f"tfl{k}_{o}.npy")
            cmd += ["--output", f"{o}:{files[o]}"]
        run(cmd)
        outs.append({o: np.load(f) for o, f in files.items()})
    errs = []
    for o in OUTPUTS:
        if outs[0][o].tobytes() != outs[1][o].tobytes():
            sys.exit(f"FAIL tflite-run: {o} differs between two runs")
        errs.append(close(o, outs[0][o], ref[o], "tflite-run"))
    print(f"ok tf-convert + tflite-run (twice identical), max error "
          f"{max(errs):.3g}")
    passed += 1
    print(f"{passed} passed, 0 failed")


if __name__ == "__main__":
    main()
