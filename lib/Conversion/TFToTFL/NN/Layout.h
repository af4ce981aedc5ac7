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

/// Reshapes a per-channel vector [C] so that it broadcasts over the channel
/// dim of an NCHW tensor of rank `rank` ([C, 1, ..., 1]); null with `why`
/// set when `v` is not a static 1-D vector or `rank` < 2.
mlir::Value channelFirst(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                         int64_t rank, std::string &why);

} // namespace tfmlir::conv::nn

#endif
