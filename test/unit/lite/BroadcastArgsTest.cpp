//===- BroadcastArgsTest.cpp - BROADCAST_ARGS -----------------------------===//
//
// BROADCAST_ARGS on int32 and int64 shape vectors against NumPy's
// broadcasting rule (written here), including size-0 dims and different
// lengths; incompatible shapes and bad types are errors naming the op.
//
//===----------------------------------------------------------------------===//
#include "BuiltinTestUtil.h"

namespace tfmlir::lite::testing {
namespace {

template <typename T>
std::vector<T> run(TensorType t, const std::vector<T> &a,
                   const std::vector<T> &b) {
  ModelBuilder m;
  int x = m.tensor(t, {static_cast<int32_t>(a.size())});
  int y = m.tensor(t, {static_cast<int32_t>(b.size())});
  int out = m.tensor(t, {});
  m.op(kOp_BROADCAST_ARGS, {x, y}, {out});
  m.io({x, y}, {out});
  auto got = runRaw(m.def, {bytesOf(a), bytesOf(b)});
  return got.size() == 1 ? valuesOf<T>(got[0].bytes) : std::vector<T>{-1};
}

TEST(LiteBroadcastArgs, NumpyRule) {
  EXPECT_EQ(run<int32_t>(TensorType::kInt32, {2, 1, 3}, {4, 3}),
            (std::vector<int32_t>{2, 4, 3}));
  EXPECT_EQ(run<int32_t>(TensorType::kInt32, {5}, {2, 3, 1}),
            (std::vector<int32_t>{2, 3, 5}));
  EXPECT_EQ(run<int64_t>(TensorType::kInt64, {1, 0}, {7, 1}),
            (std::vector<int64_t>{7, 0}));
  EXPECT_EQ(run<int64_t>(TensorType::kInt64, {}, {3, 4}),
            (std::vector<int64_t>{3, 4}));
}

TEST(LiteBroadcastArgs, BadInput) {
  ModelBuilder m;
  int x = m.ci32({2}, {2, 3});
  int y = m.ci32({2}, {4, 3});
  int out = m.tensor(TensorType::kInt32, {});
  m.op(kOp_BROADCAST_ARGS, {x, y}, {out});
  m.io({}, {out});
  expectOpError(m.def, "BROADCAST_ARGS", "not broadcastable");
  ModelBuilder m2;
  int a = m2.tensor(TensorType::kInt32, {2});
  int b = m2.tensor(TensorType::kInt64, {2});
  int o = m2.tensor(TensorType::kInt32, {});
  m2.op(kOp_BROADCAST_ARGS, {a, b}, {o});
  m2.io({a, b}, {o});
  expectOpError(m2.def, "BROADCAST_ARGS", "INT64");
}

} // namespace
} // namespace tfmlir::lite::testing
