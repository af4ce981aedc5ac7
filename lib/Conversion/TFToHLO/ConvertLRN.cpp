//===- ConvertLRN.cpp - LRN -> hlo -----------------------------------------===//
//
// TF's LRN (local response normalization, lrn_op.cc): input 4-D NHWC
// (float, half, bfloat16); attrs depth_radius r (int), bias, alpha, beta
// (float). With sqr_sum[n, h, w, d] = sum of input[n, h, w, c]^2 over the
// channels c in [d - r, d + r] (clipped to the channel range),
//   output = input / (bias + alpha * sqr_sum)^beta.
// Lowered as: the squares, an hlo.reduce_window sum over a 2r + 1 channel
// window padded by r on each side, and input * m^-beta (input / m for
// beta = 1, input * rsqrt(m) for beta = 0.5, as TF's CPU kernel special-
// cases them). half/bfloat16 are computed in f32 and rounded back.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Helpers.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

LogicalResult convertLRN(Operation *op, OpBuilder &b,
                         SmallVectorImpl<Value> &results, std::string &why) {
  auto in = staticType(op->getOperand(0));
  auto out = staticResult(op);
  if (!in || !out || in.getRank() != 4 || !isa<FloatType>(in.getElementType()))
    return fail(why, "needs a static 4-D float input");
  int64_t r = intAttr(op, "depth_radius", 5);
  if (r < 0)
    return fail(why, "depth_radius = " + std::to_string(r) + " must be >= 0");
  double bias = floatAttr(op, "bias", 1.0), alpha = floatAttr(op, "alpha", 1.0),
         beta = floatAttr(op, "beta", 0.5);
  Location loc = op->getLoc();
  Type elt = in.getElementType();
  Type ct = elt.getIntOrFloatBitWidth() < 32 ? Type(b.getF32Type()) : elt;
  Value x = convert(b, loc, op->getOperand(0), ct);
  auto t = RankedTensorType::get(in.getShape(), ct);
  Value sq = MultiplyOp::create(b, loc, x, x);
  SmallVector<int64_t> pad = {0, 0, 0, 0, 0, 0, r, r};
  auto padType = RankedTensorType::get({4, 2}, b.getI64Type());
  Value init = scalar(b, loc, ct, 0);
  auto rw = ReduceWindowOp::create(
      b, loc, ValueRange{sq}, ValueRange{init},
      b.getDenseI64ArrayAttr({1, 1, 1, 2 * r + 1}), nullptr, nullptr, nullptr,
      DenseIntElementsAttr::get(padType, pad));
  {
    OpBuilder::InsertionGuard g(b);
    Type s = init.getType();
    Block *body = b.createBlock(&rw.getBody(), {}, {s, s}, {loc, loc});
    ReturnOp::create(b, loc,
                     ValueRange{combine(b, loc, ReduceKind::Add,
                                        body->getArgument(0), body->getArgument(1))});
  }
  Value m = AddOp::create(b, loc, splat(b, loc, t, bias),
                          MultiplyOp::create(b, loc, splat(b, loc, t, alpha),
                                             rw.getResult(0)));
  Value y;
  if (beta == 1.0)
    y = DivideOp::create(b, loc, x, m);
  else if (beta == 0.5)
    y = MultiplyOp::create(b, loc, x, RsqrtOp::create(b, loc, m));
  else
    y = MultiplyOp::create(b, loc, x,
                           PowerOp::create(b, loc, m, splat(b, loc, t, -beta)));
  results.push_back(convert(b, loc, y, elt));
  return success();
}

} // namespace

void addLRNConverters(llvm::StringMap<Converter> &t) { t["tf.LRN"] = convertLRN; }

} // namespace tfmlir::tohlo
