//===- QuantUtils.h - quantization parameters and constant quantization --===//
//
// Shared helpers of the tfl quantization passes (QuantPasses.td):
//  - how a float range [min, max] becomes an affine !quant.uniform type
//    (TensorFlow's FakeQuant "nudging", the rule TFLite's converter also
//    uses for calibrated activations);
//  - symmetric per-channel int8 types for weights (TFLite's scheme:
//    storage [-127, 127], zero point 0, scale = max|w_c| / 127);
//  - quantizing float constants to int8/int32 storage values.
// Rounding is std::round (half away from zero), as TFLite's quantizer.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_TRANSFORMS_QUANTIZATION_QUANTUTILS_H
#define TFMLIR_LIB_TRANSFORMS_QUANTIZATION_QUANTUTILS_H

#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Value.h"

#include <optional>

namespace tfmlir::quantutil {

/// The !quant.uniform type TensorFlow gives the range [rmin, rmax] with
/// `numBits`-bit storage (signed when `isSigned`; 8-bit signed storage is
/// i8 [-128, 127], or [-127, 127] with `narrowRange`). Semantics of
/// FakeQuantWithMinMaxVars (tensorflow/core/kernels/fake_quant_ops_functor.h):
/// the range is first extended to contain 0; scale = (rmax - rmin) /
/// (qmax - qmin); zero_point = round(qmin - rmin / scale) clamped to
/// [qmin, qmax]. A range of [0, 0] gets scale 1, zero point qmin clamped to
/// 0 ... i.e. the value 0 is exact. `expressed` is the float type (f32).
/// Returns null (and sets `why`) for non-finite bounds or rmin > rmax.
mlir::quant::UniformQuantizedType
rangeToType(mlir::MLIRContext *ctx, double rmin, double rmax, unsigned numBits,
            bool narrowRange, bool isSigned, std::string *why = nullptr);

/// Per-axis variant of rangeToType (FakeQuantWithMinMaxVarsPerChannel): one
/// scale/zero point per entry of mins/maxs along `axis`.
mlir::quant::UniformQuantizedPerAxisType
rangesToPerAxisType(mlir::MLIRContext *ctx, llvm::ArrayRef<double> mins,
                    llvm::ArrayRef<double> maxs, int32_t axis, unsigned numBits,
                    bool narrowRange, bool isSigned,
                    std::string *why = nullptr);

/// Symmetric per-channel int8 type for the float constant `w` along `axis`
/// (TFLite's weight scheme: storage i8 [-127, 127], zero point 0,
/// scale_c = max|w_c| / 127, or 1 for an all-zero channel).
mlir::quant::UniformQuantizedPerAxisType
symmetricPerAxisType(mlir::DenseElementsAttr w, int32_t axis);
/// Symmetric per-tensor int8 type for `w` (scale = max|w| / 127, zp 0).
mlir::quant::UniformQuantizedType
symmetricPerTensorType(mlir::DenseElementsAttr w);
/// Asymmetric per-tensor int8 type covering [min(w), max(w)] (constant
/// inputs of element-wise ops, as TFLite quantizes them).
mlir::quant::UniformQuantizedType
asymmetricPerTensorType(mlir::DenseElementsAttr w);

/// Quantizes the float values of `w` to the storage type of `qtype`
/// (per-tensor or per-axis): q = clamp(round(x / scale) + zp, storageMin,
/// storageMax). Returns the storage-typed DenseElementsAttr with `w`'s shape
/// (for i4 storage: i8 values in [-8, 7]; the caller packs them).
mlir::DenseElementsAttr quantizeValues(mlir::DenseElementsAttr w,
                                       mlir::quant::QuantizedType qtype);

/// The float32 values of quantized storage `q` (an integer
/// DenseElementsAttr, or TFLite's packed int4 bytes as a StringAttr) of type
/// `qtype` with `shape`: x = scale * (q - zero_point). Null on a malformed
/// buffer.
mlir::DenseElementsAttr dequantizeValues(mlir::Attribute q,
                                         mlir::quant::QuantizedType qtype,
                                         llvm::ArrayRef<int64_t> shape);

/// Bias of a quantized conv/depthwise/fully-connected: int32 storage, zero
/// point 0, scale = inputScale * weightScale[c] (per-axis along 0 when the
/// weights are per-axis, else per-tensor). Semantics of TFLite's
/// int8 kernels, which add the bias to the int32 accumulator.
mlir::quant::QuantizedType biasType(mlir::MLIRContext *ctx, double inputScale,
                                    mlir::quant::QuantizedType weightType,
                                    int64_t channels);

/// The float32 DenseElementsAttr of a tfl.pseudo_const (or arith/tf
/// constant) defining `v`, if it is a dense float constant.
std::optional<mlir::DenseElementsAttr> floatConstant(mlir::Value v);

/// `t` (a tensor type) with element type `elem`.
mlir::Type withElementType(mlir::Type t, mlir::Type elem);

/// The quantized element type of `t`, or null.
mlir::quant::QuantizedType quantElementType(mlir::Type t);

/// Builds a tfl.pseudo_const holding `storage` with result type `type`.
mlir::Value makeConst(mlir::OpBuilder &b, mlir::Location loc, mlir::Type type,
                      mlir::Attribute storage);

/// Packs int4 values (i8 attribute in [-8, 7]) into TFLite's INT4 buffer
/// layout: two values per byte, the first in the low nibble.
std::string packInt4(mlir::DenseElementsAttr values);

} // namespace tfmlir::quantutil

#endif
