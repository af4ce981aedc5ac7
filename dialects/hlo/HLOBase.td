//===- HLOBase.td - the hlo dialect: dialect, enums and attributes --------===//
//
// The `hlo` dialect is XLA's HLO instruction set with XLA's semantics (XLA
// "operation semantics" page; the StableHLO specification gives the same
// rules in more detail and is the source consulted for edge cases):
//  - ops are named `hlo.<name>` after the HLO opcode (hlo.add, hlo.dot_general,
//    hlo.reduce_window, ...);
//  - operands and results are ranked tensors; there is no implicit
//    broadcasting (use hlo.broadcast_in_dim), so element-wise operands have
//    one shape. A dim may be `?` (dynamic); verifiers only compare dims that
//    are static on both sides, and type inference yields `?` where a dim
//    depends on a dynamic one;
//  - element types: i1 (PRED), signless iN (S8..S64), unsigned uiN
//    (U8..U64), f16/bf16/f32/f64, complex<f32/f64>;
//  - dimension numbers (dot_general, convolution, gather, scatter) are typed
//    attributes of this dialect with a readable assembly form;
//  - region ops (reduce, reduce_window, sort, while, if, case, fusion) end
//    their blocks with `hlo.return`.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_HLO_BASE_TD
#define TFMLIR_HLO_BASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/CommonTypeConstraints.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

def HLO_Dialect : Dialect {
  let name = "hlo";
  let cppNamespace = "::tfmlir::hlo";
  let summary = "XLA HLO operations with XLA semantics";
  let description = [{
    The HLO instruction set of XLA (see HLOBase.td for conventions). It is the
    target of `xla-legalize-tf` and the input of XLA-style fusion and codegen.
  }];
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
}

class HLO_Op<string mnemonic, list<Trait> traits = []>
    : Op<HLO_Dialect, mnemonic, traits>;

class HLO_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<HLO_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

def HLO_Pred : TypeAlias<I1, "pred (i1)">;
def HLO_Int : AnyTypeOf<[AnySignlessInteger, AnyUnsignedInteger], "integer">;
def HLO_Float : AnyTypeOf<[F16, BF16, F32, F64], "float">;
def HLO_Complex : Complex<AnyTypeOf<[F32, F64]>>;
def HLO_Element : AnyTypeOf<[HLO_Int, HLO_Float, HLO_Complex], "HLO element">;

def HLO_Tensor : RankedTensorOf<[HLO_Element]>;
def HLO_PredTensor : RankedTensorOf<[I1]>;
def HLO_IntTensor : RankedTensorOf<[HLO_Int]>;
def HLO_FpTensor : RankedTensorOf<[HLO_Float]>;
def HLO_FpOrComplexTensor : RankedTensorOf<[HLO_Float, HLO_Complex]>;
def HLO_IntOrFpTensor : RankedTensorOf<[HLO_Int, HLO_Float]>;
def HLO_PredOrIntTensor : RankedTensorOf<[HLO_Int]>;
def HLO_NumTensor : RankedTensorOf<[HLO_Int, HLO_Float, HLO_Complex]>;
// A scalar integer tensor, used as a dynamic index.
def HLO_ScalarIntTensor : 0DTensorOf<[HLO_Int]>;

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def HLO_ComparisonDirection : I32EnumAttr<"ComparisonDirection",
    "comparison direction of hlo.compare", [
      I32EnumAttrCase<"EQ", 0>, I32EnumAttrCase<"NE", 1>,
      I32EnumAttrCase<"GE", 2>, I32EnumAttrCase<"GT", 3>,
      I32EnumAttrCase<"LE", 4>, I32EnumAttrCase<"LT", 5>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::tfmlir::hlo";
}
def HLO_ComparisonDirectionAttr
    : EnumAttr<HLO_Dialect, HLO_ComparisonDirection, "comparison_direction"> {
  let assemblyFormat = "$value";
}

// FLOAT: IEEE comparison (NaN compares unordered: only NE is true).
// TOTALORDER: IEEE totalOrder (-NaN < -Inf < ... < -0 < +0 < ... < +Inf < +NaN).
// SIGNED / UNSIGNED: two's complement / unsigned integer comparison.
def HLO_ComparisonType : I32EnumAttr<"ComparisonType",
    "comparison type of hlo.compare", [
      I32EnumAttrCase<"NOTYPE", 0>, I32EnumAttrCase<"FLOAT", 1>,
      I32EnumAttrCase<"TOTALORDER", 2>, I32EnumAttrCase<"SIGNED", 3>,
      I32EnumAttrCase<"UNSIGNED", 4>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::tfmlir::hlo";
}
def HLO_ComparisonTypeAttr
    : EnumAttr<HLO_Dialect, HLO_ComparisonType, "comparison_type"> {
  let assemblyFormat = "$value";
}

def HLO_Precision : I32EnumAttr<"Precision", "operand precision of a contraction", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"HIGH", 1>,
      I32EnumAttrCase<"HIGHEST", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::tfmlir::hlo";
}
def HLO_PrecisionAttr : EnumAttr<HLO_Dialect, HLO_Precision, "precision"> {
  let assemblyFormat = "`<` $value `>`";
}
def HLO_PrecisionConfigAttr : TypedArrayAttrBase<HLO_PrecisionAttr,
    "precision config (one entry per operand)">;

// Fusion kinds of XLA: kLoop (element-wise and data movement, one loop nest),
// kInput (a reduction whose inputs are fused), kOutput (a contraction whose
// output consumers are fused).
def HLO_FusionKind : I32EnumAttr<"FusionKind", "kind of an hlo.fusion", [
      I32EnumAttrCase<"loop", 0>, I32EnumAttrCase<"input", 1>,
      I32EnumAttrCase<"output", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::tfmlir::hlo";
}
def HLO_FusionKindAttr : EnumAttr<HLO_Dialect, HLO_FusionKind, "fusion_kind"> {
  let assemblyFormat = "$value";
}

