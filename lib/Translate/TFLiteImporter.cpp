//===- TFLiteImporter.cpp - .tflite FlatBuffer -> tfl dialect -------------===//
#include "lib/Translate/TFLiteImporter.h"

#include "dialects/tfl/TFLOps.h"
#include "lib/Translate/TFLiteOptions.h"
#include "lib/Translate/tflite/Schema.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Endian.h"

#include <vector>

using namespace mlir;
using namespace tfmlir;
using namespace tfmlir::tflite_io;

namespace {

/// Error message carrier: the first error wins.
struct ImportError {
  std::string msg;
};

class Importer {
public:
  Importer(const tflite::Model *model, StringRef bytes, StringRef fileName,
           MLIRContext *ctx)
      : model(model), bytes(bytes), fileName(fileName), ctx(ctx), b(ctx) {}

  OwningOpRef<ModuleOp> run();

private:
  LogicalResult fail(const Twine &msg) {
    if (errMsg.empty())
      errMsg = msg.str();
    return failure();
  }
  std::string where(int sg) const { return "subgraph " + std::to_string(sg); }
  std::string tensorDesc(const tflite::Tensor *t, int idx) const {
    std::string s = "tensor " + std::to_string(idx);
    if (t && t->name() && t->name()->size())
      s += " ('" + t->name()->str() + "')";
    return s;
  }

  FailureOr<Type> elementType(tflite::TensorType t);
  FailureOr<Type> tensorType(const tflite::Tensor *t, int sg, int idx,
                             bool forConstant);
  FailureOr<Value> constant(const tflite::Tensor *t, int sg, int idx, Type type,
                            OpBuilder &ob);
  LogicalResult importSubgraph(int sg, func::FuncOp fn);
  /// Fills `st` as a tfl.builtin_op for operator `op` (code `code`).
  LogicalResult genericBuiltinFor(OperationState &st,
                                  const tflite::Operator *op,
                                  const tflite::OperatorCode *oc, int32_t code,
                                  const std::string &who);
  FailureOr<Operation *> importOperator(int sg, int opIdx,
                                        const tflite::Operator *op,
                                        ArrayRef<Value> operands,
                                        TypeRange resultTypes, Location loc,
                                        OpBuilder &ob);
  /// The calibration range (QuantizationParameters min/max) of `t` as
  /// {min = array<f32>, max = array<f32>}, or null when absent.
  DictionaryAttr minMax(const tflite::Tensor *t) {
    auto *q = t->quantization();
    if (!q || !q->min() || !q->max() || q->min()->size() == 0)
      return {};
    SmallVector<float> lo(q->min()->begin(), q->min()->end());
    SmallVector<float> hi(q->max()->begin(), q->max()->end());
    return b.getDictionaryAttr(
        {b.getNamedAttr("max", b.getDenseF32ArrayAttr(hi)),
         b.getNamedAttr("min", b.getDenseF32ArrayAttr(lo))});
  }
  /// Affine quantization parameters that the tensor's MLIR type cannot
  /// carry (!quant.uniform storage is at most 32 bits, e.g. the int64 biases
  /// of int16x8 convolutions; or invalid scales) as {scale, zero_point,
  /// quantized_dimension}, or null when the type carries them or there are
  /// none.
  DictionaryAttr quantParams(const tflite::Tensor *t, Type type) {
    auto *q = t->quantization();
    if (!q || !q->scale() || q->scale()->size() == 0)
      return {};
    if (auto st = dyn_cast<ShapedType>(type);
        st && isa<quant::QuantizedType>(st.getElementType()))
      return {};
    SmallVector<float> scale(q->scale()->begin(), q->scale()->end());
    SmallVector<int64_t> zp;
    if (q->zero_point())
      zp.assign(q->zero_point()->begin(), q->zero_point()->end());
    return b.getDictionaryAttr(
        {b.getNamedAttr("quantized_dimension",
                        b.getI32IntegerAttr(q->quantized_dimension())),
         b.getNamedAttr("scale", b.getDenseF32ArrayAttr(scale)),
         b.getNamedAttr("zero_point", b.getDenseI64ArrayAttr(zp))});
  }
  /// Records the calibration ranges (`tfl.min_max`) and the quantization
  /// parameters the types cannot carry (`tfl.quant_params`) of the results
  /// of `op` (tensors `outs`): one entry per result, unit for none.
  void setMinMax(Operation *op, ArrayRef<const tflite::Tensor *> outs) {
    SmallVector<Attribute> ranges, params;
    bool anyRange = false, anyParams = false;
    for (auto [k, t] : llvm::enumerate(outs)) {
      DictionaryAttr d = minMax(t);
      anyRange |= static_cast<bool>(d);
      ranges.push_back(d ? Attribute(d) : Attribute(b.getUnitAttr()));
      DictionaryAttr p = quantParams(t, op->getResult(k).getType());
      anyParams |= static_cast<bool>(p);
      params.push_back(p ? Attribute(p) : Attribute(b.getUnitAttr()));
    }
    if (anyRange)
      op->setAttr("tfl.min_max", b.getArrayAttr(ranges));
    if (anyParams)
      op->setAttr("tfl.quant_params", b.getArrayAttr(params));
  }
  /// The tensor's name as a NameLoc; an unnamed tensor gets an empty
  /// NameLoc, so that the exporter keeps it unnamed (it generates names only
  /// for values with no NameLoc at all).
  Location nameLoc(const tflite::Tensor *t) {
    if (!t)
      return UnknownLoc::get(ctx);
    return NameLoc::get(b.getStringAttr(t->name() ? t->name()->string_view()
                                                  : std::string_view()));
  }
  /// Bytes of buffer `idx` (in the FlatBuffer, or after it for >2 GB files).
  FailureOr<StringRef> bufferBytes(uint32_t idx, const std::string &who);

