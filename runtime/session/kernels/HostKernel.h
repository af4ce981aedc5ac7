//===- HostKernel.h - host kernels for the Session's executor --*- C++ -*-===//
//
// Ops that the executor does not compile (data-dependent shapes: NMS,
// Where, Unique, ...; or everything with global_jit_level=kOff) run on
// host kernels, modelled on TF's OpKernel: a kernel is constructed once per
// node from the op's attrs and result types (the factory, at executor
// build time) and compute() is then called for each Run, possibly from
// several threads at once (it must keep no per-call state in the kernel).
// Kernels never touch MLIR at run time. One file per op family, named after
// TF's kernel files (NonMaxSuppression.cpp, Indexing.cpp, Array.cpp,
// Elementwise.cpp, ListKernels.cpp, Slicing.cpp, Reduce.cpp,
// DataMovement.cpp, Logging.cpp, NN.cpp).
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_SESSION_KERNELS_HOSTKERNEL_H
#define TFMLIR_RUNTIME_SESSION_KERNELS_HOSTKERNEL_H

#include "runtime/session/HostTensor.h"

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace mlir {
class Operation;
class Type;
} // namespace mlir

namespace tfmlir::session {

/// The tensors of one kernel invocation: `inputs` (one per operand, never
/// null) and `outputs`, which compute() fills with one tensor per result.
struct KernelContext {
  std::vector<const HostTensor *> inputs;
  std::vector<HostTensor> outputs;
};

/// A host kernel for one node. compute() returns TF's error codes and
/// wording where TF has them (InvalidArgument for bad shapes or values);
/// the executor appends " [[{{node <name>}}]]".
class HostKernel {
public:
  virtual ~HostKernel();
  virtual absl::Status compute(KernelContext &ctx) const = 0;
  /// False for an operand the kernel read from the op when it was built (a
  /// constant the host tensors cannot hold: Assert's string messages); the
  /// executor then passes no tensor for it, and ctx.inputs holds the taken
  /// operands only, in order.
  virtual bool takesOperand(unsigned i) const { return true; }
};

/// Builds the kernel for `op` (reading its attrs and result types), or an
/// error (Unimplemented for a dtype or attr value the kernel lacks).
using HostKernelFactory =
    std::function<absl::StatusOr<std::unique_ptr<HostKernel>>(
        mlir::Operation *op)>;

/// The kernels of all families, by tf op name ("tf.Where"). Built once.
const llvm::StringMap<HostKernelFactory> &hostKernels();

/// Adds (or replaces) the kernel of `opName`, for tests and embedders that
/// bring their own ops. Not synchronized with executors being built: call
/// it before creating sessions.
void registerHostKernel(llvm::StringRef opName, HostKernelFactory factory);

/// The executor's dtype for an MLIR element type (f32, i1 -> kBool, ...).
std::optional<DType> dtypeOfElement(mlir::Type elementType);
/// The dtype of result `i` of `op` (a ranked or unranked tensor); error
/// naming the op when it has none.
absl::StatusOr<DType> resultDType(mlir::Operation *op, unsigned i);

/// Families (each in its own file) add their factories here.
void addNonMaxSuppressionKernels(llvm::StringMap<HostKernelFactory> &t);
void addIndexingKernels(llvm::StringMap<HostKernelFactory> &t);
void addArrayKernels(llvm::StringMap<HostKernelFactory> &t);
void addElementwiseKernels(llvm::StringMap<HostKernelFactory> &t);
void addListKernels(llvm::StringMap<HostKernelFactory> &t);
void addSlicingKernels(llvm::StringMap<HostKernelFactory> &t);
void addReduceKernels(llvm::StringMap<HostKernelFactory> &t);
void addDataMovementKernels(llvm::StringMap<HostKernelFactory> &t);
void addLoggingKernels(llvm::StringMap<HostKernelFactory> &t);
/// RaggedRange (Ragged.cpp).
void addRaggedKernels(llvm::StringMap<HostKernelFactory> &t);
/// MatMul, BiasAdd/BiasAddV1, Conv2D, FakeQuantWithMinMax* (NN.cpp).
void addNNKernels(llvm::StringMap<HostKernelFactory> &t);

//===--------------------------------------------------------------------===//
// Helpers shared by the kernel files.
//===--------------------------------------------------------------------===//

/// "[2,3]" (TF's TensorShape::DebugString).
std::string shapeDebugString(const std::vector<int64_t> &shape);
/// The integer value of element `i` of an int8..int64 / uint8..uint64
/// tensor.
int64_t intElement(const HostTensor &t, int64_t i);
/// The value of element `i` as double (any dtype; f16/bf16 converted).
double realElement(const HostTensor &t, int64_t i);
/// Checks that `t` holds a scalar int32/int64 and returns it; `what` names
/// the operand in the InvalidArgument error ("k must be 0-D, got shape
/// [2]").
absl::StatusOr<int64_t> scalarInt(const HostTensor &t, const char *what);
/// True for kF16 and kBF16 (stored as uint16_t bit patterns).
inline bool isHalf(DType t) { return t == DType::kF16 || t == DType::kBF16; }
/// The f16/bf16 tensor `t` widened (exactly) to an f32 tensor of its
/// shape: how the kernels compute half types, as TF's CPU kernels compute
/// Eigen::half in float. Errors: HostTensor::create's.
absl::StatusOr<HostTensor> widenHalfToF32(const HostTensor &t);
/// The f32 tensor `t` rounded to nearest even into `to` (kF16 or kBF16;
/// overflow gives infinity, NaN stays NaN; lib/Support/Float16.h).
absl::StatusOr<HostTensor> narrowF32ToHalf(const HostTensor &t, DType to);
/// Calls f(T{}) with the C++ type of `t` (float, double, int8_t, ...,
/// uint8_t for kBool, uint16_t for kF16/kBF16).
template <typename F> decltype(auto) dispatchDType(DType t, F &&f) {
  switch (t) {
  case DType::kF32:
    return f(float{});
  case DType::kF64:
    return f(double{});
  case DType::kBool:
    return f(uint8_t{});
  case DType::kI8:
    return f(int8_t{});
  case DType::kI16:
    return f(int16_t{});
  case DType::kI32:
    return f(int32_t{});
  case DType::kI64:
    return f(int64_t{});
  case DType::kU8:
    return f(uint8_t{});
  case DType::kU16:
    return f(uint16_t{});
  case DType::kU32:
    return f(uint32_t{});
  case DType::kU64:
    return f(uint64_t{});
  case DType::kF16:
  case DType::kBF16:
    return f(uint16_t{});
  }
  return f(float{});
}

/// A kernel from a lambda (for kernels without attrs).
class LambdaKernel : public HostKernel {
public:
  explicit LambdaKernel(std::function<absl::Status(KernelContext &)> fn)
      : fn_(std::move(fn)) {}
  absl::Status compute(KernelContext &ctx) const override { return fn_(ctx); }

private:
  std::function<absl::Status(KernelContext &)> fn_;
};

/// The factory of a kernel without attrs: every op gets a LambdaKernel
/// calling `fn`.
HostKernelFactory lambdaKernel(absl::Status (*fn)(KernelContext &));

} // namespace tfmlir::session

#endif
