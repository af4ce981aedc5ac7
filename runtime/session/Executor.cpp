//===- Executor.cpp - runs clusters and host kernels in dependency order --===//
#include "runtime/session/Executor.h"

#include "runtime/session/ControlFlowKernels.h"
#include "runtime/session/CpuExecutable.h"
#include "runtime/session/kernels/HostKernel.h"

#include "dialects/tf/TFDiagnostics.h"
#include "dialects/tf/TFTypes.h"
#include "lib/Conversion/TFToHLO/Passes.h"
#include "lib/Pipelines/CompileMemory.h"
#include "lib/Support/CheckedMath.h"
#include "lib/Transforms/MarkForCompilation.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/raw_ostream.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

namespace tfmlir::session {

namespace {

/// A fixed-size pool of worker threads taking closures from one queue (the
/// inter-op pool).
class InterOpPool {
public:
  explicit InterOpPool(int threads) {
    for (int i = 0; i < threads; ++i)
      workers_.emplace_back([this] { loop(); });
  }
  ~InterOpPool() {
    {
      std::lock_guard<std::mutex> l(mu_);
      stop_ = true;
    }
    cv_.notify_all();
    for (std::thread &t : workers_)
      t.join();
  }
  void schedule(std::function<void()> fn) {
    {
      std::lock_guard<std::mutex> l(mu_);
      queue_.push_back(std::move(fn));
    }
    cv_.notify_one();
  }

private:
  void loop() {
    for (;;) {
      std::function<void()> fn;
      {
        std::unique_lock<std::mutex> l(mu_);
        cv_.wait(l, [&] { return stop_ || !queue_.empty(); });
        if (queue_.empty())
          return;
        fn = std::move(queue_.front());
        queue_.pop_front();
      }
      fn();
    }
  }
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> queue_;
  std::vector<std::thread> workers_;
  bool stop_ = false;
};

/// The process-wide inter-op pool of `threads` threads, shared by every
/// executor asking for that many (as TF's sessions share the global
/// inter-op pool by default); released with its last executor.
std::shared_ptr<InterOpPool> sharedPool(int threads) {
  static std::mutex mu;
  static std::map<int, std::weak_ptr<InterOpPool>> pools;
  std::lock_guard<std::mutex> l(mu);
  std::shared_ptr<InterOpPool> p = pools[threads].lock();
  if (!p) {
    p = std::make_shared<InterOpPool>(threads);
    pools[threads] = p;
  }
  return p;
}

std::string typeString(mlir::Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << t;
  return s;
}

/// How run errors name a cluster: "cluster <name> (nodes a, b, c, and N
/// more)", the TF node names of its first ops.
std::string clusterLabel(llvm::StringRef name,
                         llvm::ArrayRef<mlir::Operation *> ops) {
  // Several hlo ops come from one TF node: each name once, in order.
  std::vector<std::string> names;
  std::set<std::string> seen;
  for (mlir::Operation *op : ops)
    if (std::string n = nodeNameOf(op->getLoc());
        !n.empty() && seen.insert(n).second)
      names.push_back(n);
  std::string s = absl::StrCat("cluster ", name.str(), " (nodes ");
  constexpr size_t kShown = 4;
  for (size_t i = 0; i < names.size() && i < kShown; ++i)
    absl::StrAppend(&s, i ? ", " : "", names[i]);
  if (names.size() > kShown)
    absl::StrAppend(&s, ", and ", names.size() - kShown, " more");
  return s + ")";
}

/// The host value of a constant op (DenseElementsAttr "value"): every
/// element is written, so a splat attribute (TF's compact form) becomes a
/// full buffer here. Errors: Unimplemented for a type with no host dtype;
/// ResourceExhausted naming the node when the buffer is over `maxBytes`
/// (max_run_memory_bytes; <= 0 = no limit) or cannot be allocated.
absl::StatusOr<HostTensor> constantValue(mlir::Operation *op,
                                         int64_t maxBytes) {
  auto attr = op->getAttrOfType<mlir::DenseElementsAttr>("value");
  auto type = attr ? mlir::dyn_cast<mlir::RankedTensorType>(attr.getType())
                   : mlir::RankedTensorType();
  std::optional<DType> d =
      type ? dtypeOfElement(type.getElementType()) : std::nullopt;
  if (!d)
    return absl::UnimplementedError(absl::StrCat(
        "constant '", nodeNameOf(op->getLoc()), "' of type ",
        typeString(op->getResult(0).getType()), " cannot be a host value"));
  std::vector<int64_t> shape(type.getShape().begin(), type.getShape().end());
  std::optional<int64_t> bytes;
  if (std::optional<int64_t> count = checkedProduct(shape))
    bytes = checkedMul(*count, static_cast<int64_t>(dtypeSize(*d)));
  if (bytes && maxBytes > 0 && *bytes > maxBytes)
    return absl::ResourceExhaustedError(absl::StrCat(
        "constant '", nodeNameOf(op->getLoc()), "' of type ",
        typeString(attr.getType()), " needs ", *bytes,
        " bytes as a host tensor, more than max_run_memory_bytes (", maxBytes,
        ")"));
  absl::StatusOr<HostTensor> created = HostTensor::create(*d, shape);
  if (!created.ok())
    return absl::Status(created.status().code(),
                        absl::StrCat("constant '", nodeNameOf(op->getLoc()),
                                     "': ", created.status().message()));
  HostTensor t = std::move(*created);
  int64_t n = t.numElements();
  if (attr.isSplat() && n > 0) {
    // One element converted, then copied: no per-element APInt/APFloat.
    size_t es = dtypeSize(*d);
    char *out = static_cast<char *>(t.raw());
    if (*d == DType::kBool) {
      std::memset(out, attr.getSplatValue<bool>() ? 1 : 0, n);
      return t;
    }
    llvm::APInt bits =
        mlir::isa<mlir::FloatType>(type.getElementType())
            ? attr.getSplatValue<llvm::APFloat>().bitcastToAPInt()
            : attr.getSplatValue<llvm::APInt>();
    uint64_t raw = bits.getZExtValue();
    std::memcpy(out, &raw, es);
    // Doubling copies: log2(n) memcpy calls.
    for (int64_t done = 1; done < n;) {
      int64_t k = std::min(done, n - done);
      std::memcpy(out + done * es, out, k * es);
      done += k;
    }
    return t;
  }
  if (*d == DType::kBool) {
    auto v = attr.getValues<bool>();
    for (int64_t i = 0; i < n; ++i)
      t.data<uint8_t>()[i] = v[attr.isSplat() ? 0 : i];
    return t;
  }
  if (mlir::isa<mlir::FloatType>(type.getElementType())) {
    auto v = attr.getValues<llvm::APFloat>();
    for (int64_t i = 0; i < n; ++i) {
      llvm::APInt bits = v[attr.isSplat() ? 0 : i].bitcastToAPInt();
      uint64_t raw = bits.getZExtValue();
      std::memcpy(static_cast<char *>(t.raw()) + i * dtypeSize(*d), &raw,
                  dtypeSize(*d));
    }
    return t;
  }
  auto v = attr.getValues<llvm::APInt>();
  for (int64_t i = 0; i < n; ++i) {
    uint64_t raw = v[attr.isSplat() ? 0 : i].getZExtValue();
    std::memcpy(static_cast<char *>(t.raw()) + i * dtypeSize(*d), &raw,
                dtypeSize(*d));
  }
  return t;
}

} // namespace

/// A cluster compiled at run time for the shapes it gets (XlaLaunch-like):
/// its tf ops outlined into @main with the run-time (dynamic) types.
struct RuntimeCluster {
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::mutex mu; ///< guards cache
  std::map<std::string, std::unique_ptr<CpuExecutable>> cache;
  /// Shapes it did not compile for, with the error (not retried).
  std::map<std::string, absl::Status> failed;
  /// ExecutorOptions::clampIndices and maxRunMemoryBytes.
  bool clampIndices = false;
  /// ExecutorOptions::listAllNodesInErrors.
  bool listAllNodes = false;
  int64_t maxRunMemoryBytes = 0;
  /// CpuExecutable::setName of its executables (clusterLabel), and the
  /// name of its compiles in compile-memory errors.
  std::string label;
  /// ExecutorOptions::maxCompileMemoryBytes, per run-time compile.
  int64_t maxCompileMemoryBytes = 0;
};

/// One node of the executor: a compiled cluster (at create() or at run
/// time) or a host kernel.
struct Node {
  std::string name;   ///< the node name in errors ("cluster_0" or the op's)
  std::string opName; ///< "cluster" or the tf op name
  int numOps = 0;     ///< hlo ops of a cluster
  std::unique_ptr<CpuExecutable> exe;
  std::unique_ptr<RuntimeCluster> rt;
  std::unique_ptr<HostKernel> kernel;
  std::vector<int> inputs;  ///< slots
  std::vector<int> outputs; ///< slots
  std::vector<int> succs;   ///< nodes
  int numPreds = 0;
};

struct GraphExecutor::Impl {
  ExecutorOptions options;
  std::unique_ptr<mlir::MLIRContext> ownedContext; ///< null when borrowed
  mlir::MLIRContext *context = nullptr;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::vector<Node> nodes; ///< in a topological order
  int numSlots = 0;
  std::vector<int> argSlots; ///< per @main argument
  std::vector<mlir::Type> argTypes;
  std::vector<int> resultSlots; ///< per @main result
  /// Constant slots and their values.
  std::vector<std::pair<int, std::shared_ptr<const HostTensor>>> constants;
  /// Per slot: how many node inputs read it (released after the last).
  std::vector<int> uses;
  std::vector<bool> isResult;
  std::shared_ptr<InterOpPool> pool;
  mutable std::atomic<int64_t> runs{0}, maxRunning{0}, runtimeCompiles{0};
};

GraphExecutor::~GraphExecutor() = default;

namespace {

/// Builds the nodes of @main; see GraphExecutor::create.
class Builder {
public:
  Builder(GraphExecutor::Impl &impl, mlir::func::FuncOp fn)
      : impl_(impl), fn_(fn) {}

