//===- Pipeline.cpp - hlo-to-gpu-pipeline (NVIDIA GPU codegen) ------------===//
#include "lib/Codegen/GPU/Passes.h"

#include "lib/Conversion/HLOToLinalg/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace tfmlir {

std::string hloToGPUPipelineText(const GPUPipelineOptions &options) {
  std::string s;
  llvm::raw_string_ostream os(s);
  // emit-c-interface marks the arguments read-only (bufferization.writable
  // = false): kernels never write into the caller's input buffers.
  // index-checks=false: kernels cannot call runtime/cpu's index check; out-
  // of-range indices are clamped/dropped as on TF's and XLA's GPU kernels.
  os << "hlo-legalize-to-linalg{emit-c-interface=true index-checks=false},"
        "canonicalize,"
        // The fusion decisions are the CPU path's (one fusion pass, two
        // backends): each fused linalg.generic becomes one kernel.
        "func.func(hlo-fuse-elementwise),"
        "canonicalize,"
        "cse,"
        "one-shot-bufferize{bufferize-function-boundaries=true "
        "allow-return-allocs-from-loops=true "
        "function-boundary-type-conversion=identity-layout-map},"
        "canonicalize,"
        "cse,"
        // Generic ops with their parallel loops first, then scf.parallel
        // (parallel loops) around scf.for (reduction loops).
        "func.func(hlo-gpu-prepare-linalg),"
        // Row reductions (and reductions with few outputs): a block per
        // output element, warp shuffles and shared memory.
        "func.func(hlo-gpu-map-reductions),"
        "func.func(convert-linalg-to-parallel-loops),"
        "canonicalize,"
        // One gpu.launch per scf.parallel (a thread per iteration).
        "func.func(hlo-gpu-map-to-launch{block-size="
     << options.blockSize
     << "}),"
        "gpu-kernel-outlining,"
        "hlo-gpu-merge-kernel-modules,"
        "canonicalize,"
        // Kernel bodies: views -> pointer arithmetic, loops -> branches,
        // then NVVM; a memref argument is one pointer (static shapes).
        "gpu.module(expand-strided-metadata,lower-affine,convert-scf-to-cf,"
        "convert-gpu-to-nvvm{use-bare-ptr-memref-call-conv=true},"
        "canonicalize,cse,reconcile-unrealized-casts),"
        "nvvm-attach-target{chip="
     << options.chip
     << " O=3},"
        "gpu-module-to-binary{format="
     << options.format;
  // Without the toolkit path MLIR finds libdevice only through ptxas on
  // PATH, and a kernel calling __nv_expf would not assemble.
  std::string cuda =
      options.cudaPath.empty() ? findCUDAToolkit() : options.cudaPath;
  if (!cuda.empty())
    os << " toolkit=" << cuda;
  os << "}";
  return s;
}

std::string findCUDAToolkit(std::string *searched) {
  SmallVector<std::string> candidates;
  for (const char *var : {"CUDA_HOME", "CUDA_PATH"})
    if (const char *v = std::getenv(var))
      candidates.push_back(v);
  candidates.push_back("/usr/local/cuda");
  for (const std::string &c : candidates) {
    if (searched)
      *searched += (searched->empty() ? "" : ", ") + c;
    if (llvm::sys::fs::exists(c + "/nvvm/libdevice/libdevice.10.bc"))
      return c;
  }
  return "";
}

LogicalResult buildHLOToGPUPipeline(OpPassManager &pm,
                                    const GPUPipelineOptions &options) {
  return parsePassPipeline(hloToGPUPipelineText(options), pm, llvm::errs());
}

namespace {
struct PipelineCLOptions : public PassPipelineOptions<PipelineCLOptions> {
  Option<std::string> chip{*this, "chip",
                           llvm::cl::desc("NVIDIA architecture (sm_90)"),
                           llvm::cl::init("sm_90")};
  Option<std::string> format{
      *this, "format",
      llvm::cl::desc("gpu-module-to-binary format: isa (PTX), bin, fatbin"),
      llvm::cl::init("isa")};
  Option<int64_t> blockSize{*this, "block-size",
                            llvm::cl::desc("threads per block"),
                            llvm::cl::init(256)};
};
} // namespace

void registerGPUCodegenPasses() {
  registerGPUCodegenPassesPasses();
  PassPipelineRegistration<PipelineCLOptions>(
      "hlo-to-gpu-pipeline",
      "Lower hlo functions to gpu kernels (NVVM, PTX or cubin in a "
      "gpu.binary) and host functions of gpu.launch_func "
      "(options: chip=sm_90 format=isa|bin|fatbin block-size=256)",
      [](OpPassManager &pm, const PipelineCLOptions &cl) {
        GPUPipelineOptions o;
        o.chip = cl.chip;
        o.format = cl.format;
        o.blockSize = cl.blockSize;
        (void)buildHLOToGPUPipeline(pm, o);
      });
}

} // namespace tfmlir
