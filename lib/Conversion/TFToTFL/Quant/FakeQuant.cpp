//===- FakeQuant.cpp - QAT FakeQuant ops -> tfl quantize/dequantize -------===//
//
// FakeQuantWithMinMaxArgs, FakeQuantWithMinMaxVars and
// FakeQuantWithMinMaxVarsPerChannel of TFOpsQuant.td (TF kernels
// FakeQuantWithMinMax*Op) become
//   %q = tfl.quantize(%x) : !quant.uniform<...>   (parameters from min/max)
//   %y = tfl.dequantize(%q) : f32
// as TF's converter does for quantization-aware-trained graphs. Parameters
// follow TF's FakeQuant nudging (quantutil::rangeToType): num_bits storage
// bits, signed storage ([-2^(b-1), 2^(b-1)-1], TF's int8 inference type),
// narrow_range drops the lowest value. Per-channel ranges are along the last
// dimension of the input. The Vars forms need constant min/max, num_bits in
// [2, 16]; otherwise the op is refused with the reason.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Patterns.h"
#include "lib/Transforms/Quantization/QuantUtils.h"

#include "dialects/tf/TFOps.h"
#include "dialects/tfl/TFLOps.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

namespace tfmlir::conv {
namespace {

std::optional<SmallVector<double>> floats(Value v) {
  auto c = constantOf(v);
  if (!c || !isa<FloatType>(c->getElementType()))
    return std::nullopt;
  SmallVector<double> out;
  for (APFloat f : c->getValues<APFloat>())
    out.push_back(f.convertToDouble());
  return out;
}

/// tfl.dequantize(tfl.quantize(x)) with storage type `elem`.
void emitPair(OpBuilder &b, Location loc, Value x, Type elem,
              SmallVectorImpl<Value> &results) {
  Type qt = quantutil::withElementType(x.getType(), elem);
  Value q = tfl::QuantizeOp::create(b, loc, qt, x);
  results.push_back(tfl::DequantizeOp::create(b, loc, x.getType(), q));
}

LogicalResult bitsAndRange(Operation *op, int64_t &bits, bool &narrow,
                           std::string &why) {
  bits = 8;
  if (auto a = op->getAttrOfType<IntegerAttr>("num_bits"))
    bits = a.getInt();
  narrow = boolAttr(op, "narrow_range");
  if (bits < 2 || bits > 16) {
    why = "num_bits " + std::to_string(bits) + " is outside [2, 16]";
    return failure();
  }
  return success();
}

/// The body the three FakeQuant patterns share: reads num_bits and
/// narrow_range (bitsAndRange), asks the subclass for the quantized storage
/// type (`quantType`, from the op's min/max) and builds
/// tfl.dequantize(tfl.quantize(inputs)) with it (emitPair). Either step
/// failing refuses the op with its reason.
template <typename OpTy> struct FakeQuantLowering : TFLPattern<OpTy> {
  using TFLPattern<OpTy>::TFLPattern;
  using OpAdaptor = typename TFLPattern<OpTy>::OpAdaptor;

  /// The quant type of `op`'s output for `bits` storage bits, or null with
  /// `why` set.
  virtual Type quantType(OpTy op, OpAdaptor a, int64_t bits, bool narrow,
                         std::string &why) const = 0;

  LogicalResult convert(OpTy op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const final {
    int64_t bits;
    bool narrow;
    std::string why;
    if (failed(bitsAndRange(op, bits, narrow, why)))
      return this->fail(op, b, why);
    Type t = quantType(op, a, bits, narrow, why);
    if (!t)
      return this->fail(op, b, why);
    emitPair(b, op.getLoc(), a.getInputs(), t, results);
    return success();
  }
};

/// tf.FakeQuantWithMinMaxArgs -> quantize + dequantize (min/max attrs).
struct FakeQuantArgsLowering
    : FakeQuantLowering<TF::FakeQuantWithMinMaxArgsOp> {
  using FakeQuantLowering::FakeQuantLowering;
  Type quantType(TF::FakeQuantWithMinMaxArgsOp op, OpAdaptor, int64_t bits,
                 bool narrow, std::string &why) const override {
    double lo = floatAttr(op, "min", -6.0), hi = floatAttr(op, "max", 6.0);
    return quantutil::rangeToType(op->getContext(), lo, hi, bits, narrow, true,
                                  &why);
  }
};

/// tf.FakeQuantWithMinMaxVars -> quantize + dequantize (constant scalar
/// min/max).
struct FakeQuantVarsLowering
    : FakeQuantLowering<TF::FakeQuantWithMinMaxVarsOp> {
  using FakeQuantLowering::FakeQuantLowering;
  Type quantType(TF::FakeQuantWithMinMaxVarsOp op, OpAdaptor a, int64_t bits,
                 bool narrow, std::string &why) const override {
    auto lo = floats(a.getMin()), hi = floats(a.getMax());
    if (!lo || !hi || lo->size() != 1 || hi->size() != 1) {
      why = "min and max must be constant scalars";
      return {};
    }
    return quantutil::rangeToType(op->getContext(), (*lo)[0], (*hi)[0], bits,
                                  narrow, true, &why);
  }
};

/// tf.FakeQuantWithMinMaxVarsPerChannel -> quantize + dequantize with a
/// per-axis type along the last dim (constant min/max vectors).
struct FakeQuantPerChannelLowering
    : FakeQuantLowering<TF::FakeQuantWithMinMaxVarsPerChannelOp> {
  using FakeQuantLowering::FakeQuantLowering;
  Type quantType(TF::FakeQuantWithMinMaxVarsPerChannelOp op, OpAdaptor a,
                 int64_t bits, bool narrow, std::string &why) const override {
    auto lo = floats(a.getMin()), hi = floats(a.getMax());
    auto xt = dyn_cast<RankedTensorType>(a.getInputs().getType());
    if (!lo || !hi || lo->size() != hi->size()) {
      why = "min and max must be constant vectors of equal length";
      return {};
    }
    if (!xt || xt.getRank() == 0 || xt.isDynamicDim(xt.getRank() - 1) ||
        xt.getDimSize(xt.getRank() - 1) != static_cast<int64_t>(lo->size())) {
      why = "min/max have " + std::to_string(lo->size()) +
            " channels but the input's last dimension differs";
      return {};
    }
    return quantutil::rangesToPerAxisType(
        op->getContext(), *lo, *hi, xt.getRank() - 1, bits, narrow, true, &why);
  }
};

} // namespace

void populateQuantFakeQuantPatterns(RewritePatternSet &patterns,
                                    ConversionState &state) {
  patterns.add<FakeQuantArgsLowering, FakeQuantVarsLowering,
               FakeQuantPerChannelLowering>(patterns.getContext(), state);
}

} // namespace tfmlir::conv
