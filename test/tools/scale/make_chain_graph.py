#!/usr/bin/env python3
"""Writes a binary GraphDef whose graph is one chain of N unary ops (test-only).

usage: make_chain_graph.py N OUT.pb [--shape D0,D1,...]

The graph is a float32 Placeholder `x` (default shape [4]) followed by N
element-wise nodes `n1`..`nN`, each reading the previous one, cycling through
Neg, Abs, Relu and Identity; the last node is named `y`. Its value is
computable by hand (see expected_value), so a run of any size has a reference.
Used by the compile-scaling test (test/tools/scale) and bench scripts to
check that import, compile and run stay linear in the number of nodes.

The protobuf wire format is written directly (GraphDef.node = 1; NodeDef
name = 1, op = 2, input = 3, attr = 5; AttrValue type = 6, shape = 7;
TensorShapeProto dim = 2, Dim.size = 1) so no TensorFlow install is needed.
"""
import sys

OPS = ["Neg", "Abs", "Relu", "Identity"]
DT_FLOAT = 1


def varint(v):
    out = bytearray()
    while True:
        b = v & 0x7F
        v >>= 7
        if v:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def field(num, payload):
    """Length-delimited field `num` holding `payload` (bytes)."""
    return varint((num << 3) | 2) + varint(len(payload)) + payload


def int_field(num, v):
    return varint(num << 3) + varint(v)


def attr(key, value):
    # map<string, AttrValue> entry: key = 1, value = 2.
    return field(5, field(1, key.encode()) + field(2, value))


def node(name, op, inputs, attrs):
    body = field(1, name.encode()) + field(2, op.encode())
    for i in inputs:
        body += field(3, i.encode())
    for k, v in attrs:
        body += attr(k, v)
    return field(1, body)


def shape_proto(dims):
    return b"".join(field(2, int_field(1, d)) for d in dims)


def chain_graph(n, dims):
    """The GraphDef bytes of the chain of `n` ops on a Placeholder of `dims`."""
    t_float = int_field(6, DT_FLOAT)
    parts = [node("x", "Placeholder", [],
                  [("dtype", t_float), ("shape", field(7, shape_proto(dims)))])]
    prev = "x"
    for i in range(1, n + 1):
        name = "y" if i == n else "n%d" % i
        parts.append(node(name, OPS[(i - 1) % len(OPS)], [prev], [("T", t_float)]))
        prev = name
    return b"".join(parts)


def expected_value(n, x):
    """The chain's output for one input element `x` (float)."""
    for i in range(1, n + 1):
        op = OPS[(i - 1) % len(OPS)]
        if op == "Neg":
            x = -x
        elif op == "Abs":
            x = abs(x)
        elif op == "Relu":
            x = max(x, 0.0)
    return x


def main(argv):
    if len(argv) < 3:
        sys.stderr.write(__doc__)
        return 2
    n = int(argv[1])
    if n < 1:
        sys.stderr.write("make_chain_graph.py: N must be at least 1\n")
        return 2
    dims = [4]
    if len(argv) > 4 and argv[3] == "--shape":
        dims = [int(d) for d in argv[4].split(",") if d]
    with open(argv[2], "wb") as f:
        f.write(chain_graph(n, dims))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
