//===- Rfft2dTest.cpp - RFFT2D --------------------------------------------===//
//
// RFFT2D against a direct float64 2-D DFT written here (no separability),
// including crop (fft_length smaller than the input) and zero padding
// (larger), a batch dim and non-power-of-two lengths. Tolerance: 1e-5
// absolute + 1e-5 relative on real and imaginary parts (one float rounding
// of a double result). Bad input names RFFT2D.
//
//===----------------------------------------------------------------------===//
#include "BuiltinTestUtil.h"

#include <complex>
#include <numbers>

namespace tfmlir::lite::testing {
namespace {

void checkRfft(std::vector<int32_t> inShape, int fh, int fw, uint32_t seed) {
  const int r = static_cast<int>(inShape.size());
  const int h = inShape[r - 2], w = inShape[r - 1];
  int64_t batches = 1;
  for (int i = 0; i < r - 2; ++i)
    batches *= inShape[i];
  auto x = randomVec(size_t(batches) * h * w, seed);
  const int ow = fw / 2 + 1;
  std::vector<double> wantRe, wantIm;
  for (int64_t b = 0; b < batches; ++b)
    for (int k1 = 0; k1 < fh; ++k1)
      for (int k2 = 0; k2 < ow; ++k2) {
        std::complex<double> acc = 0;
        for (int n1 = 0; n1 < std::min(h, fh); ++n1)
          for (int n2 = 0; n2 < std::min(w, fw); ++n2) {
            double a = -2 * std::numbers::pi *
                       (double(k1) * n1 / fh + double(k2) * n2 / fw);
            acc += double(x[(b * h + n1) * w + n2]) *
                   std::complex<double>(std::cos(a), std::sin(a));
          }
        wantRe.push_back(acc.real());
        wantIm.push_back(acc.imag());
      }
  ModelBuilder m;
  int in = m.f32(inShape);
  int len = m.ci32({2}, {fh, fw});
  int out = m.tensor(TensorType::kComplex64, {});
  m.op(kOp_RFFT2D, {in, len}, {out});
  m.io({in}, {out});
  auto got = runRaw(m.def, {bytesOf(x)});
  ASSERT_EQ(got.size(), 1u);
  std::vector<int32_t> outShape = inShape;
  outShape[r - 2] = fh;
  outShape[r - 1] = ow;
  EXPECT_EQ(got[0].shape, outShape);
  auto v = valuesOf<float>(got[0].bytes);
  ASSERT_EQ(v.size(), wantRe.size() * 2);
  std::vector<float> re, im;
  for (size_t i = 0; i < wantRe.size(); ++i) {
    re.push_back(v[2 * i]);
    im.push_back(v[2 * i + 1]);
  }
  expectNear(re, wantRe, 1e-5, 1e-5);
  expectNear(im, wantIm, 1e-5, 1e-5);
}

TEST(LiteRfft2d, MatchesDirectDft) {
  checkRfft({4, 8}, 4, 8, 1);         // exact size
  checkRfft({2, 3, 8, 16}, 8, 16, 2); // batch dims
  checkRfft({6, 10}, 4, 8, 3);        // crop
  checkRfft({3, 5}, 4, 8, 4);         // zero padding
  checkRfft({5, 7}, 5, 7, 5);         // odd, not powers of two
}

TEST(LiteRfft2d, BadInput) {
  auto model = [](std::vector<int32_t> in, std::vector<int32_t> len,
                  TensorType outType = TensorType::kComplex64) {
    ModelBuilder m;
    int x = m.f32(in);
    int l = m.ci32({static_cast<int32_t>(len.size())}, len);
    int out = m.tensor(outType, {});
    m.op(kOp_RFFT2D, {x, l}, {out});
    m.io({x}, {out});
    return m; // owns the constant fft_length bytes
  };
  expectOpError(model({8}, {4, 4}).def, "RFFT2D", "rank >= 2");
  expectOpError(model({4, 4}, {4}).def, "RFFT2D", "vector of 2");
  expectOpError(model({4, 4}, {0, 4}).def, "RFFT2D", "fft_length");
  expectOpError(model({4, 4}, {4, 4}, TensorType::kFloat32).def, "RFFT2D",
                "COMPLEX64");
}

} // namespace
} // namespace tfmlir::lite::testing
