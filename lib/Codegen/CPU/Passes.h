//===- Passes.h - CPU codegen passes (lib/Codegen/CPU) ---------*- C++ -*-===//
//
// hlo-cpu-gemm-ukernel (matmuls and convolutions to the runtime/cpu
// microkernels), the tiling and vectorization of linalg for the CPU
// (hlo-cpu-tile, hlo-cpu-vectorize, hlo-cpu-hoist-vector-transfers,
// TileAndVectorize.cpp), exact math ops as LLVM intrinsics
// (hlo-cpu-math-intrinsics), and the threading of generated CPU code:
// hlo-cpu-outline-parallel-loops and hlo-cpu-lower-parallel-calls (see
// Passes.td), which make the outer parallel loops of hlo-to-llvm-pipeline
// call tfmlir_rt_parallel_for (runtime/cpu/Parallel.h).
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_CODEGEN_CPU_PASSES_H
#define TFMLIR_LIB_CODEGEN_CPU_PASSES_H

#include "lib/Support/ABI/Conv2d.h"
#include "lib/Support/ABI/Gemm.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace tfmlir {

/// The unit attribute that hlo-cpu-tile puts on the scf.for loops it makes
/// over parallel dims of an op (iterations write disjoint tiles), for
/// hlo-cpu-outline-parallel-loops.
inline constexpr char kParallelLoopAttr[] = "tfmlir.parallel";
/// The unit attribute of an outlined task function.
inline constexpr char kParallelTaskAttr[] = "tfmlir.parallel_task";
/// The i64 attribute of a task function: one iteration's estimated cost
/// (~ns), passed to tfmlir_rt_parallel_for.
inline constexpr char kTaskCostAttr[] = "tfmlir.task_cost";

#define GEN_PASS_DECL
#include "lib/Codegen/CPU/Passes.h.inc"

/// call_target_name of the hlo.custom_call that hlo-cpu-gemm-ukernel emits
/// when B is a packed constant and when B is an ordinary [K,N] / [N,K]
/// tensor; of a depthwise NHWC convolution; of a k x k NHWC convolution
/// with a packed constant filter. The names, the entries they become and
/// the packed layout are the runtime ABI of lib/Support/ABI/Gemm.h and
/// Conv2d.h.
inline constexpr char kSgemmPackedTarget[] = TFMLIR_RT_SGEMM_PACKED_TARGET;
inline constexpr char kSgemmTarget[] = TFMLIR_RT_SGEMM_TARGET;
inline constexpr char kDepthwiseTarget[] = TFMLIR_RT_DEPTHWISE_CONV2D_TARGET;
inline constexpr char kConv2dTarget[] = TFMLIR_RT_CONV2D_PACKED_TARGET;

/// The epilogue and B layout of a GEMM custom call, parsed from its
/// backend_config.
struct GemmCallConfig {
  int32_t activation = 0; ///< TFMLIR_RT_ACT_* of lib/Support/ABI/Gemm.h
  bool bias = false;
  bool residual = false;
  bool transposeB = false;
  /// Convolution window (depthwise and k x k calls): strides, rhs
  /// dilations, top/left padding (keys "strides=h,w", "dilations=h,w",
  /// "pad=top,left") and, for k x k calls, the filter size ("window=kh,kw").
  int64_t strides[2] = {1, 1};
  int64_t dilations[2] = {1, 1};
  int64_t pad[2] = {0, 0};
  int64_t window[2] = {1, 1};
};

/// Parses "activation=none|relu|relu6;bias=0|1;residual=0|1;transpose_b=0|1"
/// and, for convolution calls, "strides=h,w;dilations=h,w;pad=top,left"
/// and "window=kh,kw" (every key optional, in any order; strides,
/// dilations and window >= 1, pads >= 0). Returns false and sets `why` on an
/// unknown key or value.
bool parseGemmCallConfig(llvm::StringRef text, GemmCallConfig &out,
                         std::string &why);

/// The inverse of parseGemmCallConfig.
std::string printGemmCallConfig(const GemmCallConfig &c);

/// The depthwise part of the config ("strides=..;dilations=..;pad=..") as
/// printed after printGemmCallConfig's keys.
std::string printWindowConfig(const GemmCallConfig &c);

/// printWindowConfig followed by ";window=kh,kw" (k x k convolution calls).
std::string printConvWindowConfig(const GemmCallConfig &c);

/// Folds every TF inference BatchNorm (FusedBatchNorm{,V2,V3} with
/// is_training=false as xla-legalize-tf lowers it) that follows an f32
/// hlo.convolution (output features last in result and kernel) or
/// hlo.dot_general with a constant filter, optionally through a BiasAdd,
/// into a rescaled constant filter and one BiasAdd (FoldBatchNorm.cpp; the
/// first step of hlo-cpu-gemm-ukernel). Returns how many it folded.
int foldBatchNormsIntoWeights(mlir::func::FuncOp func);

/// registerCodegenCPUPasses() registers every pass of Passes.td.
#define GEN_PASS_REGISTRATION
#include "lib/Codegen/CPU/Passes.h.inc"

} // namespace tfmlir

#endif
