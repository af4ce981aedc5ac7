#!/usr/bin/env python3
"""Writes host-kernels.pbtxt (the data-dependent ops the executor runs on
host kernels, fed by placeholders) and its inputs, and checks tf-run
--jit=off's results against NumPy implementations of TF's semantics.

Ops: NonMaxSuppressionV3 (score threshold; a score equal to it is dropped),
V4 with pad_to_max_output_size, V5 hard with an IoU exactly equal to the
threshold (kept: TF suppresses only when IoU > threshold) and V5 Soft-NMS
(sigma 0.5); equal scores pick the lower index first; a zero-area box has
IoU 0. Where, Unique, UniqueWithCounts, TopKV2 with a run-time k (ties:
lower index first), GatherV2 of the TopK indices, DynamicPartition (3
parts) and DynamicStitch; broadcasting Sub, Maximum (NaN propagates) and
SelectV2 ([2,1,3] with [4,1] -> [2,4,3]); Fill with run-time dims
(Shape of a placeholder) and Range with a run-time limit.

usage: gen_host_kernels.py pbtxt OUT.pbtxt
       gen_host_kernels.py inputs DIR     (boxes.npy scores.npy vals.npy
                                           parts.npy k.npy sd0.npy sd1.npy)
       gen_host_kernels.py check IN_DIR OUT_DIR [OUT_DIR2]
  check: integers exactly, Soft-NMS scores within abs 1e-6; with OUT_DIR2
  (a second run) every output file must also be byte-identical.
"""
import os
import sys
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_ssd_postprocess import nms  # TF's NMS algorithm in NumPy

THIRD = np.float32(1.0) / np.float32(3.0)


def inputs():
    boxes = np.array([
        [0, 0, 1, 1],        # 0
        [0, 0.5, 1, 1.5],    # 1: IoU with 0 is exactly 1/3
        [2, 2, 3, 3],        # 2
        [2.1, 2.1, 3.1, 3.1],  # 3: IoU with 2 ~0.68
        [5, 5, 5, 6],        # 4: zero area
        [3, 3, 2, 2],        # 5: box 2 with flipped corners
        [8, 8, 9, 9],        # 6
        [8, 8.2, 9, 9.2],    # 7: IoU with 6 ~0.67
        [0, 2, 1, 3],        # 8
        [0, 2.05, 1, 3.05],  # 9
    ], np.float32)
    scores = np.array([0.9, 0.8, 0.7, 0.7, 0.95, 0.7, 0.2, 0.6, 0.5, 0.5], np.float32)
    vals = np.array([3, -1, 3, 0, 2.5, -1, 7, 2.5, 0, 3], np.float32)
    parts = np.array([2, 0, 1, 2, 2, 0, 1, 1, 0, 2], np.int32)
    return dict(boxes=boxes, scores=scores, vals=vals, parts=parts,
                k=np.array(4, np.int32), sd0=np.array([10, 30], np.float32),
                sd1=np.array([20], np.float32),
                bm=np.array([[[1, -2, np.nan]], [[0.5, 4, -1]]], np.float32),
                bn=np.array([[1], [-3], [0.5], [2]], np.float32))


