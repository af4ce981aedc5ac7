//===- ReduceTest.cpp - MEAN / SUM keeping the innermost dim --------------===//
//
// The row-at-a-time path of SUM / MEAN (innermost dim kept, e.g. a global
// average pool over H and W) against float64 sums; tolerance 1e-5
// absolute + 1e-6 relative (float sums of 12 values in [-2, 2]).
//
//===----------------------------------------------------------------------===//
#include "test/unit/LiteTestUtil.h"

namespace tfmlir::lite::testing {
namespace {

TEST(LiteReduceRows, MeanSumOverSpatialAxes) {
  const std::vector<int32_t> shape = {2, 3, 4, 5};
  auto xv = randomVec(2 * 3 * 4 * 5, 17);
  for (int32_t code : {kOp_MEAN, kOp_SUM})
    for (bool keep : {false, true}) {
      ModelBuilder b;
      int x = b.f32(shape), ax = b.ci32({2}, {1, 2}), o = b.f32({1});
      OpOptions opt;
      opt.keepDims = keep;
      b.op(code, {x, ax}, {o}, opt);
      b.io({x}, {o});
      auto out = runTwice(b.def, {xv});
      ASSERT_EQ(out.size(), 1u);
      std::vector<double> want;
      for (int n = 0; n < 2; ++n)
        for (int c = 0; c < 5; ++c) {
          double s = 0;
          for (int h = 0; h < 3; ++h)
            for (int w = 0; w < 4; ++w)
              s += xv[((n * 3 + h) * 4 + w) * 5 + c];
          want.push_back(code == kOp_MEAN ? s / 12 : s);
        }
      expectNear(out[0], want, 1e-5, 1e-6);
    }
}

} // namespace
} // namespace tfmlir::lite::testing
