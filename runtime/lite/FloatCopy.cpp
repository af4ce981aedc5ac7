//===- FloatCopy.cpp - A float32 twin of a quantized model ----------------===//
#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/Model.h"

#include "absl/strings/str_cat.h"

#include <cstring>

namespace tfmlir::lite {

absl::StatusOr<ModelDef>
floatCopyOfQuantizedModel(const ModelDef &in,
                          std::deque<std::vector<uint8_t>> &storage) {
  ModelDef out = in;
  for (size_t s = 0; s < out.subgraphs.size(); ++s) {
    SubgraphDef &sg = out.subgraphs[s];
    for (size_t i = 0; i < sg.ops.size(); ++i) {
      int32_t c = sg.ops[i].builtinCode;
      if (c == kOp_QUANTIZE || c == kOp_DEQUANTIZE)
        return absl::UnimplementedError(absl::StrCat(
            "subgraph ", s, " op ", i, " (", builtinOpName(c),
            "): a float copy of a model with explicit (de)quantization is "
            "not supported"));
    }
    for (size_t t = 0; t < sg.tensors.size(); ++t) {
      TensorDef &td = sg.tensors[t];
      const QuantParams &q = td.quant;
      const bool quantized =
          !q.scale.empty() &&
          (td.type == TensorType::kInt8 || td.type == TensorType::kUInt8 ||
           td.type == TensorType::kInt16 || td.type == TensorType::kInt32 ||
           td.type == TensorType::kInt64);
      if (!quantized)
        continue;
      if (td.sparsity)
        return absl::UnimplementedError(absl::StrCat(
            "subgraph ", s, " tensor ", t, ": sparse quantized constant"));
      if (td.data) {
        int64_t n = 1;
        for (int32_t d : td.shape)
          n *= d;
        const size_t es = elementSize(td.type);
        if (es == 0 || td.dataSize != static_cast<size_t>(n) * es)
          return absl::InvalidArgumentError(
              absl::StrCat("subgraph ", s, " tensor ", t, ": constant holds ",
                           td.dataSize, " bytes for ", n, " elements"));
        int64_t inner = 1, channels = 1;
        const int qd = q.quantizedDimension;
        if (q.scale.size() > 1) {
          channels = td.shape[qd];
          for (size_t d = qd + 1; d < td.shape.size(); ++d)
            inner *= td.shape[d];
        }
        storage.emplace_back(static_cast<size_t>(n) * sizeof(float));
        float *dst = reinterpret_cast<float *>(storage.back().data());
        for (int64_t k = 0; k < n; ++k) {
          const uint8_t *p = td.data + k * es;
          double v = 0;
          switch (td.type) {
          case TensorType::kInt8:
            v = static_cast<int8_t>(*p);
            break;
          case TensorType::kUInt8:
            v = *p;
            break;
          case TensorType::kInt16: {
            int16_t x;
            std::memcpy(&x, p, 2);
            v = x;
            break;
          }
          case TensorType::kInt32: {
            int32_t x;
            std::memcpy(&x, p, 4);
            v = x;
            break;
          }
          default: {
            int64_t x;
            std::memcpy(&x, p, 8);
            v = static_cast<double>(x);
          }
          }
          const int64_t c = q.scale.size() > 1 ? (k / inner) % channels : 0;
          const double zp = q.zeroPoint.empty() ? 0.0 : double(q.zeroPoint[c]);
          dst[k] = static_cast<float>(double(q.scale[c]) * (v - zp));
        }
        td.data = storage.back().data();
        td.dataSize = storage.back().size();
      }
      td.type = TensorType::kFloat32;
      td.quant = QuantParams{};
    }
  }
  return out;
}

} // namespace tfmlir::lite
