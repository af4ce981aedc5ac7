#!/usr/bin/env python3
"""Checks tf-run's results on tensorlist-while.pbtxt against NumPy.

usage: check_tensorlist_while.py input X.npy IDX.npy P.npy IDX P
         writes the feeds: x [4,3] float32 (seed 0), idx (int32), p (bool)
       check_tensorlist_while.py check X.npy IDX P DIR [START]
         DIR holds stack.npy, item.npy, len.npy, pushed_stack.npy,
         eshape.npy and pick.npy as written by tf-run --output-dir. START
         is the value fed to the Const `zero` (the loop's first index;
         default 0): the rows before it were never set and read as zeros
         (TF's uninitialized list elements).
Reference (the graph's comment): stack[i] = 2 tanh(x[i]); item =
stack[idx]; len = 4; pushed_stack = concat(x, [item]); eshape = [3];
pick = stack[3] if p else stack[0]. float32 within abs 1e-6 + rel 1e-6
(tanh of float32 against float64); ints exact.
"""
import os
import sys
import numpy as np


def main():
    if sys.argv[1] == "input":
        x = np.random.RandomState(0).randn(4, 3).astype(np.float32)
        np.save(sys.argv[2], x)
        np.save(sys.argv[3], np.array(int(sys.argv[5]), np.int32))
        np.save(sys.argv[4], np.array(sys.argv[6] == "1"))
        return 0
    x = np.load(sys.argv[2]).astype(np.float64)
    idx, p, d = int(sys.argv[3]), sys.argv[4] == "1", sys.argv[5]
    start = int(sys.argv[6]) if len(sys.argv) > 6 else 0
    stack = 2 * np.tanh(x)
    stack[:start] = 0
    ref = {
        "stack": stack,
        "item": stack[idx],
        "len": np.array(4, np.int32),
        "pushed_stack": np.concatenate([x, stack[idx:idx + 1]]),
        "eshape": np.array([3], np.int32),
        "pick": stack[3] if p else stack[0],
    }
    ok = True
    for name, want in ref.items():
        got = np.load(os.path.join(d, name + ".npy"))
        if got.shape != want.shape:
            print(f"{name}: shape {got.shape}, expected {want.shape}")
            ok = False
        elif got.dtype.kind == "f":
            if got.dtype != np.float32 or not np.allclose(
                    got, want, atol=1e-6, rtol=1e-6):
                print(f"{name}: {got} != {want}")
                ok = False
        elif not np.array_equal(got, want) or got.dtype != want.dtype:
            print(f"{name}: {got} != {want}")
            ok = False
    print("matches the NumPy reference" if ok else "MISMATCH")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
