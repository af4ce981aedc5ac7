#!/usr/bin/python3
"""bench/lite_int8.py - int8 against float32 in the lite interpreter.

Issue 12 section 2 (goal: int8 >= 1.5x faster than float). Not a test
(ctest never runs it). Three model pairs, each an int8 model and its float
twin:
  - person_detect (corpus tflite_micro, int8); float twin = the same graph
    with dequantized weights (tflite-run --float-copy). Input: zeros.
  - the digits demo (examples/digits/digits.pbtxt): tf-convert float32 and
    --quantize=int8 calibrated on make_digits.py's 64 representative
    images, as scripts/demo.sh; input: its batch of 10 images.
  - MobileNetV1 1.0 224x224 (frozen GraphDef with fixed LCG weights, written
    by `tfmlir-model-bench --write-graphs`): tf-convert float32 and
    --quantize=int8 calibrated on 8 inputs (the benchmark input and 7
    uniform ones in its range); input: the benchmark input.
The int8 models keep float32 inputs and outputs (QUANTIZE / DEQUANTIZE
inside), as tf-convert writes them by default.

In one run, interleaved: for each round, for each thread count, for each
pair, float then int8 run `tflite-run --benchmark RUNS --threads T`; the
table gives the median over the rounds of each run's median Invoke time,
the minimum over all runs, the CPU time per Invoke (the process's user +
system time with RUNS invokes minus one with 1 invoke, divided by RUNS - 1:
on a loaded machine this is the steadier figure at 1 thread; at 2 threads
it sums both threads), and float / int8 ratios of the medians and of the
CPU times. Before timing, the int8 model's outputs are checked bit for bit
against `tflite-run --reference` (the plain reference kernels).

With --baseline TFLITE_RUN (another build's tflite-run, e.g. main's), that
binary runs the same models in the same rounds (after each of ours), and
the table adds its CPU times and speed-up. With --litert DIR (a folder
with node_modules/@litertjs/core, bench/peers/setup_peers.sh), LiteRT.js
(Google's TFLite runtime with XNNPACK in WebAssembly, single-threaded,
run in node by bench/peers/litert_bench.mjs) runs the MobileNet pair in
the same rounds at 1 thread (it takes no int8 inputs, and the digits
model's batch is fixed at 1 there); its output is compared with
tflite-run's (float: max abs difference; int8: in output steps).

usage: bench/lite_int8.py [--build DIR] [--tools DIR] [--corpus DIR]
          [--mobilenet-pb FILE] [--work DIR] [--rounds R] [--threads 1,2]
          [--baseline TFLITE_RUN] [--litert DIR]
--tools: where tf-convert is (default BUILD/bin); --mobilenet-pb: an
existing mobilenet_v1_1.0.pb (default: BUILD/bench/tfmlir-model-bench
--write-graphs WORK/graphs).
"""
import argparse
import os
import re
import resource
import statistics
import subprocess
import sys

import numpy as np

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        sys.exit(f"lite_int8.py: {' '.join(cmd)} failed:\n{r.stderr[-2000:]}")
    return r


