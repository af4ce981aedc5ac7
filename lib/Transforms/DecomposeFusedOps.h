//===- DecomposeFusedOps.h - grappler's fused ops -> unfused tf ops -------===//
//
// Patterns of `tf-decompose-fused-ops` (Passes.td): _FusedConv2D,
// _FusedDepthwiseConv2dNative / FusedDepthwiseConv2dNative, _FusedMatMul
// and _FusedBatchNormEx become the ops they fuse (Conv2D /
// DepthwiseConv2dNative / MatMul, BiasAdd or FusedBatchNormV3, AddV2, the
// activation), with TF's kernel semantics; _FusedConv3D becomes Conv3D +
// BiasAdd + activation, FusedPadConv2D MirrorPad + Conv2D and
// FusedResizeAndPadConv2D ResizeBilinear + MirrorPad + Conv2D.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_TRANSFORMS_DECOMPOSEFUSEDOPS_H
#define TFMLIR_LIB_TRANSFORMS_DECOMPOSEFUSEDOPS_H

#include "dialects/tf/TFOps.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace tfmlir {

/// Adds one typed OpRewritePattern per fused op. Each rewrites only ops it
/// supports (see whyNotDecomposable) and leaves the others unchanged.
void populateDecomposeFusedOpsPatterns(mlir::RewritePatternSet &patterns);

/// Why the op cannot be decomposed ("" when it can): an unsupported
/// `fused_ops` list (unknown op, wrong order, too few `args` for it), a
/// data_format other than NHWC/NCHW, a filter_format other than HWIO, host
/// args (quantized fusions), or for _FusedBatchNormEx an activation_mode
/// other than Identity/Relu (TF's own limit). The message names the list.
std::string whyNotDecomposable(TF::_FusedConv2DOp op);
std::string whyNotDecomposable(TF::_FusedDepthwiseConv2dNativeOp op);
std::string whyNotDecomposable(TF::FusedDepthwiseConv2dNativeOp op);
std::string whyNotDecomposable(TF::_FusedMatMulOp op);
std::string whyNotDecomposable(TF::_FusedBatchNormExOp op);
/// _FusedConv3D: data_format other than NDHWC/NCDHW, padding EXPLICIT, or
/// a fused_ops list with FusedBatchNorm or one parseFusedOps refuses.
std::string whyNotDecomposable(TF::_FusedConv3DOp op);

} // namespace tfmlir

#endif
