"""The cases of the dl4j corpus (CORPUS/dl4j_tf_graphs/examples), found by
walking the folders: a folder holding frozen_model.pb and at least one
`*.prediction.csv` (in it or in a sub-folder that is not itself a case,
where a '/' in a node name became a folder) is a case, at any depth
(emptyArrayTests/<op>/<case>, rnn/<cell>/<case>, <case>). INDEX.tsv lists
only two-level group/case folders, so reading it left 407 cases unrun.

discover(corpus) returns one dict per case with the keys of INDEX.tsv's
columns that the runners read, computed from the files themselves:
  case_dir                     the folder relative to examples/
  has_pb / has_pbtxt           "yes"/"no"
  placeholder_inputs           comma-separated nodes with *.placeholder.csv
  ops(excl. Const/Identity)    space-separated op types of the GraphDef
  has_random_op                "yes" when an op draws random numbers
  reference_outputs(node[.k])  space-separated "node" / "node.k"
The op list comes from frozen_model.pb itself (a minimal protobuf wire
reader: GraphDef.node = field 1, NodeDef.op = field 2), so no protobuf
module is needed. parse_tensor/const_value read Const values the same
way, for the tf-convert runner's fed mode.
"""
import os
import struct

RANDOM_OPS = {"Multinomial", "TruncatedNormal", "ParameterizedTruncatedNormal"}


def _varint(b, i):
    v, shift = 0, 0
    while True:
        c = b[i]
        i += 1
        v |= (c & 0x7F) << shift
        if c < 0x80:
            return v, i
        shift += 7


def _fields(b):
    """(field number, wire type, value) of one message's fields; value is
    bytes for length-delimited fields. Stops at malformed data."""
    i = 0
    try:
        while i < len(b):
            key, i = _varint(b, i)
            num, wt = key >> 3, key & 7
            if wt == 0:
                v, i = _varint(b, i)
            elif wt == 1:
                v, i = b[i:i + 8], i + 8
            elif wt == 2:
                n, i = _varint(b, i)
                v, i = b[i:i + n], i + n
            elif wt == 5:
                v, i = b[i:i + 4], i + 4
            else:
                return
            yield num, wt, v
    except IndexError:
        return


def graph_ops(pb_path):
    """The op type of every node of a binary GraphDef, in order."""
    return [op for _, op, _ in graph_nodes(pb_path)]


