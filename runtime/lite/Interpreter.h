//===- Interpreter.h - The lite interpreter ---------------------*- C++ -*-===//
//
// Executes a ModelDef with float32 (and integer/bool shape-side) kernels,
// modelled on tflite::Interpreter: build from a FlatBufferModel and an
// OpResolver, ResizeInputTensor, AllocateTensors (shape propagation and an
// arena planned by tensor lifetime), Invoke, and signature runners.
//
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_LITE_INTERPRETER_H
#define TFMLIR_RUNTIME_LITE_INTERPRETER_H

#include "runtime/lite/Kernel.h"
#include "runtime/lite/Model.h"
#include "runtime/lite/Tensor.h"
#include "runtime/lite/ThreadPool.h"

#include "absl/status/status.h"
#include "absl/status/statusor.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace tfmlir::lite {

class Interpreter;

/// One subgraph with its tensors, nodes and arena.
class Subgraph {
public:
  Subgraph(Interpreter &interp, const SubgraphDef &def, int index);

  /// Resolves kernels for every node. Errors: NotFound naming each op with
  /// no kernel (builtin code/version or custom name).
  absl::Status resolve(const OpResolver &resolver);
  /// Sets input `inputIndex`'s shape (TF's ResizeInputTensor). A new shape
  /// drops the input's buffer until allocateTensors() plans it again (its
  /// data is null meanwhile, as TF's). Errors: InvalidArgument for a bad
  /// index, a negative dim or a constant input.
  absl::Status resizeInputTensor(int inputIndex, std::vector<int32_t> shape);
  /// Propagates shapes through every node's prepare and plans the arena.
  absl::Status allocateTensors();
  /// Runs every node in order. FailedPrecondition before allocateTensors.
  absl::Status invoke();
  /// Restores every variable tensor (SVDF / RNN / LSTM state) to its
  /// initial value, as TFLite's ResetVariableTensors: the tensor's constant
  /// buffer when it has one, else the zero point for int8 and 0 otherwise.
  /// No effect before allocateTensors.
  void resetVariableTensors();

  int index() const { return index_; }
  const std::string &name() const { return def_.name; }
  const std::vector<int32_t> &inputs() const { return def_.inputs; }
  const std::vector<int32_t> &outputs() const { return def_.outputs; }
  size_t numTensors() const { return tensors_.size(); }
  Tensor *tensor(int i) { return &tensors_[i]; }
  const Tensor *tensor(int i) const { return &tensors_[i]; }
  /// Bytes of this subgraph's arena after planning (aligned to 64).
  size_t arenaBytes() const { return arenaSize_; }
  /// Sum of the (aligned) sizes of the arena tensors: the arena size
  /// without lifetime-based reuse.
  size_t arenaTensorBytes() const { return arenaTensorBytes_; }
  Interpreter &interpreter() { return interp_; }
  bool allocated() const { return allocated_; }
  /// When on, invoke() accumulates each op's wall time (microseconds) into
  /// opTimesUs() (index = op index).
  void setProfiling(bool on) {
    profiling_ = on;
    opTimesUs_.assign(def_.ops.size(), 0.0);
  }
  const std::vector<double> &opTimesUs() const { return opTimesUs_; }
  const SubgraphDef &def() const { return def_; }
  /// "<file>: subgraph <i> op <j> (<NAME>)" for error messages.
  std::string opLabel(int opIndex) const;

private:
  friend class OpContext;
  absl::Status prepareNode(int i, bool atInvoke);
  absl::Status planArena();
  absl::Status foldNode(int i);
  void resetVariable(int i);

  Interpreter &interp_;
  const SubgraphDef &def_;
  int index_;
  std::vector<Tensor> tensors_;
  std::vector<const KernelRegistration *> kernels_; ///< null: no kernel
  std::vector<KernelRegistration> kernelCopies_;    ///< what kernels_ points to
  std::vector<std::unique_ptr<NodeState>> states_;
  std::vector<bool> dynamicNode_;   ///< prepare re-runs at each invoke
  std::vector<bool> dynamicTensor_; ///< storage is kDynamic
  std::vector<bool> foldedNode_;    ///< computed once at allocation
  std::unique_ptr<uint8_t[], void (*)(void *)> arena_{nullptr, nullptr};
  size_t arenaSize_ = 0;
  size_t arenaTensorBytes_ = 0;
  bool allocated_ = false;
  bool profiling_ = false;
  std::vector<double> opTimesUs_;
};

/// Runs one signature: inputs and outputs addressed by their signature
/// names.
class SignatureRunner {
public:
  const std::string &key() const { return sig_->key; }
  std::vector<std::string> inputNames() const;
  std::vector<std::string> outputNames() const;
  /// NotFound for an unknown name.
  absl::StatusOr<Tensor *> input(const std::string &name);
  absl::StatusOr<const Tensor *> output(const std::string &name) const;
  absl::Status resizeInputTensor(const std::string &name,
                                 std::vector<int32_t> shape);
  absl::Status allocateTensors() { return sg_->allocateTensors(); }
  absl::Status invoke() { return sg_->invoke(); }
  Subgraph &subgraph() { return *sg_; }

private:
  friend class Interpreter;
  const SignatureDefIR *sig_ = nullptr;
  Subgraph *sg_ = nullptr;
};

