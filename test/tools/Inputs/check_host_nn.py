"""Host kernels MatMul, BiasAdd, Conv2D, TensorScatterUpdate, and f16
Sum/Mean/Max/Min/Prod and Range (runtime/session/kernels/NN.cpp, Indexing.cpp,
Reduce.cpp, Array.cpp) against NumPy, for test/tools/host-nn.test.

  check_host_nn.py inputs DIR   writes DIR/host-nn.pbtxt and the fed .npy
  check_host_nn.py check DIR OUT compares OUT/<fetch>.npy with NumPy

Tolerances: f32 abs 1e-5 + rel 1e-5 (the kernels accumulate in double, NumPy
in float64 then rounds); f16 exact against NumPy's float16 of the float32
(Sum/Mean) or float64 (Range) computation, Prod rounded to f16 after each
product; integers and TensorScatterUpdate exact."""
import sys

import numpy as np

F32, F16, I32 = np.float32, np.float16, np.int32
rng = np.random.RandomState(7)
A = rng.uniform(-2, 2, (2, 3)).astype(F32)
B = rng.uniform(-2, 2, (3, 4)).astype(F32)
X4 = rng.uniform(-2, 2, (2, 3, 4, 5)).astype(F32)
IMG = rng.uniform(-1, 1, (1, 5, 6, 4)).astype(F32)
F3 = rng.uniform(-1, 1, (3, 2, 4, 3)).astype(F32)
FG = rng.uniform(-1, 1, (2, 3, 2, 4)).astype(F32)
BIAS5 = np.array([0.5, -1, 2, 0.25, 3], F32)
BIAS3 = np.array([1, -2, 4], F32)
T = np.arange(12, dtype=F32).reshape(4, 3)
AI = np.array([[1, -2, 3], [4, 5, -6]], I32)
BI = np.array([[7, 8], [-9, 10], [11, 12]], I32)

DT = {F32: "DT_FLOAT", F16: "DT_HALF", I32: "DT_INT32"}
nodes = []


def attr(k, v):
    return 'attr { key: "%s" value { %s } }' % (k, v)


def node(name, op, inputs=(), **attrs):
    ins = " ".join('input: "%s"' % i for i in inputs)
    at = " ".join(attr(k, v) for k, v in attrs.items())
    nodes.append('node { name: "%s" op: "%s" %s %s }' % (name, op, ins, at))
    return name


def ph(name, a):
    shape = " ".join("dim { size: %d }" % d for d in a.shape)
    return node(name, "Placeholder", dtype="type: %s" % DT[a.dtype.type],
                shape="shape { %s }" % shape)


def const(name, a):
    a = np.asarray(a)
    dt = DT[a.dtype.type]
    shape = " ".join("dim { size: %d }" % d for d in a.shape)
    if a.dtype == F16:
        vals = " ".join("half_val: %d" % v for v in a.view(np.uint16).ravel())
    elif a.dtype == F32:
        vals = " ".join("float_val: %r" % float(v) for v in a.ravel())
    else:
        vals = " ".join("int_val: %d" % v for v in a.ravel())
    return node(name, "Const", dtype="type: %s" % dt,
                value="tensor { dtype: %s tensor_shape { %s } %s }" % (dt, shape, vals))


def ints(*v):
    return "list { %s }" % " ".join("i: %d" % i for i in v)


def graph():
    ph("a", A), ph("b", B), ph("x4", X4), ph("img", IMG), ph("t", T)
    ph("ai", AI), ph("bi", BI)
    node("mm", "MatMul", ["a", "b"], T="type: DT_FLOAT")
    node("mmt", "MatMul", ["b", "a"], T="type: DT_FLOAT",
         transpose_a="b: true", transpose_b="b: true")
    node("mmi", "MatMul", ["ai", "bi"], T="type: DT_INT32")
    const("bias5", BIAS5)
    const("bias3", BIAS3)
    node("ba", "BiasAdd", ["x4", "bias5"], T="type: DT_FLOAT")
    node("bac", "BiasAdd", ["x4", "bias3"], T="type: DT_FLOAT",
         data_format='s: "NCHW"')
    const("f3", F3)
    const("fg", FG)
    node("conv_same", "Conv2D", ["img", "f3"], T="type: DT_FLOAT",
         strides=ints(1, 2, 1, 1), padding='s: "SAME"')
    node("conv_valid_dil", "Conv2D", ["img", "f3"], T="type: DT_FLOAT",
         strides=ints(1, 1, 1, 1), dilations=ints(1, 2, 1, 1),
         padding='s: "VALID"')
    node("conv_group", "Conv2D", ["img", "fg"], T="type: DT_FLOAT",
         strides=ints(1, 1, 2, 1), padding='s: "SAME"')
    node("conv_explicit", "Conv2D", ["img", "f3"], T="type: DT_FLOAT",
         strides=ints(1, 1, 1, 1), padding='s: "EXPLICIT"',
         explicit_paddings=ints(0, 0, 1, 2, 0, 1, 0, 0))
    const("sidx", np.array([[1], [3], [1]], I32))
    const("supd", np.array([[9, 8, 7], [6, 5, 4], [-1, -2, -3]], F32))
    node("tsu", "TensorScatterUpdate", ["t", "sidx", "supd"], T="type: DT_FLOAT",
         Tindices="type: DT_INT32")
    node("h", "Cast", ["x4"], SrcT="type: DT_FLOAT", DstT="type: DT_HALF")
    const("ax", np.array([1, 3], I32))
    for op in ["Sum", "Mean", "Max", "Min", "Prod"]:
        node("h" + op.lower(), op, ["h", "ax"], T="type: DT_HALF",
             Tidx="type: DT_INT32", keep_dims="b: false")
    const("hs", np.array(1.5, F16)), const("hl", np.array(7.1, F16))
    const("hd", np.array(0.3, F16))
    node("hrange", "Range", ["hs", "hl", "hd"], Tidx="type: DT_HALF")
    return "\n".join(nodes) + "\n"


