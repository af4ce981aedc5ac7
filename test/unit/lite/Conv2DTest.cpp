//===- Conv2DTest.cpp - CONV_2D: optimized vs reference ------------------===//
//
// Random shapes, strides, dilations, paddings and fused activations; the
// optimized float path (packed panels, indirection buffer, 1x1 as GEMM, on
// every ISA this CPU runs, 1 and 2 threads) against the reference loops.
// Tolerance: 1e-6 * (taps * Cin + 1) * 4 absolute (inputs and weights in
// [-2, 2]: float rounding of a sum of that many products; FMA and order).
//
//===----------------------------------------------------------------------===//
#include "test/unit/lite/CrossCheck.h"

namespace tfmlir::lite::testing {
namespace {

TEST(LiteConv2D, OptimizedMatchesReferenceRandomShapes) {
  std::mt19937 g(1234);
  for (int iter = 0; iter < 40; ++iter) {
    const int N = randInt(g, 1, 2), H = randInt(g, 1, 13),
              W = randInt(g, 1, 13), C = randInt(g, 1, 37),
              CO = randInt(g, 1, 41);
    int KH = randInt(g, 1, 4), KW = randInt(g, 1, 4);
    OpOptions o;
    o.padding = randInt(g, 0, 1) ? Padding::kSame : Padding::kValid;
    o.strideH = randInt(g, 1, 3), o.strideW = randInt(g, 1, 3);
    o.dilationH = randInt(g, 1, 2), o.dilationW = randInt(g, 1, 2);
    if (iter % 4 == 0) // 1x1 stride 1: the plain GEMM path
      KH = KW = 1, o.strideH = o.strideW = 1, o.dilationH = o.dilationW = 1;
    o.activation = randomActivation(g);
    if (o.padding == Padding::kValid &&
        (H < (KH - 1) * o.dilationH + 1 || W < (KW - 1) * o.dilationW + 1))
      o.padding = Padding::kSame;
    const bool withBias = randInt(g, 0, 3) != 0;
    ModelBuilder b;
    int x = b.f32({N, H, W, C});
    int f =
        b.cf32({CO, KH, KW, C}, randomVec(size_t(CO) * KH * KW * C, 7 + iter));
    int bias = withBias ? b.cf32({CO}, randomVec(CO, 900 + iter)) : -1;
    int y = b.f32({1});
    b.op(kOp_CONV_2D, {x, f, bias}, {y}, o);
    b.io({x}, {y});
    const double tol = 1e-6 * (KH * KW * C + 1) * 4;
    crossCheck(b.def, {randomVec(size_t(N) * H * W * C, 100 + iter)}, tol,
               "conv iter " + std::to_string(iter));
  }
}

/// A conv big enough for the cost model to split it, and non-constant
/// weights (packed at every Invoke instead of at AllocateTensors).
TEST(LiteConv2D, LargeAndNonConstantWeights) {
  ModelBuilder b;
  const int N = 1, H = 20, W = 23, C = 19, CO = 70;
  int x = b.f32({N, H, W, C}), f = b.f32({CO, 3, 3, C}),
      bias = b.cf32({CO}, randomVec(CO, 3)), y = b.f32({1});
  OpOptions o;
  o.padding = Padding::kSame;
  o.activation = Activation::kRelu6;
  b.op(kOp_CONV_2D, {x, f, bias}, {y}, o);
  b.io({x, f}, {y});
  crossCheck(
      b.def,
      {randomVec(size_t(N) * H * W * C, 4), randomVec(size_t(CO) * 9 * C, 5)},
      1e-6 * (9 * C + 1) * 4, "large conv");
}

/// NaN and Inf in the input reach the output as the reference computes
/// them (no activation: the clamp keeps NaN).
TEST(LiteConv2D, NonFiniteInputsPropagate) {
  ModelBuilder b;
  int x = b.f32({1, 4, 4, 3}), f = b.cf32({5, 1, 1, 3}, randomVec(15, 8)),
      y = b.f32({1});
  b.op(kOp_CONV_2D, {x, f, -1}, {y}, OpOptions{});
  b.io({x}, {y});
  auto xv = randomVec(48, 9);
  xv[4] = std::nanf("");
  xv[20] = INFINITY;
  crossCheck(b.def, {xv}, 1e-5, "non-finite conv");
}

} // namespace
} // namespace tfmlir::lite::testing
