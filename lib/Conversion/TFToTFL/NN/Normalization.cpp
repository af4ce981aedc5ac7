//===- Normalization.cpp - BiasAdd, FusedBatchNorm*, LRN -> tfl -----------===//
//
// The normalization ops of TFOpsNN.td:
//  - BiasAdd (TF kernel BiasOp) -> ADD of the per-channel bias (NCHW: the
//    bias reshaped to [C, 1, ..., 1]).
//  - FusedBatchNorm, V2, V3 (TF kernel FusedBatchNormOp) in inference mode:
//    y = x * s + (offset - mean * s) with s = scale / sqrt(variance +
//    epsilon) (TF's definition), as MUL and ADD. With constant parameters s
//    and the shift are folded (in double precision, rounded to f32);
//    otherwise they are computed with ADD, RSQRT, MUL and SUB. The other
//    results are the given mean and variance. Ranked float32 x only;
//    training mode and a used reserve_space_3 are refused with the reason.
//  - LRN (TF kernel LRNOp, NHWC, depth_radius, bias, alpha, beta) ->
//    LOCAL_RESPONSE_NORMALIZATION (radius, bias, alpha, beta), whose kernel
//    computes TF's function on float32 4-D inputs; other dtypes and ranks
//    are refused with the reason.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/NN/Layout.h"
#include "lib/Conversion/TFToTFL/Patterns.h"

#include "dialects/tf/TFOps.h"
#include "dialects/tfl/TFLOps.h"
#include "mlir/IR/BuiltinTypes.h"

#include <cmath>

using namespace mlir;

