//===- Passes.h - tfmlir transformation passes ----------------------------===//
#ifndef TFMLIR_LIB_TRANSFORMS_PASSES_H
#define TFMLIR_LIB_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"
#include <memory>

namespace tfmlir {

#define GEN_PASS_DECL
#include "lib/Transforms/Passes.h.inc"

/// Registers every tfmlir pass and pipeline with the global registry.
void registerTFPasses();

} // namespace tfmlir

#endif
