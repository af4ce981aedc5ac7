//===- BitcastTest.cpp - BITCAST ------------------------------------------===//
//
// BITCAST: same size (float32 -> int32 keeps the shape and the bits), wider
// to narrower (int32 -> uint8 appends a dim of 4, little-endian bytes),
// narrower to wider (int16 [.., 2] -> int32 drops it); a mismatched last
// dim is an error naming the op.
//
//===----------------------------------------------------------------------===//
#include "BuiltinTestUtil.h"

namespace tfmlir::lite::testing {
namespace {

RawOutput run(TensorType in, std::vector<int32_t> shape, TensorType out,
              const std::vector<uint8_t> &bytes) {
  ModelBuilder m;
  int x = m.tensor(in, shape), y = m.tensor(out, {});
  m.op(kOp_BITCAST, {x}, {y});
  m.io({x}, {y});
  auto got = runRaw(m.def, {bytes});
  return got.size() == 1 ? got[0] : RawOutput{};
}

TEST(LiteBitcast, Shapes) {
  std::vector<float> f = {1.f, -2.5f, std::nanf("")};
  RawOutput r = run(TensorType::kFloat32, {3}, TensorType::kInt32, bytesOf(f));
  EXPECT_EQ(r.shape, (std::vector<int32_t>{3}));
  EXPECT_EQ(r.bytes, bytesOf(f));
  std::vector<int32_t> i = {0x04030201, -1};
  r = run(TensorType::kInt32, {2}, TensorType::kUInt8, bytesOf(i));
  EXPECT_EQ(r.shape, (std::vector<int32_t>{2, 4}));
  EXPECT_EQ(valuesOf<uint8_t>(r.bytes),
            (std::vector<uint8_t>{1, 2, 3, 4, 255, 255, 255, 255}));
  std::vector<int16_t> h = {1, 2, -1, -1};
  r = run(TensorType::kInt16, {2, 2}, TensorType::kInt32, bytesOf(h));
  EXPECT_EQ(r.shape, (std::vector<int32_t>{2}));
  EXPECT_EQ(valuesOf<int32_t>(r.bytes), (std::vector<int32_t>{0x00020001, -1}));
}

TEST(LiteBitcast, BadInput) {
  ModelBuilder m;
  int x = m.tensor(TensorType::kInt16, {2, 3}),
      y = m.tensor(TensorType::kInt32, {});
  m.op(kOp_BITCAST, {x}, {y});
  m.io({x}, {y});
  expectOpError(m.def, "BITCAST", "last dim of 2");
}

} // namespace
} // namespace tfmlir::lite::testing
