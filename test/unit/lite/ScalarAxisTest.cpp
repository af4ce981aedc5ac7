//===- ScalarAxisTest.cpp - axis operands on rank-0 tensors ---------------===//
//
// A rank-0 tensor has no axis: SPLIT, SPLIT_V, CONCATENATION, GATHER,
// ARG_MAX, UNPACK and CUMSUM of a scalar are refused (at allocateTensors;
// CUMSUM at Invoke, where it reads its axis) with InvalidArgument naming
// the op and "out of range for rank 0" (as
// TFLite's kernels ensure axis < NumDimensions). normalizeAxis let axis 0
// through at rank 0 and SPLIT then read shape[0] of an empty shape (found
// by tfmlir-fuzz-tflite: UBSan "reference binding to null pointer" in
// splitCommon). The reductions keep TFLite's behaviour instead: on a scalar
// they ignore their axes (ResolveAxis returns early for num_dims == 0), so
// SUM, MEAN, REDUCE_MAX of a scalar give the scalar (exact).
//
//===----------------------------------------------------------------------===//
#include "test/unit/LiteTestUtil.h"

namespace tfmlir::lite::testing {
namespace {

/// The first error of allocateTensors and one Invoke of a model of one op
/// `code` on constant inputs; OK when both succeed.
absl::Status allocateOne(ModelBuilder &b, int32_t code, std::vector<int32_t> in,
                         std::vector<int32_t> out, OpOptions o = {}) {
  b.op(code, std::move(in), out, o);
  b.io({}, out);
  static BuiltinOpResolver resolver;
  auto interp = Interpreter::create(b.def, resolver, "scalar.tflite");
  if (!interp.ok())
    return interp.status();
  if (absl::Status s = (*interp)->allocateTensors(); !s.ok())
    return s;
  return (*interp)->invoke();
}

void expectRefused(const absl::Status &s, const char *op) {
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << op << ": " << s;
  EXPECT_NE(s.message().find(op), std::string_view::npos) << s;
  EXPECT_NE(s.message().find("out of range for rank 0"), std::string_view::npos)
      << s;
}

TEST(LiteScalarAxis, AxisOpsRefuseScalars) {
  {
    ModelBuilder b; // the fuzz-found case: SPLIT(axis 0, scalar)
    int axis = b.ci32({}, {0}), x = b.cf32({}, {1.f}), o = b.f32({1});
    OpOptions opt;
    opt.numSplits = 1;
    expectRefused(allocateOne(b, kOp_SPLIT, {axis, x}, {o}, opt), "SPLIT");
  }
  {
    ModelBuilder b;
    int x = b.cf32({}, {1.f}), sizes = b.ci32({1}, {1}), axis = b.ci32({}, {0}),
        o = b.f32({1});
    OpOptions opt;
    opt.numSplits = 1;
    expectRefused(allocateOne(b, kOp_SPLIT_V, {x, sizes, axis}, {o}, opt),
                  "SPLIT_V");
  }
  {
    ModelBuilder b;
    int x = b.cf32({}, {1.f}), y = b.cf32({}, {2.f}), o = b.f32({1});
    expectRefused(allocateOne(b, kOp_CONCATENATION, {x, y}, {o}),
                  "CONCATENATION");
  }
  {
    ModelBuilder b;
    int p = b.cf32({}, {1.f}), idx = b.ci32({1}, {0}), o = b.f32({1});
    expectRefused(allocateOne(b, kOp_GATHER, {p, idx}, {o}), "GATHER");
  }
  {
    ModelBuilder b;
    int x = b.cf32({}, {1.f}), axis = b.ci32({}, {0}),
        o = b.tensor(TensorType::kInt32, {1});
    expectRefused(allocateOne(b, kOp_ARG_MAX, {x, axis}, {o}), "ARG_MAX");
  }
  {
    ModelBuilder b;
    int x = b.cf32({}, {1.f}), o = b.f32({1});
    OpOptions opt;
    opt.valuesCount = 1;
    expectRefused(allocateOne(b, kOp_UNPACK, {x}, {o}, opt), "UNPACK");
  }
  {
    ModelBuilder b;
    int x = b.cf32({}, {1.f}), axis = b.ci32({}, {0}), o = b.f32({1});
    expectRefused(allocateOne(b, kOp_CUMSUM, {x, axis}, {o}), "CUMSUM");
  }
}

TEST(LiteScalarAxis, ReductionsOfAScalarIgnoreTheirAxes) {
  for (int32_t code : {kOp_SUM, kOp_MEAN, kOp_REDUCE_MAX})
    for (int32_t axis : {0, -1, 3}) {
      ModelBuilder b;
      int x = b.f32({}), ax = b.ci32({1}, {axis}), o = b.f32({1});
      b.op(code, {x, ax}, {o});
      b.io({x}, {o});
      Interpreter *keep = nullptr;
      auto out = runTwice(b.def, {{-2.75f}}, 1, &keep);
      std::unique_ptr<Interpreter> owner(keep);
      ASSERT_TRUE(owner) << builtinOpName(code) << " axis " << axis;
      EXPECT_TRUE(owner->outputTensor(0)->shape.empty());
      expectNear(out[0], {-2.75}, 0, 0);
    }
}

} // namespace
} // namespace tfmlir::lite::testing
