//===- HLOOps.td - XLA HLO operations -------------------------------------===//
//
// One op per HLO opcode (conventions in HLOBase.td). Semantics are XLA's
// (operation semantics page) as restated by the StableHLO specification.
// Every op verifies XLA's static shape rules on the dims that are static and
// infers its result type where operands and attributes determine it.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_HLO_OPS_TD
#define TFMLIR_HLO_OPS_TD

include "dialects/hlo/HLOBase.td"

//===----------------------------------------------------------------------===//
// Element-wise op classes
//===----------------------------------------------------------------------===//

// result[i] = f(operand[i]); result has the operand's type.
class HLO_UnaryOp<string mnemonic, Type ty, string what, list<Trait> traits = []>
    : HLO_Op<mnemonic, !listconcat([Pure, SameOperandsAndResultType,
                                    InferTypeOpInterface], traits)> {
  let summary = what;
  let description = "Element-wise " # what # ": result[i] = f(operand[i]); "
    "the result has the operand's type (XLA element-wise unary function).";
  let arguments = (ins ty:$operand);
  let results = (outs ty:$result);
  let assemblyFormat = "$operand attr-dict `:` type($result)";
}

// result[i] = f(lhs[i], rhs[i]); operands and result share one type (no
// implicit broadcasting).
class HLO_BinaryOp<string mnemonic, Type ty, string what, list<Trait> traits = []>
    : HLO_Op<mnemonic, !listconcat([Pure, SameOperandsAndResultType,
                                    InferTypeOpInterface], traits)> {
  let summary = what;
  let description = "Element-wise " # what # ": result[i] = f(lhs[i], rhs[i]). "
    "lhs, rhs and result have one type; XLA's implicit broadcasting is not "
    "used (broadcast with hlo.broadcast_in_dim first).";
  let arguments = (ins ty:$lhs, ty:$rhs);
  let results = (outs ty:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

def HLO_ConstantOp : HLO_Op<"constant", [ConstantLike, Pure,
    InferTypeOpAdaptor]> {
  let summary = "constant literal";
  let description = [{
    Produces the literal `value` (a dense or dense-resource elements attribute
    whose type is the result type). XLA: Constant.
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs HLO_Tensor:$output);
  let assemblyFormat = "attr-dict $value";
  let hasFolder = 1;
  let builders = [OpBuilder<(ins "::mlir::ElementsAttr":$value), [{
    build($_builder, $_state, value.getType(), value);
  }]>];
}

def HLO_IotaOp : HLO_Op<"iota", [Pure]> {
  let summary = "iota";
  let description = [{
    result[i0, ..., in-1] = i_{iota_dimension}, converted to the element type
    (XLA: Iota). iota_dimension must be in [0, rank).
  }];
  let arguments = (ins ConfinedAttr<I64Attr, [IntNonNegative]>:$iota_dimension);
  let results = (outs HLO_IntOrFpTensor:$output);
  let assemblyFormat = "`dim` `=` $iota_dimension attr-dict `:` type($output)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Element-wise binary
//===----------------------------------------------------------------------===//

def HLO_AddOp : HLO_BinaryOp<"add", HLO_Tensor,
    "addition (logical or for pred)"> {
  let hasFolder = 1;
}
def HLO_SubtractOp : HLO_BinaryOp<"subtract", HLO_NumTensor, "subtraction"> {
  let hasFolder = 1;
}
def HLO_MultiplyOp : HLO_BinaryOp<"multiply", HLO_Tensor,
    "multiplication (logical and for pred)"> {
  let hasFolder = 1;
}
def HLO_DivideOp : HLO_BinaryOp<"divide", HLO_NumTensor,
    "division; integer division truncates toward zero, x/0 is -1 for signed "
    "and all ones for unsigned, INT_MIN/-1 is INT_MIN (XLA)">;
def HLO_RemainderOp : HLO_BinaryOp<"remainder", HLO_NumTensor,
    "remainder with the sign of the dividend (C fmod / truncated division); "
    "integer x%0 is x (XLA)">;
def HLO_PowerOp : HLO_BinaryOp<"power", HLO_NumTensor,
    "lhs raised to rhs (C pow for floats; integer power with a negative "
    "exponent is 0 except for base 1 and -1)">;
def HLO_MaximumOp : HLO_BinaryOp<"maximum", HLO_Tensor,
    "maximum; NaN if either operand is NaN (XLA propagates NaN)", [Commutative]>;
def HLO_MinimumOp : HLO_BinaryOp<"minimum", HLO_Tensor,
    "minimum; NaN if either operand is NaN (XLA propagates NaN)", [Commutative]>;
def HLO_Atan2Op : HLO_BinaryOp<"atan2", HLO_FpOrComplexTensor,
    "atan2(lhs, rhs), the angle of the point (rhs, lhs) in (-pi, pi]">;
def HLO_AndOp : HLO_BinaryOp<"and", HLO_PredOrIntTensor, "bitwise and",
    [Commutative]>;
def HLO_OrOp : HLO_BinaryOp<"or", HLO_PredOrIntTensor, "bitwise or",
    [Commutative]>;
def HLO_XorOp : HLO_BinaryOp<"xor", HLO_PredOrIntTensor, "bitwise xor",
    [Commutative]>;
def HLO_ShiftLeftOp : HLO_BinaryOp<"shift_left", HLO_IntTensor,
    "lhs << rhs; a shift by >= the bit width (or negative) gives 0">;
def HLO_ShiftRightArithmeticOp : HLO_BinaryOp<"shift_right_arithmetic",
    HLO_IntTensor, "arithmetic lhs >> rhs; a shift by >= the bit width gives "
    "the sign fill (0 or -1)">;
def HLO_ShiftRightLogicalOp : HLO_BinaryOp<"shift_right_logical",
    HLO_IntTensor, "logical lhs >> rhs; a shift by >= the bit width gives 0">;

//===----------------------------------------------------------------------===//
// Element-wise unary
//===----------------------------------------------------------------------===//

def HLO_NegateOp : HLO_UnaryOp<"negate", HLO_NumTensor,
    "negation (two's complement wrap for integers)">;
def HLO_SignOp : HLO_UnaryOp<"sign", HLO_NumTensor,
    "sign: -1, 0 or 1; NaN for NaN; -0 for -0; x/|x| for complex">;
def HLO_ExpOp : HLO_UnaryOp<"exp", HLO_FpOrComplexTensor, "e^x">;
def HLO_Expm1Op : HLO_UnaryOp<"expm1", HLO_FpOrComplexTensor,
    "e^x - 1, accurate near 0">;
def HLO_LogOp : HLO_UnaryOp<"log", HLO_FpOrComplexTensor,
    "natural logarithm (NaN for x < 0, -inf for 0)">;
def HLO_Log1pOp : HLO_UnaryOp<"log1p", HLO_FpOrComplexTensor,
    "log(1 + x), accurate near 0">;
def HLO_LogisticOp : HLO_UnaryOp<"logistic", HLO_FpOrComplexTensor,
    "logistic sigmoid 1 / (1 + e^-x)">;
def HLO_TanhOp : HLO_UnaryOp<"tanh", HLO_FpOrComplexTensor,
    "hyperbolic tangent">;
def HLO_SqrtOp : HLO_UnaryOp<"sqrt", HLO_FpOrComplexTensor,
    "square root (NaN for x < 0, -0 for -0)">;
def HLO_RsqrtOp : HLO_UnaryOp<"rsqrt", HLO_FpOrComplexTensor,
    "reciprocal square root 1 / sqrt(x)">;
def HLO_CbrtOp : HLO_UnaryOp<"cbrt", HLO_FpOrComplexTensor, "cube root">;
def HLO_FloorOp : HLO_UnaryOp<"floor", HLO_FpTensor,
    "largest integer value <= x">;
def HLO_CeilOp : HLO_UnaryOp<"ceil", HLO_FpTensor,
    "smallest integer value >= x">;
def HLO_RoundNearestEvenOp : HLO_UnaryOp<"round_nearest_even", HLO_FpTensor,
    "round to the nearest integer, ties to even (IEEE roundTiesToEven)">;
def HLO_RoundNearestAfzOp : HLO_UnaryOp<"round_nearest_afz", HLO_FpTensor,
    "round to the nearest integer, ties away from zero (C round)">;
def HLO_SineOp : HLO_UnaryOp<"sine", HLO_FpOrComplexTensor, "sine (radians)">;
def HLO_CosineOp : HLO_UnaryOp<"cosine", HLO_FpOrComplexTensor,
    "cosine (radians)">;
def HLO_NotOp : HLO_UnaryOp<"not", HLO_PredOrIntTensor,
    "bitwise not (logical not for pred)">;
def HLO_PopulationCountOp : HLO_UnaryOp<"popcnt", HLO_IntTensor,
    "number of set bits">;

def HLO_AbsOp : HLO_Op<"abs", [Pure, InferTypeOpAdaptor]> {
  let summary = "absolute value";
  let description = [{
    Element-wise |x|. Integers wrap (|INT_MIN| is INT_MIN); for complex
    operands the result is the real modulus, so complex<fN> gives fN;
    otherwise the result has the operand's type. XLA: Abs.
  }];
  let arguments = (ins HLO_NumTensor:$operand);
  let results = (outs HLO_NumTensor:$result);
  let assemblyFormat = "$operand attr-dict `:` functional-type($operand, $result)";
}

def HLO_IsFiniteOp : HLO_Op<"is_finite", [Pure, InferTypeOpAdaptor]> {
  let summary = "is finite";
  let description = [{
    Element-wise: true iff x is neither +-inf nor NaN. Float operand, pred
    result of the operand's shape. XLA: IsFinite.
  }];
  let arguments = (ins HLO_FpTensor:$x);
  let results = (outs HLO_PredTensor:$y);
  let assemblyFormat = "$x attr-dict `:` functional-type($x, $y)";
}

//===----------------------------------------------------------------------===//
// Compare, select, clamp, convert
//===----------------------------------------------------------------------===//

def HLO_CompareOp : HLO_Op<"compare", [Pure, SameTypeOperands,
    InferTypeOpAdaptor]> {
  let summary = "element-wise comparison";
  let description = [{
    result[i] = lhs[i] <direction> rhs[i] as pred, with lhs and rhs of one
    type and the result of their shape. compare_type selects the ordering:
    FLOAT is IEEE (a NaN operand makes every direction false except NE),
    TOTALORDER is IEEE totalOrder, SIGNED/UNSIGNED are integer orders. When
    absent it is FLOAT for floats, SIGNED for signless integers, UNSIGNED for
    unsigned integers and pred. XLA: Compare.
  }];
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
      HLO_ComparisonDirectionAttr:$comparison_direction,
      OptionalAttr<HLO_ComparisonTypeAttr>:$compare_type);
  let results = (outs HLO_PredTensor:$result);
  let assemblyFormat = [{
    $comparison_direction `,` $lhs `,` $rhs (`,` $compare_type^)? attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_SelectOp : HLO_Op<"select", [Pure,
    AllTypesMatch<["on_true", "on_false", "result"]>]> {
  let summary = "select";
  let description = [{
    result[i] = pred[i] ? on_true[i] : on_false[i]. pred is a pred tensor of
    on_true's shape or a pred scalar (which selects whole operands); on_true,
    on_false and result share one type. XLA: Select.
  }];
  let arguments = (ins HLO_PredTensor:$pred, HLO_Tensor:$on_true,
      HLO_Tensor:$on_false);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $pred `,` $on_true `,` $on_false attr-dict `:` type($pred) `,` type($result)
  }];
  let hasVerifier = 1;
}

def HLO_ClampOp : HLO_Op<"clamp", [Pure, AllTypesMatch<["operand", "result"]>,
    AllElementTypesMatch<["min", "operand", "max"]>]> {
  let summary = "clamp";
  let description = [{
    result[i] = minimum(maximum(operand[i], min[i]), max[i]). min and max are
    scalars or have the operand's shape; NaN propagates as in
    maximum/minimum. XLA: Clamp.
  }];
  let arguments = (ins HLO_Tensor:$min, HLO_Tensor:$operand, HLO_Tensor:$max);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $min `,` $operand `,` $max attr-dict `:` type($min) `,` type($operand) `,`
    type($max)
  }];
  let hasVerifier = 1;
}

def HLO_ConvertOp : HLO_Op<"convert", [Pure, SameOperandsAndResultShape]> {
  let summary = "element type conversion";
  let description = [{
    Converts each element to the result element type, like a C++ static_cast:
    float->int truncates toward zero (out-of-range values are
    implementation-defined in XLA; ours saturate, NaN gives 0), int->float
    rounds to nearest even, narrowing int conversions wrap, x->pred is x != 0,
    pred->x is 0 or 1. Same shape. XLA: ConvertElementType.
  }];
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "$operand attr-dict `:` functional-type($operand, $result)";
  let hasFolder = 1;
}

def HLO_BitcastConvertOp : HLO_Op<"bitcast_convert", [Pure]> {
  let summary = "bit-wise reinterpretation";
  let description = [{
    Reinterprets the bits of each element as the result element type. Equal
    bit widths keep the shape; to a narrower type (ratio r) the result gains a
    trailing dim of size r; to a wider type the operand's last dim must be r
    and is dropped. XLA: BitcastConvertType.
  }];
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "$operand attr-dict `:` functional-type($operand, $result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Shape and data movement
//===----------------------------------------------------------------------===//

def HLO_BroadcastInDimOp : HLO_Op<"broadcast_in_dim", [Pure,
    AllElementTypesMatch<["operand", "result"]>]> {
  let summary = "broadcast into given dims";
  let description = [{
    Operand dim i becomes result dim broadcast_dimensions[i];
    broadcast_dimensions has one entry per operand dim, strictly increasing,
    each in [0, result rank), and operand dim i has size 1 or the size of
    that result dim. result[j] = operand[k] where k_i = j_{bd[i]} (0 when
    operand dim i has size 1). XLA: BroadcastInDim.
  }];
  let arguments = (ins HLO_Tensor:$operand, DenseI64ArrayAttr:$broadcast_dimensions);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` $broadcast_dimensions attr-dict `:`
    functional-type($operand, $result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def HLO_ReshapeOp : HLO_Op<"reshape", [Pure,
    AllElementTypesMatch<["operand", "result"]>]> {
  let summary = "reshape";
  let description = [{
    Same elements in row-major order with a new shape of the same element
    count (checked when both shapes are static). XLA: Reshape without
    dimension reordering.
  }];
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "$operand attr-dict `:` functional-type($operand, $result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def HLO_TransposeOp : HLO_Op<"transpose", [Pure, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "transpose";
  let description = [{
    result dim i is operand dim permutation[i]: result[j] = operand[k] with
    k_{permutation[i]} = j_i. permutation is a permutation of [0, rank).
    XLA: Transpose.
  }];
  let arguments = (ins HLO_Tensor:$operand, DenseI64ArrayAttr:$permutation);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` $permutation attr-dict `:`
    functional-type($operand, $result)
  }];
  let hasFolder = 1;
}

def HLO_ReverseOp : HLO_Op<"reverse", [Pure, SameOperandsAndResultType]> {
  let summary = "reverse";
  let description = [{
    Reverses the order of elements along each of `dimensions` (distinct, in
    [0, rank)). XLA: Rev.
  }];
  let arguments = (ins HLO_Tensor:$operand, DenseI64ArrayAttr:$dimensions);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "$operand `,` `dims` `=` $dimensions attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def HLO_SliceOp : HLO_Op<"slice", [Pure, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "static slice";
  let description = [{
    Per dim d: elements start[d], start[d]+stride[d], ... below limit[d];
    result dim d = ceil((limit[d] - start[d]) / stride[d]). Requires 0 <=
    start <= limit <= dim size and stride >= 1. XLA: Slice.
  }];
  let arguments = (ins HLO_Tensor:$operand, DenseI64ArrayAttr:$start_indices,
      DenseI64ArrayAttr:$limit_indices, DenseI64ArrayAttr:$strides);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `start` `=` $start_indices `,` `limit` `=` $limit_indices `,`
    `strides` `=` $strides attr-dict `:` functional-type($operand, $result)
  }];
  let hasFolder = 1;
}

