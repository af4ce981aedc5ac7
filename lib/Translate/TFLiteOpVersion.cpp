//===- TFLiteOpVersion.cpp - TFLite operator versions ---------------------===//
//
// Operator versions follow TFLite's op versioning rules (op_version.cc): each
// version bump marks a kernel feature (a tensor type, an option, a rank), and
// a model must name the lowest version whose kernel has every feature the
// operator uses. Runtime versions follow TFLite's runtime_version.cc.
//
//===----------------------------------------------------------------------===//
#include "lib/Translate/TFLiteOpVersion.h"

#include "dialects/tf/TFTypes.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

#include <map>
#include <vector>

using namespace mlir;

namespace tfmlir::tflite_io {

std::optional<tflite::TensorType> toTFLiteTensorType(Type e) {
  using TT = tflite::TensorType;
  auto intType = [](unsigned width, bool isUnsigned) -> std::optional<TT> {
    switch (width) {
    case 4:
      if (!isUnsigned)
        return tflite::TensorType_INT4;
      return std::nullopt;
    case 8:
      return isUnsigned ? tflite::TensorType_UINT8 : tflite::TensorType_INT8;
    case 16:
      return isUnsigned ? tflite::TensorType_UINT16 : tflite::TensorType_INT16;
    case 32:
      return isUnsigned ? tflite::TensorType_UINT32 : tflite::TensorType_INT32;
    case 64:
      return isUnsigned ? tflite::TensorType_UINT64 : tflite::TensorType_INT64;
    default:
      return std::nullopt;
    }
  };
  if (auto q = dyn_cast<quant::QuantizedType>(e))
    return intType(q.getStorageTypeIntegralWidth(), !q.isSigned());
  if (e.isF32())
    return tflite::TensorType_FLOAT32;
  if (e.isF16())
    return tflite::TensorType_FLOAT16;
  if (e.isBF16())
    return tflite::TensorType_BFLOAT16;
  if (e.isF64())
    return tflite::TensorType_FLOAT64;
  if (e.isInteger(1))
    return tflite::TensorType_BOOL;
  if (auto it = dyn_cast<IntegerType>(e))
    return intType(it.getWidth(), it.isUnsigned());
  if (auto c = dyn_cast<ComplexType>(e)) {
    if (c.getElementType().isF32())
      return tflite::TensorType_COMPLEX64;
    if (c.getElementType().isF64())
      return tflite::TensorType_COMPLEX128;
    return std::nullopt;
  }
  if (isa<tf_type::StringType>(e))
    return tflite::TensorType_STRING;
  if (isa<tf_type::ResourceType>(e))
    return tflite::TensorType_RESOURCE;
  if (isa<tf_type::VariantType>(e))
    return tflite::TensorType_VARIANT;
  return std::nullopt;
}

namespace {

/// What the versioning rules look at: operand/result TensorTypes (with a
/// "no type" for absent optional operands), ranks, quantization and options.
class OpSignature {
public:
  explicit OpSignature(Operation *op) : op(op) {}

