#!/usr/bin/python3
"""A NumPy reference for TF.js graph models, independent of the C++ code.

decode_weights(model_json) reads the weight shards as TF.js's decodeWeights
does (tfjs-core/src/io/io_utils.ts): per manifest group the shards are
concatenated, each weight takes its bytes in order; uint8/uint16
quantization is q * scale + min in double (float32 weights rounded to
float32, int32 weights with Math.round), float16 is widened; strings are a
uint32 little-endian length and the bytes per element.

evaluate(doc, weights, feeds, fetches) runs the graph in float64 with the
semantics of TF's CPU kernels, for the ops run_op implements (NHWC
convolutions, transposed convolutions and pools with SAME/VALID padding, the element-wise ops, ResizeBilinear with
align_corners / half_pixel_centers, and the fused ops grappler and the TF.js
converter write: _FusedConv2D, FusedDepthwiseConv2dNative, _FusedMatMul with
BiasAdd and an activation, and TF.js's Prelu). Any other op, or an attribute
value outside these (NCHW, dilations, EXPLICIT padding), raises Unsupported
naming it, so a model is either checked in full or not at all.
"""
import base64
import json
import os
import struct

import numpy as np


class Unsupported(Exception):
    """The graph uses an op or attribute value the reference does not have."""


def decode_weights(model_json):
    """{weight name: np.ndarray (list of bytes for strings)}."""
    folder = os.path.dirname(os.path.abspath(model_json))
    with open(model_json) as f:
        doc = json.load(f)
    out = {}
    for group in doc["weightsManifest"]:
        data = b"".join(open(os.path.join(folder, p), "rb").read()
                        for p in group["paths"])
        off = 0
        for w in group["weights"]:
            n = int(np.prod(w["shape"], dtype=np.int64))
            q = w.get("quantization")
            if w["dtype"] == "string":
                vals = []
                for _ in range(n):
                    (ln,) = struct.unpack_from("<I", data, off)
                    vals.append(data[off + 4:off + 4 + ln])
                    off += 4 + ln
                out[w["name"]] = vals
                continue
            if q and q["dtype"] in ("uint8", "uint16"):
                qt = np.uint8 if q["dtype"] == "uint8" else np.uint16
                raw = np.frombuffer(data, qt, n, off).astype(np.float64)
                off += n * np.dtype(qt).itemsize
                v = raw * q["scale"] + q["min"]
                v = (np.floor(v + 0.5).astype(np.int32) if w["dtype"] == "int32"
                     else v.astype(np.float32))
            elif q and q["dtype"] == "float16":
                v = np.frombuffer(data, np.float16, n, off).astype(np.float32)
                off += 2 * n
            else:
                dt = {"float32": np.float32, "int32": np.int32,
                      "bool": np.bool_}[w["dtype"]]
                v = np.frombuffer(data, dt, n, off)
                off += n * np.dtype(dt).itemsize
            out[w["name"]] = v.reshape(w["shape"])
        if off != len(data):
            raise ValueError(f"{model_json}: group shards hold {len(data)} "
                             f"bytes, the weights take {off}")
    return out


# --- attributes in protobuf's JSON mapping ----------------------------------

def attr(node, name, default=None):
    a = node.get("attr", {}).get(name)
    if a is None:
        return default
    if "list" in a:
        lst = a["list"]
        if "i" in lst:
            return [int(x) for x in lst["i"]]
        if "s" in lst:
            return [base64.b64decode(x).decode() for x in lst["s"]]
        if "f" in lst:
            return [float(x) for x in lst["f"]]
        return []
    if "s" in a:
        return base64.b64decode(a["s"]).decode()
    if "i" in a:
        return int(a["i"])
    if "f" in a:
        return float(a["f"])
    if "b" in a:
        return bool(a["b"])
    if "type" in a:
        return a["type"]
    return default


