//===- Passes.h - hlo -> linalg lowering ------------------------*- C++ -*-===//
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

/// Adds one-shot bufferization (function boundaries included, identity
/// layouts at them, allocations returned from loops allowed) followed by
/// canonicalize and cse: the step from linalg on tensors to linalg on
/// memrefs that the CPU (lib/Codegen/CPU) and GPU (lib/Codegen/GPU)
/// pipelines share.
void addHLOBufferizePasses(mlir::OpPassManager &pm);

/// registerHLOToLinalgPasses() registers hlo-legalize-to-linalg,
/// hlo-fuse-elementwise and hlo-externalize-constants (the CPU tiling and
/// vectorization passes are lib/Codegen/CPU's).
#define GEN_PASS_REGISTRATION
#include "lib/Conversion/HLOToLinalg/Passes.h.inc"

} // namespace tfmlir

#endif
