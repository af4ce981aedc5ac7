#!/usr/bin/env python3
"""Prepares the bench half of scripts/gpu-check.sh (issue 15 section 5).

Compiles the bench models with `tf-compile --target=cuda` (sm_90 cubins in
data-only objects, classes deriving from runtime/gpu's CompiledGpuFunction)
and writes what the GPU machine needs to run them and the same models in
PyTorch and JAX:

  SRC/<model>.h, SRC/<model>.o   tf-compile's header and object, linked
                                 into tfmlir-gpu-bench by gpu-check.sh
  SRC/bench_models.inc           the runner's table of models
  DATA/<model>/x.npy, weights    inputs and weights of the convnet and MLPs
                                 (the same arrays as the frozen GraphDefs,
                                 from tfmlir-model-bench --write-graphs)
  DATA/models.txt                one line per model: name kind batch flops

Models: the MobileNet-like convnet (MobileNetV1 0.25, 224x224) at batch 1
and 64 (the batch-1 GraphDef with its Placeholder's batch dimension set to
64; the input is the batch-1 image repeated), the MLP 784-1024-1024-10 at
batch 1 and 64, GEMM 4096^3 in f32 and in bf16 (f32 accumulation). The
GEMM inputs are not shipped (2 x 64 MiB): runner and peers generate the
same values, A[i] = ((i * 2654435761) mod 1000) / 1000 - 0.5 (and B with
i + 7), rounded to nearest even for bf16.

usage: gpu_bench_prepare.py BINDIR SRC DATA [CHIP [MODEL_BENCH]]
(BINDIR holds tf-compile; MODEL_BENCH is tfmlir-model-bench, by default
BINDIR/../bench/tfmlir-model-bench.)
"""
import os
import shutil
import subprocess
import sys

GEMM_N = 4096


def gemm_graph(dtype):
    """A GraphDef (text) computing c = MatMul(a, b) for [N,N] placeholders."""
    shape = "shape { dim { size: %d } dim { size: %d } }" % (GEMM_N, GEMM_N)
    ph = ('node { name: "%s" op: "Placeholder" attr { key: "dtype" value { '
          'type: %s } } attr { key: "shape" value { %s } } }\n')
    return (ph % ("a", dtype, shape) + ph % ("b", dtype, shape) +
            'node { name: "c" op: "MatMul" input: "a" input: "b" '
            'attr { key: "T" value { type: %s } } '
            'attr { key: "transpose_a" value { b: false } } '
            'attr { key: "transpose_b" value { b: false } } }\n' % dtype)


