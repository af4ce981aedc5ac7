//===- ReshapeTest.cpp - RESHAPE with a non-vector shape operand ----------===//
//
// TFLite's reshape.cc uses the shape operand only when it is a vector;
// for a scalar or a rank >= 2 shape operand it falls back to the options'
// new_shape (a legacy new_shape of [0] meaning a scalar). Without options
// such an operand is a clear error naming RESHAPE.
//
//===----------------------------------------------------------------------===//
#include "BuiltinTestUtil.h"

namespace tfmlir::lite::testing {
namespace {

/// The builder owns the constant shape operand's bytes.
ModelBuilder reshapeModel(std::vector<int32_t> inShape,
                          std::vector<int32_t> shapeOperandShape,
                          std::vector<int32_t> shapeValues,
                          std::optional<std::vector<int32_t>> newShape) {
  ModelBuilder m;
  int in = m.f32(inShape);
  int shp = m.ci32(std::move(shapeOperandShape), shapeValues);
  int out = m.f32({});
  OpOptions o;
  if (newShape) {
    o.hasNewShape = true;
    o.newShape = *newShape;
  }
  m.op(kOp_RESHAPE, {in, shp}, {out}, o);
  m.io({in}, {out});
  return m;
}

std::vector<int32_t> outShape(const ModelBuilder &m,
                              const std::vector<float> &x) {
  auto got = runRaw(m.def, {bytesOf(x)});
  if (got.size() != 1)
    return {-1};
  EXPECT_EQ(valuesOf<float>(got[0].bytes), x);
  return got[0].shape;
}

TEST(LiteReshape, NonVectorShapeOperandFallsBackToNewShape) {
  std::vector<float> x = {1, 2, 3, 4, 5, 6};
  // Rank-2 shape operand [[2, 3]]: new_shape [3, 2] wins.
  EXPECT_EQ(
      outShape(reshapeModel({6}, {1, 2}, {2, 3}, std::vector<int32_t>{3, 2}),
               x),
      (std::vector<int32_t>{3, 2}));
  // Scalar shape operand: new_shape [6, 1].
  EXPECT_EQ(
      outShape(reshapeModel({2, 3}, {}, {6}, std::vector<int32_t>{6, 1}), x),
      (std::vector<int32_t>{6, 1}));
  // A vector operand is used as before (options ignored).
  EXPECT_EQ(
      outShape(reshapeModel({6}, {2}, {2, -1}, std::vector<int32_t>{6}), x),
      (std::vector<int32_t>{2, 3}));
  // Legacy new_shape [0] for a scalar.
  std::vector<float> one = {7};
  EXPECT_EQ(
      outShape(reshapeModel({1, 1}, {1, 1}, {1}, std::vector<int32_t>{0}), one),
      (std::vector<int32_t>{}));
}

TEST(LiteReshape, NonVectorShapeOperandWithoutOptionsIsAnError) {
  expectOpError(reshapeModel({6}, {2, 1}, {2, 3}, std::nullopt).def, "RESHAPE",
                "not a vector");
}

} // namespace
} // namespace tfmlir::lite::testing
