//===- TFLiteImporter.h - .tflite FlatBuffer -> tfl dialect ---------------===//
#ifndef TFMLIR_LIB_TRANSLATE_TFLITEIMPORTER_H
#define TFMLIR_LIB_TRANSLATE_TFLITEIMPORTER_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"

namespace tfmlir {

/// Imports a .tflite model (TFLite schema v3) into a module:
///  - one func.func per subgraph, in subgraph order; the name is the
///    signature key of the subgraph's SignatureDef, else "main" for subgraph
///    0, else the subgraph's name, else "subgraph_<i>" (made unique); a
///    differing non-empty subgraph name is kept in `tfl.subgraph_name`;
///  - subgraph inputs are the arguments and outputs the results; tensor
///    names become NameLocs; shape_signature -1 dims become dynamic dims;
///    quantization parameters become !quant.uniform (per tensor or per axis,
///    expressed type f32);
///  - constant tensors become tfl.pseudo_const, omitted inputs tfl.no_value,
///    tensors without producer or data tfl.pseudo_tensor; operators become
///    tfl ops (tfl.builtin_op / tfl.custom when there is no dedicated op);
///  - signature defs are kept as `tfl.signature_key` on the function and
///    `tfl.signature_name` argument/result attributes, model metadata (other
///    than the derived min_runtime_version) as the module's `tfl.metadata`,
///    and the description as `tfl.description`.
/// The FlatBuffers verifier runs first. Every error is reported through the
/// context's diagnostics with the file name and the subgraph / operator /
/// tensor index at fault, and null is returned; no input can crash it.
/// Calibration ranges (quantization min/max) are kept as `tfl.min_max`
/// ({min, max} per result; argument attribute for inputs).
/// Operator intermediates (tensors internal to e.g. quantized LSTMs) are
/// kept as `tfl.intermediates` = [{name, type, min_max?}].
/// Lossy (documented): custom quantization details, variant subtypes, data
/// of tensors that are also subgraph inputs or operator outputs, second
/// signature defs of one subgraph, legacy metadata_buffer.
mlir::OwningOpRef<mlir::ModuleOp> importTFLite(llvm::StringRef bytes,
                                               llvm::StringRef fileName,
                                               mlir::MLIRContext *context);

} // namespace tfmlir

#endif // TFMLIR_LIB_TRANSLATE_TFLITEIMPORTER_H
