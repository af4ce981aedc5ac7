//===- ConvertExtraBuiltins.cpp - tf -> tfl for the later builtins --------===//
//
// TF ops whose TFLite builtins were added after the core set (issue 12
// section 3): each maps 1:1 onto the builtin whose TFLite kernel computes
// TF's function.
//  - Atan2 -> ATAN2 (TFLite's kernel takes same-shape float32 operands; a
//    broadcasting Atan2 is refused with the reason).
//  - BitwiseXor -> BITWISE_XOR (integer operands, NumPy broadcasting).
//  - Bitcast -> BITCAST (the result type carries TF's `type` attr).
//  - MatrixDiag, and MatrixDiagV2/V3 with k = 0, num_rows = num_cols = -1
//    and padding 0 (TF's defaults) -> MATRIX_DIAG.
//  - MatrixSetDiag, and MatrixSetDiagV2/V3 with k = 0 -> MATRIX_SET_DIAG.
//  - RandomUniform / RandomStandardNormal -> RANDOM_UNIFORM /
//    RANDOM_STANDARD_NORMAL with TF's seed / seed2 (shape operand as int32).
//  - Unique -> UNIQUE (idx_out_type from TF's out_idx).
//  - BroadcastArgs -> BROADCAST_ARGS.
//  - ReverseSequence -> REVERSE_SEQUENCE (seq_dim, batch_dim; seq_lengths
//    int32 or int64 as TF).
//  - Conv3D -> CONV_3D and Conv3DBackpropInputV2 -> CONV_3D_TRANSPOSE
//    (TF's DHWIO filter is TFLite's layout for both; strides, dilations,
//    SAME / VALID; NCDHW gets transposes to NDHWC and back, and a reordered
//    input_sizes).
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Helpers.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