namespace tfmlir::conv {
namespace {

using namespace nn;

/// tf.BiasAdd -> tfl.add (NCHW: bias as [C, 1, ..., 1]).
struct BiasAddLowering : TFLPattern<TF::BiasAddOp> {
  using TFLPattern::TFLPattern;
  LogicalResult convert(TF::BiasAddOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    bool nchw;
    std::string why;
    if (failed(dataFormat(op, nchw, why)))
      return fail(op, b, why);
    Value bias = a.getBias();
    if (nchw &&
        !(bias = channelFirst(b, op.getLoc(), bias, rankOf(a.getValue()), why)))
      return fail(op, b, why);
    results.push_back(tfl::AddOp::create(
        b, op.getLoc(), op.getResult().getType(), a.getValue(), bias, "NONE",
        /*pot_scale_int16=*/true));
    return success();
  }
};

/// Inference-mode tf.FusedBatchNorm{,V2,V3} -> tfl.mul + tfl.add (scale and
/// shift folded for constant parameters).
template <typename TFOp> struct FusedBatchNormLowering : TFLPattern<TFOp> {
  using TFLPattern<TFOp>::TFLPattern;
  using OpAdaptor = typename TFLPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    Location loc = op.getLoc();
    if (boolAttr(op, "is_training", true))
      return this->fail(op, b,
                        "FusedBatchNorm in training mode (is_training = true) "
                        "is not supported");
    if (op->getNumResults() > 5 && !op->getResult(5).use_empty())
      return this->fail(op, b, "reserve_space_3 is used");
    bool nchw;
    std::string why;
    if (failed(dataFormat(op, nchw, why)))
      return this->fail(op, b, why);
    Value x = a.getX();
    auto xt = dyn_cast<RankedTensorType>(x.getType());
    if (!xt || !xt.getElementType().isF32())
      return this->fail(op, b, "only ranked float32 inputs are supported");
    double eps = floatAttr(op, "epsilon", 1e-4);
    std::optional<DenseElementsAttr> gamma = constantOf(a.getScale()),
                                     beta = constantOf(a.getOffset()),
                                     mean = constantOf(a.getMean()),
                                     var = constantOf(a.getVariance());
    Value scale, shift;
    if (gamma && beta && mean && var && gamma->getElementType().isF32() &&
        beta->getElementType().isF32() && mean->getElementType().isF32() &&
        var->getElementType().isF32() && gamma->getType().getRank() == 1) {
      int64_t c = gamma->getNumElements();
      if (beta->getNumElements() != c || mean->getNumElements() != c ||
          var->getNumElements() != c)
        return this->fail(
            op, b, "scale, offset, mean and variance must have equal sizes");
      auto g = llvm::to_vector(gamma->getValues<float>());
      auto bt = llvm::to_vector(beta->getValues<float>());
      auto m = llvm::to_vector(mean->getValues<float>());
      auto v = llvm::to_vector(var->getValues<float>());
      SmallVector<float> s(c), o(c);
      for (int64_t i = 0; i < c; ++i) {
        double si = static_cast<double>(g[i]) /
                    std::sqrt(static_cast<double>(v[i]) + eps);
        s[i] = static_cast<float>(si);
        o[i] = static_cast<float>(static_cast<double>(bt[i]) -
                                  static_cast<double>(m[i]) * si);
      }
      auto t = RankedTensorType::get({c}, b.getF32Type());
      scale = constant(b, loc, DenseElementsAttr::get(t, ArrayRef<float>(s)));
      shift = constant(b, loc, DenseElementsAttr::get(t, ArrayRef<float>(o)));
    } else {
      Type pt = a.getScale().getType();
      auto epsT = RankedTensorType::get({}, b.getF32Type());
      Value e = constant(b, loc,
                         DenseElementsAttr::get(epsT, static_cast<float>(eps)));
      Value ve =
          tfl::AddOp::create(b, loc, pt, a.getVariance(), e, "NONE", true);
      Value r = tfl::RsqrtOp::create(b, loc, pt, ve);
      scale = tfl::MulOp::create(b, loc, pt, a.getScale(), r, "NONE");
      Value ms = tfl::MulOp::create(b, loc, pt, a.getMean(), scale, "NONE");
      shift = tfl::SubOp::create(b, loc, pt, a.getOffset(), ms, "NONE", true);
    }
    if (nchw) {
      scale = channelFirst(b, loc, scale, xt.getRank(), why);
      shift = scale ? channelFirst(b, loc, shift, xt.getRank(), why) : Value();
      if (!scale || !shift)
        return this->fail(op, b, why);
    }
    Type yt = op->getResult(0).getType();
    Value y = tfl::MulOp::create(b, loc, yt, x, scale, "NONE");
    y = tfl::AddOp::create(b, loc, yt, y, shift, "NONE", true);
    results.push_back(y);
    // Inference mode: batch_mean/variance and reserve spaces 1/2 are the
    // given mean and variance.
    Value meanV = a.getMean(), varV = a.getVariance();
    results.append({meanV, varV, meanV, varV});
    if (op->getNumResults() > 5)
      results.push_back(meanV); // unused (checked above)
    results.resize(op->getNumResults());
    return success();
  }
};

/// tf.LRN -> tfl.local_response_normalization (float32 4-D input).
struct LRNLowering : TFLPattern<TF::LRNOp> {
  using TFLPattern::TFLPattern;
  LogicalResult convert(TF::LRNOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto t = dyn_cast<RankedTensorType>(a.getInput().getType());
    if (!t || t.getRank() != 4 || !t.getElementType().isF32())
      return fail(
          op, b,
          "LOCAL_RESPONSE_NORMALIZATION's kernel takes a float32 4-D input");
    int64_t radius = 5;
    if (auto r = op->getAttrOfType<IntegerAttr>("depth_radius"))
      radius = r.getInt();
    if (radius < 0 || radius > INT32_MAX)
      return fail(
          op, b, "depth_radius " + std::to_string(radius) + " is out of range");
    auto f32 = [&](StringRef n, double dflt) {
      return b.getF32FloatAttr(static_cast<float>(floatAttr(op, n, dflt)));
    };
    auto lrn = tfl::LocalResponseNormalizationOp::create(
        b, op.getLoc(), TypeRange{op.getResult().getType()},
        ValueRange{a.getInput()},
        b.getI32IntegerAttr(static_cast<int32_t>(radius)), f32("bias", 1.0),
        f32("alpha", 1.0), f32("beta", 0.5));
    results.push_back(lrn->getResult(0));
    return success();
  }
};

} // namespace

void populateNNNormalizationPatterns(RewritePatternSet &patterns,
                                     ConversionState &state) {
  patterns.add<BiasAddLowering, FusedBatchNormLowering<TF::FusedBatchNormOp>,
               FusedBatchNormLowering<TF::FusedBatchNormV2Op>,
               FusedBatchNormLowering<TF::FusedBatchNormV3Op>, LRNLowering>(
      patterns.getContext(), state);
}

} // namespace tfmlir::conv
