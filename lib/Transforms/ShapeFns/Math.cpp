//===- Math.cpp - shape functions of the Math family ----------------------===//
//
// The ops of dialects/tf/TFOpsMath.td: unary (UnchangedShape) and
// broadcasting binary element-wise ops, AddN, Betainc, Bitcast,
// ClipByValue, CompareAndBitpack; plus element-wise ops without an ODS
// definition (complex parts, special functions, grads of Math ops, string
// ops). Semantics from tensorflow/core/ops/math_ops.cc,
// special_math_ops.cc, array_ops.cc (Bitcast) and string_ops.cc.
//===----------------------------------------------------------------------===//
#include "lib/Transforms/ShapeFns/Common.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;

namespace tfmlir {
namespace shape_inference {
namespace {

/// Output 0 = merge of all inputs (TF's MergeBothInputsShapeFn / AddN).
LogicalResult mergeAllInputs(InferenceContext &c) {
  Shape s = Shape::unknown();
  for (unsigned i = 0; i < c.numInputs(); ++i) {
    auto m = c.merge(s, c.inputShape(i), "all inputs must have the same shape");
    if (failed(m))
      return failure();
    s = *m;
  }
  c.setOutput(0, s);
  return success();
}

LogicalResult accumulateNV2(InferenceContext &c) {
  if (failed(mergeAllInputs(c)))
    return failure();
  if (auto s = c.shapeAttr("shape")) {
    Shape cur = c.getOutput(0).value_or(Shape::unknown());
    auto m = c.merge(cur, *s, "inputs and the shape attr");
    if (failed(m))
      return failure();
    c.setOutput(0, *m);
  }
  return success();
}

LogicalResult approximateEqual(InferenceContext &c) { return mergeFirstTwo(c); }

LogicalResult clipByValue(InferenceContext &c) {
  // t, clip_value_min, clip_value_max: the mins are scalars or t's shape.
  c.setOutput(0, c.inputShape(0));
  return success();
}

LogicalResult bitcast(InferenceContext &c) {
  // Bitcast(input, T -> type): same size dtypes keep the shape; a larger
  // input dtype appends a dim; a smaller one drops the last dim.
  Shape in = c.inputShape(0);
  Type from = c.inputElementType(0);
  Type outT = c.outputType(0);
  auto tt = dyn_cast_or_null<TensorType>(outT);
  if (!tt || !from)
    return success();
  Type to = tt.getElementType();
  auto bits = [](Type t) -> int64_t {
    if (auto ct = dyn_cast<ComplexType>(t))
      return 2 * ct.getElementType().getIntOrFloatBitWidth();
    if (t.isIntOrFloat())
      return t.getIntOrFloatBitWidth();
    return -1;
  };
  int64_t a = bits(from), b = bits(to);
  if (a <= 0 || b <= 0)
    return success();
  if (a == 1 || b == 1) // bool has a byte each
    return success();
  if (!in.ranked) {
    c.setOutput(0, Shape::unknown());
    return success();
  }
  if (a == b) {
    c.setOutput(0, in);
  } else if (a > b) {
    Shape s = in;
    s.dims.push_back(a / b);
    c.setOutput(0, s);
  } else {
    if (in.rank() == 0)
      return c.error("cannot bitcast a scalar to a larger dtype");
    int64_t last = in.dims.back();
    if (!isDyn(last) && last != b / a)
      return c.error("last dim " + Twine(last) + " must be " + Twine(b / a) +
                     " to bitcast to a larger dtype");
    Shape s = in;
    s.dims.pop_back();
    c.setOutput(0, s);
  }
  return success();
}

LogicalResult compareAndBitpack(InferenceContext &c) {
  Shape in = c.inputShape(0);
  if (!in.ranked)
    return success();
  if (in.rank() < 1)
    return c.error("input must be at least 1-D");
  Shape out = in;
  int64_t last = in.dims.back();
  if (!isDyn(last) && last % 8)
    return c.error("the last dim " + Twine(last) + " must be divisible by 8");
  out.dims.back() = isDyn(last) ? kDyn : last / 8;
  c.setOutput(0, out);
  return success();
}

/// StringJoin / summaries of scalars: broadcast of the inputs (scalar when
/// all are scalars).
LogicalResult stringJoin(InferenceContext &c) {
  Shape out = Shape::scalar();
  for (unsigned i = 0; i < c.numInputs(); ++i) {
    Shape s = c.inputShape(i), b;
    if (!broadcastShape(out, s, b))
      return c.error("inputs must be scalars or have the same shape");
    out = b;
  }
  c.setOutput(0, out);
  return success();
}

} // namespace

void registerMathShapeFns(ShapeFnRegistry &r) {
  // Unary, same shape (UnchangedShape).
  r.add({"Abs",
         "Acos",
         "Acosh",
         "Angle",
         "Asin",
         "Asinh",
         "Atan",
         "Atanh",
         "BesselI0e",
         "BesselI1e",
         "Ceil",
         "CheckNumerics",
         "CheckNumericsV2",
         "ComplexAbs",
         "Conj",
         "Cos",
         "Cosh",
         "Digamma",
         "Erf",
         "Erfc",
         "Erfinv",
         "Exp",
         "Expm1",
         "Floor",
         "Imag",
         "Inv",
         "Invert",
         "IsFinite",
         "IsInf",
         "IsNan",
         "Lgamma",
         "Log",
         "Log1p",
         "LogicalNot",
         "Ndtri",
         "Neg",
         "PopulationCount",
         "Real",
         "Reciprocal",
         "Rint",
         "Round",
         "Rsqrt",
         "Sign",
         "Sin",
         "Sinh",
         "Sqrt",
         "Square",
         "Tan",
         "Cast",
         "Dawsn",
         "Expint",
         "FresnelCos",
         "FresnelSin",
         "Spence",
         "BesselJ0",
         "BesselJ1",
         "BesselY0",
         "BesselY1",
         "BesselK0",
         "BesselK0e",
         "BesselK1",
         "BesselK1e",
         "BesselI0",
         "BesselI1"},
        unchangedShape);
  r.add("ClipByValue", clipByValue);
  // Binary with broadcasting.
  r.add({"Add",         "AddV2",      "Sub",          "Mul",
         "Div",         "RealDiv",    "DivNoNan",     "FloorDiv",
         "FloorMod",    "Mod",        "TruncateDiv",  "TruncateMod",
         "Pow",         "Maximum",    "Minimum",      "SquaredDifference",
         "Atan2",       "Equal",      "NotEqual",     "Less",
         "LessEqual",   "Greater",    "GreaterEqual", "LogicalAnd",
         "LogicalOr",   "BitwiseAnd", "BitwiseOr",    "BitwiseXor",
         "LeftShift",   "RightShift", "Xdivy",        "Xlogy",
         "Xlog1py",     "MulNoNan",   "Igamma",       "Igammac",
         "IgammaGradA", "Zeta",       "Polygamma",    "NextAfter",
         "Complex"},
        broadcastBinaryShape);
  r.add("ApproximateEqual", approximateEqual);
  // Grads of elementwise ops: output = merge(first two inputs).
  r.add({"SigmoidGrad", "TanhGrad", "RsqrtGrad", "SqrtGrad", "ReciprocalGrad",
         "InvGrad"},
        mergeFirstTwo);
  r.add("AddN", mergeAllInputs);
  r.add("AccumulateNV2", accumulateNV2);
  r.add("Bitcast", bitcast);
  // Betainc(a, b, x): all the same shape, or scalars.
  r.add({"Betainc"}, [](InferenceContext &c) -> LogicalResult {
    Shape out = Shape::unknown();
    bool anyNonScalar = false;
    for (unsigned i = 0; i < c.numInputs(); ++i) {
      Shape s = c.inputShape(i);
      if (s.ranked && s.rank() == 0)
        continue;
      if (!s.ranked) {
        c.setOutput(0, Shape::unknown());
        return success();
      }
      auto m = c.merge(out, s, "non-scalar inputs must have the same shape");
      if (failed(m))
        return failure();
      out = *m;
      anyNonScalar = true;
    }
    c.setOutput(0, anyNonScalar ? out : Shape::scalar());
    return success();
  });
  r.add("CompareAndBitpack", compareAndBitpack);
  r.add({"Bucketize", "StaticRegexFullMatch", "StringToHashBucketFast",
         "StringToHashBucketStrong", "StringToHashBucket", "StringLower",
         "StringUpper", "RegexReplace", "StaticRegexReplace", "StringStrip"},
        firstInput);
  r.add("StringJoin", stringJoin);
}

} // namespace shape_inference
} // namespace tfmlir
