//===- tf-run.cpp - run a GraphDef through the Session on the host CPU ----===//
//
// usage: tf-run --graph G.pb|G.pbtxt
//        tf-run --saved-model DIR [--signature KEY] [--tags a,b]
//               [--device cpu|gpu|/device:GPU:N]
//               [--input NAME[:IDX]=FILE.npy]...
//               [--input NAME[:IDX]=FILE.csv[:D0,D1,...]]...
//               --output NAME[:IDX]... [--target NODE]...
//               [--output-dir DIR] [--benchmark N] [--threads N]
//
// Feeds the inputs and runs through tfmlir::session::Session: the --target
// nodes first in a Run of their own when there are also fetches (as
// sess.run(init) then sess.run(y)), then the fetches; prints each fetch as
//   # output <node:idx> <numpy dtype> <d0,d1,...>   (empty dims: scalar)
// followed by its elements, one per line, row-major: float32/float16/
// bfloat16 with %.9g, float64 with %.17g (inf, -inf as printf writes
// them; every NaN as nan), bools as 0/1, integers as integers. With
// --output-dir, writes <name as given, '/' and ':' replaced by '_'>.npy per
// fetch instead. A .csv input is the corpus's *.placeholder.csv: values
// separated by commas or whitespace, dtype from the fed node (a Placeholder's
// dtype), shape from D0,D1,... (an empty list after ':' is a scalar; without
// ':' the Placeholder's fully known shape, else a 1-D tensor of all values).
// --benchmark N (at most 1e8): after the first run, N more; prints the
// compile time and the median and minimum run time in ms on stderr, then the
// peak temporary memory of the compiled code (its arena's peak bytes in use),
// and per Run after the first: minor page faults (getrusage) and buffers the
// compiled code took from the system (0 in steady state: arenas are kept).
// --threads N: the Session's intra_op_parallelism_threads (default: one per
// core); 0 or negative is refused, more than the machine's cores is capped at
// them (with a note on stderr).
// --timing: after the run, prints on stderr where the compile time went
// (lib/Pipelines/CompileTiming.h: import, tf-standard-pipeline,
// xla-legalize-tf, each pass of hlo-to-llvm-pipeline, LLVM optimization and
// machine code), as a tree of wall times.
// Progress: when stderr is a terminal and the first Run (the compile) takes
// more than 3 s, a line "tf-run G: <phase>: pass i/n <pass> (12.3 s)" is
// redrawn in place on stderr and finished with "done in ..."
// (lib/Pipelines/CompileProgress.h). --progress=auto|always|never (not in
// --help; default auto): always writes one such line per phase and pass
// whatever stderr is (for tests and logs), never writes none;
// --progress-delay-ms N (not in --help, default 3000) sets how long auto
// waits before drawing (tests draw at once on a pseudo-terminal).
// Every flag that takes a value accepts both `--flag VALUE` and
// `--flag=VALUE` (as llvm::cl tools do).
// With --saved-model (lib/Translate/SavedModel.h; default tags "serve",
// signature serving_default or the only one), --input/--output NAMEs may be
// the signature's input/output keys (graph tensor names still work), all
// signature outputs are fetched when no --output is given, and the
// SavedModel's init op (if loading did not fold it) runs as a first --target.
// --compile-cache-dir DIR: SessionOptions::compile_cache_dir, the
// persistent compile cache (runtime/session/CompileCache.h): a second
// process with the same graph, feeds, fetches and build loads the compiled
// code from DIR instead of compiling; with --benchmark a line
// "# compile cache: DIR: H hits, M misses (R rejected), W written" follows.
// Unusable directories or entries are warnings, never errors.
// Refused: a --graph that is a directory or not a regular file, two
// fetches that --output-dir would write to the same file. Running out of
// memory is reported as RESOURCE_EXHAUSTED.
// Exit status: 0 on success; 1 with the error on stderr (naming the file or
// node) otherwise.
//===----------------------------------------------------------------------===//
#include "runtime/cpu/ThreadPool.h"
#include "runtime/lite/Npy.h"
#include "runtime/session/CompileCache.h"
#include "runtime/session/FeedReader.h"
#include "runtime/session/Session.h"

