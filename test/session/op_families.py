#!/usr/bin/env python3
"""Issue 3 section 6: end-to-end tests per TF op family through the Session.

For each op family a GraphDef (text format) is written here, fed from .npy
files with fixed-seed NumPy data (edge values included), run twice through
tf-run (results must be bit-identical), and compared with a reference
computed independently in NumPy following TF's documented semantics.

Tolerance: float32 abs 1e-5 + rel 1e-4 (float64 references cast to float32)
unless a case states its own; ints and bools exact; NaN/+-Inf positions
exact.  EXPECTED_FAILURES lists the cases known to fail with the reason; the
test passes only when exactly those fail.

usage: op_families.py BIN_DIR [--keep DIR] [--only FAMILY]
"""
import math
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

# case name -> reason.  Filled from the runs; see the report.
EXPECTED_FAILURES = {
    # TF's CPU kernels accept only NHWC here; tf2xla accepts NCHW too.
    "space/DepthToSpace-NCHW": "xla-legalize-tf: tf.DepthToSpace with data_format NCHW",
    "space/SpaceToDepth-NCHW": "xla-legalize-tf: tf.SpaceToDepth with data_format NCHW",
}

DT = {np.dtype(np.float32): "DT_FLOAT", np.dtype(np.float64): "DT_DOUBLE",
      np.dtype(np.int32): "DT_INT32", np.dtype(np.int64): "DT_INT64",
      np.dtype(np.bool_): "DT_BOOL", np.dtype(np.uint8): "DT_UINT8",
      np.dtype(np.int8): "DT_INT8", np.dtype(np.float16): "DT_HALF"}

F32 = np.float32
I32 = np.int32
I64 = np.int64


def _attr(v):
    if isinstance(v, bool):
        return "b: %s" % ("true" if v else "false")
    if isinstance(v, int):
        return "i: %d" % v
    if isinstance(v, float):
        return "f: %r" % v
    if isinstance(v, str):
        return 's: "%s"' % v
    if isinstance(v, type) or isinstance(v, np.dtype):
        return "type: %s" % DT[np.dtype(v)]
    if isinstance(v, list) and v and all(isinstance(x, str) for x in v):
        return "list { %s }" % " ".join('s: "%s"' % x for x in v)
    if isinstance(v, list):
        return "list { %s }" % " ".join("i: %d" % x for x in v)
    raise TypeError(v)


def _tensor(a):
    a = np.asarray(a)
    dims = " ".join("dim { size: %d }" % d for d in a.shape)
    s = "dtype: %s tensor_shape { %s }" % (DT[a.dtype], dims)
    if a.size:
        s += ' tensor_content: "%s"' % "".join(
            "\\%03o" % b for b in a.astype(a.dtype.newbyteorder("<")).tobytes())
    return s


class Graph:
    def __init__(self, family):
        self.family = family
        self.nodes = []
        self.feeds = {}
        self.cases = []  # (case name, fetch, ref, tol)
        self.n = 0

    def _name(self, p):
        self.n += 1
        return "%s_%d" % (p, self.n)

    def ph(self, arr):
        arr = np.asarray(arr)
        name = self._name("in")
        self.nodes.append('node { name: "%s" op: "Placeholder" attr { key: "dtype" value { %s } } }'
                          % (name, _attr(arr.dtype)))
        self.feeds[name] = arr
        return name

    def const(self, arr, dtype=None):
        arr = np.asarray(arr, dtype=dtype)
        name = self._name("c")
        self.nodes.append('node { name: "%s" op: "Const" attr { key: "dtype" value { %s } } '
                          'attr { key: "value" value { tensor { %s } } } }'
                          % (name, _attr(arr.dtype), _tensor(arr)))
        return name

    def op(self, op, inputs, **attrs):
        name = self._name(op)
        ins = " ".join('input: "%s"' % i for i in inputs)
        ats = " ".join('attr { key: "%s" value { %s } }' % (k, _attr(v))
                       for k, v in sorted(attrs.items()))
        self.nodes.append('node { name: "%s" op: "%s" %s %s }' % (name, op, ins, ats))
        return name

    def check(self, case, fetch, ref, tol=None, signed_zero=False):
        if ":" not in fetch:
            fetch += ":0"
        self.cases.append((self.family + "/" + case, fetch, np.asarray(ref), tol, signed_zero))

    def text(self):
        return "\n".join(self.nodes) + "\n"


def compare(got, ref, tol, signed_zero):
    if got.dtype != ref.dtype:
        return "dtype %s, expected %s" % (got.dtype, ref.dtype)
    if got.shape != ref.shape:
        return "shape %s, expected %s" % (got.shape, ref.shape)
    if ref.dtype.kind in "biu":
        bad = got != ref
        if bad.any():
            i = np.argwhere(bad)[0]
            return "%d mismatches, first at %s: %s vs %s" % (
                bad.sum(), tuple(i), got[tuple(i)], ref[tuple(i)])
        return None
    atol, rtol = tol or (1e-5, 1e-4)
    g = got.astype(np.float64)
    r = ref.astype(np.float64)
    nan_bad = np.isnan(g) != np.isnan(r)
    inf_bad = (np.isinf(r) | np.isinf(g)) & (g != r) & ~np.isnan(r)
    fin = np.isfinite(r) & np.isfinite(g)
    val_bad = np.zeros(r.shape, bool)
    val_bad[fin] = np.abs(g[fin] - r[fin]) > atol + rtol * np.abs(r[fin])
    if signed_zero:
        val_bad |= (r == 0) & (g == 0) & (np.signbit(r) != np.signbit(g))
    bad = nan_bad | inf_bad | val_bad
    if bad.any():
        i = tuple(np.argwhere(bad)[0])
        return "%d mismatches, first at %s: %r vs %r" % (bad.sum(), i, got[i], ref[i])
    return None


def run_tfrun(bindir, wd, tag, g, fetches):
    gp = os.path.join(wd, tag + ".pbtxt")
    if not os.path.exists(gp):
        with open(gp, "w") as f:
            f.write(g.text())
        for k, v in g.feeds.items():
            np.save(os.path.join(wd, tag + "." + k + ".npy"), v)
    cmd = [os.path.join(bindir, "tf-run"), "--graph", gp]
    for k in g.feeds:
        cmd += ["--input", "%s=%s" % (k, os.path.join(wd, tag + "." + k + ".npy"))]
    outs = []
    for f in fetches:
        cmd += ["--output", f]
    od = tempfile.mkdtemp(dir=wd)
    cmd += ["--output-dir", od]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, timeout=300)
    if p.returncode != 0:
        return None, (p.stderr.strip() or "exit %d" % p.returncode)[-600:]
    for f in fetches:
        outs.append(np.load(os.path.join(od, f.replace("/", "_").replace(":", "_") + ".npy")))
    return outs, None


def run_graph(bindir, wd, g):
    """Returns {case: error or None}."""
    res = {}
    fetches = [c[1] for c in g.cases]
    tag = g.family
    outs1, err = run_tfrun(bindir, wd, tag, g, fetches)
    if err is not None:
        # One fetch failing to compile fails the whole run: rerun per case.
        for c in g.cases:
            o1, e1 = run_tfrun(bindir, wd, tag, g, [c[1]])
            if e1 is not None:
                res[c[0]] = "tf-run: " + e1.splitlines()[-1]
                continue
            o2, e2 = run_tfrun(bindir, wd, tag, g, [c[1]])
            res[c[0]] = check_case(c, o1[0], o2[0] if o2 else None, e2)
        return res
    outs2, err2 = run_tfrun(bindir, wd, tag, g, fetches)
    for i, c in enumerate(g.cases):
        res[c[0]] = check_case(c, outs1[i], outs2[i] if outs2 else None, err2)
    return res


def check_case(c, o1, o2, e2):
    name, fetch, ref, tol, sz = c
    if o2 is None:
        return "second run failed: %s" % e2
    if o1.dtype != o2.dtype or o1.shape != o2.shape or o1.tobytes() != o2.tobytes():
        return "two runs differ"
    return compare(o1, ref, tol, sz)


# ---------------------------------------------------------------- references
rng = np.random.RandomState(1234)


def randf(*shape, lo=-2.0, hi=2.0):
    return rng.uniform(lo, hi, size=shape).astype(F32)


def f64(a):
    return np.asarray(a).astype(np.float64)


