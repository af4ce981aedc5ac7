//===- BuiltinTestUtil.h - Run one-op models with any dtype -----*- C++ -*-===//
//
// Helpers for the per-builtin tests in test/unit/lite: run a ModelDef with
// raw input bytes and get raw output bytes (complex, int8, float64 ...),
// and expect a Prepare / Eval error that names the op.
//
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_TEST_UNIT_LITE_BUILTINTESTUTIL_H
#define TFMLIR_TEST_UNIT_LITE_BUILTINTESTUTIL_H

#include "LiteTestUtil.h"

namespace tfmlir::lite::testing {

template <typename T> std::vector<uint8_t> bytesOf(const std::vector<T> &v) {
  std::vector<uint8_t> b(v.size() * sizeof(T));
  if (!b.empty()) // an empty vector's data() may be null
    std::memcpy(b.data(), v.data(), b.size());
  return b;
}
template <typename T> std::vector<T> valuesOf(const std::vector<uint8_t> &b) {
  std::vector<T> v(b.size() / sizeof(T));
  std::memcpy(v.data(), b.data(), v.size() * sizeof(T));
  return v;
}

/// Allocates, feeds raw inputs (subgraph-input order), invokes, and returns
/// each output's bytes and shape. Fails the test (empty result) on error.
struct RawOutput {
  std::vector<uint8_t> bytes;
  std::vector<int32_t> shape;
  TensorType type;
};
inline std::vector<RawOutput>
runRaw(const ModelDef &def, const std::vector<std::vector<uint8_t>> &inputs) {
  static BuiltinOpResolver resolver;
  auto in = Interpreter::create(def, resolver, "test");
  EXPECT_TRUE(in.ok()) << in.status();
  if (!in.ok())
    return {};
  absl::Status s = (*in)->allocateTensors();
  EXPECT_TRUE(s.ok()) << s;
  if (!s.ok())
    return {};
  for (size_t i = 0; i < inputs.size(); ++i) {
    Tensor *t = (*in)->inputTensor(static_cast<int>(i));
    EXPECT_EQ(t->requiredBytes(), inputs[i].size()) << "input " << i;
    if (t->requiredBytes() != inputs[i].size())
      return {};
    if (!inputs[i].empty()) // an empty input's data() may be null
      std::memcpy(t->data, inputs[i].data(), inputs[i].size());
  }
  s = (*in)->invoke();
  EXPECT_TRUE(s.ok()) << s;
  if (!s.ok())
    return {};
  std::vector<RawOutput> out;
  for (size_t o = 0; o < (*in)->outputs().size(); ++o) {
    Tensor *t = (*in)->outputTensor(static_cast<int>(o));
    out.push_back({std::vector<uint8_t>(t->data, t->data + t->requiredBytes()),
                   t->shape, t->type});
  }
  return out;
}

/// AllocateTensors (then Invoke with zero-filled inputs) must fail with a
/// message containing `opName` and `needle`.
inline void expectOpError(const ModelDef &def, const std::string &opName,
                          const std::string &needle) {
  static BuiltinOpResolver resolver;
  auto in = Interpreter::create(def, resolver, "test");
  ASSERT_TRUE(in.ok()) << in.status();
  absl::Status s = (*in)->allocateTensors();
  if (s.ok()) {
    for (size_t i = 0; i < (*in)->inputs().size(); ++i) {
      Tensor *t = (*in)->inputTensor(static_cast<int>(i));
      std::memset(t->data, 0, t->requiredBytes());
    }
    s = (*in)->invoke();
  }
  ASSERT_FALSE(s.ok()) << "expected an error containing '" << needle << "'";
  const std::string msg(s.message());
  EXPECT_NE(msg.find(opName), std::string::npos) << msg;
  EXPECT_NE(msg.find(needle), std::string::npos) << msg;
}

} // namespace tfmlir::lite::testing

#endif