  const tflite::Model *model;
  StringRef bytes;
  StringRef fileName;
  MLIRContext *ctx;
  Builder b;
  std::string errMsg;
  SmallVector<std::string> funcNames;
};

FailureOr<StringRef> Importer::bufferBytes(uint32_t idx,
                                           const std::string &who) {
  if (idx == 0)
    return StringRef();
  if (!model->buffers() || idx >= model->buffers()->size()) {
    (void)fail(who + " refers to buffer " + std::to_string(idx) +
               ", but the model has " +
               std::to_string(model->buffers() ? model->buffers()->size() : 0) +
               " buffers");
    return failure();
  }
  const tflite::Buffer *buf = model->buffers()->Get(idx);
  if (buf->offset() > 1) {
    uint64_t off = buf->offset(), size = buf->size();
    if (off > bytes.size() || size > bytes.size() - off) {
      (void)fail(who + ": buffer " + std::to_string(idx) + " lies at bytes [" +
                 std::to_string(off) + ", " + std::to_string(off + size) +
                 "), outside the " + std::to_string(bytes.size()) +
                 "-byte file");
      return failure();
    }
    return bytes.substr(off, size);
  }
  if (!buf->data())
    return StringRef();
  return StringRef(reinterpret_cast<const char *>(buf->data()->data()),
                   buf->data()->size());
}

FailureOr<Type> Importer::elementType(tflite::TensorType t) {
  switch (t) {
  case tflite::TensorType_FLOAT32:
    return Type(b.getF32Type());
  case tflite::TensorType_FLOAT16:
    return Type(b.getF16Type());
  case tflite::TensorType_BFLOAT16:
    return Type(b.getBF16Type());
  case tflite::TensorType_FLOAT64:
    return Type(b.getF64Type());
  case tflite::TensorType_INT32:
    return Type(b.getI32Type());
  case tflite::TensorType_UINT8:
    return Type(b.getIntegerType(8, false));
  case tflite::TensorType_INT64:
    return Type(b.getI64Type());
  case tflite::TensorType_STRING:
    return Type(tf_type::StringType::get(ctx));
  case tflite::TensorType_BOOL:
    return Type(b.getI1Type());
  case tflite::TensorType_INT16:
    return Type(b.getI16Type());
  case tflite::TensorType_COMPLEX64:
    return Type(ComplexType::get(b.getF32Type()));
  case tflite::TensorType_INT8:
    return Type(b.getI8Type());
  case tflite::TensorType_COMPLEX128:
    return Type(ComplexType::get(b.getF64Type()));
  case tflite::TensorType_UINT64:
    return Type(b.getIntegerType(64, false));
  case tflite::TensorType_RESOURCE:
    return Type(tf_type::ResourceType::get(ctx));
  case tflite::TensorType_VARIANT:
    return Type(tf_type::VariantType::get(ctx));
  case tflite::TensorType_UINT32:
    return Type(b.getIntegerType(32, false));
  case tflite::TensorType_UINT16:
    return Type(b.getIntegerType(16, false));
  case tflite::TensorType_INT4:
    return Type(b.getIntegerType(4));
  }
  return failure();
}

FailureOr<Type> Importer::tensorType(const tflite::Tensor *t, int sg, int idx,
                                     bool forConstant) {
  std::string who = where(sg) + ": " + tensorDesc(t, idx);
  auto et = elementType(t->type());
  if (failed(et)) {
    (void)fail(who + " has unknown TensorType " +
               std::to_string(static_cast<int>(t->type())));
    return failure();
  }
  Type elem = *et;
  // FlatBuffers' verifier (2.0) checks a vector's length prefix but not
  // that its int64 elements are 8-byte aligned, so reading a misaligned
  // zero_point would be a misaligned load: refused as corrupt, as the lite
  // loader (runtime/lite/ModelLoader.cpp) refuses it.
  if (auto *q = t->quantization();
      q && q->zero_point() && q->zero_point()->size() &&
      reinterpret_cast<uintptr_t>(q->zero_point()->Data()) % alignof(int64_t)) {
    (void)fail(who + ": quantization zero_point vector is not 8-byte aligned "
                     "(corrupt TFLite model)");
    return failure();
  }
  // Quantization: affine parameters on an integer storage type.
  if (auto *q = t->quantization(); q && q->scale() && q->scale()->size() &&
                                   isa<IntegerType>(elem) &&
                                   elem.getIntOrFloatBitWidth() > 1) {
    auto it = cast<IntegerType>(elem);
    unsigned w = it.getWidth();
    bool isSigned = !it.isUnsigned();
    int64_t smin = isSigned ? INT64_MIN : 0, smax = INT64_MAX;
    if (w < 64) {
      smin = isSigned ? -(int64_t(1) << (w - 1)) : 0;
      smax = isSigned ? (int64_t(1) << (w - 1)) - 1 : (int64_t(1) << w) - 1;
    }
    Type storage = IntegerType::get(ctx, w);
    unsigned flags = isSigned ? quant::QuantizationFlags::Signed : 0;
    size_t n = q->scale()->size();
    SmallVector<double> scales;
    SmallVector<int64_t> zps;
    for (size_t k = 0; k < n; ++k) {
      scales.push_back(q->scale()->Get(k));
      zps.push_back(q->zero_point() && k < q->zero_point()->size()
                        ? q->zero_point()->Get(k)
                        : 0);
    }
    // Invalid parameters (scale <= 0, zero point out of range) keep the plain
    // storage type instead of failing: the kernels would reject them, the
    // importer need not.
    bool ok = true;
    for (size_t k = 0; k < n; ++k)
      ok &= std::isfinite(scales[k]) && scales[k] > 0 && zps[k] >= smin &&
            zps[k] <= smax;
    if (ok) {
      ScopedDiagnosticHandler silence(ctx,
                                      [](Diagnostic &) { return success(); });
      auto emit = [&] { return emitError(UnknownLoc::get(ctx)); };
      Type qt;
      int64_t rank = t->shape() ? t->shape()->size() : 0;
      int32_t qdim = q->quantized_dimension();
      // Some converters copy the filter's quantized_dimension to the 1-D
      // bias; TFLite ignores it there. Use dimension 0 for such vectors.
      if (n > 1 && rank == 1 && t->shape()->Get(0) == static_cast<int32_t>(n))
        qdim = 0;
      if (n > 1 && (qdim < 0 || qdim >= rank ||
                    t->shape()->Get(qdim) != static_cast<int32_t>(n))) {
        (void)fail(who + ": " + std::to_string(n) +
                   " quantization scales along quantized_dimension " +
                   std::to_string(q->quantized_dimension()) +
                   " do not match the shape");
        return failure();
      }
      if (n == 1) { // one scale: per tensor, whatever quantized_dimension says
        qt = quant::UniformQuantizedType::getChecked(emit, flags, storage,
                                                     b.getF32Type(), scales[0],
                                                     zps[0], smin, smax);
      } else {
        qt = quant::UniformQuantizedPerAxisType::getChecked(
            emit, flags, storage, b.getF32Type(), scales, zps, qdim, smin,
            smax);
      }
      if (qt)
        elem = qt;
    }
  }
  // Shape: shape_signature (with -1 for unknown dims) wins over shape.
  SmallVector<int64_t> dims;
  auto *shape = t->shape();
  auto *sig = t->shape_signature();
  // An empty shape_signature is ignored (old converters wrote [] for it);
  // other rank mismatches are rejected when the subgraph is read.
  if (sig && shape && sig->size() != shape->size())
    sig = nullptr;
  // TFLite writes shape [] with has_rank = false for tensors of unknown shape
  // (often outputs resized at run time); only has_rank or data makes it a
  // scalar.
  if (!forConstant && !t->has_rank() && (!shape || shape->size() == 0) &&
      (!sig || sig->size() == 0))
    return Type(UnrankedTensorType::get(elem));
  if (sig && !forConstant) {
    for (int32_t d : *sig) {
      if (d < -1) {
        (void)fail(who + " has dimension " + std::to_string(d) +
                   " in shape_signature");
        return failure();
      }
      dims.push_back(d == -1 ? ShapedType::kDynamic : d);
    }
  } else if (shape) {
    // Unknown dims are -1 in shape_signature only; shape holds sizes (1 for
    // an unknown dim), as TFLite's loader expects.
    for (int32_t d : *shape) {
      if (d < 0) {
        (void)fail(who + " has dimension " + std::to_string(d) +
                   " in shape (unknown dims are -1 in shape_signature)");
        return failure();
      }
      dims.push_back(d);
    }
  }
  return Type(RankedTensorType::get(dims, elem));
}

FailureOr<Value> Importer::constant(const tflite::Tensor *t, int sg, int idx,
                                    Type type, OpBuilder &ob) {
  std::string who = where(sg) + ": " + tensorDesc(t, idx);
  auto data = bufferBytes(t->buffer(), who);
  if (failed(data))
    return failure();
  auto rt = cast<RankedTensorType>(type);
  Type elem = rt.getElementType();
  if (auto q = dyn_cast<quant::QuantizedType>(elem))
    elem = q.getStorageType();
  // The element count must not overflow (hostile shapes) and cannot exceed
  // the file size by more than the widest element (16 bytes), except for
  // sparse tensors, whose buffer holds only the non-zero values.
  {
    uint64_t n = 1;
    for (int64_t d : rt.getShape()) {
      if (d != 0 && n > (uint64_t(1) << 40) / uint64_t(d)) {
        (void)fail(who + ": shape has too many elements for a constant");
        return failure();
      }
      n *= uint64_t(d);
    }
  }
  Attribute value;
  DictionaryAttr sparsity;
  if (auto *sp = t->sparsity()) {
    // Sparse constants keep their compressed bytes and the parameters.
    SmallVector<NamedAttribute> f;
    auto vec = [&](const flatbuffers::Vector<int32_t> *v) {
      SmallVector<int32_t> out;
      if (v)
        out.assign(v->begin(), v->end());
      return b.getDenseI32ArrayAttr(out);
    };
    f.push_back(b.getNamedAttr("traversal_order", vec(sp->traversal_order())));
    f.push_back(b.getNamedAttr("block_map", vec(sp->block_map())));
    SmallVector<Attribute> dimsMeta;
    if (sp->dim_metadata())
      for (const tflite::DimensionMetadata *dm : *sp->dim_metadata()) {
        auto idxVec = [&](tflite::SparseIndexVector ty,
                          const void *p) -> Attribute {
          SmallVector<int32_t> out;
          StringRef kind = "";
          if (ty == tflite::SparseIndexVector_Int32Vector) {
            kind = "int32";
            if (auto *v = static_cast<const tflite::Int32Vector *>(p)->values())
              out.assign(v->begin(), v->end());
          } else if (ty == tflite::SparseIndexVector_Uint16Vector) {
            kind = "uint16";
            if (auto *v =
                    static_cast<const tflite::Uint16Vector *>(p)->values())
              out.assign(v->begin(), v->end());
          } else if (ty == tflite::SparseIndexVector_Uint8Vector) {
            kind = "uint8";
            if (auto *v = static_cast<const tflite::Uint8Vector *>(p)->values())
              out.assign(v->begin(), v->end());
          }
          return b.getDictionaryAttr(
              {b.getNamedAttr("type", b.getStringAttr(kind)),
               b.getNamedAttr("values", b.getDenseI32ArrayAttr(out))});
        };
        dimsMeta.push_back(b.getDictionaryAttr(
            {b.getNamedAttr(
                 "format",
                 b.getStringAttr(tflite::EnumNameDimensionType(dm->format()))),
             b.getNamedAttr("dense_size",
                            b.getI32IntegerAttr(dm->dense_size())),
             b.getNamedAttr("array_segments", idxVec(dm->array_segments_type(),
                                                     dm->array_segments())),
             b.getNamedAttr("array_indices", idxVec(dm->array_indices_type(),
                                                    dm->array_indices()))}));
      }
    f.push_back(b.getNamedAttr("dim_metadata", b.getArrayAttr(dimsMeta)));
    sparsity = b.getDictionaryAttr(f);
    value = b.getStringAttr(*data);
  } else if (elem.isIntOrFloat() && !elem.isInteger(1) &&
             elem.getIntOrFloatBitWidth() % 8 == 0) {
    uint64_t need =
        uint64_t(rt.getNumElements()) * (elem.getIntOrFloatBitWidth() / 8);
    if (data->size() != need) {
      (void)fail(who + ": buffer " + std::to_string(t->buffer()) + " holds " +
                 std::to_string(data->size()) + " bytes, but a " +
                 std::to_string(rt.getNumElements()) + "-element tensor of " +
                 std::to_string(elem.getIntOrFloatBitWidth()) +
                 "-bit elements needs " + std::to_string(need));
      return failure();
    }
    auto vt = RankedTensorType::get(rt.getShape(), elem);
    bool splat = false;
    if (!DenseElementsAttr::isValidRawBuffer(
            vt, ArrayRef<char>(data->data(), data->size()), splat)) {
      (void)fail(who + ": buffer is not a valid raw buffer");
      return failure();
    }
    value = DenseElementsAttr::getFromRawBuffer(
        vt, ArrayRef<char>(data->data(), data->size()));
  } else if (elem.isInteger(1)) {
    if (data->size() != uint64_t(rt.getNumElements())) {
      (void)fail(who + ": buffer " + std::to_string(t->buffer()) + " holds " +
                 std::to_string(data->size()) +
                 " bytes, but the bool tensor has " +
                 std::to_string(rt.getNumElements()) + " elements");
      return failure();
    }
    SmallVector<bool> v;
    for (char c : *data)
      v.push_back(c != 0);
    value = DenseElementsAttr::get(rt.clone(elem), ArrayRef<bool>(v));
  } else if (auto ct = dyn_cast<ComplexType>(elem)) {
    uint64_t need = uint64_t(rt.getNumElements()) * 2 *
                    (ct.getElementType().getIntOrFloatBitWidth() / 8);
    if (data->size() != need) {
      (void)fail(who + ": buffer holds " + std::to_string(data->size()) +
                 " bytes, but the complex tensor needs " +
                 std::to_string(need));
      return failure();
    }
    value = DenseElementsAttr::getFromRawBuffer(
        RankedTensorType::get(rt.getShape(), elem),
        ArrayRef<char>(data->data(), data->size()));
  } else {
    // string, int4, resource, variant: raw bytes.
    value = b.getStringAttr(*data);
  }
  OperationState st(nameLoc(t), "tfl.pseudo_const");
  st.addAttribute("value", value);
  if (sparsity)
    st.addAttribute("sparsity", sparsity);
  if (t->is_variable())
    st.addAttribute("tfl.is_variable", b.getUnitAttr());
  st.addTypes(type);
  return ob.create(st)->getResult(0);
}

FailureOr<Operation *> Importer::importOperator(int sg, int opIdx,
                                                const tflite::Operator *op,
                                                ArrayRef<Value> operands,
                                                TypeRange resultTypes,
                                                Location loc, OpBuilder &ob) {
  std::string who = where(sg) + ": operator " + std::to_string(opIdx);
  auto *codes = model->operator_codes();
  if (!codes || op->opcode_index() >= codes->size()) {
    (void)fail(who + " has opcode_index " + std::to_string(op->opcode_index()) +
               ", but the model has " +
               std::to_string(codes ? codes->size() : 0) + " operator codes");
    return failure();
  }
  const tflite::OperatorCode *oc = codes->Get(op->opcode_index());
  int32_t code = std::max<int32_t>(oc->deprecated_builtin_code(),
                                   static_cast<int32_t>(oc->builtin_code()));
  std::string name = builtinName(code);
  who += " (" + name + ")";
  auto subgraphSym = [&](int64_t i,
                         std::string &err) -> FailureOr<FlatSymbolRefAttr> {
    if (i < 0 || i >= static_cast<int64_t>(funcNames.size())) {
      err = "subgraph index " + std::to_string(i) +
            " is out of range (the model has " +
            std::to_string(funcNames.size()) + " subgraphs)";
      return failure();
    }
    return FlatSymbolRefAttr::get(ctx, funcNames[i]);
  };
  OperationState st(loc, "tfl.builtin_op");
  st.addOperands(operands);
  st.addTypes(resultTypes);
  auto genericBuiltin = [&](OperationState &state) {
    return genericBuiltinFor(state, op, oc, code, who);
  };

  if (code == tflite::BuiltinOperator_CUSTOM) {
    st.name = OperationName("tfl.custom", ctx);
    st.addAttribute("custom_code",
                    b.getStringAttr(oc->custom_code()
                                        ? oc->custom_code()->string_view()
                                        : std::string_view()));
    st.addAttribute("version", b.getI32IntegerAttr(oc->version()));
    StringRef opts;
    if (op->large_custom_options_offset() > 1) {
      uint64_t off = op->large_custom_options_offset(),
               size = op->large_custom_options_size();
      if (off > bytes.size() || size > bytes.size() - off) {
        (void)fail(who + ": custom options lie outside the file");
        return failure();
      }
      opts = bytes.substr(off, size);
    } else if (op->custom_options()) {
      opts = StringRef(
          reinterpret_cast<const char *>(op->custom_options()->data()),
          op->custom_options()->size());
    }
    st.addAttribute("custom_option", b.getStringAttr(opts));
  } else {
    const BuiltinOpInfo *info = lookupBuiltin(code);
    bool dedicated = info && !op->builtin_options_2_type();
    std::optional<OptionsTable> expected;
    if (dedicated && *info->options) {
      expected = findOptionsTable(info->options);
      if (op->builtin_options_type() &&
          (!expected || op->builtin_options_type() != expected->unionType))
        dedicated = false; // unexpected options: keep them generically
    } else if (dedicated && op->builtin_options_type()) {
      dedicated = false;
    }
    if (dedicated) {
      st.name = OperationName(info->opName, ctx);
      if (expected) {
        SmallVector<NamedAttribute> attrs;
        std::string err;
        // Only a table of the declared union type has been verified: with
        // type NONE the options are absent (schema defaults), whatever the
        // offset field holds.
        auto *tab =
            op->builtin_options_type()
                ? static_cast<const flatbuffers::Table *>(op->builtin_options())
                : nullptr;
        if (failed(readOptions(tab, *expected, b, subgraphSym, attrs, err))) {
          (void)fail(who + ": " + err);
          return failure();
        }
        st.addAttributes(attrs);
      }
    } else if (failed(genericBuiltin(st))) {
      return failure();
    }
  }
  if (op->mutating_variable_inputs() &&
      op->mutating_variable_inputs()->size()) {
    SmallVector<bool> m(op->mutating_variable_inputs()->begin(),
                        op->mutating_variable_inputs()->end());
    st.addAttribute("tfl.mutating_variable_inputs", b.getDenseBoolArrayAttr(m));
  }
  if (op->intermediates() && op->intermediates()->size()) {
    auto *tensors = model->subgraphs()->Get(sg)->tensors();
    int n = tensors ? static_cast<int>(tensors->size()) : 0;
    SmallVector<Attribute> inter;
    for (int32_t i : *op->intermediates()) {
      if (i < 0 || i >= n) {
        (void)fail(who + ": intermediate tensor index " + std::to_string(i) +
                   " is out of range (" + std::to_string(n) + " tensors)");
        return failure();
      }
      const tflite::Tensor *t = tensors->Get(i);
      auto ty = tensorType(t, sg, i, false);
      if (failed(ty))
        return failure();
      SmallVector<NamedAttribute> f;
      f.push_back(b.getNamedAttr(
          "name", b.getStringAttr(t->name() ? t->name()->string_view()
                                            : std::string_view())));
      f.push_back(b.getNamedAttr("type", TypeAttr::get(*ty)));
      if (DictionaryAttr mm = minMax(t))
        f.push_back(b.getNamedAttr("min_max", mm));
      inter.push_back(b.getDictionaryAttr(f));
    }
    st.addAttribute("tfl.intermediates", b.getArrayAttr(inter));
  }
  Operation *created = ob.create(st);
  // Verify now so that the error names the operator index.
  std::string diag;
  {
    ScopedDiagnosticHandler h(ctx, [&](Diagnostic &d) {
      if (diag.empty())
        diag = d.str();
      return success();
    });
    if (succeeded(mlir::verify(created, /*verifyRecursively=*/false)))
      return created;
  }
  // A builtin whose options or shapes break a tfl op's rules (TFLite would
  // reject it when preparing the kernel, but the file is well formed) is
  // kept as tfl.builtin_op, so that the import stays lossless.
  if (created->getName().getStringRef() == "tfl.builtin_op" ||
      created->getName().getStringRef() == "tfl.custom") {
    created->erase();
    (void)fail(who + " is invalid: " + diag);
    return failure();
  }
  created->erase();
  emitWarning(loc) << fileName << ": " << who
                   << " kept as tfl.builtin_op: " << diag;
  OperationState gst(loc, "tfl.builtin_op");
  gst.addOperands(operands);
  gst.addTypes(resultTypes);
  if (failed(genericBuiltin(gst)))
    return failure();
  for (StringRef keep : {"tfl.mutating_variable_inputs", "tfl.intermediates"})
    if (auto m = st.attributes.get(keep))
      gst.addAttribute(keep, m);
  return ob.create(gst);
}

LogicalResult Importer::genericBuiltinFor(OperationState &st,
                                          const tflite::Operator *op,
                                          const tflite::OperatorCode *oc,
                                          int32_t code,
                                          const std::string &who) {
  auto subgraphSym = [&](int64_t i,
                         std::string &err) -> FailureOr<FlatSymbolRefAttr> {
    if (i < 0 || i >= static_cast<int64_t>(funcNames.size())) {
      err = "subgraph index " + std::to_string(i) +
            " is out of range (the model has " +
            std::to_string(funcNames.size()) + " subgraphs)";
      return failure();
    }
    return FlatSymbolRefAttr::get(ctx, funcNames[i]);
  };
  {
    {
      st.addAttribute("builtin_code", b.getI32IntegerAttr(code));
      st.addAttribute("name", b.getStringAttr(builtinName(code)));
      st.addAttribute("version", b.getI32IntegerAttr(oc->version()));
      for (bool second : {false, true}) {
        uint8_t ty = second ? static_cast<uint8_t>(op->builtin_options_2_type())
                            : static_cast<uint8_t>(op->builtin_options_type());
        const void *p =
            second ? op->builtin_options_2() : op->builtin_options();
        if (!ty)
          continue;
        auto tab = optionsTableForUnion(ty, second);
        if (!tab) {
          (void)fail(who + " has unknown options union type " +
                     std::to_string(ty));
          return failure();
        }
        SmallVector<NamedAttribute> attrs;
        std::string err;
        if (failed(readOptions(static_cast<const flatbuffers::Table *>(p), *tab,
                               b, subgraphSym, attrs, err))) {
          (void)fail(who + ": " + err);
          return failure();
        }
        st.addAttribute(second ? "builtin_options_2_type"
                               : "builtin_options_type",
                        b.getStringAttr(tab->name));
        st.addAttribute(second ? "builtin_options_2" : "builtin_options",
                        b.getDictionaryAttr(attrs));
      }
    }
  }
  return success();
}

LogicalResult Importer::importSubgraph(int sg, func::FuncOp fn) {
  const tflite::SubGraph *g = model->subgraphs()->Get(sg);
  auto *tensors = g->tensors();
  int numTensors = tensors ? static_cast<int>(tensors->size()) : 0;

  auto checkIdx = [&](int32_t i, const std::string &what) -> LogicalResult {
    if (i < 0 || i >= numTensors)
      return fail(where(sg) + ": " + what + " is tensor index " +
                  std::to_string(i) + ", but the subgraph has " +
                  std::to_string(numTensors) + " tensors");
    return success();
  };

  std::vector<Value> values(numTensors);
  std::vector<int> producer(numTensors, -1);
  auto *ops = g->operators();
  int numOps = ops ? static_cast<int>(ops->size()) : 0;
  for (int k = 0; k < numOps; ++k)
    if (auto *outs = ops->Get(k)->outputs())
      for (int32_t o : *outs)
        if (o >= 0 && o < numTensors && producer[o] < 0)
          producer[o] = k;

  // Every tensor's buffer must exist, as TFLite's loader requires (also for
  // tensors the import would not read: operator results), an operator's
  // result cannot carry constant data, and shape_signature must have the
  // shape's rank (an empty one is allowed: old converters wrote []).
  for (int i = 0; i < numTensors; ++i) {
    const tflite::Tensor *t = tensors->Get(i);
    std::string who = where(sg) + ": " + tensorDesc(t, i);
    auto data = bufferBytes(t->buffer(), who);
    if (failed(data))
      return failure();
    if (producer[i] >= 0 && !data->empty())
      return fail(
          who + " is written by operator " + std::to_string(producer[i]) +
          " but also has " + std::to_string(data->size()) +
          " bytes of constant data in buffer " + std::to_string(t->buffer()));
    if (t->shape_signature() && t->shape_signature()->size() && t->shape() &&
        t->shape_signature()->size() != t->shape()->size())
      return fail(who + " has a shape_signature of rank " +
                  std::to_string(t->shape_signature()->size()) +
                  " but a shape of rank " + std::to_string(t->shape()->size()));
  }

  // Signature of the function.
  SmallVector<Type> argTypes, resTypes;
  SmallVector<Location> argLocs;
  if (g->inputs())
    for (auto [k, i] : llvm::enumerate(*g->inputs())) {
      if (failed(checkIdx(i, "input " + std::to_string(k))))
        return failure();
      auto ty = tensorType(tensors->Get(i), sg, i, false);
      if (failed(ty))
        return failure();
      argTypes.push_back(*ty);
      argLocs.push_back(nameLoc(tensors->Get(i)));
    }
  if (g->outputs())
    for (auto [k, i] : llvm::enumerate(*g->outputs())) {
      if (failed(checkIdx(i, "output " + std::to_string(k))))
        return failure();
      auto ty = tensorType(tensors->Get(i), sg, i, false);
      if (failed(ty))
        return failure();
      resTypes.push_back(*ty);
    }
  fn.setType(FunctionType::get(ctx, argTypes, resTypes));
  Block *block = fn.addEntryBlock();
  for (auto [arg, loc] : llvm::zip(block->getArguments(), argLocs))
    arg.setLoc(loc);
  if (g->inputs())
    for (auto [k, i] : llvm::enumerate(*g->inputs())) {
      if (DictionaryAttr d = minMax(tensors->Get(i)))
        fn.setArgAttr(k, "tfl.min_max", d);
      if (DictionaryAttr d = quantParams(tensors->Get(i), argTypes[k]))
        fn.setArgAttr(k, "tfl.quant_params", d);
      // An input that also has data (a default value TFLite copies into the
      // input tensor): keep the raw bytes.
      auto data = bufferBytes(tensors->Get(i)->buffer(),
                              where(sg) + ": input " + std::to_string(k));
      if (failed(data))
        return failure();
      if (!data->empty())
        fn.setArgAttr(k, "tfl.initial_data", b.getStringAttr(*data));
    }
  if (g->inputs())
    for (auto [k, i] : llvm::enumerate(*g->inputs())) {
      if (values[i])
        return fail(where(sg) + ": tensor " + std::to_string(i) +
                    " is listed twice as an input");
      values[i] = block->getArgument(k);
    }
  OpBuilder ob = OpBuilder::atBlockEnd(block);
  Value noValue;
  bool customReader = false;

  // The value of tensor `i` when read by operator `reader` (-1: a result).
  auto valueOf = [&](int32_t i, int reader) -> FailureOr<Value> {
    if (values[i])
      return values[i];
    const tflite::Tensor *t = tensors->Get(i);
    if (producer[i] >= 0 && producer[i] >= reader && reader >= 0) {
      (void)fail(where(sg) + ": operator " + std::to_string(reader) +
                 " reads " + tensorDesc(t, i) + " before operator " +
                 std::to_string(producer[i]) + " writes it");
      return failure();
    }
    std::string who = where(sg) + ": " + tensorDesc(t, i);
    auto data = bufferBytes(t->buffer(), who);
    if (failed(data))
      return failure();
    bool hasData = !data->empty() || (t->buffer() != 0 && t->shape() &&
                                      llvm::is_contained(*t->shape(), 0));
    auto ty = tensorType(t, sg, i, hasData);
    if (failed(ty))
      return failure();
    if (hasData) {
      auto v = constant(t, sg, i, *ty, ob);
      if (failed(v))
        return failure();
      values[i] = *v;
      setMinMax(v->getDefiningOp(), {t});
    } else {
      // TFLite's model verifier requires every operator input to be a
      // constant, a variable, a subgraph input or an earlier output. Custom
      // operators are exempt (e.g. Vela's ethos-u scratch tensors).
      if (!t->is_variable() && reader >= 0 && !customReader) {
        (void)fail(where(sg) + ": operator " + std::to_string(reader) +
                   " reads " + tensorDesc(t, i) +
                   ", which has no data, no producer and is neither a "
                   "subgraph input nor a variable");
        return failure();
      }
      OperationState st(nameLoc(t), "tfl.pseudo_tensor");
      st.addAttribute("is_variable", b.getBoolAttr(t->is_variable()));
      st.addTypes(*ty);
      values[i] = ob.create(st)->getResult(0);
      setMinMax(values[i].getDefiningOp(), {t});
    }
    return values[i];
  };

  for (int k = 0; k < numOps; ++k) {
    const tflite::Operator *op = ops->Get(k);
    SmallVector<Value> operands;
    {
      auto *codes = model->operator_codes();
      customReader =
          codes && op->opcode_index() < codes->size() &&
          std::max<int32_t>(
              codes->Get(op->opcode_index())->deprecated_builtin_code(),
              codes->Get(op->opcode_index())->builtin_code()) ==
              tflite::BuiltinOperator_CUSTOM;
    }
    if (op->inputs())
      for (auto [n, i] : llvm::enumerate(*op->inputs())) {
        if (i == -1) {
          if (!noValue) {
            OpBuilder::InsertionGuard guard(ob);
            ob.setInsertionPointToStart(block);
            noValue = tfl::NoValueOp::create(ob, UnknownLoc::get(ctx),
                                             NoneType::get(ctx));
          }
          operands.push_back(noValue);
          continue;
        }
        if (failed(checkIdx(i, "operator " + std::to_string(k) + " input " +
                                   std::to_string(n))))
          return failure();
        auto v = valueOf(i, k);
        if (failed(v))
          return failure();
        operands.push_back(*v);
      }
    SmallVector<Type> resultTypes;
    SmallVector<Location> locs;
    SmallVector<int32_t> outIdx;
    if (op->outputs())
      for (auto [n, i] : llvm::enumerate(*op->outputs())) {
        if (failed(checkIdx(i, "operator " + std::to_string(k) + " output " +
                                   std::to_string(n))))
          return failure();
        if (values[i] || producer[i] != k)
          return fail(where(sg) + ": operator " + std::to_string(k) +
                      " writes " + tensorDesc(tensors->Get(i), i) +
                      ", which is already defined (a subgraph input or "
                      "another operator's output)");
        auto ty = tensorType(tensors->Get(i), sg, i, false);
        if (failed(ty))
          return failure();
        resultTypes.push_back(*ty);
        locs.push_back(nameLoc(tensors->Get(i)));
        outIdx.push_back(i);
      }
    Location loc = locs.size() == 1 ? locs[0]
                   : locs.empty()   ? UnknownLoc::get(ctx)
                                    : FusedLoc::get(ctx, locs);
    auto created = importOperator(sg, k, op, operands, resultTypes, loc, ob);
    if (failed(created))
      return failure();
    SmallVector<const tflite::Tensor *> outTensors;
    for (auto [n, i] : llvm::enumerate(outIdx)) {
      values[i] = (*created)->getResult(n);
      outTensors.push_back(tensors->Get(i));
    }
    setMinMax(*created, outTensors);
  }

  SmallVector<Value> results;
  if (g->outputs())
    for (int32_t i : *g->outputs()) {
      auto v = valueOf(i, -1);
      if (failed(v))
        return failure();
      results.push_back(*v);
    }
  func::ReturnOp::create(ob, fn.getLoc(), results);
  return success();
}

OwningOpRef<ModuleOp> Importer::run() {
  Location fileLoc = FileLineColLoc::get(ctx, fileName, 0, 0);
  auto module = ModuleOp::create(fileLoc);
  OwningOpRef<ModuleOp> owned(module);
  auto reportFailure = [&]() -> OwningOpRef<ModuleOp> {
    emitError(fileLoc) << "invalid TFLite model: " << errMsg;
    return nullptr;
  };
  if (!model->subgraphs() || model->subgraphs()->size() == 0) {
    (void)fail("the model has no subgraphs");
    return reportFailure();
  }
  int numSg = static_cast<int>(model->subgraphs()->size());
  bool anyTensor = false;
  for (const tflite::SubGraph *g : *model->subgraphs())
    anyTensor |= g->tensors() && g->tensors()->size() > 0;
  if (!anyTensor) {
    (void)fail("no subgraph has any tensor (an empty model)");
    return reportFailure();
  }

  // Function names.
  SmallVector<std::string> sigKey(numSg);
  if (auto *sigs = model->signature_defs())
    for (auto [k, s] : llvm::enumerate(*sigs)) {
      if (s->subgraph_index() >= static_cast<uint32_t>(numSg)) {
        (void)fail("signature_def " + std::to_string(k) +
                   " refers to subgraph " +
                   std::to_string(s->subgraph_index()) +
                   ", but the model has " + std::to_string(numSg));
        return reportFailure();
      }
      if (s->signature_key() && sigKey[s->subgraph_index()].empty())
        sigKey[s->subgraph_index()] = s->signature_key()->str();
    }
  llvm::StringSet<> used;
  for (int sg = 0; sg < numSg; ++sg) {
    const tflite::SubGraph *g = model->subgraphs()->Get(sg);
    std::string n = !sigKey[sg].empty() ? sigKey[sg]
                    : sg == 0           ? std::string("main")
                    : g->name() && g->name()->size()
                        ? g->name()->str()
                        : "subgraph_" + std::to_string(sg);
    if (used.contains(n))
      n += "_" + std::to_string(sg);
    while (used.contains(n))
      n += "_";
    used.insert(n);
    funcNames.push_back(n);
  }

  OpBuilder ob = OpBuilder::atBlockEnd(module.getBody());
  SmallVector<func::FuncOp> fns;
  for (int sg = 0; sg < numSg; ++sg) {
    const tflite::SubGraph *g = model->subgraphs()->Get(sg);
    auto fn = func::FuncOp::create(ob, fileLoc, funcNames[sg],
                                   FunctionType::get(ctx, {}, {}));
    if (g->name() && g->name()->size() && g->name()->str() != funcNames[sg])
      fn->setAttr("tfl.subgraph_name",
                  b.getStringAttr(g->name()->string_view()));
    fns.push_back(fn);
  }
  for (int sg = 0; sg < numSg; ++sg)
    if (failed(importSubgraph(sg, fns[sg])))
      return reportFailure();

  // Signature defs.
  if (auto *sigs = model->signature_defs())
    for (const tflite::SignatureDef *s : *sigs) {
      func::FuncOp fn = fns[s->subgraph_index()];
      if (fn->hasAttr("tfl.signature_key"))
        continue; // A second signature on the same subgraph is not kept.
      fn->setAttr("tfl.signature_key",
                  b.getStringAttr(s->signature_key()
                                      ? s->signature_key()->string_view()
                                      : std::string_view()));
      const tflite::SubGraph *g = model->subgraphs()->Get(s->subgraph_index());
      auto mark =
          [&](const flatbuffers::Vector<flatbuffers::Offset<tflite::TensorMap>>
                  *maps,
              const flatbuffers::Vector<int32_t> *list, bool isArg) {
            if (!maps || !list)
              return;
            for (const tflite::TensorMap *m : *maps) {
              for (auto [pos, ti] : llvm::enumerate(*list)) {
                if (static_cast<uint32_t>(ti) != m->tensor_index())
                  continue;
                auto nameAttr = b.getStringAttr(
                    m->name() ? m->name()->string_view() : std::string_view());
                if (isArg)
                  fn.setArgAttr(pos, "tfl.signature_name", nameAttr);
                else
                  fn.setResultAttr(pos, "tfl.signature_name", nameAttr);
                break;
              }
            }
          };
      mark(s->inputs(), g->inputs(), true);
      mark(s->outputs(), g->outputs(), false);
    }

  // Model-level attributes.
  if (model->description() && model->description()->size())
    module->setAttr("tfl.description",
                    b.getStringAttr(model->description()->string_view()));
  if (auto *md = model->metadata()) {
    SmallVector<Attribute> entries;
    for (auto [k, m] : llvm::enumerate(*md)) {
      StringRef name = m->name()
                           ? StringRef(m->name()->c_str(), m->name()->size())
                           : StringRef();
      if (name == "min_runtime_version")
        continue; // derived: the exporter recomputes it
      auto data = bufferBytes(m->buffer(), "metadata " + std::to_string(k));
      if (failed(data))
        return reportFailure();
      entries.push_back(b.getDictionaryAttr(
          {b.getNamedAttr("name", b.getStringAttr(name)),
           b.getNamedAttr("data", b.getStringAttr(*data))}));
    }
    if (!entries.empty())
      module->setAttr("tfl.metadata", b.getArrayAttr(entries));
  }
  return owned;
}
} // namespace

