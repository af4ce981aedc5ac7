//===- ConvertDiag.cpp - InvertPermutation -> hlo -------------------------===//
//===- ConvertDiag.cpp - Diag, DiagPart -> hlo ----------------------------===//
//
// (Diag and DiagPart moved to Indexing/Diag.cpp.)
// Shapes must be static.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

} // namespace

void populateDiagPatterns(RewritePatternSet &patterns, ConversionState &state) {
  patterns.add<InvertPermutationLowering>(patterns.getContext(), state);
  patterns.add<DiagLowering, DiagPartLowering>(
}

} // namespace tfmlir::tohlo
