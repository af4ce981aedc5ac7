#!/usr/bin/env python3
"""Makes a SavedModel fixture at test time: copies the hand-written
Inputs/<name>/saved_model.pbtxt to OUT/<variant>/ and writes its variables
bundle (variables/variables.index, .data-00000-of-00001) with
tensor_bundle.py, values from numpy's seeded generator.

usage: make_fixture.py OUT VARIANT
  tf1_dense         weights/kernel [3,2], dense/bias [2]
  tf1_dense_sharded the same, the bundle in two data shards
  tf1_dense_init    the same as tf1_dense, but the main_op assigns scale = 2.5 + 2.5
                    computed by an AddV2: the init op cannot be folded and
                    becomes an init target that the Session runs first
  tf2_module        w [3], bias [] under keys given by the bundle's
                    _CHECKPOINTABLE_OBJECT_GRAPH ("model/..." paths, which
                    differ from the object graph's, so the test shows which
                    one the loader used)
  tf2_module_no_tog w, bias under the object-graph paths, no
                    _CHECKPOINTABLE_OBJECT_GRAPH entry, and the object
                    graph's variable names differ from the VarHandleOps'
                    shared_names: only the signature function's
                    bound_inputs tie the handles to the object graph
Prints the directory it made.
"""
import os
import shutil
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tensor_bundle as tb  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def make(out, variant):
    base = variant.replace("_no_tog", "").replace("_init", "").replace(
        "_sharded", "")
    d = os.path.join(out, variant)
    os.makedirs(os.path.join(d, "variables"), exist_ok=True)
    text = open(os.path.join(HERE, "Inputs", base, "saved_model.pbtxt")).read()
    if variant == "tf1_dense_init":
        assign = 'input: "scale" input: "scale/initial_value"'
        assert assign in text
        text = text.replace(assign, 'input: "scale" input: "scale/computed"')
        text = text.replace(
            '    node { name: "main_op"',
            '    node { name: "scale/computed" op: "AddV2" '
            'input: "scale/initial_value" input: "scale/initial_value"\n'
            '      attr { key: "T" value { type: DT_FLOAT } } }\n'
            '    node { name: "main_op"')
    if variant == "tf2_module_no_tog":
        for v in ("w", "bias"):
            old = 'name: "%s" } }' % v
            assert old in text
            text = text.replace(old, 'name: "saved_%s" } }' % v)
    with open(os.path.join(d, "saved_model.pbtxt"), "w") as f:
        f.write(text)
    rng = np.random.default_rng(7)
    if base == "tf1_dense":
        tensors = {
            "weights/kernel": rng.standard_normal((3, 2)).astype(np.float32),
            "dense/bias": rng.standard_normal(2).astype(np.float32),
        }
    elif base == "tf2_module":
        w = rng.standard_normal(3).astype(np.float32)
        bias = np.array(rng.standard_normal(), dtype=np.float32)
        if variant == "tf2_module":
            kw = "model/w/.ATTRIBUTES/VARIABLE_VALUE"
            kb = "model/bias/.ATTRIBUTES/VARIABLE_VALUE"
            tog = tb.encode_object_graph([
                ([(1, "w"), (2, "bias")], []),
                ([], [("VARIABLE_VALUE", "w", kw)]),
                ([], [("VARIABLE_VALUE", "bias", kb)]),
            ])
            tensors = {kw: w, kb: bias, "_CHECKPOINTABLE_OBJECT_GRAPH": tog}
        else:
            tensors = {"w/.ATTRIBUTES/VARIABLE_VALUE": w,
                       "bias/.ATTRIBUTES/VARIABLE_VALUE": bias}
    else:
        raise SystemExit("unknown fixture " + variant)
    tb.write_bundle(os.path.join(d, "variables", "variables"), tensors,
                    num_shards=2 if variant.endswith("_sharded") else 1)
    return d


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    print(make(sys.argv[1], sys.argv[2]))
