//===- tf-convert.cpp - GraphDef -> .tflite converter ----------------------===//
//
// Like `tflite_convert --graph_def_file`:
//   tf-convert --graph-def-file in.pb|in.pbtxt --output out.tflite
//   tf-convert --saved-model-dir DIR [--signature-key KEY] [--tags serve,...]
//              --output out.tflite   (TFLiteConverter.from_saved_model: the
//              input/output arrays, dtypes and shapes come from the
//              signature, default serving_default; the flags override them)
//              [--input-arrays a,b] [--input-shapes 1,28,28,1:4]
//              [--output-arrays y,z] [--allow-custom-ops]
//              [--emit-mlir] [--no-fuse]
//              [--quantize=none|dynamic|int8|float16]
//              [--representative-data dir|file.npz]
//              [--inference-input-type float32|int8|uint8]
//              [--inference-output-type float32|int8|uint8] [--report]
// Steps: parse and import the GraphDef (lib/Translate, the input/output
// arrays and shapes as tf-translate's -tf-input-arrays etc.), run
// tf-standard-pipeline, tfl-legalize-tf (report of builtin and unsupported
// ops on stderr, as tflite_convert prints), canonicalize, and export with
// the .tflite exporter. --emit-mlir prints the tfl module instead of
// writing a FlatBuffer.
// Quantization (lib/Transforms/Quantization/QuantPasses.td):
//  - dynamic: tfl-prepare-quantize-dynamic-range (int8 weights, hybrid ops);
//  - float16: the same pass with enable-float16-quantization;
//  - int8: calibration over --representative-data (a directory of
//    <input>.npy or an .npz, see Calibration.h), tfl-prepare-quantize,
//    tfl-quantize, tfl-post-quantize with the inference input/output types.
//    QAT graphs (FakeQuant ops) need no representative data.
//  - FakeQuant ops always become quantize/dequantize pairs (TF's behaviour).
// --report runs the float and the quantized model over the representative
// data in runtime/lite and prints, per output, max |error|, RMSE and the max
// error in units of the output scale.
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
#include "lib/Translate/ModelLoader.h"
#include "lib/Translate/SavedModel.h"
#include "tools/ToolVersion.h"
#include "lib/Transforms/Quantization/Calibration.h"
#include "lib/Transforms/Quantization/Passes.h"
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

#include <cmath>

using namespace mlir;
namespace cl = llvm::cl;

/// tf-convert's own flags; --help lists only these (LLVM's many backend
/// options are hidden).
static cl::OptionCategory tfConvertCategory("tf-convert options");

static cl::opt<std::string> graphDefFile("graph-def-file",
                                         cl::desc("Input GraphDef (.pb binary or .pbtxt text)"), cl::cat(tfConvertCategory));
static cl::opt<std::string> savedModelDir("saved-model-dir",
                                          cl::desc("Input SavedModel directory (instead of --graph-def-file)"),
                                          cl::cat(tfConvertCategory));
static cl::opt<std::string> signatureKey("signature-key",
                                         cl::desc("SavedModel signature (default serving_default)"),
                                         cl::cat(tfConvertCategory));
static cl::opt<std::string> savedModelTags("tags", cl::init("serve"),
                                           cl::desc("SavedModel MetaGraphDef tags, comma separated"),
                                           cl::cat(tfConvertCategory));
static cl::opt<std::string> outputFile("output", cl::desc("Output .tflite file"),
                                       cl::init("-"), cl::cat(tfConvertCategory));
static cl::opt<std::string> inputArrays("input-arrays",
                                        cl::desc("Comma-separated input tensors (node or node:index)"), cl::cat(tfConvertCategory));
static cl::opt<std::string> inputShapes(
    "input-shapes", cl::desc("Shapes of the inputs, ':'-separated, e.g. 1,28,28,1:4"), cl::cat(tfConvertCategory));
