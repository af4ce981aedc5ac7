//===- TFOpsImage.td - image ops: resize, crop, NMS, color adjustments ---===//
//
// Images are 4-D NHWC ([batch, height, width, channels]) unless stated.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_TF_OPS_IMAGE_TD
#define TFMLIR_TF_OPS_IMAGE_TD

include "dialects/tf/TFOpBase.td"

//===----------------------------------------------------------------------===//
// Resize
//===----------------------------------------------------------------------===//

class TF_ResizeOp<string mnemonic, string what, string mapping,
                  string outType>
    : TF_Op<mnemonic, [Pure]> {
  let summary = "TF " # mnemonic # ": resizes images with " # what;
  let description = "`images` is [batch, height, width, channels] (dtype "
    "`T`); `size` is an int32 vector [new_height, new_width]; "
    "`resized_images` is [batch, new_height, new_width, channels] of " #
    outType # ". Per axis, scale = (align_corners && out > 1) ? (in - 1) / "
    "(out - 1) : in / out. " # mapping # " `align_corners` and "
    "`half_pixel_centers` (both default false) cannot both be true. "
    "Matches TF's " # mnemonic # ".";
  let arguments = (ins TF_Tensor:$images, TF_Tensor:$size,
                   TF_DerivedTypeAttr:$T,
                   TF_DefaultBool<"false">:$align_corners,
                   TF_DefaultBool<"false">:$half_pixel_centers);
  let results = (outs TF_Tensor:$resized_images);
  let hasVerifier = 1;
}

def TF_ResizeBilinearOp : TF_ResizeOp<"ResizeBilinear",
    "bilinear interpolation",
    "The source coordinate of output pixel x is (x + 0.5) * scale - 0.5 "
    "with `half_pixel_centers`, else x * scale; it interpolates between "
    "floor and ceil of that, clamped to [0, in - 1].", "float">;
def TF_ResizeNearestNeighborOp : TF_ResizeOp<"ResizeNearestNeighbor",
    "nearest-neighbor sampling",
    "The source index of output pixel x is min(in - 1, s) where s = "
    "floor((x + 0.5) * scale) with `half_pixel_centers`, round(x * scale) "
    "(half away from zero) with `align_corners`, else floor(x * scale).",
    "dtype `T`">;
def TF_ResizeBicubicOp : TF_ResizeOp<"ResizeBicubic",
    "bicubic interpolation (Keys, a = -0.5 or -0.75 legacy)",
    "Coordinates as ResizeBilinear; without `half_pixel_centers` TF uses "
    "its legacy a = -0.75 kernel, with it a = -0.5.", "float">;
