#!/usr/bin/env python3
"""End-to-end post-training quantization of dl4j graphs (tf-convert).

usage: quant_e2e.py <bin dir> <corpus dir> <work dir> [<report.md>]

For each case (an MLP, a softmax classifier, convs, a separable conv and two
conv2d_transpose graphs from dl4j_tf_graphs, lenet_frozen.pb for sizes, and
while_dense_tanh.pbtxt next to this script for ops inside a loop body):
  1. convert to float .tflite, and with --quantize=int8 (representative data:
     64 random samples, uniform in [lo, hi) per case), --quantize=dynamic and
     --quantize=float16; the int8 model is also written with int8 input and
     output (--inference-input-type/--inference-output-type int8);
  2. run 16 held-out samples (another seed) through the float model in our
     interpreter (tflite-run) and through the int8 model in Arm NN (CpuRef)
     and, where its int8 kernels exist, in our interpreter;
  3. require |int8 - float| <= 2 output-scale steps (the issue's bar) for
     every value whose float result lies in the int8 output's range (the
     calibrated range; values beyond it are counted as clipped and listed;
     the softmax case has a derived bar, see CASES), and for
     float16 |f16 - float| <= 1e-2 * (1 + |float|) (float16 weights carry 11
     significant bits); dynamic-range models run where hybrid kernels exist,
     with |dyn - float| <= 0.05 * (1 + max|float|);
  4. record model sizes (float / dynamic / int8 / float16).
Exit 77 (skipped) when numpy or pyarmnn is missing or the corpus is absent.
"""
import os
import re
import subprocess
import sys

try:
    import numpy as np
except ImportError:
    print("numpy not installed: skipped")
    sys.exit(77)
try:
    import pyarmnn as ann
except ImportError:
    ann = None

EX = "dl4j_tf_graphs/examples"
# name, graph, inputs [(name, shape)], outputs, (lo, hi) input range
CASES = [
    ("dense_tanh", EX + "/dense/dense5_tanh_regularizer/frozen_model.pb", [("in_0", None)],
     ["dense/Tanh"], (-1, 1)),
    ("mnist_00_logits", EX + "/mnist_00/frozen_model.pb", [("input", (100, 784))], ["BiasAdd"],
     (0, 1)),
    # Softmax of those logits: its output scale is TFLite's fixed 1/256, finer
    # than the logits' error. softmax is 1/2-Lipschitz in the max norm
    # (|J|_inf = max 2 p (1 - p) <= 1/2), so the bar is 1/2 of the logits' bar
    # (2 logit steps) plus 1 output step.
    ("mnist_00_softmax", EX + "/mnist_00/frozen_model.pb", [("input", (100, 784))], ["output"],
     (0, 1), "mnist_00_logits"),
    # A small CNN (LeNet: 3 conv + 2 max-pool + 2 fully-connected, 61k
    # weights): the weight-heavy model for the size ratios.
    ("lenet", "dl4j_tf_graphs/lenet_frozen.pb", [("input", (1, 784))], ["Lenet/fc9_1/Relu"],
     (0, 1)),
    # conv1d (ExpandDims / Conv2D / Squeeze) and an NCHW conv + relu6: the
    # NCHW BiasAdd stays a separate ADD (with the RELU6) after the transpose
    # back, so the result is requantized twice; its bar adds half a step of
    # the conv output's scale (read from the converted model) to the 2 steps.
    ("conv1d_squeeze", EX + "/cnn1d_layers/channels_last_b2_k2_s1_SAME_constraints1/frozen_model.pb",
     [("in_0", None)], ["conv1d/BiasAdd"], (-1, 1)),
    ("conv2d_nchw_relu6", EX + "/cnn2d_layers/channels_first_b1_k2_s1_d1_SAME_relu6/frozen_model.pb",
     [("in_0", None)], ["conv2d/Relu6"], (-2, 2), "chain:tfl.conv_2d"),
    ("conv2d_valid", EX + "/cnn2d_layers/channels_last_b2_k2_s1_VALID/frozen_model.pb",
     [("in_0", None)], ["conv2d/BiasAdd"], (-1, 1)),
    ("sepconv2d_dm2", EX + "/sepconv2d_layers/channels_last_b2_k2_s2_d1_VALID_dm2/frozen_model.pb",
     [("in_0", None)], ["separable_conv2d/BiasAdd"], (-1, 1)),
    # Conv2DBackpropInput -> tfl.transpose_conv (per-channel int8 weights on
    # the output-channel axis, int32 bias), stride 2 and stride 1 + RELU6.
    ("conv2d_transpose_s2", EX + "/conv2d_transpose/channels_last_b1_k2_s2_SAME/frozen_model.pb",
     [("in_0", None)], ["conv2d_transpose/BiasAdd"], (-1, 1)),
    # Ops inside a loop body (while_dense_tanh.pbtxt, next to this script:
    # 3 iterations of x = tanh(x W + b)): calibration observes the body's
    # tensors in the interpreter, so the body's FULLY_CONNECTED and TANH
    # are int8 (checked below) between float loop boundaries. Bar: each
    # iteration is one FC+tanh layer with the 2-step bar in the tanh's
    # output scale; the loop contracts errors (tanh' <= 1 and every column
    # of W sums to < 1 in absolute value), so they add at most: 3 x 2 tanh
    # steps, plus half a step for the final requantization.
    ("while_dense_tanh", "@while_dense_tanh.pbtxt", [("x", (1, 4))], ["while/Exit_1"],
     (-1, 1), "body:tfl.fully_connected:tfl.tanh:3"),
    # Its BiasAdd + RELU6 stays an ADD after the transpose_conv (the output
    # shape is computed in the graph), so it has the chain bar of the NCHW
    # conv above.
    ("conv2d_transpose_relu6", EX + "/conv2d_transpose/channels_last_b1_k2_s1_SAME_relu6/frozen_model.pb",
     [("in_0", None)], ["conv2d_transpose/Relu6"], (-2, 2), "chain:tfl.transpose_conv"),
]
CALIB, HELD = 64, 16


