//===- TFOpsMath.td - elementwise math, comparison, logical, cast ops ----===//
//
// Elementwise unary and binary math, comparisons, logical ops, Cast and
// Bitcast, AddN. Binary ops broadcast `x` and `y` by numpy rules, as TF's
// BCast does; verifiers reject only statically incompatible shapes.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_TF_OPS_MATH_TD
#define TFMLIR_TF_OPS_MATH_TD

include "dialects/tf/TFOpBase.td"

//===----------------------------------------------------------------------===//
// Binary arithmetic
//===----------------------------------------------------------------------===//

class TF_MathBinaryOp<string mnemonic, string formula, string notes,
                      list<Trait> traits = []>
    : TF_BinaryBroadcastOp<mnemonic, formula,
          !listconcat([Pure, TF_SameElementTypeOperandsAndResults], traits)> {
  let description = "Computes `z = " # formula # "` elementwise. `x`, `y` "
    "and `z` have the same dtype `T` (attr `T`); `x` and `y` broadcast by "
    "numpy rules (TF's BCast) and `z` has the broadcast shape. Any rank, "
    "unranked and dynamic shapes are accepted. Matches TF's " # mnemonic #
    ". " # notes;
}

def TF_AddOp : TF_MathBinaryOp<"Add", "x + y",
    "For `!tf_type.string` operands it concatenates, so unlike AddV2 it is "
    "not commutative. Folds constants and `x + 0` (numeric types; note "
    "`-0.0 + 0` gives `+0.0`, as TF's own folder accepts)."> {
  let hasFolder = 1;
}
def TF_AddV2Op : TF_MathBinaryOp<"AddV2", "x + y",
    "Numeric types only. Integer overflow wraps. Folds constants and "
    "`x + 0`.", [Commutative]> {
  let hasFolder = 1;
}
def TF_SubOp : TF_MathBinaryOp<"Sub", "x - y",
    "Integer overflow wraps. Folds constants and `x - 0`."> {
  let hasFolder = 1;
}
def TF_MulOp : TF_MathBinaryOp<"Mul", "x * y",
    "Integer overflow wraps. Folds constants and `x * 1`.", [Commutative]> {
  let hasFolder = 1;
}
def TF_MulNoNanOp : TF_MathBinaryOp<"MulNoNan", "y == 0 ? 0 : x * y",
    "The result is 0 where `y` is 0 even if `x` is NaN or Inf.">;
def TF_DivOp : TF_MathBinaryOp<"Div", "x / y",
    "Integer division truncates toward zero (C++ semantics) and division by "
    "zero is a run-time error (InvalidArgument), so integer folds skip "
    "zero divisors and INT_MIN / -1. Folds constants and `x / 1`."> {
  let hasFolder = 1;
}
def TF_RealDivOp : TF_MathBinaryOp<"RealDiv", "x / y",
    "IEEE division for floats (x / 0 is +-Inf or NaN). Folds float "
    "constants and `x / 1`."> {
  let hasFolder = 1;
}
def TF_DivNoNanOp : TF_MathBinaryOp<"DivNoNan", "y == 0 ? 0 : x / y",
    "Float and complex types; the result is 0 where `y` is 0.">;
def TF_FloorDivOp : TF_MathBinaryOp<"FloorDiv", "floor(x / y)",
    "Python `//`: integer division rounds toward negative infinity; integer "
    "division by zero is a run-time error. Folds integer constants."> {
  let hasFolder = 1;
}
def TF_FloorModOp : TF_MathBinaryOp<"FloorMod", "x - floor(x / y) * y",
    "Python `%`: the result has the sign of `y`. Folds integer constants "
    "with a non-zero divisor."> {
  let hasFolder = 1;
}
def TF_ModOp : TF_MathBinaryOp<"Mod", "x - trunc(x / y) * y",
    "C `fmod`/`%` semantics: the result has the sign of `x`.">;
def TF_TruncateDivOp : TF_MathBinaryOp<"TruncateDiv", "trunc(x / y)",
    "Integer division rounds toward zero (C semantics).">;
