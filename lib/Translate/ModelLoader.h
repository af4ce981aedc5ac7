//===- ModelLoader.h - one entry point for every TF model format -*- C++
//-*-===//
//
// Tools, the Session and the python package read a user's model through
// loadModel(), which detects the format and returns one GraphDef:
//   - a frozen GraphDef, binary (.pb) or text (.pbtxt);
//   - a SavedModel directory (saved_model.pb or .pbtxt, variables/, assets/;
//     TF1 MetaGraphDefs with signature_defs and TF2 object graphs), whose
//     variables are bound from the tensor bundle (lib/Translate/SavedModel.h);
//   - a TF.js graph model (model.json + weight shards), whose weights become
//     Const nodes (lib/Translate/TFJSModel.h).
// The result is an ordinary GraphDef: import, the Session, conversion and
// export all work on it unchanged.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_TRANSLATE_MODELLOADER_H
#define TFMLIR_LIB_TRANSLATE_MODELLOADER_H

#include "lib/Translate/proto/graph.pb.h"
#include "lib/Translate/proto/types.pb.h"

#include "absl/status/statusor.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tfmlir {

/// The model formats loadModel reads.
enum class ModelFormat { Auto, GraphDef, SavedModel, TFJS };

/// Returns "GraphDef", "SavedModel" or "TF.js graph model" (Auto: "auto").
const char *modelFormatName(ModelFormat format);

/// One input or output of a signature (TF's SignatureDef TensorInfo).
struct SignatureTensor {
  /// The signature's key for the tensor ("x", "output_0").
  std::string name;
  /// The graph tensor, "node" or "node:index", in LoadedModel::graph.
  std::string tensor;
  tensorflow::DataType dtype = tensorflow::DT_INVALID;
  /// Dims (-1 unknown); nullopt when the rank is unknown.
  std::optional<std::vector<int64_t>> shape;
};

/// A SavedModel signature (SignatureDef), with its tensors mapped to the
/// loaded graph.
struct ModelSignature {
  std::string key;        ///< "serving_default"
  std::string methodName; ///< "tensorflow/serving/predict"
  std::vector<SignatureTensor> inputs, outputs; ///< sorted by name, as TF
};

/// Options of loadModel. The SavedModel options follow TF's loader
/// (LoadSavedModel with tags; the converter's signature key).
struct ModelLoadOptions {
  ModelFormat format = ModelFormat::Auto;
  /// SavedModel: the MetaGraphDef whose tag set equals these tags.
  std::vector<std::string> tags = {"serve"};
};

/// A loaded model: one GraphDef plus what the format says about it.
struct LoadedModel {
  ModelFormat format = ModelFormat::GraphDef;
  /// The graph; SavedModel variables and TF.js weights are bound in it.
  tensorflow::GraphDef graph;
  /// For text GraphDefs, the 1-based line of each node (else empty).
  std::vector<int> nodeLines;
  /// SavedModel signature_defs of the chosen MetaGraph (empty otherwise).
  std::vector<ModelSignature> signatures;
  /// Signatures the loader could not map, each "key (why)" (e.g. a sparse
  /// or composite tensor); named in signature()'s NotFound message so that
  /// leaving one out is never silent.
  std::vector<std::string> skippedSignatures;
  /// Nodes to run once before any other Run (SavedModel main_op /
  /// legacy_init_op); empty when there are none.
  std::vector<std::string> initTargets;
  /// The path the model came from, for diagnostics.
  std::string sourceName;

  /// The signature with `key`, or NotFound listing the keys that exist.
  absl::StatusOr<const ModelSignature *>
  signature(const std::string &key) const;
};

/// Detects the format of `path`: a directory holding saved_model.pb or
/// saved_model.pbtxt is a SavedModel; a file whose name ends in ".json" is a
/// TF.js graph model; any other regular file is a GraphDef.
ModelFormat detectModelFormat(const std::string &path);

/// Loads `path` (format per `options.format`, Auto = detectModelFormat).
/// Errors are absl::Status with TF's codes and a message that names the
/// file (and the node or tensor): NotFound for missing files, InvalidArgument
/// for malformed ones, Unimplemented for features not supported yet.
absl::StatusOr<LoadedModel> loadModel(const std::string &path,
                                      const ModelLoadOptions &options = {});

/// Loads a GraphDef file (binary or text; see parseGraphDef). A file that
/// parses to a GraphDef with no nodes and no library functions (an empty or
/// whitespace-only file) is InvalidArgument naming the file.
absl::StatusOr<LoadedModel> loadGraphDefFile(const std::string &path);

} // namespace tfmlir

#endif
