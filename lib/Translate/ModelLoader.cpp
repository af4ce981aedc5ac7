//===- ModelLoader.cpp - one entry point for every TF model format --------===//
#include "lib/Translate/ModelLoader.h"

#include "lib/Support/File.h"
#include "lib/Translate/GraphDefImporter.h"
#include "lib/Translate/SavedModel.h"
#include "lib/Translate/TFJSModel.h"

#include "absl/status/status.h"

#include <filesystem>

namespace tfmlir {

const char *modelFormatName(ModelFormat format) {
  switch (format) {
  case ModelFormat::Auto:
    return "auto";
  case ModelFormat::GraphDef:
    return "GraphDef";
  case ModelFormat::SavedModel:
    return "SavedModel";
  case ModelFormat::TFJS:
    return "TF.js graph model";
  }
  return "?";
}

absl::StatusOr<const ModelSignature *>
LoadedModel::signature(const std::string &key) const {
  std::string keys;
  for (const ModelSignature &s : signatures) {
    if (s.key == key)
      return &s;
    keys += (keys.empty() ? "" : ", ") + s.key;
  }
  std::string skipped;
  for (const std::string &s : skippedSignatures)
    skipped += (skipped.empty() ? "; not supported: " : ", ") + s;
  return absl::NotFoundError(
      sourceName + ": no signature '" + key + "'; the signatures are: " +
      (keys.empty() ? std::string("(none)") : keys) + skipped);
}

ModelFormat detectModelFormat(const std::string &path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    if (fs::exists(fs::path(path) / "saved_model.pb", ec) ||
        fs::exists(fs::path(path) / "saved_model.pbtxt", ec))
      return ModelFormat::SavedModel;
    return ModelFormat::Auto; // a directory that is no SavedModel
  }
  if (path.size() >= 5 && path.compare(path.size() - 5, 5, ".json") == 0)
    return ModelFormat::TFJS;
  return ModelFormat::GraphDef;
}

absl::StatusOr<LoadedModel> loadGraphDefFile(const std::string &path) {
  absl::StatusOr<std::string> bytes = readFileBounded(path);
  if (!bytes.ok())
    return bytes.status();
  // A .tflite FlatBuffer carries "TFL3" at byte 4: say which tool runs it
  // instead of reporting a protobuf parse failure.
  if (bytes->size() >= 8 && bytes->compare(4, 4, "TFL3") == 0)
    return absl::InvalidArgumentError(
        path + ": is a TFLite model (.tflite FlatBuffer), not a GraphDef; run "
               "it with tflite-run");
  LoadedModel model;
  model.format = ModelFormat::GraphDef;
  model.sourceName = path;
  std::string error;
  if (!parseGraphDef(*bytes, path, model.graph, error, &model.nodeLines))
    return absl::InvalidArgumentError(error);
  // An empty file (or one of whitespace) parses as a valid, empty GraphDef;
  // nothing could be fed or fetched from it, so say what is wrong here
  // instead of failing later on the first feed name.
  if (model.graph.node_size() == 0 &&
      model.graph.library().function_size() == 0)
    return absl::InvalidArgumentError(
        path + (bytes->empty() ? ": the file is empty (0 bytes), not a GraphDef"
                               : ": the GraphDef has no nodes and no functions "
                                 "(a truncated or empty file?)"));
  return model;
}

absl::StatusOr<LoadedModel> loadModel(const std::string &path,
                                      const ModelLoadOptions &options) {
  ModelFormat format = options.format;
  if (format == ModelFormat::Auto)
    format = detectModelFormat(path);
  switch (format) {
  case ModelFormat::SavedModel:
    return loadSavedModel(path, options);
  case ModelFormat::TFJS:
    return loadTFJSModel(path);
  case ModelFormat::GraphDef:
    return loadGraphDefFile(path);
  case ModelFormat::Auto:
    break;
  }
  return absl::InvalidArgumentError(
      path + ": is a directory but not a SavedModel (no saved_model.pb or "
             "saved_model.pbtxt in it)");
}

} // namespace tfmlir
