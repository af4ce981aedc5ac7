//===- TFLOpBase.td - base classes and constraints of the tfl dialect ----===//
//
// The `tfl` dialect holds TensorFlow Lite builtin operators one-for-one with
// the operators of a .tflite file (schema in lib/Translate/tflite/schema.fbs):
//  - op name `tfl.<builtin name in lower case>` (CONV_2D -> tfl.conv_2d);
//  - operands and results are the operator's input and output tensors in
//    order; an omitted optional input (index -1 in the file) is the NoneType
//    result of `tfl.no_value`;
//  - attributes are the fields of the operator's *Options table, with the
//    schema's field names. Mapping: int -> i32 IntegerAttr, long -> i64
//    IntegerAttr, float -> f32 FloatAttr, bool -> BoolAttr, enum -> StringAttr
//    holding the enumerator name ("SAME", "RELU6", "INT32"), [int] ->
//    DenseI32ArrayAttr, subgraph index -> FlatSymbolRefAttr naming the func.
//    Every field is present (defaults filled in), so the exporter and the
//    importer are generic over the options tables.
//  - element types: FLOAT32 f32, FLOAT16 f16, BFLOAT16 bf16, FLOAT64 f64,
//    INT4..INT64 i4..i64, UINT8..UINT64 ui8..ui64, BOOL i1, COMPLEX64/128
//    complex<f32/f64>, STRING !tf_type.string, RESOURCE !tf_type.resource,
//    VARIANT !tf_type.variant; quantized tensors use !quant.uniform (per
//    tensor or per axis) with the storage type above.
//  - layouts are TFLite's: activations NHWC, CONV_2D filters OHWI,
//    DEPTHWISE_CONV_2D filters 1HWO, TRANSPOSE_CONV filters OHWI,
//    FULLY_CONNECTED weights [out, in].
// Builtins without an op here import as `tfl.builtin_op` and custom
// operators as `tfl.custom`, both lossless.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_TFL_OP_BASE_TD
#define TFMLIR_TFL_OP_BASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/CommonTypeConstraints.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def TFL_Dialect : Dialect {
  let name = "tfl";
  let cppNamespace = "::tfmlir::tfl";
  let summary = "TensorFlow Lite builtin operators";
  let description = [{ TFLite operators with TFLite's semantics; see TFLOpBase.td. }];
  let dependentDialects = ["::tfmlir::tf_type::TFTypeDialect",
                           "::mlir::quant::QuantDialect"];
  // Options fields stay in the attribute dictionary (as in the tf dialect):
  // the .tflite importer/exporter treat registered and generic ops alike.
  let usePropertiesForAttributes = 0;
}

class TFL_Op<string mnemonic, list<Trait> traits = []>
    : Op<TFL_Dialect, mnemonic, traits>;

// Any tensor (any element type, ranked or not) or an omitted optional input.
def TFL_Tensor : AnyTypeOf<[AnyTensor], "tensor">;
def TFL_TensorOrNone : AnyTypeOf<[AnyTensor, NoneType], "tensor or none">;
def TFL_BoolTensor : TensorOf<[I1]>;
// Index-like operands (axes, shapes, permutations, begin/end/strides,
// paddings, indices, multiples, sizes): integer tensors, as TFLite's kernels
// read them (int16/int32/int64 by op).
def TFL_IndexTensor : TensorOf<[AnyI16, AnyI32, AnyI64]>;

class TFL_StrEnumAttr<string fn, string desc>
    : ConfinedAttr<StrAttr, [AttrConstraint<
        CPred<"::tfmlir::tfl::" # fn # "(::llvm::cast<::mlir::StringAttr>($_self).getValue())">,
        desc>]>;

// ActivationFunctionType: NONE, RELU, RELU_N1_TO_1, RELU6, TANH, SIGN_BIT.
def TFL_AFAttr : TFL_StrEnumAttr<"isActivationName",
    "fused activation (NONE, RELU, RELU_N1_TO_1, RELU6, TANH, SIGN_BIT)">;
// Padding: SAME (TF's rule, out = ceil(in / stride)) or VALID.
def TFL_PaddingAttr : TFL_StrEnumAttr<"isPaddingName", "padding (SAME or VALID)">;
// TensorType enumerator name (FLOAT32, INT32, ...).
def TFL_TensorTypeAttr : TFL_StrEnumAttr<"isTensorTypeName", "TFLite TensorType name">;
def TFL_MirrorPadModeAttr : TFL_StrEnumAttr<"isMirrorPadModeName",
    "mirror pad mode (REFLECT or SYMMETRIC)">;
def TFL_WeightsFormatAttr : TFL_StrEnumAttr<"isWeightsFormatName",
    "fully-connected weights format (DEFAULT or SHUFFLED4x16INT8)">;

def TFL_PositiveI32 : ConfinedAttr<I32Attr, [IntPositive]>;

#endif // TFMLIR_TFL_OP_BASE_TD