def TF_TruncateModOp : TF_MathBinaryOp<"TruncateMod", "x - trunc(x / y) * y",
    "Same as Mod: the result has the sign of `x`.">;
def TF_MaximumOp : TF_MathBinaryOp<"Maximum", "max(x, y)",
    "NaN propagates: the result is NaN where either input is NaN, as TF's "
    "CPU kernel. Folds constants with that rule."> {
  let hasFolder = 1;
}
def TF_MinimumOp : TF_MathBinaryOp<"Minimum", "min(x, y)",
    "NaN propagates: the result is NaN where either input is NaN, as TF's "
    "CPU kernel. Folds constants with that rule."> {
  let hasFolder = 1;
}
def TF_PowOp : TF_MathBinaryOp<"Pow", "x ^ y",
    "Integer `x` with a negative integer `y` is a run-time error in TF.">;
def TF_SquaredDifferenceOp : TF_MathBinaryOp<"SquaredDifference",
    "(x - y) * conj(x - y)", "", [Commutative]>;
def TF_Atan2Op : TF_MathBinaryOp<"Atan2", "atan2(y, x)",
    "Operand #0 is TF's `y` and #1 is `x`, as in TF's OpDef."> {
  let arguments = (ins TF_Tensor:$y, TF_Tensor:$x, TF_DerivedTypeAttr:$T);
}
def TF_XdivyOp : TF_MathBinaryOp<"Xdivy", "x == 0 ? 0 : x / y", "">;
def TF_XlogyOp : TF_MathBinaryOp<"Xlogy", "x == 0 ? 0 : x * log(y)", "">;
def TF_Xlog1pyOp : TF_MathBinaryOp<"Xlog1py", "x == 0 ? 0 : x * log1p(y)", "">;
def TF_IgammaOp : TF_MathBinaryOp<"Igamma", "P(a, x)",
    "Lower regularized incomplete gamma function (float types)."> {
  let arguments = (ins TF_Tensor:$a, TF_Tensor:$x, TF_DerivedTypeAttr:$T);
}
def TF_IgammacOp : TF_MathBinaryOp<"Igammac", "Q(a, x)",
    "Upper regularized incomplete gamma function (float types)."> {
  let arguments = (ins TF_Tensor:$a, TF_Tensor:$x, TF_DerivedTypeAttr:$T);
}
def TF_ZetaOp : TF_MathBinaryOp<"Zeta", "zeta(x, q)",
    "Hurwitz zeta function (float types)."> {
  let arguments = (ins TF_Tensor:$x, TF_Tensor:$q, TF_DerivedTypeAttr:$T);
}
def TF_PolygammaOp : TF_MathBinaryOp<"Polygamma", "polygamma(a, x)",
    "Float types."> {
  let arguments = (ins TF_Tensor:$a, TF_Tensor:$x, TF_DerivedTypeAttr:$T);
}
def TF_BitwiseAndOp : TF_MathBinaryOp<"BitwiseAnd", "x & y",
    "Integer types only.", [Commutative]>;
def TF_BitwiseOrOp : TF_MathBinaryOp<"BitwiseOr", "x | y",
    "Integer types only.", [Commutative]>;
def TF_BitwiseXorOp : TF_MathBinaryOp<"BitwiseXor", "x ^ y",
    "Integer types only.", [Commutative]>;
def TF_LeftShiftOp : TF_MathBinaryOp<"LeftShift", "x << y",
    "Integer types only; shifts of `y` < 0 or >= the bit width are "
    "implementation-defined in TF.">;
def TF_RightShiftOp : TF_MathBinaryOp<"RightShift", "x >> y",
    "Integer types only; arithmetic shift for signed types.">;

//===----------------------------------------------------------------------===//
// Comparison and logical
//===----------------------------------------------------------------------===//

