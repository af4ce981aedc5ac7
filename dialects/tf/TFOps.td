//===- TFOps.td - core tf ops: constants, placeholders, identity ----------===//
#ifndef TFMLIR_TF_OPS_TD
#define TFMLIR_TF_OPS_TD

include "dialects/tf/TFOpBase.td"

def TF_ConstOp : TF_Op<"Const", [ConstantLike, Pure,
                                 AllTypesMatch<["value", "output"]>]> {
  let summary = "TF Const: a constant tensor";
  let description = [{ `value` is the node's `value` attr (a dense elements
    attribute for numeric, bool, complex and string dtypes; a
    #tf_type.tensor_proto for variant/resource/quantized dtypes). The
    `dtype` attr is implied by the result type. }];
  let arguments = (ins TypedAttrInterface:$value);
  let results = (outs TF_Tensor:$output);
  let hasFolder = 1;
  let assemblyFormat = "attr-dict $value";
  let builders = [
    OpBuilder<(ins "::mlir::TypedAttr":$value), [{
      $_state.addAttribute("value", value);
      $_state.addTypes(value.getType());
    }]>
  ];
}

def TF_PlaceholderOp : TF_Op<"Placeholder"> {
  let summary = "TF Placeholder: a graph input that must be fed";
  let description = [{ Attrs: `dtype`, and `shape` (#tf_type.shape; unknown
    rank when absent). The result type is tensor<`shape` x `dtype`>. }];
  let arguments = (ins TF_TypeAttr:$dtype,
                   OptionalAttr<AnyAttr>:$shape);
  let results = (outs TF_Tensor:$output);
}

def TF_PlaceholderWithDefaultOp : TF_Op<"PlaceholderWithDefault", [Pure]> {
  let summary = "TF PlaceholderWithDefault: forwards `input` unless fed";
  let arguments = (ins TF_Tensor:$input, TF_TypeAttr:$dtype,
                   OptionalAttr<AnyAttr>:$shape);
  let results = (outs TF_Tensor:$output);
}

def TF_IdentityOp : TF_Op<"Identity", [Pure]> {
  let summary = "TF Identity: output = input";
  let arguments = (ins TF_Tensor:$input, TF_TypeAttr:$T);
  let results = (outs TF_Tensor:$output);
  let hasFolder = 1;
  let hasVerifier = 1;
}

def TF_IdentityNOp : TF_Op<"IdentityN", [Pure]> {
  let summary = "TF IdentityN: outputs[i] = inputs[i]";
  let arguments = (ins Variadic<TF_Tensor>:$input,
                   TF_DerivedTypeListAttr:$T);
  let results = (outs Variadic<TF_Tensor>:$output);
  let hasFolder = 1;
  let hasVerifier = 1;
}

def TF_StopGradientOp : TF_Op<"StopGradient", [Pure]> {
  let summary = "TF StopGradient: output = input (blocks gradients only)";
  let arguments = (ins TF_Tensor:$input, TF_TypeAttr:$T);
  let results = (outs TF_Tensor:$output);
  let hasFolder = 1;
  let hasVerifier = 1;
}

def TF_NoOpOp : TF_Op<"NoOp"> {
  let summary = "TF NoOp: does nothing; used as a control-dependency hub";
  let assemblyFormat = "attr-dict";
}

def TF_PreventGradientOp : TF_Op<"PreventGradient", [Pure]> {
  let summary = "TF PreventGradient: the identity, with no gradient";
  let description = [{ `output` = `input` (dtype `T`); asking for its
    gradient is an error (attr `message`). Matches TF's PreventGradient. }];
  let arguments = (ins TF_Tensor:$input, TF_DerivedTypeAttr:$T,
                   TF_DefaultStr<"">:$message);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF_DebugIdentityOp : TF_Op<"DebugIdentity"> {
  let summary = "TF DebugIdentity: the identity, for the TF debugger";
  let description = [{ `output` = `input` (dtype `T`); the debugger's
    attrs (`device_name`, `tensor_name`, `debug_urls`, ...) are kept as
    they are. Not Pure (it publishes the tensor). Matches TF's
    DebugIdentity. The verifier requires `input` and `output` to have
    cast-compatible types (same dtype; shapes may be refined), like TF's
    "T -> T" signature. }];
  let arguments = (ins TF_Tensor:$input, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF_PrintOp : TF_Op<"Print"> {
  let summary = "TF Print: the identity, logging `data` as a side effect";
  let description = [{ `output` = `input` (dtype `T`); `data` (dtypes `U`)
    is printed with `message` for the first `first_n` runs (-1: always),
    `summarize` elements each. Stateful. Matches TF's Print. The verifier
    requires `input` and `output` to have cast-compatible types (same
    dtype; shapes may be refined), like TF's "T -> T" signature. }];
  let arguments = (ins TF_Tensor:$input, Variadic<TF_Tensor>:$data,
                   TF_DerivedTypeAttr:$T, TF_DerivedTypeListAttr:$U,
                   TF_DefaultStr<"">:$message, TF_DefaultI64<"-1">:$first_n,
                   TF_DefaultI64<"3">:$summarize);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

#endif
