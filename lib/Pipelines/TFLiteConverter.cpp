//===- TFLiteConverter.cpp - GraphDef -> .tflite as one library call ------===//
//
// The steps tf-convert's main used to run, unchanged in order and wording
// (see TFLiteConverter.h): import, tf-standard-pipeline, tfl-legalize-tf,
// canonicalize, quantization (calibration in runtime/lite), export.
//===----------------------------------------------------------------------===//
#include "lib/Pipelines/TFLiteConverter.h"

#include "dialects/tf/TFDiagnostics.h"
#include "dialects/tf/TFOps.h"
#include "dialects/tfl/TFLOps.h"
#include "lib/Conversion/TFToTFL/Passes.h"
#include "lib/Pipelines/Calibration.h"
#include "lib/Pipelines/CompileMemory.h"
#include "lib/Pipelines/CompileTiming.h"
#include "lib/Transforms/ExecutorPasses.h"
#include "lib/Transforms/Passes.h"
#include "lib/Transforms/Quantization/Passes.h"
#include "lib/Translate/GraphDefImporter.h"
#include "lib/Translate/SavedModel.h"
#include "lib/Translate/TFLiteExporter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include "absl/strings/str_cat.h"

#include <cmath>
#include <limits>

using namespace mlir;

namespace tfmlir {
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

/// Checks the option values that tf-convert also checks as flags.
absl::Status checkOptions(const ConverterOptions &o) {
  const std::string &q = o.quantize;
  if (q != "none" && q != "dynamic" && q != "int8" && q != "float16")
    return absl::InvalidArgumentError(
        "quantize must be none, dynamic, int8 or float16, got '" + q + "'");
  for (const std::string *t : {&o.inferenceInputType, &o.inferenceOutputType})
    if (*t != "float32" && *t != "int8" && *t != "uint8")
      return absl::InvalidArgumentError(
          "inference input/output types must be float32, int8 or uint8, got '" +
          *t + "'");
  if ((o.inferenceInputType != "float32" ||
       o.inferenceOutputType != "float32") &&
      q != "int8")
    return absl::InvalidArgumentError(
        "inference input/output types other than float32 need full integer "
        "quantization (quantize=int8)");
  return absl::OkStatus();
}

/// Runs `pm` on `module` as the compile phase `name` (shown on a live
/// CompileProgress, its passes counted and timed).
LogicalResult runPhase(PassManager &pm, ModuleOp module, const char *name) {
  CompilePhase phase(name);
  phase.timePasses(pm);
  return pm.run(module);
}

} // namespace

