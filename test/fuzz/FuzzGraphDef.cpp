//===- FuzzGraphDef.cpp - libFuzzer target: GraphDef import + pipeline ----===//
//
// Input: the bytes of a GraphDef, binary or text (parseGraphDef decides as
// tf-translate does). Parses, imports with the nodes no other node consumes
// (at most 16) as fetches, and runs tf-standard-pipeline on the result, with
// diagnostics collected and dropped. Any diagnostic is fine; a crash, an
// abort (llvm::report_fatal_error, an assert in a +Asserts build), a
// sanitizer report, a leak or a hang is a bug. Only the importer (lib/
// Translate's GraphDefImporter, Convert, OpRegistry) and lib/Support are
// instrumented for coverage; the passes run uninstrumented
// but their crashes are still caught. Built by `ninja tfmlir-fuzzers`
// (TFMLIR_BUILD_FUZZERS).
//===----------------------------------------------------------------------===//
#include "dialects/tf/TFOps.h"
#include "lib/Transforms/ExecutorPasses.h"
#include "lib/Transforms/Passes.h"
#include "lib/Translate/GraphDefImporter.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/Pass/PassManager.h"

#include <cstdint>
#include <set>
#include <string>

namespace {
mlir::DialectRegistry &registry() {
  static mlir::DialectRegistry *r = [] {
    tfmlir::registerTFPasses();
    auto *reg = new mlir::DialectRegistry();
    mlir::registerAllDialects(*reg);
    tfmlir::registerTFDialects(*reg);
    return reg;
  }();
  return *r;
}

/// "name" of an input "^name" / "name:1".
std::string producer(const std::string &input) {
  std::string s = input.size() && input[0] == '^' ? input.substr(1) : input;
  return s.substr(0, s.find(':'));
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  tensorflow::GraphDef graph;
  std::string error;
  llvm::StringRef bytes(reinterpret_cast<const char *>(data), size);
  if (!tfmlir::parseGraphDef(bytes, "fuzz.pb", graph, error))
    return 0;
  tfmlir::GraphImportConfig config;
  std::set<std::string> consumed;
  for (const auto &n : graph.node())
    for (const auto &in : n.input())
      consumed.insert(producer(in));
  for (const auto &n : graph.node())
    if (!consumed.count(n.name()) && config.outputArrays.size() < 16)
      config.outputArrays.push_back(n.name());

  mlir::MLIRContext ctx(registry(), mlir::MLIRContext::Threading::DISABLED);
  mlir::ScopedDiagnosticHandler drop(
      &ctx, [](mlir::Diagnostic &) { return mlir::success(); });
  auto module = tfmlir::importGraphDef(graph, config, &ctx, "fuzz.pb");
  if (!module)
    return 0;
  mlir::PassManager pm(&ctx, mlir::ModuleOp::getOperationName());
  tfmlir::buildTFStandardPipeline(pm, tfmlir::StandardPipelineOptions());
  (void)pm.run(*module);
  return 0;
}
