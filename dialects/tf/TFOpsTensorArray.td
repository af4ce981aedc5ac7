//===- TFOpsTensorArray.td - TF1 TensorArray (V3) ops --------------------===//
//
// A TensorArray is a resource holding a list of tensors of one dtype.
// `handle` is a scalar `!tf_type.resource` tensor; the float scalar `flow`
// values thread the order of reads and writes through the graph (each
// write returns a new flow that later ops consume). All these ops touch
// resource state, so none is Pure.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_TF_OPS_TENSOR_ARRAY_TD
#define TFMLIR_TF_OPS_TENSOR_ARRAY_TD

include "dialects/tf/TFOpBase.td"

def TF_TensorArrayV3Op : TF_Op<"TensorArrayV3"> {
  let summary = "TF TensorArrayV3: creates a TensorArray";
  let description = [{ `size` is an int32 scalar (the initial number of
    elements). Results: `handle` (a scalar `!tf_type.resource`) and the
    initial float scalar `flow`. Attrs: `dtype` of the elements,
    `element_shape` (#tf_type.shape, default unknown), `dynamic_size`
    (default false: writes past `size` fail), `clear_after_read` (default
    true), `identical_element_shapes` (default false) and
    `tensor_array_name` (default ""). Matches TF's TensorArrayV3. }];
  let arguments = (ins TF_Tensor:$size, TF_DerivedTypeAttr:$dtype,
                   OptionalAttr<TF_ShapeAttr>:$element_shape,
                   TF_DefaultBool<"false">:$dynamic_size,
                   TF_DefaultBool<"true">:$clear_after_read,
                   TF_DefaultBool<"false">:$identical_element_shapes,
                   TF_DefaultStr<"">:$tensor_array_name);
  let results = (outs TF_Tensor:$handle, TF_Tensor:$flow);
  let hasVerifier = 1;
}

def TF_TensorArrayWriteV3Op : TF_Op<"TensorArrayWriteV3"> {
  let summary = "TF TensorArrayWriteV3: writes element `index`";
  let description = [{ Writes `value` (dtype `T`) at the int32 scalar
    `index` of the TensorArray `handle` after `flow_in`; returns the new
    float scalar flow `flow_out`. Matches TF's TensorArrayWriteV3. }];
  let arguments = (ins TF_Tensor:$handle, TF_Tensor:$index, TF_Tensor:$value,
                   TF_Tensor:$flow_in, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$flow_out);
  let hasVerifier = 1;
}

def TF_TensorArrayReadV3Op : TF_Op<"TensorArrayReadV3"> {
  let summary = "TF TensorArrayReadV3: reads element `index`";
  let description = [{ Returns element `index` (an int32 scalar) of the
    TensorArray `handle` after `flow_in`, as `value` of dtype `dtype`.
    Matches TF's TensorArrayReadV3. }];
  let arguments = (ins TF_Tensor:$handle, TF_Tensor:$index,
                   TF_Tensor:$flow_in, TF_DerivedTypeAttr:$dtype);
  let results = (outs TF_Tensor:$value);
  let hasVerifier = 1;
}

def TF_TensorArrayGatherV3Op : TF_Op<"TensorArrayGatherV3"> {
  let summary = "TF TensorArrayGatherV3: stacks the selected elements";
  let description = [{ `indices` is an int32 vector [N]; `value` (dtype
    `dtype`) is [N] + element_shape, stacking elements indices[i] of the
    TensorArray after `flow_in`. `element_shape` (default unknown) gives
    the element shape when the array is empty. Matches TF's
    TensorArrayGatherV3. }];
  let arguments = (ins TF_Tensor:$handle, TF_Tensor:$indices,
                   TF_Tensor:$flow_in, TF_DerivedTypeAttr:$dtype,
                   OptionalAttr<TF_ShapeAttr>:$element_shape);
  let results = (outs TF_Tensor:$value);
  let hasVerifier = 1;
}

def TF_TensorArrayScatterV3Op : TF_Op<"TensorArrayScatterV3"> {
  let summary = "TF TensorArrayScatterV3: writes rows of `value` to elements";
  let description = [{ `indices` is an int32 vector [N] and `value` (dtype
    `T`) is [N, ...]; row i is written to element indices[i]. Returns the
    new flow `flow_out`. Matches TF's TensorArrayScatterV3. }];
  let arguments = (ins TF_Tensor:$handle, TF_Tensor:$indices,
                   TF_Tensor:$value, TF_Tensor:$flow_in,
                   TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$flow_out);
  let hasVerifier = 1;
}

def TF_TensorArrayConcatV3Op : TF_Op<"TensorArrayConcatV3"> {
  let summary = "TF TensorArrayConcatV3: concatenates all elements along dim 0";
  let description = [{ `value` (dtype `dtype`) concatenates the elements
    along their first dim; `lengths` is an int64 vector with the first dim
    of each element. `element_shape_except0` (default unknown) gives the
    other dims when the array is empty. Matches TF's
    TensorArrayConcatV3. }];
  let arguments = (ins TF_Tensor:$handle, TF_Tensor:$flow_in,
                   TF_DerivedTypeAttr:$dtype,
                   OptionalAttr<TF_ShapeAttr>:$element_shape_except0);
  let results = (outs TF_Tensor:$value, TF_Tensor:$lengths);
  let hasVerifier = 1;
}

def TF_TensorArraySplitV3Op : TF_Op<"TensorArraySplitV3"> {
  let summary = "TF TensorArraySplitV3: splits `value` into elements";
  let description = [{ `value` (dtype `T`, rank >= 1) is split along dim
    0 into pieces of the sizes in the int64 vector `lengths` (which sum to
    value.shape[0]); piece i becomes element i. Returns the new flow
    `flow_out`. Matches TF's TensorArraySplitV3. }];
  let arguments = (ins TF_Tensor:$handle, TF_Tensor:$value,
                   TF_Tensor:$lengths, TF_Tensor:$flow_in,
                   TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$flow_out);
  let hasVerifier = 1;
}

def TF_TensorArraySizeV3Op : TF_Op<"TensorArraySizeV3"> {
  let summary = "TF TensorArraySizeV3: the current number of elements";
  let description = [{ `size` is an int32 scalar. Matches TF's
    TensorArraySizeV3. }];
  let arguments = (ins TF_Tensor:$handle, TF_Tensor:$flow_in);
  let results = (outs TF_Tensor:$size);
  let hasVerifier = 1;
}

def TF_TensorArrayCloseV3Op : TF_Op<"TensorArrayCloseV3"> {
  let summary = "TF TensorArrayCloseV3: deletes a TensorArray";
  let description = [{ Frees the TensorArray `handle`. Matches TF's
    TensorArrayCloseV3. }];
  let arguments = (ins TF_Tensor:$handle);
  let hasVerifier = 1;
}

def TF_TensorArrayGradV3Op : TF_Op<"TensorArrayGradV3"> {
  let summary = "TF TensorArrayGradV3: the gradient TensorArray of a handle";
  let description = [{ Returns the gradient TensorArray named `source`
    for `handle` (created on first use, same size and dtype) and its flow.
    Matches TF's TensorArrayGradV3. }];
  let arguments = (ins TF_Tensor:$handle, TF_Tensor:$flow_in,
                   StrAttr:$source);
  let results = (outs TF_Tensor:$grad_handle, TF_Tensor:$flow_out);
  let hasVerifier = 1;
}

#endif
