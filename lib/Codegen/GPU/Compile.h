//===- Compile.h - hlo module -> PTX / cubin + launch plan ----------------===//
//
// The C++ entry points of the GPU path that a driver (tf-compile
// --target=cuda, hlo-gpu-compile, tests) calls: run hlo-to-gpu-pipeline on
// a module, read back the kernels' PTX and the host's launch plan, and
// assemble the PTX into a cubin with the CUDA toolkit's ptxas.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_CODEGEN_GPU_COMPILE_H
#define TFMLIR_LIB_CODEGEN_GPU_COMPILE_H

#include <string>

#include "lib/Codegen/GPU/Passes.h"
#include "lib/Support/ABI/LaunchPlan.h"

namespace tfmlir {

/// A compiled entry function: its launch plan and the PTX of the one
/// gpu.module holding all of its kernels (empty when it has no kernels,
/// e.g. a function that only returns an argument or a constant).
struct GPUProgram {
  gpu::LaunchPlan plan;
  std::string ptx;
};

/// Reads the launch plan of public function `entry` from `module` after
/// hlo-to-gpu-pipeline: function arguments become Input buffers,
/// memref.alloc Temp buffers, memref.get_global Constant buffers (the
/// global's bytes appended to plan.constants; bool as one byte per
/// element), each gpu.launch_func a KernelLaunch (grid and block sizes
/// must be constants; memref operands are passed as the base pointer of the
/// buffer they view, scalars must be constants), and the returned memrefs
/// (through reshapes, casts and static contiguous subviews, whose offset
/// becomes PlanResult::byteOffset) the results. Host control flow
/// (isGpuHostControlFlow) becomes plan control steps, as XLA:GPU runs While
/// and Conditional: each value an scf.while carries, and each result of an
/// scf.if / scf.index_switch, gets a temp buffer ("slot") that Copy steps
/// fill where the op's operands, scf.condition and scf.yield hand values
/// over; the predicate or index is read back by a Branch step; a Jump
/// closes the loop or skips the other branches. Emits an error (naming the
/// op) and fails on anything else on the host.
mlir::FailureOr<gpu::LaunchPlan> buildLaunchPlan(mlir::ModuleOp module,
                                                 llvm::StringRef entry,
                                                 llvm::StringRef chip);

/// The text of the gpu.binary objects in `module` whose format is PTX
/// (gpu-module-to-binary{format=isa}), concatenated; empty without one.
std::string extractPTX(mlir::ModuleOp module);

/// Runs hlo-to-gpu-pipeline (format forced to isa) on `module` (hlo
/// functions with static shapes) and returns the program of `entry`.
/// Fails with the pipeline's diagnostics (on the module's context) when an
/// op is not supported on the GPU path.
mlir::FailureOr<GPUProgram> compileHLOToGPU(mlir::ModuleOp module,
                                            llvm::StringRef entry,
                                            GPUPipelineOptions options);

/// Whether `chip` has the form of an NVIDIA SM architecture name as NVVM and
/// ptxas spell it: "sm_XX" with XX in [20, 999] (NVVM's minimum is sm_20),
/// optionally followed by "a" ("sm_90a"). NVVM's target verifier crashes
/// on an empty chip and misreports other malformed ones at the first op, so
/// drivers check the flag with this first. It does not ask whether LLVM or
/// the CUDA toolkit knows that architecture.
bool isSMArchName(llvm::StringRef chip);

/// The ptxas of the CUDA toolkit: $CUDA_HOME/bin/ptxas,
/// /usr/local/cuda/bin/ptxas, then PATH; empty when none exists.
/// `searched` receives the places looked at, for an error message.
std::string findPtxas(std::string *searched = nullptr);

/// Output of one ptxas run.
struct PtxasResult {
  std::string cubin; ///< the ELF image (empty when ptxas failed)
  std::string log;   ///< ptxas -v output (registers, spills per kernel)
};

/// Assembles `ptx` for `chip` with `ptxas -arch=<chip> -O3 -v` in a
/// temporary folder. Fails with `error` set (ptxas's messages, or which
/// paths were searched when no ptxas exists).
mlir::FailureOr<PtxasResult>
assemblePTX(llvm::StringRef ptx, llvm::StringRef chip, std::string &error);

} // namespace tfmlir

#endif
