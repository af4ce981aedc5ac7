"""Inputs and NumPy references for test/tools/host-data-movement.test.

  gen_host_data_movement.py inputs DIR CASE   writes the feeds of CASE (0, 1)
  gen_host_data_movement.py check DIR OUT     compares OUT/<name>.npy with
                                              NumPy's slicing, transpose,
                                              split, stack and tile

Every output only moves elements, so all must match exactly (bytes; f16
NaN and infinities included). CASE 0 slices forward, CASE 1 backward with
negative and out-of-range begin/end (clamped as TF and NumPy do).
"""
import os
import sys

import numpy as np

CASES = [
    # begin, end, strides, perm, split axis, size_splits, multiples
    ([1, 0, 1], [2, 3, 4], [1, 2, 2], [2, 0, 1], 2, [1, -1, 2], [2, 1, 2]),
    ([-1, -1, 10], [-3, -4, -10], [-1, 1, -3], [1, 2, 0], -1, [2, 0, -1], [1, 3, 0]),
]


def inputs(d, case):
    b, e, s, perm, ax, sizes, mult = CASES[int(case)]
    x = (np.arange(24, dtype=np.float32).reshape(2, 3, 4) - 7) / 4
    x[1, 2, 3] = np.nan
    xh = x.astype(np.float16)
    xh[0, 0, 1] = np.inf
    save = lambda n, v: np.save(os.path.join(d, n + ".npy"), v)
    save("x", x)
    save("xh", xh)
    save("b", np.array(b, np.int32))
    save("e", np.array(e, np.int32))
    save("s", np.array(s, np.int32))
    save("perm", np.array(perm, np.int64))
    save("ax", np.array(ax, np.int32))
    save("sizes", np.array(sizes, np.int64))
    save("mult", np.array(mult, np.int32))


def check(d, out):
    ld = lambda n: np.load(os.path.join(d, n + ".npy"))
    x, xh, b, e, s = ld("x"), ld("xh"), ld("b"), ld("e"), ld("s")
    perm, ax, sizes, mult = ld("perm"), int(ld("ax")), ld("sizes"), ld("mult")
    sl = [slice(int(b[i]), int(e[i]), int(s[i])) for i in range(3)]
    sizes = list(sizes)
    if -1 in sizes:
        sizes[sizes.index(-1)] = x.shape[ax] - (sum(sizes) + 1)
    cuts = np.cumsum(sizes)[:-1]
    want = {
        # begin_mask bit 0: dim 0 starts at its first index of the stride.
        "ss": x[slice(None, sl[0].stop, sl[0].step), sl[1], sl[2]],
        # shrink_axis bit 1: x[:, b1] ; end_mask bit 2.
        "ss2": x[sl[0], int(b[1]), slice(sl[2].start, None, sl[2].step)],
        # ellipsis (entry 0) then a new axis (entry 1), then entry 2 on the
        # last dim.
        "ss3": x[..., np.newaxis, sl[2]],
        "ssh": xh[slice(None, sl[0].stop, sl[0].step), sl[1], sl[2]],
        "tr": np.transpose(x, perm),
        "trh": np.transpose(xh, perm),
        "ti": np.tile(x, mult),
        "tih": np.tile(xh, mult),
    }
    for k, p in enumerate(np.split(x, 2, axis=ax)):
        want["sp_%d" % k] = p
    for k, p in enumerate(np.split(x, cuts, axis=ax)):
        want["spv_%d" % k] = p
    for k in range(3):
        want["up_%d" % k] = x[:, k, :]
    bad = 0
    for name, ref in want.items():
        got = np.load(os.path.join(out, name + ".npy"))
        ok = got.shape == ref.shape and got.dtype == ref.dtype and got.tobytes() == np.ascontiguousarray(ref).tobytes()
        if not ok:
            bad += 1
            print("MISMATCH %s: got %s %s %r, want %s %s %r" % (
                name, got.dtype, got.shape, got.tolist(), ref.dtype, ref.shape, ref.tolist()))
    if not bad:
        print("all %d match the NumPy reference" % len(want))


if __name__ == "__main__":
    if sys.argv[1] == "inputs":
        inputs(sys.argv[2], sys.argv[3])
    else:
        check(sys.argv[2], sys.argv[3])
