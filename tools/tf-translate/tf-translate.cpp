//===- tf-translate.cpp - GraphDef/TFLite <-> MLIR translations -----------===//
//
// mlir-translate with tfmlir's translations: -graphdef-to-mlir and
// -mlir-to-graphdef, -tfjs-to-mlir and -tfjs-to-graphdef (TF.js graph
// models), -tflite-flatbuffer-to-mlir and -mlir-to-tflite-flatbuffer
// (see lib/Translate/TranslateRegistration.cpp), and -savedmodel-to-mlir,
// whose input is a directory (savedModelTranslateMain).
//===----------------------------------------------------------------------===//
#include "lib/Support/File.h"
#include "lib/Translate/TranslateRegistration.h"
#include "tools/DefaultDebugInfo.h"
#include "tools/HideLibraryOptions.h"
#include "tools/ToolVersion.h"

#include "llvm/Support/CommandLine.h"

#include "mlir/InitAllTranslations.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  // --help lists the translations, mlir-translate's flags and the -tf-*
  // flags; libLLVM's backend flags only with --help-hidden.
  tfmlir::hideLibraryOptions({tfmlir::graphDefOptionCategory()});
  tfmlir::registerGraphDefTranslations();
  tfmlir::registerTFLiteTranslations();
  llvm::cl::SetVersionPrinter(
      [](llvm::raw_ostream &os) { os << tfmlir::toolVersion("tf-translate"); });
  if (std::string bad = tfmlir::checkTranslationFlag(argc, argv);
      !bad.empty()) {
    llvm::errs() << "tf-translate: " << bad << "\n";
    return 1;
  }
  if (absl::Status s = tfmlir::checkToolInputs(argc, argv); !s.ok()) {
    llvm::errs() << "tf-translate: " << std::string(s.message()) << "\n";
    return 1;
  }
  std::vector<char *> args = tfmlir::withDefaultDebugInfo(argc, argv);
  if (tfmlir::wantsSavedModelTranslation(argc, argv))
    return tfmlir::savedModelTranslateMain(static_cast<int>(args.size()) - 1,
                                           args.data());
  return mlir::failed(mlir::mlirTranslateMain(static_cast<int>(args.size()) - 1,
                                              args.data(),
                                              "tfmlir translation driver\n"));
}
