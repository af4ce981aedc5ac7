"""Inputs and NumPy references for test/tools/host-reduce.test.

  gen_host_reduce.py inputs DIR AXES     writes x, xi, b, ax (AXES, e.g.
                                         "0,2" or "-1"), bax, a0 as .npy
  gen_host_reduce.py check DIR OUT AXES  compares OUT/<name>.npy with TF's
                                         semantics computed here

x holds a NaN in one row, -inf/+inf, ties and an all-NaN row along the
ArgMax axis; xi overflows int32 when summed (TF wraps). References: Sum
and Mean in float64 rounded to float32 (relative 1e-6), Prod in float32
(relative 1e-5), Max/Min propagate NaN, ArgMax/ArgMin skip NaN with ties
at the first index and 0 for a row of only NaN (Eigen's scan from the
lowest finite value); integers exactly; NaN and inf compared exactly.
"""
import os
import sys

import numpy as np

NAN = np.float32("nan")


def inputs(d, axes):
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 4) / 7 - 1.5
    x[0, 1, 2] = NAN
    x[1, 0, :] = [NAN, NAN, NAN, NAN]
    x[1, 2, :] = [2, -np.inf, 2, np.inf]
    x[0, 2, :] = [3, 3, 1, 1]
    xi = (np.arange(24, dtype=np.int64).reshape(2, 3, 4) * 300000000 - 2000000000)
    xi = ((xi + 2**31) % 2**32 - 2**31).astype(np.int32)
    b = np.array([[True, False, True], [True, True, True]])
    np.save(os.path.join(d, "x.npy"), x)
    np.save(os.path.join(d, "xi.npy"), xi)
    np.save(os.path.join(d, "b.npy"), b)
    np.save(os.path.join(d, "ax.npy"), np.array([int(a) for a in axes.split(",")], np.int32))
    np.save(os.path.join(d, "bax.npy"), np.array(1, np.int64))
    np.save(os.path.join(d, "a0.npy"), np.array(2, np.int32))


def arg(x, axis, is_max):
    x = np.moveaxis(x, axis, -1)
    out = np.zeros(x.shape[:-1], np.int64)
    for idx in np.ndindex(*x.shape[:-1]):
        best = np.finfo(np.float32).min if is_max else np.finfo(np.float32).max
        at = 0
        for i, v in enumerate(x[idx]):
            if (v > best) if is_max else (v < best):
                best, at = v, i
        out[idx] = at
    return out


def check(d, out, axes):
    x = np.load(os.path.join(d, "x.npy"))
    xi = np.load(os.path.join(d, "xi.npy"))
    b = np.load(os.path.join(d, "b.npy"))
    ax = tuple(int(a) % 3 for a in axes.split(","))
    wrap = lambda v: ((v + 2**31) % 2**32 - 2**31).astype(np.int32)
    n = int(np.prod([x.shape[a] for a in ax]))
    isum = wrap(xi.astype(np.int64).sum(axis=ax))
    want = {
        "sum": (x.astype(np.float64).sum(axis=ax).astype(np.float32), 1e-6),
        "mean": (x.astype(np.float64).mean(axis=ax, keepdims=True).astype(np.float32), 1e-6),
        "prod": (x.prod(axis=ax, dtype=np.float32), 1e-5),
        "max": (x.max(axis=ax), 0),
        "min": (x.min(axis=ax, keepdims=True), 0),
        "isum": (isum, 0),
        "imean": ((np.trunc(isum.astype(np.float64) / n)).astype(np.int32), 0),
        "imax": (xi.max(axis=ax), 0),
        "all": (b.all(axis=1), 0),
        "any": (b.any(axis=1, keepdims=True), 0),
        "amax": (arg(x, 2, True), 0),
        "amin": (arg(x, 2, False).astype(np.int32), 0),
    }
    bad = 0
    for name, (ref, rtol) in want.items():
        got = np.load(os.path.join(out, name + ".npy"))
        ok = got.shape == ref.shape and got.dtype == ref.dtype
        if ok and got.dtype.kind == "f":
            same_special = np.array_equal(np.isnan(got), np.isnan(ref)) and np.array_equal(
                got[np.isinf(got)], ref[np.isinf(got)]) and np.array_equal(np.isinf(got), np.isinf(ref))
            fin = np.isfinite(ref)
            ok = same_special and np.allclose(got[fin], ref[fin], rtol=rtol, atol=1e-6)
        elif ok:
            ok = np.array_equal(got, ref)
        if not ok:
            bad += 1
            print("MISMATCH %s: got %s %s %r, want %s %s %r" % (
                name, got.dtype, got.shape, got.tolist(), ref.dtype, ref.shape, ref.tolist()))
    if not bad:
        print("all match the NumPy reference")


if __name__ == "__main__":
    if sys.argv[1] == "inputs":
        inputs(sys.argv[2], sys.argv[3])
    else:
        check(sys.argv[2], sys.argv[3], sys.argv[4])
