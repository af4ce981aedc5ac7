//===- FunctionalizeWhile.cpp - TF1 while loops to tf.While ---------------===//
//
// Modelled on TensorFlow's tf2xla/functionalize_while.cc:
//  1. Frames. Every node gets the loop frame it runs in, by propagating from
//     the graph's sources along data and control edges: an Enter starts (or
//     joins) the child frame named by its `frame_name`, an Exit returns to the
//     parent frame, a NextIteration.Source runs in its Sink's frame. Inputs
//     from two different frames are an error. Constants without inputs are
//     not tied to a frame: they are copied where needed.
//  2. Innermost frames first, each loop becomes a tf.While (which then
//     belongs to the parent frame, so outer loops see a plain node):
//     per loop variable, Enter -> Merge <- NextIteration, Merge -> Switch
//     (predicate: the LoopCond) -> Exit. The condition function holds what
//     the LoopCond depends on (arguments: the Merges); the body function
//     holds what the NextIteration.Sinks depend on (arguments: the Switch
//     true outputs). Loop-invariant Enters are arguments the body returns
//     unchanged.
//===----------------------------------------------------------------------===//
#include "lib/Transforms/FunctionalizeControlFlow.h"

#include "dialects/tf/TFTypes.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseSet.h"

#include <deque>
#include <map>

using namespace mlir;
using namespace tfmlir::tf_executor;

namespace tfmlir::functionalize {
namespace {

struct Frame {
  std::string name;
  Frame *parent = nullptr;
  int numChildren = 0;
  std::map<std::string, Frame *> children;
  SmallVector<EnterOp> enters;
  SmallVector<LoopCondOp> loopConds;
  llvm::SetVector<Operation *> nodes;
  bool isRoot() const { return parent == nullptr; }
};

struct LoopArg {
  EnterOp enter;
  bool invariant = false;
  MergeOp merge;
  SwitchOp sw;
  NextIterationSourceOp source;
  NextIterationSinkOp sink;
  SmallVector<ExitOp> exits;
  SmallVector<Operation *> exitPath; // Identity islands between Switch and Exit
  Type type;
};

class LoopFunctionalizer {
public:
  LoopFunctionalizer(func::FuncOp func, GraphOp graph,
                     FunctionalizeContext &ctx)
      : func(func), graph(graph), block(&graph.GetBody()), ctx(ctx) {}

  LogicalResult run();

private:
  LogicalResult buildFrames();
  Frame *childFrame(Frame *parent, StringRef name);
  Frame *outFrame(Operation *producer);
  LogicalResult assign(Operation *node, Frame *frame, Operation *from,
                       std::deque<Operation *> &queue);
  LogicalResult functionalizeFrame(Frame *frame);
  std::string frameDesc(Frame *f) {
    return f->isRoot() ? std::string("the root frame")
                       : "frame '" + f->name + "'";
  }

