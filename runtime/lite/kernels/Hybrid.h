//===- Hybrid.h - Dynamic-range FULLY_CONNECTED / CONV_2D / DEPTHWISE -*- C++
//-*-===//
//
// The hybrid forms (float activations, int8 / uint8 weights, float bias) of
// FULLY_CONNECTED, CONV_2D and DEPTHWISE_CONV_2D (Hybrid.cpp, as TFLite's
// EvalHybrid / EvalHybridPerChannel), which FullyConnected.cpp, Conv2D.cpp
// and DepthwiseConv2D.cpp call when kernelTypeOf says kHybrid.
//
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_LITE_KERNELS_HYBRID_H
#define TFMLIR_RUNTIME_LITE_KERNELS_HYBRID_H

#include "runtime/lite/Kernel.h"

#include "absl/status/status.h"

namespace tfmlir::lite::kernels {

/// Prepare / Eval of hybrid FULLY_CONNECTED / CONV_2D / DEPTHWISE_CONV_2D
/// (picked by the node's builtin code): float input quantized to int8 per
/// batch row, int32 dot products against the int8 weights, rescaled in
/// float, bias and fused activation; float32 output.
absl::Status hybridPrepare(OpContext &ctx);
absl::Status hybridEval(OpContext &ctx);

} // namespace tfmlir::lite::kernels

#endif // TFMLIR_RUNTIME_LITE_KERNELS_HYBRID_H
