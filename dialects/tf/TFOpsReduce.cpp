//===- TFOpsReduce.cpp - reductions, arg-reductions, scans, segment ops --===//
#include "dialects/tf/TFOps.h"
#include "dialects/tf/TFOpsUtils.h"

#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace tfmlir;
using namespace tfmlir::TF;

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

template <typename OpTy> static LogicalResult verifyReduction(OpTy op) {
  Value input = op.getInput(), indices = op.getReductionIndices();
  if (failed(verifyRankRange(op, indices, "reduction_indices", 0, 1)))
    return failure();
  std::optional<int64_t> rank = getRank(input);
  if (!rank)
    return success();
  bool keepDims = op.getKeepDims();
  SmallVector<int64_t> axes;
  if (!getConstantInts(indices, axes)) {
    if (keepDims)
      return verifyRank(op, op.getOutput(), "output", *rank);
    return success();
  }
  llvm::SmallSet<int64_t, 4> reduced;
  for (int64_t a : axes) {
    if (failed(verifyAxis(op, a, rank, "reduction_indices")))
      return failure();
    // TF's ReductionHelper::Simplify refuses an axis named twice (also as
    // a and a - rank).
    if (!reduced.insert(a < 0 ? a + *rank : a).second)
      return op.emitOpError()
             << "Invalid reduction arguments: Axes contains duplicate "
                "dimension: "
             << (a < 0 ? a + *rank : a);
  }
  auto inType = cast<ShapedType>(input.getType());
  SmallVector<int64_t> expected;
  for (int64_t i = 0; i < *rank; ++i) {
    if (!reduced.contains(i))
      expected.push_back(inType.getDimSize(i));
    else if (keepDims)
      expected.push_back(1);
  }
  return verifyResultShape(op, op.getOutput(), expected);
}

/// A reduction over a constant empty axis list is the identity.
template <typename OpTy> static OpFoldResult foldReduction(OpTy op) {
  DenseElementsAttr axes = getConstantDense(op.getReductionIndices());
  if (axes && axes.getNumElements() == 0 &&
      op.getInput().getType() == op.getOutput().getType())
    return op.getInput();
  return {};
}

#define TFMLIR_REDUCTION(OP)                                                   \
  LogicalResult OP::verify() { return verifyReduction(*this); }                \
  OpFoldResult OP::fold(FoldAdaptor) { return foldReduction(*this); }
TFMLIR_REDUCTION(SumOp)
TFMLIR_REDUCTION(MeanOp)
TFMLIR_REDUCTION(ProdOp)
TFMLIR_REDUCTION(MaxOp)
TFMLIR_REDUCTION(MinOp)
TFMLIR_REDUCTION(AllOp)
TFMLIR_REDUCTION(AnyOp)
TFMLIR_REDUCTION(EuclideanNormOp)
#undef TFMLIR_REDUCTION

template <typename OpTy> static LogicalResult verifyArgReduction(OpTy op) {
  if (failed(verifyScalar(op, op.getDimension(), "dimension",
                          /*allowSingleElementVector=*/true)))
    return failure();
  std::optional<int64_t> rank = getRank(op.getInput());
  if (!rank)
    return success();
  if (*rank == 0)
    return op.emitOpError()
           << "requires 'input' of rank >= 1, got " << op.getInput().getType();
  if (failed(verifyRank(op, op.getOutput(), "output", *rank - 1)))
    return failure();
  std::optional<int64_t> axis = getConstantScalarInt(op.getDimension());
  if (!axis)
    return success();
  if (failed(verifyAxis(op, *axis, rank, "dimension")))
    return failure();
  int64_t a = *axis < 0 ? *axis + *rank : *axis;
  SmallVector<int64_t> expected(
      cast<ShapedType>(op.getInput().getType()).getShape());
  expected.erase(expected.begin() + a);
  return verifyResultShape(op, op.getOutput(), expected);
}

LogicalResult ArgMaxOp::verify() { return verifyArgReduction(*this); }
LogicalResult ArgMinOp::verify() { return verifyArgReduction(*this); }

//===----------------------------------------------------------------------===//
// Scans
//===----------------------------------------------------------------------===//

template <typename OpTy> static LogicalResult verifyScan(OpTy op) {
  if (failed(verifyScalar(op, op.getAxis(), "axis")))
    return failure();
  if (!shapesCompatible(op.getX().getType(), op.getOut().getType()))
    return op.emitOpError()
           << "requires 'out' to have the shape of 'x', got "
           << op.getOut().getType() << " and " << op.getX().getType();
  if (std::optional<int64_t> axis = getConstantScalarInt(op.getAxis()))
    return verifyAxis(op, *axis, getRank(op.getX()));
  return success();
}