class TF_CompareOp<string mnemonic, string formula, list<Trait> traits = []>
    : TF_BinaryBroadcastOp<mnemonic, formula,
          !listconcat([Pure, TF_SameElementTypeOperands, TF_BoolResults],
                      traits)> {
  let description = "Computes `z = " # formula # "` elementwise as a bool "
    "(i1) tensor. `x` and `y` have the same dtype `T` and broadcast by numpy "
    "rules. Comparisons with NaN are false. Matches TF's " # mnemonic #
    ". Folds constant operands.";
  let hasFolder = 1;
}

def TF_LessOp : TF_CompareOp<"Less", "x < y">;
def TF_LessEqualOp : TF_CompareOp<"LessEqual", "x <= y">;
def TF_GreaterOp : TF_CompareOp<"Greater", "x > y">;
def TF_GreaterEqualOp : TF_CompareOp<"GreaterEqual", "x >= y">;

class TF_EqualityOp<string mnemonic, string formula>
    : TF_Op<mnemonic, [Pure, Commutative, TF_SameElementTypeOperands,
                       TF_BoolResults]> {
  let summary = "TF " # mnemonic # ": elementwise z = " # formula #
                " with broadcasting";
  let description = "Computes `z = " # formula # "` elementwise as a bool "
    "(i1) tensor for any dtype `T`, including strings. `x` and `y` broadcast "
    "by numpy rules. With `incompatible_shape_error` = false (default true) "
    "operands of incompatible shapes give a scalar "
    # !if(!eq(mnemonic, "Equal"), "false", "true") # " instead of an error, "
    "so the shape check is skipped. NaN compares unequal to everything. "
    "Matches TF's " # mnemonic # ". Folds constant numeric operands.";
  let arguments = (ins TF_Tensor:$x, TF_Tensor:$y, TF_DerivedTypeAttr:$T,
                   TF_DefaultBool<"true">:$incompatible_shape_error);
  let results = (outs TF_Tensor:$z);
  let hasFolder = 1;
  let hasVerifier = 1;
}
def TF_EqualOp : TF_EqualityOp<"Equal", "x == y">;
def TF_NotEqualOp : TF_EqualityOp<"NotEqual", "x != y">;

class TF_LogicalBinaryOp<string mnemonic, string formula>
    : TF_BinaryBroadcastOp<mnemonic, formula,
          [Pure, Commutative, TF_SameElementTypeOperandsAndResults,
           TF_BoolResults]> {
  let description = "Computes `z = " # formula # "` elementwise on bool (i1) "
    "tensors that broadcast by numpy rules. Matches TF's " # mnemonic #
    ". Folds constant operands.";
  let arguments = (ins TF_Tensor:$x, TF_Tensor:$y);
  let hasFolder = 1;
}
def TF_LogicalAndOp : TF_LogicalBinaryOp<"LogicalAnd", "x && y">;
def TF_LogicalOrOp : TF_LogicalBinaryOp<"LogicalOr", "x || y">;