def HLO_DynamicSliceOp : HLO_Op<"dynamic_slice", [Pure,
    InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "slice at run-time start indices";
  let description = [{
    Takes a slice of size slice_sizes (0 <= slice_sizes[d] <= dim d) starting
    at the scalar integer start_indices (one per dim). Starts are clamped to
    [0, dim - slice_size] at run time. XLA: DynamicSlice.
  }];
  let arguments = (ins HLO_Tensor:$operand, Variadic<HLO_ScalarIntTensor>:$start_indices,
      DenseI64ArrayAttr:$slice_sizes);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `[` $start_indices `]` `,` `sizes` `=` $slice_sizes attr-dict `:`
    functional-type(operands, results)
  }];
}

def HLO_DynamicUpdateSliceOp : HLO_Op<"dynamic_update_slice", [Pure,
    AllTypesMatch<["operand", "result"]>,
    AllElementTypesMatch<["operand", "update"]>]> {
  let summary = "overwrite a slice at run-time start indices";
  let description = [{
    result is operand with the block at start_indices (one scalar integer per
    dim, clamped to [0, dim - update dim]) replaced by update; update has the
    operand's rank and dims no larger than the operand's. XLA:
    DynamicUpdateSlice.
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$update,
      Variadic<HLO_ScalarIntTensor>:$start_indices);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $update `[` $start_indices `]` attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_ConcatenateOp : HLO_Op<"concatenate", [Pure,
    InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "concatenate";
  let description = [{
    Joins one or more operands of one element type and rank along
    `dimension`; all other dims must agree, the result dim is the sum.
    XLA: ConcatInDim.
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
      ConfinedAttr<I64Attr, [IntNonNegative]>:$dimension);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    `(` $inputs `)` `dim` `=` $dimension attr-dict `:` functional-type(operands, results)
  }];
  let hasFolder = 1;
}

def HLO_PadOp : HLO_Op<"pad", [Pure, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "pad";
  let description = [{
    Per dim d: inserts interior_padding[d] (>= 0) copies of padding_value (a
    scalar) between adjacent elements, then edge_padding_low[d] /
    edge_padding_high[d] copies before / after; a negative edge padding
    removes that many elements. Result dim = low + high + n + max(n-1, 0) *
    interior and must be >= 0. XLA: Pad.
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$padding_value,
      DenseI64ArrayAttr:$edge_padding_low, DenseI64ArrayAttr:$edge_padding_high,
      DenseI64ArrayAttr:$interior_padding);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $padding_value `,` `low` `=` $edge_padding_low `,` `high` `=`
    $edge_padding_high `,` `interior` `=` $interior_padding attr-dict `:`
    functional-type(operands, results)
  }];
}

