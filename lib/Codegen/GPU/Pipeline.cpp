//===- Pipeline.cpp - hlo-to-gpu-pipeline (NVIDIA GPU codegen) ------------===//
//
// The GPU code generator's pass pipeline, built by direct calls of each
// pass's create function (a missing pass is a link error, never a pass
// skipped at run time), and the registration tf-opt uses.
//===----------------------------------------------------------------------===//
#include "lib/Codegen/GPU/Passes.h"

#include "lib/Conversion/HLOToLinalg/Passes.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace tfmlir {

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
  auto addToFuncs = [&](std::unique_ptr<Pass> pass) {
    pm.addNestedPass<func::FuncOp>(std::move(pass));
  };
  // emitCInterface marks the arguments read-only (bufferization.writable =
  // false): kernels never write into the caller's input buffers.
  // indexChecks = false: kernels cannot call runtime/cpu's index check; out-
  // of-range indices are clamped/dropped as on TF's and XLA's GPU kernels.
  LegalizeHLOToLinalgOptions legalize;
  legalize.emitCInterface = true;
  legalize.indexChecks = false;
  pm.addPass(createLegalizeHLOToLinalg(legalize));
  pm.addPass(createCanonicalizerPass());
  // The fusion decisions are the CPU path's (one fusion pass, two
  // backends): each fused linalg.generic becomes one kernel.
  addToFuncs(createFuseElementwise());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  addHLOBufferizePasses(pm);
  // Matrix products to cuBLAS (as XLA:GPU), before the generics are
  // prepared for our kernels.
  if (options.libraryCalls)
    pm.addPass(createGpuLibraryCalls());
  // Generic ops with their parallel loops first, then scf.parallel
  // (parallel loops) around scf.for (reduction loops).
  addToFuncs(createGpuPrepareLinalg());
  // Row reductions (and reductions with few outputs): a block per output
  // element, warp shuffles and shared memory.
  addToFuncs(createGpuMapReductions());
  addToFuncs(createConvertLinalgToParallelLoopsPass());
  pm.addPass(createCanonicalizerPass());
  // One gpu.launch per scf.parallel (a thread per iteration).
  GpuMapToLaunchOptions launch;
  launch.blockSize = options.blockSize;
  addToFuncs(createGpuMapToLaunch(launch));
  pm.addPass(createGpuKernelOutliningPass());
  pm.addPass(createGpuMergeKernelModules());
  pm.addPass(createCanonicalizerPass());
  // Kernel bodies: views -> pointer arithmetic, loops -> branches, then
  // NVVM; a memref argument is one pointer (static shapes).
  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  kernels.addPass(memref::createExpandStridedMetadataPass());
  kernels.addPass(createLowerAffinePass());
  kernels.addPass(createSCFToControlFlowPass());
  ConvertGpuOpsToNVVMOpsOptions nvvm;
  nvvm.useBarePtrCallConv = true;
  kernels.addPass(createConvertGpuOpsToNVVMOps(nvvm));
  kernels.addPass(createCanonicalizerPass());
  kernels.addPass(createCSEPass());
  kernels.addPass(createReconcileUnrealizedCastsPass());
  GpuNVVMAttachTargetOptions target;
  target.chip = options.chip;
  target.optLevel = 3;
  pm.addPass(createGpuNVVMAttachTarget(target));
  GpuModuleToBinaryPassOptions binary;
  binary.compilationTarget = options.format;
  // Without the toolkit path MLIR finds libdevice only through ptxas on
  // PATH, and a kernel calling __nv_expf would not assemble.
  binary.toolkitPath =
      options.cudaPath.empty() ? findCUDAToolkit() : options.cudaPath;
  pm.addPass(createGpuModuleToBinaryPass(binary));
  return success();
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
  Option<bool> libraryCalls{
      *this, "library-calls",
      llvm::cl::desc("matrix products through cuBLAS (hlo-gpu-library-calls)"),
      llvm::cl::init(true)};
};
} // namespace

void registerGPUCodegenPasses() {
  registerGPUCodegenPassesPasses();
  PassPipelineRegistration<PipelineCLOptions>(
      "hlo-to-gpu-pipeline",
      "Lower hlo functions to gpu kernels (NVVM, PTX or cubin in a "
      "gpu.binary) and host functions of gpu.launch_func "
      "(options: chip=sm_90 format=isa|bin|fatbin block-size=256 "
      "library-calls=true)",
      [](OpPassManager &pm, const PipelineCLOptions &cl) {
        GPUPipelineOptions o;
        o.chip = cl.chip;
        o.format = cl.format;
        o.blockSize = cl.blockSize;
        o.libraryCalls = cl.libraryCalls;
        (void)buildHLOToGPUPipeline(pm, o);
      });
}

} // namespace tfmlir
