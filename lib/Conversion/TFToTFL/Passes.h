//===- Passes.h - tf -> tfl legalization ----------------------------------===//
#ifndef TFMLIR_LIB_CONVERSION_TFTOTFL_PASSES_H
#define TFMLIR_LIB_CONVERSION_TFTOTFL_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/MapVector.h"

#include <memory>
#include <string>
#include <vector>

namespace tfmlir {

#define GEN_PASS_DECL
#include "lib/Conversion/TFToTFL/Passes.h.inc"

/// What one legalization run did, in tflite_convert's terms: for each TFLite
/// builtin used (by tfl op name) and each TF op that has no builtin (by TF
/// op name), how many nodes and their names (from the NameLoc of each op;
/// "<unnamed>" when there is none). Maps keep first-seen order.
struct ConversionReport {
  struct Entry {
    unsigned count = 0;
    std::vector<std::string> nodes;
  };
  llvm::MapVector<llvm::StringRef, Entry> builtins;
  llvm::MapVector<llvm::StringRef, Entry> unsupported;
  /// Renders the two lists as tflite_convert does ("Some ops are not
  /// supported by the native TFLite runtime ..."), one op per line:
  /// "  tf.Foo x2: node_a, node_b".
  std::string format() const;
};

/// Legalizes every func.func in `module` from the tf dialect to tfl (see
/// LegalizeTFToTFL in Passes.td). Ops without a builtin become tfl.custom
/// when `allowCustomOps`, else they are left in place and listed in
/// `report.unsupported`, and the function returns failure (after emitting
/// one error on the module holding report.format()). Ops with a builtin but
/// an unsupported configuration (e.g. a non-constant axis where TFLite needs
/// an attribute) count as unsupported too, with the reason in a remark.
mlir::LogicalResult legalizeTFToTFL(mlir::ModuleOp module, bool allowCustomOps,
                                    bool fuse, ConversionReport &report);

/// Adds the tfl-level fusion patterns (FuseBias.cpp, FuseMul.cpp,
/// FuseActivation.cpp) to `patterns`.
void populateTFLFusionPatterns(mlir::RewritePatternSet &patterns);

/// registerTFToTFLPasses() registers the passes of this library
/// (tfl-legalize-tf) with the global registry.
#define GEN_PASS_REGISTRATION
#include "lib/Conversion/TFToTFL/Passes.h.inc"

} // namespace tfmlir

#endif
