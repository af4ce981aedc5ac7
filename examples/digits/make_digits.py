#!/usr/bin/env python3
"""A small digit classifier with fixed weights, as a TensorFlow GraphDef
(examples/digits/digits.pbtxt), and the data the demo feeds it.

The images are seven-segment digits 0-9 on 28x28 pixels (MNIST's shape and
value range) with random size, position, slant, stroke width, brightness
and pixel noise, drawn by `render` from a seeded NumPy generator, so no data
set is needed. The network:

  input   [N,28,28,1] float (Placeholder, NHWC, batch left unknown)
  conv1:  Conv2D 5x5x1x8 SAME + BiasAdd + Relu    (oriented bar detectors)
  pool1:  MaxPool 2x2 stride 2                     -> [N,14,14,8]
  conv2:  Conv2D 3x3x8x8 SAME + BiasAdd + Relu    (fixed random filters)
  pool2:  MaxPool 2x2 stride 2                     -> [N,7,7,8]
  flatten: Reshape [-1,392]
  fc:     MatMul 392x10 + BiasAdd                  -> logits [N,10]
  probs:  Softmax                                  -> [N,10]

The convolutions are fixed (hand-set bars, seeded random filters); only the
dense layer is fitted, in closed form: ridge regression of one-hot labels on
the pooled features of 4000 training images, then one temperature for the
softmax that minimises the training cross-entropy. The script reports the
accuracy on 1000 held-out images (the NumPy forward pass here is the
reference the demo's numbers can be checked against).

Usage:
  make_digits.py [--graph OUT.pbtxt]       regenerate the graph (default:
                                            digits.pbtxt next to this file)
  make_digits.py --data DIR [--batch N]    write DIR/images.npy [N,28,28,1] (N=10),
                                            DIR/labels.npy, and
                                            DIR/representative/input.npy
                                            (64 calibration images,
                                            [64,1,28,28,1]) for
                                            tf-convert --quantize=int8, and
                                            DIR/reference_probs.npy (NumPy
                                            forward pass of --graph)
Needs only NumPy (use /usr/bin/python3).
"""
import argparse
import os

import numpy as np

# Segments as (x0, y0, x1, y1) in a unit box (x right, y down).
SEGMENTS = {
    "a": (0, 0, 1, 0), "b": (1, 0, 1, 0.5), "c": (1, 0.5, 1, 1),
    "d": (0, 1, 1, 1), "e": (0, 0.5, 0, 1), "f": (0, 0, 0, 0.5),
    "g": (0, 0.5, 1, 0.5),
}
DIGITS = ["abcdef", "bc", "abdeg", "abcdg", "bcfg", "acdfg", "acdefg", "abc",
          "abcdefg", "abcdfg"]


def render(digit, rng):
    """One 28x28 float32 image of `digit` in [0, 1]: a seven-segment glyph
    with random geometry, anti-aliased strokes and Gaussian pixel noise."""
    w, h = rng.uniform(9, 14), rng.uniform(15, 21)
    x0 = rng.uniform(3, 25 - w)
    y0 = rng.uniform(3, 25 - h)
    slant = rng.uniform(-0.2, 0.2)
    half = rng.uniform(0.9, 1.6)  # half the stroke width
    ys, xs = np.mgrid[0:28, 0:28].astype(np.float64) + 0.5
    img = np.zeros((28, 28))
    for s in DIGITS[digit]:
        ax, ay, bx, by = SEGMENTS[s]
        # Box coordinates to pixels, slanted around the glyph's middle.
        p = np.array([x0 + ax * w + slant * (0.5 - ay) * h, y0 + ay * h])
        q = np.array([x0 + bx * w + slant * (0.5 - by) * h, y0 + by * h])
        d = q - p
        t = np.clip(((xs - p[0]) * d[0] + (ys - p[1]) * d[1]) / (d @ d), 0, 1)
        dist = np.hypot(xs - p[0] - t * d[0], ys - p[1] - t * d[1])
        img = np.maximum(img, np.clip(half + 0.5 - dist, 0, 1))
    img = img * rng.uniform(0.6, 1.0) + rng.normal(0, 0.08, img.shape)
    return np.clip(img, 0, 1).astype(np.float32)


def dataset(n, rng):
    """n images [n,28,28,1] and their labels, digits drawn uniformly."""
    labels = rng.integers(0, 10, n)
    images = np.stack([render(int(d), rng) for d in labels])[..., None]
    return images, labels


