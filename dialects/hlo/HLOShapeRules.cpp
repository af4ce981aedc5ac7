//===- HLOShapeRules.cpp - verifiers and type inference of hlo ops --------===//
//
// XLA's static shape rules (operation semantics page; StableHLO spec for
// the precise constraints). Dims that are dynamic (`?`) on either side are
// not compared, and inferred dims that depend on a dynamic dim are `?`.
// Type inference may run on unverified IR (while parsing), so it never
// assumes operand types beyond what it checks and reports failures through
// emitOptionalError.
//===----------------------------------------------------------------------===//
#include "dialects/hlo/HLOOps.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/TypeUtilities.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace tfmlir;
using namespace tfmlir::hlo;

namespace {
constexpr int64_t kDyn = ShapedType::kDynamic;

bool isDyn(int64_t d) { return ShapedType::isDynamic(d); }

/// "[2, ?, 3]".
std::string shapeStr(ArrayRef<int64_t> dims) {
  std::string s = "[";
  for (auto [i, d] : llvm::enumerate(dims)) {
    if (i)
      s += ", ";
    s += isDyn(d) ? "?" : std::to_string(d);
  }
  return s + "]";
}

/// True when two dims may be equal (either dynamic, or both equal).
bool dimsCompatible(int64_t a, int64_t b) {
  return isDyn(a) || isDyn(b) || a == b;
}

RankedTensorType rankedOf(Value v) {
  return v ? dyn_cast<RankedTensorType>(v.getType()) : RankedTensorType();
}

/// True when `l` and `r` pairwise are ranked tensors with one element type
/// and compatible shapes; used as isCompatibleReturnTypes so that a declared
/// result may be more (or less) static than the inferred one.
bool compatibleTensorTypes(TypeRange l, TypeRange r) {
  if (l.size() != r.size())
    return false;
  for (auto [a, b] : llvm::zip(l, r)) {
    auto ta = dyn_cast<RankedTensorType>(a), tb = dyn_cast<RankedTensorType>(b);
    if (!ta || !tb)
      return a == b;
    if (ta.getElementType() != tb.getElementType() ||
        failed(verifyCompatibleShape(ta.getShape(), tb.getShape())))
      return false;
  }
  return true;
}

/// Checks that `dims` are distinct and each in [0, rank); `what` names the
/// attribute in the error.
LogicalResult checkDims(std::optional<Location> loc, ArrayRef<int64_t> dims,
                        int64_t rank, StringRef what) {
  llvm::SmallSet<int64_t, 8> seen;
  for (int64_t d : dims) {
    if (d < 0 || d >= rank)
      return emitOptionalError(loc, what, " has dim ", d, " out of range [0, ",
                               rank, ")");
    if (!seen.insert(d).second)
      return emitOptionalError(loc, what, " has dim ", d, " twice");
  }
  return success();
}

/// Checks a region's single block: arguments of types `argTypes` and an
/// hlo.return of types `retTypes` (compatible shapes, same element types).
LogicalResult checkRegion(Operation *op, Region &region, StringRef name,
                          TypeRange argTypes, TypeRange retTypes) {
  if (region.empty())
    return op->emitOpError() << name << " region is empty";
  Block &block = region.front();
  if (block.getNumArguments() != argTypes.size())
    return op->emitOpError()
           << name << " region takes " << block.getNumArguments()
           << " arguments, expected " << argTypes.size();
  for (auto [i, arg] : llvm::enumerate(block.getArguments()))
    if (!compatibleTensorTypes(arg.getType(), argTypes[i]))
      return op->emitOpError()
             << name << " region argument " << i << " has type "
             << arg.getType() << ", expected " << argTypes[i];
  auto ret = dyn_cast<ReturnOp>(block.getTerminator());
  if (!ret)
    return op->emitOpError() << name << " region must end with hlo.return";
  if (ret.getNumOperands() != retTypes.size())
    return op->emitOpError()
           << name << " region returns " << ret.getNumOperands()
           << " values, expected " << retTypes.size();
  for (auto [i, v] : llvm::enumerate(ret.getOperands()))
    if (!compatibleTensorTypes(v.getType(), retTypes[i]))
      return op->emitOpError() << name << " region result " << i << " has type "
                               << v.getType() << ", expected " << retTypes[i];
  return success();
}

/// 0-d tensor types of the element types of `types`.
SmallVector<Type> scalarTypes(TypeRange types) {
  SmallVector<Type> out;
  for (Type t : types)
    out.push_back(RankedTensorType::get({}, getElementTypeOrSelf(t)));
  return out;
}

/// Output size of a window over `in` elements: the input dilated by
/// `baseDil`, padded by lo/hi, window `win` dilated by `winDil`, stride
/// `stride`. Returns kDyn for a dynamic input and -1 when the padded input
/// is smaller than the window (an error for the caller... XLA yields 0 for
/// convolution; we report it).
int64_t windowOutSize(int64_t in, int64_t baseDil, int64_t lo, int64_t hi,
                      int64_t win, int64_t winDil, int64_t stride) {
  if (isDyn(in))
    return kDyn;
  int64_t dilatedIn = in == 0 ? 0 : (in - 1) * baseDil + 1;
  int64_t padded = dilatedIn + lo + hi;
  int64_t dilatedWin = win == 0 ? 0 : (win - 1) * winDil + 1;
  if (padded < dilatedWin)
    return 0;
  return (padded - dilatedWin) / stride + 1;
}

/// Reads an [N, 2] padding attribute into lo/hi; absent means zeros.
LogicalResult readPadding(std::optional<Location> loc,
                          std::optional<DenseIntElementsAttr> padding,
                          int64_t n, SmallVector<int64_t> &lo,
                          SmallVector<int64_t> &hi) {
  lo.assign(n, 0);
  hi.assign(n, 0);
  if (!padding || !*padding)
    return success();
  auto type = padding->getType();
  if (type.getRank() != 2 || type.getDimSize(0) != n || type.getDimSize(1) != 2)
    return emitOptionalError(loc, "padding must have shape [", n, ", 2], got ",
                             shapeStr(type.getShape()));
  auto values = llvm::to_vector(padding->getValues<int64_t>());
  for (int64_t i = 0; i < n; ++i) {
    lo[i] = values[2 * i];
    hi[i] = values[2 * i + 1];
  }
  return success();
}

/// Reads an optional per-dim array (strides, dilations) defaulting to 1 and
/// requiring positive entries.
LogicalResult readPositive(std::optional<Location> loc,
                           std::optional<ArrayRef<int64_t>> attr, int64_t n,
                           StringRef what, SmallVector<int64_t> &out) {
  out.assign(n, 1);
  if (!attr)
    return success();
  if (static_cast<int64_t>(attr->size()) != n)
    return emitOptionalError(loc, what, " has ", attr->size(),
                             " entries, expected ", n);
  for (auto [i, v] : llvm::enumerate(*attr)) {
    if (v <= 0)
      return emitOptionalError(loc, what, "[", i, "] = ", v,
                               " must be positive");
    out[i] = v;
  }
  return success();
}
} // namespace

