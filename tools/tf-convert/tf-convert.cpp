//===- tf-convert.cpp - GraphDef -> .tflite converter
//----------------------===//
//
// Like `tflite_convert --graph_def_file`:
//   tf-convert --graph-def-file in.pb|in.pbtxt --output out.tflite
//   tf-convert --saved-model-dir DIR [--signature-key KEY] [--tags serve,...]
//              --output out.tflite   (TFLiteConverter.from_saved_model: the
//              input/output arrays and dtypes come from the signature,
//              default serving_default or the only one; --input-shapes may
//              replace its shapes)
//              [--input-arrays a,b] [--input-shapes 1,28,28,1:4]
//              [--output-arrays y,z] [--allow-custom-ops]
//              [--emit-mlir] [--no-fuse]
//              [--quantize=none|dynamic|int8|float16]
//              [--representative-data dir|file.npz]
//              [--inference-input-type float32|int8|uint8]
//              [--inference-output-type float32|int8|uint8] [--report]
// The flags are parsed and checked here; loading is one call of
// tfmlir::loadConverterInput and the conversion one call of
// tfmlir::convertToTFLite (lib/Pipelines/TFLiteConverter.h), which the
// python package calls too. Steps: parse and import the GraphDef
// (lib/Translate, the input/output arrays and shapes as tf-translate's
// -tf-input-arrays etc.), run
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
// Progress: on a terminal, a conversion longer than 3 s shows a live line
// of the phase and pass (lib/Pipelines/CompileProgress.h); the hidden
// --progress=always|never writes one line per phase and pass, or nothing.
// --report runs the float and the quantized model over the representative
// data in runtime/lite and prints, per output, max |error|, RMSE and the max
// error in units of the output scale.
// Exit status: 0 on success; 1 on any error (a message naming the file and,
// where known, the node), including ops without a TFLite builtin unless
// --allow-custom-ops (then they become custom ops named after the TF op).
//===----------------------------------------------------------------------===//
#include "lib/Pipelines/CompileProgress.h"
#include "lib/Pipelines/TFLiteConverter.h"
#include "lib/Translate/GraphDefImporter.h"
#include "tools/ToolVersion.h"

#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>

namespace cl = llvm::cl;

/// tf-convert's own flags; --help lists only these (LLVM's many backend
/// options are hidden).
static cl::OptionCategory tfConvertCategory("tf-convert options");

static cl::opt<std::string>
    graphDefFile("graph-def-file",
                 cl::desc("Input GraphDef (.pb binary or .pbtxt text)"),
                 cl::cat(tfConvertCategory));
static cl::opt<std::string> savedModelDir(
    "saved-model-dir",
    cl::desc("Input SavedModel directory (instead of --graph-def-file)"),
    cl::cat(tfConvertCategory));
static cl::opt<std::string> signatureKey(
    "signature-key",
    cl::desc("SavedModel signature (default serving_default, or the only one)"),
    cl::cat(tfConvertCategory));
static cl::opt<std::string>
    savedModelTags("tags", cl::init("serve"),
                   cl::desc("SavedModel MetaGraphDef tags, comma separated"),
                   cl::cat(tfConvertCategory));
static cl::opt<std::string> outputFile("output",
                                       cl::desc("Output .tflite file"),
                                       cl::init("-"),
                                       cl::cat(tfConvertCategory));
static cl::opt<std::string> inputArrays(
    "input-arrays",
    cl::desc("Comma-separated input tensors (node or node:index); a Const or "
             "other node named here becomes a model input"),
    cl::cat(tfConvertCategory));
static cl::opt<std::string> inputShapes(
    "input-shapes",
    cl::desc("Shapes of the inputs, ':'-separated, e.g. 1,28,28,1:4"),
    cl::cat(tfConvertCategory));
static cl::opt<std::string>
    inputDataTypes("input-data-types",
                   cl::desc("Comma-separated input dtypes (optional)"),
                   cl::cat(tfConvertCategory));
static cl::opt<std::string>
    outputArrays("output-arrays", cl::desc("Comma-separated output tensors"),
                 cl::cat(tfConvertCategory));