/// The interpreter. Tensor indices are those of the primary subgraph (0).
class Interpreter {
public:
  /// Builds the subgraphs and resolves every kernel. Errors (messages start
  /// with the model name): InvalidArgument for an empty model (no outputs),
  /// an out-of-range index, an op reading a tensor nothing writes, or an op
  /// writing a constant; NotFound listing every op with no kernel, with
  /// counts and subgraph:op positions. The model must outlive the
  /// interpreter (constants point into it); the resolver need not (its
  /// registrations are copied, as TFLite's InterpreterBuilder does).
  static absl::StatusOr<std::unique_ptr<Interpreter>>
  create(const FlatBufferModel &model, const OpResolver &resolver);
  /// The same from a ModelDef (used by tests that build graphs directly);
  /// index ranges are re-checked; `def` must outlive the interpreter.
  static absl::StatusOr<std::unique_ptr<Interpreter>>
  create(const ModelDef &def, const OpResolver &resolver,
         std::string name = "<model>");

  absl::Status allocateTensors() { return primary().allocateTensors(); }
  absl::Status invoke() { return primary().invoke(); }
  /// Resets the variable tensors of every subgraph (see
  /// Subgraph::resetVariableTensors).
  void resetVariableTensors();
  /// Resizes primary input `inputIndex` (position in inputs()). A later
  /// allocateTensors is required.
  absl::Status resizeInputTensor(int inputIndex, std::vector<int32_t> shape) {
    return primary().resizeInputTensor(inputIndex, std::move(shape));
  }
  /// Threads of the persistent pool the kernels split their work on
  /// (TFLite's SetNumThreads). n < 1 (TFLite's -1, "default") means 1; n
  /// above maxThreads() is capped there. Rebuilds the pool only when the
  /// count changes.
  void setNumThreads(int n);
  /// The most threads setNumThreads grants: the number of cores
  /// (std::thread::hardware_concurrency, at least 1).
  static int maxThreads();
  int numThreads() const { return numThreads_; }
  ThreadPool *threadPool() { return pool_.get(); }
  /// True when created with a resolver whose referenceKernels() is true.
  bool referenceKernels() const { return reference_; }

  const std::vector<int32_t> &inputs() const { return primary().inputs(); }
  const std::vector<int32_t> &outputs() const { return primary().outputs(); }
  Tensor *tensor(int i) { return primary().tensor(i); }
  Tensor *inputTensor(int i) { return tensor(inputs()[i]); }
  Tensor *outputTensor(int i) { return tensor(outputs()[i]); }
  size_t numSubgraphs() const { return subgraphs_.size(); }
  Subgraph &subgraph(int i) { return *subgraphs_[i]; }
  Subgraph &primary() { return *subgraphs_[0]; }
  const Subgraph &primary() const { return *subgraphs_[0]; }
  /// Sum of the arena sizes of all allocated subgraphs.
  size_t arenaBytes() const;

  std::vector<std::string> signatureKeys() const;
  /// NotFound for an unknown key. An empty key selects the only signature.
  absl::StatusOr<SignatureRunner *> signatureRunner(const std::string &key);
  const std::string &modelName() const { return name_; }
  /// Nesting depth of subgraph calls (WHILE/IF/CALL_ONCE), limited to
  /// guard against cycles between subgraphs.
  int &callDepth() { return callDepth_; }
  /// Called after each op of any subgraph (WHILE / IF bodies included) has
  /// run successfully, with the subgraph and the op index; used by
  /// calibration to observe intermediate tensors. Empty: no call (default).
  using OpObserver = std::function<void(Subgraph &, int opIndex)>;
  void setOpObserver(OpObserver f) { observer_ = std::move(f); }
  const OpObserver &opObserver() const { return observer_; }
  /// As TFLite's Interpreter::SetCancellationFunction: `f` is called before
  /// each op of any subgraph (WHILE / IF bodies included) runs; when it
  /// returns true, invoke() stops with Cancelled "<model>: subgraph s op i
  /// (NAME): cancelled". Used to bound runs of untrusted models (a WHILE
  /// whose condition never turns false). Empty: never cancelled (default).
  using CancellationFunction = std::function<bool()>;
  void setCancellationFunction(CancellationFunction f) {
    cancel_ = std::move(f);
  }
  const CancellationFunction &cancellationFunction() const { return cancel_; }
  /// Upper bound in bytes for one subgraph's arena and for any single
  /// dynamic or variable tensor (default 8 GiB); larger requests fail with
  /// ResourceExhausted instead of exhausting memory on a hostile model.
  void setMaxTensorBytes(size_t n) { maxTensorBytes_ = n; }
  size_t maxTensorBytes() const { return maxTensorBytes_; }

  /// A resource variable (VAR_HANDLE / ASSIGN_VARIABLE / READ_VARIABLE),
  /// shared by every subgraph of the interpreter.
  struct ResourceVar {
    std::string name;
    bool initialized = false;
    TensorType type = TensorType::kFloat32;
    std::vector<int32_t> shape;
    std::vector<uint8_t> bytes;
  };
  /// The id of the variable named `key`, created on first use.
  int32_t resourceId(const std::string &key);
  /// nullptr for an unknown id.
  ResourceVar *resource(int32_t id);

private:
  Interpreter() = default;
  std::string name_;
  const ModelDef *def_ = nullptr;
  std::vector<std::unique_ptr<Subgraph>> subgraphs_;
  std::vector<std::unique_ptr<SignatureRunner>> runners_;
  int numThreads_ = 1;
  bool reference_ = false;
  int callDepth_ = 0;
  size_t maxTensorBytes_ = size_t(8) << 30;
  std::vector<ResourceVar> resources_;
  std::unique_ptr<ThreadPool> pool_;
  OpObserver observer_;
  CancellationFunction cancel_;
};

} // namespace tfmlir::lite

#endif // TFMLIR_RUNTIME_LITE_INTERPRETER_H
