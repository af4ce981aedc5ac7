//===- Logging.cpp - the Assert host kernel -------------------------------===//
//
// TF's Assert (logging_ops.cc): when the scalar bool `condition` is false
// the Run fails with InvalidArgument "assertion failed: [d0] [d1] ...",
// each data tensor summarized as TF's Tensor::SummarizeValue(summarize)
// (tensor.cc, the print_v2=false form: at most `summarize` elements, space
// separated, one [..] per dim above the innermost, "..." when cut; floats
// as absl::StrCat prints them, bools as 1/0, f16/bf16 as their float).
// String data (the messages tf.debugging.assert_* add) can only come from
// tf.Const: the host tensors have no strings, so the kernel reads them from
// the op when it is built and the executor passes no tensor for them
// (HostKernel::takesOperand). Compiled code drops Assert, as XLA does
// (lib/Conversion/TFToHLO/LegalizeTF.cpp); it is checked only where it runs
// as a host node (global_jit_level=kOff, or inside a host function).
//===----------------------------------------------------------------------===//
#include "runtime/session/kernels/HostKernel.h"

#include "dialects/tf/TFTypes.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"

namespace tfmlir::session {
namespace {

/// Appends TF's print_v2=false summary of a tensor of `shape` whose
/// element k prints as elem(k), at most `limit` elements (PrintOneDim).
template <typename F>
void summarizeDim(size_t dim, const std::vector<int64_t> &shape, int64_t limit,
                  int64_t &index, const F &elem, std::string &out) {
  if (index >= limit)
    return;
  int64_t count = shape[dim];
  if (dim + 1 == shape.size()) {
    for (int64_t i = 0; i < count; ++i) {
      if (index >= limit) {
        if (dim != 0)
          out += "...";
        return;
      }
      if (i > 0)
        out += " ";
      out += elem(index++);
    }
    return;
  }
  for (int64_t i = 0; i < count; ++i) {
    bool open = false;
    if (index < limit) {
      out += "[";
      open = true;
    }
    summarizeDim(dim + 1, shape, limit, index, elem, out);
    if (index < limit || open)
      out += "]";
  }
}

/// TF's Tensor::SummarizeValue(maxEntries) (print_v2=false) of a tensor of
/// `shape` with `n` elements; a negative maxEntries prints them all.
template <typename F>
std::string summarize(const std::vector<int64_t> &shape, int64_t n,
                      int64_t maxEntries, const F &elem) {
  int64_t limit = maxEntries < 0 ? n : std::min(maxEntries, n);
  std::string out;
  if (shape.empty()) {
    for (int64_t i = 0; i < limit; ++i) {
      if (i > 0)
        out += " ";
      out += elem(i);
    }
  } else {
    int64_t index = 0;
    summarizeDim(0, shape, limit, index, elem, out);
  }
  if (n > limit)
    out += "...";
  return out;
}

std::string summarizeTensor(const HostTensor &t, int64_t maxEntries) {
  if (t.isVariant())
    return "<TensorList>";
  auto elem = [&](int64_t i) -> std::string {
    if (isHalf(t.dtype()))
      return absl::StrCat(static_cast<float>(realElement(t, i)));
    return dispatchDType(t.dtype(), [&](auto v) -> std::string {
      using T = decltype(v);
      T x = t.data<T>()[i];
      if constexpr (std::is_same_v<T, int8_t> || std::is_same_v<T, uint8_t>)
        return absl::StrCat(static_cast<int>(x));
      else
        return absl::StrCat(x);
    });
  };
  return summarize(t.shape(), t.numElements(), maxEntries, elem);
}

/// Assert(condition, data...) with the op's `summarize`. `constText[i]` is
/// the summary of data operand i + 1 when it is a string constant read at
/// build time (no tensor is passed for it), empty otherwise.
class AssertKernel : public HostKernel {
public:
  AssertKernel(int64_t summarize, std::vector<std::optional<std::string>> text)
      : summarize_(summarize), text_(std::move(text)) {}

  bool takesOperand(unsigned i) const override {
    return i == 0 || !text_[i - 1].has_value();
  }

  absl::Status compute(KernelContext &ctx) const override {
    const HostTensor &cond = *ctx.inputs[0];
    bool legacyScalar = cond.shape().empty() ||
                        (cond.shape().size() == 1 && cond.shape()[0] == 1);
    if (cond.isVariant() || !legacyScalar)
      return absl::InvalidArgumentError(absl::StrCat(
          "In[0] should be a scalar: ", shapeDebugString(cond.shape())));
    if (cond.dtype() != DType::kBool)
      return absl::InvalidArgumentError(
          absl::StrCat("In[0] must be bool, got ", dtypeName(cond.dtype())));
    if (cond.data<uint8_t>()[0])
      return absl::OkStatus();
    std::string msg = "assertion failed: ";
    size_t next = 1; // the next tensor in ctx.inputs
    for (size_t i = 0; i < text_.size(); ++i) {
      if (i > 0)
        msg += " ";
      msg += "[";
      msg += text_[i] ? *text_[i]
                      : summarizeTensor(*ctx.inputs[next++], summarize_);
      msg += "]";
    }
    return absl::InvalidArgumentError(msg);
  }

private:
  int64_t summarize_;
  std::vector<std::optional<std::string>> text_;
};

absl::StatusOr<std::unique_ptr<HostKernel>> buildAssert(mlir::Operation *op) {
  int64_t maxEntries = 3;
  if (auto a = op->getAttrOfType<mlir::IntegerAttr>("summarize"))
    maxEntries = a.getInt();
  std::vector<std::optional<std::string>> text;
  for (unsigned i = 1; i < op->getNumOperands(); ++i) {
    mlir::Value v = op->getOperand(i);
    auto tt = mlir::dyn_cast<mlir::TensorType>(v.getType());
    if (!tt || !mlir::isa<tf_type::StringType>(tt.getElementType())) {
      text.push_back(std::nullopt);
      continue;
    }
    mlir::Operation *def = v.getDefiningOp();
    auto attr = def && def->getName().getStringRef() == "tf.Const"
                    ? def->getAttrOfType<mlir::DenseStringElementsAttr>("value")
                    : mlir::DenseStringElementsAttr();
    if (!attr)
      return absl::UnimplementedError(absl::StrCat(
          "data input ", i,
          " is a string tensor that is not a tf.Const; host kernels have no "
          "string tensors"));
    std::vector<int64_t> shape(attr.getType().getShape().begin(),
                               attr.getType().getShape().end());
    llvm::ArrayRef<llvm::StringRef> values = attr.getRawStringData();
    auto elem = [&](int64_t k) -> std::string {
      llvm::StringRef s = values[attr.isSplat() ? 0 : k];
      return absl::Utf8SafeCEscape(absl::string_view(s.data(), s.size()));
    };
    text.push_back(summarize(shape, attr.getNumElements(), maxEntries, elem));
  }
  return std::make_unique<AssertKernel>(maxEntries, std::move(text));
}

} // namespace

void addLoggingKernels(llvm::StringMap<HostKernelFactory> &t) {
  t["tf.Assert"] = buildAssert;
}

} // namespace tfmlir::session
