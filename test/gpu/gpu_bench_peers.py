#!/usr/bin/env python3
"""The bench table of scripts/gpu-check.sh: tfmlir vs PyTorch vs JAX on one GPU.

usage: gpu_bench_peers.py DATA OUT [--runs N] [--device cuda|cpu]
                          [--models a,b]

DATA is the bundle's bench folder (test/gpu/gpu_bench_prepare.py: models.txt,
the convnet's and MLPs' weights, layers and input), OUT the folder where
tfmlir-gpu-bench wrote tfmlir.txt (its `bench <model> run_ms .. kernel_ms
..` lines) and each model's result 0 (<model>.bin). For every model this
builds the same network in PyTorch (bench/peers/run_peers.py's build_torch:
the same weights, TF's SAME padding, NHWC input) and in JAX (lax.conv with
TF's SAME, NHWC/HWIO), runs both on the GPU with the same input, times
RUNS calls after a warm-up (medians; torch.cuda.synchronize /
block_until_ready; inputs and weights already on the device, as tfmlir's
kernel_ms), and compares tfmlir's output with PyTorch's (max abs difference
over max abs). f32 matmuls run without TF32 in both peers (as tfmlir's
kernels). Prints one markdown table; exit status 1 when a model's output
differs by more than 1e-3 relative (2e-2 for bf16) or tfmlir failed.
--device cpu runs the peers on the CPU (to try the script without a GPU).
"""
import argparse
import os
import statistics
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "bench", "peers"))

GEMM_N = 4096


def gemm_inputs(bf16):
    """gpu_bench_prepare.py's A and B (as float32; bf16 rounding by torch)."""
    i = np.arange(GEMM_N * GEMM_N, dtype=np.uint64)
    a = ((i * np.uint64(2654435761)) % np.uint64(1000)).astype(np.float32)
    b = (((i + np.uint64(7)) * np.uint64(2654435761)) % np.uint64(1000)
         ).astype(np.float32)
    a = (a / 1000.0 - 0.5).astype(np.float32).reshape(GEMM_N, GEMM_N)
    b = (b / 1000.0 - 0.5).astype(np.float32).reshape(GEMM_N, GEMM_N)
    return a, b


def model_dir(data, name):
    d = os.path.join(data, name)
    same = os.path.join(d, "same_as")
    if os.path.exists(same):
        d = os.path.join(data, open(same).read().strip())
    return d


def layers_work(work, data, name):
    """The model's folder in run_peers.py's layout (<stem>.layers, <stem>/
    and <stem>.x.npy, as links in `work`) for build_torch; returns stem."""
    d = os.path.abspath(model_dir(data, name))
    stem = os.path.basename(d)
    for link, target in ((stem + ".layers", os.path.join(d, "layers.txt")),
                         (stem, d), (stem + ".x.npy",
                                     os.path.join(d, "x.npy"))):
        if not os.path.lexists(os.path.join(work, link)):
            os.symlink(target, os.path.join(work, link))
    return stem


def jax_model(data, name):
    """The network of layers.txt in JAX: f(x) with the weights closed over."""
    import jax.numpy as jnp
    from jax import lax
    d = model_dir(data, name)
    layers = [l.split() for l in open(os.path.join(d, "layers.txt"))
              if l.strip()]
    w = lambda n: jnp.asarray(np.load(os.path.join(d, n + ".npy")))
    ops = []
    for l in layers:
        if l[0] == "conv":
            k, b = w(l[1]), w(l[2])
            s, dw = int(l[4]), l[5] == "1"
            if dw:  # TF's [H,W,C,1] -> HWIO with feature_group_count = C
                k = jnp.transpose(k, (0, 1, 3, 2))
            ops.append(("conv", k, b, s, dw, l[6]))
        elif l[0] == "dense":
            ops.append(("dense", w(l[1]), w(l[2]), l[3]))
        else:
            ops.append((l[0],))

    def f(x):
        saved = None
        for op in ops:
            if op[0] == "conv":
                _, k, b, s, dw, act = op
                x = lax.conv_general_dilated(
                    x, k, (s, s), "SAME",
                    dimension_numbers=("NHWC", "HWIO", "NHWC"),
                    feature_group_count=x.shape[-1] if dw else 1) + b
                if act == "relu6":
                    x = jnp.clip(x, 0.0, 6.0)
                elif act == "relu":
                    x = jnp.maximum(x, 0.0)
            elif op[0] == "save":
                saved = x
            elif op[0] == "add":
                x = x + saved
            elif op[0] == "mean":
                x = jnp.mean(x, axis=(1, 2))
            else:
                _, wt, b, act = op
                x = x @ wt + b
                if act == "relu":
                    x = jnp.maximum(x, 0.0)
        return x
    return f