  func::FuncOp func;
  GraphOp graph;
  Block *block;
  FunctionalizeContext &ctx;
  std::deque<Frame> frames; // stable addresses
  Frame *root = nullptr;
  llvm::DenseMap<Operation *, Frame *> frameOf;
  llvm::DenseSet<Operation *> freeNodes;
};

Frame *LoopFunctionalizer::childFrame(Frame *parent, StringRef name) {
  auto it = parent->children.find(name.str());
  if (it != parent->children.end())
    return it->second;
  frames.emplace_back();
  Frame *f = &frames.back();
  f->name = name.str();
  f->parent = parent;
  parent->children[f->name] = f;
  ++parent->numChildren;
  return f;
}

Frame *LoopFunctionalizer::outFrame(Operation *producer) {
  Frame *f = frameOf.lookup(producer);
  if (f && isa<ExitOp>(producer))
    return f->parent;
  return f;
}

LogicalResult LoopFunctionalizer::assign(Operation *node, Frame *frame,
                                         Operation *from,
                                         std::deque<Operation *> &queue) {
  if (auto enter = dyn_cast<EnterOp>(node))
    frame = childFrame(frame, enter.getFrameName());
  auto it = frameOf.find(node);
  if (it != frameOf.end()) {
    if (it->second == frame)
      return success();
    InFlightDiagnostic d = node->emitError();
    d << "cannot functionalize control flow: node '" << nodeName(node)
      << "' has inputs from different while-loop frames (" << frameDesc(frame);
    if (from)
      d << " through '" << nodeName(from) << "'";
    d << " and " << frameDesc(it->second) << ")";
    return failure();
  }
  frameOf[node] = frame;
  frame->nodes.insert(node);
  if (auto enter = dyn_cast<EnterOp>(node))
    frame->enters.push_back(enter);
  if (auto lc = dyn_cast<LoopCondOp>(node))
    frame->loopConds.push_back(lc);
  queue.push_back(node);
  return success();
}

LogicalResult LoopFunctionalizer::buildFrames() {
  frames.emplace_back();
  root = &frames.back();

  SmallVector<Operation *> all;
  for (Operation &op : block->without_terminator()) {
    all.push_back(&op);
    if (isFreeConstantNode(&op))
      freeNodes.insert(&op);
  }

  // Nodes inside loops propagate first, so that a node reading values from
  // two frames is reported there (and not at some Merge further on).
  std::deque<Operation *> queue;
  auto propagate = [&]() -> LogicalResult {
    std::deque<Operation *> rootQueue;
    while (!queue.empty() || !rootQueue.empty()) {
      if (!queue.empty() && frameOf[queue.front()]->isRoot()) {
        rootQueue.push_back(queue.front());
        queue.pop_front();
        continue;
      }
      Operation *n;
      if (!queue.empty()) {
        n = queue.front();
        queue.pop_front();
      } else {
        n = rootQueue.front();
        rootQueue.pop_front();
      }
      if (isa<ExitOp>(n) && frameOf[n]->isRoot())
        return n->emitError() << "cannot functionalize control flow: Exit "
                                 "node '"
                              << nodeName(n) << "' is not inside a loop";
      Frame *out = outFrame(n);
      for (Operation *u : getNodeUsers(n, block)) {
        if (u->hasTrait<OpTrait::IsTerminator>() || freeNodes.contains(u))
          continue;
        if (isa<NextIterationSourceOp>(n) && isa<NextIterationSinkOp>(u))
          continue; // the token pairs them; it is not a dataflow edge
        if (failed(assign(u, out, n, queue)))
          return failure();
        // A Source runs in the frame of its Sink.
        if (auto sink = dyn_cast<NextIterationSinkOp>(u))
          if (auto src =
                  sink.getOperand(0).getDefiningOp<NextIterationSourceOp>())
            if (failed(assign(src, frameOf[u], u, queue)))
              return failure();
      }
    }
    return success();
  };

  // Sources: nodes whose inputs (if any) are all frame-free constants.
  for (Operation *n : all) {
    if (freeNodes.contains(n) ||
        isa<NextIterationSourceOp, NextIterationSinkOp>(n))
      continue;
    NodeInputs in = getNodeInputs(n);
    bool hasProducer = false;
    for (Value v : llvm::concat<Value>(in.data, in.control))
      if (Operation *p = definingNode(v, block))
        if (!freeNodes.contains(p))
          hasProducer = true;
    if (!hasProducer && failed(assign(n, root, nullptr, queue)))
      return failure();
  }
  if (failed(propagate()))
    return failure();
  // A NextIteration pair whose Sink reads only constants runs in the frame of
  // the Merges its Source feeds.
  for (bool changed = true; changed;) {
    changed = false;
    for (Operation *n : all) {
      auto src = dyn_cast<NextIterationSourceOp>(n);
      if (!src || frameOf.count(n))
        continue;
      for (Operation *u : getNodeUsers(n, block)) {
        auto it = frameOf.find(u);
        if (it == frameOf.end() || isa<NextIterationSinkOp>(u))
          continue;
        if (failed(assign(n, it->second, u, queue)))
          return failure();
        for (Operation *sink : src.getToken().getUsers())
          if (failed(assign(sink, it->second, n, queue)))
            return failure();
        changed = true;
        break;
      }
    }
    if (failed(propagate()))
      return failure();
  }

  for (Operation *n : all) {
    if (freeNodes.contains(n) || frameOf.count(n))
      continue;
    if (isa<NextIterationSourceOp>(n))
      return n->emitError()
             << "cannot functionalize control flow: NextIteration node '"
             << nodeName(n)
             << "' is not inside a while loop (its Merge is not reached "
                "from an Enter node of a frame; TF1 loops are Enter -> Merge "
                "-> Switch (LoopCond) -> NextIteration -> Merge)";
    return n->emitError() << "cannot functionalize control flow: the loop "
                             "frame of node '"
                          << nodeName(n)
                          << "' cannot be determined (it is on a cycle that "
                             "does not enter through an Enter node)";
  }
  return success();
}

LogicalResult LoopFunctionalizer::run() {
  bool any = false;
  for (Operation &op : block->without_terminator())
    if (isa<EnterOp, ExitOp, NextIterationSourceOp, NextIterationSinkOp,
            LoopCondOp>(op))
      any = true;
  if (!any)
    return success();
  if (failed(buildFrames()))
    return failure();

  // Innermost frames first.
  std::deque<Frame *> worklist;
  for (Frame &f : frames)
    if (f.numChildren == 0 && !f.isRoot())
      worklist.push_back(&f);
  while (!worklist.empty()) {
    Frame *f = worklist.front();
    worklist.pop_front();
    if (failed(functionalizeFrame(f)))
      return failure();
    if (--f->parent->numChildren == 0 && !f->parent->isRoot())
      worklist.push_back(f->parent);
  }
  return success();
}

/// Prefix for the names of a loop's functions: the LoopCond's name without
/// "/LoopCond" (TF names loops "while", "while_1", "outer/while", ...).
static std::string loopPrefix(Operation *loopCond) {
  std::string name = nodeName(loopCond);
  if (name == "<unnamed>")
    name = "while";
  StringRef s(name);
  s.consume_back("/LoopCond");
  return sanitizeSymbolName(s);
}

LogicalResult LoopFunctionalizer::functionalizeFrame(Frame *f) {
  MLIRContext *mctx = func.getContext();
  Operation *anchor =
      f->enters.empty() ? f->nodes.front() : f->enters.front().getOperation();
  auto loopError = [&](Operation *at) {
    InFlightDiagnostic d = at->emitError();
    d << "cannot functionalize while loop '" << f->name << "': ";
    return d;
  };

  if (f->loopConds.empty())
    return loopError(anchor)
           << "it has no LoopCond node (Enter '" << nodeName(anchor) << "')";
  if (f->loopConds.size() > 1)
    return loopError(f->loopConds[1]) << "it has more than one LoopCond node ('"
                                      << nodeName(f->loopConds[0]) << "' and '"
                                      << nodeName(f->loopConds[1]) << "')";
  LoopCondOp lc = f->loopConds.front();
  SmallVector<Value> lcData = lc.getDataOperands();
  if (lcData.size() != 1)
    return loopError(lc) << "LoopCond '" << nodeName(lc)
                         << "' must have one data input";
  Value predicate = lcData[0];
  Value lcOut = lc.getOutput();

  // --- Split loop-varying Enters that feed several nodes: each use is its
  //     own loop variable (TF does the same).
  SmallVector<EnterOp> enters(f->enters.begin(), f->enters.end());
  for (EnterOp enter : SmallVector<EnterOp>(enters)) {
    if (enter.getIsConstant())
      continue;
    SmallVector<OpOperand *> uses;
    for (OpOperand &u : enter.getOutput().getUses())
      uses.push_back(&u);
    for (size_t i = 1; i < uses.size(); ++i) {
      OpBuilder b(enter);
      auto clone = cast<EnterOp>(b.clone(*enter.getOperation()));
      uses[i]->set(clone.getOutput());
      frameOf[clone] = f;
      f->nodes.insert(clone);
      enters.push_back(clone);
    }
  }

  // Loop variables in TF's order: by Enter name, resources last.
  auto isResource = [](EnterOp e) {
    return isa<tf_type::ResourceType>(
        tf_type::getElementTypeOrSelf(e.getOutput().getType()));
  };
  {
    SmallVector<std::tuple<bool, std::string, unsigned>> keys;
    for (auto [i, e] : llvm::enumerate(enters))
      keys.push_back({isResource(e), nodeName(e), unsigned(i)});
    llvm::sort(keys);
    SmallVector<EnterOp> sorted;
    for (auto &k : keys)
      sorted.push_back(enters[std::get<2>(k)]);
    enters = std::move(sorted);
  }

  // --- Match every loop variable.
  SmallVector<LoopArg> args;
  llvm::DenseSet<Operation *> structural;
  structural.insert(lc);
  SmallVector<Value> whileControls;
  auto addControls = [&](Operation *op) {
    for (Value c : op->getOperands())
      if (isControl(c) && !llvm::is_contained(whileControls, c))
        whileControls.push_back(c);
  };
  for (EnterOp enter : enters) {
    structural.insert(enter);
    addControls(enter);
    LoopArg arg;
    arg.enter = enter;
    arg.invariant = enter.getIsConstant();
    SmallVector<Value> in = enter.getDataOperands();
    if (in.size() != 1)
      return loopError(enter)
             << "Enter '" << nodeName(enter) << "' must have one data input";
    if (arg.invariant) {
      arg.type = joinTypes(in[0].getType(), enter.getOutput().getType());
      args.push_back(arg);
      continue;
    }
    if (enter.getOutput().use_empty())
      continue; // an unused loop variable: nothing to carry
    Operation *user = nodeInBlock(*enter.getOutput().getUsers().begin(), block);
    arg.merge = dyn_cast_or_null<MergeOp>(user);
    if (!arg.merge)
      return loopError(enter) << "the successor of Enter '" << nodeName(enter)
                              << "' (a loop-varying value) is '"
                              << nodeName(user) << "', not a Merge node";
    SmallVector<Value> mIn = arg.merge.getDataOperands();
    if (mIn.size() != 2)
      return loopError(arg.merge)
             << "Merge '" << nodeName(arg.merge)
             << "' of a loop variable must have 2 inputs, got " << mIn.size();
    Value back = mIn[0] == enter.getOutput() ? mIn[1] : mIn[0];
    arg.source = back.getDefiningOp<NextIterationSourceOp>();
    if (!arg.source)
      return loopError(arg.merge)
             << "Merge '" << nodeName(arg.merge)
             << "' of a loop variable expects a NextIteration input, got '"
             << (definingNode(back, block) ? nodeName(definingNode(back, block))
                                           : std::string("an argument"))
             << "'";
    for (Operation *u : arg.source.getToken().getUsers())
      if (auto s = dyn_cast<NextIterationSinkOp>(u)) {
        if (arg.sink)
          return loopError(s) << "NextIteration '" << nodeName(s)
                              << "' has more than one Sink";
        arg.sink = s;
      }
    if (!arg.sink)
      return loopError(arg.source)
             << "NextIteration '" << nodeName(arg.source) << "' has no Sink";
    for (Operation *u : arg.merge.getOutput().getUsers()) {
      auto sw = dyn_cast<SwitchOp>(u);
      if (!sw || sw.getOperand(0) != arg.merge.getOutput())
        continue;
      if (lookThroughIdentity(sw.getOperand(1), block) != lcOut)
        continue;
      if (arg.sw)
        return loopError(sw)
               << "Merge '" << nodeName(arg.merge)
               << "' feeds two Switch nodes on the LoopCond ('"
               << nodeName(arg.sw) << "' and '" << nodeName(sw) << "')";
      arg.sw = sw;
    }
    if (!arg.sw)
      return loopError(arg.merge)
             << "Merge '" << nodeName(arg.merge)
             << "' has no Switch successor predicated on LoopCond '"
             << nodeName(lc) << "'";
    // Switch false output -> (Identity)* -> Exit.
    std::deque<Value> pending{arg.sw.getFalseOutput()};
    while (!pending.empty()) {
      Value v = pending.front();
      pending.pop_front();
      for (Operation *u : v.getUsers()) {
        Operation *n = nodeInBlock(u, block);
        if (auto exit = dyn_cast_or_null<ExitOp>(n)) {
          if (!llvm::is_contained(arg.exits, exit))
            arg.exits.push_back(exit);
        } else if (n && isIdentityNode(n)) {
          if (!llvm::is_contained(arg.exitPath, n)) {
            arg.exitPath.push_back(n);
            pending.push_back(n->getResult(0));
          }
        } else {
          return loopError(n ? n : u)
                 << "node '" << nodeName(n ? n : u)
                 << "' uses the exit value of Switch '" << nodeName(arg.sw)
                 << "' inside the loop; only Identity and Exit nodes may "
                    "follow a loop Switch's false output";
        }
      }
    }
    Value next = arg.sink.getOperand(1);
    arg.type =
        joinTypes(joinTypes(arg.merge.getOutput().getType(), in[0].getType()),
                  next.getType());
    structural.insert(arg.merge);
    structural.insert(arg.sw);
    structural.insert(arg.source);
    structural.insert(arg.sink);
    for (ExitOp e : arg.exits)
      structural.insert(e);
    for (Operation *n : arg.exitPath)
      structural.insert(n);
    args.push_back(arg);
  }
  for (Operation *n : f->nodes)
    if (isa<ExitOp>(n) && !structural.contains(n))
      return loopError(n) << "Exit '" << nodeName(n)
                          << "' is not fed by a loop variable's Switch";
  for (Operation *n : f->nodes)
    if (isa<NextIterationSourceOp, NextIterationSinkOp>(n) &&
        !structural.contains(n))
      return loopError(n) << "NextIteration '" << nodeName(n)
                          << "' does not feed a loop variable's Merge";

  // --- Argument maps. Cond: Merge outputs; body: Switch true outputs (and
  //     Merge outputs, which hold the same value). Invariants: Enter outputs.
  llvm::DenseMap<Operation *, int> boundary; // structural node -> arg index
  SmallVector<Type> argTypes;
  SmallVector<SmallVector<Value>> condArgs, bodyArgs;
  for (auto [i, a] : llvm::enumerate(args)) {
    argTypes.push_back(a.type);
    boundary[a.enter] = i;
    if (a.invariant) {
      condArgs.push_back({a.enter.getOutput()});
      bodyArgs.push_back({a.enter.getOutput()});
    } else {
      boundary[a.merge] = i;
      boundary[a.sw] = i;
      condArgs.push_back({a.merge.getOutput()});
      bodyArgs.push_back({a.sw.getTrueOutput(), a.merge.getOutput()});
    }
  }

  // --- Node sets: backward closures inside the frame.
  auto closure = [&](SmallVector<Value> roots,
                     llvm::SetVector<Operation *> &out,
                     bool forCond) -> LogicalResult {
    SmallVector<std::pair<Value, Operation *>> stack;
    for (Value v : roots)
      stack.push_back({v, nullptr});
    while (!stack.empty()) {
      auto [v, user] = stack.pop_back_val();
      Operation *p = definingNode(v, block);
      if (!p || out.contains(p))
        continue;
      if (freeNodes.contains(p)) {
        out.insert(p);
        continue;
      }
      auto b = boundary.find(p);
      if (b != boundary.end()) {
        if (isControl(v))
          continue; // the arguments are available when the function runs
        if (auto sw = dyn_cast<SwitchOp>(p)) {
          if (forCond)
            return loopError(user ? user : lc)
                   << "the loop condition depends on the loop body (node '"
                   << nodeName(user ? user : lc) << "' uses Switch '"
                   << nodeName(sw) << "')";
          if (v != sw.getTrueOutput())
            return loopError(user ? user : lc)
                   << "node '" << nodeName(user ? user : lc)
                   << "' uses the exit value of Switch '" << nodeName(sw)
                   << "' inside the loop body";
        }
        continue;
      }
      if (frameOf.lookup(p) != f)
        return loopError(user ? user : p)
               << "node '" << nodeName(user ? user : p) << "' reads '"
               << nodeName(p) << "', which is in "
               << frameDesc(frameOf.lookup(p)) << ", without an Enter node";
      if (structural.contains(p) && isControl(v) && !isa<ExitOp>(p))
        continue; // satisfied when the function runs
      if (structural.contains(p))
        return loopError(user ? user : p)
               << "node '" << nodeName(user ? user : p)
               << "' depends on loop structure node '" << nodeName(p)
               << "' in an unsupported way";
      out.insert(p);
      NodeInputs in = getNodeInputs(p);
      for (Value x : llvm::concat<Value>(in.data, in.control))
        stack.push_back({x, p});
    }
    return success();
  };

  llvm::SetVector<Operation *> condNodes, bodyNodes;
  {
    SmallVector<Value> roots{predicate};
    for (Value c : lc.getControlOperands())
      roots.push_back(c);
    if (failed(closure(roots, condNodes, /*forCond=*/true)))
      return failure();
  }
  {
    SmallVector<Value> roots;
    for (LoopArg &a : args)
      if (!a.invariant)
        for (Value v : a.sink->getOperands().drop_front())
          roots.push_back(v);
    if (failed(closure(roots, bodyNodes, /*forCond=*/false)))
      return failure();
  }
  // Nodes of the frame that neither the condition nor the next iteration
  // needs (side effects, dead code): those that depend on the body side run
  // with the body, the others with the condition.
  {
    llvm::DenseSet<Operation *> bodySide;
    std::deque<Operation *> q;
    for (LoopArg &a : args)
      if (!a.invariant)
        q.push_back(a.sw);
    for (Operation *n : bodyNodes)
      q.push_back(n);
    while (!q.empty()) {
      Operation *n = q.front();
      q.pop_front();
      for (Operation *u : getNodeUsers(n, block)) {
        if (frameOf.lookup(u) != f || structural.contains(u) ||
            bodySide.contains(u))
          continue;
        bodySide.insert(u);
        q.push_back(u);
      }
    }
    for (Operation *n : f->nodes) {
      if (structural.contains(n) || condNodes.contains(n) ||
          bodyNodes.contains(n))
        continue;
      SmallVector<Value> roots;
      for (Value r : n->getResults())
        roots.push_back(r);
      bool body = bodySide.contains(n);
      if (failed(closure(roots, body ? bodyNodes : condNodes, !body)))
        return failure();
    }
  }

  // A node both functions need is copied into both; if it has side effects
  // they now happen twice per iteration (TF's functionalization does the
  // same). Say so.
  for (Operation *n : condNodes)
    if (bodyNodes.contains(n) && !freeNodes.contains(n)) {
      bool stateful = false;
      n->walk(
          [&](Operation *op) { stateful |= ctx.statefulness.isStateful(op); });
      if (stateful)
        n->emitWarning() << "stateful node '" << nodeName(n)
                         << "' is needed by both the condition and the body "
                            "of while loop '"
                         << f->name << "' and is copied into both";
    }

  // --- Nothing of the frame may be used outside it except through Exits.
  for (Operation *n : f->nodes) {
    if (isa<ExitOp>(n))
      continue;
    for (Value r : n->getResults())
      for (Operation *u : r.getUsers()) {
        Operation *un = nodeInBlock(u, block);
        if (un && (frameOf.lookup(un) == f || un == n))
          continue;
        if (un && structural.contains(un))
          continue;
        if (!un || un->hasTrait<OpTrait::IsTerminator>())
          return loopError(n) << "node '" << nodeName(n)
                              << "' is inside the loop but is a result of "
                                 "the graph (it does not leave the loop "
                                 "through an Exit node)";
        return loopError(un)
               << "node '" << nodeName(un) << "' uses '" << nodeName(n)
               << "' from inside the loop without an Exit node";
      }
  }

  // --- Build the functions.
  std::string prefix = loopPrefix(lc);
  SmallVector<FunctionResult> condResults{{predicate, std::nullopt}};
  FailureOr<func::FuncOp> condFn = buildGraphFunction(
      ctx.module, ctx.symbols, prefix + "_cond", lc.getLoc(), block, condNodes,
      condArgs, argTypes, condResults, TypeRange{predicate.getType()}, func);
  if (failed(condFn))
    return failure();
  SmallVector<FunctionResult> bodyResults;
  for (LoopArg &a : args)
    bodyResults.push_back(
        {a.invariant ? a.enter.getOutput() : a.sink->getOperand(1),
         std::nullopt});
  FailureOr<func::FuncOp> bodyFn = buildGraphFunction(
      ctx.module, ctx.symbols, prefix + "_body", lc.getLoc(), block, bodyNodes,
      bodyArgs, argTypes, bodyResults, argTypes, *condFn);
  if (failed(bodyFn)) {
    condFn->erase();
    return failure();
  }
  ctx.created.push_back(*condFn);
  ctx.created.push_back(*bodyFn);

  // --- The tf.While island.
  OpBuilder b(lc);
  SmallVector<Type> islandTypes;
  SmallVector<Value> operands;
  for (LoopArg &a : args) {
    operands.push_back(a.enter.getDataOperands()[0]);
    islandTypes.push_back(
        a.exits.empty() ? a.type : a.exits.front().getOutput().getType());
  }
  islandTypes.push_back(ControlType::get(mctx));
  auto island = IslandOp::create(b, lc.getLoc(), islandTypes, whileControls);
  island.getBody().push_back(new Block());
  OpBuilder ib = OpBuilder::atBlockEnd(&island.GetBody());
  bool stateless = !ctx.statefulness.isFunctionStateful(*condFn) &&
                   !ctx.statefulness.isFunctionStateful(*bodyFn);
  int64_t parallel = 10;
  if (!args.empty())
    parallel = args.front().enter.getParallelIterations();
  OperationState st(lc.getLoc(), stateless ? "tf.StatelessWhile" : "tf.While");
  st.addOperands(operands);
  st.addTypes(argTypes);
  st.addAttribute("T", dtypeListAttr(mctx, argTypes));
  st.addAttribute("body", FlatSymbolRefAttr::get(*bodyFn));
  st.addAttribute("cond", FlatSymbolRefAttr::get(*condFn));
  st.addAttribute("is_stateless", b.getBoolAttr(stateless));
  st.addAttribute("parallel_iterations", b.getI64IntegerAttr(parallel));
  Operation *whileOp = ib.create(st);
  SmallVector<Value> yields;
  for (auto [i, a] : llvm::enumerate(args)) {
    Value r = whileOp->getResult(i);
    if (!a.exits.empty()) {
      // Keep the Exit's name (fetches and diagnostics refer to it).
      ExitOp e = a.exits.front();
      OperationState id(e.getLoc(), "tf.Identity");
      id.addOperands(r);
      id.addTypes(e.getOutput().getType());
      id.addAttribute("T", TypeAttr::get(tf_type::dropRef(
                               tf_type::getElementTypeOrSelf(r.getType()))));
      r = ib.create(id)->getResult(0);
    }
    yields.push_back(r);
  }
  YieldOp::create(ib, lc.getLoc(), yields);

  for (auto [i, a] : llvm::enumerate(args))
    for (ExitOp e : a.exits) {
      e.getOutput().replaceAllUsesWith(island.getOutputs()[i]);
      e.getControl().replaceAllUsesWith(island.getControl());
    }

  // --- Remove the frame.
  llvm::SetVector<Operation *> dead(f->nodes.begin(), f->nodes.end());
  llvm::SetVector<Operation *> copiedFree;
  for (Operation *n : llvm::concat<Operation *const>(condNodes, bodyNodes))
    if (freeNodes.contains(n))
      copiedFree.insert(n);
  eraseNodes(dead.getArrayRef());
  for (Operation *n : copiedFree)
    if (n->use_empty()) {
      freeNodes.erase(n);
      frameOf.erase(n);
      n->erase();
    }
  for (Operation *n : dead)
    frameOf.erase(n);
  f->nodes.clear();
  frameOf[island] = f->parent;
  f->parent->nodes.insert(island);
  return success();
}

} // namespace

LogicalResult functionalizeLoops(func::FuncOp func, GraphOp graph,
                                 FunctionalizeContext &ctx) {
  LoopFunctionalizer lf(func, graph, ctx);
  return lf.run();
}

} // namespace tfmlir::functionalize
