//===- ShapeInference.cpp - the tf-shape-inference pass ------------------===//
//
// The driver: per function, a worklist fixed point over the ops (tf ops by
// their registered shape function, islands/graphs/executor control flow by
// pass-through rules, calls by their callees' result types); then, module
// wide, argument types flow from call sites into private callees and
// result types back, until nothing changes.
//===----------------------------------------------------------------------===//
#include "lib/Transforms/ShapeInference.h"
#include "lib/Transforms/ShapeInferenceContext.h"

#include "dialects/tf/TFExecutor.h"
#include "dialects/tf/TFTypes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"

#include <deque>

using namespace mlir;

namespace tfmlir {

#define GEN_PASS_DEF_TFSHAPEINFERENCE
#include "lib/Transforms/ShapeInferencePasses.h.inc"

namespace detail {
#define GEN_PASS_REGISTRATION
#include "lib/Transforms/ShapeInferencePasses.h.inc"
} // namespace detail

void registerTFShapeInferencePasses() {
  detail::registerTFShapeInferencePasses();
}

using namespace shape_inference;

//===----------------------------------------------------------------------===//
// Type lattice: meet (most specific compatible) and join (least specific
// common) of tensor types, with resource/variant subtypes.
//===----------------------------------------------------------------------===//

namespace {

Type withShape(Type t, const Shape &s) {
  auto tt = dyn_cast<TensorType>(t);
  if (!tt)
    return {};
  if (!s.ranked)
    return UnrankedTensorType::get(tt.getElementType());
  return RankedTensorType::get(s.dims, tt.getElementType());
}

FailureOr<Type> meetType(Type a, Type b);

/// Meet of element types; resource/variant subtypes may be refined.
FailureOr<Type> meetElement(Type a, Type b) {
  if (a == b)
    return a;
  auto subtyped = [](Type t) -> std::optional<ArrayRef<TensorType>> {
    if (auto r = dyn_cast<tf_type::ResourceType>(t))
      return r.getSubtypes();
    if (auto v = dyn_cast<tf_type::VariantType>(t))
      return v.getSubtypes();
    return std::nullopt;
  };
  auto sa = subtyped(a), sb = subtyped(b);
  if (!sa || !sb ||
      isa<tf_type::ResourceType>(a) != isa<tf_type::ResourceType>(b))
    return failure();
  if (sa->empty())
    return b;
  if (sb->empty() || sa->size() != sb->size())
    return a;
  SmallVector<TensorType> subs;
  for (auto [x, y] : llvm::zip(*sa, *sb)) {
    auto m = meetType(x, y);
    if (failed(m))
      return a;
    subs.push_back(cast<TensorType>(*m));
  }
  if (isa<tf_type::ResourceType>(a))
    return Type(tf_type::ResourceType::get(a.getContext(), subs));
  return Type(tf_type::VariantType::get(a.getContext(), subs));
}

FailureOr<Type> meetType(Type a, Type b) {
  if (a == b)
    return a;
  auto ta = dyn_cast<TensorType>(a), tb = dyn_cast<TensorType>(b);
  if (!ta || !tb)
    return failure();
  auto elt = meetElement(ta.getElementType(), tb.getElementType());
  if (failed(elt))
    return failure();
  Shape s;
  if (!mergeShape(Shape::fromType(a), Shape::fromType(b), s))
    return failure();
  if (!s.ranked)
    return Type(UnrankedTensorType::get(*elt));
  return Type(RankedTensorType::get(s.dims, *elt));
}

Type joinElement(Type a, Type b) {
  if (a == b)
    return a;
  if (isa<tf_type::ResourceType>(a) && isa<tf_type::ResourceType>(b))
    return tf_type::ResourceType::get(a.getContext());
  if (isa<tf_type::VariantType>(a) && isa<tf_type::VariantType>(b))
    return tf_type::VariantType::get(a.getContext());
  return {};
}

/// The most specific type that both `a` and `b` are instances of, or null
/// when the element types differ.
Type joinType(Type a, Type b) {
  if (a == b)
    return a;
  auto ta = dyn_cast<TensorType>(a), tb = dyn_cast<TensorType>(b);
  if (!ta || !tb)
    return {};
  Type elt = joinElement(ta.getElementType(), tb.getElementType());
  if (!elt)
    return {};
  Shape s = joinShape(Shape::fromType(a), Shape::fromType(b));
  if (!s.ranked)
    return UnrankedTensorType::get(elt);
  return RankedTensorType::get(s.dims, elt);
}

bool isControlType(Type t) {
  return isa<tf_executor::ControlType, tf_executor::TokenType>(t);
}

StringRef funcNameOf(Attribute a) {
  if (auto f = dyn_cast_or_null<FlatSymbolRefAttr>(a))
    return f.getValue();
  if (auto f = dyn_cast_or_null<tf_type::FuncAttr>(a))
    return f.getName().getRootReference().getValue();
  return "";
}

enum class CallKind { None, If, Case, While, Call };

CallKind callKindOf(Operation *op) {
  StringRef n = op->getName().getStringRef();
  if (!n.consume_front("tf."))
    return CallKind::None;
  if (n == "If" || n == "StatelessIf")
    return CallKind::If;
  if (n == "Case" || n == "StatelessCase")
    return CallKind::Case;
  if (n == "While" || n == "StatelessWhile")
    return CallKind::While;
  if (n == "PartitionedCall" || n == "StatefulPartitionedCall" ||
      n == "LegacyCall" || n == "TPUPartitionedCall")
    return CallKind::Call;
  return CallKind::None;
}

/// The attrs of a call-like op that name functions.
SmallVector<StringRef, 2> funcAttrNames(CallKind k) {
  switch (k) {
  case CallKind::If:
    return {"then_branch", "else_branch"};
  case CallKind::Case:
    return {"branches"};
  case CallKind::While:
    return {"cond", "body"};
  case CallKind::Call:
    return {"f"};
  case CallKind::None:
    break;
  }
  return {};
}

/// Data operands (control tokens excluded).
SmallVector<Value> dataOperands(Operation *op) {
  SmallVector<Value> r;
  for (Value v : op->getOperands())
    if (!isControlType(v.getType()))
      r.push_back(v);
  return r;
}

SmallVector<Value> dataResults(Operation *op) {
  SmallVector<Value> r;
  for (Value v : op->getResults())
    if (!isControlType(v.getType()))
      r.push_back(v);
  return r;
}

/// One use of a function by a call-like op.
struct CallSite {
  Operation *op;
  CallKind kind;
  StringRef attrName; // "body", "cond", "then_branch", ...
};

class Driver {
public:
  Driver(ModuleOp module, int64_t maxIterations)
      : module(module), symbols(module), maxIterations(maxIterations),
        registry(ShapeFnRegistry::get()) {}