def write_pbtxt(path):
    def ph(name, dtype, dims):
        shape = " ".join("dim { size: %d }" % d for d in dims)
        return ('node { name: "%s" op: "Placeholder" attr { key: "dtype" value { type: %s } }'
                ' attr { key: "shape" value { shape { %s } } } }\n' % (name, dtype, shape))
    def c(name, v, dtype="DT_FLOAT"):
        field = "float_val: %.9g" if dtype == "DT_FLOAT" else "int_val: %d"
        vals = " ".join(field % x for x in np.ravel(v))
        dims = " ".join("dim { size: %d }" % d for d in np.shape(v))
        return ('node { name: "%s" op: "Const" attr { key: "dtype" value { type: %s } }'
                ' attr { key: "value" value { tensor { dtype: %s tensor_shape { %s } %s } } } }\n'
                % (name, dtype, dtype, dims, vals))
    T = 'attr { key: "T" value { type: DT_FLOAT } }'
    def node(name, op, ins, attrs=T):
        return 'node { name: "%s" op: "%s" %s %s }\n' % (
            name, op, " ".join('input: "%s"' % i for i in ins), attrs)
    pad = lambda b: ' attr { key: "pad_to_max_output_size" value { b: %s } }' % b
    s = ph("boxes", "DT_FLOAT", [10, 4]) + ph("scores", "DT_FLOAT", [10])
    s += ph("vals", "DT_FLOAT", [10]) + ph("parts", "DT_INT32", [10])
    s += ph("k", "DT_INT32", []) + ph("sd0", "DT_FLOAT", [2]) + ph("sd1", "DT_FLOAT", [1])
    s += ph("bm", "DT_FLOAT", [2, 1, 3]) + ph("bn", "DT_FLOAT", [4, 1])
    s += c("max6", 6, "DT_INT32") + c("max8", 8, "DT_INT32")
    s += c("iou5", 0.5) + c("iou_third", THIRD) + c("thr2", 0.2) + c("thr0", 0.0)
    s += c("sigma5", 0.5) + c("sigma0", 0.0)
    s += node("nms3", "NonMaxSuppressionV3", ["boxes", "scores", "max6", "iou5", "thr2"],
              T + ' attr { key: "T_threshold" value { type: DT_FLOAT } }')
    s += node("nms4", "NonMaxSuppressionV4", ["boxes", "scores", "max8", "iou5", "thr2"],
              T + ' attr { key: "T_threshold" value { type: DT_FLOAT } }' + pad("true"))
    s += node("nms5", "NonMaxSuppressionV5", ["boxes", "scores", "max6", "iou_third", "thr0", "sigma0"],
              T + pad("false"))
    s += node("soft", "NonMaxSuppressionV5", ["boxes", "scores", "max8", "iou5", "thr2", "sigma5"],
              T + pad("false"))
    s += node("pos", "Greater", ["vals", "thr0"])
    s += node("where", "Where", ["pos"], 'attr { key: "T" value { type: DT_BOOL } }')
    s += node("uniq", "Unique", ["vals"], T + ' attr { key: "out_idx" value { type: DT_INT32 } }')
    s += node("uniqc", "UniqueWithCounts", ["vals"], T + ' attr { key: "out_idx" value { type: DT_INT64 } }')
    s += node("topk", "TopKV2", ["vals", "k"], T + ' attr { key: "sorted" value { b: true } }')
    s += c("axis0", 0, "DT_INT32")
    s += node("gather", "GatherV2", ["vals", "topk:1", "axis0"],
              'attr { key: "Tparams" value { type: DT_FLOAT } } attr { key: "Tindices" value { type: DT_INT32 } }'
              ' attr { key: "Taxis" value { type: DT_INT32 } } attr { key: "batch_dims" value { i: 0 } }')
    s += node("dp", "DynamicPartition", ["vals", "parts"],
              T + ' attr { key: "num_partitions" value { i: 3 } }')
    s += c("si0", [0, 2], "DT_INT32") + c("si1", [1], "DT_INT32")
    s += node("stitch", "DynamicStitch", ["si0", "si1", "sd0", "sd1"],
              T + ' attr { key: "N" value { i: 2 } }')
    s += node("bsub", "Sub", ["bm", "bn"]) + node("bmax", "Maximum", ["bm", "bn"])
    s += node("bpos", "Greater", ["bn", "thr0"])
    s += node("bsel", "SelectV2", ["bpos", "bm", "bn"])
    s += node("bshape", "Shape", ["bm"], T + ' attr { key: "out_type" value { type: DT_INT32 } }')
    s += c("fillv", 7.5) + c("r0", 1, "DT_INT32") + c("r1", 3, "DT_INT32")
    s += node("fill", "Fill", ["bshape", "fillv"], T + ' attr { key: "index_type" value { type: DT_INT32 } }')
    s += node("range", "Range", ["r0", "k", "r1"], 'attr { key: "Tidx" value { type: DT_INT32 } }')
    with open(path, "w") as f:
        f.write("# Generated by gen_host_kernels.py (test/tools/Inputs); do not edit.\n" + s)


