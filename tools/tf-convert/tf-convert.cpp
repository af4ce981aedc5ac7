//===- tf-convert.cpp - GraphDef -> .tflite converter ----------------------===//
//
// Like `tflite_convert --graph_def_file`:
//   tf-convert --graph-def-file in.pb|in.pbtxt --output out.tflite
//              [--input-arrays a,b] [--input-shapes 1,28,28,1:4]
//              [--output-arrays y,z] [--allow-custom-ops]
//              [--emit-mlir] [--no-fuse]
// Steps: parse and import the GraphDef (lib/Translate, the input/output
// arrays and shapes as tf-translate's -tf-input-arrays etc.), run
// tf-standard-pipeline, tfl-legalize-tf (report of builtin and unsupported
// ops on stderr, as tflite_convert prints), canonicalize, and export with
// the .tflite exporter. --emit-mlir prints the tfl module instead of
// writing a FlatBuffer.
// Exit status: 0 on success; 1 on any error (a message naming the file and,
// where known, the node), including ops without a TFLite builtin unless
// --allow-custom-ops (then they become custom ops named after the TF op).
//===----------------------------------------------------------------------===//
#include "dialects/tf/TFDiagnostics.h"
#include "dialects/tf/TFOps.h"
#include "dialects/tfl/TFLOps.h"
#include "lib/Conversion/TFToTFL/Passes.h"
#include "lib/Transforms/ExecutorPasses.h"
#include "lib/Transforms/Passes.h"
#include "lib/Translate/GraphDefImporter.h"
#include "lib/Translate/TFLiteExporter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/SourceMgr.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
namespace cl = llvm::cl;

static cl::opt<std::string> graphDefFile("graph-def-file", cl::Required,
                                         cl::desc("Input GraphDef (.pb binary or .pbtxt text)"));
static cl::opt<std::string> outputFile("output", cl::desc("Output .tflite file"),
                                       cl::init("-"));
static cl::opt<std::string> inputArrays("input-arrays",
                                        cl::desc("Comma-separated input tensors (node or node:index)"));
static cl::opt<std::string> inputShapes(
    "input-shapes", cl::desc("Shapes of the inputs, ':'-separated, e.g. 1,28,28,1:4"));
static cl::opt<std::string> inputDataTypes("input-data-types",
                                           cl::desc("Comma-separated input dtypes (optional)"));
static cl::opt<std::string> outputArrays("output-arrays",
                                         cl::desc("Comma-separated output tensors"));
static cl::opt<bool> allowCustomOps("allow-custom-ops",
                                    cl::desc("Emit ops without a TFLite builtin as custom ops"));
