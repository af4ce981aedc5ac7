//===- TFLiteExporter.h - tfl dialect -> .tflite FlatBuffer ---------------===//
#ifndef TFMLIR_LIB_TRANSLATE_TFLITEEXPORTER_H
#define TFMLIR_LIB_TRANSLATE_TFLITEEXPORTER_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace tfmlir {

/// Serializes a module of func.func ops in the tfl dialect (the form
/// importTFLite produces) as a .tflite FlatBuffer (TFLite schema v3, file
/// identifier "TFL3"):
///  - each function becomes a subgraph, in module order (function symbols in
///    options become subgraph indices); `tfl.subgraph_name` or the function
///    name names the subgraph;
///  - buffer 0 is the empty sentinel; constants with equal bytes share one
///    buffer;
///  - operator codes are deduplicated and each dedicated tfl op gets the
///    minimal version for the features it uses (see minimalOpVersion in the
///    .cpp for the rules); tfl.builtin_op and tfl.custom keep their version;
///  - calibration ranges (quantization min/max) come from `tfl.min_max`;
///  - signature defs come from `tfl.signature_key`/`tfl.signature_name`, and
///    metadata from `tfl.metadata` plus a computed `min_runtime_version`.
/// Errors (unsupported ops, listed all at once; types without a TFLite
/// TensorType) are emitted on the module and fail the export.
mlir::LogicalResult exportTFLite(mlir::ModuleOp module, std::string &out);

} // namespace tfmlir

#endif // TFMLIR_LIB_TRANSLATE_TFLITEEXPORTER_H
