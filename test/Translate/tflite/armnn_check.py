"""Checks that .tflite files written by tf-translate are real TFLite.

Usage: armnn_check.py <tf-translate> <corpus-dir> <work-dir>

For every TFLite model in the corpus (up to 4 MB) that Arm NN's TFLite
parser (python3-pyarmnn, Arm NN 20.08, an independent implementation) can
load and run on its CpuRef backend, the model is imported and exported with
tf-translate, and the export is run by Arm NN on the same inputs (random,
seeded). The exported model must load, and its outputs must be bit-identical
to the original's: the export holds the same operators, tensors and
constants, and CpuRef is deterministic. Models Arm NN cannot run are
counted as unsupported. Each Arm NN run is a child process (Arm NN 20.08
crashes on some corpus models). Prints a summary; exits 1 on any mismatch or an
export that Arm NN rejects although it ran the original. Prints SKIP (and
exits 0) when pyarmnn is not installed.
"""
import os
import subprocess
import sys

try:
    import numpy as np
    import pyarmnn as ann
except ImportError:
    print("SKIP: pyarmnn/numpy not installed")
    sys.exit(0)


def run(path, inputs=None, seed=0):
    """Runs the model on CpuRef; returns (inputs, outputs)."""
    parser = ann.ITfLiteParser()
    network = parser.CreateNetworkFromBinaryFile(path)
    runtime = ann.IRuntime(ann.CreationOptions())
    opt, _ = ann.Optimize(network, [ann.BackendId("CpuRef")],
                          runtime.GetDeviceSpec(), ann.OptimizerOptions())
    net_id, _ = runtime.LoadNetwork(opt)
    in_names = parser.GetSubgraphInputTensorNames(0)
    in_info = [parser.GetNetworkInputBindingInfo(0, n) for n in in_names]
    if inputs is None:
        rng = np.random.default_rng(seed)
        inputs = []
        for _, info in in_info:
            shape = tuple(info.GetShape()[i] for i in range(info.GetNumDimensions()))
            dt = info.GetDataType()
            if dt == ann.DataType_Float32:
                inputs.append(rng.uniform(-1, 1, shape).astype(np.float32))
            elif dt == ann.DataType_QAsymmU8:
                inputs.append(rng.integers(0, 256, shape).astype(np.uint8))
            elif dt == ann.DataType_QAsymmS8:
                inputs.append(rng.integers(-128, 128, shape).astype(np.int8))
            elif dt == ann.DataType_Signed32:
                inputs.append(rng.integers(0, 4, shape).astype(np.int32))
            else:
                raise RuntimeError("input type %d" % dt)
    out_names = parser.GetSubgraphOutputTensorNames(0)
    out_info = [parser.GetNetworkOutputBindingInfo(0, n) for n in out_names]
    in_t = ann.make_input_tensors(in_info, inputs)
    out_t = ann.make_output_tensors(out_info)
    runtime.EnqueueWorkload(net_id, in_t, out_t)
    return inputs, ann.workload_tensors_to_ndarray(out_t)


def run_isolated(path, work, inputs_file=None):
    """run() in a child process; returns (inputs, outputs) or None."""
    out = os.path.join(work, "run.npz")
    if os.path.exists(out):
        os.remove(out)
    args = [sys.executable, __file__, "--run", path, inputs_file or "-", out]
    r = subprocess.run(args, capture_output=True, timeout=300)
    if r.returncode or not os.path.exists(out):
        if os.environ.get("ARMNN_CHECK_DEBUG"):
            print(path, r.returncode, r.stderr.decode()[-300:])
        return None
    z = np.load(out)
    n_in = int(z["n_in"])
    n_out = int(z["n_out"])
    return ([z["in%d" % k] for k in range(n_in)],
            [z["out%d" % k] for k in range(n_out)])


def child(path, inputs_file, out):
    inputs = None
    if inputs_file != "-":
        z = np.load(inputs_file)
        inputs = [z["in%d" % k] for k in range(int(z["n_in"]))]
    inputs, outputs = run(path, inputs)
    arrays = {"n_in": len(inputs), "n_out": len(outputs)}
    arrays.update({"in%d" % k: a for k, a in enumerate(inputs)})
    arrays.update({"out%d" % k: a for k, a in enumerate(outputs)})
    np.savez(out, **arrays)


def main():
    if sys.argv[1] == "--run":
        child(*sys.argv[2:5])
        return
    translate, corpus, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    models = []
    for d, _, files in os.walk(corpus):
        for f in files:
            p = os.path.join(d, f)
            if f.endswith((".tflite", ".bin")) and os.path.getsize(p) <= 4 << 20:
                with open(p, "rb") as fh:
                    if fh.read(8)[4:8] == b"TFL3":
                        models.append(p)
    models.sort()
    same = unsupported = 0
    failures = []
    for i, p in enumerate(models):
        first = run_isolated(p, work)
        if first is None:  # Arm NN cannot parse or run the original.
            unsupported += 1
            continue
        inputs, ref = first
        inputs_file = os.path.join(work, "inputs.npz")
        arrays = {"n_in": len(inputs)}
        arrays.update({"in%d" % k: a for k, a in enumerate(inputs)})
        np.savez(inputs_file, **arrays)
        mlir = os.path.join(work, "m%d.mlir" % i)
        out = os.path.join(work, "m%d.tflite" % i)
        r1 = subprocess.run([translate, "-tflite-flatbuffer-to-mlir", p, "-o", mlir],
                            capture_output=True)
        r2 = subprocess.run([translate, "-mlir-to-tflite-flatbuffer", mlir, "-o", out],
                            capture_output=True)
        if r1.returncode or r2.returncode:
            failures.append("%s: tf-translate failed" % p)
            continue
        second = run_isolated(out, work, inputs_file)
        if second is None:
            failures.append("%s: Arm NN rejects the export" % p)
            continue
        got = second[1]
        if len(got) != len(ref) or any(
                a.shape != b.shape or a.tobytes() != b.tobytes() for a, b in zip(ref, got)):
            failures.append("%s: outputs differ" % p)
            continue
        same += 1
    print("Arm NN CpuRef: %d models ran, %d exports identical, %d failures; "
          "%d models Arm NN 20.08 cannot run" % (same + len(failures), same,
                                                len(failures), unsupported))
    for f in failures:
        print("FAIL", f)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
