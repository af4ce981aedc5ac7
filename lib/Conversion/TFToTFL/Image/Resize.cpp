//===- Resize.cpp - tf.ResizeBilinear / NearestNeighbor -> tfl ------------===//
//
// ResizeBilinear and ResizeNearestNeighbor of TFOpsImage.td (TF kernels
// ResizeBilinearOp, ResizeNearestNeighborOp) as TFLite's RESIZE_BILINEAR
// and RESIZE_NEAREST_NEIGHBOR, whose reference kernels compute TF's
// function on NHWC images with TF's align_corners and half_pixel_centers.
// The size operand becomes int32 (refused with the reason when a constant
// size has values outside int32). TF's ResizeBilinear returns float32 for
// every input dtype (it computes in float); TFLite's RESIZE_BILINEAR keeps
// the input type, so a non-f32 input is cast to the result type first.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Patterns.h"

#include "dialects/tf/TFOps.h"
#include "dialects/tfl/TFLOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

namespace tfmlir::conv {
namespace {

/// tf.ResizeBilinear -> tfl.resize_bilinear (a tfl.cast of a non-f32
/// input first).
struct ResizeBilinearLowering : TFLPattern<TF::ResizeBilinearOp> {
  using TFLPattern::TFLPattern;
  LogicalResult convert(TF::ResizeBilinearOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    Value size;
    std::string why;
    if (failed(i32Operand(op, b, 1, size, why)))
      return fail(op, b, why);
    Value images = a.getImages();
    auto inTy = dyn_cast<TensorType>(images.getType());
    Type outElem = getElementTypeOrSelf(op.getResult().getType());
    if (inTy && inTy.getElementType() != outElem)
      images = tfl::CastOp::create(b, op.getLoc(), inTy.clone(outElem), images,
                                   tensorTypeName(inTy.getElementType()),
                                   tensorTypeName(outElem));
    results.push_back(tfl::ResizeBilinearOp::create(
        b, op.getLoc(), op.getResult().getType(), images, size,
        boolAttr(op, "align_corners"), boolAttr(op, "half_pixel_centers")));
    return success();
  }
};

/// tf.ResizeNearestNeighbor -> tfl.resize_nearest_neighbor.
struct ResizeNearestNeighborLowering : TFLPattern<TF::ResizeNearestNeighborOp> {
  using TFLPattern::TFLPattern;
  LogicalResult convert(TF::ResizeNearestNeighborOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    Value size;
    std::string why;
    if (failed(i32Operand(op, b, 1, size, why)))
      return fail(op, b, why);
    results.push_back(tfl::ResizeNearestNeighborOp::create(
        b, op.getLoc(), op.getResult().getType(), a.getImages(), size,
        boolAttr(op, "align_corners"), boolAttr(op, "half_pixel_centers")));
    return success();
  }
};

} // namespace

void populateImageResizePatterns(RewritePatternSet &patterns,
                                 ConversionState &state) {
  patterns.add<ResizeBilinearLowering, ResizeNearestNeighborLowering>(
      patterns.getContext(), state);
}

} // namespace tfmlir::conv
