//===- QuantUtils.cpp - quantization parameters and constants -------------===//
#include "lib/Transforms/Quantization/QuantUtils.h"

#include "dialects/tfl/TFLOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"

#include <algorithm>
#include <cmath>
#include <limits>

using namespace mlir;

namespace tfmlir::quantutil {

namespace {
struct Bounds {
  int64_t qmin, qmax;
};
Bounds storageBounds(unsigned numBits, bool narrowRange, bool isSigned) {
  int64_t lo = isSigned ? -(int64_t(1) << (numBits - 1)) : 0;
  int64_t hi = isSigned ? (int64_t(1) << (numBits - 1)) - 1
                        : (int64_t(1) << numBits) - 1;
  if (narrowRange)
    ++lo;
  return {lo, hi};
}

/// TF's nudging of [rmin, rmax] to (scale, zero point); false on bad input.
bool nudge(double rmin, double rmax, Bounds b, double &scale, int64_t &zp,
           std::string *why) {
  if (!std::isfinite(rmin) || !std::isfinite(rmax)) {
    if (why)
      *why = "non-finite range [" + std::to_string(rmin) + ", " +
             std::to_string(rmax) + "]";
    return false;
  }
  if (rmin > rmax) {
    if (why)
      *why = "min " + std::to_string(rmin) + " > max " + std::to_string(rmax);
    return false;
  }
  rmin = std::min(rmin, 0.0);
  rmax = std::max(rmax, 0.0);
  if (rmax - rmin <= 0.0) {
    scale = 1.0;
    zp = std::clamp<int64_t>(0, b.qmin, b.qmax);
    return true;
  }
  scale = (rmax - rmin) / double(b.qmax - b.qmin);
  double zpFromMin = double(b.qmin) - rmin / scale;
  if (zpFromMin <= double(b.qmin))
    zp = b.qmin;
  else if (zpFromMin >= double(b.qmax))
    zp = b.qmax;
  else
    zp = static_cast<int64_t>(std::round(zpFromMin));
  return true;
}

Type storageType(MLIRContext *ctx, unsigned numBits, bool /*isSigned*/) {
  // Signless storage, as upstream quant types print it (i8, u8 via flags).
  return IntegerType::get(ctx, numBits);
}
} // namespace

quant::UniformQuantizedType rangeToType(MLIRContext *ctx, double rmin,
                                        double rmax, unsigned numBits,
                                        bool narrowRange, bool isSigned,
                                        std::string *why) {
  Bounds b = storageBounds(numBits, narrowRange, isSigned);
  double scale;
  int64_t zp;
  if (!nudge(rmin, rmax, b, scale, zp, why))
    return {};
  return quant::UniformQuantizedType::get(
      isSigned ? quant::QuantizationFlags::Signed : 0,
      storageType(ctx, numBits, isSigned), Float32Type::get(ctx), scale, zp,
      b.qmin, b.qmax);
}

quant::UniformQuantizedPerAxisType
rangesToPerAxisType(MLIRContext *ctx, ArrayRef<double> mins,
                    ArrayRef<double> maxs, int32_t axis, unsigned numBits,
                    bool narrowRange, bool isSigned, std::string *why) {
  Bounds b = storageBounds(numBits, narrowRange, isSigned);
  SmallVector<double> scales;
  SmallVector<int64_t> zps;
  for (auto [lo, hi] : llvm::zip(mins, maxs)) {
    double scale;
    int64_t zp;
    if (!nudge(lo, hi, b, scale, zp, why))
      return {};
    scales.push_back(scale);
    zps.push_back(zp);
  }
  return quant::UniformQuantizedPerAxisType::get(
      isSigned ? quant::QuantizationFlags::Signed : 0,
      storageType(ctx, numBits, isSigned), Float32Type::get(ctx), scales, zps,
      axis, b.qmin, b.qmax);
}

namespace {
std::vector<double> floatValues(DenseElementsAttr w) {
  std::vector<double> v;
  v.reserve(w.getNumElements());
  for (APFloat f : w.getValues<APFloat>())
    v.push_back(f.convertToDouble());
  return v;
}
} // namespace

quant::UniformQuantizedPerAxisType symmetricPerAxisType(DenseElementsAttr w,
                                                        int32_t axis) {
  auto st = cast<ShapedType>(w.getType());
  ArrayRef<int64_t> shape = st.getShape();
  int64_t channels = shape[axis];
  int64_t inner = 1;
  for (size_t d = axis + 1; d < shape.size(); ++d)
    inner *= shape[d];
  std::vector<double> v = floatValues(w);
  SmallVector<double> maxAbs(channels, 0.0);
  for (size_t i = 0; i < v.size(); ++i) {
    int64_t c = (static_cast<int64_t>(i) / inner) % channels;
    maxAbs[c] = std::max(maxAbs[c], std::fabs(v[i]));
  }
  SmallVector<double> scales;
  for (double m : maxAbs)
    scales.push_back(m > 0.0 ? m / 127.0 : 1.0);
  SmallVector<int64_t> zps(channels, 0);
  MLIRContext *ctx = w.getContext();
  return quant::UniformQuantizedPerAxisType::get(
      quant::QuantizationFlags::Signed, IntegerType::get(ctx, 8),
      Float32Type::get(ctx), scales, zps, axis, -127, 127);
}

quant::UniformQuantizedType symmetricPerTensorType(DenseElementsAttr w) {
  double m = 0.0;
  for (double x : floatValues(w))
    m = std::max(m, std::fabs(x));
  MLIRContext *ctx = w.getContext();
  return quant::UniformQuantizedType::get(
      quant::QuantizationFlags::Signed, IntegerType::get(ctx, 8),
      Float32Type::get(ctx), m > 0.0 ? m / 127.0 : 1.0, 0, -127, 127);
}

quant::UniformQuantizedType asymmetricPerTensorType(DenseElementsAttr w) {
  double lo = 0.0, hi = 0.0;
  for (double x : floatValues(w)) {
    lo = std::min(lo, x);
    hi = std::max(hi, x);
  }
  return rangeToType(w.getContext(), lo, hi, 8, false, true);
}

DenseElementsAttr quantizeValues(DenseElementsAttr w,
                                 quant::QuantizedType qtype) {
  auto st = cast<ShapedType>(w.getType());
  std::vector<double> v = floatValues(w);
  int64_t qmin = qtype.getStorageTypeMin(), qmax = qtype.getStorageTypeMax();
  unsigned width = qtype.getStorageTypeIntegralWidth();
  auto quantizeOne = [&](double x, double scale, int64_t zp) -> int64_t {
    double q = std::round(x / scale) + double(zp);
    if (!(q >= double(qmin)))
      return qmin;
    if (q > double(qmax))
      return qmax;
    return static_cast<int64_t>(q);
  };
  std::vector<int64_t> q(v.size());
  if (auto pt = dyn_cast<quant::UniformQuantizedType>(qtype)) {
    for (size_t i = 0; i < v.size(); ++i)
      q[i] = quantizeOne(v[i], pt.getScale(), pt.getZeroPoint());
  } else {
    auto pa = cast<quant::UniformQuantizedPerAxisType>(qtype);
    ArrayRef<int64_t> shape = st.getShape();
    int32_t axis = pa.getQuantizedDimension();
    int64_t channels = shape[axis], inner = 1;
    for (size_t d = axis + 1; d < shape.size(); ++d)
      inner *= shape[d];
    for (size_t i = 0; i < v.size(); ++i) {
      int64_t c = (static_cast<int64_t>(i) / inner) % channels;
      q[i] = quantizeOne(v[i], pa.getScales()[c], pa.getZeroPoints()[c]);
    }
  }
  MLIRContext *ctx = w.getContext();
  unsigned attrWidth = width < 8 ? 8 : width;
  auto et = IntegerType::get(ctx, attrWidth);
  auto rt = RankedTensorType::get(st.getShape(), et);
  SmallVector<APInt> vals;
  vals.reserve(q.size());
  for (int64_t x : q)
    vals.push_back(
        APInt(attrWidth, static_cast<uint64_t>(x), /*isSigned=*/true));
  return DenseElementsAttr::get(rt, vals);
}

DenseElementsAttr dequantizeValues(Attribute q, quant::QuantizedType qtype,
                                   ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  std::vector<int64_t> ints;
  if (auto d = dyn_cast<DenseIntElementsAttr>(q)) {
    for (APInt v : d.getValues<APInt>())
      ints.push_back(qtype.isSigned() ? v.getSExtValue()
                                      : static_cast<int64_t>(v.getZExtValue()));
    if (d.isSplat())
      ints.assign(n, ints.empty() ? 0 : ints[0]);
  } else if (auto str = dyn_cast<StringAttr>(q);
             str && qtype.getStorageTypeIntegralWidth() == 4) {
    StringRef bytes = str.getValue();
    if (static_cast<int64_t>(bytes.size()) * 2 < n)
      return {};
    for (int64_t i = 0; i < n; ++i) {
      int v = (static_cast<uint8_t>(bytes[i / 2]) >> ((i % 2) * 4)) & 0xF;
      ints.push_back(v >= 8 ? v - 16 : v);
    }
  } else {
    return {};
  }
  if (static_cast<int64_t>(ints.size()) != n)
    return {};
  std::vector<float> out(n);
  if (auto pt = dyn_cast<quant::UniformQuantizedType>(qtype)) {
    for (int64_t i = 0; i < n; ++i)
      out[i] =
          static_cast<float>(pt.getScale() * (ints[i] - pt.getZeroPoint()));
  } else if (auto pa = dyn_cast<quant::UniformQuantizedPerAxisType>(qtype)) {
    int32_t axis = pa.getQuantizedDimension();
    if (axis < 0 || axis >= static_cast<int32_t>(shape.size()) ||
        static_cast<int64_t>(pa.getScales().size()) != shape[axis])
      return {};
    int64_t inner = 1;
    for (size_t d = axis + 1; d < shape.size(); ++d)
      inner *= shape[d];
    for (int64_t i = 0; i < n; ++i) {
      int64_t c = (i / inner) % shape[axis];
      out[i] = static_cast<float>(pa.getScales()[c] *
                                  (ints[i] - pa.getZeroPoints()[c]));
    }
  } else {
    return {};
  }
  auto t = RankedTensorType::get(shape, Float32Type::get(qtype.getContext()));
  return DenseElementsAttr::get(t, ArrayRef<float>(out));
}

quant::QuantizedType biasType(MLIRContext *ctx, double inputScale,
                              quant::QuantizedType weightType,
                              int64_t channels) {
  auto i32 = IntegerType::get(ctx, 32);
  auto f32 = Float32Type::get(ctx);
  int64_t lo = std::numeric_limits<int32_t>::min();
  int64_t hi = std::numeric_limits<int32_t>::max();
  if (auto pa = dyn_cast<quant::UniformQuantizedPerAxisType>(weightType)) {
    SmallVector<double> scales;
    for (double s : pa.getScales())
      scales.push_back(s * inputScale);
    SmallVector<int64_t> zps(scales.size(), 0);
    return quant::UniformQuantizedPerAxisType::get(
        quant::QuantizationFlags::Signed, i32, f32, scales, zps, 0, lo, hi);
  }
  auto pt = cast<quant::UniformQuantizedType>(weightType);
  (void)channels;
  return quant::UniformQuantizedType::get(quant::QuantizationFlags::Signed, i32,
                                          f32, pt.getScale() * inputScale, 0,
                                          lo, hi);
}

std::optional<DenseElementsAttr> floatConstant(Value v) {
  Operation *def = v.getDefiningOp();
  if (!def)
    return std::nullopt;
  DenseElementsAttr attr;
  if (auto c = dyn_cast<tfl::PseudoConstOp>(def)) {
    if (c.getSparsity())
      return std::nullopt;
    attr = dyn_cast<DenseElementsAttr>(c.getValue());
  } else if (!matchPattern(v, m_Constant(&attr))) {
    return std::nullopt;
  }
  if (!attr || !attr.getElementType().isF32())
    return std::nullopt;
  return attr;
}

Type withElementType(Type t, Type elem) {
  if (auto r = dyn_cast<RankedTensorType>(t))
    return RankedTensorType::get(r.getShape(), elem);
  return UnrankedTensorType::get(elem);
}

quant::QuantizedType quantElementType(Type t) {
  auto st = dyn_cast<ShapedType>(t);
  return st ? dyn_cast<quant::QuantizedType>(st.getElementType())
            : quant::QuantizedType();
}

Value makeConst(OpBuilder &b, Location loc, Type type, Attribute storage) {
  OperationState st(loc, "tfl.pseudo_const");
  st.addAttribute("value", storage);
  st.addTypes(type);
  return b.create(st)->getResult(0);
}

std::string packInt4(DenseElementsAttr values) {
  std::string out((values.getNumElements() + 1) / 2, '\0');
  int64_t i = 0;
  for (APInt v : values.getValues<APInt>()) {
    uint8_t nib = static_cast<uint8_t>(v.getSExtValue()) & 0xF;
    out[i / 2] |= static_cast<char>((i % 2) ? (nib << 4) : nib);
    ++i;
  }
  return out;
}

} // namespace tfmlir::quantutil
