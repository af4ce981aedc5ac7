"""Small GraphDefs (text format) for the python API tests, written with the
node helpers of examples/convnet/make_convnet.py (no TensorFlow needed)."""

import os
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "examples", "convnet"))
import make_convnet as mc  # noqa: E402

F = "type: DT_FLOAT"


def shape_attr(dims):
    return "shape { %s }" % " ".join("dim { size: %d }" % d for d in dims)


def simple():
    """x [2,2] float -> y = 2x, s = sum(y), yi = Identity(y),
    w = Where(x > 0) (no XLA lowering for a non-constant input),
    n [3] int32 -> n2 = n * n, noop (NoOp after y)."""
    g = mc.node("x", "Placeholder", dtype=F, shape=shape_attr([2, 2]))
    g += mc.const("two", np.array(2.0, dtype=np.float32))
    g += mc.node("y", "Mul", ["x", "two"], T=F)
    g += mc.const("axes", np.array([0, 1], dtype=np.int32), "DT_INT32")
    g += mc.node("s", "Sum", ["y", "axes"], T=F, Tidx="type: DT_INT32",
                 keep_dims="b: false")
    g += mc.node("yi", "Identity", ["y"], T=F)
    g += mc.const("zero", np.array(0.0, dtype=np.float32))
    g += mc.node("pos", "Greater", ["x", "zero"], T=F)
    g += mc.node("w", "Where", ["pos"], T="type: DT_BOOL")
    g += mc.node("n", "Placeholder", dtype="type: DT_INT32", shape=shape_attr([3]))
    g += mc.node("n2", "Mul", ["n", "n"], T="type: DT_INT32")
    g += mc.node("noop", "NoOp", ["^y"])
    return g + "versions { producer: 1205 min_consumer: 12 }\n"


def variables():
    """v = VariableV2 [2] float, v/Assign = Assign(v, [1, 2]),
    v/read = Identity(v), out = 3 * v/read."""
    g = mc.node("v", "VariableV2", dtype=F, shape=shape_attr([2]),
                container='s: ""', shared_name='s: ""')
    g += mc.const("init", np.array([1.0, 2.0], dtype=np.float32))
    g += mc.node("v/Assign", "Assign", ["v", "init"], T=F,
                 validate_shape="b: true", use_locking="b: true")
    g += mc.node("v/read", "Identity", ["v"], T=F)
    g += mc.const("three", np.array(3.0, dtype=np.float32))
    g += mc.node("out", "Mul", ["v/read", "three"], T=F)
    return g + "versions { producer: 1205 min_consumer: 12 }\n"


def convnet_weights():
    """The weights of examples/convnet/convnet.pbtxt, drawn as
    make_convnet.py draws them (the test checks the file is unchanged)."""
    rng = np.random.default_rng(0)
    w1 = (rng.standard_normal((3, 3, 1, 8)) * 0.3).astype(np.float32)
    b1 = (rng.standard_normal(8) * 0.1).astype(np.float32)
    w2 = (rng.standard_normal((3, 3, 8, 16)) * 0.2).astype(np.float32)
    b2 = (rng.standard_normal(16) * 0.1).astype(np.float32)
    w3 = (rng.standard_normal((16, 10)) * 0.3).astype(np.float32)
    b3 = (rng.standard_normal(10) * 0.1).astype(np.float32)
    return w1, b1, w2, b2, w3, b3


def conv_same(x, w):
    """NHWC conv, stride 1, SAME padding, float64."""
    kh, kw = w.shape[:2]
    ph, pw = (kh - 1) // 2, (kw - 1) // 2
    xp = np.pad(x, ((0, 0), (ph, kh - 1 - ph), (pw, kw - 1 - pw), (0, 0)))
    out = np.zeros(x.shape[:3] + (w.shape[3],))
    for i in range(kh):
        for j in range(kw):
            out += np.einsum("nhwc,co->nhwo",
                             xp[:, i:i + x.shape[1], j:j + x.shape[2], :], w[i, j])
    return out


def convnet_reference(x):
    """NumPy float64 forward pass of examples/convnet (see make_convnet.py)."""
    w1, b1, w2, b2, w3, b3 = [a.astype(np.float64) for a in convnet_weights()]
    h = np.maximum(conv_same(x.astype(np.float64), w1) + b1, 0)
    n, hh, ww, c = h.shape
    h = h.reshape(n, hh // 2, 2, ww // 2, 2, c).max(axis=(2, 4))
    h = np.clip(conv_same(h, w2) + b2, 0, 6)
    h = h.mean(axis=(1, 2))
    logits = h @ w3 + b3
    e = np.exp(logits - logits.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)
