#!/usr/bin/env python3
"""Checks the quantization parameters tf-convert gave a QAT GraphDef.

usage: check_fake_quant.py <graph.pbtxt> <converted.mlir>

Independently of our C++ code, computes for every FakeQuantWithMinMaxVars /
FakeQuantWithMinMaxVarsPerChannel / FakeQuantWithMinMaxArgs node the scale
and zero point TensorFlow assigns (FakeQuant nudging with signed storage:
qmin = -2^(b-1) (+1 with narrow_range), qmax = 2^(b-1) - 1, range extended
to contain 0, scale = (max - min) / (qmax - qmin), zp = round(qmin -
min / scale) clamped), reading min/max from the graph's Const nodes, and
requires a !quant.uniform type with exactly those parameters (scales to
1e-9 relative) in the converted module. Also checks the scales TF's own
test expects (its `# MLIR` lines) where the file states them.
"""
import codecs
import re
import struct
import sys

import numpy as np


def parse_nodes(text):
    nodes = {}
    for block in re.split(r"\n(?=node \{)", text):
        m = re.search(r'name: "([^"]+)"', block)
        if not m or not block.lstrip().startswith("node"):
            continue
        op = re.search(r'op: "([^"]+)"', block).group(1)
        nodes[m.group(1)] = {"op": op, "inputs": re.findall(r'input: "([^"]+)"', block),
                             "text": block}
    return nodes


def const_values(nodes, name):
    while nodes[name]["op"] == "Identity":
        name = nodes[name]["inputs"][0]
    t = nodes[name]["text"]
    m = re.search(r'tensor_content: "((?:[^"\\]|\\.)*)"', t)
    if m:
        raw = codecs.escape_decode(m.group(1).encode("latin-1"))[0]
        return np.array(struct.unpack("<%df" % (len(raw) // 4), raw), dtype=np.float64)
    vals = [float(v) for v in re.findall(r"float_val: ([-0-9.e+]+)", t)]
    # TF stores float32: round the text values to float32 as TF reads them.
    return np.array(vals, dtype=np.float32).astype(np.float64)


def attr(block, key, kind, default):
    m = re.search(r'key: "%s"\s*value \{\s*%s: ([^\s}]+)' % (key, kind), block)
    if not m:
        return default
    v = m.group(1)
    return (v == "true") if kind == "b" else (int(v) if kind == "i" else float(v))


def params(lo, hi, bits, narrow):
    qmin = -(1 << (bits - 1)) + (1 if narrow else 0)
    qmax = (1 << (bits - 1)) - 1
    lo, hi = min(lo, 0.0), max(hi, 0.0)
    if hi - lo <= 0:
        return 1.0, 0
    scale = (hi - lo) / (qmax - qmin)
    zf = qmin - lo / scale
    zp = qmin if zf <= qmin else qmax if zf >= qmax else int(np.sign(zf) * np.floor(abs(zf) + 0.5))
    return scale, zp


QTYPE = re.compile(r"!quant\.uniform<([iu])(\d+)(?:<(-?\d+):(-?\d+)>)?:f32(?::(\d+))?, ([^>]*)>")


def parse_types(mlir):
    per_tensor, per_axis = [], []
    for m in QTYPE.finditer(mlir):
        sign, bits, _, _, axis, body = m.groups()
        if axis is not None:
            items = body.strip("{}").split(",")
            scales = [float(s.split(":")[0]) for s in items]
            zps = [int(s.split(":")[1]) if ":" in s else 0 for s in items]
            per_axis.append((int(bits), scales, zps))
        else:
            s = body.split(":")
            per_tensor.append((int(bits), float(s[0]), int(s[1]) if len(s) > 1 else 0))
    return per_tensor, per_axis


def main():
    graph, mlir_path = sys.argv[1:3]
    text = open(graph).read()
    mlir = open(mlir_path).read()
    nodes = parse_nodes(text)
    per_tensor, per_axis = parse_types(mlir)
    checked = 0
    for name, n in nodes.items():
        if not n["op"].startswith("FakeQuantWithMinMax"):
            continue
        bits = attr(n["text"], "num_bits", "i", 8)
        narrow = attr(n["text"], "narrow_range", "b", False)
        if n["op"] == "FakeQuantWithMinMaxArgs":
            los = [float(np.float32(attr(n["text"], "min", "f", -6.0)))]
            his = [float(np.float32(attr(n["text"], "max", "f", 6.0)))]
        else:
            los = const_values(nodes, n["inputs"][1])
            his = const_values(nodes, n["inputs"][2])
        expected = [params(float(a), float(b), bits, narrow) for a, b in zip(los, his)]
        if n["op"].endswith("PerChannel"):
            ok = any(b == bits and len(s) == len(expected) and
                     all(abs(x - e[0]) <= 1e-9 * e[0] and z == e[1]
                         for x, z, e in zip(s, zs, expected))
                     for b, s, zs in per_axis)
        else:
            e = expected[0]
            ok = any(b == bits and abs(s - e[0]) <= 1e-9 * e[0] and z == e[1]
                     for b, s, z in per_tensor)
        print("%s %s: %d-bit%s, %d channel(s), first scale %.17g zp %d: %s" % (
            n["op"], name, bits, " narrow" if narrow else "", len(expected),
            expected[0][0], expected[0][1], "found" if ok else "MISSING"))
        if not ok:
            return 1
        checked += 1
    # TF's own expectations, from the test's comments: the returned
    # (FakeQuant-derived) activation type and the first weight scale. The
    # input's type comes from command-line ranges the file does not hold.
    for m in re.finditer(r"^# MLIR:\s+return .*", text, re.M):
        for t in QTYPE.finditer(m.group(0)):
            s = t.group(6).split(":")
            want = (float(s[0]), int(s[1]) if len(s) > 1 else 0)
            if not any(abs(x - want[0]) <= 1e-9 * want[0] and z == want[1]
                       for b, x, z in per_tensor):
                print("TF expects output %s, not found" % (want,))
                return 1
            print("TF's expected output type %r: found" % (want,))
    for m in re.finditer(r"^# MLIR.*", text, re.M):
        for t in re.finditer(r"i(\d+)<-?\d+:-?\d+>:f32:0, \{([0-9.e+-]+),", m.group(0)):
            first = float(t.group(2))
            if not any(abs(s[0] - first) <= 1e-9 * first for b, s, z in per_axis):
                print("TF expects first weight scale %r, not found" % first)
                return 1
            print("TF's expected first weight scale %r: found" % first)
    if checked == 0:
        print("no FakeQuant node found")
        return 1
    print("%d FakeQuant node(s) checked" % checked)
    return 0


if __name__ == "__main__":
    sys.exit(main())