def HLO_GatherOp : HLO_Op<"gather", [Pure, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "gather";
  let description = [{
    For each index vector in start_indices (the vector lies along
    dimension_numbers.index_vector_dim), takes a slice of size slice_sizes of
    operand starting at the index components mapped to operand dims by
    start_index_map (starts clamped to [0, dim - slice_size]). Result dims
    listed in offset_dims hold the slice dims (minus collapsed_slice_dims and
    operand_batching_dims, which must have slice size 1); the other result
    dims are the batch dims of start_indices in order. XLA: Gather.
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_IntTensor:$start_indices,
      HLO_GatherDimensionNumbers:$dimension_numbers,
      DenseI64ArrayAttr:$slice_sizes,
      DefaultValuedAttr<BoolAttr, "false">:$indices_are_sorted);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $start_indices `,` $dimension_numbers `,` `sizes` `=`
    $slice_sizes attr-dict `:` functional-type(operands, results)
  }];
}

def HLO_ScatterOp : HLO_Op<"scatter", [RecursiveMemoryEffects,
    AttrSizedOperandSegments]> {
  let summary = "scatter";
  let description = [{
    results start as copies of inputs; for each update index (the scatter
    dims of updates), the window of updates at that index is combined into
    results at the position given by the index vector in scatter_indices
    (mapped by scatter_dims_to_operand_dims) with update_computation, a
    region taking (current..., update...) scalar tensors and returning the
    new scalars. Out-of-bounds windows are skipped. N inputs and N updates
    of matching element types; results have the inputs' types. XLA: Scatter.
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
      HLO_IntTensor:$scatter_indices, Variadic<HLO_Tensor>:$updates,
      HLO_ScatterDimensionNumbers:$dimension_numbers,
      DefaultValuedAttr<BoolAttr, "false">:$indices_are_sorted,
      DefaultValuedAttr<BoolAttr, "false">:$unique_indices);
  let results = (outs Variadic<HLO_Tensor>:$results);
  let regions = (region SizedRegion<1>:$update_computation);
  let assemblyFormat = [{
    `(` $inputs `)` `indices` `(` $scatter_indices `)` `updates` `(` $updates `)`
    $dimension_numbers attr-dict `:` functional-type(operands, results)
    $update_computation
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Contractions and windows
//===----------------------------------------------------------------------===//

def HLO_DotGeneralOp : HLO_Op<"dot_general", [Pure]> {
  let summary = "general dot product";
  let description = [{
    Contracts lhs and rhs over the paired contracting dims, with the paired
    batching dims kept. Result dims: batch dims (in lhs_batch order), then
    lhs's free dims in order, then rhs's free dims in order. Paired dims have
    equal sizes; dims are distinct and in range. The result element type may
    be wider than the operands' (e.g. i8 x i8 -> i32; accumulation is in the
    result type). precision_config (one entry per operand) is a hint.
    XLA: DotGeneral.
  }];
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
      HLO_DotDimensionNumbers:$dot_dimension_numbers,
      OptionalAttr<HLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $dot_dimension_numbers attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_ConvolutionOp : HLO_Op<"convolution", [Pure]> {
  let summary = "convolution";
  let description = [{
    XLA ConvGeneralDilated (a cross-correlation, as in TF). With dimension
    numbers naming the batch/feature/spatial dims of input (lhs), kernel (rhs)
    and output; per spatial dim d: the input is dilated by lhs_dilation[d]
    (insert lhs_dilation-1 zeros between elements), padded by padding[d] =
    (low, high) (may be negative), the kernel is dilated by rhs_dilation[d]
    (and reversed where window_reversal[d]); output size =
    floor((padded - dilated_window) / window_strides[d]) + 1 (0 when
    negative). feature_group_count G: input features = G * kernel input
    features, output features divisible by G. batch_group_count B: input
    batch divisible by B, output features divisible by B, output batch =
    input batch / B. Defaults: strides, dilations 1; padding 0.
    The result element type may be wider than the operands'.
  }];
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
      HLO_ConvDimensionNumbers:$dimension_numbers,
      OptionalAttr<DenseI64ArrayAttr>:$window_strides,
      OptionalAttr<I64ElementsAttr>:$padding,
      OptionalAttr<DenseI64ArrayAttr>:$lhs_dilation,
      OptionalAttr<DenseI64ArrayAttr>:$rhs_dilation,
      OptionalAttr<DenseBoolArrayAttr>:$window_reversal,
      DefaultValuedAttr<ConfinedAttr<I64Attr, [IntPositive]>, "1">:$feature_group_count,
      DefaultValuedAttr<ConfinedAttr<I64Attr, [IntPositive]>, "1">:$batch_group_count,
      OptionalAttr<HLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $dimension_numbers attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_ReduceOp : HLO_Op<"reduce", [RecursiveMemoryEffects,
    SameVariadicOperandSize, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "reduce";
  let description = [{
    Reduces N inputs of one shape over `dimensions` (distinct, in range) with
    the body region, starting from the N scalar init_values. The body takes
    (acc_1..acc_N, x_1..x_N) as 0-d tensors of the init element types and
    returns N such tensors. Results are the inputs' shapes with the reduced
    dims removed, with the init values' element types. The order in which
    elements are combined is unspecified (the body should be associative).
    XLA: Reduce.
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
      Variadic<HLO_Tensor>:$init_values, DenseI64ArrayAttr:$dimensions);
  let results = (outs Variadic<HLO_Tensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    `(` $inputs `)` `init` `(` $init_values `)` `dims` `=` $dimensions
    attr-dict `:` functional-type(operands, results) $body
  }];
  let hasRegionVerifier = 1;
}

def HLO_ReduceWindowOp : HLO_Op<"reduce_window", [RecursiveMemoryEffects,
    SameVariadicOperandSize, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "reduce over sliding windows";
  let description = [{
    For each window position, reduces the window of each of the N inputs
    with the body (signature as in hlo.reduce) from the init values. Per dim
    d: the input is dilated by base_dilations[d], padded by padding[d] =
    (low, high) with the init value, and a window of window_dimensions[d]
    elements dilated by window_dilations[d] moves by window_strides[d];
    result dim = floor((padded - dilated_window) / stride) + 1.
    Defaults: strides and dilations 1, padding 0. XLA: ReduceWindow.
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
      Variadic<HLO_Tensor>:$init_values,
      DenseI64ArrayAttr:$window_dimensions,
      OptionalAttr<DenseI64ArrayAttr>:$window_strides,
      OptionalAttr<DenseI64ArrayAttr>:$base_dilations,
      OptionalAttr<DenseI64ArrayAttr>:$window_dilations,
      OptionalAttr<I64ElementsAttr>:$padding);
  let results = (outs Variadic<HLO_Tensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    `(` $inputs `)` `init` `(` $init_values `)` attr-dict `:`
    functional-type(operands, results) $body
  }];
  let hasRegionVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Control and structure
//===----------------------------------------------------------------------===//

def HLO_ReturnOp : HLO_Op<"return", [Pure, Terminator, ReturnLike]> {
  let summary = "region terminator";
  let description = [{
    Ends the block of an hlo region op (reduce, reduce_window, scatter, sort,
    while, if, case, fusion) and yields its operands to the parent, which
    checks their number and types.
  }];
  let arguments = (ins Variadic<AnyType>:$results);
  let assemblyFormat = "attr-dict ($results^ `:` type($results))?";
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, ::mlir::ValueRange()); }]>];
}

def HLO_SortOp : HLO_Op<"sort", [RecursiveMemoryEffects,
    SameOperandsAndResultShape]> {
  let summary = "sort";
  let description = [{
    Sorts N inputs of one shape together along `dimension` (negative counts
    from the end), ordering by the comparator region, which takes (lhs_1,
    rhs_1, ..., lhs_N, rhs_N) as 0-d tensors and returns a 0-d pred, true
    when lhs goes before rhs (a strict weak order). is_stable keeps equal
    elements in input order. Results have the inputs' types. XLA: Sort.
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
      DefaultValuedAttr<I64Attr, "-1">:$dimension,
      DefaultValuedAttr<BoolAttr, "false">:$is_stable);
  let results = (outs Variadic<HLO_Tensor>:$results);
  let regions = (region SizedRegion<1>:$comparator);
  let assemblyFormat = [{
    `(` $inputs `)` attr-dict `:` functional-type(operands, results) $comparator
  }];
  let hasRegionVerifier = 1;
}

def HLO_WhileOp : HLO_Op<"while", [RecursiveMemoryEffects,
    InferTypeOpAdaptor]> {
  let summary = "while loop";
  let description = [{
    Loop-carried values start as the operands; while `cond` (taking the
    values, returning a 0-d pred) is true, `body` (taking the values,
    returning new values of the same types) runs. The results are the final
    values. XLA: While.
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$operands);
  let results = (outs Variadic<HLO_Tensor>:$results);
  let regions = (region SizedRegion<1>:$cond, SizedRegion<1>:$body);
  let assemblyFormat = [{
    `(` $operands `)` attr-dict `:` type($operands) $cond `do` $body
  }];
  let hasRegionVerifier = 1;
}

def HLO_IfOp : HLO_Op<"if", [RecursiveMemoryEffects]> {
  let summary = "conditional";
  let description = [{
    Runs true_branch if pred (a 0-d pred) is true, else false_branch, and
    returns the values its hlo.return yields. The branches take no arguments
    (they use values from above) and yield the result types. XLA:
    Conditional with a pred selector.
  }];
  let arguments = (ins 0DTensorOf<[I1]>:$pred);
  let results = (outs Variadic<HLO_Tensor>:$results);
  let regions = (region SizedRegion<1>:$true_branch, SizedRegion<1>:$false_branch);
  let assemblyFormat = [{
    $pred attr-dict `:` functional-type(operands, results) $true_branch `else`
    $false_branch
  }];
  let hasRegionVerifier = 1;
}

def HLO_CaseOp : HLO_Op<"case", [RecursiveMemoryEffects]> {
  let summary = "indexed conditional";
  let description = [{
    Runs branch `index` (a 0-d i32) and returns what its hlo.return yields;
    an index outside [0, N) runs the last branch. Branches take no arguments
    and all yield the result types. XLA: Conditional with an index selector.
  }];
  let arguments = (ins 0DTensorOf<[I32]>:$index);
  let results = (outs Variadic<HLO_Tensor>:$results);
  let regions = (region VariadicRegion<SizedRegion<1>>:$branches);
  let assemblyFormat = [{
    $index attr-dict `:` functional-type(operands, results) $branches
  }];
  let hasRegionVerifier = 1;
}

def HLO_CustomCallOp : HLO_Op<"custom_call", []> {
  let summary = "call to an external routine";
  let description = [{
    Calls the runtime routine call_target_name with the operands, passing the
    opaque backend_config string, and returns its results. Unless
    has_side_effect is false it is treated as having effects. XLA: CustomCall.
  }];
  let arguments = (ins Variadic<AnyType>:$inputs, StrAttr:$call_target_name,
      DefaultValuedStrAttr<StrAttr, "">:$backend_config,
      DefaultValuedAttr<BoolAttr, "true">:$has_side_effect);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    $call_target_name `(` $inputs `)` attr-dict `:` functional-type(operands, results)
  }];
}

def HLO_FusionOp : HLO_Op<"fusion", [RecursiveMemoryEffects,
    IsolatedFromAbove]> {
  let summary = "fused computation";
  let description = [{
    A group of HLO ops compiled as one kernel. The region's block takes the
    operands (same types) and its hlo.return yields the results (same types).
    kind: loop (element-wise/data movement in one loop nest), input (a
    reduction with fused producers), output (a contraction with fused
    consumers). XLA: Fusion.
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs, HLO_FusionKindAttr:$kind);
  let results = (outs Variadic<HLO_Tensor>:$results);
  let regions = (region SizedRegion<1>:$fused_computation);
  let assemblyFormat = [{
    $kind `(` $inputs `)` attr-dict `:` functional-type(operands, results)
    $fused_computation
  }];
  let hasRegionVerifier = 1;
}

#endif // TFMLIR_HLO_OPS_TD