//===----------------------------------------------------------------------===//
// Element-wise
//===----------------------------------------------------------------------===//

LogicalResult ConstantOp::inferReturnTypes(MLIRContext *,
                                           std::optional<Location> loc,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &types) {
  auto value = adaptor.getValueAttr();
  if (!value)
    return emitOptionalError(loc, "missing value");
  types.push_back(value.getType());
  return success();
}

LogicalResult IotaOp::verify() {
  int64_t rank = getType().getRank();
  if (static_cast<int64_t>(getIotaDimension()) >= rank)
    return emitOpError() << "iota_dimension " << getIotaDimension()
                         << " out of range for rank " << rank;
  return success();
}

LogicalResult AbsOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &types) {
  auto t = rankedOf(adaptor.getOperand());
  if (!t)
    return emitOptionalError(loc, "operand must be a ranked tensor");
  Type elt = t.getElementType();
  if (auto c = dyn_cast<ComplexType>(elt))
    elt = c.getElementType();
  types.push_back(t.clone(elt));
  return success();
}

LogicalResult IsFiniteOp::inferReturnTypes(MLIRContext *ctx,
                                           std::optional<Location> loc,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &types) {
  auto t = rankedOf(adaptor.getX());
  if (!t)
    return emitOptionalError(loc, "operand must be a ranked tensor");
  types.push_back(t.clone(IntegerType::get(ctx, 1)));
  return success();
}

LogicalResult CompareOp::inferReturnTypes(MLIRContext *ctx,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &types) {
  auto t = rankedOf(adaptor.getLhs());
  if (!t)
    return emitOptionalError(loc, "lhs must be a ranked tensor");
  types.push_back(t.clone(IntegerType::get(ctx, 1)));
  return success();
}

LogicalResult CompareOp::verify() {
  auto type = getCompareType();
  if (!type)
    return success();
  Type elt = getLhs().getType().getElementType();
  bool isFloat = isa<FloatType>(elt) || isa<ComplexType>(elt);
  switch (*type) {
  case ComparisonType::FLOAT:
  case ComparisonType::TOTALORDER:
    if (!isFloat)
      return emitOpError() << "compare_type " << stringifyComparisonType(*type)
                           << " needs float operands, got " << elt;
    break;
  case ComparisonType::SIGNED:
    if (isFloat || elt.isUnsignedInteger())
      return emitOpError() << "compare_type SIGNED needs signless integer "
                              "operands, got "
                           << elt;
    break;
  case ComparisonType::UNSIGNED:
    if (isFloat)
      return emitOpError() << "compare_type UNSIGNED needs integer or pred "
                              "operands, got "
                           << elt;
    break;
  case ComparisonType::NOTYPE:
    break;
  }
  return success();
}

LogicalResult SelectOp::verify() {
  auto pred = getPred().getType();
  if (pred.getRank() == 0)
    return success();
  auto t = getOnTrue().getType();
  if (failed(verifyCompatibleShape(pred.getShape(), t.getShape())))
    return emitOpError() << "pred shape " << shapeStr(pred.getShape())
                         << " must be scalar or equal to the operand shape "
                         << shapeStr(t.getShape());
  return success();
}

LogicalResult ClampOp::verify() {
  auto t = getOperand().getType();
  for (auto [name, v] : {std::pair<StringRef, Value>{"min", getMin()},
                         std::pair<StringRef, Value>{"max", getMax()}}) {
    auto b = cast<RankedTensorType>(v.getType());
    if (b.getRank() != 0 &&
        failed(verifyCompatibleShape(b.getShape(), t.getShape())))
      return emitOpError() << name << " shape " << shapeStr(b.getShape())
                           << " must be scalar or equal to the operand shape "
                           << shapeStr(t.getShape());
  }
  return success();
}

