"""NumPy references for test/tools/host-case.test.

  check_host_case.py inputs DIR       writes x and i<k> for k in -1, 0, 1, 2, 7
  check_host_case.py check DIR OUT K  compares OUT/c.npy and OUT/sum.npy
                                      for branch_index K

Case's branches are neg, twice, square; an index outside [0, 3) runs the
last (square), as TF's Case. StatelessCase's two branches return (x, -x)
and (exp(x), x); out of range runs the second. Relative 1e-6 (Exp).
"""
import os
import sys

import numpy as np


def inputs(d):
    np.save(os.path.join(d, "x.npy"), np.array([1, -2, 0.5], np.float32))
    for k in (-1, 0, 1, 2, 7):
        np.save(os.path.join(d, "i%d.npy" % k), np.array(k, np.int32))


def check(d, out, k):
    x = np.load(os.path.join(d, "x.npy")).astype(np.float64)
    c = [-x, x + x, x * x][k if 0 <= k < 3 else 2]
    s = x - x if k == 0 else np.exp(x) + x
    bad = 0
    for name, ref in (("c", c), ("sum", s)):
        got = np.load(os.path.join(out, name + ".npy"))
        if got.dtype != np.float32 or not np.allclose(got, ref, rtol=1e-6, atol=0):
            bad += 1
            print("MISMATCH %s (index %d): got %r, want %r" % (name, k, got.tolist(), ref.tolist()))
    if not bad:
        print("index %d matches the NumPy reference" % k)


if __name__ == "__main__":
    if sys.argv[1] == "inputs":
        inputs(sys.argv[2])
    else:
        check(sys.argv[2], sys.argv[3], int(sys.argv[4]))
