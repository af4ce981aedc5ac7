//===- ConvertExtraBuiltins.cpp - MatrixDiag / MatrixSetDiag -> tfl -------===//
//
// The converters of the later builtins (issue 12 section 3) still in the
// legacy table (run through LegacyTFLPattern): MatrixDiagV2/V3 and
// MatrixSetDiagV2/V3 have no ODS definition yet, and MatrixDiag /
// MatrixSetDiag share their converters.
//  - MatrixDiag, and MatrixDiagV2/V3 with k = 0, num_rows = num_cols = -1
//    and padding 0 (TF's defaults) -> MATRIX_DIAG.
//  - MatrixSetDiag, and MatrixSetDiagV2/V3 with k = 0 -> MATRIX_SET_DIAG.
// The other ops of this table moved to typed patterns under <Family>/.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Helpers.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

namespace tfmlir::conv {
namespace {

using Results = SmallVectorImpl<Value>;

/// 1:1 op on the same operands and result types, with attributes.
LogicalResult emit(Operation *op, OpBuilder &b, Results &res, StringRef name,
                   ArrayRef<Value> operands,
                   ArrayRef<NamedAttribute> attrs = {}) {
  Operation *n =
      create(b, op->getLoc(), name, operands, op->getResultTypes(), attrs);
  res.append(n->result_begin(), n->result_end());
  return success();
}

/// MatrixDiagV2/V3 and MatrixSetDiagV2/V3 map onto the v1 builtins only with
/// TF's defaults (main diagonal, square output, zero padding).
LogicalResult checkMainDiagonal(Operation *op, unsigned kIdx, bool isDiag,
                                std::string &why) {
  auto k = constantInts(op->getOperand(kIdx));
  if (!k || k->empty() || (*k)[0] != 0 || (k->size() == 2 && (*k)[1] != 0)) {
    why = "only the main diagonal (constant k = 0) has a TFLite builtin";
    return failure();
  }
  if (isDiag) {
    auto rows = constantInts(op->getOperand(2)),
         cols = constantInts(op->getOperand(3));
    auto pad = constantOf(op->getOperand(4));
    if (!rows || !cols || rows->size() != 1 || cols->size() != 1 ||
        (*rows)[0] != -1 || (*cols)[0] != -1) {
      why = "num_rows / num_cols other than -1 have no TFLite builtin";
      return failure();
    }
    if (!pad || !pad->isSplat() ||
        !(isa<FloatType>(pad->getElementType())
              ? pad->getSplatValue<APFloat>().isZero()
              : pad->getSplatValue<APInt>().isZero())) {
      why = "a non-zero padding_value has no TFLite builtin";
      return failure();
    }
  }
  return success();
}

LogicalResult convertMatrixDiag(Operation *op, OpBuilder &b, Results &res,
                                std::string &why) {
  if (op->getNumOperands() == 5 && failed(checkMainDiagonal(op, 1, true, why)))
    return failure();
  return emit(op, b, res, "tfl.matrix_diag", {op->getOperand(0)});
}

LogicalResult convertMatrixSetDiag(Operation *op, OpBuilder &b, Results &res,
                                   std::string &why) {
  if (op->getNumOperands() == 3 && failed(checkMainDiagonal(op, 2, false, why)))
    return failure();
  return emit(op, b, res, "tfl.matrix_set_diag",
              {op->getOperand(0), op->getOperand(1)});
}

} // namespace

void addExtraBuiltinConverters(llvm::StringMap<Converter> &t) {
  for (StringRef n : {"tf.MatrixDiag", "tf.MatrixDiagV2", "tf.MatrixDiagV3"})
    t[n] = convertMatrixDiag;
  for (StringRef n :
       {"tf.MatrixSetDiag", "tf.MatrixSetDiagV2", "tf.MatrixSetDiagV3"})
    t[n] = convertMatrixSetDiag;
}

} // namespace tfmlir::conv
