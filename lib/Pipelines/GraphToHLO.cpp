//===- GraphToHLO.cpp - GraphDef -> hlo module
//------------------------------===//
#include "lib/Pipelines/GraphToHLO.h"
#include "lib/Pipelines/CompileMemory.h"
#include "lib/Pipelines/CompileTiming.h"

#include "dialects/hlo/HLOOps.h"
#include "dialects/tf/TFDiagnostics.h"
#include "dialects/tf/TFOps.h"
#include "lib/Conversion/TFToHLO/Passes.h"
#include "lib/Transforms/ExecutorPasses.h"
#include "lib/Transforms/Passes.h"
#include "lib/Translate/GraphDefImporter.h"
#include "lib/Translate/proto/graph.pb.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

#include "absl/strings/str_cat.h"

#include <cstdlib>
#include <limits>

namespace tfmlir {

namespace {
/// Appends the error diagnostics of `ctx` to `diags` while the handler
/// lives.
mlir::ScopedDiagnosticHandler collectErrors(mlir::MLIRContext &ctx,
                                            std::string &diags) {
  return mlir::ScopedDiagnosticHandler(&ctx, [&diags](mlir::Diagnostic &d) {
    llvm::raw_string_ostream os(diags);
    if (d.getSeverity() == mlir::DiagnosticSeverity::Error)
      os << d << "\n";
    return mlir::success();
  });
}
} // namespace

void registerGraphToHLODialects(mlir::DialectRegistry &registry) {
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  registerTFDialects(registry);
  registerHLODialect(registry);
  addNodeNameDiagnosticsExtension(registry);
}

absl::StatusOr<mlir::OwningOpRef<mlir::ModuleOp>>
importGraphToTF(const tensorflow::GraphDef &graph, const std::string &graphName,
                const std::vector<GraphArgSpec> &args,
                const std::vector<std::string> &outputs, mlir::MLIRContext &ctx,
                const std::vector<std::string> &targets,
                bool tensorArraysAsLists) {
  std::string diags;
  mlir::ScopedDiagnosticHandler handler = collectErrors(ctx, diags);

  GraphImportConfig config;
  for (const GraphArgSpec &a : args) {
    config.inputArrays.push_back(a.tensor);
    config.inputDataTypes.push_back(
        tensorflow::DataType_Name(static_cast<tensorflow::DataType>(a.dtype)));
    std::string s;
    for (size_t i = 0; i < a.shape.size(); ++i)
      absl::StrAppend(&s, i ? "," : "", a.shape[i]);
    config.inputShapes.push_back(s);
  }
  config.outputArrays = outputs;
  config.controlOutputArrays = targets;
  config.pruneUnusedNodes = true;
  // The callers (Session::Run for tf-run and python, tf-compile's
  // tf2xla.Config) take feeds and fetches, not tf-translate's flags.
  config.names.inputArrays = "feed";
  config.names.inputDataTypes = "fed dtype";
  config.names.inputShapes = "the fed value's shape";
  config.names.outputArrays = "fetch";
  config.names.controlOutputArrays = "target";
  mlir::OwningOpRef<mlir::ModuleOp> module;
  {
    CompilePhase phase("import GraphDef");
    module = importGraphDef(graph, config, &ctx, graphName);
  }
  if (absl::Status s = checkCompileMemory("the GraphDef import"); !s.ok())
    return s;
  if (!module)
    return absl::InvalidArgumentError(
        absl::StrCat(graphName, ": cannot import the graph: ", diags));

  mlir::PassManager pm(&ctx, mlir::ModuleOp::getOperationName());
  buildTFStandardPipeline(pm, StandardPipelineOptions());
  // TF1 TensorArrays (also those carried through loops, as dynamic_rnn
  // builds them) become stacked tensors: neither the hlo lowering of loops
  // nor the host kernels know the TensorArray resource. Those with a
  // run-time size or element shape become TensorLists for the host
  // kernels, when the caller runs any.
  pm.addPass(createTensorArrayOpsDecompositionPass(
      {/*listFallback=*/tensorArraysAsLists}));
  CompilePhase phase("tf-standard-pipeline");
  phase.timePasses(pm);
  mlir::LogicalResult ran = pm.run(*module);
  if (absl::Status s = checkCompileMemory("tf-standard-pipeline"); !s.ok())
    return s;
  if (mlir::failed(ran)) {
    // A fetch on the untaken side of a constant-predicate Switch: name it
    // (TF: "Retval[k] does not have value").
    const std::string kDead = "fetched value #";
    if (size_t p = diags.find(kDead); p != std::string::npos) {
      size_t k = std::strtoul(diags.c_str() + p + kDead.size(), nullptr, 10);
      if (k < outputs.size())
        return absl::InvalidArgumentError(absl::StrCat(
            graphName, ": Retval[", k, "] does not have value: the fetch ",
            outputs[k], " is dead (", diags.substr(0, diags.find('\n')), ")"));
    }
    return absl::InvalidArgumentError(
        absl::StrCat(graphName, ": tf-standard-pipeline failed: ", diags));
  }

  return module;
}

absl::StatusOr<mlir::OwningOpRef<mlir::ModuleOp>>
lowerGraphToHLO(const tensorflow::GraphDef &graph, const std::string &graphName,
                const std::vector<GraphArgSpec> &args,
                const std::vector<std::string> &outputs, mlir::MLIRContext &ctx,
                bool clampIndices, bool listAllNodes) {
  auto module = importGraphToTF(graph, graphName, args, outputs, ctx);
  if (!module.ok())
    return module.status();
  std::string diags;
  mlir::ScopedDiagnosticHandler handler = collectErrors(ctx, diags);
  LegalizeHLOReport report;
  if (listAllNodes)
    report.maxNodesPerOp = std::numeric_limits<size_t>::max();
  CompilePhase phase("xla-legalize-tf");
  mlir::LogicalResult legalized =
      legalizeTFToHLO(**module, /*allowPartial=*/false, report, clampIndices);
  if (absl::Status s = checkCompileMemory("xla-legalize-tf"); !s.ok())
    return s;
  if (mlir::failed(legalized)) {
    std::string msg = report.format();
    return absl::UnimplementedError(
        absl::StrCat(graphName, ": ", msg.empty() ? diags : msg));
  }
  return module;
}

} // namespace tfmlir