LogicalResult BitcastConvertOp::verify() {
  auto in = getOperand().getType(), out = getType();
  auto bits = [](Type t) -> int64_t {
    if (auto c = dyn_cast<ComplexType>(t))
      return 2 * c.getElementType().getIntOrFloatBitWidth();
    return t.getIntOrFloatBitWidth();
  };
  int64_t a = bits(in.getElementType()), b = bits(out.getElementType());
  ArrayRef<int64_t> is = in.getShape(), os = out.getShape();
  auto sameDims = [&](ArrayRef<int64_t> x, ArrayRef<int64_t> y) {
    return x.size() == y.size() && succeeded(verifyCompatibleShape(x, y));
  };
  if (a == b) {
    if (!sameDims(is, os))
      return emitOpError() << "equal bit widths need equal shapes, got "
                           << shapeStr(is) << " and " << shapeStr(os);
    return success();
  }
  if (a > b) { // narrower result: extra trailing dim a/b
    if (a % b || os.empty() || !sameDims(is, os.drop_back()) ||
        !dimsCompatible(os.back(), a / b))
      return emitOpError() << "bitcast from " << a << " to " << b
                           << " bits needs result shape " << shapeStr(is)
                           << " + [" << (b ? a / b : 0) << "], got "
                           << shapeStr(os);
    return success();
  }
  if (b % a || is.empty() || !sameDims(is.drop_back(), os) ||
      !dimsCompatible(is.back(), b / a))
    return emitOpError() << "bitcast from " << a << " to " << b
                         << " bits needs an operand whose last dim is " << b / a
                         << " and the result's other dims, got " << shapeStr(is)
                         << " -> " << shapeStr(os);
  return success();
}

//===----------------------------------------------------------------------===//
// Shape and data movement
//===----------------------------------------------------------------------===//

LogicalResult BroadcastInDimOp::verify() {
  auto in = getOperand().getType(), out = getType();
  ArrayRef<int64_t> bd = getBroadcastDimensions();
  if (static_cast<int64_t>(bd.size()) != in.getRank())
    return emitOpError() << "broadcast_dimensions has " << bd.size()
                         << " entries for an operand of rank " << in.getRank();
  for (auto [i, d] : llvm::enumerate(bd)) {
    if (d < 0 || d >= out.getRank())
      return emitOpError() << "broadcast_dimensions[" << i << "] = " << d
                           << " out of range for result rank " << out.getRank();
    if (i > 0 && d <= bd[i - 1])
      return emitOpError() << "broadcast_dimensions must be strictly "
                              "increasing, got "
                           << shapeStr(bd);
    int64_t src = in.getDimSize(i), dst = out.getDimSize(d);
    if (!isDyn(src) && src != 1 && !dimsCompatible(src, dst))
      return emitOpError() << "operand dim " << i << " of size " << src
                           << " cannot broadcast to result dim " << d
                           << " of size " << dst;
  }
  return success();
}

LogicalResult ReshapeOp::verify() {
  auto in = getOperand().getType(), out = getType();
  if (in.hasStaticShape() && out.hasStaticShape() &&
      in.getNumElements() != out.getNumElements())
    return emitOpError() << "element count changes: " << shapeStr(in.getShape())
                         << " (" << in.getNumElements() << ") vs "
                         << shapeStr(out.getShape()) << " ("
                         << out.getNumElements() << ")";
  return success();
}

bool TransposeOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) {
  return compatibleTensorTypes(l, r);
}
LogicalResult TransposeOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &types) {
  auto t = rankedOf(adaptor.getOperand());
  if (!t)
    return emitOptionalError(loc, "operand must be a ranked tensor");
  ArrayRef<int64_t> perm = adaptor.getPermutation();
  if (static_cast<int64_t>(perm.size()) != t.getRank())
    return emitOptionalError(loc, "permutation has ", perm.size(),
                             " entries for rank ", t.getRank());
  if (failed(checkDims(loc, perm, t.getRank(), "permutation")))
    return failure();
  SmallVector<int64_t> shape;
  for (int64_t p : perm)
    shape.push_back(t.getDimSize(p));
  types.push_back(t.clone(shape));
  return success();
}

LogicalResult ReverseOp::verify() {
  return checkDims(getLoc(), getDimensions(), getType().getRank(),
                   "dimensions");
}

bool SliceOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) {
  return compatibleTensorTypes(l, r);
}
LogicalResult SliceOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &types) {
  auto t = rankedOf(adaptor.getOperand());
  if (!t)
    return emitOptionalError(loc, "operand must be a ranked tensor");
  ArrayRef<int64_t> start = adaptor.getStartIndices(),
                    limit = adaptor.getLimitIndices(),
                    strides = adaptor.getStrides();
  int64_t rank = t.getRank();
  if (static_cast<int64_t>(start.size()) != rank ||
      static_cast<int64_t>(limit.size()) != rank ||
      static_cast<int64_t>(strides.size()) != rank)
    return emitOptionalError(loc, "start/limit/strides need ", rank,
                             " entries each, got ", start.size(), "/",
                             limit.size(), "/", strides.size());
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t dim = t.getDimSize(d);
    if (strides[d] < 1)
      return emitOptionalError(loc, "stride ", strides[d], " in dim ", d,
                               " must be >= 1");
    if (start[d] < 0 || start[d] > limit[d] || (!isDyn(dim) && limit[d] > dim))
      return emitOptionalError(loc, "dim ", d, ": need 0 <= start (", start[d],
                               ") <= limit (", limit[d], ") <= size (",
                               isDyn(dim) ? "?" : std::to_string(dim), ")");
    shape.push_back((limit[d] - start[d] + strides[d] - 1) / strides[d]);
  }
  types.push_back(t.clone(shape));
  return success();
}

