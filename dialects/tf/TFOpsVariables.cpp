//===- TFOpsVariables.cpp - TF1 ref variables and TF2 resource variables -===//
#include "dialects/tf/TFOps.h"
#include "dialects/tf/TFOpsUtils.h"

using namespace mlir;
using namespace tfmlir;
using namespace tfmlir::TF;

/// The dtype in a type attr, or null (absent or a placeholder).
static Type typeAttrValue(Attribute attr) {
  if (auto t = dyn_cast_or_null<TypeAttr>(attr))
    return t.getValue();
  return {};
}

/// `value`'s element type (without `_REF`) is `dtype` when both are known.
static LogicalResult verifyDtype(Operation *op, Value value, StringRef name,
                                 Attribute dtype) {
  Type t = typeAttrValue(dtype);
  if (t && !elementTypesMatch(value.getType(), tf_type::dropRef(t)))
    return op->emitOpError() << "requires '" << name << "' of dtype " << t
                             << ", got " << value.getType();
  return success();
}

/// Whether `type` satisfies the #tf_type.shape `shape`.
static bool satisfiesShape(Type type, tf_type::ShapeAttr shape) {
  if (!shape || !shape.hasRank())
    return true;
  auto t = dyn_cast<ShapedType>(type);
  if (!t || !t.hasRank())
    return true;
  ArrayRef<int64_t> dims = shape.getDims();
  if (t.getRank() != static_cast<int64_t>(dims.size()))
    return false;
  for (auto [a, b] : llvm::zip(t.getShape(), dims))
    if (b >= 0 && !dimsCompatible(a, b))
      return false;
  return true;
}

/// `v` is a scalar `!tf_type.resource` tensor.
static LogicalResult verifyResource(Operation *op, Value v, StringRef name) {
  if (!isResourceTensor(v.getType()))
    return op->emitOpError()
           << "requires '" << name << "' to be a !tf_type.resource tensor, got "
           << v.getType();
  return verifyRank(op, v, name, 0);
}

/// The resource subtype (the variable's tensor type), or null.
static TensorType resourceSubtype(Value handle) {
  auto r =
      dyn_cast<tf_type::ResourceType>(getElementTypeNoRef(handle.getType()));
  if (!r || r.getSubtypes().size() != 1)
    return {};
  return r.getSubtypes().front();
}

//===----------------------------------------------------------------------===//
// TF1 ref variables
//===----------------------------------------------------------------------===//

template <typename OpTy> static LogicalResult verifyRefVariable(OpTy op) {
  if (failed(verifyDtype(op, op.getRef(), "ref", op.getDtypeAttr())))
    return failure();
  if (!satisfiesShape(op.getRef().getType(), op.getShapeAttr()))
    return op.emitOpError()
           << "result type " << op.getRef().getType()
           << " does not match the 'shape' attr " << op.getShapeAttr();
  return success();
}

LogicalResult VariableV2Op::verify() { return verifyRefVariable(*this); }
LogicalResult VariableOp::verify() { return verifyRefVariable(*this); }

static LogicalResult verifyRefUpdate(Operation *op, Value ref, Value value,
                                     Value out, bool sameShape) {
  Value values[] = {value, out};
  StringRef names[] = {"value", "output_ref"};
  for (size_t zi = 0; zi < std::size(values); ++zi)
    if (auto [v, name] = std::pair{values[zi], names[zi]}; true)
      if (!elementTypesMatch(ref.getType(), v.getType()))
        return op->emitOpError()
               << "requires '" << name << "' of the variable's dtype, got "
               << v.getType() << " for 'ref' " << ref.getType();
  if (sameShape && !shapesCompatible(ref.getType(), value.getType()))
    return op->emitOpError()
           << "requires 'value' of the variable's shape, got "
           << value.getType() << " for 'ref' " << ref.getType();
  return success();
}

LogicalResult AssignOp::verify() {
  return verifyRefUpdate(*this, getRef(), getValue(), getOutputRef(),
                         getValidateShape());
}
LogicalResult AssignAddOp::verify() {
  return verifyRefUpdate(*this, getRef(), getValue(), getOutputRef(), true);
}
LogicalResult AssignSubOp::verify() {
  return verifyRefUpdate(*this, getRef(), getValue(), getOutputRef(), true);
}