def _signed(v, bits):
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def _repeated(fields, num, code):
    """The values of repeated scalar field `num`, packed or not: varints
    (code 'v') or fixed-size little-endian values (a struct code)."""
    out = []
    size = struct.calcsize("<" + code) if code != "v" else 0
    for n, wt, v in fields:
        if n != num:
            continue
        if wt == 2 and code == "v":
            i = 0
            while i < len(v):
                x, i = _varint(v, i)
                out.append(x)
        elif wt == 2:
            out.extend(struct.unpack("<%d%s" % (len(v) // size, code), v))
        elif wt == 0:
            out.append(v)
        else:
            out.append(struct.unpack("<" + code, v)[0])
    return out


# DataType -> (struct code of tensor_content, TensorProto field, its code,
# decode of one typed value).
_HALF = lambda b: struct.unpack("<e", struct.pack("<H", b & 0xFFFF))[0]
_BF16 = lambda b: struct.unpack("<f", struct.pack("<I", (b & 0xFFFF) << 16))[0]
_DTYPES = {
    1: ("f", 5, "f", float), 2: ("d", 6, "d", float),
    3: ("i", 7, "v", lambda x: _signed(x, 32)), 4: ("B", 7, "v", lambda x: x & 0xFF),
    5: ("h", 7, "v", lambda x: _signed(x, 16)), 6: ("b", 7, "v", lambda x: _signed(x, 8)),
    9: ("q", 10, "v", lambda x: _signed(x, 64)), 10: ("?", 11, "v", lambda x: int(x != 0)),
    14: ("H", 13, "v", _BF16), 17: ("H", 7, "v", lambda x: x & 0xFFFF),
    19: ("e", 13, "v", _HALF), 22: ("I", 16, "v", lambda x: x & 0xFFFFFFFF),
    23: ("Q", 17, "v", lambda x: x),
}
DTYPE_NAMES = {1: "float32", 2: "float64", 3: "int32", 4: "uint8", 5: "int16",
               6: "int8", 9: "int64", 10: "bool", 14: "bfloat16", 17: "uint16",
               19: "float16", 22: "uint32", 23: "uint64"}


def parse_tensor(data):
    """(dtype number, shape, values) of a TensorProto; values row-major as
    numbers (bools 0/1; bfloat16 tensor_content is widened to float). A
    typed list shorter than the element count repeats its last value and an
    empty one means zeros, as TF's tensor_util reads it. Raises ValueError
    for a dtype it cannot read (strings, complex, resources)."""
    fields = list(_fields(data))
    dtype = next((v for n, wt, v in fields if n == 1 and wt == 0), 0)
    shape = []
    for n, wt, v in fields:
        if n == 2 and wt == 2:
            for n2, w2, dim in _fields(v):
                if n2 == 2 and w2 == 2:
                    size = next((x for n3, w3, x in _fields(dim) if n3 == 1 and w3 == 0), 0)
                    shape.append(_signed(size, 64))
    if dtype not in _DTYPES:
        raise ValueError(f"dtype {dtype} is not readable")
    ccode, field, fcode, decode = _DTYPES[dtype]
    count = 1
    for d in shape:
        count *= d
    content = b"".join(v for n, wt, v in fields if n == 4 and wt == 2)
    if content:
        size = struct.calcsize("<" + ccode)
        vals = list(struct.unpack("<%d%s" % (len(content) // size, ccode), content))
        if dtype == 14:
            vals = [_BF16(x) for x in vals]
        elif ccode == "?":
            vals = [int(x) for x in vals]
    else:
        vals = [decode(x) for x in _repeated(fields, field, fcode)]
    if len(vals) < count:
        vals += [vals[-1] if vals else 0] * (count - len(vals))
    return dtype, shape, vals[:count]


def graph_nodes(pb_path):
    """(name, op, NodeDef bytes) of every node of a binary GraphDef."""
    with open(pb_path, "rb") as f:
        data = f.read()
    out = []
    for num, wt, node in _fields(data):
        if num == 1 and wt == 2:
            name = op = ""
            for n2, w2, v in _fields(node):
                if n2 == 1 and w2 == 2:
                    name = v.decode("utf-8", "replace")
                elif n2 == 2 and w2 == 2:
                    op = v.decode("utf-8", "replace")
            out.append((name, op, node))
    return out


def placeholder_shape(pb_path, name):
    """The `shape` attr of Placeholder `name` in a binary GraphDef: a list of
    dims (-1 unknown), or None when the node is absent, has no shape attr
    or the attr has unknown rank."""
    for n, op, node in graph_nodes(pb_path):
        if n != name or op not in ("Placeholder", "PlaceholderWithDefault"):
            continue
        for num, wt, entry in _fields(node):
            if num != 5 or wt != 2:  # attr map entry: key = 1, value = 2
                continue
            kv = {k: v for k, w, v in _fields(entry) if w == 2}
            if kv.get(1) != b"shape":
                continue
            for n2, w2, shape in _fields(kv.get(2, b"")):
                if n2 != 7 or w2 != 2:  # AttrValue.shape
                    continue
                dims, unknown_rank = [], False
                for n3, w3, v in _fields(shape):
                    if n3 == 2 and w3 == 2:  # TensorShapeProto.dim
                        size = next((x for n4, w4, x in _fields(v)
                                     if n4 == 1 and w4 == 0), 0)
                        dims.append(_signed(size, 64))
                    elif n3 == 3 and w3 == 0 and v:
                        unknown_rank = True
                return None if unknown_rank else dims
        return None
    return None


def const_value(node):
    """parse_tensor of a Const NodeDef's `value` attr."""
    for n, wt, entry in _fields(node):
        if n != 5 or wt != 2:  # attr map entry: key = 1, value = 2
            continue
        kv = {k: v for k, w, v in _fields(entry) if w == 2}
        if kv.get(1) == b"value":
            for n2, w2, t in _fields(kv.get(2, b"")):
                if n2 == 8 and w2 == 2:
                    return parse_tensor(t)
    raise ValueError("Const has no tensor value")


def _case_files(case_dir, case_dirs):
    """Files under case_dir (relative paths), not descending into other
    cases."""
    out = []
    for root, dirs, files in os.walk(case_dir):
        dirs[:] = sorted(d for d in dirs
                         if os.path.join(root, d) not in case_dirs)
        rel = os.path.relpath(root, case_dir)
        for f in sorted(files):
            out.append(f if rel == "." else os.path.join(rel, f))
    return out


def discover(corpus):
    """Every case of CORPUS/dl4j_tf_graphs/examples, sorted by case_dir."""
    examples = os.path.join(corpus, "dl4j_tf_graphs", "examples")
    with_pb = set()
    for root, dirs, files in os.walk(examples):
        dirs.sort()
        if "frozen_model.pb" in files:
            with_pb.add(root)
    rows = []
    for case_dir in sorted(with_pb):
        files = _case_files(case_dir, with_pb)
        refs, placeholders = [], []
        for f in files:
            name = f.replace(os.sep, "/")
            if name.endswith(".prediction.csv"):
                refs.append(name[:-len(".prediction.csv")].replace("____", "/"))
            elif name.endswith(".placeholder.csv"):
                placeholders.append(
                    name[:-len(".placeholder.csv")].replace("____", "/"))
        if not refs:
            continue
        ops = graph_ops(os.path.join(case_dir, "frozen_model.pb"))
        kinds = sorted({o for o in ops if o not in ("Const", "Identity")})
        random = any(o.startswith("Random") or o in RANDOM_OPS for o in ops)
        rows.append({
            "case_dir": os.path.relpath(case_dir, examples),
            "has_pb": "yes",
            "has_pbtxt": "yes" if os.path.exists(
                os.path.join(case_dir, "frozen_graph.pbtxt")) else "no",
            "placeholder_inputs": ",".join(sorted(placeholders)),
            "ops(excl. Const/Identity)": " ".join(kinds),
            "has_random_op": "yes" if random else "no",
            "reference_outputs(node[.k])": " ".join(sorted(refs)),
        })
    return rows


if __name__ == "__main__":
    import sys
    rows = discover(sys.argv[1])
    index = os.path.join(sys.argv[1], "dl4j_tf_graphs", "INDEX.tsv")
    listed = set()
    if os.path.exists(index):
        with open(index) as f:
            listed = {l.split("\t")[0] for l in f.read().splitlines()[1:]}
    new = [r for r in rows if r["case_dir"] not in listed]
    print(f"{len(rows)} cases ({len(new)} not in INDEX.tsv, "
          f"{sum(r['has_random_op'] == 'yes' for r in rows)} with random ops, "
          f"{sum(bool(r['placeholder_inputs']) for r in rows)} with placeholders)")
