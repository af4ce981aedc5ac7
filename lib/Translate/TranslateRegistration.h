//===- TranslateRegistration.h - GraphDef translations for tf-translate --===//
#ifndef TFMLIR_LIB_TRANSLATE_TRANSLATEREGISTRATION_H
#define TFMLIR_LIB_TRANSLATE_TRANSLATEREGISTRATION_H

#include "lib/Translate/GraphDefImporter.h"

namespace tfmlir {
/// Registers -graphdef-to-mlir and -mlir-to-graphdef with mlir-translate's
/// registry, and their command-line flags; also -tfjs-to-mlir (a TF.js graph
/// model imported like -graphdef-to-mlir, same flags) and -tfjs-to-graphdef
/// (the model as a binary GraphDef), see TFJSModel.h.
void registerGraphDefTranslations();
/// Registers -tflite-flatbuffer-to-mlir (.tflite -> tfl dialect, see
/// TFLiteImporter.h) and -mlir-to-tflite-flatbuffer (see TFLiteExporter.h).
void registerTFLiteTranslations();
/// The import configuration given by the -tf-* command-line flags.
GraphImportConfig graphImportConfigFromFlags();
} // namespace tfmlir

#endif
