//===- ConvertReduce.cpp - tf pools, softmax, batch norm -> hlo ----------===//
//
//  - Softmax/LogSoftmax over the last dim, with the max subtracted first.
//  - MaxPool/AvgPool (2-D, 3-D; NHWC/NCHW/NDHWC/NCDHW; SAME/VALID) become
//    hlo.reduce_window; SAME AvgPool divides by the number of real (not
//    padded) elements in each window, as TF does.
//  - FusedBatchNorm{,V2,V3}: y = (x - mean) * rsqrt(variance + epsilon) *
//    scale + offset along the channel dim, with the given statistics
//    (is_training = false) or the batch's (is_training = true: biased
//    variance to normalize, Bessel-corrected batch_variance output, and
//    exponential_avg_factor mixing, as TF's CPU kernel).
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Helpers.h"
#include "lib/Support/WindowGeometry.h"

#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

/// Softmax / LogSoftmax over the last dim of a static logits tensor.
Converter softmax(bool isLog) {
  return [isLog](Operation *op, OpBuilder &b, SmallVectorImpl<Value> &results,
                 std::string &why) -> LogicalResult {
    auto in = staticType(op->getOperand(0));
    if (!in || in.getRank() == 0) {
      why = "needs a static logits tensor of rank >= 1";
      return failure();
    }
    Location loc = op->getLoc();
    Value x = op->getOperand(0);
    Type elt = in.getElementType();
    int64_t last = in.getRank() - 1;
    SmallVector<int64_t> keep;
    for (int64_t i = 0; i < last; ++i)
      keep.push_back(i);
    Value m = reduce(b, loc, x, minValue(b, loc, elt), {last}, ReduceKind::Max);
    Value shifted =
        SubtractOp::create(b, loc, x, broadcastInDim(b, loc, m, in.getShape(), keep));
    Value e = ExpOp::create(b, loc, shifted);
    Value s = reduce(b, loc, e, scalar(b, loc, elt, 0), {last}, ReduceKind::Add);
    Value sb = broadcastInDim(b, loc, s, in.getShape(), keep);
    if (isLog)
      results.push_back(
          SubtractOp::create(b, loc, shifted, LogOp::create(b, loc, sb)));
    else
      results.push_back(DivideOp::create(b, loc, e, sb));
    return success();
  };
}