  LogicalResult run();

private:
  // --- local inference -------------------------------------------------
  /// Runs the worklist fixed point over the ops under `root`. Returns true
  /// if any type changed.
  bool inferRegion(Operation *root);
  /// Infers one op; returns true if one of its result types changed.
  /// Enqueues users of changed values.
  bool inferOp(Operation *op);
  /// Refines `v` to meet(type(v), t). Reports a contradiction at `diagOp`.
  bool refine(Value v, Type t, Operation *diagOp);
  void enqueueUsers(Value v);
  bool inferCall(Operation *op, CallKind kind);

  // --- module-level propagation -----------------------------------------
  void collectCallSites();
  /// What every caller passes for `arg` of a private function (If/Case/
  /// calls; empty for While bodies or unknown callers).
  SmallVector<Value> argumentSources(BlockArgument arg);
  func::FuncOp lookupFunc(StringRef name) {
    return symbols.lookup<func::FuncOp>(name);
  }
  /// Loop-carried types of a While: the join of the init types and the
  /// body's results under those types, widened to a fixed point.
  SmallVector<Type> whileCarriedTypes(Operation *whileOp);
  /// TF1 loops in executor graphs: assumes each NextIteration.Source has
  /// the type of its loop's entry value, checks on a clone that the value
  /// fed back to the Sink fits (widening by join until it does), then
  /// commits the Source types. Returns true if a type changed.
  bool inferExecutorLoops(func::FuncOp f);
  bool propagateArguments();
  bool updateFunctionResults(func::FuncOp f);
  bool canChangeSignature(func::FuncOp f) { return f.isPrivate(); }
  void fixupUnchangeableResults(func::FuncOp f);

  ModuleOp module;
  SymbolTable symbols;
  int64_t maxIterations;
  const ShapeFnRegistry &registry;
  ValueEvaluator evaluator;