static cl::opt<bool>
    allowCustomOps("allow-custom-ops",
                   cl::desc("Emit ops without a TFLite builtin as custom ops"),
                   cl::cat(tfConvertCategory));
static cl::opt<bool>
    emitMlir("emit-mlir", cl::desc("Print the tfl module instead of .tflite"),
             cl::cat(tfConvertCategory));
static cl::opt<bool> noFuse("no-fuse",
                            cl::desc("Skip the bias/BN/activation fusions"),
                            cl::cat(tfConvertCategory));
static cl::opt<long long> maxCompileMemory(
    "max-compile-memory",
    cl::desc("The most heap bytes the conversion may add to the process (0 = "
             "no limit; measured after each pass and stage); over it "
             "tf-convert fails with RESOURCE_EXHAUSTED"),
    cl::init(0), cl::cat(tfConvertCategory));
static cl::opt<bool> quiet("quiet",
                           cl::desc("Do not print the op report on success"),
                           cl::cat(tfConvertCategory));
static cl::opt<bool> verbose(
    "verbose",
    cl::desc(
        "List every node of each op in the op report and in the unsupported-op "
        "error (default: the first 8 per op, then a count)"),
    cl::cat(tfConvertCategory));
static cl::opt<std::string> quantizeMode(
    "quantize", cl::init("none"),
    cl::desc("Post-training quantization: none, dynamic (int8 weights, hybrid "
             "ops), int8 (full integer; needs --representative-data unless "
             "the graph has FakeQuant ops) or float16 (float16 weights)"),
    cl::cat(tfConvertCategory));
static cl::opt<std::string> representativeData(
    "representative-data",
    cl::desc("Directory of <input>.npy files, an .npz (np.savez) with one "
             "array per input, or one .npy for a one-input model; each "
             "shaped [samples, ...input shape] or the input shape"),
    cl::cat(tfConvertCategory));
static cl::opt<std::string>
    inferenceInputType("inference-input-type", cl::init("float32"),
                       cl::desc("Type of the model inputs with "
                                "--quantize=int8: float32, int8 or uint8"),
                       cl::cat(tfConvertCategory));
static cl::opt<std::string>
    inferenceOutputType("inference-output-type", cl::init("float32"),
                        cl::desc("Type of the model outputs with "
                                 "--quantize=int8: float32, int8 or uint8"),
                        cl::cat(tfConvertCategory));
static cl::opt<bool> disablePerChannelDense(
    "disable-per-channel-for-dense-layers",
    cl::desc("With --quantize=int8: per-tensor fully_connected weights"),
    cl::cat(tfConvertCategory));
static cl::opt<bool> quantReport(
    "report",
    cl::desc("Print per-output error of the quantized model against "
             "the float model on the representative data"),
    cl::cat(tfConvertCategory));