absl::StatusOr<ConversionResult>
convertToTFLite(const LoadedModel &model, const ConverterOptions &options,
                const std::vector<CalibrationSample> &pySamples,
                llvm::raw_ostream *log) {
  if (absl::Status st = checkOptions(options); !st.ok())
    return st;
  bool haveData = !pySamples.empty() || !options.representativeDataPath.empty();
  if (options.quantReport && !haveData)
    return absl::InvalidArgumentError(
        "the quantization report needs representative data");
  const std::string &file = model.sourceName;
  if (options.maxCompileMemoryBytes < 0)
    return absl::InvalidArgumentError(
        absl::StrCat("max_compile_memory_bytes must be >= 0, got ",
                     options.maxCompileMemoryBytes));
  // Measured after every pass (runPhase's CompilePhase) and after each
  // stage below (checkCompileMemory).
  CompileMemoryBudget budget(options.maxCompileMemoryBytes,
                             "model '" + file + "'");
  llvm::raw_null_ostream nullStream;
  llvm::raw_ostream &os = log ? *log : nullStream;
  auto fail = [&](absl::StatusCode code, const std::string &what) {
    return absl::Status(code, file + ": " + what);
  };

  DialectRegistry registry;
  registerTFDialects(registry);
  registerTFLDialect(registry);
  addNodeNameDiagnosticsExtension(registry);
  registry.insert<func::FuncDialect>();
  MLIRContext ctx(registry);
  // Print diagnostics as "file:line:col: error: node 'n': ...". Registered
  // before the dialects load, so the node-name handler (installed when the tf
  // dialect loads) runs first and prefixes the node.
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler sourceMgrHandler(sourceMgr, &ctx, os);
  ctx.printOpOnDiagnostic(false);
  ctx.loadAllAvailableDialects();

  GraphImportConfig config;
  config.inputArrays = options.inputArrays;
  config.inputShapes = options.inputShapes;
  config.inputDataTypes = options.inputDataTypes;
  config.outputArrays = options.outputArrays;
  config.pruneUnusedNodes = true;
  // Import errors name tf-convert's flags, as this file's other messages do.
  config.names.inputArrays = "--input-arrays";
  config.names.inputDataTypes = "--input-data-types";
  config.names.inputShapes = "--input-shapes";
  config.names.outputArrays = "--output-arrays";
  if (config.outputArrays.empty())
    return fail(absl::StatusCode::kInvalidArgument,
                "--output-arrays is required");
  if (!config.inputShapes.empty() &&
      config.inputShapes.size() != config.inputArrays.size())
    return absl::InvalidArgumentError(
        absl::StrCat("--input-shapes has ", config.inputShapes.size(),
                     " shapes but --input-arrays has ",
                     config.inputArrays.size(), " entries"));
  // The phases below show on a live CompileProgress (tf-convert on a
  // terminal); no timing is printed for them.
  OwningOpRef<ModuleOp> module;
  {
    CompilePhase phase("import GraphDef");
    module = importGraphDef(model.graph, config, &ctx, file, &model.nodeLines);
  }
  if (!module) // the diagnostics in the log are the whole report
    return absl::InvalidArgumentError("");
  if (absl::Status st = checkCompileMemory("import GraphDef"); !st.ok())
    return st;

  // Name @main's arguments after the fed tensors, so that the .tflite
  // input tensors carry the names given in --input-arrays.
  if (auto mainFn = module->lookupSymbol<func::FuncOp>("main");
      mainFn && !mainFn.isExternal())
    for (auto [arg, name] :
         llvm::zip(mainFn.getArguments(), config.inputArrays)) {
      arg.setLoc(NameLoc::get(StringAttr::get(&ctx, name), arg.getLoc()));
      // A .tflite input has a rank; an unranked one (a fed node whose
      // shape the graph does not give, e.g. a Relu named as an input
      // without a shape) would be written as a scalar.
      if (!isa<RankedTensorType>(arg.getType()))
        return fail(absl::StatusCode::kInvalidArgument,
                    "input '" + name +
                        "' has no known shape in the graph; give it in " +
                        config.names.inputShapes +
                        " (a TFLite model input needs a rank)");
    }

  {
    PassManager pm(&ctx);
    buildTFStandardPipeline(pm, StandardPipelineOptions());
    LogicalResult ran = runPhase(pm, *module, "tf-standard-pipeline");
    if (absl::Status st = checkCompileMemory("tf-standard-pipeline"); !st.ok())
      return st;
    if (failed(ran))
      return fail(absl::StatusCode::kInvalidArgument,
                  "tf-standard-pipeline failed");
  }
  // A Placeholder still in the graph feeds the outputs but was not named an
  // input: TFLite has no op for it, so say which input flag is missing
  // instead of listing it as an unsupported op.
  bool missingInput = false;
  module->walk([&](Operation *op) {
    if (op->getName().getStringRef() != "tf.Placeholder")
      return;
    op->emitError() << "Placeholder is needed by " << config.names.outputArrays
                    << " but is not listed in " << config.names.inputArrays
                    << "; add it (and its shape to " << config.names.inputShapes
                    << ")";
    missingInput = true;
  });
  if (missingInput)
    return fail(absl::StatusCode::kInvalidArgument, "conversion failed");
  ConversionReport report;
  if (options.verboseOpReport)
    report.maxNodesPerOp = std::numeric_limits<size_t>::max();
  LogicalResult legalized = failure();
  {
    // tfl-legalize-tf, then tfl-optimize (the fusions; --no-fuse: only
    // folding and dead-op removal), then the report.
    CompilePhase phase("tfl-legalize-tf");
    legalized = convertTFToTFL(*module, options.allowCustomOps, report);
    if (succeeded(legalized))
      legalized = optimizeTFL(*module, options.fuse);
    if (succeeded(legalized))
      legalized = reportTFLConversion(*module, options.allowCustomOps, report);
  }
  if (absl::Status st = checkCompileMemory("tfl-legalize-tf"); !st.ok())
    return st;
  if (failed(legalized))
    return fail(report.complete() ? absl::StatusCode::kInvalidArgument
                                  : absl::StatusCode::kUnimplemented,
                "conversion failed");
  ConversionResult result;
  result.opReport = report.format();
  if (options.logOpReport)
    os << result.opReport;
  PassManager post(&ctx);
  post.addPass(createCanonicalizerPass());
  post.addPass(createCSEPass());
  LogicalResult canonicalized = runPhase(post, *module, "canonicalize + cse");
  if (absl::Status st = checkCompileMemory("canonicalize + cse"); !st.ok())
    return st;
  if (failed(canonicalized))
    return fail(absl::StatusCode::kInternal, "canonicalization failed");
  // The interpreter runs subgraph 0: make @main the module's first function.
  if (auto mainFn = module->lookupSymbol<func::FuncOp>("main"))
    mainFn->moveBefore(&module->getBody()->front());

  // Quantization.
  auto mainFn = module->lookupSymbol<func::FuncOp>("main");
  std::vector<quantutil::Sample> samples;
  if (haveData) {
    if (!mainFn || mainFn.isExternal())
      return fail(absl::StatusCode::kInvalidArgument, "no @main function");
    auto loaded = pySamples.empty()
                      ? quantutil::loadRepresentativeData(
                            options.representativeDataPath, mainFn)
                      : quantutil::samplesFromArrays(pySamples, mainFn,
                                                     "representative_dataset");
    if (!loaded.ok())
      return loaded.status();
    samples = std::move(*loaded);
  }
  std::string floatBytes;
  if (options.quantReport && failed(exportTFLite(*module, floatBytes)))
    return fail(absl::StatusCode::kInternal, ".tflite export failed");
  const std::string &mode = options.quantize;
  bool qat = hasQuantizeOps(*module);
  if (mode != "none" && !hasFloatOps(*module))
    return fail(absl::StatusCode::kInvalidArgument,
                "--quantize=" + mode +
                    ": the model has no float ops to quantize");
  PassManager qpm(&ctx);
  if (mode == "dynamic" || mode == "float16") {
    PrepareDynamicRangeQuantizeOptions o;
    o.enableFloat16 = mode == "float16";
    o.failIfNothing = true;
    if (qat)
      qpm.addPass(createPostQuantize());
    qpm.addPass(createPrepareDynamicRangeQuantize(o));
  } else if (mode == "int8") {
    if (samples.empty() && !qat)
      return fail(absl::StatusCode::kInvalidArgument,
                  "--quantize=int8 needs --representative-data (the graph "
                  "has no FakeQuant ranges)");
    if (qat) {
      // Fold the QAT weights (quantize of constants) before calibration.
      PassManager fold(&ctx);
      fold.addPass(createPostQuantize());
      if (failed(fold.run(*module)))
        return fail(absl::StatusCode::kInternal, "quantization failed");
    }
    if (!samples.empty()) {
      CompilePhase phase("calibrate");
      std::string err;
      if (failed(quantutil::calibrate(*module, samples, err)))
        return fail(absl::StatusCode::kInvalidArgument, err);
    }
    if (qat)
      qpm.addPass(createPostQuantize());
    qpm.addPass(createPrepareQuantize());
    QuantizeOptions qo;
    qo.disablePerChannelForDenseLayers =
        options.disablePerChannelForDenseLayers;
    qpm.addPass(createQuantize(qo));
    PostQuantizeOptions po;
    po.inferenceInputType = options.inferenceInputType;
    po.inferenceOutputType = options.inferenceOutputType;
    qpm.addPass(createPostQuantize(po));
  } else if (qat) {
    qpm.addPass(createPostQuantize());
  }
  qpm.addPass(createCanonicalizerPass());
  LogicalResult quantized = runPhase(qpm, *module, "quantize");
  if (absl::Status st = checkCompileMemory("quantize"); !st.ok())
    return st;
  if (failed(quantized))
    return fail(absl::StatusCode::kInternal, "quantization failed");
  if (options.quantReport) {
    std::string qBytes;
    if (failed(exportTFLite(*module, qBytes)))
      return fail(absl::StatusCode::kInternal, ".tflite export failed");
    auto fOut = quantutil::runTFLite(floatBytes, samples, "float model");
    auto qOut = quantutil::runTFLite(qBytes, samples, "quantized model");
    llvm::raw_string_ostream rep(result.quantReport);
    if (!fOut.ok() || !qOut.ok()) {
      rep << "tf-convert: report unavailable: "
          << std::string(fOut.ok() ? qOut.status().message()
                                   : fOut.status().message())
          << "\n";
    } else {
      rep << "quantization report (" << mode << ", " << samples.size()
          << " samples): output: max_abs_error rmse "
             "max_error_in_output_scale_steps\n";
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
        std::string oname = o < config.outputArrays.size()
                                ? config.outputArrays[o]
                                : "output " + std::to_string(o);
        rep << "  " << oname << ": max_abs " << maxAbs << ", rmse "
            << (n ? std::sqrt(sq / n) : 0.0) << ", steps ";
        if (scale > 0)
          rep << maxAbs / scale << " (scale " << scale << ")\n";
        else
          rep << "n/a (float output)\n";
      }
    }
    rep.flush();
    os << result.quantReport;
  }
  {
    // Last: an output that is an input or repeats another output gets a
    // tensor of its own, named after its output array as in TF's converter.
    PassManager names(&ctx);
    names.addPass(createSeparateOutputTensors());
    if (failed(names.run(*module)))
      return fail(absl::StatusCode::kInternal,
                  "separating output tensors failed");
  }
  if (!options.signatureKey.empty()) {
    // A SignatureDef for @main (tfl.signature_* attrs, see TFLiteExporter.h).
    if (!mainFn ||
        mainFn.getNumArguments() != options.signatureInputNames.size() ||
        mainFn.getNumResults() != options.signatureOutputNames.size())
      return fail(absl::StatusCode::kInvalidArgument,
                  "signature '" + options.signatureKey + "' names " +
                      std::to_string(options.signatureInputNames.size()) +
                      " inputs and " +
                      std::to_string(options.signatureOutputNames.size()) +
                      " outputs, but the converted model has others");
    mainFn->setAttr("tfl.signature_key",
                    StringAttr::get(&ctx, options.signatureKey));
    for (auto [i, name] : llvm::enumerate(options.signatureInputNames))
      mainFn.setArgAttr(i, "tfl.signature_name", StringAttr::get(&ctx, name));
    for (auto [i, name] : llvm::enumerate(options.signatureOutputNames))
      mainFn.setResultAttr(i, "tfl.signature_name",
                           StringAttr::get(&ctx, name));
  }
  if (options.emitMlir) {
    llvm::raw_string_ostream out(result.bytes);
    OpPrintingFlags flags;
    flags.enableDebugInfo();
    module->print(out, flags);
    out << "\n";
  } else {
    CompilePhase phase("export .tflite");
    if (failed(exportTFLite(*module, result.bytes)))
      return fail(absl::StatusCode::kInternal, ".tflite export failed");
  }
  if (absl::Status st = checkCompileMemory("export"); !st.ok())
    return st;
  return result;
}

