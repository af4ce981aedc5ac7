//===- CrossCheck.h - Optimized vs reference lite kernels -------*- C++ -*-===//
//
// Helpers for test/unit/lite/*Test.cpp: run one-op models with the builtin
// (optimized) and reference resolvers, on 1 and 2 threads and on every
// float microkernel ISA this CPU runs, and compare.
//
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_TEST_UNIT_LITE_CROSSCHECK_H
#define TFMLIR_TEST_UNIT_LITE_CROSSCHECK_H

#include "runtime/lite/kernels/optimized/FloatMicrokernels.h"
#include "test/unit/LiteTestUtil.h"

#include <cmath>
#include <cstring>
#include <vector>

namespace tfmlir::lite::testing {

/// Runs `def` once on float `inputs` with the optimized (reference ==
/// false) or reference kernels on `threads` threads; returns output 0.
inline std::vector<float> runOnce(const ModelDef &def,
                                  const std::vector<std::vector<float>> &inputs,
                                  bool reference, int threads = 1) {
  static BuiltinOpResolver builtins;
  static ReferenceOpResolver references;
  const OpResolver &r =
      reference ? static_cast<const OpResolver &>(references) : builtins;
  auto in = Interpreter::create(def, r, "test");
  EXPECT_TRUE(in.ok()) << in.status();
  if (!in.ok())
    return {};
  (*in)->setNumThreads(threads);
  absl::Status s = (*in)->allocateTensors();
  EXPECT_TRUE(s.ok()) << s;
  if (!s.ok())
    return {};
  for (size_t i = 0; i < inputs.size(); ++i) {
    Tensor *t = (*in)->inputTensor(static_cast<int>(i));
    EXPECT_EQ(t->requiredBytes(), inputs[i].size() * sizeof(float));
    if (t->requiredBytes() != inputs[i].size() * sizeof(float))
      return {};
    std::memcpy(t->data, inputs[i].data(), t->requiredBytes());
  }
  s = (*in)->invoke();
  EXPECT_TRUE(s.ok()) << s;
  if (!s.ok())
    return {};
  const Tensor *o = (*in)->outputTensor(0);
  std::vector<float> v(o->numElements());
  std::memcpy(v.data(), o->data, o->requiredBytes());
  return v;
}

/// Cross-checks `def` (output 0 float): for every ISA this CPU runs, the
/// optimized kernels on 1 thread agree with the reference loops within
/// |opt - ref| <= tol (NaN and Inf exactly: same class and sign), and 2
/// threads give the 1-thread result bit for bit.
inline void crossCheck(const ModelDef &def,
                       const std::vector<std::vector<float>> &inputs,
                       double tol, const std::string &what) {
  const std::vector<float> ref = runOnce(def, inputs, /*reference=*/true);
  ASSERT_FALSE(ref.empty()) << what;
  for (optimized::Isa isa : {optimized::Isa::kGeneric, optimized::Isa::kAvx2,
                             optimized::Isa::kAvx512}) {
    if (!optimized::setFloatIsa(isa))
      continue;
    const std::string label =
        what + " isa=" + optimized::floatMicrokernels().name;
    const std::vector<float> one = runOnce(def, inputs, false, 1);
    const std::vector<float> two = runOnce(def, inputs, false, 2);
    optimized::resetFloatIsa();
    ASSERT_EQ(one.size(), ref.size()) << label;
    ASSERT_EQ(two.size(), ref.size()) << label;
    EXPECT_EQ(0, std::memcmp(one.data(), two.data(), one.size() * 4))
        << label << ": 2 threads differ from 1";
    int bad = 0;
    for (size_t i = 0; i < ref.size() && bad < 5; ++i) {
      const float a = one[i], b = ref[i];
      const bool ok = std::isfinite(b)
                          ? std::fabs(double(a) - b) <= tol
                          : (std::isnan(b) ? std::isnan(a) : a == b);
      if (!ok) {
        ++bad;
        ADD_FAILURE() << label << " [" << i << "]: optimized " << a
                      << " reference " << b << " (tol " << tol << ")";
      }
    }
  }
}

/// A random integer in [lo, hi].
inline int randInt(std::mt19937 &g, int lo, int hi) {
  return std::uniform_int_distribution<int>(lo, hi)(g);
}

inline Activation randomActivation(std::mt19937 &g) {
  static const Activation a[] = {Activation::kNone, Activation::kRelu,
                                 Activation::kRelu6, Activation::kReluN1To1};
  return a[randInt(g, 0, 3)];
}

} // namespace tfmlir::lite::testing

#endif // TFMLIR_TEST_UNIT_LITE_CROSSCHECK_H
