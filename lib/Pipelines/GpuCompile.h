//===- GpuCompile.h - a graph's hlo module -> launch plan + cubin/PTX -----===//
//
// The GPU back half that tf-compile --target=cuda and the Session's
// device GPU share: the hlo module that lowerGraphToHLO made is compiled by
// lib/Codegen/GPU (hlo-to-gpu-pipeline: one fusion pass with the CPU path,
// kernels to PTX, matrix products to cuBLAS steps, the host's launch plan)
// and the PTX assembled by the CUDA toolkit's ptxas.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_PIPELINES_GPUCOMPILE_H
#define TFMLIR_LIB_PIPELINES_GPUCOMPILE_H

#include <string>

#include "absl/status/statusor.h"
#include "lib/Support/ABI/LaunchPlan.h"
#include "llvm/ADT/StringRef.h"

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace tfmlir {

/// A compiled GPU program: what runtime/gpu's PlanExecutor runs.
struct GpuBinary {
  gpu::LaunchPlan plan; ///< with its constants' bytes
  /// The kernels' image for cuModuleLoadData: a cubin (ELF) from ptxas, or
  /// with `isPtx` the PTX text (NUL-terminated) for the driver to compile.
  /// Empty when the program launches no kernel (only cuBLAS steps, or
  /// nothing).
  std::string image;
  bool isPtx = false;
  std::string ptxasLog; ///< ptxas -v (registers and spills per kernel)
};

/// Compiles public function `entry` of `hlo` (hlo dialect, static shapes,
/// in any context: it is printed with locations and parsed again in a
/// context with the GPU dialects and NVVM translations) for `arch`
/// ("sm_90"; the caller checks the name, e.g. aot_internal::checkGpuArch).
/// Without ptxas, `requireCubin` fails with FailedPrecondition naming the
/// paths searched; otherwise the PTX is returned for the driver's JIT
/// (`isPtx`). Errors: Unimplemented with the GPU path's diagnostics (each
/// naming the TF node) when an op cannot run on the GPU path, Internal
/// when ptxas fails, ResourceExhausted past max_compile_memory_bytes. The
/// plan is checked to parse back (what runtime/gpu would refuse is refused
/// here).
absl::StatusOr<GpuBinary> compileHLOForGPU(mlir::ModuleOp hlo,
                                           llvm::StringRef entry,
                                           const std::string &arch,
                                           bool requireCubin);

} // namespace tfmlir

#endif
