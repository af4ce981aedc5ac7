//===- ShapeFnsMisc.cpp - resources, TensorArrays, matrix diag v2/v3 -----===//
//
// Variables (VarHandleOp -> resource subtype, ReadVariableOp,
// ResourceGather), TensorArrayV3 family (element_shape from the creating
// op), MatrixDiag*V2/V3 with constant k, and other ops with fixed shapes.
// Semantics from resource_variable_ops.cc, data_flow_ops.cc, array_ops.cc.
//===----------------------------------------------------------------------===//
#include "lib/Transforms/ShapeInferenceContext.h"

#include "dialects/tf/TFTypes.h"

#include "llvm/ADT/DenseSet.h"

using namespace mlir;

namespace tfmlir {
namespace shape_inference {
namespace {

Type tensorOf(const Shape &s, Type elt) {
  if (!s.ranked)
    return UnrankedTensorType::get(elt);
  return RankedTensorType::get(s.dims, elt);
}

LogicalResult varHandle(InferenceContext &c) {
  c.setOutput(0, Shape::scalar());
  Type dtype = c.typeAttr("dtype");
  auto shape = c.shapeAttr("shape");
  auto out = dyn_cast_or_null<TensorType>(c.outputType(0));
  if (!dtype || !shape || !out ||
      !isa<tf_type::ResourceType>(out.getElementType()))
    return success();
  auto sub = cast<TensorType>(tensorOf(*shape, dtype));
  auto res = tf_type::ResourceType::get(c.getOp()->getContext(), {sub});
  c.setOutputType(0, RankedTensorType::get({}, res));
  return success();
}

/// The subtype of a resource input (its content's type), or null.
TensorType resourceSubtype(InferenceContext &c, unsigned i) {
  auto t = dyn_cast_or_null<TensorType>(i < c.numInputs() ? c.input(i).getType()
                                                          : Type());
  if (!t)
    return {};
  auto r = dyn_cast<tf_type::ResourceType>(t.getElementType());
  if (!r || r.getSubtypes().size() != 1)
    return {};
  return r.getSubtypes().front();
}

LogicalResult readVariable(InferenceContext &c) {
  if (TensorType sub = resourceSubtype(c, 0))
    c.setOutput(0, Shape::fromType(sub));
  return success();
}

LogicalResult resourceGather(InferenceContext &c) {
  TensorType sub = resourceSubtype(c, 0);
  Shape indices = c.inputShape(1);
  if (!sub || !sub.hasRank() || !indices.ranked)
    return success();
  Shape params = Shape::fromType(sub);
  int64_t batchDims = c.intAttr("batch_dims", 0);
  if (params.rank() < 1 || batchDims < 0 || batchDims > indices.rank())
    return success();
  Shape out = Shape::of(ArrayRef<int64_t>(params.dims).take_front(batchDims));
  out.dims.append(indices.dims.begin() + batchDims, indices.dims.end());
  out.dims.append(params.dims.begin() + batchDims + 1, params.dims.end());
  c.setOutput(0, out);
  return success();
}

LogicalResult noOutputs(InferenceContext &) { return success(); }

LogicalResult scalarOut(InferenceContext &c) {
  for (unsigned i = 0; i < c.numOutputs(); ++i)
    c.setOutput(i, Shape::scalar());
  return success();
}

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

/// MatrixDiagV2/V3(diagonal, k, num_rows, num_cols, padding_value) with a
/// constant scalar k.
LogicalResult matrixDiagV2(InferenceContext &c) {
  Shape d = c.inputShape(0);
  auto k = c.inputInts(1);
  auto rows = c.inputScalar(2), cols = c.inputScalar(3);
  if (!d.ranked || !k || k->empty() || (k->size() == 2 && (*k)[0] != (*k)[1]))
    return success();
  if (d.rank() < 1)
    return c.error("diagonal must be at least 1-D");
  int64_t kk = (*k)[0];
  int64_t n = d.dims.back();
  int64_t minRows = dimAdd(n, kk < 0 ? -kk : 0);
  int64_t minCols = dimAdd(n, kk > 0 ? kk : 0);
  int64_t r = rows && *rows != -1 ? *rows : kDyn;
  int64_t cc = cols && *cols != -1 ? *cols : kDyn;
  if (isDyn(r) && isDyn(cc)) {
    r = minRows;
    cc = minCols;
  } else if (isDyn(r)) {
    r = minRows;
  } else if (isDyn(cc)) {
    cc = minCols;
  }
  Shape out = d;
  out.dims.back() = r;
  out.dims.push_back(cc);
  c.setOutput(0, out);
  return success();
}

LogicalResult matrixDiagPartV2(InferenceContext &c) {
  Shape in = c.inputShape(0);
  auto k = c.inputInts(1);
  if (!in.ranked || !k || k->empty() || (k->size() == 2 && (*k)[0] != (*k)[1]))
    return success();
  if (in.rank() < 2)
    return c.error("input must be at least 2-D");
  int64_t kk = (*k)[0];
  int64_t m = in.dims[in.rank() - 2], n = in.dims.back();
  int64_t len = kDyn;
  if (!isDyn(m) && !isDyn(n))
    len = std::max<int64_t>(0, std::min(m + std::min<int64_t>(kk, 0),
                                        n - std::max<int64_t>(kk, 0)));
  Shape out = Shape::of(ArrayRef<int64_t>(in.dims).drop_back(1));
  out.dims.back() = len;
  c.setOutput(0, out);
  return success();
}

LogicalResult infeedDequeue(InferenceContext &c) {
  if (auto s = c.shapeAttr("shape"))
    c.setOutput(0, *s);
  return success();
}

LogicalResult infeedDequeueTuple(InferenceContext &c) {
  auto shapes = dyn_cast_or_null<ArrayAttr>(c.attr("shapes"));
  if (!shapes)
    return success();
  for (auto [i, a] : llvm::enumerate(shapes)) {
    auto s = dyn_cast<tf_type::ShapeAttr>(a);
    if (!s || s.getUnranked())
      continue;
    Shape sh = Shape::ofRank(s.getDims().size());
    for (auto [k, d] : llvm::enumerate(s.getDims()))
      sh.dims[k] = d < 0 ? kDyn : d;
    c.setOutput(i, sh);
  }
  return success();
}

LogicalResult quantizeV2(InferenceContext &c) {
  // (input, min_range, max_range) -> (output, output_min, output_max).
  Shape in = c.inputShape(0);
  c.setOutput(0, in);
  int64_t axis = c.intAttr("axis", -1);
  if (axis == -1) {
    c.setOutput(1, Shape::scalar());
    c.setOutput(2, Shape::scalar());
  } else if (in.ranked && axis >= 0 && axis < in.rank()) {
    c.setOutput(1, Shape::vector(in.dims[axis]));
    c.setOutput(2, Shape::vector(in.dims[axis]));
  }
  return success();
}

/// StringJoin / summaries of scalars: broadcast of the inputs (scalar when
/// all are scalars).
LogicalResult stringJoin(InferenceContext &c) {
  Shape out = Shape::scalar();
  for (unsigned i = 0; i < c.numInputs(); ++i) {
    Shape s = c.inputShape(i), b;
    if (!broadcastShape(out, s, b))
      return c.error("inputs must be scalars or have the same shape");
    out = b;
  }
  c.setOutput(0, out);
  return success();
}

LogicalResult firstInput(InferenceContext &c) {
  c.setOutput(0, c.inputShape(0));
  return success();
}

/// TF's RaggedRange shape function: starts/limits/deltas are scalars or
/// vectors of one length n; rt_nested_splits is [n + 1] ([2] when all are
/// scalars), rt_dense_values [?] -- or its exact length when all three are
/// known integers (the sum of TF's per-row sizes; an invalid row, e.g.
/// delta == 0, leaves it unknown for the kernel to report).
LogicalResult raggedRange(InferenceContext &c) {
  int64_t rows = 1;
  bool allScalar = true, rowsKnown = true;
  for (unsigned i = 0; i < 3; ++i) {
    Shape s = c.inputShape(i);
    static const char *names[] = {"starts", "limits", "deltas"};
    if (!s.ranked) {
      allScalar = false;
      rowsKnown = false;
      continue;
    }
    if (s.rank() > 1)
      return c.error(llvm::Twine(names[i]) + " must be a scalar or vector");
    if (s.rank() == 0)
      continue;
    if (allScalar || !rowsKnown) {
      rows = s.dims[0];
      rowsKnown = rows != kDyn;
    } else if (s.dims[0] != kDyn && s.dims[0] != rows) {
      return c.error("starts, limits, and deltas must have the same shape");
    }
    allScalar = false;
  }
  c.setOutput(0, Shape::vector(rowsKnown ? rows + 1 : kDyn));
  int64_t total = kDyn;
  auto st = c.inputInts(0), li = c.inputInts(1), de = c.inputInts(2);
  if (rowsKnown && st && li && de) {
    total = 0;
    for (int64_t r = 0; r < rows && total != kDyn; ++r) {
      auto at = [&](const llvm::SmallVector<int64_t> &v) {
        return v.size() == 1 ? v[0] : v[r];
      };
      int64_t a = at(*st), b = at(*li), d = at(*de);
      if (d == 0) {
        total = kDyn;
        break;
      }
      if ((d > 0 && b < a) || (d < 0 && b > a))
        continue;
      uint64_t span =
          b > a ? uint64_t(b) - uint64_t(a) : uint64_t(a) - uint64_t(b);
      uint64_t ad = d > 0 ? uint64_t(d) : uint64_t(0) - uint64_t(d);
      total += int64_t((span + ad - 1) / ad);
    }
  }
  c.setOutput(1, Shape::vector(total));
  return success();
}

} // namespace

void registerMiscShapeFns(ShapeFnRegistry &r) {
  r.add("VarHandleOp", varHandle);
  r.add("ReadVariableOp", readVariable);
  r.add("ResourceGather", resourceGather);
  r.add({"Assert", "NoOp", "AssignVariableOp", "AssignAddVariableOp",
         "AssignSubVariableOp", "ResourceScatterAdd", "ResourceScatterUpdate",
         "ControlTrigger"},
        noOutputs);
  r.add({"TensorArrayV3"}, tensorArrayV3);
  r.add({"TensorArrayReadV3"}, tensorArrayRead);
  r.add({"TensorArrayGatherV3"}, tensorArrayGather);
  r.add({"TensorArrayConcatV3"}, tensorArrayConcat);
  r.add({"TensorArraySizeV3", "TensorArrayWriteV3", "TensorArrayScatterV3",
         "TensorArraySplitV3", "VarIsInitializedOp", "IsVariableInitialized"},
        scalarOut);
  r.add({"MatrixDiagV2", "MatrixDiagV3"}, matrixDiagV2);
  r.add({"MatrixDiagPartV2", "MatrixDiagPartV3"}, matrixDiagPartV2);
  r.add({"MatrixSetDiagV2", "MatrixSetDiagV3", "Cross", "Bucketize",
         "Dilation2DBackpropInput", "LRNGrad", "OnesLike",
         "BatchNormWithGlobalNormalization", "StaticRegexFullMatch",
         "StringToHashBucketFast", "StringToHashBucketStrong",
         "StringToHashBucket", "Dequantize", "StringLower", "StringUpper",
         "RegexReplace", "StaticRegexReplace", "StringStrip",
         // Training ops (on refs): the output is the variable.
         "ApplyGradientDescent", "ApplyMomentum", "ApplyKerasMomentum",
         "ApplyAdam", "ApplyAdagrad", "ApplyAdagradV2", "ApplyRMSProp",
         "ApplyCenteredRMSProp", "ApplyAdadelta", "ApplyFtrl", "ApplyFtrlV2",
         "ApplyProximalGradientDescent", "ApplyProximalAdagrad", "ApplyAdaMax",
         "ApplyPowerSign", "ApplyAddSign"},
        firstInput);
  r.add("InfeedDequeue", infeedDequeue);
  r.add("InfeedDequeueTuple", infeedDequeueTuple);
  r.add("QuantizeV2", quantizeV2);
  r.add("StringJoin", stringJoin);
  r.add("RaggedRange", raggedRange);
  r.add({"ScalarSummary", "ImageSummary", "HistogramSummary", "AudioSummary",
         "AudioSummaryV2", "MergeSummary", "TensorSummary", "TensorSummaryV2"},
        [](InferenceContext &c) -> LogicalResult {
          c.setOutput(0, Shape::scalar());
          return success();
        });
}

} // namespace shape_inference
} // namespace tfmlir