static cl::opt<std::string> inputDataTypes("input-data-types",
                                           cl::desc("Comma-separated input dtypes (optional)"), cl::cat(tfConvertCategory));
static cl::opt<std::string> outputArrays("output-arrays",
                                         cl::desc("Comma-separated output tensors"), cl::cat(tfConvertCategory));
static cl::opt<bool> allowCustomOps("allow-custom-ops",
                                    cl::desc("Emit ops without a TFLite builtin as custom ops"), cl::cat(tfConvertCategory));
static cl::opt<bool> emitMlir("emit-mlir", cl::desc("Print the tfl module instead of .tflite"), cl::cat(tfConvertCategory));
static cl::opt<bool> noFuse("no-fuse", cl::desc("Skip the bias/BN/activation fusions"), cl::cat(tfConvertCategory));
static cl::opt<bool> quiet("quiet", cl::desc("Do not print the op report on success"), cl::cat(tfConvertCategory));
static cl::opt<std::string> quantizeMode(
    "quantize", cl::init("none"),
    cl::desc("Post-training quantization: none, dynamic (int8 weights, hybrid "
             "ops), int8 (full integer; needs --representative-data unless "
             "the graph has FakeQuant ops) or float16 (float16 weights)"), cl::cat(tfConvertCategory));
static cl::opt<std::string> representativeData(
    "representative-data",
    cl::desc("Directory of <input>.npy files or an .npz (np.savez) with one "
             "array per input, shaped [samples, ...input shape] or the input shape"), cl::cat(tfConvertCategory));
static cl::opt<std::string> inferenceInputType(
    "inference-input-type", cl::init("float32"),
    cl::desc("Type of the model inputs with --quantize=int8: float32, int8 or uint8"), cl::cat(tfConvertCategory));
static cl::opt<std::string> inferenceOutputType(
    "inference-output-type", cl::init("float32"),
    cl::desc("Type of the model outputs with --quantize=int8: float32, int8 or uint8"), cl::cat(tfConvertCategory));
static cl::opt<bool> disablePerChannelDense(
    "disable-per-channel-for-dense-layers",
    cl::desc("With --quantize=int8: per-tensor fully_connected weights"), cl::cat(tfConvertCategory));
static cl::opt<bool> quantReport(
    "report", cl::desc("Print per-output error of the quantized model against "
                       "the float model on the representative data"), cl::cat(tfConvertCategory));