  absl::Status build();

private:
  int slotOf(mlir::Value v) {
    auto [it, inserted] = slots_.try_emplace(v, impl_.numSlots);
    if (inserted)
      ++impl_.numSlots;
    return it->second;
  }
  absl::Status addConstant(mlir::Value v);
  absl::Status outlineCluster(llvm::StringRef name,
                              llvm::ArrayRef<mlir::Operation *> ops,
                              bool atRunTime);
  absl::Status addHostNode(mlir::Operation &op,
                           std::unique_ptr<HostKernel> kernel);
  absl::Status missingKernels();
  absl::Status linkAndSort();

  GraphExecutor::Impl &impl_;
  mlir::func::FuncOp fn_;
  llvm::DenseMap<mlir::Value, int> slots_;
  llvm::DenseSet<int> constSlots_;
  /// Ops without a kernel: (op, reason from the factory; empty = none).
  std::vector<std::pair<mlir::Operation *, std::string>> missing_;
  std::vector<int> producer_; ///< slot -> node, -1 for args and constants
};

absl::Status Builder::addConstant(mlir::Value v) {
  int s = slotOf(v);
  if (!constSlots_.insert(s).second)
    return absl::OkStatus();
  absl::StatusOr<HostTensor> t =
      constantValue(v.getDefiningOp(), impl_.options.maxRunMemoryBytes);
  if (!t.ok())
    return t.status();
  impl_.constants.push_back(
      {s, std::make_shared<const HostTensor>(std::move(*t))});
  return absl::OkStatus();
}

absl::Status Builder::addHostNode(mlir::Operation &op,
                                  std::unique_ptr<HostKernel> kernel) {
  Node node;
  node.name = nodeNameOf(op.getLoc());
  node.opName = op.getName().getStringRef().str();
  node.kernel = std::move(kernel);
  for (auto [i, v] : llvm::enumerate(op.getOperands())) {
    if (!node.kernel->takesOperand(i))
      continue; // read by the kernel's factory (HostKernel::takesOperand)
    if (mlir::Operation *def = v.getDefiningOp(); def && isClusterConstant(def))
      if (absl::Status s = addConstant(v); !s.ok())
        return s;
    node.inputs.push_back(slotOf(v));
  }
  for (mlir::Value r : op.getResults())
    node.outputs.push_back(slotOf(r));
  impl_.nodes.push_back(std::move(node));
  return absl::OkStatus();
}

absl::Status Builder::outlineCluster(llvm::StringRef name,
                                     llvm::ArrayRef<mlir::Operation *> ops,
                                     bool atRunTime) {
  llvm::DenseSet<mlir::Operation *> inCluster(ops.begin(), ops.end());
  auto inside = [&](mlir::Operation *op) {
    while (op && !inCluster.contains(op))
      op = op->getParentOp() == fn_ ? nullptr : op->getParentOp();
    return op != nullptr;
  };
  llvm::SetVector<mlir::Value> inputs, outputs;
  llvm::SetVector<mlir::Operation *> consts;
  for (mlir::Operation *op : ops) {
    op->walk([&](mlir::Operation *inner) {
      for (mlir::Value v : inner->getOperands()) {
        mlir::Operation *def = v.getDefiningOp();
        if (def && inside(def))
          continue;
        if (!def && inside(v.getParentBlock()->getParentOp()))
          continue; // a block argument of a nested region
        if (def && isClusterConstant(def))
          consts.insert(def);
        else
          inputs.insert(v);
      }
    });
    for (mlir::Value r : op->getResults())
      for (mlir::OpOperand &use : r.getUses())
        if (!inside(use.getOwner()))
          outputs.insert(r);
  }
  mlir::OpBuilder b(impl_.context);
  mlir::Location loc = ops.front()->getLoc();
  mlir::OwningOpRef<mlir::ModuleOp> m = mlir::ModuleOp::create(loc);
  b.setInsertionPointToEnd(m->getBody());
  llvm::SmallVector<mlir::Type> inTypes, outTypes;
  for (mlir::Value v : inputs)
    inTypes.push_back(v.getType());
  for (mlir::Value v : outputs)
    outTypes.push_back(v.getType());
  for (auto [what, types, values] :
       {std::make_tuple("input", &inTypes, &inputs),
        std::make_tuple("output", &outTypes, &outputs)})
    for (auto [t, v] : llvm::zip(*types, *values)) {
      if (atRunTime)
        break; // typed when run

      auto rt = mlir::dyn_cast<mlir::RankedTensorType>(t);
      if (!rt || !rt.hasStaticShape()) {
        mlir::Operation *def = v.getDefiningOp();
        return absl::UnimplementedError(
            absl::StrCat(name.str(), ": ", what, " ",
                         def ? "from node '" + nodeNameOf(def->getLoc()) + "'"
                             : std::string("argument"),
                         " has type ", typeString(t),
                         "; compiled clusters need static shapes"));
      }
    }
  auto fn = mlir::func::FuncOp::create(loc, "main",
                                       b.getFunctionType(inTypes, outTypes));
  m->push_back(fn);
  mlir::Block *entry = fn.addEntryBlock();
  b.setInsertionPointToStart(entry);
  mlir::IRMapping map;
  for (auto [v, a] : llvm::zip(inputs, entry->getArguments()))
    map.map(v, a);
  for (mlir::Operation *c : consts)
    b.clone(*c, map);
  for (mlir::Operation *op : ops) {
    mlir::Operation *copy = b.clone(*op, map);
    copy->removeAttr(kXlaClusterAttr);
  }
  llvm::SmallVector<mlir::Value> rets;
  for (mlir::Value v : outputs)
    rets.push_back(map.lookup(v));
  mlir::func::ReturnOp::create(b, loc, rets);

  Node node;
  node.name = name.str();
  node.opName = "cluster";
  node.numOps = ops.size();
  if (atRunTime) {
    node.rt = std::make_unique<RuntimeCluster>();
    node.rt->module = std::move(m);
    node.rt->clampIndices = impl_.options.clampIndices;
    node.rt->listAllNodes = impl_.options.listAllNodesInErrors;
    node.rt->maxRunMemoryBytes = impl_.options.maxRunMemoryBytes;
    node.rt->label = clusterLabel(name, ops);
    node.rt->maxCompileMemoryBytes = impl_.options.maxCompileMemoryBytes;
  } else {
    absl::StatusOr<std::unique_ptr<CpuExecutable>> exe =
        CpuExecutable::compile(*m, "main");
    if (!exe.ok())
      return absl::Status(
          exe.status().code(),
          absl::StrCat(name.str(), ": ", exe.status().message()));
    node.exe = std::move(*exe);
    node.exe->setMaxRunMemory(impl_.options.maxRunMemoryBytes);
    node.exe->setName(clusterLabel(name, ops));
  }
  for (mlir::Value v : inputs) {
    if (mlir::Operation *def = v.getDefiningOp(); def && isClusterConstant(def))
      if (absl::Status s = addConstant(v); !s.ok())
        return s;
    node.inputs.push_back(slotOf(v));
  }
  for (mlir::Value v : outputs)
    node.outputs.push_back(slotOf(v));
  impl_.nodes.push_back(std::move(node));
  return absl::OkStatus();
}

absl::Status Builder::build() {
  mlir::Block &block = fn_.getBody().front();
  for (mlir::BlockArgument a : block.getArguments()) {
    impl_.argSlots.push_back(slotOf(a));
    impl_.argTypes.push_back(a.getType());
  }
  // Clusters in order of their first op; host ops in block order. The
  // node order is fixed by linkAndSort.
  llvm::MapVector<llvm::StringRef, llvm::SmallVector<mlir::Operation *>>
      clusters;
  for (mlir::Operation &op : block) {
    if (auto c = op.getAttrOfType<mlir::StringAttr>(kXlaClusterAttr)) {
      clusters[c.getValue()].push_back(&op);
      continue;
    }
    if (isClusterConstant(&op))
      continue;
    if (op.hasTrait<mlir::OpTrait::IsTerminator>()) {
      for (mlir::Value v : op.getOperands()) {
        if (mlir::Operation *def = v.getDefiningOp();
            def && isClusterConstant(def))
          if (absl::Status s = addConstant(v); !s.ok())
            return s;
        impl_.resultSlots.push_back(slotOf(v));
      }
      continue;
    }
    llvm::StringRef name = op.getName().getStringRef();
    if (isFunctionalControlFlow(&op)) {
      absl::StatusOr<std::unique_ptr<HostKernel>> k =
          buildControlFlowKernel(&op, impl_.options);
      if (!k.ok()) {
        // A function that cannot be built is reported with its reason
        // (which names the function's own nodes).
        if (k.status().code() != absl::StatusCode::kUnimplemented)
          return absl::Status(k.status().code(),
                              absl::StrCat(impl_.options.graphName, ": ",
                                           name.str(), " '",
                                           nodeNameOf(op.getLoc()),
                                           "': ", k.status().message()));
        missing_.push_back({&op, std::string(k.status().message())});
        continue;
      }
      if (absl::Status s = addHostNode(op, std::move(*k)); !s.ok())
        return s;
      continue;
    }
    const auto &table = hostKernels();
    auto it = table.find(name);
    if (!isHostOp(&op) || it == table.end()) {
      missing_.push_back({&op, ""});
      continue;
    }
    absl::StatusOr<std::unique_ptr<HostKernel>> k = it->second(&op);
    if (!k.ok()) {
      missing_.push_back({&op, std::string(k.status().message())});
      continue;
    }
    if (absl::Status s = addHostNode(op, std::move(*k)); !s.ok())
      return s;
  }
  if (!missing_.empty())
    return missingKernels();
  for (auto &[name, ops] : clusters)
    if (absl::Status s = outlineCluster(name, ops, isHostOp(ops.front()));
        !s.ok())
      return s;
  return linkAndSort();
}

absl::Status Builder::missingKernels() {
  // An op with a lowering whose input comes from a host node was blocked by
  // that node (its shape is only known at run time); the others have
  // neither a lowering that applied nor a host kernel.
  LegalizeHLOReport roots;
  if (impl_.options.listAllNodesInErrors)
    roots.maxNodesPerOp = std::numeric_limits<size_t>::max();
  llvm::MapVector<llvm::StringRef, std::vector<std::string>> blocked;
  std::vector<std::string> refused;
  for (auto [op, why] : missing_) {
    std::string node = nodeNameOf(op->getLoc());
    llvm::StringRef name = op->getName().getStringRef();
    if (!why.empty()) {
      refused.push_back(absl::StrCat(name.str(), " '", node, "': ", why));
      continue;
    }
    mlir::Operation *by = nullptr;
    if (impl_.options.compileClusters && hasHLOConverter(name))
      for (mlir::Value v : op->getOperands())
        if (mlir::Operation *def = v.getDefiningOp(); def && isHostOp(def)) {
          by = def;
          break;
        }
    if (by)
      blocked[name].push_back(
          absl::StrCat(node, " (by ", nodeNameOf(by->getLoc()), ")"));
    else
      roots.failed[name].push_back(node);
  }
  std::vector<std::string> parts;
  if (!roots.failed.empty()) {
    std::string h = roots.format();
    // "cannot legalize: ..." -> "no host kernel and cannot legalize: ...".
    parts.push_back("no host kernel and " + h);
  }
  if (!blocked.empty()) {
    LegalizeHLOReport b;
    b.maxNodesPerOp = roots.maxNodesPerOp;
    for (auto &[k, v] : blocked)
      b.failed[k] = v;
    std::string h = b.format();
    parts.push_back("blocked by a node whose result shape is only known at "
                    "run time (no host kernel either): " +
                    h.substr(std::strlen("cannot legalize: ")));
  }
  for (std::string &r : refused)
    parts.push_back(r);
  return absl::UnimplementedError(
      absl::StrCat(impl_.options.graphName, ": ", absl::StrJoin(parts, "; ")));
}

absl::Status Builder::linkAndSort() {
  std::vector<Node> &nodes = impl_.nodes;
  std::vector<int> producer(impl_.numSlots, -1);
  for (auto [i, n] : llvm::enumerate(nodes))
    for (int s : n.outputs)
      producer[s] = i;
  impl_.uses.assign(impl_.numSlots, 0);
  impl_.isResult.assign(impl_.numSlots, false);
  for (int s : impl_.resultSlots)
    impl_.isResult[s] = true;
  std::vector<std::vector<int>> succs(nodes.size());
  std::vector<int> preds(nodes.size(), 0);
  for (auto [i, n] : llvm::enumerate(nodes)) {
    llvm::SmallSetVector<int, 8> from;
    for (int s : n.inputs) {
      ++impl_.uses[s];
      if (producer[s] >= 0)
        from.insert(producer[s]);
    }
    for (int p : from) {
      succs[p].push_back(i);
      ++preds[i];
    }
  }
  // Kahn's algorithm: the executor refuses a graph it could never finish.
  std::vector<int> order, ready, left = preds;
  for (size_t i = 0; i < nodes.size(); ++i)
    if (!preds[i])
      ready.push_back(i);
  while (!ready.empty()) {
    int i = ready.back();
    ready.pop_back();
    order.push_back(i);
    for (int s : succs[i])
      if (--left[s] == 0)
        ready.push_back(s);
  }
  if (order.size() != nodes.size()) {
    std::vector<std::string> stuck;
    for (size_t i = 0; i < nodes.size(); ++i)
      if (left[i] > 0)
        stuck.push_back(nodes[i].name);
    return absl::InvalidArgumentError(
        absl::StrCat(impl_.options.graphName,
                     ": the executor's node graph has a cycle through nodes ",
                     absl::StrJoin(stuck, ", ")));
  }
  // Renumber in topological order.
  std::vector<int> pos(nodes.size());
  for (size_t k = 0; k < order.size(); ++k)
    pos[order[k]] = k;
  std::vector<Node> sorted(nodes.size());
  for (size_t i = 0; i < nodes.size(); ++i) {
    Node &n = nodes[i];
    n.numPreds = preds[i];
    for (int s : succs[i])
      n.succs.push_back(pos[s]);
    sorted[pos[i]] = std::move(n);
  }
  nodes = std::move(sorted);
  return absl::OkStatus();
}

/// The per-run state.
struct RunState {
  std::vector<std::shared_ptr<const HostTensor>> slots;
  std::unique_ptr<std::atomic<int>[]> pending, uses;
  std::mutex mu;
  std::condition_variable cv;
  int done = 0;
  absl::Status status;
  std::atomic<bool> failed{false};
  /// max_run_memory_bytes for host tensors: the bytes of the node outputs
  /// of this run alive now (args and constants are not the run's), and per
  /// slot what it added (subtracted when the slot is released).
  std::atomic<int64_t> hostBytes{0};
  std::unique_ptr<std::atomic<int64_t>[]> slotBytes;
};

/// True for TF's DT_VARIANT element type (!tf_type.variant<...>).
bool isVariantElement(mlir::Type t) {
  return mlir::isa<tf_type::VariantType>(t);
}

/// A tf op that may be compiled at run time: xla-legalize-tf has a
/// lowering for it, there is no host kernel, and it is a plain op on
/// integer/float tensors (no regions, no functional control flow).
bool compilableAtRunTime(mlir::Operation *op,
                         const llvm::StringMap<HostKernelFactory> &kernels) {
  llvm::StringRef name = op->getName().getStringRef();
  if (kernels.count(name) || !hasHLOConverter(name) ||
      op->getNumRegions() != 0 || name == "tf.If" || name == "tf.While" ||
      name == "tf.StatelessIf" || name == "tf.StatelessWhile")
    return false;
  auto numeric = [](mlir::Type t) {
    auto tt = mlir::dyn_cast<mlir::TensorType>(t);
    return tt && (mlir::isa<mlir::IntegerType>(tt.getElementType()) ||
                  mlir::isa<mlir::FloatType>(tt.getElementType()));
  };
  return llvm::all_of(op->getOperandTypes(), numeric) &&
         llvm::all_of(op->getResultTypes(), numeric);
}

/// "f32[3,4]" per input, ";"-separated: a run-time cluster's cache key.
std::string shapeKey(const std::vector<const HostTensor *> &ins) {
  std::string key;
  for (const HostTensor *t : ins)
    absl::StrAppend(&key, t->typeString(), ";");
  return key;
}

/// Compiles a run-time cluster for the shapes of `ins`: @main's arguments
/// get the static types, then xla-legalize-tf (whose shape functions
/// refine the ops in order) and CpuExecutable. The caller holds the
/// process-wide run-time compile lock (the executor's MLIR context has no
/// threading).
absl::StatusOr<std::unique_ptr<CpuExecutable>>
compileForShapesUnbudgeted(RuntimeCluster &rt,
                           const std::vector<const HostTensor *> &ins,
                           const std::string &key);

/// compileForShapesUnbudgeted under the cluster's compile-memory budget
/// (max_compile_memory_bytes, CompileMemory.h): ResourceExhausted naming
/// the cluster's nodes when it goes over.
absl::StatusOr<std::unique_ptr<CpuExecutable>>
compileForShapes(RuntimeCluster &rt, const std::vector<const HostTensor *> &ins,
                 const std::string &key) {
  CompileMemoryBudget budget(rt.maxCompileMemoryBytes, rt.label);
  absl::StatusOr<std::unique_ptr<CpuExecutable>> exe =
      compileForShapesUnbudgeted(rt, ins, key);
  // Passes skipped after the limit may surface as another error first.
  if (budget.exceeded())
    return budget.status();
  return exe;
}

absl::StatusOr<std::unique_ptr<CpuExecutable>>
compileForShapesUnbudgeted(RuntimeCluster &rt,
                           const std::vector<const HostTensor *> &ins,
                           const std::string &key) {
  mlir::OwningOpRef<mlir::ModuleOp> m(rt.module->clone());
  auto fn = m->lookupSymbol<mlir::func::FuncOp>("main");
  mlir::Block &entry = fn.getBody().front();
  llvm::SmallVector<mlir::Type> types;
  for (auto [arg, t] : llvm::zip(entry.getArguments(), ins)) {
    auto et = mlir::cast<mlir::TensorType>(arg.getType()).getElementType();
    auto st = mlir::RankedTensorType::get(t->shape(), et);
    arg.setType(st);
    types.push_back(st);
  }
  fn.setType(mlir::FunctionType::get(fn.getContext(), types,
                                     fn.getFunctionType().getResults()));
  std::string diags;
  LegalizeHLOReport report;
  if (rt.listAllNodes)
    report.maxNodesPerOp = std::numeric_limits<size_t>::max();
  {
    mlir::ScopedDiagnosticHandler quiet(
        m->getContext(), [&](mlir::Diagnostic &d) {
          if (d.getSeverity() == mlir::DiagnosticSeverity::Error &&
              diags.empty())
            diags = d.str();
          return mlir::success();
        });
    if (mlir::failed(legalizeTFToHLO(*m, /*allowPartial=*/false, report,
                                     rt.clampIndices))) {
      std::string msg = report.format();
      return absl::UnimplementedError(
          absl::StrCat("compiled for the run-time input shapes ", key, " ",
                       msg.empty() ? diags : msg));
    }
  }
  absl::StatusOr<std::unique_ptr<CpuExecutable>> exe =
      CpuExecutable::compile(*m, "main");
  if (!exe.ok())
    return absl::Status(exe.status().code(),
                        absl::StrCat("compiled for the run-time input shapes ",
                                     key, ": ", exe.status().message()));
  (*exe)->setMaxRunMemory(rt.maxRunMemoryBytes);
  (*exe)->setName(rt.label);
  return exe;
}

/// The executable of a run-time cluster for the shapes of `ins`, compiled
/// (compileForShapes) on first use and cached per shapes, failures too.
absl::StatusOr<const CpuExecutable *>
runtimeExecutable(const Node &node, const std::vector<const HostTensor *> &ins,
                  std::atomic<int64_t> &compiles) {
  RuntimeCluster &rt = *node.rt;
  std::string key = shapeKey(ins);
  auto lookup = [&]() -> std::optional<absl::StatusOr<const CpuExecutable *>> {
    std::lock_guard<std::mutex> l(rt.mu);
    if (auto it = rt.cache.find(key); it != rt.cache.end())
      return it->second.get();
    if (auto it = rt.failed.find(key); it != rt.failed.end())
      return it->second;
    return std::nullopt;
  };
  if (auto r = lookup())
    return *r;
  // Takes turns with every other compile in the process, the Session's too.
  std::lock_guard<std::mutex> l(CpuExecutable::compileMutex());
  if (auto r = lookup()) // compiled by another run meanwhile
    return *r;
  absl::StatusOr<std::unique_ptr<CpuExecutable>> exe =
      compileForShapes(rt, ins, key);
  std::lock_guard<std::mutex> l2(rt.mu);
  if (!exe.ok()) {
    rt.failed[key] = exe.status();
    return exe.status();
  }
  ++compiles;
  auto &slot = rt.cache[key];
  slot = std::move(*exe);
  return slot.get();
}

} // namespace

namespace {
/// Whether the host kernels compute `op` for its operand and result types
/// (some refuse only at run time: f16/bf16 and small or unsigned integers
/// in the elementwise kernels, RealDiv of integers), so that it may leave a
/// compiled cluster for the host.
bool hostKernelCoversTypes(mlir::Operation *op) {
  auto ok = [&](mlir::Type t) {
    auto tt = mlir::dyn_cast<mlir::TensorType>(t);
    if (!tt)
      return false;
    mlir::Type e = tt.getElementType();
    if (op->getName().getStringRef() == "tf.RealDiv" && !e.isF32() &&
        !e.isF64())
      return false;
    return e.isF32() || e.isF64() || e.isInteger(1) ||
           e.isSignlessInteger(32) || e.isSignlessInteger(64);
  };
  return llvm::all_of(op->getOperandTypes(), ok) &&
         llvm::all_of(op->getResultTypes(), ok);
}

/// Ops whose host kernels are plain reference loops (kernels/NN.cpp:
/// MatMul, BiasAdd, Conv2D, FakeQuant): they run on the host only when
/// nothing compiles them (--jit=off, or no lowering applies); a small
/// cluster holding one stays compiled, which is much faster.
bool isReferenceKernel(mlir::Operation *op) {
  llvm::StringRef n = op->getName().getStringRef();
  return n == "tf.MatMul" || n == "tf.BiasAdd" || n == "tf.BiasAddV1" ||
         n == "tf.Conv2D" || n.starts_with("tf.FakeQuantWithMinMax");
}

/// Marks with kKeepOnHostAttr the tf ops of `fn`'s body whose operand or
/// result shapes are only known at run time (downstream of data-dependent
/// host ops such as Unique, Where or NonMaxSuppression) and that the host
/// runs anyway: functional control flow (If/While/Case, whose bodies get
/// their own executors) and ops with a host kernel for their types. A
/// compiled cluster needs static shapes at its boundary (XLA's JIT compiles
/// a cluster per shape; ours are compiled once), so lowering such an op
/// made the whole graph fail ("compiled clusters need static shapes") where
/// TF runs it. Ops without a host kernel keep their lowering (as before).
/// Returns how many ops were marked.
int keepRunTimeShapesOnHost(mlir::func::FuncOp fn, mlir::MLIRContext *ctx) {
  auto isStatic = [](mlir::Type t) {
    auto tt = mlir::dyn_cast<mlir::TensorType>(t);
    return !tt || tt.hasStaticShape();
  };
  const auto &kernels = hostKernels();
  int marked = 0;
  for (mlir::Operation &op : fn.getBody().front()) {
    if (!isHostOp(&op) || isClusterConstant(&op) ||
        (llvm::all_of(op.getOperandTypes(), isStatic) &&
         llvm::all_of(op.getResultTypes(), isStatic)))
      continue;
    bool onHost = isFunctionalControlFlow(&op);
    if (!onHost) {
      auto k = kernels.find(op.getName().getStringRef());
      onHost = k != kernels.end() && hostKernelCoversTypes(&op) &&
               k->second(&op).ok();
    }
    if (onHost) {
      op.setAttr(kKeepOnHostAttr, mlir::UnitAttr::get(ctx));
      ++marked;
    }
  }
  return marked;
}

/// TF's min_cluster_size rule (ExecutorOptions::minClusterSize): legalizes
/// and clusters a copy of the module as buildExecutor would, and marks with
/// kKeepOnHostAttr the tf ops of @main that formed a cluster of fewer
/// effective TF nodes than the minimum, when every one of them has a host
/// kernel for their types (hostKernelCoversTypes) that is not a reference
/// kernel (isReferenceKernel). The real legalization
/// then leaves them as host nodes. Returns how many ops were marked.
int keepSmallClustersOnHost(GraphExecutor::Impl &impl,
                            const std::function<int(mlir::Operation *)> &cls) {
  mlir::OwningOpRef<mlir::ModuleOp> trial(impl.module->clone());
  {
    mlir::ScopedDiagnosticHandler quiet(
        impl.context, [](mlir::Diagnostic &) { return mlir::success(); });
    LegalizeHLOReport report;
    if (mlir::failed(legalizeTFToHLO(*trial, /*allowPartial=*/true, report,
                                     impl.options.clampIndices)))
      return 0; // buildExecutor reports it on the real module
  }
  auto fn = trial->lookupSymbol<mlir::func::FuncOp>("main");
  markForCompilation(fn, 0, cls);
  // The tf ops of the real @main by node name.
  llvm::StringMap<mlir::Operation *> byName;
  auto realFn = impl.module->lookupSymbol<mlir::func::FuncOp>("main");
  for (mlir::Operation &op : realFn.getBody().front())
    if (isHostOp(&op))
      byName[nodeNameOf(op.getLoc())] = &op;
  struct Cluster {
    llvm::SetVector<mlir::Operation *> origins; ///< real tf ops
    bool keep = true; ///< false: cannot go to the host
    bool controlFlow = false;
  };
  llvm::MapVector<llvm::StringRef, Cluster> clusters;
  const auto &kernels = hostKernels();
  for (mlir::Operation &op : fn.getBody().front()) {
    auto c = op.getAttrOfType<mlir::StringAttr>(kXlaClusterAttr);
    if (!c)
      continue;
    Cluster &cl = clusters[c.getValue()];
    if (isHostOp(&op)) { // a run-time cluster (no host kernel)
      cl.keep = false;
      continue;
    }
    cl.controlFlow |= op.getNumRegions() != 0;
    mlir::Operation *origin = byName.lookup(nodeNameOf(op.getLoc()));
    auto k =
        origin ? kernels.find(origin->getName().getStringRef()) : kernels.end();
    if (k == kernels.end() || !k->second(origin).ok() ||
        !hostKernelCoversTypes(origin) || isReferenceKernel(origin))
      cl.keep = false;
    else
      cl.origins.insert(origin);
  }
  int marked = 0;
  for (auto &[name, cl] : clusters) {
    int effective = llvm::count_if(cl.origins, [](mlir::Operation *op) {
      llvm::StringRef n = op->getName().getStringRef();
      return n != "tf.Identity" && n != "tf.IdentityN" && n != "tf.Snapshot" &&
             n != "tf.StopGradient";
    });
    if (!cl.keep || cl.controlFlow || effective >= impl.options.minClusterSize)
      continue;
    for (mlir::Operation *op : cl.origins) {
      op->setAttr(kKeepOnHostAttr, mlir::UnitAttr::get(impl.context));
      ++marked;
    }
  }
  return marked;
}

/// create() and createForFunction(): `impl` holds the context and module.
absl::Status buildExecutor(GraphExecutor::Impl &impl) {
  const ExecutorOptions &options = impl.options;
  auto fn = impl.module->lookupSymbol<mlir::func::FuncOp>("main");
  if (!fn || fn.isExternal())
    return absl::InvalidArgumentError(
        absl::StrCat(options.graphName, ": the module has no @main body"));
  if (options.compileClusters && !options.alreadyClustered) {
    // Class 1: what the legalizer lowered. Class 2: tf ops it left only
    // for their run-time shapes (a lowering, no host kernel).
    const auto &kernels = hostKernels();
    std::function<int(mlir::Operation *)> classOf = [&](mlir::Operation *op) {
      if (!isHostOp(op))
        return 1;
      return options.compileAtRunTime && compilableAtRunTime(op, kernels) ? 2
                                                                          : 0;
    };
    keepRunTimeShapesOnHost(fn, impl.context);
    if (options.minClusterSize > 1)
      keepSmallClustersOnHost(impl, classOf);
    // Diagnostics of the partial legalization (remarks, the histogram
    // warning) are not errors here: what is left runs on host kernels.
    mlir::ScopedDiagnosticHandler quiet(
        impl.context, [](mlir::Diagnostic &) { return mlir::success(); });
    LegalizeHLOReport report;
    if (mlir::failed(legalizeTFToHLO(*impl.module, /*allowPartial=*/true,
                                     report, options.clampIndices)))
      return absl::InternalError(absl::StrCat(
          options.graphName, ": xla-legalize-tf{allow-partial} failed"));
    markForCompilation(fn, 0, classOf);
  }
  Builder builder(impl, fn);
  if (absl::Status s = builder.build(); !s.ok())
    return s;
  int threads = options.interOpThreads > 0
                    ? options.interOpThreads
                    : std::max(1u, std::thread::hardware_concurrency());
  if (!options.sequential)
    impl.pool = sharedPool(threads);
  return absl::OkStatus();
}
} // namespace

absl::StatusOr<std::unique_ptr<GraphExecutor>>
GraphExecutor::create(std::unique_ptr<mlir::MLIRContext> context,
                      mlir::OwningOpRef<mlir::ModuleOp> module,
                      const ExecutorOptions &options) {
  std::unique_ptr<GraphExecutor> exe(new GraphExecutor());
  exe->impl_ = std::make_unique<Impl>();
  Impl &impl = *exe->impl_;
  impl.options = options;
  impl.ownedContext = std::move(context);
  impl.context = impl.ownedContext.get();
  impl.module = std::move(module);
  if (absl::Status s = buildExecutor(impl); !s.ok())
    return s;
  return exe;
}

absl::StatusOr<std::unique_ptr<GraphExecutor>>
GraphExecutor::createForFunction(mlir::MLIRContext *context,
                                 mlir::OwningOpRef<mlir::ModuleOp> module,
                                 ExecutorOptions options) {
  options.sequential = true;
  options.allowVariantResults = true;
  std::unique_ptr<GraphExecutor> exe(new GraphExecutor());
  exe->impl_ = std::make_unique<Impl>();
  Impl &impl = *exe->impl_;
  impl.options = options;
  impl.context = context;
  impl.module = std::move(module);
  if (absl::Status s = buildExecutor(impl); !s.ok())
    return s;
  return exe;
}

absl::StatusOr<std::vector<HostTensor>>
GraphExecutor::run(const std::vector<const HostTensor *> &args) const {
  const Impl &impl = *impl_;
  if (args.size() != impl.argSlots.size())
    return absl::InvalidArgumentError(
        absl::StrCat(impl.options.graphName, ": expected ",
                     impl.argSlots.size(), " arguments, got ", args.size()));
  RunState st;
  st.slots.resize(impl.numSlots);
  for (auto [i, a] : llvm::enumerate(args)) {
    auto tt = mlir::cast<mlir::TensorType>(impl.argTypes[i]);
    std::optional<DType> d = dtypeOfElement(tt.getElementType());
    bool variant = isVariantElement(tt.getElementType());
    bool ok =
        variant ? a->isVariant() : d && *d == a->dtype() && !a->isVariant();
    if (ok && !variant && tt.hasRank()) {
      ok = tt.getRank() == static_cast<int64_t>(a->shape().size());
      for (int64_t k = 0; ok && k < tt.getRank(); ++k)
        ok = tt.isDynamicDim(k) || tt.getDimSize(k) == a->shape()[k];
    }
    if (!ok)
      return absl::InvalidArgumentError(absl::StrCat(
          impl.options.graphName, ": argument ", i, " is ", a->typeString(),
          ", expected ", typeString(impl.argTypes[i])));
    // Borrowed: the caller keeps the arguments alive during run().
    st.slots[impl.argSlots[i]] =
        std::shared_ptr<const HostTensor>(a, [](const HostTensor *) {});
  }
  for (const auto &[s, t] : impl.constants)
    st.slots[s] = t;
  size_t n = impl.nodes.size();
  st.pending.reset(new std::atomic<int>[n]);
  for (size_t i = 0; i < n; ++i)
    st.pending[i] = impl.nodes[i].numPreds;
  st.uses.reset(new std::atomic<int>[impl.numSlots]);
  st.slotBytes.reset(new std::atomic<int64_t>[impl.numSlots]);
  for (int s = 0; s < impl.numSlots; ++s) {
    st.uses[s] = impl.uses[s];
    st.slotBytes[s] = 0;
  }
  const int64_t maxRunBytes = impl.options.maxRunMemoryBytes;

  std::atomic<int64_t> running{0};
  // Runs node i (unless a node has failed) and stores its outputs.
  auto compute = [&](int i) {
    const Node &node = impl.nodes[i];
    if (!st.failed) {
      int64_t now = ++running;
      int64_t seen = impl.maxRunning.load();
      while (now > seen && !impl.maxRunning.compare_exchange_weak(seen, now)) {
      }
      std::vector<const HostTensor *> ins;
      for (int s : node.inputs)
        ins.push_back(st.slots[s].get());
      absl::Status status;
      std::vector<HostTensor> outs;
      // max_run_memory_bytes, checked before the node allocates: what is
      // left of it caps the HostTensors the node creates on this thread
      // while it runs (a host kernel's outputs and scratch, a cluster's
      // results), not those of a run-time compile (its constants).
      std::optional<HostAllocationLimit> limit;
      int64_t heldBefore = st.hostBytes.load();
      auto capAllocations = [&] {
        if (maxRunBytes > 0)
          limit.emplace(maxRunBytes - heldBefore);
      };
      auto overRunMemory = [&](int64_t bytes, int64_t held, const char *how) {
        return absl::ResourceExhaustedError(absl::StrCat(
            "the tensors of one run need more than ", maxRunBytes,
            " bytes (max_run_memory_bytes): the outputs of ", node.name, " (",
            node.opName, ") take ", bytes, " bytes with ", held,
            " bytes of other nodes' outputs held", how));
      };
      if (node.exe || node.rt) {
        const CpuExecutable *exe = node.exe.get();
        if (node.rt) {
          auto e = runtimeExecutable(node, ins, impl.runtimeCompiles);
          if (e.ok())
            exe = *e;
          else
            status = e.status();
        }
        if (exe) {
          capAllocations();
          auto r = exe->run(ins);
          if (r.ok())
            outs = std::move(*r);
          else
            status = r.status();
        }
      } else {
        KernelContext ctx;
        ctx.inputs = ins;
        capAllocations();
        status = node.kernel->compute(ctx);
        outs = std::move(ctx.outputs);
        if (status.ok() && outs.size() != node.outputs.size())
          status = absl::InternalError(absl::StrCat(
              "the host kernel of ", node.opName, " produced ", outs.size(),
              " outputs for ", node.outputs.size(), " results"));
      }
      --running;
      if (limit && limit->refusedBytes())
        status = overRunMemory(limit->allocatedBytes() + limit->refusedBytes(),
                               heldBefore, " (refused before allocating)");
      limit.reset();
      // max_run_memory_bytes counts the host tensors of the run too (the
      // outputs of host kernels and of clusters, while they are alive):
      // the node whose outputs go over it fails the run.
      if (status.ok() && maxRunBytes > 0) {
        int64_t outBytes = 0;
        for (const HostTensor &t : outs)
          if (!t.isVariant())
            outBytes += static_cast<int64_t>(t.byteSize());
        int64_t held = st.hostBytes.fetch_add(outBytes);
        if (held + outBytes > maxRunBytes) {
          st.hostBytes -= outBytes;
          status = overRunMemory(outBytes, held, "");
        } else {
          for (auto [s, t] : llvm::zip(node.outputs, outs))
            st.slotBytes[s] =
                t.isVariant() ? 0 : static_cast<int64_t>(t.byteSize());
        }
      }
      if (status.ok()) {
        for (auto [s, t] : llvm::zip(node.outputs, outs))
          st.slots[s] = std::make_shared<const HostTensor>(std::move(t));
        // Release inputs after their last reader (results stay).
        for (int s : node.inputs)
          if (--st.uses[s] == 0 && !impl.isResult[s]) {
            st.slots[s].reset();
            st.hostBytes -= st.slotBytes[s].exchange(0);
          }
      } else {
        std::lock_guard<std::mutex> l(st.mu);
        if (!st.failed.exchange(true))
          st.status = absl::Status(
              status.code(), absl::StrCat(status.message(), "\n\t [[{{node ",
                                          node.name, "}}]]"));
      }
    }
  };
  std::function<void(int)> execute = [&](int i) {
    compute(i);
    const Node &node = impl.nodes[i];
    for (int s : node.succs)
      if (--st.pending[s] == 0)
        impl.pool->schedule([&execute, s] { execute(s); });
    std::lock_guard<std::mutex> l(st.mu);
    if (++st.done == static_cast<int>(n))
      st.cv.notify_all();
  };
  if (impl.options.sequential) {
    // The nodes are in a topological order.
    for (size_t i = 0; i < n && !st.failed; ++i)
      compute(i);
  } else {
    for (size_t i = 0; i < n; ++i)
      if (impl.nodes[i].numPreds == 0)
        impl.pool->schedule([&execute, i] { execute(i); });
    std::unique_lock<std::mutex> l(st.mu);
    st.cv.wait(l, [&] { return st.done == static_cast<int>(n); });
  }
  if (!st.status.ok())
    return st.status;
  std::vector<HostTensor> results;
  for (auto [k, s] : llvm::enumerate(impl.resultSlots)) {
    if (st.slots[s]->isVariant() && !impl.options.allowVariantResults)
      return absl::UnimplementedError(absl::StrCat(
          impl.options.graphName, ": fetch #", k,
          " is a DT_VARIANT (TensorList) value, which cannot be fetched; "
          "fetch a tensor read from it (TensorListStack, "
          "TensorListGetItem)"));
    const HostTensor &v = *st.slots[s];
    if (v.isVariant()) {
      results.push_back(v.clone());
      continue;
    }
    // A checked copy: a fetched constant or output may be huge.
    absl::StatusOr<HostTensor> copy = HostTensor::create(v.dtype(), v.shape());
    if (!copy.ok())
      return absl::Status(copy.status().code(),
                          absl::StrCat(impl.options.graphName, ": fetch #", k,
                                       ": ", copy.status().message()));
    if (v.byteSize())
      std::memcpy(copy->raw(), v.raw(), v.byteSize());
    results.push_back(std::move(*copy));
  }
  ++impl.runs;
  return results;
}

ExecutorStats GraphExecutor::stats() const {
  ExecutorStats s;
  for (const Node &n : impl_->nodes) {
    (n.exe || n.rt ? s.clusters : s.hostNodes)++;
    s.runtimeClusters += n.rt ? 1 : 0;
  }
  s.runtimeCompiles = impl_->runtimeCompiles;
  s.runs = impl_->runs;
  s.maxConcurrentNodes = impl_->maxRunning;
  return s;
}

std::string GraphExecutor::describe() const {
  std::string s;
  for (const Node &n : impl_->nodes)
    absl::StrAppend(&s,
                    n.rt ? absl::StrCat(n.name,
                                        " (tf ops compiled at run "
                                        "time: ",
                                        n.numOps, ")")
                    : n.exe
                        ? absl::StrCat(n.name, " (hlo ops: ", n.numOps, ")")
                        : absl::StrCat("host ", n.opName, " '", n.name, "'"),
                    "\n");
  return s;
}

} // namespace tfmlir::session
