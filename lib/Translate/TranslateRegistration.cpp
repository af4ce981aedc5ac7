//===- TranslateRegistration.cpp - tf-translate's GraphDef translations ---===//
//
//   -graphdef-to-mlir   GraphDef (.pb or .pbtxt, detected) -> MLIR
//   -mlir-to-graphdef   MLIR -> GraphDef (text; -tf-graphdef-binary: binary)
//   -tfjs-to-mlir       TF.js graph model (model.json + shards) -> MLIR
//   -tfjs-to-graphdef   TF.js graph model -> binary GraphDef (weights bound)
//   -tflite-flatbuffer-to-mlir   .tflite -> tfl dialect
//   -mlir-to-tflite-flatbuffer   tfl dialect -> .tflite
//   -savedmodel-to-mlir  SavedModel directory -> MLIR for one signature
//                        (-tf-savedmodel-tags, -tf-savedmodel-signature)
// with TF's importer flags (-tf-input-arrays, -tf-input-data-types,
// -tf-input-shapes, -tf-output-arrays, -tf-control-output-arrays,
// -tf-prune-unused-nodes, -tf-graph-as-function).
//===----------------------------------------------------------------------===//
#include "lib/Translate/TranslateRegistration.h"

#include "dialects/tf/TFDiagnostics.h"
#include "dialects/tf/TFExecutor.h"
#include "dialects/tf/TFOps.h"
#include "dialects/tfl/TFLOps.h"
#include "lib/Translate/Convert.h"
#include "lib/Translate/GraphDefExporter.h"
#include "lib/Translate/GraphDefImporter.h"
#include "lib/Translate/SavedModel.h"
#include "lib/Translate/TFJSModel.h"
#include "lib/Translate/TFLiteExporter.h"
#include "lib/Translate/TFLiteImporter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-translate/Translation.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

#include <google/protobuf/text_format.h>

#include <optional>
#include <string_view>

using namespace mlir;

namespace {
llvm::cl::OptionCategory category("GraphDef import/export options");
llvm::cl::opt<std::string>
    inputArrays("tf-input-arrays",
                llvm::cl::desc("Fed tensors, comma separated (node[:idx])"),
                llvm::cl::init(""), llvm::cl::cat(category));
llvm::cl::opt<std::string> inputDataTypes(
    "tf-input-data-types",
    llvm::cl::desc("Input dtypes, comma separated (DT_FLOAT,...)"),
    llvm::cl::init(""), llvm::cl::cat(category));
llvm::cl::opt<std::string> inputShapes(
    "tf-input-shapes",
    llvm::cl::desc("Input shapes, colon separated, dims comma separated "
                   "(1,224,224,3:2,-1); '*' = unknown rank"),
    llvm::cl::init(""), llvm::cl::cat(category));
llvm::cl::opt<std::string>
    outputArrays("tf-output-arrays",
                 llvm::cl::desc("Fetched tensors, comma separated"),
                 llvm::cl::init(""), llvm::cl::cat(category));
llvm::cl::opt<std::string> controlOutputArrays(
    "tf-control-output-arrays",
    llvm::cl::desc("Target nodes (run for their effects), comma separated"),
    llvm::cl::init(""), llvm::cl::cat(category));
llvm::cl::opt<bool> pruneUnusedNodes(
    "tf-prune-unused-nodes",
    llvm::cl::desc("Import only nodes the outputs and control outputs need"),
    llvm::cl::init(false), llvm::cl::cat(category));
llvm::cl::opt<bool> graphAsFunction(
    "tf-graph-as-function",
    llvm::cl::desc("Use _Arg/_Retval nodes as @main's arguments and results"),
    llvm::cl::init(false), llvm::cl::cat(category));
llvm::cl::opt<bool> noDefaultAttrs(
    "tf-no-default-attributes",
    llvm::cl::desc(
        "Do not add attrs that a node omits and TF's OpDef defaults"),
    llvm::cl::init(false), llvm::cl::cat(category));
llvm::cl::opt<bool>
    graphdefBinary("tf-graphdef-binary",
                   llvm::cl::desc("-mlir-to-graphdef writes a binary GraphDef"),
                   llvm::cl::init(false), llvm::cl::cat(category));
llvm::cl::opt<bool> savedModelToMlir(
    "savedmodel-to-mlir",
    llvm::cl::desc("Import a SavedModel directory (the input) for one "
                   "signature; see -tf-savedmodel-tags, "
                   "-tf-savedmodel-signature"),
    llvm::cl::init(false), llvm::cl::cat(category));
llvm::cl::opt<std::string> savedModelTags(
    "tf-savedmodel-tags",
    llvm::cl::desc("-savedmodel-to-mlir: the MetaGraphDef's tags, comma "
                   "separated"),
    llvm::cl::init("serve"), llvm::cl::cat(category));
llvm::cl::opt<std::string> savedModelSignature(
    "tf-savedmodel-signature",
    llvm::cl::desc("-savedmodel-to-mlir: the signature key (default: "
                   "serving_default, or the only signature)"),
    llvm::cl::init(""), llvm::cl::cat(category));
} // namespace