/// MaxPool / AvgPool over `ns` spatial dims.
Converter pool(int64_t ns, bool isMax) {
  return [ns, isMax](Operation *op, OpBuilder &b, SmallVectorImpl<Value> &results,
                     std::string &why) -> LogicalResult {
    auto in = staticType(op->getOperand(0));
    auto out = staticResult(op);
    int64_t rank = ns + 2;
    if (!in || !out || in.getRank() != rank) {
      why = "needs a static rank-" + std::to_string(rank) + " input";
      return failure();
    }
    auto ksize = intList(op, "ksize"), strides = intList(op, "strides");
    if (!ksize || !strides || static_cast<int64_t>(ksize->size()) != rank ||
        static_cast<int64_t>(strides->size()) != rank) {
      why = "ksize and strides must have one entry per dim";
      return failure();
    }
    for (int64_t i = 0; i < rank; ++i)
      if ((*ksize)[i] < 1 || (*strides)[i] < 1) {
        why = "ksize and strides must be positive";
        return failure();
      }
    std::string padding = strAttr(op, "padding", "VALID");
    if (padding != "SAME" && padding != "VALID") {
      why = "unsupported padding '" + padding + "'";
      return failure();
    }
    SmallVector<int64_t> pad;
    bool anyPad = false;
    for (int64_t d = 0; d < rank; ++d) {
      int64_t lo = 0, hi = 0;
      if (padding == "SAME") {
        std::optional<WindowDim> w =
            windowGeometry(in.getDimSize(d), (*ksize)[d], 1, (*strides)[d],
                           WindowPadding::kSame);
        if (!w) {
          why = "invalid or overflowing window in dim " + std::to_string(d);
          return failure();
        }
        lo = w->padBefore;
        hi = w->padAfter;
      }
      anyPad |= lo || hi;
      pad.push_back(lo);
      pad.push_back(hi);
    }
    Location loc = op->getLoc();
    Type elt = in.getElementType();
    auto padType = RankedTensorType::get({rank, 2}, b.getI64Type());
    auto padAttr = DenseIntElementsAttr::get(padType, pad);
    auto window = [&](Value v, Value init, ReduceKind kind) -> Value {
      auto rw = ReduceWindowOp::create(
          b, loc, ValueRange{v}, ValueRange{init},
          b.getDenseI64ArrayAttr(*ksize),
          llvm::all_of(*strides, [](int64_t x) { return x == 1; })
              ? DenseI64ArrayAttr()
              : b.getDenseI64ArrayAttr(*strides),
          nullptr, nullptr, anyPad ? padAttr : DenseIntElementsAttr());
      OpBuilder::InsertionGuard g(b);
      Type s = init.getType();
      Block *body = b.createBlock(&rw.getBody(), {}, {s, s}, {loc, loc});
      ReturnOp::create(b, loc,
                       ValueRange{combine(b, loc, kind, body->getArgument(0),
                                          body->getArgument(1))});
      return rw.getResult(0);
    };
    if (isMax) {
      results.push_back(
          window(op->getOperand(0), minValue(b, loc, elt), ReduceKind::Max));
      return success();
    }
    if (!isa<FloatType>(elt)) {
      why = "AvgPool needs a float input";
      return failure();
    }
    Value sum = window(op->getOperand(0), scalar(b, loc, elt, 0), ReduceKind::Add);
    auto st = cast<RankedTensorType>(sum.getType());
    Value count;
    if (!anyPad) {
      int64_t n = 1;
      for (int64_t k : *ksize)
        n *= k;
      count = splat(b, loc, st, n);
    } else {
      // Count the real elements of each window: the same window over ones.
      count = window(splat(b, loc, in, 1), scalar(b, loc, elt, 0),
                     ReduceKind::Add);
    }
    results.push_back(DivideOp::create(b, loc, sum, count));
    return success();
  };
}

