//===- Patterns.h - the tf -> tfl conversion patterns and their driver ----===//
//
// tfl-legalize-tf is MLIR's dialect conversion: every tf op conversion is an
// OpConversionPattern on the typed tf op (TFLPattern<TF::XOp>), collected by
// one populate<Family><Topic>Patterns per file under <Family>/ (named after
// dialects/tf/TFOps<Family>.td), plus the DRR one-to-one maps of
// LegalizePatterns.td, and run by applyPartialConversion on the ops right in
// each function body (LegalizeTF.cpp). The tf ops no pattern converts are
// the framework's unlegalized ops; they make the report's "unsupported" and
// "unconvertible" lists (ConversionReport), with the reason each pattern
// gave (TFLPattern::fail, which is notifyMatchFailure plus a record the
// report reads: LLVM's release builds drop notifyMatchFailure's text), and
// become tfl.custom with allow-custom-ops.
//
// What every pattern gets from its base (conversion::TFConversionState::
// legalize, lib/Conversion/Common, with this target's ConversionState
// hooks), as the in-order driver it replaces did around each converter:
//  - ops with regions are refused with the reason;
//  - the op's operands are the converted (tfl) values, in the op itself as
//    well as in the adaptor, so constant operands are tfl.pseudo_const
//    (constantOf / constantInts see them);
//  - what it builds is checked for types TFLite's kernels do not compute
//    in (float64, float16, bfloat16, complex; see TypeLegality.h):
//    such an op is refused with the reason and the IR rolled back;
//  - the tfl ops it built are recorded in ConversionReport::produced.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_CONVERSION_TFTOTFL_PATTERNS_H
#define TFMLIR_LIB_CONVERSION_TFTOTFL_PATTERNS_H

#include "lib/Conversion/Common/TFConversion.h"
#include "lib/Conversion/TFToTFL/Helpers.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Types.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Twine.h"

#include <array>
#include <memory>
#include <string>

namespace tfmlir {

struct ConversionReport; // Passes.h

/// Adds the DRR patterns of LegalizePatterns.td: the one-to-one maps of the
/// element-wise TF ops (Add/AddV2/Sub/Mul/RealDiv with fused activation
/// NONE, Maximum ... FloorMod, the comparisons, LogicalAnd/Or/Not, the unary
/// math ops, Relu/Relu6/Sigmoid/Tanh/Elu, Select/SelectV2) to their tfl op
/// with the same operands and result types, whatever the types: the
/// conversion target (TypeLegality.h) rejects a tfl op whose types have no
/// TFLite kernel.
void populateTFToTFLElementwisePatterns(mlir::RewritePatternSet &patterns);

namespace conv {

/// The state one tfl-legalize-tf run shares with its patterns: the report
/// (ConversionReport::produced is filled as ops convert) and the reason
/// each failing op was given (conversion::TFConversionState: fail,
/// legalize, replace, reasonFor, clearReasons).
class ConversionState : public conversion::TFConversionState {
public:
  explicit ConversionState(ConversionReport &report) : report(report) {}

protected:
  /// Refuses ops with regions, then puts the converted operands into the
  /// op.
  mlir::LogicalResult
  prepare(mlir::Operation *op, mlir::ValueRange operands,
          mlir::ConversionPatternRewriter &rewriter) override;

  /// An empty reason: the op is listed as unsupported.
  std::string resultCountReason(mlir::Operation *op,
                                size_t built) const override;

