//===- ListKernels.cpp - TensorList host kernels -------------------------===//
//
// TF's list_ops (tensorflow/core/kernels/list_kernels.{h,cc}) on the host:
// EmptyTensorList, TensorListReserve, TensorListFromTensor,
// TensorListSetItem (resize_if_index_out_of_bounds), TensorListGetItem,
// TensorListPushBack, TensorListPopBack, TensorListStack, TensorListLength,
// TensorListElementShape, TensorListGather, TensorListScatter(V2),
// TensorListScatterIntoExistingList, TensorListConcatV2 and
// TensorListSplit. TF2 writes these for tf.TensorArray (and Keras RNNs)
// inside functional While loops, and tf-tensor-array-ops-decomposition
// writes them for TF1 TensorArrays whose size or element shape is only
// known at run time; XLA compiles them only when every size is static, so
// with --jit=auto they run here.
//
// A list is a DT_VARIANT scalar HostTensor holding an immutable TensorList
// (HostTensor.h). Kernels that change a list make a new TensorList that
// shares the untouched elements with the old one (TF mutates in place when
// it holds the only reference; the values are the same). Element shapes are
// TF's PartialTensorShape: -1 dims, or unknown rank (the scalar -1 in an
// element_shape input). Errors are TF's InvalidArgument messages (e.g.
// "Trying to access element 7 in a list with 4 elements."); the executor
// appends the node name.
//===----------------------------------------------------------------------===//
#include "runtime/session/kernels/HostKernel.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"

#include "absl/strings/str_cat.h"

#include <cstring>
#include <unistd.h>

namespace tfmlir::session {
namespace {

/// Grows `l` to `n` entries (never shrinks). The entries' bytes count
/// against the thread's HostAllocationLimit (max_run_memory_bytes), as
/// TF's allocator counts a list's buffer; a list larger than the machine's
/// memory is refused before anything is allocated (vector::resize would
/// otherwise take minutes to fill it, or abort). `op` names the kernel in
/// the error.
absl::Status growList(TensorList &l, int64_t n, const char *op) {
  int64_t have = static_cast<int64_t>(l.tensors.size());
  if (n <= have)
    return absl::OkStatus();
  constexpr int64_t kEntry = sizeof(l.tensors[0]);
  int64_t bytes = 0;
  static const int64_t kMachine = [] {
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    return pages > 0 && size > 0 ? int64_t(pages) * size : int64_t(1) << 40;
  }();
  if (__builtin_mul_overflow(n - have, kEntry, &bytes) || bytes > kMachine)
    return absl::ResourceExhaustedError(absl::StrCat(
        "OOM when allocating a TensorList of ", n, " elements in ", op,
        ": more than this machine's ", kMachine, " bytes of memory"));
  if (HostAllocationLimit *limit = HostAllocationLimit::current();
      limit && !limit->take(bytes))
    return absl::ResourceExhaustedError(absl::StrCat(
        "OOM when allocating a TensorList of ", n, " elements in ", op, ": ",
        bytes, " bytes, over what is left of the run's memory limit"));
  l.tensors.resize(n);
  return absl::OkStatus();
}

/// TF's DataTypeString of `t` ("float", "int32", ...).
const char *tfName(DType t) {
  switch (t) {
  case DType::kF32:
    return "float";
  case DType::kF64:
    return "double";
  case DType::kBool:
    return "bool";
  case DType::kI8:
    return "int8";
  case DType::kI16:
    return "int16";
  case DType::kI32:
    return "int32";
  case DType::kI64:
    return "int64";
  case DType::kU8:
    return "uint8";
  case DType::kU16:
    return "uint16";
  case DType::kU32:
    return "uint32";
  case DType::kU64:
    return "uint64";
  case DType::kF16:
    return "half";
  case DType::kBF16:
    return "bfloat16";
  }
  return "unknown";
}

/// A partial shape: `dims` with -1 for unknown, or an unknown rank.
struct PartialShape {
  bool unknownRank = true;
  std::vector<int64_t> dims;

