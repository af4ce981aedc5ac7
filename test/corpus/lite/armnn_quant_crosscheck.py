#!/usr/bin/env python3
"""Cross-checks tflite-run's integer kernels against Arm NN (CpuRef).

usage: armnn_quant_crosscheck.py <tflite-run> <corpus dir> <work dir>

For every quantized model of the corpus whose inputs are all int8 / uint8 /
int16 (tflite_micro/, litert/, TFLite testdata, quantizer testdata) that
Arm NN's TFLite parser and CpuRef backend accept, both runtimes get the same
inputs (uniform over the type's range, seed 42; int16 in [-1000, 1000]) and
every integer output element must agree within +-1 (both runtimes implement
TFLite's fixed-point requantization; table / float-based ops such as
SOFTMAX may round differently by one step). Each model is run by
tflite-run twice and the outputs must be identical. Models Arm NN cannot
load are listed, not failed. Exit 77 (skipped) when pyarmnn or its CpuRef
backend is missing.
"""
import glob
import os
import subprocess
import sys

try:
    import numpy as np
    import pyarmnn as ann
except ImportError:
    print("pyarmnn / numpy not installed: skipped")
    sys.exit(77)

TOL = 1
DTYPES = {}


def armnn_run(path, seed=42):
    parser = ann.ITfLiteParser()
    net = parser.CreateNetworkFromBinaryFile(path)
    rt = ann.IRuntime(ann.CreationOptions())
    opt, _ = ann.Optimize(net, [ann.BackendId("CpuRef")], rt.GetDeviceSpec(),
                          ann.OptimizerOptions())
    nid, _ = rt.LoadNetwork(opt)
    rng = np.random.RandomState(seed)
    binds, arrays = [], []
    for n in parser.GetSubgraphInputTensorNames(0):
        b = parser.GetNetworkInputBindingInfo(0, n)
        info = b[1]
        dt = info.GetDataType()
        shape = tuple(info.GetShape()[d] for d in range(info.GetNumDimensions()))
        if dt == ann.DataType_QAsymmS8 or dt == ann.DataType_QSymmS8:
            a = rng.randint(-128, 128, size=shape).astype(np.int8)
        elif dt == ann.DataType_QAsymmU8:
            a = rng.randint(0, 256, size=shape).astype(np.uint8)
        elif dt == ann.DataType_QSymmS16:
            a = rng.randint(-1000, 1001, size=shape).astype(np.int16)
        else:
            raise ValueError("non-integer input")
        binds.append(b)
        arrays.append(a)
    outs = [parser.GetNetworkOutputBindingInfo(0, n)
            for n in parser.GetSubgraphOutputTensorNames(0)]
    out_t = ann.make_output_tensors(outs)
    rt.EnqueueWorkload(nid, ann.make_input_tensors(binds, arrays), out_t)
    return arrays, ann.workload_tensors_to_ndarray(out_t)


def armnn_isolated(path, work):
    """Runs armnn_run in a child process (Arm NN's parser crashes on some
    models); returns (inputs, outputs) or raises RuntimeError."""
    out = os.path.join(work, "armnn.npz")
    if os.path.exists(out):
        os.remove(out)
    r = subprocess.run([sys.executable, os.path.abspath(__file__), "--one",
                        path, out], capture_output=True, text=True)
    if r.returncode != 0 or not os.path.exists(out):
        lines = [l for l in (r.stdout + r.stderr).splitlines()
                 if l and "Skipped" not in l and "does not support" not in l]
        why = lines[-1] if lines else "exit status %d" % r.returncode
        raise RuntimeError(why)
    z = np.load(out)
    ni = int(z["ni"])
    no = int(z["no"])
    return ([z["i%d" % k] for k in range(ni)], [z["o%d" % k] for k in range(no)])


def run_ours(tool, model, inputs, nout, work, tag):
    args = [tool, "--model", model]
    for i, a in enumerate(inputs):
        p = os.path.join(work, "in%d.npy" % i)
        np.save(p, a)
        args += ["--input", "%d=%s" % (i, p)]
    for k in range(nout):
        args += ["--output", "%d:%s" % (k, os.path.join(work, "%s%d.npy" % (tag, k)))]
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode != 0:
        return None, r.stderr.strip()[:200]
    return [np.load(os.path.join(work, "%s%d.npy" % (tag, k)))
            for k in range(nout)], ""


