"""NumPy reference of TF's FakeQuantWithMinMaxVars(PerChannel) CPU functor
(fake_quant_ops_functor.h: Nudge, then clamp / floor(+0.5) / rescale, all in
float32) for test/tools/fake-quant-min-gt-max.test, where constant ranges
have min > max. Usage: check_fake_quant_range.py inputs DIR | check DIR.
Tolerance: abs 1e-6 (the same float32 operations; only the order of
evaluation may differ)."""
import sys

import numpy as np

f = np.float32
X = np.array([[-3, -0.5, 0], [0.7, 2, 0.25]], f)


def nudge(lo, hi, qmin, qmax):
    scale = f((f(hi) - f(lo)) / (f(qmax) - f(qmin)))
    zp = f(f(qmin) - f(f(lo) / scale))
    if zp < qmin:
        nz = f(qmin)
    elif zp > qmax:
        nz = f(qmax)
    else:
        nz = f(np.sign(zp) * np.floor(abs(zp) + f(0.5)))  # half away from 0
    return f((f(qmin) - nz) * scale), f((f(qmax) - nz) * scale), scale


def fake_quant(x, lo, hi, bits, narrow):
    qmin, qmax = (1 if narrow else 0), (1 << bits) - 1
    nmin, nmax, scale = nudge(lo, hi, qmin, qmax)
    c = np.maximum(np.minimum(x, nmax), nmin)
    return (np.floor((c - nmin) / scale + f(0.5)) * scale + nmin).astype(f)


def main():
    mode, d = sys.argv[1], sys.argv[2]
    if mode == "inputs":
        np.save(d + "/x.npy", X)
        return
    want = {
        "fq": fake_quant(X, 1, -1, 8, False),
        "fqc": np.stack([fake_quant(X[:, c], lo, hi, 4, True) for c, (lo, hi)
                         in enumerate([(0, 1), (2, 1), (-0.5, 0.5)])], -1),
    }
    ok = True
    for name, w in want.items():
        got = np.load("%s/%s.npy" % (d, name))
        if got.shape != w.shape or not np.allclose(got, w, rtol=0, atol=1e-6):
            print("MISMATCH %s: got %s want %s" % (name, got.tolist(), w.tolist()))
            ok = False
    if ok:
        print("all match the NumPy reference")


if __name__ == "__main__":
    main()
