//===- ConvertReduce.cpp - tf pools, softmax, batch norm -> hlo ----------===//
//
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Helpers.h"

#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

} // namespace

void addReduceConverters(llvm::StringMap<Converter> &t) {
}

} // namespace tfmlir::tohlo
