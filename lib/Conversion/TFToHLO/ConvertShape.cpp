//===- ConvertShape.cpp - tf shape and data-movement ops -> hlo -----------===//
//
// Shape operands (perm, axis, begin/end/strides, paddings, multiples, dims)
// must be constants, and the shapes static: the result shape is then known
// and each op becomes static hlo data movement. Reshape/ExpandDims/Squeeze
// use the (shape-inferred) result type. StridedSlice implements TF's masks
// (begin/end/ellipsis/new_axis/shrink_axis) and negative strides (a reverse
// followed by a slice).
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Helpers.h"

#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

  return success();
}

} // namespace

void addShapeConverters(llvm::StringMap<Converter> &t) {
}

} // namespace tfmlir::tohlo
