#!/usr/bin/env python3
"""Writes tf-convert-fused.pbtxt (a StatefulPartitionedCall of a function with
a _FusedConv2D [BiasAdd, Relu6], then _FusedDepthwiseConv2dNative
[FusedBatchNorm, Relu], Reshape and _FusedMatMul [BiasAdd, Relu]) and
computes its float64 NumPy reference.

usage: gen_tf_convert_fused.py pbtxt OUT.pbtxt
       gen_tf_convert_fused.py check X.npy GOT.npy [GOT.npy ...]
  check: each GOT must match the reference for X within abs 1e-5 + rel 1e-4.
"""
import sys
import numpy as np


def weights():
    """The graph's fixed weights (seed 7, rounded to 3 decimals), in the
    order the graph lists them."""
    rng = np.random.RandomState(7)
    def r(*s, lo=-1.0, hi=1.0):
        return np.round(rng.uniform(lo, hi, size=s), 3).astype(np.float32)
    wd = r(3, 3, 3, 1)
    scale, offset = r(3, lo=0.5, hi=1.5), r(3)
    mean, var = r(3, lo=-0.2, hi=0.2), r(3, lo=0.5, hi=1.0)
    wm, bm = r(12, 4), r(4, lo=0.0, hi=0.5)
    w, b = r(3, 3, 2, 3), r(3)
    return dict(wd=wd, scale=scale, offset=offset, mean=mean, var=var, wm=wm, bm=bm, w=w, b=b)


def reference(x):
    """float64: conv SAME + bias + relu6, depthwise VALID stride 2 + batch
    norm (eps 0.001) + relu, reshape [1, 12], matmul + bias + relu."""
    p = {k: v.astype(np.float64) for k, v in weights().items()}
    x = x.astype(np.float64)
    xp = np.pad(x, [(0, 0), (1, 1), (1, 1), (0, 0)])
    c = np.zeros((1, 5, 5, 3))
    for i in range(5):
        for j in range(5):
            c[0, i, j] = np.einsum("hwi,hwio->o", xp[0, i:i + 3, j:j + 3], p["w"])
    c = np.clip(c + p["b"], 0, 6)
    d = np.zeros((1, 2, 2, 3))
    for i in range(2):
        for j in range(2):
            d[0, i, j] = np.einsum("hwc,hwc->c", c[0, 2 * i:2 * i + 3, 2 * j:2 * j + 3],
                                   p["wd"][..., 0])
    eps = np.float64(np.float32(0.001))
    d = (d - p["mean"]) / np.sqrt(p["var"] + eps) * p["scale"] + p["offset"]
    d = np.maximum(d, 0).reshape(1, 12)
    return np.maximum(d @ p["wm"] + p["bm"], 0)


