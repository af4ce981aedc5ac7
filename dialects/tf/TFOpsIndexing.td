//===- TFOpsIndexing.td - gather/scatter, select, top-k, reorder ops -----===//
//
// Ops that pick, scatter or reorder elements by index: Gather*, Scatter*,
// Select*, Where, TopKV2, OneHot, space<->batch/depth rearrangements,
// reversals, Range/LinSpace, matrix diagonals, partition/stitch.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_TF_OPS_INDEXING_TD
#define TFMLIR_TF_OPS_INDEXING_TD

include "dialects/tf/TFOpBase.td"

//===----------------------------------------------------------------------===//
// Gather and scatter
//===----------------------------------------------------------------------===//

def TF_GatherOp : TF_Op<"Gather", [Pure]> {
  let summary = "TF Gather: rows of `params` selected by `indices`";
  let description = [{ `output` has shape indices.shape + params.shape[1:]
    and dtype `Tparams`; `indices` is int32/int64 (`Tindices`). Out-of-range
    indices are an error on CPU. `validate_indices` (default true) is
    ignored, as in TF. Matches TF's Gather. }];
  let arguments = (ins TF_Tensor:$params, TF_Tensor:$indices,
                   TF_DefaultBool<"true">:$validate_indices,
                   TF_DerivedTypeAttr:$Tparams, TF_DerivedTypeAttr:$Tindices);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF_GatherV2Op : TF_Op<"GatherV2", [Pure]> {
  let summary = "TF GatherV2: slices of `params` along `axis` selected by "
                "`indices`";
  let description = [{ `axis` is a scalar in [-rank(params), rank(params))
    (dtype `Taxis`). With `batch_dims` = b (attr, default 0; negative counts
    from rank(indices)), the first b dims of `params` and `indices` are
    batch dims, b <= axis, and `output` has shape params.shape[:axis] +
    indices.shape[b:] + params.shape[axis + 1:]. Out-of-range indices are an
    error on CPU (zero on GPU). Matches TF's GatherV2. }];
  let arguments = (ins TF_Tensor:$params, TF_Tensor:$indices,
                   TF_Tensor:$axis, TF_DefaultI64<"0">:$batch_dims,
                   TF_DerivedTypeAttr:$Tparams, TF_DerivedTypeAttr:$Tindices,
                   TF_DerivedTypeAttr:$Taxis);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF_GatherNdOp : TF_Op<"GatherNd", [Pure]> {
  let summary = "TF GatherNd: slices of `params` selected by index tuples";
  let description = [{ `indices` has rank >= 1 and its last dim K <=
    rank(params) gives an index tuple into the first K dims of `params`;
    `output` has shape indices.shape[:-1] + params.shape[K:] and dtype
    `Tparams`. `bad_indices_policy` (TF 2.17+; "", "DEFAULT" or "ERROR":
    an out-of-range index tuple fails the run with InvalidArgument, as TF's
    CPU kernel; "IGNORE": its output slice is zero). Matches TF's
    GatherNd. }];
  let arguments = (ins TF_Tensor:$params, TF_Tensor:$indices,
                   TF_DerivedTypeAttr:$Tparams, TF_DerivedTypeAttr:$Tindices,
                   OptionalAttr<StrAttr>:$bad_indices_policy);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF_ScatterNdOp : TF_Op<"ScatterNd", [Pure]> {
  let summary = "TF ScatterNd: scatters `updates` into zeros of `shape`";
  let description = [{ `shape` is a 1-D vector (dtype `Tindices`) giving
    the shape of `output`; `indices` has last dim K <= len(shape); `updates`
    has shape indices.shape[:-1] + shape[K:]. Duplicate indices accumulate
    (sum). `bad_indices_policy` (TF 2.17+; "", "DEFAULT" or "ERROR": an
    out-of-range index tuple fails the run with InvalidArgument, as TF's
    CPU kernel; "IGNORE": its update is skipped). Matches TF's
    ScatterNd. }];
  let arguments = (ins TF_Tensor:$indices, TF_Tensor:$updates,
                   TF_Tensor:$shape, TF_DerivedTypeAttr:$T,
                   TF_DerivedTypeAttr:$Tindices,
                   OptionalAttr<StrAttr>:$bad_indices_policy);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

class TF_TensorScatterOp<string mnemonic, string what>
    : TF_Op<mnemonic, [Pure]> {
  let summary = "TF " # mnemonic # ": " # what # " slices of a copy of "
                "`tensor`";
  let description = "`output` has the shape and dtype `T` of `tensor`; "
    "`indices` has last dim K <= rank(tensor) and `updates` has shape "
    "indices.shape[:-1] + tensor.shape[K:]. `bad_indices_policy` (TF "
    "2.17+; \"\", \"DEFAULT\" or \"ERROR\": an out-of-range index tuple "
    "fails the run with InvalidArgument, as TF's CPU kernel; \"IGNORE\": "
    "its update is skipped). Matches TF's " # mnemonic # ".";
  let arguments = (ins TF_Tensor:$tensor, TF_Tensor:$indices,
                   TF_Tensor:$updates, TF_DerivedTypeAttr:$T,
                   TF_DerivedTypeAttr:$Tindices,
                   OptionalAttr<StrAttr>:$bad_indices_policy);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}
def TF_TensorScatterUpdateOp : TF_TensorScatterOp<"TensorScatterUpdate",
    "replaces">;
def TF_TensorScatterAddOp : TF_TensorScatterOp<"TensorScatterAdd", "adds to">;
def TF_TensorScatterSubOp : TF_TensorScatterOp<"TensorScatterSub",
    "subtracts from">;

//===----------------------------------------------------------------------===//
// Selection
//===----------------------------------------------------------------------===//

def TF_SelectOp : TF_Op<"Select", [Pure]> {
  let summary = "TF Select: elementwise condition ? t : e";
  let description = [{ Operands #1 and #2 are TF's `t` and `e`, named
    `then_value` and `else_value` here (as in TF's MLIR dialect) because
    `getT` is the `T` attr. `then_value`, `else_value` and `output` have one
    shape and dtype `T`; the bool `condition` has that shape, or is a
    scalar, or is a vector selecting whole rows (dim 0). No other
    broadcasting. Matches TF's Select. A constant splat `condition` folds to
    `then_value` or `else_value`. }];
  let arguments = (ins TF_Tensor:$condition, TF_Tensor:$then_value,
                   TF_Tensor:$else_value,
                   TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TF_SelectV2Op : TF_Op<"SelectV2", [Pure]> {
  let summary = "TF SelectV2: condition ? t : e with numpy broadcasting";
  let description = [{ `condition` (bool), `then_value` and `else_value`
    (TF's `t` and `e`) broadcast together by numpy rules; `output` has the
    broadcast shape and dtype `T`. Matches TF's SelectV2 (tf.where with
    three arguments). A constant splat `condition` folds to `then_value` or
    `else_value` when that already has the result type. }];
  let arguments = (ins TF_Tensor:$condition, TF_Tensor:$then_value,
                   TF_Tensor:$else_value,
                   TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TF_WhereOp : TF_Op<"Where", [Pure]> {
  let summary = "TF Where: coordinates of the true (non-zero) elements";
  let description = [{ `index` is an int64 [num_true, rank(input)] matrix
    of the coordinates of non-zero elements of `input` (bool or numeric,
    dtype `T`), in row-major order. Matches TF's Where (tf.where with one
    argument). }];
  let arguments = (ins TF_Tensor:$input, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$index);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Top-k, one-hot
//===----------------------------------------------------------------------===//

def TF_TopKV2Op : TF_Op<"TopKV2", [Pure]> {
  let summary = "TF TopKV2: the k largest entries along the last dim";
  let description = [{ `input` has rank >= 1 and last dim >= k; `k` is a
    scalar (dtype `Tk`). `values` (dtype `T`) and `indices` (dtype
    `index_type`, default int32) have shape input.shape[:-1] + [k]. With
    `sorted` (default true) values are in descending order; equal values
    keep the lower index first. Matches TF's TopKV2. }];
  let arguments = (ins TF_Tensor:$input, TF_Tensor:$k,
                   TF_DefaultBool<"true">:$sorted, TF_DerivedTypeAttr:$T,
                   TF_DerivedTypeAttr:$Tk, TF_DerivedTypeAttr:$index_type);
  let results = (outs TF_Tensor:$values, TF_Tensor:$indices);
  let hasVerifier = 1;
}

def TF_NthElementOp : TF_Op<"NthElement", [Pure]> {
  let summary = "TF NthElement: the n-th smallest value along the last dim";
  let description = [{ `input` has rank >= 1 and last dim > n; `n` is an
    int32 scalar; `values` has shape input.shape[:-1]. With `reverse`
    (default false) the n-th largest. Matches TF's NthElement. }];
  let arguments = (ins TF_Tensor:$input, TF_Tensor:$n,
                   TF_DefaultBool<"false">:$reverse, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$values);
  let hasVerifier = 1;
}

def TF_OneHotOp : TF_Op<"OneHot", [Pure]> {
  let summary = "TF OneHot: one-hot encoding of `indices`";
  let description = [{ `depth` is an int32 scalar, `on_value`/`off_value`
    scalars of dtype `T`. `output` has rank(indices) + 1 dims, with a new
    dim of size `depth` at `axis` (attr, default -1 = last; in [-1,
    rank]). Indices outside [0, depth) give all `off_value`. `TI` is the
    indices dtype. Matches TF's OneHot. }];
  let arguments = (ins TF_Tensor:$indices, TF_Tensor:$depth,
                   TF_Tensor:$on_value, TF_Tensor:$off_value,
                   TF_DefaultI64<"-1">:$axis, TF_DerivedTypeAttr:$T,
                   TF_DerivedTypeAttr:$TI);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Space/batch/depth rearrangements
//===----------------------------------------------------------------------===//

def TF_SpaceToBatchNDOp : TF_Op<"SpaceToBatchND", [Pure]> {
  let summary = "TF SpaceToBatchND: moves blocks of spatial dims into batch";
  let description = [{ `block_shape` is a 1-D vector [M] of sizes >= 1 and
    `paddings` an [M, 2] matrix of non-negative pads for the M spatial dims
    1..M of `input` (rank >= 1 + M). Padded spatial sizes must be divisible
    by the block. `output` has batch * prod(block_shape), spatial (in +
    pads) / block, and the remaining dims unchanged. Attrs `T`,
    `Tblock_shape`, `Tpaddings`. Matches TF's SpaceToBatchND. }];
  let arguments = (ins TF_Tensor:$input, TF_Tensor:$block_shape,
                   TF_Tensor:$paddings, TF_DerivedTypeAttr:$T,
                   TF_DerivedTypeAttr:$Tblock_shape,
                   TF_DerivedTypeAttr:$Tpaddings);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF_BatchToSpaceNDOp : TF_Op<"BatchToSpaceND", [Pure]> {
  let summary = "TF BatchToSpaceND: moves blocks of batch into spatial dims";
  let description = [{ The inverse of SpaceToBatchND: `block_shape` is
    [M], `crops` is [M, 2] (non-negative); the batch must be divisible by
    prod(block_shape); `output` has batch / prod(block_shape) and spatial
    in * block - crops. Attrs `T`, `Tblock_shape`, `Tcrops`. Matches TF's
    BatchToSpaceND. }];
  let arguments = (ins TF_Tensor:$input, TF_Tensor:$block_shape,
                   TF_Tensor:$crops, TF_DerivedTypeAttr:$T,
                   TF_DerivedTypeAttr:$Tblock_shape,
                   TF_DerivedTypeAttr:$Tcrops);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

class TF_DepthSpaceOp<string mnemonic, string what, string shapes>
    : TF_Op<mnemonic, [Pure]> {
  let summary = "TF " # mnemonic # ": " # what;
  let description = "`input` is 4-D in `data_format` NHWC (default), NCHW or "
    "NCHW_VECT_C (5-D); `block_size` (attr, >= 2) is b. " # shapes #
    " Dtype `T`. Matches TF's " # mnemonic # ".";
  let arguments = (ins TF_Tensor:$input, TF_DerivedTypeAttr:$T,
                   I64Attr:$block_size, TF_DefaultStr<"NHWC">:$data_format);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}
def TF_SpaceToDepthOp : TF_DepthSpaceOp<"SpaceToDepth",
    "moves b x b spatial blocks into the channel dim",
    "Height and width must be divisible by b; the output is [N, H / b, W / "
    "b, C * b * b] (NHWC).">;
def TF_DepthToSpaceOp : TF_DepthSpaceOp<"DepthToSpace",
    "moves channel data into b x b spatial blocks",
    "Depth must be divisible by b * b; the output is [N, H * b, W * b, C / "
    "(b * b)] (NHWC).">;

//===----------------------------------------------------------------------===//
// Reordering
//===----------------------------------------------------------------------===//

def TF_ReverseV2Op : TF_Op<"ReverseV2", [Pure]> {
  let summary = "TF ReverseV2: reverses the given axes";
  let description = [{ `axis` is a 1-D vector of distinct axes in
    [-rank, rank) (dtype `Tidx`); `output` has the shape and dtype `T` of
    `tensor`. Matches TF's ReverseV2. A constant empty `axis` folds to
    `tensor`. }];
  let arguments = (ins TF_Tensor:$tensor, TF_Tensor:$axis,
                   TF_DerivedTypeAttr:$Tidx, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TF_RollOp : TF_Op<"Roll", [Pure]> {
  let summary = "TF Roll: rolls elements along axes";
  let description = [{ `shift` and `axis` are scalars or 1-D vectors of
    the same length (dtypes `Tshift`, `Taxis`); element i moves to i +
    shift along each axis, wrapping around (an axis may repeat: shifts
    add). `output` has the shape and dtype `T` of `input`. Matches TF's
    Roll. }];
  let arguments = (ins TF_Tensor:$input, TF_Tensor:$shift, TF_Tensor:$axis,
                   TF_DerivedTypeAttr:$T, TF_DerivedTypeAttr:$Tshift,
                   TF_DerivedTypeAttr:$Taxis);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF_ReverseSequenceOp : TF_Op<"ReverseSequence", [Pure]> {
  let summary = "TF ReverseSequence: reverses variable-length prefixes";
  let description = [{ For each b along `batch_dim` (attr, default 0), the
    first seq_lengths[b] elements along `seq_dim` (attr) are reversed.
    `seq_lengths` is a 1-D vector (dtype `Tlen`) of length
    input.shape[batch_dim], each <= input.shape[seq_dim]; seq_dim !=
    batch_dim. `output` has the shape and dtype `T` of `input`. Matches TF's
    ReverseSequence. }];
  let arguments = (ins TF_Tensor:$input, TF_Tensor:$seq_lengths,
                   I64Attr:$seq_dim, TF_DefaultI64<"0">:$batch_dim,
                   TF_DerivedTypeAttr:$T, TF_DerivedTypeAttr:$Tlen);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Sequences
//===----------------------------------------------------------------------===//

def TF_RangeOp : TF_Op<"Range", [Pure]> {
  let summary = "TF Range: [start, start + delta, ...) up to `limit`";
  let description = [{ `start`, `limit` and non-zero `delta` are scalars
    of dtype `Tidx` (int or float); `output` is 1-D with
    ceil((limit - start) / delta) elements (TF requires start <= limit for
    delta > 0 and start >= limit for delta < 0). Element i is computed as
    TF does, by repeated addition of `delta`. Matches TF's Range. Folds
    integer, f32 and f64 constants when the result type is static. }];
  let arguments = (ins TF_Tensor:$start, TF_Tensor:$limit, TF_Tensor:$delta,
                   TF_DerivedTypeAttr:$Tidx);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TF_LinSpaceOp : TF_Op<"LinSpace", [Pure]> {
  let summary = "TF LinSpace: `num` evenly spaced values from start to stop";
  let description = [{ `start` and `stop` are float scalars (dtype `T`),
    `num` a positive int scalar (dtype `Tidx`); `output` is [num] with
    output[0] = start and output[num - 1] = stop. Matches TF's LinSpace. }];
  let arguments = (ins TF_Tensor:$start, TF_Tensor:$stop, TF_Tensor:$num,
                   TF_DerivedTypeAttr:$T, TF_DerivedTypeAttr:$Tidx);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Matrix diagonals and bands (V1 ops)
//===----------------------------------------------------------------------===//

def TF_MatrixDiagOp : TF_Op<"MatrixDiag", [Pure]> {
  let summary = "TF MatrixDiag: batched diagonal matrices from vectors";
  let description = [{ `diagonal` is [..., N]; `output` is [..., N, N] with
    `diagonal` on the main diagonal and zeros elsewhere. Dtype `T`. Matches
    TF's MatrixDiag. }];
  let arguments = (ins TF_Tensor:$diagonal, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF_MatrixSetDiagOp : TF_Op<"MatrixSetDiag", [Pure]> {
  let summary = "TF MatrixSetDiag: replaces the main diagonal";
  let description = [{ `input` is [..., M, N]; `diagonal` is [...,
    min(M, N)]; `output` has the shape of `input`. Dtype `T`. Matches TF's
    MatrixSetDiag. }];
  let arguments = (ins TF_Tensor:$input, TF_Tensor:$diagonal,
                   TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF_MatrixDiagPartOp : TF_Op<"MatrixDiagPart", [Pure]> {
  let summary = "TF MatrixDiagPart: the main diagonal of batched matrices";
  let description = [{ `input` is [..., M, N]; `diagonal` is [...,
    min(M, N)]. Dtype `T`. Matches TF's MatrixDiagPart. }];
  let arguments = (ins TF_Tensor:$input, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$diagonal);
  let hasVerifier = 1;
}

def TF_MatrixBandPartOp : TF_Op<"MatrixBandPart", [Pure]> {
  let summary = "TF MatrixBandPart: zeroes everything outside a band";
  let description = [{ `input` is [..., M, N]; `num_lower` and `num_upper`
    are scalars (dtype `Tindex`; negative keeps the whole triangle);
    element (m, n) is kept iff (num_lower < 0 || m - n <= num_lower) &&
    (num_upper < 0 || n - m <= num_upper). `band` has the shape of
    `input`. Matches TF's MatrixBandPart. }];
  let arguments = (ins TF_Tensor:$input, TF_Tensor:$num_lower,
                   TF_Tensor:$num_upper, TF_DerivedTypeAttr:$T,
                   TF_DerivedTypeAttr:$Tindex);
  let results = (outs TF_Tensor:$band);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Unique, partition and stitch, bincount
//===----------------------------------------------------------------------===//

def TF_UniqueOp : TF_Op<"Unique", [Pure]> {
  let summary = "TF Unique: the distinct elements of a 1-D tensor";
  let description = [{ `x` is 1-D; `y` holds its distinct values in order
    of first occurrence, and `idx` (same shape as `x`, dtype `out_idx`,
    default int32) maps each element of `x` to its position in `y`. Matches
    TF's Unique. }];
  let arguments = (ins TF_Tensor:$x, TF_DerivedTypeAttr:$T,
                   TF_DerivedTypeAttr:$out_idx);
  let results = (outs TF_Tensor:$y, TF_Tensor:$idx);
  let hasVerifier = 1;
}

def TF_DynamicPartitionOp : TF_Op<"DynamicPartition", [Pure]> {
  let summary = "TF DynamicPartition: splits `data` into `num_partitions` "
                "parts by index";
  let description = [{ `partitions` (int32, values in [0, num_partitions))
    has a shape that is a prefix of `data`'s; output i gathers the slices
    of `data` whose partition is i, in order, and has shape [?] +
    data.shape[rank(partitions):]. Attrs `num_partitions` (the number of
    results) and `T`. Matches TF's DynamicPartition. }];
  let arguments = (ins TF_Tensor:$data, TF_Tensor:$partitions,
                   OptionalAttr<I64Attr>:$num_partitions,
                   TF_DerivedTypeAttr:$T);
  let results = (outs Variadic<TF_Tensor>:$outputs);
  let hasVerifier = 1;
}

class TF_DynamicStitchBase<string mnemonic, string notes>
    : TF_Op<mnemonic, [Pure, SameVariadicOperandSize]> {
  let summary = "TF " # mnemonic # ": interleaves `data` by `indices`";
  let description = "The N int32 `indices` tensors and N `data` tensors "
    "(operands: all indices, then all data) satisfy data[i].shape = "
    "indices[i].shape + S for one suffix S; merged[indices[i][j]] = "
    "data[i][j], and `merged` has shape [max index + 1] + S. " # notes #
    " Attrs `N`, `T`. Matches TF's " # mnemonic # ".";
  let arguments = (ins Variadic<TF_Tensor>:$indices,
                   Variadic<TF_Tensor>:$data, OptionalAttr<I64Attr>:$N,
                   TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$merged);
  let hasVerifier = 1;
}
def TF_DynamicStitchOp : TF_DynamicStitchBase<"DynamicStitch",
    "For duplicate indices the last write (in operand order) wins.">;
def TF_ParallelDynamicStitchOp : TF_DynamicStitchBase<"ParallelDynamicStitch",
    "For duplicate indices the winner is unspecified.">;

def TF_BincountOp : TF_Op<"Bincount", [Pure]> {
  let summary = "TF Bincount: counts (or sums weights of) int32 values";
  let description = [{ `arr` is an int32 tensor of values, `size` a
    non-negative int32 scalar; `bins` is [size] of dtype `T`, where bins[i]
    sums `weights` at the positions where arr == i (or counts them when
    `weights` is empty). Values outside [0, size) are ignored. Matches TF's
    Bincount. }];
  let arguments = (ins TF_Tensor:$arr, TF_Tensor:$size, TF_Tensor:$weights,
                   TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$bins);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Sparse
//===----------------------------------------------------------------------===//

def TF_SparseTensorDenseAddOp : TF_Op<"SparseTensorDenseAdd", [Pure]> {
  let summary = "TF SparseTensorDenseAdd: adds a SparseTensor to a dense one";
  let description = [{ The SparseTensor is `a_indices` ([nnz, ndims],
    dtype `Tindices`), `a_values` ([nnz], dtype `T`) and `a_shape`
    ([ndims]); `b` and `output` are dense with that shape. Duplicate
    indices accumulate. Matches TF's SparseTensorDenseAdd. }];
  let arguments = (ins TF_Tensor:$a_indices, TF_Tensor:$a_values,
                   TF_Tensor:$a_shape, TF_Tensor:$b, TF_DerivedTypeAttr:$T,
                   TF_DerivedTypeAttr:$Tindices);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF_DiagOp : TF_Op<"Diag", [Pure, TF_SameElementTypeOperandsAndResults]> {
  let summary = "TF Diag: a diagonal tensor from its diagonal";
  let description = [{ `diagonal` has shape D = [D1, ..., Dk] (k >= 1);
    `output` has shape D ++ D with output[i1..ik, i1..ik] = diagonal[i1..ik]
    and zeros elsewhere. Dtype `T` (float, half, bfloat16, double, int32,
    int64, complex). Matches TF's Diag. }];
  let arguments = (ins TF_Tensor:$diagonal, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
}

def TF_DiagPartOp : TF_Op<"DiagPart", [Pure,
    TF_SameElementTypeOperandsAndResults]> {
  let summary = "TF DiagPart: the diagonal of a D ++ D tensor";
  let description = [{ `input` has even rank 2k with dims [D1..Dk, D1..Dk];
    `diagonal` has shape [D1..Dk] with diagonal[i1..ik] =
    input[i1..ik, i1..ik]. Dtype `T`. Matches TF's DiagPart (the shape
    function rejects an odd rank or differing halves). }];
  let arguments = (ins TF_Tensor:$input, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$diagonal);
}

def TF_RaggedRangeOp : TF_Op<"RaggedRange", [Pure]> {
  let summary = "TF RaggedRange: a ragged tensor of ranges";
  let description = [{ `starts`, `limits`, `deltas` are scalars or 1-D of
    one length n (scalars broadcast; dtype `T`: int32, int64, float, double,
    bfloat16). Row i is Range(starts[i], limits[i], deltas[i]);
    `rt_dense_values` (dtype `T`) concatenates the rows and
    `rt_nested_splits` (1-D, n + 1, dtype `Tsplits`, default int64) holds
    the row offsets. TF fails a Run with "Requires delta != 0" and
    "Requires ((limit - start) / delta) <= 2147483647" (its size limit).
    Matches TF's RaggedRange. }];
  let arguments = (ins TF_Tensor:$starts, TF_Tensor:$limits, TF_Tensor:$deltas,
                   TF_DerivedTypeAttr:$T, TF_DerivedTypeAttr:$Tsplits);
  let results = (outs TF_Tensor:$rt_nested_splits, TF_Tensor:$rt_dense_values);
}

def TF_ListDiffOp : TF_Op<"ListDiff", [Pure]> {
  let summary = "TF ListDiff: the values of x that are not in y";
  let description = [{ `x` and `y` are 1-D (dtype `T`); `out` holds, in
    x's order, the elements of x not in y, and `idx` (dtype `out_idx`,
    int32/int64) their positions in x. Matches TF's ListDiff (SetDiff1D). }];
  let arguments = (ins TF_Tensor:$x, TF_Tensor:$y, TF_DerivedTypeAttr:$T,
                   TF_DerivedTypeAttr:$out_idx);
  let results = (outs TF_Tensor:$out, TF_Tensor:$idx);
}

def TF_MatrixDiagPartV2Op : TF_Op<"MatrixDiagPartV2", [Pure]> {
  let summary = "TF MatrixDiagPartV2: diagonals k[0]..k[1] of a batch of matrices";
  let description = [{ As MatrixDiagPartV3 with align = "LEFT_LEFT" (V2's
    packing): `input` [..., M, N] (dtype `T`), `k` an int32 scalar or pair,
    `padding_value` a scalar of dtype `T`. Matches TF's MatrixDiagPartV2. }];
  let arguments = (ins TF_Tensor:$input, TF_Tensor:$k,
                   TF_Tensor:$padding_value, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$diagonal);
}

//===----------------------------------------------------------------------===//
// Matrix diagonals, V2/V3 (a band of diagonals k[0]..k[1])
//===----------------------------------------------------------------------===//

def TF_MatrixDiagV2Op : TF_Op<"MatrixDiagV2", [Pure]> {
  let summary = "TF MatrixDiagV2: batched matrices with diagonals k[0]..k[1]";
  let description = [{ `diagonal` is [..., N] for one diagonal or
    [..., k[1] - k[0] + 1, N] for a band (dtype `T`); `k` an int32 scalar
    or pair (the diagonal offsets; 0 is the main one); `num_rows` and
    `num_cols` int32 scalars (-1: inferred from `diagonal` and `k`);
    `padding_value` a scalar of dtype `T` filling the rest. `output` is
    [..., num_rows, num_cols]. V2 packs a band LEFT_LEFT. Verified: ranks
    as TF's shape function checks them (diagonal >= 1, k <= 1, the others
    scalars). Matches TF's MatrixDiagV2. }];
  let arguments = (ins TF_Tensor:$diagonal, TF_Tensor:$k, TF_Tensor:$num_rows,
                   TF_Tensor:$num_cols, TF_Tensor:$padding_value,
                   TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF_MatrixDiagV3Op : TF_Op<"MatrixDiagV3", [Pure]> {
  let summary = "TF MatrixDiagV3: MatrixDiagV2 with the band packing `align`";
  let description = [{ As MatrixDiagV2, with `align` (LEFT_RIGHT,
    RIGHT_LEFT, LEFT_LEFT or RIGHT_RIGHT; default RIGHT_LEFT) saying how
    the diagonals of a band shorter than the longest are packed
    (superdiagonals first word, subdiagonals second). Verified: the ranks
    of MatrixDiagV2 and `align` one of the four. Matches TF's
    MatrixDiagV3. }];
  let arguments = (ins TF_Tensor:$diagonal, TF_Tensor:$k, TF_Tensor:$num_rows,
                   TF_Tensor:$num_cols, TF_Tensor:$padding_value,
                   TF_DerivedTypeAttr:$T, TF_DefaultStr<"RIGHT_LEFT">:$align);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF_MatrixSetDiagV2Op : TF_Op<"MatrixSetDiagV2", [Pure]> {
  let summary = "TF MatrixSetDiagV2: replaces diagonals k[0]..k[1]";
  let description = [{ `input` is [..., M, N] (dtype `T`); `diagonal` is
    [..., min(M, N)]-like for one diagonal or [..., k[1] - k[0] + 1, L]
    for a band; `k` an int32 scalar or pair. `output` has the shape of
    `input` with those diagonals replaced (V2 packs a band LEFT_LEFT).
    Verified: input rank >= 2, diagonal rank >= 1, k rank <= 1, output
    shaped as input. Matches TF's MatrixSetDiagV2. }];
  let arguments = (ins TF_Tensor:$input, TF_Tensor:$diagonal, TF_Tensor:$k,
                   TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF_MatrixSetDiagV3Op : TF_Op<"MatrixSetDiagV3", [Pure]> {
  let summary = "TF MatrixSetDiagV3: MatrixSetDiagV2 with the packing `align`";
  let description = [{ As MatrixSetDiagV2, with `align` (LEFT_RIGHT,
    RIGHT_LEFT, LEFT_LEFT or RIGHT_RIGHT; default RIGHT_LEFT) as in
    MatrixDiagV3. Verified: the checks of MatrixSetDiagV2 and `align` one
    of the four. Matches TF's MatrixSetDiagV3. }];
  let arguments = (ins TF_Tensor:$input, TF_Tensor:$diagonal, TF_Tensor:$k,
                   TF_DerivedTypeAttr:$T, TF_DefaultStr<"RIGHT_LEFT">:$align);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

#endif
