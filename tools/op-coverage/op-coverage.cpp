//===- op-coverage.cpp - writes docs/OpCoverage.md from the registries ----===//
//
// Asks the code, not a hand table, what each layer handles:
//  - the tf dialect's registered ops, by ODS family (TFOps<Family>.td, read
//    through the generated GET_OP_LIST of each family) and whether the
//    GraphDef importer has an OpDef signature for the op
//    (lib/Translate/OpRegistry, OpRegistry/<Family>.inc);
//  - tf-shape-inference's shape functions (ShapeFnRegistry), by family
//    (lib/Transforms/ShapeFns/<Family>.cpp);
//  - xla-legalize-tf's lowerings (listHLOConverters) and tfl-legalize-tf's
//    (listTFLConverters), with the file that holds each;
//  - the Session executor's host kernels (session::hostKernels), by family;
//  - the lite interpreter's kernels (runtime/lite/kernels/Registrations.def),
//    per TFLite builtin with its file, versions and the input element
//    types the kernel file declares at registration
//    (KernelRegistration::inputTypes, float and integer forms together;
//    Prepare checks them);
//  - the TFLite builtins each TF op's TFL lowering builds on the inputs of
//    the TFL lit tests (test/Conversion/TFToTFL/**/*.mlir, run through
//    legalizeTFToTFL; ConversionReport::produced), linked to their kernels;
//  - the test files under test/ that mention each op (`tf.Op` in MLIR,
//    `op: "Op"` in a GraphDef .pbtxt, `"op": "Op"` in a TF.js model.json).
//
//   op-coverage --source-dir <repo> -o docs/OpCoverage.md    (write)
//   op-coverage --source-dir <repo> --check docs/OpCoverage.md
// --check exits 1 when the file differs from what would be written (the
// ctest `op-coverage-fresh` runs it) and prints the command that
// regenerates it. Exit 1 also when a registry holds an entry this tool
// cannot attribute to a file (a new family: add it to the tables below).
//===----------------------------------------------------------------------===//
#include "dialects/tf/TFOps.h"
#include "dialects/tf/TFOpsRNN.h"
#include "dialects/tfl/TFLOps.h"
#include "lib/Conversion/TFToHLO/Passes.h"
#include "lib/Conversion/TFToTFL/Passes.h"
#include "lib/Transforms/ShapeInferenceContext.h"
#include "lib/Translate/OpRegistry.h"
#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/Kernel.h"
#include "runtime/session/kernels/HostKernel.h"
#include "tools/ToolVersion.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace cl = llvm::cl;
using namespace tfmlir;

static cl::OptionCategory category("op-coverage options");
static cl::opt<std::string>
    sourceDir("source-dir", cl::Required,
              cl::desc("Repository root (test/ is scanned there)"),
              cl::cat(category));
static cl::opt<std::string>
    outputFile("o", cl::desc("Write the table to this file ('-': stdout)"),
               cl::cat(category));
static cl::opt<std::string> checkFile(
    "check",
    cl::desc(
        "Compare with this file instead of writing; exit 1 when it is stale"),
    cl::cat(category));