OwningOpRef<ModuleOp> tfmlir::importTFLite(StringRef bytes, StringRef fileName,
                                           MLIRContext *context) {
  context->loadDialect<tfl::TFLDialect, func::FuncDialect, quant::QuantDialect,
                       tf_type::TFTypeDialect>();
  Location fileLoc = FileLineColLoc::get(context, fileName, 0, 0);
  // FlatBuffers need aligned data for the verifier's alignment checks.
  std::vector<uint8_t> aligned(bytes.begin(), bytes.end());
  if (aligned.size() < 8) {
    emitError(fileLoc) << "invalid TFLite model: the file has only "
                       << aligned.size() << " bytes";
    return nullptr;
  }
  if (!flatbuffers::BufferHasIdentifier(aligned.data(),
                                        tflite::ModelIdentifier())) {
    emitError(fileLoc) << "invalid TFLite model: no \"TFL3\" file identifier "
                          "at byte 4 (not a TFLite FlatBuffer)";
    return nullptr;
  }
  flatbuffers::Verifier verifier(aligned.data(), aligned.size());
  if (!tflite::VerifyModelBuffer(verifier)) {
    emitError(fileLoc) << "invalid TFLite model: the FlatBuffer verifier "
                          "rejects the file (corrupt or truncated)";
    return nullptr;
  }
  const tflite::Model *model = tflite::GetModel(aligned.data());
  // As TFLite's InterpreterBuilder: only schema version 3 is read; older
  // layouts differ (e.g. v2 had no version field on OperatorCode).
  if (model->version() != 3) {
    emitError(fileLoc) << "invalid TFLite model: schema version "
                       << model->version() << ", expected 3";
    return nullptr;
  }
  StringRef alignedBytes(reinterpret_cast<const char *>(aligned.data()),
                         aligned.size());
  Importer imp(model, alignedBytes, fileName, context);
  return imp.run();
}
