//===- HostKernel.cpp - the host kernel registry and shared helpers -------===//
#include "runtime/session/kernels/HostKernel.h"

#include "lib/Support/Float16.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"

#include "absl/strings/str_cat.h"

namespace tfmlir::session {

HostKernel::~HostKernel() = default;

static llvm::StringMap<HostKernelFactory> &table() {
  static llvm::StringMap<HostKernelFactory> table = [] {
    llvm::StringMap<HostKernelFactory> t;
    addNonMaxSuppressionKernels(t);
    addIndexingKernels(t);
    addArrayKernels(t);
    addElementwiseKernels(t);
    addListKernels(t);
    addSlicingKernels(t);
    addReduceKernels(t);
    addDataMovementKernels(t);
    addLoggingKernels(t);
    addRaggedKernels(t);
    addNNKernels(t);
    return t;
  }();
  return table;
}

const llvm::StringMap<HostKernelFactory> &hostKernels() { return table(); }

void registerHostKernel(llvm::StringRef opName, HostKernelFactory factory) {
  table()[opName] = std::move(factory);
}

std::optional<DType> dtypeOfElement(mlir::Type t) {
  if (t.isF32())
    return DType::kF32;
  if (t.isF64())
    return DType::kF64;
  if (t.isInteger(1))
    return DType::kBool;
  if (t.isSignlessInteger(8))
    return DType::kI8;
  if (t.isSignlessInteger(16))
    return DType::kI16;
  if (t.isSignlessInteger(32))
    return DType::kI32;
  if (t.isSignlessInteger(64))
    return DType::kI64;
  if (t.isF16())
    return DType::kF16;
  if (t.isBF16())
    return DType::kBF16;
  if (t.isUnsignedInteger(8))
    return DType::kU8;
  if (t.isUnsignedInteger(16))
    return DType::kU16;
  if (t.isUnsignedInteger(32))
    return DType::kU32;
  if (t.isUnsignedInteger(64))
    return DType::kU64;
  return std::nullopt;
}

absl::StatusOr<DType> resultDType(mlir::Operation *op, unsigned i) {
  auto tt = mlir::dyn_cast<mlir::TensorType>(op->getResult(i).getType());
  if (tt)
    if (std::optional<DType> d = dtypeOfElement(tt.getElementType()))
      return *d;
  std::string s;
  llvm::raw_string_ostream os(s);
  os << op->getResult(i).getType();
  return absl::UnimplementedError(
      absl::StrCat(op->getName().getStringRef().str(), ": result ", i,
                   " has type ", s, ", which host kernels do not support"));
}

std::string shapeDebugString(const std::vector<int64_t> &shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    absl::StrAppend(&s, i ? "," : "", shape[i]);
  return s + "]";
}

int64_t intElement(const HostTensor &t, int64_t i) {
  return dispatchDType(t.dtype(), [&](auto v) -> int64_t {
    using T = decltype(v);
    return static_cast<int64_t>(t.data<T>()[i]);
  });
}

double realElement(const HostTensor &t, int64_t i) {
  if (t.dtype() == DType::kF16)
    return halfToFloat(t.data<uint16_t>()[i]);
  if (t.dtype() == DType::kBF16)
    return bfloat16ToFloat(t.data<uint16_t>()[i]);
  return dispatchDType(t.dtype(), [&](auto v) -> double {
    using T = decltype(v);
    return static_cast<double>(t.data<T>()[i]);
  });
}

absl::StatusOr<HostTensor> widenHalfToF32(const HostTensor &t) {
  absl::StatusOr<HostTensor> out = HostTensor::create(DType::kF32, t.shape());
  if (!out.ok())
    return out.status();
  const uint16_t *s = t.data<uint16_t>();
  float *d = out->data<float>();
  bool bf = t.dtype() == DType::kBF16;
  for (int64_t i = 0, n = t.numElements(); i < n; ++i)
    d[i] = bf ? bfloat16ToFloat(s[i]) : halfToFloat(s[i]);
  return out;
}

absl::StatusOr<HostTensor> narrowF32ToHalf(const HostTensor &t, DType to) {
  absl::StatusOr<HostTensor> out = HostTensor::create(to, t.shape());
  if (!out.ok())
    return out.status();
  const float *s = t.data<float>();
  uint16_t *d = out->data<uint16_t>();
  bool bf = to == DType::kBF16;
  for (int64_t i = 0, n = t.numElements(); i < n; ++i)
    d[i] = bf ? tfmlir::floatToBfloat16(s[i]) : tfmlir::floatToHalf(s[i]);
  return out;
}

absl::StatusOr<int64_t> scalarInt(const HostTensor &t, const char *what) {
  if (!t.shape().empty())
    return absl::InvalidArgumentError(absl::StrCat(
        what, " must be 0-D, got shape ", shapeDebugString(t.shape())));
  if (t.dtype() != DType::kI32 && t.dtype() != DType::kI64)
    return absl::InvalidArgumentError(absl::StrCat(
        what, " must be int32 or int64, got ", dtypeName(t.dtype())));
  return intElement(t, 0);
}

HostKernelFactory lambdaKernel(absl::Status (*fn)(KernelContext &)) {
  return
      [fn](mlir::Operation *) -> absl::StatusOr<std::unique_ptr<HostKernel>> {
        return std::make_unique<LambdaKernel>(fn);
      };
}

} // namespace tfmlir::session