def conv_ref(x, f, strides, dil, pads):
    """NHWC conv in float64; pads = (top, bottom, left, right)."""
    x = x.astype(np.float64)
    f = f.astype(np.float64)
    n, h, w, c = x.shape
    fh, fw, fc, oc = f.shape
    groups = c // fc
    xp = np.pad(x, ((0, 0), (pads[0], pads[1]), (pads[2], pads[3]), (0, 0)))
    eh, ew = (fh - 1) * dil[0] + 1, (fw - 1) * dil[1] + 1
    oh = (xp.shape[1] - eh) // strides[0] + 1
    ow = (xp.shape[2] - ew) // strides[1] + 1
    out = np.zeros((n, oh, ow, oc))
    per = oc // groups
    for o in range(oc):
        g = o // per
        for y in range(oh):
            for xx in range(ow):
                win = xp[:, y * strides[0]:y * strides[0] + eh:dil[0],
                         xx * strides[1]:xx * strides[1] + ew:dil[1],
                         g * fc:(g + 1) * fc]
                out[:, y, xx, o] = np.tensordot(win, f[:, :, :, o], axes=3)
    return out


def same_pads(size, k, s, d=1):
    eff = (k - 1) * d + 1
    out = -(-size // s)
    total = max((out - 1) * s + eff - size, 0)
    return total // 2, total - total // 2


def expected():
    f3, fg = F3, FG
    h = X4.astype(F16).astype(F32)
    want = {
        "mm": A.astype(np.float64) @ B, "mmt": B.T.astype(np.float64) @ A.T,
        "mmi": (AI.astype(np.int64) @ BI).astype(I32),
        "ba": X4 + BIAS5,
        "bac": X4 + BIAS3.reshape(1, 3, 1, 1),
        "conv_same": conv_ref(IMG, f3, (2, 1), (1, 1),
                              same_pads(5, 3, 2) + same_pads(6, 2, 1)),
        "conv_valid_dil": conv_ref(IMG, f3, (1, 1), (2, 1), (0, 0, 0, 0)),
        "conv_group": conv_ref(IMG, fg, (1, 2), (1, 1),
                               same_pads(5, 2, 1) + same_pads(6, 3, 2)),
        "conv_explicit": conv_ref(IMG, f3, (1, 1), (1, 1), (1, 2, 0, 1)),
    }
    tsu = T.copy()
    tsu[3] = [6, 5, 4]
    tsu[1] = [-1, -2, -3]  # the later duplicate wins
    want["tsu"] = tsu
    want["hsum"] = h.sum(axis=(1, 3), dtype=F32).astype(F16)
    want["hmean"] = (h.sum(axis=(1, 3), dtype=F32) / F32(15)).astype(F16)
    want["hmax"] = h.max(axis=(1, 3)).astype(F16)
    want["hmin"] = h.min(axis=(1, 3)).astype(F16)
    prod = np.ones((2, 4), F16)
    for i in range(3):
        for k in range(5):
            prod = (prod.astype(F32) * h[:, i, :, k]).astype(F16)
    want["hprod"] = prod
    s, l, d = (float(F16(v)) for v in (1.5, 7.1, 0.3))
    n = int(np.ceil(abs((l - s) / d)))
    want["hrange"] = np.array([s + i * d for i in range(n)]).astype(F16)
    return want


FEEDS = {"a": A, "b": B, "x4": X4, "img": IMG, "t": T, "ai": AI, "bi": BI}


def main():
    mode, d = sys.argv[1], sys.argv[2]
    if mode == "inputs":
        with open(d + "/host-nn.pbtxt", "w") as fh:
            fh.write(graph())
        for k, v in FEEDS.items():
            np.save("%s/%s.npy" % (d, k), v)
        return
    want = expected()
    out = sys.argv[3]
    bad = 0
    for name, w in want.items():
        try:
            got = np.load("%s/%s.npy" % (out, name))
        except OSError:
            continue  # not fetched in this run
        w = np.asarray(w)
        if got.shape != w.shape:
            print("MISMATCH %s: shape %s, want %s" % (name, got.shape, w.shape))
            bad += 1
            continue
        if got.dtype in (F32, np.float64):
            ok = np.allclose(got, w, rtol=1e-5, atol=1e-5)
        else:
            ok = np.array_equal(got, w.astype(got.dtype))
        if not ok:
            print("MISMATCH %s:\n got  %s\n want %s" % (name, got.ravel()[:16],
                                                       w.ravel()[:16]))
            bad += 1
        else:
            print("ok %s" % name)
    if not bad:
        print("all match the NumPy reference")


if __name__ == "__main__":
    main()
