//===- TFLiteOpVersion.h - TFLite operator versions -------------*- C++ -*-===//
//
// The version an exported TFLite builtin operator needs, and the oldest TFLite
// runtime that has that version.
//
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_TRANSLATE_TFLITEOPVERSION_H
#define TFMLIR_LIB_TRANSLATE_TFLITEOPVERSION_H

#include "lib/Translate/tflite/Schema.h"
#include "mlir/IR/Operation.h"

#include <optional>
#include <string>

namespace tfmlir::tflite_io {

/// The TFLite TensorType of an MLIR element type: quantized types by their
/// storage type (i8 -> INT8 or UINT8 by signedness), f32/f16/bf16/f64,
/// i1 -> BOOL, signless/signed/unsigned integers, complex<f32|f64>, and the
/// tf_type string/resource/variant types. std::nullopt for anything else.
std::optional<tflite::TensorType> toTFLiteTensorType(mlir::Type elementType);

/// The minimal version of builtin operator `code` for what the tfl op `op`
/// uses: its operand/result TensorTypes (quantized or not, per-axis or not),
/// ranks, broadcasting and options. The rules are TFLite's op versioning
/// (tensorflow/lite/tools/versioning/op_version.cc,
/// GetBuiltinOperatorVersion), so a converted model carries the versions
/// TFLite's converter would write; e.g. CONV_2D is 1 float, 2 hybrid
/// (float input, int8 weights per tensor), 3 int8, 4 int16 activations,
/// 5 hybrid per-channel, 6 grouped. Absent optional operands (tfl.no_value)
/// count as "no type". Operators without rules are version 1.
int32_t minimalOpVersion(mlir::Operation *op, int32_t code);

/// The oldest TFLite runtime that has builtin operator `code` at `version`,
/// as "major.minor.patch" (TFLite's runtime_version.cc table), or "" when
/// the pair is not in that table.
std::string minimumRuntimeVersion(int32_t code, int32_t version);

} // namespace tfmlir::tflite_io

#endif // TFMLIR_LIB_TRANSLATE_TFLITEOPVERSION_H
