//===- TransposeConvTest.cpp - TRANSPOSE_CONV: optimized vs reference -----===//
//
// Random shapes, strides, paddings and activations; the optimized float
// path (GEMM of input pixels x filter rows, then scatter-add in the
// reference's order) against the reference scatter loop, on every ISA this
// CPU runs and 1 vs 2 threads. Tolerance 1e-6 * (Cin * ceil(KH / sh) *
// ceil(KW / sw) + 1) * 4 absolute (values in [-2, 2]).
//
//===----------------------------------------------------------------------===//
#include "test/unit/lite/CrossCheck.h"

namespace tfmlir::lite::testing {
namespace {

TEST(LiteTransposeConv, OptimizedMatchesReferenceRandomShapes) {
  std::mt19937 g(31);
  for (int iter = 0; iter < 30; ++iter) {
    const int N = randInt(g, 1, 2), H = randInt(g, 1, 9), W = randInt(g, 1, 9),
              CI = randInt(g, 1, 24), CO = randInt(g, 1, 30),
              KH = randInt(g, 1, 4), KW = randInt(g, 1, 4);
    OpOptions o;
    o.padding = randInt(g, 0, 1) ? Padding::kSame : Padding::kValid;
    o.strideH = randInt(g, 1, 3), o.strideW = randInt(g, 1, 3);
    o.activation = randomActivation(g);
    const int OH = o.padding == Padding::kSame ? H * o.strideH
                                               : (H - 1) * o.strideH + KH,
              OW = o.padding == Padding::kSame ? W * o.strideW
                                               : (W - 1) * o.strideW + KW;
    ModelBuilder b;
    int shape = b.ci32({4}, {N, OH, OW, CO});
    int f =
        b.cf32({CO, KH, KW, CI}, randomVec(size_t(CO) * KH * KW * CI, iter));
    int x = b.f32({N, H, W, CI});
    int bias = iter % 2 ? b.cf32({CO}, randomVec(CO, 60 + iter)) : -1;
    int y = b.f32({N, OH, OW, CO});
    b.op(kOp_TRANSPOSE_CONV, {shape, f, x, bias}, {y}, o);
    b.io({x}, {y});
    const int taps =
        ((KH + o.strideH - 1) / o.strideH) * ((KW + o.strideW - 1) / o.strideW);
    crossCheck(b.def, {randomVec(size_t(N) * H * W * CI, 200 + iter)},
               1e-6 * (CI * taps + 1) * 4,
               "transpose conv iter " + std::to_string(iter));
  }
}

} // namespace
} // namespace tfmlir::lite::testing
