//===- DepthwiseConvAvx512.cpp - depthwise rows compiled for AVX-512 ------===//
// Compiled with -mavx512f; called only after a CPUID check.
//===----------------------------------------------------------------------===//
#include "runtime/cpu/DepthwiseConvInternal.h"
#include "runtime/cpu/Gemm.h"

namespace tfmlir::rt {
namespace {
constexpr int kBlock = 64;
#include "runtime/cpu/DepthwiseConvKernel.inc"
} // namespace

DwRowsFn depthwiseRowsAvx512() { return rows; }

} // namespace tfmlir::rt
