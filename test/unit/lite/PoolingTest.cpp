//===- PoolingTest.cpp - MAX_POOL_2D: optimized vs reference --------------===//
//
// Random shapes, windows, strides, paddings and activations; max pooling
// is exact (no rounding), so the tolerance is 0, NaN included (the
// optimized kernel keeps std::max's order semantics).
//
//===----------------------------------------------------------------------===//
#include "test/unit/lite/CrossCheck.h"

namespace tfmlir::lite::testing {
namespace {

TEST(LitePooling, MaxPoolOptimizedMatchesReferenceExactly) {
  std::mt19937 g(5);
  for (int iter = 0; iter < 30; ++iter) {
    const int N = randInt(g, 1, 2), H = randInt(g, 1, 12),
              W = randInt(g, 1, 12), C = randInt(g, 1, 40);
    OpOptions o;
    o.filterH = randInt(g, 1, 4), o.filterW = randInt(g, 1, 4);
    o.strideH = randInt(g, 1, 3), o.strideW = randInt(g, 1, 3);
    o.padding = randInt(g, 0, 1) ? Padding::kSame : Padding::kValid;
    if (o.padding == Padding::kValid && (H < o.filterH || W < o.filterW))
      o.padding = Padding::kSame;
    o.activation = randomActivation(g);
    ModelBuilder b;
    int x = b.f32({N, H, W, C}), y = b.f32({1});
    b.op(kOp_MAX_POOL_2D, {x}, {y}, o);
    b.io({x}, {y});
    auto xv = randomVec(size_t(N) * H * W * C, 40 + iter);
    if (iter % 3 == 0 && o.activation == Activation::kNone)
      xv[xv.size() / 2] = std::nanf("");
    crossCheck(b.def, {xv}, 0.0, "maxpool iter " + std::to_string(iter));
  }
}

} // namespace
} // namespace tfmlir::lite::testing