def run(cmd, check=True):
    p = subprocess.run(cmd, capture_output=True, text=True)
    if check and p.returncode != 0:
        raise RuntimeError("%s failed:\n%s%s" % (" ".join(cmd), p.stdout, p.stderr))
    return p


def input_shape(bindir, graph, name, outs, work):
    """Shape of a Const-fed input from the float model's tensor dump."""
    m = os.path.join(work, "probe.tflite")
    run([bindir + "/tf-convert", "--graph-def-file", graph, "--input-arrays", name,
         "--output-arrays", ",".join(outs), "--output", m, "--quiet"])
    mlir = run([bindir + "/tf-convert", "--graph-def-file", graph, "--input-arrays", name,
                "--output-arrays", ",".join(outs), "--emit-mlir", "--quiet"]).stdout
    head = mlir[mlir.index("func.func @main("):]
    t = head[head.index("tensor<") + 7:head.index("xf32>")]
    return tuple(int(d) for d in t.split("x"))


def chain_bar(base, rep, op, scale):
    """Bar for an output requantized twice (`op`'s int8 result, then an
    ADD/activation into the output scale): 2 steps plus half a step of the
    inner op's output scale, read from the converted model."""
    mlir = run(base + ["--quantize=int8", "--representative-data", rep,
                       "--emit-mlir"]).stdout
    line = next(l for l in mlir.splitlines() if '"%s"' % op in l)
    inner = float(re.findall(r"-> tensor<[^>]*quant\.uniform<i8:f32, ([0-9.eE+-]+)",
                             line)[-1])
    return 2.0 + 0.5 * inner / scale


def body_bar(marker, body_scale, scale):
    """Bar of a loop of `iters` layers (marker body:<op>:<last op>:<iters>)
    whose errors the loop contracts: iters x 2 steps of the last body op's
    output scale, plus half an output step."""
    iters = int(marker.split(":")[3])
    if body_scale is None:
        return 2.0
    return 0.5 + iters * 2.0 * body_scale / scale


