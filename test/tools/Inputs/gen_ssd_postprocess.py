#!/usr/bin/env python3
"""Writes ssd-postprocess.pbtxt, an SSD-style detection head with its
post-processing, and checks tf-run's results against NumPy.

Graph: x [1,8,8,3] -> Conv2D 3x3 SAME (4 box deltas) and Conv2D 3x3 SAME
(1 score logit) -> Reshape [64,4] / [64] -> Sigmoid -> decode (anchors +
0.1 * deltas) -> NonMaxSuppressionV5 (max 10, iou 0.5, score 0.3, hard NMS)
-> GatherV2(boxes, selected_indices); plus the boolean-mask pattern
Where(scores > 0.6) -> GatherNd(boxes, where).
Outputs: sel_boxes [n,4], nms:1 (selected_scores [n]), nms:2 (valid_outputs),
masked [m,4].

usage: gen_ssd_postprocess.py pbtxt OUT.pbtxt
       gen_ssd_postprocess.py input OUT.npy
       gen_ssd_postprocess.py check X.npy DIR
  check: DIR holds sel_boxes.npy, nms_1.npy, nms_2.npy, masked.npy as
  written by tf-run --output-dir. The selected indices and the mask must be
  exactly those of the reference, boxes and scores within abs 1e-5.
"""
import os
import sys
import numpy as np


def weights():
    rng = np.random.RandomState(11)
    wb = np.round(rng.uniform(-1, 1, (3, 3, 3, 4)), 3).astype(np.float32)
    ws = np.round(rng.uniform(-1, 1, (3, 3, 3, 1)), 3).astype(np.float32)
    # Anchors: a 8x8 grid of 0.25-sized boxes [y1, x1, y2, x2].
    g = (np.arange(8) + 0.5) / 8
    yc, xc = np.meshgrid(g, g, indexing="ij")
    a = np.stack([yc - 0.125, xc - 0.125, yc + 0.125, xc + 0.125], -1)
    return wb, ws, a.reshape(64, 4).astype(np.float32)


def conv_same(x, w):
    """float64 NHWC 3x3 SAME convolution, stride 1."""
    xp = np.pad(x, [(0, 0), (1, 1), (1, 1), (0, 0)])
    out = np.zeros(x.shape[:3] + (w.shape[3],))
    for i in range(x.shape[1]):
        for j in range(x.shape[2]):
            out[0, i, j] = np.einsum("hwi,hwio->o", xp[0, i:i + 3, j:j + 3], w)
    return out


def iou(b, i, j):
    """TF's IOU, in float32 as TF's CPU kernel computes it."""
    f = np.float32
    yi1, yi2 = min(b[i, 0], b[i, 2]), max(b[i, 0], b[i, 2])
    xi1, xi2 = min(b[i, 1], b[i, 3]), max(b[i, 1], b[i, 3])
    yj1, yj2 = min(b[j, 0], b[j, 2]), max(b[j, 0], b[j, 2])
    xj1, xj2 = min(b[j, 1], b[j, 3]), max(b[j, 1], b[j, 3])
    ai, aj = f((yi2 - yi1) * (xi2 - xi1)), f((yj2 - yj1) * (xj2 - xj1))
    if ai <= 0 or aj <= 0:
        return f(0)
    inter = f(max(f(min(yi2, yj2) - max(yi1, yj1)), f(0)) *
              max(f(min(xi2, xj2) - max(xi1, xj1)), f(0)))
    return f(inter / f(ai + aj - inter))


def nms(boxes, scores, max_out, iou_thr, score_thr, sigma=0.0):
    """TF's NonMaxSuppressionV5 (greedy, Soft-NMS when sigma > 0): returns
    (selected indices, selected scores)."""
    f = np.float32
    cand = [(f(scores[i]), i, 0) for i in range(len(scores)) if scores[i] > score_thr]
    soft = sigma > 0
    scale = f(-0.5) / f(sigma) if soft else f(0)
    sel, sel_scores = [], []
    while len(sel) < max_out and cand:
        # Highest score first; ties: lower index first.
        k = max(range(len(cand)), key=lambda t: (cand[t][0], -cand[t][1]))
        s, i, begin = cand.pop(k)
        orig, hard = s, False
        for j in range(len(sel) - 1, begin - 1, -1):
            sim = iou(boxes, i, sel[j])
            w = f(np.exp(f(scale * sim * sim)))
            s = f(s * (w if (soft or sim <= iou_thr) else f(0)))
            if not soft and sim > iou_thr:
                hard = True
                break
            if s <= score_thr:
                break
        if hard:
            continue
        if s == orig:
            sel.append(i)
            sel_scores.append(s)
        elif s > score_thr:
            cand.append((s, i, len(sel)))
    return np.array(sel, np.int32), np.array(sel_scores, np.float32)


def reference(x):
    wb, ws, anchors = weights()
    deltas = conv_same(x.astype(np.float64), wb.astype(np.float64)).reshape(64, 4)
    logits = conv_same(x.astype(np.float64), ws.astype(np.float64)).reshape(64)
    scores = (1 / (1 + np.exp(-logits))).astype(np.float32)
    boxes = (anchors + np.float32(0.1) * deltas.astype(np.float32)).astype(np.float32)
    sel, sel_scores = nms(boxes, scores, 10, np.float32(0.5), np.float32(0.3))
    mask = np.nonzero(scores > np.float32(0.6))[0]
    return boxes, scores, sel, sel_scores, mask


