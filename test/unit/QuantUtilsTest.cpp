//===- QuantUtilsTest.cpp - quantization parameter helpers ----------------===//
//
// lib/Transforms/Quantization/QuantUtils against values computed by hand
// from TF's FakeQuant nudging rule and TFLite's symmetric weight scheme.
//===----------------------------------------------------------------------===//
#include "lib/Transforms/Quantization/QuantUtils.h"

#include "dialects/tfl/TFLOps.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace mlir;
using namespace tfmlir::quantutil;

namespace {

class QuantUtilsTest : public ::testing::Test {
protected:
  QuantUtilsTest() {
    DialectRegistry r;
    tfmlir::registerTFLDialect(r);
    ctx.appendDialectRegistry(r);
    ctx.loadAllAvailableDialects();
  }
  DenseElementsAttr f32(ArrayRef<int64_t> shape, ArrayRef<float> v) {
    return DenseElementsAttr::get(
        RankedTensorType::get(shape, Float32Type::get(&ctx)), v);
  }
  MLIRContext ctx;
};

TEST_F(QuantUtilsTest, AsymmetricRangeNudging) {
  // [-1, 1]: scale 2/255, zero point round(-128 + 127.5) = -1.
  auto t = rangeToType(&ctx, -1.0, 1.0, 8, false, true);
  ASSERT_TRUE(t);
  EXPECT_DOUBLE_EQ(t.getScale(), 2.0 / 255.0);
  EXPECT_EQ(t.getZeroPoint(), -1);
  EXPECT_EQ(t.getStorageTypeMin(), -128);
  // A range not containing 0 is extended to contain it: [0.5, 2] -> [0, 2].
  t = rangeToType(&ctx, 0.5, 2.0, 8, false, true);
  EXPECT_DOUBLE_EQ(t.getScale(), 2.0 / 255.0);
  EXPECT_EQ(t.getZeroPoint(), -128);
  t = rangeToType(&ctx, -4.0, -1.0, 8, false, true);
  EXPECT_DOUBLE_EQ(t.getScale(), 4.0 / 255.0);
  EXPECT_EQ(t.getZeroPoint(), 127);
  // Narrow range 8 bit: [-127, 127]; symmetric range -> zero point 0.
  t = rangeToType(&ctx, -6.35, 6.35, 8, true, true);
  EXPECT_DOUBLE_EQ(t.getScale(), 12.7 / 254.0);
  EXPECT_EQ(t.getZeroPoint(), 0);
  EXPECT_EQ(t.getStorageTypeMin(), -127);
  // 4-bit narrow: [-7, 7].
  t = rangeToType(&ctx, -7.0, 7.0, 4, true, true);
  EXPECT_DOUBLE_EQ(t.getScale(), 1.0);
  EXPECT_EQ(t.getStorageTypeMin(), -7);
  EXPECT_EQ(t.getStorageTypeMax(), 7);
  // Empty range [0, 0]: scale 1, zero point 0 (0 stays exact).
  t = rangeToType(&ctx, 0.0, 0.0, 8, false, true);
  EXPECT_DOUBLE_EQ(t.getScale(), 1.0);
  EXPECT_EQ(t.getZeroPoint(), 0);
}

TEST_F(QuantUtilsTest, BadRangesAreErrors) {
  std::string why;
  EXPECT_FALSE(rangeToType(&ctx, 1.0, -1.0, 8, false, true, &why));
  EXPECT_NE(why.find("min"), std::string::npos);
  EXPECT_FALSE(rangeToType(&ctx, -std::numeric_limits<double>::infinity(), 1.0,
                           8, false, true, &why));
  EXPECT_NE(why.find("non-finite"), std::string::npos);
  EXPECT_FALSE(rangeToType(&ctx, std::nan(""), 1.0, 8, false, true, &why));
}

TEST_F(QuantUtilsTest, SymmetricPerChannelWeights) {
  // Rows: max |w| = 1.984375 = 127 * 2^-6 and 3.96875 = 127 * 2^-5; a zero row
  // gets scale 1.
  auto w =
      f32({3, 3}, {1.984375f, -0.5f, 0.0f, -3.96875f, 1.0f, 0.03125f, 0, 0, 0});
  auto t = symmetricPerAxisType(w, 0);
  ASSERT_EQ(t.getScales().size(), 3u);
  EXPECT_DOUBLE_EQ(t.getScales()[0], 0.015625);
  EXPECT_DOUBLE_EQ(t.getScales()[1], 0.03125);
  EXPECT_DOUBLE_EQ(t.getScales()[2], 1.0);
  auto q = quantizeValues(w, t);
  std::vector<int64_t> got;
  for (APInt v : q.getValues<APInt>())
    got.push_back(v.getSExtValue());
  EXPECT_EQ(got, (std::vector<int64_t>{127, -32, 0, -127, 32, 1, 0, 0, 0}));
  // Along the last axis (depthwise filters): channel c = index % 2.
  auto d = f32({1, 2, 2}, {0.25f, 0.0f, 0.5f, -2.0f});
  auto td = symmetricPerAxisType(d, 2);
  EXPECT_DOUBLE_EQ(td.getScales()[0], 0.5 / 127);
  EXPECT_DOUBLE_EQ(td.getScales()[1], 2.0 / 127);
  got.clear();
  for (APInt v : quantizeValues(d, td).getValues<APInt>())
    got.push_back(v.getSExtValue());
  // 0.25 * 254 = 63.5 rounds away from zero.
  EXPECT_EQ(got, (std::vector<int64_t>{64, 0, 127, -127}));
}

TEST_F(QuantUtilsTest, QuantizeSaturatesAndRoundsHalfAway) {
  // [-63.5, 64]: scale 127.5 / 255 = 0.5 exactly, zero point round(-128 + 127)
  // = -1.
  auto t = rangeToType(&ctx, -63.5, 64.0, 8, false, true);
  ASSERT_DOUBLE_EQ(t.getScale(), 0.5);
  ASSERT_EQ(t.getZeroPoint(), -1);
  auto v = f32({5}, {-100.0f, 100.0f, 0.0f, 0.25f, -0.25f});
  std::vector<int64_t> got;
  for (APInt x : quantizeValues(v, t).getValues<APInt>())
    got.push_back(x.getSExtValue());
  // Saturated, saturated, zp, 0.5 -> 1 (+zp), -0.5 -> -1 (+zp).
  EXPECT_EQ(got, (std::vector<int64_t>{-128, 127, -1, 0, -2}));
}

TEST_F(QuantUtilsTest, BiasScaleIsInputTimesWeight) {
  auto w = f32({2, 1}, {1.984375f, 3.96875f});
  auto wt = symmetricPerAxisType(w, 0);
  auto b = biasType(&ctx, 0.5, wt, 2);
  auto pa = cast<quant::UniformQuantizedPerAxisType>(b);
  EXPECT_DOUBLE_EQ(pa.getScales()[0], 0.0078125);
  EXPECT_DOUBLE_EQ(pa.getScales()[1], 0.015625);
  EXPECT_EQ(pa.getStorageTypeIntegralWidth(), 32u);
  EXPECT_EQ(pa.getZeroPoints()[0], 0);
}

TEST_F(QuantUtilsTest, Int4PackAndDequantizeRoundTrip) {
  auto t =
      rangesToPerAxisType(&ctx, {-7.0, -14.0}, {7.0, 14.0}, 0, 4, true, true);
  ASSERT_TRUE(t);
  auto w = f32({2, 3}, {-7, 1, 7, -14, 2, 14});
  auto q = quantizeValues(w, t);
  std::string packed = packInt4(q);
  ASSERT_EQ(packed.size(), 3u);
  // First value in the low nibble: -7 = 0x9, 1 = 0x1 -> 0x19.
  EXPECT_EQ(static_cast<uint8_t>(packed[0]), 0x19);
  auto back = dequantizeValues(StringAttr::get(&ctx, packed), t, {2, 3});
  ASSERT_TRUE(back);
  std::vector<float> vals(back.getValues<float>().begin(),
                          back.getValues<float>().end());
  EXPECT_EQ(vals, (std::vector<float>{-7, 1, 7, -14, 2, 14}));
  // A short buffer is rejected, not read past.
  EXPECT_FALSE(
      dequantizeValues(StringAttr::get(&ctx, packed.substr(0, 2)), t, {2, 3}));
}

} // namespace
