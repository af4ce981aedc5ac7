//===- LiteTestUtil.h - Build one-op lite models in tests -------*- C++ -*-===//
#ifndef TFMLIR_TEST_UNIT_LITETESTUTIL_H
#define TFMLIR_TEST_UNIT_LITETESTUTIL_H

#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/Interpreter.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <deque>
#include <random>

namespace tfmlir::lite::testing {

/// A ModelDef under construction (subgraph 0 unless told otherwise).
struct ModelBuilder {
  ModelDef def;
  std::deque<std::vector<uint8_t>> blobs;
  ModelBuilder() { def.subgraphs.emplace_back(); }

  int tensor(TensorType t, std::vector<int32_t> shape, int sg = 0) {
    TensorDef td;
    td.type = t;
    td.shape = std::move(shape);
    td.name = "t" + std::to_string(def.subgraphs[sg].tensors.size());
    def.subgraphs[sg].tensors.push_back(td);
    return static_cast<int>(def.subgraphs[sg].tensors.size()) - 1;
  }
  template <typename T>
  int constant(TensorType t, std::vector<int32_t> shape,
               const std::vector<T> &values, int sg = 0) {
    int i = tensor(t, std::move(shape), sg);
    blobs.emplace_back(values.size() * sizeof(T));
    std::memcpy(blobs.back().data(), values.data(), blobs.back().size());
    def.subgraphs[sg].tensors[i].data = blobs.back().data();
    def.subgraphs[sg].tensors[i].dataSize = blobs.back().size();
    return i;
  }
  int f32(std::vector<int32_t> shape) {
    return tensor(TensorType::kFloat32, std::move(shape));
  }
  int cf32(std::vector<int32_t> shape, const std::vector<float> &v) {
    return constant(TensorType::kFloat32, std::move(shape), v);
  }
  int ci32(std::vector<int32_t> shape, const std::vector<int32_t> &v) {
    return constant(TensorType::kInt32, std::move(shape), v);
  }
  OperatorDef &op(int32_t code, std::vector<int32_t> in,
                  std::vector<int32_t> out, OpOptions o = {}, int sg = 0) {
    OperatorDef d;
    d.builtinCode = code;
    d.inputs = std::move(in);
    d.outputs = std::move(out);
    d.options = std::move(o);
    def.subgraphs[sg].ops.push_back(d);
    return def.subgraphs[sg].ops.back();
  }
  void io(std::vector<int32_t> in, std::vector<int32_t> out, int sg = 0) {
    def.subgraphs[sg].inputs = std::move(in);
    def.subgraphs[sg].outputs = std::move(out);
  }
};

inline std::vector<float> randomVec(size_t n, uint32_t seed, float lo = -2.f,
                                    float hi = 2.f) {
  std::mt19937 g(seed);
  std::uniform_real_distribution<float> d(lo, hi);
  std::vector<float> v(n);
  for (float &x : v)
    x = d(g);
  return v;
}

/// Allocates, feeds float inputs (in subgraph-input order), invokes twice
/// and checks the two runs give bit-identical outputs; returns the outputs.
inline std::vector<std::vector<float>>
runTwice(const ModelDef &def, const std::vector<std::vector<float>> &inputs,
         int threads = 1, Interpreter **keep = nullptr) {
  static BuiltinOpResolver resolver;
  auto in = Interpreter::create(def, resolver, "test");
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
  std::vector<std::vector<float>> first, second;
  for (int run = 0; run < 2; ++run) {
    s = (*in)->invoke();
    EXPECT_TRUE(s.ok()) << s;
    if (!s.ok())
      return {};
    auto &dst = run == 0 ? first : second;
    for (size_t o = 0; o < (*in)->outputs().size(); ++o) {
      Tensor *t = (*in)->outputTensor(static_cast<int>(o));
      std::vector<float> v(t->numElements());
      if (t->type == TensorType::kFloat32)
        std::memcpy(v.data(), t->data, t->requiredBytes());
      else if (t->type == TensorType::kInt32)
        for (size_t k = 0; k < v.size(); ++k)
          v[k] = static_cast<float>(t->as<int32_t>()[k]);
      else if (t->type == TensorType::kBool)
        for (size_t k = 0; k < v.size(); ++k)
          v[k] = t->as<bool>()[k] ? 1.f : 0.f;
      dst.push_back(std::move(v));
    }
  }
  for (size_t o = 0; o < first.size(); ++o) {
    EXPECT_EQ(first[o].size(), second[o].size());
    EXPECT_EQ(0, std::memcmp(first[o].data(), second[o].data(),
                             first[o].size() * sizeof(float)))
        << "output " << o << " differs between two Invoke calls";
  }
  if (keep)
    *keep = in->release();
  return first;
}

/// |got - want| <= atol + rtol * |want| elementwise; NaN/Inf must match
/// exactly.
inline void expectNear(const std::vector<float> &got,
                       const std::vector<double> &want, double atol = 1e-5,
                       double rtol = 1e-5) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    if (std::isnan(want[i]) || std::isinf(want[i])) {
      EXPECT_EQ(std::isnan(got[i]), std::isnan(want[i])) << "at " << i;
      if (std::isinf(want[i]))
        EXPECT_EQ(static_cast<double>(got[i]), want[i]) << "at " << i;
      continue;
    }
    EXPECT_NEAR(got[i], want[i], atol + rtol * std::fabs(want[i]))
        << "at index " << i;
  }
}

} // namespace tfmlir::lite::testing

#endif
