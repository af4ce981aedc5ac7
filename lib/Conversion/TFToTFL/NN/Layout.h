//===- Layout.h - data_format, strides and channel helpers of the NN ops --===//
//
// Shared by the NN family's tf -> tfl patterns (Conv.cpp, Pool.cpp,
// Normalization.cpp): TF's NHWC / NCHW data_format, the H/W entries of its
// 4-entry strides / dilations / ksize lists, and per-channel vectors made to
// broadcast over NCHW.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_CONVERSION_TFTOTFL_NN_LAYOUT_H
#define TFMLIR_LIB_CONVERSION_TFTOTFL_NN_LAYOUT_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"

#include <string>

namespace tfmlir::conv::nn {

/// Permutations NCHW -> NHWC and back (tfl's convolutions and pools are
/// NHWC).
inline constexpr int64_t kToNHWC[] = {0, 2, 3, 1};
inline constexpr int64_t kToNCHW[] = {0, 3, 1, 2};

/// The rank of `v`'s type, -1 when unranked.
int64_t rankOf(mlir::Value v);

/// Reads `op`'s data_format ("NHWC" by default): `nchw` tells which;
/// another format fails with `why` set.
mlir::LogicalResult dataFormat(mlir::Operation *op, bool &nchw,
                               std::string &why);

/// Reads the H/W pair of a 4-entry TF list (strides, dilations, ksize) in
/// the op's layout (`nchw`); 1, 1 when the attr is absent. Fails with `why`
/// set when it has not 4 entries, is not 1 on the batch and channel dims
/// or is not positive.
mlir::LogicalResult hw(mlir::Operation *op, llvm::StringRef attr, bool nchw,
                       int64_t &h, int64_t &w, std::string &why);

/// The window attributes of a 2-D convolution or pool in TFLite's terms
/// (window2D): the layout, the H/W strides, the H/W of `window` (dilations
/// for a convolution, ksize for a pool) and the padding.
struct Window2D {
  bool nchw = false;
  int64_t strideH = 1, strideW = 1;
  int64_t windowH = 1, windowW = 1;
  std::string padding;
};

/// The prologue the 2-D convolutions and pools share: reads `op`'s
/// data_format (dataFormat), strides and the list `windowAttr` (hw), and
/// its padding (VALID when absent) into `w`. Fails with `why` set when one
/// of them is not supported, and for a padding other than SAME / VALID
/// (EXPLICIT as well when `allowExplicit`).
mlir::LogicalResult window2D(mlir::Operation *op, llvm::StringRef windowAttr,
                             bool allowExplicit, Window2D &w, std::string &why);

/// `x` transposed NCHW -> NHWC when `nchw` (else `x`): tfl's convolutions
/// and pools take NHWC.
mlir::Value toNHWC(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x,
                   bool nchw);
/// `t` (an NCHW result type) permuted to NHWC when `nchw` (else `t`).
mlir::Type nhwcType(mlir::Type t, bool nchw);
/// `y` transposed back NHWC -> NCHW when `nchw` (else `y`).
mlir::Value fromNHWC(mlir::OpBuilder &b, mlir::Location loc, mlir::Value y,
                     bool nchw);

/// Reshapes a per-channel vector [C] so that it broadcasts over the channel
/// dim of an NCHW tensor of rank `rank` ([C, 1, ..., 1]); null with `why`
/// set when `v` is not a static 1-D vector or `rank` < 2.
mlir::Value channelFirst(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                         int64_t rank, std::string &why);

} // namespace tfmlir::conv::nn

#endif
