#!/usr/bin/env python3
"""Writes a text GraphDef whose weights (>= 64 KiB) tf-compile keeps in the
object's rodata (and the JIT as a host buffer), plus its inputs and a
float64 reference, laid out as a dl4j corpus case for AotCorpusTest:

  OUT/frozen_model.pbtxt      x[2,256] (Placeholder) -> MatMul W[256,128]
                              (128 KiB, tensor_content) -> BiasAdd b[128]
                              -> Tanh -> y
  OUT/x.placeholder.csv       the feed
  OUT/y.prediction.csv        tanh(x W + b) in float64

Values: W[i,j] = ((i*131 + j*71) % 97 - 48) / 64, b[j] = (j % 7 - 3) / 8,
x[r,i] = ((r*29 + i*13) % 23 - 11) / 32: all exact in float32.
No NumPy or TensorFlow needed. usage: make_bigconst.py OUT_DIR"""
import math
import os
import struct
import sys

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
N, M = 256, 128
W = [[((i * 131 + j * 71) % 97 - 48) / 64.0 for j in range(M)] for i in range(N)]
b = [(j % 7 - 3) / 8.0 for j in range(M)]
x = [[((r * 29 + i * 13) % 23 - 11) / 32.0 for i in range(N)] for r in range(2)]


def escape(data):
    return "".join("\\%03o" % c for c in data)


wbytes = b"".join(struct.pack("<f", W[i][j]) for i in range(N) for j in range(M))
bbytes = b"".join(struct.pack("<f", v) for v in b)
with open(os.path.join(out, "frozen_model.pbtxt"), "w") as f:
    f.write('node { name: "x" op: "Placeholder" attr { key: "dtype" value { type: DT_FLOAT } } '
            'attr { key: "shape" value { shape { dim { size: -1 } dim { size: %d } } } } }\n' % N)
    f.write('node { name: "W" op: "Const" attr { key: "dtype" value { type: DT_FLOAT } } '
            'attr { key: "value" value { tensor { dtype: DT_FLOAT tensor_shape { dim { size: %d } '
            'dim { size: %d } } tensor_content: "%s" } } } }\n' % (N, M, escape(wbytes)))
    f.write('node { name: "b" op: "Const" attr { key: "dtype" value { type: DT_FLOAT } } '
            'attr { key: "value" value { tensor { dtype: DT_FLOAT tensor_shape { dim { size: %d } } '
            'tensor_content: "%s" } } } }\n' % (M, escape(bbytes)))
    f.write('node { name: "mm" op: "MatMul" input: "x" input: "W" attr { key: "T" value { type: DT_FLOAT } } }\n')
    f.write('node { name: "ba" op: "BiasAdd" input: "mm" input: "b" attr { key: "T" value { type: DT_FLOAT } } }\n')
    f.write('node { name: "y" op: "Tanh" input: "ba" attr { key: "T" value { type: DT_FLOAT } } }\n')
with open(os.path.join(out, "x.placeholder.csv"), "w") as f:
    f.write("\n".join("%.10g" % v for row in x for v in row) + "\n")
with open(os.path.join(out, "y.prediction.csv"), "w") as f:
    for r in range(2):
        for j in range(M):
            acc = b[j] + sum(x[r][i] * W[i][j] for i in range(N))
            f.write("%.17g\n" % math.tanh(acc))