namespace {
/// True when `module` has a tfl.quantize (QAT FakeQuant pairs).
bool hasQuantizeOps(ModuleOp module) {
  bool found = false;
  module.walk([&](Operation *op) {
    if (op->getName().getStringRef() == "tfl.quantize")
      found = true;
  });
  return found;
}
/// True when @main computes something in float32 (an op with a float32
/// result other than constants).
bool hasFloatOps(ModuleOp module) {
  bool found = false;
  module.walk([&](Operation *op) {
    StringRef n = op->getName().getStringRef();
    if (n == "tfl.pseudo_const" || n == "tfl.dequantize" || n == "tfl.quantize")
      return;
    for (Type t : op->getResultTypes())
      if (auto st = dyn_cast<TensorType>(t); st && st.getElementType().isF32())
        found = true;
  });
  return found;
}
/// The scale of @main's result `i` in the quantized module: its own type's,
/// or that of the int8 value a final dequantize reads. 0 when float.
double outputScale(func::FuncOp main, unsigned i) {
  Value v = main.getBody().front().getTerminator()->getOperand(i);
  if (Operation *d = v.getDefiningOp();
      d && d->getName().getStringRef() == "tfl.dequantize")
    v = d->getOperand(0);
  if (auto st = dyn_cast<ShapedType>(v.getType()))
    if (auto q = dyn_cast<quant::UniformQuantizedType>(st.getElementType()))
      return q.getScale();
  return 0.0;
}
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  tfmlir::registerTFPasses();
  tfmlir::registerTFToTFLPasses();
  cl::HideUnrelatedOptions(tfConvertCategory);
  llvm::cl::SetVersionPrinter(
      [](llvm::raw_ostream &os) { os << tfmlir::toolVersion("tf-convert"); });
  cl::ParseCommandLineOptions(argc, argv, "GraphDef to TFLite converter\n");
  tfmlir::registerTFLQuantPasses();
  if (graphDefFile.empty() == savedModelDir.empty()) {
    llvm::errs() << "tf-convert: give one of --graph-def-file and --saved-model-dir\n";
    return 1;
  }
  const std::string modelPath = savedModelDir.empty() ? graphDefFile : savedModelDir;
  if (quantizeMode != "none" && quantizeMode != "dynamic" && quantizeMode != "int8" &&
      quantizeMode != "float16") {
    llvm::errs() << "tf-convert: --quantize must be none, dynamic, int8 or float16, got '"
                 << quantizeMode << "'\n";
    return 1;
  }
  for (auto *o : {&inferenceInputType, &inferenceOutputType})
    if (*o != "float32" && *o != "int8" && *o != "uint8") {
      llvm::errs() << "tf-convert: --" << o->ArgStr
                   << " must be float32, int8 or uint8, got '" << *o << "'\n";
      return 1;
    }
  if ((inferenceInputType != "float32" || inferenceOutputType != "float32") &&
      quantizeMode != "int8") {
    llvm::errs() << "tf-convert: --inference-input-type/--inference-output-type "
                    "other than float32 need --quantize=int8\n";
    return 1;
  }
  if (quantReport && representativeData.empty()) {
    llvm::errs() << "tf-convert: --report needs --representative-data\n";
    return 1;
  }

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