#include "lib/Pipelines/CompileProgress.h"
#include "lib/Pipelines/CompileTiming.h"
#include "lib/Support/File.h"
#include "lib/Translate/GraphDefImporter.h"
#include "lib/Translate/ModelLoader.h"
#include "lib/Translate/SavedModel.h"
#include "tools/ToolVersion.h"

#include "absl/strings/str_cat.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cinttypes>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <new>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <sys/resource.h>
#include <unistd.h>
#include <vector>

using namespace tfmlir::session;
using tfmlir::lite::TensorType;

namespace {

const char *kUsage =
    "usage: tf-run ([--graph] G.pb|G.pbtxt|model.json|SAVED_MODEL_DIR | "
    "--saved-model DIR [--signature KEY] "
    "[--tags a,b]) [--input NAME[:IDX]=FILE.npy | "
    "--input NAME[:IDX]=FILE.csv[:D0,D1,...]]... --output NAME[:IDX]... "
    "[--target NODE]... [--output-dir DIR] [--benchmark N] "
    "[--jit=whole|auto|off] [--tf_xla_min_cluster_size N] "
    "[--inter-op-threads N] [--threads N] [--timing] [--verbose]\n"
    "[--xla-clamp-indices] [--max-run-memory BYTES] [--max-compile-memory "
    "BYTES]\n"
    "[--compile-cache-dir DIR] [--device cpu|gpu|/device:GPU:N]\n"
    "  (--flag=VALUE is the same as --flag VALUE)\n"
    "  --device: where the graph runs (SessionOptions::device): the CPU "
    "(default), or NVIDIA GPU N through the CUDA driver (the whole graph, "
    "--jit=whole)\n"
    "  --jit: what XLA compiles (TF's global_jit_level): 'whole' (default) "
    "the whole graph as one function; 'auto' clusters of compilable ops, the "
    "rest on host kernels; 'off' everything on host kernels\n"
    "  --tf_xla_min_cluster_size: with --jit=auto, clusters of fewer TF "
    "nodes run on host kernels (TF's flag; default 4)\n"
    "  --xla-clamp-indices: out-of-range indices of GatherV2, GatherNd, "
    "ScatterNd and UnsortedSegment* in compiled code are clamped/dropped as "
    "XLA does, instead of failing the run with TF's InvalidArgument\n"
    "  --verbose: the unsupported-op error names every node of each op "
    "(default: the first 8, then a count)\n"
    "  --max-run-memory: the most bytes of buffers one run of compiled code "
    "may hold (SessionOptions::max_run_memory_bytes); over it the run fails "
    "with RESOURCE_EXHAUSTED\n"
    "  --max-compile-memory: the most heap one compile may add to the "
    "process (SessionOptions::max_compile_memory_bytes; measured after each "
    "compiler pass and LLVM stage); over it the compile fails with "
    "RESOURCE_EXHAUSTED\n";

int fail(const std::string &msg) {
  // Diagnostics may end in a newline already: one line end, not a blank line.
  std::string m = msg;
  while (!m.empty() && (m.back() == '\n' || m.back() == ' '))
    m.pop_back();
  std::fprintf(stderr, "tf-run: %s\n", m.c_str());
  return 1;
}

/// A float as %.<digits>g, NaN as "nan" whatever its sign bit (printf
/// writes "-nan" for a negative one; NumPy and TF print nan).
void printReal(double v, int digits) {
  if (std::isnan(v))
    std::printf("nan\n");
  else
    std::printf("%.*g\n", digits, v);
}

/// A Session error in tf-run's terms: the SessionOptions fields it names
/// (the C++ and python API's words) become the tf-run flags that set them,
/// so that a message never names a setting the user did not type.
std::string withToolFlags(std::string msg) {
  static const std::pair<const char *, const char *> kFlags[] = {
      {"max_run_memory_bytes", "--max-run-memory"},
      {"max_compile_memory_bytes", "--max-compile-memory"},
      {"xla_clamp_indices", "--xla-clamp-indices"},
      {"compile_cache_dir", "--compile-cache-dir"},
      {"intra_op_parallelism_threads", "--threads"},
      {"inter_op_parallelism_threads", "--inter-op-threads"}};
  for (const auto &[field, flag] : kFlags)
    for (size_t p = msg.find(field); p != std::string::npos;
         p = msg.find(field, p + std::strlen(flag)))
      msg.replace(p, std::strlen(field), flag);
  return msg;
}

std::optional<TensorType> toLite(DataType t) {
  switch (t) {
  case DT_FLOAT:
    return TensorType::kFloat32;
  case DT_DOUBLE:
    return TensorType::kFloat64;
  case DT_HALF:
    return TensorType::kFloat16;
  case DT_INT8:
    return TensorType::kInt8;
  case DT_INT16:
    return TensorType::kInt16;
  case DT_INT32:
    return TensorType::kInt32;
  case DT_INT64:
    return TensorType::kInt64;
  case DT_UINT8:
    return TensorType::kUInt8;
  case DT_UINT16:
    return TensorType::kUInt16;
  case DT_UINT32:
    return TensorType::kUInt32;
  case DT_UINT64:
    return TensorType::kUInt64;
  case DT_BOOL:
    return TensorType::kBool;
  default:
    return std::nullopt;
  }
}

void printTensor(const std::string &name, const Tensor &t) {
  std::printf("# output %s %s ", name.c_str(),
              DataTypeNumpyName(t.dtype()).c_str());
  for (int d = 0; d < t.dims(); ++d)
    std::printf("%s%" PRId64, d ? "," : "", t.dim_size(d));
  std::printf("\n");
  for (int64_t i = 0; i < t.NumElements(); ++i) {
    switch (t.dtype()) {
    case DT_FLOAT:
      printReal(double(t.flat<float>()[i]), 9);
      break;
    case DT_DOUBLE:
      printReal(t.flat<double>()[i], 17);
      break;
    case DT_HALF:
      printReal(double(halfToFloat(t.flat<uint16_t>()[i])), 9);
      break;
    case DT_BFLOAT16:
      printReal(double(bfloat16ToFloat(t.flat<uint16_t>()[i])), 9);
      break;
    case DT_BOOL:
      std::printf("%d\n", t.flat<uint8_t>()[i] ? 1 : 0);
      break;
    case DT_INT8:
      std::printf("%d\n", int(t.flat<int8_t>()[i]));
      break;
    case DT_INT16:
      std::printf("%d\n", int(t.flat<int16_t>()[i]));
      break;
    case DT_INT32:
      std::printf("%d\n", t.flat<int32_t>()[i]);
      break;
    case DT_INT64:
      std::printf("%" PRId64 "\n", t.flat<int64_t>()[i]);
      break;
    case DT_UINT8:
      std::printf("%u\n", unsigned(t.flat<uint8_t>()[i]));
      break;
    case DT_UINT16:
      std::printf("%u\n", unsigned(t.flat<uint16_t>()[i]));
      break;
    case DT_UINT32:
      std::printf("%u\n", t.flat<uint32_t>()[i]);
      break;
    case DT_UINT64:
      std::printf("%" PRIu64 "\n", t.flat<uint64_t>()[i]);
      break;
    default:
      break;
    }
  }
}

absl::Status writeNpyTensor(const std::string &path, const Tensor &t) {
  std::optional<TensorType> lt = toLite(t.dtype());
  if (!lt)
    return absl::UnimplementedError(absl::StrCat(
        path, ": cannot write ", DataTypeString(t.dtype()), " as .npy"));
  tfmlir::lite::Tensor view;
  view.type = *lt;
  for (int d = 0; d < t.dims(); ++d) {
    if (t.dim_size(d) > INT32_MAX)
      return absl::InvalidArgumentError(path + ": dimension too large");
    view.shape.push_back(static_cast<int32_t>(t.dim_size(d)));
  }
  view.data = const_cast<uint8_t *>(static_cast<const uint8_t *>(t.data()));
  view.bytes = t.TotalBytes();
  return tfmlir::lite::writeNpy(path, view);
}

} // namespace

