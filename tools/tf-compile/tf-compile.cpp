//===- tf-compile.cpp - ahead-of-time compilation of a GraphDef (tfcompile)
//===//
//
// usage: tf-compile --graph=G.pb|G.pbtxt --config=C.pbtxt --cpp_class=ns::Name
//                   --out_header=F.h --out_function_object=F.o
//                   [--target=cpu|cuda] [--target_triple=T] [--target_cpu=C]
//                   [--target_features=+a,-b] [--gpu_arch=sm_90]
//
// TF's tfcompile flags (tensorflow/compiler/aot/flags.cc): compiles the
// graph's feeds -> fetches (a tf2xla.Config text proto) for the CPU into an
// object file and a header declaring the class `--cpp_class` (see
// runtime/aot/CompiledFunction.h). The target defaults to the host (triple,
// CPU and features), which makes the object compute exactly what tf-run
// computes on this machine; `--target_cpu=x86-64` gives generic x86-64 code.
// --target=cuda compiles the kernels for the NVIDIA GPU `--gpu_arch` (PTX by
// lib/Codegen/GPU, a cubin by the CUDA toolkit's ptxas) and writes an object
// that holds the launch plan, the cubin and the constants for the host
// triple; the class derives from tfmlir::gpu::CompiledGpuFunction
// (runtime/gpu/CompiledGpuFunction.h) and runs through the CUDA driver.
// Flag parsing and file I/O only: the work is tfmlir::compileAot
// (lib/Pipelines/AotCompile.h).
// On a terminal, a compile longer than 3 s shows a live line of the phase
// and pass running (lib/Pipelines/CompileProgress.h); the hidden
// --progress=always|never writes one line per phase and pass, or nothing.
// Exit status: 0 on success; 1 with the error on stderr (naming the file,
// config entry or node) otherwise; nothing is written on error.
//===----------------------------------------------------------------------===//
#include "lib/Pipelines/AotCompile.h"
#include "lib/Pipelines/CompileProgress.h"
#include "lib/Translate/ModelLoader.h"
#include "lib/Translate/proto/tf2xla.pb.h"
#include "tools/ToolVersion.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <fstream>
#include <optional>

namespace cl = llvm::cl;

static cl::OptionCategory category("tf-compile options (TF's tfcompile)");
static cl::opt<std::string> graphPath("graph",
                                      cl::desc("GraphDef (binary or text)"),
                                      cl::cat(category));
static cl::opt<std::string>
    configPath("config", cl::desc("tf2xla.Config text proto: feeds, fetches"),
               cl::cat(category));
static cl::opt<std::string>
    cppClass("cpp_class",
             cl::desc("name of the generated class, [ns::...]Name"),
             cl::cat(category));
static cl::opt<std::string>
    outHeader("out_header", cl::desc("the header to write"), cl::cat(category));
static cl::opt<std::string> outObject("out_function_object",
                                      cl::desc("the object file to write"),
                                      cl::cat(category));
static cl::opt<std::string> target("target", cl::desc("cpu (default) or cuda"),
                                   cl::init("cpu"), cl::cat(category));
static cl::opt<std::string>
    gpuArch("gpu_arch",
            cl::desc("--target=cuda: the NVIDIA architecture of the kernels "
                     "(ptxas -arch; default sm_90, H100/H200)"),
            cl::init("sm_90"), cl::cat(category));
static cl::opt<std::string>
    targetTriple("target_triple",
                 cl::desc("LLVM target triple (default: the host's)"),
                 cl::cat(category));
static cl::opt<std::string>
    targetCpu("target_cpu", cl::desc("LLVM CPU name (default: the host CPU)"),
              cl::cat(category));
static cl::opt<long long> maxCompileMemory(
    "max_compile_memory",
    cl::desc("the most heap bytes the compile may add (0 = no limit; "
             "measured after each compiler pass and LLVM stage); over it "
             "tf-compile fails with RESOURCE_EXHAUSTED"),
    cl::init(0), cl::cat(category));
static cl::opt<std::string>
    targetFeatures("target_features",
                   cl::desc("LLVM features, e.g. +avx2,-fma"),
                   cl::cat(category));

