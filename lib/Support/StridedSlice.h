//===- StridedSlice.h - TF's StridedSlice canonicalization ------*- C++ -*-===//
//
// One home for the semantics of tf.StridedSlice's sparse slice spec
// (begin/end/strides plus begin_mask, end_mask, ellipsis_mask,
// new_axis_mask, shrink_axis_mask): the dense per-dim spec, the canonical
// start/stop/stride of every input dim, the processing shape (the slice
// before new axes and shrinks) and the final shape, as TensorFlow's
// core/util/strided_slice_op.cc (BuildDenseSpec + ValidateStridedSliceOp)
// computes them, with its errors. Used by the tf dialect's verifier
// (dialects/tf/TFOpsShape.cpp), shape inference and constant folding
// (lib/Transforms/ShapeFns/Shape.cpp), the TF->HLO lowering
// (lib/Conversion/TFToHLO/Shape/Slice.cpp) and the lite STRIDED_SLICE
// kernel (runtime/lite/kernels/ShapeOps.cpp). No MLIR dependency.
//
// Beyond TF, any begin/end/strides element and any input dim may be unknown
// (kSliceUnknown): everything that does not depend on it is still derived,
// so partially known shapes infer as much as TF's shape function would with
// full knowledge of the known parts.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_SUPPORT_STRIDEDSLICE_H
#define TFMLIR_LIB_SUPPORT_STRIDEDSLICE_H

#include "absl/status/status.h"

#include <cstdint>
#include <limits>
#include <span>
#include <vector>

namespace tfmlir {

/// An unknown begin/end/stride element, input dim or result value. Equal to
/// mlir::ShapedType::kDynamic (INT64_MIN), so MLIR shapes pass through.
inline constexpr int64_t kSliceUnknown = std::numeric_limits<int64_t>::min();

/// tf.StridedSlice's five mask attributes (bit i refers to entry i of the
/// sparse spec; bits 64 and above are ignored). Precedence per entry, as
/// in TF: ellipsis, then new axis, then a real index (which shrink_axis
/// may turn into a dropped dim).
struct StridedSliceMasks {
  int64_t begin = 0, end = 0, ellipsis = 0, newAxis = 0, shrinkAxis = 0;
};

/// The slice of one input dim after canonicalization.
struct StridedSliceDim {
  /// First index read: in [0, dim] for stride > 0, in [-1, dim - 1] for
  /// stride < 0 (TF's canonical(begin)); the index itself for a shrink dim.
  /// kSliceUnknown when it depends on an unknown value or dim.
  int64_t begin = 0;
  /// The canonical stop (exclusive; begin + 1 for a shrink dim), or
  /// kSliceUnknown.
  int64_t end = 0;
  /// The stride (1 for a shrink dim), or kSliceUnknown.
  int64_t stride = 1;
  /// Number of elements taken along this dim (the processing shape), or
  /// kSliceUnknown.
  int64_t size = kSliceUnknown;
  /// This dim is indexed by a shrink_axis entry (dropped from the final
  /// shape).
  bool shrink = false;
  /// The dense begin_mask/end_mask bits of this dim (dims an ellipsis
  /// covers, or implied at the end, are fully masked).
  bool beginMasked = false, endMasked = false;
};

/// The result of canonicalizing a slice spec against an input shape.
struct StridedSliceResult {
  /// One entry per input dim.
  std::vector<StridedSliceDim> dims;
  /// dims[i].size for every input dim (TF's processing_shape).
  std::vector<int64_t> processingShape;
  /// The output shape (TF's final_shape): processing dims in order, minus
  /// shrink dims, plus a 1 for each new axis. May hold kSliceUnknown.
  std::vector<int64_t> finalShape;
  /// For each final dim, the input (processing) dim it comes from, or -1
  /// for a new axis.
  std::vector<int64_t> finalToProcessing;
};

/// Canonicalizes tf.StridedSlice's sparse spec against `inputShape` (its
/// dims may be kSliceUnknown). `begin`, `end` and `strides` are the sparse
/// spec, each of the same length n (any element may be kSliceUnknown; pass
/// n kSliceUnknown values for an unknown tensor). Semantics of TF's
/// ValidateStridedSliceOp: an ellipsis is implied after the last entry when
/// there is none; negative begin/end count from the end of the dim and are
/// clamped into the valid range of the stride's direction; a masked
/// begin/end takes the first/last index of that direction; a shrink entry
/// reads exactly index begin (end and begin_mask ignored).
///
/// Errors (InvalidArgument, TF's wording where TF has one): lengths of
/// begin/end/strides differ; more than one ellipsis bit; more real entries
/// than input dims ("index out of range using input dim D; input has only
/// N dims"); a zero stride ("strides[i] must be non-zero", i a dense
/// index); a non-positive stride on a shrink entry ("only stride 1 allowed
/// on non-range indexing"); a shrink index outside the dim ("slice index B
/// of dimension i out of bounds"). `out` is complete only on success.
absl::Status computeStridedSlice(std::span<const int64_t> inputShape,
                                 std::span<const int64_t> begin,
                                 std::span<const int64_t> end,
                                 std::span<const int64_t> strides,
                                 const StridedSliceMasks &masks,
                                 StridedSliceResult &out);

} // namespace tfmlir

#endif
