#!/usr/bin/python3
"""bench/peers/run_lite_peers.py - tflite-run against LiteRT.js, side by side.

Issue 12 section 2. Not a test (ctest never runs it). Needs a build with
tflite-run, node, and LiteRT.js (npm @litertjs/core, which
bench/peers/setup_peers.sh installs into $PEERS_DIR/litert).

Models: float .tflite files given with --model (repeatable); by default the
three MediaPipe models of the corpus (face_detection_short_range,
face_landmark, selfie_segmentation_landscape, under --corpus) and, with
--mobilenet-pb, MobileNetV1 1.0 converted by tf-convert from that frozen
GraphDef (tfmlir-model-bench --write-graphs writes one).

Input 0 of each model: a fixed ramp in [0, 1) (float32, the model's shape;
other inputs zero). Engines: tflite-run (--benchmark RUNS --threads T, T in
--threads) and LiteRT.js (bench/peers/litert_bench.mjs: its single-threaded
XNNPACK 'wasm' build in node). In one run, interleaved: per round, per model,
tflite-run at each thread count then LiteRT.js. Reported: the median over
the rounds' medians, the ratio tflite-run / LiteRT.js (< 1: tflite-run is
faster), the 2-thread gain, the FMA peak fma_peak.c measures at 1 and 2
threads in the same run, and the max abs difference of output 0 between the
engines (relative to max |output|).

usage: bench/peers/run_lite_peers.py [--build DIR] [--peers DIR] [--corpus DIR]
          [--mobilenet-pb FILE] [--model FILE]... [--rounds R] [--runs N]
          [--threads 1,2]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from run_peers import fma_peak  # noqa: E402 - the same FMA peak measurement

REPO = os.path.dirname(os.path.dirname(HERE))
MEDIAPIPE = [
    "npm/mediapipe_face_detection-0.4.1657300184/face_detection_short_range.tflite",
    "npm/mediapipe_face_mesh-0.4.1657299874/face_landmark.tflite",
    "npm/mediapipe_selfie_segmentation-0.1.1675465747/"
    "selfie_segmentation_landscape.tflite",
]


def input_shape(tflite_run, model):
    """Input 0's shape, from tflite-run's note on a zero-filled input."""
    r = subprocess.run([tflite_run, "--model", model, "--benchmark", "1"],
                       capture_output=True, text=True)
    m = re.search(r"not given; using zeros \[([0-9,]*)\]", r.stderr)
    if not m:
        raise RuntimeError("cannot tell the input shape of %s: %s" %
                           (model, r.stderr.strip()[-200:]))
    return [int(d) for d in m.group(1).split(",") if d]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(REPO, "build"))
    ap.add_argument("--peers", default=os.environ.get("PEERS_DIR",
                                                      "/tmp/tfmlir-peers"))
    ap.add_argument("--corpus", default=os.path.join(REPO, "..", "shared",
                                                     "corpus"))
    ap.add_argument("--mobilenet-pb")
    ap.add_argument("--model", action="append", default=[])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--runs", type=int, default=100)
    ap.add_argument("--threads", default="1,2")
    args = ap.parse_args()
    bindir = os.path.join(args.build, "bin")
    tflite_run = os.path.join(bindir, "tflite-run")
    work = os.path.join(args.peers, "work-lite")
    os.makedirs(work, exist_ok=True)
    models = list(args.model)
    if not models:
        models = [os.path.join(args.corpus, m) for m in MEDIAPIPE]
    if args.mobilenet_pb:
        out = os.path.join(work, "mobilenet_v1_1.0.tflite")
        subprocess.run([os.path.join(bindir, "tf-convert"), "--graph-def-file",
                        args.mobilenet_pb, "--input-arrays", "x",
                        "--input-shapes", "1,224,224,3", "--output-arrays",
                        "logits", "--output", out], check=True,
                       stdout=subprocess.DEVNULL)
        models.append(out)
    threads = [int(t) for t in args.threads.split(",")]
    litert_js = os.path.join(HERE, "litert_bench.mjs")
    litert_dir = os.path.join(args.peers, "litert")
    inputs = {}
    for m in models:
        shape = input_shape(tflite_run, m)
        n = int(np.prod(shape))
        x = (np.arange(n, dtype=np.float64) * 37 % 101 / 101.0).astype(
            np.float32).reshape(shape)
        p = os.path.join(work, os.path.basename(m) + ".in.npy")
        np.save(p, x)
        inputs[m] = p

    times, diffs, peaks = {}, {}, {t: [] for t in threads}
    for r in range(args.rounds):
        for t in threads:
            peaks[t].append(fma_peak(args, t))
        for m in models:
            stem = os.path.basename(m)
            ours = None
            for t in threads:
                out = os.path.join(work, "%s.tfmlir.%d.npy" % (stem, t))
                res = subprocess.run(
                    [tflite_run, "--model", m, "--input", "0=" + inputs[m],
                     "--output", "0:" + out, "--benchmark", str(args.runs),
                     "--threads", str(t)], capture_output=True, text=True)
                med = re.search(r"median_us=([0-9.]+)", res.stderr + res.stdout)
                if res.returncode or not med:
                    sys.exit("tflite-run failed on %s: %s" % (m, res.stderr))
                times.setdefault((stem, "tflite-run", t), []).append(
                    float(med.group(1)) / 1e3)
                ours = np.load(out).astype(np.float64).ravel()
            out = os.path.join(work, stem + ".litert.f32")
            res = subprocess.run(
                ["node", "--experimental-wasm-relaxed-simd", litert_js,
                 litert_dir, m, str(args.runs), inputs[m], out],
                capture_output=True, text=True)
            med = re.search(r"median_ms=([0-9.]+)", res.stdout)
            if res.returncode or not med:
                print("# LiteRT.js failed on %s: %s" % (stem, (res.stderr or
                      res.stdout).strip()[-300:]), file=sys.stderr)
                continue
            times.setdefault((stem, "LiteRT.js", 1), []).append(
                float(med.group(1)))
            theirs = np.fromfile(out, np.float32).astype(np.float64)
            if theirs.size == ours.size:
                scale = max(1.0, float(np.max(np.abs(ours))))
                diffs[stem] = float(np.max(np.abs(ours - theirs))) / scale
            else:
                diffs[stem] = "output sizes differ (%d vs %d)" % (ours.size,
                                                                  theirs.size)
            print("# round %d: %s done" % (r + 1, stem), file=sys.stderr,
                  flush=True)

    print("# FMA peak (fma_peak.c, median of %d): %s" % (args.rounds, ", ".join(
        "%d thread(s) %.1f GFLOP/s" % (t, statistics.median(peaks[t]))
        for t in threads)))
    print("| model | tflite-run 1 thread ms | tflite-run 2 threads ms | "
          "LiteRT.js (wasm, 1 thread) ms | ratio 1 thread | 2-thread gain | "
          "max diff / max abs |")
    print("|---|---|---|---|---|---|---|")
    for m in models:
        stem = os.path.basename(m)
        med = {k[1:]: statistics.median(v) for k, v in times.items()
               if k[0] == stem}
        one = med.get(("tflite-run", 1))
        two = med.get(("tflite-run", 2))
        lrt = med.get(("LiteRT.js", 1))
        d = diffs.get(stem, "n/a")
        print("| %s | %s | %s | %s | %s | %s | %s |" % (
            stem.replace(".tflite", ""),
            "%.3f" % one if one else "-", "%.3f" % two if two else "-",
            "%.3f" % lrt if lrt else "-",
            "%.2fx" % (one / lrt) if one and lrt else "-",
            "%.2fx" % (one / two) if one and two else "-",
            "%.2g" % d if isinstance(d, float) else d))


if __name__ == "__main__":
    main()