def unique(v):
    y, idx, count = [], [], []
    for x in v:
        if x not in y:
            y.append(x)
            count.append(0)
        idx.append(y.index(x))
        count[y.index(x)] += 1
    return np.array(y, np.float32), np.array(idx), np.array(count)


def expected(i):
    b, s, v = i["boxes"], i["scores"], i["vals"]
    e = {}
    e["nms3"] = nms(b, s, 6, np.float32(0.5), np.float32(0.2))[0]
    sel4 = nms(b, s, 8, np.float32(0.5), np.float32(0.2))[0]
    e["nms4"] = np.pad(sel4, (0, 8 - len(sel4))).astype(np.int32)
    e["nms4_1"] = np.array(len(sel4), np.int32)
    e["nms5"], e["nms5_1"] = nms(b, s, 6, THIRD, np.float32(0.0))
    e["nms5_2"] = np.array(len(e["nms5"]), np.int32)
    e["soft"], e["soft_1"] = nms(b, s, 8, np.float32(0.5), np.float32(0.2), 0.5)
    e["where"] = np.argwhere(v > 0).astype(np.int64)
    y, idx, count = unique(list(v))
    e["uniq"], e["uniq_1"] = y, idx.astype(np.int32)
    e["uniqc"], e["uniqc_1"], e["uniqc_2"] = y, idx.astype(np.int64), count.astype(np.int64)
    order = sorted(range(len(v)), key=lambda t: (-v[t], t))[:int(i["k"])]
    e["topk"], e["topk_1"] = v[order], np.array(order, np.int32)
    e["gather"] = v[order]
    for p in range(3):
        e["dp" if p == 0 else "dp_%d" % p] = v[i["parts"] == p]
    e["stitch"] = np.array([10, 20, 30], np.float32)
    bm, bn = i["bm"], i["bn"]
    e["bsub"] = bm - bn
    e["bmax"] = np.maximum(bm, bn)  # NaN propagates, as TF's Maximum
    e["bsel"] = np.where(bn > 0, bm, bn)
    e["fill"] = np.full(bm.shape, 7.5, np.float32)
    e["range"] = np.arange(1, int(i["k"]), 3, dtype=np.int32)
    return e


def check(indir, outdir, outdir2=None):
    i = {k: np.load(os.path.join(indir, k + ".npy")) for k in inputs()}
    ok = True
    if outdir2:
        for name in expected(i):
            a = open(os.path.join(outdir, name + ".npy"), "rb").read()
            b = open(os.path.join(outdir2, name + ".npy"), "rb").read()
            if a != b:
                print("%s: the two runs differ" % name)
                ok = False
    for name, want in expected(i).items():
        got = np.load(os.path.join(outdir, name + ".npy"))
        # Integers exactly; Soft-NMS scores within 1e-6 (exp in float32).
        same = got.dtype == want.dtype and got.shape == want.shape and (
            np.allclose(got, want, atol=1e-6, rtol=0) if name == "soft_1"
            else np.array_equal(got, want, equal_nan=want.dtype.kind == "f"))
        print("%s: %s" % (name, "ok" if same else "MISMATCH got %r want %r" % (got, want)))
        ok = ok and same
    print("all match the NumPy reference" if ok else "MISMATCHES")
    return 0 if ok else 1


if __name__ == "__main__":
    if sys.argv[1] == "pbtxt":
        write_pbtxt(sys.argv[2])
    elif sys.argv[1] == "inputs":
        for k, v in inputs().items():
            np.save(os.path.join(sys.argv[2], k + ".npy"), v)
    else:
        sys.exit(check(*sys.argv[2:5]))
