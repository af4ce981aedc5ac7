#!/usr/bin/python3
"""bench/peers/run_peers.py - tfmlir against other CPU engines, side by side.

Issue 11 section 5. Not a test (ctest never runs it). Needs the peers that
bench/peers/setup_peers.sh installs outside the repo, and a build with
tf-run, tfmlir-model-bench and clang-22.

Models (written by `tfmlir-model-bench --write-graphs`: frozen GraphDefs
with fixed LCG weights, the weights and inputs as .npy): MobileNetV1 1.0 and
0.25 and MobileNetV2 1.0 (1x224x224x3), the MLP 784-1024-1024-10 at batch 1 and 64, MatMul
256/1024/2048^3 f32. The same network (same weights, TF's SAME padding, NHWC
input) is built in PyTorch and exported with torch.onnx.export for
onnxruntime and OpenCV DNN.

Engines: tfmlir (tf-run --benchmark --threads T), onnxruntime-node
(intraOpNumThreads T), PyTorch 1.13 (traced, frozen, optimize_for_inference;
set_num_threads T), OpenCV DNN (setNumThreads T; the GraphDef through its TF
importer for MobileNet, the ONNX file otherwise) and, for MatMul and the MLP,
NumPy on OpenBLAS (pthread build, OPENBLAS_NUM_THREADS T; OPENBLAS_CORETYPE
and OPENBLAS_L2_SIZE unset for that command only).

In one run, interleaved: for each round, for each thread count, for each
model, every engine runs RUNS timed iterations after a warm-up; the median
over the rounds' medians is reported, with the ratio to tfmlir (>1: the peer
is slower), GFLOP/s, the % of the FMA peak that fma_peak.c measures at the
same thread count in the same run (FLOPs per thread CPU second summed over
the threads: the cores' peak while they run, not lowered by other load;
engine times are wall times), and the max abs difference between each
engine's output and tfmlir's. Every engine times the same number of runs of
a model: at least --runs, and enough that one measurement of it lasts about
--min-ms (from one calibration run of tfmlir at 1 thread), so the sub-ms
models are not judged on a handful of runs.

usage: bench/peers/run_peers.py [--build DIR] [--peers DIR] [--rounds R]
                                [--runs N] [--min-ms MS] [--threads 1,2]
                                [--models a,b]
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
MODELS = ["mobilenet_v1_1.0", "mobilenet_v1_0.25", "mobilenet_v2_1.0",
          "mlp-b1", "mlp",
          "matmul_256", "matmul_1024", "matmul_2048"]


def read_layers(work, stem):
    with open(os.path.join(work, stem + ".layers")) as f:
        return [l.split() for l in f if l.strip()]


def read_info(work, stem):
    info = {}
    with open(os.path.join(work, stem + ".info")) as f:
        for line in f:
            k, v = line.split()
            info[k] = v
    return int(info["flops"]), info["output"]


def inputs_of(work, stem):
    """Placeholder name -> .npy path, in GraphDef order (x, or a and b)."""
    names = ["a", "b"] if stem.startswith("matmul") else ["x"]
    return [(n, os.path.join(work, "%s.%s.npy" % (stem, n))) for n in names]


def build_torch(work, stem):
    """The model as a torch.nn.Module taking the same (NHWC) inputs."""
    import torch
    import torch.nn.functional as F

    if stem.startswith("matmul"):
        class MatMul(torch.nn.Module):
            def forward(self, a, b):
                return a @ b
        return MatMul().eval()
    layers = read_layers(work, stem)
    wdir = os.path.join(work, stem)
    x0 = np.load(inputs_of(work, stem)[0][1])

    def w(name):
        return torch.from_numpy(np.load(os.path.join(wdir, name + ".npy")))

    class Net(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.ops = []
            hw = x0.shape[1] if x0.ndim == 4 else None
            self.params = torch.nn.ParameterList()
            for l in layers:
                if l[0] == "conv":
                    k, s, dw = int(l[3]), int(l[4]), l[5] == "1"
                    kern = w(l[1]).numpy()
                    if dw:  # HW(C,1) -> (C,1,H,W)
                        t = torch.from_numpy(kern.transpose(2, 3, 0, 1).copy())
                    else:  # HWIO -> OIHW
                        t = torch.from_numpy(kern.transpose(3, 2, 0, 1).copy())
                    out = -(-hw // s)
                    total = max((out - 1) * s + k - hw, 0)
                    pad = (total // 2, total - total // 2)
                    hw = out
                    self.params.append(torch.nn.Parameter(t, False))
                    self.params.append(torch.nn.Parameter(w(l[2]), False))
                    self.ops.append(("conv", len(self.params) - 2, s, dw, pad,
                                     l[6]))
                elif l[0] in ("mean", "save", "add"):
                    self.ops.append((l[0],))
                elif l[0] == "dense":
                    self.params.append(torch.nn.Parameter(w(l[1]).t().contiguous(), False))
                    self.params.append(torch.nn.Parameter(w(l[2]), False))
                    self.ops.append(("dense", len(self.params) - 2, l[3]))

        def forward(self, x):
            if x.dim() == 4:
                x = x.permute(0, 3, 1, 2)
            for op in self.ops:
                if op[0] == "conv":
                    _, i, s, dw, pad, act = op
                    kern, bias = self.params[i], self.params[i + 1]
                    if pad[0] != pad[1]:
                        x = F.pad(x, (pad[0], pad[1], pad[0], pad[1]))
                        p = 0
                    else:
                        p = pad[0]
                    x = F.conv2d(x, kern, bias, s, p, 1,
                                 kern.shape[0] if dw else 1)
                    if act == "relu6":
                        x = torch.clamp(x, 0.0, 6.0)
                    elif act == "relu":
                        x = torch.relu(x)
                elif op[0] == "save":  # a residual block's input
                    saved = x
                elif op[0] == "add":
                    x = x + saved
                elif op[0] == "mean":
                    x = x.mean((2, 3))
                else:
                    _, i, act = op
                    x = F.linear(x, self.params[i], self.params[i + 1])
                    if act == "relu":
                        x = torch.relu(x)
            return x
    return Net().eval()


def median_ms(fn, runs):
    t0 = time.perf_counter()
    fn()  # warm-up
    warm = (time.perf_counter() - t0) * 1e3
    # Slow engines (e.g. on the reference BLAS) get fewer runs (>= 3).
    runs = min(runs, max(3, int(5000 / max(warm, 1e-3))))
    ts = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        ts.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(ts)


class Engines:
    def __init__(self, args, work):
        self.args, self.work = args, work
        self.torch_models, self.cv_nets, self.onnx = {}, {}, {}
        self.outputs = {}
        self.model_runs = {}

    def runs(self, stem):
        """Timed iterations per measurement of STEM for every engine: at
        least --runs, and enough that one measurement lasts about --min-ms
        (set by calibrate()); 10 runs of a 0.05 ms model are over before
        the second thread or the caches have settled."""
        return self.model_runs.get(stem, self.args.runs)

    def calibrate(self, stem):
        """Times STEM once on tfmlir at 1 thread and sets runs(stem)."""
        ms = self.tfmlir(stem, 1)[0]
        self.model_runs[stem] = int(min(5000, max(
            self.args.runs, -(-self.args.min_ms // max(ms, 1e-3)))))

    def prepare(self, stem):
        import torch
        ins = [torch.from_numpy(np.load(p)) for _, p in inputs_of(self.work, stem)]
        model = build_torch(self.work, stem)
        onnx_path = os.path.join(self.work, stem + ".onnx")
        names = [n for n, _ in inputs_of(self.work, stem)]
        with torch.no_grad():
            torch.onnx.export(model, tuple(ins), onnx_path, input_names=names,
                              output_names=["y"], opset_version=13)
            traced = torch.jit.freeze(torch.jit.trace(model, tuple(ins)))
            try:
                traced = torch.jit.optimize_for_inference(traced)
            except RuntimeError as e:  # keep the frozen module
                print("# pytorch optimize_for_inference failed on %s: %s" %
                      (stem, str(e).splitlines()[0]))
        self.torch_models[stem] = (traced, ins)
        self.onnx[stem] = onnx_path
        try:
            import cv2
            # OpenCV DNN on the frozen GraphDef itself where its TF importer
            # takes it (the convolution nets; its ONNX importer refuses the
            # Pad that TF's asymmetric SAME padding needs), else the ONNX.
            if stem.startswith("mobilenet"):
                self.cv_nets[stem] = cv2.dnn.readNetFromTensorflow(
                    os.path.join(self.work, stem + ".pb"))
            else:
                self.cv_nets[stem] = cv2.dnn.readNetFromONNX(onnx_path)
        except Exception as e:  # noqa: BLE001 - report and go on
            print("# opencv cannot load %s: %s" % (stem, str(e).splitlines()[0]
                                                   if str(e) else type(e)))

    def tfmlir(self, stem, threads):
        out = os.path.join(self.work, "out-tfmlir-%s-%d" % (stem, threads))
        os.makedirs(out, exist_ok=True)
        _, output = read_info(self.work, stem)
        cmd = [os.path.join(self.args.build, "bin", "tf-run"), "--graph",
               os.path.join(self.work, stem + ".pb"), "--output", output,
               "--output-dir", out, "--benchmark", str(self.runs(stem)),
               "--threads", str(threads)]
        for n, p in inputs_of(self.work, stem):
            cmd += ["--input", "%s=%s" % (n, p)]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode:
            raise RuntimeError(r.stderr)
        m = re.search(r"median ([0-9.]+) ms", r.stderr)
        mem = re.search(r"# memory: (.*)", r.stderr)
        y = np.load(os.path.join(out, output + ".npy"))
        return float(m.group(1)), y, mem.group(1) if mem else ""

    def ort(self, stem, threads):
        out = os.path.join(self.work, "out-ort-%s-%d.bin" % (stem, threads))
        cmd = ["node", os.path.join(HERE, "ort_bench.js"), self.onnx[stem],
               str(threads), str(self.runs(stem)), out]
        cmd += ["%s=%s" % (n, p) for n, p in inputs_of(self.work, stem)]
        env = dict(os.environ, NODE_PATH=os.path.join(self.args.peers, "ort",
                                                      "node_modules"))
        r = subprocess.run(cmd, capture_output=True, text=True, env=env)
        if r.returncode:
            raise RuntimeError(r.stderr.strip().splitlines()[-1])
        return json.loads(r.stdout)["median_ms"], np.fromfile(out, np.float32)

    @staticmethod
    def on_reference_blas(stem):
        """Debian's PyTorch and OpenCV use the reference libblas.so.3 here:
        MatMul 1024^3 and 2048^3 would take minutes per run on them."""
        return stem in ("matmul_1024", "matmul_2048")

    def torch(self, stem, threads):
        if self.on_reference_blas(stem):
            raise RuntimeError("skipped (reference BLAS)")
        import torch
        torch.set_num_threads(threads)
        model, ins = self.torch_models[stem]
        with torch.no_grad():
            ms = median_ms(lambda: model(*ins), self.runs(stem))
            return ms, model(*ins).numpy()

    def opencv(self, stem, threads):
        if self.on_reference_blas(stem):
            raise RuntimeError("skipped (reference BLAS)")
        import cv2
        if stem not in self.cv_nets:
            raise RuntimeError("not loaded")
        cv2.setNumThreads(threads)
        net = self.cv_nets[stem]
        ins = [(n, np.load(p)) for n, p in inputs_of(self.work, stem)]

        if stem.startswith("mobilenet"):  # the TF importer takes NCHW blobs
            ins = [(n, np.ascontiguousarray(v.transpose(0, 3, 1, 2)))
                   for n, v in ins]

        def run():
            for n, v in ins:
                net.setInput(v, n)
            return net.forward()
        return median_ms(run, self.runs(stem)), run()

    def openblas(self, stem, threads):
        if not (stem.startswith("matmul") or stem.startswith("mlp")):
            raise RuntimeError("n/a")
        lib = os.path.join(self.args.peers, "openblas", "usr", "lib",
                           "x86_64-linux-gnu", "openblas-pthread")
        env = dict(os.environ, LD_LIBRARY_PATH=lib,
                   OPENBLAS_NUM_THREADS=str(threads))
        env.pop("OPENBLAS_CORETYPE", None)
        env.pop("OPENBLAS_L2_SIZE", None)
        out = os.path.join(self.work, "out-blas-%s-%d.npy" % (stem, threads))
        code = OPENBLAS_SCRIPT % dict(work=self.work, stem=stem,
                                      runs=self.runs(stem), out=out)
        r = subprocess.run(["/usr/bin/python3", "-c", code], capture_output=True,
                           text=True, env=env)
        if r.returncode:
            raise RuntimeError(r.stderr.strip().splitlines()[-1])
        return float(r.stdout.split()[-1]), np.load(out)


OPENBLAS_SCRIPT = r'''
import numpy as np, os, statistics, time
work, stem = %(work)r, %(stem)r
if stem.startswith("matmul"):
    a = np.load(os.path.join(work, stem + ".a.npy"))
    b = np.load(os.path.join(work, stem + ".b.npy"))
    f = lambda: a @ b
else:
    x = np.load(os.path.join(work, stem + ".x.npy"))
    L = [np.load(os.path.join(work, stem, n + ".npy")) for n in
         ("w0", "b0", "w1", "b1", "w2", "b2")]
    def f():
        h = np.maximum(x @ L[0] + L[1], 0)
        h = np.maximum(h @ L[2] + L[3], 0)
        return h @ L[4] + L[5]
f()
ts = []
for _ in range(%(runs)d):
    t0 = time.perf_counter(); f(); ts.append((time.perf_counter() - t0) * 1e3)
np.save(%(out)r, f())
print(statistics.median(ts))
'''


def fma_peak(args, threads):
    exe = os.path.join(args.peers, "fma_peak")
    if not os.path.exists(exe):
        subprocess.run(["clang-22", "-O2", "-march=native", "-pthread",
                        os.path.join(HERE, "fma_peak.c"), "-o", exe], check=True)
    r = subprocess.run([exe, str(threads), "0.5"], capture_output=True,
                       text=True, check=True)
    return float(r.stdout.split()[1])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(REPO, "build"))
    ap.add_argument("--peers", default=os.environ.get("PEERS_DIR",
                                                      "/tmp/tfmlir-peers"))
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--min-ms", type=float, default=200.0,
                    help="each measurement runs at least this long (more "
                    "runs than --runs for small models)")
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--models", default=",".join(MODELS))
    args = ap.parse_args()
    work = os.path.join(args.peers, "work")
    os.makedirs(work, exist_ok=True)
    subprocess.run([os.path.join(args.build, "bench", "tfmlir-model-bench"),
                    "--write-graphs", work], check=True,
                   stdout=subprocess.DEVNULL)
    threads = [int(t) for t in args.threads.split(",")]
    models = args.models.split(",")
    eng = Engines(args, work)
    for stem in models:
        eng.prepare(stem)
        eng.calibrate(stem)
        print("# %s: %d runs per measurement" % (stem, eng.runs(stem)),
              file=sys.stderr)
    names = ["tfmlir", "onnxruntime", "pytorch", "opencv", "openblas"]
    fns = {"tfmlir": eng.tfmlir, "onnxruntime": eng.ort, "pytorch": eng.torch,
           "opencv": eng.opencv, "openblas": eng.openblas}
    times = {}   # (stem, t, engine) -> [ms per round]
    diffs = {}   # (stem, t, engine) -> max abs diff to tfmlir
    peaks = {t: [] for t in threads}
    mem = {}
    for r in range(args.rounds):
        for t in threads:
            peaks[t].append(fma_peak(args, t))
            for stem in models:
                ref = None
                for e in names:
                    try:
                        res = fns[e](stem, t)
                    except Exception as ex:  # noqa: BLE001 - engine n/a
                        msg = str(ex).strip().splitlines()
                        diffs.setdefault((stem, t, e), "n/a: " +
                                         (msg[-1][:80] if msg else "error"))
                        continue
                    ms, y = res[0], np.asarray(res[1], np.float32).ravel()
                    if e == "tfmlir":
                        ref = y
                        mem[(stem, t)] = res[2]
                    times.setdefault((stem, t, e), []).append(ms)
                    print("# round %d: %s, %d thread(s), %s: %.3f ms" %
                          (r + 1, stem, t, e, ms), file=sys.stderr, flush=True)
                    if ref is not None and ref.size == y.size:
                        d = float(np.max(np.abs(ref - y))) if y.size else 0.0
                        prev = diffs.get((stem, t, e))
                        diffs[(stem, t, e)] = max(d, prev) if isinstance(
                            prev, float) else d
        print("# round %d/%d done" % (r + 1, args.rounds), file=sys.stderr)

    print("# FMA peak measured here (fma_peak.c, median of %d): %s" % (
        args.rounds, ", ".join("%d thread(s) %.1f GFLOP/s" % (
            t, statistics.median(peaks[t])) for t in threads)))
    print("| model | threads | engine | median ms | vs tfmlir | GFLOP/s | "
          "% of FMA peak | max abs diff to tfmlir |")
    print("|---|---|---|---|---|---|---|---|")
    for stem in models:
        flops, _ = read_info(work, stem)
        for t in threads:
            peak = statistics.median(peaks[t])
            base = times.get((stem, t, "tfmlir"))
            base = statistics.median(base) if base else None
            for e in names:
                ts = times.get((stem, t, e))
                if not ts:
                    d = diffs.get((stem, t, e), "n/a")
                    print("| %s | %d | %s | %s | | | | |" % (stem, t, e, d))
                    continue
                ms = statistics.median(ts)
                g = flops / ms / 1e6
                ratio = "%.2fx" % (ms / base) if base else "-"
                d = diffs.get((stem, t, e), "")
                d = "%.3g" % d if isinstance(d, float) else d
                print("| %s | %d | %s | %.3f | %s | %.1f | %.0f%% | %s |" % (
                    stem, t, e, ms, ratio, g, 100 * g / peak, d))
    print("\n# tfmlir memory (tf-run --benchmark):")
    for (stem, t), m in sorted(mem.items()):
        print("#  %s, %d thread(s): %s" % (stem, t, m))


if __name__ == "__main__":
    main()
