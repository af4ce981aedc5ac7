//===- TranslateRegistration.h - GraphDef translations for tf-translate --===//
#ifndef TFMLIR_LIB_TRANSLATE_TRANSLATEREGISTRATION_H
#define TFMLIR_LIB_TRANSLATE_TRANSLATEREGISTRATION_H

#include "lib/Translate/GraphDefImporter.h"

#include "llvm/ADT/ArrayRef.h"

#include <string>

namespace llvm::cl {
class OptionCategory;
} // namespace llvm::cl

namespace tfmlir {
/// The category of the -tf-* import/export flags ("GraphDef import/export
/// options"), which tf-translate keeps visible in --help while it hides
/// libLLVM's options (tools/HideLibraryOptions.h).
const llvm::cl::OptionCategory *graphDefOptionCategory();
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

/// True when argv asks for -savedmodel-to-mlir. A SavedModel is a directory,
/// which mlir-translate's driver cannot open as its input file, so the tool
/// runs savedModelTranslateMain() instead of mlirTranslateMain().
bool wantsSavedModelTranslation(int argc, char **argv);

/// The translation flags tf-translate registers ("graphdef-to-mlir", ...,
/// "savedmodel-to-mlir"), without dashes, in --help order.
llvm::ArrayRef<const char *> translationFlagNames();

/// Checks that argv names one of translationFlagNames() (as -name or
/// --name; -savedmodel-to-mlir also as --savedmodel-to-mlir=true), or asks
/// for --help/--version (which need no translation). Returns "" when it
/// does, else one line for the user ("no translation given; pass one of
/// ...", or "--graphdef-to-mlir takes no value"). Without this check
/// mlirTranslateMain reports its required option once per registered
/// translation (LLVM's check visits each alias of the option).
std::string checkTranslationFlag(int argc, char **argv);

/// `tf-translate -savedmodel-to-mlir DIR [-tf-savedmodel-tags serve[,...]]
/// [-tf-savedmodel-signature KEY] [-o FILE]`: loads the SavedModel
/// (lib/Translate/SavedModel.h), imports the signature (default
/// serving_default, or the only one) with its inputs as @main's arguments
/// and its outputs as the results, named after the signature keys, and
/// prints the module. A SavedModel without signatures imports as its whole
/// graph. Returns the exit status (1 with a message naming the
/// directory, file or tensor on error).
int savedModelTranslateMain(int argc, char **argv);
} // namespace tfmlir

#endif
