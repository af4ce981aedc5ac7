//===- DepthToSpaceTest.cpp - DEPTH_TO_SPACE / SPACE_TO_DEPTH output dims -===//
//
// Output dims that do not fit an int32 tensor dim are refused at
// allocateTensors with InvalidArgument naming the op and the dim (the
// height H * block_size was an int overflow, UBSan, found by
// tfmlir-fuzz-tflite on an empty [0, 2^30 + 6, ...] input with
// block_size 2). Empty batches keep the huge dims legal to declare, so the
// models below allocate nothing. The values of both ops are tested in
// LiteKernelsTest.cpp (GatherAndDepthToSpaceRoundTrip).
//
//===----------------------------------------------------------------------===//
#include "test/unit/LiteTestUtil.h"

namespace tfmlir::lite::testing {
namespace {

absl::Status prepare(int32_t code, std::vector<int32_t> shape, int32_t block) {
  ModelBuilder b;
  int x = b.f32(std::move(shape)), o = b.f32({1});
  OpOptions opt;
  opt.blockSize = block;
  b.op(code, {x}, {o}, opt);
  b.io({x}, {o});
  static BuiltinOpResolver resolver;
  auto interp = Interpreter::create(b.def, resolver, "d2s.tflite");
  if (!interp.ok())
    return interp.status();
  return (*interp)->allocateTensors();
}

void expectRefused(const absl::Status &s, const char *op, const char *what) {
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << s;
  EXPECT_NE(s.message().find(op), std::string_view::npos) << s;
  EXPECT_NE(s.message().find(what), std::string_view::npos) << s;
}

TEST(LiteDepthToSpace, OutputDimsBeyondInt32AreRefused) {
  // 2^30 + 6 rows times block 2 is 2^31 + 12 (the fuzz-found case).
  expectRefused(prepare(kOp_DEPTH_TO_SPACE, {0, (1 << 30) + 6, 1, 4}, 2),
                "DEPTH_TO_SPACE", "output height 2147483660");
  expectRefused(prepare(kOp_DEPTH_TO_SPACE, {0, 1, (1 << 30) + 6, 4}, 2),
                "DEPTH_TO_SPACE", "output width 2147483660");
  // Depth 2^30 times block^2 = 4 is 2^32.
  expectRefused(prepare(kOp_SPACE_TO_DEPTH, {0, 2, 2, 1 << 30}, 2),
                "SPACE_TO_DEPTH", "does not fit an int32 dim");
  // block^2 alone beyond int32 (block 2^20): no overflow in the check.
  expectRefused(prepare(kOp_SPACE_TO_DEPTH, {0, 1 << 20, 1 << 20, 3}, 1 << 20),
                "SPACE_TO_DEPTH", "does not fit an int32 dim");
  // In range: the dims are exact.
  EXPECT_TRUE(prepare(kOp_DEPTH_TO_SPACE, {0, 1 << 29, 3, 8}, 2).ok());
  EXPECT_TRUE(prepare(kOp_SPACE_TO_DEPTH, {0, 4, 6, 1 << 28}, 2).ok());
}

} // namespace
} // namespace tfmlir::lite::testing