//===----------------------------------------------------------------------===//
// Dimension numbers
//===----------------------------------------------------------------------===//

def HLO_DotDimensionNumbers : HLO_Attr<"DotDimensionNumbers", "dot"> {
  let summary = "dimension numbers of hlo.dot_general";
  let description = [{
    Batching dims pair up lhs and rhs dims that are kept as leading result
    dims; contracting dims pair up dims that are summed over. Printed as
    `#hlo.dot<lhs_batch = [0], rhs_batch = [0], lhs_contract = [2],
    rhs_contract = [1]>`.
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$lhsBatchingDimensions,
    ArrayRefParameter<"int64_t">:$rhsBatchingDimensions,
    ArrayRefParameter<"int64_t">:$lhsContractingDimensions,
    ArrayRefParameter<"int64_t">:$rhsContractingDimensions);
  let assemblyFormat = [{
    `<` `lhs_batch` `=` custom<DimList>($lhsBatchingDimensions) `,`
        `rhs_batch` `=` custom<DimList>($rhsBatchingDimensions) `,`
        `lhs_contract` `=` custom<DimList>($lhsContractingDimensions) `,`
        `rhs_contract` `=` custom<DimList>($rhsContractingDimensions) `>`
  }];
}

def HLO_ConvDimensionNumbers : HLO_Attr<"ConvDimensionNumbers", "conv"> {
  let summary = "dimension numbers of hlo.convolution";
  let description = [{
    Which dim of the input (lhs), kernel (rhs) and output is the batch /
    feature / each spatial dim. Printed in XLA's compact form, one letter or
    spatial index per dim in order: `#hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b,
    0, 1, f]>` is NHWC input, HWIO kernel, NHWC output. `b`/`f` mark the
    input/output batch and feature dims, `i`/`o` the kernel input and output
    feature dims, and `k` names spatial dim k.
  }];
  let parameters = (ins
    "int64_t":$inputBatchDimension,
    "int64_t":$inputFeatureDimension,
    ArrayRefParameter<"int64_t">:$inputSpatialDimensions,
    "int64_t":$kernelInputFeatureDimension,
    "int64_t":$kernelOutputFeatureDimension,
    ArrayRefParameter<"int64_t">:$kernelSpatialDimensions,
    "int64_t":$outputBatchDimension,
    "int64_t":$outputFeatureDimension,
    ArrayRefParameter<"int64_t">:$outputSpatialDimensions);
  let hasCustomAssemblyFormat = 1;
}

def HLO_GatherDimensionNumbers : HLO_Attr<"GatherDimensionNumbers", "gather"> {
  let summary = "dimension numbers of hlo.gather";
  let description = [{
    XLA's GatherDimensionNumbers: offset_dims (result dims holding the slice),
    collapsed_slice_dims (operand dims of slice size 1 dropped from the
    result), operand_batching_dims / start_indices_batching_dims (paired
    batch dims), start_index_map (operand dim each index component starts),
    index_vector_dim (dim of start_indices holding the index vector; equal to
    its rank means an implicit trailing 1).
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$offsetDims,
    ArrayRefParameter<"int64_t">:$collapsedSliceDims,
    ArrayRefParameter<"int64_t">:$operandBatchingDims,
    ArrayRefParameter<"int64_t">:$startIndicesBatchingDims,
    ArrayRefParameter<"int64_t">:$startIndexMap,
    "int64_t":$indexVectorDim);
  let assemblyFormat = [{
    `<` `offset_dims` `=` custom<DimList>($offsetDims) `,`
        `collapsed_slice_dims` `=` custom<DimList>($collapsedSliceDims) `,`
        `operand_batching_dims` `=` custom<DimList>($operandBatchingDims) `,`
        `start_indices_batching_dims` `=` custom<DimList>($startIndicesBatchingDims) `,`
        `start_index_map` `=` custom<DimList>($startIndexMap) `,`
        `index_vector_dim` `=` $indexVectorDim `>`
  }];
}

def HLO_ScatterDimensionNumbers : HLO_Attr<"ScatterDimensionNumbers", "scatter"> {
  let summary = "dimension numbers of hlo.scatter";
  let description = [{
    XLA's ScatterDimensionNumbers: update_window_dims (dims of updates that
    are window dims), inserted_window_dims (operand dims of window size 1 not
    present in updates), input_batching_dims / scatter_indices_batching_dims
    (paired batch dims), scatter_dims_to_operand_dims (operand dim each index
    component addresses), index_vector_dim.
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$updateWindowDims,
    ArrayRefParameter<"int64_t">:$insertedWindowDims,
    ArrayRefParameter<"int64_t">:$inputBatchingDims,
    ArrayRefParameter<"int64_t">:$scatterIndicesBatchingDims,
    ArrayRefParameter<"int64_t">:$scatterDimsToOperandDims,
    "int64_t":$indexVectorDim);
  let assemblyFormat = [{
    `<` `update_window_dims` `=` custom<DimList>($updateWindowDims) `,`
        `inserted_window_dims` `=` custom<DimList>($insertedWindowDims) `,`
        `input_batching_dims` `=` custom<DimList>($inputBatchingDims) `,`
        `scatter_indices_batching_dims` `=` custom<DimList>($scatterIndicesBatchingDims) `,`
        `scatter_dims_to_operand_dims` `=` custom<DimList>($scatterDimsToOperandDims) `,`
        `index_vector_dim` `=` $indexVectorDim `>`
  }];
}

#endif // TFMLIR_HLO_BASE_TD
