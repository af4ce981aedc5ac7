//===- Compile.cpp - run the GPU pipeline, ptxas --------------------------===//
#include "lib/Codegen/GPU/Compile.h"

#include "mlir/Pass/PassManager.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace tfmlir {

FailureOr<GPUProgram> compileHLOToGPU(ModuleOp module, StringRef entry,
                                      GPUPipelineOptions options) {
  options.format = "isa";
  PassManager pm(module.getContext());
  if (failed(buildHLOToGPUPipeline(pm, options)))
    return failure();
  if (failed(pm.run(module)))
    return failure();
  FailureOr<gpu::LaunchPlan> plan =
      buildLaunchPlan(module, entry, options.chip);
  if (failed(plan))
    return failure();
  GPUProgram program;
  program.plan = std::move(*plan);
  program.ptx = extractPTX(module);
  bool kernels = llvm::any_of(program.plan.launches, [](const auto &l) {
    return l.kind == gpu::KernelLaunch::Kind::Kernel;
  });
  if (program.ptx.empty() && kernels)
    return module.emitError("GPU path: kernels were launched but no PTX was "
                            "produced");
  // A math function left as an external call means libdevice was not
  // linked: the PTX would not assemble.
  size_t ext = program.ptx.find(".extern .func");
  if (ext != std::string::npos) {
    std::string searched;
    findCUDAToolkit(&searched);
    size_t eol = program.ptx.find('\n', ext);
    return module.emitError("GPU path: the kernels call an external "
                            "function that libdevice should provide (")
           << program.ptx.substr(ext, eol - ext)
           << "): no CUDA toolkit with nvvm/libdevice/libdevice.10.bc "
              "(searched "
           << searched << ")";
  }
  return program;
}

bool isSMArchName(StringRef chip) {
  if (!chip.starts_with("sm_"))
    return false;
  StringRef num = chip.drop_front(3);
  if (num.ends_with("a"))
    num = num.drop_back();
  unsigned sm = 0;
  return !num.empty() && !num.getAsInteger(10, sm) && sm >= 20 && sm <= 999;
}

std::string findPtxas(std::string *searched) {
  SmallVector<std::string> candidates;
  if (const char *home = std::getenv("CUDA_HOME"))
    candidates.push_back((Twine(home) + "/bin/ptxas").str());
  candidates.push_back("/usr/local/cuda/bin/ptxas");
  for (const std::string &c : candidates) {
    if (searched)
      *searched += c + ", ";
    if (llvm::sys::fs::can_execute(c))
      return c;
  }
  if (searched)
    *searched += "PATH";
  if (llvm::ErrorOr<std::string> p = llvm::sys::findProgramByName("ptxas"))
    return *p;
  return "";
}

FailureOr<PtxasResult> assemblePTX(StringRef ptx, StringRef chip,
                                   std::string &error) {
  std::string searched;
  std::string ptxas = findPtxas(&searched);
  if (ptxas.empty()) {
    error = "no CUDA toolkit: ptxas not found (searched " + searched + ")";
    return failure();
  }
  SmallString<128> dir;
  if (std::error_code ec =
          llvm::sys::fs::createUniqueDirectory("tfmlir-ptxas", dir)) {
    error = "cannot create a temporary folder: " + ec.message();
    return failure();
  }
  auto path = [&](StringRef name) {
    SmallString<128> p(dir);
    llvm::sys::path::append(p, name);
    return std::string(p);
  };
  std::string in = path("kernels.ptx"), out = path("kernels.cubin"),
              log = path("ptxas.log");
  auto cleanup = [&] {
    for (const std::string &f : {in, out, log})
      llvm::sys::fs::remove(f);
    llvm::sys::fs::remove(dir);
  };
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(in, ec);
    if (ec) {
      error = "cannot write " + in + ": " + ec.message();
      cleanup();
      return failure();
    }
    os << ptx;
  }
  std::string arch = ("-arch=" + chip).str();
  SmallVector<StringRef> args = {ptxas, arch, "-O3", "-v", in, "-o", out};
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(log),
                                          StringRef(log)};
  std::string execError;
  int rc = llvm::sys::ExecuteAndWait(ptxas, args, std::nullopt, redirects,
                                     /*SecondsToWait=*/300, 0, &execError);
  PtxasResult result;
  if (auto buf = llvm::MemoryBuffer::getFile(log))
    result.log = (*buf)->getBuffer().str();
  if (rc != 0) {
    error = ptxas + " failed (" +
            (execError.empty() ? "exit " + std::to_string(rc) : execError) +
            "): " + result.log;
    cleanup();
    return failure();
  }
  auto bin = llvm::MemoryBuffer::getFile(out, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!bin) {
    error = "ptxas wrote no " + out;
    cleanup();
    return failure();
  }
  result.cubin = (*bin)->getBuffer().str();
  cleanup();
  return result;
}

} // namespace tfmlir
