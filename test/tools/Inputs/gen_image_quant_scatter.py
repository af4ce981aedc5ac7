#!/usr/bin/env python3
"""Writes image-quant-scatter.pbtxt and its inputs, and checks tf-run's
results against NumPy implementations of TF's CPU kernels.

Ops, all fed by placeholders (run-time values):
  CropAndResize  bilinear (extrapolation 0), nearest (extrapolation 0.5;
                 sample positions exactly half-way round away from zero),
                 and a 1x1 crop (the 0.5 * (y1 + y2) centre); boxes with
                 flipped corners, boxes reaching outside the image, box_ind
                 into both images. Reference: float64 (crop_and_resize_op.cc
                 arithmetic), tolerance abs 1e-5.
  FakeQuantWithMinMaxArgs (min -0.7, max 1.3, 5 bits, narrow_range),
  FakeQuantWithMinMaxVars (run-time min/max, 8 bits), and
  FakeQuantWithMinMaxVarsPerChannel ([16, 4], 4 bits; a channel with min
                 == max == 0 gives zeros, one with 0 < min). Reference: TF
                 1.x's fake_quant_ops_functor.h in float32 (Nudge, clamp,
                 floor((x - nudged_min) / scale + 0.5) * scale +
                 nudged_min), tolerance abs 1e-6 (outputs are on the
                 quantization grid, so any rounding slip is a full step).
  ScatterNdAdd -> ScatterNdSub -> ScatterNdUpdate chained on one
                 VariableV2 [4, 3] (after Assign), with repeated indices for
                 Add/Sub (they accumulate) and element indices (K = 2) for
                 Update. Reference: float64, tolerance abs 1e-6.
  ResourceScatterNdAdd -> ResourceScatterNdSub on a VarHandleOp (ordered
                 by control edges), read back by ReadVariableOp: the same
                 values as the ref chain's ScatterNdSub.
  NonMaxSuppression (v1, iou_threshold attr 0.4, max 3): indices exactly.

usage: gen_image_quant_scatter.py pbtxt OUT.pbtxt
       gen_image_quant_scatter.py inputs DIR
       gen_image_quant_scatter.py check IN_DIR OUT_DIR [OUT_DIR2]
  With OUT_DIR2 (a second run) every output must be byte-identical.
"""
import os
import sys
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_ssd_postprocess import nms  # TF's NMS algorithm in NumPy

f32 = np.float32
CROP = (3, 4)
ARGS = dict(min=-0.7, max=1.3, bits=5, narrow=True)


def inputs():
    rng = np.random.RandomState(7)
    img = rng.uniform(-2, 2, (2, 5, 6, 3)).astype(f32)
    boxes = np.array([
        [0.1, 0.2, 0.9, 0.7],     # inside
        [0.8, 0.9, 0.2, 0.1],     # flipped corners
        [-0.3, -0.2, 1.4, 1.1],   # reaches outside: extrapolation
        [0.125, 0.1, 0.625, 0.9], # nearest: in_y = 0.5, 1.5, 2.5
    ], f32)
    box_ind = np.array([0, 1, 1, 0], np.int32)
    x = np.concatenate([np.linspace(-1.5, 2.0, 56), [0.0, -0.7, 1.3, 0.1, 0.15,
                                                     0.225, np.nan, 5.0]]).astype(f32)
    x2 = rng.uniform(-1.2, 1.2, (16, 4)).astype(f32)
    i = dict(img=img, boxes=boxes, box_ind=box_ind, x=x,
             lo=np.array(-0.4, f32), hi=np.array(0.9, f32), x2=x2,
             lo4=np.array([-1.0, 0.0, 0.3, -0.5], f32),
             hi4=np.array([1.0, 0.0, 1.1, 0.25], f32),
             var_init=rng.uniform(-1, 1, (4, 3)).astype(f32),
             add_idx=np.array([[1], [3], [1]], np.int32),
             add_upd=rng.uniform(-1, 1, (3, 3)).astype(f32),
             sub_idx=np.array([[0], [0]], np.int32),
             sub_upd=rng.uniform(-1, 1, (2, 3)).astype(f32),
             upd_idx=np.array([[2, 1], [0, 0], [3, 2]], np.int32),
             upd_upd=np.array([10.0, 20.0, 30.0], f32),
             nboxes=np.array([[0, 0, 1, 1], [0, 0.1, 1, 1.1], [0, 0.5, 1, 1.5],
                              [2, 2, 3, 3], [2, 2.7, 3, 3.7]], f32),
             nscores=np.array([0.9, 0.8, 0.7, 0.6, 0.5], f32))
    return i


