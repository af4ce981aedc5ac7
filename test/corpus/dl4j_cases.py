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
module is needed.
"""
import os

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
    with open(pb_path, "rb") as f:
        data = f.read()
    ops = []
    for num, wt, node in _fields(data):
        if num == 1 and wt == 2:
            for n2, w2, v in _fields(node):
                if n2 == 2 and w2 == 2:
                    ops.append(v.decode("utf-8", "replace"))
    return ops


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
