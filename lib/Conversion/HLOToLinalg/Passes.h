//===- Passes.h - hlo -> linalg lowering and the CPU codegen pipeline -----===//
#ifndef TFMLIR_LIB_CONVERSION_HLOTOLINALG_PASSES_H
#define TFMLIR_LIB_CONVERSION_HLOTOLINALG_PASSES_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

namespace tfmlir {

#define GEN_PASS_DECL
#include "lib/Conversion/HLOToLinalg/Passes.h.inc"

/// The textual pass pipeline of `hlo-to-llvm-pipeline`: hlo-legalize-to-linalg
/// (with emit-c-interface), canonicalize, linalg element-wise fusion,
/// hlo-cpu-tile (register tiles, peeled), hlo-cpu-vectorize, hoisting of
/// loop-invariant subsets (a contraction's accumulator stays in vector
/// registers across its reduction loop), one-shot-bufferize across function
/// boundaries (identity layouts), the buffer deallocation pipeline, the
/// remaining linalg ops -> loops, vector transfers unrolled to 1-D,
/// vector.contract -> outer products -> FMAs, the outermost parallel tile
/// loops outlined into tasks called through tfmlir_rt_parallel_for
/// (lib/Codegen/CPU), and the lowering of scf/cf/arith/math (libm calls for
/// functions LLVM has no intrinsic for)/vector/memref/func/ub to the llvm
/// dialect, with heap buffers through MLIR's generic allocation functions
/// (_mlir_memref_to_llvm_alloc/free: the JIT maps them to the runtime's
/// arena, runtime/cpu/Alloc.h). Runs on a builtin.module.
const char *hloToLLVMPipelineText();

/// Appends the hlo-to-llvm pipeline to `pm` (a pass manager on
/// builtin.module). Fails (with a diagnostic on stderr) only when an
/// upstream pass of the pipeline is not registered: call
/// mlir::registerAllPasses() (or register those passes) first.
mlir::LogicalResult buildHLOToLLVMPipeline(mlir::OpPassManager &pm);

/// Prints `module` (an hlo module about to be re-parsed in a codegen
/// context: CpuExecutable, tf-compile) with each op's location reduced to
/// the bare TF node name it carries (a NameLoc without its file position;
/// unknown when none), so that hlo-cpu-name-alloc-sites can name the node
/// of a failed allocation and the text stays compact. Changes the
/// locations of `module` itself: pass a copy.
std::string printHLOModuleForCodegen(mlir::ModuleOp module);

/// Registers what a context that runs hlo-to-llvm-pipeline and translates
/// the result to LLVM IR needs: every upstream dialect and extension, the
/// hlo dialect, and the builtin/llvm-dialect LLVM IR translations. Shared by
/// the JIT (CpuExecutable) and tf-compile (AotCodegen).
void registerHLOToLLVMDialects(mlir::DialectRegistry &registry);

/// The argument attribute (an i64 holding the argument's index) that marks
/// an argument made from a constant by externalizeLargeConstants.
inline constexpr char kExternalConstantAttr[] = "tfmlir.external_constant";

/// The size from which the CPU backends move a constant out of the IR: the
/// JIT keeps it as a host buffer (CpuExecutable), tf-compile as rodata in
/// the object file. One value so that both compile the same code.
inline constexpr int64_t kCpuExternalConstantBytes = 64 * 1024;

/// A constant moved out of the IR: its value (owned by the MLIRContext) and
/// its bytes, row-major, little-endian, in the element type's size (f16 and
/// bf16 2 bytes). `bytes` points into `value`'s storage.
struct ExternalConstant {
  mlir::ElementsAttr value;
  llvm::ArrayRef<char> bytes;
};

/// The row-major bytes of `value` when it is a non-splat DenseElementsAttr
/// or a DenseResourceElementsAttr with its blob present, of a static
/// ranked tensor type of f16, bf16, f32, f64 or signless i8/i16/i32/i64;
/// nullopt otherwise.
std::optional<llvm::ArrayRef<char>> constantBytes(mlir::Attribute value);

/// Replaces every constant-like op in the entry block of `func` whose value
/// has constantBytes() of at least `thresholdBytes` by a new argument of
/// the same tensor type, inserted after the leading arguments that already
/// carry kExternalConstantAttr (so repeated calls keep earlier ones first)
/// and marked with it; appends the values to `out` in argument order and
/// returns how many were added. Does nothing to an external function.
unsigned
externalizeLargeConstants(mlir::func::FuncOp func, int64_t thresholdBytes,
                          llvm::SmallVectorImpl<ExternalConstant> &out);

/// registerHLOToLinalgPasses() registers hlo-legalize-to-linalg,
/// hlo-cpu-tile, hlo-cpu-vectorize and hlo-externalize-constants.
#define GEN_PASS_REGISTRATION
#include "lib/Conversion/HLOToLinalg/Passes.h.inc"

/// Registers hlo-legalize-to-linalg and the `hlo-to-llvm-pipeline` pass
/// pipeline (for tf-opt).
void registerHLOCodegenPasses();

} // namespace tfmlir

#endif
