//===- tf-translate.cpp - GraphDef/TFLite <-> MLIR translations -----------===//
//
// mlir-translate with tfmlir's translations: -graphdef-to-mlir and
// -mlir-to-graphdef (see lib/Translate/TranslateRegistration.cpp).
//===----------------------------------------------------------------------===//
#include "lib/Translate/TranslateRegistration.h"

#include "mlir/InitAllTranslations.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  tfmlir::registerGraphDefTranslations();
  return mlir::failed(mlir::mlirTranslateMain(argc, argv, "tfmlir translation driver\n"));
}