int runMain(int argc, char **argv) {
  std::string graphPath, outDir, signatureKey;
  std::vector<std::string> inputs, fetches, targets;
  bool savedModel = false;
  tfmlir::ModelLoadOptions loadOptions;
  long bench = 0;
  SessionOptions opts;
  int threads = 0; // 0: one per core (SessionOptions' default)
  bool timing = false;
  tfmlir::ProgressMode progressMode = tfmlir::ProgressMode::Auto;
  std::chrono::milliseconds progressDelay = std::chrono::seconds(3);
  bool minClusterGiven = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    // `--flag=VALUE` is `--flag VALUE`.
    std::optional<std::string> inlineValue;
    if (a.rfind("--", 0) == 0)
      if (size_t eq = a.find('='); eq != std::string::npos) {
        inlineValue = a.substr(eq + 1);
        a = a.substr(0, eq);
      }
    auto value = [&](std::string &out) {
      if (inlineValue) {
        out = *inlineValue;
        return true;
      }
      if (i + 1 >= argc)
        return false;
      out = argv[++i];
      return true;
    };
    std::string v;
    if (inlineValue && (a == "--version" || a == "--help" || a == "--timing" ||
                        a == "--xla-clamp-indices" || a == "--verbose"))
      return fail(a + " takes no value, got '" + a + "=" + *inlineValue + "'");
    if (a == "--version") {
      std::fputs(tfmlir::toolVersion("tf-run").c_str(), stdout);
      return 0;
    }
    if (a == "--help" || a == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    } else if ((a == "--graph" || a == "--saved-model") && value(v)) {
      if (!graphPath.empty())
        return fail("the model is given twice: '" + graphPath + "' and '" + v +
                    "'");
      graphPath = v;
      if (a == "--graph")
        continue;
      savedModel = true;
      loadOptions.format = tfmlir::ModelFormat::SavedModel;
    } else if (a == "--signature" && value(v)) {
      signatureKey = v;
    } else if (a == "--tags" && value(v)) {
      loadOptions.tags = tfmlir::splitFlagList(v);
    } else if (a == "--input" && value(v)) {
      inputs.push_back(v);
    } else if (a == "--output" && value(v)) {
      fetches.push_back(v);
    } else if (a == "--target" && value(v)) {
      targets.push_back(v);
    } else if (a == "--timing") {
      timing = true;
      tfmlir::enableCompileTiming();
    } else if (a == "--progress" && value(v)) {
      std::optional<tfmlir::ProgressMode> m = tfmlir::parseProgressMode(v);
      if (!m)
        return fail("--progress takes auto, always or never, got '" + v + "'");
      progressMode = *m;
    } else if (a == "--progress-delay-ms" && value(v)) {
      char *end = nullptr;
      errno = 0;
      long ms = std::strtol(v.c_str(), &end, 10);
      if (v.empty() || !end || *end || errno == ERANGE || ms < 0)
        return fail("--progress-delay-ms needs a non-negative count of "
                    "milliseconds, got '" +
                    v + "'");
      progressDelay = std::chrono::milliseconds(ms);
    } else if (a == "--xla-clamp-indices") {
      opts.xla_clamp_indices = true;
    } else if (a == "--verbose") {
      opts.list_all_nodes_in_errors = true;
    } else if ((a == "--max-run-memory" || a == "--max-compile-memory") &&
               value(v)) {
      char *end = nullptr;
      errno = 0;
      long long bytes = std::strtoll(v.c_str(), &end, 10);
      if (errno == ERANGE)
        return fail(a + " " + v + " is too large (at most " +
                    std::to_string(LLONG_MAX) + " bytes)");
      if (v.empty() || !end || *end || bytes <= 0)
        return fail(a + " needs a positive byte count, got '" + v + "'");
      if (a == "--max-run-memory")
        opts.max_run_memory_bytes = bytes;
      else
        opts.max_compile_memory_bytes = bytes;
    } else if (a == "--compile-cache-dir" && value(v)) {
      if (v.empty())
        return fail("--compile-cache-dir needs a directory");
      opts.compile_cache_dir = v;
    } else if (a == "--device" && value(v)) {
      if (absl::Status st = SessionOptions::parseDevice(v).status(); !st.ok())
        return fail("--device: " + std::string(st.message()));
      opts.device = v;
    } else if (a == "--jit" && value(v)) {
      auto level = SessionOptions::parseGlobalJitLevel(v);
      if (!level)
        return fail("--jit must be whole, auto or off, got '" + v + "'");
      opts.global_jit_level = *level;
    } else if ((a == "--tf_xla_min_cluster_size" ||
                a == "--tf-xla-min-cluster-size") &&
               value(v)) {
      char *end = nullptr;
      long n = std::strtol(v.c_str(), &end, 10);
      if (!end || *end || v.empty() || n < 1 || n > 1000000)
        return fail("--tf_xla_min_cluster_size needs a count in [1, 1000000], "
                    "got '" +
                    v + "'");
      opts.tf_xla_min_cluster_size = static_cast<int>(n);
      minClusterGiven = true;
    } else if (a == "--inter-op-threads" && value(v)) {
      char *end = nullptr;
      long n = std::strtol(v.c_str(), &end, 10);
      if (!end || *end || v.empty() || n < 0 || n > 1024)
        return fail("--inter-op-threads needs a count in [0, 1024], got '" + v +
                    "'");
      opts.inter_op_parallelism_threads = static_cast<int>(n);
    } else if (a == "--output-dir" && value(v)) {
      outDir = v;
    } else if (a == "--benchmark" && value(v)) {
      char *end = nullptr;
      errno = 0;
      bench = std::strtol(v.c_str(), &end, 10);
      if (!end || *end || v.empty() || bench < 0)
        return fail("--benchmark needs a non-negative count, got '" + v + "'");
      if (errno == ERANGE || bench > 100000000)
        return fail("--benchmark: count '" + v +
                    "' is out of range (at most "
                    "100000000)");
    } else if (a == "--threads" && value(v)) {
      char *end = nullptr;
      errno = 0;
      long long n = std::strtoll(v.c_str(), &end, 10);
      if (!end || *end || v.empty())
        return fail("--threads needs a thread count, got '" + v + "'");
      if (errno == ERANGE)
        n = n < 0 ? INT64_MIN : INT64_MAX;
      bool capped = false;
      if (std::string e = tfmlir::cpu::validateThreadCount(
              "--threads", n, /*zeroMeansHost=*/false, threads, &capped);
          !e.empty())
        return fail(e);
      if (capped)
        std::fprintf(stderr,
                     "tf-run: note: --threads %s is more than this machine's "
                     "%d hardware threads; using %d\n",
                     v.c_str(), threads, threads);
    } else if (!a.empty() && a[0] != '-') {
      if (!graphPath.empty())
        return fail("the model is given twice: '" + graphPath + "' and '" + a +
                    "'");
      graphPath = a; // `tf-run G.pb --output y`: the model, as --graph
    } else if (!inlineValue && i + 1 >= argc && a.rfind("--", 0) == 0 &&
               (a == "--graph" || std::string_view(kUsage).find(a + " ") !=
                                      std::string_view::npos)) {
      // A flag the usage shows with a value, last on the command line.
      return fail(a + " needs a value (see --help)");
    } else {
      std::fputs(kUsage, stderr);
      return fail("unexpected argument '" + std::string(argv[i]) + "'");
    }
  }
  if (graphPath.empty() ||
      (fetches.empty() && targets.empty() && !savedModel)) {
    std::fputs(kUsage, stderr);
    return fail("--graph and at least one --output or --target are required");
  }

  // A GraphDef (.pb/.pbtxt), a SavedModel directory or a TF.js model.json;
  // lib/Translate/ModelLoader refuses devices, pipes and oversized files.
  absl::StatusOr<tfmlir::LoadedModel> loaded =
      tfmlir::loadModel(graphPath, loadOptions);
  if (!loaded.ok())
    return fail(std::string(loaded.status().message()));
  tensorflow::GraphDef &graph = loaded->graph;

  // SavedModel: signature keys name graph tensors; the init op runs first.
  // `shown` is the name printed for each fetch (the name the user gave).
  std::vector<std::string> shown = fetches;
  std::vector<bool> bySignature(fetches.size(), false);
  if (loaded->format == tfmlir::ModelFormat::SavedModel) {
    // --input NAME=FILE: the NAME part goes through the signature.
    std::vector<std::string> feedNames;
    for (const std::string &in : inputs)
      feedNames.push_back(in.substr(0, in.find('=')));
    absl::StatusOr<tfmlir::SignatureNames> names =
        tfmlir::resolveSignatureNames(*loaded, signatureKey, feedNames, fetches,
                                      !targets.empty());
    if (!names.ok())
      return fail(std::string(names.status().message()));
    for (size_t i = 0; i < inputs.size(); ++i)
      if (size_t eq = inputs[i].find('='); eq != std::string::npos)
        inputs[i] = names->feeds[i] + inputs[i].substr(eq);
    fetches = std::move(names->fetches);
    shown = std::move(names->shown);
    bySignature = std::move(names->bySignature);
    targets.insert(targets.begin(), loaded->initTargets.begin(),
                   loaded->initTargets.end());
  } else if (!signatureKey.empty()) {
    return fail("--signature needs a SavedModel (--saved-model DIR)");
  }

  std::vector<std::pair<std::string, Tensor>> feeds;
  for (const std::string &spec : inputs) {
    size_t eq = spec.find('=');
    if (eq == std::string::npos || eq == 0)
      return fail("--input '" + spec + "': expected NAME[:IDX]=FILE");
    std::string name = spec.substr(0, eq), file = spec.substr(eq + 1);
    for (const auto &f : feeds)
      if (f.first == name)
        return fail("--input " + name + " is given twice");
    // .npy, or .csv with the fed node's dtype and shape (FeedReader.h).
    absl::StatusOr<Tensor> t = readFeedFile(graph, name, file);
    if (!t.ok())
      return fail(std::string(t.status().message()));
    feeds.push_back({name, *t});
  }

  // With --output-dir each fetch is written to <name, '/' and ':' as '_'>.npy;
  // two fetches with the same file name would overwrite each other.
  auto npyName = [](std::string name) {
    std::replace(name.begin(), name.end(), '/', '_');
    std::replace(name.begin(), name.end(), ':', '_');
    return name + ".npy";
  };
  // A missing or read-only --output-dir is found before the (possibly long)
  // compile and run, not when the first result is written.
  if (!outDir.empty()) {
    std::error_code dirEc;
    if (!std::filesystem::is_directory(outDir, dirEc))
      return fail("--output-dir " + outDir +
                  ": not a directory (create it first)");
    if (::access(outDir.c_str(), W_OK) != 0)
      return fail("--output-dir " + outDir +
                  ": not writable: " + std::strerror(errno));
  }
  if (!outDir.empty())
    for (size_t i = 0; i < fetches.size(); ++i)
      for (size_t j = 0; j < i; ++j)
        if (npyName(shown[i]) == npyName(shown[j]))
          return fail("--output " + shown[j] + " and --output " + shown[i] +
                      " would both be written to " + outDir + "/" +
                      npyName(shown[i]));

  opts.graphName = graphPath;
  opts.intra_op_parallelism_threads = threads;
  // Options that only act in one mode: say so instead of ignoring them.
  if (minClusterGiven &&
      opts.global_jit_level != SessionOptions::GlobalJitLevel::kAuto)
    std::fprintf(stderr, "tf-run: note: --tf_xla_min_cluster_size only acts "
                         "with --jit=auto\n");
  if (!opts.compile_cache_dir.empty() &&
      opts.global_jit_level != SessionOptions::GlobalJitLevel::kWholeGraph)
    std::fprintf(stderr,
                 "tf-run: note: --compile-cache-dir caches only "
                 "--jit=whole compiles; it is not used with --jit=%s\n",
                 opts.global_jit_level == SessionOptions::GlobalJitLevel::kAuto
                     ? "auto"
                     : "off");
  auto session = Session::Create(graph, opts);
  if (!session.ok())
    return fail(graphPath + ": " + withToolFlags(session.status().ToString()));
  auto runFailed = [&](const absl::Status &st) {
    // Compile errors already name the graph file.
    std::string msg(st.message());
    if (msg.rfind(graphPath + ": ", 0) == 0)
      msg = msg.substr(graphPath.size() + 2);
    return fail(absl::StrCat(graphPath, ": ",
                             absl::StatusCodeToString(st.code()), ": ",
                             withToolFlags(msg)));
  };
  // --target nodes run first, in a Run of their own (as a Python user
  // writes sess.run(init); sess.run(y)), so that an initialiser target
  // takes effect before the fetches are computed. The fetches then run in
  // a second Run of the same Session (variables persist between the two).
  if (!targets.empty() && !fetches.empty()) {
    std::vector<Tensor> none;
    absl::Status st;
    {
      tfmlir::CompileProgress progress("tf-run " + graphPath + " (targets)",
                                       progressMode, progressDelay);
      st = (*session)->Run(feeds, {}, targets, &none);
      if (!st.ok())
        progress.setFailed();
    }
    if (!st.ok())
      return runFailed(st);
    targets.clear();
  }
  std::vector<Tensor> outs;
  auto t0 = std::chrono::steady_clock::now();
  absl::Status st;
  {
    // The first Run compiles; a large graph takes seconds (shown on a
    // terminal only, unless --progress says otherwise).
    tfmlir::CompileProgress progress("tf-run " + graphPath, progressMode,
                                     progressDelay);
    st = (*session)->Run(feeds, fetches, targets, &outs);
    if (!st.ok())
      progress.setFailed();
  }
  auto t1 = std::chrono::steady_clock::now();
  if (timing)
    tfmlir::printCompileTiming();
  if (!st.ok())
    return runFailed(st);
  for (size_t i = 0; i < fetches.size(); ++i) {
    if (outDir.empty()) {
      std::string name = shown[i];
      if (name.find(':') == std::string::npos && !bySignature[i])
        name += ":0"; // a graph tensor; signature keys are printed as given
      printTensor(name, outs[i]);
      continue;
    }
    if (absl::Status s =
            writeNpyTensor(outDir + "/" + npyName(shown[i]), outs[i]);
        !s.ok())
      return fail(std::string(s.message()));
  }
  std::fflush(stdout);
  // The first Run's results are written: hand their buffers back, so the
  // timed Runs reuse them as a serving loop would (holding them would make
  // the first timed Run fault in a second set of result pages).
  outs.clear();
  if (bench > 0) {
    std::vector<double> ms;
    SessionStats before = (*session)->stats();
    struct rusage ru0, ru1;
    getrusage(RUSAGE_SELF, &ru0);
    for (long k = 0; k < bench; ++k) {
      std::vector<Tensor> o;
      auto a = std::chrono::steady_clock::now();
      absl::Status s = (*session)->Run(feeds, fetches, targets, &o);
      auto b = std::chrono::steady_clock::now();
      if (!s.ok())
        return fail(graphPath + ": " + withToolFlags(s.ToString()));
      ms.push_back(std::chrono::duration<double, std::milli>(b - a).count());
    }
    getrusage(RUSAGE_SELF, &ru1);
    std::sort(ms.begin(), ms.end());
    double median = ms.size() % 2
                        ? ms[ms.size() / 2]
                        : (ms[ms.size() / 2 - 1] + ms[ms.size() / 2]) / 2;
    SessionStats stats = (*session)->stats();
    std::fprintf(stderr,
                 "# compile: %.3f ms (first run %.3f ms)\n"
                 "# benchmark: %ld runs, median %.4f ms, min %.4f ms "
                 "(compiles %" PRId64 ", cache hits %" PRId64 ")\n",
                 stats.compileSeconds * 1e3,
                 std::chrono::duration<double, std::milli>(t1 - t0).count(),
                 bench, median, ms.front(), stats.compiles, stats.cacheHits);
    std::fprintf(
        stderr,
        "# memory: peak temporary %.3f MiB; per run after the first: "
        "%.2f minor page faults, %.2f buffer allocations from the system "
        "(intra-op threads %d)\n",
        stats.peakTemporaryBytes / 1048576.0,
        double(ru1.ru_minflt - ru0.ru_minflt) / double(bench),
        double(stats.bufferSystemAllocs - before.bufferSystemAllocs) /
            double(bench),
        threads ? threads : tfmlir::cpu::ThreadPool::hostThreads());
    if (!opts.compile_cache_dir.empty()) {
      tfmlir::session::CompileCacheCounters cc =
          tfmlir::session::compileCacheCounters();
      std::fprintf(stderr,
                   "# compile cache: %s: %" PRId64 " hits, %" PRId64
                   " misses (%" PRId64 " rejected), %" PRId64 " written\n",
                   opts.compile_cache_dir.c_str(), cc.hits, cc.misses,
                   cc.rejected, cc.writes);
    }
  }
  return 0;
}

int main(int argc, char **argv) {
  // A graph whose tensors do not fit in memory (e.g. a Const or Fill of
  // [100000, 100000]) ends here with a clean error instead of an abort from
  // an uncaught std::bad_alloc (the build has no exceptions): TF reports
  // such a run as ResourceExhausted (OOM when allocating).
  std::set_new_handler([] {
    std::fputs("tf-run: RESOURCE_EXHAUSTED: out of memory while importing, "
               "compiling or running the graph (a tensor too large for this "
               "machine?)\n",
               stderr);
    std::_Exit(1);
  });
  return runMain(argc, argv);
}
