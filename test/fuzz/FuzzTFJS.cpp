//===- FuzzTFJS.cpp - libFuzzer target: TF.js model.json parsing ----------===//
//
// Input: the text of a model.json. loadTFJSModelFromJson parses it as if it
// lay in the folder of the committed synthetic model
// (test/Translate/tfjs/Inputs/synthetic, or $TFMLIR_FUZZ_TFJS_DIR), so
// manifests that name that model's shards read real weight bytes; the
// GraphDef it yields is imported. Any status or diagnostic is fine; a
// crash, a sanitizer report, a leak or a hang is a bug. Built only by
// `ninja tfmlir-fuzzers` (TFMLIR_BUILD_FUZZERS).
//===----------------------------------------------------------------------===//
#include "dialects/tf/TFOps.h"
#include "lib/Translate/GraphDefImporter.h"
#include "lib/Translate/TFJSModel.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

#include <cstdint>
#include <cstdlib>
#include <string>

namespace {
const std::string &modelJsonPath() {
  static const std::string p = [] {
    const char *dir = std::getenv("TFMLIR_FUZZ_TFJS_DIR");
    return std::string(dir ? dir : TFMLIR_FUZZ_TFJS_DIR) + "/model.json";
  }();
  return p;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view json(reinterpret_cast<const char *>(data), size);
  auto model = tfmlir::loadTFJSModelFromJson(json, modelJsonPath());
  if (!model.ok())
    return 0;
  static mlir::DialectRegistry *registry = [] {
    auto *r = new mlir::DialectRegistry();
    tfmlir::registerTFDialects(*r);
    r->insert<mlir::func::FuncDialect>();
    return r;
  }();
  mlir::MLIRContext ctx(*registry, mlir::MLIRContext::Threading::DISABLED);
  mlir::ScopedDiagnosticHandler drop(
      &ctx, [](mlir::Diagnostic &) { return mlir::success(); });
  (void)tfmlir::importGraphDef(model->graph, tfmlir::GraphImportConfig(), &ctx,
                               "model.json");
  return 0;
}
