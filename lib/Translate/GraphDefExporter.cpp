//===- GraphDefExporter.cpp - tf_executor MLIR -> TF GraphDef -------------===//
#include "lib/Translate/GraphDefExporter.h"

#include "dialects/tf/TFExecutor.h"
#include "dialects/tf/TFOps.h"
#include "lib/Translate/Convert.h"
#include "lib/Translate/OpRegistry.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"

#include <google/protobuf/text_format.h>

using namespace mlir;
using namespace tfmlir;
using tensorflow::NodeDef;

namespace {

/// Writes the subtypes of a resource/variant argument or result as
/// OpDef.ArgDef.handle_data (the inverse of the importer's handle data).
LogicalResult exportHandleData(Type elt, tensorflow::OpDef::ArgDef *a,
                               Location loc) {
  SmallVector<std::pair<tensorflow::DataType, tensorflow::TensorShapeProto>> hd;
  if (auto e = getHandleData(elt, hd))
    return emitError(loc) << "handle data of '" << a->name()
                          << "': " << llvm::toString(std::move(e));
  for (auto &[dt, shape] : hd) {
    auto *e = a->add_handle_data();
    e->set_dtype(dt);
    *e->mutable_shape() = std::move(shape);
  }
  return success();
}

/// Name of a node from its location: the first NameLoc found.
std::string nameFromLoc(Location loc) {
  if (auto n = dyn_cast<NameLoc>(loc))
    return n.getName().str();
  if (auto f = dyn_cast<FusedLoc>(loc))
    for (Location l : f.getLocations()) {
      std::string s = nameFromLoc(l);
      if (!s.empty())
        return s;
    }
  if (auto c = dyn_cast<CallSiteLoc>(loc))
    return nameFromLoc(c.getCallee());
  return "";
}

/// Whether `op` is one of TF's functional If/While/Case ops (stateful or
/// stateless form).
bool isFunctionalControlFlow(Operation *op) {
  return isa<TF::IfOp, TF::StatelessIfOp, TF::WhileOp, TF::StatelessWhileOp,
             TF::CaseOp, TF::StatelessCaseOp>(op);
}

bool isNodeOp(Operation *op) {
  if (isa<tf_executor::IslandOp, tf_executor::YieldOp, tf_executor::FetchOp,
          tf_executor::GraphOp, tf_executor::NextIterationSinkOp,
          func::ReturnOp>(op))
    return false;
  return true;
}

/// Exports one function body (main or a library function).
class FunctionExporter {
public:
  FunctionExporter(func::FuncOp func, bool isMain,
                   google::protobuf::RepeatedPtrField<NodeDef> *nodes)
      : func(func), isMain(isMain), nodes(nodes) {}

  LogicalResult run(tensorflow::FunctionDef *fdef);

private:
  LogicalResult assignNames();
  std::string uniqueName(std::string base);
  FailureOr<std::string> tensorName(Value v);
  std::string controlName(Operation *op) { return "^" + names[op]; }
  void controlNames(Value ctl, SmallVectorImpl<std::string> &out);
  /// Phase 1: the NodeDef's name, op and attrs.
  LogicalResult exportOp(Operation *op, ArrayRef<Value> extraControls);
  /// Phase 2 (once every node exists): its inputs.
  LogicalResult exportInputs(Operation *op, ArrayRef<Value> extraControls);
  SmallVector<std::pair<Operation *, SmallVector<Value>>> pendingInputs;
  LogicalResult convertAttrs(Operation *op, NodeDef &nd);
  /// Flat output index -> "out_arg:idx" for function bodies.
  std::string outputArgRef(Operation *op, const NodeDef &nd, unsigned idx);

