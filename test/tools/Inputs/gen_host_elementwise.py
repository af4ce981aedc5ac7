"""Inputs and NumPy references for test/tools/host-elementwise.test.

  gen_host_elementwise.py inputs DIR     writes ai, bi, ei, af, bf, ah, bh
  gen_host_elementwise.py check DIR OUT  compares OUT/<name>.npy with TF's
                                         semantics computed here

Integers exactly (TF's CPU: Div/TruncateDiv truncate, FloorDiv/FloorMod
floor (FloorMod takes the divisor's sign), Mod/TruncateMod take the
dividend's; Pow and Square wrap). float32: FloorDiv is floor(x / y), as
TF's google_floor_div_real; FloorMod is fmod moved to the divisor's sign;
Mod/TruncateMod fmod; Pow, Tanh, Sin, Cos against float64 rounded to
float32 (relative 2e-6). f16: each op in float32 rounded once to f16
(exactly; Tanh/Exp/SquaredDifference within one f16 ulp, since compiled
code may round intermediate results); bf16: round to nearest even.
Cast f16 -> int32 saturates (inf -> INT32_MAX, NaN -> 0). NaN and inf are
compared exactly everywhere.
"""
import os
import sys

import numpy as np

I32 = np.int32
F32 = np.float32


def inputs(d):
    save = lambda n, v: np.save(os.path.join(d, n + ".npy"), v)
    save("ai", np.array([7, -7, 7, -7, 0, 13, -2147483647, 5], I32))
    save("bi", np.array([2, 2, -2, -2, 3, -4, 3, 1], I32))
    save("ei", np.array([0, 1, 2, 3, 5, 2, 1, 31], I32))
    save("af", np.array([7.5, -7.5, 7.5, -7.5, 0.0, 1e30, -3.0, np.nan], F32))
    save("bf", np.array([2.0, 2.0, -2.0, -2.0, 3.0, 1e-10, 0.5, 1.0], F32))
    save("ah", np.array([1.5, -2.25, 65504, 0.1, -0.0, np.inf, np.nan, 3], np.float16))
    save("bh", np.array([0.5, 3, 2, 0.2, 1, -np.inf, 1, -3], np.float16))


def wrap32(v):
    return np.array([((int(x) + 2**31) % 2**32) - 2**31 for x in v], I32)


def bf16(x):
    b = np.asarray(x, F32).view(np.uint32).astype(np.uint64)
    r = ((b + 0x7FFF + ((b >> 16) & 1)) >> 16) << 16
    out = r.astype(np.uint32).view(F32)
    return np.where(np.isnan(x), x, out).astype(F32)


def check(d, out):
    ld = lambda n: np.load(os.path.join(d, n + ".npy"))
    ai, bi, ei = [ld(n).astype(np.int64) for n in ("ai", "bi", "ei")]
    af, bf, ah, bh = ld("af"), ld("bf"), ld("ah"), ld("bh")
    trunc = [int(abs(a) // abs(b)) * (1 if (a < 0) == (b < 0) else -1) for a, b in zip(ai, bi)]
    tmod = [int(a) - t * int(b) for a, b, t in zip(ai, bi, trunc)]
    h32a, h32b = ah.astype(F32), bh.astype(F32)
    with np.errstate(all="ignore"):
        fm = np.fmod(af, bf)
        want = {
            "div": (wrap32(trunc), 0), "tdiv": (wrap32(trunc), 0),
            "fdiv": (wrap32(ai // bi), 0), "fmod": (wrap32(ai % bi), 0),
            "mod": (wrap32(tmod), 0), "tmod": (wrap32(tmod), 0),
            "isqd": (wrap32((ai - bi) ** 2), 0),
            "ipow": (wrap32([int(a) ** int(e) for a, e in zip(ai, ei)]), 0),
            "isq": (wrap32(ai * ai), 0),
            "divf": (af / bf, 0),
            "fdivf": (np.floor(af / bf), 0),
            "fmodf": (np.where((fm != 0) & ((bf < 0) != (fm < 0)), fm + bf, fm).astype(F32), 0),
            "modf": (fm, 0), "tmodf": (fm, 0),
            "powf": (np.power(af.astype(np.float64), bf).astype(F32), 2e-6),
            "sqdf": ((af - bf) * (af - bf), 0),
            "tanhf": (np.tanh(af.astype(np.float64)).astype(F32), 2e-6),
            "sinf": (np.sin(af.astype(np.float64)).astype(F32), 2e-6),
            "cosf": (np.cos(af.astype(np.float64)).astype(F32), 2e-6),
            "sqf": (af * af, 0),
            "addh": ((h32a + h32b).astype(np.float16), 0),
            "mulh": ((h32a * h32b).astype(np.float16), 0),
            "divh": ((h32a / h32b).astype(np.float16), 0),
            "sqdh": (((h32a - h32b) ** 2).astype(np.float16), 1e-3),
            "maxh": (np.maximum(ah, bh), 0),
            "gth": (ah > bh, 0),
            "tanhh": (np.tanh(h32a).astype(np.float16), 1e-3),
            "negh": (-ah, 0),
            "exph": (np.exp(h32a).astype(np.float16), 1e-3),
            "castfh": (af.astype(np.float16), 0),
            "casthf": (h32a, 0),
            "casthi": (np.array([0 if np.isnan(v) else int(max(min(v, 2**31 - 1), -2**31)) for v in h32a.astype(np.float64)], I32), 0),
            "cbf": (bf16(bf16(af) + bf16(bf)), 0),
        }
    bad = 0
    for name, (ref, rtol) in want.items():
        got = np.load(os.path.join(out, name + ".npy"))
        ok = got.shape == ref.shape and got.dtype == ref.dtype
        if ok and got.dtype.kind == "f":
            g, r = got.astype(np.float64), ref.astype(np.float64)
            fin = np.isfinite(r)
            ok = (np.array_equal(np.isnan(g), np.isnan(r)) and
                  np.array_equal(g[np.isinf(r)], r[np.isinf(r)]) and
                  np.array_equal(np.isinf(g), np.isinf(r)) and
                  np.allclose(g[fin], r[fin], rtol=rtol, atol=0))
        elif ok:
            ok = np.array_equal(got, ref)
        if not ok:
            bad += 1
            print("MISMATCH %s: got %s %r, want %s %r" % (name, got.dtype, got.tolist(), ref.dtype, ref.tolist()))
    if not bad:
        print("all %d match the NumPy reference" % len(want))


if __name__ == "__main__":
    if sys.argv[1] == "inputs":
        inputs(sys.argv[2])
    else:
        check(sys.argv[2], sys.argv[3])
