//===- ConvertFakeQuant.cpp - QAT FakeQuant ops -> quantize/dequantize ----===//
//
// tf.FakeQuantWithMinMaxArgs, tf.FakeQuantWithMinMaxVars and
// tf.FakeQuantWithMinMaxVarsPerChannel become
//   %q = tfl.quantize(%x) : !quant.uniform<...>   (parameters from min/max)
//   %y = tfl.dequantize(%q) : f32
// as TF's converter does for quantization-aware-trained graphs. Parameters
// follow TF's FakeQuant nudging (quantutil::rangeToType): num_bits storage
// bits, signed storage ([-2^(b-1), 2^(b-1)-1], TF's int8 inference type),
// narrow_range drops the lowest value. Per-channel ranges are along the last
// dimension of the input. The Vars forms need constant min/max; otherwise
// the op is reported as unsupported with the reason.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Helpers.h"
#include "lib/Transforms/Quantization/QuantUtils.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

namespace tfmlir::conv {
namespace {

using Results = SmallVectorImpl<Value>;

std::optional<SmallVector<double>> floats(Value v) {
  auto c = constantOf(v);
  if (!c || !isa<FloatType>(c->getElementType()))
    return std::nullopt;
  SmallVector<double> out;
  for (APFloat f : c->getValues<APFloat>())
    out.push_back(f.convertToDouble());
  return out;
}

LogicalResult emitPair(Operation *op, OpBuilder &b, Type elem, Results &res) {
  Value x = op->getOperand(0);
  Type qt = quantutil::withElementType(x.getType(), elem);
  Value q = create1(b, op->getLoc(), "tfl.quantize", {x}, qt);
  res.push_back(create1(b, op->getLoc(), "tfl.dequantize", {q}, x.getType()));
  return success();
}

LogicalResult bitsAndRange(Operation *op, int64_t &bits, bool &narrow, std::string &why) {
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

LogicalResult convertFakeQuantArgs(Operation *op, OpBuilder &b, Results &res,
                                   std::string &why) {
  int64_t bits;
  bool narrow;
  if (failed(bitsAndRange(op, bits, narrow, why)))
    return failure();
  double lo = floatAttr(op, "min", -6.0), hi = floatAttr(op, "max", 6.0);
  auto t = quantutil::rangeToType(op->getContext(), lo, hi, bits, narrow, true, &why);
  if (!t)
    return failure();
  return emitPair(op, b, t, res);
}

LogicalResult convertFakeQuantVars(Operation *op, OpBuilder &b, Results &res,
                                   std::string &why) {
  int64_t bits;
  bool narrow;
  if (failed(bitsAndRange(op, bits, narrow, why)))
    return failure();
  auto lo = floats(op->getOperand(1)), hi = floats(op->getOperand(2));
  if (!lo || !hi || lo->size() != 1 || hi->size() != 1) {
    why = "min and max must be constant scalars";
    return failure();
  }
  auto t = quantutil::rangeToType(op->getContext(), (*lo)[0], (*hi)[0], bits,
                                  narrow, true, &why);
  if (!t)
    return failure();
  return emitPair(op, b, t, res);
}

LogicalResult convertFakeQuantPerChannel(Operation *op, OpBuilder &b, Results &res,
                                         std::string &why) {
  int64_t bits;
  bool narrow;
  if (failed(bitsAndRange(op, bits, narrow, why)))
    return failure();
  auto lo = floats(op->getOperand(1)), hi = floats(op->getOperand(2));
  auto xt = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  if (!lo || !hi || lo->size() != hi->size()) {
    why = "min and max must be constant vectors of equal length";
    return failure();
  }
  if (!xt || xt.getRank() == 0 || xt.isDynamicDim(xt.getRank() - 1) ||
      xt.getDimSize(xt.getRank() - 1) != static_cast<int64_t>(lo->size())) {
    why = "min/max have " + std::to_string(lo->size()) +
          " channels but the input's last dimension differs";
    return failure();
  }
  auto t = quantutil::rangesToPerAxisType(op->getContext(), *lo, *hi,
                                          xt.getRank() - 1, bits, narrow, true, &why);
  if (!t)
    return failure();
  return emitPair(op, b, t, res);
}

} // namespace

void addFakeQuantConverters(llvm::StringMap<Converter> &t) {
  t["tf.FakeQuantWithMinMaxArgs"] = convertFakeQuantArgs;
  t["tf.FakeQuantWithMinMaxVars"] = convertFakeQuantVars;
  t["tf.FakeQuantWithMinMaxVarsPerChannel"] = convertFakeQuantPerChannel;
}

} // namespace tfmlir::conv