absl::Status applySignature(const LoadedModel &model, const std::string &key,
                            ConverterOptions &options) {
  absl::StatusOr<const ModelSignature *> sig = model.signature(key);
  if (!sig.ok())
    return sig.status();
  // The loader folds init ops that only assign constants; what is left
  // (tables, file reads) has no TFLite equivalent.
  if (!model.initTargets.empty())
    return absl::FailedPreconditionError(
        model.sourceName + ": the SavedModel's init op '" +
        model.initTargets.front() +
        "' does more than assign constants; a .tflite model cannot run it");
  options.inputArrays.clear();
  options.inputShapes.clear();
  options.inputDataTypes.clear();
  options.outputArrays.clear();
  options.signatureInputNames.clear();
  options.signatureOutputNames.clear();
  for (const SignatureTensor &in : (*sig)->inputs) {
    if (!in.shape)
      return absl::InvalidArgumentError(
          model.sourceName + ": signature '" + key + "' input '" + in.name +
          "' has unknown rank; TFLite needs the rank of every input");
    std::string shape;
    // Unknown dims stay -1: the .tflite input gets shape 1 there and
    // shape_signature -1, as TF's converter writes them.
    for (size_t d = 0; d < in.shape->size(); ++d)
      absl::StrAppend(&shape, d ? "," : "",
                      (*in.shape)[d] < 0 ? -1 : (*in.shape)[d]);
    options.inputArrays.push_back(in.tensor);
    options.signatureInputNames.push_back(in.name);
    options.inputShapes.push_back(shape);
    options.inputDataTypes.push_back(tensorflow::DataType_Name(in.dtype));
  }
  options.signatureKey = key;
  for (const SignatureTensor &out : (*sig)->outputs) {
    options.outputArrays.push_back(out.tensor);
    options.signatureOutputNames.push_back(out.name);
  }
  return absl::OkStatus();
}