def median_ms(fn, sync, runs):
    fn()
    sync()
    ts = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        sync()
        ts.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(ts)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data")
    ap.add_argument("out")
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--device", default="cuda")
    ap.add_argument("--models", help="comma-separated subset of models.txt")
    a = ap.parse_args()
    ours = {}
    for line in open(os.path.join(a.out, "tfmlir.txt")):
        p = line.split()
        if len(p) >= 3 and p[0] == "bench":
            if p[2] == "error":
                ours[p[1]] = {"error": " ".join(p[3:])}
            else:
                ours[p[1]] = {"run_ms": float(p[3]), "kernel_ms": float(p[5])}
    models = [l.split() for l in open(os.path.join(a.data, "models.txt"))
              if l.strip()]
    if a.models:
        models = [m for m in models if m[0] in a.models.split(",")]

    import torch
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    dev = torch.device(a.device)
    tsync = (lambda: torch.cuda.synchronize()) if a.device == "cuda" else (
        lambda: None)
    try:
        import jax
        import jax.numpy as jnp
        jax.config.update("jax_default_matmul_precision", "highest")
        jdev = [d for d in jax.devices() if d.platform == ("gpu" if a.device
                                                            == "cuda" else
                                                            "cpu")][0]
    except Exception as e:  # noqa: BLE001 - report and go on
        print("# JAX not available: %s" % str(e).splitlines()[0])
        jax = None
    from run_peers import build_torch

    rows, bad = [], 0
    tmp = tempfile.TemporaryDirectory(prefix="gpu-bench-")
    work = tmp.name
    for name, kind, batch, flops in models:
        batch, flops = int(batch), int(flops)
        bf16 = name.endswith("bf16")
        if kind == "gemm":
            a32, b32 = gemm_inputs(bf16)
            tdt = torch.bfloat16 if bf16 else torch.float32
            ta = torch.from_numpy(a32).to(dev).to(tdt)
            tb = torch.from_numpy(b32).to(dev).to(tdt)
            tfn = lambda: ta @ tb
            if jax:
                jdt = jnp.bfloat16 if bf16 else jnp.float32
                ja = jax.device_put(jnp.asarray(a32, jdt), jdev)
                jb = jax.device_put(jnp.asarray(b32, jdt), jdev)
                jf = jax.jit(lambda x, y: x @ y)
                jfn = lambda: jf(ja, jb).block_until_ready()
        else:
            stem = layers_work(work, a.data, name)
            x = np.load(os.path.join(model_dir(a.data, name), "x.npy"))
            x = np.repeat(x, batch // x.shape[0], axis=0)
            net = build_torch(work, stem).to(dev)
            tx = torch.from_numpy(x).to(dev)
            tfn = lambda: net(tx)
            if jax:
                jf = jax.jit(jax_model(a.data, name))
                jx = jax.device_put(jnp.asarray(x), jdev)
                jfn = lambda: jf(jx).block_until_ready()
        with torch.no_grad():
            t_ms = median_ms(tfn, tsync, a.runs)
            ref = tfn().float().cpu().numpy()
        j_ms = median_ms(jfn, lambda: None, a.runs) if jax else None
        o = ours.get(name, {"error": "no result line"})
        diff = "n/a"
        if "error" not in o:
            got = np.fromfile(os.path.join(a.out, name + ".bin"),
                              np.uint16 if bf16 else np.float32)
            if bf16:
                got = (got.astype(np.uint32) << 16).view(np.float32)
            if got.size != ref.size:
                diff = "size %d vs %d" % (got.size, ref.size)
                bad += 1
            else:
                scale = max(float(np.max(np.abs(ref))), 1e-30)
                d = float(np.max(np.abs(got - ref.ravel()))) / scale
                same_nan = np.array_equal(np.isnan(got), np.isnan(ref.ravel()))
                diff = "%.2e" % d + ("" if same_nan else " (NaN mismatch)")
                bad += d > (2e-2 if bf16 else 1e-3) or not same_nan
        else:
            bad += 1
        rows.append((name, o, t_ms, j_ms, flops, diff))

    print("| model | tfmlir Run() ms | tfmlir kernels ms | PyTorch ms | JAX ms "
          "| kernels vs JAX | kernels vs PyTorch | tfmlir TFLOP/s | max diff "
          "vs PyTorch (rel) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name, o, t_ms, j_ms, flops, diff in rows:
        if "error" in o:
            print("| %s | error: %s | | %.3f | %s | | | | |" % (
                name, o["error"][:80], t_ms,
                "%.3f" % j_ms if j_ms else "n/a"))
            continue
        k = o["kernel_ms"]
        print("| %s | %.3f | %.3f | %.3f | %s | %s | %.2fx | %.2f | %s |" % (
            name, o["run_ms"], k, t_ms, "%.3f" % j_ms if j_ms else "n/a",
            "%.2fx" % (k / j_ms) if j_ms else "n/a", k / t_ms,
            flops / k / 1e9, diff))
    print("# ratios: tfmlir's kernel time over the peer's (<= 1: tfmlir is at "
          "least as fast); Run() adds tfmlir's host<->device copies")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
