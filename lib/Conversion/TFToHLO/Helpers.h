//===- Helpers.h - builders shared by the tf -> hlo patterns -------------===//
//
// What the tf -> hlo patterns (Patterns.h; one folder per tf dialect family)
// build with: static types and constants, attribute readers for attrs ODS
// does not declare, broadcasting, reshapes, reductions, the run-time index
// check. The lowerings build hlo ops with static shapes; one that meets a
// shape it cannot handle fails with a reason (HLOPattern::fail), and the op
// is then reported as not legalized.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_CONVERSION_TFTOHLO_HELPERS_H
#define TFMLIR_LIB_CONVERSION_TFTOHLO_HELPERS_H

#include "dialects/hlo/HLOOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/StringMap.h"

#include <functional>
#include <optional>
#include <string>
#include <utility>

namespace tfmlir::tohlo {

/// Sets `why` to `msg` and returns failure: for builders shared by several
/// patterns that hand their reason back to the pattern, which reports it
/// with HLOPattern::fail.
inline mlir::LogicalResult fail(std::string &why, const std::string &msg) {
  why = msg;
  return mlir::failure();
}

/// Rewrites the straight-line TensorArrayV3 families of `block` into
/// stacked hlo tensors (TensorArray/TensorArrays.cpp); arrays it cannot handle
/// stay as they are (with a remark saying why) and are reported later.
void lowerTensorArrays(mlir::Block &block);

//===----------------------------------------------------------------------===//
// Types and constants
//===----------------------------------------------------------------------===//

/// The static ranked tensor type of `v`, or null (dynamic dims or unranked).
mlir::RankedTensorType staticType(mlir::Value v);
/// The static ranked type of result `i` of `op`, or null.
mlir::RankedTensorType staticResult(mlir::Operation *op, unsigned i = 0);

/// hlo.constant holding `value`.
mlir::Value constant(mlir::OpBuilder &b, mlir::Location loc,
                     mlir::ElementsAttr value);
/// hlo.constant of `type` with every element `v` (converted to the element
/// type: floats exactly as APFloat from double, ints truncated toward zero,
/// i1 is v != 0).
mlir::Value splat(mlir::OpBuilder &b, mlir::Location loc,
                  mlir::RankedTensorType type, double v);
/// 0-d splat of element type `elt`.
mlir::Value scalar(mlir::OpBuilder &b, mlir::Location loc, mlir::Type elt,
                   double v);
/// The largest / smallest value of `elt`: +inf / -inf for floats, the
/// integer limits for ints (signed unless unsigned), true / false for i1.
mlir::Value maxValue(mlir::OpBuilder &b, mlir::Location loc, mlir::Type elt);
mlir::Value minValue(mlir::OpBuilder &b, mlir::Location loc, mlir::Type elt);

/// The constant behind `v` (hlo.constant, tf.Const or any ConstantLike op).
std::optional<mlir::DenseElementsAttr> constantOf(mlir::Value v);
/// The integer values of a constant integer `v`.
std::optional<llvm::SmallVector<int64_t>> constantInts(mlir::Value v);

/// Integer list / string / bool / float attribute of a tf op, with default.
std::optional<llvm::SmallVector<int64_t>> intList(mlir::Operation *op,
                                                  llvm::StringRef name);
std::string strAttr(mlir::Operation *op, llvm::StringRef name,
                    llvm::StringRef dflt = "");
bool boolAttr(mlir::Operation *op, llvm::StringRef name, bool dflt = false);
double floatAttr(mlir::Operation *op, llvm::StringRef name, double dflt = 0.0);
int64_t intAttr(mlir::Operation *op, llvm::StringRef name, int64_t dflt = 0);

//===----------------------------------------------------------------------===//
// Shape helpers
//===----------------------------------------------------------------------===//

/// NumPy-broadcasts `v` (static shape) to the static `shape` with
/// hlo.broadcast_in_dim (trailing dims aligned); returns `v` when its shape
/// already is `shape`, null when it does not broadcast.
mlir::Value broadcastTo(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                        llvm::ArrayRef<int64_t> shape);
/// hlo.broadcast_in_dim of `v` into `shape` with v's dims at `dims`.
mlir::Value broadcastInDim(mlir::OpBuilder &b, mlir::Location loc,
                           mlir::Value v, llvm::ArrayRef<int64_t> shape,
                           llvm::ArrayRef<int64_t> dims);
/// hlo.reshape of `v` to `shape` (same element type); `v` if already so.
mlir::Value reshape(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                    llvm::ArrayRef<int64_t> shape);
/// hlo.transpose of `v` (result dim i = operand dim perm[i]).
mlir::Value transpose(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                      llvm::ArrayRef<int64_t> perm);
/// hlo.convert of `v` to element type `elt`; `v` when it already has it.
mlir::Value convert(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                    mlir::Type elt);

/// Puts the run-time index check of TF's CPU kernels in front of `op`: an
/// hlo.custom_call "tfmlir_rt_check_indices" (lib/Support/ABI/IndexCheck.h,
/// which documents `kind` and `bounds` and gives TF's messages) on the
/// flattened `indices` (static shape; i32/i64, other integers converted to
/// i64), naming op's node. Returns the indices the op must use: the
/// check's result (the same values, reshaped back), so that the check is
/// ordered before the op and stays in its cluster. Without it the hlo ops
/// clamp (gather) or drop (scatter) out-of-range indices, as XLA does.
/// Returns `indices` itself (no check) when it is a constant whose every
/// index is in range, or empty. legalizeTFToHLO removes the checks when
/// asked to clamp.
mlir::Value checkIndices(mlir::OpBuilder &b, mlir::Operation *op,
                         mlir::Value indices, llvm::StringRef kind,
                         llvm::ArrayRef<int64_t> bounds);

/// The comparison type XLA uses for `elt`: FLOAT for floats, SIGNED for
/// signless ints, UNSIGNED for unsigned ints and i1.
hlo::ComparisonType compareTypeFor(mlir::Type elt);
/// hlo.compare with the comparison type of the operands' element type.
mlir::Value compare(mlir::OpBuilder &b, mlir::Location loc, mlir::Value l,
                    mlir::Value r, hlo::ComparisonDirection dir);

/// Which binary op combines values in a reduction body.
enum class ReduceKind { Add, Mul, Max, Min, And, Or };
/// Builds the hlo binary op of `kind` on two values of one type.
mlir::Value combine(mlir::OpBuilder &b, mlir::Location loc, ReduceKind kind,
                    mlir::Value l, mlir::Value r);
/// hlo.reduce of `input` over `dims` from `init` (a 0-d value) with the
/// body `kind`.
mlir::Value reduce(mlir::OpBuilder &b, mlir::Location loc, mlir::Value input,
                   mlir::Value init, llvm::ArrayRef<int64_t> dims,
                   ReduceKind kind);

/// Normalizes possibly negative `axis` for `rank`; nullopt if out of range.
std::optional<int64_t> normAxis(int64_t axis, int64_t rank);

//===----------------------------------------------------------------------===//
// Builders several families use
//===----------------------------------------------------------------------===//

/// hlo.slice of `x` from `start` to `limit` (exclusive) with `strides`
/// (all 1 when empty).
mlir::Value sliceOf(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x,
                    llvm::ArrayRef<int64_t> start,
                    llvm::ArrayRef<int64_t> limit,
                    llvm::ArrayRef<int64_t> strides = {});
/// The padding before/after a dim of size `in` for window `k`, stride `s`,
/// dilation `r` (effective window (k-1)*r+1) and the output size (0 for a
/// VALID window larger than the input, -1 for an invalid or overflowing
/// geometry), TF's rules (lib/Support's windowGeometry).
std::pair<int64_t, int64_t> windowPad(int64_t in, int64_t k, int64_t s,
                                      int64_t r, bool same, int64_t &outSize);
/// hlo.iota of shape `shape` and element type `elt` along `dim`.
mlir::Value iota(mlir::OpBuilder &b, mlir::Location loc,
                 llvm::ArrayRef<int64_t> shape, mlir::Type elt, int64_t dim);
/// counts[j] = sum over the elements x of the static int `bins` of
/// (weights[x] or 1) where x == j, for j < out.shape[0] (the 1-D `out`
/// gives the element type): an [n, nbins] equality mask against an iota,
/// reduced with add. `weights` (null: count) has the shape of `bins`.
mlir::Value binCounts(mlir::OpBuilder &b, mlir::Location loc, mlir::Value bins,
                      mlir::Value weights, mlir::RankedTensorType out);

/// A splat of `v` with the type of `x` (a static ranked tensor).
mlir::Value like(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x,
                 double v);

} // namespace tfmlir::tohlo

#endif
