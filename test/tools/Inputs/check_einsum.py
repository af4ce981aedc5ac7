"""Checks outputs of Inputs/tf-convert-einsum.pbtxt against np.einsum.

The graph: proj = einsum('bij,jk->bik', x, w), gram = einsum('bik,bij->bkj',
proj, x), out = einsum('bkj->jb', gram), with w = linspace(-1, 1, 20) as
[4, 5] float32 (the Const in the pbtxt). Reference in float64; tolerance
abs 1e-4 + rel 1e-4; shapes and dtypes exact.

usage: check_einsum.py X.npy OUT.npy...
"""
import os
import sys

import numpy as np


def main():
    x = np.load(sys.argv[1]).astype(np.float64)
    w = np.linspace(-1, 1, 20, dtype=np.float32).reshape(4, 5).astype(np.float64)
    proj = np.einsum("bij,jk->bik", x, w)
    gram = np.einsum("bik,bij->bkj", proj, x)
    ref = np.einsum("bkj->jb", gram)
    ok = True
    for path in sys.argv[2:]:
        got = np.load(path)
        name = os.path.basename(path)
        if got.dtype != np.float32 or got.shape != ref.shape:
            print("%s: dtype %s shape %s, expected float32 %s" % (name, got.dtype, got.shape, ref.shape))
            ok = False
            continue
        err = np.abs(got - ref) - (1e-4 + 1e-4 * np.abs(ref))
        if not np.isfinite(got).all() or (err > 0).any():
            print("%s: max abs error %g" % (name, np.abs(got - ref).max()))
            ok = False
            continue
        print("%s: matches np.einsum" % name)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