const llvm::cl::OptionCategory *tfmlir::graphDefOptionCategory() {
  return &category;
}

bool tfmlir::wantsSavedModelTranslation(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef a(argv[i]);
    a = a.ltrim('-');
    if (a == "savedmodel-to-mlir" || a.starts_with("savedmodel-to-mlir="))
      return true;
  }
  return false;
}

llvm::ArrayRef<const char *> tfmlir::translationFlagNames() {
  static const char *const kNames[] = {"graphdef-to-mlir",
                                       "mlir-to-graphdef",
                                       "tfjs-to-mlir",
                                       "tfjs-to-graphdef",
                                       "tflite-flatbuffer-to-mlir",
                                       "mlir-to-tflite-flatbuffer",
                                       "savedmodel-to-mlir"};
  return kNames;
}

std::string tfmlir::checkTranslationFlag(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef a(argv[i]);
    if (a == "--")
      break; // the rest are positional
    if (!a.starts_with("-"))
      continue;
    auto [name, value] = a.ltrim('-').split('=');
    bool hasValue = a.contains('=');
    if (name == "h" || name.starts_with("help") || name == "version" ||
        name == "print-options" || name == "print-all-options")
      return "";
    for (const char *t : translationFlagNames()) {
      if (name != t)
        continue;
      // The translations are literal values of one option and take no
      // value; -savedmodel-to-mlir is a bool flag of its own.
      if (hasValue && name != "savedmodel-to-mlir")
        return "--" + name.str() + " takes no value, got '" + a.str() + "'";
      if (hasValue && (value.equals_insensitive("false") || value == "0"))
        continue; // --savedmodel-to-mlir=false asks for no translation
      return "";
    }
  }
  std::string msg = "no translation given; pass one of";
  for (const char *t : translationFlagNames())
    msg += std::string(" --") + t;
  return msg + " (--help describes them)";
}