def TF_LogicalNotOp : TF_Op<"LogicalNot", [Pure, TF_SameShapeOperandsAndResults,
    TF_SameElementTypeOperandsAndResults, TF_BoolResults]> {
  let summary = "TF LogicalNot: elementwise y = !x";
  let description = [{ `x` and `y` are bool (i1) tensors of the same shape.
    Matches TF's LogicalNot. Folds constants and `!!x`. }];
  let arguments = (ins TF_Tensor:$x);
  let results = (outs TF_Tensor:$y);
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Unary math
//===----------------------------------------------------------------------===//

class TF_MathUnaryOp<string mnemonic, string formula, string notes,
                     list<Trait> traits = []>
    : TF_UnaryElementwiseOp<mnemonic, formula,
          !listconcat([Pure, TF_SameElementTypeOperandsAndResults], traits)> {
  let description = "Computes `y = " # formula # "` elementwise; `x` and `y` "
    "have the same shape (any rank) and dtype `T`. Matches TF's " # mnemonic #
    ". " # notes;
}

def TF_AbsOp : TF_MathUnaryOp<"Abs", "|x|",
    "Integer abs of the minimum value wraps (two's complement). Folds "
    "constants."> {
  let hasFolder = 1;
}
def TF_NegOp : TF_MathUnaryOp<"Neg", "-x",
    "Integer negation wraps. Folds constants."> {
  let hasFolder = 1;
}
def TF_SquareOp : TF_MathUnaryOp<"Square", "x * x",
    "Integer overflow wraps. Folds constants."> {
  let hasFolder = 1;
}
def TF_FloorOp : TF_MathUnaryOp<"Floor", "floor(x)",
    "Float types only. Folds constants."> {
  let hasFolder = 1;
}
def TF_CeilOp : TF_MathUnaryOp<"Ceil", "ceil(x)",
    "Float types only. Folds constants."> {
  let hasFolder = 1;
}
def TF_RoundOp : TF_MathUnaryOp<"Round", "round_half_to_even(x)",
    "Rounds half to even (banker's rounding), not away from zero; "
    "identity on integers.">;
def TF_RintOp : TF_MathUnaryOp<"Rint", "rint(x)",
    "Rounds half to even. Float types only.">;
def TF_SignOp : TF_MathUnaryOp<"Sign", "sign(x)",
    "-1, 0 or 1; for complex `x / |x|` (0 for 0).">;
def TF_ReciprocalOp : TF_MathUnaryOp<"Reciprocal", "1 / x",
    "Integer `x` uses integer division.">;
def TF_InvOp : TF_MathUnaryOp<"Inv", "1 / x",
    "Deprecated alias of Reciprocal.">;
def TF_ExpOp : TF_MathUnaryOp<"Exp", "exp(x)", "">;
def TF_Expm1Op : TF_MathUnaryOp<"Expm1", "exp(x) - 1", "">;
def TF_LogOp : TF_MathUnaryOp<"Log", "log(x)",
    "log(0) is -Inf and log of a negative number is NaN.">;
def TF_Log1pOp : TF_MathUnaryOp<"Log1p", "log(1 + x)", "">;
def TF_SqrtOp : TF_MathUnaryOp<"Sqrt", "sqrt(x)",
    "sqrt of a negative number is NaN.">;
def TF_RsqrtOp : TF_MathUnaryOp<"Rsqrt", "1 / sqrt(x)",
    "rsqrt(0) is +Inf.">;
def TF_SinOp : TF_MathUnaryOp<"Sin", "sin(x)", "">;
def TF_CosOp : TF_MathUnaryOp<"Cos", "cos(x)", "">;
def TF_TanOp : TF_MathUnaryOp<"Tan", "tan(x)", "">;
def TF_AsinOp : TF_MathUnaryOp<"Asin", "asin(x)", "">;
def TF_AcosOp : TF_MathUnaryOp<"Acos", "acos(x)", "">;
def TF_AtanOp : TF_MathUnaryOp<"Atan", "atan(x)", "">;
def TF_SinhOp : TF_MathUnaryOp<"Sinh", "sinh(x)", "">;
def TF_CoshOp : TF_MathUnaryOp<"Cosh", "cosh(x)", "">;
def TF_AsinhOp : TF_MathUnaryOp<"Asinh", "asinh(x)", "">;
def TF_AcoshOp : TF_MathUnaryOp<"Acosh", "acosh(x)", "">;
def TF_AtanhOp : TF_MathUnaryOp<"Atanh", "atanh(x)", "">;
def TF_ErfOp : TF_MathUnaryOp<"Erf", "erf(x)", "">;
def TF_ErfcOp : TF_MathUnaryOp<"Erfc", "erfc(x)", "">;
def TF_ErfinvOp : TF_MathUnaryOp<"Erfinv", "erfinv(x)",
    "Float types; erfinv(+-1) = +-inf, NaN for |x| > 1 (Eigen).">;
def TF_NdtriOp : TF_MathUnaryOp<"Ndtri", "ndtri(x)",
    "The inverse of the standard normal CDF (Cephes ndtri); float types; "
    "ndtri(0) = -inf, ndtri(1) = +inf, NaN outside [0, 1].">;
def TF_LgammaOp : TF_MathUnaryOp<"Lgamma", "log(|gamma(x)|)", "">;
def TF_DigammaOp : TF_MathUnaryOp<"Digamma", "digamma(x)",
    "The derivative of Lgamma.">;
def TF_InvertOp : TF_MathUnaryOp<"Invert", "~x",
    "Bitwise not; integer types only.">;

class TF_FloatPredicateOp<string mnemonic, string formula>
    : TF_UnaryElementwiseOp<mnemonic, formula, [Pure, TF_BoolResults]> {
  let description = "Computes `y = " # formula # "` elementwise for a float "
    "tensor `x`; `y` is a bool (i1) tensor of the same shape. Matches TF's "
    # mnemonic # ".";
}
def TF_IsFiniteOp : TF_FloatPredicateOp<"IsFinite", "!isinf(x) && !isnan(x)">;
def TF_IsInfOp : TF_FloatPredicateOp<"IsInf", "isinf(x)">;
def TF_IsNanOp : TF_FloatPredicateOp<"IsNan", "isnan(x)">;

//===----------------------------------------------------------------------===//
// N-ary and other elementwise ops
//===----------------------------------------------------------------------===//

def TF_AddNOp : TF_Op<"AddN", [Pure, Commutative, TF_SameShapeOperandsAndResults,
                               TF_SameElementTypeOperandsAndResults]> {
  let summary = "TF AddN: elementwise sum of N tensors";
  let description = [{ `inputs` are N >= 1 tensors of the same shape and
    dtype `T` (no broadcasting); `sum` has that shape. Attrs `N` and `T`.
    Numeric and variant (TensorList) dtypes. Matches TF's AddN. A single
    input folds to itself. }];
  let arguments = (ins Variadic<TF_Tensor>:$inputs,
                   OptionalAttr<I64Attr>:$N, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$sum);
  let hasFolder = 1;
  let hasVerifier = 1;
}

def TF_AccumulateNV2Op : TF_Op<"AccumulateNV2", [Pure, Commutative,
    TF_SameShapeOperandsAndResults, TF_SameElementTypeOperandsAndResults]> {
  let summary = "TF AccumulateNV2: elementwise sum of N tensors";
  let description = [{ Like AddN, but the inputs need not all be ready at
    once. Attrs `N`, `T` and `shape` (the shape of every input). Matches TF's
    AccumulateNV2. }];
  let arguments = (ins Variadic<TF_Tensor>:$inputs,
                   OptionalAttr<I64Attr>:$N, TF_DerivedTypeAttr:$T,
                   OptionalAttr<TF_ShapeAttr>:$shape);
  let results = (outs TF_Tensor:$sum);
  let hasVerifier = 1;
}

def TF_ClipByValueOp : TF_Op<"ClipByValue", [Pure,
    TF_SameElementTypeOperandsAndResults]> {
  let summary = "TF ClipByValue: min(max(t, clip_value_min), clip_value_max)";
  let description = [{ Operand #0 (TF's `t`, named `x` here because `getT`
    is the `T` attr) is clipped elementwise. `clip_value_min` and
    `clip_value_max` are scalars or have the shape of `x`; `output` has the
    shape of `x`. Dtype `T`. Matches TF's ClipByValue. }];
  let arguments = (ins TF_Tensor:$x, TF_Tensor:$clip_value_min,
                   TF_Tensor:$clip_value_max, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF_BetaincOp : TF_Op<"Betainc", [Pure, TF_SameElementTypeOperandsAndResults]> {
  let summary = "TF Betainc: regularized incomplete beta integral I_x(a, b)";
  let description = [{ `a`, `b` and `x` (float or double) are each a scalar
    or of one common shape; `z` has that shape. Matches TF's Betainc. }];
  let arguments = (ins TF_Tensor:$a, TF_Tensor:$b, TF_Tensor:$x,
                   TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$z);
  let hasVerifier = 1;
}

def TF_CheckNumericsOp : TF_Op<"CheckNumerics", [TF_SameShapeOperandsAndResults,
    TF_SameElementTypeOperandsAndResults]> {
  let summary = "TF CheckNumerics: forwards `tensor`, failing on NaN or Inf";
  let description = [{ `output` = `tensor` (float types); at run time a NaN
    or Inf raises InvalidArgument with `message`. Not Pure: it has the error
    as a side effect. Matches TF's CheckNumerics. }];
  let arguments = (ins TF_Tensor:$tensor, TF_DerivedTypeAttr:$T,
                   OptionalAttr<StrAttr>:$message);
  let results = (outs TF_Tensor:$output);
}

//===----------------------------------------------------------------------===//
// Cast and Bitcast
//===----------------------------------------------------------------------===//

def TF_CastOp : TF_Op<"Cast", [Pure, TF_SameShapeOperandsAndResults]> {
  let summary = "TF Cast: converts `x` from dtype SrcT to DstT";
  let description = [{ `y` has the shape of `x` and element type `DstT`.
    Float to integer truncates toward zero (out-of-range values are
    undefined in TF, so they are not folded); to bool is `x != 0`; bool to
    a number is 0/1; float narrowing rounds to nearest even unless
    `Truncate` (default false) asks to drop mantissa bits. Attrs `SrcT`,
    `DstT`, `Truncate`. Matches TF's Cast. Folds a cast to the same type and
    casts of int/float/bool constants. }];
  let arguments = (ins TF_Tensor:$x, TF_DerivedTypeAttr:$SrcT,
                   TF_DerivedTypeAttr:$DstT,
                   TF_DefaultBool<"false">:$Truncate);
  let results = (outs TF_Tensor:$y);
  let hasFolder = 1;
}

def TF_BitcastOp : TF_Op<"Bitcast", [Pure]> {
  let summary = "TF Bitcast: reinterprets the bytes of `input` as `type`";
  let description = [{ No data is copied. With equal element sizes `output`
    has the shape of `input`. If `T` is wider than `type`, a last dimension
    of size sizeof(T)/sizeof(type) is added; if narrower, the last dimension
    of `input` must be sizeof(type)/sizeof(T) and is removed. Attrs `T` and
    `type`. Matches TF's Bitcast. }];
  let arguments = (ins TF_Tensor:$input, TF_DerivedTypeAttr:$T,
                   TF_DerivedTypeAttr:$type);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Bit packing
//===----------------------------------------------------------------------===//

def TF_CompareAndBitpackOp : TF_Op<"CompareAndBitpack", [Pure]> {
  let summary = "TF CompareAndBitpack: packs input > threshold into bits";
  let description = [{ `input` is [..., 8 * N] (dtype `T`: bool or
    numeric) and `threshold` a scalar of the same dtype; `output` is uint8
    [..., N] where bit 7 - j of output[..., i] is input[..., 8 * i + j] >
    threshold (for bool input, the value itself). Matches TF's
    CompareAndBitpack. }];
  let arguments = (ins TF_Tensor:$input, TF_Tensor:$threshold,
                   TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Defined for their typed lowerings (they had only OpDefs before).
//===----------------------------------------------------------------------===//

def TF_ComplexAbsOp : TF_Op<"ComplexAbs", [Pure, TF_SameShapeOperandsAndResults]> {
  let summary = "TF ComplexAbs: |x| of a complex tensor";
  let description = [{ `x` is complex64/complex128 (dtype `T`); `y` has
    x's shape and the real dtype `Tout` (float/double), y = sqrt(re^2 +
    im^2) without overflow. Matches TF's ComplexAbs. }];
  let arguments = (ins TF_Tensor:$x, TF_DerivedTypeAttr:$T,
                   TF_DerivedTypeAttr:$Tout);
  let results = (outs TF_Tensor:$y);
}

def TF_PopulationCountOp : TF_Op<"PopulationCount", [Pure,
    TF_SameShapeOperandsAndResults]> {
  let summary = "TF PopulationCount: the number of set bits of each element";
  let description = [{ `x` is an integer tensor (dtype `T`: int8..int64,
    uint8..uint64); `y` is uint8 of x's shape, the bit count of each
    element's two's-complement representation. Matches TF's
    PopulationCount. }];
  let arguments = (ins TF_Tensor:$x, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$y);
}

#endif