  /// Refuses the op when what was built has a type TFLite's kernels do not
  /// compute in, else records the tfl ops built in report.produced.
  mlir::LogicalResult
  finish(mlir::Operation *op, llvm::ArrayRef<mlir::Operation *> built,
         llvm::SmallVectorImpl<mlir::Value> &results,
         mlir::ConversionPatternRewriter &rewriter) override;

private:
  ConversionReport &report;
};

/// Base of the tf -> tfl patterns: an OpConversionPattern on the typed tf op
/// `OpTy` whose `convert` builds one value per result of `op` (insertion
/// point before `op`; `adaptor`'s operands are `op`'s operands, both the
/// converted values), or returns `fail(op, rewriter, why)`
/// (notifyMatchFailure with the reason the report shows). The body around
/// `convert` is ConversionState::legalize (conversion::
/// TFOpConversionPattern).
template <typename OpTy>
class TFLPattern
    : public conversion::TFOpConversionPattern<OpTy, ConversionState> {
public:
  using conversion::TFOpConversionPattern<
      OpTy, ConversionState>::TFOpConversionPattern;
};

/// No attributes (the default `Attrs` of SameOperandsLowering).
struct NoAttrs {
  mlir::LogicalResult operator()(mlir::Operation *, mlir::OpBuilder &,
                                 llvm::SmallVectorImpl<mlir::NamedAttribute> &,
                                 std::string &) const {
    return mlir::success();
  }
};

/// tf op `TFOp` -> tfl op `TFLOp` on the same operands and result types,
/// the operands at `I32Idx` made int32 (i32Operand: TFLite's kernels read
/// axes, shapes, paddings, begin/end and indices as int32), with the
/// attributes `Attrs` builds from the tf op (an `Attrs` that fails gives
/// the reason).
template <typename TFOp, typename TFLOp, typename Attrs = NoAttrs,
          unsigned... I32Idx>
struct SameOperandsLowering : TFLPattern<TFOp> {
  using TFLPattern<TFOp>::TFLPattern;
  using OpAdaptor = typename TFLPattern<TFOp>::OpAdaptor;
  mlir::LogicalResult
  convert(TFOp op, OpAdaptor a, mlir::ConversionPatternRewriter &b,
          llvm::SmallVectorImpl<mlir::Value> &results) const override {
    llvm::SmallVector<mlir::Value> operands(a.getOperands());
    std::string why;
    const std::array<unsigned, sizeof...(I32Idx)> i32Idx = {I32Idx...};
    for (unsigned i : i32Idx)
      if (mlir::failed(i32Operand(op, b, i, operands[i], why)))
        return this->fail(op, b, why);
    llvm::SmallVector<mlir::NamedAttribute> attrs;
    if (mlir::failed(Attrs()(op, b, attrs, why)))
      return this->fail(op, b, why);
    auto n =
        TFLOp::create(b, op.getLoc(), op->getResultTypes(), operands, attrs);
    results.append(n->result_begin(), n->result_end());
    return mlir::success();
  }
};

/// tf op `TFOp` -> the TFLite builtin `Code` (schema.fbs' BuiltinOperator)
/// that has no dedicated tfl op, as a tfl.builtin_op named `name` with the
/// options table `options` holding what `Opts` builds from the tf op; the
/// operands at `I32Idx` made int32 (i32Operand).
template <typename TFOp, int32_t Code, typename Opts = NoAttrs,
          unsigned... I32Idx>
struct BuiltinOpLowering : TFLPattern<TFOp> {
  using OpAdaptor = typename TFLPattern<TFOp>::OpAdaptor;
  BuiltinOpLowering(mlir::MLIRContext *ctx, ConversionState &state,
                    llvm::StringRef name, llvm::StringRef options)
      : TFLPattern<TFOp>(ctx, state), name(name.str()), options(options.str()) {
  }
  mlir::LogicalResult
  convert(TFOp op, OpAdaptor a, mlir::ConversionPatternRewriter &b,
          llvm::SmallVectorImpl<mlir::Value> &results) const override {
    llvm::SmallVector<mlir::Value> operands(a.getOperands());
    std::string why;
    const std::array<unsigned, sizeof...(I32Idx)> i32Idx = {I32Idx...};
    for (unsigned i : i32Idx)
      if (mlir::failed(i32Operand(op, b, i, operands[i], why)))
        return this->fail(op, b, why);
    llvm::SmallVector<mlir::NamedAttribute> opts;
    if (mlir::failed(Opts()(op, b, opts, why)))
      return this->fail(op, b, why);
    mlir::Operation *n = builtinOp(b, op, operands, Code, name, options, opts);
    results.append(n->result_begin(), n->result_end());
    return mlir::success();
  }

private:
  std::string name, options;
};

// Control (dialects/tf/TFOpsControl.td)
/// If/StatelessIf -> tfl.if, While/StatelessWhile -> tfl.while, Assert
/// dropped (Control/ControlFlow.cpp).
void populateControlControlFlowPatterns(mlir::RewritePatternSet &patterns,
                                        ConversionState &state);

// Image (dialects/tf/TFOpsImage.td)
/// ResizeBilinear, ResizeNearestNeighbor (Image/Resize.cpp).
void populateImageResizePatterns(mlir::RewritePatternSet &patterns,
                                 ConversionState &state);

// Indexing (dialects/tf/TFOpsIndexing.td)
/// Gather, GatherV2, GatherNd, ScatterNd, OneHot, Where (Indexing/Gather.cpp).
void populateIndexingGatherPatterns(mlir::RewritePatternSet &patterns,
                                    ConversionState &state);
/// DepthToSpace, SpaceToDepth, SpaceToBatchND, BatchToSpaceND
/// (Indexing/SpaceToBatch.cpp).
void populateIndexingSpaceToBatchPatterns(mlir::RewritePatternSet &patterns,
                                          ConversionState &state);
/// ReverseV2, ReverseSequence, TopKV2, Unique, Range (Indexing/Reverse.cpp).
void populateIndexingReversePatterns(mlir::RewritePatternSet &patterns,
                                     ConversionState &state);
/// MatrixDiag, MatrixDiagV2/V3, MatrixSetDiag, MatrixSetDiagV2/V3
/// (Indexing/Diag.cpp).
void populateIndexingDiagPatterns(mlir::RewritePatternSet &patterns,
                                  ConversionState &state);

// Math (dialects/tf/TFOpsMath.td; the one-to-one maps are DRR)
/// AddN, AccumulateNV2, Atan2, BitwiseXor (Math/Elementwise.cpp).
void populateMathElementwisePatterns(mlir::RewritePatternSet &patterns,
                                     ConversionState &state);
/// Cast, Bitcast (Math/Cast.cpp).
void populateMathCastPatterns(mlir::RewritePatternSet &patterns,
                              ConversionState &state);

// NN (dialects/tf/TFOpsNN.td; Relu, Relu6, Sigmoid, Tanh, Elu are DRR)
/// Conv2D, DepthwiseConv2dNative, Conv2DBackpropInput, Conv3D,
/// Conv3DBackpropInputV2 (NN/Conv.cpp).
void populateNNConvPatterns(mlir::RewritePatternSet &patterns,
                            ConversionState &state);
/// MaxPool, AvgPool (NN/Pool.cpp).
void populateNNPoolPatterns(mlir::RewritePatternSet &patterns,
                            ConversionState &state);
/// MatMul, BatchMatMul, BatchMatMulV2, BatchMatMulV3 (NN/MatMul.cpp).
void populateNNMatMulPatterns(mlir::RewritePatternSet &patterns,
                              ConversionState &state);
/// BiasAdd, FusedBatchNorm(V2, V3), LRN (NN/Normalization.cpp).
void populateNNNormalizationPatterns(mlir::RewritePatternSet &patterns,
                                     ConversionState &state);
/// LeakyRelu, Softmax, LogSoftmax (NN/Activation.cpp).
void populateNNActivationPatterns(mlir::RewritePatternSet &patterns,
                                  ConversionState &state);

// Quant (dialects/tf/TFOpsQuant.td)
/// FakeQuantWithMinMaxArgs/Vars/VarsPerChannel (Quant/FakeQuant.cpp).
void populateQuantFakeQuantPatterns(mlir::RewritePatternSet &patterns,
                                    ConversionState &state);

// Random (dialects/tf/TFOpsRandom.td)
/// RandomUniform, RandomStandardNormal (Random/Random.cpp).
void populateRandomRandomPatterns(mlir::RewritePatternSet &patterns,
                                  ConversionState &state);

// Reduce (dialects/tf/TFOpsReduce.td)
/// Mean, Sum, Max, Min, Prod, Any, All, ArgMax, ArgMin (Reduce/Reduce.cpp).
void populateReduceReducePatterns(mlir::RewritePatternSet &patterns,
                                  ConversionState &state);
/// SegmentSum, UnsortedSegmentSum/Prod/Max/Min, Cumsum (Reduce/Segment.cpp).
void populateReduceSegmentPatterns(mlir::RewritePatternSet &patterns,
                                   ConversionState &state);

// Shape (dialects/tf/TFOpsShape.td; the identity-like ops of TFOps.td)
/// NoOp (dropped), Identity, IdentityN, StopGradient, Snapshot,
/// PreventGradient (forwarded) (Shape/Identity.cpp).
void populateShapeIdentityPatterns(mlir::RewritePatternSet &patterns,
                                   ConversionState &state);
/// Reshape, Squeeze, ExpandDims, Transpose (Shape/Reshape.cpp).
void populateShapeReshapePatterns(mlir::RewritePatternSet &patterns,
                                  ConversionState &state);
/// ConcatV2, Pack, Unpack, Split, SplitV (Shape/Concat.cpp).
void populateShapeConcatPatterns(mlir::RewritePatternSet &patterns,
                                 ConversionState &state);
/// Pad, PadV2, MirrorPad (Shape/Pad.cpp).
void populateShapePadPatterns(mlir::RewritePatternSet &patterns,
                              ConversionState &state);
/// Slice, StridedSlice (Shape/Slice.cpp).
void populateShapeSlicePatterns(mlir::RewritePatternSet &patterns,
                                ConversionState &state);
/// Tile, BroadcastTo, BroadcastArgs, Fill, ZerosLike, Shape, Rank
/// (Shape/Broadcast.cpp).
void populateShapeBroadcastPatterns(mlir::RewritePatternSet &patterns,
                                    ConversionState &state);

/// Every tf -> tfl pattern: the DRR maps and one populate per family file
/// (LegalizeTF.cpp's kFamilies), one pattern per root op
/// (duplicateTFLPatternRoots checks it).
void populateTFToTFLPatterns(mlir::RewritePatternSet &patterns,
                             ConversionState &state);

} // namespace conv
} // namespace tfmlir

#endif
