//===- TFJSModel.cpp - TF.js graph models as a GraphDef -------------------===//
#include "lib/Translate/TFJSModel.h"

#include "absl/status/status.h"

namespace tfmlir {

absl::StatusOr<LoadedModel> loadTFJSModel(const std::string &modelJson) {
  return absl::UnimplementedError(modelJson + ": TF.js graph model import "
                                              "is not implemented yet");
}

} // namespace tfmlir