def cpu_seconds_of(cmd):
    """Runs cmd; returns (stdout+stderr, user+sys CPU seconds of the child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = run(cmd)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return r.stdout + r.stderr, cpu


def make_models(args, work):
    """Writes the model pairs into work; returns [(name, float_args, int8_args)]."""
    conv = os.path.join(args.tools, "tf-convert")
    pairs = []
    person = os.path.join(args.corpus,
                          "tflite_micro/tensorflow/lite/micro/models/person_detect.tflite")
    pairs.append(("person_detect", ["--model", person, "--float-copy"],
                  ["--model", person]))

    dig = os.path.join(work, "digits")
    os.makedirs(dig, exist_ok=True)
    graph = os.path.join(REPO, "examples/digits/digits.pbtxt")
    run([sys.executable, os.path.join(REPO, "examples/digits/make_digits.py"),
         "--data", dig, "--graph", graph])
    base = [conv, "--graph-def-file", graph, "--input-arrays", "input",
            "--output-arrays", "probs", "--quiet"]
    run(base + ["--output", os.path.join(dig, "digits.tflite")])
    run(base + ["--output", os.path.join(dig, "digits_int8.tflite"),
                "--quantize=int8", "--representative-data",
                os.path.join(dig, "representative")])
    x = ["--input", "0=" + os.path.join(dig, "images.npy")]
    pairs.append(("digits (batch 10)",
                  ["--model", os.path.join(dig, "digits.tflite")] + x,
                  ["--model", os.path.join(dig, "digits_int8.tflite")] + x))

    pb = args.mobilenet_pb
    if not pb:
        gdir = os.path.join(work, "graphs")
        run([os.path.join(args.build, "bench", "tfmlir-model-bench"),
             "--write-graphs", gdir])
        pb = os.path.join(gdir, "mobilenet_v1_1.0.pb")
    xin = pb[:-len(".pb")] + ".x.npy"
    mob = os.path.join(work, "mobilenet")
    os.makedirs(os.path.join(mob, "rep"), exist_ok=True)
    x0 = np.load(xin)
    rng = np.random.default_rng(0)
    rep = rng.uniform(x0.min(), x0.max(), size=(8,) + x0.shape).astype(np.float32)
    rep[0] = x0
    np.save(os.path.join(mob, "rep", "x.npy"), rep)
    base = [conv, "--graph-def-file", pb, "--input-arrays", "x",
            "--output-arrays", "logits", "--input-shapes",
            ",".join(map(str, x0.shape)), "--quiet"]
    run(base + ["--output", os.path.join(mob, "mobilenet.tflite")])
    run(base + ["--output", os.path.join(mob, "mobilenet_int8.tflite"),
                "--quantize=int8", "--representative-data",
                os.path.join(mob, "rep")])
    x = ["--input", "0=" + xin]
    pairs.append(("MobileNetV1 1.0",
                  ["--model", os.path.join(mob, "mobilenet.tflite")] + x,
                  ["--model", os.path.join(mob, "mobilenet_int8.tflite")] + x))
    return pairs


def check_reference(tflite_run, work, name, margs):
    outs = []
    for i, extra in enumerate([[], ["--reference"]]):
        out = os.path.join(work, f"check{i}.npy")
        run([tflite_run] + margs + ["--output", "0:" + out] + extra)
        outs.append(open(out, "rb").read())
    if outs[0] != outs[1]:
        sys.exit(f"lite_int8.py: {name} int8: optimized output differs from "
                 "--reference")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(REPO, "build"))
    ap.add_argument("--tools")
    ap.add_argument("--corpus", default="/work/shared/corpus")
    ap.add_argument("--mobilenet-pb")
    ap.add_argument("--work", default="/tmp/tfmlir-lite-int8")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--baseline")
    ap.add_argument("--litert")
    args = ap.parse_args()
    args.tools = args.tools or os.path.join(args.build, "bin")
    tflite_run = os.path.join(args.build, "bin", "tflite-run")
    os.makedirs(args.work, exist_ok=True)
    pairs = make_models(args, args.work)
    for name, _, i8 in pairs:
        check_reference(tflite_run, args.work, name, i8)
    threads = [int(t) for t in args.threads.split(",")]
    litert_js = os.path.join(REPO, "bench", "peers", "litert_bench.mjs")
    litert_diff = {}

    def litert(kind, margs, n):
        """LiteRT.js on the model of margs: (text, CPU seconds)."""
        model = margs[margs.index("--model") + 1]
        inp = margs[margs.index("--input") + 1].split("=", 1)[1]
        out = os.path.join(args.work, f"litert-{kind}.f32")
        cmd = ["node", "--experimental-wasm-relaxed-simd", litert_js,
               args.litert, model, str(n), inp, out]
        text, c = cpu_seconds_of(cmd)
        ours = os.path.join(args.work, f"ours-{kind}.npy")
        run([tflite_run] + margs + ["--output", "0:" + ours])
        a = np.load(ours).astype(np.float64).ravel()
        b = np.fromfile(out, dtype=np.float32).astype(np.float64)
        diff = float(np.abs(a - b).max()) if a.shape == b.shape else float("nan")
        litert_diff[kind] = (diff, int((a != b).sum()), a.size)
        return text.replace("median_ms=", "median_us=").replace(
            "min_ms=", "min_us="), c
    runs = {"person_detect": 300, "digits (batch 10)": 300,
            "MobileNetV1 1.0": 20}
    med, mn, cpu = {}, {}, {}
    for _ in range(args.rounds):
        for t in threads:
            for name, f32, i8 in pairs:
                kinds = [("float", f32, tflite_run), ("int8", i8, tflite_run)]
                if args.baseline:
                    kinds += [("float-base", f32, args.baseline),
                              ("int8-base", i8, args.baseline)]
                if args.litert and t == 1 and name.startswith("MobileNet"):
                    kinds += [("float-litert", f32, None),
                              ("int8-litert", i8, None)]
                for kind, margs, exe in kinds:
                    n = runs[name]
                    if exe is None:  # LiteRT.js; times in ms, scaled below
                        text, c_n = litert(kind, margs, n)
                        _, c_1 = litert(kind, margs, 1)
                        scale = 1.0
                    else:
                        base = [exe] + margs + ["--threads", str(t)]
                        text, c_n = cpu_seconds_of(base + ["--benchmark", str(n)])
                        _, c_1 = cpu_seconds_of(base + ["--benchmark", "1"])
                        scale = 1000.0
                    m = re.search(r"median_us=([0-9.]+) min_us=([0-9.]+)", text)
                    k = (name, t, kind)
                    med.setdefault(k, []).append(float(m.group(1)) / scale)
                    mn[k] = min(mn.get(k, 1e30), float(m.group(2)) / scale)
                    cpu.setdefault(k, []).append((c_n - c_1) * 1000 / (n - 1))
    with open("/proc/loadavg") as f:
        load = f.read().split()[:3]
    print(f"# {args.rounds} rounds, interleaved; load average {' '.join(load)}"
          " at the end")
    head = ("| model | threads | float median / min (ms) | int8 median / min"
            " (ms) | float / int8 CPU ms per Invoke | speed-up median |"
            " speed-up CPU |")
    rule = "|---|---|---|---|---|---|---|"
    if args.baseline:
        head += " baseline float / int8 CPU ms | baseline speed-up CPU |"
        rule += "---|---|"
    print(head)
    print(rule)
    for t in threads:
        for name, _, _ in pairs:
            f, q = (name, t, "float"), (name, t, "int8")
            fm, qm = statistics.median(med[f]), statistics.median(med[q])
            fc, qc = statistics.median(cpu[f]), statistics.median(cpu[q])
            line = (f"| {name} | {t} | {fm:.3f} / {mn[f]:.3f} | "
                    f"{qm:.3f} / {mn[q]:.3f} | {fc:.3f} / {qc:.3f} | "
                    f"{fm / qm:.2f}x | {fc / qc:.2f}x |")
            if args.baseline:
                bf = statistics.median(cpu[(name, t, "float-base")])
                bq = statistics.median(cpu[(name, t, "int8-base")])
                line += f" {bf:.3f} / {bq:.3f} | {bf / bq:.2f}x |"
            print(line)
            if (name, t, "float-litert") in med:
                f, q = (name, t, "float-litert"), (name, t, "int8-litert")
                fm, qm = statistics.median(med[f]), statistics.median(med[q])
                fc, qc = statistics.median(cpu[f]), statistics.median(cpu[q])
                print(f"| {name}, LiteRT.js (wasm) | {t} | {fm:.3f} / "
                      f"{mn[f]:.3f} | {qm:.3f} / {mn[q]:.3f} | {fc:.3f} / "
                      f"{qc:.3f} | {fm / qm:.2f}x | {fc / qc:.2f}x |"
                      + (" | |" if args.baseline else ""))
    for kind, (diff, ndiff, size) in sorted(litert_diff.items()):
        print(f"# LiteRT.js vs tflite-run, MobileNet {kind.split('-')[0]}: "
              f"max abs difference {diff:.3g}, {ndiff} of {size} outputs differ")


if __name__ == "__main__":
    main()
