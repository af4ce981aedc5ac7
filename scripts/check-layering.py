#!/usr/bin/env python3
"""Checks DESIGN's layering on the project's #include lines.

Layers, lowest first (a file may include its own layer and lower ones,
never a higher one):
 -1 lib/Support/ (no MLIR dependency; the dialect verifiers call it too),
    with lib/Support/ABI/: the contracts between generated code and the
    runtime (custom-call targets, packed layouts, memref descriptors, the
    GPU launch plan) that lib/Codegen, lib/Conversion and runtime/ share
  0 dialects/
  1 lib/ (except lib/Pipelines)
  2 runtime/ and lib/Pipelines/ (the pipelines run the runtime: calibration
    runs the lite interpreter; the Session calls lib/Pipelines/GraphToHLO)
  3 tools/, python/, bench/, examples/, test/

Also: lib/Support/, runtime/lite/ and runtime/aot/ include no MLIR or LLVM
header ("mlir/...", "llvm/..."): lib/Support holds semantics without MLIR,
the lite interpreter is pure C++, and tf-compile's objects link only
runtime/aot.

Usage: check-layering.py [SOURCE_DIR]   (default: the repository root)
Prints each include that goes up, as FILE:LINE: includes HEADER (layer a ->
layer b), and exits 1 when there is one that ALLOWED does not list.
"""
import os
import re
import sys

LAYER_NAMES = {-1: "lib/Support", 0: "dialects", 1: "lib", 2: "runtime/pipelines", 3: "tools"}

# Known upward includes, each with why it is still there. Remove an entry
# when the include is gone; the check fails on any other. Empty: what the
# compiler and the runtime must agree on (custom-call targets, packing
# layouts, argument structs, the GPU launch plan) is in lib/Support/ABI/,
# below both, so no lib/ file outside lib/Pipelines includes runtime/.
# Do not add entries; put a new shared contract in lib/Support/ABI/.
ALLOWED = set()

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
ANY_INCLUDE = re.compile(r'^\s*#\s*include\s+["<]([^">]+)[">]')
NO_MLIR = ("lib/Support/", "runtime/lite/", "runtime/aot/")
SOURCE_EXT = (".h", ".cpp", ".inc", ".def", ".cc", ".hpp")


def layer(path):
    """The layer of a repository-relative path, or None outside the layers."""
    top = path.split("/", 1)[0]
    if top == "dialects":
        return 0
    if path.startswith("lib/Support/"):
        return -1
    if top == "lib":
        return 2 if path.startswith("lib/Pipelines/") else 1
    if top == "runtime":
        return 2
    if top in ("tools", "python", "bench", "examples", "test"):
        return 3
    return None


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(__file__), ".."))
    bad, allowed_seen = [], set()
    for top in ("dialects", "lib", "runtime"):
        for dirpath, _, files in os.walk(os.path.join(root, top)):
            for f in sorted(files):
                if not f.endswith(SOURCE_EXT):
                    continue
                full = os.path.join(dirpath, f)
                rel = os.path.relpath(full, root)
                src = layer(rel)
                with open(full, encoding="utf-8", errors="replace") as fh:
                    for n, line in enumerate(fh, 1):
                        a = ANY_INCLUDE.match(line)
                        if (a and rel.startswith(NO_MLIR) and
                                a.group(1).startswith(("mlir/", "llvm/"))):
                            bad.append(f"{rel}:{n}: includes {a.group(1)} "
                                       "(this folder is built without MLIR/LLVM)")
                            continue
                        m = INCLUDE.match(line)
                        if not m:
                            continue
                        dst = layer(m.group(1))
                        if dst is None or dst <= src:
                            continue
                        key = (rel, m.group(1))
                        if key in ALLOWED:
                            allowed_seen.add(key)
                            continue
                        bad.append(f"{rel}:{n}: includes {m.group(1)} "
                                   f"({LAYER_NAMES[src]} -> {LAYER_NAMES[dst]})")
    for b in bad:
        print(b)
    stale = sorted(ALLOWED - allowed_seen)
    for rel, hdr in stale:
        print(f"check-layering: ALLOWED lists {rel} -> {hdr}, which is gone: "
              "remove the entry")
    if bad:
        print(f"check-layering: {len(bad)} include(s) go up a layer or "
              "bring MLIR/LLVM into a folder without them "
              "(lib/Support <- dialects <- lib <- runtime, lib/Pipelines <- tools); see "
              "scripts/check-layering.py")
    return 1 if bad or stale else 0


if __name__ == "__main__":
    sys.exit(main())
