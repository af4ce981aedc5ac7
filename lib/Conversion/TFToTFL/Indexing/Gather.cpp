//===- Gather.cpp - Gather*, ScatterNd, OneHot, Where -> tfl --------------===//
//
// The gathering and scattering ops of TFOpsIndexing.td (TF kernels
// GatherOp, GatherNdOp, ScatterNdOp, OneHotOp, WhereOp) as TFLite's
// builtins, whose reference kernels compute TF's function:
//  - Gather / GatherV2 -> GATHER (GatherV2 needs a constant scalar axis,
//    refused with the reason otherwise; TF's batch_dims; a negative axis is
//    made non-negative against a known rank);
//  - GatherNd -> GATHER_ND; ScatterNd -> SCATTER_ND (indices and shape as
//    int32); both kernels fail on an out-of-range index, TF's CPU behaviour
//    for bad_indices_policy "", "DEFAULT" and "ERROR"; "IGNORE" is refused;
//  - OneHot -> ONE_HOT (depth as int32, TF's axis, default -1) and Where ->
//    WHERE (tfl.builtin_op).
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Patterns.h"

#include "dialects/tf/TFOps.h"
#include "dialects/tfl/TFLOps.h"

using namespace mlir;

namespace tfmlir::conv {
namespace {

/// tf.Gather / tf.GatherV2 -> tfl.gather (constant axis).
template <typename TFOp> struct GatherLowering : TFLPattern<TFOp> {
  using TFLPattern<TFOp>::TFLPattern;
  using OpAdaptor = typename TFLPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    int64_t axis = 0, batchDims = 0;
    if constexpr (std::is_same_v<TFOp, TF::GatherV2Op>) {
      std::string why;
      if (failed(constAxis(op, 2, axis, why)))
        return this->fail(op, b, why);
      if (auto bd = op->template getAttrOfType<IntegerAttr>("batch_dims"))
        batchDims = bd.getInt();
    }
    results.push_back(tfl::GatherOp::create(
        b, op.getLoc(), op.getResult().getType(), a.getParams(), a.getIndices(),
        b.getI32IntegerAttr(
            static_cast<int32_t>(normAxis(axis, a.getParams()))),
        b.getI32IntegerAttr(static_cast<int32_t>(batchDims))));
    return success();
  }
};

/// ONE_HOT's options: TF's axis (default -1).
struct OneHotOpts {
  LogicalResult operator()(Operation *op, OpBuilder &b,
                           SmallVectorImpl<NamedAttribute> &o,
                           std::string &) const {
    auto ax = op->getAttrOfType<IntegerAttr>("axis");
    o.push_back(i32A(b, "axis", ax ? ax.getInt() : -1));
    return success();
  }
};

/// No options; refuses bad_indices_policy "IGNORE" (TF skips an
/// out-of-range index, TFLite's GATHER_ND and SCATTER_ND kernels fail on
/// it).
struct StrictIndices {
  LogicalResult operator()(Operation *op, OpBuilder &,
                           SmallVectorImpl<NamedAttribute> &,
                           std::string &why) const {
    auto policy = op->getAttrOfType<StringAttr>("bad_indices_policy");
    if (policy && policy.getValue() == "IGNORE") {
      why = "bad_indices_policy=IGNORE is not supported (TFLite's kernel "
            "fails on an out-of-range index)";
      return failure();
    }
    return success();
  }
};

} // namespace

void populateIndexingGatherPatterns(RewritePatternSet &patterns,
                                    ConversionState &state) {
  MLIRContext *ctx = patterns.getContext();
  patterns
      .add<GatherLowering<TF::GatherOp>, GatherLowering<TF::GatherV2Op>,
           SameOperandsLowering<TF::GatherNdOp, tfl::GatherNdOp, StrictIndices>,
           SameOperandsLowering<TF::ScatterNdOp, tfl::ScatterNdOp,
                                StrictIndices, 0, 2>>(ctx, state);
  patterns.add<BuiltinOpLowering<TF::OneHotOp, 85, OneHotOpts, 1>>(
      ctx, state, "ONE_HOT", "OneHotOptions");
  patterns.add<BuiltinOpLowering<TF::WhereOp, 109>>(ctx, state, "WHERE",
                                                    "WhereOptions");
}

} // namespace tfmlir::conv
