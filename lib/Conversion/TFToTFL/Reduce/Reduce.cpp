//===- Reduce.cpp - tf reductions and arg reductions -> tfl ---------------===//
//
// The reductions of TFOpsReduce.td (TF kernels ReductionOp, ArgOp) as
// TFLite's builtins, whose reference kernels compute TF's function:
//  - Mean, Sum, Max, Min, Prod, Any, All -> MEAN, SUM, REDUCE_MAX,
//    REDUCE_MIN, REDUCE_PROD, REDUCE_ANY, REDUCE_ALL with keep_dims;
//  - ArgMax / ArgMin -> ARG_MAX / ARG_MIN with TF's output_type (int32 or
//    int64; others are refused with the reason).
// The axes operand becomes int32 (refused with the reason when a constant
// has values outside int32); the driver refuses dtypes TFLite has no
// kernel for.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Patterns.h"

#include "dialects/tf/TFOps.h"
#include "dialects/tfl/TFLOps.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

namespace tfmlir::conv {
namespace {

/// The reductions' keep_dims (TF's, false when absent).
struct KeepDims {
  LogicalResult operator()(Operation *op, OpBuilder &b,
                           SmallVectorImpl<NamedAttribute> &a,
                           std::string &) const {
    a.push_back(boolA(b, "keep_dims", boolAttr(op, "keep_dims")));
    return success();
  }
};

/// ARG_MAX / ARG_MIN's output_type (int32 or int64).
struct ArgOutputType {
  LogicalResult operator()(Operation *op, OpBuilder &b,
                           SmallVectorImpl<NamedAttribute> &a,
                           std::string &why) const {
    auto t = cast<ShapedType>(op->getResult(0).getType());
    std::string n = tensorTypeName(t.getElementType());
    if (n != "INT32" && n != "INT64") {
      why = "output_type must be int32 or int64";
      return failure();
    }
    a.push_back(strA(b, "output_type", n));
    return success();
  }
};

/// tf.X -> the tfl reduction, axes as int32, with keep_dims.
template <typename TFOp, typename TFLOp>
using ReduceLowering = SameOperandsLowering<TFOp, TFLOp, KeepDims, 1>;
/// tf.ArgMax / tf.ArgMin -> tfl.arg_max / tfl.arg_min, dim as int32.
template <typename TFOp, typename TFLOp>
using ArgLowering = SameOperandsLowering<TFOp, TFLOp, ArgOutputType, 1>;

} // namespace

void populateReduceReducePatterns(RewritePatternSet &patterns,
                                  ConversionState &state) {
  patterns.add<ReduceLowering<TF::MeanOp, tfl::MeanOp>,
               ReduceLowering<TF::SumOp, tfl::SumOp>,
               ReduceLowering<TF::MaxOp, tfl::ReduceMaxOp>,
               ReduceLowering<TF::MinOp, tfl::ReduceMinOp>,
               ReduceLowering<TF::ProdOp, tfl::ReduceProdOp>,
               ReduceLowering<TF::AnyOp, tfl::ReduceAnyOp>,
               ReduceLowering<TF::AllOp, tfl::ReduceAllOp>,
               ArgLowering<TF::ArgMaxOp, tfl::ArgMaxOp>,
               ArgLowering<TF::ArgMinOp, tfl::ArgMinOp>>(patterns.getContext(),
                                                         state);
}

} // namespace tfmlir::conv