static cl::opt<std::string> progressFlag(
    "progress", cl::init("auto"), cl::Hidden,
    cl::desc("Progress line on stderr: auto (on a terminal, after 3 s), "
             "always (one line per phase and pass) or never"),
    cl::cat(tfConvertCategory));

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(tfConvertCategory);
  llvm::cl::SetVersionPrinter(
      [](llvm::raw_ostream &os) { os << tfmlir::toolVersion("tf-convert"); });
  cl::ParseCommandLineOptions(argc, argv, "GraphDef to TFLite converter\n");
  if (graphDefFile.empty() == savedModelDir.empty()) {
    llvm::errs()
        << "tf-convert: give one of --graph-def-file and --saved-model-dir\n";
    return 1;
  }
  if (!savedModelDir.empty() &&
      (!inputArrays.empty() || !outputArrays.empty() ||
       !inputDataTypes.empty())) {
    llvm::errs()
        << "tf-convert: with --saved-model-dir the input and output "
           "arrays and dtypes come from the signature (--signature-key)\n";
    return 1;
  }
  const std::string modelPath =
      savedModelDir.empty() ? graphDefFile : savedModelDir;
  if (quantizeMode != "none" && quantizeMode != "dynamic" &&
      quantizeMode != "int8" && quantizeMode != "float16") {
    llvm::errs() << "tf-convert: --quantize must be none, dynamic, int8 or "
                    "float16, got '"
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
    llvm::errs()
        << "tf-convert: --inference-input-type/--inference-output-type "
           "other than float32 need --quantize=int8\n";
    return 1;
  }
  std::optional<tfmlir::ProgressMode> progressMode =
      tfmlir::parseProgressMode(progressFlag);
  if (!progressMode) {
    llvm::errs()
        << "tf-convert: --progress must be auto, always or never, got '"
        << progressFlag << "'\n";
    return 1;
  }
  if (quantReport && representativeData.empty()) {
    llvm::errs() << "tf-convert: --report needs --representative-data\n";
    return 1;
  }

  if (maxCompileMemory < 0) {
    llvm::errs() << "tf-convert: --max-compile-memory needs a byte count >= 0, "
                    "got "
                 << maxCompileMemory << "\n";
    return 1;
  }
  tfmlir::ConverterOptions options;
  options.maxCompileMemoryBytes = maxCompileMemory;
  options.inputArrays = tfmlir::splitFlagList(inputArrays);
  options.inputShapes = tfmlir::splitShapeList(inputShapes);
  options.inputDataTypes = tfmlir::splitFlagList(inputDataTypes);
  options.outputArrays = tfmlir::splitFlagList(outputArrays);
  // A GraphDef (.pb/.pbtxt; "-" is stdin), a SavedModel directory (arrays,
  // dtypes and shapes from its signature) or a TF.js model.json.
  tfmlir::ConverterInput input;
  input.path = modelPath;
  input.savedModel = !savedModelDir.empty();
  input.signatureKey = signatureKey;
  input.tags = tfmlir::splitFlagList(savedModelTags);
  absl::StatusOr<tfmlir::LoadedModel> model =
      tfmlir::loadConverterInput(input, options);
  if (!model.ok()) {
    llvm::errs() << "tf-convert: " << std::string(model.status().message())
                 << "\n";
    return 1;
  }
  options.allowCustomOps = allowCustomOps;
  options.fuse = !noFuse;
  options.quantize = quantizeMode;
  options.inferenceInputType = inferenceInputType;
  options.inferenceOutputType = inferenceOutputType;
  options.disablePerChannelForDenseLayers = disablePerChannelDense;
  options.representativeDataPath = representativeData;
  options.quantReport = quantReport;
  options.emitMlir = emitMlir;
  options.logOpReport = !quiet;
  options.verboseOpReport = verbose;
  // Diagnostics and reports go to stderr as they happen.
  std::optional<absl::StatusOr<tfmlir::ConversionResult>> converted;
  {
    // Calibration and large graphs take seconds: a live line of the phase
    // and pass on a terminal (lib/Pipelines/CompileProgress.h).
    tfmlir::CompileProgress progress("tf-convert " + modelPath, *progressMode);
    converted.emplace(
        tfmlir::convertToTFLite(*model, options, {}, &llvm::errs()));
    if (!converted->ok())
      progress.setFailed();
  }
  absl::StatusOr<tfmlir::ConversionResult> &result = *converted;
  if (!result.ok()) {
    // An empty message: the diagnostics already printed are the report.
    if (!result.status().message().empty()) {
      // The option's field name becomes this tool's flag.
      std::string msg(result.status().message());
      const std::string field = "max_compile_memory_bytes";
      if (size_t p = msg.find(field); p != std::string::npos)
        msg.replace(p, field.size(), "--max-compile-memory");
      if (result.status().code() == absl::StatusCode::kResourceExhausted)
        msg = "RESOURCE_EXHAUSTED: " + msg;
      llvm::errs() << "tf-convert: " << msg << "\n";
    }
    return 1;
  }

  // As tflite_convert requires --output_file: never spill FlatBuffer bytes
  // onto a terminal.
  if (!emitMlir && outputFile == "-" &&
      llvm::sys::Process::StandardOutIsDisplayed()) {
    llvm::errs()
        << "tf-convert: pass --output FILE.tflite (refusing to write a "
           "binary .tflite to the terminal)\n";
    return 1;
  }
  std::string errorMessage;
  auto out = mlir::openOutputFile(outputFile, &errorMessage);
  if (!out) {
    llvm::errs() << "tf-convert: " << errorMessage << "\n";
    return 1;
  }
  out->os() << result->bytes;
  out->keep();
  return 0;
}
