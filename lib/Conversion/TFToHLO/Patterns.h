//===- Patterns.h - the tf -> hlo conversion patterns and their driver ----===//
//
// xla-legalize-tf is MLIR's dialect conversion: every tf op lowering is an
// OpConversionPattern on the typed tf op (HLOPattern<TF::XOp>), collected by
// one populate<Family><Topic>Patterns per <Family>/<Topic>.cpp, and run by
// applyPartialConversion with a ConversionTarget that makes the hlo and
// func dialects legal and leaves tf ops to the patterns (LegalizeTF.cpp).
// The ops no pattern legalizes are the framework's unlegalized ops; they
// make the "cannot legalize" histogram (LegalizeHLOReport), with the reason
// each pattern gave (HLOPattern::fail, which is notifyMatchFailure plus a
// record the report reads: LLVM's release builds drop notifyMatchFailure's
// text).
//
// What every pattern gets from its base (conversion::TFConversionState::
// legalize, lib/Conversion/Common, with this target's ConversionState
// hooks):
//  - the op's operands are the converted (hlo) values, in the op itself as
//    well as in the adaptor, so shape operands built by earlier patterns are
//    hlo constants (constantOf / constantInts see them);
//  - result types are first refined by the op's TF shape function on those
//    operands (they may have become static after shape inference ran);
//  - ops it builds are verified (a lowering that builds invalid hlo is
//    reported with the verifier's message, never left in the IR) and then
//    folded, so later patterns see constants; the folded constants are
//    hoisted and uniqued at the end of the pass, as an OperationFolder
//    does;
//  - ops carrying kKeepOnHostAttr, ops with regions and ops with a type
//    that is not an integer or float tensor are refused with the reason.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_CONVERSION_TFTOHLO_PATTERNS_H
#define TFMLIR_LIB_CONVERSION_TFTOHLO_PATTERNS_H

#include "lib/Conversion/Common/TFConversion.h"
#include "lib/Conversion/TFToHLO/Helpers.h"
#include "lib/Conversion/TFToHLO/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Twine.h"

#include <functional>
#include <memory>
#include <string>

namespace tfmlir::tohlo {

/// The state one xla-legalize-tf run shares with its patterns: the module
/// (callee lookup for functional control flow), the report, the reason each
/// failing op was given (TFConversionState), and the patterns and target for
/// the nested conversions of control-flow regions.
class ConversionState : public conversion::TFConversionState {
public:
  ConversionState(mlir::ModuleOp module, LegalizeHLOReport &report)
      : module(module), report(report) {}

  /// Puts `operands` (the converted values) into `op` and refines its
  /// result types by its TF shape function on them.
  void refineWith(mlir::Operation *op, mlir::ValueRange operands,
                  mlir::ConversionPatternRewriter &rewriter);

  /// Legalizes the ops nested in the regions of `root` (an hlo.if/while a
  /// control-flow pattern built, not yet known to the enclosing conversion)
  /// with a conversion of their own; what fails is recorded in the report.
  void legalizeNested(mlir::Operation *root);

  /// Runs the conversion on the ops nested in `root` (a func.func of the
  /// module, or a nested region holder) and records the unlegalized tf ops.
  void run(mlir::Operation *root);

  /// The module being legalized.
  mlir::ModuleOp getModule() const { return module; }

protected:
  /// refineWith, then refuses ops carrying kKeepOnHostAttr, ops with
  /// regions and ops with a type that is not an integer or float tensor.
  mlir::LogicalResult
  prepare(mlir::Operation *op, mlir::ValueRange operands,
          mlir::ConversionPatternRewriter &rewriter) override;

  /// Verifies what was built (refusing the op with the verifier's message)
  /// and folds it, first first; folded constants go to the start of the
  /// region right under the innermost conversion root, marked for
  /// hoisting.
  mlir::LogicalResult
  finish(mlir::Operation *op, llvm::ArrayRef<mlir::Operation *> built,
         llvm::SmallVectorImpl<mlir::Value> &results,
         mlir::ConversionPatternRewriter &rewriter) override;

private:
  void build(mlir::MLIRContext *ctx);

