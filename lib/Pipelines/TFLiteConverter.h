//===- TFLiteConverter.h - GraphDef -> .tflite as one library call -*- C++
//-*-===//
//
// The TFLite conversion pipeline that tf-convert, the python package
// (tfmlir.lite.TFLiteConverter) and tests call, modelled on TF's
// TFLiteConverter.convert():
//   import (feeds/fetches as tflite_convert's --input_arrays/--output_arrays)
//   -> tf-standard-pipeline -> tfl-legalize-tf (+ fusions) -> canonicalize
//   -> optional post-training quantization (dynamic range, float16, or full
//      integer with calibration of the float model in runtime/lite)
//   -> .tflite FlatBuffer (or the tfl module as text).
// The header has no MLIR dependency, so that bindings include it cheaply.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_PIPELINES_TFLITECONVERTER_H
#define TFMLIR_LIB_PIPELINES_TFLITECONVERTER_H

#include "lib/Translate/ModelLoader.h"
#include "runtime/lite/Npy.h"

#include "absl/status/statusor.h"

#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace tfmlir {

/// Options of convertToTFLite. Names follow tflite_convert's flags (and
/// TFLiteConverter's attributes, see python/tfmlir/lite.py).
struct ConverterOptions {
  /// Fed tensors ("node" or "node:index"), one @main argument each; the
  /// .tflite inputs are named after them.
  std::vector<std::string> inputArrays;
  /// One shape per input ("1,28,28,1", "" scalar, "-1"/"?" unknown dim);
  /// empty: the Placeholder's `shape` attr.
  std::vector<std::string> inputShapes;
  /// One dtype per input ("float", "DT_INT32"); empty: the node's dtype.
  std::vector<std::string> inputDataTypes;
  /// Fetched tensors; required (InvalidArgument when empty).
  std::vector<std::string> outputArrays;
  /// Ops without a TFLite builtin become custom ops named after the TF op
  /// (tflite_convert --allow_custom_ops); otherwise they fail the
  /// conversion with a list of every such op and node.
  bool allowCustomOps = false;
  /// Bias / batch-norm / activation fusions (tf-convert --no-fuse: false).
  bool fuse = true;
  /// Post-training quantization: "none", "dynamic" (int8 weights, hybrid
  /// ops), "int8" (full integer; needs calibration samples unless the graph
  /// has FakeQuant ranges) or "float16" (float16 weights).
  std::string quantize = "none";
  /// With quantize == "int8": "float32", "int8" or "uint8" model
  /// inputs/outputs (TF's inference_input_type / inference_output_type).
  std::string inferenceInputType = "float32";
  std::string inferenceOutputType = "float32";
  /// With quantize == "int8": per-tensor fully_connected weights.
  bool disablePerChannelForDenseLayers = false;
  /// Representative data read from a file (tf-convert
  /// --representative-data: a directory of <input>.npy, an .npz, or one
  /// .npy for a one-input model; see quantutil::loadRepresentativeData).
  /// Used when `samples` is empty.
  std::string representativeDataPath;
  /// Run the float and the quantized model over the representative data
  /// and render per-output errors into ConversionResult::quantReport (and
  /// the log). Needs representative data.
  bool quantReport = false;
  /// Produce the tfl module as MLIR text (with locations) instead of a
  /// FlatBuffer.
  bool emitMlir = false;
  /// Write the op report (tflite_convert's list of builtins and unsupported
  /// ops) to the log on success.
  bool logOpReport = true;
  /// List every node of each op in the op report and in the unsupported-op
  /// error (tf-convert --verbose); otherwise the first 8 per op, then a
  /// count.
  bool verboseOpReport = false;
  /// The most heap the conversion may add to the process (tf-convert
  /// --max-compile-memory; lib/Pipelines/CompileMemory.h: measured after
  /// every pass and between the import, legalization, quantization and
  /// export stages). Over it the conversion fails with RESOURCE_EXHAUSTED
  /// "compiling model '<file>' needed more than N bytes
  /// (max_compile_memory_bytes) after <stage>". 0 = no limit.
  int64_t maxCompileMemoryBytes = 0;
  /// When set, the .tflite model gets a SignatureDef with this key for
  /// @main whose inputs and outputs are named by signatureInputNames /
  /// signatureOutputNames (one per input / output array), as TF's
  /// converter writes for a SavedModel signature. Set by applySignature.
  std::string signatureKey;
  std::vector<std::string> signatureInputNames, signatureOutputNames;
};

