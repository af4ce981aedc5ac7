//===- FullyConnectedTest.cpp - FULLY_CONNECTED: optimized vs reference ---===//
//
// Random rows / depth / units (GEMV for one row, the row-tiled GEMM for
// more), keep_num_dims, activations, with and without bias, constant and
// non-constant weights; tolerance 1e-6 * (K + 1) * 4 absolute (values in
// [-2, 2]).
//
//===----------------------------------------------------------------------===//
#include "test/unit/lite/CrossCheck.h"

namespace tfmlir::lite::testing {
namespace {

TEST(LiteFullyConnected, OptimizedMatchesReferenceRandomShapes) {
  std::mt19937 g(99);
  for (int iter = 0; iter < 40; ++iter) {
    const int rows = iter % 3 == 0 ? 1 : randInt(g, 1, 21),
              K = randInt(g, 1, 300), Nout = randInt(g, 1, 70);
    OpOptions o;
    o.activation = randomActivation(g);
    o.keepNumDims = iter % 4 == 1;
    const bool constW = iter % 5 != 3;
    ModelBuilder b;
    int x = b.f32({rows, K});
    auto wv = randomVec(size_t(Nout) * K, 10 + iter);
    int w = constW ? b.cf32({Nout, K}, wv) : b.f32({Nout, K});
    int bias = iter % 3 == 2 ? -1 : b.cf32({Nout}, randomVec(Nout, 70 + iter));
    int y = b.f32({1});
    b.op(kOp_FULLY_CONNECTED, {x, w, bias}, {y}, o);
    std::vector<std::vector<float>> inputs = {
        randomVec(size_t(rows) * K, 500 + iter)};
    if (constW) {
      b.io({x}, {y});
    } else {
      b.io({x, w}, {y});
      inputs.push_back(wv);
    }
    crossCheck(b.def, inputs, 1e-6 * (K + 1) * 4,
               "fc iter " + std::to_string(iter));
  }
}

} // namespace
} // namespace tfmlir::lite::testing