template <typename OpTy> static LogicalResult verifyScatterRef(OpTy op) {
  Value ref = op.getRef(), updates = op.getUpdates();
  if (failed(verifyRankRange(op, ref, "ref", 1)) ||
      failed(verifyRefUpdate(op, ref, updates, op.getOutputRef(), false)))
    return failure();
  auto rt = dyn_cast<ShapedType>(ref.getType());
  auto it = dyn_cast<ShapedType>(op.getIndices().getType());
  auto ut = dyn_cast<ShapedType>(updates.getType());
  if (!rt || !it || !ut || !rt.hasRank() || !it.hasRank() || !ut.hasRank() ||
      ut.getRank() == 0) // A scalar update applies to every selected row.
    return success();
  SmallVector<int64_t> expected(it.getShape());
  llvm::append_range(expected, rt.getShape().drop_front());
  bool ok = ut.getRank() == static_cast<int64_t>(expected.size());
  for (size_t i = 0; ok && i < expected.size(); ++i)
    ok = dimsCompatible(ut.getDimSize(i), expected[i]);
  if (!ok)
    return op.emitOpError() << "requires 'updates' of shape indices.shape + "
                               "ref.shape[1:] (or a scalar), got "
                            << ut << " for ref " << rt << " and indices " << it;
  return success();
}

#define TFMLIR_SCATTER(OP)                                                     \
  LogicalResult OP::verify() { return verifyScatterRef(*this); }
TFMLIR_SCATTER(ScatterUpdateOp)
TFMLIR_SCATTER(ScatterAddOp)
TFMLIR_SCATTER(ScatterSubOp)
TFMLIR_SCATTER(ScatterMulOp)
TFMLIR_SCATTER(ScatterDivOp)
TFMLIR_SCATTER(ScatterMinOp)
TFMLIR_SCATTER(ScatterMaxOp)
#undef TFMLIR_SCATTER

LogicalResult IsVariableInitializedOp::verify() {
  return verifyRank(*this, getIsInitialized(), "is_initialized", 0);
}

//===----------------------------------------------------------------------===//
// TF2 resource variables
//===----------------------------------------------------------------------===//

LogicalResult VarHandleOp::verify() {
  if (failed(verifyResource(*this, getResource(), "resource")))
    return failure();
  TensorType sub = resourceSubtype(getResource());
  if (!sub)
    return success();
  if (Type dtype = typeAttrValue(getDtypeAttr());
      dtype && !elementTypesMatch(sub, dtype))
    return emitOpError() << "resource subtype " << sub
                         << " does not match 'dtype' " << dtype;
  if (!satisfiesShape(sub, getShapeAttr()))
    return emitOpError() << "resource subtype " << sub
                         << " does not match the 'shape' attr "
                         << getShapeAttr();
  return success();
}

LogicalResult ReadVariableOp::verify() {
  if (failed(verifyResource(*this, getResource(), "resource")) ||
      failed(verifyDtype(*this, getValue(), "value", getDtypeAttr())))
    return failure();
  if (TensorType sub = resourceSubtype(getResource());
      sub && !tf_type::areCastCompatible(sub, getValue().getType()))
    return emitOpError() << "result type " << getValue().getType()
                         << " is incompatible with the variable type " << sub;
  return success();
}

/// Shared checks of Assign*VariableOp.
static LogicalResult verifyResourceUpdate(Operation *op, Value resource,
                                          Value value, Attribute dtype,
                                          bool sameShape) {
  if (failed(verifyResource(op, resource, "resource")) ||
      failed(verifyDtype(op, value, "value", dtype)))
    return failure();
  TensorType sub = resourceSubtype(resource);
  if (!sub)
    return success();
  if (!elementTypesMatch(sub, value.getType()) ||
      (sameShape && !shapesCompatible(sub, value.getType())))
    return op->emitOpError()
           << "'value' of type " << value.getType()
           << " is incompatible with the variable type " << sub;
  return success();
}

LogicalResult AssignVariableOp::verify() {
  return verifyResourceUpdate(*this, getResource(), getValue(), getDtypeAttr(),
                              getValidateShape());
}
LogicalResult AssignAddVariableOp::verify() {
  return verifyResourceUpdate(*this, getResource(), getValue(), getDtypeAttr(),
                              true);
}
LogicalResult AssignSubVariableOp::verify() {
  return verifyResourceUpdate(*this, getResource(), getValue(), getDtypeAttr(),
                              true);
}

LogicalResult VarIsInitializedOp::verify() {
  if (failed(verifyResource(*this, getResource(), "resource")))
    return failure();
  return verifyRank(*this, getIsInitialized(), "is_initialized", 0);
}

LogicalResult DestroyResourceOp::verify() {
  if (!isResourceTensor(getResource().getType()))
    return emitOpError() << "requires 'resource' to be a !tf_type.resource "
                            "tensor, got "
                         << getResource().getType();
  return success();
}

LogicalResult ResourceGatherOp::verify() {
  if (failed(verifyResource(*this, getResource(), "resource")))
    return failure();
  return verifyDtype(*this, getOutput(), "output", getDtypeAttr());
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

#define GET_OP_CLASSES
#include "dialects/tf/TFOpsVariables.cpp.inc"

void tfmlir::TF::registerVariableOps(TFDialect &dialect) {
  dialect.addOperations<
#define GET_OP_LIST
#include "dialects/tf/TFOpsVariables.cpp.inc"
      >();
}