/// One calibration sample: one array per model input, in inputArrays order
/// (TF's representative_dataset yields such lists). Each array has the
/// input's dtype and either its shape or [S, ...shape] (S stacked samples).
using CalibrationSample = std::vector<lite::NpyArray>;

/// What convertToTFLite produced.
struct ConversionResult {
  /// The .tflite FlatBuffer, or the MLIR text with ConverterOptions::emitMlir.
  std::string bytes;
  /// tflite_convert's op report (ConversionReport::format()).
  std::string opReport;
  /// The quantization report (empty unless ConverterOptions::quantReport).
  std::string quantReport;
};

/// Converts `model` to TFLite. `samples` is the representative dataset for
/// quantize == "int8" (and the report); when empty,
/// options.representativeDataPath is read instead.
///
/// Diagnostics (MLIR errors and warnings naming the file and node, the op
/// report, the quantization report) are written to `log` as they happen
/// (tf-convert passes llvm::errs(); nullptr discards them). On failure the
/// status message is one line naming the model's sourceName and the step
/// that failed ("<file>: conversion failed", "<file>: --quantize=int8 needs
/// representative data ..."); the details are in the log. Codes:
/// InvalidArgument for bad options, inputs, samples or graphs that do not
/// import; NotFound for missing representative data; Unimplemented when ops
/// have no TFLite builtin (and custom ops are not allowed); Internal for
/// failures of passes or export.
absl::StatusOr<ConversionResult>
convertToTFLite(const LoadedModel &model, const ConverterOptions &options,
                const std::vector<CalibrationSample> &samples,
                llvm::raw_ostream *log);

/// Fills `options.inputArrays`, `inputShapes`, `inputDataTypes`,
/// `outputArrays` and the signature fields from the signature `key` of a
/// SavedModel (TF's
/// TFLiteConverter.from_saved_model: the signature's inputs and outputs, in
/// the signature's sorted order). Unknown dims (-1) stay unknown: the
/// .tflite input has shape 1 there and shape_signature -1, as TF writes it
/// (resize_tensor_input with strict=True may change them).
/// Errors: NotFound for an unknown key (listing the keys), InvalidArgument
/// for a signature input of unknown rank, FailedPrecondition when the model
/// still has init ops (LoadedModel::initTargets: the loader folds those
/// that only assign constants; a .tflite model cannot run the others).
absl::Status applySignature(const LoadedModel &model, const std::string &key,
                            ConverterOptions &options);

/// Where the converter reads its model (tf-convert's --graph-def-file /
/// --saved-model-dir, --signature-key and --tags).
struct ConverterInput {
  /// A GraphDef (.pb binary or .pbtxt text; "-" reads a GraphDef from
  /// stdin), a TF.js model.json, or with `savedModel` a SavedModel
  /// directory.
  std::string path;
  /// TFLiteConverter.from_saved_model: the input/output arrays, dtypes and
  /// shapes come from the signature `signatureKey` (empty: serving_default
  /// or the only one).
  bool savedModel = false;
  std::string signatureKey;
  /// The MetaGraphDef's tag set (SavedModel only).
  std::vector<std::string> tags = {"serve"};
};

/// Loads `input` (lib/Translate/ModelLoader; it refuses devices, pipes and
/// oversized files) and, for a SavedModel, fills `options` from the selected
/// signature as applySignature does; `options.inputShapes`, when given,
/// then replace the signature's shapes (tflite_convert's --input_shapes).
/// Errors: InvalidArgument when a SavedModel comes with inputArrays,
/// outputArrays or inputDataTypes already set (the signature gives them) or
/// when stdin is not a GraphDef; loadModel's and applySignature's errors
/// otherwise. Every message names the file.
absl::StatusOr<LoadedModel> loadConverterInput(const ConverterInput &input,
                                               ConverterOptions &options);

/// The step of loadConverterInput after the model is loaded, for a model
/// that is already in memory (the python package's tfmlir.lite converters
/// load once and convert later): with `input.savedModel`, refuses
/// inputArrays, outputArrays and inputDataTypes set by hand, selects the
/// signature `input.signatureKey` (empty: serving_default or the only one)
/// and fills `options` from it as applySignature does, keeping
/// `options.inputShapes` when given. Without `input.savedModel` it changes
/// nothing. Errors as loadConverterInput's (messages name input.path).
absl::Status applyConverterInput(const LoadedModel &model,
                                 const ConverterInput &input,
                                 ConverterOptions &options);

} // namespace tfmlir

#endif
