//===- TFJSModel.h - TF.js graph models as a GraphDef ----------*- C++ -*-===//
//
// Reads a TF.js graph model (the tensorflowjs converter's output): model.json,
// whose modelTopology is a GraphDef in protobuf's JSON mapping, and the
// weight shards its weightsManifest lists.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_TRANSLATE_TFJSMODEL_H
#define TFMLIR_LIB_TRANSLATE_TFJSMODEL_H

#include "lib/Translate/ModelLoader.h"

namespace tfmlir {

/// Loads `modelJson` and its weight shards (paths relative to its folder) as
/// a GraphDef whose weights are Const nodes. Errors name the file and the
/// tensor: malformed JSON, missing or short shards, a shape/byte-count
/// mismatch, unknown dtypes or quantization.
absl::StatusOr<LoadedModel> loadTFJSModel(const std::string &modelJson);

} // namespace tfmlir

#endif