namespace {

/// Everything known about one TF op (key: name without "tf.").
struct OpRow {
  std::string odsFile;     ///< "dialects/tf/TFOpsMath.td", or "".
  bool opDef = false;      ///< The importer's OpRegistry has its signature.
  std::string shapeFnFile; ///< "lib/Transforms/ShapeFns/NN.cpp", or "".
  std::string hloFile, tflFile, hostKernelFile;
  std::set<std::string> tests; ///< Paths relative to the source dir.
  /// The TFLite builtins ("CONV_2D") its TFL converter built in the
  /// TFL lit tests.
  std::set<std::string> builtinsSeen;
};

/// One TFLite builtin the lite interpreter runs.
struct BuiltinRow {
  std::string file; ///< The kernel file that registers it.
  int minVersion = 0, maxVersion = 0;
  /// The element types of input `typedInput` its kernel file declares at
  /// registration (KernelRegistration::inputTypes, union over versions);
  /// 0: none.
  lite::TypeSet types = 0;
  int typedInput = 0; ///< KernelRegistration::typedInput.
  bool tflOp = false; ///< The tfl dialect has `tfl.<lowercase name>`.
};

template <typename... Ops> std::vector<llvm::StringRef> opNames() {
  return {Ops::getOperationName()...};
}

/// The ODS ops of each tf family (dialects/tf/TFOps<Family>.td).
std::vector<std::pair<std::string, std::vector<llvm::StringRef>>>
odsFamilies() {
  std::vector<std::pair<std::string, std::vector<llvm::StringRef>>> f;
#define TFMLIR_FAMILY(file) f.emplace_back(file, opNames<
#define TFMLIR_END >());
  TFMLIR_FAMILY("TFOps.td")
#define GET_OP_LIST
#include "dialects/tf/TFOps.cpp.inc"
  TFMLIR_END
  TFMLIR_FAMILY("TFOpsMath.td")
#define GET_OP_LIST
#include "dialects/tf/TFOpsMath.cpp.inc"
  TFMLIR_END
  TFMLIR_FAMILY("TFOpsNN.td")
#define GET_OP_LIST
#include "dialects/tf/TFOpsNN.cpp.inc"
  TFMLIR_END
  TFMLIR_FAMILY("TFOpsReduce.td")
#define GET_OP_LIST
#include "dialects/tf/TFOpsReduce.cpp.inc"
  TFMLIR_END
  TFMLIR_FAMILY("TFOpsShape.td")
#define GET_OP_LIST
#include "dialects/tf/TFOpsShape.cpp.inc"
  TFMLIR_END
  TFMLIR_FAMILY("TFOpsIndexing.td")
#define GET_OP_LIST
#include "dialects/tf/TFOpsIndexing.cpp.inc"
  TFMLIR_END
  TFMLIR_FAMILY("TFOpsImage.td")
#define GET_OP_LIST
#include "dialects/tf/TFOpsImage.cpp.inc"
  TFMLIR_END
  TFMLIR_FAMILY("TFOpsControl.td")
#define GET_OP_LIST
#include "dialects/tf/TFOpsControl.cpp.inc"
  TFMLIR_END
  TFMLIR_FAMILY("TFOpsVariables.td")
#define GET_OP_LIST
#include "dialects/tf/TFOpsVariables.cpp.inc"
  TFMLIR_END
  TFMLIR_FAMILY("TFOpsRandom.td")
#define GET_OP_LIST
#include "dialects/tf/TFOpsRandom.cpp.inc"
  TFMLIR_END
  TFMLIR_FAMILY("TFOpsLinalg.td")
#define GET_OP_LIST
#include "dialects/tf/TFOpsLinalg.cpp.inc"
  TFMLIR_END
  TFMLIR_FAMILY("TFOpsTensorArray.td")
#define GET_OP_LIST
#include "dialects/tf/TFOpsTensorArray.cpp.inc"
  TFMLIR_END
  TFMLIR_FAMILY("TFOpsRNN.td")
#define GET_OP_LIST
#include "dialects/tf/TFOpsRNN.cpp.inc"
  TFMLIR_END
  TFMLIR_FAMILY("TFOpsQuant.td")
#define GET_OP_LIST
#include "dialects/tf/TFOpsQuant.cpp.inc"
  TFMLIR_END
#undef TFMLIR_FAMILY
#undef TFMLIR_END
  return f;
}

/// Op names mentioned by one test file: `tf.Name` (MLIR), `op: "Name"`
/// (.pbtxt) and `"op": "Name"` (TF.js JSON). Names start with an upper-case
/// letter or '_' (TF's op naming), which keeps out `tf.constant` and the
/// like from python sources.
void scanTestFile(llvm::StringRef text, std::set<std::string> &names) {
  auto isIdent = [](char c) { return llvm::isAlnum(c) || c == '_'; };
  auto takeName = [&](size_t pos) -> std::string {
    size_t end = pos;
    while (end < text.size() && isIdent(text[end]))
      ++end;
    if (end == pos || !(llvm::isUpper(text[pos]) || text[pos] == '_'))
      return "";
    return text.slice(pos, end).str();
  };
  for (size_t pos = text.find("tf."); pos != llvm::StringRef::npos;
       pos = text.find("tf.", pos + 3)) {
    if (pos > 0 && (isIdent(text[pos - 1]) || text[pos - 1] == '.'))
      continue; // "mytf.", "tf_executor." excluded; "xtf.Foo" too.
    std::string n = takeName(pos + 3);
    if (!n.empty())
      names.insert(n);
  }
  for (llvm::StringRef key : {"op: \"", "\"op\": \""})
    for (size_t pos = text.find(key); pos != llvm::StringRef::npos;
         pos = text.find(key, pos + key.size())) {
      std::string n = takeName(pos + key.size());
      if (!n.empty() &&
          text.substr(pos + key.size() + n.size()).starts_with("\""))
        names.insert(n);
    }
}

/// Scans test/ under the source dir; returns op name -> test files.
std::map<std::string, std::set<std::string>> scanTests(llvm::StringRef root) {
  std::map<std::string, std::set<std::string>> byOp;
  llvm::SmallString<256> testDir(root);
  llvm::sys::path::append(testDir, "test");
  std::error_code ec;
  std::vector<std::string> files;
  for (llvm::sys::fs::recursive_directory_iterator it(testDir, ec), end;
       it != end && !ec; it.increment(ec)) {
    llvm::StringRef p = it->path();
    llvm::StringRef ext = llvm::sys::path::extension(p);
    if (ext == ".mlir" || ext == ".pbtxt" || ext == ".json" || ext == ".py")
      files.push_back(p.str());
  }
  for (const std::string &p : files) {
    auto buf = llvm::MemoryBuffer::getFile(p);
    if (!buf)
      continue;
    std::set<std::string> names;
    scanTestFile((*buf)->getBuffer(), names);
    llvm::StringRef rel(p);
    rel.consume_front(root);
    rel = rel.ltrim('/');
    for (const std::string &n : names)
      byOp[n].insert(rel.str());
  }
  return byOp;
}

/// Runs tfl-legalize-tf's legalizeTFToTFL over every input of the TFL lit
/// tests (test/Conversion/TFToTFL/**/*.mlir, split at "// -----" as
/// tf-opt -split-input-file does) and returns, per TF op (without "tf."),
/// the TFLite builtins its converter built there. Inputs that do not parse
/// (the invalid-IR cases) are skipped; diagnostics are discarded.
std::map<std::string, std::set<std::string>>
builtinsFromTFLTests(llvm::StringRef root) {
  std::map<std::string, std::set<std::string>> out;
  mlir::DialectRegistry registry;
  registerTFDialects(registry);
  registerTFLDialect(registry);
  registry.insert<mlir::func::FuncDialect>();
  mlir::MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  ctx.allowUnregisteredDialects();
  mlir::ScopedDiagnosticHandler silence(
      &ctx, [](mlir::Diagnostic &) { return mlir::success(); });
  llvm::SmallString<256> dir(root);
  llvm::sys::path::append(dir, "test", "Conversion", "TFToTFL");
  std::vector<std::string> files;
  std::error_code ec;
  // The tests are in one subfolder per family (Math/, NN/, ...).
  for (llvm::sys::fs::recursive_directory_iterator it(dir, ec), end;
       it != end && !ec; it.increment(ec))
    if (llvm::sys::path::extension(it->path()) == ".mlir")
      files.push_back(it->path());
  llvm::sort(files);
  for (const std::string &f : files) {
    auto buf = llvm::MemoryBuffer::getFile(f);
    if (!buf)
      continue;
    llvm::SmallVector<llvm::StringRef> chunks;
    (*buf)->getBuffer().split(chunks, "// -----");
    for (llvm::StringRef chunk : chunks) {
      mlir::OwningOpRef<mlir::ModuleOp> module =
          mlir::parseSourceString<mlir::ModuleOp>(chunk, &ctx);
      if (!module)
        continue;
      ConversionReport report;
      (void)legalizeTFToTFL(*module, /*allowCustomOps=*/false, /*fuse=*/false,
                            report);
      for (auto &[tfOp, tflOps] : report.produced)
        for (const std::string &t : tflOps)
          out[llvm::StringRef(tfOp).drop_front(3).str()].insert(
              llvm::StringRef(t).drop_front(4).upper());
    }
  }
  return out;
}

/// Builds the rows; returns false (after printing why) when an entry of a
/// registry cannot be attributed to a file.
bool collect(std::map<std::string, OpRow> &ops,
             std::map<std::string, BuiltinRow> &builtins,
             std::vector<std::string> &customOps) {
  bool ok = true;
  auto complain = [&](const std::string &what) {
    llvm::errs() << "op-coverage: " << what
                 << " (add its family to tools/op-coverage/op-coverage.cpp)\n";
    ok = false;
  };

  // ODS: every op the tf dialect registers must be in one family list.
  mlir::DialectRegistry registry;
  registerTFDialects(registry);
  registerTFLDialect(registry);
  mlir::MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  std::map<std::string, std::string> odsFile;
  for (auto &[file, names] : odsFamilies())
    for (llvm::StringRef n : names)
      odsFile[n.str()] = "dialects/tf/" + file;
  std::set<std::string> tflOps;
  for (mlir::RegisteredOperationName op : ctx.getRegisteredOperations()) {
    llvm::StringRef ns = op.getDialectNamespace();
    llvm::StringRef name = op.getStringRef();
    if (ns == "tfl")
      tflOps.insert(name.str());
    if (ns != "tf")
      continue;
    auto it = odsFile.find(name.str());
    if (it == odsFile.end()) {
      complain("registered op " + name.str() + " is in no ODS family");
      continue;
    }
    ops[name.drop_front(3).str()].odsFile = it->second;
  }

  // Shape functions, one registry per family file
  // (lib/Transforms/ShapeFns/<Family>.cpp). An op registered by two families
  // is an error: the later registration would silently win.
  struct ShapeFamily {
    void (*add)(shape_inference::ShapeFnRegistry &);
    const char *family;
  };
  const ShapeFamily shapeFamilies[] = {
      {shape_inference::registerControlShapeFns, "Control"},
      {shape_inference::registerImageShapeFns, "Image"},
      {shape_inference::registerIndexingShapeFns, "Indexing"},
      {shape_inference::registerLinalgShapeFns, "Linalg"},
      {shape_inference::registerMathShapeFns, "Math"},
      {shape_inference::registerNNShapeFns, "NN"},
      {shape_inference::registerQuantShapeFns, "Quant"},
      {shape_inference::registerRNNShapeFns, "RNN"},
      {shape_inference::registerRandomShapeFns, "Random"},
      {shape_inference::registerReduceShapeFns, "Reduce"},
      {shape_inference::registerShapeShapeFns, "Shape"},
      {shape_inference::registerTensorArrayShapeFns, "TensorArray"},
      {shape_inference::registerVariablesShapeFns, "Variables"},
  };
  for (const ShapeFamily &f : shapeFamilies) {
    shape_inference::ShapeFnRegistry r;
    f.add(r);
    std::string file =
        std::string("lib/Transforms/ShapeFns/") + f.family + ".cpp";
    for (llvm::StringRef n : r.names()) {
      std::string &cur = ops[n.str()].shapeFnFile;
      if (!cur.empty()) {
        llvm::errs() << "op-coverage: shape function of " << n
                     << " is registered by both " << cur << " and " << file
                     << "\n";
        ok = false;
      }
      cur = file;
    }
  }
  for (llvm::StringRef n : shape_inference::ShapeFnRegistry::get().names())
    if (ops[n.str()].shapeFnFile.empty())
      complain("shape function of " + n.str() + " is in no family");

  // Lowerings.
  for (auto &[name, file] : listHLOConverters())
    ops[llvm::StringRef(name).drop_front(3).str()].hloFile =
        "lib/Conversion/TFToHLO/" + file;
  for (auto &[name, file] : listTFLConverters())
    ops[llvm::StringRef(name).drop_front(3).str()].tflFile =
        "lib/Conversion/TFToTFL/" + file;

  // Session host kernels.
  struct HostFamily {
    void (*add)(llvm::StringMap<session::HostKernelFactory> &);
    const char *file;
  };
  const HostFamily hostFamilies[] = {
      {session::addNonMaxSuppressionKernels, "NonMaxSuppression.cpp"},
      {session::addIndexingKernels, "Indexing.cpp"},
      {session::addArrayKernels, "Array.cpp"},
      {session::addElementwiseKernels, "Elementwise.cpp"},
      {session::addListKernels, "ListKernels.cpp"},
      {session::addSlicingKernels, "Slicing.cpp"},
      {session::addReduceKernels, "Reduce.cpp"},
      {session::addDataMovementKernels, "DataMovement.cpp"},
      {session::addLoggingKernels, "Logging.cpp"},
      {session::addRaggedKernels, "Ragged.cpp"},
      {session::addNNKernels, "NN.cpp"},
  };
  for (const HostFamily &f : hostFamilies) {
    llvm::StringMap<session::HostKernelFactory> t;
    f.add(t);
    for (const auto &e : t)
      ops[e.getKey().drop_front(3).str()].hostKernelFile =
          std::string("runtime/session/kernels/") + f.file;
  }
  for (const auto &e : session::hostKernels())
    if (ops[e.getKey().drop_front(3).str()].hostKernelFile.empty())
      complain("host kernel of " + e.getKey().str() + " is in no family");

  // The importer's OpDef signatures.
  for (auto &[name, row] : ops)
    row.opDef = lookupOpDef(name) != nullptr;

  // Lite kernels: one resolver per kernel file of Registrations.def.
  std::vector<int32_t> codes;
#define TFMLIR_X(NAME, VALUE) codes.push_back(VALUE);
  TFMLIR_LITE_BUILTIN_OPS(TFMLIR_X)
#undef TFMLIR_X
  constexpr int32_t kMaxVersion = 32;
  lite::MutableOpResolver all;
  auto addFile = [&](void (*fn)(lite::MutableOpResolver &),
                     llvm::StringRef fnName) {
    lite::MutableOpResolver r;
    fn(r);
    fn(all);
    std::string file = "runtime/lite/kernels/" +
                       fnName.drop_front(strlen("register")).str() + ".cpp";
    for (int32_t code : codes)
      for (int32_t v = 1; v <= kMaxVersion; ++v)
        if (const lite::KernelRegistration *k = r.findBuiltin(code, v)) {
          BuiltinRow &row = builtins[lite::builtinOpName(code)];
          row.file = file;
          row.types |= k->inputTypes;
          row.typedInput = k->typedInput;
          if (!row.minVersion)
            row.minVersion = v;
          row.maxVersion = v;
        }
  };
#define TFMLIR_LITE_KERNEL_FILE(fn) addFile(lite::kernels::fn, #fn);
#include "runtime/lite/kernels/Registrations.def"
#undef TFMLIR_LITE_KERNEL_FILE
  // BuiltinOpResolver must hold exactly the files' registrations (each
  // builtin's Prepare / Eval switch on the types themselves).
  lite::BuiltinOpResolver full;
  for (int32_t code : codes)
    for (int32_t v = 1; v <= kMaxVersion; ++v) {
      const lite::KernelRegistration *q = full.findBuiltin(code, v);
      const lite::KernelRegistration *f = all.findBuiltin(code, v);
      if (!q != !f || (q && (f->prepare != q->prepare || f->eval != q->eval)))
        complain("the lite kernel of " + lite::builtinOpName(code) + " v" +
                 std::to_string(v) + " is not its kernel file's");
    }
  for (auto &[name, row] : builtins)
    row.tflOp = tflOps.count("tfl." + llvm::StringRef(name).lower());
  for (llvm::StringRef custom :
       {"TFLite_Detection_PostProcess", "Convolution2DTransposeBias"})
    if (full.findCustom(custom.str(), 1))
      customOps.push_back(custom.str());
  return ok;
}

/// A builtin's declared input types for a reader: "any type" for
/// lite::kAllTypes, "any fixed-size type" for lite::kFixedSizeTypes (less
/// at most two types: "any fixed-size type but resource"), else the type
/// names; " (input N)" when the types are those of input N != 0.
std::string typesText(const BuiltinRow &b) {
  std::string text;
  const lite::TypeSet missing = lite::kFixedSizeTypes & ~b.types;
  if (b.types == lite::kAllTypes) {
    text = "any type";
  } else if ((b.types & ~lite::kFixedSizeTypes) == 0 &&
             llvm::popcount(missing) <= 2) {
    text = "any fixed-size type";
    if (missing)
      text += " but " + lite::typeSetName(missing);
  } else {
    text = lite::typeSetName(b.types);
  }
  if (b.typedInput)
    text += " (input " + std::to_string(b.typedInput) + ")";
  return text;
}

/// ": <types>" for a TF op's builtin cell: the input types the builtin's
/// kernel file declares (typesText); "" when it declares none.
std::string kernelTypes(const BuiltinRow &b) {
  if (!b.types)
    return "";
  return ": " + typesText(b);
}

/// `path` relative to its layer's folder (the column says which):
/// `NN/Conv.cpp` for lib/Conversion/TFToHLO/NN/Conv.cpp, so that a family
/// folder shows; the file name for paths outside the known folders.
std::string cell(const std::string &path) {
  if (path.empty())
    return "-";
  static const char *const kLayers[] = {"lib/Conversion/TFToHLO/",
                                        "lib/Conversion/TFToTFL/",
                                        "dialects/tf/",
                                        "lib/Transforms/",
                                        "runtime/session/kernels/",
                                        "runtime/lite/kernels/"};
  llvm::StringRef p(path);
  for (const char *layer : kLayers)
    if (p.consume_front(layer))
      return "`" + p.str() + "`";
  return "`" + llvm::sys::path::filename(path).str() + "`";
}

/// Renders the markdown document.
std::string render(const std::map<std::string, OpRow> &ops,
                   const std::map<std::string, BuiltinRow> &builtins,
                   const std::vector<std::string> &customOps) {
  std::string s;
  llvm::raw_string_ostream os(s);
  unsigned nOds = 0, nDef = 0, nShape = 0, nHlo = 0, nTfl = 0, nHost = 0,
           nTest = 0;
  for (auto &[name, r] : ops) {
    nOds += !r.odsFile.empty();
    nDef += r.opDef;
    nShape += !r.shapeFnFile.empty();
    nHlo += !r.hloFile.empty();
    nTfl += !r.tflFile.empty();
    nHost += !r.hostKernelFile.empty();
    nTest += !r.tests.empty();
  }
  os << "# TF op coverage\n\n"
     << "<!-- Generated by tools/op-coverage; do not edit. Regenerate with:\n"
     << "     build/bin/op-coverage --source-dir . -o docs/OpCoverage.md "
        "-->\n\n"
     << "Generated from the code by `op-coverage` (tools/op-coverage): the tf "
        "dialect's registered ops, the shape-function registry, the "
        "xla-legalize-tf and tfl-legalize-tf tables, the Session's host "
        "kernels, the lite interpreter's kernel registrations and the test "
        "files under `test/`. The ctest `op-coverage-fresh` fails when this "
        "file is stale; regenerate it with\n\n"
     << "    build/bin/op-coverage --source-dir . -o docs/OpCoverage.md\n\n"
     << "## TF ops\n\n"
     << "One row per TF op that any layer knows (" << ops.size() << " ops). "
     << "Columns, each the file that holds the op's code in that layer "
        "(`-`: none):\n\n"
     << "- **ODS**: its definition in `dialects/tf/` (" << nOds
     << " ops); "
        "**OpDef**: the GraphDef importer has its signature "
        "(`lib/Translate/OpRegistry/*.inc`; "
     << nDef << ").\n"
     << "- **shape fn**: its shape function in `lib/Transforms/` (" << nShape
     << ").\n"
     << "- **HLO**: its xla-legalize-tf lowering in "
        "`lib/Conversion/TFToHLO/` ("
     << nHlo
     << "); **TFL**: its "
        "tfl-legalize-tf lowering in `lib/Conversion/TFToTFL/` ("
     << nTfl
     << "). Whether a given node converts still depends on its types and "
        "attributes.\n"
     << "- **TFL builtins (lite kernel)**: the TFLite builtins its TFL "
        "lowering built when `op-coverage` ran tfl-legalize-tf over the "
        "inputs of `test/Conversion/TFToTFL/**/*.mlir`, each with the lite "
        "kernel file that runs it (see the builtin table below for versions) "
        "and, after `:`, the input element types that "
        "kernel declares (float and integer forms); `no .mlir test` when those "
        "tests never convert "
        "the op (the tf-convert .pbtxt tests are not run here).\n"
     << "- **host kernel**: the Session executor's kernel in "
        "`runtime/session/kernels/` ("
     << nHost << ").\n"
     << "- **tests**: how many files under `test/` mention the op "
        "(`tf.Op`, `op: \"Op\"` or `\"op\": \"Op\"`) and the first two ("
     << nTest << " ops have one).\n\n"
     << "The lite kernels run TFLite builtins, not TF ops: see the next "
        "section for what each builtin's kernel takes.\n\n"
     << "| TF op | ODS | OpDef | shape fn | HLO | TFL | TFL builtins (lite "
        "kernel) | host kernel | tests |\n"
     << "|---|---|---|---|---|---|---|---|---|\n";
  for (auto &[name, r] : ops) {
    os << "| `" << name << "` | " << cell(r.odsFile) << " | "
       << (r.opDef ? "yes" : "-") << " | " << cell(r.shapeFnFile) << " | "
       << cell(r.hloFile) << " | " << cell(r.tflFile) << " | ";
    if (r.builtinsSeen.empty()) {
      os << (r.tflFile.empty() ? "-" : "no .mlir test");
    } else {
      bool first = true;
      for (const std::string &b : r.builtinsSeen) {
        auto it = builtins.find(b);
        os << (first ? "" : ", ") << "`" << b << "` "
           << (it == builtins.end() ? "(no kernel)"
                                    : "(" + cell(it->second.file) +
                                          kernelTypes(it->second) + ")");
        first = false;
      }
    }
    os << " | " << cell(r.hostKernelFile) << " | ";
    if (r.tests.empty()) {
      os << "- |\n";
      continue;
    }
    os << r.tests.size() << ":";
    unsigned shown = 0;
    for (const std::string &t : r.tests) {
      if (shown++ == 2)
        break;
      os << " `" << t << "`";
    }
    os << " |\n";
  }
  unsigned nUndeclared = 0;
  for (auto &[name, b] : builtins)
    nUndeclared += b.types == 0;
  os << "\n## TFLite builtins of the lite interpreter\n\n"
     << builtins.size() << " builtins have a kernel in `runtime/lite/kernels/` "
     << "(registered through `Registrations.def`). **versions**: the "
        "operator versions the kernel accepts. Each kernel switches on its "
        "tensor types in its own file, as TFLite's do (float, quantized int8 "
        "/ uint8 / int16, hybrid). **input types**: the element "
        "types of input 0 the kernel file declares at registration "
        "(`KernelRegistration::inputTypes`; its Prepare checks them; integer "
        "types are quantized tensors for the kernels with integer forms "
        "(ADD, CONV_2D, LOGISTIC, ...), plain values for the others such as "
        "DIV), or of the input in parentheses where "
        "input 0 is a shape, axis or handle operand "
        "(`KernelRegistration::typedInput`); \"any fixed-size type\" is "
        "every type but string, variant and int4 (the kernels that move "
        "elements as bytes); `not declared` for the "
     << nUndeclared
     << " builtins that take no inputs (`KernelTypesTest` lists them). "
        "**tfl op**: the tfl dialect defines `tfl.<name>`.\n\n"
     << "| builtin | kernel file | versions | input types | tfl op |\n"
     << "|---|---|---|---|---|\n";
  for (auto &[name, b] : builtins)
    os << "| `" << name << "` | " << cell(b.file) << " | " << b.minVersion
       << "-" << b.maxVersion << " | "
       << (b.types ? typesText(b) : std::string("not declared")) << " | "
       << (b.tflOp ? "yes" : "-") << " |\n";
  os << "\nCustom ops: ";
  for (size_t i = 0; i < customOps.size(); ++i)
    os << (i ? ", " : "") << "`" << customOps[i] << "`";
  os << ".\n";
  return s;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::SetVersionPrinter(
      [](llvm::raw_ostream &os) { os << toolVersion("op-coverage"); });
  cl::ParseCommandLineOptions(
      argc, argv, "Writes docs/OpCoverage.md from the registries\n");
  if (outputFile.empty() == checkFile.empty()) {
    llvm::errs() << "op-coverage: give one of -o FILE and --check FILE\n";
    return 1;
  }
  llvm::SmallString<256> root(sourceDir);
  if (std::error_code ec = llvm::sys::fs::make_absolute(root)) {
    llvm::errs() << "op-coverage: " << sourceDir << ": " << ec.message()
                 << "\n";
    return 1;
  }
  llvm::sys::path::remove_dots(root, /*remove_dot_dot=*/true);
  if (!llvm::sys::fs::is_directory(root + "/test")) {
    llvm::errs() << "op-coverage: " << root
                 << " has no test/ directory (give the repository root)\n";
    return 1;
  }
  std::map<std::string, OpRow> ops;
  std::map<std::string, BuiltinRow> builtins;
  std::vector<std::string> customOps;
  bool ok = collect(ops, builtins, customOps);
  for (auto &[name, files] : scanTests(root)) {
    auto it = ops.find(name);
    if (it != ops.end())
      it->second.tests = files;
  }
  for (auto &[name, seen] : builtinsFromTFLTests(root)) {
    auto it = ops.find(name);
    if (it != ops.end())
      it->second.builtinsSeen = seen;
  }
  std::string doc = render(ops, builtins, customOps);

  if (!checkFile.empty()) {
    auto buf = llvm::MemoryBuffer::getFile(checkFile);
    const std::string regen =
        "build/bin/op-coverage --source-dir . -o docs/OpCoverage.md";
    if (!buf) {
      llvm::errs() << "op-coverage: cannot read " << checkFile << ": "
                   << buf.getError().message() << "\nregenerate with: " << regen
                   << "\n";
      return 1;
    }
    llvm::StringRef old = (*buf)->getBuffer();
    if (old != doc) {
      llvm::SmallVector<llvm::StringRef> a, b;
      old.split(a, '\n');
      llvm::StringRef(doc).split(b, '\n');
      size_t i = 0;
      while (i < a.size() && i < b.size() && a[i] == b[i])
        ++i;
      llvm::errs() << "op-coverage: " << checkFile << " is stale (first "
                   << "difference at line " << i + 1 << ":\n  committed: "
                   << (i < a.size() ? a[i] : "<end of file>")
                   << "\n  generated: "
                   << (i < b.size() ? b[i] : "<end of file>")
                   << ")\nregenerate with: " << regen << "\n";
      return 1;
    }
    return ok ? 0 : 1;
  }
  std::error_code ec;
  llvm::raw_fd_ostream out(outputFile, ec);
  if (ec) {
    llvm::errs() << "op-coverage: " << outputFile << ": " << ec.message()
                 << "\n";
    return 1;
  }
  out << doc;
  return ok ? 0 : 1;
}