def TF_ResizeAreaOp : TF_Op<"ResizeArea", [Pure]> {
  let summary = "TF ResizeArea: resizes images by area averaging";
  let description = [{ `images` is [batch, height, width, channels] (dtype
    `T`); `size` is an int32 vector [new_height, new_width];
    `resized_images` is float [batch, new_height, new_width, channels]. Each
    output pixel averages the input area it covers (scale as ResizeBilinear
    with `align_corners`, default false). Matches TF's ResizeArea. }];
  let arguments = (ins TF_Tensor:$images, TF_Tensor:$size,
                   TF_DerivedTypeAttr:$T,
                   TF_DefaultBool<"false">:$align_corners);
  let results = (outs TF_Tensor:$resized_images);
  let hasVerifier = 1;
}

def TF_CropAndResizeOp : TF_Op<"CropAndResize", [Pure]> {
  let summary = "TF CropAndResize: crops boxes from images and resizes them";
  let description = [{ `image` is [batch, height, width, depth] (dtype
    `T`); `boxes` is float [num_boxes, 4] of normalized [y1, x1, y2, x2];
    `box_ind` is int32 [num_boxes] (the image of each box); `crop_size` is
    an int32 vector [crop_height, crop_width] of positive sizes. `crops` is
    float [num_boxes, crop_height, crop_width, depth]. `method` is
    "bilinear" (default) or "nearest"; samples outside the image are
    `extrapolation_value` (default 0). Matches TF's CropAndResize. }];
  let arguments = (ins TF_Tensor:$image, TF_Tensor:$boxes,
                   TF_Tensor:$box_ind, TF_Tensor:$crop_size,
                   TF_DerivedTypeAttr:$T,
                   TF_DefaultStr<"bilinear">:$method,
                   TF_DefaultF32<"0.0f">:$extrapolation_value);
  let results = (outs TF_Tensor:$crops);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Patches and boxes
//===----------------------------------------------------------------------===//

def TF_ExtractImagePatchesOp : TF_Op<"ExtractImagePatches", [Pure]> {
  let summary = "TF ExtractImagePatches: patches of images as depth";
  let description = [{ `images` is [batch, rows, cols, depth]; `ksizes`,
    `strides` and `rates` have 4 entries (1 in the batch and depth dims);
    `padding` is SAME or VALID and is computed as for Conv2D with the
    effective size (ksize - 1) * rate + 1. `patches` is [batch, out_rows,
    out_cols, ksize_rows * ksize_cols * depth]. Dtype `T`. Matches TF's
    ExtractImagePatches. }];
  let arguments = (ins TF_Tensor:$images, I64ArrayAttr:$ksizes,
                   I64ArrayAttr:$strides, I64ArrayAttr:$rates,
                   TF_DerivedTypeAttr:$T, StrAttr:$padding);
  let results = (outs TF_Tensor:$patches);
  let hasVerifier = 1;
}

def TF_DrawBoundingBoxesV2Op : TF_Op<"DrawBoundingBoxesV2", [Pure]> {
  let summary = "TF DrawBoundingBoxesV2: draws boxes on images";
  let description = [{ `images` is [batch, height, width, depth] (dtype
    `T`, float or half); `boxes` is float [batch, num_boxes, 4] of
    normalized [y_min, x_min, y_max, x_max]; `colors` is float [num_colors,
    4] (RGBA, cycled). `output` has the shape of `images`. Matches TF's
    DrawBoundingBoxesV2. }];
  let arguments = (ins TF_Tensor:$images, TF_Tensor:$boxes,
                   TF_Tensor:$colors, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Non-max suppression
//===----------------------------------------------------------------------===//

class TF_NMSOp<string mnemonic, string notes> : TF_Op<mnemonic, [Pure]> {
  let summary = "TF " # mnemonic # ": greedy non-max suppression of boxes";
  let description = "`boxes` is [num_boxes, 4] ([y1, x1, y2, x2], any "
    "corner order), `scores` is [num_boxes], `max_output_size` an int32 "
    "scalar and `iou_threshold` a scalar in [0, 1]. Boxes are taken by "
    "decreasing score (ties: lower index first) and dropped when their IoU "
    "with a taken box exceeds the threshold. `selected_indices` is an int32 "
    "vector of at most `max_output_size` indices into `boxes`. " # notes #
    " Matches TF's " # mnemonic # ".";
  let hasVerifier = 1;
}

def TF_NonMaxSuppressionOp : TF_Op<"NonMaxSuppression", [Pure]> {
  let summary = "TF NonMaxSuppression (v1): greedy non-max suppression of "
                "boxes";
  let description = [{ As NonMaxSuppressionV2, with the IoU threshold the
    float attr `iou_threshold` (default 0.5, in [0, 1]) instead of an
    operand: `boxes` is float [num_boxes, 4] ([y1, x1, y2, x2], any corner
    order), `scores` float [num_boxes], `max_output_size` an int32 scalar;
    `selected_indices` is an int32 vector of at most `max_output_size`
    indices, by decreasing score (ties: lower index first), dropping boxes
    whose IoU with a selected box exceeds the threshold. Matches TF's
    NonMaxSuppression. }];
  let arguments = (ins TF_Tensor:$boxes, TF_Tensor:$scores,
                   TF_Tensor:$max_output_size,
                   TF_DefaultF32<"0.5f">:$iou_threshold);
  let results = (outs TF_Tensor:$selected_indices);
  let hasVerifier = 1;
}
def TF_NonMaxSuppressionV2Op : TF_NMSOp<"NonMaxSuppressionV2",
    "Dtypes `T` (boxes/scores) and `T_threshold`."> {
  let arguments = (ins TF_Tensor:$boxes, TF_Tensor:$scores,
                   TF_Tensor:$max_output_size, TF_Tensor:$iou_threshold,
                   TF_DerivedTypeAttr:$T, TF_DerivedTypeAttr:$T_threshold);
  let results = (outs TF_Tensor:$selected_indices);
}
def TF_NonMaxSuppressionV3Op : TF_NMSOp<"NonMaxSuppressionV3",
    "Boxes with score <= the scalar `score_threshold` are dropped first.">
{
  let arguments = (ins TF_Tensor:$boxes, TF_Tensor:$scores,
                   TF_Tensor:$max_output_size, TF_Tensor:$iou_threshold,
                   TF_Tensor:$score_threshold, TF_DerivedTypeAttr:$T,
                   TF_DerivedTypeAttr:$T_threshold);
  let results = (outs TF_Tensor:$selected_indices);
}
def TF_NonMaxSuppressionV4Op : TF_NMSOp<"NonMaxSuppressionV4",
    "As V3; with `pad_to_max_output_size` (default false) the result is "
    "padded with zeros to `max_output_size`, and the int32 scalar "
    "`valid_outputs` counts the real entries."> {
  let arguments = (ins TF_Tensor:$boxes, TF_Tensor:$scores,
                   TF_Tensor:$max_output_size, TF_Tensor:$iou_threshold,
                   TF_Tensor:$score_threshold, TF_DerivedTypeAttr:$T,
                   TF_DerivedTypeAttr:$T_threshold,
                   TF_DefaultBool<"false">:$pad_to_max_output_size);
  let results = (outs TF_Tensor:$selected_indices, TF_Tensor:$valid_outputs);
}
def TF_NonMaxSuppressionV5Op : TF_NMSOp<"NonMaxSuppressionV5",
    "As V4, plus Soft-NMS with the scalar `soft_nms_sigma` (0 = hard NMS); "
    "`selected_scores` (dtype `T`) holds the possibly decayed scores."> {
  let arguments = (ins TF_Tensor:$boxes, TF_Tensor:$scores,
                   TF_Tensor:$max_output_size, TF_Tensor:$iou_threshold,
                   TF_Tensor:$score_threshold, TF_Tensor:$soft_nms_sigma,
                   TF_DerivedTypeAttr:$T,
                   TF_DefaultBool<"false">:$pad_to_max_output_size);
  let results = (outs TF_Tensor:$selected_indices,
                 TF_Tensor:$selected_scores, TF_Tensor:$valid_outputs);
}

//===----------------------------------------------------------------------===//
// Color
//===----------------------------------------------------------------------===//

class TF_ImageAdjustOp<string mnemonic, string what, string arg,
                       string notes>
    : TF_Op<mnemonic, [Pure]> {
  let summary = "TF " # mnemonic # ": " # what;
  let description = "`images` has rank >= 3 with the channels last" #
    notes # "; `" # arg # "` is a float scalar; `output` has the shape and "
    "dtype `T` of `images`. Matches TF's " # mnemonic # ".";
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF_AdjustContrastv2Op : TF_ImageAdjustOp<"AdjustContrastv2",
    "scales each channel's distance from its mean",
    "contrast_factor",
    "; per image and channel, output = (x - mean) * contrast_factor + mean "
    "with the mean over height and width"> {
  let arguments = (ins TF_Tensor:$images, TF_Tensor:$contrast_factor,
                   TF_DerivedTypeAttr:$T);
}
def TF_AdjustHueOp : TF_ImageAdjustOp<"AdjustHue",
    "rotates the hue of RGB images", "delta",
    " (3 RGB channels); `delta` in [-1, 1] is added to the hue in HSV "
    "space"> {
  let arguments = (ins TF_Tensor:$images, TF_Tensor:$delta,
                   TF_DerivedTypeAttr:$T);
}
def TF_AdjustSaturationOp : TF_ImageAdjustOp<"AdjustSaturation",
    "scales the saturation of RGB images", "scale",
    " (3 RGB channels); the saturation in HSV space is multiplied by "
    "`scale` and clamped to [0, 1]"> {
  let arguments = (ins TF_Tensor:$images, TF_Tensor:$scale,
                   TF_DerivedTypeAttr:$T);
}

class TF_ColorConvertOp<string mnemonic, string from, string to>
    : TF_Op<mnemonic, [Pure, TF_SameShapeOperandsAndResults,
                       TF_SameElementTypeOperandsAndResults]> {
  let summary = "TF " # mnemonic # ": converts " # from # " to " # to;
  let description = "`images` has rank >= 1 with a last dim of 3 (" # from #
    " in [0, 1]); `output` has the same shape and float dtype `T` (" # to #
    "). Matches TF's " # mnemonic # ".";
  let arguments = (ins TF_Tensor:$images, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}
def TF_HSVToRGBOp : TF_ColorConvertOp<"HSVToRGB", "HSV", "RGB">;
def TF_RGBToHSVOp : TF_ColorConvertOp<"RGBToHSV", "RGB", "HSV">;

def TF_DrawBoundingBoxesOp : TF_Op<"DrawBoundingBoxes", [Pure]> {
  let summary = "TF DrawBoundingBoxes: draws boxes on images";
  let description = [{ As DrawBoundingBoxesV2 with TF's default colors:
    `images` [batch, height, width, depth] (dtype `T`, float or half),
    `boxes` float [batch, num_boxes, 4]; `output` has the shape of
    `images`. Matches TF's DrawBoundingBoxes. }];
  let arguments = (ins TF_Tensor:$images, TF_Tensor:$boxes,
                   TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
}

#endif
