"""Copies a .tflite file with Model.version (field 0 of the root table) set.

usage: set_schema_version.py IN OUT VERSION
The field must be present in IN (our exporter always writes version 3).
"""
import struct
import sys

src, dst, version = sys.argv[1], sys.argv[2], int(sys.argv[3])
data = bytearray(open(src, "rb").read())
root = struct.unpack_from("<I", data, 0)[0]
vtable = root - struct.unpack_from("<i", data, root)[0]
field = struct.unpack_from("<H", data, vtable + 4)[0]
if field == 0:
    sys.exit(f"{src}: Model.version is not stored")
struct.pack_into("<I", data, root + field, version)
open(dst, "wb").write(data)
