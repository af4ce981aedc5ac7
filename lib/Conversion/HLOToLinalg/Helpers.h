//===- Helpers.h - builders shared by the hlo -> linalg lowerings ---------===//
//
// Each hlo op kind has a Lowering (one pattern family per file) that builds
// linalg/tensor/arith/math ops on tensors before the op and returns the
// replacement values, or fails with a reason. All lowerings require static
// shapes and signless/float element types (checked once by the driver in
// LegalizeToLinalg.cpp before a lowering runs).
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_CONVERSION_HLOTOLINALG_HELPERS_H
#define TFMLIR_LIB_CONVERSION_HLOTOLINALG_HELPERS_H

#include "dialects/hlo/HLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringMap.h"

#include <functional>
#include <string>

namespace tfmlir::tolinalg {

/// The lowering of one hlo op: writes one replacement value per result of
/// `op` into `results` or returns failure with `why` set. Builds before
/// `op` with `op`'s location.
using Lowering = std::function<mlir::LogicalResult(
    mlir::Operation *op, mlir::OpBuilder &b,
    llvm::SmallVectorImpl<mlir::Value> &results, std::string &why)>;

/// Element-wise ops, compare, select, clamp, convert
/// (ElementwiseToLinalg.cpp).
void addElementwiseLowerings(llvm::StringMap<Lowering> &t);
/// constant, iota, broadcast_in_dim, reshape, transpose, reverse, slice,
/// concatenate, pad (DataMovementToLinalg.cpp).
void addDataMovementLowerings(llvm::StringMap<Lowering> &t);
/// dot_general, convolution (ContractionToLinalg.cpp).
void addContractionLowerings(llvm::StringMap<Lowering> &t);
/// reduce, reduce_window (ReduceToLinalg.cpp).
void addReduceLowerings(llvm::StringMap<Lowering> &t);
/// gather, scatter, dynamic_slice, dynamic_update_slice
/// (GatherScatterToLinalg.cpp).
void addGatherScatterLowerings(llvm::StringMap<Lowering> &t);
/// sort (SortToLinalg.cpp).
void addSortLowerings(llvm::StringMap<Lowering> &t);
/// while, if, case -> scf.while / scf.if / scf.index_switch with the hlo
/// regions moved in; fusion inlined (ControlFlowToSCF.cpp). The ops inside
/// are lowered afterwards by the driver.
void addControlFlowLowerings(llvm::StringMap<Lowering> &t);

/// hlo.custom_call of the runtime/cpu GEMM (targets emitted by
/// hlo-cpu-gemm-ukernel) -> func.call on memrefs (CustomCallToLinalg.cpp).
void addCustomCallLowerings(llvm::StringMap<Lowering> &t);

/// Unsigned element types. arith is signless, so before lowering the pass
/// rewrites every ui<N> type in a function to i<N> (same bits) and records
/// on each hlo op which operands / results were unsigned, as the
/// DenseBoolArrayAttrs kUnsignedOperandsAttr / kUnsignedResultsAttr (absent
/// when none was). Lowerings whose semantics depend on signedness (compare,
/// divide, remainder, maximum, minimum, clamp, sign, convert, index
/// operands) read them with these helpers.
inline constexpr llvm::StringLiteral kUnsignedOperandsAttr =
    "tfmlir.unsigned_operands";
inline constexpr llvm::StringLiteral kUnsignedResultsAttr =
    "tfmlir.unsigned_results";
/// True when operand / result `i` of `op` had an unsigned element type.
bool isUnsignedOperand(mlir::Operation *op, unsigned i);
bool isUnsignedResult(mlir::Operation *op, unsigned i);

/// The integer scalar `v` (any width, signed or unsigned per `isUnsigned`)
/// as an index (index_cast / index_castui).
mlir::Value toIndex(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                    bool isUnsigned);

/// arith.constant of index type.
mlir::Value indexConst(mlir::OpBuilder &b, mlir::Location loc, int64_t v);

/// clamp(v, lo, hi) on index values (signed compare).
mlir::Value clampIndex(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                       int64_t lo, int64_t hi);

/// Emits the ops of the hlo region `body` (element-wise hlo ops on 0-d
/// tensors, ending in hlo.return: a reducer, comparator or scatter update
/// computation) on the scalars `args` (one per block argument, of the
/// arguments' element types) and writes the scalars hlo.return yields into
/// `out`. Fails with `why` for an op with no scalar form or a use of a
/// value defined outside the region.
mlir::LogicalResult emitRegionOnScalars(mlir::OpBuilder &b, mlir::Location loc,
                                        mlir::Block &body,
                                        mlir::ValueRange args,
                                        llvm::SmallVectorImpl<mlir::Value> &out,
                                        std::string &why);

/// The scalar form of the element-wise hlo op `op` (any op that
/// addElementwiseLowerings handles, plus hlo.constant of a splat/0-d value)
/// applied to the scalars `args` (one per operand of `op`, of the operands'
/// element types), yielding a scalar of element type `resultElt`. Returns a
/// null Value and sets `why` for ops or element types without a scalar
/// form. Semantics are XLA's (see ScalarOps.cpp).
mlir::Value emitScalarOp(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Operation *op, mlir::ValueRange args,
                         mlir::Type resultElt, std::string &why);

/// maximum / minimum with XLA semantics on scalars of type `t`: floats
/// propagate NaN (arith.maximumf/minimumf), i1 and `isUnsigned` integers
/// compare unsigned, other integers signed.
mlir::Value emitMax(mlir::OpBuilder &b, mlir::Location loc, mlir::Value l,
                    mlir::Value r, bool isUnsigned = false);
mlir::Value emitMin(mlir::OpBuilder &b, mlir::Location loc, mlir::Value l,
                    mlir::Value r, bool isUnsigned = false);

/// hlo.convert of the scalar `x` to element type `to` (XLA semantics,
/// see ScalarOps.cpp: float->int truncates and saturates, NaN -> 0).
/// `fromUnsigned` / `toUnsigned` say whether the signless integer types
/// stand for unsigned ones.
mlir::Value emitConvert(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x,
                        mlir::Type to, bool fromUnsigned = false,
                        bool toUnsigned = false);

/// A linalg.generic copying `in` into a new tensor of type `rt`, reading
/// element map(i) for result index i.
mlir::Value copyGeneric(mlir::OpBuilder &b, mlir::Location loc, mlir::Value in,
                        mlir::RankedTensorType rt, mlir::AffineMap map);

/// `v` reversed along `dims` (XLA Rev) as a linalg.generic.
mlir::Value buildReverse(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                         llvm::ArrayRef<int64_t> dims);

/// An arith.constant 0 (0.0, false) of scalar type `t`.
mlir::Value zeroScalar(mlir::OpBuilder &b, mlir::Location loc, mlir::Type t);

/// The element of the 0-d tensor `v` (tensor.extract).
mlir::Value extractScalar(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Value v);

/// tensor.empty of the static type `t`.
mlir::Value emptyTensor(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::RankedTensorType t);

/// A tensor of static type `t` filled with the scalar `v` (linalg.fill).
mlir::Value filledTensor(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::RankedTensorType t, mlir::Value v);

/// n parallel iterator types.
llvm::SmallVector<mlir::utils::IteratorType> parallelIterators(unsigned n);

/// A linalg.generic over the static shape of `resultType` whose inputs are
/// `inputs` (each of the result's shape with an identity map, or 0-d with
/// a constant map, i.e. broadcast) and whose body is `body(inputScalars)`.
/// When `body` returns null the generic yields its init element; the caller
/// must then erase the returned value's defining op.
mlir::Value buildElementwise(
    mlir::OpBuilder &b, mlir::Location loc, mlir::RankedTensorType resultType,
    mlir::ValueRange inputs,
    llvm::function_ref<mlir::Value(mlir::OpBuilder &, mlir::Location,
                                   mlir::ValueRange)>
        body);

/// XLA Pad of the static-shaped `operand` with the scalar `padValue`: per
/// dim d, interior[d] (>= 0) pad elements between neighbours, then low[d] /
/// high[d] before / after (negative values remove elements). Built as a
/// filled tensor, an insert_slice with stride interior+1 and, for negative
/// edges, an extract_slice. Returns null (with `why`) when a result dim
/// would be negative.
mlir::Value buildXlaPad(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::Value operand, mlir::Value padValue,
                        llvm::ArrayRef<int64_t> low,
                        llvm::ArrayRef<int64_t> high,
                        llvm::ArrayRef<int64_t> interior, std::string &why);

/// An I64ElementsAttr padding of shape [n, 2] as (low, high) vectors;
/// absent means zeros. False when the attribute has another shape.
bool readPadding(mlir::Attribute attr, size_t n,
                 llvm::SmallVectorImpl<int64_t> &low,
                 llvm::SmallVectorImpl<int64_t> &high);

/// `attr` (a DenseI64ArrayAttr or null) as a vector of n values, `dflt`
/// everywhere when absent.
llvm::SmallVector<int64_t> readI64Array(mlir::Attribute attr, size_t n,
                                        int64_t dflt);

} // namespace tfmlir::tolinalg

#endif