def main():
    tool, corpus, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    try:
        ann.IRuntime(ann.CreationOptions())
    except Exception as e:  # pragma: no cover
        print("Arm NN runtime unusable: %s: skipped" % e)
        return 77
    models = []
    for pat in ("tflite_micro/**/*.tflite", "litert/**/*.tflite",
                "tensorflow/tensorflow/compiler/mlir/lite/quantization/lite/testdata/*.bin",
                "tensorflow/tensorflow/lite/testdata/*.bin"):
        models += sorted(glob.glob(os.path.join(corpus, pat), recursive=True))
    compared, skipped, failed = 0, [], []
    exact_total, elems_total = 0, 0
    for m in models:
        name = os.path.relpath(m, corpus)
        # Only models with quantized integer tensors (tflite-run --dump
        # prints "q <scale> <zp>" or "q[N] axis D" for them); this skips
        # the float models without starting Arm NN.
        d = subprocess.run([tool, "--model", m, "--dump"], capture_output=True,
                           text=True).stdout
        if not any((" INT8 " in l or " UINT8 " in l or " INT16 " in l) and
                   (" q " in l or " q[" in l) for l in d.splitlines()):
            continue
        try:
            inputs, ref = armnn_isolated(m, work)
        except Exception as e:
            msg = str(e).splitlines()[0] if str(e) else type(e).__name__
            if "backends" in msg and "CpuRef" in msg:
                print("CpuRef backend missing: skipped")
                return 77
            skipped.append((name, msg[:100]))
            continue
        got, err = run_ours(tool, m, inputs, len(ref), work, "a")
        if got is None:
            failed.append((name, "tflite-run: " + err))
            continue
        again, err = run_ours(tool, m, inputs, len(ref), work, "b")
        if again is None or any(not np.array_equal(x, y) for x, y in zip(got, again)):
            failed.append((name, "two runs differ"))
            continue
        ok, worst, exact, elems = True, 0, 0, 0
        for k, want in enumerate(ref):
            g = got[k]
            want = np.asarray(want).reshape(g.shape) if want.size == g.size else want
            if g.shape != want.shape:
                ok = False
                failed.append((name, "output %d shape %s vs Arm NN %s" %
                               (k, g.shape, want.shape)))
                break
            d = np.abs(g.astype(np.int64) - want.astype(np.int64))
            worst = max(worst, int(d.max()) if d.size else 0)
            exact += int(np.sum(d == 0))
            elems += d.size
            if d.size and d.max() > TOL:
                ok = False
                failed.append((name, "output %d max |diff| %d" % (k, d.max())))
                break
        if ok:
            compared += 1
            exact_total += exact
            elems_total += elems
            print("agree  %-75s max |diff| %d, %d/%d exact" % (name, worst, exact, elems))
    for n, why in skipped:
        print("arm-nn-cannot-run  %s: %s" % (n, why))
    for n, why in failed:
        print("DISAGREE  %s: %s" % (n, why))
    print("armnn quantized cross-check: %d models agree within +-%d (%d/%d "
          "elements exact), %d disagree, %d not run by Arm NN"
          % (compared, TOL, exact_total, elems_total, len(failed), len(skipped)))
    return 1 if failed else 0


def one(path, out):
    try:
        inputs, ref = armnn_run(path)
    except Exception as e:
        print(str(e).splitlines()[0] if str(e) else type(e).__name__)
        return 1
    arrays = {"ni": len(inputs), "no": len(ref)}
    for k, a in enumerate(inputs):
        arrays["i%d" % k] = a
    for k, a in enumerate(ref):
        arrays["o%d" % k] = np.asarray(a)
    np.savez(out, **arrays)
    return 0


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--one":
        sys.exit(one(sys.argv[2], sys.argv[3]))
    sys.exit(main())