LogicalResult CumsumOp::verify() { return verifyScan(*this); }
LogicalResult CumprodOp::verify() { return verifyScan(*this); }

//===----------------------------------------------------------------------===//
// Segment reductions
//===----------------------------------------------------------------------===//

template <typename OpTy> static LogicalResult verifySegment(OpTy op) {
  Value data = op.getData(), ids = op.getSegmentIds(), out = op.getOutput();
  if (failed(verifyRankRange(op, data, "data", 1)) ||
      failed(verifyRank(op, ids, "segment_ids", 1)))
    return failure();
  if (!dimsCompatible(getDim(ids, 0), getDim(data, 0)))
    return op.emitOpError() << "requires one segment id per row of 'data', "
                               "got "
                            << ids.getType() << " for " << data.getType();
  std::optional<int64_t> rank = getRank(data);
  if (!rank)
    return success();
  SmallVector<int64_t> expected(cast<ShapedType>(data.getType()).getShape());
  expected[0] = ShapedType::kDynamic;
  return verifyResultShape(op, out, expected);
}

template <typename OpTy> static LogicalResult verifyUnsortedSegment(OpTy op) {
  Value data = op.getData(), ids = op.getSegmentIds(), out = op.getOutput();
  if (failed(verifyScalar(op, op.getNumSegments(), "num_segments")))
    return failure();
  std::optional<int64_t> dataRank = getRank(data), idsRank = getRank(ids);
  if (!dataRank || !idsRank)
    return success();
  auto dt = cast<ShapedType>(data.getType());
  auto it = cast<ShapedType>(ids.getType());
  bool prefix = *idsRank <= *dataRank;
  for (int64_t i = 0; prefix && i < *idsRank; ++i)
    prefix = dimsCompatible(it.getDimSize(i), dt.getDimSize(i));
  if (!prefix)
    return op.emitOpError() << "requires the shape of 'segment_ids' " << it
                            << " to be a prefix of the shape of 'data' " << dt;
  SmallVector<int64_t> expected = {ShapedType::kDynamic};
  if (std::optional<int64_t> n = getConstantScalarInt(op.getNumSegments()))
    expected[0] = *n;
  llvm::append_range(expected, dt.getShape().drop_front(*idsRank));
  return verifyResultShape(op, out, expected);
}

#define TFMLIR_SEGMENT(OP, FN)                                                 \
  LogicalResult OP::verify() { return FN(*this); }
TFMLIR_SEGMENT(SegmentSumOp, verifySegment)
TFMLIR_SEGMENT(SegmentMeanOp, verifySegment)
TFMLIR_SEGMENT(SegmentProdOp, verifySegment)
TFMLIR_SEGMENT(SegmentMinOp, verifySegment)
TFMLIR_SEGMENT(SegmentMaxOp, verifySegment)
TFMLIR_SEGMENT(UnsortedSegmentSumOp, verifyUnsortedSegment)
TFMLIR_SEGMENT(UnsortedSegmentProdOp, verifyUnsortedSegment)
TFMLIR_SEGMENT(UnsortedSegmentMinOp, verifyUnsortedSegment)
TFMLIR_SEGMENT(UnsortedSegmentMaxOp, verifyUnsortedSegment)
#undef TFMLIR_SEGMENT

//===----------------------------------------------------------------------===//
// Histograms
//===----------------------------------------------------------------------===//

LogicalResult HistogramFixedWidthOp::verify() {
  if (failed(verifyVector(*this, getValueRange(), "value_range", 2)) ||
      failed(verifyScalar(*this, getNbins(), "nbins")) ||
      failed(verifyRank(*this, getOut(), "out", 1)))
    return failure();
  if (std::optional<int64_t> n = getConstantScalarInt(getNbins())) {
    if (*n <= 0)
      return emitOpError() << "requires 'nbins' > 0, got " << *n;
    return verifyDim(*this, getOut(), "out", 0, *n);
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

#define GET_OP_CLASSES
#include "dialects/tf/TFOpsReduce.cpp.inc"

void tfmlir::TF::registerReduceOps(TFDialect &dialect) {
  dialect.addOperations<
#define GET_OP_LIST
#include "dialects/tf/TFOpsReduce.cpp.inc"
      >();
}
