//===- LegalizeElementwise.cpp - DRR patterns for element-wise tf -> tfl --===//
//
// Collects the generated patterns of LegalizePatterns.td. The tfl-legalize-tf
// driver (LegalizeTF.cpp) runs them with applyPartialConversion before the
// string-keyed converters handle the remaining ops.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Patterns.h"

#include "dialects/tf/TFOps.h"
#include "dialects/tfl/TFLOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

namespace tfmlir {

bool hasTFLiteKernelType(Type t) {
  Type e = getElementTypeOrSelf(t);
  return !(e.isF64() || e.isF16() || e.isBF16() || isa<ComplexType>(e));
}

bool hasTFLiteArithmeticKernelType(Type t) {
  if (!hasTFLiteKernelType(t))
    return false;
  auto i = dyn_cast<IntegerType>(getElementTypeOrSelf(t));
  return !(i && (i.getWidth() == 8 || i.getWidth() == 16));
}

namespace {
#include "lib/Conversion/TFToTFL/LegalizePatterns.inc"
} // namespace

void populateTFToTFLElementwisePatterns(RewritePatternSet &patterns) {
  populateWithGenerated(patterns);
}

} // namespace tfmlir