def armnn_run(path, arrays):
    """Runs `path` in Arm NN (in a child process: Arm NN asserts on models it
    does not support); returns (outputs per sample as float64, output
    scales). Raises RuntimeError with Arm NN's message on failure."""
    base = path + ".armnn"
    np.savez(base + "_in.npz", *[a for sample in arrays for a in sample])
    p = subprocess.run([sys.executable, os.path.abspath(__file__), "--armnn", path,
                        base + "_in.npz", str(len(arrays[0])), base + "_out.npz"],
                       capture_output=True, text=True)
    if p.returncode != 0:
        lines = [l for l in (p.stderr + p.stdout).splitlines() if "Skipped" not in l]
        raise RuntimeError((lines[-1] if lines else "") + " (exit %d)" % p.returncode)
    z = np.load(base + "_out.npz")
    scales = list(zip(z["scales"], z["zps"]))
    n = int(z["n"])
    results = [[z["o%d_%d" % (i, k)] for k in range(n)] for i in range(len(arrays))]
    return results, scales


def armnn_child(path, inputs, per, out):
    z = np.load(inputs)
    flat = [z["arr_%d" % i] for i in range(len(z.files))]
    arrays = [flat[i:i + per] for i in range(0, len(flat), per)]
    results, scales = armnn_run_here(path, arrays)
    d = {"scales": np.array([s for s, _ in scales]), "zps": np.array([z for _, z in scales]),
         "n": np.array(len(results[0]))}
    for i, r in enumerate(results):
        for k, o in enumerate(r):
            d["o%d_%d" % (i, k)] = o
    np.savez(out, **d)
    return 0


def armnn_run_here(path, arrays):
    """Runs `path` in Arm NN CpuRef; int8 inputs/outputs stay integer."""
    parser = ann.ITfLiteParser()
    net = parser.CreateNetworkFromBinaryFile(path)
    rt = ann.IRuntime(ann.CreationOptions())
    opt, _ = ann.Optimize(net, [ann.BackendId("CpuRef")], rt.GetDeviceSpec(),
                          ann.OptimizerOptions())
    nid, _ = rt.LoadNetwork(opt)
    ins = [parser.GetNetworkInputBindingInfo(0, n)
           for n in parser.GetSubgraphInputTensorNames(0)]
    outs = [parser.GetNetworkOutputBindingInfo(0, n)
            for n in parser.GetSubgraphOutputTensorNames(0)]
    results = []
    for sample in arrays:
        feeds = []
        for b, a in zip(ins, sample):
            info = b[1]
            if info.GetDataType() == ann.DataType_QAsymmS8:
                s, z = info.GetQuantizationScale(), info.GetQuantizationOffset()
                a = np.clip(np.round(a / s) + z, -128, 127).astype(np.int8)
            feeds.append(a)
        ot = ann.make_output_tensors(outs)
        rt.EnqueueWorkload(nid, ann.make_input_tensors(ins, feeds), ot)
        res = []
        for b, o in zip(outs, ann.workload_tensors_to_ndarray(ot)):
            info = b[1]
            if info.GetDataType() == ann.DataType_QAsymmS8:
                o = (o.astype(np.float64) - info.GetQuantizationOffset()) * \
                    info.GetQuantizationScale()
            res.append(np.asarray(o, dtype=np.float64))
        results.append(res)
    scales = [(b[1].GetQuantizationScale(), b[1].GetQuantizationOffset()) for b in outs]
    return results, scales


def in_range_steps(quant, ref, scale, zp):
    """Max |quant - ref| / scale over the values whose float reference lies
    in the range the int8 output type represents ([-128 - zp, 127 - zp] *
    scale, i.e. the calibrated range), and how many values lie outside it
    (clipped: held-out data beyond the calibration data's range)."""
    worst, clipped = 0.0, 0
    lo, hi = (-128 - zp) * scale, (127 - zp) * scale
    for qv, rv in zip(quant, ref):
        inside = (rv >= lo - 0.5 * scale) & (rv <= hi + 0.5 * scale)
        clipped += int(np.sum(~inside))
        if np.any(inside):
            worst = max(worst, float(np.max(np.abs(qv[inside] - rv[inside]))) / scale)
    return worst, clipped


