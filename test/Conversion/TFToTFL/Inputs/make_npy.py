"""Writes a float32 .npy: make_npy.py OUT DIM,DIM,... V V V ... (stdlib only)."""
import struct
import sys

out, shape = sys.argv[1], [int(d) for d in sys.argv[2].split(",") if d]
vals = [float(v) for v in sys.argv[3:]]
sh = "(" + "".join(f"{d}," for d in shape) + ")" if len(shape) != 1 else f"({shape[0]},)"
header = f"{{'descr': '<f4', 'fortran_order': False, 'shape': {sh}, }}"
header += " " * (64 - (10 + len(header) + 1) % 64) + "\n"
with open(out, "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
    f.write(struct.pack("<%df" % len(vals), *vals))
