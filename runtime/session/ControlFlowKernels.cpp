//===- ControlFlowKernels.cpp - If/While on host, bodies on executors ----===//
#include "runtime/session/ControlFlowKernels.h"

#include "dialects/tf/TFDiagnostics.h"
#include "dialects/tf/TFOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"

#include "absl/strings/str_cat.h"

namespace tfmlir::session {

namespace {

/// Deeper nesting of functional ops than this is refused (a function that
/// reaches itself through If/While would otherwise build forever).
constexpr int kMaxFunctionDepth = 32;

/// The functions `op`'s attrs name (func attrs and arrays of them).
llvm::SmallVector<mlir::SymbolRefAttr> calledSymbols(mlir::Operation *op) {
  llvm::SmallVector<mlir::SymbolRefAttr> syms;
  for (mlir::NamedAttribute a : op->getAttrs()) {
    if (mlir::SymbolRefAttr s = TF::getFuncAttrSymbol(a.getValue()))
      syms.push_back(s);
    else if (auto arr = mlir::dyn_cast<mlir::ArrayAttr>(a.getValue()))
      for (mlir::Attribute e : arr)
        if (mlir::SymbolRefAttr s = TF::getFuncAttrSymbol(e))
          syms.push_back(s);
  }
  return syms;
}

/// Builds the executor of function `sym` of `op`'s module: a new module (in
/// the same context) whose @main is a copy of the function, with copies of
/// every function it reaches through func attrs. Errors are prefixed with
/// "function '<name>': ". A function that reaches itself (recursion) is
/// refused with InvalidArgument naming the call path.
absl::StatusOr<std::unique_ptr<GraphExecutor>>
buildFunction(mlir::Operation *op, mlir::SymbolRefAttr sym,
              const ExecutorOptions &options) {
  std::string fnName = sym.getRootReference().str();
  auto parent = op->getParentOfType<mlir::ModuleOp>();
  auto fn =
      parent ? parent.lookupSymbol<mlir::func::FuncOp>(sym.getRootReference())
             : mlir::func::FuncOp();
  if (!fn || fn.isExternal())
    return absl::InvalidArgumentError(
        absl::StrCat("the function '", fnName, "' has no body"));
  if (std::string cycle = TF::recursionPath(fn); !cycle.empty())
    return absl::InvalidArgumentError(absl::StrCat(
        "function '", fnName, "' calls itself (", cycle,
        "); recursion cannot be run: the Session builds every function a "
        "node calls before the run, as XLA inlines them"));
  mlir::OwningOpRef<mlir::ModuleOp> m = mlir::ModuleOp::create(fn.getLoc());
  mlir::SymbolTable table(*m);
  auto main = fn.clone();
  main.setName("main");
  main.setPublic();
  table.insert(main);
  // The functions the copy reaches (nested functional ops, calls).
  llvm::SetVector<mlir::Operation *> work;
  work.insert(main);
  for (size_t i = 0; i < work.size(); ++i)
    work[i]->walk([&](mlir::Operation *inner) {
      for (mlir::SymbolRefAttr s : calledSymbols(inner)) {
        if (table.lookup(s.getRootReference()))
          continue;
        auto callee =
            parent.lookupSymbol<mlir::func::FuncOp>(s.getRootReference());
        if (!callee)
          continue; // the op's own verifier has reported it
        auto copy = callee.clone();
        m->push_back(copy);
        work.insert(copy);
      }
    });
  ExecutorOptions sub = options;
  sub.graphName = absl::StrCat(options.graphName, "/", fnName);
  sub.functionDepth = options.functionDepth + 1;
  sub.alreadyClustered = false;
  absl::StatusOr<std::unique_ptr<GraphExecutor>> exe =
      GraphExecutor::createForFunction(op->getContext(), std::move(m), sub);
  if (!exe.ok())
    return absl::Status(
        exe.status().code(),
        absl::StrCat("function '", fnName, "': ", exe.status().message()));
  return exe;
}

/// TF's ToBool of a predicate (If's cond, While's cond result).
absl::StatusOr<bool> toBool(const HostTensor &t) {
  if (t.isVariant())
    return absl::InvalidArgumentError(
        "the predicate is a variant (TensorList), not a tensor");
  if (!t.shape().empty())
    return t.numElements() > 0;
  return realElement(t, 0) != 0;
}

/// While/StatelessWhile: loops body while cond is true.
class WhileKernel : public HostKernel {
public:
  WhileKernel(std::unique_ptr<GraphExecutor> cond,
              std::unique_ptr<GraphExecutor> body)
      : cond_(std::move(cond)), body_(std::move(body)) {}