bool DynamicSliceOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) {
  return compatibleTensorTypes(l, r);
}
LogicalResult DynamicSliceOp::inferReturnTypes(MLIRContext *,
                                               std::optional<Location> loc,
                                               Adaptor adaptor,
                                               SmallVectorImpl<Type> &types) {
  auto t = rankedOf(adaptor.getOperand());
  if (!t)
    return emitOptionalError(loc, "operand must be a ranked tensor");
  ArrayRef<int64_t> sizes = adaptor.getSliceSizes();
  int64_t rank = t.getRank();
  if (static_cast<int64_t>(adaptor.getStartIndices().size()) != rank)
    return emitOptionalError(loc, "expected ", rank, " start indices, got ",
                             adaptor.getStartIndices().size());
  if (static_cast<int64_t>(sizes.size()) != rank)
    return emitOptionalError(loc, "slice_sizes has ", sizes.size(),
                             " entries for rank ", rank);
  for (int64_t d = 0; d < rank; ++d) {
    int64_t dim = t.getDimSize(d);
    if (sizes[d] < 0 || (!isDyn(dim) && sizes[d] > dim))
      return emitOptionalError(loc, "slice size ", sizes[d], " in dim ", d,
                               " must be in [0, dim size]");
  }
  types.push_back(t.clone(sizes));
  return success();
}

LogicalResult DynamicUpdateSliceOp::verify() {
  auto t = getOperand().getType(), u = getUpdate().getType();
  if (t.getRank() != u.getRank())
    return emitOpError() << "update rank " << u.getRank()
                         << " differs from operand rank " << t.getRank();
  if (static_cast<int64_t>(getStartIndices().size()) != t.getRank())
    return emitOpError() << "expected " << t.getRank() << " start indices, got "
                         << getStartIndices().size();
  for (int64_t d = 0; d < t.getRank(); ++d)
    if (!isDyn(t.getDimSize(d)) && !isDyn(u.getDimSize(d)) &&
        u.getDimSize(d) > t.getDimSize(d))
      return emitOpError() << "update dim " << d << " (" << u.getDimSize(d)
                           << ") exceeds the operand's (" << t.getDimSize(d)
                           << ")";
  return success();
}

bool ConcatenateOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) {
  return compatibleTensorTypes(l, r);
}
LogicalResult ConcatenateOp::inferReturnTypes(MLIRContext *,
                                              std::optional<Location> loc,
                                              Adaptor adaptor,
                                              SmallVectorImpl<Type> &types) {
  auto inputs = adaptor.getInputs();
  if (inputs.empty())
    return emitOptionalError(loc, "needs at least one operand");
  auto first = rankedOf(inputs[0]);
  if (!first)
    return emitOptionalError(loc, "operands must be ranked tensors");
  int64_t dim = adaptor.getDimension();
  if (dim < 0 || dim >= first.getRank())
    return emitOptionalError(loc, "dimension ", dim, " out of range for rank ",
                             first.getRank());
  SmallVector<int64_t> shape(first.getShape());
  for (auto [i, v] : llvm::enumerate(inputs.drop_front())) {
    auto t = rankedOf(v);
    if (!t || t.getRank() != first.getRank() ||
        t.getElementType() != first.getElementType())
      return emitOptionalError(
          loc, "operand ", i + 1,
          " differs in rank or element type from operand 0");
    for (int64_t d = 0; d < t.getRank(); ++d) {
      int64_t s = t.getDimSize(d);
      if (d == dim) {
        shape[d] = isDyn(shape[d]) || isDyn(s) ? kDyn : shape[d] + s;
        continue;
      }
      if (!dimsCompatible(shape[d], s))
        return emitOptionalError(loc, "operand ", i + 1, " has size ", s,
                                 " in dim ", d, ", expected ", shape[d]);
      if (isDyn(shape[d]))
        shape[d] = s;
    }
  }
  types.push_back(first.clone(shape));
  return success();
}

bool PadOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) {
  return compatibleTensorTypes(l, r);
}
LogicalResult PadOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &types) {
  auto t = rankedOf(adaptor.getOperand());
  auto pv = rankedOf(adaptor.getPaddingValue());
  if (!t || !pv)
    return emitOptionalError(loc, "operands must be ranked tensors");
  if (pv.getRank() != 0 || pv.getElementType() != t.getElementType())
    return emitOptionalError(loc, "padding_value must be a 0-d tensor of the "
                                  "operand's element type");
  ArrayRef<int64_t> lo = adaptor.getEdgePaddingLow(),
                    hi = adaptor.getEdgePaddingHigh(),
                    in = adaptor.getInteriorPadding();
  int64_t rank = t.getRank();
  if (static_cast<int64_t>(lo.size()) != rank ||
      static_cast<int64_t>(hi.size()) != rank ||
      static_cast<int64_t>(in.size()) != rank)
    return emitOptionalError(loc, "low/high/interior need ", rank,
                             " entries each");
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d) {
    if (in[d] < 0)
      return emitOptionalError(loc, "interior padding ", in[d], " in dim ", d,
                               " must be >= 0");
    int64_t n = t.getDimSize(d);
    if (isDyn(n)) {
      shape.push_back(kDyn);
      continue;
    }
    int64_t size = lo[d] + hi[d] + n + std::max<int64_t>(n - 1, 0) * in[d];
    if (size < 0)
      return emitOptionalError(loc, "padding makes dim ", d, " negative (",
                               size, ")");
    shape.push_back(size);
  }
  types.push_back(t.clone(shape));
  return success();
}