LogicalResult convertFusedBatchNorm(Operation *op, OpBuilder &b,
                                    SmallVectorImpl<Value> &results,
                                    std::string &why) {
  bool training = boolAttr(op, "is_training", true);
  auto x = staticType(op->getOperand(0));
  if (!x || op->getNumOperands() < 5 || x.getRank() < 2) {
    why = "input shape is not static";
    return failure();
  }
  std::string fmt = strAttr(op, "data_format", "NHWC");
  int64_t c = (fmt == "NCHW" || fmt == "NCDHW") ? 1 : x.getRank() - 1;
  int64_t channels = x.getDimSize(c);
  Location loc = op->getLoc();
  Type elt = x.getElementType();
  // Compute in the statistics' type (f32 for f16 inputs, as TF does).
  Type st = getElementTypeOrSelf(op->getOperand(1));
  auto full = RankedTensorType::get(x.getShape(), st);
  auto vecType = RankedTensorType::get({channels}, st);
  auto bc = [&](Value v) {
    return broadcastInDim(b, loc, v, full.getShape(), {c});
  };
  auto chanOperand = [&](unsigned i) -> Value {
    auto t = staticType(op->getOperand(i));
    if (!t || t.getRank() != 1 || t.getDimSize(0) != channels)
      return {};
    return convert(b, loc, op->getOperand(i), st);
  };
  Value scale = chanOperand(1), offset = chanOperand(2);
  if (!scale || !offset) {
    why = "scale/offset must be 1-D with one entry per channel";
    return failure();
  }
  double eps = floatAttr(op, "epsilon", 1e-4);
  Value xs = convert(b, loc, op->getOperand(0), st);
  Value mean, var, meanOut, varOut;
  if (training) {
    // Batch statistics over every dim but the channel dim; the variance
    // that normalizes is the biased one, the batch_variance output is
    // Bessel-corrected (n / (n - 1)), as TF's CPU kernel computes them.
    SmallVector<int64_t> dims;
    int64_t n = 1;
    for (int64_t d = 0; d < x.getRank(); ++d)
      if (d != c) {
        dims.push_back(d);
        n *= x.getDimSize(d);
      }
    if (n == 0) {
      why = "empty batch";
      return failure();
    }
    Value zero = scalar(b, loc, st, 0);
    mean = DivideOp::create(b, loc, reduce(b, loc, xs, zero, dims, ReduceKind::Add),
                            splat(b, loc, vecType, n));
    Value centered = SubtractOp::create(b, loc, xs, bc(mean));
    Value sq = MultiplyOp::create(b, loc, centered, centered);
    var = DivideOp::create(b, loc, reduce(b, loc, sq, zero, dims, ReduceKind::Add),
                           splat(b, loc, vecType, n));
    double adjust = n > 1 ? static_cast<double>(n) / (n - 1) : 1.0;
    meanOut = mean;
    varOut = MultiplyOp::create(b, loc, var, splat(b, loc, vecType, adjust));
    double f = floatAttr(op, "exponential_avg_factor", 1.0);
    if (f != 1.0) {
      // running = (1 - f) * old + f * batch.
      Value oldMean = chanOperand(3), oldVar = chanOperand(4);
      if (!oldMean || !oldVar) {
        why = "exponential_avg_factor != 1 needs per-channel mean/variance";
        return failure();
      }
      auto mix = [&](Value old, Value cur) -> Value {
        return AddOp::create(
            b, loc, MultiplyOp::create(b, loc, old, splat(b, loc, vecType, 1 - f)),
            MultiplyOp::create(b, loc, cur, splat(b, loc, vecType, f)));
      };
      meanOut = mix(oldMean, meanOut);
      varOut = mix(oldVar, varOut);
    }
  } else {
    mean = chanOperand(3);
    var = chanOperand(4);
    if (!mean || !var) {
      why = "mean/variance must be 1-D with one entry per channel";
      return failure();
    }
    meanOut = mean;
    varOut = var;
  }
  Value inv = RsqrtOp::create(
      b, loc, AddOp::create(b, loc, bc(var), splat(b, loc, full, eps)));
  Value y = AddOp::create(
      b, loc,
      MultiplyOp::create(
          b, loc,
          MultiplyOp::create(b, loc, SubtractOp::create(b, loc, xs, bc(mean)), inv),
          bc(scale)),
      bc(offset));
  results.push_back(convert(b, loc, y, elt));
  // batch_mean, batch_variance, reserve_space_1/2 (the mean and the biased
  // variance), reserve_space_3 (V3: unused, zeros of its static type).
  Value outs[4] = {meanOut, varOut, mean, var};
  for (unsigned i = 1; i < op->getNumResults(); ++i) {
    auto t = staticResult(op, i);
    if (!t && op->getResult(i).use_empty()) {
      // An unused statistic of unknown shape (e.g. reserve_space_3).
      results.push_back(splat(b, loc, RankedTensorType::get({0}, st), 0));
      continue;
    }
    if (!t) {
      why = "result " + std::to_string(i) + " has a dynamic shape";
      return failure();
    }
    if (i <= 4 && t.getRank() == 1 && t.getDimSize(0) == channels) {
      results.push_back(convert(b, loc, outs[i - 1], t.getElementType()));
      continue;
    }
    results.push_back(splat(b, loc, t, 0));
  }
  return success();
}

} // namespace

void addReduceConverters(llvm::StringMap<Converter> &t) {
  t["tf.Softmax"] = softmax(false);
  t["tf.LogSoftmax"] = softmax(true);
  t["tf.MaxPool"] = pool(2, true);
  t["tf.AvgPool"] = pool(2, false);
  t["tf.MaxPool3D"] = pool(3, true);
  t["tf.AvgPool3D"] = pool(3, false);
  t["tf.FusedBatchNorm"] = convertFusedBatchNorm;
  t["tf.FusedBatchNormV2"] = convertFusedBatchNorm;
  t["tf.FusedBatchNormV3"] = convertFusedBatchNorm;
}

} // namespace tfmlir::tohlo
