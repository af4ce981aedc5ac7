#!/usr/bin/python3
"""Writes broken variants of the synthetic TF.js model (make_synthetic.py)
into OUTDIR/<case>/, one per loader error that tfjs-errors.test checks:

  bad_json        model.json cut off in the middle (protobuf's parse error)
  missing_shard   group 1's second shard deleted
  short_shard     group 1's second shard one byte short
  long_shard      group 2's shard with one byte too many
  wrong_shape     weight `axis` declared [2] (4 more bytes than stored)
  wrong_dtype     weight `s` declared int32 (its node is float)
  node_shape      weight `w` declared [3,4] (node value [4,3]; same bytes)
  unknown_dtype   weight `s` declared float64
  unknown_quant   weight `b` quantized to "int4"
  quant_no_scale  weight `w`'s uint8 quantization without "scale"
  no_node         weight `s` renamed `nosuch`
  no_weight       an extra Const node `orphan` without a weight
  dup_weight      weight `mask` listed twice (group 2 gets one more entry)
  layers_model    format "layers-model"
  abs_path        a shard path that is absolute
  dotdot_path     a shard path that leaves model.json's folder with '..'
  bad_signature   a signature output naming a node that does not exist
  initializer     a modelInitializer graph (hash tables: unsupported)
  not_json_object model.json is a JSON array
"""
import copy
import json
import os
import shutil
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_synthetic  # noqa: E402


def main(out):
    base = os.path.join(out, "_base")
    make_synthetic.write(base)
    doc = json.load(open(os.path.join(base, "model.json")))

    def case(name, edit=None, files=None, raw=None):
        d = os.path.join(out, name)
        shutil.rmtree(d, ignore_errors=True)
        shutil.copytree(base, d)
        m = copy.deepcopy(doc)
        if edit:
            edit(m)
        with open(os.path.join(d, "model.json"), "w") as f:
            f.write(raw if raw is not None else json.dumps(m, indent=1))
        if files:
            files(d)

    def weight(m, name):
        for g in m["weightsManifest"]:
            for w in g["weights"]:
                if w["name"] == name:
                    return w
        raise KeyError(name)

    text = json.dumps(doc, indent=1)
    case("bad_json", raw=text[:len(text) // 2])
    case("missing_shard",
         files=lambda d: os.remove(os.path.join(d, "group1-shard2of2.bin")))

    def truncate(d):
        p = os.path.join(d, "group1-shard2of2.bin")
        data = open(p, "rb").read()
        open(p, "wb").write(data[:-1])
    case("short_shard", files=truncate)

    def extend(d):
        with open(os.path.join(d, "group2-shard1of1.bin"), "ab") as f:
            f.write(b"\0")
    case("long_shard", files=extend)
    case("wrong_shape", lambda m: weight(m, "axis").update(shape=[2]))
    case("wrong_dtype", lambda m: weight(m, "s").update(dtype="int32"))
    case("node_shape", lambda m: weight(m, "w").update(shape=[3, 4]))
    case("unknown_dtype", lambda m: weight(m, "s").update(dtype="float64"))
    case("unknown_quant",
         lambda m: weight(m, "b")["quantization"].update(dtype="int4"))
    case("quant_no_scale",
         lambda m: weight(m, "w")["quantization"].pop("scale"))
    case("no_node", lambda m: weight(m, "s").update(name="nosuch"))
    case("no_weight", lambda m: m["modelTopology"]["node"].append(
        {"name": "orphan", "op": "Const", "attr": {
            "dtype": {"type": "DT_FLOAT"}, "value": {"tensor": {
                "dtype": "DT_FLOAT",
                "tensorShape": {"dim": [{"size": "2"}]}}}}}))

    def dup(m):
        g = m["weightsManifest"][1]
        g["weights"].insert(1, dict(g["weights"][0]))
    case("dup_weight", dup)
    case("layers_model", lambda m: m.update(format="layers-model"))
    case("abs_path", lambda m: m["weightsManifest"][1].update(
        paths=["/etc/group2-shard1of1.bin"]))
    case("dotdot_path", lambda m: m["weightsManifest"][1].update(
        paths=["../synthetic/group2-shard1of1.bin"]))
    case("bad_signature", lambda m: m["signature"]["outputs"].update(
        z={"name": "nosuch:0", "dtype": "DT_FLOAT"}))
    case("initializer", lambda m: m.update(modelInitializer={"node": [
        {"name": "table", "op": "HashTableV2", "attr": {}}]}))
    case("not_json_object", raw="[1, 2]")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: make_bad_models.py OUTDIR")
    main(sys.argv[1])
