//===- ConvertLRN.cpp - tf.LRN -> tfl.local_response_normalization --------===//
//
// TF's LRN (NHWC, depth_radius, bias, alpha, beta) is TFLite's
// LOCAL_RESPONSE_NORMALIZATION (radius, bias, alpha, beta), whose kernel
// computes TF's function on float32 4-D inputs; other dtypes and ranks are
// refused with the reason (they stay for the legalization report).
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Helpers.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

namespace tfmlir::conv {
namespace {

LogicalResult convertLRN(Operation *op, OpBuilder &b,
                         SmallVectorImpl<Value> &res, std::string &why) {
  auto t = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  if (!t || t.getRank() != 4 || !t.getElementType().isF32()) {
    why = "LOCAL_RESPONSE_NORMALIZATION's kernel takes a float32 4-D input";
    return failure();
  }
  int64_t radius = 5;
  if (auto a = op->getAttrOfType<IntegerAttr>("depth_radius"))
    radius = a.getInt();
  if (radius < 0 || radius > INT32_MAX) {
    why = "depth_radius " + std::to_string(radius) + " is out of range";
    return failure();
  }
  res.push_back(create1(b, op->getLoc(), "tfl.local_response_normalization",
                        op->getOperand(0), op->getResult(0).getType(),
                        {i32A(b, "radius", radius),
                         f32A(b, "bias", floatAttr(op, "bias", 1.0)),
                         f32A(b, "alpha", floatAttr(op, "alpha", 1.0)),
                         f32A(b, "beta", floatAttr(op, "beta", 0.5))}));
  return success();
}

} // namespace

void addLRNConverters(llvm::StringMap<Converter> &table) {
  table["tf.LRN"] = convertLRN;
}

} // namespace tfmlir::conv
