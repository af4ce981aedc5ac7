//===- TFOpsShape.td - shape manipulation: reshape, concat, slice, pad ---===//
//
// Ops that move, slice, pad, tile or describe tensors without computing on
// their values. Axis operands follow TF: negative axes count from the back.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_TF_OPS_SHAPE_TD
#define TFMLIR_TF_OPS_SHAPE_TD

include "dialects/tf/TFOpBase.td"

//===----------------------------------------------------------------------===//
// Reshapes
//===----------------------------------------------------------------------===//

def TF_ReshapeOp : TF_Op<"Reshape", [Pure]> {
  let summary = "TF Reshape: the elements of `tensor` in a new shape";
  let description = [{ `shape` is a 1-D int32/int64 tensor (dtype
    `Tshape`); one entry may be -1 and is then inferred from the element
    count, which must be preserved. `output` has dtype `T` of `tensor`
    and row-major element order. Matches TF's Reshape. Folds a reshape to
    the input's own static type, a reshape of a reshape, and constant
    inputs when the result type is static. }];
  let arguments = (ins TF_Tensor:$tensor, TF_Tensor:$shape,
                   TF_DerivedTypeAttr:$T, TF_DerivedTypeAttr:$Tshape);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TF_SqueezeOp : TF_Op<"Squeeze", [Pure]> {
  let summary = "TF Squeeze: removes size-1 dimensions";
  let description = [{ Removes the dims listed in `squeeze_dims` (each in
    [-rank, rank) and of size 1), or every size-1 dim when the list is
    empty (the default). Dtype `T`. Matches TF's Squeeze. Folds constant
    inputs when the result type is static, and squeezes that change nothing. }];
  let arguments = (ins TF_Tensor:$input, TF_DerivedTypeAttr:$T,
                   TF_DefaultI64List:$squeeze_dims);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TF_ExpandDimsOp : TF_Op<"ExpandDims", [Pure]> {
  let summary = "TF ExpandDims: inserts a size-1 dimension";
  let description = [{ `dim` is a scalar (or 1-element vector, dtype
    `Tdim`) in [-rank - 1, rank]; a negative `dim` counts from the back, so
    -1 appends. `output` has rank + 1 dims and dtype `T`. Matches TF's
    ExpandDims. Folds constant inputs when the result type is static. }];
  let arguments = (ins TF_Tensor:$input, TF_Tensor:$dim,
                   TF_DerivedTypeAttr:$T, TF_DerivedTypeAttr:$Tdim);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TF_TransposeOp : TF_Op<"Transpose", [Pure]> {
  let summary = "TF Transpose: permutes dimensions";
  let description = [{ `perm` is a 1-D permutation of [0, rank(x)) (dtype
    `Tperm`); `y.shape[i] = x.shape[perm[i]]`. Dtype `T`. Matches TF's
    Transpose. A constant identity permutation folds to `x`. }];
  let arguments = (ins TF_Tensor:$x, TF_Tensor:$perm, TF_DerivedTypeAttr:$T,
                   TF_DerivedTypeAttr:$Tperm);
  let results = (outs TF_Tensor:$y);
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Concatenation, packing and splitting
//===----------------------------------------------------------------------===//

def TF_ConcatV2Op : TF_Op<"ConcatV2", [Pure]> {
  let summary = "TF ConcatV2: concatenates N >= 2 tensors along `axis`";
  let description = [{ `values` are N >= 2 tensors of dtype `T` and equal
    rank whose dims agree except along `axis`, a scalar int32/int64 (dtype
    `Tidx`) in [-rank, rank) that is the LAST operand. `output` has the sum
    of the sizes along `axis`. Attrs `N`, `T`, `Tidx`. Matches TF's
    ConcatV2. }];
  let arguments = (ins Variadic<TF_Tensor>:$values, TF_Tensor:$axis,
                   OptionalAttr<I64Attr>:$N, TF_DerivedTypeAttr:$T,
                   TF_DerivedTypeAttr:$Tidx);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF_ConcatOp : TF_Op<"Concat", [Pure]> {
  let summary = "TF Concat: concatenates N >= 2 tensors along `concat_dim`";
  let description = [{ As ConcatV2, but the int32 scalar axis
    `concat_dim` is the FIRST operand. Attrs `N`, `T`. Matches TF's
    Concat. }];
  let arguments = (ins TF_Tensor:$concat_dim, Variadic<TF_Tensor>:$values,
                   OptionalAttr<I64Attr>:$N, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF_ParallelConcatOp : TF_Op<"ParallelConcat", [Pure]> {
  let summary = "TF ParallelConcat: concatenates N tensors along dim 0";
  let description = [{ Each of the N inputs has shape [1, shape[1:]] and
    `output` has the attr `shape` (dim 0 = N). Attrs `N`, `T`, `shape`.
    Matches TF's ParallelConcat. }];
  let arguments = (ins Variadic<TF_Tensor>:$values,
                   OptionalAttr<I64Attr>:$N, TF_DerivedTypeAttr:$T,
                   OptionalAttr<TF_ShapeAttr>:$shape);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF_PackOp : TF_Op<"Pack", [Pure]> {
  let summary = "TF Pack: stacks N tensors of one shape along a new axis";
  let description = [{ `values` are N >= 1 tensors of the same shape S and
    dtype `T`; `output` has rank(S) + 1 dims with N at `axis` (attr,
    default 0, in [-(rank + 1), rank + 1)). Matches TF's Pack (tf.stack). }];
  let arguments = (ins Variadic<TF_Tensor>:$values,
                   OptionalAttr<I64Attr>:$N, TF_DerivedTypeAttr:$T,
                   TF_DefaultI64<"0">:$axis);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF_UnpackOp : TF_Op<"Unpack", [Pure]> {
  let summary = "TF Unpack: splits a tensor into `num` tensors along `axis`";
  let description = [{ `value` has size `num` along `axis` (attr, default
    0, in [-rank, rank)); each of the `num` outputs has the shape of
    `value` without that axis. Dtype `T`. Matches TF's Unpack
    (tf.unstack). }];
  let arguments = (ins TF_Tensor:$value, OptionalAttr<I64Attr>:$num,
                   TF_DerivedTypeAttr:$T, TF_DefaultI64<"0">:$axis);
  let results = (outs Variadic<TF_Tensor>:$output);
  let hasVerifier = 1;
}

def TF_SplitOp : TF_Op<"Split", [Pure]> {
  let summary = "TF Split: splits `value` into `num_split` equal parts";
  let description = [{ `split_dim` is a scalar int32 in [-rank, rank);
    the size of `value` along it must be divisible by `num_split` (attr,
    the number of results). Each output has that size / num_split along
    `split_dim`. Dtype `T`. Matches TF's Split. }];
  let arguments = (ins TF_Tensor:$split_dim, TF_Tensor:$value,
                   OptionalAttr<I64Attr>:$num_split, TF_DerivedTypeAttr:$T);
  let results = (outs Variadic<TF_Tensor>:$output);
  let hasVerifier = 1;
}

def TF_SplitVOp : TF_Op<"SplitV", [Pure]> {
  let summary = "TF SplitV: splits `value` into parts of the given sizes";
  let description = [{ `size_splits` is a 1-D vector (dtype `Tlen`) of
    `num_split` sizes along `split_dim` (a scalar int32); one size may be
    -1 and is inferred. Sizes sum to the dimension. Dtype `T`. Matches TF's
    SplitV. }];
  let arguments = (ins TF_Tensor:$value, TF_Tensor:$size_splits,
                   TF_Tensor:$split_dim, OptionalAttr<I64Attr>:$num_split,
                   TF_DerivedTypeAttr:$T, TF_DerivedTypeAttr:$Tlen);
  let results = (outs Variadic<TF_Tensor>:$output);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Slicing
//===----------------------------------------------------------------------===//

def TF_SliceOp : TF_Op<"Slice", [Pure]> {
  let summary = "TF Slice: a contiguous slice of `input`";
  let description = [{ `begin` and `size` are 1-D vectors (dtype `Index`,
    int32 or int64) with one entry per dim of `input`; `size[i]` = -1 takes
    everything from `begin[i]` to the end. Requires 0 <= begin[i] and
    begin[i] + size[i] <= dim i. `output` has shape `size` (with -1s
    resolved). Dtype `T`. Matches TF's Slice. }];
  let arguments = (ins TF_Tensor:$input, TF_Tensor:$begin, TF_Tensor:$size,
                   TF_DerivedTypeAttr:$T, TF_DerivedTypeAttr:$Index);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF_StridedSliceOp : TF_Op<"StridedSlice", [Pure]> {
  let summary = "TF StridedSlice: numpy-style strided slicing";
  let description = [{ `begin`, `end` and `strides` are 1-D vectors of one
    length n (dtype `Index`) forming a sparse slice spec, as in numpy
    `input[b0:e0:s0, ...]`. The int attr masks (default 0) use bit i for
    spec entry i: `begin_mask`/`end_mask` ignore begin[i]/end[i] (full
    range in the stride's direction); `ellipsis_mask` (at most one bit)
    makes entry i an ellipsis covering the unspecified dims (one is implied
    at the end when absent); `new_axis_mask` inserts a size-1 dim;
    `shrink_axis_mask` takes the single index begin[i] and removes the dim
    (requires a positive stride). Indices are clamped to the dim as numpy
    does, except shrink indices, which must be in range. Strides are
    non-zero. Dtype `T`. Matches TF's StridedSlice (the output shape is
    computed exactly as TF's ValidateStridedSliceOp, by
    lib/Support/StridedSlice.h, and checked when the spec is constant). }];
  let arguments = (ins TF_Tensor:$input, TF_Tensor:$begin, TF_Tensor:$end,
                   TF_Tensor:$strides, TF_DerivedTypeAttr:$T,
                   TF_DerivedTypeAttr:$Index,
                   TF_DefaultI64<"0">:$begin_mask,
                   TF_DefaultI64<"0">:$end_mask,
                   TF_DefaultI64<"0">:$ellipsis_mask,
                   TF_DefaultI64<"0">:$new_axis_mask,
                   TF_DefaultI64<"0">:$shrink_axis_mask);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The output shape TF computes for a static spec, or failure (with
    /// `error` set) for a spec TF rejects. Dims are dynamic where unknown.
    /// Returns success with `known` = false when the rank is unknown.
    ::mlir::LogicalResult computeOutputShape(
        ::llvm::SmallVectorImpl<int64_t> &shape, bool &known,
        std::string &error);
  }];
}

//===----------------------------------------------------------------------===//
// Padding and tiling
//===----------------------------------------------------------------------===//

class TF_PadBase<string mnemonic, string notes> : TF_Op<mnemonic, [Pure]> {
  let summary = "TF " # mnemonic # ": pads a tensor";
  let description = "`paddings` is an int32/int64 [rank, 2] matrix (dtype "
    "`Tpaddings`) of non-negative (before, after) counts per dim; `output` "
    "dim i = input dim i + paddings[i, 0] + paddings[i, 1]. Dtype `T`. " #
    notes # " Matches TF's " # mnemonic # ".";
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF_PadOp : TF_PadBase<"Pad", "Pads with zeros (empty strings, false)."> {
  let arguments = (ins TF_Tensor:$input, TF_Tensor:$paddings,
                   TF_DerivedTypeAttr:$T, TF_DerivedTypeAttr:$Tpaddings);
}
def TF_PadV2Op : TF_PadBase<"PadV2",
    "Pads with the scalar `constant_values`."> {
  let arguments = (ins TF_Tensor:$input, TF_Tensor:$paddings,
                   TF_Tensor:$constant_values, TF_DerivedTypeAttr:$T,
                   TF_DerivedTypeAttr:$Tpaddings);
}
def TF_MirrorPadOp : TF_PadBase<"MirrorPad",
    "Pads with a mirror image; `mode` is REFLECT (edge not repeated: "
    "paddings < dim) or SYMMETRIC (edge repeated: paddings <= dim)."> {
  let arguments = (ins TF_Tensor:$input, TF_Tensor:$paddings,
                   TF_DerivedTypeAttr:$T, TF_DerivedTypeAttr:$Tpaddings,
                   StrAttr:$mode);
}

def TF_TileOp : TF_Op<"Tile", [Pure]> {
  let summary = "TF Tile: repeats a tensor `multiples[i]` times along dim i";
  let description = [{ `multiples` is a 1-D int32/int64 vector (dtype
    `Tmultiples`) with one non-negative entry per dim; `output` dim i =
    input dim i * multiples[i]. Dtype `T`. Matches TF's Tile. }];
  let arguments = (ins TF_Tensor:$input, TF_Tensor:$multiples,
                   TF_DerivedTypeAttr:$T, TF_DerivedTypeAttr:$Tmultiples);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF_BroadcastToOp : TF_Op<"BroadcastTo", [Pure]> {
  let summary = "TF BroadcastTo: broadcasts `input` to `shape`";
  let description = [{ `shape` is a 1-D int32/int64 vector (dtype `Tidx`);
    `input` must be broadcastable to it by numpy rules, and `output` has
    that shape and dtype `T`. Matches TF's BroadcastTo. Folds to `input`
    when the types are equal. }];
  let arguments = (ins TF_Tensor:$input, TF_Tensor:$shape,
                   TF_DerivedTypeAttr:$T, TF_DerivedTypeAttr:$Tidx);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TF_BroadcastArgsOp : TF_Op<"BroadcastArgs", [Pure]> {
  let summary = "TF BroadcastArgs: the broadcast shape of two shapes";
  let description = [{ `s0`, `s1` and `r0` are 1-D int32/int64 shape
    vectors (dtype `T`); `r0` is the numpy broadcast of `s0` and `s1`.
    Matches TF's BroadcastArgs. Folds constant operands. }];
  let arguments = (ins TF_Tensor:$s0, TF_Tensor:$s1, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$r0);
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Creating tensors
//===----------------------------------------------------------------------===//

def TF_FillOp : TF_Op<"Fill", [Pure]> {
  let summary = "TF Fill: a tensor of shape `dims` filled with `value`";
  let description = [{ `dims` is a 1-D int32/int64 vector (dtype
    `index_type`) of non-negative sizes; `value` is a scalar of dtype `T`.
    Matches TF's Fill. Folds a constant `value` when the result type is
    static. }];
  let arguments = (ins TF_Tensor:$dims, TF_Tensor:$value,
                   TF_DerivedTypeAttr:$T, TF_DerivedTypeAttr:$index_type);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
  let hasFolder = 1;
}

class TF_LikeOp<string mnemonic, string value, string types>
    : TF_Op<mnemonic, [Pure, TF_SameShapeOperandsAndResults,
                       TF_SameElementTypeOperandsAndResults]> {
  let summary = "TF " # mnemonic # ": a tensor of " # value #
                " with the shape and dtype of x";
  let description = "`y` has the shape and dtype `T` of `x` (" # types #
    ") and every element is " # value # ". Matches TF's " # mnemonic #
    ". Folds to a constant when the type is static and numeric or bool.";
  let arguments = (ins TF_Tensor:$x, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$y);
  let hasFolder = 1;
}
def TF_ZerosLikeOp : TF_LikeOp<"ZerosLike", "zeros",
    "any dtype; a variant TensorList gives an empty list of zeros">;
def TF_OnesLikeOp : TF_LikeOp<"OnesLike", "ones", "numeric or bool">;

def TF_EmptyOp : TF_Op<"Empty"> {
  let summary = "TF Empty: an uninitialized tensor of the given shape";
  let description = [{ `shape` is a 1-D int32 vector; `output` has dtype
    `dtype`. Its contents are unspecified unless `init` (default false)
    asks for zeros. Not Pure, as in TF (which marks it do-not-optimize):
    two Empty ops are not interchangeable. Matches TF's Empty. }];
  let arguments = (ins TF_Tensor:$shape, TF_DerivedTypeAttr:$dtype,
                   TF_DefaultBool<"false">:$init);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Shape queries
//===----------------------------------------------------------------------===//

def TF_ShapeOp : TF_Op<"Shape", [Pure]> {
  let summary = "TF Shape: the shape of a tensor as a 1-D vector";
  let description = [{ `output` is a [rank(input)] vector of dtype
    `out_type` (int32, the default, or int64). Matches TF's Shape. Folds
    for static input shapes when the result type is static. }];
  let arguments = (ins TF_Tensor:$input, TF_DerivedTypeAttr:$T,
                   TF_DerivedTypeAttr:$out_type);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TF_ShapeNOp : TF_Op<"ShapeN", [Pure]> {
  let summary = "TF ShapeN: the shapes of N tensors";
  let description = [{ `output[i]` is the shape of `input[i]` as a 1-D
    vector of dtype `out_type`. Attrs `N`, `T`, `out_type`. Matches TF's
    ShapeN. Folds when every input shape and result type is static. }];
  let arguments = (ins Variadic<TF_Tensor>:$input, OptionalAttr<I64Attr>:$N,
                   TF_DerivedTypeAttr:$T, TF_DerivedTypeAttr:$out_type);
  let results = (outs Variadic<TF_Tensor>:$output);
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TF_SizeOp : TF_Op<"Size", [Pure]> {
  let summary = "TF Size: the number of elements of a tensor";
  let description = [{ `output` is a scalar of dtype `out_type` (int32,
    the default, or int64). Matches TF's Size. Folds for static input
    shapes (when the count fits `out_type`). }];
  let arguments = (ins TF_Tensor:$input, TF_DerivedTypeAttr:$T,
                   TF_DerivedTypeAttr:$out_type);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TF_RankOp : TF_Op<"Rank", [Pure]> {
  let summary = "TF Rank: the number of dimensions of a tensor";
  let description = [{ `output` is an int32 scalar. Matches TF's Rank.
    Folds for ranked inputs. }];
  let arguments = (ins TF_Tensor:$input, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Identity-like
//===----------------------------------------------------------------------===//

def TF_SnapshotOp : TF_Op<"Snapshot", [Pure, TF_SameShapeOperandsAndResults,
                                       TF_SameElementTypeOperandsAndResults]> {
  let summary = "TF Snapshot: a copy of `input`";
  let description = [{ `output` = `input` (dtype `T`), as a distinct buffer.
    Matches TF's Snapshot. Folds to `input` when the types are equal. }];
  let arguments = (ins TF_Tensor:$input, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
  let hasFolder = 1;
}

def TF_EnsureShapeOp : TF_Op<"EnsureShape", [Pure,
    TF_SameShapeOperandsAndResults, TF_SameElementTypeOperandsAndResults]> {
  let summary = "TF EnsureShape: forwards `input`, checking its shape";
  let description = [{ `output` = `input` (dtype `T`); at run time a shape
    incompatible with the `shape` attr is an error, and a static mismatch is
    a verifier error. Matches TF's EnsureShape. Folds to `input` when its
    type is static, equals the result type and satisfies `shape`. }];
  let arguments = (ins TF_Tensor:$input, TF_ShapeAttr:$shape,
                   TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TF_DeepCopyOp : TF_Op<"DeepCopy", [TF_SameShapeOperandsAndResults,
    TF_SameElementTypeOperandsAndResults]> {
  let summary = "TF DeepCopy: a deep copy of `x`";
  let description = [{ `y` = `x` (dtype `T`) in a new buffer. Stateful in
    TF (so not Pure here): copies are not merged. Matches TF's DeepCopy. }];
  let arguments = (ins TF_Tensor:$x, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$y);
}

def TF_InvertPermutationOp : TF_Op<"InvertPermutation", [Pure,
    TF_SameShapeOperandsAndResults, TF_SameElementTypeOperandsAndResults]> {
  let summary = "TF InvertPermutation: y[x[i]] = i";
  let description = [{ `x` is a 1-D int32/int64 permutation of [0, n);
    `y` is its inverse. Matches TF's InvertPermutation. }];
  let arguments = (ins TF_Tensor:$x, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$y);
  let hasVerifier = 1;
}

#endif
