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

/// Prepare / Eval of hybrid FULLY_CONNECTED (TFLite's fully_connected.cc
/// EvalHybrid): float input [rows, K] quantized to int8 per row
/// (symmetric, or asymmetric with asymmetric_quantize_inputs), int32 dot
/// products against the int8 / uint8 weights [N, K], rescaled in float,
/// float bias and fused activation; float32 output.
absl::Status hybridFullyConnectedPrepare(OpContext &ctx);
absl::Status hybridFullyConnectedEval(OpContext &ctx);

/// Prepare / Eval of hybrid CONV_2D and DEPTHWISE_CONV_2D (the node's
/// builtin code says which; TFLite's conv.cc EvalHybrid /
/// EvalHybridPerChannel, depthwise_conv.cc EvalHybridPerChannel): NHWC
/// float input quantized per batch, int8 / uint8 filter per tensor or per
/// output channel, float bias and fused activation; float32 output.
absl::Status hybridConvPrepare(OpContext &ctx);
absl::Status hybridConvEval(OpContext &ctx);

} // namespace tfmlir::lite::kernels

#endif // TFMLIR_RUNTIME_LITE_KERNELS_HYBRID_H