def write_pbtxt(path):
    wb, ws, anchors = weights()
    def const(name, a, dtype="DT_FLOAT", field="float_val", fmt="%.9g"):
        dims = " ".join("dim { size: %d }" % d for d in a.shape)
        vals = " ".join((field + ": " + fmt) % v for v in a.ravel())
        return ('node { name: "%s" op: "Const" attr { key: "dtype" value { type: %s } }\n'
                '  attr { key: "value" value { tensor { dtype: %s tensor_shape { %s } %s } } } }\n'
                % (name, dtype, dtype, dims, vals))
    def i32(name, a):
        return const(name, np.array(a, np.int32), "DT_INT32", "int_val", "%d")
    T = 'attr { key: "T" value { type: DT_FLOAT } }'
    conv = ('node { name: "%s" op: "Conv2D" input: "x" input: "%s" ' + T +
            ' attr { key: "strides" value { list { i: 1 i: 1 i: 1 i: 1 } } }'
            ' attr { key: "padding" value { s: "SAME" } }'
            ' attr { key: "data_format" value { s: "NHWC" } } }\n')
    def reshape(name, src, shape):
        return ('node { name: "%s" op: "Reshape" input: "%s" input: "%s" ' % (name, src, shape) + T +
                ' attr { key: "Tshape" value { type: DT_INT32 } } }\n')
    def binop(op, name, a, b):
        return 'node { name: "%s" op: "%s" input: "%s" input: "%s" %s }\n' % (name, op, a, b, T)
    s = ('node { name: "x" op: "Placeholder" attr { key: "dtype" value { type: DT_FLOAT } }'
         ' attr { key: "shape" value { shape { dim { size: 1 } dim { size: 8 } dim { size: 8 } dim { size: 3 } } } } }\n')
    s += const("wb", wb) + const("ws", ws) + const("anchors", anchors)
    s += conv % ("box_conv", "wb") + conv % ("score_conv", "ws")
    s += i32("shape_boxes", [64, 4]) + i32("shape_scores", [64])
    s += reshape("deltas", "box_conv", "shape_boxes") + reshape("logits", "score_conv", "shape_scores")
    s += 'node { name: "scores" op: "Sigmoid" input: "logits" %s }\n' % T
    s += const("scale", np.array(0.1, np.float32))
    s += binop("Mul", "scaled", "deltas", "scale") + binop("AddV2", "boxes", "anchors", "scaled")
    s += i32("max_out", 10)
    s += const("iou", np.array(0.5, np.float32)) + const("score_thr", np.array(0.3, np.float32))
    s += const("sigma", np.array(0.0, np.float32))
    s += ('node { name: "nms" op: "NonMaxSuppressionV5" input: "boxes" input: "scores" input: "max_out"'
          ' input: "iou" input: "score_thr" input: "sigma" ' + T +
          ' attr { key: "pad_to_max_output_size" value { b: false } } }\n')
    s += i32("axis0", 0)
    s += ('node { name: "sel_boxes" op: "GatherV2" input: "boxes" input: "nms" input: "axis0"'
          ' attr { key: "Tparams" value { type: DT_FLOAT } } attr { key: "Tindices" value { type: DT_INT32 } }'
          ' attr { key: "Taxis" value { type: DT_INT32 } } attr { key: "batch_dims" value { i: 0 } } }\n')
    s += const("mask_thr", np.array(0.6, np.float32))
    s += binop("Greater", "mask", "scores", "mask_thr")
    s += ('node { name: "where" op: "Where" input: "mask" attr { key: "T" value { type: DT_BOOL } } }\n')
    s += ('node { name: "masked" op: "GatherNd" input: "boxes" input: "where"'
          ' attr { key: "Tparams" value { type: DT_FLOAT } } attr { key: "Tindices" value { type: DT_INT64 } } }\n')
    with open(path, "w") as f:
        f.write("# Generated by gen_ssd_postprocess.py; do not edit.\n" + s)


def check(xpath, d):
    x = np.load(xpath)
    boxes, scores, sel, sel_scores, mask = reference(x)
    got_boxes = np.load(os.path.join(d, "sel_boxes.npy"))
    got_scores = np.load(os.path.join(d, "nms_1.npy"))
    got_valid = np.load(os.path.join(d, "nms_2.npy"))
    got_masked = np.load(os.path.join(d, "masked.npy"))
    ok = True
    def fail(msg):
        nonlocal ok
        ok = False
        print("MISMATCH:", msg)
    if int(got_valid) != len(sel):
        fail("valid_outputs %d, reference %d" % (int(got_valid), len(sel)))
    if got_boxes.shape != (len(sel), 4) or not np.allclose(got_boxes, boxes[sel], atol=1e-5, rtol=0):
        fail("sel_boxes %s vs reference indices %s" % (got_boxes.shape, sel.tolist()))
    if got_scores.shape != sel_scores.shape or not np.allclose(got_scores, sel_scores, atol=1e-5, rtol=0):
        fail("selected_scores %s vs %s" % (got_scores, sel_scores))
    if got_masked.shape != (len(mask), 4) or not np.allclose(got_masked, boxes[mask], atol=1e-5, rtol=0):
        fail("masked %s vs reference rows %s" % (got_masked.shape, mask.tolist()))
    print("selected %d of 64 (indices %s), mask keeps %d" % (len(sel), sel.tolist(), len(mask)))
    print("matches the NumPy reference" if ok else "does NOT match the NumPy reference")
    return 0 if ok else 1


if __name__ == "__main__":
    if sys.argv[1] == "pbtxt":
        write_pbtxt(sys.argv[2])
    elif sys.argv[1] == "input":
        np.save(sys.argv[2], np.random.RandomState(5).uniform(-1, 1, (1, 8, 8, 3)).astype(np.float32))
    else:
        sys.exit(check(sys.argv[2], sys.argv[3]))
