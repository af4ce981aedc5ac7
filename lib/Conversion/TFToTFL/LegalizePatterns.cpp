//===- LegalizePatterns.cpp - the DRR patterns of LegalizePatterns.td -----===//
//
// Collects the generated patterns of LegalizePatterns.td (the one-to-one
// element-wise maps and activations) and defines the type predicates their
// constraints call. The tfl-legalize-tf driver (LegalizeTF.cpp) runs them
// with the typed patterns of the family folders in one
// applyPartialConversion.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Patterns.h"

#include "dialects/tf/TFOps.h"
#include "dialects/tfl/TFLOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

namespace tfmlir {

namespace {
#include "lib/Conversion/TFToTFL/LegalizePatterns.inc"
} // namespace

void populateTFToTFLElementwisePatterns(RewritePatternSet &patterns) {
  populateWithGenerated(patterns);
}

} // namespace tfmlir