bool GatherOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) {
  return compatibleTensorTypes(l, r);
}
LogicalResult GatherOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  auto t = rankedOf(adaptor.getOperand());
  auto idx = rankedOf(adaptor.getStartIndices());
  auto dn = adaptor.getDimensionNumbers();
  if (!t || !idx || !dn)
    return emitOptionalError(loc, "operands must be ranked tensors");
  ArrayRef<int64_t> sizes = adaptor.getSliceSizes();
  int64_t rank = t.getRank();
  if (static_cast<int64_t>(sizes.size()) != rank)
    return emitOptionalError(loc, "slice_sizes has ", sizes.size(),
                             " entries for operand rank ", rank);
  int64_t ivd = dn.getIndexVectorDim();
  if (ivd < 0 || ivd > idx.getRank())
    return emitOptionalError(loc, "index_vector_dim ", ivd,
                             " out of range [0, ", idx.getRank(), "]");
  int64_t indexLen = ivd == idx.getRank() ? 1 : idx.getDimSize(ivd);
  if (!isDyn(indexLen) &&
      indexLen != static_cast<int64_t>(dn.getStartIndexMap().size()))
    return emitOptionalError(loc, "start_index_map has ",
                             dn.getStartIndexMap().size(),
                             " entries but index vectors have ", indexLen);
  if (failed(checkDims(loc, dn.getStartIndexMap(), rank, "start_index_map")) ||
      failed(checkDims(loc, dn.getCollapsedSliceDims(), rank,
                       "collapsed_slice_dims")) ||
      failed(checkDims(loc, dn.getOperandBatchingDims(), rank,
                       "operand_batching_dims")))
    return failure();
  if (dn.getOperandBatchingDims().size() !=
      dn.getStartIndicesBatchingDims().size())
    return emitOptionalError(loc, "operand_batching_dims and "
                                  "start_indices_batching_dims differ in size");
  llvm::SmallSet<int64_t, 8> dropped;
  for (int64_t d : dn.getCollapsedSliceDims()) {
    if (sizes[d] != 1)
      return emitOptionalError(loc, "collapsed slice dim ", d,
                               " must have slice size 1, got ", sizes[d]);
    dropped.insert(d);
  }
  for (int64_t d : dn.getOperandBatchingDims()) {
    if (sizes[d] != 1)
      return emitOptionalError(loc, "operand batching dim ", d,
                               " must have slice size 1, got ", sizes[d]);
    if (!dropped.insert(d).second)
      return emitOptionalError(loc, "dim ", d,
                               " is both collapsed and a batching dim");
  }
  for (int64_t d = 0; d < rank; ++d)
    if (sizes[d] < 0 || (!isDyn(t.getDimSize(d)) && sizes[d] > t.getDimSize(d)))
      return emitOptionalError(loc, "slice size ", sizes[d], " in dim ", d,
                               " must be in [0, dim size]");
  SmallVector<int64_t> offsetSizes;
  for (int64_t d = 0; d < rank; ++d)
    if (!dropped.contains(d))
      offsetSizes.push_back(sizes[d]);
  ArrayRef<int64_t> offsetDims = dn.getOffsetDims();
  if (offsetDims.size() != offsetSizes.size())
    return emitOptionalError(loc, "offset_dims has ", offsetDims.size(),
                             " entries, expected ", offsetSizes.size());
  SmallVector<int64_t> batchSizes;
  for (int64_t d = 0; d < idx.getRank(); ++d)
    if (d != ivd)
      batchSizes.push_back(idx.getDimSize(d));
  int64_t outRank = batchSizes.size() + offsetSizes.size();
  if (failed(checkDims(loc, offsetDims, outRank, "offset_dims")))
    return failure();
  for (size_t i = 1; i < offsetDims.size(); ++i)
    if (offsetDims[i] <= offsetDims[i - 1])
      return emitOptionalError(loc, "offset_dims must be sorted");
  SmallVector<int64_t> shape;
  size_t oi = 0, bi = 0;
  for (int64_t d = 0; d < outRank; ++d) {
    if (oi < offsetDims.size() && offsetDims[oi] == d)
      shape.push_back(offsetSizes[oi++]);
    else
      shape.push_back(batchSizes[bi++]);
  }
  types.push_back(t.clone(shape));
  return success();
}

