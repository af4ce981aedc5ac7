//===- Kernel.h - Kernel interface and op resolver --------------*- C++ -*-===//
//
// A kernel is a pair of functions: `prepare` checks the operand types and
// shapes and sets the output shapes (run by AllocateTensors, and again at
// Invoke time for ops whose output shapes depend on tensor values), and
// `eval` computes the outputs. Both return absl::Status; the interpreter
// prefixes errors with the model file, subgraph, op index and op name.
//
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_LITE_KERNEL_H
#define TFMLIR_RUNTIME_LITE_KERNEL_H

#include "runtime/lite/Model.h"
#include "runtime/lite/Tensor.h"

#include "absl/status/status.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace tfmlir::lite {

class Subgraph;
class ThreadPool;

/// Per-node state a kernel may keep between prepare and eval (for example
/// dequantized weights). Kernels subclass it.
struct NodeState {
  virtual ~NodeState() = default;
};

/// What a kernel sees of its node.
class OpContext {
public:
  OpContext(Subgraph &sg, const OperatorDef &op,
            std::unique_ptr<NodeState> &state, bool dataAvailable)
      : sg_(sg), op_(op), state_(state), dataAvailable_(dataAvailable) {}

  int numInputs() const { return static_cast<int>(op_.inputs.size()); }
  int numOutputs() const { return static_cast<int>(op_.outputs.size()); }
  /// Input `i`, or nullptr when it is absent (index -1 or i >= numInputs).
  const Tensor *input(int i) const;
  Tensor *output(int i);
  int numIntermediates() const {
    return static_cast<int>(op_.intermediates.size());
  }
  /// Operator intermediate `i` (TFLite's node->intermediates: tensors whose
  /// quantization parameters carry calibrated scales, e.g. the gate scales
  /// of the integer LSTM), or nullptr when absent.
  const Tensor *intermediate(int i) const;
  const OpOptions &options() const { return op_.options; }
  const OperatorDef &op() const { return op_; }

  /// True when input `i`'s values can be read now: always during eval, and
  /// during AllocateTensors only for constant inputs.
  bool hasData(int i) const;
  /// Sets output `i`'s shape (prepare only). Errors on negative dims or
  /// more than 2^31 elements.
  absl::Status resizeOutput(int i, std::vector<int32_t> shape);
  /// Tells the interpreter that the output shapes need input values that
  /// are not known yet; prepare is re-run before eval at every Invoke.
  void setOutputsDynamic() { outputsDynamic_ = true; }
  /// During eval of a node whose outputs are dynamic: sets output `i`'s
  /// shape and reallocates its heap storage (WHILE/IF learn their output
  /// shapes only by running). FailedPrecondition for arena outputs.
  absl::Status resizeDynamicOutput(int i, std::vector<int32_t> shape);
  bool outputsDynamic() const { return outputsDynamic_; }

  std::unique_ptr<NodeState> &state() { return state_; }
  Subgraph &subgraph() { return sg_; }
  int numThreads() const;
  /// The interpreter's persistent pool (never null).
  ThreadPool *threadPool();
  /// True when the interpreter was built with a reference resolver: run the
  /// reference loops, not the optimized paths.
  bool reference() const;

private:
  Subgraph &sg_;
  const OperatorDef &op_;
  std::unique_ptr<NodeState> &state_;
  bool dataAvailable_;
  bool outputsDynamic_ = false;
};

using KernelFn = absl::Status (*)(OpContext &);

/// A set of element types (bit `1 << TensorType`), for the types a kernel
/// declares it takes.
using TypeSet = uint32_t;

/// The TypeSet of `types`.
template <typename... Ts> constexpr TypeSet typeSet(Ts... types) {
  return ((TypeSet(1) << static_cast<int>(types)) | ... | TypeSet(0));
}

/// Every element type of TensorType (FLOAT32 .. BFLOAT16): the set of
/// kernels that read only their input's shape (SHAPE, RANK).
constexpr TypeSet kAllTypes =
    (TypeSet(1) << (static_cast<int>(TensorType::kBFloat16) + 1)) - 1;

