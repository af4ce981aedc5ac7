//===- LegalizePatterns.td - tf -> tfl one-to-one element-wise maps -------===//
//
// DRR patterns for the TF ops whose TFLite builtin takes the same operands
// and yields the same result types: element-wise binary (NumPy broadcasting
// on both sides, as TF's BCast and TFLite's reference kernels), element-wise
// unary and the activations, and Select/SelectV2. Semantics: TF's op
// definitions (tensorflow/core/ops/math_ops.cc, nn_ops.cc, array_ops.cc) and
// TFLite's reference kernels (tensorflow/lite/kernels); the same pairs as
// TF's compiler/mlir/lite/transforms/legalize_patterns.td.
//
// The patterns match whatever the types: the conversion's target makes a
// tfl op legal only when TFLite has a kernel for its types
// (TypeLegality.h: no float64, float16, bfloat16 or complex; ADD/SUB/MUL/DIV
// not on plain 8/16-bit integers), so a pattern that builds one without is
// rolled back and the driver in LegalizeTF.cpp reports the tf op with the
// reason ("tfl.add has no kernel for tensor<2xf64> (TFLite computes in
// float32: Cast first)"). The patterns are collected by
// populateTFToTFLElementwisePatterns (LegalizePatterns.cpp) and run by
// applyPartialConversion.
//===----------------------------------------------------------------------===//

include "mlir/IR/PatternBase.td"
include "dialects/tf/TFOpsMath.td"
include "dialects/tf/TFOpsNN.td"
include "dialects/tf/TFOpsIndexing.td"
include "dialects/tfl/TFLOps.td"

// fused_activation_function = "NONE": the activation-fusion patterns
// (Optimize/FuseActivation.cpp) fill it in later.
def TFL_ActNone : ConstantStrAttr<TFL_AFAttr, "NONE">;
// pot_scale_int16 = true: TFLite's default for ADD/SUB (AddOptions,
// SubOptions in schema.fbs).
def TFL_PotScaleTrue : ConstantAttr<BoolAttr, "true">;

//===----------------------------------------------------------------------===//
// Element-wise binary with a fused activation.
//===----------------------------------------------------------------------===//
class BinaryActPot<Op tfOp, Op tflOp> : Pat<
  (tfOp:$z $x, $y, $_),
  (tflOp $x, $y, TFL_ActNone, TFL_PotScaleTrue)>;
class BinaryAct<Op tfOp, Op tflOp> : Pat<
  (tfOp:$z $x, $y, $_),
  (tflOp $x, $y, TFL_ActNone)>;

def : BinaryActPot<TF_AddOp, TFL_AddOp>;
def : BinaryActPot<TF_AddV2Op, TFL_AddOp>;
def : BinaryActPot<TF_SubOp, TFL_SubOp>;
def : BinaryAct<TF_MulOp, TFL_MulOp>;
def : BinaryAct<TF_RealDivOp, TFL_DivOp>;

//===----------------------------------------------------------------------===//
// Element-wise binary, comparisons and logical ops.
//===----------------------------------------------------------------------===//
class Binary<Op tfOp, Op tflOp> : Pat<
  (tfOp:$z $x, $y, $_),
  (tflOp $x, $y)>;

def : Binary<TF_MaximumOp, TFL_MaximumOp>;
def : Binary<TF_MinimumOp, TFL_MinimumOp>;
def : Binary<TF_PowOp, TFL_PowOp>;
def : Binary<TF_SquaredDifferenceOp, TFL_SquaredDifferenceOp>;
def : Binary<TF_FloorDivOp, TFL_FloorDivOp>;
def : Binary<TF_FloorModOp, TFL_FloorModOp>;
def : Binary<TF_LessOp, TFL_LessOp>;
def : Binary<TF_LessEqualOp, TFL_LessEqualOp>;
def : Binary<TF_GreaterOp, TFL_GreaterOp>;
def : Binary<TF_GreaterEqualOp, TFL_GreaterEqualOp>;

// Equal/NotEqual: TFLite has no incompatible_shape_error; its kernels
// broadcast, which is TF's behaviour for compatible shapes (the default).
class Equality<Op tfOp, Op tflOp> : Pat<
  (tfOp:$z $x, $y, $_, $_),
  (tflOp $x, $y)>;
def : Equality<TF_EqualOp, TFL_EqualOp>;
def : Equality<TF_NotEqualOp, TFL_NotEqualOp>;

// LogicalAnd/LogicalOr take bool operands only (no T attr).
class Logical<Op tfOp, Op tflOp> : Pat<(tfOp $x, $y), (tflOp $x, $y)>;
def : Logical<TF_LogicalAndOp, TFL_LogicalAndOp>;
def : Logical<TF_LogicalOrOp, TFL_LogicalOrOp>;

//===----------------------------------------------------------------------===//
// Element-wise unary and activations.
//===----------------------------------------------------------------------===//
class Unary<Op tfOp, Op tflOp> : Pat<
  (tfOp:$y $x, $_),
  (tflOp $x)>;

def : Unary<TF_ExpOp, TFL_ExpOp>;
def : Unary<TF_LogOp, TFL_LogOp>;
def : Unary<TF_SqrtOp, TFL_SqrtOp>;
def : Unary<TF_RsqrtOp, TFL_RsqrtOp>;
def : Unary<TF_SquareOp, TFL_SquareOp>;
def : Unary<TF_AbsOp, TFL_AbsOp>;
def : Unary<TF_NegOp, TFL_NegOp>;
def : Unary<TF_SinOp, TFL_SinOp>;
def : Unary<TF_CosOp, TFL_CosOp>;
def : Unary<TF_FloorOp, TFL_FloorOp>;
def : Unary<TF_CeilOp, TFL_CeilOp>;
// Round and Rint both round half to even, as TFLite's ROUND.
def : Unary<TF_RoundOp, TFL_RoundOp>;
def : Unary<TF_RintOp, TFL_RoundOp>;
def : Unary<TF_SignOp, TFL_SignOp>;
def : Pat<(TF_LogicalNotOp $x), (TFL_LogicalNotOp $x)>;

def : Unary<TF_ReluOp, TFL_ReluOp>;
def : Unary<TF_Relu6Op, TFL_Relu6Op>;
def : Unary<TF_SigmoidOp, TFL_LogisticOp>;
def : Unary<TF_TanhOp, TFL_TanhOp>;
def : Unary<TF_EluOp, TFL_EluOp>;

//===----------------------------------------------------------------------===//
// Selection. Select's condition is a scalar, the shape of t/e, or a vector
// over dim 0 (TFLite's SELECT accepts the same); SelectV2 broadcasts.
//===----------------------------------------------------------------------===//
class Ternary<Op tfOp, Op tflOp> : Pat<
  (tfOp:$out $c, $t, $e, $_),
  (tflOp $c, $t, $e)>;
def : Ternary<TF_SelectOp, TFL_SelectOp>;
def : Ternary<TF_SelectV2Op, TFL_SelectV2Op>;