def conv_same(x, w, b):
    """Conv2D NHWC, stride 1, SAME padding (odd kernels), + bias, float64."""
    kh, kw = w.shape[:2]
    xp = np.pad(x, ((0, 0), (kh // 2, kh // 2), (kw // 2, kw // 2), (0, 0)))
    win = np.lib.stride_tricks.sliding_window_view(xp, (kh, kw), axis=(1, 2))
    return np.einsum("nhwcij,ijck->nhwk", win, w, optimize=True) + b


def pool2(x):
    """MaxPool 2x2 stride 2 VALID on NHWC with even H and W."""
    n, h, w, c = x.shape
    return x.reshape(n, h // 2, 2, w // 2, 2, c).max(axis=(2, 4))


def fixed_convs(rng):
    """The two fixed convolutions: 8 oriented 5x5 bar/edge detectors and 8
    seeded random 3x3x8 filters, with their biases."""
    ys, xs = np.mgrid[-2:3, -2:3].astype(np.float64)
    w1 = np.zeros((5, 5, 1, 8))
    for k, ang in enumerate(np.arange(4) * np.pi / 4):
        across = -np.sin(ang) * xs + np.cos(ang) * ys  # distance from the bar
        bar = np.exp(-across ** 2 / 1.0) - 0.5 * np.exp(-across ** 2 / 6.0)
        w1[:, :, 0, k] = bar - bar.mean()
        edge = np.tanh(across)  # dark-to-bright across the bar direction
        w1[:, :, 0, 4 + k] = edge / np.abs(edge).sum() * 4
    b1 = np.full(8, -0.1)
    w2 = rng.normal(0, 1 / np.sqrt(72), (3, 3, 8, 8))
    b2 = rng.normal(0, 0.05, 8)
    return w1, b1, w2, b2


def features(x, w1, b1, w2, b2):
    """Pooled features [N,392] of the fixed layers (float64), batched."""
    out = []
    for i in range(0, len(x), 500):
        h = pool2(np.maximum(conv_same(x[i:i + 500].astype(np.float64), w1, b1), 0))
        h = pool2(np.maximum(conv_same(h, w2, b2), 0))
        out.append(h.reshape(len(h), -1))
    return np.concatenate(out)


def softmax(z):
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def fit():
    """The weights of all layers (float32) and held-out accuracy."""
    rng = np.random.default_rng(2026)
    w1, b1, w2, b2 = fixed_convs(rng)
    xtr, ytr = dataset(4000, rng)
    xte, yte = dataset(1000, rng)
    ftr, fte = features(xtr, w1, b1, w2, b2), features(xte, w1, b1, w2, b2)
    mu = ftr.mean(axis=0)
    a = np.hstack([ftr - mu, np.ones((len(ftr), 1))])
    y = np.eye(10)[ytr] - 0.1
    reg = 1e-1 * np.eye(a.shape[1])
    reg[-1, -1] = 0
    sol = np.linalg.solve(a.T @ a + reg, a.T @ y)
    w3, b3 = sol[:-1], sol[-1] - mu @ sol[:-1]
    # The temperature that minimises the training cross-entropy.
    ztr = ftr @ w3 + b3
    temps = np.geomspace(1, 100, 60)
    ce = [-np.log(softmax(t * ztr)[np.arange(len(ytr)), ytr] + 1e-12).mean()
          for t in temps]
    t = temps[int(np.argmin(ce))]
    w3, b3 = w3 * t, b3 * t
    acc_tr = (np.argmax(ftr @ w3 + b3, 1) == ytr).mean()
    acc_te = (np.argmax(fte @ w3 + b3, 1) == yte).mean()
    f32 = lambda v: v.astype(np.float32)
    return [f32(v) for v in (w1, b1, w2, b2, w3, b3)], acc_tr, acc_te, t


def load_weights(path):
    """The Const tensors of a graph written by graph_text, by node name
    (float32 or int32 arrays): a reader for this script's own output, not a
    general text-format parser."""
    import re
    text = open(path).read()
    out = {}
    for m in re.finditer(r'node \{\n  name: "([^"]+)"\n  op: "Const"\n(.*?)\n\}',
                         text, re.S):
        body = m.group(2)
        dims = [int(d) for d in re.findall(r"dim \{ size: (-?\d+) \}", body)]
        if "DT_INT32" in body:
            vals = np.array(re.findall(r"int_val: (-?\d+)", body), np.int32)
        else:
            vals = np.array(re.findall(r"float_val: (\S+)", body), np.float32)
        out[m.group(1)] = vals.reshape(dims)
    return out


def forward(x, path):
    """probs [N,10] of the graph at `path` for images x [N,28,28,1], computed
    with NumPy in float64 from its weights (the reference for the demo)."""
    w = load_weights(path)
    h = features(x, w["conv1/weights"], w["conv1/bias"], w["conv2/weights"],
                 w["conv2/bias"])
    return softmax(h @ w["fc/weights"].astype(np.float64) + w["fc/bias"])


def tensor_text(arr, dtype="DT_FLOAT"):
    """A TensorProto in text format; floats in the shortest form that reads
    back as the same float32."""
    dims = "".join(" dim { size: %d }" % d for d in arr.shape)
    if dtype == "DT_FLOAT":
        vals = " ".join("float_val: " + np.format_float_positional(
            np.float32(v), unique=True, trim="-") for v in arr.reshape(-1))
    else:
        vals = " ".join("int_val: %d" % int(v) for v in arr.reshape(-1))
    return "tensor { dtype: %s tensor_shape {%s } %s }" % (dtype, dims, vals)


def node(name, op, inputs=(), **attrs):
    s = "node {\n  name: \"%s\"\n  op: \"%s\"\n" % (name, op)
    s += "".join("  input: \"%s\"\n" % i for i in inputs)
    s += "".join("  attr { key: \"%s\" value { %s } }\n" % kv
                 for kv in attrs.items())
    return s + "}\n"


def graph_text(w1, b1, w2, b2, w3, b3):
    f = "type: DT_FLOAT"
    ones = "list { i: 1 i: 1 i: 1 i: 1 }"
    conv = dict(T=f, strides=ones, padding='s: "SAME"', data_format='s: "NHWC"',
                dilations=ones, use_cudnn_on_gpu="b: true")
    pool = dict(T=f, ksize="list { i: 1 i: 2 i: 2 i: 1 }",
                strides="list { i: 1 i: 2 i: 2 i: 1 }", padding='s: "VALID"',
                data_format='s: "NHWC"')
    const = lambda name, v, dt="DT_FLOAT": node(
        name, "Const", dtype="type: " + dt, value=tensor_text(v, dt))
    g = node("input", "Placeholder", dtype=f, shape="shape { dim { size: -1 } "
             "dim { size: 28 } dim { size: 28 } dim { size: 1 } }")
    prev = "input"
    for i, (w, b) in enumerate([(w1, b1), (w2, b2)], 1):
        c = "conv%d" % i
        g += const(c + "/weights", w) + const(c + "/bias", b)
        g += node(c + "/Conv2D", "Conv2D", [prev, c + "/weights"], **conv)
        g += node(c + "/BiasAdd", "BiasAdd", [c + "/Conv2D", c + "/bias"], T=f,
                  data_format='s: "NHWC"')
        g += node(c + "/Relu", "Relu", [c + "/BiasAdd"], T=f)
        g += node("pool%d" % i, "MaxPool", [c + "/Relu"], **pool)
        prev = "pool%d" % i
    g += const("flatten/shape", np.array([-1, 392], np.int32), "DT_INT32")
    g += node("flatten", "Reshape", [prev, "flatten/shape"], T=f,
              Tshape="type: DT_INT32")
    g += const("fc/weights", w3) + const("fc/bias", b3)
    g += node("fc/MatMul", "MatMul", ["flatten", "fc/weights"], T=f,
              transpose_a="b: false", transpose_b="b: false")
    g += node("logits", "BiasAdd", ["fc/MatMul", "fc/bias"], T=f,
              data_format='s: "NHWC"')
    g += node("probs", "Softmax", ["logits"], T=f)
    return g + "versions { producer: 1205 min_consumer: 12 }\n"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--graph", default=os.path.join(here, "digits.pbtxt"))
    ap.add_argument("--data", help="write demo inputs to this directory")
    ap.add_argument("--batch", type=int, default=10)
    a = ap.parse_args()
    if a.data:
        rng = np.random.default_rng(7)  # not the training generator
        # Every digit in turn (shuffled), so a batch of 10 shows each once.
        y = rng.permutation(np.arange(a.batch) % 10)
        x = np.stack([render(int(d), rng) for d in y])[..., None]
        os.makedirs(os.path.join(a.data, "representative"), exist_ok=True)
        np.save(os.path.join(a.data, "images.npy"), x)
        np.save(os.path.join(a.data, "labels.npy"), y.astype(np.int32))
        # 64 calibration samples of one image each: [64,1,28,28,1] is
        # [samples] + the input shape that tf-convert gives the unknown batch.
        rep, _ = dataset(64, np.random.default_rng(11))
        np.save(os.path.join(a.data, "representative", "input.npy"),
                rep[:, None])
        np.save(os.path.join(a.data, "reference_probs.npy"), forward(x, a.graph))
        return
    weights, acc_tr, acc_te, t = fit()
    with open(a.graph, "w") as fh:
        fh.write("# Generated by make_digits.py; do not edit. Held-out "
                 "accuracy %.1f%% (train %.1f%%).\n" % (100 * acc_te, 100 * acc_tr))
        fh.write(graph_text(*weights))
    print("wrote %s: train accuracy %.3f, held-out %.3f, temperature %.2f" %
          (a.graph, acc_tr, acc_te, t))


if __name__ == "__main__":
    main()
