//===- UniqueTest.cpp - UNIQUE --------------------------------------------===//
//
// UNIQUE against a first-occurrence reference written here: int32 with
// int32 and int64 indices, float32 with -0 == 0 and distinct NaNs, and a
// non-constant input (dynamic output sized at Invoke) run twice with
// different values; a 2-D input names the op.
//
//===----------------------------------------------------------------------===//
#include "BuiltinTestUtil.h"

namespace tfmlir::lite::testing {
namespace {

template <typename T, typename I>
void check(TensorType t, TensorType it, const std::vector<T> &x,
           const std::vector<T> &wantY, const std::vector<I> &wantIdx) {
  ModelBuilder m;
  int in = m.tensor(t, {static_cast<int32_t>(x.size())});
  int y = m.tensor(t, {}), idx = m.tensor(it, {});
  m.op(kOp_UNIQUE, {in}, {y, idx});
  m.io({in}, {y, idx});
  auto got = runRaw(m.def, {bytesOf(x)});
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0].shape, (std::vector<int32_t>{int32_t(wantY.size())}));
  auto gy = valuesOf<T>(got[0].bytes);
  ASSERT_EQ(gy.size(), wantY.size());
  for (size_t i = 0; i < gy.size(); ++i) {
    if constexpr (std::is_floating_point_v<T>)
      if (std::isnan(wantY[i])) {
        EXPECT_TRUE(std::isnan(gy[i]));
        continue;
      }
    EXPECT_EQ(gy[i], wantY[i]) << i;
  }
  EXPECT_EQ(valuesOf<I>(got[1].bytes), wantIdx);
}

TEST(LiteUnique, Int32AndFloat) {
  check<int32_t, int32_t>(TensorType::kInt32, TensorType::kInt32,
                          {1, 1, 2, 4, 4, 4, 7, 8, 8}, {1, 2, 4, 7, 8},
                          {0, 0, 1, 2, 2, 2, 3, 4, 4});
  check<int32_t, int64_t>(TensorType::kInt32, TensorType::kInt64, {5, -1, 5, 0},
                          {5, -1, 0}, {0, 1, 0, 2});
  const float nan = std::nanf("");
  check<float, int32_t>(TensorType::kFloat32, TensorType::kInt32,
                        {-0.f, 1.5f, 0.f, nan, nan, 1.5f},
                        {-0.f, 1.5f, nan, nan}, {0, 1, 0, 2, 3, 1});
}

TEST(LiteUnique, DynamicAcrossInvokes) {
  ModelBuilder m;
  int in = m.tensor(TensorType::kInt32, {4});
  int y = m.tensor(TensorType::kInt32, {}),
      idx = m.tensor(TensorType::kInt32, {});
  m.op(kOp_UNIQUE, {in}, {y, idx});
  m.io({in}, {y, idx});
  static BuiltinOpResolver resolver;
  auto interp = Interpreter::create(m.def, resolver, "test");
  ASSERT_TRUE(interp.ok());
  ASSERT_TRUE((*interp)->allocateTensors().ok());
  for (auto [x, k] : {std::pair{std::vector<int32_t>{3, 3, 3, 3}, 1},
                      std::pair{std::vector<int32_t>{1, 2, 3, 1}, 3}}) {
    std::memcpy((*interp)->inputTensor(0)->data, x.data(), 16);
    ASSERT_TRUE((*interp)->invoke().ok());
    EXPECT_EQ((*interp)->outputTensor(0)->shape, (std::vector<int32_t>{k}));
  }
}

TEST(LiteUnique, BadInput) {
  ModelBuilder m;
  int in = m.tensor(TensorType::kInt32, {2, 2});
  int y = m.tensor(TensorType::kInt32, {}),
      idx = m.tensor(TensorType::kInt32, {});
  m.op(kOp_UNIQUE, {in}, {y, idx});
  m.io({in}, {y, idx});
  expectOpError(m.def, "UNIQUE", "1-D");
}

} // namespace
} // namespace tfmlir::lite::testing
