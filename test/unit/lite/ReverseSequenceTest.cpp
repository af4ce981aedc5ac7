//===- ReverseSequenceTest.cpp - REVERSE_SEQUENCE -------------------------===//
//
// REVERSE_SEQUENCE against a reference written here (per batch index,
// reverse the first seq_lengths[b] elements along seq_dim), for seq_dim
// before and after batch_dim, lengths 0 and full, int32 and int64 lengths;
// bad lengths and equal dims name the op.
//
//===----------------------------------------------------------------------===//
#include "BuiltinTestUtil.h"

namespace tfmlir::lite::testing {
namespace {

void check(std::vector<int32_t> shape, int seqDim, int batchDim,
           std::vector<int64_t> lens, TensorType lenType) {
  int64_t n = 1;
  for (int32_t d : shape)
    n *= d;
  auto x = randomVec(n, 21);
  ModelBuilder m;
  int in = m.f32(shape);
  int len = lenType == TensorType::kInt64
                ? m.constant(TensorType::kInt64,
                             {static_cast<int32_t>(lens.size())}, lens)
                : m.ci32({static_cast<int32_t>(lens.size())},
                         std::vector<int32_t>(lens.begin(), lens.end()));
  int out = m.f32({});
  OpOptions o;
  o.seqDim = seqDim;
  o.batchDim = batchDim;
  m.op(kOp_REVERSE_SEQUENCE, {in, len}, {out}, o);
  m.io({in}, {out});
  auto got = runTwice(m.def, {x});
  ASSERT_EQ(got.size(), 1u);
  const int r = static_cast<int>(shape.size());
  std::vector<double> want(n);
  std::vector<int32_t> idx(r, 0);
  for (int64_t i = 0; i < n; ++i) {
    std::vector<int32_t> src = idx;
    if (idx[seqDim] < lens[idx[batchDim]])
      src[seqDim] = static_cast<int32_t>(lens[idx[batchDim]] - 1 - idx[seqDim]);
    int64_t s = 0;
    for (int d = 0; d < r; ++d)
      s = s * shape[d] + src[d];
    want[i] = x[s];
    for (int d = r - 1; d >= 0 && ++idx[d] == shape[d]; --d)
      idx[d] = 0;
  }
  expectNear(got[0], want, 0, 0);
}

TEST(LiteReverseSequence, MatchesReference) {
  check({3, 5, 2}, 1, 0, {5, 0, 3}, TensorType::kInt32);
  check({4, 3, 2}, 0, 1, {1, 4, 2}, TensorType::kInt64);
  check({2, 3, 6}, 2, 1, {6, 2, 5}, TensorType::kInt32);
}

TEST(LiteReverseSequence, BadInput) {
  auto model = [](std::vector<int32_t> lens, int seq, int batch) {
    ModelBuilder m;
    int in = m.f32({3, 4});
    int len = m.ci32({static_cast<int32_t>(lens.size())}, lens);
    int out = m.f32({});
    OpOptions o;
    o.seqDim = seq;
    o.batchDim = batch;
    m.op(kOp_REVERSE_SEQUENCE, {in, len}, {out}, o);
    m.io({in}, {out});
    return m;
  };
  expectOpError(model({1, 2, 5}, 1, 0).def, "REVERSE_SEQUENCE",
                "seq_lengths[2] = 5");
  expectOpError(model({1, 2, 3}, 0, 0).def, "REVERSE_SEQUENCE", "must differ");
  expectOpError(model({1, 2}, 1, 0).def, "REVERSE_SEQUENCE", "must be [3]");
}

} // namespace
} // namespace tfmlir::lite::testing
