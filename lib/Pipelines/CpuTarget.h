//===- CpuTarget.h - the CPU that generated code is tuned for ------------===//
//
// One home for how the CPU backends (the JIT in runtime/session and
// tf-compile's AOT objects) name a target CPU and tune LLVM functions for
// it, so that both produce the same code for the same CPU.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_PIPELINES_CPUTARGET_H
#define TFMLIR_LIB_PIPELINES_CPUTARGET_H

#include "llvm/Support/Error.h"

#include <cstddef>
#include <string>

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace tfmlir {

/// An LLVM CPU name ("skylake-avx512", "x86-64", ...) and a feature string
/// ("+avx2,-avx512f,..."; "" = what the CPU name implies).
struct CpuTarget {
  std::string cpu;
  std::string features;
};

/// The CPU this process runs on: llvm::sys::getHostCPUName() and every
/// feature of llvm::sys::getHostCPUFeatures(), each "+name" or "-name".
CpuTarget hostCpuTarget();

/// Adds "target-cpu" and "target-features" of `target` to every function
/// defined in `m`, and "prefer-vector-width"="512" when the features enable
/// avx512f (LLVM otherwise prefers 256-bit vectors on AVX-512 CPUs).
void tuneFunctionsForCpu(llvm::Module &m, const CpuTarget &target);

/// The most instructions a basic block may have for optimizeForCpu to run
/// LLVM's SLP vectorizer on the module. SLP's bundle scheduling asks
/// Instruction::comesBefore after each insertion, which renumbers the whole
/// block: its cost grows with the square of the block's length. A long
/// chain of small element-wise ops becomes one straight-line block of ~4
/// instructions per op (the loops of one-vector tensors are unrolled away):
/// a 20,000-op chain spent 591 s in O3, 99% of it in SLP. Our code is
/// vectorized in MLIR (hlo-cpu-vectorize) before LLVM sees it, so SLP
/// rarely finds more to do.
constexpr size_t kSlpMaxBlockInstructions = 4096;

/// The number of instructions of the longest basic block of `m`.
size_t largestBasicBlock(const llvm::Module &m);

/// LLVM's default O3 module pipeline for `tm` (as
/// mlir::makeOptimizingTransformer(3, 0, tm): loop unrolling, interleaving
/// and vectorization on), with SLP vectorization only when no basic block
/// has more than kSlpMaxBlockInstructions instructions, so that compile
/// time stays linear in the size of the graph. Used by the JIT
/// (runtime/session/CpuExecutable) and tf-compile (AotCodegen).
llvm::Error optimizeForCpu(llvm::Module &m, llvm::TargetMachine *tm);

} // namespace tfmlir

#endif