def conv_ref(x, w, strides, padding, dil, nchw=False, depthwise=False):
    """x NHWC, w HWIO (or HW C M for depthwise); float64."""
    if nchw:
        x = x.transpose(0, 2, 3, 1)
        strides = [strides[0], strides[2], strides[3], strides[1]]
        dil = [dil[0], dil[2], dil[3], dil[1]]
    x = f64(x); w = f64(w)
    n, h, wd, c = x.shape
    kh, kw = w.shape[:2]
    sh, sw = strides[1], strides[2]
    dh, dw = dil[1], dil[2]
    ekh, ekw = (kh - 1) * dh + 1, (kw - 1) * dw + 1
    if padding == "VALID":
        oh, ow = -(-(h - ekh + 1) // sh), -(-(wd - ekw + 1) // sw)
        pt = pl = 0
    else:
        oh, ow = -(-h // sh), -(-wd // sw)
        pt = max((oh - 1) * sh + ekh - h, 0) // 2
        pl = max((ow - 1) * sw + ekw - wd, 0) // 2
    if depthwise:
        m = w.shape[3]
        out = np.zeros((n, oh, ow, c * m))
    else:
        out = np.zeros((n, oh, ow, w.shape[3]))
    for i in range(oh):
        for j in range(ow):
            for a in range(kh):
                for b in range(kw):
                    y = i * sh - pt + a * dh
                    xx = j * sw - pl + b * dw
                    if 0 <= y < h and 0 <= xx < wd:
                        v = x[:, y, xx, :]
                        if depthwise:
                            out[:, i, j, :] += (v[:, :, None] * w[a, b][None]).reshape(n, -1)
                        else:
                            out[:, i, j, :] += v @ w[a, b]
    if nchw:
        out = out.transpose(0, 3, 1, 2)
    return out


def conv_backprop_input_ref(in_shape, w, dy, strides, padding):
    n, h, wd, c = in_shape
    w = f64(w); dy = f64(dy)
    kh, kw = w.shape[:2]
    sh, sw = strides[1], strides[2]
    oh, ow = dy.shape[1:3]
    if padding == "VALID":
        pt = pl = 0
    else:
        pt = max((oh - 1) * sh + kh - h, 0) // 2
        pl = max((ow - 1) * sw + kw - wd, 0) // 2
    dx = np.zeros(in_shape)
    for i in range(oh):
        for j in range(ow):
            for a in range(kh):
                for b in range(kw):
                    y, xx = i * sh - pt + a, j * sw - pl + b
                    if 0 <= y < h and 0 <= xx < wd:
                        dx[:, y, xx, :] += dy[:, i, j, :] @ w[a, b].T
    return dx


def pool_ref(x, ksize, strides, padding, kind, nchw=False):
    if nchw:
        x = x.transpose(0, 2, 3, 1)
        ksize = [ksize[0], ksize[2], ksize[3], ksize[1]]
        strides = [strides[0], strides[2], strides[3], strides[1]]
    x = f64(x)
    n, h, wd, c = x.shape
    kh, kw = ksize[1], ksize[2]
    sh, sw = strides[1], strides[2]
    if padding == "VALID":
        oh, ow = -(-(h - kh + 1) // sh), -(-(wd - kw + 1) // sw)
        pt = pl = 0
    else:
        oh, ow = -(-h // sh), -(-wd // sw)
        pt = max((oh - 1) * sh + kh - h, 0) // 2
        pl = max((ow - 1) * sw + kw - wd, 0) // 2
    out = np.zeros((n, oh, ow, c))
    for i in range(oh):
        for j in range(ow):
            y0, x0 = i * sh - pt, j * sw - pl
            win = x[:, max(y0, 0):min(y0 + kh, h), max(x0, 0):min(x0 + kw, wd), :]
            if kind == "max":
                out[:, i, j, :] = win.max(axis=(1, 2))
            else:
                out[:, i, j, :] = win.mean(axis=(1, 2))
    if nchw:
        out = out.transpose(0, 3, 1, 2)
    return out


# ---------------------------------------------------------------- families
def fam_math():
    g = Graph("math")
    edge = np.array([np.nan, np.inf, -np.inf, -0.0, 0.0, 0.5, -0.5, 1.5, 2.5, -2.5,
                     3.0, -1.0, 1e-30, 100.0, -100.0, 0.49999997], F32)
    a = np.concatenate([edge, randf(16)])
    b = np.concatenate([np.array([1.0, 2.0, np.inf, -0.0, 3.0, -np.inf, 0.0, 2.0,
                                  np.nan, 0.5, 2.0, 3.0, -1.0, 0.25, 2.0, 1.0], F32),
                        randf(16)])
    pa, pb = g.ph(a), g.ph(b)
    A, B = f64(a), f64(b)
    with np.errstate(all="ignore"):
        for op, fn in [("Add", np.add), ("AddV2", np.add), ("Sub", np.subtract),
                       ("Mul", np.multiply), ("RealDiv", np.divide)]:
            g.check(op, g.op(op, [pa, pb], T=F32), fn(A, B).astype(F32))
        # Pow: positive base with any exponent, negative base with integer exponent.
        pbase = np.concatenate([np.abs(randf(12)) + 0.1, np.array([-2.0, -1.5, 0.0, 1.0], F32)])
        pexp = np.concatenate([randf(12), np.array([3.0, 2.0, 2.0, np.nan], F32)])
        g.check("Pow", g.op("Pow", [g.ph(pbase), g.ph(pexp)], T=F32),
                np.power(f64(pbase), f64(pexp)).astype(F32))
        # Broadcasting [4,1] x [1,8] and scalar.
        m1, m2 = randf(4, 1), randf(1, 8)
        g.check("Add-broadcast", g.op("AddV2", [g.ph(m1), g.ph(m2)], T=F32),
                (f64(m1) + f64(m2)).astype(F32))
        g.check("Mul-scalar", g.op("Mul", [g.ph(m2), g.const(np.float32(3.0))], T=F32),
                (f64(m2) * 3.0).astype(F32))
        unary = [("Exp", np.exp, None), ("Log", np.log, None), ("Tanh", np.tanh, None),
                 ("Sigmoid", lambda x: 1 / (1 + np.exp(-x)), None),
                 ("Sqrt", np.sqrt, True), ("Rsqrt", lambda x: 1 / np.sqrt(x), None),
                 ("Abs", np.abs, True), ("Neg", np.negative, True),
                 ("Floor", np.floor, True), ("Ceil", np.ceil, True),
                 ("Round", np.round, True), ("Square", np.square, None)]
        for op, fn, sz in unary:
            # exp/log/tanh/sigmoid: float32 transcendental, rel 1e-4 stands (abs 1e-5 at 0).
            g.check(op, g.op(op, [pa], T=F32), fn(A).astype(F32), signed_zero=bool(sz))
        # float64 path
        d = np.array([1.5, -2.25, np.nan, 0.1, 7.0], np.float64)
        pd = g.ph(d)
        g.check("Mul-f64", g.op("Mul", [pd, pd], T=np.float64), d * d, tol=(1e-12, 1e-12))
        g.check("Exp-f64", g.op("Exp", [pd], T=np.float64), np.exp(d), tol=(1e-12, 1e-12))
        # int32 arithmetic
        ia = np.array([7, -7, 7, -7, 0, 1, -1, 5, 2147483647], I32)
        ib = np.array([2, 2, -2, -2, 3, -3, 3, 5, 1], I32)
        pia, pib = g.ph(ia), g.ph(ib)
        g.check("Add-i32", g.op("AddV2", [pia, pib], T=I32), (ia.astype(I64) + ib).astype(I32))
        g.check("Mul-i32", g.op("Mul", [pia, pib], T=I32), (ia.astype(I64) * ib).astype(I32))
        g.check("Abs-i32", g.op("Abs", [pia], T=I32), np.abs(ia))
        g.check("Neg-i32", g.op("Neg", [pib], T=I32), -ib)
        g.check("Square-i32", g.op("Square", [pib], T=I32), ib * ib)
        pw = np.array([2, -3, 5, 0, 1, -1, 7], I32)
        pe = np.array([3, 3, 0, 5, 9, 3, 2], I32)
        g.check("Pow-i32", g.op("Pow", [g.ph(pw), g.ph(pe)], T=I32), (pw.astype(I64) ** pe).astype(I32))
        g.check("Sub-i64", g.op("Sub", [g.ph(ia.astype(I64)), g.ph(ib.astype(I64))], T=I64),
                ia.astype(I64) - ib)
    return g


def fam_intdiv():
    g = Graph("intdiv")
    a = np.array([7, -7, 7, -7, 0, 1, -1, 6, -6, 5, -5, 100, -100], I32)
    b = np.array([2, 2, -2, -2, 3, -3, 3, 3, 3, 7, 7, -9, -9], I32)
    pa, pb = g.ph(a), g.ph(b)
    ia, ib = a.astype(np.int64), b.astype(np.int64)
    g.check("FloorDiv-i32", g.op("FloorDiv", [pa, pb], T=I32), (ia // ib).astype(I32))
    g.check("FloorMod-i32", g.op("FloorMod", [pa, pb], T=I32), (ia % ib).astype(I32))
    trunc = np.array([int(x / y) if (x * y >= 0) else -(abs(x) // abs(y)) for x, y in zip(ia, ib)])
    g.check("TruncateDiv-i32", g.op("TruncateDiv", [pa, pb], T=I32), trunc.astype(I32))
    g.check("TruncateMod-i32", g.op("TruncateMod", [pa, pb], T=I32),
            (ia - trunc * ib).astype(I32))
    a64, b64 = g.ph(a.astype(I64)), g.ph(b.astype(I64))
    g.check("FloorDiv-i64", g.op("FloorDiv", [a64, b64], T=I64), ia // ib)
    g.check("FloorMod-i64", g.op("FloorMod", [a64, b64], T=I64), ia % ib)
    # Float FloorDiv / FloorMod: floor(x/y), x - floor(x/y)*y (sign of divisor).
    fa = np.array([7.5, -7.5, 7.5, -7.5, 1.0, -0.0], F32)
    fb = np.array([2.0, 2.0, -2.0, -2.0, 3.0, 2.0], F32)
    pfa, pfb = g.ph(fa), g.ph(fb)
    g.check("FloorDiv-f32", g.op("FloorDiv", [pfa, pfb], T=F32),
            np.floor_divide(f64(fa), f64(fb)).astype(F32))
    g.check("FloorMod-f32", g.op("FloorMod", [pfa, pfb], T=F32),
            np.mod(f64(fa), f64(fb)).astype(F32))
    # Broadcast scalar divisor.
    g.check("FloorDiv-bcast", g.op("FloorDiv", [pa, g.const(np.int32(-4))], T=I32),
            (ia // -4).astype(I32))
    return g


def fam_minmax():
    g = Graph("minmax")
    a = np.array([np.nan, 1.0, np.nan, -np.inf, 0.0, -0.0, 3.0, 2.0], F32)
    b = np.array([1.0, np.nan, np.nan, 5.0, -0.0, 0.0, 3.0, -np.inf], F32)
    pa, pb = g.ph(a), g.ph(b)
    # TF 2.x Maximum/Minimum propagate NaN (tf.math.maximum docs; XLA max/min too).
    g.check("Maximum-nan", g.op("Maximum", [pa, pb], T=F32), np.maximum(a, b))
    g.check("Minimum-nan", g.op("Minimum", [pa, pb], T=F32), np.minimum(a, b))
    ia = np.array([-5, 3, 0, 2147483647, -2147483648], I32)
    ib = np.array([-6, 4, 0, 0, 0], I32)
    pia, pib = g.ph(ia), g.ph(ib)
    g.check("Maximum-i32", g.op("Maximum", [pia, pib], T=I32), np.maximum(ia, ib))
    g.check("Minimum-i32", g.op("Minimum", [pia, pib], T=I32), np.minimum(ia, ib))
    m = randf(3, 1)
    g.check("Maximum-bcast", g.op("Maximum", [g.ph(m), g.const(np.float32(0.0))], T=F32),
            np.maximum(m, 0))
    return g


def fam_logic():
    g = Graph("logic")
    a = np.array([np.nan, 1.0, 2.0, -0.0, np.inf, -1.0, 3.0], F32)
    b = np.array([np.nan, 1.0, 1.0, 0.0, np.inf, np.nan, 4.0], F32)
    pa, pb = g.ph(a), g.ph(b)
    for op, fn in [("Equal", np.equal), ("NotEqual", np.not_equal), ("Less", np.less),
                   ("LessEqual", np.less_equal), ("Greater", np.greater),
                   ("GreaterEqual", np.greater_equal)]:
        g.check(op, g.op(op, [pa, pb], T=F32), fn(a, b))
    ia = np.array([-3, 0, 5, -1], I32)
    g.check("Less-i32-bcast", g.op("Less", [g.ph(ia), g.const(np.int32(0))], T=I32), ia < 0)
    x = np.array([True, True, False, False])
    y = np.array([True, False, True, False])
    px, py = g.ph(x), g.ph(y)
    g.check("LogicalAnd", g.op("LogicalAnd", [px, py]), x & y)
    g.check("LogicalOr", g.op("LogicalOr", [px, py]), x | y)
    g.check("LogicalNot", g.op("LogicalNot", [px]), ~x)
    c = np.array([[True, False, True], [False, False, True]])
    t, e = randf(2, 3), randf(2, 3)
    pc, pt, pe = g.ph(c), g.ph(t), g.ph(e)
    g.check("Select-same", g.op("Select", [pc, pt, pe], T=F32), np.where(c, t, e))
    cv = np.array([False, True])
    g.check("Select-vector-cond", g.op("Select", [g.ph(cv), pt, pe], T=F32),
            np.where(cv[:, None], t, e))
    c3 = np.array([True, False, True])
    t2 = randf(2, 1)
    g.check("SelectV2-bcast", g.op("SelectV2", [g.ph(c3), g.ph(t2), g.const(np.float32(-7))], T=F32),
            np.where(c3, t2, np.float32(-7)))
    g.check("Select-scalar-cond", g.op("Select", [g.const(np.bool_(False)), pt, pe], T=F32), e)
    g.check("Equal-bool", g.op("Equal", [px, py], T=np.bool_, incompatible_shape_error=True), x == y)
    g.check("SelectV2-i32", g.op("SelectV2", [pc, g.const(np.int32(1)), g.const(np.int32(-1))], T=I32),
            np.where(c, 1, -1).astype(I32))
    return g


def fam_cast():
    g = Graph("cast")
    f = np.array([1.9, -1.9, 0.5, -0.5, 0.0, -0.0, 100.7, -100.7, 2.5, 3.0], F32)
    pf = g.ph(f)
    g.check("f32-i32-trunc", g.op("Cast", [pf], SrcT=F32, DstT=I32, Truncate=False),
            np.trunc(f).astype(I32))
    g.check("f32-i64", g.op("Cast", [pf], SrcT=F32, DstT=I64, Truncate=False), np.trunc(f).astype(I64))
    fb = np.array([0.0, -0.0, 1.0, np.nan, -np.inf, 1e-30], F32)
    g.check("f32-bool", g.op("Cast", [g.ph(fb)], SrcT=F32, DstT=np.bool_, Truncate=False),
            fb != 0)
    i = np.array([-2147483648, -1, 0, 1, 16777217, 2147483647], I32)
    pi = g.ph(i)
    g.check("i32-f32", g.op("Cast", [pi], SrcT=I32, DstT=F32, Truncate=False), i.astype(F32), tol=(0, 0))
    g.check("i32-f64", g.op("Cast", [pi], SrcT=I32, DstT=np.float64, Truncate=False),
            i.astype(np.float64), tol=(0, 0))
    g.check("i32-bool", g.op("Cast", [pi], SrcT=I32, DstT=np.bool_, Truncate=False), i != 0)
    g.check("i32-i64", g.op("Cast", [pi], SrcT=I32, DstT=I64, Truncate=False), i.astype(I64))
    i64 = np.array([2**40 + 5, -(2**33) - 1, -1, 7], I64)
    g.check("i64-i32-wrap", g.op("Cast", [g.ph(i64)], SrcT=I64, DstT=I32, Truncate=False),
            i64.astype(I32))
    b = np.array([True, False, True])
    pb = g.ph(b)
    g.check("bool-f32", g.op("Cast", [pb], SrcT=np.bool_, DstT=F32, Truncate=False), b.astype(F32))
    g.check("bool-i32", g.op("Cast", [pb], SrcT=np.bool_, DstT=I32, Truncate=False), b.astype(I32))
    d = np.array([1.0000000001, -3.3, np.nan, np.inf], np.float64)
    g.check("f64-f32", g.op("Cast", [g.ph(d)], SrcT=np.float64, DstT=F32, Truncate=False),
            d.astype(F32), tol=(0, 0))
    u = np.array([0, 255, 128], np.uint8)
    g.check("u8-f32", g.op("Cast", [g.ph(u)], SrcT=np.uint8, DstT=F32, Truncate=False), u.astype(F32))
    return g


def fam_matmul():
    g = Graph("matmul")
    a, b = randf(3, 4), randf(4, 5)
    A, B = f64(a), f64(b)
    pa, pb = g.ph(a), g.ph(b)
    g.check("MatMul", g.op("MatMul", [pa, pb], T=F32, transpose_a=False, transpose_b=False),
            (A @ B).astype(F32))
    pat, pbt = g.ph(a.T.copy()), g.ph(b.T.copy())
    g.check("MatMul-ta", g.op("MatMul", [pat, pb], T=F32, transpose_a=True, transpose_b=False),
            (A @ B).astype(F32))
    g.check("MatMul-tb", g.op("MatMul", [pa, pbt], T=F32, transpose_a=False, transpose_b=True),
            (A @ B).astype(F32))
    g.check("MatMul-ta-tb", g.op("MatMul", [pat, pbt], T=F32, transpose_a=True, transpose_b=True),
            (A @ B).astype(F32))
    ia, ib = rng.randint(-5, 6, (2, 3)).astype(I32), rng.randint(-5, 6, (3, 2)).astype(I32)
    g.check("MatMul-i32", g.op("MatMul", [g.ph(ia), g.ph(ib)], T=I32, transpose_a=False,
                               transpose_b=False), ia @ ib)
    x, y = randf(2, 1, 3, 4), randf(3, 4, 2)
    g.check("BatchMatMulV2-bcast", g.op("BatchMatMulV2", [g.ph(x), g.ph(y)], T=F32, adj_x=False,
                                        adj_y=False), np.matmul(f64(x), f64(y)).astype(F32))
    x2, y2 = randf(4, 2, 3), randf(1, 5, 3)
    g.check("BatchMatMulV2-adj", g.op("BatchMatMulV2", [g.ph(x2.transpose(0, 2, 1).copy()), g.ph(y2)],
                                      T=F32, adj_x=True, adj_y=True),
            np.matmul(f64(x2), f64(y2).transpose(0, 2, 1)).astype(F32))
    x3, y3 = randf(3, 4), randf(2, 4, 2)
    g.check("BatchMatMulV2-rank2-lhs", g.op("BatchMatMulV2", [g.ph(x3), g.ph(y3)], T=F32,
                                            adj_x=False, adj_y=False),
            np.matmul(f64(x3), f64(y3)).astype(F32))
    return g


def fam_conv():
    g = Graph("conv")
    x = randf(2, 7, 6, 3)
    w = randf(3, 2, 3, 4)
    px, pw = g.ph(x), g.ph(w)
    for pad in ["SAME", "VALID"]:
        for st in [1, 2]:
            for dl in [1, 2]:
                if st > 1 and dl > 1:
                    continue  # TF CPU rejects strides>1 with dilations>1
                s, d = [1, st, st, 1], [1, dl, dl, 1]
                g.check("Conv2D-NHWC-%s-s%d-d%d" % (pad, st, dl),
                        g.op("Conv2D", [px, pw], T=F32, strides=s, padding=pad, dilations=d,
                             data_format="NHWC", use_cudnn_on_gpu=True),
                        conv_ref(x, w, s, pad, d).astype(F32))
    s = [1, 2, 1, 1]
    g.check("Conv2D-NHWC-SAME-s21", g.op("Conv2D", [px, pw], T=F32, strides=s, padding="SAME",
                                         dilations=[1, 1, 1, 1], data_format="NHWC"),
            conv_ref(x, w, s, "SAME", [1, 1, 1, 1]).astype(F32))
    ep = [[0, 0], [2, 1], [0, 3], [0, 0]]
    xe = np.pad(x, ep)
    g.check("Conv2D-EXPLICIT", g.op("Conv2D", [px, pw], T=F32, strides=[1, 2, 1, 1], padding="EXPLICIT",
                                    explicit_paddings=sum(ep, []), dilations=[1, 1, 1, 1],
                                    data_format="NHWC"),
            conv_ref(xe, w, [1, 2, 1, 1], "VALID", [1, 1, 1, 1]).astype(F32))
    xc = x.transpose(0, 3, 1, 2).copy()
    pxc = g.ph(xc)
    g.check("Conv2D-NCHW-SAME-d2", g.op("Conv2D", [pxc, pw], T=F32, strides=[1, 1, 1, 1], padding="SAME",
                                        dilations=[1, 1, 2, 2], data_format="NCHW"),
            conv_ref(xc, w, [1, 1, 1, 1], "SAME", [1, 1, 2, 2], nchw=True).astype(F32))
    for pad in ["SAME", "VALID"]:
        s = [1, 1, 2, 2]
        g.check("Conv2D-NCHW-%s-s2" % pad,
                g.op("Conv2D", [pxc, pw], T=F32, strides=s, padding=pad, dilations=[1, 1, 1, 1],
                     data_format="NCHW"),
                conv_ref(xc, w, s, pad, [1, 1, 1, 1], nchw=True).astype(F32))
    wd = randf(3, 3, 3, 2)
    pwd = g.ph(wd)
    for pad in ["SAME", "VALID"]:
        for st, dl in [(1, 1), (2, 1), (1, 2)]:
            s, d = [1, st, st, 1], [1, dl, dl, 1]
            g.check("Depthwise-%s-s%d-d%d" % (pad, st, dl),
                    g.op("DepthwiseConv2dNative", [px, pwd], T=F32, strides=s, padding=pad,
                         dilations=d, data_format="NHWC"),
                    conv_ref(x, wd, s, pad, d, depthwise=True).astype(F32))
    wd1 = randf(3, 3, 3, 1)
    g.check("Depthwise-NCHW-SAME-s2", g.op("DepthwiseConv2dNative", [pxc, g.ph(wd1)], T=F32,
                                           strides=[1, 1, 2, 2], padding="SAME", dilations=[1, 1, 1, 1],
                                           data_format="NCHW"),
            conv_ref(x, wd1, [1, 2, 2, 1], "SAME", [1, 1, 1, 1], depthwise=True)
            .transpose(0, 3, 1, 2).astype(F32))
    for pad, st in [("SAME", 2), ("VALID", 2), ("SAME", 1)]:
        in_shape = (2, 7, 6, 3)
        s = [1, st, st, 1]
        out_sp = conv_ref(x, w, s, pad, [1, 1, 1, 1]).shape
        dy = randf(*out_sp)
        g.check("Conv2DBackpropInput-%s-s%d" % (pad, st),
                g.op("Conv2DBackpropInput", [g.const(np.array(in_shape, I32)), pw, g.ph(dy)],
                     T=F32, strides=s, padding=pad, dilations=[1, 1, 1, 1], data_format="NHWC"),
                conv_backprop_input_ref(in_shape, w, dy, s, pad).astype(F32))
    return g


def fam_pool():
    g = Graph("pool")
    x = randf(2, 7, 6, 3)
    x[0, 0, 0, 0] = -np.inf
    px = g.ph(x)
    for kind, op in [("max", "MaxPool"), ("avg", "AvgPool")]:
        for pad in ["SAME", "VALID"]:
            for k, st in [(2, 2), (3, 2), (3, 1)]:
                ks, s = [1, k, k, 1], [1, st, st, 1]
                g.check("%s-%s-k%d-s%d" % (op, pad, k, st),
                        g.op(op, [px], T=F32, ksize=ks, strides=s, padding=pad, data_format="NHWC"),
                        pool_ref(x, ks, s, pad, kind).astype(F32))
    xc = x.transpose(0, 3, 1, 2).copy()
    ks, s = [1, 1, 3, 3], [1, 1, 2, 2]
    g.check("AvgPool-NCHW-SAME", g.op("AvgPool", [g.ph(xc)], T=F32, ksize=ks, strides=s,
                                      padding="SAME", data_format="NCHW"),
            pool_ref(xc, ks, s, "SAME", "avg", nchw=True).astype(F32))
    g.check("MaxPool-NCHW-SAME", g.op("MaxPool", [g.ph(xc)], T=F32, ksize=ks, strides=s,
                                      padding="SAME", data_format="NCHW"),
            pool_ref(xc, ks, s, "SAME", "max", nchw=True).astype(F32))
    return g


def fam_reduce():
    g = Graph("reduce")
    x = randf(3, 4, 5)
    xn = x.copy()
    xn[1, 2, 3] = np.nan
    px, pxn = g.ph(x), g.ph(xn)
    X = f64(x)
    for op, fn in [("Sum", np.sum), ("Mean", np.mean), ("Max", np.max), ("Min", np.min),
                   ("Prod", np.prod)]:
        for axes, kd in [([1], False), ([-1], True), ([0, 2], False), ([-3, -2], True),
                         ([], False), ([0, 1, 2], False)]:
            ax = tuple(a % 3 for a in axes)
            g.check("%s-ax%s-kd%d" % (op, axes, kd),
                    g.op(op, [px, g.const(np.array(axes, I32))], T=F32, Tidx=I32, keep_dims=kd),
                    fn(X, axis=ax, keepdims=kd).astype(F32))
        g.check("%s-nan" % op, g.op(op, [pxn, g.const(np.int32(2))], T=F32, Tidx=I32, keep_dims=False),
                fn(f64(xn), axis=2).astype(F32))
    ix = rng.randint(-4, 5, (3, 4)).astype(I32)
    pix = g.ph(ix)
    for op, fn in [("Sum", np.sum), ("Max", np.max), ("Min", np.min), ("Prod", np.prod)]:
        g.check("%s-i32" % op, g.op(op, [pix, g.const(np.array([-1], I64))], T=I32, Tidx=I64,
                                    keep_dims=False), fn(ix, axis=-1).astype(I32))
    g.check("Mean-i32-trunc", g.op("Mean", [pix, g.const(np.array([1], I32))], T=I32, Tidx=I32,
                                   keep_dims=False),
            np.array([int(s / 4) for s in ix.sum(1)], I32))
    b = np.array([[True, True, False], [True, True, True]])
    pb = g.ph(b)
    for op, fn in [("All", np.all), ("Any", np.any)]:
        for axes, kd in [([1], False), ([-2], True), ([0, 1], False)]:
            ax = tuple(a % 2 for a in axes)
            g.check("%s-ax%s-kd%d" % (op, axes, kd),
                    g.op(op, [pb, g.const(np.array(axes, I32))], Tidx=I32, keep_dims=kd),
                    fn(b, axis=ax, keepdims=kd))
    # ArgMax/ArgMin: ties resolve to the smallest index.
    t = np.array([[1.0, 3.0, 3.0, 0.0], [-1.0, -1.0, -5.0, -5.0], [2.0, 2.0, 2.0, 2.0]], F32)
    pt = g.ph(t)
    g.check("ArgMax-ax1-ties", g.op("ArgMax", [pt, g.const(np.int32(1))], T=F32, Tidx=I32,
                                    output_type=I64), np.argmax(t, 1).astype(I64))
    g.check("ArgMin-ax-1-ties", g.op("ArgMin", [pt, g.const(np.int32(-1))], T=F32, Tidx=I32,
                                     output_type=I32), np.argmin(t, 1).astype(I32))
    g.check("ArgMax-ax0", g.op("ArgMax", [pt, g.const(np.int32(0))], T=F32, Tidx=I32,
                               output_type=I32), np.argmax(t, 0).astype(I32))
    ti = np.array([[-3, 7, 7], [4, -9, 4]], I32)
    g.check("ArgMin-i32-ax0", g.op("ArgMin", [g.ph(ti), g.const(np.int64(0))], T=I32, Tidx=I64,
                                   output_type=I64), np.argmin(ti, 0).astype(I64))
    return g


def fam_softmax():
    g = Graph("softmax")
    x = randf(3, 5) * 10
    x[2] = [1000.0, 1000.0, -1000.0, 0.0, 999.0]
    X = f64(x)
    e = np.exp(X - X.max(-1, keepdims=True))
    sm = e / e.sum(-1, keepdims=True)
    px = g.ph(x)
    g.check("Softmax", g.op("Softmax", [px], T=F32), sm.astype(F32))
    m = X.max(-1, keepdims=True)
    lsm = X - m - np.log(np.exp(X - m).sum(-1, keepdims=True))
    g.check("LogSoftmax", g.op("LogSoftmax", [px], T=F32), lsm.astype(F32))
    xi = np.array([[-np.inf, 0.0, 1.0], [-np.inf, -np.inf, -np.inf]], F32)
    pxi = g.ph(xi)
    # Softmax of a row of -inf is NaN (exp(-inf - -inf)); a -inf entry gets 0 / -inf.
    with np.errstate(all="ignore"):
        Xi = f64(xi)
        mi = Xi.max(-1, keepdims=True)
        ei = np.exp(Xi - mi)
        g.check("Softmax-neginf", g.op("Softmax", [pxi], T=F32), (ei / ei.sum(-1, keepdims=True)).astype(F32))
        g.check("LogSoftmax-neginf", g.op("LogSoftmax", [pxi], T=F32),
                (Xi - mi - np.log(ei.sum(-1, keepdims=True))).astype(F32))
    x3 = randf(2, 3, 4)
    e3 = np.exp(f64(x3)); s3 = e3 / e3.sum(-1, keepdims=True)
    g.check("Softmax-3d", g.op("Softmax", [g.ph(x3)], T=F32), s3.astype(F32))
    return g


def fam_batchnorm():
    g = Graph("batchnorm")
    x = randf(2, 4, 3, 5)
    sc, of, mu = randf(5), randf(5), randf(5)
    var = np.abs(randf(5)) + 0.1
    ps = [g.ph(v) for v in (sc, of, mu, var)]
    for eps in [0.001, 1e-5]:
        y = (f64(x) - f64(mu)) / np.sqrt(f64(var) + np.float64(np.float32(eps))) * f64(sc) + f64(of)
        g.check("FusedBatchNormV3-NHWC-eps%g" % eps,
                g.op("FusedBatchNormV3", [g.ph(x)] + ps, T=F32, U=F32, epsilon=eps,
                     data_format="NHWC", is_training=False, exponential_avg_factor=1.0),
                y.astype(F32))
        xc = x.transpose(0, 3, 1, 2).copy()
        g.check("FusedBatchNormV3-NCHW-eps%g" % eps,
                g.op("FusedBatchNormV3", [g.ph(xc)] + ps, T=F32, U=F32, epsilon=eps,
                     data_format="NCHW", is_training=False, exponential_avg_factor=1.0),
                y.transpose(0, 3, 1, 2).astype(F32))
    return g


def strided_slice_ref(x, begin, end, strides, bm=0, em=0, elm=0, nam=0, sam=0):
    idx = []
    for i in range(len(begin)):
        if elm >> i & 1:
            idx.append(Ellipsis)
        elif nam >> i & 1:
            idx.append(None)
        elif sam >> i & 1:
            idx.append(begin[i])
        else:
            idx.append(slice(None if bm >> i & 1 else begin[i],
                             None if em >> i & 1 else end[i], strides[i]))
    return x[tuple(idx)]


def fam_shape():
    g = Graph("shape")
    x = randf(2, 3, 4)
    px = g.ph(x)
    c = lambda v, dt=I32: g.const(np.array(v, dt))
    g.check("Reshape", g.op("Reshape", [px, c([4, -1])], T=F32, Tshape=I32), x.reshape(4, -1))
    g.check("Reshape-i64", g.op("Reshape", [px, c([-1], I64)], T=F32, Tshape=I64), x.reshape(-1))
    g.check("Transpose", g.op("Transpose", [px, c([2, 0, 1])], T=F32, Tperm=I32), x.transpose(2, 0, 1))
    y = randf(2, 5, 4)
    py = g.ph(y)
    g.check("ConcatV2-ax1", g.op("ConcatV2", [px, py, c(1)], T=F32, N=2, Tidx=I32),
            np.concatenate([x, y], 1))
    g.check("ConcatV2-ax-2", g.op("ConcatV2", [px, py, px, c(-2)], T=F32, N=3, Tidx=I32),
            np.concatenate([x, y, x], -2))
    g.check("Pack-ax0", g.op("Pack", [px, px], T=F32, N=2, axis=0), np.stack([x, x], 0))
    g.check("Pack-ax-1", g.op("Pack", [px, px, px], T=F32, N=3, axis=-1), np.stack([x, x, x], -1))
    up = g.op("Unpack", [px], T=F32, num=3, axis=1)
    for i in range(3):
        g.check("Unpack-ax1-%d" % i, "%s:%d" % (up, i), x[:, i])
    up2 = g.op("Unpack", [px], T=F32, num=4, axis=-1)
    g.check("Unpack-ax-1-3", up2 + ":3", x[..., 3])
    sp = g.op("Split", [c(-1), px], T=F32, num_split=2)
    for i in range(2):
        g.check("Split-ax-1-%d" % i, "%s:%d" % (sp, i), np.split(x, 2, -1)[i])
    sv = g.op("SplitV", [px, c([1, -1, 2]), c(2)], T=F32, Tlen=I32, num_split=3)
    for i, ref in enumerate([x[..., :1], x[..., 1:2], x[..., 2:]]):
        g.check("SplitV-%d" % i, "%s:%d" % (sv, i), ref)
    g.check("Slice", g.op("Slice", [px, c([1, 0, 1]), c([1, -1, 2])], T=F32, Index=I32), x[1:2, :, 1:3])
    z = randf(4, 5, 6)
    pz = g.ph(z)
    ss = [("basic", [1, 0, 1], [3, 5, 5], [1, 2, 2], {}),
          ("neg-stride", [3, -1, 5], [0, 0, 0], [-1, -2, -2], {}),
          ("begin-end-mask", [1, 2, 3], [2, 4, 5], [1, 1, 1], dict(bm=0b101, em=0b010)),
          ("shrink", [2, 1, 0], [3, 4, 6], [1, 1, 3], dict(sam=0b001)),
          ("newaxis", [0, 1, 0, 0], [0, 3, 0, 0], [1, 1, 1, 1], dict(nam=0b1, bm=0b1100, em=0b1100)),
          ("ellipsis", [0, -2], [0, -1], [1, 1], dict(elm=0b1, sam=0b10)),
          ("shrink-neg", [0, -1, 0], [0, 0, 0], [1, 1, 1], dict(bm=0b101, em=0b101, sam=0b010)),
          ("neg-index", [-3, -4, -1], [-1, -1, -7], [1, 2, -1], {}),
          ("out-of-range", [-10, 0, 2], [10, 100, 4], [1, 1, 1], {})]
    for name, b, e, s, m in ss:
        g.check("StridedSlice-" + name,
                g.op("StridedSlice", [pz, c(b), c(e), c(s)], T=F32, Index=I32,
                     begin_mask=m.get("bm", 0), end_mask=m.get("em", 0),
                     ellipsis_mask=m.get("elm", 0), new_axis_mask=m.get("nam", 0),
                     shrink_axis_mask=m.get("sam", 0)),
                strided_slice_ref(z, b, e, s, **m))
    pads = [[1, 0], [0, 2], [2, 1]]
    g.check("Pad", g.op("Pad", [px, c(pads)], T=F32, Tpaddings=I32), np.pad(x, pads))
    g.check("PadV2", g.op("PadV2", [px, c(pads, I64), g.const(np.float32(-1.5))], T=F32,
                          Tpaddings=I64), np.pad(x, pads, constant_values=-1.5))
    mp = [[1, 1], [0, 2], [3, 0]]
    g.check("MirrorPad-REFLECT", g.op("MirrorPad", [px, c(mp)], T=F32, Tpaddings=I32, mode="REFLECT"),
            np.pad(x, mp, mode="reflect"))
    mp2 = [[2, 1], [3, 0], [4, 1]]
    g.check("MirrorPad-SYMMETRIC", g.op("MirrorPad", [px, c(mp2)], T=F32, Tpaddings=I32,
                                        mode="SYMMETRIC"), np.pad(x, mp2, mode="symmetric"))
    g.check("Tile", g.op("Tile", [px, c([2, 1, 3])], T=F32, Tmultiples=I32), np.tile(x, [2, 1, 3]))
    v = randf(3, 1)
    g.check("BroadcastTo", g.op("BroadcastTo", [g.ph(v), c([2, 3, 4])], T=F32, Tidx=I32),
            np.broadcast_to(v, (2, 3, 4)))
    g.check("ExpandDims-0", g.op("ExpandDims", [px, c(0)], T=F32, Tdim=I32), x[None])
    g.check("ExpandDims--1", g.op("ExpandDims", [px, c(-1)], T=F32, Tdim=I32), x[..., None])
    s1 = randf(1, 3, 1, 2)
    ps1 = g.ph(s1)
    g.check("Squeeze-all", g.op("Squeeze", [ps1], T=F32, squeeze_dims=[]), s1.reshape(3, 2))
    g.check("Squeeze--2", g.op("Squeeze", [ps1], T=F32, squeeze_dims=[-2]), s1.reshape(1, 3, 2))
    g.check("ReverseV2", g.op("ReverseV2", [px, c([0, -1])], T=F32, Tidx=I32), x[::-1, :, ::-1])
    bb = np.array([[True, False], [False, False]])
    g.check("ConcatV2-bool", g.op("ConcatV2", [g.ph(bb), g.ph(~bb), c(0)], T=np.bool_, N=2, Tidx=I32),
            np.concatenate([bb, ~bb], 0))
    i64 = np.array([[-(2**40), 3]], I64)
    g.check("Tile-i64", g.op("Tile", [g.ph(i64), c([2, 2], I64)], T=I64, Tmultiples=I64), np.tile(i64, [2, 2]))
    ix = rng.randint(-9, 9, (2, 3)).astype(I32)
    g.check("Transpose-i32", g.op("Transpose", [g.ph(ix), c([1, 0])], T=I32, Tperm=I32), ix.T)
    return g


def gather_ref(params, indices, axis, batch_dims):
    axis %= params.ndim
    out_shape = params.shape[:axis] + indices.shape[batch_dims:] + params.shape[axis + 1:]
    bshape = params.shape[:batch_dims]
    out = np.zeros(out_shape, params.dtype)
    for b in np.ndindex(*bshape):
        p = params[b]
        ind = indices[b]
        r = np.take(p, ind, axis=axis - batch_dims)
        out[b] = r
    return out


def fam_gather():
    g = Graph("gather")
    p = randf(3, 4, 5)
    pp = g.ph(p)
    c = lambda v, dt=I32: g.const(np.array(v, dt))
    ind = np.array([[2, 0], [1, 1]], I32)
    pind = g.ph(ind)
    for ax in [0, 1, -1]:
        g.check("GatherV2-ax%d" % ax, g.op("GatherV2", [pp, pind, c(ax)], Tparams=F32,
                                           Tindices=I32, Taxis=I32, batch_dims=0),
                np.take(p, ind, axis=ax))
    bi = np.array([[0, 3, 3], [1, 0, 2], [2, 2, 1]], I64)
    g.check("GatherV2-batch1-ax1", g.op("GatherV2", [pp, g.ph(bi), c(1)], Tparams=F32,
                                        Tindices=I64, Taxis=I32, batch_dims=1),
            gather_ref(p, bi, 1, 1))
    g.check("GatherV2-batch1-ax-1", g.op("GatherV2", [pp, g.ph(bi), c(-1)], Tparams=F32,
                                         Tindices=I64, Taxis=I32, batch_dims=-1),
            gather_ref(p, bi, 2, 1))
    g.check("GatherV2-scalar-idx", g.op("GatherV2", [pp, c(2), c(1)], Tparams=F32,
                                        Tindices=I32, Taxis=I32, batch_dims=0), p[:, 2])
    ni = np.array([[0, 1], [2, 3], [1, 0]], I32)
    g.check("GatherNd-partial", g.op("GatherNd", [pp, g.ph(ni)], Tparams=F32, Tindices=I32),
            p[ni[:, 0], ni[:, 1]])
    nf = np.array([[[0, 1, 4]], [[2, 3, 0]]], I32)
    g.check("GatherNd-full", g.op("GatherNd", [pp, g.ph(nf)], Tparams=F32, Tindices=I32),
            p[nf[..., 0], nf[..., 1], nf[..., 2]])
    # ScatterNd: duplicates are summed.
    si = np.array([[4], [3], [1], [7], [1]], I32)
    up = np.array([9, 10, 11, 12, 13], F32)
    ref = np.zeros(8, F32)
    np.add.at(ref, si[:, 0], up)
    g.check("ScatterNd-dup-sum", g.op("ScatterNd", [g.ph(si), g.ph(up), c([8])], T=F32, Tindices=I32),
            ref)
    si2 = np.array([[0], [2]], I32)
    up2 = randf(2, 4, 4)
    ref2 = np.zeros((4, 4, 4), F32)
    ref2[[0, 2]] = up2
    g.check("ScatterNd-slices", g.op("ScatterNd", [g.ph(si2), g.ph(up2), c([4, 4, 4])], T=F32,
                                     Tindices=I32), ref2)
    iu = np.array([5, -2, 7], I32)
    g.check("ScatterNd-i32", g.op("ScatterNd", [g.ph(np.array([[1, 0], [0, 1], [1, 0]], I32)),
                                                g.ph(iu), c([2, 2])], T=I32, Tindices=I32),
            np.array([[0, -2], [12, 0]], I32))
    return g


def resize_bilinear_ref(x, oh, ow, ac, hp):
    n, h, w, c = x.shape
    X = f64(x)

    def weights(out, inn):
        sc = (inn - 1) / (out - 1) if (ac and out > 1) else inn / out
        res = []
        for i in range(out):
            v = ((i + 0.5) * sc - 0.5) if hp else i * sc
            f = math.floor(v)
            res.append((max(f, 0), min(math.ceil(v), inn - 1), v - f))
        return res
    wy, wx = weights(oh, h), weights(ow, w)
    out = np.zeros((n, oh, ow, c))
    for i, (y0, y1, ly) in enumerate(wy):
        for j, (x0, x1, lx) in enumerate(wx):
            top = X[:, y0, x0] + (X[:, y0, x1] - X[:, y0, x0]) * lx
            bot = X[:, y1, x0] + (X[:, y1, x1] - X[:, y1, x0]) * lx
            out[:, i, j] = top + (bot - top) * ly
    return out


def resize_nearest_ref(x, oh, ow, ac, hp):
    n, h, w, c = x.shape

    def idx(out, inn):
        sc = (inn - 1) / (out - 1) if (ac and out > 1) else inn / out
        r = []
        for i in range(out):
            if hp:
                v = min(int(math.floor((i + 0.5) * sc)), inn - 1)
                v = max(v, 0)
            elif ac:
                s = i * sc
                v = min(int(math.floor(s + 0.5)), inn - 1)  # roundf, s >= 0
            else:
                v = min(int(math.floor(i * sc)), inn - 1)
            r.append(v)
        return r
    return x[:, idx(oh, h)][:, :, idx(ow, w)]


def fam_resize():
    g = Graph("resize")
    x = randf(2, 3, 4, 2)
    px = g.ph(x)
    for oh, ow in [(5, 7), (2, 3), (6, 8)]:
        for ac, hp in [(False, False), (True, False), (False, True)]:
            sz = g.const(np.array([oh, ow], I32))
            g.check("Bilinear-%dx%d-ac%d-hp%d" % (oh, ow, ac, hp),
                    g.op("ResizeBilinear", [px, sz], T=F32, align_corners=ac, half_pixel_centers=hp),
                    resize_bilinear_ref(x, oh, ow, ac, hp).astype(F32))
            g.check("Nearest-%dx%d-ac%d-hp%d" % (oh, ow, ac, hp),
                    g.op("ResizeNearestNeighbor", [px, sz], T=F32, align_corners=ac,
                         half_pixel_centers=hp),
                    resize_nearest_ref(x, oh, ow, ac, hp))
    xu = rng.randint(0, 256, (1, 3, 4, 2)).astype(np.uint8)
    g.check("Bilinear-u8-5x6", g.op("ResizeBilinear", [g.ph(xu), g.const(np.array([5, 6], I32))],
                                    T=np.uint8, align_corners=False, half_pixel_centers=True),
            resize_bilinear_ref(xu, 5, 6, False, True).astype(F32))
    g.check("Nearest-i32-5x6", g.op("ResizeNearestNeighbor", [g.ph(xu.astype(I32)),
                                                             g.const(np.array([5, 6], I32))],
                                    T=I32, align_corners=False, half_pixel_centers=True),
            resize_nearest_ref(xu.astype(I32), 5, 6, False, True))
    return g


def space_to_batch_ref(x, block, pads):
    m = len(block)
    xp = np.pad(x, [[0, 0]] + [list(p) for p in pads] + [[0, 0]] * (x.ndim - 1 - m))
    b = x.shape[0]
    sp = xp.shape[1:1 + m]
    rest = xp.shape[1 + m:]
    shp = [b]
    for s, k in zip(sp, block):
        shp += [s // k, k]
    r = xp.reshape(shp + list(rest))
    perm = [2 + 2 * i for i in range(m)] + [0] + [1 + 2 * i for i in range(m)] + \
        list(range(1 + 2 * m, r.ndim))
    r = r.transpose(perm)
    return r.reshape([b * int(np.prod(block))] + [s // k for s, k in zip(sp, block)] + list(rest))


def batch_to_space_ref(x, block, crops):
    m = len(block)
    B = x.shape[0]
    pb = int(np.prod(block))
    b = B // pb
    sp = x.shape[1:1 + m]
    rest = x.shape[1 + m:]
    r = x.reshape(list(block) + [b] + list(sp) + list(rest))
    perm = [m]
    for i in range(m):
        perm += [m + 1 + i, i]
    perm += list(range(2 * m + 1, r.ndim))
    r = r.transpose(perm)
    r = r.reshape([b] + [s * k for s, k in zip(sp, block)] + list(rest))
    sl = [slice(None)] + [slice(c0, r.shape[1 + i] - c1) for i, (c0, c1) in enumerate(crops)]
    return r[tuple(sl)]


def fam_space():
    g = Graph("space")
    c = lambda v, dt=I32: g.const(np.array(v, dt))
    x = randf(2, 4, 6, 3)
    px = g.ph(x)
    for block, pads in [([2, 2], [[0, 0], [0, 0]]), ([2, 3], [[1, 1], [2, 1]])]:
        g.check("SpaceToBatchND-%s-%s" % (block, pads),
                g.op("SpaceToBatchND", [px, c(block), c(pads)], T=F32, Tblock_shape=I32,
                     Tpaddings=I32), space_to_batch_ref(x, block, pads))
    x1 = randf(1, 6, 2)
    g.check("SpaceToBatchND-1d", g.op("SpaceToBatchND", [g.ph(x1), c([3], I64), c([[2, 1]], I64)],
                                      T=F32, Tblock_shape=I64, Tpaddings=I64),
            space_to_batch_ref(x1, [3], [[2, 1]]))
    y = randf(8, 2, 3, 2)
    for block, crops in [([2, 2], [[0, 0], [0, 0]]), ([2, 4], [[1, 0], [2, 3]])]:
        g.check("BatchToSpaceND-%s-%s" % (block, crops),
                g.op("BatchToSpaceND", [g.ph(y), c(block), c(crops)], T=F32, Tblock_shape=I32,
                     Tcrops=I32), batch_to_space_ref(y, block, crops))
    for bs in [2]:
        n, h, w, ch = x.shape
        ref = x.reshape(n, h // bs, bs, w // bs, bs, ch).transpose(0, 1, 3, 2, 4, 5).reshape(
            n, h // bs, w // bs, bs * bs * ch)
        g.check("SpaceToDepth-NHWC", g.op("SpaceToDepth", [px], T=F32, block_size=bs,
                                          data_format="NHWC"), ref)
        d = randf(2, 2, 3, 8)
        n, h, w, ch = d.shape
        ref = d.reshape(n, h, w, bs, bs, ch // 4).transpose(0, 1, 3, 2, 4, 5).reshape(
            n, h * bs, w * bs, ch // 4)
        g.check("DepthToSpace-NHWC", g.op("DepthToSpace", [g.ph(d)], T=F32, block_size=bs,
                                          data_format="NHWC"), ref)
        # NCHW: the same rearrangement on the NHWC view (TF docs).
        g.check("DepthToSpace-NCHW", g.op("DepthToSpace", [g.ph(d.transpose(0, 3, 1, 2).copy())], T=F32,
                                          block_size=bs, data_format="NCHW"), ref.transpose(0, 3, 1, 2))
        n, h, w, ch = x.shape
        ref = x.reshape(n, h // bs, bs, w // bs, bs, ch).transpose(0, 1, 3, 2, 4, 5).reshape(
            n, h // bs, w // bs, bs * bs * ch)
        g.check("SpaceToDepth-NCHW", g.op("SpaceToDepth", [g.ph(x.transpose(0, 3, 1, 2).copy())], T=F32,
                                          block_size=bs, data_format="NCHW"), ref.transpose(0, 3, 1, 2))
    return g


def fam_cumulative():
    g = Graph("cumulative")
    x = randf(3, 4)
    px = g.ph(x)
    X = f64(x)
    for op, fn, ident in [("Cumsum", np.cumsum, 0.0), ("Cumprod", np.cumprod, 1.0)]:
        for ax in [0, 1, -1]:
            for ex in [False, True]:
                for rv in [False, True]:
                    a = X
                    if rv:
                        a = np.flip(a, ax)
                    r = fn(a, axis=ax)
                    if ex:
                        r = np.concatenate([np.full_like(np.take(r, [0], ax), ident),
                                            np.take(r, range(r.shape[ax] - 1), ax)], ax)
                    if rv:
                        r = np.flip(r, ax)
                    g.check("%s-ax%d-ex%d-rev%d" % (op, ax, ex, rv),
                            g.op(op, [px, g.const(np.int32(ax))], T=F32, Tidx=I32,
                                 exclusive=ex, reverse=rv), r.astype(F32))
    ix = np.array([3, -1, 4, -1, 5], I32)
    g.check("Cumsum-i32", g.op("Cumsum", [g.ph(ix), g.const(np.int32(0))], T=I32, Tidx=I32,
                               exclusive=False, reverse=False), np.cumsum(ix).astype(I32))
    pix = g.ph(ix)
    g.check("Cumsum-i32-ex-rev", g.op("Cumsum", [pix, g.const(np.int32(-1))], T=I32, Tidx=I32,
                                      exclusive=True, reverse=True),
            np.array([7, 8, 4, 5, 0], I32))
    g.check("Cumprod-i32-ex", g.op("Cumprod", [pix, g.const(np.int64(0))], T=I32, Tidx=I64,
                                   exclusive=True, reverse=False),
            np.array([1, 3, -3, -12, 12], I32))
    return g


def fam_onehot():
    g = Graph("onehot")
    ind = np.array([[0, 2, -1], [3, 1, 5]], I32)
    pi = g.ph(ind)
    depth = 4

    def ref(axis, on, off, dt):
        r = np.where(ind[..., None] == np.arange(depth), on, off).astype(dt)
        return np.moveaxis(r, -1, axis) if axis != -1 else r
    for axis in [-1, 0, 1]:
        g.check("OneHot-ax%d" % axis,
                g.op("OneHot", [pi, g.const(np.int32(depth)), g.const(np.float32(2.5)),
                                g.const(np.float32(-1.0))], T=F32, TI=I32, axis=axis),
                ref(axis, 2.5, -1.0, F32))
    g.check("OneHot-i32", g.op("OneHot", [g.ph(ind.astype(I64)), g.const(np.int32(depth)),
                                          g.const(np.int32(1)), g.const(np.int32(0))],
                               T=I32, TI=I64, axis=-1), ref(-1, 1, 0, I32))
    return g


def fam_topk():
    g = Graph("topk")
    x = np.array([[1.0, 3.0, 3.0, -2.0, 5.0, 0.0], [-1.0, -1.0, -1.0, 2.0, 2.0, -0.5]], F32)
    x2 = randf(3, 10)
    for nm, a, k in [("ties", x, 3), ("rand", x2, 4), ("k1", x2, 1), ("kall", x, 6)]:
        t = g.op("TopKV2", [g.ph(a), g.const(np.int32(k))], T=F32, sorted=True, Tk=I32,
                 index_type=I32)
        order = np.argsort(-f64(a), axis=-1, kind="stable")[:, :k]
        g.check("TopKV2-%s-values" % nm, t + ":0", np.take_along_axis(a, order, -1))
        g.check("TopKV2-%s-indices" % nm, t + ":1", order.astype(I32))
    ix = np.array([4, -7, 9, 9, 0], I32)
    t = g.op("TopKV2", [g.ph(ix), g.const(np.int32(2))], T=I32, sorted=True)
    g.check("TopKV2-i32-values", t + ":0", np.array([9, 9], I32))
    g.check("TopKV2-i32-indices", t + ":1", np.array([2, 3], I32))
    return g


def fam_empty():
    g = Graph("empty")
    e = np.zeros((0, 3), F32)
    pe = g.ph(e)
    g.check("Add-empty", g.op("AddV2", [pe, g.const(np.ones(3, F32))], T=F32), np.zeros((0, 3), F32))
    g.check("Sum-empty-ax0", g.op("Sum", [pe, g.const(np.array([0], I32))], T=F32, Tidx=I32,
                                  keep_dims=False), np.zeros(3, F32))
    g.check("Sum-empty-ax1", g.op("Sum", [pe, g.const(np.array([1], I32))], T=F32, Tidx=I32,
                                  keep_dims=True), np.zeros((0, 1), F32))
    g.check("Max-empty-ax0", g.op("Max", [pe, g.const(np.array([0], I32))], T=F32, Tidx=I32,
                                  keep_dims=False), np.full(3, -np.inf, F32))
    g.check("Prod-empty-ax0", g.op("Prod", [pe, g.const(np.array([0], I32))], T=F32, Tidx=I32,
                                   keep_dims=False), np.ones(3, F32))
    g.check("Min-empty-ax0", g.op("Min", [pe, g.const(np.array([0], I32))], T=F32, Tidx=I32,
                                  keep_dims=False), np.full(3, np.inf, F32))
    # Mean over zero elements is 0/0.
    g.check("Mean-empty-ax0", g.op("Mean", [pe, g.const(np.array([0], I32))], T=F32, Tidx=I32,
                                   keep_dims=False), np.full(3, np.nan, F32))
    m23 = randf(2, 3)
    g.check("ConcatV2-empty", g.op("ConcatV2", [pe, g.ph(m23), g.const(np.int32(0))], T=F32, N=2,
                                   Tidx=I32), m23)
    g.check("Reshape-empty", g.op("Reshape", [pe, g.const(np.array([3, 0, 5], I32))], T=F32,
                                  Tshape=I32), np.zeros((3, 0, 5), F32))
    w = randf(3, 2)
    g.check("MatMul-empty-rows", g.op("MatMul", [pe, g.ph(w)], T=F32, transpose_a=False,
                                      transpose_b=False), np.zeros((0, 2), F32))
    g.check("MatMul-empty-k", g.op("MatMul", [g.ph(np.zeros((2, 0), F32)), g.ph(np.zeros((0, 3), F32))],
                                   T=F32, transpose_a=False, transpose_b=False), np.zeros((2, 3), F32))
    return g


def fam_transcendental():
    """Erf/Erfc, inverse trigonometric and hyperbolic functions, Softsign:
    domain edges (+-1 for Asin/Acos/Atanh, 1 for Acosh), values past the
    domain (NaN), NaN/Inf, tiny and huge arguments."""
    g = Graph("transcendental")
    erf = np.vectorize(math.erf)
    erfc = np.vectorize(math.erfc)
    wide = np.concatenate([np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-20, -1e-6, 0.5,
                                     -3.0, 5.0, 30.0, -80.0, 1e10, -1e30], F32), randf(16, lo=-5, hi=5)])
    unit = np.concatenate([np.array([1.0, -1.0, 0.0, 1e-7, -0.999999, 0.9999, 1.5, -2.0, np.nan],
                                    F32), randf(16, lo=-1, hi=1)])
    big = np.concatenate([np.array([1.0, 1.0000001, 2.0, 1e10, 1e30, 0.5, -3.0, np.inf, np.nan],
                                   F32), randf(16, lo=1, hi=20)])
    pw, pu, pb = g.ph(wide), g.ph(unit), g.ph(big)
    W, U, Bg = f64(wide), f64(unit), f64(big)
    with np.errstate(all="ignore"):
        cases = [("Erf", pw, erf(W)),
                 ("Erfc", pw, erfc(W)),
                 ("Atan", pw, np.arctan(W)), ("Sinh", pw, np.sinh(W)), ("Cosh", pw, np.cosh(W)),
                 ("Asinh", pw, np.arcsinh(W)), ("Softsign", pw, W / (1 + np.abs(W))),
                 ("Asin", pu, np.arcsin(U)), ("Acos", pu, np.arccos(U)),
                 ("Atanh", pu, np.arctanh(U)), ("Acosh", pb, np.arccosh(Bg))]
        for op, inp, ref in cases:
            # float32 transcendental: abs 1e-6 + rel 1e-5 (erf's rational
            # approximation is within 1e-7 absolute).
            g.check(op, g.op(op, [inp], T=F32), ref.astype(F32), tol=(1e-6, 1e-5))
    return g


# Reference values of the special functions: mpmath 1.2.1 at 50 digits (400
# for ndtri's tails), with Eigen's domain rules (TF's CPU kernels) applied
# first; generated once by a script (mpmath is not a test dependency). Each
# row: the inputs as float64, the value at those inputs, and the value at
# the inputs rounded to float32 (what a float32 graph computes).
NAN, INF = float("nan"), float("inf")
ZETA = [
    (2.0, 1.0, 1.6449340668482264, 1.6449340668482264),
    (2.0, 0.5, 4.934802200544679, 4.934802200544679),
    (3.5, 2.7, 0.05202725101017962, 0.05202724833305689),
    (1.5, 0.3, 8.237761671459724, 8.237761294712385),
    (10.0, 1.5, 0.0174503557579013, 0.0174503557579013),
    (30.0, 0.9, 23.589824880264747, 23.58984362778089),
    (1.0001, 2.0, 9999.577222947539, 9997.91810495003),
    (4.0, 100.0, 3.383666650002222e-07, 3.383666650002222e-07),
    (1.7787856, 0.7717289, 2.6176227581698104, 2.617622888262142),
    (1.0, 2.0, INF, INF),
    (0.5, 2.0, NAN, NAN),
    (-1.0, 3.0, NAN, NAN),
    (2.0, 0.0, INF, INF),
    (3.0, 0.0, NAN, NAN),
    (2.0, -1.0, INF, INF),
    (3.0, -2.0, NAN, NAN),
    (2.0, -2.5, 9.539246644989124, 9.539246644989124),
    (3.0, -2.5, 0.0541020258208637, 0.0541020258208637),
    (2.5, -2.5, NAN, NAN),
    (INF, 2.0, NAN, NAN),  # Eigen: 0 / 0 stops no loop; inf * 0 in the tail
    (INF, 1.0, 1.0, 1.0),
    (INF, 0.5, INF, INF),
    (NAN, 2.0, NAN, NAN),
    (2.0, NAN, NAN, NAN),
    (2.0, INF, NAN, NAN),
    (6.0, 0.001, 9.999999999999999e+17, 9.999997150153395e+17),
]
POLYGAMMA = [
    (0.0, 0.5, -1.9635100260214235, -1.9635100260214235),
    (0.0, 2.5, 0.7031566406452432, 0.7031566406452432),
    (0.0, -1.5, 0.7031566406452432, 0.7031566406452432),
    (0.0, 10.0, 2.251752589066721, 2.251752589066721),
    (1.0, 0.5, 4.934802200544679, 4.934802200544679),
    (1.0, 1.0, 1.6449340668482264, 1.6449340668482264),
    (1.0, 3.7, 0.3100378576700383, 0.3100378531212356),
    (2.0, 1.5, -0.82879664423432, -0.82879664423432),
    (3.0, 0.2, 3753.244994864725, 3753.2447713168804),
    (4.0, 8.0, -0.0018687951506376134, -0.0018687951506376134),
    (1.0, -1.5, 9.379246644989124, 9.379246644989124),
    (2.0, -2.5, -0.1082040516417274, -0.1082040516417274),
    (1.0, 0.0, INF, INF),
    (2.0, 0.0, NAN, NAN),
    (1.0, -3.0, INF, INF),
    (-1.0, 2.0, NAN, NAN),
    (1.5, 2.0, NAN, NAN),
    (NAN, 2.0, NAN, NAN),
    (1.0, NAN, NAN, NAN),
    (0.0, 0.0, NAN, NAN),
    (6.0, 2.0, -6.011479714984436, -6.011479714984436),
]
NDTRI = [
    (0.0, -INF, -INF),
    (1.0, INF, INF),
    (0.5, 0.0, 0.0),
    (0.02, -2.053748910631823, -2.0537489198646206),
    (0.1, -1.2815515655446004, -1.2815515570538296),
    (0.135, -1.1030625561995975, -1.1030625314922686),
    (0.14, -1.080319340814956, -1.0803193381370189),
    (0.3, -0.5244005127080408, -0.5244004784222137),
    (0.7, 0.5244005127080407, 0.5244004784222137),
    (0.86, 1.080319340814956, 1.0803194050854508),
    (0.9, 1.2815515655446006, 1.2815514296922788),
    (0.99, 2.3263478740408408, 2.326348231863753),
    (0.999999, 4.753424308817087, 4.7507577546030335),
    (1e-10, -6.361340902404057, -6.361340900353645),
    (1e-15, -7.941345326170997, -7.941345325721135),
    (1e-30, -11.464024688443615, -11.464024688169063),
    (1e-300, -37.0470962993612, -INF),
    (-0.1, NAN, NAN),
    (1.5, NAN, NAN),
    (NAN, NAN, NAN),
    (INF, NAN, NAN),
    (-INF, NAN, NAN),
]
ERFINV = [
    (0.0, 0.0, 0.0),
    (1.0, INF, INF),
    (-1.0, -INF, -INF),
    (0.5, 0.4769362762044699, 0.4769362762044699),
    (-0.5, -0.4769362762044699, -0.4769362762044699),
    (0.999, 2.3267537655135246, 2.3267563267961546),
    (-0.9999, -2.75106390571208, -2.7510354379032873),
    (0.001, 0.0008862271574665521, 0.0008862271995601054),
    (-1e-08, -8.86226925452758e-09, -8.862269200667396e-09),
    (0.3, 0.2724627147267543, 0.2724627261055238),
    (0.75, 0.8134198475976185, 0.8134198475976185),
    (-0.72, -0.7639011317372364, -0.7639011771833389),
    (0.999999999, 4.320005388105362, INF),
    (1.5, NAN, NAN),
    (-1.0000001, NAN, NAN),
    (NAN, NAN, NAN),
    (INF, NAN, NAN),
]


def special_family(op, dt):
    """One op of Zeta, Polygamma, Ndtri, Erfinv at one dtype (float32 or
    float64) against the mpmath tables above: poles (+inf), domain errors
    (NaN), +-1, 0, NaN and +-inf inputs, negative q and n, non-integer n.
    One graph per op and dtype: each is a long unrolled series, and one
    cluster holding all of them compiles for minutes.  Tolerance: float64
    abs 1e-15 + rel 1e-12 (the lowering computes in float64 with Cephes'
    series); float32 abs 1e-6 + rel 1e-6 (computed in float64, rounded)."""
    table, nin = {"Zeta": (ZETA, 2), "Polygamma": (POLYGAMMA, 2),
                  "Ndtri": (NDTRI, 1), "Erfinv": (ERFINV, 1)}[op]
    col, tol, tag = ((0, (1e-15, 1e-12), "f64") if dt == np.float64
                     else (1, (1e-6, 1e-6), "f32"))
    if op == "Erfinv" and dt == np.float64:
        # TF's erfinv(x) = ndtri(x / 2 + 0.5) / sqrt(2) rounds x / 2 + 0.5
        # first: at x = 0.999999999 that costs 3e-9 relative.
        tol = (1e-15, 1e-8)

    def fam():
        g = Graph("special-%s-%s" % (op, tag))
        ins = [g.ph(np.array([row[i] for row in table], dt)) for i in range(nin)]
        ref = np.array([row[nin + col] for row in table], np.float64)
        g.check("%s-%s" % (op, tag), g.op(op, ins, T=dt), ref.astype(dt), tol=tol)
        if op == "Polygamma" and dt == np.float64:
            # A scalar n broadcast against a vector x: Polygamma(1, q) is
            # zeta(2, q) (n! = 1, sign +1), so the Zeta rows with x = 2 are
            # its reference.
            rows = [r for r in ZETA if r[0] == 2.0 and r[1] == r[1] and r[1] != INF]
            g.check("Polygamma-broadcast-f64",
                    g.op("Polygamma", [g.const(np.float64(1.0)),
                                       g.ph(np.array([r[1] for r in rows], np.float64))],
                         T=np.float64),
                    np.array([r[2] for r in rows], np.float64), tol=tol)
        return g
    return fam


SPECIAL_FAMILIES = [special_family(op, dt) for op in ("Ndtri", "Erfinv")
                    for dt in (np.float64, F32)]
# Zeta and Polygamma compile for about 100 s per family here (the unrolled
# series at 26 elements), too slow for CI: run them by name with --only
# (CI covers Zeta through the dl4j case zeta_rank3).
SLOW_FAMILIES = [special_family(op, dt) for op in ("Zeta", "Polygamma")
                 for dt in (np.float64, F32)]


def lrn_ref(x, r, bias, alpha, beta):
    """TF's LRN in float64: x / (bias + alpha * sqr_sum)^beta, sqr_sum over
    the channels [d - r, d + r] of the last (NHWC channel) dim."""
    x = f64(x)
    c = x.shape[-1]
    sq = x * x
    s = np.zeros_like(x)
    for d in range(c):
        s[..., d] = sq[..., max(0, d - r):min(c, d + r + 1)].sum(-1)
    return x / (bias + alpha * s) ** beta


def fam_diag_lrn():
    """LRN (radius 0, 2, larger than the channels; beta 0.5, 0.75, 1),
    Diag / DiagPart (rank 1..3, float with NaN / -0.0 / inf, int32, int64)
    and InvertPermutation (run-time int32 / int64 input, a constant one)."""
    g = Graph("diag_lrn")
    x = randf(2, 3, 4, 7)
    px = g.ph(x)
    for r, bias, alpha, beta in ((2, 1.5, 0.3, 0.75), (0, 1.0, 1.0, 0.5), (5, 2.0, 1e-2, 1.0),
                                 (9, 0.5, 0.7, 0.25)):
        g.check("LRN-r%d-beta%g" % (r, beta),
                g.op("LRN", [px], T=F32, depth_radius=r, bias=bias, alpha=alpha, beta=beta),
                lrn_ref(x, r, bias, alpha, beta).astype(F32))
    d1 = np.array([1.5, np.nan, -0.0, np.inf, -2.0], F32)
    d2 = (np.arange(6, dtype=I32) - 3).reshape(2, 3)
    d3 = np.arange(1, 9, dtype=np.float64).reshape(2, 2, 2)
    for name, d in (("f32-rank1", d1), ("i32-rank2", d2), ("f64-rank3", d3)):
        n = d.size
        full = np.zeros((n, n), d.dtype)
        full[np.arange(n), np.arange(n)] = d.reshape(-1)
        full = full.reshape(d.shape + d.shape)
        g.check("Diag-" + name, g.op("Diag", [g.ph(d)], T=d.dtype), full, signed_zero=True)
        g.check("DiagPart-" + name, g.op("DiagPart", [g.ph(full)], T=d.dtype), d,
                signed_zero=True)
    perm = np.array([3, 0, 4, 1, 2], I32)
    inv = np.argsort(perm).astype(I32)
    g.check("InvertPermutation-i32", g.op("InvertPermutation", [g.ph(perm)], T=I32), inv)
    perm64 = rng.permutation(17).astype(I64)
    g.check("InvertPermutation-i64", g.op("InvertPermutation", [g.ph(perm64)], T=I64),
            np.argsort(perm64).astype(I64))
    g.check("InvertPermutation-const",
            g.op("InvertPermutation", [g.const(perm)], T=I32), inv)
    g.check("InvertPermutation-empty",
            g.op("InvertPermutation", [g.ph(np.zeros(0, I32))], T=I32), np.zeros(0, I32))
    return g


def act_ref(name, x, alpha=0.2, prelu=None):
    """TF's activations after a fused contraction (float64)."""
    x = f64(x)
    if name is None:
        return x
    if name == "Relu":
        return np.maximum(x, 0)
    if name == "Relu6":
        return np.minimum(np.maximum(x, 0), 6)
    if name == "Elu":
        return np.where(x > 0, x, np.expm1(x))
    if name == "LeakyRelu":
        return np.where(x > 0, x, np.float64(np.float32(alpha)) * x)
    if name == "Tanh":
        return np.tanh(x)
    if name == "Sigmoid":
        return 1 / (1 + np.exp(-x))
    if name == "Prelu":
        return np.where(x > 0, x, f64(prelu) * x)
    if name == "GeluExact":
        return 0.5 * x * (1 + np.vectorize(math.erf)(x / math.sqrt(2)))
    if name == "GeluApproximate":
        return 0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))
    raise ValueError(name)


def bn_ref(y, sc, of, mu, var, eps, axis=-1):
    shp = [1] * y.ndim
    shp[axis] = -1
    r = lambda v: f64(v).reshape(shp)
    return (f64(y) - r(mu)) / np.sqrt(r(var) + np.float64(np.float32(eps))) * r(sc) + r(of)


def fam_fused():
    """Grappler's / TF.js's fused ops (decomposed by tf-decompose-fused-ops)
    against NumPy: the contraction in float64, then the fused_ops."""
    g = Graph("fused")
    x = randf(2, 7, 6, 3)
    w = randf(3, 2, 3, 4)
    bias = randf(4)
    px, pw, pb = g.ph(x), g.ph(w), g.ph(bias)
    conv = conv_ref(x, w, [1, 1, 1, 1], "SAME", [1, 1, 1, 1])
    cattrs = dict(T=F32, strides=[1, 1, 1, 1], padding="SAME", dilations=[1, 1, 1, 1],
                  data_format="NHWC")
    for act in [None, "Relu", "Relu6", "Elu", "LeakyRelu", "Tanh", "Sigmoid"]:
        ops = ["BiasAdd"] + ([act] if act else [])
        extra = dict(leakyrelu_alpha=0.3) if act == "LeakyRelu" else {}
        g.check("FusedConv2D-" + "-".join(ops),
                g.op("_FusedConv2D", [px, pw, pb], fused_ops=ops, num_args=1, epsilon=0.0,
                     **cattrs, **extra),
                act_ref(act, conv + f64(bias), alpha=0.3).astype(F32))
    addend = randf(*conv.shape)
    pa = g.ph(addend)
    for act in [None, "Relu"]:
        ops = ["BiasAdd", "Add"] + ([act] if act else [])
        g.check("FusedConv2D-" + "-".join(ops),
                g.op("_FusedConv2D", [px, pw, pb, pa], fused_ops=ops, num_args=2, **cattrs),
                act_ref(act, conv + f64(bias) + f64(addend)).astype(F32))
    sc, of, mu = randf(4), randf(4), randf(4)
    var = np.abs(randf(4)) + 0.1
    pbn = [g.ph(v) for v in (sc, of, mu, var)]
    for act in [None, "Relu6", "Elu"]:
        ops = ["FusedBatchNorm"] + ([act] if act else [])
        g.check("FusedConv2D-" + "-".join(ops),
                g.op("_FusedConv2D", [px, pw] + pbn, fused_ops=ops, num_args=4, epsilon=0.001,
                     **cattrs),
                act_ref(act, bn_ref(conv, sc, of, mu, var, 0.001)).astype(F32))
    alpha = randf(4, lo=0.05, hi=0.5)
    g.check("FusedConv2D-BiasAdd-Prelu",
            g.op("_FusedConv2D", [px, pw, pb, g.ph(alpha)], fused_ops=["BiasAdd", "Prelu"],
                 num_args=2, **cattrs),
            act_ref("Prelu", conv + f64(bias), prelu=alpha).astype(F32))
    # NCHW, stride 2, VALID.
    xc = x.transpose(0, 3, 1, 2).copy()
    s = [1, 1, 2, 2]
    convc = conv_ref(xc, w, s, "VALID", [1, 1, 1, 1], nchw=True)
    g.check("FusedConv2D-NCHW-BiasAdd-Relu",
            g.op("_FusedConv2D", [g.ph(xc), pw, pb], fused_ops=["BiasAdd", "Relu"], num_args=1,
                 T=F32, strides=s, padding="VALID", dilations=[1, 1, 1, 1], data_format="NCHW"),
            act_ref("Relu", convc + f64(bias).reshape(1, -1, 1, 1)).astype(F32))
    g.check("FusedConv2D-NCHW-FusedBatchNorm-Relu",
            g.op("_FusedConv2D", [g.ph(xc), pw] + pbn, fused_ops=["FusedBatchNorm", "Relu"],
                 num_args=4, epsilon=1e-5, T=F32, strides=s, padding="VALID",
                 dilations=[1, 1, 1, 1], data_format="NCHW"),
            act_ref("Relu", bn_ref(convc, sc, of, mu, var, 1e-5, axis=1)).astype(F32))
    # A downstream MaxPool / Relu / Reshape compiles once the fused op is
    # decomposed (their shapes come from the decomposed conv).
    fc = g.op("_FusedConv2D", [px, pw, pb], fused_ops=["BiasAdd", "Relu6"], num_args=1, **cattrs)
    mp = g.op("MaxPool", [fc], T=F32, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="VALID",
              data_format="NHWC")
    rs = g.op("Reshape", [mp, g.const(np.array([2, -1], I32))], T=F32, Tshape=I32)
    ref = act_ref("Relu6", conv + f64(bias))[:, :6, :6, :].reshape(2, 3, 2, 3, 2, 4).max(axis=(2, 4))
    g.check("FusedConv2D-MaxPool-Reshape", rs, ref.reshape(2, -1).astype(F32))
    # Depthwise, both spellings.
    wd = randf(3, 3, 3, 2)
    dw = conv_ref(x, wd, [1, 2, 2, 1], "SAME", [1, 1, 1, 1], depthwise=True)
    b6 = randf(6)
    sc6, of6, mu6 = randf(6), randf(6), randf(6)
    var6 = np.abs(randf(6)) + 0.1
    pbn6 = [g.ph(v) for v in (sc6, of6, mu6, var6)]
    dattrs = dict(T=F32, strides=[1, 2, 2, 1], padding="SAME", dilations=[1, 1, 1, 1],
                  data_format="NHWC")
    for opname in ["_FusedDepthwiseConv2dNative", "FusedDepthwiseConv2dNative"]:
        g.check(opname + "-BiasAdd-Relu6",
                g.op(opname, [px, g.ph(wd), g.ph(b6)], fused_ops=["BiasAdd", "Relu6"], num_args=1,
                     **dattrs),
                act_ref("Relu6", dw + f64(b6)).astype(F32))
        g.check(opname + "-FusedBatchNorm-Relu",
                g.op(opname, [px, g.ph(wd)] + pbn6, fused_ops=["FusedBatchNorm", "Relu"],
                     num_args=4, epsilon=0.001, **dattrs),
                act_ref("Relu", bn_ref(dw, sc6, of6, mu6, var6, 0.001)).astype(F32))
    # MatMul.
    a = randf(5, 6)
    bm = randf(4, 6)
    mb = randf(4)
    pa_, pbm, pmb = g.ph(a), g.ph(bm), g.ph(mb)
    mm = f64(a) @ f64(bm).T
    for act in [None, "Relu", "Relu6", "Elu", "LeakyRelu", "Tanh", "Sigmoid", "GeluExact",
                "GeluApproximate"]:
        ops = ["BiasAdd"] + ([act] if act else [])
        g.check("FusedMatMul-" + "-".join(ops),
                g.op("_FusedMatMul", [pa_, pbm, pmb], fused_ops=ops, num_args=1, T=F32,
                     transpose_a=False, transpose_b=True, epsilon=0.0, leakyrelu_alpha=0.2),
                act_ref(act, mm + f64(mb)).astype(F32))
    z = randf(5, 4)
    g.check("FusedMatMul-BiasAdd-Add-Relu",
            g.op("_FusedMatMul", [pa_, pbm, pmb, g.ph(z)], fused_ops=["BiasAdd", "Add", "Relu"],
                 num_args=2, T=F32, transpose_a=False, transpose_b=True),
            act_ref("Relu", mm + f64(mb) + f64(z)).astype(F32))
    # _FusedBatchNormEx: inference with side input + Relu, Identity, and
    # training mode (batch statistics, population variance).
    xb = randf(2, 3, 4, 4)
    side = randf(2, 3, 4, 4)
    pxb = g.ph(xb)
    bnx = bn_ref(xb, sc, of, mu, var, 0.001)
    g.check("FusedBatchNormEx-side-Relu",
            g.op("_FusedBatchNormEx", [pxb] + pbn + [g.ph(side)], T=F32, U=F32, epsilon=0.001,
                 exponential_avg_factor=1.0, num_side_inputs=1, activation_mode="Relu",
                 data_format="NHWC", is_training=False),
            act_ref("Relu", bnx + f64(side)).astype(F32))
    g.check("FusedBatchNormEx-Identity",
            g.op("_FusedBatchNormEx", [pxb] + pbn, T=F32, U=F32, epsilon=0.001,
                 exponential_avg_factor=1.0, num_side_inputs=0, activation_mode="Identity",
                 data_format="NHWC", is_training=False),
            bnx.astype(F32))
    bm_ = f64(xb).mean(axis=(0, 1, 2))
    bv_ = f64(xb).var(axis=(0, 1, 2))
    g.check("FusedBatchNormEx-training-Relu",
            g.op("_FusedBatchNormEx", [pxb, pbn[0], pbn[1], g.const(np.zeros(0, F32)),
                                       g.const(np.zeros(0, F32))],
                 T=F32, U=F32, epsilon=0.001, exponential_avg_factor=1.0, num_side_inputs=0,
                 activation_mode="Relu", data_format="NHWC", is_training=True),
            act_ref("Relu", bn_ref(xb, sc, of, bm_, bv_, 0.001)).astype(F32))
    return g


def fam_einsum():
    """Einsum (rewritten by tf-einsum into Transpose/Reshape/BatchMatMulV2/
    Sum/StridedSlice) against np.einsum in float64; ints exact. Tolerance
    abs 1e-4 + rel 1e-4 (sums of up to 20 float32 products of magnitude
    <= 4)."""
    g = Graph("einsum")
    tol = (1e-4, 1e-4)
    cases = [
        ("matmul", "ij,jk->ik", [(3, 4), (4, 5)]),
        ("batch", "bij,bjk->bik", [(2, 3, 4), (2, 4, 5)]),
        ("batch-transposed", "bij,bkj->bik", [(2, 3, 4), (2, 5, 4)]),
        ("attention-scores", "bhqd,bhkd->bhqk", [(2, 3, 4, 5), (2, 3, 6, 5)]),
        ("attention-out", "bhqk,bhkd->bqhd", [(2, 3, 4, 6), (2, 3, 6, 5)]),
        ("ellipsis-broadcast", "...ij,...jk->...ik", [(2, 1, 3, 4), (5, 4, 2)]),
        ("ellipsis-lhs-only", "...ij,jk->...ik", [(2, 3, 3, 4), (4, 5)]),
        ("ellipsis-middle", "i...j,j->...i", [(3, 2, 5, 4), (4,)]),
        ("outer", "i,j->ij", [(3,), (4,)]),
        ("dot", "i,i->", [(7,), (7,)]),
        ("multi-contract", "ijk,jkmn->imn", [(3, 4, 5), (4, 5, 2, 3)]),
        ("reduce-then-contract", "ij,jk->k", [(2, 3), (3, 4)]),
        ("batch-no-contract", "bij,bij->bi", [(2, 3, 4), (2, 3, 4)]),
        ("free-order", "ab,bcd->dac", [(3, 4), (4, 2, 5)]),
        ("transpose", "ij->ji", [(3, 5)]),
        ("transpose-3d", "abc->cab", [(2, 3, 4)]),
        ("sum-all", "ij->", [(3, 5)]),
        ("sum-rows", "ij->i", [(3, 5)]),
        ("diagonal", "ii->i", [(4, 4)]),
        ("trace", "ii->", [(4, 4)]),
        ("diagonal-batch", "...ii->...i", [(2, 3, 3)]),
        ("diagonal-3", "iij->ji", [(3, 3, 2)]),
        ("diagonal-contract", "ii,ij->j", [(3, 3), (3, 4)]),
    ]
    for name, eq, shapes in cases:
        arrs = [randf(*s) for s in shapes]
        ps = [g.ph(a) for a in arrs]
        ref = np.einsum(eq, *[f64(a) for a in arrs])
        g.check(name, g.op("Einsum", ps, equation=eq, N=len(ps), T=F32),
                np.asarray(ref).astype(F32), tol)
    # int32 (exact) and float64.
    a = rng.randint(-5, 6, size=(2, 3, 4)).astype(I32)
    b = rng.randint(-5, 6, size=(4, 5)).astype(I32)
    g.check("int32", g.op("Einsum", [g.ph(a), g.ph(b)], equation="bij,jk->bki", N=2, T=I32),
            np.einsum("bij,jk->bki", a.astype(np.int64), b.astype(np.int64)).astype(I32))
    a = rng.uniform(-2, 2, size=(3, 4)).astype(np.float64)
    b = rng.uniform(-2, 2, size=(5, 4)).astype(np.float64)
    g.check("float64", g.op("Einsum", [g.ph(a), g.ph(b)], equation="ij,kj->ki", N=2,
                            T=np.float64),
            np.einsum("ij,kj->ki", a, b), (1e-12, 1e-12))
    # NaN and Inf move exactly through a transpose and propagate through a
    # contraction.
    a = randf(3, 4)
    a[0, 1], a[2, 3] = np.nan, np.inf
    pa = g.ph(a)
    g.check("transpose-nan-inf", g.op("Einsum", [pa], equation="ij->ji", N=1, T=F32), a.T)
    b = randf(4, 2)
    g.check("matmul-nan-inf", g.op("Einsum", [pa, g.ph(b)], equation="ij,jk->ik", N=2, T=F32),
            (f64(a) @ f64(b)).astype(F32), tol)
    # float16 (its own generator, so that the families after this one keep
    # their data): products of 4 terms <= 4, rounded to half (eps 2^-11).
    r16 = np.random.RandomState(16)
    a = r16.uniform(-2, 2, size=(2, 3, 4)).astype(np.float16)
    b = r16.uniform(-2, 2, size=(2, 5, 4)).astype(np.float16)
    g.check("float16", g.op("Einsum", [g.ph(a), g.ph(b)], equation="bij,bkj->bki", N=2,
                            T=np.float16),
            np.einsum("bij,bkj->bki", f64(a), f64(b)).astype(np.float16), (1e-2, 2e-3))
    return g


def conv3d_ref(x, w, strides, padding):
    """x NDHWC, w [kd, kh, kw, in, out]; float64, TF's SAME/VALID."""
    x = f64(x); w = f64(w)
    n = x.shape[0]
    sp = x.shape[1:4]
    k = w.shape[:3]
    st = strides[1:4]
    outs, pads = [], []
    for d in range(3):
        if padding == "VALID":
            o = -(-(sp[d] - k[d] + 1) // st[d])
            pads.append(0)
        else:
            o = -(-sp[d] // st[d])
            pads.append(max((o - 1) * st[d] + k[d] - sp[d], 0) // 2)
        outs.append(o)
    out = np.zeros((n, outs[0], outs[1], outs[2], w.shape[4]))
    for i in range(outs[0]):
        for j in range(outs[1]):
            for l in range(outs[2]):
                for a in range(k[0]):
                    for b in range(k[1]):
                        for c in range(k[2]):
                            z = i * st[0] - pads[0] + a
                            y = j * st[1] - pads[1] + b
                            xx = l * st[2] - pads[2] + c
                            if 0 <= z < sp[0] and 0 <= y < sp[1] and 0 <= xx < sp[2]:
                                out[:, i, j, l, :] += x[:, z, y, xx, :] @ w[a, b, c]
    return out


def fam_fusedconv():
    """_FusedConv3D, FusedPadConv2D and FusedResizeAndPadConv2D (decomposed
    by tf-decompose-fused-ops) against NumPy: np.pad's reflect/symmetric
    modes, the float64 bilinear resize (half_pixel_centers false) and
    convolutions written here. Default tolerance."""
    g = Graph("fusedconv")
    x = randf(2, 4, 5, 6, 3)
    w = randf(2, 3, 2, 3, 4)
    bias = randf(4)
    px, pw, pb = g.ph(x), g.ph(w), g.ph(bias)
    for padding, strides in [("SAME", [1, 1, 2, 1, 1]), ("VALID", [1, 1, 1, 2, 1])]:
        conv = conv3d_ref(x, w, strides, padding)
        for act in [None, "Relu", "Relu6", "Elu", "LeakyRelu"]:
            ops = ["BiasAdd"] + ([act] if act else [])
            extra = dict(leakyrelu_alpha=0.3) if act == "LeakyRelu" else {}
            g.check("FusedConv3D-%s-%s" % (padding, "-".join(ops)),
                    g.op("_FusedConv3D", [px, pw, pb], T=F32, strides=strides,
                         padding=padding, data_format="NDHWC", dilations=[1, 1, 1, 1, 1],
                         fused_ops=ops, num_args=1, epsilon=0.0, **extra),
                    act_ref(act, conv + f64(bias), alpha=0.3).astype(F32))
    x2 = randf(2, 5, 6, 3)
    w2 = randf(3, 2, 3, 4)
    px2, pw2 = g.ph(x2), g.ph(w2)
    pads = np.array([[0, 0], [2, 1], [1, 2], [0, 0]], I32)
    pp = g.const(pads)
    for mode in ["REFLECT", "SYMMETRIC"]:
        padded = np.pad(f64(x2), pads, mode=mode.lower())
        for padding, strides in [("VALID", [1, 1, 1, 1]), ("SAME", [1, 2, 2, 1])]:
            g.check("FusedPadConv2D-%s-%s" % (mode, padding),
                    g.op("FusedPadConv2D", [px2, pp, pw2], T=F32, mode=mode,
                         strides=strides, padding=padding),
                    conv_ref(padded, w2, strides, padding, [1, 1, 1, 1]).astype(F32))
    size = np.array([7, 4], I32)
    ps = g.const(size)
    for ac in [False, True]:
        resized = resize_bilinear_ref(x2, 7, 4, ac, False)
        for mode in ["REFLECT", "SYMMETRIC"]:
            padded = np.pad(resized, pads, mode=mode.lower())
            g.check("FusedResizeAndPadConv2D-%s-%s" % ("align" if ac else "noalign", mode),
                    g.op("FusedResizeAndPadConv2D", [px2, ps, pp, pw2], T=F32,
                         resize_align_corners=ac, mode=mode, strides=[1, 1, 2, 1],
                         padding="SAME"),
                    conv_ref(padded, w2, [1, 1, 2, 1], "SAME", [1, 1, 1, 1]).astype(F32))
    return g


FAMILIES = [fam_math, fam_intdiv, fam_minmax, fam_logic, fam_cast, fam_matmul, fam_conv,
            fam_pool, fam_reduce, fam_softmax, fam_batchnorm, fam_shape, fam_gather,
            fam_resize, fam_space, fam_cumulative, fam_onehot, fam_topk, fam_empty, fam_fused,
            fam_transcendental, fam_einsum, fam_fusedconv, fam_diag_lrn] + SPECIAL_FAMILIES


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__)
        return 2
    bindir = args[0]
    keep = only = None
    if "--keep" in args:
        keep = args[args.index("--keep") + 1]
    if "--only" in args:
        only = args[args.index("--only") + 1]
    if not os.path.exists(os.path.join(bindir, "tf-run")):
        print("op_families: no tf-run in %s" % bindir)
        return 1
    t0 = time.time()
    wd = keep or tempfile.mkdtemp(prefix="op_families.")
    os.makedirs(wd, exist_ok=True)
    results = {}
    fam_stats = []
    for fam in FAMILIES + (SLOW_FAMILIES if only else []):
        g = fam()
        if only and g.family != only:
            continue
        t1 = time.time()
        r = run_graph(bindir, wd, g)
        results.update(r)
        npass = sum(1 for v in r.values() if v is None)
        fam_stats.append((g.family, npass, len(r), time.time() - t1))
    unexpected_fail, unexpected_pass = [], []
    for name in sorted(results):
        err = results[name]
        if err is not None:
            tag = "XFAIL" if name in EXPECTED_FAILURES else "FAIL"
            print("%-5s %s: %s" % (tag, name, err))
            if name not in EXPECTED_FAILURES:
                unexpected_fail.append(name)
        elif name in EXPECTED_FAILURES:
            print("XPASS %s (listed in EXPECTED_FAILURES: %s)" % (name, EXPECTED_FAILURES[name]))
            unexpected_pass.append(name)
    print()
    for fam, npass, n, dt in fam_stats:
        print("%-12s %3d/%3d pass  %.1fs" % (fam, npass, n, dt))
    missing = [k for k in EXPECTED_FAILURES if k not in results and not only]
    for k in missing:
        print("EXPECTED_FAILURES names an unknown case: %s" % k)
    print("total %d/%d pass, %d expected failures, %d unexpected failures, %d unexpected passes, %.1fs"
          % (sum(v is None for v in results.values()), len(results),
             sum(1 for k in results if k in EXPECTED_FAILURES and results[k] is not None),
             len(unexpected_fail), len(unexpected_pass), time.time() - t0))
    if not keep:
        import shutil
        shutil.rmtree(wd, ignore_errors=True)
    return 1 if (unexpected_fail or unexpected_pass or missing) else 0


if __name__ == "__main__":
    sys.exit(main())
