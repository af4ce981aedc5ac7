//===- ConvertExtra.cpp - more tf ops -> hlo (copies, packing, indexing) --===//
//
// Each converter follows the TF CPU kernel's semantics and the shape of
// tf2xla's lowering where XLA has one:
//  - HistogramFixedWidth: compare-and-sum over an iota of bins (binCounts,
//    shared with Indexing/Bincount.cpp).
//  - Bincount (static size): compare-and-sum over an iota of bins.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Helpers.h"
#include "lib/Support/WindowGeometry.h"

#include "mlir/IR/TypeUtilities.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <vector>

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {

} // namespace

Value sliceOf(OpBuilder &b, Location loc, Value x, ArrayRef<int64_t> start,
              ArrayRef<int64_t> limit, ArrayRef<int64_t> strides) {
  SmallVector<int64_t> st(strides);
  if (st.empty())
    st.assign(start.size(), 1);
  return SliceOp::create(b, loc, x, start, limit, st);
}

namespace {

using Dir = ComparisonDirection;

namespace {

Value iota(OpBuilder &b, Location loc, ArrayRef<int64_t> shape, Type elt,
           int64_t dim) {
  return IotaOp::create(b, loc, RankedTensorType::get(shape, elt),
                        static_cast<uint64_t>(dim));
}

namespace {

using Dir = ComparisonDirection;

} // namespace

} // namespace

std::pair<int64_t, int64_t> windowPad(int64_t in, int64_t k, int64_t s,
                                      int64_t r, bool same, int64_t &outSize) {
  std::optional<WindowDim> w = windowGeometry(
      in, k, r, s, same ? WindowPadding::kSame : WindowPadding::kValid);
  if (!w) {
    outSize = -1; // invalid or overflowing: matches no result shape
    return {0, 0};
  }
  outSize = std::max<int64_t>(w->outSize, 0);
  return {w->padBefore, w->padAfter};
}

namespace {

namespace {

} // namespace

Value binCounts(OpBuilder &b, Location loc, Value bins, Value weights,
                RankedTensorType out) {
  auto bt = cast<RankedTensorType>(bins.getType());
  int64_t n = bt.getNumElements(), nb = out.getDimSize(0);
  Value flat = reshape(b, loc, bins, {n});
  SmallVector<int64_t> shape{n, nb};
  Value eq = compare(b, loc, broadcastInDim(b, loc, flat, shape, {0}),
                     iota(b, loc, shape, bt.getElementType(), 1), Dir::EQ);
  Type elt = out.getElementType();
  Value w = weights ? broadcastInDim(b, loc, reshape(b, loc, weights, {n}), shape, {0})
                    : splat(b, loc, RankedTensorType::get(shape, elt), 1);
  Value z = SelectOp::create(b, loc, eq, w,
                             splat(b, loc, RankedTensorType::get(shape, elt), 0));
  return reduce(b, loc, z, scalar(b, loc, elt, 0), {0}, ReduceKind::Add);
}

namespace {
namespace {


  return success();
}


} // namespace

void addExtraConverters(llvm::StringMap<Converter> &t) {
}

} // namespace tfmlir::tohlo