def write_pbtxt(path):
    def ph(name, dtype, dims):
        shape = " ".join("dim { size: %d }" % d for d in dims)
        return ('node { name: "%s" op: "Placeholder" attr { key: "dtype" value { type: %s } }'
                ' attr { key: "shape" value { shape { %s } } } }\n' % (name, dtype, shape))

    def c(name, v, dtype="DT_INT32"):
        field = "float_val: %.9g" if dtype == "DT_FLOAT" else "int_val: %d"
        vals = " ".join(field % x for x in np.ravel(v))
        dims = " ".join("dim { size: %d }" % d for d in np.shape(v))
        return ('node { name: "%s" op: "Const" attr { key: "dtype" value { type: %s } }'
                ' attr { key: "value" value { tensor { dtype: %s tensor_shape { %s } %s } } } }\n'
                % (name, dtype, dtype, dims, vals))

    def node(name, op, ins, attrs=""):
        return 'node { name: "%s" op: "%s" %s %s }\n' % (
            name, op, " ".join('input: "%s"' % i for i in ins), attrs)

    T = 'attr { key: "T" value { type: DT_FLOAT } }'
    TI = T + ' attr { key: "Tindices" value { type: DT_INT32 } }'
    i = inputs()
    s = ""
    for k, v in i.items():
        if k != "var_init":
            s += ph(k, "DT_INT32" if v.dtype == np.int32 else "DT_FLOAT", v.shape)
    s += c("crop", list(CROP)) + c("crop1", [1, 1])

    def crop_attrs(method, extrap):
        return (T + ' attr { key: "method" value { s: "%s" } }'
                ' attr { key: "extrapolation_value" value { f: %g } }' % (method, extrap))
    s += node("crop_bl", "CropAndResize", ["img", "boxes", "box_ind", "crop"],
              crop_attrs("bilinear", 0))
    s += node("crop_nn", "CropAndResize", ["img", "boxes", "box_ind", "crop"],
              crop_attrs("nearest", 0.5))
    s += node("crop_1", "CropAndResize", ["img", "boxes", "box_ind", "crop1"],
              crop_attrs("bilinear", -1))
    s += node("fq_args", "FakeQuantWithMinMaxArgs", ["x"],
              'attr { key: "min" value { f: %g } } attr { key: "max" value { f: %g } }'
              ' attr { key: "num_bits" value { i: %d } } attr { key: "narrow_range" value { b: true } }'
              % (ARGS["min"], ARGS["max"], ARGS["bits"]))
    s += node("fq_vars", "FakeQuantWithMinMaxVars", ["x", "lo", "hi"],
              'attr { key: "num_bits" value { i: 8 } }')
    s += node("fq_pc", "FakeQuantWithMinMaxVarsPerChannel", ["x2", "lo4", "hi4"],
              'attr { key: "num_bits" value { i: 4 } }')
    s += ('node { name: "var" op: "VariableV2" attr { key: "dtype" value { type: DT_FLOAT } }'
          ' attr { key: "shape" value { shape { dim { size: 4 } dim { size: 3 } } } } }\n')
    s += c("var_init", i["var_init"], "DT_FLOAT")
    s += node("assign", "Assign", ["var", "var_init"], T)
    s += node("sc_add", "ScatterNdAdd", ["assign", "add_idx", "add_upd"],
              TI + ' attr { key: "use_locking" value { b: true } }')
    s += node("sc_sub", "ScatterNdSub", ["sc_add", "sub_idx", "sub_upd"], TI)
    s += node("sc_upd", "ScatterNdUpdate", ["sc_sub", "upd_idx", "upd_upd"], TI)
    s += ('node { name: "rvar" op: "VarHandleOp" attr { key: "dtype" value { type: DT_FLOAT } }'
          ' attr { key: "shape" value { shape { dim { size: 4 } dim { size: 3 } } } }'
          ' attr { key: "shared_name" value { s: "rvar" } } }\n')
    s += node("rinit", "AssignVariableOp", ["rvar", "var_init"],
              'attr { key: "dtype" value { type: DT_FLOAT } }')
    s += node("rs_add", "ResourceScatterNdAdd", ["rvar", "add_idx", "add_upd", "^rinit"], TI)
    s += node("rs_sub", "ResourceScatterNdSub", ["rvar", "sub_idx", "sub_upd", "^rs_add"], TI)
    s += node("rread", "ReadVariableOp", ["rvar", "^rs_sub"],
              'attr { key: "dtype" value { type: DT_FLOAT } }')
    s += c("max3", 3)
    s += node("nms1", "NonMaxSuppression", ["nboxes", "nscores", "max3"],
              'attr { key: "iou_threshold" value { f: 0.4 } }')
    with open(path, "w") as f:
        f.write("# Generated by gen_image_quant_scatter.py (test/tools/Inputs); do not edit.\n" + s)