  mlir::ModuleOp module;
  LegalizeHLOReport &report;
  /// The roots of the conversions in flight (innermost last): folded
  /// constants go to the start of the region right under the innermost.
  llvm::SmallVector<mlir::Operation *> roots;
  std::shared_ptr<mlir::FrozenRewritePatternSet> patterns;
};

/// Base of the tf -> hlo patterns: an OpConversionPattern on the typed tf op
/// `OpTy` whose `convert` builds one hlo value per result of `op` (insertion
/// point before `op`, locations `op`'s; `adaptor`'s operands are `op`'s
/// operands, both hlo values), or returns `fail(op, rewriter, why)`
/// (notifyMatchFailure with the reason the report shows). The body around
/// `convert` is ConversionState::legalize (conversion::
/// TFOpConversionPattern).
template <typename OpTy>
class HLOPattern
    : public conversion::TFOpConversionPattern<OpTy, ConversionState> {
public:
  using conversion::TFOpConversionPattern<
      OpTy, ConversionState>::TFOpConversionPattern;
};

/// tf.If/StatelessIf -> hlo.if and tf.While/StatelessWhile -> hlo.while
/// (Control/ControlFlow.cpp).
void populateControlFlowPatterns(mlir::RewritePatternSet &patterns,
                                 ConversionState &state);

// Random (dialects/tf/TFOpsRandom.td)
/// With TF's Philox values: RandomUniform(Int), RandomStandardNormal,
/// TruncatedNormal, StatelessRandom{Uniform,Normal,UniformInt,
/// UniformFullInt}[V2], StatelessTruncatedNormal[V2],
/// StatelessRandomGetKeyCounter[Alg], StatelessRandomGetAlg
/// (Random/Philox.cpp).
void populateRandomPhiloxPatterns(mlir::RewritePatternSet &patterns,
                                  ConversionState &state);
/// RandomShuffle, Multinomial, RandomGamma, RandomPoisson[V2]
/// (Random/Sampling.cpp).
void populateRandomSamplingPatterns(mlir::RewritePatternSet &patterns,
                                    ConversionState &state);
// Image (dialects/tf/TFOpsImage.td; lib/Conversion/TFToHLO/Image/).
/// CropAndResize, DrawBoundingBoxes, DrawBoundingBoxesV2 (Image/Boxes.cpp).
void populateImageBoxesPatterns(mlir::RewritePatternSet &patterns,
                                ConversionState &state);
/// RGBToHSV, HSVToRGB, AdjustHue, AdjustSaturation, AdjustContrastv2
/// (Image/Color.cpp).
void populateImageColorPatterns(mlir::RewritePatternSet &patterns,
                                ConversionState &state);
/// NonMaxSuppression, NonMaxSuppressionV2..V5 (Image/NonMaxSuppression.cpp).
void populateImageNonMaxSuppressionPatterns(mlir::RewritePatternSet &patterns,
                                            ConversionState &state);
/// ExtractImagePatches (Image/Patches.cpp).
void populateImagePatchesPatterns(mlir::RewritePatternSet &patterns,
                                  ConversionState &state);
/// ResizeBilinear, ResizeNearestNeighbor, ResizeBicubic, ResizeArea
/// (Image/Resize.cpp).
void populateImageResizePatterns(mlir::RewritePatternSet &patterns,
                                 ConversionState &state);
// Indexing (dialects/tf/TFOpsIndexing.td; Indexing/<Topic>.cpp).
/// Gather, GatherV2, GatherNd (Indexing/Gather.cpp).
void populateIndexingGatherPatterns(mlir::RewritePatternSet &patterns,
                                    ConversionState &state);
/// ScatterNd, TensorScatterUpdate/Add/Sub, SparseTensorDenseAdd
/// (Indexing/Scatter.cpp).
void populateIndexingScatterPatterns(mlir::RewritePatternSet &patterns,
                                     ConversionState &state);
/// DynamicPartition, DynamicStitch, ParallelDynamicStitch
/// (Indexing/Stitch.cpp).
void populateIndexingStitchPatterns(mlir::RewritePatternSet &patterns,
                                    ConversionState &state);
/// Diag, DiagPart, MatrixDiag, MatrixSetDiag, MatrixDiagPart(V2),
/// MatrixBandPart (Indexing/Diag.cpp).
void populateIndexingDiagPatterns(mlir::RewritePatternSet &patterns,
                                  ConversionState &state);
/// Select, SelectV2, Where, OneHot (Indexing/Select.cpp).
void populateIndexingSelectPatterns(mlir::RewritePatternSet &patterns,
                                    ConversionState &state);
/// TopKV2, NthElement, Unique, ListDiff (Indexing/Sort.cpp).
void populateIndexingSortPatterns(mlir::RewritePatternSet &patterns,
                                  ConversionState &state);
/// SpaceToDepth, DepthToSpace, SpaceToBatchND, BatchToSpaceND
/// (Indexing/Space.cpp).
void populateIndexingSpacePatterns(mlir::RewritePatternSet &patterns,
                                   ConversionState &state);
/// Range, LinSpace, RaggedRange (Indexing/Sequence.cpp).
void populateIndexingSequencePatterns(mlir::RewritePatternSet &patterns,
                                      ConversionState &state);
/// ReverseV2, ReverseSequence, Roll (Indexing/Reverse.cpp).
void populateIndexingReversePatterns(mlir::RewritePatternSet &patterns,
                                     ConversionState &state);
/// Bincount (Indexing/Bincount.cpp).
void populateIndexingBincountPatterns(mlir::RewritePatternSet &patterns,
                                      ConversionState &state);

//===-- Math (dialects/tf/TFOpsMath.td) -----------------------------------===//

/// Binary and unary arithmetic, comparisons, logical and bitwise ops, the
/// trigonometric / hyperbolic functions, Erf/Erfc, Cast, Bitcast,
/// AddN/AccumulateNV2, CheckNumerics (Math/Elementwise.cpp).
void populateMathElementwisePatterns(mlir::RewritePatternSet &patterns,
                                     ConversionState &state);
/// Lgamma, Digamma, Igamma, Igammac, Betainc, Zeta, Polygamma, Ndtri,
/// Erfinv (Math/Special.cpp).
void populateMathSpecialPatterns(mlir::RewritePatternSet &patterns,
                                 ConversionState &state);
/// CompareAndBitpack (Math/Bitpack.cpp).
void populateMathBitpackPatterns(mlir::RewritePatternSet &patterns,
                                 ConversionState &state);

// Reduce (dialects/tf/TFOpsReduce.td -> Reduce/).
/// Sum, Mean, Prod, Max, Min, All, Any, ArgMax, ArgMin
/// (Reduce/Reduction.cpp).
void populateReduceReductionPatterns(mlir::RewritePatternSet &patterns,
                                     ConversionState &state);
/// Cumsum, Cumprod (Reduce/Scan.cpp).
void populateReduceScanPatterns(mlir::RewritePatternSet &patterns,
                                ConversionState &state);
/// Segment{Sum,Mean,Prod,Max,Min}, UnsortedSegment{Sum,Prod,Max,Min}
/// (Reduce/Segment.cpp).
void populateReduceSegmentPatterns(mlir::RewritePatternSet &patterns,
                                   ConversionState &state);
/// HistogramFixedWidth (Reduce/Histogram.cpp).
void populateReduceHistogramPatterns(mlir::RewritePatternSet &patterns,
                                     ConversionState &state);

// Linalg (dialects/tf/TFOpsLinalg.td -> Linalg/).
/// MatrixDeterminant, LogMatrixDeterminant, Lu, Cholesky, Svd
/// (Linalg/Decompositions.cpp).
void populateLinalgDecompositionsPatterns(mlir::RewritePatternSet &patterns,
                                          ConversionState &state);
/// MatrixSolve, MatrixInverse, MatrixTriangularSolve (Linalg/Solve.cpp).
void populateLinalgSolvePatterns(mlir::RewritePatternSet &patterns,
                                 ConversionState &state);
/// Cross (Linalg/Cross.cpp).
void populateLinalgCrossPatterns(mlir::RewritePatternSet &patterns,
                                 ConversionState &state);

// Quant (dialects/tf/TFOpsQuant.td -> Quant/).
/// FakeQuantWithMinMaxArgs, FakeQuantWithMinMaxVars,
/// FakeQuantWithMinMaxVarsPerChannel (Quant/FakeQuant.cpp).
void populateQuantFakeQuantPatterns(mlir::RewritePatternSet &patterns,
                                    ConversionState &state);

// Shape family (dialects/tf/TFOpsShape.td, and the TFOps.td core ops).
/// Reshape, ExpandDims, Squeeze, Shape, ShapeN, Size, Rank
/// (Shape/Reshape.cpp).
void populateShapeReshapePatterns(mlir::RewritePatternSet &patterns,
                                  ConversionState &state);
/// Concat, ConcatV2, ParallelConcat, Pack, Unpack, Split, SplitV
/// (Shape/Concat.cpp).
void populateShapeConcatPatterns(mlir::RewritePatternSet &patterns,
                                 ConversionState &state);
/// Slice, StridedSlice (Shape/Slice.cpp).
void populateShapeSlicePatterns(mlir::RewritePatternSet &patterns,
                                ConversionState &state);
/// Pad, PadV2, MirrorPad (Shape/Pad.cpp).
void populateShapePadPatterns(mlir::RewritePatternSet &patterns,
                              ConversionState &state);
/// Transpose, InvertPermutation (Shape/Transpose.cpp).
void populateShapeTransposePatterns(mlir::RewritePatternSet &patterns,
                                    ConversionState &state);
/// Fill, BroadcastTo, Tile, ZerosLike, OnesLike, Empty (Shape/Fill.cpp).
void populateShapeFillPatterns(mlir::RewritePatternSet &patterns,
                               ConversionState &state);
/// Identity, IdentityN, StopGradient, PreventGradient, Snapshot, DeepCopy,
/// PlaceholderWithDefault, Print, DebugIdentity (Shape/Identity.cpp).
void populateShapeIdentityPatterns(mlir::RewritePatternSet &patterns,
                                   ConversionState &state);
/// Const (Shape/Const.cpp).
void populateShapeConstPatterns(mlir::RewritePatternSet &patterns,
                                ConversionState &state);

//===--- NN: the ops of dialects/tf/TFOpsNN.td (NN/) ----------------------===//
/// MatMul, BatchMatMul{,V2,V3} (NN/MatMul.cpp).
void populateNNMatMulPatterns(mlir::RewritePatternSet &patterns,
                              ConversionState &state);
/// Conv2D, Conv3D, DepthwiseConv2dNative, Conv2DBackpropInput,
/// Conv3DBackpropInputV2 (NN/Conv.cpp).
void populateNNConvPatterns(mlir::RewritePatternSet &patterns,
                            ConversionState &state);
/// Relu, Relu6, Elu, Selu, LeakyRelu, Softplus, Softsign, Sigmoid, Tanh,
/// BiasAdd, BiasAddV1 (NN/Activation.cpp).
void populateNNActivationPatterns(mlir::RewritePatternSet &patterns,
                                  ConversionState &state);
/// MaxPool, AvgPool, MaxPool3D, AvgPool3D, MaxPoolWithArgmax
/// (NN/Pooling.cpp).
void populateNNPoolingPatterns(mlir::RewritePatternSet &patterns,
                               ConversionState &state);
/// FusedBatchNorm{,V2,V3}, LRN, Softmax, LogSoftmax (NN/Normalization.cpp).
void populateNNNormalizationPatterns(mlir::RewritePatternSet &patterns,
                                     ConversionState &state);
/// L2Loss, SoftmaxCrossEntropyWithLogits,
/// SparseSoftmaxCrossEntropyWithLogits, InTopKV2 (NN/Loss.cpp).
void populateNNLossPatterns(mlir::RewritePatternSet &patterns,
                            ConversionState &state);

/// Every tf -> hlo pattern, one populate per family (LegalizeTF.cpp), and
/// the pattern that refines the result types of the ops left. One pattern
/// per root op (duplicateHLOPatternRoots checks it).
void populateTFToHLOPatterns(mlir::RewritePatternSet &patterns,
                             ConversionState &state);

} // namespace tfmlir::tohlo

#endif