  func::FuncOp func;
  bool isMain;
  google::protobuf::RepeatedPtrField<NodeDef> *nodes;
  llvm::DenseMap<Operation *, std::string> names;
  llvm::DenseMap<Operation *, NodeDef *> nodeOf;
  llvm::StringSet<> used;
  SmallVector<std::string> argNames;
  tf_executor::GraphOp graph;
};

std::string FunctionExporter::uniqueName(std::string base) {
  if (base.empty())
    base = "node";
  if (used.insert(base).second)
    return base;
  for (int i = 1;; ++i) {
    std::string c = base + "_" + std::to_string(i);
    if (used.insert(c).second)
      return c;
  }
}

LogicalResult FunctionExporter::assignNames() {
  // Function arguments first, so that node names never shadow them.
  for (unsigned i = 0; i < func.getNumArguments(); ++i) {
    std::string n;
    if (auto a = func.getArgAttrOfType<StringAttr>(i, "tf._arg_name"))
      n = a.getValue().str();
    if (n.empty())
      n = "arg" + std::to_string(i);
    argNames.push_back(isMain ? n : uniqueName(n));
  }
  // Ops that are GraphDef nodes, in order.
  SmallVector<Operation *> ops;
  func.walk([&](Operation *op) {
    if (op == func.getOperation())
      return;
    if (!isNodeOp(op))
      return;
    if (op->getParentOp() != func &&
        !isa<tf_executor::IslandOp, tf_executor::GraphOp>(op->getParentOp()))
      return; // nested regions of other ops
    ops.push_back(op);
  });
  for (Operation *op : ops)
    names[op] = uniqueName(nameFromLoc(op->getLoc()).empty()
                               ? op->getName().stripDialect().str()
                               : nameFromLoc(op->getLoc()));
  return success();
}

std::string FunctionExporter::outputArgRef(Operation *op, const NodeDef &nd,
                                           unsigned idx) {
  const tensorflow::OpDef *def = nullptr;
  if (auto call = dyn_cast_or_null<SymbolRefAttr>(op->getAttr("f"));
      call && op->getName().getStringRef() == "tf.LegacyCall") {
    (void)call;
    def = nullptr; // resolved by the caller map below
  }
  def = lookupOpDef(nd.op());
  if (def) {
    unsigned start = 0;
    for (const auto &arg : def->output_arg()) {
      unsigned count = 1;
      if (!arg.number_attr().empty()) {
        auto it = nd.attr().find(arg.number_attr());
        count = it != nd.attr().end() ? it->second.i() : 0;
      } else if (!arg.type_list_attr().empty()) {
        auto it = nd.attr().find(arg.type_list_attr());
        count = it != nd.attr().end() ? it->second.list().type_size() : 0;
      }
      if (idx < start + count)
        return arg.name() + ":" + std::to_string(idx - start);
      start += count;
    }
  }
  // Library functions: each output arg is one tensor.
  if (auto f = op->getAttrOfType<FlatSymbolRefAttr>("f")) {
    auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(op, f);
    if (callee && idx < callee.getNumResults())
      if (auto r = callee.getResultAttrOfType<StringAttr>(idx, "tf._ret_name"))
        return r.getValue().str() + ":0";
  }
  return "output:" + std::to_string(idx);
}

FailureOr<std::string> FunctionExporter::tensorName(Value v) {
  if (auto ba = dyn_cast<BlockArgument>(v)) {
    if (ba.getOwner()->getParentOp() == func) {
      std::string n = argNames[ba.getArgNumber()];
      if (isMain) {
        // "x:0" feeds are written as "x".
        llvm::StringRef r(n);
        if (r.ends_with(":0"))
          return r.drop_back(2).str();
      }
      return n;
    }
    return emitError(v.getLoc(),
                     "cannot export a use of a nested block argument");
  }
  Operation *def = v.getDefiningOp();
  unsigned idx = cast<OpResult>(v).getResultNumber();
  if (auto island = dyn_cast<tf_executor::IslandOp>(def)) {
    return tensorName(island.GetYield().getOperand(idx));
  }
  if (auto src = dyn_cast<tf_executor::NextIterationSourceOp>(def))
    return names[def];
  auto it = names.find(def);
  if (it == names.end())
    return emitError(def->getLoc(), "value is produced by an op that is not "
                                    "exported as a node");
  if (isMain || isa<tf_executor::TfExecutorDialect>(def->getDialect()))
    return idx == 0 ? it->second : it->second + ":" + std::to_string(idx);
  return it->second + ":" + outputArgRef(def, *nodeOf[def], idx);
}

void FunctionExporter::controlNames(Value ctl,
                                    SmallVectorImpl<std::string> &out) {
  Operation *def = ctl.getDefiningOp();
  if (!def)
    return;
  if (auto island = dyn_cast<tf_executor::IslandOp>(def)) {
    for (Operation &op : island.GetBody().without_terminator())
      if (names.count(&op))
        out.push_back(controlName(&op));
    return;
  }
  if (auto sink = dyn_cast<tf_executor::NextIterationSinkOp>(def)) {
    Operation *src = sink.getOperand(0).getDefiningOp();
    if (src && names.count(src))
      out.push_back(controlName(src));
    return;
  }
  if (names.count(def))
    out.push_back(controlName(def));
}

LogicalResult FunctionExporter::convertAttrs(Operation *op, NodeDef &nd) {
  // Attrs the importer added from OpDef defaults are not written back.
  llvm::StringSet<> defaulted;
  if (auto d = op->getAttrOfType<ArrayAttr>("tf._defaulted_attrs"))
    for (Attribute a : d)
      if (auto s = dyn_cast<StringAttr>(a))
        defaulted.insert(s.getValue());
  for (NamedAttribute na : op->getAttrs()) {
    llvm::StringRef name = na.getName().getValue();
    if (defaulted.count(name))
      continue;
    if (name == "device") {
      if (auto s = dyn_cast<StringAttr>(na.getValue()))
        nd.set_device(s.getValue().str());
      continue;
    }
    if (name == "tf._original_node_names") {
      for (Attribute a : cast<ArrayAttr>(na.getValue()))
        nd.mutable_experimental_debug_info()->add_original_node_names(
            cast<StringAttr>(a).getValue().str());
      continue;
    }
    if (name == "tf._original_func_names") {
      for (Attribute a : cast<ArrayAttr>(na.getValue()))
        nd.mutable_experimental_debug_info()->add_original_func_names(
            cast<StringAttr>(a).getValue().str());
      continue;
    }
    if (name == "tf._experimental_type") {
      google::protobuf::TextFormat::ParseFromString(
          cast<StringAttr>(na.getValue()).getValue().str(),
          nd.mutable_experimental_type());
      continue;
    }
    if (name.contains('.'))
      continue; // our own bookkeeping, not a TF attr
    if (op->getName().getStringRef() == "tf.LegacyCall" && name == "f")
      continue;
    if (name == "operandSegmentSizes" || name == "resultSegmentSizes")
      continue;
    // TF's MLIR form of If/While/Case carries `is_stateless`; in a GraphDef
    // statelessness is the op type (StatelessIf, ...), see exportOp.
    if (name == "is_stateless" && isFunctionalControlFlow(op))
      continue;
    tensorflow::AttrValue v;
    if (auto e = convertToAttrValue(na.getValue(), &v))
      return op->emitError()
             << "attr '" << name << "': " << llvm::toString(std::move(e));
    (*nd.mutable_attr())[name.str()] = v;
  }
  return success();
}

LogicalResult FunctionExporter::exportOp(Operation *op,
                                         ArrayRef<Value> extraControls) {
  NodeDef *nd = nodes->Add();
  nodeOf[op] = nd;
  nd->set_name(names[op]);
  // Op type.
  if (auto o = op->getAttrOfType<StringAttr>("tf._op")) {
    nd->set_op(o.getValue().str());
  } else if (op->getName().getStringRef() == "tf.LegacyCall") {
    auto f = op->getAttrOfType<FlatSymbolRefAttr>("f");
    if (!f)
      return op->emitError("tf.LegacyCall without a function `f`");
    nd->set_op(f.getValue().str());
  } else if (isa<TF::TFDialect>(op->getDialect()) ||
             op->getName().getDialectNamespace() == "tf") {
    std::string type = op->getName().stripDialect().str();
    // tf.If/While/Case {is_stateless = true} is TF's StatelessIf/... .
    auto stateless = op->getAttrOfType<BoolAttr>("is_stateless");
    if (isFunctionalControlFlow(op) && stateless && stateless.getValue() &&
        !llvm::StringRef(type).starts_with("Stateless"))
      type = "Stateless" + type;
    nd->set_op(type);
  } else if (isa<tf_executor::NextIterationSourceOp>(op)) {
    nd->set_op("NextIteration");
  } else if (isa<tf_executor::SwitchNOp>(op)) {
    nd->set_op("_SwitchN");
  } else if (isa<tf_executor::TfExecutorDialect>(op->getDialect())) {
    nd->set_op(op->getName().stripDialect().str());
  } else {
    return op->emitError() << "op '" << op->getName()
                           << "' has no GraphDef form (only tf and "
                              "tf_executor ops can be exported)";
  }
  if (failed(convertAttrs(op, *nd)))
    return failure();
  pendingInputs.push_back({op, SmallVector<Value>(extraControls)});
  return success();
}

LogicalResult FunctionExporter::exportInputs(Operation *op,
                                             ArrayRef<Value> extraControls) {
  NodeDef *nd = nodeOf[op];
  SmallVector<Value> data, ctls;
  auto collect = [&](ValueRange operands) {
    for (Value v : operands) {
      if (isa<tf_executor::ControlType>(v.getType()))
        ctls.push_back(v);
      else if (!isa<tf_executor::TokenType>(v.getType()))
        data.push_back(v);
    }
  };
  if (auto src = dyn_cast<tf_executor::NextIterationSourceOp>(op)) {
    // Inputs come from the paired Sink.
    for (Operation *u : src.getToken().getUsers())
      if (auto sink = dyn_cast<tf_executor::NextIterationSinkOp>(u))
        collect(sink->getOperands());
    collect(src->getOperands());
  } else {
    collect(op->getOperands());
  }
  ctls.append(extraControls.begin(), extraControls.end());
  for (Value v : data) {
    auto n = tensorName(v);
    if (failed(n))
      return failure();
    nd->add_input(*n);
  }
  SmallVector<std::string> ctlNames;
  for (Value c : ctls)
    controlNames(c, ctlNames);
  if (auto argCtls = op->getAttrOfType<ArrayAttr>("tf._arg_control_inputs"))
    for (Attribute a : argCtls)
      if (auto sa = dyn_cast<StringAttr>(a))
        ctlNames.push_back("^" + sa.getValue().str());
  llvm::StringSet<> seen;
  for (const std::string &c : ctlNames)
    if (c != "^" + nd->name() && seen.insert(c).second)
      nd->add_input(c);
  return success();
}

LogicalResult FunctionExporter::run(tensorflow::FunctionDef *fdef) {
  Block &entry = func.getBody().front();
  for (Operation &op : entry)
    if (auto g = dyn_cast<tf_executor::GraphOp>(op))
      graph = g;
  if (failed(assignNames()))
    return failure();
  auto entryAttr = func->getAttrOfType<DictionaryAttr>("tf.entry_function");
  bool asFunction = func->hasAttr("tf._graph_as_function");
  if (isMain && entryAttr) {
    if (auto in = entryAttr.getAs<StringAttr>("inputs")) {
      SmallVector<llvm::StringRef> parts;
      if (!in.getValue().empty())
        in.getValue().split(parts, ',');
      for (auto [i, p] : llvm::enumerate(parts))
        if (i < argNames.size())
          argNames[i] = p.str();
    }
  }
  // Nodes for @main's arguments.
  if (isMain) {
    for (unsigned i = 0; i < func.getNumArguments(); ++i) {
      llvm::StringRef n(argNames[i]);
      std::string node = n.ends_with(":0") ? n.drop_back(2).str() : n.str();
      if (n.contains(':') && !n.ends_with(":0"))
        continue; // feeds an existing node's output
      bool exists = false;
      for (auto &kv : names)
        if (kv.second == node)
          exists = true;
      if (exists)
        continue;
      used.insert(node);
      NodeDef *nd = nodes->Add();
      nd->set_name(node);
      Type t = func.getArgument(i).getType();
      auto dt = convertToDataType(tf_type::getElementTypeOrSelf(t));
      if (!dt)
        return emitError(func.getLoc()) << llvm::toString(dt.takeError());
      if (asFunction) {
        nd->set_op("_Arg");
        (*nd->mutable_attr())["T"].set_type(*dt);
        (*nd->mutable_attr())["index"].set_i(i);
      } else {
        nd->set_op("Placeholder");
        (*nd->mutable_attr())["dtype"].set_type(*dt);
        convertToShapeProto(t, (*nd->mutable_attr())["shape"].mutable_shape());
      }
    }
  }

  // Ops: in a tf_executor.graph, or directly in the body (functional form).
  auto exportRegionOps = [&](Block &block) -> LogicalResult {
    for (Operation &op : block) {
      if (auto island = dyn_cast<tf_executor::IslandOp>(op)) {
        SmallVector<Value> islandCtls(island.getControlInputs());
        for (Operation &inner : island.GetBody().without_terminator())
          if (failed(exportOp(&inner, islandCtls)))
            return failure();
        continue;
      }
      // A NextIteration node is written where its Sink is (that is where
      // the importer found it in the GraphDef's node order).
      if (auto sink = dyn_cast<tf_executor::NextIterationSinkOp>(op)) {
        Operation *src = sink.getOperand(0).getDefiningOp();
        if (src && failed(exportOp(src, {})))
          return failure();
        continue;
      }
      if (isa<tf_executor::FetchOp, tf_executor::NextIterationSourceOp,
              func::ReturnOp, tf_executor::GraphOp>(op))
        continue;
      if (failed(exportOp(&op, {})))
        return failure();
    }
    return success();
  };
  if (graph) {
    if (failed(exportRegionOps(graph.GetBody())))
      return failure();
  } else if (failed(exportRegionOps(entry))) {
    return failure();
  }

  for (auto &[op, ctls] : pendingInputs)
    if (failed(exportInputs(op, ctls)))
      return failure();

  // Results.
  SmallVector<Value> results, controlRets;
  if (graph) {
    for (Value v : graph.GetFetch().getFetches())
      (isa<tf_executor::ControlType>(v.getType()) ? controlRets : results)
          .push_back(v);
  } else {
    auto ret = cast<func::ReturnOp>(entry.getTerminator());
    results.assign(ret.getOperands().begin(), ret.getOperands().end());
  }

  if (isMain) {
    if (asFunction) {
      SmallVector<llvm::StringRef> outNames;
      if (entryAttr)
        if (auto o = entryAttr.getAs<StringAttr>("outputs");
            o && !o.getValue().empty())
          o.getValue().split(outNames, ',');
      for (auto [i, v] : llvm::enumerate(results)) {
        NodeDef *nd = nodes->Add();
        nd->set_name(uniqueName(i < outNames.size()
                                    ? outNames[i].str()
                                    : "retval" + std::to_string(i)));
        nd->set_op("_Retval");
        auto n = tensorName(v);
        if (failed(n))
          return failure();
        nd->add_input(*n);
        auto dt = convertToDataType(tf_type::getElementTypeOrSelf(v.getType()));
        if (!dt)
          return emitError(func.getLoc()) << llvm::toString(dt.takeError());
        (*nd->mutable_attr())["T"].set_type(*dt);
        (*nd->mutable_attr())["index"].set_i(i);
      }
    }
    return success();
  }

  // FunctionDef signature.
  tensorflow::OpDef *sig = fdef->mutable_signature();
  if (auto s = func->getAttrOfType<StringAttr>("tf._signature"))
    google::protobuf::TextFormat::ParseFromString(s.getValue().str(), sig);
  sig->set_name(func.getSymName().str());
  if (func->hasAttr("tf._is_stateful"))
    sig->set_is_stateful(true);
  for (unsigned i = 0; i < func.getNumArguments(); ++i) {
    auto *a = sig->add_input_arg();
    a->set_name(argNames[i]);
    Type elt = tf_type::getElementTypeOrSelf(func.getArgument(i).getType());
    if (auto r = dyn_cast<tf_type::RefType>(elt)) {
      a->set_is_ref(true);
      elt = r.getBase();
    }
    if (auto ta = func.getArgAttrOfType<StringAttr>(i, "tf._type_attr")) {
      a->set_type_attr(ta.getValue().str()); // polymorphic argument
    } else {
      auto dt = convertToDataType(elt);
      if (!dt)
        return emitError(func.getLoc()) << llvm::toString(dt.takeError());
      a->set_type(*dt);
    }
    if (failed(exportHandleData(elt, a, func.getLoc())))
      return failure();
    if (auto d = func.getArgAttrOfType<DictionaryAttr>(i, "tf._arg_attrs")) {
      auto &aa = (*fdef->mutable_arg_attr())[i];
      for (NamedAttribute na : d) {
        tensorflow::AttrValue v;
        if (auto e = convertToAttrValue(na.getValue(), &v))
          return emitError(func.getLoc()) << llvm::toString(std::move(e));
        (*aa.mutable_attr())[na.getName().str()] = v;
      }
    }
    if (auto r =
            func.getArgAttrOfType<IntegerAttr>(i, "tf._resource_arg_unique_id"))
      (*fdef->mutable_resource_arg_unique_id())[i] = r.getInt();
  }
  for (auto [i, v] : llvm::enumerate(results)) {
    auto *a = sig->add_output_arg();
    std::string rn = "output" + std::to_string(i);
    if (auto r = func.getResultAttrOfType<StringAttr>(i, "tf._ret_name"))
      rn = r.getValue().str();
    a->set_name(rn);
    Type elt = tf_type::getElementTypeOrSelf(func.getResultTypes()[i]);
    if (auto ta = func.getResultAttrOfType<StringAttr>(i, "tf._type_attr")) {
      a->set_type_attr(ta.getValue().str());
    } else {
      auto dt = convertToDataType(tf_type::dropRef(elt));
      if (!dt)
        return emitError(func.getLoc()) << llvm::toString(dt.takeError());
      a->set_type(*dt);
    }
    if (failed(exportHandleData(elt, a, func.getLoc())))
      return failure();
    auto n = tensorName(v);
    if (failed(n))
      return failure();
    (*fdef->mutable_ret())[rn] = *n;
  }
  ArrayAttr ctlNamesAttr =
      func->getAttrOfType<ArrayAttr>("tf._control_output_names");
  for (auto [i, c] : llvm::enumerate(controlRets)) {
    SmallVector<std::string> cn;
    controlNames(c, cn);
    for (const std::string &n : cn) {
      std::string node = n.substr(1);
      std::string name = node;
      if (ctlNamesAttr && i < ctlNamesAttr.size())
        name = cast<StringAttr>(ctlNamesAttr[i]).getValue().str();
      sig->add_control_output(name);
      (*fdef->mutable_control_ret())[name] = node;
    }
  }
  if (auto a = func->getAttrOfType<ArrayAttr>("tf._arg_control_rets"))
    for (Attribute e : a) {
      auto pair = dyn_cast<ArrayAttr>(e);
      if (!pair || pair.size() != 2)
        continue;
      std::string name = cast<StringAttr>(pair[0]).getValue().str();
      sig->add_control_output(name);
      (*fdef->mutable_control_ret())[name] =
          cast<StringAttr>(pair[1]).getValue().str();
    }
  if (auto d = func->getAttrOfType<DictionaryAttr>("tf._attrs")) {
    for (NamedAttribute na : d) {
      tensorflow::AttrValue v;
      if (auto e = convertToAttrValue(na.getValue(), &v))
        return emitError(func.getLoc()) << llvm::toString(std::move(e));
      (*fdef->mutable_attr())[na.getName().str()] = v;
    }
  }
  return success();
}

/// Renames the functions named in `v` (func attrs, also in lists and in
/// the attrs of func attrs) that `rename` maps.
void renameFuncRefs(tensorflow::AttrValue &v,
                    const llvm::StringMap<std::string> &rename);

void renameFuncRefs(tensorflow::NameAttrList &f,
                    const llvm::StringMap<std::string> &rename) {
  auto it = rename.find(f.name());
  if (it != rename.end())
    f.set_name(it->second);
  for (auto &kv : *f.mutable_attr())
    renameFuncRefs(kv.second, rename);
}

void renameFuncRefs(tensorflow::AttrValue &v,
                    const llvm::StringMap<std::string> &rename) {
  if (v.has_func())
    renameFuncRefs(*v.mutable_func(), rename);
  if (v.has_list())
    for (auto &f : *v.mutable_list()->mutable_func())
      renameFuncRefs(f, rename);
}

void renameFuncRefs(google::protobuf::RepeatedPtrField<NodeDef> &nodes,
                    const llvm::StringMap<std::string> &rename) {
  for (NodeDef &n : nodes)
    for (auto &kv : *n.mutable_attr())
      renameFuncRefs(kv.second, rename);
}

} // namespace

