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
//
// Defining an op in ODS must never make a valid graph fail to verify, so op
// definitions follow these rules:
//  - operands/results are TF_Tensor (any element type, any or no rank);
//  - derived dtype attrs (`T`, `Tidx`, `out_type`, ...) are optional and may
//    be #tf_type.placeholder (inside FunctionDefs); attrs with a TF default
//    are TF_Default* (optional, the getter returns the default); attrs
//    without a default (`strides`, `padding`, ...) are required;
//  - verifiers (and the native traits below) check what TF's shape
//    functions check, and only when the information is static;
//  - `_REF` element types (`!tf_type.ref<T>`) are accepted wherever T is.
//
// Op families live in TFOps<Family>.td/.cpp (Math, NN, Reduce, Shape,
// Indexing, Image, Control, Variables, Random, Linalg, TensorArray); each
// .cpp defines register<Family>Ops, called from TFOpsRegistry.cpp. Shared
// C++ helpers are in TFOpsUtils.h and the native traits in TFOpTraits.h.
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
  // Keep every NodeDef attr in the op's attribute dictionary (as TF's own
  // MLIR dialect does) rather than in properties: the GraphDef exporter and
  // generic passes see the same attrs on registered and unregistered tf ops,
  // and the printed form is `{T = f32, device = ""}` either way.
  let usePropertiesForAttributes = 0;
  let extraClassDeclaration = [{
    /// Registers op families defined in other translation units.
    void registerMoreOps();

    // One per op family (TFOps<Family>.td/.cpp); each adds its ops with
    // dialect.addOperations<GET_OP_LIST>(), the way MLIR dialects add ops.
    // addOperations is protected, hence one friend per family; every family
    // registers this same way (no family goes around it through
    // RegisteredOperationName::insert), so a new family is a .td, its
    // register<Family>Ops, a friend line here and a call in
    // TFOpsRegistry.cpp. A friend declaration needs no prior declaration of
    // the function, so families kept out of TFOps.h (RNN) are listed too.
    friend void registerMathOps(TFDialect &dialect);
    friend void registerNNOps(TFDialect &dialect);
    friend void registerReduceOps(TFDialect &dialect);
    friend void registerShapeOps(TFDialect &dialect);
    friend void registerIndexingOps(TFDialect &dialect);
    friend void registerImageOps(TFDialect &dialect);
    friend void registerControlOps(TFDialect &dialect);
    friend void registerVariableOps(TFDialect &dialect);
    friend void registerRandomOps(TFDialect &dialect);
    friend void registerLinalgOps(TFDialect &dialect);
    friend void registerTensorArrayOps(TFDialect &dialect);
    friend void registerRNNOps(TFDialect &dialect);
    friend void registerQuantOps(TFDialect &dialect);
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

//===----------------------------------------------------------------------===//
// Attribute constraints matching the importer's AttrValue mapping.
//===----------------------------------------------------------------------===//

// AttrValue.placeholder: inside a FunctionDef a node's attr may name one of
// the function's attrs instead of holding a value.
def TF_PlaceholderAttr : Attr<
    CPred<"::llvm::isa<::tfmlir::tf_type::PlaceholderAttr>($_self)">,
    "#tf_type.placeholder attribute">;

// A `type` attr (TypeAttr), or a placeholder for one in a FunctionDef body.
// Derived dtype attrs are always optional: the operand/result element types
// carry the same information.
def TF_TypeOrPlaceholderAttr : Attr<
    Or<[TypeAttr.predicate, TF_PlaceholderAttr.predicate]>,
    "type attribute or #tf_type.placeholder"> {
  let storageType = "::mlir::Attribute";
  let returnType = "::mlir::Attribute";
  let convertFromStorage = "$_self";
}
def TF_DerivedTypeAttr : OptionalAttr<TF_TypeOrPlaceholderAttr>;

// A `list(type)` attr (ArrayAttr of TypeAttr, e.g. Tin/Tout/T of IdentityN).
def TF_TypeListAttr : TypedArrayAttrBase<TF_TypeOrPlaceholderAttr,
                                         "list(type) attribute">;
def TF_DerivedTypeListAttr : OptionalAttr<
    AnyAttrOf<[TF_TypeListAttr, TF_PlaceholderAttr]>>;

// A `shape` attr: #tf_type.shape<...>.
def TF_ShapeAttr : Attr<
    CPred<"::llvm::isa<::tfmlir::tf_type::ShapeAttr>($_self)">,
    "#tf_type.shape attribute"> {
  let storageType = "::tfmlir::tf_type::ShapeAttr";
  let returnType = "::tfmlir::tf_type::ShapeAttr";
  let convertFromStorage = "$_self";
}
// A `list(shape)` attr, e.g. `output_shapes`.
def TF_ShapeListAttr : TypedArrayAttrBase<TF_ShapeAttr,
                                          "list(shape) attribute">;

// A `func` attr: #tf_type.func<@f, {...}> (from the importer) or a plain
// FlatSymbolRefAttr (from passes and hand-written IR).
def TF_FuncRefAttr : Attr<
    Or<[CPred<"::llvm::isa<::tfmlir::tf_type::FuncAttr>($_self)">,
        CPred<"::llvm::isa<::mlir::FlatSymbolRefAttr>($_self)">]>,
    "#tf_type.func or flat symbol reference attribute"> {
  let storageType = "::mlir::Attribute";
  let returnType = "::mlir::Attribute";
  let convertFromStorage = "$_self";
}
// A `list(func)` attr, e.g. Case's `branches`.
def TF_FuncRefListAttr : TypedArrayAttrBase<TF_FuncRefAttr,
                                            "list(func) attribute">;

// Shorthands for attrs TF gives a default value to. The getter returns the
// default when the attr is absent; nothing is added to the op.
class TF_DefaultBool<string val> : DefaultValuedOptionalAttr<BoolAttr, val>;
class TF_DefaultI64<string val> : DefaultValuedOptionalAttr<I64Attr, val>;
class TF_DefaultF32<string val> : DefaultValuedOptionalAttr<F32Attr, val>;
class TF_DefaultStr<string val>
    : DefaultValuedOptionalAttr<StrAttr, "\"" # val # "\"">;
def TF_DefaultI64List : DefaultValuedOptionalAttr<I64ArrayAttr, "{}">;

//===----------------------------------------------------------------------===//
// Native traits (implemented in TFOpTraits.h). They only check what is
// static: unranked and dynamic dimensions are always accepted.
//===----------------------------------------------------------------------===//
class TF_NativeTrait<string name> : NativeOpTrait<name> {
  let cppNamespace = "::tfmlir::TF::OpTrait";
}

// Operands #0 and #1 are broadcast-compatible (numpy rules, as TF's BCast)
// and have the same element type (ignoring `_REF`); result #0 has the
// broadcast shape.
def TF_BroadcastableBinary : TF_NativeTrait<"BroadcastableBinary">;
// All operands and results have compatible shapes (elementwise ops).
def TF_SameShapeOperandsAndResults
    : TF_NativeTrait<"SameShapeOperandsAndResults">;
// All operands and results have the same element type (ignoring `_REF`).
def TF_SameElementTypeOperandsAndResults
    : TF_NativeTrait<"SameElementTypeOperandsAndResults">;
// All operands have the same element type (ignoring `_REF`).
def TF_SameElementTypeOperands : TF_NativeTrait<"SameElementTypeOperands">;
// All results have a boolean (i1) element type.
def TF_BoolResults : TF_NativeTrait<"BoolResults">;

//===----------------------------------------------------------------------===//
// Op classes shared by families.
//===----------------------------------------------------------------------===//

// y = f(x) elementwise, same shape; `T` is the dtype.
class TF_UnaryElementwiseOp<string mnemonic, string formula,
                            list<Trait> traits = []>
    : TF_Op<mnemonic, !listconcat([TF_SameShapeOperandsAndResults], traits)> {
  let summary = "TF " # mnemonic # ": elementwise y = " # formula;
  let arguments = (ins TF_Tensor:$x, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$y);
}

// z = f(x, y) elementwise with numpy broadcasting of `x` and `y`.
class TF_BinaryBroadcastOp<string mnemonic, string formula,
                           list<Trait> traits = []>
    : TF_Op<mnemonic, !listconcat([TF_BroadcastableBinary], traits)> {
  let summary = "TF " # mnemonic # ": elementwise z = " # formula #
                " with broadcasting";
  let arguments = (ins TF_Tensor:$x, TF_Tensor:$y, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$z);
}

#endif
