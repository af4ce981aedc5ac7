//===- SavedModel.cpp - SavedModel directories as one GraphDef ------------===//
#include "lib/Translate/SavedModel.h"

#include "absl/status/status.h"

namespace tfmlir {

absl::StatusOr<LoadedModel> loadSavedModel(const std::string &dir,
                                           const ModelLoadOptions &) {
  return absl::UnimplementedError(dir + ": SavedModel import is not "
                                        "implemented yet");
}

} // namespace tfmlir