def crop_and_resize(img, boxes, box_ind, crop, method, extrap):
    """TF's CropAndResize CPU kernel (coordinates in float, as TF)."""
    _, h, w, d = img.shape
    ch, cw = crop
    out = np.zeros((len(boxes), ch, cw, d))
    for n, (y1, x1, y2, x2) in enumerate(boxes):
        im = img[box_ind[n]].astype(np.float64)

        def coords(lo, hi, c, size):
            if c > 1:
                scale = f32(f32(hi - lo) * f32(size - 1) / f32(c - 1))
                return [f32(lo * f32(size - 1) + f32(k) * scale) for k in range(c)]
            return [f32(0.5 * (float(f32(lo + hi))) * (size - 1))]
        for yi, iy in enumerate(coords(y1, y2, ch, h)):
            for xi, ix in enumerate(coords(x1, x2, cw, w)):
                if not (0 <= iy <= h - 1 and 0 <= ix <= w - 1):
                    out[n, yi, xi] = extrap
                elif method == "nearest":
                    r = lambda v: int(np.sign(v) * np.floor(abs(v) + 0.5))
                    out[n, yi, xi] = im[r(iy), r(ix)]
                else:
                    t, b = int(np.floor(iy)), int(np.ceil(iy))
                    l, rr = int(np.floor(ix)), int(np.ceil(ix))
                    yl, xl = float(iy) - t, float(ix) - l
                    top = im[t, l] + (im[t, rr] - im[t, l]) * xl
                    bot = im[b, l] + (im[b, rr] - im[b, l]) * xl
                    out[n, yi, xi] = top + (bot - top) * yl
    return out


def fake_quant(x, mn, mx, bits, narrow):
    """TF 1.x FakeQuantWithMinMaxVarsFunctor in float32."""
    if mn == 0 and mx == 0:
        return np.zeros_like(x)
    qmin, qmax = (1 if narrow else 0), (1 << bits) - 1
    mn, mx = f32(mn), f32(mx)
    scale = f32((mx - mn) / f32(qmax - qmin))
    zp = f32(f32(qmin) - f32(mn / scale))
    nzp = qmin if zp < qmin else qmax if zp > qmax else np.floor(abs(zp) + 0.5) * np.sign(zp)
    nmin, nmax = f32(f32(qmin - nzp) * scale), f32(f32(qmax - nzp) * scale)
    with np.errstate(invalid="ignore"):
        cl = np.maximum(np.minimum(x, nmax), nmin).astype(f32)
        q = np.floor(((cl - nmin) / scale).astype(f32) + f32(0.5)).astype(f32)
        return (q * scale + nmin).astype(f32)


def expected(i):
    e = {}
    for name, method, ex, crop in (("crop_bl", "bilinear", 0, CROP), ("crop_nn", "nearest", 0.5, CROP),
                                   ("crop_1", "bilinear", -1, (1, 1))):
        e[name] = crop_and_resize(i["img"], i["boxes"], i["box_ind"], crop, method, ex)
    e["fq_args"] = fake_quant(i["x"], ARGS["min"], ARGS["max"], ARGS["bits"], ARGS["narrow"])
    e["fq_vars"] = fake_quant(i["x"], i["lo"], i["hi"], 8, False)
    e["fq_pc"] = np.stack([fake_quant(i["x2"][:, k], i["lo4"][k], i["hi4"][k], 4, False)
                           for k in range(4)], axis=1)
    v = i["var_init"].astype(np.float64)
    for (r,), u in zip(i["add_idx"], i["add_upd"]):
        v[r] += u
    e["sc_add"] = v.copy()
    for (r,), u in zip(i["sub_idx"], i["sub_upd"]):
        v[r] -= u
    e["sc_sub"] = v.copy()
    e["rread"] = v.copy()
    for (r, c), u in zip(i["upd_idx"], i["upd_upd"]):
        v[r, c] = u
    e["sc_upd"] = v.copy()
    e["nms1"] = nms(i["nboxes"], i["nscores"], 3, f32(0.4), -np.inf)[0]
    return e


def check(indir, outdir, outdir2=None):
    i = {k: np.load(os.path.join(indir, k + ".npy")) for k in inputs()}
    ok = True
    for name, want in expected(i).items():
        got = np.load(os.path.join(outdir, name + ".npy"))
        if outdir2:
            b = open(os.path.join(outdir2, name + ".npy"), "rb").read()
            if open(os.path.join(outdir, name + ".npy"), "rb").read() != b:
                print("%s: the two runs differ" % name)
                ok = False
        if name == "nms1":
            same = got.dtype == np.int32 and np.array_equal(got, want)
        else:
            tol = 1e-5 if name.startswith("crop") else 1e-6
            same = (got.dtype == np.float32 and got.shape == want.shape and
                    np.allclose(got, want, atol=tol, rtol=0, equal_nan=True))
        err = "" if name == "nms1" or not same else " (max abs err %.3g)" % np.nanmax(
            np.abs(got.astype(np.float64) - want)) if got.size else ""
        print("%s: %s%s" % (name, "ok" if same else "MISMATCH got %r want %r" % (got, want), err))
        ok = ok and same
    print("all match the NumPy reference" if ok else "MISMATCHES")
    return 0 if ok else 1


if __name__ == "__main__":
    if sys.argv[1] == "pbtxt":
        write_pbtxt(sys.argv[2])
    elif sys.argv[1] == "inputs":
        for k, v in inputs().items():  # var_init is a Const; saved for check
            np.save(os.path.join(sys.argv[2], k + ".npy"), v)
    else:
        sys.exit(check(*sys.argv[2:5]))
