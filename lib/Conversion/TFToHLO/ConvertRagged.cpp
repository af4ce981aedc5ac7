//===- ConvertRagged.cpp - RaggedRange with constant inputs -> hlo --------===//
//
// TF's RaggedRange has a data-dependent output size, so it is lowered only
// when starts, limits and deltas are integer constants (the shape function
// then gives both results static shapes): it folds to two hlo.constants,
// rt_nested_splits (Tsplits) and rt_dense_values (T), computed as TF's
// ragged_range_op.cc does (scalars broadcast; a row whose limit is on the
// wrong side of start is empty). A constant delta of 0 fails the
// conversion with TF's "Requires delta != 0". Every other RaggedRange runs
// on the Session's host kernel (runtime/session/kernels/Ragged.cpp).
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Helpers.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

LogicalResult convertRaggedRange(Operation *op, OpBuilder &b,
                                 SmallVectorImpl<Value> &results,
                                 std::string &why) {
  auto splitsT = staticResult(op, 0), valuesT = staticResult(op, 1);
  if (!splitsT || !valuesT || !isa<IntegerType>(valuesT.getElementType()))
    return fail(why, "data-dependent size: folded only for integer constant "
                     "inputs (the host kernel runs the rest)");
  if (valuesT.getDimSize(0) > (int64_t(1) << 20))
    return fail(why, "too many values to fold (the host kernel runs it)");
  SmallVector<SmallVector<int64_t>> in;
  for (Value v : op->getOperands()) {
    auto c = constantInts(v);
    auto t = staticType(v);
    if (!c || !t || t.getRank() > 1)
      return fail(why, "inputs are not integer scalar/vector constants");
    in.push_back(*c);
  }
  int64_t nrows = splitsT.getDimSize(0) - 1;
  SmallVector<int64_t> splits{0}, values;
  for (int64_t r = 0; r < nrows; ++r) {
    auto at = [&](int i) { return in[i].size() == 1 ? in[i][0] : in[i][r]; };
    int64_t start = at(0), limit = at(1), delta = at(2);
    if (delta == 0)
      return fail(why, "Requires delta != 0");
    if (!((delta > 0 && limit < start) || (delta < 0 && limit > start))) {
      // TF's Eigen::divup(|limit - start|, |delta|), without overflow.
      uint64_t span = limit > start ? uint64_t(limit) - uint64_t(start)
                                    : uint64_t(start) - uint64_t(limit);
      uint64_t ad = delta > 0 ? uint64_t(delta) : uint64_t(0) - uint64_t(delta);
      uint64_t n = span / ad + (span % ad != 0);
      if (n > uint64_t(valuesT.getDimSize(0)) - values.size())
        return fail(why, "the folded size disagrees with the result type");
      for (uint64_t k = 0; k < n; ++k) // wraps as TF's T(value) += delta
        values.push_back(int64_t(uint64_t(start) + k * uint64_t(delta)));
    }
    splits.push_back(static_cast<int64_t>(values.size()));
  }
  if (static_cast<int64_t>(values.size()) != valuesT.getDimSize(0))
    return fail(why, "the folded size disagrees with the result type");
  auto dense = [](RankedTensorType t, ArrayRef<int64_t> v) {
    unsigned w = t.getElementType().getIntOrFloatBitWidth();
    SmallVector<APInt> a;
    for (int64_t x : v)
      a.push_back(APInt(w, x, /*isSigned=*/true, /*implicitTrunc=*/true));
    return DenseElementsAttr::get(t, a);
  };
  Location loc = op->getLoc();
  results.push_back(constant(b, loc, dense(splitsT, splits)));
  results.push_back(constant(b, loc, dense(valuesT, values)));
  return success();
}

} // namespace

void addRaggedConverters(llvm::StringMap<Converter> &t) {
  t["tf.RaggedRange"] = convertRaggedRange;
}

} // namespace tfmlir::tohlo
