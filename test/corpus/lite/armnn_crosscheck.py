#!/usr/bin/env python3
"""Cross-checks tflite-run against Arm NN (pyarmnn, TFLite parser, CpuRef).

usage: armnn_crosscheck.py <tflite-run> <corpus dir> <work dir>

For every float32 model of the corpus (npm/, litert/, TFLite's quantizer
testdata) that Arm NN's TFLite parser accepts, both runtimes get the same
inputs (uniform [0, 1), seed 42) and every output must agree within
|ours - armnn| <= 1e-4 + 1e-4 * |armnn| (float32 kernels with different
summation orders). Models Arm NN cannot parse are listed, not failed.
Exit 77 (skipped) when pyarmnn or its CpuRef backend is missing.
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

ATOL = 1e-4
RTOL = 1e-4


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
        if info.GetDataType() != ann.DataType_Float32:
            raise ValueError("non-float input")
        shape = tuple(info.GetShape()[d] for d in range(info.GetNumDimensions()))
        binds.append(b)
        arrays.append(rng.rand(*shape).astype(np.float32))
    outs = [parser.GetNetworkOutputBindingInfo(0, n)
            for n in parser.GetSubgraphOutputTensorNames(0)]
    out_t = ann.make_output_tensors(outs)
    rt.EnqueueWorkload(nid, ann.make_input_tensors(binds, arrays), out_t)
    return arrays, ann.workload_tensors_to_ndarray(out_t)


def main():
    tool, corpus, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    try:
        ann.IRuntime(ann.CreationOptions())
        probe = ann.BackendId("CpuRef")
    except Exception as e:  # pragma: no cover
        print("Arm NN runtime unusable: %s: skipped" % e)
        return 77
    models = []
    for pat in ("npm/**/*.tflite", "litert/**/*.tflite",
                "tensorflow/tensorflow/compiler/mlir/lite/quantization/lite/testdata/*.bin",
                "tflite_micro/**/hello_world_float.tflite"):
        models += sorted(glob.glob(os.path.join(corpus, pat), recursive=True))
    compared, skipped, failed = 0, [], []
    for m in models:
        name = os.path.relpath(m, corpus)
        try:
            inputs, ref = armnn_run(m)
        except Exception as e:
            msg = str(e).splitlines()[0] if str(e) else type(e).__name__
            if "backends" in msg and "CpuRef" in msg:
                print("CpuRef backend missing: skipped")
                return 77
            skipped.append((name, msg[:100]))
            continue
        args = [tool, "--model", m]
        for i, a in enumerate(inputs):
            p = os.path.join(work, "in%d.npy" % i)
            np.save(p, a)
            args += ["--input", "%d=%s" % (i, p)]
        for k in range(len(ref)):
            args += ["--output", "%d:%s" % (k, os.path.join(work, "out%d.npy" % k))]
        r = subprocess.run(args, capture_output=True, text=True)
        if r.returncode != 0:
            failed.append((name, "tflite-run: " + r.stderr.strip()[:200]))
            continue
        worst = 0.0
        ok = True
        for k, want in enumerate(ref):
            got = np.load(os.path.join(work, "out%d.npy" % k))
            want = np.asarray(want, dtype=np.float32).reshape(got.shape) \
                if want.size == got.size else want
            if got.shape != want.shape:
                ok = False
                failed.append((name, "output %d shape %s vs Arm NN %s" %
                               (k, got.shape, want.shape)))
                break
            err = np.abs(got.astype(np.float64) - want)
            bound = ATOL + RTOL * np.abs(want)
            worst = max(worst, float(np.max(err)) if err.size else 0.0)
            if not np.all(err <= bound):
                ok = False
                failed.append((name, "output %d max abs diff %.3g" % (k, np.max(err))))
                break
        if ok:
            compared += 1
            print("agree  %-70s max |diff| %.3g" % (name, worst))
    for n, why in skipped:
        print("arm-nn-cannot-parse  %s: %s" % (n, why))
    for n, why in failed:
        print("DISAGREE  %s: %s" % (n, why))
    print("armnn cross-check: %d models agree, %d disagree, %d not parsed by Arm NN"
          % (compared, len(failed), len(skipped)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
