"""Runs the converted tf-convert-extra-builtins model with tflite-run and
compares every output with NumPy (float64 where it computes).

usage: check_extra_builtins.py TFLITE_RUN MODEL TMPDIR
Tolerances: ATAN2 2e-7 relative + 1e-7; everything else exact;
RandomUniform: shape, range [0, 1) and determinism for its fixed seeds.
"""
import os
import subprocess
import sys

import numpy as np

run, model, tmp = sys.argv[1:4]
os.makedirs(tmp, exist_ok=True)
rng = np.random.default_rng(0)
feeds = {
    "y": rng.uniform(-2, 2, (2, 3)).astype(np.float32),
    "x": rng.uniform(-2, 2, (2, 3)).astype(np.float32),
    "a": np.array([1, 1, 7, -5], np.int32),
    "b": np.array([3, -1, 7, 12], np.int32),
    "s0": np.array([2, 1, 3], np.int32),
    "s1": np.array([4, 1], np.int32),
}
feeds["x"][0, 0] = -0.0
args = [run, "--model", model]
for k, v in feeds.items():
    p = os.path.join(tmp, k + ".npy")
    np.save(p, v)
    args += ["--input", f"{k}={p}"]
outs = ["atan", "xor", "bc", "msd", "rs", "uq", "uq:1", "ba", "ru"]
for o in outs:
    args += ["--output", f"{o}:{os.path.join(tmp, o.replace(':', '_') + '.npy')}"]


def load(o):
    return np.load(os.path.join(tmp, o.replace(":", "_") + ".npy"))


def invoke():
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
    return {o: load(o) for o in outs}


got = invoke()
y, x, a, b = feeds["y"], feeds["x"], feeds["a"], feeds["b"]
want_atan = np.arctan2(y.astype(np.float64), x.astype(np.float64))
assert np.allclose(got["atan"], want_atan, rtol=2e-7, atol=1e-7), got["atan"]
assert np.array_equal(got["xor"], a ^ b), got["xor"]
assert got["bc"].dtype == np.float32 and np.array_equal(
    got["bc"].view(np.int32), a), got["bc"]
md = np.zeros((2, 3, 3), np.float32)
for i in range(3):
    md[:, i, i] = y[:, i]
msd = md.copy()
for i in range(3):
    msd[:, i, i] = x[:, i]
assert np.array_equal(got["msd"], msd), got["msd"]
rs = y.copy()
rs[0, :2] = y[0, 1::-1]
rs[1, :3] = y[1, ::-1]
assert np.array_equal(got["rs"], rs), got["rs"]
vals, first, inv = np.unique(a, return_index=True, return_inverse=True)
order = np.argsort(first)  # TF's Unique keeps first-occurrence order
assert np.array_equal(got["uq"], vals[order]), got["uq"]
assert np.array_equal(got["uq:1"], np.argsort(order)[inv]), got["uq:1"]
assert np.array_equal(got["ba"], np.broadcast_shapes((2, 1, 3), (4, 1))), got["ba"]
ru = got["ru"]
assert ru.shape == (2, 3) and ru.dtype == np.float32, ru.shape
assert np.all((ru >= 0) & (ru < 1)), ru
assert np.array_equal(invoke()["ru"], ru), "fixed seeds must replay"
print("extra builtins OK:", ", ".join(outs))