LogicalResult ScatterOp::verify() {
  auto inputs = getInputs();
  auto updates = getUpdates();
  if (inputs.empty() || inputs.size() != updates.size())
    return emitOpError() << "needs N >= 1 inputs and N updates, got "
                         << inputs.size() << " and " << updates.size();
  if (getNumResults() != inputs.size())
    return emitOpError() << "has " << getNumResults() << " results for "
                         << inputs.size() << " inputs";
  auto first = cast<RankedTensorType>(inputs[0].getType());
  auto upd0 = cast<RankedTensorType>(updates[0].getType());
  for (auto [i, v] : llvm::enumerate(inputs)) {
    auto t = cast<RankedTensorType>(v.getType());
    if (failed(verifyCompatibleShape(t.getShape(), first.getShape())))
      return emitOpError() << "input " << i << " shape differs from input 0";
    if (!compatibleTensorTypes(getResult(i).getType(), t))
      return emitOpError() << "result " << i << " must have input " << i
                           << "'s type";
    auto u = cast<RankedTensorType>(updates[i].getType());
    if (u.getElementType() != t.getElementType())
      return emitOpError() << "update " << i << " element type differs from "
                           << "input " << i;
    if (failed(verifyCompatibleShape(u.getShape(), upd0.getShape())))
      return emitOpError() << "update " << i << " shape differs from update 0";
  }
  auto dn = getDimensionNumbers();
  auto idx = getScatterIndices().getType();
  int64_t ivd = dn.getIndexVectorDim();
  if (ivd < 0 || ivd > idx.getRank())
    return emitOpError() << "index_vector_dim " << ivd << " out of range [0, "
                         << idx.getRank() << "]";
  int64_t rank = first.getRank();
  if (failed(checkDims(getLoc(), dn.getUpdateWindowDims(), upd0.getRank(),
                       "update_window_dims")) ||
      failed(checkDims(getLoc(), dn.getInsertedWindowDims(), rank,
                       "inserted_window_dims")) ||
      failed(checkDims(getLoc(), dn.getScatterDimsToOperandDims(), rank,
                       "scatter_dims_to_operand_dims")) ||
      failed(checkDims(getLoc(), dn.getInputBatchingDims(), rank,
                       "input_batching_dims")))
    return failure();
  int64_t windowRank = dn.getUpdateWindowDims().size() +
                       dn.getInsertedWindowDims().size() +
                       dn.getInputBatchingDims().size();
  if (windowRank != rank)
    return emitOpError() << "update_window_dims + inserted_window_dims + "
                            "input_batching_dims must cover the operand rank "
                         << rank << ", got " << windowRank;
  int64_t indexLen = ivd == idx.getRank() ? 1 : idx.getDimSize(ivd);
  if (!isDyn(indexLen) &&
      indexLen != static_cast<int64_t>(dn.getScatterDimsToOperandDims().size()))
    return emitOpError() << "scatter_dims_to_operand_dims has "
                         << dn.getScatterDimsToOperandDims().size()
                         << " entries but index vectors have " << indexLen;
  int64_t scatterRank = idx.getRank() - (ivd < idx.getRank() ? 1 : 0);
  if (upd0.getRank() != scatterRank + (int64_t)dn.getUpdateWindowDims().size())
    return emitOpError() << "updates rank " << upd0.getRank()
                         << " must be the scatter rank " << scatterRank
                         << " plus the number of update_window_dims "
                         << dn.getUpdateWindowDims().size();
  SmallVector<Type> elts = scalarTypes(getInputs().getTypes());
  SmallVector<Type> args(elts);
  args.append(elts);
  return checkRegion(*this, getUpdateComputation(), "update_computation", args,
                     elts);
}

//===----------------------------------------------------------------------===//
// Contractions and windows
//===----------------------------------------------------------------------===//

LogicalResult DotGeneralOp::verify() {
  auto l = getLhs().getType(), r = getRhs().getType();
  auto dn = getDotDimensionNumbers();
  ArrayRef<int64_t> lb = dn.getLhsBatchingDimensions(),
                    rb = dn.getRhsBatchingDimensions(),
                    lc = dn.getLhsContractingDimensions(),
                    rc = dn.getRhsContractingDimensions();
  if (lb.size() != rb.size())
    return emitOpError() << "lhs and rhs batching dims differ in number: "
                         << lb.size() << " vs " << rb.size();
  if (lc.size() != rc.size())
    return emitOpError() << "lhs and rhs contracting dims differ in number: "
                         << lc.size() << " vs " << rc.size();
  SmallVector<int64_t> lAll(lb), rAll(rb);
  lAll.append(lc.begin(), lc.end());
  rAll.append(rc.begin(), rc.end());
  if (failed(checkDims(getLoc(), lAll, l.getRank(),
                       "lhs batching+contracting dims")) ||
      failed(checkDims(getLoc(), rAll, r.getRank(),
                       "rhs batching+contracting dims")))
    return failure();
  for (auto [a, b] : llvm::zip(lb, rb))
    if (!dimsCompatible(l.getDimSize(a), r.getDimSize(b)))
      return emitOpError() << "batching dims lhs " << a << " (size "
                           << l.getDimSize(a) << ") and rhs " << b << " (size "
                           << r.getDimSize(b) << ") differ";
  for (auto [a, b] : llvm::zip(lc, rc))
    if (!dimsCompatible(l.getDimSize(a), r.getDimSize(b)))
      return emitOpError() << "contracting dims lhs " << a << " (size "
                           << l.getDimSize(a) << ") and rhs " << b << " (size "
                           << r.getDimSize(b) << ") differ";
  if (auto pc = getPrecisionConfig(); pc && pc->size() != 0 && pc->size() != 2)
    return emitOpError() << "precision_config needs 0 or 2 entries, got "
                         << pc->size();
  SmallVector<int64_t> shape;
  for (int64_t d : lb)
    shape.push_back(l.getDimSize(d));
  for (int64_t d = 0; d < l.getRank(); ++d)
    if (!llvm::is_contained(lAll, d))
      shape.push_back(l.getDimSize(d));
  for (int64_t d = 0; d < r.getRank(); ++d)
    if (!llvm::is_contained(rAll, d))
      shape.push_back(r.getDimSize(d));
  auto out = getType();
  if (out.getRank() != static_cast<int64_t>(shape.size()) ||
      failed(verifyCompatibleShape(out.getShape(), shape)))
    return emitOpError() << "result shape " << shapeStr(out.getShape())
                         << " differs from the inferred " << shapeStr(shape);
  return success();
}

