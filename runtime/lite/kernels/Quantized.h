//===- Quantized.h - Integer and hybrid forms of the windowed ops -*- C++
//-*-===//
//
// The int8 / uint8 / int16x8 kernels (Quantized.cpp, after TFLite's
// reference integer kernels, bit-exact) and the hybrid kernels (Hybrid.cpp:
// float activations, int8 / uint8 weights) that the per-builtin files
// (Conv2D.cpp, DepthwiseConv2D.cpp, FullyConnected.cpp, TransposeConv.cpp,
// Pooling.cpp, BatchMatMul.cpp) call from their Prepare / Eval after
// switching on the tensor types with kernelTypeOf.
//
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_LITE_KERNELS_QUANTIZED_H
#define TFMLIR_RUNTIME_LITE_KERNELS_QUANTIZED_H

#include "runtime/lite/Kernel.h"

#include "absl/status/status.h"

namespace tfmlir::lite::kernels {

/// Which form of a kernel a node needs, as TFLite's Eval switches: float,
/// quantized (the activation input is int8 / uint8 / int16) or hybrid
/// (float activations, int8 / uint8 weights).
enum class KernelType { kFloat, kQuantized, kHybrid };

/// The form for a node whose activation input is `act` and (for hybrid
/// candidates, else -1) whose weights are input `weights`.
KernelType kernelTypeOf(OpContext &ctx, int act, int weights = -1);

/// Prepare / Eval of the integer forms (activation input int8, uint8 or
/// int16): the builtin's shape rules, TFLite's per-channel multipliers and
/// bias, then the integer loops (8-bit fast paths unless
/// OpContext::reference()). Errors as TFLite's Prepare: InvalidArgument for
/// bad quantization or shapes, Unimplemented for unsupported type mixes.
namespace quantized {
absl::Status conv2dPrepare(OpContext &ctx);
absl::Status conv2dEval(OpContext &ctx);
absl::Status depthwiseConv2dPrepare(OpContext &ctx);
absl::Status depthwiseConv2dEval(OpContext &ctx);
absl::Status fullyConnectedPrepare(OpContext &ctx);
absl::Status fullyConnectedEval(OpContext &ctx);
absl::Status transposeConvPrepare(OpContext &ctx);
absl::Status transposeConvEval(OpContext &ctx);
/// AVERAGE_POOL_2D and MAX_POOL_2D.
absl::Status poolPrepare(OpContext &ctx);
absl::Status poolEval(OpContext &ctx);
absl::Status batchMatMulPrepare(OpContext &ctx);
absl::Status batchMatMulEval(OpContext &ctx);
} // namespace quantized

/// Hybrid FULLY_CONNECTED / CONV_2D / DEPTHWISE_CONV_2D (Hybrid.cpp).
absl::Status hybridPrepare(OpContext &ctx);
absl::Status hybridEval(OpContext &ctx);

} // namespace tfmlir::lite::kernels

#endif // TFMLIR_RUNTIME_LITE_KERNELS_QUANTIZED_H
