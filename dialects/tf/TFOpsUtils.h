//===- TFOpsUtils.h - shared verifier and folder helpers of tf ops -------===//
//
// Helpers used by the op families (TFOps<Family>.cpp): static shape queries,
// verifier checks that follow TF's shape functions (they only reject what is
// statically known to be wrong; unranked and dynamic dims always pass), and
// elementwise constant folding on DenseElementsAttr.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_DIALECTS_TF_TFOPSUTILS_H
#define TFMLIR_DIALECTS_TF_TFOPSUTILS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>

namespace tfmlir {
namespace TF {

//===----------------------------------------------------------------------===//
// Shapes
//===----------------------------------------------------------------------===//

/// Rank of `t` if it is a ranked shaped type, else nullopt.
std::optional<int64_t> getRank(mlir::Type t);
inline std::optional<int64_t> getRank(mlir::Value v) {
  return getRank(v.getType());
}

/// Whether `a` and `b` could be the same size: either is dynamic or equal.
inline bool dimsCompatible(int64_t a, int64_t b) {
  return mlir::ShapedType::isDynamic(a) || mlir::ShapedType::isDynamic(b) ||
         a == b;
}

/// Whether two types could have the same shape (element types ignored).
bool shapesCompatible(mlir::Type a, mlir::Type b);

/// Broadcasts two ranked shapes by numpy rules. A dynamic dim broadcast
/// with 1 or with a dynamic dim stays dynamic; with a static d > 1 it is d.
/// Returns false if two static dims differ and neither is 1.
bool broadcastShapes(llvm::ArrayRef<int64_t> a, llvm::ArrayRef<int64_t> b,
                     llvm::SmallVectorImpl<int64_t> &out);

/// Dim `i` of `v`'s type, or ShapedType::kDynamic when unknown.
int64_t getDim(mlir::Value v, int64_t i);

/// Whether broadcasting a value of type `small` against one of type `big`
/// always yields big's runtime shape (small never expands big): small is a
/// scalar, or big is ranked and each of small's (right-aligned) dims is 1 or
/// equals big's static dim.
bool broadcastsInto(mlir::Type small, mlir::Type big);

/// Element type of a shaped type with `!tf_type.ref<T>` mapped to T.
mlir::Type getElementTypeNoRef(mlir::Type t);

/// Whether two (tensor or element) types have the same element type,
/// ignoring `_REF` and resource/variant subtypes.
bool elementTypesMatch(mlir::Type a, mlir::Type b);

/// Whether `t` is a tensor of `!tf_type.resource`.
bool isResourceTensor(mlir::Type t);

//===----------------------------------------------------------------------===//
// Verifier checks. Each emits "'tf.X' op ..." on failure and returns it.
//===----------------------------------------------------------------------===//

/// `v` (named `name` in the message) has rank `rank` when ranked.
mlir::LogicalResult verifyRank(mlir::Operation *op, mlir::Value v,
                               llvm::StringRef name, int64_t rank);
/// `v` has rank in [lo, hi] when ranked (hi < 0 means no upper bound).
mlir::LogicalResult verifyRankRange(mlir::Operation *op, mlir::Value v,
                                    llvm::StringRef name, int64_t lo,
                                    int64_t hi = -1);
/// `v` is a scalar, or (when `allowSingleElementVector`) a 1-element vector.
mlir::LogicalResult verifyScalar(mlir::Operation *op, mlir::Value v,
                                 llvm::StringRef name,
                                 bool allowSingleElementVector = false);
/// `v` is 1-D (and has `len` elements when `len` >= 0 and static).
mlir::LogicalResult verifyVector(mlir::Operation *op, mlir::Value v,
                                 llvm::StringRef name, int64_t len = -1);
/// Dim `dim` of `v` equals `size` when both are static.
mlir::LogicalResult verifyDim(mlir::Operation *op, mlir::Value v,
                              llvm::StringRef name, int64_t dim, int64_t size);

/// `result`'s type is compatible with the ranked shape `expected` (whose
/// dims may be dynamic): "result type ... does not match the expected shape
/// [2, ?, 3]".
mlir::LogicalResult verifyResultShape(mlir::Operation *op, mlir::Value result,
                                      llvm::ArrayRef<int64_t> expected);

/// The list attr `name` has `size` elements.
mlir::LogicalResult verifyListSize(mlir::Operation *op, mlir::ArrayAttr list,
                                   llvm::StringRef name, size_t size);
/// The string attr `name` is one of `allowed`.
mlir::LogicalResult verifyOneOf(mlir::Operation *op, llvm::StringRef name,
                                llvm::StringRef value,
                                llvm::ArrayRef<llvm::StringRef> allowed);
/// `padding` is SAME or VALID (or EXPLICIT when `allowExplicit`); with
/// EXPLICIT, `explicit_paddings` has 2 * `rank` non-negative entries, and
/// otherwise it is empty.
mlir::LogicalResult verifyPadding(mlir::Operation *op, llvm::StringRef padding,
                                  bool allowExplicit,
                                  mlir::ArrayAttr explicitPaddings = {},
                                  int64_t rank = 4);
/// `strides`/`dilations`/`ksize`-style list of `rank` positive ints.
mlir::LogicalResult verifyWindowList(mlir::Operation *op, mlir::ArrayAttr list,
                                     llvm::StringRef name, int64_t rank);
/// For NHWC/NCHW (or NDHWC/NCDHW) layouts, the batch and channel entries of
/// `list` are 1, as TF requires of strides/ksize/dilations.
mlir::LogicalResult verifyNoBatchChannelWindow(mlir::Operation *op,
                                               mlir::ArrayAttr list,
                                               llvm::StringRef name,
                                               llvm::StringRef dataFormat);

/// Index of the channel dim in a layout string ("NHWC" -> 3, "NCHW" -> 1,
/// "NDHWC" -> 4, "NCDHW" -> 1; NCHW_VECT_C -> 1).
int64_t channelDim(llvm::StringRef dataFormat, int64_t rank);

/// `axis` is in [-rank, rank) when `rank` is known.
mlir::LogicalResult verifyAxis(mlir::Operation *op, int64_t axis,
                               std::optional<int64_t> rank,
                               llvm::StringRef name = "axis");

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

/// Integer values of `v` if it is defined by a constant (any int type).
bool getConstantInts(mlir::Value v, llvm::SmallVectorImpl<int64_t> &out);
/// The value of a constant scalar (or 1-element) integer operand.
std::optional<int64_t> getConstantScalarInt(mlir::Value v);
/// The constant DenseElementsAttr defining `v`, or null.
mlir::DenseElementsAttr getConstantDense(mlir::Value v);
/// Builds an int32/int64 (per `elementType`) DenseElementsAttr of `type`.
mlir::DenseElementsAttr makeIntTensor(mlir::ShapedType type,
                                      llvm::ArrayRef<int64_t> values);

//===----------------------------------------------------------------------===//
// Elementwise constant folding. Operands are DenseElementsAttr (null if not
// constant). The result type must be static; the returned attribute has
// exactly `resultType`. Non-splat inputs are folded only up to
// kMaxFoldElements elements. A callback returning nullopt aborts the fold
// (e.g. integer division by zero, which TF reports at run time).
//===----------------------------------------------------------------------===//

constexpr int64_t kMaxFoldElements = 1024;

using FloatBinaryFn = llvm::function_ref<std::optional<llvm::APFloat>(
    const llvm::APFloat &, const llvm::APFloat &)>;
using IntBinaryFn = llvm::function_ref<std::optional<llvm::APInt>(
    const llvm::APInt &, const llvm::APInt &, bool isUnsigned)>;
using FloatCompareFn =
    llvm::function_ref<bool(const llvm::APFloat &, const llvm::APFloat &)>;
using IntCompareFn = llvm::function_ref<bool(
    const llvm::APInt &, const llvm::APInt &, bool isUnsigned)>;

/// Folds a broadcasting binary op whose result has the operands' element
/// type. `floatFn` or `intFn` may be null to skip that element kind. i1
/// (bool) operands are treated as integers only when `allowBool`.
mlir::Attribute foldBinary(mlir::Attribute lhs, mlir::Attribute rhs,
                           mlir::Type resultType, FloatBinaryFn floatFn,
                           IntBinaryFn intFn, bool allowBool = false);
/// Folds a broadcasting comparison to a tensor of i1.
mlir::Attribute foldCompare(mlir::Attribute lhs, mlir::Attribute rhs,
                            mlir::Type resultType, FloatCompareFn floatFn,
                            IntCompareFn intFn);
/// Folds a unary elementwise op whose result has the operand's element type.
mlir::Attribute foldUnary(
    mlir::Attribute operand, mlir::Type resultType,
    llvm::function_ref<std::optional<llvm::APFloat>(const llvm::APFloat &)>
        floatFn,
    llvm::function_ref<std::optional<llvm::APInt>(const llvm::APInt &,
                                                  bool isUnsigned)>
        intFn);
/// Folds TF Cast between bool, integer and float element types (TF's
/// static_cast semantics; float->int only when the value is in range).
mlir::Attribute foldCast(mlir::Attribute operand, mlir::Type resultType,
                         bool truncate);

/// `value` as a double (any float semantics; rounds if needed).
double toDouble(const llvm::APFloat &value);

/// a * b and a + b, or nullopt on int64 overflow (shapes from user
/// constants may be arbitrarily large).
std::optional<int64_t> checkedMul(int64_t a, int64_t b);
std::optional<int64_t> checkedAdd(int64_t a, int64_t b);

/// Number of elements of TF's Range(start, limit, delta) for a float Tidx,
/// as TF's RangeSize computes it: ceil(|limit - start| / |delta|). Returns
/// nullopt and sets `why` (the condition TF states) when TF rejects the
/// spec: a non-finite operand, delta == 0, start past limit in delta's
/// direction, or a count above 2^63-1.
std::optional<int64_t> rangeElementCount(double start, double limit,
                                         double delta, std::string &why);
/// The same for an integer Tidx, in exact (128-bit) arithmetic:
/// ceil(|limit - start| / |delta|), at most 2^63-1.
std::optional<int64_t> rangeElementCount(int64_t start, int64_t limit,
                                         int64_t delta, std::string &why);

/// Whether `attr` is a splat (or every element) equal to `value` (integers
/// and floats; -0.0 counts as 0).
bool isConstantSplatValue(mlir::Attribute attr, double value);

} // namespace TF
} // namespace tfmlir

#endif