static cl::opt<bool> emitMlir("emit-mlir", cl::desc("Print the tfl module instead of .tflite"));
static cl::opt<bool> noFuse("no-fuse", cl::desc("Skip the bias/BN/activation fusions"));
static cl::opt<bool> quiet("quiet", cl::desc("Do not print the op report on success"));

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  tfmlir::registerTFPasses();
  tfmlir::registerTFToTFLPasses();
  cl::ParseCommandLineOptions(argc, argv, "GraphDef to TFLite converter\n");

  DialectRegistry registry;
  tfmlir::registerTFDialects(registry);
  tfmlir::registerTFLDialect(registry);
  tfmlir::addNodeNameDiagnosticsExtension(registry);
  registry.insert<func::FuncDialect>();
  MLIRContext ctx(registry);
  // Print diagnostics as "file:line:col: error: node 'n': ...". Registered
  // before the dialects load, so the node-name handler (installed when the tf
  // dialect loads) runs first and prefixes the node.
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler sourceMgrHandler(sourceMgr, &ctx);
  ctx.printOpOnDiagnostic(false);
  ctx.loadAllAvailableDialects();

  // A directory or a device (/dev/zero) is not a GraphDef: refuse it rather
  // than read without end.
  if (graphDefFile != "-" && llvm::sys::fs::exists(graphDefFile) &&
      !llvm::sys::fs::is_regular_file(graphDefFile)) {
    llvm::errs() << "tf-convert: '" << graphDefFile << "' is not a regular file\n";
    return 1;
  }
  auto buf = llvm::MemoryBuffer::getFileOrSTDIN(graphDefFile, /*IsText=*/false);
  if (!buf) {
    llvm::errs() << "tf-convert: cannot read '" << graphDefFile
                 << "': " << buf.getError().message() << "\n";
    return 1;
  }
  tensorflow::GraphDef graph;
  std::string error;
  std::vector<int> nodeLines;
  if (!tfmlir::parseGraphDef((*buf)->getBuffer(), graphDefFile, graph, error, &nodeLines)) {
    llvm::errs() << error << "\n";
    return 1;
  }
  tfmlir::GraphImportConfig config;
  config.inputArrays = tfmlir::splitFlagList(inputArrays);
  config.inputShapes = tfmlir::splitShapeList(inputShapes);
  config.inputDataTypes = tfmlir::splitFlagList(inputDataTypes);
  config.outputArrays = tfmlir::splitFlagList(outputArrays);
  config.pruneUnusedNodes = true;
  if (config.outputArrays.empty()) {
    llvm::errs() << "tf-convert: " << graphDefFile << ": --output-arrays is required\n";
    return 1;
  }
  if (!config.inputShapes.empty() && config.inputShapes.size() != config.inputArrays.size()) {
    llvm::errs() << "tf-convert: --input-shapes has " << config.inputShapes.size()
                 << " shapes but --input-arrays has " << config.inputArrays.size()
                 << " entries\n";
    return 1;
  }
  auto module = tfmlir::importGraphDef(graph, config, &ctx, graphDefFile, &nodeLines);
  if (!module)
    return 1;

  // Name @main's arguments after the fed tensors, so that the .tflite
  // input tensors carry the names given in --input-arrays.
  if (auto mainFn = module->lookupSymbol<func::FuncOp>("main"); mainFn && !mainFn.isExternal())
    for (auto [arg, name] : llvm::zip(mainFn.getArguments(), config.inputArrays))
      arg.setLoc(NameLoc::get(StringAttr::get(&ctx, name), arg.getLoc()));

  PassManager pm(&ctx);
  tfmlir::buildTFStandardPipeline(pm, tfmlir::StandardPipelineOptions());
  if (failed(pm.run(*module))) {
    llvm::errs() << "tf-convert: " << graphDefFile << ": tf-standard-pipeline failed\n";
    return 1;
  }
  // A Placeholder still in the graph feeds the outputs but was not named an
  // input: TFLite has no op for it, so say which input flag is missing
  // instead of listing it as an unsupported op.
  bool missingInput = false;
  module->walk([&](Operation *op) {
    if (op->getName().getStringRef() != "tf.Placeholder")
      return;
    op->emitError() << "Placeholder is needed by --output-arrays but is not "
                       "listed in --input-arrays; add it (and its shape to "
                       "--input-shapes)";
    missingInput = true;
  });
  if (missingInput) {
    llvm::errs() << "tf-convert: " << graphDefFile << ": conversion failed\n";
    return 1;
  }
  tfmlir::ConversionReport report;
  bool ok = succeeded(tfmlir::legalizeTFToTFL(*module, allowCustomOps, !noFuse, report));
  if (!ok) {
    llvm::errs() << "tf-convert: " << graphDefFile << ": conversion failed\n";
    return 1;
  }
  if (!quiet)
    llvm::errs() << report.format();
  PassManager post(&ctx);
  post.addPass(createCanonicalizerPass());
  post.addPass(createCSEPass());
  if (failed(post.run(*module))) {
    llvm::errs() << "tf-convert: " << graphDefFile << ": canonicalization failed\n";
    return 1;
  }
  // The interpreter runs subgraph 0: make @main the module's first function.
  if (auto mainFn = module->lookupSymbol<func::FuncOp>("main"))
    mainFn->moveBefore(&module->getBody()->front());
  // As tflite_convert requires --output_file: never spill FlatBuffer bytes
  // onto a terminal.
  if (!emitMlir && outputFile == "-" && llvm::sys::Process::StandardOutIsDisplayed()) {
    llvm::errs() << "tf-convert: pass --output FILE.tflite (refusing to write a "
                    "binary .tflite to the terminal)\n";
    return 1;
  }
  std::string errorMessage;
  auto out = openOutputFile(outputFile, &errorMessage);
  if (!out) {
    llvm::errs() << "tf-convert: " << errorMessage << "\n";
    return 1;
  }
  if (emitMlir) {
    OpPrintingFlags flags;
    flags.enableDebugInfo();
    module->print(out->os(), flags);
    out->os() << "\n";
  } else {
    std::string bytes;
    if (failed(tfmlir::exportTFLite(*module, bytes))) {
      llvm::errs() << "tf-convert: " << graphDefFile << ": .tflite export failed\n";
      return 1;
    }
    out->os() << bytes;
  }
  out->keep();
  return 0;
}
