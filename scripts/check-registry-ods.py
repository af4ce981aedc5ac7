#!/usr/bin/env python3
"""Checks that the tf dialect's ODS definitions and the GraphDef importer's
op registry agree (issue 13 §2).

The two describe the same TensorFlow ops: dialects/tf/TFOps*.td (ODS: the
typed ops every pass and lowering uses) and lib/Translate/OpRegistry/*.inc
(TF's OpDefs in the registry DSL of lib/Translate/OpRegistry.h: what the
importer reads a NodeDef with). For every op defined in both, this script
compares
  - the family: the entry of an op of dialects/tf/TFOps<Family>.td is in
    lib/Translate/OpRegistry/<Family>.inc (the core ops of TFOps.td go with
    the family their lowerings use, CORE_FAMILY);
  - the inputs: names, order, and whether each is variadic (`N * T`, a
    list(type) attr, vs ODS `Variadic<...>`);
  - the outputs: likewise;
  - the attrs ODS declares: each must be an attr of the OpDef.
ODS-only ops are allowed (ops TF keeps out of its public registry or that
only the converters create) when listed in ODS_ONLY below with the reason.

Usage: check-registry-ods.py SOURCE_DIR [LLVM_TBLGEN [MLIR_INCLUDE_DIR]]
Prints each disagreement (file, op, what differs) and exits 1 if any, else
prints a one-line summary and exits 0.
"""
import json
import os
import re
import subprocess
import sys

# ODS ops without an OpDef in the registry, and why.
ODS_ONLY = {
    "DebugIdentity": "a debugger op (TF registers it in debug_ops.cc, not "
                     "read by the importer's table)",
    "RandomPoisson": "TF's deprecated op (RandomPoissonV2 replaced it)",
    "LegacyCall": "tfmlir's own op for a NodeDef whose op is a library "
                  "function name (TF resolves those through the function "
                  "library, not the op registry)",
}

# The registry family of the core ops of dialects/tf/TFOps.td (Const,
# Placeholder, Identity*, Print, ...: Shape, as lib/Conversion/TFToHLO/Shape
# lowers them), except these.
CORE_FAMILY_DEFAULT = "Shape"
CORE_FAMILY = {"NoOp": "Control"}

# ODS operand names that differ from TF's on purpose: (op, TF name) -> ODS
# name. TF's `t` (and `e`) would generate getT(), which the derived type
# attr `T` already takes.
RENAMED = {
    ("ClipByValue", "t"): "x",
    ("L2Loss", "t"): "x",
    ("Select", "t"): "then_value",
    ("Select", "e"): "else_value",
    ("SelectV2", "t"): "then_value",
    ("SelectV2", "e"): "else_value",
}

# ODS attrs that are not OpDef attrs on purpose: name -> reason.
EXTRA_ATTRS = {
    "arg_attrs": "MLIR's CallOpInterface argument attributes",
    "res_attrs": "MLIR's CallOpInterface result attributes",
}

# OpDef inputs ODS does not model, and why: (op, input) -> reason.
UNMODELED_INPUTS = {
    ("_FusedConv2D", "host_args"): "the quantized fusion's host arguments; "
        "tf-decompose-fused-ops refuses num_host_args > 0 with that reason",
}


def split_top(text, sep):
    """Splits `text` at `sep` outside quotes, (), [] and {}."""
    parts, depth, cur, quote = [], 0, [], False
    for ch in text:
        if quote:
            cur.append(ch)
            if ch == "'":
                quote = False
            continue
        if ch == "'":
            quote = True
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == sep and depth == 0:
            parts.append("".join(cur))
            cur = []
            continue
        cur.append(ch)
    parts.append("".join(cur))
    return [p.strip() for p in parts]


def balanced(text, i):
    """The index just past the ')' matching the '(' at text[i]."""
    depth = 0
    for j in range(i, len(text)):
        if text[j] == "(":
            depth += 1
        elif text[j] == ")":
            depth -= 1
            if depth == 0:
                return j + 1
    return -1


def parse_signature(entry):
    """(name, inputs text, outputs text, rest) of `Name(ins) -> (outs); rest`."""
    m = re.match(r"([A-Za-z0-9_]+)\(", entry)
    if not m:
        return None
    end = balanced(entry, m.end() - 1)
    if end < 0:
        return None
    arrow = re.match(r"\s*->\s*\(", entry[end:])
    if not arrow:
        return None
    start = end + arrow.end() - 1
    oend = balanced(entry, start)
    if oend < 0:
        return None
    rest = entry[oend:].lstrip().lstrip(";")
    return m.group(1), entry[m.end():end - 1], entry[start + 1:oend - 1], rest