LogicalResult ConvolutionOp::verify() {
  auto l = getLhs().getType(), r = getRhs().getType(), out = getType();
  auto dn = getDimensionNumbers();
  int64_t rank = l.getRank();
  int64_t ns = dn.getInputSpatialDimensions().size();
  if (rank < 2 || r.getRank() != rank || out.getRank() != rank)
    return emitOpError() << "input, kernel and output need one rank >= 2, got "
                         << rank << ", " << r.getRank() << ", "
                         << out.getRank();
  if (ns != rank - 2 ||
      static_cast<int64_t>(dn.getKernelSpatialDimensions().size()) != ns ||
      static_cast<int64_t>(dn.getOutputSpatialDimensions().size()) != ns)
    return emitOpError() << "dimension numbers need " << rank - 2
                         << " spatial dims for rank " << rank;
  auto check = [&](int64_t a, int64_t b, ArrayRef<int64_t> s,
                   StringRef what) -> LogicalResult {
    SmallVector<int64_t> all{a, b};
    all.append(s.begin(), s.end());
    return checkDims(getLoc(), all, rank, what);
  };
  if (failed(check(dn.getInputBatchDimension(), dn.getInputFeatureDimension(),
                   dn.getInputSpatialDimensions(),
                   "input dimension numbers")) ||
      failed(check(dn.getKernelInputFeatureDimension(),
                   dn.getKernelOutputFeatureDimension(),
                   dn.getKernelSpatialDimensions(),
                   "kernel dimension numbers")) ||
      failed(check(dn.getOutputBatchDimension(), dn.getOutputFeatureDimension(),
                   dn.getOutputSpatialDimensions(),
                   "output dimension numbers")))
    return failure();
  SmallVector<int64_t> strides, lhsDil, rhsDil, lo, hi;
  std::optional<Location> loc = getLoc();
  if (failed(readPositive(loc, getWindowStrides(), ns, "window_strides",
                          strides)) ||
      failed(readPositive(loc, getLhsDilation(), ns, "lhs_dilation", lhsDil)) ||
      failed(readPositive(loc, getRhsDilation(), ns, "rhs_dilation", rhsDil)) ||
      failed(readPadding(loc, getPadding(), ns, lo, hi)))
    return failure();
  if (auto rev = getWindowReversal();
      rev && static_cast<int64_t>(rev->size()) != ns)
    return emitOpError() << "window_reversal has " << rev->size()
                         << " entries, expected " << ns;
  int64_t g = getFeatureGroupCount(), b = getBatchGroupCount();
  if (g > 1 && b > 1)
    return emitOpError() << "feature_group_count and batch_group_count "
                            "cannot both exceed 1";
  int64_t inBatch = l.getDimSize(dn.getInputBatchDimension());
  int64_t inFeat = l.getDimSize(dn.getInputFeatureDimension());
  int64_t kIn = r.getDimSize(dn.getKernelInputFeatureDimension());
  int64_t kOut = r.getDimSize(dn.getKernelOutputFeatureDimension());
  if (!isDyn(inFeat) && !isDyn(kIn) && inFeat != kIn * g)
    return emitOpError() << "input features (" << inFeat
                         << ") must equal kernel input features (" << kIn
                         << ") * feature_group_count (" << g << ")";
  if (!isDyn(kOut) && kOut % g)
    return emitOpError() << "kernel output features (" << kOut
                         << ") must be divisible by feature_group_count (" << g
                         << ")";
  if (!isDyn(kOut) && kOut % b)
    return emitOpError() << "kernel output features (" << kOut
                         << ") must be divisible by batch_group_count (" << b
                         << ")";
  if (!isDyn(inBatch) && inBatch % b)
    return emitOpError() << "input batch (" << inBatch
                         << ") must be divisible by batch_group_count (" << b
                         << ")";
  SmallVector<int64_t> expect(rank, kDyn);
  expect[dn.getOutputBatchDimension()] = isDyn(inBatch) ? kDyn : inBatch / b;
  expect[dn.getOutputFeatureDimension()] = kOut;
  for (int64_t i = 0; i < ns; ++i) {
    int64_t in = l.getDimSize(dn.getInputSpatialDimensions()[i]);
    int64_t win = r.getDimSize(dn.getKernelSpatialDimensions()[i]);
    expect[dn.getOutputSpatialDimensions()[i]] =
        isDyn(win) ? kDyn
                   : windowOutSize(in, lhsDil[i], lo[i], hi[i], win, rhsDil[i],
                                   strides[i]);
  }
  if (failed(verifyCompatibleShape(out.getShape(), expect)))
    return emitOpError() << "result shape " << shapeStr(out.getShape())
                         << " differs from the inferred " << shapeStr(expect);
  return success();
}

bool ReduceOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) {
  return compatibleTensorTypes(l, r);
}
LogicalResult ReduceOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  auto inputs = adaptor.getInputs();
  auto inits = adaptor.getInitValues();
  if (inputs.empty() || inputs.size() != inits.size())
    return emitOptionalError(loc, "needs N >= 1 inputs and N init values");
  auto first = rankedOf(inputs[0]);
  if (!first)
    return emitOptionalError(loc, "inputs must be ranked tensors");
  ArrayRef<int64_t> dims = adaptor.getDimensions();
  if (failed(checkDims(loc, dims, first.getRank(), "dimensions")))
    return failure();
  for (auto [i, v] : llvm::enumerate(inputs)) {
    auto t = rankedOf(v);
    auto init = rankedOf(inits[i]);
    if (!t || failed(verifyCompatibleShape(t.getShape(), first.getShape())))
      return emitOptionalError(loc, "input ", i, " shape differs from input 0");
    if (!init || init.getRank() != 0 ||
        init.getElementType() != t.getElementType())
      return emitOptionalError(loc, "init value ", i,
                               " must be a 0-d tensor of input ", i,
                               "'s element type");
  }
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < first.getRank(); ++d)
    if (!llvm::is_contained(dims, d))
      shape.push_back(first.getDimSize(d));
  for (Value init : inits)
    types.push_back(
        RankedTensorType::get(shape, getElementTypeOrSelf(init.getType())));
  return success();
}
LogicalResult ReduceOp::verifyRegions() {
  SmallVector<Type> elts = scalarTypes(getInitValues().getTypes());
  SmallVector<Type> args(elts);
  args.append(elts);
  return checkRegion(*this, getBody(), "body", args, elts);
}

