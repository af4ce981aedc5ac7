//===- Layout.cpp - data_format, strides and channel helpers of the NN ops ===//
#include "lib/Conversion/TFToTFL/NN/Layout.h"
#include "lib/Conversion/TFToTFL/Helpers.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

namespace tfmlir::conv::nn {

int64_t rankOf(Value v) {
  auto t = dyn_cast<RankedTensorType>(v.getType());
  return t ? t.getRank() : -1;
}

LogicalResult hw(Operation *op, StringRef attr, bool nchw, int64_t &h,
                 int64_t &w, std::string &why) {
  auto l = intList(op, attr);
  if (!l) {
    h = w = 1;
    return success();
  }
  if (l->size() != 4) {
    why = attr.str() + " must have 4 entries";
    return failure();
  }
  h = (*l)[nchw ? 2 : 1];
  w = (*l)[nchw ? 3 : 2];
  if ((*l)[0] != 1 || (*l)[nchw ? 1 : 3] != 1) {
    why = attr.str() + " on the batch or channel dim must be 1";
    return failure();
  }
  if (h < 1 || w < 1) {
    why = attr.str() + " must be positive";
    return failure();
  }
  return success();
}

LogicalResult dataFormat(Operation *op, bool &nchw, std::string &why) {
  std::string f = strAttr(op, "data_format", "NHWC");
  if (f != "NHWC" && f != "NCHW") {
    why = "data_format " + f + " is not supported";
    return failure();
  }
  nchw = f == "NCHW";
  return success();
}

LogicalResult window2D(Operation *op, StringRef windowAttr, bool allowExplicit,
                       Window2D &w, std::string &why) {
  if (failed(dataFormat(op, w.nchw, why)) ||
      failed(hw(op, "strides", w.nchw, w.strideH, w.strideW, why)) ||
      failed(hw(op, windowAttr, w.nchw, w.windowH, w.windowW, why)))
    return failure();
  w.padding = strAttr(op, "padding", "VALID");
  if (w.padding != "SAME" && w.padding != "VALID" &&
      !(allowExplicit && w.padding == "EXPLICIT")) {
    why = "padding " + w.padding + " is not supported";
    return failure();
  }
  return success();
}

Value toNHWC(OpBuilder &b, Location loc, Value x, bool nchw) {
  return nchw ? transpose(b, loc, x, kToNHWC) : x;
}

Type nhwcType(Type t, bool nchw) { return nchw ? permuteType(t, kToNHWC) : t; }

Value fromNHWC(OpBuilder &b, Location loc, Value y, bool nchw) {
  return nchw ? transpose(b, loc, y, kToNCHW) : y;
}

Value channelFirst(OpBuilder &b, Location loc, Value v, int64_t rank,
                   std::string &why) {
  auto t = dyn_cast<RankedTensorType>(v.getType());
  if (!t || t.getRank() != 1 || t.isDynamicDim(0) || rank < 2) {
    why = "NCHW needs a static 1-D channel vector and a ranked input";
    return Value();
  }
  SmallVector<int64_t> s{t.getDimSize(0)};
  s.append(rank - 2, 1);
  return reshape(b, loc, v, s);
}

} // namespace tfmlir::conv::nn
