//===- AotRuntimeTest.cpp - runtime/aot on the examples/aot classifier ----===//
//
// Links only the tf-compile'd examples/aot classifier and the AOT runtime
// (no MLIR, LLVM or protobuf): allocation failures become RESOURCE_EXHAUSTED
// and leave the instance usable, caller buffers via set_arg_data, named
// lookups, resource variables (config `variable`) read and updated in
// place, and tfmlir_aot_memref_copy on strided descriptors against a
// direct element-by-element copy.
//===----------------------------------------------------------------------===//
#include "aot_gather.h"
#include "aot_huge.h"
#include "aot_variables.h"
#include "classifier.h"
#include "runtime/aot/Runtime.h"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

namespace {

void fill(example::Classifier &m) {
  const float x[8] = {1.0f, 2.0f, 0.5f, -1.0f, -0.5f, 0.25f, 1.5f, 2.0f};
  std::memcpy(m.arg_x_data(), x, sizeof(x));
}

TEST(AotRuntime, AllocationLimitGivesResourceExhaustedAndRecovers) {
  example::Classifier ref;
  fill(ref);
  ASSERT_TRUE(ref.Run()) << ref.error_msg();
  EXPECT_GT(ref.peak_temp_bytes(), 0);

  example::Classifier m;
  fill(m);
  m.set_temp_allocation_limit(0);
  EXPECT_FALSE(m.Run());
  EXPECT_EQ(m.error_msg().rfind("RESOURCE_EXHAUSTED: example::Classifier: "
                                "cannot allocate ",
                                0),
            0u)
      << m.error_msg();
  // The node the buffer is for (hlo-cpu-name-alloc-sites).
  EXPECT_NE(m.error_msg().find(" bytes for a temporary buffer of node '"),
            std::string::npos)
      << m.error_msg();
  // A limit just under the peak fails too; at the peak it passes.
  m.set_temp_allocation_limit(ref.peak_temp_bytes() - 1);
  EXPECT_FALSE(m.Run());
  m.set_temp_allocation_limit(ref.peak_temp_bytes());
  ASSERT_TRUE(m.Run()) << m.error_msg();
  EXPECT_EQ(m.error_msg(), "");
  EXPECT_EQ(std::memcmp(m.result_probs_data(), ref.result_probs_data(),
                        example::Classifier::kResult1Bytes),
            0);
  EXPECT_EQ(std::memcmp(m.result_logits_data(), ref.result_logits_data(),
                        example::Classifier::kResult0Bytes),
            0);
}

TEST(AotRuntime, OutOfRangeIndexIsInvalidArgumentAndRecovers) {
  // GatherV2 of [10, 11, 12, 13, 14]: TF's CPU kernel's message and node.
  aot_test::Gather m;
  const int32_t good[4] = {4, 0, 2, 1}, bad[4] = {1, 2, 3, 7};
  std::memcpy(m.arg_gi_data(), bad, sizeof(bad));
  EXPECT_FALSE(m.Run());
  EXPECT_EQ(m.error_msg(), "INVALID_ARGUMENT: aot_test::Gather: indices[3] = 7 "
                           "is not in [0, 5)\n\t [[{{node g}}]]");
  std::memcpy(m.arg_gi_data(), good, sizeof(good));
  ASSERT_TRUE(m.Run()) << m.error_msg();
  EXPECT_EQ(m.error_msg(), "");
  const float want[4] = {14, 10, 12, 11};
  EXPECT_EQ(std::memcmp(m.result_g_data(), want, sizeof(want)), 0);
}

TEST(AotRuntime, ConstructorAllocationFailureIsReported) {
  // 2^61-byte argument and result buffers: calloc fails on every machine.
  aot_test::Huge m;
  EXPECT_EQ(m.arg0_data(), nullptr);
  EXPECT_EQ(m.result0_data(), nullptr);
  EXPECT_EQ(m.error_msg(), "RESOURCE_EXHAUSTED: aot_test::Huge: cannot "
                           "allocate the argument buffers");
  EXPECT_FALSE(m.Run());
  EXPECT_FALSE(m.Run());
}

TEST(AotRuntime, CallerBuffersAndLookups) {
  example::Classifier owned;
  fill(owned);
  ASSERT_TRUE(owned.Run());
  std::vector<float> mine(owned.arg_x_data(), owned.arg_x_data() + 8);
  example::Classifier m;
  m.set_arg_x_data(mine.data());
  EXPECT_EQ(m.arg0_data(), mine.data());
  ASSERT_TRUE(m.Run());
  EXPECT_EQ(std::memcmp(m.result1_data(), owned.result1_data(),
                        example::Classifier::kResult1Bytes),
            0);
  m.set_arg_data(0, nullptr); // back to the owned buffer
  EXPECT_NE(m.arg0_data(), mine.data());
  EXPECT_EQ(m.LookupArgIndex("x"), 0);
  EXPECT_EQ(m.LookupResultIndex("probs"), 1);
  EXPECT_EQ(m.LookupResultIndex("nope"), -1);
  EXPECT_EQ(m.arg_data(5), nullptr);
  EXPECT_EQ(m.result_size(-1), 0);
}

TEST(AotRuntime, VariablesAreArgumentsUpdatedInPlace) {
  // variables.pbtxt: out = (x + v) * w; v += x; after = v after the update.
  aot_test::Variables m;
  static_assert(aot_test::Variables::kNumArgs == 3, "x, v, w");
  static_assert(aot_test::Variables::kNumResults == 3, "out, after, new v");
  const float x[3] = {1.0f, -2.0f, 0.5f};
  float v[3] = {10.0f, 20.0f, 30.0f};
  const float w[3] = {2.0f, 0.5f, -1.0f};
  std::memcpy(m.arg_x_data(), x, sizeof(x));
  m.set_var_v_data(v);
  std::memcpy(m.var_w_data(), w, sizeof(w));
  for (int call = 1; call <= 2; ++call) {
    float v0[3];
    std::memcpy(v0, v, sizeof(v));
    ASSERT_TRUE(m.Run()) << m.error_msg();
    for (int i = 0; i < 3; ++i) {
      EXPECT_EQ(m.result_out_data()[i], (x[i] + v0[i]) * w[i]) << call;
      EXPECT_EQ(m.result_after_data()[i], v0[i] + x[i]) << call;
      EXPECT_EQ(v[i], v0[i] + x[i]) << "v updated in place, call " << call;
      EXPECT_EQ(m.var_w_data()[i], w[i]) << "w is readonly";
    }
  }
  EXPECT_EQ(v[0], 12.0f);
}

TEST(AotRuntime, MemrefCopyStrided) {
  // src: a [3,4] view with strides [8,2] at offset 1 of a 32-element
  // buffer; dst: a [3,4] view with strides [5,1] at offset 2.
  std::vector<int32_t> src(32), dst(20, -1), want(20, -1);
  for (int i = 0; i < 32; ++i)
    src[i] = i * 7;
  int64_t sdesc[7] = {0, 0, 1, 3, 4, 8, 2};
  int64_t ddesc[7] = {0, 0, 2, 3, 4, 5, 1};
  sdesc[0] = sdesc[1] = reinterpret_cast<int64_t>(src.data());
  ddesc[0] = ddesc[1] = reinterpret_cast<int64_t>(dst.data());
  struct {
    int64_t rank;
    void *desc;
  } s{2, sdesc}, d{2, ddesc};
  tfmlir_aot_memref_copy(4, &s, &d);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j)
      want[2 + i * 5 + j] = src[1 + i * 8 + j * 2];
  EXPECT_EQ(dst, want);
  // Contiguous inner dimension (the memmove path).
  int64_t s2[7] = {0, 0, 0, 3, 4, 8, 1};
  s2[0] = s2[1] = reinterpret_cast<int64_t>(src.data());
  s.desc = s2;
  std::fill(dst.begin(), dst.end(), -1);
  std::fill(want.begin(), want.end(), -1);
  tfmlir_aot_memref_copy(4, &s, &d);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j)
      want[2 + i * 5 + j] = src[i * 8 + j];
  EXPECT_EQ(dst, want);
}

} // namespace
