"""Runs the converted tf-convert-lrn model with tflite-run (twice: the two
results must be identical) and compares it with TF's LRN computed in
float64 NumPy: x / (bias + alpha * sqr_sum)^beta, sqr_sum over the channels
[d - r, d + r]. Tolerance: abs 1e-6 + rel 1e-5 (float32 kernel).

usage: check_lrn.py TFLITE_RUN MODEL TMPDIR
"""
import os
import subprocess
import sys

import numpy as np

run, model, tmp = sys.argv[1:4]
os.makedirs(tmp, exist_ok=True)
x = np.random.default_rng(0).uniform(-3, 3, (2, 3, 4, 7)).astype(np.float32)
np.save(os.path.join(tmp, "x.npy"), x)
# (output, depth_radius, bias, alpha, beta) as in tf-convert-lrn.pbtxt.
cases = [("lrn_a", 2, 1.5, 0.3, 0.75), ("lrn_b", 5, 1.0, 1.0, 0.5)]


def invoke():
    args = [run, "--model", model, "--input", "x=" + os.path.join(tmp, "x.npy")]
    for o, *_ in cases:
        args += ["--output", "%s:%s" % (o, os.path.join(tmp, o + ".npy"))]
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
    return {o: np.load(os.path.join(tmp, o + ".npy")) for o, *_ in cases}


got, again = invoke(), invoke()
x64 = x.astype(np.float64)
for o, r, bias, alpha, beta in cases:
    c = x.shape[-1]
    s = np.zeros_like(x64)
    for d in range(c):
        s[..., d] = (x64[..., max(0, d - r):min(c, d + r + 1)] ** 2).sum(-1)
    want = x64 / (bias + alpha * s) ** beta
    assert got[o].dtype == np.float32 and got[o].shape == x.shape, (o, got[o].shape)
    assert got[o].tobytes() == again[o].tobytes(), o + ": two runs differ"
    err = np.abs(got[o] - want) - (1e-6 + 1e-5 * np.abs(want))
    assert (err <= 0).all(), (o, float(err.max()))
print("lrn OK:", ", ".join(o for o, *_ in cases))
