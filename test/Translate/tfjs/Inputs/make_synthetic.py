#!/usr/bin/python3
"""Writes the synthetic TF.js graph model of test/Translate/tfjs (model.json
and three weight shards) into the folder given as argument.

The model exercises what the loader (lib/Translate/TFJSModel.cpp) decodes,
in the layout the tensorflowjs converter writes (write_weights.py):
  group 1, two shards split inside weight `b`:
    w      float32 [4,3]  uint8-quantized  (value = q * scale + min)
    b      float32 [3]    float16-quantized
    s      float32 [3]    plain
    shape  int32 [2]      plain, bound to an int64 Const (converter narrowing)
    axis   int32 [1]      uint16-quantized int32 (rounded, as Math.round)
  group 2, one shard:
    mask      bool [3]
    labels    string [2]  (uint32 length + bytes per element)
    scale_fn/c float32 [3] plain, a Const inside library function scale_fn
Graph (x: float [2,4]):
  y      = Mul(Relu(BiasAdd(MatMul(x, w), b)), s)         [2,3]
  total  = Sum(Reshape(y, shape), axis)                   [3]
  masked = SelectV2(mask, y, BiasAdd(...))                [2,3]
check_synthetic.py decodes the weights with test/corpus/tfjs_numpy_ref.py
(NumPy, independent of the C++ loader) and computes the reference outputs.
Deterministic: no random numbers, so the committed files can be compared
with a fresh run byte for byte.
"""
import base64
import json
import os
import struct
import sys

import numpy as np

# Float weights (before quantization) and the quantization parameters.
W = (np.arange(12, dtype=np.float32).reshape(4, 3) - 5.5) / 4.0
B = np.array([0.1, -0.25, 0.3333], np.float32)
S = np.array([1.5, -2.0, 0.75], np.float32)
SHAPE = np.array([3, 2], np.int32)
AXIS = np.array([1], np.int32)
MASK = np.array([True, False, True])
LABELS = [b"cat", "\u00e9t\u00e9".encode("utf-8")]
FN_C = np.array([2.0, 0.5, -1.0], np.float32)
W_MIN, W_SCALE = -1.375, 2.75 / 255
AXIS_MIN, AXIS_SCALE = -0.4, 0.5  # q = 3 -> 1.1 -> Math.round -> 1


def dims(shape):
    return {"dim": [{"size": str(d)} for d in shape]}


def const(name, dtype, shape):
    return {"name": name, "op": "Const", "attr": {
        "value": {"tensor": {"dtype": dtype, "tensorShape": dims(shape)}},
        "dtype": {"type": dtype}}}


def node(name, op, inputs, **attr):
    return {"name": name, "op": op, "input": inputs, "attr": attr}


T = {"type": "DT_FLOAT"}


def topology():
    nodes = [
        {"name": "x", "op": "Placeholder", "attr": {
            "dtype": T, "shape": {"shape": dims([2, 4])}}},
        const("w", "DT_FLOAT", [4, 3]),
        const("b", "DT_FLOAT", [3]),
        const("s", "DT_FLOAT", [3]),
        const("shape", "DT_INT64", [2]),
        const("axis", "DT_INT32", [1]),
        const("mask", "DT_BOOL", [3]),
        const("labels", "DT_STRING", [2]),
        node("mm", "MatMul", ["x", "w"], T=T, transpose_a={"b": False},
             transpose_b={"b": False}),
        node("ba", "BiasAdd", ["mm", "b"], T=T,
             data_format={"s": base64.b64encode(b"NHWC").decode()}),
        node("r", "Relu", ["ba"], T=T),
        node("y", "Mul", ["r", "s"], T=T),
        node("rs", "Reshape", ["y", "shape"], T=T, Tshape={"type": "DT_INT64"}),
        node("total", "Sum", ["rs", "axis"], T=T, Tidx={"type": "DT_INT32"},
             keep_dims={"b": False}),
        node("masked", "SelectV2", ["mask", "y", "ba"], T=T),
    ]
    fn = {"signature": {"name": "scale_fn",
                        "inputArg": [{"name": "a", "type": "DT_FLOAT"}],
                        "outputArg": [{"name": "out", "type": "DT_FLOAT"}]},
          "nodeDef": [const("scale_fn/c", "DT_FLOAT", [3]),
                      node("m", "Mul", ["a", "scale_fn/c:output:0"], T=T)],
          "ret": {"out": "m:z:0"}}
    return {"node": nodes, "library": {"function": [fn]},
            "versions": {"producer": 1395}}


def quantize_u(values, vmin, scale, dtype):
    return np.round((values.astype(np.float64) - vmin) / scale).astype(dtype)


def group_bytes():
    """The two groups' bytes and manifests."""
    wq = quantize_u(W, W_MIN, W_SCALE, np.uint8)
    axq = quantize_u(AXIS, AXIS_MIN, AXIS_SCALE, np.uint16)
    g1 = (wq.tobytes() + B.astype(np.float16).tobytes() + S.tobytes() +
          SHAPE.tobytes() + axq.tobytes())
    m1 = [
        {"name": "w", "shape": [4, 3], "dtype": "float32", "quantization": {
            "dtype": "uint8", "min": W_MIN, "scale": W_SCALE,
            "original_dtype": "float32"}},
        {"name": "b", "shape": [3], "dtype": "float32", "quantization": {
            "dtype": "float16", "original_dtype": "float32"}},
        {"name": "s", "shape": [3], "dtype": "float32"},
        {"name": "shape", "shape": [2], "dtype": "int32"},
        {"name": "axis", "shape": [1], "dtype": "int32", "quantization": {
            "dtype": "uint16", "min": AXIS_MIN, "scale": AXIS_SCALE}},
    ]
    labels = b"".join(struct.pack("<I", len(s)) + s for s in LABELS)
    g2 = MASK.astype(np.uint8).tobytes() + labels + FN_C.tobytes()
    m2 = [
        {"name": "mask", "shape": [3], "dtype": "bool"},
        {"name": "labels", "shape": [2], "dtype": "string"},
        {"name": "scale_fn/c", "shape": [3], "dtype": "float32"},
    ]
    return (g1, m1), (g2, m2)


def model_json(paths1, paths2):
    (_, m1), (_, m2) = group_bytes()
    tensor = lambda n, s: {"name": n, "dtype": "DT_FLOAT",
                           "tensorShape": dims(s)}
    return {
        "format": "graph-model",
        "generatedBy": "test/Translate/tfjs/Inputs/make_synthetic.py",
        "convertedBy": "make_synthetic.py (TF.js converter layout)",
        "signature": {"inputs": {"x": tensor("x:0", [2, 4])},
                      "outputs": {"y": tensor("y:0", [2, 3]),
                                  "total": tensor("total:0", [3])}},
        "userDefinedMetadata": {"note": ["synthetic", 1]},
        "modelTopology": topology(),
        "weightsManifest": [{"paths": paths1, "weights": m1},
                            {"paths": paths2, "weights": m2}],
    }


SPLIT = 13  # group 1's first shard ends inside weight b (bytes 12..17)


def write(out):
    os.makedirs(out, exist_ok=True)
    (g1, _), (g2, _) = group_bytes()
    files = {"group1-shard1of2.bin": g1[:SPLIT],
             "group1-shard2of2.bin": g1[SPLIT:],
             "group2-shard1of1.bin": g2}
    for name, data in files.items():
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
    doc = model_json(["group1-shard1of2.bin", "group1-shard2of2.bin"],
                     ["group2-shard1of1.bin"])
    with open(os.path.join(out, "model.json"), "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: make_synthetic.py OUTDIR")
    write(sys.argv[1])