bool ReduceWindowOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) {
  return compatibleTensorTypes(l, r);
}
LogicalResult ReduceWindowOp::inferReturnTypes(MLIRContext *,
                                               std::optional<Location> loc,
                                               Adaptor adaptor,
                                               SmallVectorImpl<Type> &types) {
  auto inputs = adaptor.getInputs();
  auto inits = adaptor.getInitValues();
  if (inputs.empty() || inputs.size() != inits.size())
    return emitOptionalError(loc, "needs N >= 1 inputs and N init values");
  auto first = rankedOf(inputs[0]);
  if (!first)
    return emitOptionalError(loc, "inputs must be ranked tensors");
  int64_t rank = first.getRank();
  for (auto [i, v] : llvm::enumerate(inputs)) {
    auto t = rankedOf(v);
    auto init = rankedOf(inits[i]);
    if (!t || failed(verifyCompatibleShape(t.getShape(), first.getShape())))
      return emitOptionalError(loc, "input ", i, " shape differs from input 0");
    if (!init || init.getRank() != 0 ||
        init.getElementType() != t.getElementType())
      return emitOptionalError(loc, "init value ", i,
                               " must be a 0-d tensor of input ", i,
                               "'s element type");
  }
  ArrayRef<int64_t> win = adaptor.getWindowDimensions();
  if (static_cast<int64_t>(win.size()) != rank)
    return emitOptionalError(loc, "window_dimensions has ", win.size(),
                             " entries for rank ", rank);
  for (auto [i, w] : llvm::enumerate(win))
    if (w <= 0)
      return emitOptionalError(loc, "window_dimensions[", i, "] = ", w,
                               " must be positive");
  SmallVector<int64_t> strides, baseDil, winDil, lo, hi;
  if (failed(readPositive(loc, adaptor.getWindowStrides(), rank,
                          "window_strides", strides)) ||
      failed(readPositive(loc, adaptor.getBaseDilations(), rank,
                          "base_dilations", baseDil)) ||
      failed(readPositive(loc, adaptor.getWindowDilations(), rank,
                          "window_dilations", winDil)))
    return failure();
  std::optional<DenseIntElementsAttr> pad;
  if (auto p = adaptor.getPaddingAttr())
    pad = cast<DenseIntElementsAttr>(p);
  if (failed(readPadding(loc, pad, rank, lo, hi)))
    return failure();
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d)
    shape.push_back(windowOutSize(first.getDimSize(d), baseDil[d], lo[d], hi[d],
                                  win[d], winDil[d], strides[d]));
  for (Value init : inits)
    types.push_back(
        RankedTensorType::get(shape, getElementTypeOrSelf(init.getType())));
  return success();
}
LogicalResult ReduceWindowOp::verifyRegions() {
  SmallVector<Type> elts = scalarTypes(getInitValues().getTypes());
  SmallVector<Type> args(elts);
  args.append(elts);
  return checkRegion(*this, getBody(), "body", args, elts);
}

//===----------------------------------------------------------------------===//
// Control and structure
//===----------------------------------------------------------------------===//

LogicalResult SortOp::verifyRegions() {
  if (getInputs().empty())
    return emitOpError() << "needs at least one input";
  auto t = cast<RankedTensorType>(getInputs()[0].getType());
  int64_t dim = getDimension();
  if (dim < -t.getRank() || dim >= std::max<int64_t>(t.getRank(), 1))
    return emitOpError() << "dimension " << dim << " out of range for rank "
                         << t.getRank();
  if (getNumResults() != getInputs().size())
    return emitOpError() << "has " << getNumResults() << " results for "
                         << getInputs().size() << " inputs";
  for (auto [i, v] : llvm::enumerate(getInputs()))
    if (v.getType() != getResult(i).getType())
      return emitOpError() << "result " << i << " must have input " << i
                           << "'s type";
  SmallVector<Type> args;
  for (Type elt : scalarTypes(getInputs().getTypes())) {
    args.push_back(elt);
    args.push_back(elt);
  }
  Type pred = RankedTensorType::get({}, IntegerType::get(getContext(), 1));
  return checkRegion(*this, getComparator(), "comparator", args, pred);
}

LogicalResult WhileOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &types) {
  for (Value v : adaptor.getOperands())
    types.push_back(v.getType());
  return success();
}
LogicalResult WhileOp::verifyRegions() {
  SmallVector<Type> types(getOperands().getTypes());
  Type pred = RankedTensorType::get({}, IntegerType::get(getContext(), 1));
  if (failed(checkRegion(*this, getCond(), "cond", types, pred)))
    return failure();
  return checkRegion(*this, getBody(), "body", types, types);
}

LogicalResult IfOp::verifyRegions() {
  SmallVector<Type> types(getResultTypes());
  if (failed(checkRegion(*this, getTrueBranch(), "true_branch", {}, types)))
    return failure();
  return checkRegion(*this, getFalseBranch(), "false_branch", {}, types);
}

LogicalResult CaseOp::verifyRegions() {
  if (getBranches().empty())
    return emitOpError() << "needs at least one branch";
  SmallVector<Type> types(getResultTypes());
  for (auto [i, region] : llvm::enumerate(getBranches()))
    if (failed(checkRegion(*this, region, ("branch " + std::to_string(i)), {},
                           types)))
      return failure();
  return success();
}

LogicalResult FusionOp::verifyRegions() {
  SmallVector<Type> in(getInputs().getTypes()), out(getResultTypes());
  return checkRegion(*this, getFusedComputation(), "fused_computation", in,
                     out);
}