namespace {

int fail(std::string msg) {
  while (!msg.empty() && (msg.back() == '\n' || msg.back() == ' '))
    msg.pop_back();
  std::fprintf(stderr, "tf-compile: %s\n", msg.c_str());
  return 1;
}

bool writeFile(const std::string &path, const std::string &data,
               std::string &err) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (!f) {
    err = "cannot open " + path + " for writing";
    return false;
  }
  f.write(data.data(), static_cast<std::streamsize>(data.size()));
  f.close();
  if (!f) {
    err = "cannot write " + path;
    return false;
  }
  return true;
}

} // namespace

static cl::opt<std::string> progressFlag(
    "progress", cl::init("auto"), cl::Hidden,
    cl::desc("Progress line on stderr: auto (on a terminal, after 3 s), "
             "always (one line per phase and pass) or never"),
    cl::cat(category));

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::SetVersionPrinter(
      [](llvm::raw_ostream &os) { os << tfmlir::toolVersion("tf-compile"); });
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "tf-compile: ahead-of-time compilation of a GraphDef "
      "(TF's tfcompile) into an object file and a C++ header\n");
  for (auto [flag, value] : {std::pair{"--graph", &graphPath},
                             {"--config", &configPath},
                             {"--cpp_class", &cppClass},
                             {"--out_header", &outHeader},
                             {"--out_function_object", &outObject}})
    if (value->empty())
      return fail(std::string(flag) + " is required");
  if (gpuArch.getNumOccurrences() > 0 && target != "cuda")
    return fail("--gpu_arch applies to --target=cuda only (the target is '" +
                target + "')");
  // Outputs that are the same file as each other or as an input would be
  // overwritten silently (llvm::sys::fs::equivalent: same file, any path).
  {
    auto same = [](const std::string &a, const std::string &b) {
      bool eq = false;
      return a == b || (!llvm::sys::fs::equivalent(a, b, eq) && eq);
    };
    if (same(outHeader, outObject))
      return fail("--out_header and --out_function_object name the same "
                  "file: " +
                  outHeader);
    for (const std::string *out :
         {&outHeader.getValue(), &outObject.getValue()})
      for (const std::string *in :
           {&graphPath.getValue(), &configPath.getValue()})
        if (same(*out, *in))
          return fail("the output " + *out + " is an input (" + *in +
                      "); choose another --out_header / --out_function_object");
  }

  std::optional<tfmlir::ProgressMode> progressMode =
      tfmlir::parseProgressMode(progressFlag);
  if (!progressMode)
    return fail("--progress must be auto, always or never, got '" +
                progressFlag + "'");

  auto model = tfmlir::loadGraphDefFile(graphPath);
  if (!model.ok())
    return fail(std::string(model.status().message()));

  tensorflow::tf2xla::Config config;
  if (absl::Status st = tfmlir::readAotConfig(configPath, config); !st.ok())
    return fail(std::string(st.message()));

  tfmlir::AotOptions options;
  options.target = target;
  options.gpuArch = gpuArch;
  options.targetTriple = targetTriple;
  options.targetCpu = targetCpu;
  options.targetFeatures = targetFeatures;
  options.cppClass = cppClass;
  options.graphName = graphPath;
  options.configName = configPath;
  if (maxCompileMemory < 0)
    return fail("--max_compile_memory needs a byte count >= 0, got " +
                std::to_string(maxCompileMemory));
  options.maxCompileMemoryBytes = maxCompileMemory;
  std::optional<absl::StatusOr<tfmlir::AotResult>> compiled;
  {
    // A live phase/pass line on a terminal for long compiles
    // (lib/Pipelines/CompileProgress.h).
    tfmlir::CompileProgress progress("tf-compile " + graphPath, *progressMode);
    compiled.emplace(tfmlir::compileAot(model->graph, config, options));
    if (!compiled->ok())
      progress.setFailed();
  }
  auto &result = *compiled;
  if (!result.ok()) {
    // The library names AotOptions' field; say the flag that sets it.
    std::string msg(result.status().message());
    const std::string field = "max_compile_memory_bytes";
    if (size_t p = msg.find(field); p != std::string::npos)
      msg.replace(p, field.size(), "--max_compile_memory");
    return fail(msg);
  }

  std::string err;
  if (!writeFile(outObject, result->object, err))
    return fail(err);
  if (!writeFile(outHeader, result->header, err)) {
    // Nothing is left behind: an object without its header is no output.
    std::remove(outObject.c_str());
    return fail(err);
  }
  return 0;
}