def ours_run(bindir, model, names, sample, work, tag):
    """Runs `model` in tflite-run; float inputs, float or int8 outputs."""
    cmd = [bindir + "/tflite-run", "--model", model]
    for i, (n, a) in enumerate(zip(names, sample)):
        f = os.path.join(work, "%s_in%d.npy" % (tag, i))
        np.save(f, a)
        cmd += ["--input", "%d=%s" % (i, f)]
    outs = []
    nout = 1
    for k in range(nout):
        f = os.path.join(work, "%s_out%d.npy" % (tag, k))
        cmd += ["--output", "%d:%s" % (k, f)]
        outs.append(f)
    p = run(cmd, check=False)
    if p.returncode != 0:
        return None, p.stderr.strip().splitlines()[-1] if p.stderr.strip() else "failed"
    return [np.load(f).astype(np.float64) for f in outs], None


def main():
    bindir, corpus, work = sys.argv[1:4]
    report = sys.argv[4] if len(sys.argv) > 4 else None
    if not os.path.isdir(os.path.join(corpus, EX)):
        print("corpus missing: skipped")
        return 77
    if ann is None:
        print("pyarmnn not installed: skipped")
        return 77
    os.makedirs(work, exist_ok=True)
    failures, lines = [], []
    lines.append("| case | int8 max err (steps) Arm NN | int8 ours | ours vs Arm NN (steps) | "
                 "float16 max rel err | dynamic max err | float / dynamic / int8 / float16 bytes |")
    lines.append("|---|---|---|---|---|---|---|")
    logit_scale = {}
    only = os.environ.get("QUANT_E2E_ONLY")  # comma-separated case names
    ran = 0
    for name, graph, inputs, outs, (lo, hi), *softmax_of in CASES:
        if only and name not in only.split(","):
            continue
        ran += 1
        graph = (os.path.join(os.path.dirname(os.path.abspath(__file__)), graph[1:])
                 if graph.startswith("@") else os.path.join(corpus, graph))
        cw = os.path.join(work, name)
        os.makedirs(cw, exist_ok=True)
        names = [n for n, _ in inputs]
        shapes = [s if s else input_shape(bindir, graph, n, outs, cw) for n, s in inputs]
        base = [bindir + "/tf-convert", "--graph-def-file", graph, "--input-arrays",
                ",".join(names), "--output-arrays", ",".join(outs), "--quiet"]
        if all(s for _, s in inputs):  # placeholders: fix the batch size
            base += ["--input-shapes", ":".join(",".join(map(str, s)) for _, s in inputs)]
        rng = np.random.RandomState(1)
        rep = os.path.join(cw, "rep")
        os.makedirs(rep, exist_ok=True)
        for n, s in zip(names, shapes):
            np.save(os.path.join(rep, n.replace("/", "_") + ".npy"),
                    rng.uniform(lo, hi, (CALIB,) + s).astype(np.float32))
        held_rng = np.random.RandomState(2)
        held = [[held_rng.uniform(lo, hi, s).astype(np.float32) for s in shapes]
                for _ in range(HELD)]
        models = {}
        for mode, extra in [("float", []), ("int8", ["--quantize=int8", "--representative-data", rep]),
                            ("int8io", ["--quantize=int8", "--representative-data", rep,
                                        "--inference-input-type", "int8",
                                        "--inference-output-type", "int8"]),
                            ("int8_pt", ["--quantize=int8", "--representative-data", rep,
                                         "--disable-per-channel-for-dense-layers"]),
                            ("int8io_pt", ["--quantize=int8", "--representative-data", rep,
                                           "--inference-input-type", "int8",
                                           "--inference-output-type", "int8",
                                           "--disable-per-channel-for-dense-layers"]),
                            ("dynamic", ["--quantize=dynamic"]),
                            ("float16", ["--quantize=float16"])]:
            m = os.path.join(cw, mode + ".tflite")
            p = run(base + extra + ["--output", m], check=False)
            if p.returncode != 0:
                if mode == "dynamic" and "no float weights" in p.stderr:
                    models[mode] = None  # weights below 1024 elements
                    continue
                failures.append("%s %s: %s" % (name, mode, p.stderr.strip()))
                models[mode] = None
                continue
            models[mode] = m
        body_scale = None
        if softmax_of and softmax_of[0].startswith("body:") and models.get("int8"):
            # The op must be int8 inside a function other than @main.
            op, last_op, _ = softmax_of[0][len("body:"):].split(":")
            mlir = run(base + ["--quantize=int8", "--representative-data", rep,
                               "--emit-mlir"]).stdout
            bodies = mlir[mlir.index("func.func private"):] if "func.func private" in mlir else ""
            if not re.search(r'"%s"\(.*\) -> tensor<[^>]*!quant\.uniform<i8' % re.escape(op), bodies):
                failures.append("%s: %s in the loop body is not int8" % (name, op))
            m = re.search(r'"%s"\(.*\) -> tensor<[^>]*!quant\.uniform<i8:f32, ([0-9.eE+-]+)'
                          % re.escape(last_op), bodies)
            body_scale = float(m.group(1)) if m else None
        if not models.get("float") or not models.get("int8io"):
            lines.append("| %s | conversion failed | | | | | |" % name)
            continue
        fl = []
        for i, s in enumerate(held):
            o, err = ours_run(bindir, models["float"], names, s, cw, "f%d" % i)
            if o is None:
                failures.append("%s float run: %s" % (name, err))
                break
            fl.append(o)
        if len(fl) != HELD:
            continue
        # int8 with int8 I/O in Arm NN: error in output-scale steps.
        bar = 2.0
        qf = None
        try:
            # Arm NN 20.08 has no per-channel fully-connected: per-tensor FC.
            q, qparams = armnn_run(models["int8io_pt"], held)
            scale, zp = qparams[0]
            scales = [scale]
            steps, clipped = in_range_steps([r[0] for r in q], [f[0] for f in fl], scale, zp)
            ann_col = "%.2f (%d clipped)" % (steps, clipped)
            logit_scale[name] = scale
            bar = 2.0
            if softmax_of and softmax_of[0].startswith("chain:"):
                bar = chain_bar(base, rep, softmax_of[0][len("chain:"):], scale)
                ann_col += ", bar %.2f" % bar
            elif softmax_of and softmax_of[0].startswith("body:"):
                bar = body_bar(softmax_of[0], body_scale, scale)
                ann_col += ", bar %.2f" % bar
            elif softmax_of:
                bar = (0.5 * 2.0 * logit_scale[softmax_of[0]] + scale) / scale
                ann_col += ", bar %.2f" % bar
            if steps > bar:
                failures.append("%s int8 (Arm NN): %.2f output-scale steps > %.2f" %
                                (name, steps, bar))
            # The float-interface int8 model must agree with the int8-IO one.
            qf, _ = armnn_run(models["int8_pt"], held)
            d = max(float(np.max(np.abs(qf[i][0] - q[i][0]))) for i in range(HELD))
            if d > 1.0001 * scale:
                failures.append("%s int8 float-I/O vs int8-I/O differ by %g" % (name, d))
        except Exception as e:  # Arm NN cannot run it
            ann_col = "Arm NN: %s" % (str(e).splitlines() or ["?"])[0][:60]
            try:
                armnn_run(models["float"], held[:1])
                failures.append("%s int8 in Arm NN: %s" % (name, e))
            except Exception:
                ann_col = "Arm NN cannot run the float model either"
            scales = None
        if scales is None:
            # Output parameters from the converter itself.
            mlir = run(base + ["--quantize=int8", "--representative-data", rep,
                               "--inference-output-type", "int8", "--emit-mlir"]).stdout
            sig = mlir[mlir.index("func.func @main("):]
            arrow = sig.index(") -> ")
            sig = sig[arrow:sig.index("attributes", arrow)]
            m = re.search(r"!quant\.uniform<i8:f32, ([0-9.eE+-]+)(?::(-?\d+))?>", sig)
            scale, zp = float(m.group(1)), int(m.group(2) or 0)
            scales = [scale]
            if softmax_of and softmax_of[0].startswith("chain:"):
                bar = chain_bar(base, rep, softmax_of[0][len("chain:"):], scale)
                ann_col += ", bar %.2f" % bar
            elif softmax_of and softmax_of[0].startswith("body:"):
                bar = body_bar(softmax_of[0], body_scale, scale)
                ann_col += ", bar %.2f" % bar
        # int8 in our interpreter (needs the int8 kernels).
        ours_col = "no int8 kernels"
        o0, err = ours_run(bindir, models["int8"], names, held[0], cw, "q0")
        if o0 is not None and scales:
            qo = [ours_run(bindir, models["int8"], names, s, cw, "q%d" % i)[0][0]
                  for i, s in enumerate(held)]
            worst, clipped = in_range_steps(qo, [f[0] for f in fl], scale, zp)
            ours_col = "%.2f (%d clipped)" % (worst, clipped)
            if worst > bar:
                failures.append("%s int8 (ours): %.2f steps > %.2f" % (name, worst, bar))
        # Arm NN and our interpreter on the same int8 model (per-tensor FC):
        # within 1 output step (TFLite's reference kernels are exact up to
        # rounding of the requantization).
        agree_col = "-"
        if scales and qf is not None:
            o0, err = ours_run(bindir, models["int8_pt"], names, held[0], cw, "p0")
            if o0 is not None:
                d = 0.0
                for i, s in enumerate(held):
                    o = ours_run(bindir, models["int8_pt"], names, s, cw, "p%d" % i)[0][0]
                    d = max(d, float(np.max(np.abs(o - qf[i][0]))) / scale)
                agree_col = "%.2f" % d
                if d > 1.0001:
                    failures.append("%s int8: ours vs Arm NN differ by %.2f steps > 1" % (name, d))
            else:
                agree_col = "ours: " + err[:40]
        # float16.
        f16_col = "-"
        if models.get("float16"):
            worst = 0.0
            for i, s in enumerate(held):
                o, err = ours_run(bindir, models["float16"], names, s, cw, "h%d" % i)
                if o is None:
                    failures.append("%s float16 run: %s" % (name, err))
                    break
                worst = max(worst, float(np.max(np.abs(o[0] - fl[i][0]) / (1 + np.abs(fl[i][0])))))
            f16_col = "%.2e" % worst
            if worst > 1e-2:
                failures.append("%s float16 error %g > 1e-2" % (name, worst))
        dyn_col = "weights < 1024 elements" if models.get("dynamic") is None else "no hybrid kernels"
        if models.get("dynamic"):
            o0, err = ours_run(bindir, models["dynamic"], names, held[0], cw, "d0")
            if o0 is not None:
                worst = 0.0
                for i, s in enumerate(held):
                    o, err = ours_run(bindir, models["dynamic"], names, s, cw, "d%d" % i)
                    worst = max(worst, float(np.max(np.abs(o[0] - fl[i][0]))) /
                                (1 + float(np.max(np.abs(fl[i][0])))))
                dyn_col = "%.2e (rel)" % worst
                if worst > 0.05:
                    failures.append("%s dynamic error %g > 0.05" % (name, worst))
        sizes = " / ".join(str(os.path.getsize(models[k])) if models.get(k) else "-"
                           for k in ["float", "dynamic", "int8", "float16"])
        lines.append("| %s | %s | %s | %s | %s | %s | %s |" % (name, ann_col, ours_col, agree_col,
                                                               f16_col, dyn_col, sizes))
    text = "\n".join(lines)
    print(text)
    if report:
        with open(report, "w") as f:
            f.write(text + "\n")
    if failures:
        print("FAILURES:\n  " + "\n  ".join(failures))
        return 1
    print("all %d cases pass" % ran)
    return 0


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--armnn":
        sys.exit(armnn_child(sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]))
    sys.exit(main())