def check_nhwc(node):
    fmt = attr(node, "data_format", "NHWC")
    if fmt != "NHWC":
        raise Unsupported(f"{node['op']} with data_format {fmt}")
    dil = attr(node, "dilations", [1, 1, 1, 1])
    if any(d != 1 for d in dil):
        raise Unsupported(f"{node['op']} with dilations {dil}")
    pad = attr(node, "padding", "VALID")
    if pad not in ("SAME", "VALID"):
        raise Unsupported(f"{node['op']} with padding {pad}")
    return pad


# --- windows ----------------------------------------------------------------

def window_pads(size, k, stride, padding):
    """(out, pad_before, pad_after) as TF's GetWindowedOutputSize."""
    if padding == "VALID":
        return (size - k) // stride + 1, 0, 0
    out = -(-size // stride)
    total = max((out - 1) * stride + k - size, 0)
    return out, total // 2, total - total // 2


def patches(x, kh, kw, strides, padding, fill=0.0):
    """[N, OH, OW, KH, KW, C] windows of NHWC `x`."""
    sh, sw = strides[1], strides[2]
    oh, ph0, ph1 = window_pads(x.shape[1], kh, sh, padding)
    ow, pw0, pw1 = window_pads(x.shape[2], kw, sw, padding)
    xp = np.pad(x, ((0, 0), (ph0, ph1), (pw0, pw1), (0, 0)),
                constant_values=fill)
    win = np.lib.stride_tricks.sliding_window_view(xp, (kh, kw), axis=(1, 2))
    # win: [N, H', W', C, KH, KW] -> strided -> [N, OH, OW, KH, KW, C]
    win = win[:, ::sh, ::sw][:, :oh, :ow]
    return np.moveaxis(win, 3, 5)


def conv2d(x, f, node):
    pad = check_nhwc(node)
    p = patches(x, f.shape[0], f.shape[1], attr(node, "strides"), pad)
    return np.tensordot(p, f, axes=([3, 4, 5], [0, 1, 2]))


def depthwise(x, f, node):
    pad = check_nhwc(node)
    p = patches(x, f.shape[0], f.shape[1], attr(node, "strides"), pad)
    y = np.einsum("nhwijc,ijcm->nhwcm", p, f)
    return y.reshape(y.shape[:3] + (-1,))


def conv2d_backprop_input(sizes, f, dy, node):
    """TF's Conv2DBackpropInput (the transposed convolution): the gradient
    of conv2d(x, f) with respect to x of shape `sizes`, for output
    gradient `dy` [N, OH, OW, O] and filter `f` [KH, KW, C, O]."""
    pad = check_nhwc(node)
    n, h, w, c = (int(d) for d in sizes)
    kh, kw = f.shape[0], f.shape[1]
    sh, sw = attr(node, "strides")[1:3]
    oh, ph0, ph1 = window_pads(h, kh, sh, pad)
    ow, pw0, pw1 = window_pads(w, kw, sw, pad)
    if dy.shape[1:3] != (oh, ow):
        raise Unsupported("Conv2DBackpropInput with an inconsistent out_backprop shape")
    dx = np.zeros((n, h + ph0 + ph1 + sh, w + pw0 + pw1 + sw, c))
    for i in range(kh):
        for j in range(kw):
            # Every output position (a, b) read input (a*sh + i, b*sw + j).
            dx[:, i:i + oh * sh:sh, j:j + ow * sw:sw] += dy @ f[i, j].T
    return dx[:, ph0:ph0 + h, pw0:pw0 + w]


def pool(x, node, kind):
    pad = check_nhwc(node)
    k = attr(node, "ksize")
    if k[0] != 1 or k[3] != 1:
        raise Unsupported(f"{node['op']} over batch or channels")
    if kind == "max":
        return patches(x, k[1], k[2], attr(node, "strides"), pad,
                       -np.inf).max(axis=(3, 4))
    s = patches(x, k[1], k[2], attr(node, "strides"), pad).sum(axis=(3, 4))
    n = patches(np.ones_like(x[..., :1]), k[1], k[2], attr(node, "strides"),
                pad).sum(axis=(3, 4))
    return s / n  # TF's AvgPool counts only the elements inside the input


def resize_bilinear(x, size, node):
    align = attr(node, "align_corners", False)
    half = attr(node, "half_pixel_centers", False)

    def weights(in_size, out_size):
        if align and out_size > 1:
            scale = (in_size - 1) / (out_size - 1)
        else:
            scale = in_size / out_size
        i = np.arange(out_size, dtype=np.float64)
        pos = (i + 0.5) * scale - 0.5 if half else i * scale
        lo_f = np.floor(pos)
        lo = np.maximum(lo_f, 0).astype(np.int64)
        hi = np.minimum(np.ceil(pos), in_size - 1).astype(np.int64)
        return lo, hi, pos - lo_f

    ylo, yhi, yl = weights(x.shape[1], int(size[0]))
    xlo, xhi, xl = weights(x.shape[2], int(size[1]))
    top = x[:, ylo][:, :, xlo] + (x[:, ylo][:, :, xhi] - x[:, ylo][:, :, xlo]) * xl[None, None, :, None]
    bot = x[:, yhi][:, :, xlo] + (x[:, yhi][:, :, xhi] - x[:, yhi][:, :, xlo]) * xl[None, None, :, None]
    return top + (bot - top) * yl[None, :, None, None]


def activation(name, y, node, extra):
    if name == "Relu":
        return np.maximum(y, 0)
    if name == "Relu6":
        return np.clip(y, 0, 6)
    if name == "Elu":
        return np.where(y > 0, y, np.expm1(np.minimum(y, 0)))
    if name == "Sigmoid":
        return 1 / (1 + np.exp(-y))
    if name == "Tanh":
        return np.tanh(y)
    if name == "LeakyRelu":
        a = attr(node, "leakyrelu_alpha", attr(node, "alpha", 0.2))
        return np.where(y > 0, y, a * y)
    if name == "Prelu":
        return np.where(y > 0, y, extra * y)
    raise Unsupported(f"{node['op']} with fused activation {name}")


def fused(y, node, args):
    ops = attr(node, "fused_ops", [])
    if not ops or ops[0] != "BiasAdd":
        raise Unsupported(f"{node['op']} with fused_ops {ops}")
    y = y + args[0]
    if len(ops) > 2:
        raise Unsupported(f"{node['op']} with fused_ops {ops}")
    if len(ops) == 2:
        y = activation(ops[1], y, node, args[1] if len(args) > 1 else None)
    return y


def reduce_axes(a, rank):
    return tuple(int(i) % rank for i in np.atleast_1d(a))


def softmax(x):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def run_op(node, ins):
    op = node["op"]
    if op in ("Identity", "StopGradient", "Snapshot"):
        return ins[0]
    if op in ("Add", "AddV2"):
        return ins[0] + ins[1]
    if op == "AddN":
        return sum(ins[1:], ins[0])
    if op == "Sub":
        return ins[0] - ins[1]
    if op == "Mul":
        return ins[0] * ins[1]
    if op == "RealDiv":
        return ins[0] / ins[1]
    if op == "Maximum":
        return np.maximum(ins[0], ins[1])
    if op == "Minimum":
        return np.minimum(ins[0], ins[1])
    if op == "SquaredDifference":
        return (ins[0] - ins[1]) ** 2
    if op in ("Relu", "Relu6", "Elu", "Sigmoid", "Tanh", "LeakyRelu"):
        return activation(op, ins[0], node, None)
    if op == "Prelu":  # TF.js: x > 0 ? x : alpha * x
        return np.where(ins[0] > 0, ins[0], ins[1] * ins[0])
    if op == "Sqrt":
        return np.sqrt(ins[0])
    if op == "Rsqrt":
        return 1 / np.sqrt(ins[0])
    if op == "Exp":
        return np.exp(ins[0])
    if op == "Square":
        return ins[0] ** 2
    if op == "Neg":
        return -ins[0]
    if op == "BiasAdd":
        if attr(node, "data_format", "NHWC") != "NHWC":
            raise Unsupported("BiasAdd with data_format NCHW")
        return ins[0] + ins[1]
    if op == "Conv2D":
        return conv2d(ins[0], ins[1], node)
    if op == "DepthwiseConv2dNative":
        return depthwise(ins[0], ins[1], node)
    if op == "Conv2DBackpropInput":
        return conv2d_backprop_input(np.asarray(ins[0]), ins[1], ins[2], node)
    if op == "_FusedConv2D":
        return fused(conv2d(ins[0], ins[1], node), node, ins[2:])
    if op == "FusedDepthwiseConv2dNative":
        return fused(depthwise(ins[0], ins[1], node), node, ins[2:])
    if op in ("MatMul", "_FusedMatMul"):
        a = ins[0].T if attr(node, "transpose_a", False) else ins[0]
        b = ins[1].T if attr(node, "transpose_b", False) else ins[1]
        y = a @ b
        return fused(y, node, ins[2:]) if op == "_FusedMatMul" else y
    if op == "MaxPool":
        return pool(ins[0], node, "max")
    if op == "AvgPool":
        return pool(ins[0], node, "avg")
    if op == "Pad" or op == "PadV2":
        value = ins[2].item() if op == "PadV2" else 0
        return np.pad(ins[0], np.asarray(ins[1], np.int64),
                      constant_values=value)
    if op == "Reshape":
        return ins[0].reshape([int(d) for d in np.atleast_1d(ins[1])])
    if op == "Squeeze":
        dims = attr(node, "squeeze_dims", [])
        return np.squeeze(ins[0], axis=tuple(dims) if dims else None)
    if op == "ExpandDims":
        return np.expand_dims(ins[0], int(np.asarray(ins[1]).item()))
    if op == "ConcatV2":
        return np.concatenate(ins[:-1], axis=int(np.asarray(ins[-1]).item()))
    if op in ("Mean", "Sum", "Max"):
        f = {"Mean": np.mean, "Sum": np.sum, "Max": np.max}[op]
        return f(ins[0], axis=reduce_axes(ins[1], ins[0].ndim),
                 keepdims=attr(node, "keep_dims", False))
    if op == "Softmax":
        return softmax(ins[0])
    if op == "ResizeBilinear":
        return resize_bilinear(ins[0], np.asarray(ins[1]), node)
    raise Unsupported(op)


def evaluate(doc, weights, feeds, fetches):
    """Values of `fetches` ("node" or "node:0") with `feeds`
    ({"node" or "node:0": array}); float math in float64."""
    nodes = {n["name"]: n for n in doc["modelTopology"].get("node", [])}
    fed = {k.split(":")[0]: np.asarray(v) for k, v in feeds.items()}
    memo = {}

    def value(name):
        base, _, idx = name.lstrip("^").partition(":")
        if idx not in ("", "0"):
            raise Unsupported(f"output {name} of a multi-output op")
        if base in memo:
            return memo[base]
        # Iterative post-order, so deep graphs do not hit Python's recursion
        # limit.
        stack = [base]
        while stack:
            cur = stack[-1]
            if cur in memo:
                stack.pop()
                continue
            node = nodes[cur]
            if cur in fed:
                memo[cur] = fed[cur].astype(np.float64) if fed[cur].dtype.kind == "f" else fed[cur]
                stack.pop()
                continue
            if node["op"] == "Const":
                if cur not in weights:
                    raise Unsupported(f"Const {cur} with an inline value")
                w = weights[cur]
                memo[cur] = w.astype(np.float64) if w.dtype.kind == "f" else w
                stack.pop()
                continue
            data_ins = [i for i in node.get("input", []) if not i.startswith("^")]
            missing = [i.split(":")[0] for i in data_ins
                       if i.split(":")[0] not in memo]
            if missing:
                stack.extend(missing)
                continue
            for i in data_ins:
                if i.partition(":")[2] not in ("", "0"):
                    raise Unsupported(f"input {i} (a second output)")
            memo[cur] = run_op(node, [memo[i.split(":")[0]] for i in data_ins])
            stack.pop()
        return memo[base]

    return {f: value(f) for f in fetches}
