//===- ConvUtil.h - Shared state of the conv-family float kernels -*- C++
//-*-===//
//
// What CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED, TRANSPOSE_CONV and the
// pools share (float path): the per-node weight state (densified sparse
// weights, the reference loops' transposed weights, the optimized path's
// packed panels and indirection scratch), packing at AllocateTensors when
// the weights are constant, the bias check and the CONV_2D /
// DEPTHWISE_CONV_2D prepare. Layouts are TFLite's: activations NHWC;
// CONV_2D filters [Cout, KH, KW, Cin/groups]; DEPTHWISE_CONV_2D filters
// [1, KH, KW, Cin*multiplier]; TRANSPOSE_CONV filters [Cout, KH, KW, Cin];
// FULLY_CONNECTED weights [N, K].
//
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_LITE_KERNELS_CONVUTIL_H
#define TFMLIR_RUNTIME_LITE_KERNELS_CONVUTIL_H

#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/kernels/KernelUtil.h"
#include "runtime/lite/kernels/optimized/FloatConv.h"

#include "absl/status/statusor.h"

#include <initializer_list>

namespace tfmlir::lite::kernels {

/// Per-node weight state: dense copy of sparse weights, the weights
/// repacked for the reference loops (innermost loop over output channels),
/// and the optimized path's panels, packed once when the weights and bias
/// are constant (at AllocateTensors), else at each eval.
struct WeightState : NodeState {
  std::vector<uint8_t> dense;
  std::vector<float> packed;
  bool packedValid = false;
  optimized::PackedGemm gemm;
  optimized::PackedDepthwise dw;
  bool optValid = false;
  optimized::WindowScratch scratch;
  std::vector<float> cols; ///< TRANSPOSE_CONV's product block
};

/// The node's WeightState, created on first use.
WeightState &weightState(OpContext &ctx);
/// Float weights of input `i`, densifying a sparse constant once.
absl::StatusOr<const float *> weightsOf(OpContext &ctx, int i);
/// The weights [O, I] of input `i` repacked as [I, O]; cached when
/// constant.
absl::StatusOr<const float *> packedTransposed(OpContext &ctx, int i, int64_t O,
                                               int64_t I);
/// True when every present input among `idx` is a constant.
bool constantInputs(OpContext &ctx, std::initializer_list<int> idx);
/// The fused activation as a clamp [lo, hi]; false for TANH / SIGN_BIT.
bool clampOf(Activation a, float &lo, float &hi);
/// Packs weights input `wi` ([n][taps * kc]) and bias input `bi` into the
/// optimized GEMM panels (no-op when already packed from constants).
absl::Status packGemm(OpContext &ctx, int wi, int bi, int n, int taps, int kc);
/// The same for DEPTHWISE_CONV_2D (multiplier 1): filter [1, KH, KW, C].
absl::Status packDepthwise(OpContext &ctx, int channels, int taps);
/// True when prepare can pack now (optimized path, constant weights/bias).
bool packAtPrepare(OpContext &ctx, int wi, int bi);
/// InvalidArgument unless `b` is absent or a float32 vector of n values.
absl::Status checkBias(const Tensor *b, int32_t n);
/// The float CONV_2D (depthwise false) / DEPTHWISE_CONV_2D prepare: checks
/// types, ranks, strides, channel counts and bias, sets the output shape
/// [N, OH, OW, Cout] (padding as TF), and packs constant weights.
absl::Status convPrepareCommon(OpContext &ctx, bool depthwise);

} // namespace tfmlir::lite::kernels

#endif // TFMLIR_RUNTIME_LITE_KERNELS_CONVUTIL_H
