//===- FunctionalizeUtils.cpp - helpers for control-flow functionalization ===//
#include "lib/Transforms/FunctionalizeUtils.h"

#include "dialects/tf/TFTypes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;

namespace tfmlir::functionalize {

bool isControl(Value v) { return isa<tf_executor::ControlType>(v.getType()); }

static std::optional<std::string> nameFromLoc(Location loc) {
  if (auto n = dyn_cast<NameLoc>(loc))
    return n.getName().str();
  if (auto c = dyn_cast<CallSiteLoc>(loc))
    return nameFromLoc(c.getCallee());
  if (auto f = dyn_cast<FusedLoc>(loc)) {
    for (Location l : f.getLocations())
      if (auto s = nameFromLoc(l))
        return s;
  }
  return std::nullopt;
}

std::string nodeName(Operation *op) {
  if (auto s = nameFromLoc(op->getLoc()))
    return *s;
  // An island takes its name from the op it wraps.
  if (Operation *w = getWrappedOp(op))
    if (auto s = nameFromLoc(w->getLoc()))
      return *s;
  return "<unnamed>";
}

Operation *nodeInBlock(Operation *op, Block *block) {
  while (op && op->getBlock() != block)
    op = op->getParentOp();
  return op;
}

Operation *definingNode(Value v, Block *block) {
  Operation *def = v.getDefiningOp();
  if (!def || def->getBlock() != block)
    return nullptr;
  return def;
}

NodeInputs getNodeInputs(Operation *node) {
  NodeInputs in;
  if (auto island = dyn_cast<tf_executor::IslandOp>(node)) {
    in.control.assign(island.getControlInputs().begin(),
                      island.getControlInputs().end());
    llvm::SetVector<Value> seen;
    getUsedValuesDefinedAbove(island.getBody(), seen);
    in.data.assign(seen.begin(), seen.end());
    return in;
  }
  llvm::SetVector<Value> seen;
  for (Value v : node->getOperands()) {
    if (isControl(v))
      in.control.push_back(v);
    else if (!isa<tf_executor::TokenType>(v.getType()))
      seen.insert(v);
  }
  // Values used inside nested regions of other node kinds.
  for (Region &r : node->getRegions()) {
    llvm::SetVector<Value> above;
    getUsedValuesDefinedAbove(r, above);
    seen.insert(above.begin(), above.end());
  }
  in.data.assign(seen.begin(), seen.end());
  return in;
}

SmallVector<Operation *> getNodeUsers(Operation *node, Block *block) {
  llvm::SetVector<Operation *> users;
  for (Value r : node->getResults())
    for (Operation *u : r.getUsers())
      if (Operation *n = nodeInBlock(u, block))
        users.insert(n);
  SmallVector<Operation *> out(users.begin(), users.end());
  // Block order for determinism.
  llvm::sort(out,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return out;
}

Operation *getWrappedOp(Operation *node) {
  auto island = dyn_cast_or_null<tf_executor::IslandOp>(node);
  if (!island || !island.WrapsSingleOp())
    return nullptr;
  return &island.GetWrappedOp();
}

bool isIdentityNode(Operation *node) {
  Operation *w = getWrappedOp(node);
  return w && (w->getName().getStringRef() == "tf.Identity") &&
         w->getNumOperands() == 1 && w->getNumResults() == 1;
}

Value lookThroughIdentity(Value v, Block *block) {
  for (int guard = 0; guard < 1000; ++guard) {
    Operation *def = definingNode(v, block);
    if (!def || !isIdentityNode(def) || isControl(v))
      return v;
    v = getWrappedOp(def)->getOperand(0);
  }
  return v;
}

//===----------------------------------------------------------------------===//
// Statefulness
//===----------------------------------------------------------------------===//

static bool hasStatefulType(Type t) {
  Type e = tf_type::getElementTypeOrSelf(t);
  return isa<tf_type::ResourceType, tf_type::RefType>(e);
}

static bool isStatefulOpName(StringRef name) {
  // TF ops whose OpDef is marked stateful (and ops with reference inputs that
  // update state in place). Ops with a resource argument are stateful by
  // OpDefBuilder's rule and are caught by their types.
  static const llvm::StringSet<> kStateful = {"Assert",
                                              "Print",
                                              "PrintV2",
                                              "CheckNumerics",
                                              "CheckNumericsV2",
                                              "Multinomial",
                                              "TruncatedNormal",
                                              "ParameterizedTruncatedNormal",
                                              "Timestamp",
                                              "WriteFile",
                                              "SaveV2",
                                              "Save",
                                              "SaveSlices",
                                              "RestoreV2",
                                              "Restore",
                                              "RestoreSlice",
                                              "MergeV2Checkpoints",
                                              "VarHandleOp",
                                              "Variable",
                                              "VariableV2",
                                              "TemporaryVariable",
                                              "DestroyTemporaryVariable",
                                              "Assign",
                                              "AssignAdd",
                                              "AssignSub",
                                              "ScatterUpdate",
                                              "ScatterAdd",
                                              "ScatterSub",
                                              "ScatterMul",
                                              "ScatterDiv",
                                              "ScatterMin",
                                              "ScatterMax",
                                              "ScatterNdUpdate",
                                              "ScatterNdAdd",
                                              "ScatterNdSub",
                                              "CountUpTo",
                                              "StatefulPartitionedCall",
                                              "RemoteCall",
                                              "DeepCopy",
                                              "_Arg",
                                              "_Retval",
                                              "_DeviceArg",
                                              "_DeviceRetval",
                                              "_ParallelConcatStart",
                                              "ConfigureDistributedTPU",
                                              "TPUOrdinalSelector",
                                              "InfeedDequeue",
                                              "InfeedDequeueTuple",
                                              "OutfeedEnqueue",
                                              "OutfeedEnqueueTuple",
                                              "HostConst",
                                              "Recv",
                                              "Send",
                                              "_Recv",
                                              "_Send",
                                              "_HostRecv",
                                              "_HostSend",
                                              "NonDeterministicInts",
                                              "Empty",
                                              "TensorListReserve"};
  if (kStateful.contains(name))
    return true;
  for (StringRef prefix :
       {"Random", "TensorArray", "Stack", "Iterator", "MultiDeviceIterator",
        "HashTable", "MutableHashTable", "MutableDenseHashTable", "Lookup",
        "Initialize", "Resource", "Apply"})
    if (name.starts_with(prefix))
      return true;
  return name.contains("Queue") || name.ends_with("Dataset") ||
         name.ends_with("DatasetV2");
}

func::FuncOp StatefulnessAnalysis::lookupFunc(Attribute ref) {
  if (!ref)
    return nullptr;
  if (auto f = dyn_cast<tf_type::FuncAttr>(ref))
    ref = f.getName();
  auto sym = dyn_cast<SymbolRefAttr>(ref);
  if (!sym)
    return nullptr;
  return symbols.lookup<func::FuncOp>(sym.getRootReference());
}

bool StatefulnessAnalysis::isFunctionStateful(func::FuncOp func) {
  if (!func)
    return true; // unknown callee: be conservative
  auto it = funcCache.find(func);
  if (it != funcCache.end())
    return it->second;
  funcCache[func] = false; // recursion guard: assume stateless while visiting
  bool stateful = func->hasAttr("tf._is_stateful");
  if (!stateful) {
    func.walk([&](Operation *op) {
      if (isa<func::FuncOp>(op))
        return WalkResult::advance();
      if (isStateful(op)) {
        stateful = true;
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
  }
  funcCache[func] = stateful;
  return stateful;
}

bool StatefulnessAnalysis::isStateful(Operation *op) {
  // Structure: graphs, islands, returns.
  if (isa<tf_executor::TfExecutorDialect>(op->getDialect()) ||
      isa<func::ReturnOp, func::FuncOp>(op))
    return false;
  StringRef full = op->getName().getStringRef();
  if (!full.consume_front("tf."))
    return !isMemoryEffectFree(op) && !op->hasTrait<OpTrait::IsTerminator>();
  StringRef name = full;
  // Functional control flow and calls: look at the functions.
  if (name == "If" || name == "StatelessIf" || name == "While" ||
      name == "StatelessWhile" || name == "Case" || name == "StatelessCase") {
    if (auto b = op->getAttrOfType<BoolAttr>("is_stateless"))
      if (b.getValue())
        return false;
    if (name.starts_with("Stateless") && !op->hasAttr("is_stateless"))
      return false;
    for (StringRef attr : {"then_branch", "else_branch", "cond", "body"})
      if (Attribute a = op->getAttr(attr))
        if (isFunctionStateful(lookupFunc(a)))
          return true;
    if (auto branches = op->getAttrOfType<ArrayAttr>("branches"))
      for (Attribute a : branches)
        if (isFunctionStateful(lookupFunc(a)))
          return true;
    return false;
  }
  if (name == "LegacyCall" || name == "PartitionedCall")
    return isFunctionStateful(lookupFunc(op->getAttr("f")));
  if (isStatefulOpName(name))
    return true;
  for (Type t : op->getOperandTypes())
    if (hasStatefulType(t))
      return true;
  for (Type t : op->getResultTypes())
    if (hasStatefulType(t))
      return true;
  // Registered ops that declare effects.
  if (auto mem = dyn_cast<MemoryEffectOpInterface>(op)) {
    SmallVector<MemoryEffects::EffectInstance> effects;
    mem.getEffects(effects);
    for (auto &e : effects)
      if (!isa<MemoryEffects::Read>(e.getEffect()))
        return true;
  }
  return false;
}

bool isFreeConstantNode(Operation *node) {
  auto island = dyn_cast<tf_executor::IslandOp>(node);
  if (!island || !island.getControlInputs().empty())
    return false;
  Operation *w = getWrappedOp(node);
  if (!w || w->getNumOperands() != 0 || w->getNumRegions() != 0)
    return false;
  StringRef n = w->getName().getStringRef();
  return n == "tf.Const" || w->hasTrait<OpTrait::ConstantLike>();
}

//===----------------------------------------------------------------------===//
// Types and names
//===----------------------------------------------------------------------===//

Type joinTypes(Type a, Type b) {
  if (!a)
    return b;
  if (!b || a == b)
    return a;
  auto ta = dyn_cast<TensorType>(a);
  auto tb = dyn_cast<TensorType>(b);
  if (!ta || !tb)
    return a;
  Type elt = ta.getElementType();
  if (tf_type::dropRef(elt) != tf_type::dropRef(tb.getElementType()))
    return a;
  elt = tf_type::dropRef(elt);
  auto ra = dyn_cast<RankedTensorType>(a);
  auto rb = dyn_cast<RankedTensorType>(b);
  if (!ra || !rb || ra.getRank() != rb.getRank())
    return UnrankedTensorType::get(elt);
  SmallVector<int64_t> dims;
  for (auto [x, y] : llvm::zip(ra.getShape(), rb.getShape()))
    dims.push_back(x == y ? x : ShapedType::kDynamic);
  return RankedTensorType::get(dims, elt);
}

ArrayAttr dtypeListAttr(MLIRContext *ctx, TypeRange types) {
  SmallVector<Attribute> attrs;
  for (Type t : types)
    attrs.push_back(
        TypeAttr::get(tf_type::dropRef(tf_type::getElementTypeOrSelf(t))));
  return ArrayAttr::get(ctx, attrs);
}

std::string sanitizeSymbolName(StringRef name) {
  std::string out;
  for (char c : name)
    out.push_back(llvm::isAlnum(c) || c == '_' || c == '.' ? c : '_');
  if (out.empty() || llvm::isDigit(out[0]))
    out.insert(out.begin(), '_');
  return out;
}

//===----------------------------------------------------------------------===//
// Building functions
//===----------------------------------------------------------------------===//

LogicalResult topologicalOrder(const llvm::SetVector<Operation *> &nodes,
                               Block *block,
                               SmallVectorImpl<Operation *> &order) {
  // Iterative DFS over producers inside the set; post-order is topological.
  enum State : uint8_t { kNew, kActive, kDone };
  llvm::DenseMap<Operation *, State> state;
  for (Operation *root : nodes) {
    if (state[root] == kDone)
      continue;
    SmallVector<std::pair<Operation *, SmallVector<Operation *>>> stack;
    auto producersOf = [&](Operation *n) {
      SmallVector<Operation *> ps;
      NodeInputs in = getNodeInputs(n);
      for (Value v : llvm::concat<Value>(in.data, in.control))
        if (Operation *p = definingNode(v, block))
          if (nodes.contains(p))
            ps.push_back(p);
      // NextIteration.Sink -> Source is not a dataflow edge.
      return ps;
    };
    state[root] = kActive;
    stack.push_back({root, producersOf(root)});
    while (!stack.empty()) {
      auto &[n, ps] = stack.back();
      if (ps.empty()) {
        state[n] = kDone;
        order.push_back(n);
        stack.pop_back();
        continue;
      }
      Operation *p = ps.pop_back_val();
      State s = state[p];
      if (s == kDone)
        continue;
      if (s == kActive)
        return p->emitError() << "node '" << nodeName(p)
                              << "' is part of a dataflow cycle that is not a "
                                 "TF1 while loop";
      state[p] = kActive;
      stack.push_back({p, producersOf(p)});
    }
  }
  return success();
}

void eraseNodes(ArrayRef<Operation *> nodes) {
  for (Operation *n : nodes)
    n->dropAllReferences();
  for (Operation *n : nodes)
    n->dropAllUses();
  for (Operation *n : nodes)
    n->erase();
}

Value createNoOpControl(OpBuilder &b, Location loc, ArrayRef<Value> controls) {
  auto ctlTy = tf_executor::ControlType::get(b.getContext());
  auto island = tf_executor::IslandOp::create(b, loc, TypeRange{ctlTy},
                                              ValueRange(controls));
  Block *body = new Block();
  island.getBody().push_back(body);
  OpBuilder ib = OpBuilder::atBlockEnd(body);
  TF::NoOpOp::create(ib, loc);
  tf_executor::YieldOp::create(ib, loc, ValueRange{});
  return island.getControl();
}

FailureOr<func::FuncOp>
buildGraphFunction(ModuleOp module, SymbolTable &symbols, StringRef name,
                   Location loc, Block *sourceBlock,
                   const llvm::SetVector<Operation *> &nodes,
                   ArrayRef<SmallVector<Value>> argValues, TypeRange argTypes,
                   ArrayRef<FunctionResult> results, TypeRange resultTypes,
                   Operation *insertAfter) {
  MLIRContext *ctx = module.getContext();
  // Block order first, so that the copies keep the source's order where
  // dataflow allows.
  SmallVector<Operation *> sorted(nodes.begin(), nodes.end());
  llvm::sort(sorted,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  SmallVector<Operation *> order;
  if (failed(topologicalOrder(
          llvm::SetVector<Operation *>(sorted.begin(), sorted.end()),
          sourceBlock, order)))
    return failure();

  OpBuilder mb(ctx);
  if (insertAfter)
    mb.setInsertionPointAfter(insertAfter);
  else
    mb.setInsertionPointToEnd(module.getBody());
  auto fnType = FunctionType::get(ctx, argTypes, resultTypes);
  auto func = func::FuncOp::create(mb, loc, name, fnType);
  func.setPrivate();
  // Inserting through the symbol table makes the name unique.
  func->remove();
  symbols.insert(func, insertAfter ? Block::iterator(insertAfter->getNextNode())
                                   : module.getBody()->end());
  Block *entry = func.addEntryBlock();
  for (auto [i, vals] : llvm::enumerate(argValues))
    if (!vals.empty()) {
      Value v = vals.front();
      Operation *d = definingNode(v, sourceBlock);
      entry->getArgument(i).setLoc(d ? d->getLoc() : v.getLoc());
    }

  OpBuilder fb = OpBuilder::atBlockEnd(entry);
  auto graph = tf_executor::GraphOp::create(fb, loc, resultTypes);
  graph.getBody().push_back(new Block());
  Block *gblock = &graph.GetBody();
  func::ReturnOp::create(fb, loc, graph.getResults());

  IRMapping mapping;
  for (auto [i, vals] : llvm::enumerate(argValues))
    for (Value v : vals)
      mapping.map(v, entry->getArgument(i));

  OpBuilder gb = OpBuilder::atBlockEnd(gblock);
  auto outside = [&](Value v) {
    return !func.getBody().isAncestor(v.getParentRegion());
  };
  auto fail = [&](Operation *user, Value v) -> FailureOr<func::FuncOp> {
    InFlightDiagnostic d = user->emitError();
    d << "cannot functionalize: node '" << nodeName(user) << "' reads a value";
    if (Operation *def = v.getDefiningOp())
      d << " produced by '"
        << nodeName(nodeInBlock(def, sourceBlock)
                        ? nodeInBlock(def, sourceBlock)
                        : def)
        << "'";
    d << " from outside the extracted function '" << func.getSymName()
      << "' that is neither a Switch output nor a loop variable";
    func.erase();
    return failure();
  };
  for (Operation *n : order) {
    Operation *clone = gb.clone(*n, mapping);
    // Drop control operands that point outside the new graph.
    llvm::BitVector drop(clone->getNumOperands());
    for (OpOperand &o : clone->getOpOperands())
      if (isControl(o.get()) && o.get().getParentBlock() != gblock)
        drop.set(o.getOperandNumber());
    if (drop.any())
      clone->eraseOperands(drop);
    // Every value the copy reads must now be defined in the function.
    Value bad;
    clone->walk([&](Operation *op) {
      for (Value v : op->getOperands())
        if (outside(v)) {
          bad = v;
          return WalkResult::interrupt();
        }
      return WalkResult::advance();
    });
    if (bad)
      return fail(n, bad);
  }

  SmallVector<Value> fetches;
  for (const FunctionResult &r : results) {
    if (r.constantI32) {
      auto ty = RankedTensorType::get({}, fb.getI32Type());
      auto island = tf_executor::IslandOp::create(
          gb, loc, TypeRange{ty, tf_executor::ControlType::get(ctx)},
          ValueRange{});
      island.getBody().push_back(new Block());
      OpBuilder ib = OpBuilder::atBlockEnd(&island.GetBody());
      auto c = TF::ConstOp::create(ib, loc,
                                   DenseElementsAttr::get(ty, *r.constantI32));
      tf_executor::YieldOp::create(ib, loc, c->getResults());
      fetches.push_back(island.getOutputs()[0]);
      continue;
    }
    Value v = mapping.lookupOrDefault(r.value);
    if (outside(v)) {
      Operation *user = definingNode(r.value, sourceBlock);
      return fail(user ? user : sourceBlock->getParentOp(), r.value);
    }
    fetches.push_back(v);
  }
  tf_executor::FetchOp::create(gb, loc, fetches);
  return func;
}

} // namespace tfmlir::functionalize
