//===- BitwiseXorTest.cpp - BITWISE_XOR -----------------------------------===//
//
// BITWISE_XOR on every supported integer type with broadcasting, against
// the C++ ^ operator on the same values (exact); bad types name the op.
//
//===----------------------------------------------------------------------===//
#include "BuiltinTestUtil.h"

namespace tfmlir::lite::testing {
namespace {

template <typename T> void check(TensorType t) {
  std::mt19937 g(5);
  std::vector<T> a(12), b(4);
  for (T &v : a)
    v = static_cast<T>(g());
  for (T &v : b)
    v = static_cast<T>(g());
  a[0] = std::numeric_limits<T>::min();
  b[0] = std::numeric_limits<T>::max();
  ModelBuilder m;
  int x = m.tensor(t, {3, 4}), y = m.tensor(t, {4}), out = m.tensor(t, {});
  m.op(kOp_BITWISE_XOR, {x, y}, {out});
  m.io({x, y}, {out});
  auto got = runRaw(m.def, {bytesOf(a), bytesOf(b)});
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].shape, (std::vector<int32_t>{3, 4}));
  auto z = valuesOf<T>(got[0].bytes);
  for (int i = 0; i < 12; ++i)
    EXPECT_EQ(z[i], static_cast<T>(a[i] ^ b[i % 4])) << typeName(t) << " " << i;
}

TEST(LiteBitwiseXor, AllTypesBroadcast) {
  check<int8_t>(TensorType::kInt8);
  check<int16_t>(TensorType::kInt16);
  check<int32_t>(TensorType::kInt32);
  check<uint8_t>(TensorType::kUInt8);
  check<uint16_t>(TensorType::kUInt16);
  check<uint32_t>(TensorType::kUInt32);
}

TEST(LiteBitwiseXor, BadInput) {
  ModelBuilder m;
  int x = m.f32({2}), y = m.f32({2}), out = m.f32({});
  m.op(kOp_BITWISE_XOR, {x, y}, {out});
  m.io({x, y}, {out});
  expectOpError(m.def, "BITWISE_XOR", "FLOAT32");
  ModelBuilder m2;
  int a = m2.tensor(TensorType::kInt32, {2, 3});
  int b = m2.tensor(TensorType::kInt32, {4});
  int o = m2.tensor(TensorType::kInt32, {});
  m2.op(kOp_BITWISE_XOR, {a, b}, {o});
  m2.io({a, b}, {o});
  expectOpError(m2.def, "BITWISE_XOR", "broadcastable");
}

} // namespace
} // namespace tfmlir::lite::testing
