//===- TensorArray.cpp - shape functions of the TensorArray family --------===//
//
// The ops of dialects/tf/TFOpsTensorArray.td: TensorArrayV3 and the ops on
// its handle, whose element_shape comes from the creating op (or from
// what is written to it). Semantics from tensorflow/core/ops/data_flow_ops.cc.
// Also the TensorList ops (generic ops of the same registry family,
// lib/Translate/OpRegistry/TensorArray.inc): list handles are scalar
// variants and element shapes come from the element_shape operands, as
// tensorflow/core/ops/list_ops.cc (without its handle-data shapes).
//===----------------------------------------------------------------------===//
#include "lib/Transforms/ShapeFns/Common.h"

#include "dialects/tf/TFTypes.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;

namespace tfmlir {
namespace shape_inference {
namespace {

/// The TensorArrayV3 op that created `handle`, looking through islands and
/// identity-like ops.
Operation *tensorArrayOf(Value handle) {
  Value v = ValueEvaluator::lookThrough(handle);
  Operation *op = v ? v.getDefiningOp() : nullptr;
  if (op && op->getName().getStringRef() == "tf.TensorArrayV3")
    return op;
  return nullptr;
}

StringRef tfOpName(Operation *op) {
  StringRef n = op->getName().getStringRef();
  if (n.consume_front("tf."))
    return n;
  return "";
}

/// The join of the shapes of the elements written to the TensorArray made
/// by `ta`, when every use of its handle is visible (forwarded only through
/// islands, identity-likes, Enter and Switch) and is a known TensorArray
/// op. Nullopt when a use escapes or nothing is written.
std::optional<Shape> writtenElementShape(Operation *ta,
                                         ValueEvaluator &evaluator) {
  std::optional<Shape> elem;
  SmallVector<Value> work{ta->getResult(0)};
  DenseSet<Value> seen;
  int budget = 4096;
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    for (OpOperand &use : v.getUses()) {
      if (--budget < 0)
        return std::nullopt;
      Operation *user = use.getOwner();
      StringRef name = user->getName().getStringRef();
      if (name == "tf_executor.yield") {
        Operation *island = user->getParentOp();
        if (!island || use.getOperandNumber() >= island->getNumResults())
          return std::nullopt;
        work.push_back(island->getResult(use.getOperandNumber()));
        continue;
      }
      if (name == "tf_executor.Enter" || name == "tf_executor.Switch") {
        if (use.getOperandNumber() != 0)
          return std::nullopt;
        for (Value r : user->getResults())
          if (isa<TensorType>(r.getType()))
            work.push_back(r);
        continue;
      }
      StringRef n = tfOpName(user);
      if (n == "Identity" || n == "Snapshot") {
        work.push_back(user->getResult(0));
        continue;
      }
      if (use.getOperandNumber() != 0)
        return std::nullopt; // the handle is used as data
      std::optional<Shape> written;
      if (n == "TensorArrayWriteV3" && user->getNumOperands() > 2) {
        written = Shape::fromType(user->getOperand(2).getType());
      } else if (n == "TensorArrayScatterV3" && user->getNumOperands() > 2) {
        Shape s = Shape::fromType(user->getOperand(2).getType());
        written = s.ranked && s.rank() >= 1
                      ? Shape::of(ArrayRef<int64_t>(s.dims).drop_front())
                      : Shape::unknown();
      } else if (n == "TensorArraySplitV3" && user->getNumOperands() > 2) {
        Shape s = Shape::fromType(user->getOperand(1).getType());
        if (s.ranked && s.rank() >= 1) {
          written = s;
          written->dims[0] = kDyn;
          // Equal constant lengths give a static first dim.
          InferenceContext sub(user, evaluator);
          if (auto lens = sub.inputInts(2))
            if (!lens->empty() && llvm::all_equal(*lens))
              written->dims[0] = lens->front();
        } else {
          written = Shape::unknown();
        }
      } else if (n == "TensorArrayReadV3" || n == "TensorArrayGatherV3" ||
                 n == "TensorArraySizeV3" || n == "TensorArrayCloseV3" ||
                 n == "TensorArrayConcatV3" || n == "TensorArrayGradV3" ||
                 n == "TensorArrayGradWithShape") {
        continue;
      } else {
        return std::nullopt;
      }
      elem = elem ? joinShape(*elem, *written) : *written;
    }
  }
  return elem;
}

std::optional<Shape> elementShapeOf(Value handle, ValueEvaluator &evaluator) {
  Operation *ta = tensorArrayOf(handle);
  if (!ta)
    return std::nullopt;
  std::optional<Shape> attrShape;
  auto a = dyn_cast_or_null<tf_type::ShapeAttr>(ta->getAttr("element_shape"));
  if (a && !a.getUnranked()) {
    Shape s = Shape::ofRank(a.getDims().size());
    for (auto [i, d] : llvm::enumerate(a.getDims()))
      s.dims[i] = d < 0 ? kDyn : d;
    attrShape = s;
  }
  std::optional<Shape> written = writtenElementShape(ta, evaluator);
  if (!written)
    return attrShape;
  if (!attrShape)
    return written;
  Shape m;
  if (mergeShape(*attrShape, *written, m))
    return m;
  return attrShape;
}

LogicalResult tensorArrayV3(InferenceContext &c) {
  // TF's shape function gives the handle shape [2] (a string pair in V2);
  // as in TF's MLIR dialect, the V3 resource handle is a scalar here.
  c.setOutput(0, Shape::scalar());
  c.setOutput(1, Shape::scalar());
  return success();
}

LogicalResult tensorArrayRead(InferenceContext &c) {
  std::optional<Shape> s;
  if (c.numInputs() > 0)
    s = elementShapeOf(c.input(0), c.getEvaluator());
  if (auto attr = c.shapeAttr("element_shape")) {
    Shape m;
    if (s && mergeShape(*s, *attr, m))
      s = m;
    else if (!s)
      s = *attr;
  }
  if (s)
    c.setOutput(0, *s);
  return success();
}

LogicalResult tensorArrayGather(InferenceContext &c) {
  // (handle, indices, flow_in) -> [len(indices)] + element_shape.
  Shape idx = c.inputShape(1);
  std::optional<Shape> s;
  if (c.numInputs() > 0)
    s = elementShapeOf(c.input(0), c.getEvaluator());
  if (auto attr = c.shapeAttr("element_shape")) {
    Shape m;
    if (s && mergeShape(*s, *attr, m))
      s = m;
    else if (!s)
      s = *attr;
  }
  if (!s || !s->ranked)
    return success();
  Shape out = Shape::vector(idx.ranked && idx.rank() == 1 ? idx.dims[0] : kDyn);
  out.dims.append(s->dims.begin(), s->dims.end());
  c.setOutput(0, out);
  return success();
}

LogicalResult tensorArrayConcat(InferenceContext &c) {
  // (handle, flow_in) -> (value [sum of dim 0] + element[1:], lengths).
  std::optional<Shape> s = c.shapeAttr("element_shape_except0");
  std::optional<Shape> elem;
  if (c.numInputs() > 0)
    elem = elementShapeOf(c.input(0), c.getEvaluator());
  int64_t size = kDyn;
  if (Operation *ta = c.numInputs() > 0 ? tensorArrayOf(c.input(0)) : nullptr) {
    auto dyn = ta->getAttrOfType<BoolAttr>("dynamic_size");
    if (!(dyn && dyn.getValue()) && ta->getNumOperands() > 0) {
      InferenceContext sub(ta, c.getEvaluator());
      if (auto n = sub.inputScalar(0))
        size = *n;
    }
  }
  Shape out = Shape::unknown();
  if (elem && elem->ranked && elem->rank() >= 1) {
    out = *elem;
    out.dims[0] = dimMul(elem->dims[0], size);
  } else if (s && s->ranked) {
    out = Shape::vector(kDyn);
    out.dims.append(s->dims.begin(), s->dims.end());
  }
  if (s && s->ranked && out.ranked) {
    Shape tail = Shape::of(ArrayRef<int64_t>(out.dims).drop_front());
    Shape m;
    if (mergeShape(tail, *s, m)) {
      m.dims.insert(m.dims.begin(), out.dims[0]);
      out = m;
    }
  }
  c.setOutput(0, out);
  c.setOutput(1, Shape::vector(size));
  return success();
}

/// TensorListGetItem(handle, index, element_shape) -> item: the
/// element_shape operand; TensorListPopBack(handle, element_shape) ->
/// (handle, item) likewise.
LogicalResult tensorListItem(InferenceContext &c) {
  bool pop = c.opName() == "TensorListPopBack";
  unsigned shapeInput = pop ? 1 : 2;
  if (c.numInputs() <= shapeInput)
    return success();
  FailureOr<Shape> s = c.inputAsShape(shapeInput);
  if (failed(s))
    return failure();
  if (pop) {
    c.setOutput(0, Shape::scalar());
    c.setOutput(1, *s);
  } else {
    c.setOutput(0, *s);
  }
  return success();
}

/// TensorListStack(handle, element_shape) -> [num_elements] + element
/// shape; TensorListGather(handle, indices, element_shape) -> [len(indices)]
/// + element shape.
LogicalResult tensorListStacked(InferenceContext &c) {
  bool gather = c.opName() == "TensorListGather";
  unsigned shapeInput = gather ? 2 : 1;
  if (c.numInputs() <= shapeInput)
    return success();
  FailureOr<Shape> s = c.inputAsShape(shapeInput);
  if (failed(s))
    return failure();
  if (!s->ranked)
    return success();
  int64_t n = kDyn;
  if (gather) {
    Shape idx = c.inputShape(1);
    if (idx.ranked && idx.rank() == 1)
      n = idx.dims[0];
  } else if (int64_t num = c.intAttr("num_elements", -1); num >= 0) {
    n = num;
  }
  Shape out = Shape::vector(n);
  out.dims.append(s->dims.begin(), s->dims.end());
  c.setOutput(0, out);
  return success();
}

/// TensorListConcatV2(handle, element_shape, leading_dims) -> ([?] +
/// element_shape[1:], lengths [?]).
LogicalResult tensorListConcat(InferenceContext &c) {
  if (c.numInputs() < 2)
    return success();
  FailureOr<Shape> s = c.inputAsShape(1);
  if (failed(s))
    return failure();
  if (s->ranked && s->rank() == 0)
    return c.error("Concat requires elements to be at least vectors, found "
                   "scalars instead");
  if (s->ranked) {
    Shape out = *s;
    out.dims[0] = kDyn;
    c.setOutput(0, out);
  }
  c.setOutput(1, Shape::vector(kDyn));
  return success();
}

} // namespace

void registerTensorArrayShapeFns(ShapeFnRegistry &r) {
  r.add("TensorArrayV3", tensorArrayV3);
  r.add("TensorArrayReadV3", tensorArrayRead);
  r.add("TensorArrayGatherV3", tensorArrayGather);
  r.add("TensorArrayConcatV3", tensorArrayConcat);
  r.add({"TensorArraySizeV3", "TensorArrayWriteV3", "TensorArrayScatterV3",
         "TensorArraySplitV3"},
        scalarOut);
  // TensorLists: a list handle (or length) is a scalar.
  r.add({"EmptyTensorList", "TensorListReserve", "TensorListFromTensor",
         "TensorListSetItem", "TensorListPushBack", "TensorListLength",
         "TensorListScatter", "TensorListScatterV2",
         "TensorListScatterIntoExistingList", "TensorListSplit",
         "TensorListResize"},
        scalarOut);
  r.add({"TensorListGetItem", "TensorListPopBack"}, tensorListItem);
  r.add({"TensorListStack", "TensorListGather"}, tensorListStacked);
  r.add("TensorListConcatV2", tensorListConcat);
}

} // namespace shape_inference
} // namespace tfmlir
