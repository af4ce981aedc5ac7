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
  OpContext(Subgraph &sg, const OperatorDef &op, std::unique_ptr<NodeState> &state,
            bool dataAvailable)
      : sg_(sg), op_(op), state_(state), dataAvailable_(dataAvailable) {}

  int numInputs() const { return static_cast<int>(op_.inputs.size()); }
  int numOutputs() const { return static_cast<int>(op_.outputs.size()); }
  /// Input `i`, or nullptr when it is absent (index -1 or i >= numInputs).
  const Tensor *input(int i) const;
  Tensor *output(int i);
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
  ThreadPool *threadPool();

private:
  Subgraph &sg_;
  const OperatorDef &op_;
  std::unique_ptr<NodeState> &state_;
  bool dataAvailable_;
  bool outputsDynamic_ = false;
};

using KernelFn = absl::Status (*)(OpContext &);

/// A kernel: `prepare` may be null (outputs keep their declared shapes).
struct KernelRegistration {
  KernelFn prepare = nullptr;
  KernelFn eval = nullptr;
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

/// Registration hooks, one per kernel file (called by BuiltinOpResolver).
namespace kernels {
void registerElementwise(MutableOpResolver &r);
void registerConv(MutableOpResolver &r);
void registerShapeOps(MutableOpResolver &r);
void registerReduce(MutableOpResolver &r);
void registerImageOps(MutableOpResolver &r);
void registerControlFlow(MutableOpResolver &r);
void registerIndexOps(MutableOpResolver &r);
/// SVDF, RNN, UNIDIRECTIONAL_SEQUENCE_RNN and UNIDIRECTIONAL_SEQUENCE_LSTM
/// (float, hybrid and, for SVDF, full integer).
void registerRecurrent(MutableOpResolver &r);
/// Integer (int8 / uint8 / int16) and hybrid kernels; must run after the
/// others: it wraps their registrations in a type dispatcher.
void registerQuantized(MutableOpResolver &r);
// One file and one registration per builtin added for issue 12 section 3:
// register<Name> lives in kernels/<Name>.cpp (DetectionPostProcess.cpp is
// the custom op TFLite_Detection_PostProcess).
void registerDetectionPostProcess(MutableOpResolver &r);
void registerConv3D(MutableOpResolver &r);
void registerConv3DTranspose(MutableOpResolver &r);
void registerAtan2(MutableOpResolver &r);
void registerRfft2d(MutableOpResolver &r);
void registerComplexAbs(MutableOpResolver &r);
void registerReal(MutableOpResolver &r);
void registerImag(MutableOpResolver &r);
void registerBroadcastArgs(MutableOpResolver &r);
void registerBitwiseXor(MutableOpResolver &r);
void registerBitcast(MutableOpResolver &r);
void registerMatrixDiag(MutableOpResolver &r);
void registerMatrixSetDiag(MutableOpResolver &r);
void registerReverseSequence(MutableOpResolver &r);
void registerUnique(MutableOpResolver &r);
void registerRandomUniform(MutableOpResolver &r);
void registerRandomStandardNormal(MutableOpResolver &r);
} // namespace kernels

} // namespace tfmlir::lite

#endif // TFMLIR_RUNTIME_LITE_KERNEL_H
