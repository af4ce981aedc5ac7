//===- TFOpsReduce.td - reductions, arg-reductions, scans, segment ops ---===//
#ifndef TFMLIR_TF_OPS_REDUCE_TD
#define TFMLIR_TF_OPS_REDUCE_TD

include "dialects/tf/TFOpBase.td"

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

class TF_ReductionOp<string mnemonic, string what, string notes,
                     list<Trait> traits = []>
    : TF_Op<mnemonic, !listconcat([Pure], traits)> {
  let summary = "TF " # mnemonic # ": " # what # " along the given axes";
  let description = "Reduces `input` along the axes in `reduction_indices` "
    "(a scalar or 1-D int32/int64 tensor, dtype `Tidx`; negative axes count "
    "from the back; duplicates are allowed; an empty list reduces nothing). "
    "With `keep_dims` (default false) reduced dims stay with size 1, "
    "otherwise they are removed. " # notes # " Matches TF's " # mnemonic #
    ". A reduction over a constant empty axis list folds to `input` when "
    "the types agree.";
  let arguments = (ins TF_Tensor:$input, TF_Tensor:$reduction_indices,
                   TF_DefaultBool<"false">:$keep_dims, TF_DerivedTypeAttr:$T,
                   TF_DerivedTypeAttr:$Tidx);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TF_SumOp : TF_ReductionOp<"Sum", "sum",
    "Dtype `T` (numeric). The sum of no elements is 0.">;
def TF_MeanOp : TF_ReductionOp<"Mean", "mean",
    "Dtype `T` (numeric); integer means divide with truncation. The mean of "
    "no elements is NaN for floats.">;
def TF_ProdOp : TF_ReductionOp<"Prod", "product",
    "Dtype `T` (numeric). The product of no elements is 1.">;
def TF_MaxOp : TF_ReductionOp<"Max", "maximum",
    "Dtype `T` (real or quantized). NaN propagates on CPU. The maximum of no "
    "elements is the lowest value of the type (-Inf for floats).">;
def TF_MinOp : TF_ReductionOp<"Min", "minimum",
    "Dtype `T` (real or quantized). NaN propagates on CPU. The minimum of no "
    "elements is the highest value of the type (+Inf for floats).">;
def TF_AllOp : TF_ReductionOp<"All", "logical and",
    "`input` and `output` are bool (i1). All of no elements is true."> {
  let arguments = (ins TF_Tensor:$input, TF_Tensor:$reduction_indices,
                   TF_DefaultBool<"false">:$keep_dims,
                   TF_DerivedTypeAttr:$Tidx);
}
def TF_AnyOp : TF_ReductionOp<"Any", "logical or",
    "`input` and `output` are bool (i1). Any of no elements is false."> {
  let arguments = (ins TF_Tensor:$input, TF_Tensor:$reduction_indices,
                   TF_DefaultBool<"false">:$keep_dims,
                   TF_DerivedTypeAttr:$Tidx);
}
def TF_EuclideanNormOp : TF_ReductionOp<"EuclideanNorm", "sqrt(sum(x^2))",
    "Dtype `T` (numeric).">;

class TF_ArgReductionOp<string mnemonic, string what>
    : TF_Op<mnemonic, [Pure]> {
  let summary = "TF " # mnemonic # ": index of the " # what # " along an axis";
  let description = "`dimension` is a scalar axis in [-rank, rank) (dtype "
    "`Tidx`); `output` (dtype `output_type`, default int64) has the shape of "
    "`input` without that axis. `input` has dtype `T` (numeric or bool). On "
    "ties TF's CPU kernel returns the smallest index (TF documents it as "
    "unspecified). Matches TF's " # mnemonic # ".";
  let arguments = (ins TF_Tensor:$input, TF_Tensor:$dimension,
                   TF_DerivedTypeAttr:$T, TF_DerivedTypeAttr:$Tidx,
                   TF_DerivedTypeAttr:$output_type);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}
def TF_ArgMaxOp : TF_ArgReductionOp<"ArgMax", "largest value">;
def TF_ArgMinOp : TF_ArgReductionOp<"ArgMin", "smallest value">;

//===----------------------------------------------------------------------===//
// Scans
//===----------------------------------------------------------------------===//

class TF_ScanOp<string mnemonic, string what>
    : TF_Op<mnemonic, [Pure]> {
  let summary = "TF " # mnemonic # ": cumulative " # what # " along an axis";
  let description = "`out` has the shape and dtype `T` of `x`; `axis` is a "
    "scalar in [-rank, rank) (dtype `Tidx`). With `exclusive` (default "
    "false) element i excludes x[i] (the first is the identity); with "
    "`reverse` (default false) the scan runs from the end. Matches TF's " #
    mnemonic # ".";
  let arguments = (ins TF_Tensor:$x, TF_Tensor:$axis,
                   TF_DefaultBool<"false">:$exclusive,
                   TF_DefaultBool<"false">:$reverse, TF_DerivedTypeAttr:$T,
                   TF_DerivedTypeAttr:$Tidx);
  let results = (outs TF_Tensor:$out);
  let hasVerifier = 1;
}
def TF_CumsumOp : TF_ScanOp<"Cumsum", "sum">;
def TF_CumprodOp : TF_ScanOp<"Cumprod", "product">;

//===----------------------------------------------------------------------===//
// Segment reductions
//===----------------------------------------------------------------------===//

class TF_SegmentOp<string mnemonic, string what, string empty>
    : TF_Op<mnemonic, [Pure]> {
  let summary = "TF " # mnemonic # ": " # what # " over sorted segments";
  let description = "`segment_ids` is a 1-D sorted vector (dtype "
    "`Tindices`) with one id per row of `data` (dim 0). `output` has "
    "shape [max id + 1, data.shape[1:]] and dtype `T`; rows of ids that do "
    "not occur are " # empty # ". Matches TF's " # mnemonic # ".";
  let arguments = (ins TF_Tensor:$data, TF_Tensor:$segment_ids,
                   TF_DerivedTypeAttr:$T, TF_DerivedTypeAttr:$Tindices);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}
def TF_SegmentSumOp : TF_SegmentOp<"SegmentSum", "sum", "0">;
def TF_SegmentMeanOp : TF_SegmentOp<"SegmentMean", "mean", "0">;
def TF_SegmentProdOp : TF_SegmentOp<"SegmentProd", "product", "1">;
def TF_SegmentMinOp : TF_SegmentOp<"SegmentMin", "minimum", "0">;
def TF_SegmentMaxOp : TF_SegmentOp<"SegmentMax", "maximum", "0">;

class TF_UnsortedSegmentOp<string mnemonic, string what, string empty>
    : TF_Op<mnemonic, [Pure]> {
  let summary = "TF " # mnemonic # ": " # what # " over unsorted segments";
  let description = "`segment_ids` (dtype `Tindices`) has a shape that is a "
    "prefix of `data`'s; `num_segments` is a scalar (dtype `Tnumsegments`). "
    "`output` has shape [num_segments, data.shape[rank(segment_ids):]] and "
    "dtype `T`; negative ids are dropped and empty segments are " # empty #
    ". Matches TF's " # mnemonic # ".";
  let arguments = (ins TF_Tensor:$data, TF_Tensor:$segment_ids,
                   TF_Tensor:$num_segments, TF_DerivedTypeAttr:$T,
                   TF_DerivedTypeAttr:$Tindices,
                   TF_DerivedTypeAttr:$Tnumsegments);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}
def TF_UnsortedSegmentSumOp : TF_UnsortedSegmentOp<"UnsortedSegmentSum",
    "sum", "0">;
def TF_UnsortedSegmentProdOp : TF_UnsortedSegmentOp<"UnsortedSegmentProd",
    "product", "1">;
def TF_UnsortedSegmentMinOp : TF_UnsortedSegmentOp<"UnsortedSegmentMin",
    "minimum", "the largest value of the type">;
def TF_UnsortedSegmentMaxOp : TF_UnsortedSegmentOp<"UnsortedSegmentMax",
    "maximum", "the lowest value of the type">;

//===----------------------------------------------------------------------===//
// Histograms
//===----------------------------------------------------------------------===//

def TF_HistogramFixedWidthOp : TF_Op<"HistogramFixedWidth", [Pure]> {
  let summary = "TF HistogramFixedWidth: counts values in equal-width bins";
  let description = [{ `value_range` is a 2-element vector [lo, hi] of the
    dtype `T` of `values` (any shape); `nbins` is a positive int32 scalar.
    `out` is [nbins] (dtype `dtype`, default int32): values below lo go to
    bin 0 and values >= hi to the last bin. Matches TF's
    HistogramFixedWidth. }];
  let arguments = (ins TF_Tensor:$values, TF_Tensor:$value_range,
                   TF_Tensor:$nbins, TF_DerivedTypeAttr:$T,
                   TF_DerivedTypeAttr:$dtype);
  let results = (outs TF_Tensor:$out);
  let hasVerifier = 1;
}

#endif
