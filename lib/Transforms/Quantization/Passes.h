//===- Passes.h - tfl quantization passes ---------------------------------===//
//
// See QuantPasses.td for each pass's semantics and examples.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_TRANSFORMS_QUANTIZATION_PASSES_H
#define TFMLIR_LIB_TRANSFORMS_QUANTIZATION_PASSES_H

#include "dialects/tfl/TFLOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <memory>

namespace tfmlir {

#define GEN_PASS_DECL
#include "lib/Transforms/Quantization/QuantPasses.h.inc"

#define GEN_PASS_REGISTRATION
#include "lib/Transforms/Quantization/QuantPasses.h.inc"

namespace quantutil {
/// Ops (by name) that tfl-quantize rewrites to int8: those TFLite (and our
/// lite interpreter) have int8 kernels for.
bool isQuantizableOp(llvm::StringRef name);
} // namespace quantutil

} // namespace tfmlir

#endif