int tfmlir::savedModelTranslateMain(int argc, char **argv) {
  // Defined here, not globally: mlirTranslateMain defines its own input and
  // -o options, and this path never calls it.
  static llvm::cl::opt<std::string> input(
      llvm::cl::Positional, llvm::cl::desc("<SavedModel directory>"),
      llvm::cl::Required);
  static llvm::cl::opt<std::string> output(
      "o", llvm::cl::desc("Output filename"), llvm::cl::value_desc("filename"),
      llvm::cl::init("-"));
  mlir::registerAsmPrinterCLOptions();
  mlir::registerMLIRContextCLOptions();
  llvm::cl::ParseCommandLineOptions(argc, argv,
                                    "tfmlir translation driver (SavedModel)\n");
  ModelLoadOptions options;
  options.format = ModelFormat::SavedModel;
  options.tags = splitFlagList(savedModelTags);
  absl::StatusOr<LoadedModel> model = loadModel(input, options);
  if (!model.ok()) {
    llvm::errs() << "tf-translate: " << std::string(model.status().message())
                 << "\n";
    return 1;
  }
  // A SavedModel without signatures (e.g. a TF1 graph saved for training)
  // imports as its whole graph, as -graphdef-to-mlir would.
  bool wholeGraph = model->signatures.empty() &&
                    model->skippedSignatures.empty() &&
                    savedModelSignature.empty();
  absl::StatusOr<const ModelSignature *> sig = nullptr;
  if (!wholeGraph)
    sig = selectSignature(*model, savedModelSignature);
  if (!sig.ok()) {
    llvm::errs() << "tf-translate: " << std::string(sig.status().message())
                 << "\n";
    return 1;
  }
  DialectRegistry registry;
  registerTFDialects(registry);
  registry.insert<func::FuncDialect>();
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagHandler(sourceMgr, &ctx);
  OwningOpRef<ModuleOp> module =
      wholeGraph ? importGraphDef(model->graph, GraphImportConfig(), &ctx,
                                  model->sourceName)
                 : importSavedModelSignature(*model, **sig, &ctx);
  if (!module)
    return 1;
  std::string error;
  auto out = openOutputFile(output, &error);
  if (!out) {
    llvm::errs() << "tf-translate: " << error << "\n";
    return 1;
  }
  module->print(out->os(), OpPrintingFlags());
  out->os() << "\n";
  out->keep();
  return 0;
}

tfmlir::GraphImportConfig tfmlir::graphImportConfigFromFlags() {
  GraphImportConfig c;
  c.inputArrays = splitFlagList(inputArrays);
  c.inputDataTypes = splitFlagList(inputDataTypes);
  c.inputShapes = splitShapeList(inputShapes);
  // "-tf-input-shapes=" with one scalar input means one empty shape.
  if (c.inputShapes.empty() && inputShapes.getNumOccurrences() &&
      c.inputArrays.size() == 1)
    c.inputShapes.push_back("");
  c.outputArrays = splitFlagList(outputArrays);
  c.controlOutputArrays = splitFlagList(controlOutputArrays);
  c.pruneUnusedNodes = pruneUnusedNodes;
  c.graphAsFunction = graphAsFunction;
  c.addDefaultAttributes = !noDefaultAttrs;
  return c;
}

