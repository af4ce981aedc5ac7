"""Checks tf-dialect folders against TensorFlow's own values.

For each corpus case (a frozen GraphDef whose inputs are Const nodes, with
TF-computed reference outputs), imports the graph with its reference outputs
as fetches, runs -tf-standard-pipeline (which canonicalizes, so the op
folders run), and compares every fetched value that became a tf.Const with
TF's `<node>.prediction.csv`. Fails on any mismatch, or when no value was
folded at all (so the check cannot silently test nothing).

Usage: corpus_folds.py TF_TRANSLATE TF_OPT CORPUS_DIR CASE...
A CASE is `examples/<dir>:<node>[.k][;<node>...]`.
"""
import math
import os
import re
import struct
import subprocess
import sys

RAW_FORMATS = {"f16": "e", "f32": "f", "f64": "d", "i8": "b", "ui8": "B",
               "i16": "h", "ui16": "H", "i32": "i", "ui32": "I", "i64": "q",
               "ui64": "Q"}


def parse_dense(body, shape, et):
    """Values of a printed dense<...> attribute, flattened."""
    n = 1
    for d in shape:
        n *= d
    body = body.strip()
    if body.startswith('"0x'):  # Large tensors print as raw hex.
        raw = bytes.fromhex(body[3:-1])
        if et == "i1":
            if len(raw) == 1 and n != 1:
                return [float(raw[0] & 1)] * n
            return [float((raw[i // 8] >> (i % 8)) & 1) for i in range(n)]
        fmt = RAW_FORMATS[et]
        size = struct.calcsize(fmt)
        vals = [float(struct.unpack("<" + fmt, raw[i:i + size])[0])
                for i in range(0, len(raw), size)]
    else:
        vals = []
        for tok in re.split(r"[\[\],\s]+", body):
            if not tok:
                continue
            if tok in ("true", "false"):
                vals.append(1.0 if tok == "true" else 0.0)
            elif tok.lower().startswith("0x"):
                bits = int(tok, 16)
                packed = {"f16": ("<H", "<e"), "f32": ("<I", "<f"),
                          "f64": ("<Q", "<d")}[et]
                vals.append(struct.unpack(packed[1],
                                          struct.pack(packed[0], bits))[0])
            else:
                vals.append(float(tok))
    if len(vals) == 1 and n != 1:
        vals *= n
    return vals


def close(a, b):
    if math.isnan(a) and math.isnan(b):
        return True
    if math.isinf(a) or math.isinf(b):
        return a == b
    return abs(a - b) <= 1e-6 + 1e-5 * abs(b)


def main():
    translate, opt, corpus = sys.argv[1:4]
    checked = 0
    failures = []
    for case in sys.argv[4:]:
        case_dir, outs = case.split(":", 1)
        names = [o for o in outs.split(";") if o]
        fetch = ",".join(re.sub(r"\.(\d+)$", r":\1", o) for o in names)
        path = os.path.join(corpus, "dl4j_tf_graphs", case_dir)
        imported = subprocess.run(
            [translate, "--graphdef-to-mlir",
             os.path.join(path, "frozen_model.pb"),
             "--tf-output-arrays=" + fetch],
            capture_output=True, text=True, check=True)
        result = subprocess.run(
            [opt, "--tf-standard-pipeline", "--mlir-print-debuginfo=false"],
            input=imported.stdout, capture_output=True, text=True, check=True)
        m = re.search(r"func\.func @main\(.*?\n(.*?)\n    return ([^:]*) :",
                      result.stdout, re.S)
        if not m:
            failures.append(f"{case_dir}: no @main")
            continue
        consts = {}
        for c in re.finditer(r"(%\w+) = tf\.Const (?:\{[^}]*\} )?"
                             r"dense<(.*?)> : tensor<([0-9x]*)x?([a-z0-9]+)>",
                             m.group(1)):
            consts[c.group(1)] = c.groups()[1:]
        returned = [r.strip() for r in m.group(2).split(",")]
        for value, name in zip(returned, names):
            if value not in consts:
                continue
            body, dims, et = consts[value]
            shape = [int(d) for d in dims.split("x") if d]
            base, k = re.match(r"(.*?)(?:\.(\d+))?$", name).groups()
            stem = base.replace("/", "____") + (f".{k}" if k else "")
            ref = os.path.join(path, stem + ".prediction.csv")
            if not os.path.exists(ref):
                continue
            expected = [float(x) for x in open(ref).read().split()]
            got = parse_dense(body, shape, et)
            checked += 1
            if len(got) != len(expected):
                failures.append(f"{case_dir} {name}: {len(got)} values, TF "
                                f"has {len(expected)}")
                continue
            for i, (a, b) in enumerate(zip(got, expected)):
                if not close(a, b):
                    failures.append(f"{case_dir} {name}[{i}]: folded {a}, "
                                    f"TF {b}")
                    break
    for f in failures:
        print("MISMATCH", f)
    print(f"checked {checked} folded outputs, {len(failures)} mismatches")
    if failures or checked == 0:
        sys.exit(1)


if __name__ == "__main__":
    main()
