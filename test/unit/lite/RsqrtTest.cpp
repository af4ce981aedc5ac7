//===- RsqrtTest.cpp - int8 RSQRT -----------------------------------------===//
//
// int8 RSQRT (RsqrtInt8.cpp): the fixed-point inverse square root against
// 1 / sqrt in double (relative 2e-6 over inputs 2 .. 2^30); every int8
// input against the float64 formula round(1 / sqrt(s_in (q - zp_in)) /
// s_out) + zp_out within +-1 step (TFLite's integer arithmetic differs from
// exact rounding by at most one step), TFLite's own RsqrtInt8 test data
// within its tolerance, and a negative input is an Eval error.
//
//===----------------------------------------------------------------------===//
#include "BuiltinTestUtil.h"

#include "runtime/lite/kernels/RsqrtInt8.h"

namespace tfmlir::lite::testing {
namespace {

TEST(LiteRsqrtInt8, InvSqrtMultiplier) {
  for (int64_t v = 2; v < (int64_t(1) << 30); v = v * 3 / 2 + 1) {
    int32_t m;
    int shift;
    kernels::invSqrtQuantizedMultiplierExp(static_cast<int32_t>(v), m, shift);
    const double got = double(m) / double(1ll << 31) * std::ldexp(1.0, shift);
    EXPECT_NEAR(got, 1.0 / std::sqrt(double(v)), 2e-6 / std::sqrt(double(v)))
        << "v = " << v;
  }
}

ModelDef rsqrtModel(float inScale, int inZp, float outScale, int outZp,
                    int32_t n) {
  ModelBuilder m;
  int in = m.tensor(TensorType::kInt8, {n});
  int out = m.tensor(TensorType::kInt8, {n});
  m.def.subgraphs[0].tensors[in].quant = {{inScale}, {inZp}, 0};
  m.def.subgraphs[0].tensors[out].quant = {{outScale}, {outZp}, 0};
  m.op(kOp_RSQRT, {in}, {out}).version = 2;
  m.io({in}, {out});
  return m.def;
}

TEST(LiteRsqrtInt8, AllInputsWithinOneStep) {
  const float inScale = 0.05f, outScale = 1.f / 64;
  const int inZp = -100, outZp = -128;
  std::vector<int8_t> q;
  for (int v = inZp; v <= 127; ++v)
    q.push_back(static_cast<int8_t>(v));
  const int32_t n = static_cast<int32_t>(q.size());
  auto got =
      runRaw(rsqrtModel(inScale, inZp, outScale, outZp, n), {bytesOf(q)});
  ASSERT_EQ(got.size(), 1u);
  auto y = valuesOf<int8_t>(got[0].bytes);
  EXPECT_EQ(y[0], 127); // q == zero point: the largest output, as TFLite
  for (int i = 1; i < n; ++i) {
    double real = 1.0 / std::sqrt(double(inScale) * (q[i] - inZp));
    double want =
        std::clamp(std::round(real / outScale) + outZp, -128.0, 127.0);
    EXPECT_NEAR(double(y[i]), want, 1.0) << "q = " << int(q[i]);
  }
}

TEST(LiteRsqrtInt8, TfliteTestData) {
  // TFLite's ElementWise.RsqrtInt8 data: input scale 142/255, zero point
  // -128, output scale 1/255, zero point -128; the dequantized output within
  // two output steps of 1/sqrt of the dequantized input.
  const std::vector<float> data = {15., 46., 78., 142., 1., 17., 49., 113.};
  const float inScale = 142.f / 255.f, outScale = 1.f / 255.f;
  std::vector<int8_t> q;
  for (float d : data)
    q.push_back(static_cast<int8_t>(
        std::clamp<long>(std::lround(d / inScale) - 128, -128, 127)));
  auto got = runRaw(rsqrtModel(inScale, -128, outScale, -128, 8), {bytesOf(q)});
  ASSERT_EQ(got.size(), 1u);
  auto y = valuesOf<int8_t>(got[0].bytes);
  for (size_t i = 0; i < data.size(); ++i)
    EXPECT_NEAR((y[i] + 128) * outScale,
                1.0 / std::sqrt((q[i] + 128) * double(inScale)), 2 * outScale)
        << i;
}

TEST(LiteRsqrtInt8, NegativeInputIsAnError) {
  ModelDef def = rsqrtModel(0.1f, 0, 0.1f, 0, 2);
  static BuiltinOpResolver resolver;
  auto in = Interpreter::create(def, resolver, "test");
  ASSERT_TRUE(in.ok());
  ASSERT_TRUE((*in)->allocateTensors().ok());
  int8_t *x = (*in)->inputTensor(0)->as<int8_t>();
  x[0] = 4;
  x[1] = -1;
  absl::Status s = (*in)->invoke();
  ASSERT_FALSE(s.ok());
  EXPECT_NE(std::string(s.message()).find("RSQRT"), std::string::npos) << s;
  EXPECT_NE(std::string(s.message()).find("element 1"), std::string::npos) << s;
}

} // namespace
} // namespace tfmlir::lite::testing