def registry_entries(src):
    """{op: (inputs, outputs, attrs, file)} from lib/Translate/OpRegistry/*.inc,
    inputs/outputs as [(name, variadic)], attrs as {name: kind}, file as
    "OpRegistry/<Family>.inc"."""
    entries = {}
    tdir = os.path.join(src, "lib", "Translate", "OpRegistry")
    for fn in sorted(os.listdir(tdir)):
        if not fn.endswith(".inc") or fn == "TypeSets.inc":
            continue
        text = open(os.path.join(tdir, fn), encoding="utf-8").read()
        m = re.search(r'R"tfops\((.*)\)tfops"', text, re.S)
        if not m:
            continue
        cur = []
        lines = []
        for raw in m.group(1).split("\n"):
            line = raw.split("#", 1)[0].rstrip() if "'" not in raw else raw.rstrip()
            if not line.strip():
                continue
            if line[0].isspace() and cur:
                cur.append(line.strip())
            else:
                if cur:
                    lines.append(" ".join(cur))
                cur = [line.strip()]
        if cur:
            lines.append(" ".join(cur))
        for entry in lines:
            if entry.startswith("typeset "):
                continue
            sig = parse_signature(entry)
            if not sig:
                continue
            name, ins, outs, rest = sig
            attrs = {}
            for a in split_top(rest, ";"):
                if ":" in a:
                    an, kind = a.split(":", 1)
                    attrs[an.strip()] = kind.strip()

            def args(s):
                out = []
                for a in split_top(s, ","):
                    if not a:
                        continue
                    an, t = [x.strip() for x in a.split(":", 1)]
                    t = re.sub(r"^Ref\((.*)\)$", r"\1", t)
                    variadic = "*" in t or attrs.get(t, "").startswith("list(")
                    out.append((an, variadic))
                return out

            entries[name] = (args(ins), args(outs), attrs, "OpRegistry/" + fn)
    return entries


def ods_ops(src, tblgen, inc):
    """{op: (inputs, outputs, attrs, td file)} for every tf dialect op."""
    ops = {}
    ddir = os.path.join(src, "dialects", "tf")
    for fn in sorted(os.listdir(ddir)):
        if not (fn.startswith("TFOps") and fn.endswith(".td")):
            continue
        out = subprocess.run(
            [tblgen, "--dump-json", "-I", src, "-I", inc,
             os.path.join(ddir, fn)], capture_output=True, text=True, check=True)
        d = json.loads(out.stdout)
        for rec in d["!instanceof"].get("Op", []):
            r = d[rec]
            if r.get("opDialect", {}).get("def") != "TF_Dialect":
                continue
            loc = r.get("!locs", [""])[0] if r.get("!locs") else ""
            if fn not in loc and fn != "TFOps.td":
                # A family .td includes only TFOpBase.td: every op in its
                # dump is its own. (Guard for future includes.)
                pass

            def kinds(dag):
                res = []
                for arg, an in dag["args"]:
                    sup = d.get(arg["def"], {}).get("!superclasses", [])
                    if "Attr" in sup:
                        res.append((an, "attr"))
                    elif "Variadic" in sup:
                        res.append((an, "variadic"))
                    else:
                        res.append((an, "single"))
                return res

            ins = kinds(r["arguments"])
            outs = kinds(r["results"])
            ops[r["opName"]] = (
                [(n, k == "variadic") for n, k in ins if k != "attr"],
                [(n, k == "variadic") for n, k in outs],
                [n for n, k in ins if k == "attr"],
                fn,
            )
    return ops


def main():
    src = sys.argv[1]
    tblgen = sys.argv[2] if len(sys.argv) > 2 else "/usr/lib/llvm-22/bin/llvm-tblgen"
    inc = sys.argv[3] if len(sys.argv) > 3 else "/usr/lib/llvm-22/include"
    reg = registry_entries(src)
    ods = ods_ops(src, tblgen, inc)
    problems = []
    both = 0
    for name, (ins, outs, attrs, td) in sorted(ods.items()):
        if name not in reg:
            if name not in ODS_ONLY:
                problems.append(f"dialects/tf/{td}: tf.{name} has no OpDef in "
                                "lib/Translate/OpRegistry/*.inc (add it, or "
                                "list it in ODS_ONLY with the reason)")
            continue
        both += 1
        rins, routs, rattrs, inc = reg[name]
        rins = [(RENAMED.get((name, n), n), v) for n, v in rins
                if (name, n) not in UNMODELED_INPUTS]
        where = f"dialects/tf/{td} vs lib/Translate/{inc}: tf.{name}"
        family = (CORE_FAMILY.get(name, CORE_FAMILY_DEFAULT)
                  if td == "TFOps.td" else td[len("TFOps"):-len(".td")])
        if inc != f"OpRegistry/{family}.inc":
            problems.append(f"{where}: the OpDef belongs in "
                            f"lib/Translate/OpRegistry/{family}.inc (the "
                            "family of its ODS definition)")
        if [n for n, _ in ins] != [n for n, _ in rins]:
            problems.append(f"{where}: inputs {[n for n, _ in ins]} vs OpDef "
                            f"{[n for n, _ in rins]}")
        elif ins != rins:
            problems.append(f"{where}: variadic inputs differ: ODS "
                            f"{[n for n, v in ins if v]} vs OpDef "
                            f"{[n for n, v in rins if v]}")
        if [n for n, _ in outs] != [n for n, _ in routs]:
            problems.append(f"{where}: outputs {[n for n, _ in outs]} vs OpDef "
                            f"{[n for n, _ in routs]}")
        elif outs != routs:
            problems.append(f"{where}: variadic outputs differ: ODS "
                            f"{[n for n, v in outs if v]} vs OpDef "
                            f"{[n for n, v in routs if v]}")
        for a in attrs:
            if a not in rattrs and a not in EXTRA_ATTRS:
                problems.append(f"{where}: ODS attr `{a}` is not an attr of the OpDef")
    for p in problems:
        print(p)
    if problems:
        print(f"check-registry-ods: {len(problems)} disagreement(s) over {both} "
              "ops defined in both")
        return 1
    print(f"check-registry-ods: {both} ops agree ({len(ods)} in ODS, "
          f"{len(reg)} OpDefs; by design: {len(ODS_ONLY)} ODS-only ops, "
          f"{len(RENAMED)} renamed operands, {len(EXTRA_ATTRS)} extra attr "
          f"names, {len(UNMODELED_INPUTS)} unmodeled inputs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