  // A GraphDef (.pb/.pbtxt; "-" is stdin), a SavedModel directory or a TF.js
  // model.json; lib/Translate/ModelLoader refuses devices, pipes and
  // oversized files.
  tensorflow::GraphDef graph;
  std::vector<int> nodeLines;
  tfmlir::GraphImportConfig signatureConfig;
  if (graphDefFile == "-") {
    auto buf = llvm::MemoryBuffer::getSTDIN();
    if (!buf) {
      llvm::errs() << "tf-convert: cannot read stdin: "
                   << buf.getError().message() << "\n";
      return 1;
    }
    std::string error;
    if (!tfmlir::parseGraphDef((*buf)->getBuffer(), "<stdin>", graph, error,
                               &nodeLines)) {
      llvm::errs() << error << "\n";
      return 1;
    }
  } else {
    tfmlir::ModelLoadOptions loadOptions;
    if (!savedModelDir.empty()) {
      loadOptions.format = tfmlir::ModelFormat::SavedModel;
      loadOptions.tags = tfmlir::splitFlagList(savedModelTags);
    }
    absl::StatusOr<tfmlir::LoadedModel> loaded = tfmlir::loadModel(modelPath, loadOptions);
    if (!loaded.ok()) {
      llvm::errs() << "tf-convert: " << std::string(loaded.status().message()) << "\n";
      return 1;
    }
    if (!savedModelDir.empty()) {
      // from_saved_model: arrays, dtypes and shapes from the signature.
      auto sig = tfmlir::selectSignature(*loaded, signatureKey);
      if (!sig.ok()) {
        llvm::errs() << "tf-convert: " << std::string(sig.status().message()) << "\n";
        return 1;
      }
      signatureConfig = tfmlir::signatureImportConfig(**sig);
      if (!loaded->initTargets.empty()) {
        llvm::errs() << "tf-convert: " << modelPath << ": the SavedModel's init op '"
                     << loaded->initTargets.front()
                     << "' does more than assign constants; a .tflite model cannot run it\n";
        return 1;
      }
    }
    graph = std::move(loaded->graph);
    nodeLines = std::move(loaded->nodeLines);
  }
  tfmlir::GraphImportConfig config = signatureConfig;
  if (!inputArrays.empty()) {
    config.inputArrays = tfmlir::splitFlagList(inputArrays);
    config.inputDataTypes.clear();
    config.inputShapes.clear();
  }
  if (!inputShapes.empty())
    config.inputShapes = tfmlir::splitShapeList(inputShapes);
  if (!inputDataTypes.empty())
    config.inputDataTypes = tfmlir::splitFlagList(inputDataTypes);
  if (!outputArrays.empty())
    config.outputArrays = tfmlir::splitFlagList(outputArrays);
  config.pruneUnusedNodes = true;
  if (config.outputArrays.empty()) {
    llvm::errs() << "tf-convert: " << modelPath << ": --output-arrays is required\n";
    return 1;
  }
  if (!config.inputShapes.empty() && config.inputShapes.size() != config.inputArrays.size()) {
    llvm::errs() << "tf-convert: --input-shapes has " << config.inputShapes.size()
                 << " shapes but --input-arrays has " << config.inputArrays.size()
                 << " entries\n";
    return 1;
  }
  auto module = tfmlir::importGraphDef(graph, config, &ctx, modelPath, &nodeLines);
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
    llvm::errs() << "tf-convert: " << modelPath << ": tf-standard-pipeline failed\n";
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
    llvm::errs() << "tf-convert: " << modelPath << ": conversion failed\n";
    return 1;
  }
  tfmlir::ConversionReport report;
  bool ok = succeeded(tfmlir::legalizeTFToTFL(*module, allowCustomOps, !noFuse, report));
  if (!ok) {
    llvm::errs() << "tf-convert: " << modelPath << ": conversion failed\n";
    return 1;
  }
  if (!quiet)
    llvm::errs() << report.format();
  PassManager post(&ctx);
  post.addPass(createCanonicalizerPass());
  post.addPass(createCSEPass());
  if (failed(post.run(*module))) {
    llvm::errs() << "tf-convert: " << modelPath << ": canonicalization failed\n";
    return 1;
  }
  // The interpreter runs subgraph 0: make @main the module's first function.
  if (auto mainFn = module->lookupSymbol<func::FuncOp>("main"))
    mainFn->moveBefore(&module->getBody()->front());

  // Quantization.
  auto mainFn = module->lookupSymbol<func::FuncOp>("main");
  std::vector<tfmlir::quantutil::Sample> samples;
  if (!representativeData.empty()) {
    if (!mainFn || mainFn.isExternal()) {
      llvm::errs() << "tf-convert: " << modelPath << ": no @main function\n";
      return 1;
    }
    auto loaded = tfmlir::quantutil::loadRepresentativeData(representativeData, mainFn);
    if (!loaded.ok()) {
      llvm::errs() << "tf-convert: " << std::string(loaded.status().message()) << "\n";
      return 1;
    }
    samples = std::move(*loaded);
  }
  std::string floatBytes;
  if (quantReport && failed(tfmlir::exportTFLite(*module, floatBytes))) {
    llvm::errs() << "tf-convert: " << modelPath << ": .tflite export failed\n";
    return 1;
  }
  bool qat = hasQuantizeOps(*module);
  if (quantizeMode != "none" && !hasFloatOps(*module)) {
    llvm::errs() << "tf-convert: " << modelPath
                 << ": --quantize=" << quantizeMode
                 << ": the model has no float ops to quantize\n";
    return 1;
  }
  PassManager qpm(&ctx);
  if (quantizeMode == "dynamic" || quantizeMode == "float16") {
    tfmlir::PrepareDynamicRangeQuantizeOptions o;
    o.enableFloat16 = quantizeMode == "float16";
    o.failIfNothing = true;
    if (qat)
      qpm.addPass(tfmlir::createPostQuantize());
    qpm.addPass(tfmlir::createPrepareDynamicRangeQuantize(o));
  } else if (quantizeMode == "int8") {
    if (samples.empty() && !qat) {
      llvm::errs() << "tf-convert: " << modelPath
                   << ": --quantize=int8 needs --representative-data (the graph "
                      "has no FakeQuant ranges)\n";
      return 1;
    }
    if (qat) {
      // Fold the QAT weights (quantize of constants) before calibration.
      PassManager fold(&ctx);
      fold.addPass(tfmlir::createPostQuantize());
      if (failed(fold.run(*module))) {
        llvm::errs() << "tf-convert: " << modelPath << ": quantization failed\n";
        return 1;
      }
    }
    if (!samples.empty()) {
      std::string err;
      if (failed(tfmlir::quantutil::calibrate(*module, samples, err))) {
        llvm::errs() << "tf-convert: " << modelPath << ": " << err << "\n";
        return 1;
      }
    }
    if (qat)
      qpm.addPass(tfmlir::createPostQuantize());
    qpm.addPass(tfmlir::createPrepareQuantize());
    tfmlir::QuantizeOptions qo;
    qo.disablePerChannelForDenseLayers = disablePerChannelDense;
    qpm.addPass(tfmlir::createQuantize(qo));
    tfmlir::PostQuantizeOptions po;
    po.inferenceInputType = inferenceInputType;
    po.inferenceOutputType = inferenceOutputType;
    qpm.addPass(tfmlir::createPostQuantize(po));
  } else if (qat) {
    qpm.addPass(tfmlir::createPostQuantize());
  }
  qpm.addPass(createCanonicalizerPass());
  if (failed(qpm.run(*module))) {
    llvm::errs() << "tf-convert: " << modelPath << ": quantization failed\n";
    return 1;
  }
  if (quantReport) {
    std::string qBytes;
    if (failed(tfmlir::exportTFLite(*module, qBytes))) {
      llvm::errs() << "tf-convert: " << modelPath << ": .tflite export failed\n";
      return 1;
    }
    auto fOut = tfmlir::quantutil::runTFLite(floatBytes, samples, "float model");
    auto qOut = tfmlir::quantutil::runTFLite(qBytes, samples, "quantized model");
    if (!fOut.ok() || !qOut.ok()) {
      llvm::errs() << "tf-convert: report unavailable: "
                   << std::string(fOut.ok() ? qOut.status().message() : fOut.status().message())
                   << "\n";
    } else {
      llvm::errs() << "quantization report (" << quantizeMode << ", " << samples.size()
                   << " samples): output: max_abs_error rmse max_error_in_output_scale_steps\n";
      size_t nOut = (*fOut)[0].size();
      for (size_t o = 0; o < nOut; ++o) {
        double maxAbs = 0, sq = 0;
        size_t n = 0;
        for (size_t s = 0; s < samples.size(); ++s) {
          const auto &a = (*fOut)[s][o];
          const auto &b = (*qOut)[s][o];
          for (size_t k = 0; k < a.size() && k < b.size(); ++k) {
            double e = std::fabs(double(a[k]) - double(b[k]));
            maxAbs = std::max(maxAbs, e);
            sq += e * e;
            ++n;
          }
        }
        double scale = outputScale(mainFn, o);
        std::string oname = o < config.outputArrays.size() ? config.outputArrays[o]
                                                           : "output " + std::to_string(o);
        llvm::errs() << "  " << oname << ": max_abs " << maxAbs << ", rmse "
                     << (n ? std::sqrt(sq / n) : 0.0) << ", steps ";
        if (scale > 0)
          llvm::errs() << maxAbs / scale << " (scale " << scale << ")\n";
        else
          llvm::errs() << "n/a (float output)\n";
      }
    }
  }
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
      llvm::errs() << "tf-convert: " << modelPath << ": .tflite export failed\n";
      return 1;
    }
    out->os() << bytes;
  }
  out->keep();
  return 0;
}
