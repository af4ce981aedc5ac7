//===- Passes.h - GPU codegen: hlo -> linalg -> gpu -> NVVM -> PTX/cubin --===//
#ifndef TFMLIR_LIB_CODEGEN_GPU_PASSES_H
#define TFMLIR_LIB_CODEGEN_GPU_PASSES_H

#include <string>

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

namespace tfmlir {

#define GEN_PASS_DECL
#include "lib/Codegen/GPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "lib/Codegen/GPU/Passes.h.inc"

/// The attribute (a dictionary: batch, m, n, k as i64; trans_a, trans_b,
/// accumulate as bool; optionally epilogue = "bias" | "relu_bias") that
/// marks a func.call made by hlo-gpu-library-calls as a cuBLAS GEMM, whose
/// operands are A, B and C (and the epilogue's bias) cast to unranked
/// memrefs (GemmCall in lib/Support/ABI/LaunchPlan.h says what they mean).
inline constexpr llvm::StringLiteral kGpuGemmAttrName = "tfmlir.gemm";

/// The attribute (a dictionary of i64: n, h, w, c, k, kh, kw, out_h, out_w,
/// stride_h, stride_w, dil_h, dil_w, pad_h, pad_w, groups; bool accumulate)
/// that marks a func.call made by hlo-gpu-library-calls as a cuDNN
/// convolution, whose operands are x (NHWC), the filter (KRSC) and y (NHWC)
/// cast to unranked memrefs (ConvCall in lib/Support/ABI/LaunchPlan.h says
/// what they mean).
inline constexpr llvm::StringLiteral kGpuConvAttrName = "tfmlir.conv";

/// True for a func.call that hlo-gpu-library-calls made (it stays on the
/// host; the launch plan runs it as a library call).
bool isGpuLibraryCall(mlir::Operation *op);

/// True for an scf.while, scf.if or scf.index_switch of a host function
/// (outside any gpu.launch) that the launch plan runs on the host around
/// device work, as XLA:GPU runs While and Conditional: it carries buffers
/// (memref operands or results) or its regions hold device work (linalg
/// ops, scf.parallel, gpu.launch / gpu.launch_func, library calls). Scalar
/// loops without device work (what sort lowers to) are not: they run
/// inside one serial kernel.
bool isGpuHostControlFlow(mlir::Operation *op);

/// The allocation, block argument or global a memref value views (through
/// view ops and casts), or null when it comes from anything else.
mlir::Value gpuRootBuffer(mlir::Value v);

/// The memref.load that the selector `v` of a host control-flow op (an
/// scf.if or scf.condition i1, an scf.index_switch index) reads: `v`
/// itself, or for an index the operand of the arith.index_cast that makes
/// it; null when `v` is computed otherwise. The launch plan reads that
/// scalar back from the device to decide (KernelLaunch::Kind::Branch).
mlir::memref::LoadOp gpuHostSelectorLoad(mlir::Value v);

/// Prepares the host control flow of `func` (isGpuHostControlFlow) for
/// the launch plan, after bufferization (part of hlo-gpu-prepare-linalg):
///  - every buffer a loop carries or a conditional returns gets an
///    identity layout: a yielded strided view is first copied into a new
///    allocation (memref.copy), a memref.cast of a plain buffer yields the
///    buffer itself, and users that wanted the strided type get a
///    memref.cast (folded into them where it can be);
///  - every selector becomes a memref.load right before its op, of a
///    buffer nothing writes in between: otherwise the value is stored into
///    a new one-element buffer (a one-thread kernel later) and loaded back.
/// Errors (on the op): a carried buffer with a dynamic shape.
mlir::LogicalResult prepareGpuHostControlFlow(mlir::func::FuncOp func);

/// Options of the hlo-to-gpu pipeline.
struct GPUPipelineOptions {
  /// The NVIDIA architecture the kernels are compiled for (nvvm-attach-target
  /// `chip`, ptxas -arch): "sm_90" (H100/H200) by default.
  std::string chip = "sm_90";
  /// gpu-module-to-binary's format: "isa" (PTX text in the gpu.binary),
  /// "bin" (cubin, MLIR runs ptxas) or "fatbin".
  std::string format = "isa";
  /// Threads per block of element-wise and reduction kernels.
  int64_t blockSize = 256;
  /// Matrix products (dot_general) through cuBLAS, as XLA:GPU does
  /// (hlo-gpu-library-calls); false compiles them into our own kernels.
  bool libraryCalls = true;
  /// The CUDA toolkit (gpu-module-to-binary `toolkit`): libdevice
  /// (nvvm/libdevice/libdevice.10.bc, the __nv_* math functions) and ptxas
  /// come from it. Empty: findCUDAToolkit().
  std::string cudaPath;
};

/// The CUDA toolkit folder: $CUDA_HOME, $CUDA_PATH, then /usr/local/cuda,
/// the first that holds nvvm/libdevice/libdevice.10.bc; empty when none
/// does. `searched` receives the places looked at, for an error message.
std::string findCUDAToolkit(std::string *searched = nullptr);

/// Appends `hlo-to-gpu-pipeline` for `options` to `pm`: on a
/// builtin.module of hlo functions with static shapes:
/// hlo-legalize-to-linalg (arguments read-only), hlo-fuse-elementwise,
/// one-shot-bufferize (identity layouts at function boundaries),
/// hlo-gpu-library-calls (matrix products to cuBLAS, unless
/// `options.libraryCalls` is false), hlo-gpu-prepare-linalg,
/// hlo-gpu-map-reductions (block-per-output reductions with warp shuffles),
/// convert-linalg-to-parallel-loops, hlo-gpu-map-to-launch,
/// gpu-kernel-outlining, hlo-gpu-merge-kernel-modules, then in the gpu.module:
/// lower-affine, expand-strided-metadata, scf->cf, convert-gpu-to-nvvm with the
/// bare-pointer calling convention (a memref kernel argument is one pointer),
/// and finally nvvm-attach-target and gpu-module-to-binary. The host functions
/// keep memref.alloc / memref.get_global / gpu.launch_func, which
/// buildLaunchPlan() reads. Every pass is added by a direct call; always
/// succeeds.
mlir::LogicalResult buildHLOToGPUPipeline(mlir::OpPassManager &pm,
                                          const GPUPipelineOptions &options);

/// Registers the passes above and the `hlo-to-gpu-pipeline` pipeline
/// (options chip=, format=, block-size=, library-calls=) for tf-opt.
void registerGPUCodegenPasses();

} // namespace tfmlir

#endif