/// The types with a fixed element size (elementSize() != 0: all but
/// STRING, VARIANT and INT4), which the type-generic data-movement kernels
/// (RESHAPE, TRANSPOSE, GATHER, CONCATENATION, ...) copy as bytes.
/// RESOURCE counts: its elements are int32 resource ids.
constexpr TypeSet kFixedSizeTypes =
    kAllTypes &
    ~typeSet(TensorType::kString, TensorType::kVariant, TensorType::kInt4);

/// The schema names of the types in `set`, lowercased and comma-separated
/// in TensorType order ("float32, int32, int64"); "" for an empty set.
std::string typeSetName(TypeSet set);

/// A kernel: `prepare` may be null (outputs keep their declared shapes).
struct KernelRegistration {
  KernelFn prepare = nullptr;
  KernelFn eval = nullptr;
  /// The element types of input `typedInput` that `prepare` accepts, as
  /// the kernel file declares them at registration so that tools
  /// (op-coverage) can list them. Every registration declares them except
  /// those of ops without inputs (CALL_ONCE, VAR_HANDLE: 0);
  /// test/unit/lite/KernelTypesTest.cpp checks that. Integer types are
  /// quantized tensors for the kernels with integer forms (ADD, CONV_2D,
  /// LOGISTIC, ...; QuantCommon.h) and plain values for the others (the
  /// file's comment says which). Prepare still checks the types; this is
  /// what the registry tells a reader, not a second check.
  TypeSet inputTypes = 0;
  /// The input whose element types `inputTypes` lists: 0, except for ops
  /// whose input 0 is a shape or axis operand and whose data comes later
  /// (SPLIT's and FILL's value: 1; SCATTER_ND's updates: 1;
  /// ASSIGN_VARIABLE's value: 1; TRANSPOSE_CONV's and CONV_3D_TRANSPOSE's
  /// activations: 2).
  int typedInput = 0;
};

/// Finds the kernel for an opcode. Keyed by (builtin code, version) for
/// builtins and by (name, version) for custom ops, like tflite::OpResolver.
class OpResolver {
public:
  virtual ~OpResolver() = default;
  virtual const KernelRegistration *findBuiltin(int32_t code,
                                                int32_t version) const = 0;
  virtual const KernelRegistration *findCustom(const std::string &name,
                                               int32_t version) const = 0;
  /// True for a resolver whose kernels must run their reference loops
  /// (kernels/reference, the ground truth) instead of the optimized paths
  /// (kernels/optimized); kernels read it as OpContext::reference().
  virtual bool referenceKernels() const { return false; }
};

/// An OpResolver that callers fill: each registration covers the versions
/// [minVersion, maxVersion].
class MutableOpResolver : public OpResolver {
public:
  void addBuiltin(int32_t code, KernelRegistration reg, int32_t minVersion = 1,
                  int32_t maxVersion = 1);
  void addCustom(const std::string &name, KernelRegistration reg,
                 int32_t minVersion = 1, int32_t maxVersion = 1);
  const KernelRegistration *findBuiltin(int32_t code,
                                        int32_t version) const override;
  const KernelRegistration *findCustom(const std::string &name,
                                       int32_t version) const override;

private:
  std::map<std::pair<int32_t, int32_t>, KernelRegistration> builtins_;
  std::map<std::pair<std::string, int32_t>, KernelRegistration> customs_;
};

/// The resolver with every kernel of runtime/lite/kernels registered,
/// including MediaPipe's custom op `Convolution2DTransposeBias`.
class BuiltinOpResolver : public MutableOpResolver {
public:
  BuiltinOpResolver();
};

/// The same kernels as BuiltinOpResolver, run as their reference loops
/// (TFLite's BuiltinRefOpResolver; `tflite-run --reference`): the ground
/// truth the optimized kernels are checked against.
class ReferenceOpResolver : public BuiltinOpResolver {
public:
  bool referenceKernels() const override { return true; }
};

/// Registration hooks, one per kernel file, listed in
/// kernels/Registrations.def (called by BuiltinOpResolver in that order).
namespace kernels {
#define TFMLIR_LITE_KERNEL_FILE(fn) void fn(MutableOpResolver &r);
#include "runtime/lite/kernels/Registrations.def"
#undef TFMLIR_LITE_KERNEL_FILE
} // namespace kernels

} // namespace tfmlir::lite

#endif // TFMLIR_RUNTIME_LITE_KERNEL_H
