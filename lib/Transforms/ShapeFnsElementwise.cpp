//===- ShapeFnsElementwise.cpp - unary/binary/select/identity shape fns --===//
//
// TF: math_ops.cc (UnchangedShape, BroadcastBinaryOpOutputShapeFn, AddN,
// Select/SelectV2, comparisons), array_ops.cc (Identity*, ZerosLike,
// PlaceholderWithDefault, EnsureShape), nn_ops.cc (activation grads).
//===----------------------------------------------------------------------===//
#include "lib/Transforms/ShapeInferenceContext.h"

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

/// Grad ops of activations: output = merge(gradients, features).
LogicalResult mergeFirstTwo(InferenceContext &c) {
  if (c.numInputs() < 2)
    return unchangedShape(c);
  auto m = c.merge(c.inputShape(0), c.inputShape(1),
                   "inputs must have the same shape");
  if (failed(m))
    return failure();
  c.setOutput(0, *m);
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

LogicalResult select(InferenceContext &c) {
  // Select(condition, t, e): t and e have the same shape; condition is
  // either that shape, or a vector matching its first dim.
  if (c.numInputs() < 3)
    return success();
  auto te = c.merge(c.inputShape(1), c.inputShape(2),
                    "'t' and 'e' must have the same shape");
  if (failed(te))
    return failure();
  Shape cond = c.inputShape(0);
  Shape out = *te;
  if (cond.ranked && out.ranked) {
    if (cond.rank() == out.rank()) {
      auto m = c.merge(cond, out, "'condition' and 't'");
      if (failed(m))
        return failure();
      out = *m;
    } else if (cond.rank() == 1 && out.rank() >= 1) {
      auto d = c.merge(cond.dims[0], out.dims[0],
                       "vector 'condition' must match the first dim of 't'");
      if (failed(d))
        return failure();
      out.dims[0] = *d;
    } else if (cond.rank() != 0) {
      return c.error("'condition' must be a scalar, a vector or the shape of "
                     "'t'");
    }
  } else if (cond.ranked && !out.ranked && cond.rank() > 1) {
    // condition of rank > 1 must have t's shape.
    out = cond;
  }
  c.setOutput(0, out);
  return success();
}

LogicalResult selectV2(InferenceContext &c) {
  if (c.numInputs() < 3)
    return success();
  Shape te, out;
  if (!broadcastShape(c.inputShape(1), c.inputShape(2), te))
    return c.error("'t' and 'e' are not broadcast-compatible");
  if (!broadcastShape(c.inputShape(0), te, out))
    return c.error("'condition' is not broadcast-compatible with 't'/'e'");
  c.setOutput(0, out);
  return success();
}

LogicalResult placeholderWithDefault(InferenceContext &c) {
  // The output has the `shape` attr (the default input may be more
  // specific, but a fed value need only match the attr).
  if (auto s = c.shapeAttr("shape")) {
    Shape in = c.inputShape(0);
    Shape m;
    if (!mergeShape(in, *s, m))
      return c.error("input shape " + in.str() +
                     " does not match the shape "
                     "attr " +
                     s->str());
    c.setOutput(0, *s);
  }
  return success();
}

LogicalResult ensureShape(InferenceContext &c) {
  Shape in = c.inputShape(0);
  if (auto s = c.shapeAttr("shape")) {
    auto m = c.merge(in, *s, "input and the 'shape' attr");
    if (failed(m))
      return failure();
    c.setOutput(0, *m);
    return success();
  }
  c.setOutput(0, in);
  return success();
}

LogicalResult scalarOutput(InferenceContext &c) {
  c.setOutput(0, Shape::scalar());
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

} // namespace

void registerElementwiseShapeFns(ShapeFnRegistry &r) {
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
         "Elu",
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
         "LeakyRelu",
         "Lgamma",
         "Log",
         "Log1p",
         "LogicalNot",
         "Ndtri",
         "Neg",
         "OnesLike",
         "PopulationCount",
         "Real",
         "Reciprocal",
         "Relu",
         "Relu6",
         "Rint",
         "Round",
         "Rsqrt",
         "Selu",
         "Sigmoid",
         "Sign",
         "Sin",
         "Sinh",
         "Softplus",
         "Softsign",
         "Sqrt",
         "Square",
         "Tan",
         "Tanh",
         "ZerosLike",
         "Cast",
         "Identity",
         "Snapshot",
         "StopGradient",
         "PreventGradient",
         "DeepCopy",
         "RefIdentity",
         "Enter",
         "Exit",
         "NextIteration",
         "LoopCond",
         "RefEnter",
         "RefExit",
         "FakeQuantWithMinMaxArgs",
         "FakeQuantWithMinMaxVars",
         "FakeQuantWithMinMaxVarsPerChannel",
         "QuantizeAndDequantize",
         "QuantizeAndDequantizeV2",
         "QuantizeAndDequantizeV3",
         "QuantizeAndDequantizeV4",
         "Relu6",
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
         "BesselI1",
         "Print",
         "Softmax",
         "LogSoftmax",
         "Cumsum",
         "Cumprod",
         "CumulativeLogsumexp",
         "InvertPermutation",
         "Roll",
         "RandomShuffle",
         "ReverseV2",
         "Reverse",
         "ReverseSequence",
         "MatrixBandPart",
         "Cholesky",
         "MatrixInverse",
         "MatrixExponential",
         "MatrixLogarithm",
         "MatrixSquareRoot",
         "AdjustContrastv2",
         "AdjustContrast",
         "AdjustHue",
         "AdjustSaturation",
         "HSVToRGB",
         "RGBToHSV",
         "DrawBoundingBoxes",
         "DrawBoundingBoxesV2",
         "LRN",
         "StatelessRandomShuffle",
         "ClipByValue",
         "UniformQuantize",
         "UniformDequantize",
         "BatchMatrixBandPart",
         "RefNextIteration"},
        unchangedShape);
  r.add("ClipByValue", clipByValue);
  r.add({"IdentityN"}, forwardEachShape);

  // Binary with broadcasting.
  r.add({"Add",          "AddV2",
         "Sub",          "Mul",
         "Div",          "RealDiv",
         "DivNoNan",     "FloorDiv",
         "FloorMod",     "Mod",
         "TruncateDiv",  "TruncateMod",
         "Pow",          "Maximum",
         "Minimum",      "SquaredDifference",
         "Atan2",        "Equal",
         "NotEqual",     "Less",
         "LessEqual",    "Greater",
         "GreaterEqual", "LogicalAnd",
         "LogicalOr",    "BitwiseAnd",
         "BitwiseOr",    "BitwiseXor",
         "LeftShift",    "RightShift",
         "Xdivy",        "Xlogy",
         "Xlog1py",      "MulNoNan",
         "Igamma",       "Igammac",
         "IgammaGradA",  "Zeta",
         "Polygamma",    "NextAfter",
         "Complex",      "RandomGammaGrad"},
        broadcastBinaryShape);
  r.add({"ApproximateEqual"}, approximateEqual);

  // Grads of elementwise ops: output = merge(first two inputs).
  r.add({"ReluGrad", "Relu6Grad", "EluGrad", "SeluGrad", "SoftplusGrad",
         "SoftsignGrad", "LeakyReluGrad", "SigmoidGrad", "TanhGrad",
         "RsqrtGrad", "SqrtGrad", "ReciprocalGrad", "InvGrad",
         "FakeQuantWithMinMaxArgsGradient"},
        mergeFirstTwo);
  r.add({"AddN"}, mergeAllInputs);
  r.add({"AccumulateNV2"}, accumulateNV2);
  r.add({"Select"}, select);
  r.add({"SelectV2"}, selectV2);
  r.add({"PlaceholderWithDefault"}, placeholderWithDefault);
  r.add({"EnsureShape"}, ensureShape);
  r.add({"L2Loss"}, scalarOutput);
  r.add({"Bitcast"}, bitcast);
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
}

} // namespace shape_inference
} // namespace tfmlir
