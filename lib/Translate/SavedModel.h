//===- SavedModel.h - SavedModel directories as one GraphDef ---*- C++ -*-===//
//
// Reads a SavedModel directory as TF's loader does (loader.cc, bundle_v2):
// saved_model.pb / .pbtxt, variables/variables.index + variables.data-*
// (the tensor-bundle checkpoint) and assets/.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_TRANSLATE_SAVEDMODEL_H
#define TFMLIR_LIB_TRANSLATE_SAVEDMODEL_H

#include "lib/Translate/ModelLoader.h"

namespace tfmlir {

/// Loads the SavedModel in directory `dir`: picks the MetaGraphDef whose
/// tags equal `options.tags`, binds variable values from the bundle and maps
/// every signature's inputs and outputs to tensors of the returned graph.
/// Errors name the file and the tensor: missing or corrupt files, unknown
/// tags (listing the tag sets that exist), bundle entries whose dtype or
/// shape disagree with the graph, checksum mismatches.
absl::StatusOr<LoadedModel> loadSavedModel(const std::string &dir,
                                           const ModelLoadOptions &options);

} // namespace tfmlir

#endif