  std::deque<Operation *> worklist;
  DenseSet<Operation *> inWorklist;
  /// Ops that already reported an error (reported once).
  DenseSet<Operation *> failedOps;
  bool hadError = false;
  /// Suppresses diagnostics and error bookkeeping (speculative runs).
  bool speculative = false;
  bool speculativeFailed = false;
  /// Set while checking assumed NextIteration.Source types on a clone.
  bool assumingLoopTypes = false;
  /// NextIteration.Sources of a clone that have no value yet.
  DenseSet<Operation *> bottomSources;
  /// Functions whose TF1 loops have been analysed at least once.
  DenseSet<Operation *> loopsAnalysed;

  llvm::StringMap<SmallVector<CallSite>> callSites;
  llvm::StringSet<> escaping; // referenced other than by a known call attr
};

//===----------------------------------------------------------------------===//
// Local inference
//===----------------------------------------------------------------------===//

void Driver::enqueueUsers(Value v) {
  for (Operation *user : v.getUsers()) {
    Operation *target = user;
    // Terminators carry types to their parents (island / graph results).
    if (isa<tf_executor::YieldOp, tf_executor::FetchOp>(user))
      target = user->getParentOp();
    if (!target || isa<func::FuncOp>(target))
      continue;
    if (inWorklist.insert(target).second)
      worklist.push_back(target);
    // NextIteration.Sink feeds its Source.
    if (user->getName().getStringRef() == "tf_executor.NextIteration.Sink") {
      if (inWorklist.insert(user).second)
        worklist.push_back(user);
    }
  }
}

bool Driver::refine(Value v, Type t, Operation *diagOp) {
  if (!t || v.getType() == t)
    return false;
  Type cur = v.getType();
  if (!isa<TensorType>(cur) || !isa<TensorType>(t))
    return false;
  auto m = meetType(cur, t);
  if (failed(m)) {
    // Different dtypes are not a shape question (e.g. an unknown dtype
    // imported as variant): leave the type alone.
    auto ct = cast<TensorType>(cur), nt = cast<TensorType>(t);
    Type ce = tf_type::dropRef(ct.getElementType());
    Type ne = tf_type::dropRef(nt.getElementType());
    bool sameKind =
        ce == ne ||
        (isa<tf_type::ResourceType>(ce) && isa<tf_type::ResourceType>(ne)) ||
        (isa<tf_type::VariantType>(ce) && isa<tf_type::VariantType>(ne));
    if (!sameKind) {
      // Keep the dtype, refine the shape only.
      Shape s;
      if (mergeShape(Shape::fromType(cur), Shape::fromType(t), s)) {
        Type nt2 = withShape(cur, s);
        if (nt2 && nt2 != cur) {
          v.setType(nt2);
          return true;
        }
        return false;
      }
    }
    if (speculative) {
      speculativeFailed = true;
      return false;
    }
    if (failedOps.insert(diagOp).second) {
      std::string node = nodeNameOf(diagOp->getLoc());
      std::string s;
      llvm::raw_string_ostream os(s);
      os << "shape inference failed for node '" << node << "' ("
         << diagOp->getName().getStringRef() << "): inferred type '" << t
         << "' contradicts the existing type '" << cur << "'";
      if (auto r = dyn_cast<OpResult>(v))
        os << " of result #" << r.getResultNumber();
      diagOp->emitError() << s;
    }
    hadError = true;
    return false;
  }
  if (*m == cur)
    return false;
  v.setType(*m);
  return true;
}

bool Driver::inferCall(Operation *op, CallKind kind) {
  SmallVector<Value> results = dataResults(op);
  SmallVector<Value> operands = dataOperands(op);
  SmallVector<Type> types(results.size());
  auto funcResults = [&](StringRef name) -> std::optional<ArrayRef<Type>> {
    func::FuncOp f = lookupFunc(name);
    if (!f)
      return std::nullopt;
    return f.getFunctionType().getResults();
  };
  auto joinInto = [&](ArrayRef<Type> rs, bool first) {
    for (unsigned i = 0; i < types.size(); ++i) {
      Type t = i < rs.size() ? rs[i] : Type();
      if (first)
        types[i] = t;
      else if (types[i] && t)
        types[i] = joinType(types[i], t);
      else
        types[i] = {};
    }
  };
  switch (kind) {
  case CallKind::If: {
    auto a = funcResults(funcNameOf(op->getAttr("then_branch")));
    auto b = funcResults(funcNameOf(op->getAttr("else_branch")));
    if (!a || !b)
      return false;
    // A constant condition selects one branch statically (as TF's constant
    // folding of If does): only that branch's result types count.
    DenseElementsAttr pred;
    if (op->getNumOperands() > 0 &&
        matchPattern(op->getOperand(0), m_Constant(&pred)) &&
        pred.getNumElements() == 1) {
      bool taken = pred.getElementType().isInteger(1)
                       ? pred.getSplatValue<bool>()
                   : isa<IntegerType>(pred.getElementType())
                       ? !pred.getSplatValue<APInt>().isZero()
                       : !pred.getSplatValue<APFloat>().isZero();
      joinInto(taken ? *a : *b, true);
      break;
    }
    joinInto(*a, true);
    joinInto(*b, false);
    break;
  }
  case CallKind::Case: {
    auto branches = dyn_cast_or_null<ArrayAttr>(op->getAttr("branches"));
    if (!branches || branches.empty())
      return false;
    bool first = true;
    for (Attribute b : branches) {
      auto r = funcResults(funcNameOf(b));
      if (!r)
        return false;
      joinInto(*r, first);
      first = false;
    }
    break;
  }
  case CallKind::While: {
    auto r = funcResults(funcNameOf(op->getAttr("body")));
    if (!r)
      return false;
    joinInto(*r, true);
    SmallVector<Type> init;
    for (Value v : operands)
      init.push_back(v.getType());
    joinInto(init, false);
    break;
  }
  case CallKind::Call: {
    auto r = funcResults(funcNameOf(op->getAttr("f")));
    if (!r)
      return false;
    joinInto(*r, true);
    break;
  }
  case CallKind::None:
    return false;
  }
  bool changed = false;
  for (auto [v, t] : llvm::zip(results, types))
    if (t && refine(v, t, op)) {
      changed = true;
      enqueueUsers(v);
    }
  return changed;
}

bool Driver::inferOp(Operation *op) {
  if (failedOps.contains(op))
    return false;
  StringRef name = op->getName().getStringRef();
  bool changed = false;
  auto refineAndEnqueue = [&](Value v, Type t) {
    if (refine(v, t, op)) {
      changed = true;
      enqueueUsers(v);
    }
  };

  if (auto island = dyn_cast<tf_executor::IslandOp>(op)) {
    auto yield = island.GetYield();
    if (!yield)
      return false;
    for (auto [r, y] : llvm::zip(island.getOutputs(), yield->getOperands()))
      refineAndEnqueue(r, y.getType());
    return changed;
  }
  if (auto graph = dyn_cast<tf_executor::GraphOp>(op)) {
    auto fetch = graph.GetFetch();
    if (!fetch)
      return false;
    // Graph results must stay equal to the signature of functions whose
    // signature we may not change.
    auto f = dyn_cast<func::FuncOp>(graph->getParentOp());
    bool mayRefine = !f || canChangeSignature(f) || f.getName() == "main" ||
                     !isa<func::ReturnOp>(f.getBody().back().getTerminator());
    if (!mayRefine)
      return false;
    SmallVector<Value> fetched = dataOperands(fetch);
    for (auto [r, y] : llvm::zip(graph.getResults(), fetched))
      refineAndEnqueue(r, y.getType());
    return changed;
  }
  if (name.starts_with("tf_executor.")) {
    SmallVector<Value> in = dataOperands(op);
    SmallVector<Value> out = dataResults(op);
    if (name == "tf_executor.Switch" || name == "tf_executor.SwitchN") {
      if (in.empty())
        return false;
      for (Value r : out)
        refineAndEnqueue(r, in[0].getType());
    } else if (name == "tf_executor.Merge") {
      if (in.empty() || out.empty())
        return false;
      // Inputs from a NextIteration.Source that (in a loop analysis) has
      // no value yet are left out.
      Type t;
      bool any = false;
      for (Value v : in) {
        Operation *def = v.getDefiningOp();
        if (def && bottomSources.contains(def))
          continue;
        t = any ? (t ? joinType(t, v.getType()) : Type()) : v.getType();
        any = true;
      }
      if (t)
        refineAndEnqueue(out[0], t);
    } else if (name == "tf_executor.Enter" || name == "tf_executor.Exit" ||
               name == "tf_executor.LoopCond") {
      if (!in.empty() && !out.empty())
        refineAndEnqueue(out[0], in[0].getType());
    } else if (name == "tf_executor.NextIteration.Sink") {
      // Operands: token, value. The Source's output is the value (not while
      // a loop assumption is being checked on a clone).
      if (!assumingLoopTypes && op->getNumOperands() >= 2)
        if (Operation *src = op->getOperand(0).getDefiningOp())
          if (src->getNumResults() > 0)
            refineAndEnqueue(src->getResult(0), op->getOperand(1).getType());
    }
    return changed;
  }
  if (auto castOp = dyn_cast<tensor::CastOp>(op)) {
    // Casts that other passes insert to keep a less specific type: the
    // result can take the operand's (compatible) type.
    refineAndEnqueue(castOp.getResult(), castOp.getSource().getType());
    return changed;
  }
  if (!name.starts_with("tf."))
    return false;
  CallKind kind = callKindOf(op);
  if (kind != CallKind::None)
    return inferCall(op, kind);

  ShapeFn fn = registry.lookup(name.drop_front(3));
  if (!fn)
    return false;
  InferenceContext ctx(op, evaluator);
  LogicalResult ok = success();
  if (speculative) {
    ScopedDiagnosticHandler silence(op->getContext(),
                                    [](Diagnostic &) { return success(); });
    ok = fn(ctx);
    if (failed(ok)) {
      speculativeFailed = true;
      return false;
    }
  } else {
    ok = fn(ctx);
    if (failed(ok)) {
      failedOps.insert(op);
      hadError = true;
      return false;
    }
  }
  // A shape function must never produce a negative dim (e.g. from int64
  // overflow); such a type would not even print as parseable IR.
  for (unsigned i = 0; i < ctx.numOutputs(); ++i) {
    const std::optional<Shape> &s = ctx.getOutput(i);
    if (!s || !s->ranked ||
        llvm::all_of(s->dims, [](int64_t d) { return d >= 0 || isDyn(d); }))
      continue;
    if (speculative) {
      speculativeFailed = true;
      return false;
    }
    (void)ctx.error("output " + Twine(i) + " would have shape " + s->str() +
                    ", with a negative dimension (int64 overflow)");
    failedOps.insert(op);
    hadError = true;
    return false;
  }
  SmallVector<Value> out = dataResults(op);
  for (unsigned i = 0; i < out.size() && i < ctx.numOutputs(); ++i) {
    Type t = ctx.getOutputFullType(i);
    if (!t && ctx.getOutput(i))
      t = withShape(out[i].getType(), *ctx.getOutput(i));
    if (t)
      refineAndEnqueue(out[i], t);
  }
  // Integer results whose value is computable from constants (e.g. Where
  // of a constant mask) get the value's shape, as TF's constant folding
  // would give them.
  for (Value v : out) {
    auto tt = dyn_cast<TensorType>(v.getType());
    if (!tt || tt.hasStaticShape() ||
        !isa<IntegerType>(tf_type::dropRef(tt.getElementType())))
      continue;
    if (auto val = evaluator.eval(v))
      refineAndEnqueue(v, withShape(v.getType(), Shape::of(val->shape)));
  }
  return changed;
}

bool Driver::inferRegion(Operation *root) {
  bool anyChange = false;
  SmallVector<Operation *> all;
  root->walk([&](Operation *op) {
    if (op != root && !isa<func::FuncOp>(op))
      all.push_back(op);
  });
  // Full sweeps catch values (not types) that became known upstream; the
  // worklist handles type changes in between.
  for (int sweep = 0; sweep < 8; ++sweep) {
    bool sweepChange = false;
    for (Operation *op : all)
      if (inWorklist.insert(op).second)
        worklist.push_back(op);
    int64_t budget = 64 * (int64_t)all.size() + 1024;
    while (!worklist.empty() && budget-- > 0) {
      Operation *op = worklist.front();
      worklist.pop_front();
      inWorklist.erase(op);
      if (inferOp(op)) {
        sweepChange = true;
        evaluator.invalidate();
      }
    }
    worklist.clear();
    inWorklist.clear();
    if (!sweepChange)
      break;
    anyChange = true;
  }
  return anyChange;
}

//===----------------------------------------------------------------------===//
// Module-level propagation
//===----------------------------------------------------------------------===//

void Driver::collectCallSites() {
  module.walk([&](Operation *op) {
    CallKind kind = callKindOf(op);
    SmallVector<StringRef, 2> known = funcAttrNames(kind);
    for (NamedAttribute na : op->getAttrs()) {
      bool isKnown = llvm::is_contained(known, na.getName().getValue());
      if (isKnown) {
        auto add = [&](Attribute a) {
          StringRef fn = funcNameOf(a);
          if (!fn.empty())
            callSites[fn].push_back({op, kind, na.getName().getValue()});
          else
            a.walk([&](SymbolRefAttr s) {
              escaping.insert(s.getRootReference().getValue());
            });
        };
        if (auto arr = dyn_cast<ArrayAttr>(na.getValue()))
          for (Attribute a : arr)
            add(a);
        else
          add(na.getValue());
        continue;
      }
      if (isa<func::FuncOp>(op) &&
          na.getName() == SymbolTable::getSymbolAttrName())
        continue;
      na.getValue().walk([&](SymbolRefAttr s) {
        escaping.insert(s.getRootReference().getValue());
      });
    }
  });
}

SmallVector<Type> Driver::whileCarriedTypes(Operation *whileOp) {
  SmallVector<Value> operands = dataOperands(whileOp);
  SmallVector<Type> t;
  for (Value v : operands)
    t.push_back(v.getType());
  func::FuncOp body = lookupFunc(funcNameOf(whileOp->getAttr("body")));
  if (!body || body.isExternal() || body.getNumArguments() != operands.size() ||
      body.getNumResults() != operands.size())
    return {};
  ArrayRef<Type> declared = body.getArgumentTypes();
  for (int iter = 0; iter < 8; ++iter) {
    SmallVector<Type> args;
    for (auto [d, x] : llvm::zip(declared, t)) {
      auto m = meetType(d, x);
      args.push_back(succeeded(m) ? *m : d);
    }
    // Infer a detached clone of the body under `args`.
    auto clone = cast<func::FuncOp>(body->clone());
    for (auto [arg, ty] : llvm::zip(clone.getArguments(), args))
      arg.setType(ty);
    bool savedSpec = speculative;
    speculative = true;
    speculativeFailed = false;
    inferRegion(clone);
    bool bad = speculativeFailed;
    speculative = savedSpec;
    speculativeFailed = false;
    SmallVector<Type> results;
    if (!clone.getBody().empty())
      if (auto ret =
              dyn_cast<func::ReturnOp>(clone.getBody().back().getTerminator()))
        for (Value v : ret.getOperands())
          results.push_back(v.getType());
    clone->erase();
    evaluator.invalidate();
    if (bad || results.size() != args.size())
      return {};
    SmallVector<Type> next;
    for (auto [a, r] : llvm::zip(args, results)) {
      Type j = joinType(a, r);
      if (!j)
        return {};
      next.push_back(j);
    }
    if (next == args)
      return next;
    t = next;
  }
  return {};
}

static bool isNextIterationSource(Operation *op) {
  return op->getName().getStringRef() == "tf_executor.NextIteration.Source";
}

/// The Sink paired with a Source (the user of its token).
static Operation *sinkOf(Operation *source) {
  if (source->getNumResults() < 2)
    return nullptr;
  for (Operation *user : source->getResult(1).getUsers())
    if (user->getName().getStringRef() == "tf_executor.NextIteration.Sink")
      return user;
  return nullptr;
}

bool Driver::inferExecutorLoops(func::FuncOp f) {
  SmallVector<Operation *> sources;
  int64_t numOps = 0;
  f.walk([&](Operation *op) {
    ++numOps;
    if (isNextIterationSource(op))
      sources.push_back(op);
  });
  if (sources.empty() || numOps > 50000)
    return false;
  // Optimistic iteration on clones: a Source starts as "no value yet" (its
  // Merges ignore it), then takes the join of the types fed back to its
  // Sink, until those fit. Nested loops settle together.
  SmallVector<Type> assumed(sources.size()); // null: no value yet
  for (int iter = 0; iter < 10; ++iter) {
    auto clone = cast<func::FuncOp>(f->clone());
    SmallVector<Operation *> cloneSources;
    clone.walk([&](Operation *op) {
      if (isNextIterationSource(op))
        cloneSources.push_back(op);
    });
    if (cloneSources.size() != sources.size()) {
      clone->erase();
      return false;
    }
    bottomSources.clear();
    for (auto [src, t] : llvm::zip(cloneSources, assumed)) {
      if (!t) {
        bottomSources.insert(src);
        continue;
      }
      auto m = meetType(src->getResult(0).getType(), t);
      if (succeeded(m))
        src->getResult(0).setType(*m);
    }
    bool savedSpec = speculative, savedAssume = assumingLoopTypes;
    speculative = true;
    assumingLoopTypes = true;
    speculativeFailed = false;
    inferRegion(clone);
    bool bad = speculativeFailed;
    speculative = savedSpec;
    assumingLoopTypes = savedAssume;
    speculativeFailed = false;
    bottomSources.clear();
    SmallVector<Type> next;
    for (auto [src, t] : llvm::zip(cloneSources, assumed)) {
      Operation *sink = sinkOf(src);
      if (!sink || sink->getNumOperands() < 2) {
        next.push_back(t);
        continue;
      }
      Type fed = sink->getOperand(1).getType();
      Type j = t ? joinType(t, fed) : fed;
      if (!j) {
        bad = true;
        break;
      }
      next.push_back(j);
    }
    clone->erase();
    evaluator.invalidate();
    if (bad)
      return false;
    if (next == assumed) {
      bool changed = false;
      for (auto [src, t] : llvm::zip(sources, assumed))
        if (t && refine(src->getResult(0), t, src))
          changed = true;
      return changed;
    }
    assumed = next;
  }
  return false;
}

bool Driver::propagateArguments() {
  bool changed = false;
  // Loop-carried types, computed once per While op per round.
  DenseMap<Operation *, SmallVector<Type>> whileTypes;
  for (auto &entry : callSites) {
    StringRef fname = entry.getKey();
    func::FuncOp f = lookupFunc(fname);
    if (!f || f.isExternal() || !canChangeSignature(f) ||
        escaping.contains(fname) || entry.getValue().empty())
      continue;
    unsigned nargs = f.getNumArguments();
    SmallVector<Type> desired(nargs);
    bool ok = true, first = true;
    for (const CallSite &cs : entry.getValue()) {
      SmallVector<Value> operands = dataOperands(cs.op);
      SmallVector<Type> siteTypes;
      switch (cs.kind) {
      case CallKind::If:
      case CallKind::Case:
        for (Value v :
             ArrayRef<Value>(operands).drop_front(operands.empty() ? 0 : 1))
          siteTypes.push_back(v.getType());
        break;
      case CallKind::Call:
        for (Value v : operands)
          siteTypes.push_back(v.getType());
        break;
      case CallKind::While: {
        auto it = whileTypes.find(cs.op);
        if (it == whileTypes.end())
          it = whileTypes.try_emplace(cs.op, whileCarriedTypes(cs.op)).first;
        siteTypes = it->second;
        if (siteTypes.empty())
          ok = false;
        break;
      }
      case CallKind::None:
        ok = false;
        break;
      }
      if (!ok || siteTypes.size() != nargs) {
        ok = false;
        break;
      }
      for (unsigned i = 0; i < nargs; ++i) {
        if (first)
          desired[i] = siteTypes[i];
        else if (desired[i])
          desired[i] = joinType(desired[i], siteTypes[i]);
      }
      first = false;
    }
    if (!ok)
      continue;
    bool fchanged = false;
    for (unsigned i = 0; i < nargs; ++i) {
      if (!desired[i])
        continue;
      BlockArgument arg = f.getArgument(i);
      auto m = meetType(arg.getType(), desired[i]);
      if (failed(m) || *m == arg.getType())
        continue;
      arg.setType(*m);
      fchanged = true;
    }
    if (fchanged) {
      f.setType(FunctionType::get(f.getContext(),
                                  f.getBody().getArgumentTypes(),
                                  f.getFunctionType().getResults()));
      changed = true;
    }
  }
  return changed;
}

bool Driver::updateFunctionResults(func::FuncOp f) {
  if (f.isExternal())
    return false;
  if (!canChangeSignature(f) && f.getName() != "main")
    return false;
  auto ret = dyn_cast<func::ReturnOp>(f.getBody().back().getTerminator());
  if (!ret)
    return false;
  SmallVector<Type> results(ret.getOperandTypes());
  if (results == SmallVector<Type>(f.getFunctionType().getResults()))
    return false;
  f.setType(FunctionType::get(f.getContext(), f.getFunctionType().getInputs(),
                              results));
  return true;
}

void Driver::fixupUnchangeableResults(func::FuncOp f) {
  if (f.isExternal())
    return;
  auto ret = dyn_cast<func::ReturnOp>(f.getBody().back().getTerminator());
  if (!ret)
    return;
  OpBuilder b(ret);
  for (auto [i, t] : llvm::enumerate(f.getFunctionType().getResults())) {
    Value v = ret.getOperand(i);
    if (v.getType() == t || !isa<TensorType>(t))
      continue;
    auto c = tensor::CastOp::create(b, ret.getLoc(), t, v);
    ret.setOperand(i, c);
  }
}

SmallVector<Value> Driver::argumentSources(BlockArgument arg) {
  auto f = dyn_cast_or_null<func::FuncOp>(arg.getOwner()->getParentOp());
  if (!f || !f.isPrivate() || arg.getOwner() != &f.getBody().front())
    return {};
  StringRef name = f.getName();
  auto it = callSites.find(name);
  if (it == callSites.end() || escaping.contains(name) || it->second.empty())
    return {};
  unsigned idx = arg.getArgNumber();
  SmallVector<Value> srcs;
  for (const CallSite &cs : it->second) {
    SmallVector<Value> operands = dataOperands(cs.op);
    unsigned pos;
    switch (cs.kind) {
    case CallKind::If:
    case CallKind::Case:
      pos = idx + 1;
      break;
    case CallKind::Call:
      pos = idx;
      break;
    default:
      // While arguments change from one iteration to the next.
      return {};
    }
    if (pos >= operands.size())
      return {};
    srcs.push_back(operands[pos]);
  }
  return srcs;
}

LogicalResult Driver::run() {
  collectCallSites();
  evaluator.argSources = [this](BlockArgument arg) {
    return argumentSources(arg);
  };
  SmallVector<func::FuncOp> funcs;
  for (auto f : module.getOps<func::FuncOp>())
    if (!f.isExternal())
      funcs.push_back(f);
  for (int64_t iter = 0; iter < maxIterations; ++iter) {
    bool changed = false;
    for (func::FuncOp f : funcs) {
      bool fchanged = inferRegion(f);
      changed |= fchanged;
      // TF1 loops: analysed the first time and whenever the function's
      // types changed since.
      if ((fchanged || loopsAnalysed.insert(f).second) &&
          inferExecutorLoops(f)) {
        changed = true;
        inferRegion(f);
      }
      changed |= updateFunctionResults(f);
    }
    if (hadError)
      break;
    changed |= propagateArguments();
    if (!changed)
      break;
  }
  for (func::FuncOp f : funcs)
    fixupUnchangeableResults(f);
  return failure(hadError);
}

struct TFShapeInferencePass
    : public impl::TFShapeInferenceBase<TFShapeInferencePass> {
  using TFShapeInferenceBase::TFShapeInferenceBase;
  void runOnOperation() override {
    if (failed(inferModuleShapes(getOperation(), maxIterations)))
      signalPassFailure();
  }
};

} // namespace

bool refineResultTypes(Operation *op) {
  StringRef name = op->getName().getStringRef();
  if (!name.starts_with("tf."))
    return false;
  ShapeFn fn = ShapeFnRegistry::get().lookup(name.drop_front(3));
  if (!fn)
    return false;
  ValueEvaluator evaluator;
  InferenceContext ctx(op, evaluator);
  {
    ScopedDiagnosticHandler silence(op->getContext(),
                                    [](Diagnostic &) { return success(); });
    if (failed(fn(ctx)))
      return false;
  }
  bool changed = false;
  for (unsigned i = 0; i < op->getNumResults() && i < ctx.numOutputs(); ++i) {
    const std::optional<Shape> &s = ctx.getOutput(i);
    auto cur = dyn_cast<TensorType>(op->getResult(i).getType());
    if (!s || !cur || !s->isStatic() || (cur.hasRank() && cur.hasStaticShape()))
      continue;
    if (llvm::any_of(s->dims, [](int64_t d) { return d < 0; }))
      continue;
    if (cur.hasRank() && failed(verifyCompatibleShape(cur.getShape(), s->dims)))
      continue;
    op->getResult(i).setType(
        RankedTensorType::get(s->dims, cur.getElementType()));
    changed = true;
  }
  return changed;
}

LogicalResult inferModuleShapes(ModuleOp module, int64_t maxIterations) {
  Driver d(module, maxIterations);
  return d.run();
}

} // namespace tfmlir