def write_pbtxt(path):
    W = weights()
    def const(name, a, indent=""):
        dims = " ".join("dim { size: %d }" % d for d in a.shape)
        vals = " ".join("float_val: %g" % v for v in a.ravel())
        return ('%snode_def {\n%s  name: "%s" op: "Const"\n%s  attr { key: "dtype" value { type: DT_FLOAT } }\n'
                '%s  attr { key: "value" value { tensor { dtype: DT_FLOAT tensor_shape { %s } %s } } }\n%s}\n'
                % (indent, indent, name, indent, indent, dims, vals, indent)) if indent else \
               ('node {\n  name: "%s" op: "Const"\n  attr { key: "dtype" value { type: DT_FLOAT } }\n'
                '  attr { key: "value" value { tensor { dtype: DT_FLOAT tensor_shape { %s } %s } } }\n}\n'
                % (name, dims, vals))
    out = []
    out.append("""# A TF2-style graph for tf-convert: a StatefulPartitionedCall of a function
# holding a _FusedConv2D [BiasAdd, Relu6], then _FusedDepthwiseConv2dNative
# [FusedBatchNorm, Relu] and _FusedMatMul [BiasAdd, Relu] after a Reshape.
# Weights are fixed (numpy seed 7, rounded to 3 decimals). Written by
# gen_tf_convert_fused.py, which also computes the NumPy reference.
node {
  name: "x" op: "Placeholder"
  attr { key: "dtype" value { type: DT_FLOAT } }
  attr { key: "shape" value { shape { dim { size: 1 } dim { size: 5 } dim { size: 5 } dim { size: 2 } } } }
}
node {
  name: "block" op: "StatefulPartitionedCall" input: "x"
  attr { key: "Tin" value { list { type: DT_FLOAT } } }
  attr { key: "Tout" value { list { type: DT_FLOAT } } }
  attr { key: "f" value { func { name: "conv_block" } } }
  attr { key: "config" value { s: "" } }
  attr { key: "config_proto" value { s: "" } }
  attr { key: "executor_type" value { s: "" } }
}
""")
    out.append(const("wd", W["wd"]))
    out.append(const("scale", W["scale"]))
    out.append(const("offset", W["offset"]))
    out.append(const("mean", W["mean"]))
    out.append(const("var", W["var"]))
    out.append("""node {
  name: "dw" op: "_FusedDepthwiseConv2dNative"
  input: "block" input: "wd" input: "scale" input: "offset" input: "mean" input: "var"
  attr { key: "T" value { type: DT_FLOAT } }
  attr { key: "num_args" value { i: 4 } }
  attr { key: "fused_ops" value { list { s: "FusedBatchNorm" s: "Relu" } } }
  attr { key: "epsilon" value { f: 0.001 } }
  attr { key: "strides" value { list { i: 1 i: 2 i: 2 i: 1 } } }
  attr { key: "padding" value { s: "VALID" } }
  attr { key: "data_format" value { s: "NHWC" } }
  attr { key: "dilations" value { list { i: 1 i: 1 i: 1 i: 1 } } }
}
node {
  name: "shape" op: "Const"
  attr { key: "dtype" value { type: DT_INT32 } }
  attr { key: "value" value { tensor { dtype: DT_INT32 tensor_shape { dim { size: 2 } } int_val: 1 int_val: 12 } } }
}
node {
  name: "flat" op: "Reshape" input: "dw" input: "shape"
  attr { key: "T" value { type: DT_FLOAT } }
  attr { key: "Tshape" value { type: DT_INT32 } }
}
""")
    out.append(const("wm", W["wm"]))
    out.append(const("bm", W["bm"]))
    out.append("""node {
  name: "out" op: "_FusedMatMul" input: "flat" input: "wm" input: "bm"
  attr { key: "T" value { type: DT_FLOAT } }
  attr { key: "num_args" value { i: 1 } }
  attr { key: "fused_ops" value { list { s: "BiasAdd" s: "Relu" } } }
  attr { key: "transpose_a" value { b: false } }
  attr { key: "transpose_b" value { b: false } }
}
library {
  function {
    signature {
      name: "conv_block"
      input_arg { name: "a" type: DT_FLOAT }
      output_arg { name: "r" type: DT_FLOAT }
      is_stateful: true
    }
""")
    out.append(const("w", W["w"], indent="    "))
    out.append(const("b", W["b"], indent="    "))
    out.append("""    node_def {
      name: "conv" op: "_FusedConv2D" input: "a" input: "w:output:0" input: "b:output:0"
      attr { key: "T" value { type: DT_FLOAT } }
      attr { key: "num_args" value { i: 1 } }
      attr { key: "fused_ops" value { list { s: "BiasAdd" s: "Relu6" } } }
      attr { key: "strides" value { list { i: 1 i: 1 i: 1 i: 1 } } }
      attr { key: "padding" value { s: "SAME" } }
      attr { key: "data_format" value { s: "NHWC" } }
      attr { key: "dilations" value { list { i: 1 i: 1 i: 1 i: 1 } } }
    }
    ret { key: "r" value: "conv:output:0" }
  }
}
""")
    open(path, "w").write("".join(out))


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "pbtxt":
        write_pbtxt(sys.argv[2])
        return 0
    if len(sys.argv) >= 4 and sys.argv[1] == "check":
        ref = reference(np.load(sys.argv[2]))
        bad = 0
        for path in sys.argv[3:]:
            got = np.load(path)
            if got.shape != ref.shape or got.dtype != np.float32:
                print("%s: shape %s dtype %s, want %s float32" % (path, got.shape, got.dtype, ref.shape))
                bad += 1
                continue
            err = np.abs(got - ref) - (1e-5 + 1e-4 * np.abs(ref))
            if (err > 0).any():
                print("%s: %s, want %s" % (path, got.tolist(), ref.tolist()))
                bad += 1
            else:
                print("%s: matches the NumPy reference" % path)
        return 1 if bad else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