void tfmlir::registerGraphDefTranslations() {
  static TranslateToMLIRRegistration importReg(
      "graphdef-to-mlir", "TF GraphDef (.pb or .pbtxt) to MLIR",
      [](llvm::SourceMgr &sm, MLIRContext *ctx) -> OwningOpRef<Operation *> {
        const llvm::MemoryBuffer *buf = sm.getMemoryBuffer(sm.getMainFileID());
        std::string name = buf->getBufferIdentifier().str();
        if (name.empty() || name == "<stdin>")
          name = "<stdin>";
        tensorflow::GraphDef graph;
        std::string error;
        std::vector<int> nodeLines;
        if (!parseGraphDef(buf->getBuffer(), name, graph, error, &nodeLines)) {
          // A one-line error that names the file (and line and node).
          llvm::errs() << error << "\n";
          return nullptr;
        }
        auto module = importGraphDef(graph, graphImportConfigFromFlags(), ctx,
                                     name, &nodeLines);
        if (!module)
          return nullptr;
        return OwningOpRef<Operation *>(module.release());
      },
      [](DialectRegistry &registry) {
        registerTFDialects(registry);
        registry.insert<func::FuncDialect>();
      });

  // TF.js graph models: model.json is the input file; its weight shards are
  // read from model.json's folder (the current directory for stdin).
  auto loadTFJS = [](llvm::SourceMgr &sm,
                     std::string &name) -> std::optional<tfmlir::LoadedModel> {
    const llvm::MemoryBuffer *buf = sm.getMemoryBuffer(sm.getMainFileID());
    name = buf->getBufferIdentifier().str();
    if (name.empty())
      name = "<stdin>";
    absl::StatusOr<tfmlir::LoadedModel> model = loadTFJSModelFromJson(
        std::string_view(buf->getBufferStart(), buf->getBufferSize()),
        name == "<stdin>" ? std::string() : name);
    if (!model.ok()) {
      // One line that names the file (and the weight or node).
      llvm::errs() << std::string(model.status().message()) << "\n";
      return std::nullopt;
    }
    return std::move(*model);
  };
  static TranslateToMLIRRegistration tfjsImportReg(
      "tfjs-to-mlir", "TF.js graph model (model.json + weight shards) to MLIR",
      [loadTFJS](llvm::SourceMgr &sm,
                 MLIRContext *ctx) -> OwningOpRef<Operation *> {
        std::string name;
        std::optional<tfmlir::LoadedModel> model = loadTFJS(sm, name);
        if (!model)
          return nullptr;
        auto module = importGraphDef(model->graph, graphImportConfigFromFlags(),
                                     ctx, name);
        if (!module)
          return nullptr;
        return OwningOpRef<Operation *>(module.release());
      },
      [](DialectRegistry &registry) {
        registerTFDialects(registry);
        registry.insert<func::FuncDialect>();
      });
  static TranslateRegistration tfjsGraphDefReg(
      "tfjs-to-graphdef",
      "TF.js graph model (model.json + weight shards) to a binary GraphDef "
      "whose weights are Const values",
      [loadTFJS](const std::shared_ptr<llvm::SourceMgr> &sm,
                 llvm::raw_ostream &os, MLIRContext *) -> LogicalResult {
        std::string name;
        std::optional<tfmlir::LoadedModel> model = loadTFJS(*sm, name);
        if (!model)
          return failure();
        std::string out;
        if (!serializeDeterministic(model->graph, &out)) {
          llvm::errs() << name
                       << ": cannot serialize the GraphDef (over 2 GB?)\n";
          return failure();
        }
        os << out;
        return success();
      });

  static TranslateFromMLIRRegistration exportReg(
      "mlir-to-graphdef", "MLIR (tf_executor/tf) to a TF GraphDef",
      [](Operation *op, llvm::raw_ostream &os) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        if (!module)
          return op->emitError("expected a builtin.module");
        tensorflow::GraphDef graph;
        if (failed(exportGraphDef(module, graph)))
          return failure();
        std::string out;
        if (graphdefBinary) {
          if (!serializeDeterministic(graph, &out))
            return op->emitError("cannot serialize the GraphDef");
        } else {
          google::protobuf::TextFormat::PrintToString(graph, &out);
        }
        os << out;
        return success();
      },
      [](DialectRegistry &registry) {
        registerTFDialects(registry);
        addNodeNameDiagnosticsExtension(registry);
        registry.insert<func::FuncDialect>();
      });
}

void tfmlir::registerTFLiteTranslations() {
  static TranslateToMLIRRegistration importReg(
      "tflite-flatbuffer-to-mlir",
      "TFLite FlatBuffer (.tflite) to the tfl dialect",
      [](llvm::SourceMgr &sm, MLIRContext *ctx) -> OwningOpRef<Operation *> {
        const llvm::MemoryBuffer *buf = sm.getMemoryBuffer(sm.getMainFileID());
        std::string name = buf->getBufferIdentifier().str();
        if (name.empty())
          name = "<stdin>";
        return importTFLite(buf->getBuffer(), name, ctx);
      },
      [](DialectRegistry &registry) {
        registerTFLDialect(registry);
        registry.insert<func::FuncDialect>();
      });
  static TranslateFromMLIRRegistration exportReg(
      "mlir-to-tflite-flatbuffer",
      "tfl dialect to a TFLite FlatBuffer (.tflite)",
      [](Operation *op, llvm::raw_ostream &os) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        if (!module)
          return op->emitError("expected a builtin.module");
        std::string out;
        if (failed(exportTFLite(module, out)))
          return failure();
        os << out;
        return success();
      },
      [](DialectRegistry &registry) {
        registerTFLDialect(registry);
        registry.insert<func::FuncDialect>();
      });
}