  absl::Status compute(KernelContext &ctx) const override {
    std::vector<HostTensor> vars;
    std::vector<const HostTensor *> cur = ctx.inputs;
    for (;;) {
      absl::StatusOr<std::vector<HostTensor>> c = cond_->run(cur);
      if (!c.ok())
        return c.status();
      if (c->size() != 1)
        return absl::InvalidArgumentError(
            absl::StrCat("the While cond returned ", c->size(),
                         " values; it must return one"));
      absl::StatusOr<bool> more = toBool((*c)[0]);
      if (!more.ok())
        return more.status();
      if (!*more)
        break;
      absl::StatusOr<std::vector<HostTensor>> next = body_->run(cur);
      if (!next.ok())
        return next.status();
      if (next->size() != cur.size())
        return absl::InvalidArgumentError(
            absl::StrCat("the While body returned ", next->size(),
                         " values for ", cur.size(), " loop variables"));
      vars = std::move(*next);
      cur.clear();
      for (const HostTensor &v : vars)
        cur.push_back(&v);
    }
    if (vars.empty()) // no iteration: the inputs are the outputs
      for (const HostTensor *t : ctx.inputs)
        vars.push_back(t->clone());
    ctx.outputs = std::move(vars);
    return absl::OkStatus();
  }

private:
  std::unique_ptr<GraphExecutor> cond_, body_;
};

/// If/StatelessIf: calls then_branch or else_branch with inputs[1:].
class IfKernel : public HostKernel {
public:
  IfKernel(std::unique_ptr<GraphExecutor> thenFn,
           std::unique_ptr<GraphExecutor> elseFn)
      : then_(std::move(thenFn)), else_(std::move(elseFn)) {}

  absl::Status compute(KernelContext &ctx) const override {
    absl::StatusOr<bool> c = toBool(*ctx.inputs[0]);
    if (!c.ok())
      return c.status();
    std::vector<const HostTensor *> args(ctx.inputs.begin() + 1,
                                         ctx.inputs.end());
    absl::StatusOr<std::vector<HostTensor>> r = (*c ? then_ : else_)->run(args);
    if (!r.ok())
      return r.status();
    ctx.outputs = std::move(*r);
    return absl::OkStatus();
  }

private:
  std::unique_ptr<GraphExecutor> then_, else_;
};

/// Case/StatelessCase: calls branches[branch_index] with inputs[1:]; an
/// index outside [0, N) calls the last branch (TF's default branch,
/// functional_ops.cc CaseOp).
class CaseKernel : public HostKernel {
public:
  explicit CaseKernel(std::vector<std::unique_ptr<GraphExecutor>> branches)
      : branches_(std::move(branches)) {}

  absl::Status compute(KernelContext &ctx) const override {
    const HostTensor &index = *ctx.inputs[0];
    if (index.isVariant() || !index.shape().empty())
      return absl::InvalidArgumentError("branch_index must be scalar");
    if (index.dtype() != DType::kI32 && index.dtype() != DType::kI64)
      return absl::InvalidArgumentError(absl::StrCat(
          "branch_index must be int32, got ", dtypeName(index.dtype())));
    int64_t b = intElement(index, 0);
    int64_t n = branches_.size();
    if (b < 0 || b >= n)
      b = n - 1;
    std::vector<const HostTensor *> args(ctx.inputs.begin() + 1,
                                         ctx.inputs.end());
    absl::StatusOr<std::vector<HostTensor>> r = branches_[b]->run(args);
    if (!r.ok())
      return r.status();
    ctx.outputs = std::move(*r);
    return absl::OkStatus();
  }

private:
  std::vector<std::unique_ptr<GraphExecutor>> branches_;
};

} // namespace

bool isFunctionalControlFlow(mlir::Operation *op) {
  llvm::StringRef n = op->getName().getStringRef();
  return n == "tf.If" || n == "tf.StatelessIf" || n == "tf.While" ||
         n == "tf.StatelessWhile" || n == "tf.Case" || n == "tf.StatelessCase";
}

absl::StatusOr<std::unique_ptr<HostKernel>>
buildControlFlowKernel(mlir::Operation *op, const ExecutorOptions &options) {
  std::string name = op->getName().getStringRef().str();
  if (options.functionDepth >= kMaxFunctionDepth)
    return absl::InvalidArgumentError(absl::StrCat(
        "functional control flow nested more than ", kMaxFunctionDepth,
        " levels deep (a function that reaches itself?)"));
  if (name == "tf.Case" || name == "tf.StatelessCase") {
    auto arr = op->getAttrOfType<mlir::ArrayAttr>("branches");
    if (!arr || arr.empty())
      return absl::InvalidArgumentError("no branches functions");
    std::vector<std::unique_ptr<GraphExecutor>> branches;
    for (mlir::Attribute a : arr) {
      mlir::SymbolRefAttr sym = TF::getFuncAttrSymbol(a);
      if (!sym)
        return absl::InvalidArgumentError(
            "an entry of branches is not a function");
      auto f = buildFunction(op, sym, options);
      if (!f.ok())
        return f.status();
      branches.push_back(std::move(*f));
    }
    return std::make_unique<CaseKernel>(std::move(branches));
  }
  bool isWhile = name == "tf.While" || name == "tf.StatelessWhile";
  const char *first = isWhile ? "cond" : "then_branch";
  const char *second = isWhile ? "body" : "else_branch";
  mlir::SymbolRefAttr a = TF::getFuncAttrSymbol(op->getAttr(first));
  mlir::SymbolRefAttr b = TF::getFuncAttrSymbol(op->getAttr(second));
  if (!a || !b)
    return absl::InvalidArgumentError(
        absl::StrCat("no ", first, " or ", second, " function"));
  auto fa = buildFunction(op, a, options);
  if (!fa.ok())
    return fa.status();
  auto fb = buildFunction(op, b, options);
  if (!fb.ok())
    return fb.status();
  if (isWhile)
    return std::make_unique<WhileKernel>(std::move(*fa), std::move(*fb));
  return std::make_unique<IfKernel>(std::move(*fa), std::move(*fb));
}

} // namespace tfmlir::session
