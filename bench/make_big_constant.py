#!/usr/bin/env python3
"""Writes an hlo module for hlo-jit-run whose @main multiplies a constant
x[1, N] by a constant W[N, N] of f32 (N=4096: 64 MiB of weights, written as
a hex dense literal), for measuring compile time and peak RSS of large
constants: /usr/bin/time -v build/bin/hlo-jit-run FILE > /dev/null.
usage: make_big_constant.py OUT.mlir [N]
Weights: a fixed LCG sequence (seed 1), values k/256 - 0.5 for k in 0..255."""
import sys

out = sys.argv[1]
n = int(sys.argv[2]) if len(sys.argv) > 2 else 4096
import struct
s = 1
vals = bytearray()
table = [struct.pack("<f", k / 256.0 - 0.5).hex().upper() for k in range(256)]
with open(out, "w") as f:
    f.write("func.func @main() -> tensor<1x%dxf32> {\n" % n)
    f.write('  %%x = hlo.constant dense<"0x%s"> : tensor<1x%dxf32>\n' % (
        "".join(table[(i * 7) % 256] for i in range(n)), n))
    f.write('  %w = hlo.constant dense<"0x')
    parts = []
    for i in range(n * n):
        s = (s * 1103515245 + 12345) & 0x7FFFFFFF
        parts.append(table[s >> 23])
        if len(parts) == 65536:
            f.write("".join(parts))
            parts = []
    f.write("".join(parts))
    f.write('"> : tensor<%dx%dxf32>\n' % (n, n))
    f.write("  %%0 = hlo.dot_general %%x, %%w, <lhs_batch = [], rhs_batch = [], "
            "lhs_contract = [1], rhs_contract = [0]> : (tensor<1x%dxf32>, "
            "tensor<%dx%dxf32>) -> tensor<1x%dxf32>\n" % (n, n, n, n))
    f.write("  return %%0 : tensor<1x%dxf32>\n}\n" % n)