def config(feeds, fetch):
    text = ""
    for name, dims in feeds:
        text += 'feed { id { node_name: "%s" } shape { %s } name: "%s" }\n' % (
            name, " ".join("dim { size: %d }" % d for d in dims), name)
    return text + 'fetch { id { node_name: "%s" } name: "y" }\n' % fetch


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    bindir, src, data = sys.argv[1:4]
    chip = sys.argv[4] if len(sys.argv) > 4 else "sm_90"
    bench = sys.argv[5] if len(sys.argv) > 5 else os.path.join(
        os.path.dirname(os.path.abspath(bindir)), "bench",
        "tfmlir-model-bench")
    work = os.path.join(src, "graphs")
    for d in (src, data, work):
        os.makedirs(d, exist_ok=True)
    subprocess.run([bench, "--write-graphs", work], check=True,
                   stdout=subprocess.DEVNULL)
    # name, kind, graph, feeds, fetch, batch, flops
    models = []
    import numpy as np
    # The convnet at batch 64: the Placeholder's shape attr [1,224,224,3]
    # is the byte string below in the .pb (TensorShapeProto dims); the same
    # bytes with 64 keep every length in the file.
    mn = open(os.path.join(work, "mobilenet_v1_0.25.pb"), "rb").read()
    dims = lambda b: (bytes([0x12, 0x02, 0x08, b]) +
                      bytes([0x12, 0x03, 0x08, 0xE0, 0x01]) * 2 +
                      bytes([0x12, 0x02, 0x08, 0x03]))
    if mn.count(dims(1)) != 1:
        sys.exit("mobilenet_v1_0.25.pb: the input shape [1,224,224,3] is "
                 "not where expected")
    with open(os.path.join(work, "mobilenet_v1_0.25-b64.pb"), "wb") as f:
        f.write(mn.replace(dims(1), dims(64)))
    for stem, name, batch in (("mobilenet_v1_0.25", "convnet_b1", 1),
                              ("mobilenet_v1_0.25-b64", "convnet_b64", 64),
                              ("mlp-b1", "mlp_b1", 1), ("mlp", "mlp_b64", 64)):
        base = stem.replace("-b64", "")
        x = np.load(os.path.join(work, base + ".x.npy"))
        x = np.repeat(x, batch // x.shape[0], axis=0)
        info = dict(l.split(None, 1) for l in
                    open(os.path.join(work, base + ".info")).read().splitlines()
                    if l.strip())
        kind = "convnet" if stem.startswith("mobilenet") else "mlp"
        flops = int(info["flops"]) * (batch if base != stem else 1)
        models.append((name, kind, os.path.join(work, stem + ".pb"),
                       [("x", list(x.shape))], info["output"].strip(), batch,
                       flops))
        out = os.path.join(data, name)
        shutil.rmtree(out, ignore_errors=True)
        if base != stem:  # the batch-1 model's weights and image
            os.makedirs(out)
            with open(os.path.join(out, "same_as"), "w") as f:
                f.write(name.replace("b64", "b1") + "\n")
            continue
        shutil.copytree(os.path.join(work, stem), out)
        shutil.copy(os.path.join(work, stem + ".x.npy"),
                    os.path.join(out, "x.npy"))
        shutil.copy(os.path.join(work, stem + ".layers"),
                    os.path.join(out, "layers.txt"))
    for dtype, name in (("DT_FLOAT", "gemm4096_f32"),
                        ("DT_BFLOAT16", "gemm4096_bf16")):
        g = os.path.join(work, name + ".pbtxt")
        with open(g, "w") as f:
            f.write(gemm_graph(dtype))
        models.append((name, "gemm", g, [("a", [GEMM_N] * 2),
                                         ("b", [GEMM_N] * 2)], "c", 1,
                       2 * GEMM_N ** 3))
    includes, entries, lines = "", "", ""
    for name, kind, graph, feeds, fetch, batch, flops in models:
        cfg = os.path.join(work, name + ".config.pbtxt")
        with open(cfg, "w") as f:
            f.write(config(feeds, fetch))
        r = subprocess.run([os.path.join(bindir, "tf-compile"),
                            "--graph=" + graph, "--config=" + cfg,
                            "--cpp_class=gpu_bench::" + name,
                            "--out_header=" + os.path.join(src, name + ".h"),
                            "--out_function_object=" +
                            os.path.join(src, name + ".o"),
                            "--target=cuda", "--gpu_arch=" + chip,
                            "--target_cpu=x86-64"],
                           capture_output=True, text=True)
        if r.returncode:
            sys.exit("tf-compile --target=cuda failed on %s:\n%s" %
                     (name, r.stderr))
        head = open(os.path.join(src, name + ".h")).read().splitlines()[1]
        print("%s: %s" % (name, head[3:]))
        includes += '#include "%s.h"\n' % name
        entries += ('  {"%s", "%s", %d, %d, [] { return std::unique_ptr<'
                    'tfmlir::gpu::CompiledGpuFunction>(new gpu_bench::%s); '
                    '}},\n' % (name, kind, batch, flops, name))
        lines += "%s %s %d %d\n" % (name, kind, batch, flops)
    with open(os.path.join(src, "bench_models.inc"), "w") as f:
        f.write("// Generated by test/gpu/gpu_bench_prepare.py.\n" + includes +
                "const BenchModel kModels[] = {\n" + entries + "};\n")
    with open(os.path.join(data, "models.txt"), "w") as f:
        f.write(lines)
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