  /// Operand/result i's TensorType; kNone when absent, none-typed or not a
  /// TFLite type.
  static constexpr int kNone = -1;
  int in(unsigned i) const {
    return i < op->getNumOperands() ? typeOf(op->getOperand(i).getType())
                                    : kNone;
  }
  int out(unsigned i) const {
    return i < op->getNumResults() ? typeOf(op->getResult(i).getType()) : kNone;
  }
  bool inIs(unsigned i, tflite::TensorType t) const { return in(i) == t; }
  bool outIs(unsigned i, tflite::TensorType t) const { return out(i) == t; }
  /// Rank of operand i; -1 when absent or unranked.
  int64_t rank(unsigned i) const {
    if (i >= op->getNumOperands())
      return -1;
    auto t = dyn_cast<RankedTensorType>(op->getOperand(i).getType());
    return t ? t.getRank() : -1;
  }
  int64_t maxInputRank() const {
    int64_t r = 0;
    for (unsigned i = 0; i < op->getNumOperands(); ++i)
      r = std::max(r, rank(i));
    return r;
  }
  /// The first two operands have different shapes (TFLite's
  /// NeedBroadcastForBinaryInputs).
  bool needsBroadcast() const {
    if (op->getNumOperands() < 2)
      return false;
    auto a = dyn_cast<ShapedType>(op->getOperand(0).getType());
    auto b = dyn_cast<ShapedType>(op->getOperand(1).getType());
    if (!a || !b || !a.hasRank() || !b.hasRank())
      return false;
    return a.getShape() != b.getShape();
  }
  bool quantized(unsigned i) const {
    return i < op->getNumOperands() &&
           isa<quant::QuantizedType>(getElementTypeOrSelf(op->getOperand(i)));
  }
  bool perAxis(unsigned i) const {
    return i < op->getNumOperands() &&
           isa<quant::UniformQuantizedPerAxisType>(
               getElementTypeOrSelf(op->getOperand(i)));
  }
  bool resultPerAxis(unsigned i) const {
    return i < op->getNumResults() &&
           isa<quant::UniformQuantizedPerAxisType>(
               getElementTypeOrSelf(op->getResult(i)));
  }
  /// Per-tensor scale of operand i (or result i with `result`), 0 if none.
  double scale(unsigned i, bool result = false) const {
    unsigned n = result ? op->getNumResults() : op->getNumOperands();
    if (i >= n)
      return 0;
    Type t = result ? op->getResult(i).getType() : op->getOperand(i).getType();
    auto q = dyn_cast<quant::UniformQuantizedType>(getElementTypeOrSelf(t));
    return q ? q.getScale() : 0;
  }
  bool flag(StringRef name) const {
    auto a = op->getAttrOfType<BoolAttr>(name);
    return a && a.getValue();
  }
  int64_t integer(StringRef name, int64_t dflt = 0) const {
    auto a = op->getAttrOfType<IntegerAttr>(name);
    return a ? a.getInt() : dflt;
  }
  bool stringIs(StringRef name, StringRef value) const {
    auto a = op->getAttrOfType<StringAttr>(name);
    return a && a.getValue() == value;
  }
  /// A fused activation other than NONE.
  bool hasFusedActivation() const {
    auto a = op->getAttrOfType<StringAttr>("fused_activation_function");
    return a && a.getValue() != "NONE";
  }
  /// `quantized_bias_type` names a type (TFLite's default FLOAT32 = unset).
  bool biasTypeSet() const {
    auto a = op->getAttrOfType<StringAttr>("quantized_bias_type");
    return a && a.getValue() != "FLOAT32";
  }
  /// Operand i is a constant with TFLite sparsity parameters.
  bool sparse(unsigned i) const {
    if (i >= op->getNumOperands())
      return false;
    Operation *def = op->getOperand(i).getDefiningOp();
    return def && def->getAttr("sparsity");
  }
  unsigned numOperands() const { return op->getNumOperands(); }
  /// Static size of dim `d` of operand i, or -1.
  int64_t dim(unsigned i, int64_t d) const {
    if (i >= op->getNumOperands())
      return -1;
    auto t = dyn_cast<RankedTensorType>(op->getOperand(i).getType());
    if (!t || d >= t.getRank() || t.isDynamicDim(d))
      return -1;
    return t.getDimSize(d);
  }

private:
  static int typeOf(Type t) {
    auto s = dyn_cast<ShapedType>(t);
    if (!s)
      return kNone;
    auto tt = toTFLiteTensorType(s.getElementType());
    return tt ? static_cast<int>(*tt) : kNone;
  }
  Operation *op;
};

using namespace tflite;

int32_t versionOf(const OpSignature &s, int32_t code) {
  const auto F32 = TensorType_FLOAT32, F16 = TensorType_FLOAT16,
             I4 = TensorType_INT4, I8 = TensorType_INT8, U8 = TensorType_UINT8,
             I16 = TensorType_INT16, U16 = TensorType_UINT16,
             I32 = TensorType_INT32, U32 = TensorType_UINT32,
             I64 = TensorType_INT64, BOOL = TensorType_BOOL,
             STR = TensorType_STRING, F64 = TensorType_FLOAT64,
             BF16 = TensorType_BFLOAT16, C64 = TensorType_COMPLEX64;
  // Hybrid: float activations with int8 weights in operand `w`.
  auto hybrid = [&](unsigned w) {
    return s.inIs(0, F32) && s.inIs(w, I8) && s.outIs(0, F32);
  };
  // The common "int16 -> 3, int8 -> 2" ladder.
  auto int16Or8 = [&](int32_t v16, int32_t v8) {
    if (s.inIs(0, I16))
      return v16;
    return s.inIs(0, I8) ? v8 : 1;
  };
  switch (code) {
  case BuiltinOperator_CONV_2D: {
    if (s.inIs(0, I16) && s.inIs(1, I8) && s.outIs(0, I16) && s.biasTypeSet())
      return 8;
    // Grouped: the filter (OHWI) has fewer input channels than the input.
    int64_t cin = s.dim(0, 3), fin = s.dim(1, 3);
    if (cin > 0 && fin > 0 && cin != fin)
      return 6;
    if (s.inIs(0, I16))
      return 4;
    if (s.inIs(0, I8) && s.inIs(1, I8) && s.outIs(0, I8))
      return 3;
    if (s.inIs(0, I8) && s.inIs(1, I4) && s.outIs(0, I8))
      return 7;
    if (hybrid(1))
      return s.perAxis(1) ? 5 : 2;
    return 1;
  }
  case BuiltinOperator_DEPTHWISE_CONV_2D:
    if (s.inIs(0, I16))
      return 5;
    if (hybrid(1))
      return s.perAxis(1) ? 6 : 4;
    if (s.inIs(0, I8) && s.inIs(1, I8) && s.outIs(0, I8))
      return 3;
    if (s.inIs(0, I8) && s.inIs(1, I4) && s.outIs(0, I8))
      return 7;
    if (s.integer("dilation_w_factor", 1) != 1 ||
        s.integer("dilation_h_factor", 1) != 1)
      return 2;
    return 1;
  case BuiltinOperator_FAKE_QUANT:
    return s.flag("narrow_range") ? 2 : 1;
  case BuiltinOperator_FULLY_CONNECTED:
    if (hybrid(1) && s.perAxis(1))
      return 12;
    if (s.inIs(0, I16) && s.inIs(1, I8) && s.outIs(0, I16) && s.biasTypeSet())
      return 11;
    if (s.sparse(1))
      return 8;
    if (s.inIs(0, I16) && s.inIs(1, I16) && s.outIs(0, I16))
      return 7;
    if (s.numOperands() == 2)
      return 6;
    if (s.flag("keep_num_dims"))
      return 5;
    if (s.inIs(0, I8) && s.inIs(1, I8) && s.outIs(0, I8))
      return 4;
    if (s.inIs(0, I8) && s.inIs(1, I4) && s.outIs(0, I8))
      return 10;
    if (hybrid(1))
      return s.flag("asymmetric_quantize_inputs") ? 9 : 3;
    if (s.stringIs("weights_format", "SHUFFLED4x16INT8"))
      return 2;
    return 1;
  case BuiltinOperator_GATHER:
    if (s.inIs(0, I4))
      return 7;
    if (s.inIs(1, I16))
      return 6;
    if (s.integer("batch_dims") != 0)
      return 5;
    if (s.inIs(0, I16))
      return 4;
    if (s.inIs(0, BOOL))
      return 3;
    return s.inIs(0, I8) ? 2 : 1;
  case BuiltinOperator_SVDF:
    if (s.inIs(0, I8))
      return 3;
    if (hybrid(1))
      return s.flag("asymmetric_quantize_inputs") ? 4 : 2;
    return 1;
  case BuiltinOperator_SIGN:
    return s.inIs(0, I32) ? 2 : 1;
  case BuiltinOperator_MUL: {
    if ((s.inIs(0, I16) && !s.quantized(0)) || s.inIs(0, U32))
      return 7;
    if (s.inIs(0, C64))
      return 6;
    if (s.inIs(0, I64))
      return 5;
    if (s.inIs(0, I16))
      return 4;
    double a = s.scale(0), b = s.scale(1), o = s.scale(0, /*result=*/true);
    if (a != 0 && b != 0 && o != 0 && a * b / o >= 1.0)
      return 3;
    return s.inIs(0, I8) ? 2 : 1;
  }
  case BuiltinOperator_MAX_POOL_2D:
  case BuiltinOperator_AVERAGE_POOL_2D:
    if (s.inIs(0, I16) && s.outIs(0, I16))
      return 3;
    return s.inIs(0, I8) ? 2 : 1;
  case BuiltinOperator_TRANSPOSE:
    if (s.rank(0) > 5)
      return 6;
    if (s.inIs(0, I16))
      return 5;
    if (s.rank(0) > 4)
      return 4;
    if (s.inIs(0, BOOL))
      return 3;
    return s.inIs(0, I8) ? 2 : 1;
  case BuiltinOperator_TRANSPOSE_CONV:
    // Operands: output_shape, weights, input, bias.
    if (s.inIs(2, I16) && s.inIs(1, I8) && s.outIs(0, I16) && s.biasTypeSet())
      return 5;
    if (s.hasFusedActivation())
      return 4;
    if (s.numOperands() == 4 && s.in(3) != OpSignature::kNone)
      return 3;
    return s.inIs(1, I8) ? 2 : 1;
  case BuiltinOperator_LSTM: {
    bool full = !s.stringIs("kernel_type", "BASIC");
    if (full && s.inIs(0, I16) && s.inIs(2, I8) && s.outIs(0, I16))
      return 5;
    if (full && hybrid(2))
      return s.flag("asymmetric_quantize_inputs") ? 4 : 3;
    return full ? 1 : 2;
  }
  case BuiltinOperator_UNIDIRECTIONAL_SEQUENCE_LSTM:
    if (s.inIs(0, I16) && s.inIs(2, I8) && s.outIs(0, I16))
      return 5;
    if (s.flag("diagonal_recurrent_tensors"))
      return 4;
    if (hybrid(2))
      return s.flag("asymmetric_quantize_inputs") ? 3 : 2;
    return 1;
  case BuiltinOperator_RNN:
  case BuiltinOperator_UNIDIRECTIONAL_SEQUENCE_RNN:
  case BuiltinOperator_BIDIRECTIONAL_SEQUENCE_RNN:
  case BuiltinOperator_BIDIRECTIONAL_SEQUENCE_LSTM:
    if (s.inIs(1, I8) && s.outIs(0, F32))
      return s.flag("asymmetric_quantize_inputs") ? 3 : 2;
    return 1;
  case BuiltinOperator_SPLIT:
    // Operand 0 is the axis; the data is operand 1.
    if (s.inIs(1, I16))
      return 4;
    if (s.inIs(1, I32))
      return 3;
    return s.inIs(1, I8) ? 2 : 1;
  case BuiltinOperator_SPARSE_TO_DENSE:
    if (s.inIs(2, I8) || s.inIs(2, U8))
      return 3;
    return s.inIs(2, I64) ? 2 : 1;
  case BuiltinOperator_SLICE:
    if (s.inIs(0, U32))
      return 6;
    if (s.rank(0) > 4)
      return 5;
    if (s.inIs(0, I16))
      return 4;
    if (s.inIs(0, STR))
      return 3;
    return s.inIs(0, I8) ? 2 : 1;
  case BuiltinOperator_UNPACK:
    if (s.inIs(0, I8) || s.inIs(0, U8))
      return 2;
    if (s.inIs(0, BOOL))
      return 3;
    return s.inIs(0, I16) && s.outIs(0, I16) ? 4 : 1;
  case BuiltinOperator_DEQUANTIZE:
    if (s.inIs(0, I4))
      return 6;
    if (s.inIs(0, I16) || s.inIs(0, F16))
      return 3;
    if (s.inIs(0, I8))
      return s.perAxis(0) ? 5 : 2;
    return 1;
  case BuiltinOperator_QUANTIZE:
    if (s.inIs(0, I4) || s.outIs(0, I4))
      return 4;
    if (s.resultPerAxis(0))
      return 3;
    return s.outIs(0, I16) ? 2 : 1;
  case BuiltinOperator_FLOOR_DIV:
    if (s.inIs(0, I16) || s.inIs(0, I8))
      return 3;
    return s.inIs(0, F32) ? 2 : 1;
  case BuiltinOperator_FLOOR_MOD:
    return s.inIs(0, I16) || s.inIs(0, I8) ? 2 : 1;
  case BuiltinOperator_L2_NORMALIZATION:
    return s.outIs(0, I8) ? 2 : 1;
  case BuiltinOperator_ABS:
    if (s.inIs(0, I32))
      return 5;
    if (s.inIs(0, I16))
      return s.quantized(0) ? 3 : 4;
    return s.inIs(0, I8) || s.inIs(0, U8) ? 2 : 1;
  case BuiltinOperator_RELU:
    if (s.inIs(0, I16))
      return 3;
    return s.inIs(0, I8) || s.inIs(0, U8) ? 2 : 1;
  case BuiltinOperator_STRIDED_SLICE:
    if (s.flag("offset"))
      return 8;
    if (s.inIs(0, U32))
      return 7;
    if (s.integer("ellipsis_mask") != 0 || s.integer("new_axis_mask") != 0)
      return 6;
    if (s.inIs(0, STR))
      return 5;
    if (s.rank(0) > 4)
      return 4;
    if (s.inIs(0, BOOL))
      return 3;
    return s.inIs(0, I8) ? 2 : 1;
  case BuiltinOperator_REVERSE_V2:
    if (s.inIs(0, I8))
      return 3;
    return s.inIs(0, BOOL) ? 2 : 1;
  case BuiltinOperator_RESIZE_BILINEAR:
    if (s.inIs(0, I16))
      return 4;
    if (s.flag("half_pixel_centers"))
      return 3;
    return s.inIs(0, I8) ? 2 : 1;
  case BuiltinOperator_RESIZE_NEAREST_NEIGHBOR:
    if (s.inIs(0, I16))
      return 4;
    if (s.flag("half_pixel_centers") || s.flag("align_corners"))
      return 3;
    return s.inIs(0, I8) ? 2 : 1;
  case BuiltinOperator_MAXIMUM:
  case BuiltinOperator_MINIMUM:
    if (s.inIs(0, I16) && s.outIs(0, I16))
      return 4;
    if (s.needsBroadcast() && s.maxInputRank() > 4)
      return 3;
    return s.inIs(0, I8) ? 2 : 1;
  case BuiltinOperator_PACK:
    if (s.inIs(0, I8))
      return 2;
    if (s.inIs(0, I16) && s.outIs(0, I16))
      return 3;
    return s.inIs(0, U32) ? 4 : 1;
  case BuiltinOperator_TILE:
    if (s.inIs(0, I8))
      return 3;
    return s.inIs(0, STR) ? 2 : 1;
  case BuiltinOperator_SQUEEZE:
    return s.inIs(0, STR) ? 2 : 1;
  case BuiltinOperator_SPACE_TO_BATCH_ND:
  case BuiltinOperator_BATCH_TO_SPACE_ND:
    if (s.inIs(0, I16))
      return 4;
    if (s.rank(0) != 4)
      return 3;
    return s.inIs(0, I8) ? 2 : 1;
  case BuiltinOperator_ADD:
    if (s.inIs(0, I16) && !s.quantized(0))
      return 5;
    if (s.inIs(0, I64))
      return 4;
    if (s.inIs(0, I16) && s.outIs(0, I16) && !s.flag("pot_scale_int16"))
      return 3;
    return s.inIs(0, I8) ? 2 : 1;
  case BuiltinOperator_SUB:
    if (s.inIs(0, I16) && s.outIs(0, I16) && !s.flag("pot_scale_int16"))
      return 5;
    if (s.inIs(0, I64))
      return 4;
    if (s.needsBroadcast() && s.maxInputRank() > 4)
      return 3;
    return s.inIs(0, I8) ? 2 : 1;
  case BuiltinOperator_GATHER_ND:
    if (s.inIs(0, BOOL))
      return 5;
    if (s.inIs(1, I16))
      return 4;
    if (s.inIs(0, I16))
      return 3;
    return s.inIs(0, STR) ? 2 : 1;
  case BuiltinOperator_DIV:
    return s.needsBroadcast() && s.maxInputRank() > 4 ? 2 : 1;
  case BuiltinOperator_TANH:
  case BuiltinOperator_LOGISTIC:
    if (s.inIs(0, I16) && s.outIs(0, I16))
      return 3;
    return s.inIs(0, I8) ? 2 : 1;
  case BuiltinOperator_FILL:
    if (s.inIs(1, F16))
      return 4;
    if (s.inIs(1, I8) || s.inIs(1, I16))
      return 3;
    return s.inIs(1, BOOL) || s.inIs(1, STR) ? 2 : 1;
  case BuiltinOperator_EQUAL:
    if (s.inIs(0, I16))
      return 4;
    if (s.inIs(0, STR))
      return 3;
    return s.inIs(0, I8) ? 2 : 1;
  case BuiltinOperator_NOT_EQUAL:
    if (s.inIs(0, STR))
      return 3;
    return s.inIs(0, I8) ? 2 : 1;
  case BuiltinOperator_LEAKY_RELU:
    return s.inIs(0, I16) ? 2 : 1;
  case BuiltinOperator_RANGE:
    return s.inIs(0, I64) ? 2 : 1;
  case BuiltinOperator_BATCH_MATMUL:
    if (s.inIs(0, I16))
      return 3;
    if (s.inIs(0, I8))
      return 2;
    return hybrid(1) && s.flag("asymmetric_quantize_inputs") ? 4 : 1;
  case BuiltinOperator_PAD:
  case BuiltinOperator_PADV2:
    if (s.rank(0) > 4)
      return 4;
    return int16Or8(3, 2);
  case BuiltinOperator_CONCATENATION:
    if (s.inIs(0, U32))
      return 4;
    return int16Or8(3, 2);
  case BuiltinOperator_SOFTMAX:
  case BuiltinOperator_MEAN:
  case BuiltinOperator_MIRROR_PAD:
  case BuiltinOperator_REDUCE_MAX:
  case BuiltinOperator_REDUCE_MIN:
  case BuiltinOperator_RELU6:
  case BuiltinOperator_RSQRT:
    return int16Or8(3, 2);
  case BuiltinOperator_ARG_MAX:
  case BuiltinOperator_ARG_MIN:
    if (s.inIs(0, BOOL))
      return 3;
    return s.inIs(0, I8) ? 2 : 1;
  case BuiltinOperator_SELECT:
    if (s.inIs(0, U32))
      return 4;
    if (s.rank(0) == 5 || s.rank(1) == 5 || s.rank(2) == 5)
      return 3;
    return s.inIs(0, I8) ? 2 : 1;
  case BuiltinOperator_LESS:
  case BuiltinOperator_GREATER_EQUAL:
    return int16Or8(3, 2);
  case BuiltinOperator_SELECT_V2:
    return s.inIs(0, U32) ? 2 : 1;
  case BuiltinOperator_SPACE_TO_DEPTH:
  case BuiltinOperator_SPLIT_V:
  case BuiltinOperator_SUM:
  case BuiltinOperator_LOG_SOFTMAX:
  case BuiltinOperator_GREATER:
  case BuiltinOperator_LESS_EQUAL:
  case BuiltinOperator_SQUARED_DIFFERENCE:
  case BuiltinOperator_DEPTH_TO_SPACE:
    return s.inIs(0, I8) ? 2 : 1;
  case BuiltinOperator_TOPK_V2:
    if (s.inIs(0, I16) || s.inIs(1, I16) || s.outIs(1, I16))
      return 3;
    return s.inIs(0, I8) ? 2 : 1;
  case BuiltinOperator_EXP:
  case BuiltinOperator_LOG:
  case BuiltinOperator_REDUCE_PROD:
    return s.inIs(0, I8) || s.inIs(0, I16) ? 2 : 1;
  case BuiltinOperator_BROADCAST_TO:
    // Version 1 was withdrawn (its builtin code changed): 2 is the first.
    return s.inIs(0, I8) || s.inIs(0, I16) ? 3 : 2;
  case BuiltinOperator_CAST:
    if (s.inIs(0, BF16) || s.outIs(0, BF16))
      return 7;
    if (s.inIs(0, I4) && s.outIs(0, F32))
      return 6;
    if (s.inIs(0, F64) || s.outIs(0, F64) || s.inIs(0, F16) || s.outIs(0, F16))
      return 5;
    if (s.inIs(0, U16) || s.outIs(0, U16))
      return 4;
    if (s.inIs(0, I8) || s.outIs(0, I8))
      return 3;
    return s.inIs(0, U32) || s.outIs(0, U32) ? 2 : 1;
  case BuiltinOperator_WHERE:
    return s.inIs(0, BOOL) ? 1 : 2;
  case BuiltinOperator_GELU:
    return s.inIs(0, I8) || s.inIs(0, U8) ? 2 : 1;
  default:
    return 1;
  }
}

} // namespace

int32_t minimalOpVersion(Operation *op, int32_t code) {
  return versionOf(OpSignature(op), code);
}

std::string minimumRuntimeVersion(int32_t code, int32_t version) {
  // Per operator, the runtime for versions 1, 2, ... ("" = no such version).
  static const std::map<int32_t, std::vector<const char *>> table = {
      {BuiltinOperator_AVERAGE_POOL_2D, {"1.5.0", "1.14.0", "2.3.0"}},
      {BuiltinOperator_BATCH_MATMUL, {"2.3.0", "2.3.0", "2.4.0", "2.5.0"}},
      {BuiltinOperator_BROADCAST_TO, {"", "2.5.0", "2.5.0"}},
      {BuiltinOperator_CONV_2D,
       {"1.5.0", "1.14.0", "1.14.0", "2.3.0", "2.4.0", "2.9.0"}},
      {BuiltinOperator_DEPTHWISE_CONV_2D,
       {"1.5.0", "1.12.0", "1.14.0", "2.2.0", "2.3.0", "2.3.0"}},
      {BuiltinOperator_ADD, {"1.5.0", "1.14.0", "2.4.0", "2.6.0"}},
      {BuiltinOperator_ADD_N, {"1.14.0"}},
      {BuiltinOperator_SPACE_TO_BATCH_ND, {"1.6.0", "1.14.0", "2.3.0"}},
      {BuiltinOperator_SUB, {"1.6.0", "1.14.0", "2.3.0", "2.4.0", "2.4.0"}},
      {BuiltinOperator_DENSIFY, {"2.2.0"}},
      {BuiltinOperator_DIV, {"1.6.0", "2.3.0"}},
      {BuiltinOperator_BATCH_TO_SPACE_ND, {"1.6.0", "1.14.0", "2.3.0"}},
      {BuiltinOperator_CAST, {"1.5.0", "2.7.0", "2.8.0", "2.9.0"}},
      {BuiltinOperator_CONCATENATION, {"1.5.0", "1.14.0", "2.3.0"}},
      {BuiltinOperator_DEPTH_TO_SPACE, {"2.1.0", "2.5.0"}},
      {BuiltinOperator_EMBEDDING_LOOKUP, {"1.13.0", "1.14.0", "1.14.0"}},
      {BuiltinOperator_FAKE_QUANT, {"1.5.0", "1.10.0"}},
      {BuiltinOperator_FULLY_CONNECTED,
       {"1.5.0", "1.10.0", "1.14.0", "1.14.0", "2.0.0", "2.1.0", "2.3.0",
        "2.3.0", "2.3.0"}},
      {BuiltinOperator_GATHER, {"1.6.0", "1.14.0", "1.15.0", "2.4.0", "2.5.0"}},
      {BuiltinOperator_GATHER_ND, {"1.14.0", "2.3.0", "2.5.0"}},
      {BuiltinOperator_SVDF, {"1.5.0", "1.14.0", "2.2.0", "2.3.0"}},
      {BuiltinOperator_L2_NORMALIZATION, {"1.5.0", "1.14.0"}},
      {BuiltinOperator_L2_POOL_2D, {"1.5.0"}},
      {BuiltinOperator_LOCAL_RESPONSE_NORMALIZATION, {"1.5.0"}},
      {BuiltinOperator_MAX_POOL_2D, {"1.5.0", "1.14.0", "2.3.0"}},
      {BuiltinOperator_MAXIMUM, {"1.14.0", "1.14.0", "2.3.0", "2.3.0"}},
      {BuiltinOperator_MINIMUM, {"1.14.0", "1.14.0", "2.3.0", "2.3.0"}},
      {BuiltinOperator_MUL, {"1.5.0", "1.14.0", "1.15.0", "2.3.0", "2.6.0"}},
      {BuiltinOperator_NON_MAX_SUPPRESSION_V4, {"2.1.0"}},
      {BuiltinOperator_NON_MAX_SUPPRESSION_V5, {"2.1.0"}},
      {BuiltinOperator_PAD, {"1.5.0", "1.14.0", "2.4.0", "2.6.0"}},
      {BuiltinOperator_TILE, {"1.10.1", "2.2.0", "2.8.0"}},
      {BuiltinOperator_PADV2, {"1.9.0", "1.14.0", "2.4.0", "2.6.0"}},
      {BuiltinOperator_RESHAPE, {"1.5.0"}},
      {BuiltinOperator_SOFTMAX, {"1.5.0", "1.14.0", "2.3.0"}},
      {BuiltinOperator_SPACE_TO_DEPTH, {"1.5.0", "1.14.0"}},
      {BuiltinOperator_TRANSPOSE,
       {"1.6.0", "1.14.0", "1.15.0", "2.3.0", "2.4.0"}},
      {BuiltinOperator_LSTM, {"1.7.0", "1.10.0", "1.14.0", "2.3.0"}},
      {BuiltinOperator_UNIDIRECTIONAL_SEQUENCE_LSTM,
       {"1.13.1", "1.14.0", "2.3.0"}},
      {BuiltinOperator_BIDIRECTIONAL_SEQUENCE_LSTM,
       {"1.14.0", "1.14.0", "1.14.0"}},
      {BuiltinOperator_BIDIRECTIONAL_SEQUENCE_RNN,
       {"1.14.0", "1.14.0", "2.3.0"}},
      {BuiltinOperator_MEAN, {"1.6.0", "1.14.0", "2.4.0"}},
      {BuiltinOperator_SUM, {"1.10.0", "1.15.0"}},
      {BuiltinOperator_REDUCE_MAX, {"1.11.0", "1.14.0", "2.5.0"}},
      {BuiltinOperator_REDUCE_MIN, {"1.11.0", "1.14.0", "2.5.0"}},
      {BuiltinOperator_REDUCE_PROD, {"1.11.0", "2.6.0"}},
      {BuiltinOperator_REDUCE_ANY, {"1.11.0"}},
      {BuiltinOperator_RELU6, {"1.5.0", "1.14.0", "2.5.0"}},
      {BuiltinOperator_RESIZE_BILINEAR, {"1.7.0", "1.14.0", "2.2.0", "2.5.0"}},
      {BuiltinOperator_RESIZE_NEAREST_NEIGHBOR,
       {"1.13.1", "1.14.0", "2.3.0", "2.4.0"}},
      {BuiltinOperator_RNN, {"1.5.0", "1.14.0", "2.3.0"}},
      {BuiltinOperator_SKIP_GRAM, {"1.5.0"}},
      {BuiltinOperator_SQUEEZE, {"1.6.0", "2.5.0"}},
      {BuiltinOperator_SPLIT, {"1.5.0", "1.14.0", "1.14.0", "2.3.0"}},
      {BuiltinOperator_SPLIT_V, {"1.13.1", "2.3.0"}},
      {BuiltinOperator_STRIDED_SLICE,
       {"1.6.0", "1.14.0", "2.1.0", "2.2.0", "2.5.0", "2.6.0"}},
      {BuiltinOperator_TOPK_V2, {"1.7.0", "1.14.0"}},
      {BuiltinOperator_ARG_MAX, {"1.9.0", "1.14.0", "2.9.0"}},
      {BuiltinOperator_ARG_MIN, {"1.9.0", "1.14.0", "2.9.0"}},
      {BuiltinOperator_TRANSPOSE_CONV, {"1.9.0", "2.2.0", "2.3.0"}},
      {BuiltinOperator_SPARSE_TO_DENSE, {"1.9.0", "1.14.0", "1.15.0"}},
      {BuiltinOperator_EXPAND_DIMS, {"1.10.0"}},
      {BuiltinOperator_PACK, {"1.11.0", "1.14.0", "2.3.0"}},
      {BuiltinOperator_SHAPE, {"1.10.0"}},
      {BuiltinOperator_SLICE, {"1.14.0", "1.14.0", "1.14.0", "2.4.0", "2.5.0"}},
      {BuiltinOperator_TANH, {"1.14.0", "1.14.0", "2.3.0"}},
      {BuiltinOperator_ONE_HOT, {"1.11.0"}},
      {BuiltinOperator_UNPACK, {"1.11.0", "1.14.0", "2.2.0", "2.3.0"}},
      {BuiltinOperator_LEAKY_RELU, {"1.13.1", "2.3.0"}},
      {BuiltinOperator_LOGISTIC, {"1.14.0", "1.14.0", "2.3.0"}},
      {BuiltinOperator_LOG_SOFTMAX, {"1.14.0", "1.14.0"}},
      {BuiltinOperator_LSH_PROJECTION, {"1.5.0"}},
      {BuiltinOperator_SQUARED_DIFFERENCE, {"1.13.1", "2.5.0"}},
      {BuiltinOperator_MIRROR_PAD, {"1.13.1", "2.3.0"}},
      {BuiltinOperator_UNIQUE, {"1.14.0"}},
      {BuiltinOperator_UNIDIRECTIONAL_SEQUENCE_RNN,
       {"1.14.0", "1.14.0", "2.3.0"}},
      {BuiltinOperator_WHERE, {"1.14.0", "2.8.0"}},
      {BuiltinOperator_DEQUANTIZE,
       {"1.13.1", "1.14.0", "1.15.0", "2.2.0", "2.7.0"}},
      {BuiltinOperator_REVERSE_SEQUENCE, {"1.14.0"}},
      {BuiltinOperator_EQUAL, {"1.14.0", "1.14.0", "2.3.0"}},
      {BuiltinOperator_NOT_EQUAL, {"1.14.0", "1.14.0", "2.3.0"}},
      {BuiltinOperator_GREATER, {"1.14.0", "1.14.0"}},
      {BuiltinOperator_GREATER_EQUAL, {"1.14.0", "1.14.0"}},
      {BuiltinOperator_LESS, {"1.14.0", "1.14.0"}},
      {BuiltinOperator_LESS_EQUAL, {"1.14.0", "1.14.0"}},
      {BuiltinOperator_SCATTER_ND, {"2.1.0"}},
      {BuiltinOperator_SEGMENT_SUM, {"2.2.0"}},
      {BuiltinOperator_SELECT, {"1.14.0", "1.14.0"}},
      {BuiltinOperator_SELECT_V2, {"2.2.0"}},
      {BuiltinOperator_IF, {"1.15.0"}},
      {BuiltinOperator_FLOOR_DIV, {"1.14.0", "1.14.0"}},
      {BuiltinOperator_FLOOR, {"1.9.0"}},
      {BuiltinOperator_CEIL, {"1.14.0"}},
      {BuiltinOperator_MATRIX_DIAG, {"1.14.0"}},
      {BuiltinOperator_MATRIX_SET_DIAG, {"1.14.0"}},
      {BuiltinOperator_ELU, {"1.14.0"}},
      {BuiltinOperator_QUANTIZE, {"1.14.0", "1.15.0", "2.7.0"}},
      {BuiltinOperator_ROUND, {"1.14.0"}},
      {BuiltinOperator_RELU, {"1.5.0", "2.1.0", "2.5.0"}},
      {BuiltinOperator_RELU_N1_TO_1, {"1.5.0"}},
      {BuiltinOperator_RELU_0_TO_1, {"2.10.0"}},
      {BuiltinOperator_PRELU, {"1.8.0"}},
      {BuiltinOperator_EXP, {"1.7.0"}},
      {BuiltinOperator_COS, {"1.14.0"}},
      {BuiltinOperator_NEG, {"1.9.0"}},
      {BuiltinOperator_POW, {"1.10.0"}},
      {BuiltinOperator_LOGICAL_OR, {"1.11.0"}},
      {BuiltinOperator_LOGICAL_AND, {"1.11.0"}},
      {BuiltinOperator_LOGICAL_NOT, {"1.11.0"}},
      {BuiltinOperator_FLOOR_MOD, {"1.13.0"}},
      {BuiltinOperator_RANGE, {"1.13.0"}},
      {BuiltinOperator_SIN, {"1.9.0"}},
      {BuiltinOperator_LOG, {"1.14.0"}},
      {BuiltinOperator_SQRT, {"1.10.0"}},
      {BuiltinOperator_RSQRT, {"1.10.0", "2.5.0"}},
      {BuiltinOperator_SQUARE, {"1.12.0"}},
      {BuiltinOperator_ZEROS_LIKE, {"1.12.0"}},
      {BuiltinOperator_ABS, {"1.13.0", "2.4.0", "2.5.0", "2.6.0"}},
      {BuiltinOperator_HARD_SWISH, {"1.15.0"}},
      {BuiltinOperator_FILL, {"1.13.0", "2.3.0", "2.5.0"}},
      {BuiltinOperator_REVERSE_V2, {"1.14.0", "2.2.0", "2.5.0"}},
      {BuiltinOperator_RANK, {"1.14.0"}},
      {BuiltinOperator_WHILE, {"1.15.0"}},
      {BuiltinOperator_CUMSUM, {"2.4.0"}},
      {BuiltinOperator_CALL_ONCE, {"2.5.0"}},
      {BuiltinOperator_RFFT2D, {"2.5.0"}},
      {BuiltinOperator_CONV_3D, {"2.5.0"}},
      {BuiltinOperator_IMAG, {"2.5.0"}},
      {BuiltinOperator_REAL, {"2.5.0"}},
      {BuiltinOperator_COMPLEX_ABS, {"2.5.0"}},
      {BuiltinOperator_HASHTABLE, {"2.5.0"}},
      {BuiltinOperator_HASHTABLE_FIND, {"2.5.0"}},
      {BuiltinOperator_HASHTABLE_IMPORT, {"2.5.0"}},
      {BuiltinOperator_HASHTABLE_SIZE, {"2.5.0"}},
      {BuiltinOperator_REDUCE_ALL, {"2.6.0"}},
      {BuiltinOperator_CONV_3D_TRANSPOSE, {"2.6.0"}},
      {BuiltinOperator_VAR_HANDLE, {"2.6.0"}},
      {BuiltinOperator_READ_VARIABLE, {"2.6.0"}},
      {BuiltinOperator_ASSIGN_VARIABLE, {"2.6.0"}},
      {BuiltinOperator_BROADCAST_ARGS, {"2.6.0"}},
      {BuiltinOperator_RANDOM_STANDARD_NORMAL, {"2.8.0"}},
      {BuiltinOperator_BUCKETIZE, {"2.8.0"}},
      {BuiltinOperator_RANDOM_UNIFORM, {"2.8.0"}},
      {BuiltinOperator_MULTINOMIAL, {"2.8.0"}},
      {BuiltinOperator_GELU, {"2.9.0", "2.9.0"}},
      {BuiltinOperator_DYNAMIC_UPDATE_SLICE, {"2.9.0"}},
      {BuiltinOperator_UNSORTED_SEGMENT_PROD, {"2.10.0"}},
      {BuiltinOperator_UNSORTED_SEGMENT_MAX, {"2.10.0"}},
      {BuiltinOperator_UNSORTED_SEGMENT_MIN, {"2.11.0"}},
      {BuiltinOperator_UNSORTED_SEGMENT_SUM, {"2.10.0"}},
      {BuiltinOperator_ATAN2, {"2.10.0"}},
  };
  auto it = table.find(code);
  if (it == table.end() || version < 1 ||
      static_cast<size_t>(version) > it->second.size())
    return "";
  return it->second[version - 1];
}

} // namespace tfmlir::tflite_io