/// The arrays and dtypes a SavedModel's signature gives may not also be set
/// by hand (InvalidArgument naming the file).
static absl::Status
checkNoArraysForSavedModel(const ConverterInput &input,
                           const ConverterOptions &options) {
  if (input.savedModel &&
      (!options.inputArrays.empty() || !options.outputArrays.empty() ||
       !options.inputDataTypes.empty()))
    return absl::InvalidArgumentError(
        input.path + ": with a SavedModel the input and output arrays and "
                     "dtypes come from the signature (--signature-key)");
  return absl::OkStatus();
}

absl::Status applyConverterInput(const LoadedModel &model,
                                 const ConverterInput &input,
                                 ConverterOptions &options) {
  if (!input.savedModel)
    return absl::OkStatus();
  if (absl::Status st = checkNoArraysForSavedModel(input, options); !st.ok())
    return st;
  // from_saved_model: arrays, dtypes and shapes from the signature; explicit
  // shapes win.
  std::vector<std::string> shapes = options.inputShapes;
  absl::StatusOr<const ModelSignature *> sig =
      selectSignature(model, input.signatureKey);
  if (!sig.ok())
    return sig.status();
  if (absl::Status st = applySignature(model, (*sig)->key, options); !st.ok())
    return st;
  if (!shapes.empty())
    options.inputShapes = std::move(shapes);
  return absl::OkStatus();
}

absl::StatusOr<LoadedModel> loadConverterInput(const ConverterInput &input,
                                               ConverterOptions &options) {
  // Refuse conflicting options before reading a (possibly large) model.
  if (absl::Status st = checkNoArraysForSavedModel(input, options); !st.ok())
    return st;
  LoadedModel model;
  if (!input.savedModel && input.path == "-") {
    auto buf = llvm::MemoryBuffer::getSTDIN();
    if (!buf)
      return absl::InvalidArgumentError("cannot read stdin: " +
                                        buf.getError().message());
    std::string error;
    if (!parseGraphDef((*buf)->getBuffer(), "<stdin>", model.graph, error,
                       &model.nodeLines))
      return absl::InvalidArgumentError(error);
  } else {
    ModelLoadOptions loadOptions;
    if (input.savedModel) {
      loadOptions.format = ModelFormat::SavedModel;
      loadOptions.tags = input.tags;
    }
    absl::StatusOr<LoadedModel> loaded = loadModel(input.path, loadOptions);
    if (!loaded.ok())
      return loaded.status();
    model = std::move(*loaded);
  }
  model.sourceName = input.path;
  if (absl::Status st = applyConverterInput(model, input, options); !st.ok())
    return st;
  return model;
}

} // namespace tfmlir
