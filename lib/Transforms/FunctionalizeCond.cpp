//===- FunctionalizeCond.cpp - TF1 Switch/Merge conditionals to tf.If -----===//
//
// Modelled on TensorFlow's tf2xla/functionalize_cond.cc:
//  1. In topological order every node gets a cond state: the (predicate,
//     branch) pairs that must hold for it to run. A Switch adds (p, else) to
//     its false output and (p, then) to its true output (its control output
//     adds (p, neither)); other nodes join the states of their inputs; a
//     Merge whose two inputs differ in exactly one predicate, then vs else,
//     gets their common state and is the join point of that predicate.
//     Predicates are compared as values, looking through Identity nodes.
//     A Switch whose predicate is already decided on its path is redundant:
//     its taken output is forwarded and its other side is dead; a Merge with
//     a dead input forwards the live one.
//  2. Every node also gets its ancestor set (Merges and Switch predicates it
//     depends on). Merges are clustered by (cond state, ancestors,
//     predicate) and the clusters are turned into tf.If innermost (deepest
//     cond state) first.
//  3. For a cluster, each branch is the backward closure of the Merge inputs
//     on that branch, stopping at the Switches (whose data inputs become If
//     operands); nodes of the branch that reach no Merge (asserts, prints)
//     go with it. Values read from the enclosing context without a Switch
//     become If operands too; constants are copied. Control edges from
//     outside become control inputs of the If island, control edges to the
//     outside leave from it.
//===----------------------------------------------------------------------===//
#include "lib/Transforms/FunctionalizeControlFlow.h"

#include "dialects/tf/TFTypes.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseSet.h"

#include <array>
#include <map>
#include <tuple>

using namespace mlir;
using namespace tfmlir::tf_executor;

namespace tfmlir::functionalize {
namespace {

enum class Branch : uint8_t { Else = 0, Then = 1, Both = 2, Neither = 3 };

StringRef branchName(Branch b) {
  switch (b) {
  case Branch::Else:
    return "else";
  case Branch::Then:
    return "then";
  case Branch::Both:
    return "both";
  case Branch::Neither:
    return "neither";
  }
  return "?";
}

using CondState = std::vector<std::pair<unsigned, Branch>>;   // sorted by pred
using AncestorState = std::vector<std::pair<int, uintptr_t>>; // sorted

template <typename T> class Interner {
public:
  unsigned get(const T &v) {
    auto [it, inserted] = ids.try_emplace(v, values.size());
    if (inserted)
      values.push_back(v);
    return it->second;
  }
  const T &operator[](unsigned id) const { return values[id]; }

private:
  std::map<T, unsigned> ids;
  std::vector<T> values;
};

class CondFunctionalizer {
public:
  CondFunctionalizer(func::FuncOp func, GraphOp graph,
                     FunctionalizeContext &ctx)
      : func(func), graph(graph), block(&graph.GetBody()), ctx(ctx) {
    kEmpty = states.get(CondState{});
    kDead = states.get(CondState{{~0u, Branch::Neither}});
    kNoAncestors = ancestors.get(AncestorState{});
  }
  LogicalResult run();

private:
  unsigned predId(Value v);
  std::string predName(unsigned id);
  Branch findBranch(unsigned state, unsigned pred);
  FailureOr<unsigned> stateAlongEdge(Value v);
  FailureOr<unsigned> joinNonMerge(unsigned a, unsigned b, Operation *at);
  LogicalResult determineState(Operation *n);
  LogicalResult determineMergeState(MergeOp m);
  LogicalResult removeRedundantSwitch(SwitchOp s);
  void determineAncestors(Operation *n);
  LogicalResult rewriteSingleInputMerges();
  LogicalResult extract(ArrayRef<MergeOp> merges, unsigned pred);
  LogicalResult cleanup();
  LogicalResult eraseDeadNodes();
  LogicalResult removeSwitchIfUnused(SwitchOp s);

  func::FuncOp func;
  GraphOp graph;
  Block *block;
  FunctionalizeContext &ctx;

