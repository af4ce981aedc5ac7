//===- TFOpsVariables.td - TF1 ref variables and TF2 resource variables --===//
//
// TF1 variables are VariableV2 nodes whose output has a `_REF` dtype
// (`!tf_type.ref<T>` elements); Assign/Scatter* update them in place and
// return the ref. TF2 variables are resource handles
// (`!tf_type.resource<tensor<...>>` scalars) made by VarHandleOp and used by
// ReadVariableOp/Assign*VariableOp. None of these ops is Pure: they read or
// write variable state.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_TF_OPS_VARIABLES_TD
#define TFMLIR_TF_OPS_VARIABLES_TD

include "dialects/tf/TFOpBase.td"

//===----------------------------------------------------------------------===//
// TF1 ref variables
//===----------------------------------------------------------------------===//

class TF_RefVariableBase<string mnemonic> : TF_Op<mnemonic> {
  let summary = "TF " # mnemonic # ": a TF1 variable (mutable tensor)";
  let description = "Holds a tensor of dtype `dtype` and shape `shape` "
    "(#tf_type.shape) across steps. `ref` is a `_REF` tensor "
    "(`!tf_type.ref<dtype>` elements) that Assign and friends update in "
    "place and that reads dereference. Variables with the same non-empty "
    "`container`/`shared_name` (default \"\") are shared. Uninitialized "
    "reads fail at run time. Matches TF's " # mnemonic # ".";
  let arguments = (ins OptionalAttr<TF_ShapeAttr>:$shape,
                   TF_DerivedTypeAttr:$dtype, TF_DefaultStr<"">:$container,
                   TF_DefaultStr<"">:$shared_name);
  let results = (outs TF_Tensor:$ref);
  let hasVerifier = 1;
}
def TF_VariableV2Op : TF_RefVariableBase<"VariableV2">;
def TF_VariableOp : TF_RefVariableBase<"Variable">;

class TF_RefUpdateOp<string mnemonic, string what, string notes>
    : TF_Op<mnemonic> {
  let summary = "TF " # mnemonic # ": " # what # " a TF1 variable";
  let description = "`ref` is a `_REF` tensor (from VariableV2) and "
    "`value` has its dtype `T`; the variable is updated in place and "
    "`output_ref` is the updated ref. " # notes # " Matches TF's " #
    mnemonic # ".";
  let results = (outs TF_Tensor:$output_ref);
  let hasVerifier = 1;
}

def TF_AssignOp : TF_RefUpdateOp<"Assign", "assigns `value` to",
    "With `validate_shape` (default true) `value` must have the variable's "
    "shape; otherwise the variable takes `value`'s shape. `use_locking` "
    "(default true) serializes concurrent updates."> {
  let arguments = (ins TF_Tensor:$ref, TF_Tensor:$value,
                   TF_DerivedTypeAttr:$T,
                   TF_DefaultBool<"true">:$validate_shape,
                   TF_DefaultBool<"true">:$use_locking);
}
def TF_AssignAddOp : TF_RefUpdateOp<"AssignAdd", "adds `value` to",
    "`value` has the variable's shape; `use_locking` defaults to false."> {
  let arguments = (ins TF_Tensor:$ref, TF_Tensor:$value,
                   TF_DerivedTypeAttr:$T,
                   TF_DefaultBool<"false">:$use_locking);
}
def TF_AssignSubOp : TF_RefUpdateOp<"AssignSub", "subtracts `value` from",
    "`value` has the variable's shape; `use_locking` defaults to false."> {
  let arguments = (ins TF_Tensor:$ref, TF_Tensor:$value,
                   TF_DerivedTypeAttr:$T,
                   TF_DefaultBool<"false">:$use_locking);
}

class TF_ScatterRefOp<string mnemonic, string what, string locking>
    : TF_Op<mnemonic> {
  let summary = "TF " # mnemonic # ": scatter-" # what # " into rows of a "
                "TF1 variable";
  let description = "`ref` is a `_REF` tensor of rank >= 1; `indices` "
    "(dtype `Tindices`) select rows (dim 0) and `updates` has shape "
    "indices.shape + ref.shape[1:]; ref[indices[i], ...] is combined with "
    "updates[i, ...] by " # what # " (duplicates all apply). `output_ref` "
    "is the updated ref. `use_locking` defaults to " # locking #
    ". Matches TF's " # mnemonic # ".";
  let arguments = (ins TF_Tensor:$ref, TF_Tensor:$indices, TF_Tensor:$updates,
                   TF_DerivedTypeAttr:$T, TF_DerivedTypeAttr:$Tindices,
                   TF_DefaultBool<locking>:$use_locking);
  let results = (outs TF_Tensor:$output_ref);
  let hasVerifier = 1;
}
def TF_ScatterUpdateOp : TF_ScatterRefOp<"ScatterUpdate", "replacement",
                                         "true">;
def TF_ScatterAddOp : TF_ScatterRefOp<"ScatterAdd", "addition", "false">;
def TF_ScatterSubOp : TF_ScatterRefOp<"ScatterSub", "subtraction", "false">;
def TF_ScatterMulOp : TF_ScatterRefOp<"ScatterMul", "multiplication",
                                      "false">;
def TF_ScatterDivOp : TF_ScatterRefOp<"ScatterDiv", "division", "false">;
def TF_ScatterMinOp : TF_ScatterRefOp<"ScatterMin", "minimum", "false">;
def TF_ScatterMaxOp : TF_ScatterRefOp<"ScatterMax", "maximum", "false">;

