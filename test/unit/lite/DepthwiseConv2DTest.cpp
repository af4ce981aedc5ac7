//===- DepthwiseConv2DTest.cpp - DEPTHWISE_CONV_2D: optimized vs reference
//-===//
//
// Random shapes (channel counts covering the 64-, 16-channel and tail
// paths, the 3x3 direct kernel), strides, dilations, paddings, activations
// and depth multipliers 1 (optimized) and 2 (reference in both); tolerance
// 1e-6 * (taps + 1) * 4 absolute (values in [-2, 2]).
//
//===----------------------------------------------------------------------===//
#include "test/unit/lite/CrossCheck.h"

namespace tfmlir::lite::testing {
namespace {

TEST(LiteDepthwiseConv2D, OptimizedMatchesReferenceRandomShapes) {
  std::mt19937 g(777);
  for (int iter = 0; iter < 40; ++iter) {
    const int N = randInt(g, 1, 2), H = randInt(g, 1, 12),
              W = randInt(g, 1, 12), C = randInt(g, 1, 80),
              M = iter % 5 == 4 ? 2 : 1;
    int KH = randInt(g, 1, 5), KW = randInt(g, 1, 5);
    if (iter % 2 == 0)
      KH = KW = 3; // the direct 3x3 kernel
    OpOptions o;
    o.padding = randInt(g, 0, 1) ? Padding::kSame : Padding::kValid;
    o.strideH = randInt(g, 1, 2), o.strideW = randInt(g, 1, 2);
    o.dilationH = randInt(g, 1, 2), o.dilationW = randInt(g, 1, 2);
    o.depthMultiplier = M;
    o.activation = randomActivation(g);
    if (o.padding == Padding::kValid &&
        (H < (KH - 1) * o.dilationH + 1 || W < (KW - 1) * o.dilationW + 1))
      o.padding = Padding::kSame;
    ModelBuilder b;
    int x = b.f32({N, H, W, C});
    int f =
        b.cf32({1, KH, KW, C * M}, randomVec(size_t(KH) * KW * C * M, iter));
    int bias = iter % 3 ? b.cf32({C * M}, randomVec(C * M, 50 + iter)) : -1;
    int y = b.f32({1});
    b.op(kOp_DEPTHWISE_CONV_2D, {x, f, bias}, {y}, o);
    b.io({x}, {y});
    crossCheck(b.def, {randomVec(size_t(N) * H * W * C, 300 + iter)},
               1e-6 * (KH * KW + 1) * 4,
               "depthwise iter " + std::to_string(iter));
  }
}

TEST(LiteDepthwiseConv2D, LargeSplitsAcrossThreads) {
  ModelBuilder b;
  const int H = 40, W = 40, C = 96;
  int x = b.f32({1, H, W, C}), f = b.cf32({1, 3, 3, C}, randomVec(9 * C, 1)),
      bias = b.cf32({C}, randomVec(C, 2)), y = b.f32({1});
  OpOptions o;
  o.padding = Padding::kSame;
  o.activation = Activation::kRelu;
  b.op(kOp_DEPTHWISE_CONV_2D, {x, f, bias}, {y}, o);
  b.io({x}, {y});
  crossCheck(b.def, {randomVec(size_t(H) * W * C, 3)}, 1e-6 * 10 * 4,
             "large depthwise");
}

} // namespace
} // namespace tfmlir::lite::testing