  static PartialShape of(const TensorList &l) {
    return {l.unknownRank, l.elementShape};
  }
  static PartialShape known(const std::vector<int64_t> &d) {
    return {false, d};
  }
  bool fullyDefined() const {
    return !unknownRank && llvm::all_of(dims, [](int64_t d) { return d >= 0; });
  }
  /// TF's PartialTensorShape::DebugString: "<unknown>", "[2,?]".
  std::string str() const {
    if (unknownRank)
      return "<unknown>";
    std::string s = "[";
    for (size_t i = 0; i < dims.size(); ++i)
      absl::StrAppend(&s, i ? "," : "",
                      dims[i] < 0 ? std::string("?") : std::to_string(dims[i]));
    return s + "]";
  }
  bool compatibleWith(const PartialShape &o) const {
    if (unknownRank || o.unknownRank)
      return true;
    if (dims.size() != o.dims.size())
      return false;
    for (size_t i = 0; i < dims.size(); ++i)
      if (dims[i] >= 0 && o.dims[i] >= 0 && dims[i] != o.dims[i])
        return false;
    return true;
  }
  /// TF's MergeWith: the more defined of two compatible shapes.
  absl::StatusOr<PartialShape> merge(const PartialShape &o) const {
    if (!compatibleWith(o))
      return absl::InvalidArgumentError(absl::StrCat(
          "Incompatible shapes during merge: ", str(), " vs. ", o.str()));
    if (unknownRank)
      return o;
    PartialShape r = *this;
    if (!o.unknownRank)
      for (size_t i = 0; i < dims.size(); ++i)
        if (r.dims[i] < 0)
          r.dims[i] = o.dims[i];
    return r;
  }
};

/// TF's TensorShapeFromTensor: an element_shape input (int32/int64; the
/// scalar -1 = unknown rank, a vector of dims with -1 = unknown dim).
absl::StatusOr<PartialShape> shapeFromTensor(const HostTensor &t) {
  if (t.isVariant() || (t.dtype() != DType::kI32 && t.dtype() != DType::kI64))
    return absl::InvalidArgumentError(
        absl::StrCat("element_shape must be an int32 or int64 tensor, got ",
                     t.typeString()));
  if (t.shape().empty()) {
    if (intElement(t, 0) != -1)
      return absl::InvalidArgumentError(absl::StrCat(
          "The only valid scalar shape tensor is the fully unknown shape "
          "specified as -1."));
    return PartialShape();
  }
  if (t.shape().size() != 1)
    return absl::InvalidArgumentError(absl::StrCat(
        "Shape must be at most rank 1 but is rank ", t.shape().size()));
  PartialShape s{false, {}};
  for (int64_t i = 0; i < t.numElements(); ++i) {
    int64_t d = intElement(t, i);
    if (d < -1)
      return absl::InvalidArgumentError(
          absl::StrCat("Dimension ", d, " must be >= -1"));
    s.dims.push_back(d);
  }
  return s;
}

/// The list of input `i`; InvalidArgument when it is not a list.
absl::StatusOr<const TensorList *> listInput(const KernelContext &ctx,
                                             size_t i) {
  const HostTensor &t = *ctx.inputs[i];
  if (!t.isVariant())
    return absl::InvalidArgumentError(absl::StrCat(
        "Input handle is not a list. Saw: '", t.typeString(), "'"));
  return t.list().get();
}

absl::Status checkDType(const TensorList &l, DType opDType) {
  if (l.elementDType != opDType)
    return absl::InvalidArgumentError(
        absl::StrCat("Invalid data types; op elements ", tfName(opDType),
                     " but list elements ", tfName(l.elementDType)));
  return absl::OkStatus();
}

/// The element dtype of the op's `element_dtype` attr.
absl::StatusOr<DType> elementDTypeAttr(mlir::Operation *op) {
  auto a = op->getAttrOfType<mlir::TypeAttr>("element_dtype");
  std::optional<DType> d = a ? dtypeOfElement(a.getValue()) : std::nullopt;
  if (!d)
    return absl::UnimplementedError(
        absl::StrCat(op->getName().getStringRef().str(),
                     ": element_dtype missing or not supported by the host "
                     "TensorList kernels"));
  return *d;
}

/// The value of an element (zeros of `shape` for an uninitialized one,
/// which must then be fully defined).
absl::StatusOr<HostTensor> readElement(const TensorList &l, size_t i,
                                       const PartialShape &opShape) {
  if (const std::shared_ptr<const HostTensor> &e = l.tensors[i])
    return e->clone();
  absl::StatusOr<PartialShape> s = PartialShape::of(l).merge(opShape);
  if (!s.ok())
    return s.status();
  if (!s->fullyDefined())
    return absl::InvalidArgumentError(absl::StrCat(
        "Trying to read an uninitialized tensor but element_shape: ", s->str(),
        " is not fully defined."));
  return HostTensor::create(l.elementDType, s->dims);
}

HostTensor wrap(TensorList l) {
  return HostTensor::variant(std::make_shared<const TensorList>(std::move(l)));
}

/// A kernel with the op's element_dtype.
class ListKernel : public HostKernel {
public:
  using Fn = absl::Status (*)(KernelContext &, DType);
  ListKernel(Fn fn, DType d) : fn_(fn), dtype_(d) {}
  absl::Status compute(KernelContext &ctx) const override {
    return fn_(ctx, dtype_);
  }

private:
  Fn fn_;
  DType dtype_;
};

// EmptyTensorList(element_shape, max_num_elements) -> handle.
absl::Status emptyList(KernelContext &ctx, DType d) {
  const HostTensor &max = *ctx.inputs[1];
  if (!max.shape().empty())
    return absl::InvalidArgumentError(
        absl::StrCat("max_num_elements expected to be a scalar but got shape: ",
                     shapeDebugString(max.shape())));
  TensorList l;
  l.elementDType = d;
  absl::StatusOr<PartialShape> s = shapeFromTensor(*ctx.inputs[0]);
  if (!s.ok())
    return s.status();
  l.unknownRank = s->unknownRank;
  l.elementShape = s->dims;
  l.maxNumElements = intElement(max, 0);
  ctx.outputs.push_back(wrap(std::move(l)));
  return absl::OkStatus();
}

// TensorListReserve(element_shape, num_elements) -> handle.
absl::Status reserve(KernelContext &ctx, DType d) {
  const HostTensor &n = *ctx.inputs[1];
  if (!n.shape().empty())
    return absl::InvalidArgumentError(
        absl::StrCat("The num_elements to reserve must be a tensor size 1, "
                     "but got ",
                     shapeDebugString(n.shape())));
  int64_t num = intElement(n, 0);
  if (num < 0)
    return absl::InvalidArgumentError(absl::StrCat(
        "The num_elements to reserve must be a non negative number, but got ",
        num));
  absl::StatusOr<PartialShape> s = shapeFromTensor(*ctx.inputs[0]);
  if (!s.ok())
    return s.status();
  TensorList l;
  l.elementDType = d;
  l.unknownRank = s->unknownRank;
  l.elementShape = s->dims;
  if (absl::Status st = growList(l, num, "TensorListReserve"); !st.ok())
    return st;
  ctx.outputs.push_back(wrap(std::move(l)));
  return absl::OkStatus();
}

// TensorListFromTensor(tensor, element_shape) -> handle.
absl::Status fromTensor(KernelContext &ctx, DType d) {
  const HostTensor &t = *ctx.inputs[0];
  if (t.isVariant() || t.dtype() != d)
    return absl::InvalidArgumentError(
        absl::StrCat("Invalid data types; op elements ", tfName(d),
                     " but tensor is ", t.typeString()));
  if (t.shape().empty())
    return absl::InvalidArgumentError(
        absl::StrCat("Tensor must be at least a vector, but saw shape: ",
                     shapeDebugString(t.shape())));
  std::vector<int64_t> elem(t.shape().begin() + 1, t.shape().end());
  absl::StatusOr<PartialShape> s = shapeFromTensor(*ctx.inputs[1]);
  if (!s.ok())
    return s.status();
  if (!s->compatibleWith(PartialShape::known(elem)))
    return absl::InvalidArgumentError(
        absl::StrCat("Specified a list with shape ", s->str(),
                     " from a tensor with shape ", shapeDebugString(elem)));
  TensorList l;
  l.elementDType = d;
  l.unknownRank = s->unknownRank;
  l.elementShape = s->dims;
  int64_t rows = t.shape()[0];
  size_t rowBytes = rows ? t.byteSize() / rows : 0;
  for (int64_t i = 0; i < rows; ++i) {
    absl::StatusOr<HostTensor> e = HostTensor::create(d, elem);
    if (!e.ok())
      return e.status();
    std::memcpy(e->raw(), static_cast<const char *>(t.raw()) + i * rowBytes,
                rowBytes);
    l.tensors.push_back(std::make_shared<const HostTensor>(std::move(*e)));
  }
  ctx.outputs.push_back(wrap(std::move(l)));
  return absl::OkStatus();
}

/// TensorListSetItem(input_handle, index, item) -> output_handle; attr
/// resize_if_index_out_of_bounds (TF2's TensorArray write with
/// dynamic_size): an index past the end grows the list to index + 1 with
/// unset elements.
class SetItemKernel : public HostKernel {
public:
  SetItemKernel(DType d, bool resize) : d_(d), resize_(resize) {}
  absl::Status compute(KernelContext &ctx) const override {
    absl::StatusOr<const TensorList *> in = listInput(ctx, 0);
    if (!in.ok())
      return in.status();
    const HostTensor &item = *ctx.inputs[2];
    if (item.isVariant() || item.dtype() != (*in)->elementDType ||
        d_ != (*in)->elementDType)
      return absl::InvalidArgumentError(
          absl::StrCat("Invalid data types; op elements ", tfName(item.dtype()),
                       " but list elements ", tfName((*in)->elementDType)));
    absl::StatusOr<int64_t> index = scalarInt(*ctx.inputs[1], "index");
    if (!index.ok())
      return index.status();
    int64_t size = (*in)->tensors.size();
    if (*index < 0 || (!resize_ && *index >= size))
      return absl::InvalidArgumentError(
          absl::StrCat("Trying to modify element ", *index, " in a list with ",
                       size, " elements."));
    if (!PartialShape::of(**in).compatibleWith(
            PartialShape::known(item.shape())))
      return absl::InvalidArgumentError(absl::StrCat(
          "Tried to set a tensor with incompatible shape at a list index. "
          "Item element shape: ",
          shapeDebugString(item.shape()),
          " list shape: ", PartialShape::of(**in).str()));
    TensorList l = **in;
    if (absl::Status st = growList(l, *index + 1, "TensorListSetItem");
        !st.ok())
      return st;
    l.tensors[*index] = std::make_shared<const HostTensor>(item.clone());
    ctx.outputs.push_back(wrap(std::move(l)));
    return absl::OkStatus();
  }

private:
  DType d_;
  bool resize_;
};

/// The shape of the unset elements a kernel reads: `opShape` (the op's
/// element_shape input) merged with the list's, then, when that is not
/// fully defined, with the shapes of the set elements (TF's
/// GetElementShapeFromInput and the merge loops of TensorListGetItem /
/// TensorListGather; TF's TensorArray read learns its element shape from
/// the first write the same way).
absl::StatusOr<PartialShape> unsetElementShape(const TensorList &l,
                                               const PartialShape &opShape) {
  absl::StatusOr<PartialShape> s = opShape.merge(PartialShape::of(l));
  if (!s.ok() || s->fullyDefined())
    return s;
  for (const auto &e : l.tensors)
    if (e) {
      s = s->merge(PartialShape::known(e->shape()));
      if (!s.ok())
        return s;
    }
  return s;
}

// TensorListGetItem(input_handle, index, element_shape) -> item.
absl::Status getItem(KernelContext &ctx, DType d) {
  absl::StatusOr<const TensorList *> in = listInput(ctx, 0);
  if (!in.ok())
    return in.status();
  if (absl::Status s = checkDType(**in, d); !s.ok())
    return s;
  absl::StatusOr<int64_t> index = scalarInt(*ctx.inputs[1], "index");
  if (!index.ok())
    return index.status();
  int64_t size = (*in)->tensors.size();
  if (*index < 0 || *index >= size)
    return absl::InvalidArgumentError(absl::StrCat("Trying to access element ",
                                                   *index, " in a list with ",
                                                   size, " elements."));
  absl::StatusOr<PartialShape> opShape = shapeFromTensor(*ctx.inputs[2]);
  if (!opShape.ok())
    return opShape.status();
  if (const std::shared_ptr<const HostTensor> &e = (*in)->tensors[*index]) {
    // The result's static type comes from element_shape (shape inference),
    // so an element that contradicts it is an error here, not a tensor of
    // another shape (TF does not check).
    if (!opShape->compatibleWith(PartialShape::known(e->shape())))
      return absl::InvalidArgumentError(
          absl::StrCat("Incompatible shapes during merge: ", opShape->str(),
                       " vs. ", shapeDebugString(e->shape())));
    ctx.outputs.push_back(e->clone());
    return absl::OkStatus();
  }
  absl::StatusOr<PartialShape> s = unsetElementShape(**in, *opShape);
  if (!s.ok())
    return s.status();
  if (!s->fullyDefined())
    return absl::InvalidArgumentError(absl::StrCat(
        "Trying to read an uninitialized tensor but element_shape is not "
        "fully defined: ",
        s->str(), " and no list element is set."));
  absl::StatusOr<HostTensor> z = HostTensor::create(d, s->dims);
  if (!z.ok())
    return z.status();
  ctx.outputs.push_back(std::move(*z));
  return absl::OkStatus();
}

// TensorListPushBack(input_handle, tensor) -> output_handle.
absl::Status pushBack(KernelContext &ctx, DType d) {
  absl::StatusOr<const TensorList *> in = listInput(ctx, 0);
  if (!in.ok())
    return in.status();
  const HostTensor &t = *ctx.inputs[1];
  if (t.isVariant() || t.dtype() != (*in)->elementDType ||
      d != (*in)->elementDType)
    return absl::InvalidArgumentError(absl::StrCat(
        "Invalid data types; list elements ", tfName((*in)->elementDType),
        " but tried to append ", tfName(t.dtype())));
  if (!PartialShape::of(**in).compatibleWith(PartialShape::known(t.shape())))
    return absl::InvalidArgumentError(absl::StrCat(
        "Tried to append a tensor with incompatible shape to a list. Op "
        "element shape: ",
        shapeDebugString(t.shape()),
        " list shape: ", PartialShape::of(**in).str()));
  int64_t size = (*in)->tensors.size();
  if ((*in)->maxNumElements != -1 && size >= (*in)->maxNumElements)
    return absl::InvalidArgumentError(
        absl::StrCat("Tried to push item into a full list list size: ", size,
                     " max_num_elements: ", (*in)->maxNumElements));
  TensorList l = **in;
  l.tensors.push_back(std::make_shared<const HostTensor>(t.clone()));
  ctx.outputs.push_back(wrap(std::move(l)));
  return absl::OkStatus();
}

// TensorListPopBack(input_handle, element_shape) -> (output_handle, tensor).
absl::Status popBack(KernelContext &ctx, DType d) {
  absl::StatusOr<const TensorList *> in = listInput(ctx, 0);
  if (!in.ok())
    return in.status();
  if (absl::Status s = checkDType(**in, d); !s.ok())
    return s;
  if ((*in)->tensors.empty())
    return absl::InvalidArgumentError("Trying to pop from an empty list.");
  absl::StatusOr<PartialShape> s = shapeFromTensor(*ctx.inputs[1]);
  if (!s.ok())
    return s.status();
  absl::StatusOr<HostTensor> e =
      readElement(**in, (*in)->tensors.size() - 1, *s);
  if (!e.ok())
    return e.status();
  TensorList l = **in;
  l.tensors.pop_back();
  ctx.outputs.push_back(wrap(std::move(l)));
  ctx.outputs.push_back(std::move(*e));
  return absl::OkStatus();
}

/// TensorListStack(input_handle, element_shape) -> tensor [n, ...]; attr
/// num_elements (-1 = any).
class StackKernel : public HostKernel {
public:
  StackKernel(DType d, int64_t numElements) : d_(d), num_(numElements) {}
  absl::Status compute(KernelContext &ctx) const override {
    absl::StatusOr<const TensorList *> in = listInput(ctx, 0);
    if (!in.ok())
      return in.status();
    const TensorList &l = **in;
    if (absl::Status s = checkDType(l, d_); !s.ok())
      return s;
    int64_t size = l.tensors.size();
    if (num_ != -1 && num_ != size)
      return absl::InvalidArgumentError(
          absl::StrCat("Operation expected a list with ", num_,
                       " elements but got a list with ", size, " elements."));
    absl::StatusOr<PartialShape> opShape = shapeFromTensor(*ctx.inputs[1]);
    if (!opShape.ok())
      return opShape.status();
    absl::StatusOr<PartialShape> shape = PartialShape::of(l).merge(*opShape);
    if (!shape.ok())
      return shape.status();
    // The set elements fix what the shapes leave open; all must agree.
    for (const auto &e : l.tensors) {
      if (!e)
        continue;
      absl::StatusOr<PartialShape> m =
          shape->merge(PartialShape::known(e->shape()));
      if (!m.ok())
        return absl::InvalidArgumentError(absl::StrCat(
            "Tried to stack elements of a list whose elements have "
            "incompatible shapes: ",
            m.status().message()));
      shape = std::move(m);
    }
    if (!shape->fullyDefined())
      return absl::InvalidArgumentError(absl::StrCat(
          "Tried to stack elements of an empty list with non-fully-defined "
          "element_shape: ",
          shape->str()));
    std::vector<int64_t> outShape = {size};
    outShape.insert(outShape.end(), shape->dims.begin(), shape->dims.end());
    absl::StatusOr<HostTensor> out = HostTensor::create(d_, outShape);
    if (!out.ok())
      return out.status();
    size_t rowBytes = size ? out->byteSize() / size : 0;
    for (int64_t i = 0; i < size; ++i)
      if (const auto &e = l.tensors[i]) // null: zeros (uninitialized)
        std::memcpy(static_cast<char *>(out->raw()) + i * rowBytes, e->raw(),
                    rowBytes);
    ctx.outputs.push_back(std::move(*out));
    return absl::OkStatus();
  }

private:
  DType d_;
  int64_t num_;
};

// TensorListLength(input_handle) -> int32 scalar.
absl::Status length(KernelContext &ctx) {
  absl::StatusOr<const TensorList *> in = listInput(ctx, 0);
  if (!in.ok())
    return in.status();
  HostTensor out(DType::kI32, {});
  out.data<int32_t>()[0] = static_cast<int32_t>((*in)->tensors.size());
  ctx.outputs.push_back(std::move(out));
  return absl::OkStatus();
}

/// TensorListElementShape(input_handle) -> shape_type: the scalar -1 for
/// an unknown rank, else the dims with -1 for unknown ones.
class ElementShapeKernel : public HostKernel {
public:
  explicit ElementShapeKernel(DType t) : t_(t) {}
  absl::Status compute(KernelContext &ctx) const override {
    absl::StatusOr<const TensorList *> in = listInput(ctx, 0);
    if (!in.ok())
      return in.status();
    const TensorList &l = **in;
    std::vector<int64_t> dims = l.elementShape;
    std::vector<int64_t> shape;
    if (l.unknownRank)
      dims = {-1};
    else
      shape = {static_cast<int64_t>(dims.size())};
    HostTensor out(t_, shape);
    for (size_t i = 0; i < dims.size(); ++i) {
      if (t_ == DType::kI32)
        out.data<int32_t>()[i] = static_cast<int32_t>(dims[i]);
      else
        out.data<int64_t>()[i] = dims[i];
    }
    ctx.outputs.push_back(std::move(out));
    return absl::OkStatus();
  }

private:
  DType t_;
};

/// The int32/int64 vector `t` (TF's `what` operand) as int64s;
/// InvalidArgument with `vectorError` + shape when it is not a vector.
absl::StatusOr<std::vector<int64_t>> intVector(const HostTensor &t,
                                               const char *vectorError) {
  if (t.isVariant() || (t.dtype() != DType::kI32 && t.dtype() != DType::kI64))
    return absl::InvalidArgumentError(absl::StrCat(
        "expected an int32 or int64 tensor, got ", t.typeString()));
  if (t.shape().size() != 1)
    return absl::InvalidArgumentError(
        absl::StrCat(vectorError, shapeDebugString(t.shape())));
  std::vector<int64_t> v(t.numElements());
  for (int64_t i = 0; i < t.numElements(); ++i)
    v[i] = intElement(t, i);
  return v;
}

/// Row `i` of `t` (shape [n, ...]) as its own tensor of shape [...].
absl::StatusOr<std::shared_ptr<const HostTensor>> row(const HostTensor &t,
                                                      int64_t i) {
  std::vector<int64_t> elem(t.shape().begin() + 1, t.shape().end());
  absl::StatusOr<HostTensor> e = HostTensor::create(t.dtype(), elem);
  if (!e.ok())
    return e.status();
  size_t bytes = e->byteSize();
  if (bytes)
    std::memcpy(e->raw(), static_cast<const char *>(t.raw()) + i * bytes,
                bytes);
  return std::make_shared<const HostTensor>(std::move(*e));
}

/// Copies `elements` (null: zeros) of shape `elem` one after another into
/// a new tensor [elements.size()] + elem. Every set element must have that
/// shape (InvalidArgument naming both otherwise).
absl::StatusOr<HostTensor>
stackElements(DType d, const std::vector<const HostTensor *> &elements,
              const std::vector<int64_t> &elem) {
  std::vector<int64_t> shape = {static_cast<int64_t>(elements.size())};
  shape.insert(shape.end(), elem.begin(), elem.end());
  absl::StatusOr<HostTensor> out = HostTensor::create(d, shape);
  if (!out.ok())
    return out.status();
  size_t rowBytes = elements.empty() ? 0 : out->byteSize() / elements.size();
  for (size_t i = 0; i < elements.size(); ++i) {
    const HostTensor *e = elements[i];
    if (!e) // unset: zeros
      continue;
    if (e->shape() != elem)
      return absl::InvalidArgumentError(absl::StrCat(
          "Incompatible shapes during merge: ", shapeDebugString(elem), " vs. ",
          shapeDebugString(e->shape())));
    if (rowBytes)
      std::memcpy(static_cast<char *>(out->raw()) + i * rowBytes, e->raw(),
                  rowBytes);
  }
  return out;
}

// TensorListGather(input_handle, indices, element_shape) -> values
// [len(indices)] + element shape; unset elements read as zeros.
absl::Status gather(KernelContext &ctx, DType d) {
  absl::StatusOr<const TensorList *> in = listInput(ctx, 0);
  if (!in.ok())
    return in.status();
  const TensorList &l = **in;
  if (absl::Status s = checkDType(l, d); !s.ok())
    return s;
  const HostTensor &indices = *ctx.inputs[1];
  if (indices.isVariant() ||
      (indices.dtype() != DType::kI32 && indices.dtype() != DType::kI64))
    return absl::InvalidArgumentError(absl::StrCat(
        "indices must be an int32 tensor, got ", indices.typeString()));
  absl::StatusOr<PartialShape> opShape = shapeFromTensor(*ctx.inputs[2]);
  if (!opShape.ok())
    return opShape.status();
  absl::StatusOr<PartialShape> shape = opShape->merge(PartialShape::of(l));
  if (!shape.ok())
    return shape.status();
  int64_t n = indices.numElements();
  if (!shape->fullyDefined() && n == 0)
    return absl::InvalidArgumentError(
        absl::StrCat("Tried to gather 0-elements from a list with "
                     "non-fully-defined shape: ",
                     shape->str()));
  int64_t size = l.tensors.size();
  // TF checks the indices here when the list's own shape is not fully
  // defined (and merges the gathered elements' shapes), else in the copy
  // loop below, with another message.
  bool listDefined = PartialShape::of(l).fullyDefined();
  std::vector<const HostTensor *> elements;
  for (int64_t k = 0; k < n; ++k) {
    int64_t i = intElement(indices, k);
    if (i < 0 || i >= size)
      return absl::InvalidArgumentError(
          listDefined
              ? absl::StrCat("Index ", i, " out o range; list only has ", size,
                             " elements.")
              : absl::StrCat("Trying to gather element ", i, " in a list with ",
                             size, " elements."));
    const HostTensor *e = l.tensors[i].get();
    if (e && !shape->fullyDefined()) {
      absl::StatusOr<PartialShape> m =
          shape->merge(PartialShape::known(e->shape()));
      if (!m.ok())
        return m.status();
      shape = std::move(m);
    }
    elements.push_back(e);
  }
  if (!shape->fullyDefined())
    return absl::InvalidArgumentError(
        absl::StrCat("Tried to gather uninitialized tensors from a list with "
                     "non-fully-defined element_shape: ",
                     shape->str()));
  absl::StatusOr<HostTensor> out = stackElements(d, elements, shape->dims);
  if (!out.ok())
    return out.status();
  ctx.outputs.push_back(std::move(*out));
  return absl::OkStatus();
}

// TensorListScatterIntoExistingList(input_handle, tensor, indices) ->
// output_handle: row k of `tensor` becomes element indices[k]; the list
// grows to the largest index + 1.
absl::Status scatterIntoExisting(KernelContext &ctx, DType d) {
  absl::StatusOr<const TensorList *> in = listInput(ctx, 0);
  if (!in.ok())
    return in.status();
  const TensorList &l = **in;
  const HostTensor &t = *ctx.inputs[1];
  if (t.isVariant() || t.dtype() != l.elementDType || d != l.elementDType)
    return absl::InvalidArgumentError(absl::StrCat(
        "Invalid data types; input tensor type: ", tfName(t.dtype()),
        " list element_type: ", tfName(l.elementDType)));
  if (t.shape().empty())
    return absl::InvalidArgumentError(
        absl::StrCat("Tensor must be at least a vector, but saw shape: ",
                     shapeDebugString(t.shape())));
  absl::StatusOr<std::vector<int64_t>> indices = intVector(
      *ctx.inputs[2], "Expected indices to be a vector, but received shape: ");
  if (!indices.ok())
    return indices.status();
  if (static_cast<int64_t>(indices->size()) != t.shape()[0])
    return absl::InvalidArgumentError(absl::StrCat(
        "Expected len(indices) == tensor.shape[0], but saw: ", indices->size(),
        " vs. ", t.shape()[0]));
  // TF leaves a negative index undefined (its kernel assumes valid
  // indices); TensorListScatter's message here.
  int64_t maxIndex = -1;
  for (int64_t i : *indices) {
    if (i < 0)
      return absl::InvalidArgumentError(
          "Indices in TensorListScatter must all be non-negative.");
    maxIndex = std::max(maxIndex, i);
  }
  // TF does not check the rows against the list's element shape; an
  // element that contradicts it would break later reads, so it is an error
  // here (TensorListSetItem's).
  std::vector<int64_t> elem(t.shape().begin() + 1, t.shape().end());
  if (!PartialShape::of(l).compatibleWith(PartialShape::known(elem)))
    return absl::InvalidArgumentError(absl::StrCat(
        "Tried to set a tensor with incompatible shape at a list index. Item "
        "element shape: ",
        shapeDebugString(elem), " list shape: ", PartialShape::of(l).str()));
  TensorList out = l;
  if (absl::Status st =
          growList(out, maxIndex + 1, "TensorListScatterIntoExistingList");
      !st.ok())
    return st;
  for (size_t k = 0; k < indices->size(); ++k) {
    absl::StatusOr<std::shared_ptr<const HostTensor>> r = row(t, k);
    if (!r.ok())
      return r.status();
    out.tensors[(*indices)[k]] = std::move(*r);
  }
  ctx.outputs.push_back(wrap(std::move(out)));
  return absl::OkStatus();
}

/// TensorListScatter(tensor, indices, element_shape) and
/// TensorListScatterV2(..., num_elements) -> a new list of
/// max(largest index + 1, num_elements) elements, row k at indices[k].
class ScatterKernel : public HostKernel {
public:
  ScatterKernel(DType d, bool v2) : d_(d), v2_(v2) {}
  absl::Status compute(KernelContext &ctx) const override {
    const HostTensor &t = *ctx.inputs[0];
    if (t.isVariant() || t.dtype() != d_)
      return absl::InvalidArgumentError(
          absl::StrCat("Invalid data types; op elements ", tfName(d_),
                       " but tensor is ", t.typeString()));
    const HostTensor &shapeIn = *ctx.inputs[2];
    if (shapeIn.shape().size() > 1)
      return absl::InvalidArgumentError(absl::StrCat(
          "TensorListScatter: element_shape must be at most rank 1 but has "
          "the shape of ",
          shapeDebugString(shapeIn.shape())));
    absl::StatusOr<PartialShape> s = shapeFromTensor(shapeIn);
    if (!s.ok())
      return s.status();
    int64_t num = -1;
    if (v2_) {
      if (!ctx.inputs[3]->shape().empty())
        return absl::InvalidArgumentError("num_elements must be a scalar");
      num = intElement(*ctx.inputs[3], 0);
    }
    if (num < -1)
      return absl::InvalidArgumentError(absl::StrCat(
          "TensorListScatter expects num_elements >= -1, found: ", num));
    if (t.shape().empty())
      return absl::InvalidArgumentError(
          absl::StrCat("Tensor must be at least a vector, but saw shape: ",
                       shapeDebugString(t.shape())));
    std::vector<int64_t> elem(t.shape().begin() + 1, t.shape().end());
    if (!s->compatibleWith(PartialShape::known(elem)))
      return absl::InvalidArgumentError(
          absl::StrCat("Specified a list with shape ", s->str(),
                       " from a tensor with shape ", shapeDebugString(elem)));
    const HostTensor &ind = *ctx.inputs[1];
    if (ind.isVariant() ||
        (ind.dtype() != DType::kI32 && ind.dtype() != DType::kI64))
      return absl::InvalidArgumentError(absl::StrCat(
          "indices must be an int32 tensor, got ", ind.typeString()));
    if (ind.numElements() != t.shape()[0])
      return absl::InvalidArgumentError(
          absl::StrCat("Invalid number of rows in input tensor. Expected: ",
                       ind.numElements(), " Actual: ", t.shape()[0]));
    int64_t highest = -1;
    for (int64_t k = 0; k < ind.numElements(); ++k) {
      int64_t i = intElement(ind, k);
      if (i < 0)
        return absl::InvalidArgumentError(
            "Indices in TensorListScatter must all be non-negative.");
      if (num != -1 && i >= num)
        return absl::InvalidArgumentError(
            absl::StrCat("TensorListScatter: Trying to scatter at index ", i,
                         " in list with size ", num));
      highest = std::max(highest, i);
    }
    TensorList l;
    l.elementDType = d_;
    l.unknownRank = s->unknownRank;
    l.elementShape = s->dims;
    if (absl::Status st =
            growList(l, std::max(highest + 1, num), "TensorListScatter");
        !st.ok())
      return st;
    for (int64_t k = 0; k < ind.numElements(); ++k) {
      absl::StatusOr<std::shared_ptr<const HostTensor>> r = row(t, k);
      if (!r.ok())
        return r.status();
      l.tensors[intElement(ind, k)] = std::move(*r);
    }
    ctx.outputs.push_back(wrap(std::move(l)));
    return absl::OkStatus();
  }

private:
  DType d_;
  bool v2_;
};

// TensorListConcatV2(input_handle, element_shape, leading_dims) ->
// (tensor, lengths): the elements concatenated along their first dim, and
// each element's first dim (int64). Unset elements are zeros whose first
// dim is element_shape[0], the common first dim of the set elements, or
// leading_dims[i].
absl::Status concatV2(KernelContext &ctx, DType d) {
  absl::StatusOr<const TensorList *> in = listInput(ctx, 0);
  if (!in.ok())
    return in.status();
  const TensorList &l = **in;
  if (absl::Status s = checkDType(l, d); !s.ok())
    return s;
  absl::StatusOr<PartialShape> opShape = shapeFromTensor(*ctx.inputs[1]);
  if (!opShape.ok())
    return opShape.status();
  absl::StatusOr<PartialShape> shape = opShape->merge(PartialShape::of(l));
  if (!shape.ok())
    return shape.status();
  if (!shape->unknownRank && shape->dims.empty())
    return absl::InvalidArgumentError(
        "Concat requires elements to be at least vectors, found scalars "
        "instead.");
  int64_t firstDim = shape->unknownRank ? -1 : shape->dims[0];
  PartialShape rest = *shape;
  if (!rest.unknownRank)
    rest.dims.erase(rest.dims.begin());
  int64_t size = l.tensors.size();
  if (size == 0 && !rest.fullyDefined())
    return absl::InvalidArgumentError(absl::StrCat(
        "All except the first dimension must be fully defined when "
        "concating an empty tensor list. element_shape: ",
        rest.str()));
  for (int64_t i = 0; i < size; ++i) {
    const HostTensor *e = l.tensors[i].get();
    if (e && e->shape().empty())
      return absl::InvalidArgumentError(
          absl::StrCat("Concat saw a scalar shape at index ", i,
                       " but requires at least vectors."));
  }
  if (!PartialShape::of(l).fullyDefined()) {
    bool checkDim = firstDim == -1;
    int64_t inferred = firstDim;
    for (int64_t i = 0; i < size; ++i) {
      const HostTensor *e = l.tensors[i].get();
      if (!e)
        continue;
      std::vector<int64_t> tail(e->shape().begin() + 1, e->shape().end());
      absl::StatusOr<PartialShape> m = rest.merge(PartialShape::known(tail));
      if (!m.ok())
        return m.status();
      rest = std::move(*m);
      if (firstDim != -1 && firstDim != e->shape()[0])
        return absl::InvalidArgumentError(absl::StrCat(
            "First entry of element_shape input does not match the first dim "
            "of list element at index: ",
            i, " Expected: ", firstDim, " Actual: ", e->shape()[0]));
      if (checkDim) {
        if (inferred == -1) {
          inferred = e->shape()[0];
        } else if (inferred != e->shape()[0]) {
          inferred = -1;
          checkDim = false;
        }
      }
    }
    firstDim = inferred;
  }
  if (!rest.fullyDefined())
    return absl::InvalidArgumentError(
        absl::StrCat("Trying to concat list with only uninitialized tensors "
                     "but element_shape_except_first_dim is not fully "
                     "defined: ",
                     rest.str()));
  const HostTensor &leading = *ctx.inputs[2];
  HostTensor lengths(DType::kI64, {size});
  int64_t total = 0;
  for (int64_t i = 0; i < size; ++i) {
    int64_t dim;
    if (const HostTensor *e = l.tensors[i].get()) {
      dim = e->shape()[0];
    } else if (i >= leading.numElements() && firstDim != -1) {
      dim = firstDim;
    } else {
      if (i >= leading.numElements())
        return absl::InvalidArgumentError(
            absl::StrCat("List contains uninitialized tensor at index ", i,
                         " but leading_dims has only ", leading.numElements(),
                         " elements."));
      dim = intElement(leading, i);
      if (dim < 0)
        return absl::InvalidArgumentError(
            absl::StrCat("leading_dims[", i, "] = ", dim, " is negative"));
    }
    lengths.data<int64_t>()[i] = dim;
    total += dim;
  }
  std::vector<int64_t> outShape = {total};
  outShape.insert(outShape.end(), rest.dims.begin(), rest.dims.end());
  absl::StatusOr<HostTensor> out = HostTensor::create(d, outShape);
  if (!out.ok())
    return out.status();
  size_t rowBytes = total ? out->byteSize() / total : 0;
  size_t offset = 0;
  for (int64_t i = 0; i < size; ++i) {
    size_t bytes = lengths.data<int64_t>()[i] * rowBytes;
    if (const HostTensor *e = l.tensors[i].get()) {
      std::vector<int64_t> tail(e->shape().begin() + 1, e->shape().end());
      if (tail != rest.dims)
        return absl::InvalidArgumentError(
            absl::StrCat("Incompatible shapes during merge: ", rest.str(),
                         " vs. ", shapeDebugString(tail)));
      if (bytes)
        std::memcpy(static_cast<char *>(out->raw()) + offset, e->raw(), bytes);
    } // unset: zeros (create() zero-fills)
    offset += bytes;
  }
  ctx.outputs.push_back(std::move(*out));
  ctx.outputs.push_back(std::move(lengths));
  return absl::OkStatus();
}

// TensorListSplit(tensor, element_shape, lengths) -> output_handle: a new
// list whose element i is rows [sum(lengths[:i]), sum(lengths[:i+1])) of
// `tensor`.
absl::Status split(KernelContext &ctx, DType d) {
  const HostTensor &t = *ctx.inputs[0];
  if (t.isVariant() || t.dtype() != d)
    return absl::InvalidArgumentError(
        absl::StrCat("Invalid data types; op elements ", tfName(d),
                     " but tensor is ", t.typeString()));
  absl::StatusOr<PartialShape> s = shapeFromTensor(*ctx.inputs[1]);
  if (!s.ok())
    return s.status();
  if (!s->unknownRank && s->dims.empty())
    return absl::InvalidArgumentError(
        absl::StrCat("TensorListSplit requires element_shape to be at least "
                     "of rank 1, but saw: ",
                     s->str()));
  if (t.shape().empty())
    return absl::InvalidArgumentError(
        absl::StrCat("Tensor must be at least a vector, but saw shape: ",
                     shapeDebugString(t.shape())));
  std::vector<int64_t> tail(t.shape().begin() + 1, t.shape().end());
  PartialShape restShape = *s;
  if (!restShape.unknownRank)
    restShape.dims.erase(restShape.dims.begin());
  if (!restShape.compatibleWith(PartialShape::known(tail)))
    return absl::InvalidArgumentError(
        absl::StrCat("tensor shape ", shapeDebugString(t.shape()),
                     " is not compatible with element_shape ", s->str()));
  absl::StatusOr<std::vector<int64_t>> lengths = intVector(
      *ctx.inputs[2], "Expected lengths to be a vector, received shape: ");
  if (!lengths.ok())
    return lengths.status();
  TensorList l;
  l.elementDType = d;
  l.unknownRank = s->unknownRank;
  l.elementShape = s->dims;
  int64_t rows = t.shape()[0];
  size_t rowBytes = rows ? t.byteSize() / rows : 0;
  int64_t start = 0, end = 0;
  for (int64_t length : *lengths) {
    if (length < 0)
      return absl::InvalidArgumentError(
          absl::StrCat("Invalid value in lengths: ", length));
    end = start + length;
    if (end > rows)
      return absl::InvalidArgumentError(
          absl::StrCat("Attempting to slice [", start, ", ", end,
                       "] from tensor with length ", rows));
    std::vector<int64_t> shape = {length};
    shape.insert(shape.end(), tail.begin(), tail.end());
    absl::StatusOr<HostTensor> e = HostTensor::create(d, shape);
    if (!e.ok())
      return e.status();
    if (length && rowBytes)
      std::memcpy(e->raw(),
                  static_cast<const char *>(t.raw()) + start * rowBytes,
                  length * rowBytes);
    l.tensors.push_back(std::make_shared<const HostTensor>(std::move(*e)));
    start = end;
  }
  if (end != rows)
    return absl::InvalidArgumentError(
        absl::StrCat("Unused values in tensor. Length of tensor: ", rows,
                     " Values used: ", end));
  ctx.outputs.push_back(wrap(std::move(l)));
  return absl::OkStatus();
}

HostKernelFactory listFactory(ListKernel::Fn fn) {
  return
      [fn](mlir::Operation *op) -> absl::StatusOr<std::unique_ptr<HostKernel>> {
        absl::StatusOr<DType> d = elementDTypeAttr(op);
        if (!d.ok())
          return d.status();
        return std::make_unique<ListKernel>(fn, *d);
      };
}

} // namespace

void addListKernels(llvm::StringMap<HostKernelFactory> &t) {
  t["tf.EmptyTensorList"] = listFactory(emptyList);
  t["tf.TensorListReserve"] = listFactory(reserve);
  t["tf.TensorListFromTensor"] = listFactory(fromTensor);
  t["tf.TensorListSetItem"] =
      [](mlir::Operation *op) -> absl::StatusOr<std::unique_ptr<HostKernel>> {
    absl::StatusOr<DType> d = elementDTypeAttr(op);
    if (!d.ok())
      return d.status();
    auto resize =
        op->getAttrOfType<mlir::BoolAttr>("resize_if_index_out_of_bounds");
    return std::make_unique<SetItemKernel>(*d, resize && resize.getValue());
  };
  t["tf.TensorListGetItem"] = listFactory(getItem);
  t["tf.TensorListPushBack"] = listFactory(pushBack);
  t["tf.TensorListPopBack"] = listFactory(popBack);
  t["tf.TensorListLength"] = lambdaKernel(length);
  t["tf.TensorListGather"] = listFactory(gather);
  t["tf.TensorListScatterIntoExistingList"] = listFactory(scatterIntoExisting);
  t["tf.TensorListConcatV2"] = listFactory(concatV2);
  t["tf.TensorListSplit"] = listFactory(split);
  for (bool v2 : {false, true})
    t[v2 ? "tf.TensorListScatterV2" : "tf.TensorListScatter"] =
        [v2](mlir::Operation *op)
        -> absl::StatusOr<std::unique_ptr<HostKernel>> {
      absl::StatusOr<DType> d = elementDTypeAttr(op);
      if (!d.ok())
        return d.status();
      return std::make_unique<ScatterKernel>(*d, v2);
    };
  t["tf.TensorListStack"] =
      [](mlir::Operation *op) -> absl::StatusOr<std::unique_ptr<HostKernel>> {
    absl::StatusOr<DType> d = elementDTypeAttr(op);
    if (!d.ok())
      return d.status();
    int64_t num = -1;
    if (auto a = op->getAttrOfType<mlir::IntegerAttr>("num_elements"))
      num = a.getInt();
    return std::make_unique<StackKernel>(*d, num);
  };
  t["tf.TensorListElementShape"] =
      [](mlir::Operation *op) -> absl::StatusOr<std::unique_ptr<HostKernel>> {
    absl::StatusOr<DType> d = resultDType(op, 0);
    if (!d.ok())
      return d.status();
    if (*d != DType::kI32 && *d != DType::kI64)
      return absl::UnimplementedError("shape_type must be int32 or int64");
    return std::make_unique<ElementShapeKernel>(*d);
  };
}

} // namespace tfmlir::session
