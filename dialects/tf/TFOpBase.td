//===- TFOpBase.td - base classes and constraints of the tf dialect ------===//
//
// The `tf` dialect holds TensorFlow ops one-for-one with GraphDef NodeDefs:
// the op name is `tf.<OpDef name>`, operands are the node's data inputs in
// order, and every NodeDef attr is kept as an MLIR attribute with its TF name
// (`T`, `data_format`, `padding`, ...). TF's `device` string is the `device`
// attribute. Ops we do not define in ODS still import as unregistered
// `tf.<Name>` ops (the dialect allows unknown ops), so every GraphDef
// imports.
//
// Attribute mapping (AttrValue -> MLIR): i -> i64 IntegerAttr, f -> f32
// FloatAttr, b -> BoolAttr, s -> StringAttr, type -> TypeAttr, shape ->
// #tf_type.shape, tensor -> DenseElementsAttr (or #tf_type.tensor_proto),
// func -> #tf_type.func, placeholder -> #tf_type.placeholder, list -> ArrayAttr.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_TF_OP_BASE_TD
#define TFMLIR_TF_OP_BASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/CommonTypeConstraints.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/IR/SymbolInterfaces.td"

def TF_Dialect : Dialect {
  let name = "tf";
  let cppNamespace = "::tfmlir::TF";
  let summary = "TensorFlow ops";
  let description = [{ TensorFlow ops with TF's semantics. See TFOpBase.td. }];
  let hasConstantMaterializer = 1;
  let dependentDialects = ["::tfmlir::tf_type::TFTypeDialect"];
  let extraClassDeclaration = [{
    /// Registers op families defined in other translation units.
    void registerMoreOps();
  }];
}

class TF_Op<string mnemonic, list<Trait> traits = []>
    : Op<TF_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Type constraints. TF ops accept any dtype their OpDef allows; we keep the
// constraint to "a tensor" and check dtypes in verifiers where TF does.
//===----------------------------------------------------------------------===//
def TF_Tensor : TensorOf<[AnyType]>;
def TF_FloatTensor : TensorOf<[AnyFloat, AnyComplex]>;
def TF_IntTensor : TensorOf<[AnyInteger]>;
def TF_BoolTensor : TensorOf<[I1]>;
def TF_I32OrI64Tensor : TensorOf<[I32, I64]>;

// Optional TF type attrs, e.g. `T`, `Tidx`, `out_type`.
def TF_TypeAttr : OptionalAttr<TypeAttr>;
def TF_AnyStrAttr : OptionalAttr<StrAttr>;

#endif
