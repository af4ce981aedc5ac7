//===- ContractionToLinalg.cpp - dot_general/convolution -> linalg --------===//
//
// Both become one linalg.generic contraction (parallel loops over the
// result, reduction loops over the contracted dims) accumulating
// convert(lhs) * convert(rhs) in the result element type from zero (pred:
// or of ands; f16/bf16 in f32, rounded once), as XLA's DotGeneral and
// ConvGeneralDilated on CPU.
// Convolution: the input is first padded with zeros by buildXlaPad
// (padding, lhs_dilation as interior padding), a reversed window is
// materialized with buildReverse; the generic then reads input spatial
// index out*stride + window*rhs_dilation, input feature
// (out_feature floordiv (Cout / G)) * Cin_g + ci for G feature groups.
// batch_group_count > 1 is not supported.
// The common float NHWC/HWIO 2-D cases (no lhs dilation, no window
// reversal, 1 group or depthwise with multiplier 1) become
// linalg.conv_2d_nhwc_hwcf / depthwise_conv_2d_nhwc_hwc on the padded input
// instead, which the CPU pipeline tiles and vectorizes (same semantics).
//===----------------------------------------------------------------------===//
#include "lib/Conversion/HLOToLinalg/Helpers.h"

#include "mlir/IR/AffineExpr.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tolinalg {
namespace {

using Results = SmallVectorImpl<Value>;

/// acc + convert(l) * convert(r) in the accumulator's type.
Value multiplyAdd(OpBuilder &b, Location loc, Value l, Value r, Value acc) {
  Type t = acc.getType();
  l = emitConvert(b, loc, l, t);
  r = emitConvert(b, loc, r, t);
  if (isa<FloatType>(t))
    return arith::AddFOp::create(b, loc, acc,
                                 arith::MulFOp::create(b, loc, l, r));
  if (t.isInteger(1))
    return arith::OrIOp::create(b, loc, acc,
                                arith::AndIOp::create(b, loc, l, r));
  return arith::AddIOp::create(b, loc, acc,
                               arith::MulIOp::create(b, loc, l, r));
}

/// The contraction generic: `loops` loops of which the first result-rank
/// are parallel; maps for lhs, rhs (over `loops` dims) and identity out.
Value buildContraction(OpBuilder &b, Location loc, Value lhs, Value rhs,
                       RankedTensorType resultType, unsigned loops,
                       AffineMap lhsMap, AffineMap rhsMap) {
  // f16/bf16 products are accumulated in f32 and rounded once at the end,
  // as XLA's CPU backend upcasts half-precision dots and convolutions (a
  // half accumulator drifts by ulps over long sums: the dl4j case
  // Conv3DBackpropInputV2/NDHWC_VALID_half was one f16 step off TF).
  Type et = resultType.getElementType();
  bool widen = et.isF16() || et.isBF16();
  RankedTensorType rt =
      widen ? RankedTensorType::get(resultType.getShape(), b.getF32Type())
            : resultType;
  unsigned rank = rt.getRank();
  Value init =
      filledTensor(b, loc, rt, zeroScalar(b, loc, rt.getElementType()));
  SmallVector<AffineExpr> outExprs;
  for (unsigned i = 0; i < rank; ++i)
    outExprs.push_back(b.getAffineDimExpr(i));
  auto outMap = AffineMap::get(loops, 0, outExprs, b.getContext());
  SmallVector<utils::IteratorType> iters = parallelIterators(rank);
  iters.append(loops - rank, utils::IteratorType::reduction);
  auto g = linalg::GenericOp::create(
      b, loc, TypeRange{rt}, ValueRange{lhs, rhs}, ValueRange{init},
      {lhsMap, rhsMap, outMap}, iters,
      [&](OpBuilder &nb, Location nloc, ValueRange a) {
        linalg::YieldOp::create(nb, nloc,
                                multiplyAdd(nb, nloc, a[0], a[1], a[2]));
      });
  if (!widen)
    return g.getResult(0);
  return buildElementwise(b, loc, resultType, ValueRange{g.getResult(0)},
                          [&](OpBuilder &nb, Location nloc, ValueRange a) {
                            return emitConvert(nb, nloc, a[0], et);
                          });
}

LogicalResult lowerDotGeneral(Operation *op, OpBuilder &b, Results &results,
                              std::string &why) {
  auto dot = cast<DotGeneralOp>(op);
  auto dn = dot.getDotDimensionNumbers();
  auto lt = cast<RankedTensorType>(dot.getLhs().getType());
  auto rt2 = cast<RankedTensorType>(dot.getRhs().getType());
  auto rt = cast<RankedTensorType>(op->getResult(0).getType());
  ArrayRef<int64_t> lb = dn.getLhsBatchingDimensions();
  ArrayRef<int64_t> rb = dn.getRhsBatchingDimensions();
  ArrayRef<int64_t> lc = dn.getLhsContractingDimensions();
  ArrayRef<int64_t> rc = dn.getRhsContractingDimensions();
  int64_t nb = lb.size();
  int64_t lFree = lt.getRank() - nb - lc.size();
  int64_t rFree = rt2.getRank() - nb - rc.size();
  if (lFree < 0 || rFree < 0 || nb + lFree + rFree != rt.getRank()) {
    why = "dimension numbers do not match the operand and result ranks";
    return failure();
  }
  unsigned resRank = rt.getRank();
  unsigned loops = resRank + lc.size();
  auto mapFor = [&](RankedTensorType t, ArrayRef<int64_t> batch,
                    ArrayRef<int64_t> contract, int64_t freeBase) {
    SmallVector<AffineExpr> exprs;
    int64_t k = 0;
    for (int64_t d = 0; d < t.getRank(); ++d) {
      if (auto *it = llvm::find(batch, d); it != batch.end())
        exprs.push_back(b.getAffineDimExpr(it - batch.begin()));
      else if (auto *ic = llvm::find(contract, d); ic != contract.end())
        exprs.push_back(b.getAffineDimExpr(resRank + (ic - contract.begin())));
      else
        exprs.push_back(b.getAffineDimExpr(freeBase + k++));
    }
    return AffineMap::get(loops, 0, exprs, b.getContext());
  };
  results.push_back(buildContraction(
      b, op->getLoc(), dot.getLhs(), dot.getRhs(), rt, loops,
      mapFor(lt, lb, lc, nb), mapFor(rt2, rb, rc, nb + lFree)));
  return success();
}

/// linalg.conv_2d_nhwc_hwcf (feature_group_count 1) or
/// linalg.depthwise_conv_2d_nhwc_hwc (groups == input features == output
/// features, the HWIO kernel [H, W, 1, C] collapsed to [H, W, C]) on the
/// zero-padded input, for NHWC input/output, HWIO kernel, one float element
/// type, no lhs dilation and no window reversal; a null Value otherwise
/// (`why` stays empty unless padding fails).
Value buildNamedConv2D(OpBuilder &b, Location loc, ConvolutionOp conv,
                       RankedTensorType it, RankedTensorType kt,
                       RankedTensorType rt, ArrayRef<int64_t> strides,
                       ArrayRef<int64_t> lhsDil, ArrayRef<int64_t> rhsDil,
                       ArrayRef<int64_t> padLow, ArrayRef<int64_t> padHigh,
                       std::string &why) {
  auto dn = conv.getDimensionNumbers();
  Type et = rt.getElementType();
  // Half precision takes the generic path (accumulated in f32).
  if (it.getRank() != 4 || !isa<FloatType>(et) || et.isF16() || et.isBF16() ||
      it.getElementType() != et || kt.getElementType() != et ||
      !it.hasStaticShape() || !kt.hasStaticShape() || !rt.hasStaticShape())
    return {};
  // Zero-size dims take the generic path: the tiled/decomposed named conv
  // crashed at run time on a zero batch or zero input features.
  auto hasZero = [](RankedTensorType t) {
    return llvm::is_contained(t.getShape(), int64_t(0));
  };
  if (hasZero(it) || hasZero(kt) || hasZero(rt))
    return {};
  if (dn.getInputBatchDimension() != 0 || dn.getInputFeatureDimension() != 3 ||
      dn.getInputSpatialDimensions() != ArrayRef<int64_t>{1, 2} ||
      dn.getKernelSpatialDimensions() != ArrayRef<int64_t>{0, 1} ||
      dn.getKernelInputFeatureDimension() != 2 ||
      dn.getKernelOutputFeatureDimension() != 3 ||
      dn.getOutputBatchDimension() != 0 ||
      dn.getOutputFeatureDimension() != 3 ||
      dn.getOutputSpatialDimensions() != ArrayRef<int64_t>{1, 2})
    return {};
  if (llvm::any_of(lhsDil, [](int64_t d) { return d != 1; }))
    return {};
  if (auto rev = conv.getWindowReversal())
    if (llvm::any_of(*rev, [](bool r) { return r; }))
      return {};
  int64_t groups = conv.getFeatureGroupCount();
  int64_t cin = it.getDimSize(3), cout = rt.getDimSize(3);
  bool depthwise = groups > 1 && groups == cin && cout == cin &&
                   kt.getDimSize(2) == 1 && kt.getDimSize(3) == cout;
  if (groups != 1 && !depthwise)
    return {};
  Value input = conv.getLhs();
  bool nonNegative = llvm::all_of(padLow, [](int64_t p) { return p >= 0; }) &&
                     llvm::all_of(padHigh, [](int64_t p) { return p >= 0; });
  if (nonNegative &&
      (llvm::any_of(padLow, [](int64_t p) { return p != 0; }) ||
       llvm::any_of(padHigh, [](int64_t p) { return p != 0; }))) {
    // Zeros with the input copied into the interior by a linalg.copy on the
    // matching slice (destination-passing: bufferizes in place, and the
    // copy is tiled and vectorized like any linalg op).
    SmallVector<int64_t> shape(it.getShape());
    shape[1] += padLow[0] + padHigh[0];
    shape[2] += padLow[1] + padHigh[1];
    Value padded = filledTensor(b, loc, RankedTensorType::get(shape, et),
                                zeroScalar(b, loc, et));
    SmallVector<OpFoldResult> offsets = {
        b.getIndexAttr(0), b.getIndexAttr(padLow[0]), b.getIndexAttr(padLow[1]),
        b.getIndexAttr(0)};
    SmallVector<OpFoldResult> sizes, strides(4, b.getIndexAttr(1));
    for (int64_t d : it.getShape())
      sizes.push_back(b.getIndexAttr(d));
    Value slice = tensor::ExtractSliceOp::create(b, loc, it, padded, offsets,
                                                 sizes, strides);
    Value copied = linalg::CopyOp::create(b, loc, TypeRange{it},
                                          ValueRange{input}, ValueRange{slice})
                       .getResult(0);
    input = tensor::InsertSliceOp::create(b, loc, copied, padded, offsets,
                                          sizes, strides);
  } else if (!nonNegative) {
    SmallVector<int64_t> low = {0, padLow[0], padLow[1], 0};
    SmallVector<int64_t> high = {0, padHigh[0], padHigh[1], 0};
    SmallVector<int64_t> interior(4, 0);
    input = buildXlaPad(b, loc, input, zeroScalar(b, loc, et), low, high,
                        interior, why);
    if (!input)
      return {};
  }
  auto i64Pair = [&](ArrayRef<int64_t> v) {
    return DenseIntElementsAttr::get(RankedTensorType::get({2}, b.getI64Type()),
                                     v);
  };
  Value init = filledTensor(b, loc, rt, zeroScalar(b, loc, et));
  if (!depthwise)
    return linalg::Conv2DNhwcHwcfOp::create(
               b, loc, TypeRange{rt}, ValueRange{input, conv.getRhs()},
               ValueRange{init}, i64Pair(strides), i64Pair(rhsDil))
        .getResult(0);
  auto k3 = RankedTensorType::get(
      {kt.getDimSize(0), kt.getDimSize(1), kt.getDimSize(3)}, et);
  Value kernel = tensor::CollapseShapeOp::create(
      b, loc, k3, conv.getRhs(),
      SmallVector<ReassociationIndices>{{0}, {1}, {2, 3}});
  return linalg::DepthwiseConv2DNhwcHwcOp::create(
             b, loc, TypeRange{rt}, ValueRange{input, kernel}, ValueRange{init},
             i64Pair(strides), i64Pair(rhsDil))
      .getResult(0);
}

LogicalResult lowerConvolution(Operation *op, OpBuilder &b, Results &results,
                               std::string &why) {
  auto conv = cast<ConvolutionOp>(op);
  Location loc = op->getLoc();
  auto dn = conv.getDimensionNumbers();
  auto rt = cast<RankedTensorType>(op->getResult(0).getType());
  auto it = cast<RankedTensorType>(conv.getLhs().getType());
  auto kt = cast<RankedTensorType>(conv.getRhs().getType());
  if (conv.getBatchGroupCount() != 1) {
    why = "batch_group_count > 1 is not supported";
    return failure();
  }
  ArrayRef<int64_t> inSp = dn.getInputSpatialDimensions();
  ArrayRef<int64_t> kSp = dn.getKernelSpatialDimensions();
  ArrayRef<int64_t> outSp = dn.getOutputSpatialDimensions();
  size_t s = inSp.size();
  if (kSp.size() != s || outSp.size() != s ||
      it.getRank() != static_cast<int64_t>(s) + 2 ||
      rt.getRank() != it.getRank() || kt.getRank() != it.getRank()) {
    why = "dimension numbers do not match the operand ranks";
    return failure();
  }
  SmallVector<int64_t> strides =
      readI64Array(conv.getWindowStridesAttr(), s, 1);
  SmallVector<int64_t> lhsDil = readI64Array(conv.getLhsDilationAttr(), s, 1);
  SmallVector<int64_t> rhsDil = readI64Array(conv.getRhsDilationAttr(), s, 1);
  SmallVector<int64_t> padLow, padHigh;
  if (!readPadding(conv.getPaddingAttr(), s, padLow, padHigh)) {
    why = "padding is not of shape [spatial dims, 2]";
    return failure();
  }
  int64_t groups = conv.getFeatureGroupCount();
  int64_t cinG = kt.getDimSize(dn.getKernelInputFeatureDimension());
  int64_t cout = rt.getDimSize(dn.getOutputFeatureDimension());
  if (cout % groups != 0) {
    why = "output features are not divisible by feature_group_count";
    return failure();
  }

  // The common 2-D float cases become named linalg convolutions, which
  // hlo-cpu-tile / hlo-cpu-vectorize decompose and vectorize.
  if (Value named = buildNamedConv2D(b, loc, conv, it, kt, rt, strides, lhsDil,
                                     rhsDil, padLow, padHigh, why))
    results.push_back(named);
  if (!results.empty())
    return success();
  if (!why.empty())
    return failure();

  // Pad and dilate the input with zeros.
  int64_t r = it.getRank();
  SmallVector<int64_t> low(r, 0), high(r, 0), interior(r, 0);
  for (size_t i = 0; i < s; ++i) {
    low[inSp[i]] = padLow[i];
    high[inSp[i]] = padHigh[i];
    interior[inSp[i]] = lhsDil[i] - 1;
  }
  Value input = buildXlaPad(b, loc, conv.getLhs(),
                            zeroScalar(b, loc, it.getElementType()), low, high,
                            interior, why);
  if (!input)
    return failure();
  Value kernel = conv.getRhs();
  if (auto rev = conv.getWindowReversal()) {
    SmallVector<int64_t> dims;
    for (size_t i = 0; i < s && i < rev->size(); ++i)
      if ((*rev)[i])
        dims.push_back(kSp[i]);
    if (!dims.empty())
      kernel = buildReverse(b, loc, kernel, dims);
  }

  // Loops: result dims (result order), window dims, kernel input feature.
  unsigned loops = r + s + 1;
  AffineExpr ci = b.getAffineDimExpr(r + s);
  AffineExpr of = b.getAffineDimExpr(dn.getOutputFeatureDimension());
  SmallVector<AffineExpr> inExprs(r), kExprs(r);
  inExprs[dn.getInputBatchDimension()] =
      b.getAffineDimExpr(dn.getOutputBatchDimension());
  inExprs[dn.getInputFeatureDimension()] =
      groups == 1 ? ci : of.floorDiv(cout / groups) * cinG + ci;
  kExprs[dn.getKernelInputFeatureDimension()] = ci;
  kExprs[dn.getKernelOutputFeatureDimension()] = of;
  for (size_t i = 0; i < s; ++i) {
    AffineExpr w = b.getAffineDimExpr(r + i);
    inExprs[inSp[i]] =
        b.getAffineDimExpr(outSp[i]) * strides[i] + w * rhsDil[i];
    kExprs[kSp[i]] = w;
  }
  MLIRContext *ctx = b.getContext();
  results.push_back(buildContraction(b, loc, input, kernel, rt, loops,
                                     AffineMap::get(loops, 0, inExprs, ctx),
                                     AffineMap::get(loops, 0, kExprs, ctx)));
  return success();
}

} // namespace

void addContractionLowerings(llvm::StringMap<Lowering> &t) {
  t["hlo.dot_general"] = lowerDotGeneral;
  t["hlo.convolution"] = lowerConvolution;
}

} // namespace tfmlir::tolinalg