LogicalResult tfmlir::exportGraphDef(ModuleOp module,
                                     tensorflow::GraphDef &out) {
  out.Clear();
  if (auto v = module->getAttrOfType<DictionaryAttr>("tf.versions")) {
    auto *vd = out.mutable_versions();
    if (auto p = v.getAs<IntegerAttr>("producer"))
      vd->set_producer(p.getInt());
    if (auto m = v.getAs<IntegerAttr>("min_consumer"))
      vd->set_min_consumer(m.getInt());
    if (auto bc = v.getAs<DenseI32ArrayAttr>("bad_consumers"))
      for (int32_t x : bc.asArrayRef())
        vd->add_bad_consumers(x);
  }
  func::FuncOp main;
  SmallVector<func::FuncOp> library;
  // Declarations stand for functions TF resolves lazily (see the importer's
  // `tf._unresolved`); references to a renamed one get the library name.
  llvm::StringMap<std::string> rename;
  for (auto f : module.getOps<func::FuncOp>()) {
    if (f.getSymName() == "main")
      main = f;
    else if (!f.isExternal())
      library.push_back(f);
    else if (auto n = f->getAttrOfType<StringAttr>("tf._library_name"))
      rename[f.getSymName()] = n.getValue().str();
  }
  if (!main)
    return emitError(module.getLoc(),
                     "cannot export: the module has no @main function");
  if (failed(FunctionExporter(main, true, out.mutable_node()).run(nullptr)))
    return failure();
  for (func::FuncOp f : library) {
    tensorflow::FunctionDef *fd = out.mutable_library()->add_function();
    if (failed(FunctionExporter(f, false, fd->mutable_node_def()).run(fd)))
      return failure();
  }
  // Library functions the importer kept as bytes (unreferenced and not
  // importable), in their original form.
  if (auto fs = module->getAttrOfType<ArrayAttr>("tf._unimported_functions"))
    for (Attribute a : fs)
      if (auto bytes = dyn_cast<StringAttr>(a))
        if (!out.mutable_library()->add_function()->ParseFromString(
                bytes.getValue().str()))
          return emitError(module.getLoc(),
                           "tf._unimported_functions holds invalid bytes");
  if (!rename.empty()) {
    renameFuncRefs(*out.mutable_node(), rename);
    for (auto &fd : *out.mutable_library()->mutable_function())
      renameFuncRefs(*fd.mutable_node_def(), rename);
  }
  if (auto g = module->getAttrOfType<ArrayAttr>("tf._gradients"))
    for (Attribute a : g) {
      auto pair = cast<ArrayAttr>(a);
      auto *gd = out.mutable_library()->add_gradient();
      gd->set_function_name(cast<StringAttr>(pair[0]).getValue().str());
      gd->set_gradient_func(cast<StringAttr>(pair[1]).getValue().str());
    }
  return success();
}