namespace tfmlir::conv {
namespace {

using Results = SmallVectorImpl<Value>;

int64_t intAttrOr(Operation *op, StringRef name, int64_t dflt) {
  if (auto a = op->getAttrOfType<IntegerAttr>(name))
    return a.getInt();
  return dflt;
}

/// 1:1 op on the same operands and result types, with attributes.
LogicalResult emit(Operation *op, OpBuilder &b, Results &res, StringRef name,
                   ArrayRef<Value> operands, ArrayRef<NamedAttribute> attrs = {}) {
  Operation *n = create(b, op->getLoc(), name, operands, op->getResultTypes(),
                        attrs);
  res.append(n->result_begin(), n->result_end());
  return success();
}

LogicalResult convertAtan2(Operation *op, OpBuilder &b, Results &res,
                           std::string &why) {
  auto y = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  auto x = dyn_cast<RankedTensorType>(op->getOperand(1).getType());
  if (!y || !x || !y.hasStaticShape() || y.getShape() != x.getShape()) {
    why = "ATAN2's kernel needs two operands of one static shape (no "
          "broadcasting)";
    return failure();
  }
  return emit(op, b, res, "tfl.atan2", SmallVector<Value>(op->getOperands()));
}

LogicalResult convertSame(Operation *op, OpBuilder &b, Results &res,
                          StringRef name) {
  return emit(op, b, res, name, SmallVector<Value>(op->getOperands()));
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

Converter random(StringRef name) {
  std::string n = name.str();
  return [n](Operation *op, OpBuilder &b, Results &res, std::string &why) {
    Value shape = toI32(b, op->getLoc(), op->getOperand(0));
    if (!shape) {
      why = "the shape has values outside int32";
      return failure();
    }
    auto f = getElementTypeOrSelf(op->getResult(0).getType());
    if (!f.isF32()) {
      why = "TFLite's random kernels produce float32 only";
      return failure();
    }
    return emit(op, b, res, n, {shape},
                {b.getNamedAttr("seed", b.getI64IntegerAttr(
                                            intAttrOr(op, "seed", 0))),
                 b.getNamedAttr("seed2", b.getI64IntegerAttr(
                                             intAttrOr(op, "seed2", 0)))});
  };
}

LogicalResult convertUnique(Operation *op, OpBuilder &b, Results &res,
                            std::string &why) {
  std::string idx =
      tensorTypeName(getElementTypeOrSelf(op->getResult(1).getType()));
  if (idx != "INT32" && idx != "INT64") {
    why = "out_idx must be int32 or int64";
    return failure();
  }
  return emit(op, b, res, "tfl.unique", {op->getOperand(0)},
              {strA(b, "idx_out_type", idx)});
}

LogicalResult convertReverseSequence(Operation *op, OpBuilder &b, Results &res,
                                     std::string &) {
  auto norm = [&](int64_t d) {
    auto t = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
    return d < 0 && t ? d + t.getRank() : d;
  };
  return emit(op, b, res, "tfl.reverse_sequence",
              SmallVector<Value>(op->getOperands()),
              {i32A(b, "seq_dim", norm(intAttrOr(op, "seq_dim", 0))),
               i32A(b, "batch_dim", norm(intAttrOr(op, "batch_dim", 0)))});
}

/// Reads TF's 5-element `name` attr (strides / dilations) in the op's
/// data_format into (d, h, w); `ncdhw` tells the layout.
LogicalResult dhw(Operation *op, StringRef name, bool ncdhw, int64_t out[3],
                  std::string &why) {
  auto v = intList(op, name);
  if (!v) {
    out[0] = out[1] = out[2] = 1;
    return success();
  }
  if (v->size() != 5) {
    why = (name + " must have 5 elements").str();
    return failure();
  }
  const int first = ncdhw ? 2 : 1;
  for (int i = 0; i < 3; ++i)
    out[i] = (*v)[first + i];
  if ((*v)[0] != 1 || (*v)[ncdhw ? 1 : 4] != 1) {
    why = (name + " must be 1 on the batch and channel dims").str();
    return failure();
  }
  return success();
}

/// Common checks of Conv3D / Conv3DBackpropInputV2: data_format, padding,
/// strides, dilations, a 5-D float32 filter.
LogicalResult conv3dAttrs(Operation *op, OpBuilder &b, unsigned filterIdx,
                          bool &ncdhw, SmallVectorImpl<NamedAttribute> &attrs,
                          std::string &why) {
  std::string fmt = strAttr(op, "data_format", "NDHWC");
  if (fmt != "NDHWC" && fmt != "NCDHW") {
    why = "data_format " + fmt + " is not supported";
    return failure();
  }
  ncdhw = fmt == "NCDHW";
  std::string padding = strAttr(op, "padding", "VALID");
  if (padding != "SAME" && padding != "VALID") {
    why = "padding " + padding + " is not supported";
    return failure();
  }
  int64_t s[3], d[3];
  if (failed(dhw(op, "strides", ncdhw, s, why)) ||
      failed(dhw(op, "dilations", ncdhw, d, why)))
    return failure();
  auto ft = dyn_cast<RankedTensorType>(op->getOperand(filterIdx).getType());
  if (!ft || ft.getRank() != 5 || !ft.getElementType().isF32()) {
    why = "the filter must be a 5-D float32 tensor";
    return failure();
  }
  attrs.append({strA(b, "padding", padding), i32A(b, "stride_d", s[0]),
                i32A(b, "stride_w", s[2]), i32A(b, "stride_h", s[1]),
                actNone(b), i32A(b, "dilation_d_factor", d[0]),
                i32A(b, "dilation_w_factor", d[2]),
                i32A(b, "dilation_h_factor", d[1])});
  return success();
}

const SmallVector<int64_t> kToNDHWC = {0, 2, 3, 4, 1};
const SmallVector<int64_t> kToNCDHW = {0, 4, 1, 2, 3};

LogicalResult convertConv3D(Operation *op, OpBuilder &b, Results &res,
                            std::string &why) {
  Location loc = op->getLoc();
  bool ncdhw;
  SmallVector<NamedAttribute> attrs;
  if (failed(conv3dAttrs(op, b, 1, ncdhw, attrs, why)))
    return failure();
  Value x = op->getOperand(0);
  Type outT = op->getResult(0).getType();
  if (ncdhw) {
    x = transpose(b, loc, x, kToNDHWC);
    outT = permuteType(outT, kToNDHWC);
  }
  Value y = create1(b, loc, "tfl.conv_3d", {x, op->getOperand(1), noValue(b, loc)},
                    outT, attrs);
  res.push_back(ncdhw ? transpose(b, loc, y, kToNCDHW) : y);
  return success();
}

LogicalResult convertConv3DBackpropInputV2(Operation *op, OpBuilder &b,
                                           Results &res, std::string &why) {
  Location loc = op->getLoc();
  bool ncdhw;
  SmallVector<NamedAttribute> attrs;
  if (failed(conv3dAttrs(op, b, 1, ncdhw, attrs, why)))
    return failure();
  Value sizes, dy = op->getOperand(2);
  Type outT = op->getResult(0).getType();
  if (ncdhw) {
    auto c = constantInts(op->getOperand(0));
    if (!c || c->size() != 5) {
      why = "NCDHW needs a constant input_sizes";
      return failure();
    }
    sizes = i32Vector(b, loc, {(*c)[0], (*c)[2], (*c)[3], (*c)[4], (*c)[1]});
    dy = transpose(b, loc, dy, kToNDHWC);
    outT = permuteType(outT, kToNDHWC);
  } else {
    sizes = toI32(b, loc, op->getOperand(0));
  }
  if (!sizes) {
    why = "input_sizes has values outside int32";
    return failure();
  }
  Value y = create1(b, loc, "tfl.conv_3d_transpose",
                    {sizes, op->getOperand(1), dy, noValue(b, loc)}, outT, attrs);
  res.push_back(ncdhw ? transpose(b, loc, y, kToNCDHW) : y);
  return success();
}

} // namespace

void addExtraBuiltinConverters(llvm::StringMap<Converter> &t) {
  t["tf.Atan2"] = convertAtan2;
  t["tf.BitwiseXor"] = [](Operation *op, OpBuilder &b, Results &r,
                          std::string &) {
    return convertSame(op, b, r, "tfl.bitwise_xor");
  };
  t["tf.Bitcast"] = [](Operation *op, OpBuilder &b, Results &r,
                       std::string &) {
    return convertSame(op, b, r, "tfl.bitcast");
  };
  t["tf.BroadcastArgs"] = [](Operation *op, OpBuilder &b, Results &r,
                             std::string &) {
    return convertSame(op, b, r, "tfl.broadcast_args");
  };
  for (StringRef n : {"tf.MatrixDiag", "tf.MatrixDiagV2", "tf.MatrixDiagV3"})
    t[n] = convertMatrixDiag;
  for (StringRef n :
       {"tf.MatrixSetDiag", "tf.MatrixSetDiagV2", "tf.MatrixSetDiagV3"})
    t[n] = convertMatrixSetDiag;
  t["tf.RandomUniform"] = random("tfl.random_uniform");
  t["tf.RandomStandardNormal"] = random("tfl.random_standard_normal");
  t["tf.Unique"] = convertUnique;
  t["tf.ReverseSequence"] = convertReverseSequence;
  t["tf.Conv3D"] = convertConv3D;
  t["tf.Conv3DBackpropInputV2"] = convertConv3DBackpropInputV2;
}

} // namespace tfmlir::conv