  Interner<CondState> states;
  Interner<AncestorState> ancestors;
  unsigned kEmpty, kDead, kNoAncestors;
  SmallVector<Value> predValues;
  llvm::DenseMap<Value, unsigned> predIds;
  llvm::DenseMap<Operation *, unsigned> condOf;
  llvm::DenseMap<Operation *, unsigned> ancOf;
  llvm::DenseMap<Operation *, unsigned> mergePred;
  llvm::DenseMap<Operation *, unsigned> switchPred;
  llvm::DenseMap<Operation *, Branch> redundantSwitch;
  llvm::DenseSet<Operation *> erased;
};

unsigned CondFunctionalizer::predId(Value v) {
  v = lookThroughIdentity(v, block);
  auto [it, inserted] = predIds.try_emplace(v, predValues.size());
  if (inserted)
    predValues.push_back(v);
  return it->second;
}

std::string CondFunctionalizer::predName(unsigned id) {
  if (id >= predValues.size())
    return "<dead>";
  Value v = predValues[id];
  if (Operation *d = definingNode(v, block)) {
    std::string n = nodeName(d);
    if (auto r = dyn_cast<OpResult>(v); r && r.getResultNumber() != 0)
      n += ":" + std::to_string(r.getResultNumber());
    return n;
  }
  if (auto a = dyn_cast<BlockArgument>(v))
    return "argument #" + std::to_string(a.getArgNumber());
  return "<value>";
}

Branch CondFunctionalizer::findBranch(unsigned state, unsigned pred) {
  for (auto &[p, b] : states[state])
    if (p == pred)
      return b;
  return Branch::Neither;
}

FailureOr<unsigned> CondFunctionalizer::stateAlongEdge(Value v) {
  Operation *src = definingNode(v, block);
  if (!src)
    return kEmpty;
  unsigned id = condOf.lookup(src);
  if (id == kDead)
    return kDead;
  auto sw = dyn_cast<SwitchOp>(src);
  if (!sw)
    return id;
  auto red = redundantSwitch.find(src);
  if (red != redundantSwitch.end()) {
    if (isControl(v))
      return id;
    Value untaken =
        red->second == Branch::Then ? sw.getFalseOutput() : sw.getTrueOutput();
    return v == untaken ? kDead : id;
  }
  CondState st = states[id];
  unsigned p = switchPred.lookup(src);
  Branch b = isControl(v)               ? Branch::Neither
             : v == sw.getFalseOutput() ? Branch::Else
                                        : Branch::Then;
  auto it = llvm::find_if(st, [&](auto &e) { return e.first == p; });
  if (it != st.end())
    it->second = b;
  else
    st.push_back({p, b});
  llvm::sort(st);
  return states.get(st);
}

FailureOr<unsigned> CondFunctionalizer::joinNonMerge(unsigned src, unsigned dst,
                                                     Operation *at) {
  if (dst == kEmpty || src == kDead)
    return src;
  if (dst == kDead || src == kEmpty)
    return dst;
  if (src == dst)
    return src;
  CondState both = states[src];
  for (auto &[p, b] : states[dst]) {
    auto it = llvm::find_if(both, [&](auto &e) { return e.first == p; });
    if (it == both.end()) {
      both.push_back({p, b});
    } else if (it->second != b) {
      if (it->second == Branch::Neither)
        it->second = b;
      else if (b != Branch::Neither)
        return at->emitError()
               << "cannot functionalize conditional: node '" << nodeName(at)
               << "' has inputs from both the " << branchName(it->second)
               << " and the " << branchName(b)
               << " branch of the conditional on '" << predName(p)
               << "' without a Merge";
    }
  }
  llvm::sort(both);
  return states.get(both);
}

LogicalResult CondFunctionalizer::determineMergeState(MergeOp m) {
  SmallVector<Value> in = m.getDataOperands();
  SmallVector<unsigned> st;
  for (Value v : in) {
    FailureOr<unsigned> s = stateAlongEdge(v);
    if (failed(s))
      return failure();
    st.push_back(*s);
  }
  // A Merge with a dead input forwards the live one (TF's redundant merge).
  if (llvm::is_contained(st, kDead)) {
    Value live;
    for (auto [v, s] : llvm::zip(in, st))
      if (s != kDead) {
        live = v;
        break;
      }
    condOf[m] = kDead;
    if (!live)
      return success(); // everything here is dead
    if (!m.getValueIndex().use_empty())
      return m.emitError() << "cannot functionalize conditional: Merge '"
                           << nodeName(m)
                           << "' has a dead input and its value_index is used";
    m.getOutput().replaceAllUsesWith(live);
    if (!m.getControl().use_empty()) {
      OpBuilder b(m);
      SmallVector<Value> ctls;
      if (Operation *d = definingNode(live, block))
        ctls.push_back(d->getResults().back());
      Value c = createNoOpControl(b, m.getLoc(), ctls);
      condOf[c.getDefiningOp()] = condOf.lookup(definingNode(live, block));
      m.getControl().replaceAllUsesWith(c);
    }
    return success();
  }
  if (in.size() != 2)
    return m.emitError() << "cannot functionalize conditional: Merge '"
                         << nodeName(m) << "' has " << in.size()
                         << " inputs; only Merges with 2 inputs (tf.cond) "
                            "are supported";
  for (auto [v, s] : llvm::zip(in, st))
    if (s == kEmpty) {
      Operation *d = definingNode(v, block);
      return m.emitError() << "cannot functionalize conditional: input '"
                           << (d ? nodeName(d) : std::string("argument"))
                           << "' of Merge '" << nodeName(m)
                           << "' is not inside any conditional branch (no "
                              "Switch precedes it)";
    }
  const CondState &a = states[st[0]], &b = states[st[1]];
  CondState diff, common;
  std::set_symmetric_difference(a.begin(), a.end(), b.begin(), b.end(),
                                std::back_inserter(diff));
  std::set_intersection(a.begin(), a.end(), b.begin(), b.end(),
                        std::back_inserter(common));
  auto isThenElse = [](Branch x) {
    return x == Branch::Then || x == Branch::Else;
  };
  if (diff.size() != 2 || diff[0].first != diff[1].first ||
      diff[0].second == diff[1].second || !isThenElse(diff[0].second) ||
      !isThenElse(diff[1].second)) {
    InFlightDiagnostic d = m.emitError();
    d << "cannot functionalize conditional: the inputs of Merge '"
      << nodeName(m)
      << "' are not the then and else branches of one predicate (they "
         "differ in";
    for (auto &[p, br] : diff)
      d << " " << (p == ~0u ? std::string("dead") : predName(p)) << "="
        << branchName(br);
    d << ")";
    return d;
  }
  mergePred[m] = diff[0].first;
  condOf[m] = states.get(common);
  return success();
}

LogicalResult CondFunctionalizer::determineState(Operation *n) {
  if (auto m = dyn_cast<MergeOp>(n))
    return determineMergeState(m);
  if (auto sw = dyn_cast<SwitchOp>(n))
    switchPred[n] = predId(sw.getOperand(1));
  unsigned st = kEmpty;
  NodeInputs in = getNodeInputs(n);
  for (Value v : llvm::concat<Value>(in.data, in.control)) {
    FailureOr<unsigned> e = stateAlongEdge(v);
    if (failed(e))
      return failure();
    FailureOr<unsigned> j = joinNonMerge(*e, st, n);
    if (failed(j))
      return failure();
    st = *j;
  }
  condOf[n] = st;
  return success();
}

/// A Switch whose predicate (or data, for the `Switch(p, p)` pattern) is
/// already decided on its path: forward the taken side, the other is dead.
LogicalResult CondFunctionalizer::removeRedundantSwitch(SwitchOp s) {
  unsigned st = condOf.lookup(s);
  if (st == kDead)
    return success();
  Branch b = findBranch(st, switchPred.lookup(s));
  if (b != Branch::Then && b != Branch::Else) {
    Value data = lookThroughIdentity(s.getOperand(0), block);
    auto it = predIds.find(data);
    if (it == predIds.end())
      return success();
    b = findBranch(st, it->second);
    if (b != Branch::Then && b != Branch::Else)
      return success();
  }
  Value taken = b == Branch::Then ? s.getTrueOutput() : s.getFalseOutput();
  taken.replaceAllUsesWith(s.getOperand(0));
  // The untaken output keeps its users; stateAlongEdge makes them dead.
  redundantSwitch[s] = b;
  return success();
}

void CondFunctionalizer::determineAncestors(Operation *n) {
  // Most nodes inherit one input's set unchanged: share it (the sets grow
  // along chains of conditionals, so copying them would be quadratic).
  SmallVector<unsigned, 4> ids;
  AncestorState extra;
  NodeInputs in = getNodeInputs(n);
  for (Value v : llvm::concat<Value>(in.data, in.control)) {
    Operation *src = definingNode(v, block);
    if (!src)
      continue;
    auto it = ancOf.find(src);
    if (it != ancOf.end() && it->second != kNoAncestors &&
        !llvm::is_contained(ids, it->second))
      ids.push_back(it->second);
    if (isa<MergeOp>(src))
      extra.push_back({0, reinterpret_cast<uintptr_t>(src)});
    else if (isa<SwitchOp>(src))
      extra.push_back({1, switchPred.lookup(src)});
  }
  if (extra.empty() && ids.size() <= 1) {
    ancOf[n] = ids.empty() ? kNoAncestors : ids.front();
    return;
  }
  AncestorState st(extra);
  for (unsigned id : ids) {
    const AncestorState &o = ancestors[id];
    st.insert(st.end(), o.begin(), o.end());
  }
  llvm::sort(st);
  st.erase(std::unique(st.begin(), st.end()), st.end());
  ancOf[n] = ancestors.get(st);
}

LogicalResult CondFunctionalizer::rewriteSingleInputMerges() {
  for (Operation &op :
       llvm::make_early_inc_range(block->without_terminator())) {
    auto m = dyn_cast<MergeOp>(op);
    if (!m || m.getDataOperands().size() != 1)
      continue;
    if (!m.getValueIndex().use_empty())
      return m.emitError() << "cannot functionalize conditional: Merge '"
                           << nodeName(m)
                           << "' has one input and its value_index is used";
    // A Merge with one input forwards it: an Identity.
    Value in = m.getDataOperands()[0];
    OpBuilder b(m);
    auto island = IslandOp::create(
        b, m.getLoc(),
        TypeRange{m.getOutput().getType(), ControlType::get(b.getContext())},
        m.getControlOperands());
    island.getBody().push_back(new Block());
    OpBuilder ib = OpBuilder::atBlockEnd(&island.GetBody());
    OperationState id(m.getLoc(), "tf.Identity");
    id.addOperands(in);
    id.addTypes(m.getOutput().getType());
    id.addAttribute("T", TypeAttr::get(tf_type::dropRef(
                             tf_type::getElementTypeOrSelf(in.getType()))));
    Operation *idOp = ib.create(id);
    YieldOp::create(ib, m.getLoc(), idOp->getResults());
    m.getOutput().replaceAllUsesWith(island.getOutputs()[0]);
    m.getControl().replaceAllUsesWith(island.getControl());
    m.erase();
  }
  return success();
}

LogicalResult CondFunctionalizer::run() {
  bool any = false;
  for (Operation &op : block->without_terminator()) {
    if (isa<SwitchNOp>(op))
      return op.emitError()
             << "cannot functionalize control flow: _SwitchN node '"
             << nodeName(&op) << "' (tf.switch_case) is not supported";
    if (isa<EnterOp, ExitOp, NextIterationSourceOp, NextIterationSinkOp,
            LoopCondOp>(op))
      return op.emitError()
             << "cannot functionalize control flow: loop node '"
             << nodeName(&op) << "' is left after loop functionalization";
    if (isa<SwitchOp, MergeOp>(op))
      any = true;
  }
  if (!any)
    return success();
  if (failed(rewriteSingleInputMerges()))
    return failure();

  llvm::SetVector<Operation *> all;
  for (Operation &op : block->without_terminator())
    all.insert(&op);
  SmallVector<Operation *> order;
  if (failed(topologicalOrder(all, block, order)))
    return failure();

  // 1. States, in topological order.
  for (Operation *n : order) {
    if (failed(determineState(n)))
      return failure();
    determineAncestors(n);
    if (auto s = dyn_cast<SwitchOp>(n))
      if (failed(removeRedundantSwitch(s)))
        return failure();
  }

  // The live Merges (collected before dead nodes go away: `order` then holds
  // erased nodes and must not be used any more).
  SmallVector<MergeOp> merges;
  for (Operation *n : order)
    if (auto m = dyn_cast<MergeOp>(n))
      if (condOf.lookup(m) != kDead)
        merges.push_back(m);
  order.clear();

  // Nodes on the untaken side of redundant Switches never run.
  if (failed(eraseDeadNodes()))
    return failure();
  {
    SmallVector<Operation *> reds;
    for (auto &[s, b] : redundantSwitch)
      reds.push_back(s);
    llvm::sort(
        reds, [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
    for (Operation *s : reds)
      if (!erased.contains(s) &&
          failed(removeSwitchIfUnused(cast<SwitchOp>(s))))
        return failure();
  }

  // 2. Clusters of Merges, innermost first.
  {
    // Deepest cond state first; topological order among equals.
    SmallVector<std::tuple<size_t, unsigned, MergeOp>> keyed;
    for (auto [i, m] : llvm::enumerate(merges))
      keyed.push_back({~states[condOf.lookup(m)].size(), unsigned(i), m});
    llvm::sort(keyed, [](const auto &a, const auto &b) {
      return std::make_pair(std::get<0>(a), std::get<1>(a)) <
             std::make_pair(std::get<0>(b), std::get<1>(b));
    });
    for (auto [i, k] : llvm::enumerate(keyed))
      merges[i] = std::get<2>(k);
  }
  std::map<std::tuple<unsigned, unsigned, unsigned>, unsigned> clusterIndex;
  SmallVector<std::pair<unsigned, SmallVector<MergeOp>>> clusters;
  for (MergeOp m : merges) {
    auto key =
        std::make_tuple(condOf.lookup(m), ancOf.lookup(m), mergePred.lookup(m));
    auto [it, inserted] = clusterIndex.try_emplace(key, clusters.size());
    if (inserted)
      clusters.push_back({mergePred.lookup(m), {}});
    clusters[it->second].second.push_back(m);
  }

  // 3. Extract.
  for (auto &[pred, ms] : clusters)
    if (failed(extract(ms, pred)))
      return failure();
  return cleanup();
}

LogicalResult CondFunctionalizer::extract(ArrayRef<MergeOp> clusterMerges,
                                          unsigned pred) {
  SmallVector<MergeOp> ms;
  for (MergeOp m : clusterMerges)
    if (!erased.contains(m))
      ms.push_back(m);
  if (ms.empty())
    return success();
  MLIRContext *mctx = func.getContext();
  MergeOp m0 = ms.front();
  std::string pname = predName(pred);
  auto condError = [&](Operation *at) {
    InFlightDiagnostic d = at->emitError();
    d << "cannot functionalize conditional '" << nodeName(m0) << "' on '"
      << pname << "': ";
    return d;
  };

  std::array<llvm::SetVector<Operation *>, 2> nodes, freeNodes;
  std::array<SmallVector<Operation *>, 2> stack;
  llvm::SetVector<Operation *> clusterSwitches;
  SmallVector<Value> inputs;
  llvm::DenseMap<Value, unsigned> inputIdx;
  std::array<SmallVector<SmallVector<Value>>, 2> argVals;
  llvm::SetVector<Value> extCtl;
  llvm::DenseSet<Operation *> mergeSet;
  for (MergeOp m : ms)
    mergeSet.insert(m);

  auto addInput = [&](Value v) {
    auto [it, inserted] = inputIdx.try_emplace(v, inputs.size());
    if (inserted) {
      inputs.push_back(v);
      argVals[0].emplace_back();
      argVals[1].emplace_back();
    }
    return it->second;
  };
  auto addSwitch = [&](SwitchOp s, Operation *user) -> LogicalResult {
    if (redundantSwitch.count(s) || switchPred.lookup(s) != pred)
      return condError(user) << "node '" << nodeName(user) << "' uses Switch '"
                             << nodeName(s) << "' on a different predicate ('"
                             << predName(switchPred.lookup(s))
                             << "') whose conditional has no Merge";
    if (!clusterSwitches.insert(s))
      return success();
    unsigned k = addInput(s.getOperand(0));
    argVals[0][k].push_back(s.getFalseOutput());
    argVals[1][k].push_back(s.getTrueOutput());
    for (Value c : s.getControlOperands())
      extCtl.insert(c);
    return success();
  };

  // Merge inputs: which value each branch returns.
  struct MergeIn {
    Value v[2];
    int idx[2] = {-1, -1};
  };
  SmallVector<MergeIn> mergeIns;
  for (MergeOp m : ms) {
    MergeIn mi;
    for (auto [i, v] : llvm::enumerate(m.getDataOperands())) {
      Operation *src = definingNode(v, block);
      Branch b;
      if (auto sw = dyn_cast_or_null<SwitchOp>(src)) {
        if (failed(addSwitch(sw, m)))
          return failure();
        b = v == sw.getFalseOutput() ? Branch::Else : Branch::Then;
      } else {
        b = src ? findBranch(condOf.lookup(src), pred) : Branch::Neither;
        if (b != Branch::Then && b != Branch::Else)
          return condError(m)
                 << "input '" << (src ? nodeName(src) : std::string("argument"))
                 << "' of Merge '" << nodeName(m) << "' is on neither branch";
        stack[int(b)].push_back(src);
      }
      if (mi.v[int(b)])
        return condError(m) << "both inputs of Merge '" << nodeName(m)
                            << "' come from the " << branchName(b) << " branch";
      mi.v[int(b)] = v;
      mi.idx[int(b)] = i;
    }
    mergeIns.push_back(mi);
  }

  // Backward closure of each branch.
  auto collect = [&](int b) -> LogicalResult {
    while (!stack[b].empty()) {
      Operation *n = stack[b].pop_back_val();
      if (!nodes[b].insert(n))
        continue;
      unsigned nState = condOf.lookup(n);
      NodeInputs in = getNodeInputs(n);
      auto handle = [&](Value v, bool ctl) -> LogicalResult {
        Operation *src = definingNode(v, block);
        if (!src) {
          if (!ctl)
            argVals[b][addInput(v)].push_back(v);
          return success();
        }
        if (auto sw = dyn_cast<SwitchOp>(src)) {
          if (ctl)
            return success();
          return addSwitch(sw, n);
        }
        unsigned sState = condOf.lookup(src);
        if (sState == nState) {
          stack[b].push_back(src);
          return success();
        }
        if (ctl) {
          // A control pivot of this branch ({p: neither} vs {p: then/else})
          // is satisfied inside the function; anything else is external.
          CondState diff;
          const CondState &a = states[sState], &c = states[nState];
          std::set_symmetric_difference(a.begin(), a.end(), c.begin(), c.end(),
                                        std::back_inserter(diff));
          if (diff.size() == 2 && diff[0].first == diff[1].first &&
              findBranch(sState, diff[0].first) == Branch::Neither)
            return success();
          extCtl.insert(v);
          return success();
        }
        if (isFreeConstantNode(src)) {
          freeNodes[b].insert(src);
          return success();
        }
        // A value computed in an enclosing context (whose conditions all
        // hold whenever this branch runs, without this predicate) is an
        // operand of the If, as TF does by adding a Switch along the edge.
        const CondState &outer = states[nState], &inner = states[sState];
        bool enclosing = llvm::all_of(inner, [&](auto &e) {
          return e.first != pred && llvm::is_contained(outer, e);
        });
        if (enclosing) {
          argVals[b][addInput(v)].push_back(v);
          return success();
        }
        return condError(n)
               << "node '" << nodeName(n) << "' reads '" << nodeName(src)
               << "' from a different conditional context";
      };
      for (Value v : in.data)
        if (failed(handle(v, false)))
          return failure();
      for (Value v : in.control)
        if (failed(handle(v, true)))
          return failure();
    }
    return success();
  };

  // Nodes that reach no Merge (side effects) go with the branch that feeds
  // them.
  // (Computed iteratively: graphs can be deep.)
  llvm::DenseMap<Operation *, bool> reaches;
  auto reachesMerge = [&](Operation *root) -> bool {
    auto found = reaches.find(root);
    if (found != reaches.end())
      return found->second;
    SmallVector<std::pair<Operation *, SmallVector<Operation *>>> stack;
    reaches[root] = false;
    stack.push_back({root, getNodeUsers(root, block)});
    while (!stack.empty()) {
      Operation *n = stack.back().first;
      bool r = isa<MergeOp>(n) || n->hasTrait<OpTrait::IsTerminator>();
      Operation *descend = nullptr;
      while (!r && !stack.back().second.empty()) {
        Operation *u = stack.back().second.pop_back_val();
        auto it = reaches.find(u);
        if (it == reaches.end()) {
          stack.back().second.push_back(u); // revisit once computed
          descend = u;
          break;
        }
        r = it->second;
      }
      if (descend) {
        reaches[descend] = false; // acyclic; guards against surprises
        stack.push_back({descend, getNodeUsers(descend, block)});
        continue;
      }
      reaches[n] = r;
      stack.pop_back();
    }
    return reaches[root];
  };
  // Dangling users of this conditional's Switches and branch nodes (side
  // effects that reach no Merge) belong to the branches too.
  unsigned outerState = condOf.lookup(m0);
  std::array<unsigned, 2> branchState;
  for (int b = 0; b < 2; ++b) {
    CondState st = states[outerState];
    st.push_back({pred, Branch(b)});
    llvm::sort(st);
    branchState[b] = states.get(st);
  }
  for (int b = 0; b < 2; ++b) {
    if (failed(collect(b)))
      return failure();
    for (bool changed = true; changed;) {
      changed = false;
      SmallVector<Operation *> frontier;
      for (Operation *s : clusterSwitches)
        for (Operation *u : s->getResult(b).getUsers())
          frontier.push_back(nodeInBlock(u, block));
      for (Operation *n : nodes[b])
        for (Operation *u : getNodeUsers(n, block))
          frontier.push_back(u);
      for (Operation *u : frontier) {
        if (!u || nodes[b].contains(u) || mergeSet.contains(u) ||
            u->hasTrait<OpTrait::IsTerminator>() || isa<SwitchOp>(u))
          continue;
        if (condOf.lookup(u) != branchState[b] || reachesMerge(u))
          continue;
        stack[b].push_back(u);
        changed = true;
      }
      if (changed && failed(collect(b)))
        return failure();
    }
  }

  // Branch values may leave the conditional only through its Merges (data)
  // or as control edges (which then leave from the If).
  SmallVector<OpOperand *> ctlOut;
  for (int b = 0; b < 2; ++b)
    for (Operation *n : nodes[b])
      for (Value r : n->getResults())
        for (OpOperand &use : r.getUses()) {
          Operation *un = nodeInBlock(use.getOwner(), block);
          if (un && (nodes[b].contains(un) || mergeSet.contains(un)))
            continue;
          if (isControl(r)) {
            ctlOut.push_back(&use);
            continue;
          }
          Operation *at = un ? un : use.getOwner();
          return condError(at)
                 << "node '" << nodeName(at) << "' uses '" << nodeName(n)
                 << "' from the " << branchName(Branch(b))
                 << " branch without going through a Merge";
        }

  // The branch functions.
  std::string prefixName = nodeName(m0);
  if (prefixName == "<unnamed>")
    prefixName = "cond";
  StringRef prefixRef(prefixName);
  prefixRef.consume_back("/Merge");
  std::string prefix = sanitizeSymbolName(prefixRef);
  SmallVector<Type> argTypes, resultTypes;
  for (Value v : inputs)
    argTypes.push_back(v.getType());
  std::array<SmallVector<FunctionResult>, 2> results;
  for (auto [m, mi] : llvm::zip(ms, mergeIns)) {
    resultTypes.push_back(m.getOutput().getType());
    for (int b = 0; b < 2; ++b)
      results[b].push_back({mi.v[b], std::nullopt});
    if (!m.getValueIndex().use_empty()) {
      resultTypes.push_back(m.getValueIndex().getType());
      for (int b = 0; b < 2; ++b)
        results[b].push_back({Value(), int32_t(mi.idx[b])});
    }
  }
  std::array<func::FuncOp, 2> fns;
  Operation *after = func;
  for (int b : {1, 0}) {
    llvm::SetVector<Operation *> all(nodes[b].begin(), nodes[b].end());
    all.insert(freeNodes[b].begin(), freeNodes[b].end());
    FailureOr<func::FuncOp> fn = buildGraphFunction(
        ctx.module, ctx.symbols, prefix + (b ? "_then" : "_else"), m0.getLoc(),
        block, all, argVals[b], argTypes, results[b], resultTypes, after);
    if (failed(fn)) {
      if (fns[1])
        fns[1].erase();
      return failure();
    }
    fns[b] = *fn;
    after = *fn;
  }
  ctx.created.push_back(fns[1]);
  ctx.created.push_back(fns[0]);

  // The tf.If island, where the first Merge was.
  OpBuilder ob(m0);
  SmallVector<Type> islandTypes(resultTypes);
  islandTypes.push_back(ControlType::get(mctx));
  auto island =
      IslandOp::create(ob, m0.getLoc(), islandTypes, extCtl.getArrayRef());
  island.getBody().push_back(new Block());
  OpBuilder ib = OpBuilder::atBlockEnd(&island.GetBody());
  Location ifLoc = m0.getLoc();
  if (auto nl = dyn_cast<NameLoc>(ifLoc))
    ifLoc = NameLoc::get(StringAttr::get(mctx, nl.getName().str() + "_if"),
                         nl.getChildLoc());
  bool stateless = !ctx.statefulness.isFunctionStateful(fns[1]) &&
                   !ctx.statefulness.isFunctionStateful(fns[0]);
  OperationState st(ifLoc, stateless ? "tf.StatelessIf" : "tf.If");
  st.addOperands(predValues[pred]);
  st.addOperands(inputs);
  st.addTypes(resultTypes);
  st.addAttribute("Tin", dtypeListAttr(mctx, argTypes));
  st.addAttribute("Tout", dtypeListAttr(mctx, resultTypes));
  st.addAttribute("else_branch", FlatSymbolRefAttr::get(fns[0]));
  st.addAttribute("is_stateless", ob.getBoolAttr(stateless));
  st.addAttribute("then_branch", FlatSymbolRefAttr::get(fns[1]));
  Operation *ifOp = ib.create(st);
  SmallVector<Value> yields;
  unsigned r = 0;
  for (MergeOp m : ms) {
    // Keep the Merge's name on an Identity of the result.
    Value v = ifOp->getResult(r++);
    OperationState id(m.getLoc(), "tf.Identity");
    id.addOperands(v);
    id.addTypes(v.getType());
    id.addAttribute("T", TypeAttr::get(tf_type::dropRef(
                             tf_type::getElementTypeOrSelf(v.getType()))));
    yields.push_back(ib.create(id)->getResult(0));
    if (!m.getValueIndex().use_empty())
      yields.push_back(ifOp->getResult(r++));
  }
  YieldOp::create(ib, m0.getLoc(), yields);

  // Rewire.
  r = 0;
  for (MergeOp m : ms) {
    Value out = island.getOutputs()[r++];
    auto pit = predIds.find(m.getOutput());
    if (pit != predIds.end()) {
      predValues[pit->second] = out;
      predIds[out] = pit->second;
    }
    m.getOutput().replaceAllUsesWith(out);
    if (!m.getValueIndex().use_empty())
      m.getValueIndex().replaceAllUsesWith(island.getOutputs()[r++]);
    m.getControl().replaceAllUsesWith(island.getControl());
  }
  for (OpOperand *use : ctlOut)
    use->set(island.getControl());
  condOf[island] = condOf.lookup(m0);
  ancOf[island] = ancOf.lookup(m0);

  SmallVector<Operation *> dead;
  for (int b = 0; b < 2; ++b)
    dead.append(nodes[b].begin(), nodes[b].end());
  for (MergeOp m : ms)
    dead.push_back(m);
  for (Operation *n : dead) {
    erased.insert(n);
    condOf.erase(n);
    ancOf.erase(n);
  }
  eraseNodes(dead);

  // The Switches of this conditional are gone with it unless another
  // conditional still reads them.
  for (Operation *s : clusterSwitches)
    if (failed(removeSwitchIfUnused(cast<SwitchOp>(s))))
      return failure();
  return success();
}

LogicalResult CondFunctionalizer::removeSwitchIfUnused(SwitchOp s) {
  if (!s.getFalseOutput().use_empty() || !s.getTrueOutput().use_empty())
    return success();
  if (!s.getControl().use_empty()) {
    // "After the Switch ran": after its inputs are available.
    SmallVector<Value> ctls(s.getControlOperands());
    for (Value v : s.getDataOperands())
      if (Operation *d = definingNode(v, block))
        ctls.push_back(d->getResults().back());
    OpBuilder b(s);
    Value c = createNoOpControl(b, s.getLoc(), ctls);
    condOf[c.getDefiningOp()] = condOf.lookup(s);
    s.getControl().replaceAllUsesWith(c);
  }
  erased.insert(s);
  condOf.erase(s);
  s.erase();
  return success();
}

LogicalResult CondFunctionalizer::eraseDeadNodes() {
  SmallVector<Operation *> dead;
  llvm::DenseSet<Operation *> deadSet;
  for (Operation &op : block->without_terminator())
    if (condOf.lookup(&op) == kDead) {
      dead.push_back(&op);
      deadSet.insert(&op);
    }
  for (Operation *n : dead)
    for (Value r : n->getResults())
      for (Operation *u : r.getUsers()) {
        Operation *un = nodeInBlock(u, block);
        if (un && deadSet.contains(un))
          continue;
        return n->emitError()
               << "cannot functionalize conditional: node '" << nodeName(n)
               << "' never runs (it is on the untaken side of a Switch whose "
                  "predicate is already decided) but '"
               << nodeName(un ? un : u) << "' needs it";
      }
  for (Operation *n : dead) {
    erased.insert(n);
    condOf.erase(n);
    ancOf.erase(n);
  }
  eraseNodes(dead);
  return success();
}

LogicalResult CondFunctionalizer::cleanup() {
  // Nodes left hanging off a Switch that reach no Merge and no graph result
  // and have no side effects are dead code (TF deletes them too), e.g. the
  // unused switch_t/switch_f pivots of a tf.cond.
  SmallVector<SwitchOp> switches;
  for (Operation &op : block->without_terminator())
    if (auto s = dyn_cast<SwitchOp>(op))
      switches.push_back(s);
  for (SwitchOp s : switches) {
    llvm::SetVector<Operation *> closure;
    SmallVector<Operation *> work;
    for (Value out : {s.getFalseOutput(), s.getTrueOutput()})
      for (Operation *u : out.getUsers())
        work.push_back(nodeInBlock(u, block));
    bool removable = !work.empty();
    while (removable && !work.empty()) {
      Operation *n = work.pop_back_val();
      if (!n || n->hasTrait<OpTrait::IsTerminator>() ||
          isa<MergeOp, SwitchOp>(n)) {
        removable = false;
        break;
      }
      if (!closure.insert(n))
        continue;
      n->walk([&](Operation *op) {
        if (ctx.statefulness.isStateful(op))
          removable = false;
      });
      for (Operation *u : getNodeUsers(n, block))
        work.push_back(u);
    }
    if (!removable)
      continue;
    for (Operation *n : closure) {
      erased.insert(n);
      condOf.erase(n);
    }
    eraseNodes(closure.getArrayRef());
  }

  // Switches: every branch went into an If.
  for (Operation &op :
       llvm::make_early_inc_range(block->without_terminator())) {
    auto s = dyn_cast<SwitchOp>(op);
    if (!s)
      continue;
    for (Value out : {s.getFalseOutput(), s.getTrueOutput()})
      for (Operation *u : out.getUsers()) {
        Operation *un = nodeInBlock(u, block);
        Operation *at = un ? un : u;
        return at->emitError()
               << "cannot functionalize conditional: node '" << nodeName(at)
               << "' uses Switch '" << nodeName(s)
               << "' but no Merge joins the branches of its conditional";
      }
    if (failed(removeSwitchIfUnused(s)))
      return failure();
  }
  for (Operation &op : block->without_terminator())
    if (isa<MergeOp>(op))
      return op.emitError()
             << "cannot functionalize conditional: Merge '" << nodeName(&op)
             << "' could not be turned into a tf.If";
  return success();
}

} // namespace

LogicalResult functionalizeConds(func::FuncOp func, GraphOp graph,
                                 FunctionalizeContext &ctx) {
  CondFunctionalizer cf(func, graph, ctx);
  return cf.run();
}

} // namespace tfmlir::functionalize
