//===- CpuTarget.h - the CPU that generated code is tuned for ------------===//
//
// One home for how the CPU backends (the JIT in runtime/session and
// tf-compile's AOT objects) name a target CPU and tune LLVM functions for
// it, so that both produce the same code for the same CPU.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_PIPELINES_CPUTARGET_H
#define TFMLIR_LIB_PIPELINES_CPUTARGET_H

#include <string>

namespace llvm {
class Module;
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

} // namespace tfmlir

#endif