def TF_IsVariableInitializedOp : TF_Op<"IsVariableInitialized"> {
  let summary = "TF IsVariableInitialized: whether a TF1 variable has a value";
  let description = [{ `ref` is a `_REF` tensor of dtype `dtype`;
    `is_initialized` is a bool scalar. Matches TF's
    IsVariableInitialized. }];
  let arguments = (ins TF_Tensor:$ref, TF_DerivedTypeAttr:$dtype);
  let results = (outs TF_Tensor:$is_initialized);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// TF2 resource variables
//===----------------------------------------------------------------------===//

def TF_VarHandleOp : TF_Op<"VarHandleOp"> {
  let summary = "TF VarHandleOp: a handle to a resource variable";
  let description = [{ `resource` is a scalar `!tf_type.resource` tensor
    (optionally with subtype tensor<`shape` x `dtype`>) naming the variable
    `container`/`shared_name` (default "": an anonymous variable per op).
    `debug_name` and `allowed_devices` do not change the value. Not Pure:
    distinct handles may name distinct variables. Matches TF's
    VarHandleOp. }];
  let arguments = (ins TF_DefaultStr<"">:$container,
                   TF_DefaultStr<"">:$shared_name,
                   OptionalAttr<StrAttr>:$debug_name,
                   TF_DerivedTypeAttr:$dtype,
                   OptionalAttr<TF_ShapeAttr>:$shape,
                   OptionalAttr<StrArrayAttr>:$allowed_devices);
  let results = (outs TF_Tensor:$resource);
  let hasVerifier = 1;
}

def TF_ReadVariableOp : TF_Op<"ReadVariableOp"> {
  let summary = "TF ReadVariableOp: the current value of a resource variable";
  let description = [{ `resource` is a scalar `!tf_type.resource` handle;
    `value` (dtype `dtype`) is the variable's value at this point of the
    program's variable-access order. Not Pure (it reads state). Reading an
    uninitialized variable fails at run time. Matches TF's
    ReadVariableOp. }];
  let arguments = (ins TF_Tensor:$resource, TF_DerivedTypeAttr:$dtype);
  let results = (outs TF_Tensor:$value);
  let hasVerifier = 1;
}

class TF_ResourceUpdateOp<string mnemonic, string what, string notes>
    : TF_Op<mnemonic> {
  let summary = "TF " # mnemonic # ": " # what # " a resource variable";
  let description = "`resource` is a scalar `!tf_type.resource` handle and "
    "`value` has the variable's dtype `dtype`. " # notes # " No results. "
    "Matches TF's " # mnemonic # ".";
  let hasVerifier = 1;
}

def TF_AssignVariableOp : TF_ResourceUpdateOp<"AssignVariableOp",
    "assigns `value` to",
    "The variable takes `value` (and its shape, unless `validate_shape`, "
    "default false, requires the old one)."> {
  let arguments = (ins TF_Tensor:$resource, TF_Tensor:$value,
                   TF_DerivedTypeAttr:$dtype,
                   TF_DefaultBool<"false">:$validate_shape);
}
def TF_AssignAddVariableOp : TF_ResourceUpdateOp<"AssignAddVariableOp",
    "adds `value` to", "`value` has the variable's shape."> {
  let arguments = (ins TF_Tensor:$resource, TF_Tensor:$value,
                   TF_DerivedTypeAttr:$dtype);
}
def TF_AssignSubVariableOp : TF_ResourceUpdateOp<"AssignSubVariableOp",
    "subtracts `value` from", "`value` has the variable's shape."> {
  let arguments = (ins TF_Tensor:$resource, TF_Tensor:$value,
                   TF_DerivedTypeAttr:$dtype);
}

def TF_VarIsInitializedOp : TF_Op<"VarIsInitializedOp"> {
  let summary = "TF VarIsInitializedOp: whether a resource variable has a "
                "value";
  let description = [{ `resource` is a scalar `!tf_type.resource` handle;
    `is_initialized` is a bool scalar. Matches TF's VarIsInitializedOp. }];
  let arguments = (ins TF_Tensor:$resource);
  let results = (outs TF_Tensor:$is_initialized);
  let hasVerifier = 1;
}

def TF_DestroyResourceOp : TF_Op<"DestroyResourceOp"> {
  let summary = "TF DestroyResourceOp: deletes the resource a handle names";
  let description = [{ `resource` is a `!tf_type.resource` handle. A
    missing resource is an error unless `ignore_lookup_error` (default
    true). Matches TF's DestroyResourceOp. }];
  let arguments = (ins TF_Tensor:$resource,
                   TF_DefaultBool<"true">:$ignore_lookup_error);
  let hasVerifier = 1;
}

def TF_ResourceGatherOp : TF_Op<"ResourceGather"> {
  let summary = "TF ResourceGather: Gather on the value of a resource "
                "variable";
  let description = [{ `resource` is a scalar `!tf_type.resource` handle;
    `output` (dtype `dtype`) is GatherV2(value, indices, axis = batch_dims)
    with `batch_dims` (default 0) batch dims. `validate_indices` is ignored.
    Not Pure (it reads state). Matches TF's ResourceGather. }];
  let arguments = (ins TF_Tensor:$resource, TF_Tensor:$indices,
                   TF_DefaultI64<"0">:$batch_dims,
                   TF_DefaultBool<"true">:$validate_indices,
                   TF_DerivedTypeAttr:$dtype, TF_DerivedTypeAttr:$Tindices);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

#endif
