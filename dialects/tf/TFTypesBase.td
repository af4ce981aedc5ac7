//===- TFTypesBase.td - the tf_type dialect: TF types and attributes -----===//
//
// TensorFlow's element types that have no builtin MLIR equivalent (string,
// resource, variant, the quantized qint/quint types and the `_REF` types of
// TF1 variables), and the attribute kinds of TF's AttrValue that builtin
// attributes can't express (shape, func, placeholder, opaque tensor protos).
// Names and syntax follow TensorFlow's own MLIR `tf_type` dialect.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_TF_TYPES_BASE_TD
#define TFMLIR_TF_TYPES_BASE_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/DialectBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

def TFType_Dialect : Dialect {
  let name = "tf_type";
  let cppNamespace = "::tfmlir::tf_type";
  let summary = "TensorFlow types and attributes";
  let description = [{
    Element types and attributes of TensorFlow graphs. `!tf_type.string` is
    DT_STRING, `!tf_type.resource<...>` DT_RESOURCE (with optional subtypes
    from the handle's `dtypes_and_shapes`), `!tf_type.variant<...>`
    DT_VARIANT, `!tf_type.qint8` .. `!tf_type.quint16` the quantized dtypes,
    and `!tf_type.f32ref` etc. the `_REF` dtypes of VariableV2 outputs.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
}

class TFType_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<TFType_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def TFType_StringType : TFType_Type<"String", "string"> {
  let summary = "DT_STRING: a byte string (any bytes, not only UTF-8)";
}

class TFType_TensorSubtyped<string name, string mnemo>
    : TFType_Type<name, mnemo> {
  let parameters = (ins OptionalArrayRefParameter<"::mlir::TensorType">:$subtypes);
  let assemblyFormat = "(`<` $subtypes^ `>`)?";
  let builders = [
    TypeBuilder<(ins), [{ return $_get($_ctxt, ::llvm::ArrayRef<::mlir::TensorType>{}); }]>
  ];
}

def TFType_ResourceType : TFType_TensorSubtyped<"Resource", "resource"> {
  let summary = "DT_RESOURCE: a handle to a resource such as a variable";
  let description = [{ The optional subtypes are the dtypes and shapes of the
    resource's contents (e.g. `!tf_type.resource<tensor<3xf32>>` for a
    variable of shape [3] and dtype float). }];
}
def TFType_VariantType : TFType_TensorSubtyped<"Variant", "variant"> {
  let summary = "DT_VARIANT: a type-erased value (TensorList, dataset, ...)";
}

class TFType_Simple<string name, string mnemo, string dt>
    : TFType_Type<name, mnemo> {
  let summary = dt;
}
def TFType_Qint8Type : TFType_Simple<"Qint8", "qint8", "DT_QINT8: quantized int8">;
def TFType_Qint16Type : TFType_Simple<"Qint16", "qint16", "DT_QINT16: quantized int16">;
def TFType_Qint32Type : TFType_Simple<"Qint32", "qint32", "DT_QINT32: quantized int32">;
def TFType_Quint8Type : TFType_Simple<"Quint8", "quint8", "DT_QUINT8: quantized uint8">;
def TFType_Quint16Type : TFType_Simple<"Quint16", "quint16", "DT_QUINT16: quantized uint16">;

// The `_REF` dtypes (DataType value + 100). TF1 VariableV2 returns a ref.
def TFType_RefType : TFType_Type<"Ref", "ref"> {
  let summary = "a `_REF` dtype: a mutable reference to a tensor of `base`";
  let description = [{ DataType `X_REF` (= X + 100), e.g. DT_FLOAT_REF is
    `!tf_type.ref<f32>`. Produced by VariableV2 and consumed by Assign. }];
  let parameters = (ins "::mlir::Type":$base);
  let assemblyFormat = "`<` $base `>`";
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

class TFType_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TFType_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def TFType_ShapeAttr : TFType_Attr<"Shape", "shape"> {
  let summary = "TensorShapeProto: a shape with -1 (`?`) dims, or unknown rank (`*`)";
  let parameters = (ins "bool":$unranked,
                        OptionalArrayRefParameter<"int64_t">:$dims);
  let hasCustomAssemblyFormat = 1;
  let builders = [
    AttrBuilder<(ins "std::optional<::llvm::ArrayRef<int64_t>>":$shape), [{
      if (!shape) return $_get($_ctxt, true, ::llvm::ArrayRef<int64_t>{});
      return $_get($_ctxt, false, *shape);
    }]>
  ];
  let extraClassDeclaration = [{
    bool hasRank() const { return !getUnranked(); }
  }];
}

def TFType_FuncAttr : TFType_Attr<"Func", "func"> {
  let summary = "NameAttrList (AttrValue.func): a function symbol plus its attrs";
  let parameters = (ins "::mlir::SymbolRefAttr":$name,
                        "::mlir::DictionaryAttr":$attrs);
  let assemblyFormat = "`<` $name `,` $attrs `>`";
}

def TFType_PlaceholderAttr : TFType_Attr<"Placeholder", "placeholder"> {
  let summary = "AttrValue.placeholder: a reference to a function attr by name";
  let parameters = (ins StringRefParameter<>:$name);
  let assemblyFormat = "`<` $name `>`";
}

def TFType_TensorProtoAttr : TFType_Attr<"TensorProto", "tensor_proto",
                                         [TypedAttrInterface]> {
  let summary = "a TensorProto kept as serialized bytes";
  let description = [{ For tensor values that builtin dense attributes cannot
    hold: variant, resource and quantized dtypes. `bytes` is the serialized
    TensorProto; `type` is its tensor type. }];
  let parameters = (ins AttributeSelfTypeParameter<"">:$type,
                        StringRefParameter<>:$bytes);
  let assemblyFormat = "`<` $bytes `>`";
}

#endif
