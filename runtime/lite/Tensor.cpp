//===- Tensor.cpp ---------------------------------------------------------===//
#include "runtime/lite/Tensor.h"
#include "runtime/lite/BuiltinOps.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace tfmlir::lite {

size_t elementSize(TensorType type) {
  switch (type) {
  case TensorType::kFloat32:
  case TensorType::kInt32:
  case TensorType::kUInt32:
  case TensorType::kResource: // an int32 resource id, as TFLite stores it
    return 4;
  case TensorType::kFloat16:
  case TensorType::kInt16:
  case TensorType::kUInt16:
  case TensorType::kBFloat16:
    return 2;
  case TensorType::kUInt8:
  case TensorType::kInt8:
  case TensorType::kBool:
    return 1;
  case TensorType::kInt64:
  case TensorType::kFloat64:
  case TensorType::kUInt64:
  case TensorType::kComplex64:
    return 8;
  case TensorType::kComplex128:
    return 16;
  default:
    return 0;
  }
}

std::string typeName(TensorType type) {
  static const char *names[] = {
      "FLOAT32", "FLOAT16",    "INT32",  "UINT8",     "INT64",
      "STRING",  "BOOL",       "INT16",  "COMPLEX64", "INT8",
      "FLOAT64", "COMPLEX128", "UINT64", "RESOURCE",  "VARIANT",
      "UINT32",  "UINT16",     "INT4",   "BFLOAT16"};
  int v = static_cast<int>(type);
  if (v >= 0 && v < static_cast<int>(sizeof(names) / sizeof(names[0])))
    return names[v];
  return "UNKNOWN(" + std::to_string(v) + ")";
}

int64_t Tensor::numElements() const {
  int64_t n = 1;
  for (int32_t d : shape) {
    if (d <= 0)
      return 0;
    if (n > std::numeric_limits<int64_t>::max() / d)
      return std::numeric_limits<int64_t>::max();
    n *= d;
  }
  return n;
}

size_t Tensor::requiredBytes() const {
  int64_t n = numElements();
  size_t es = elementSize(type);
  if (es == 0 || n == std::numeric_limits<int64_t>::max())
    return 0;
  return static_cast<size_t>(n) * es;
}

std::string shapeToString(const std::vector<int32_t> &shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i)
      s += ",";
    s += std::to_string(shape[i]);
  }
  return s + "]";
}

float halfToFloat(uint16_t h) {
  uint32_t sign = (h >> 15) & 1, exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
  float v;
  if (exp == 0)
    v = std::ldexp(static_cast<float>(mant), -24);
  else if (exp == 31)
    v = mant ? std::numeric_limits<float>::quiet_NaN()
             : std::numeric_limits<float>::infinity();
  else
    v = std::ldexp(static_cast<float>(mant | 0x400),
                   static_cast<int>(exp) - 25);
  return sign ? -v : v;
}

std::string builtinOpName(int32_t code) {
  switch (code) {
#define TFMLIR_X(NAME, VALUE)                                                  \
  case VALUE:                                                                  \
    return #NAME;
    TFMLIR_LITE_BUILTIN_OPS(TFMLIR_X)
#undef TFMLIR_X
  default:
    return "BUILTIN_" + std::to_string(code);
  }
}

} // namespace tfmlir::lite
