//===- Diag.cpp - MatrixDiag(V2/V3), MatrixSetDiag(V2/V3) -> tfl ----------===//
//
// Ops of TFOpsIndexing.td (TF kernels MatrixDiagOp, MatrixSetDiagOp) as
// TFLite's MATRIX_DIAG and MATRIX_SET_DIAG builtins, whose reference
// kernels compute TF's v1 ops (the main diagonal, square output, zeros
// elsewhere):
//  - MatrixDiag -> MATRIX_DIAG; MatrixDiagV2/V3 too when k = 0,
//    num_rows = num_cols = -1 and padding_value = 0 (TF's defaults, all
//    constant); other values are refused with the reason;
//  - MatrixSetDiag -> MATRIX_SET_DIAG; MatrixSetDiagV2/V3 too when k = 0
//    (constant).
// V3's `align` only says how a band of several diagonals is packed, so it
// does not matter for the main diagonal alone.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Patterns.h"

#include "dialects/tf/TFOps.h"
#include "dialects/tfl/TFLOps.h"
#include "mlir/IR/BuiltinTypes.h"

#include <type_traits>

using namespace mlir;

namespace tfmlir::conv {
namespace {

/// Why the diagonal offsets `k` (a scalar or pair) do not select the main
/// diagonal alone, or "" when they do (constant 0, or [0, 0]).
std::string notMainDiagonal(Value k) {
  auto v = constantInts(k);
  if (!v || v->empty() || (*v)[0] != 0 || (v->size() == 2 && (*v)[1] != 0))
    return "only the main diagonal (constant k = 0) has a TFLite builtin";
  return "";
}

/// Why MatrixDiagV2/V3's `num_rows`, `num_cols` and `padding_value` are not
/// TF's defaults (-1, -1, 0), or "" when they are: MATRIX_DIAG builds a
/// square, zero-padded matrix only.
std::string notDefaultShape(Value numRows, Value numCols, Value padding) {
  auto rows = constantInts(numRows), cols = constantInts(numCols);
  if (!rows || !cols || rows->size() != 1 || cols->size() != 1 ||
      (*rows)[0] != -1 || (*cols)[0] != -1)
    return "num_rows / num_cols other than -1 have no TFLite builtin";
  auto pad = constantOf(padding);
  if (!pad || !pad->isSplat() ||
      !(isa<FloatType>(pad->getElementType())
            ? pad->getSplatValue<APFloat>().isZero()
            : pad->getSplatValue<APInt>().isZero()))
    return "a non-zero padding_value has no TFLite builtin";
  return "";
}

/// The V2/V3 ops (`OpTy`) on the main diagonal alone -> the v1 builtin
/// `TFLOp`: tf.MatrixDiagV2/V3 -> tfl.matrix_diag(diagonal) when k = 0 and
/// num_rows, num_cols and padding_value are TF's defaults;
/// tf.MatrixSetDiagV2/V3 -> tfl.matrix_set_diag(input, diagonal) when
/// k = 0. Otherwise refused with the reason.
template <typename OpTy, typename TFLOp>
struct MainDiagonalLowering : TFLPattern<OpTy> {
  using TFLPattern<OpTy>::TFLPattern;
  using OpAdaptor = typename TFLPattern<OpTy>::OpAdaptor;
  LogicalResult convert(OpTy op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    std::string why = notMainDiagonal(a.getK());
    SmallVector<Value> operands;
    if constexpr (std::is_same_v<TFLOp, tfl::MatrixDiagOp>) {
      if (why.empty())
        why = notDefaultShape(a.getNumRows(), a.getNumCols(),
                              a.getPaddingValue());
      operands = {a.getDiagonal()};
    } else {
      operands = {a.getInput(), a.getDiagonal()};
    }
    if (!why.empty())
      return this->fail(op, b, why);
    results.push_back(TFLOp::create(b, op.getLoc(), op->getResultTypes(),
                                    operands, ArrayRef<NamedAttribute>{})
                          ->getResult(0));
    return success();
  }
};

} // namespace

void populateIndexingDiagPatterns(RewritePatternSet &patterns,
                                  ConversionState &state) {
  patterns
      .add<SameOperandsLowering<TF::MatrixDiagOp, tfl::MatrixDiagOp>,
           SameOperandsLowering<TF::MatrixSetDiagOp, tfl::MatrixSetDiagOp>,
           MainDiagonalLowering<TF::MatrixDiagV2Op, tfl::MatrixDiagOp>,
           MainDiagonalLowering<TF::MatrixDiagV3Op, tfl::MatrixDiagOp>,
           MainDiagonalLowering<TF::MatrixSetDiagV2Op, tfl::MatrixSetDiagOp>,
           MainDiagonalLowering<TF::MatrixSetDiagV3Op, tfl::MatrixSetDiagOp>>(
          patterns.getContext(), state);
}

} // namespace tfmlir::conv
