//===- Reduce.cpp - shape functions of the Reduce family ------------------===//
//
// The ops of dialects/tf/TFOpsReduce.td: reductions, ArgMax/ArgMin,
// Cumsum/Cumprod (and CumulativeLogsumexp, no ODS definition), segment
// reductions and HistogramFixedWidth. Semantics from
// tensorflow/core/ops/math_ops.cc.
//===----------------------------------------------------------------------===//
#include "lib/Transforms/ShapeFns/Common.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;

namespace tfmlir {
namespace shape_inference {
namespace {

LogicalResult unsortedSegment(InferenceContext &c) {
  // (data, segment_ids, num_segments) -> [num_segments] + data[rank(ids):].
  Shape data = c.inputShape(0), ids = c.inputShape(1);
  auto num = c.inputScalar(2);
  if (!data.ranked || !ids.ranked) {
    c.setOutput(0, Shape::unknown());
    return success();
  }
  if (ids.rank() > data.rank())
    return c.error("segment_ids rank must not exceed the data rank");
  for (int64_t i = 0; i < ids.rank(); ++i)
    if (failed(c.merge(data.dims[i], ids.dims[i],
                       "segment_ids must be a prefix of data's shape")))
      return failure();
  Shape out = Shape::vector(num ? *num : kDyn);
  out.dims.append(data.dims.begin() + ids.rank(), data.dims.end());
  c.setOutput(0, out);
  return success();
}

LogicalResult segmentReduce(InferenceContext &c) {
  // (data, segment_ids [N]) -> [?] + data[1:]; the count is the last id+1.
  Shape data = c.inputShape(0);
  if (!data.ranked) {
    c.setOutput(0, Shape::unknown());
    return success();
  }
  Shape out = data;
  out.dims[0] = kDyn;
  if (auto ids = c.inputInts(1))
    if (!ids->empty())
      out.dims[0] = ids->back() + 1;
  c.setOutput(0, out);
  return success();
}

LogicalResult histogramFixedWidth(InferenceContext &c) {
  auto n = c.inputScalar(2);
  c.setOutput(0, Shape::vector(n ? *n : kDyn));
  return success();
}

//===----------------------------------------------------------------------===//
// Reductions, ArgMax, TopK
//===----------------------------------------------------------------------===//

LogicalResult reduction(InferenceContext &c) {
  Shape in = c.inputShape(0);
  bool keep = c.boolAttr("keep_dims", false);
  if (in.ranked && in.rank() == 0) {
    // A scalar reduces to a scalar (only empty axes are valid).
    c.setOutput(0, Shape::scalar());
    return success();
  }
  auto axes = c.inputInts(1);
  if (!axes || !in.ranked) {
    if (in.ranked && keep)
      c.setOutput(0, Shape::ofRank(in.rank()));
    else if (in.ranked && !axes) {
      // Unknown axes: rank is unknown unless the count is known.
      Shape idx = c.inputShape(1);
      if (idx.ranked &&
          (idx.rank() == 0 || (idx.rank() == 1 && idx.dims[0] == 0)))
        c.setOutput(0,
                    Shape::ofRank(idx.rank() == 0 ? in.rank() - 1 : in.rank()));
    }
    return success();
  }
  int64_t rank = in.rank();
  SmallVector<bool> red(rank, false);
  for (int64_t a : *axes) {
    if (a < -rank || a >= rank)
      return c.error("reduction axis " + Twine(a) +
                     " is out of range for rank " + Twine(rank));
    red[a < 0 ? a + rank : a] = true;
  }
  Shape out = Shape::ofRank(0);
  for (int64_t i = 0; i < rank; ++i) {
    if (!red[i])
      out.dims.push_back(in.dims[i]);
    else if (keep)
      out.dims.push_back(1);
  }
  c.setOutput(0, out);
  return success();
}

LogicalResult argMinMax(InferenceContext &c) {
  Shape in = c.inputShape(0);
  if (!in.ranked)
    return success();
  if (in.rank() == 0)
    return c.error("input must be at least 1-D");
  auto dim = c.inputScalar(1);
  if (!dim) {
    c.setOutput(0, Shape::ofRank(in.rank() - 1));
    return success();
  }
  auto a = c.canonicalAxis(*dim, in.rank(), "dimension");
  if (failed(a))
    return failure();
  Shape out = in;
  out.dims.erase(out.dims.begin() + *a);
  c.setOutput(0, out);
  return success();
}

} // namespace

void registerReduceShapeFns(ShapeFnRegistry &r) {
  // Unary, same shape (UnchangedShape).
  r.add({"Cumsum", "Cumprod", "CumulativeLogsumexp"}, unchangedShape);
  r.add({"UnsortedSegmentSum", "UnsortedSegmentProd", "UnsortedSegmentMax",
         "UnsortedSegmentMin"},
        unsortedSegment);
  r.add(
      {"SegmentSum", "SegmentProd", "SegmentMax", "SegmentMin", "SegmentMean"},
      segmentReduce);
  r.add("HistogramFixedWidth", histogramFixedWidth);
  r.add({"Sum", "Prod", "Max", "Min", "Mean", "All", "Any", "EuclideanNorm"},
        reduction);
  r.add({"ArgMax", "ArgMin"}, argMinMax);
}

} // namespace shape_inference
} // namespace tfmlir
