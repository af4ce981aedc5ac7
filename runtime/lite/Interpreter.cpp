//===- Interpreter.cpp - Subgraph execution and arena planning ------------===//
#include "runtime/lite/Interpreter.h"
#include "runtime/lite/BuiltinOps.h"

#include "absl/strings/str_cat.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <thread>

namespace tfmlir::lite {

//===----------------------------------------------------------------------===//
// OpContext
//===----------------------------------------------------------------------===//

const Tensor *OpContext::input(int i) const {
  if (i < 0 || i >= numInputs() || op_.inputs[i] < 0)
    return nullptr;
  return &sg_.tensors_[op_.inputs[i]];
}

Tensor *OpContext::output(int i) {
  if (i < 0 || i >= numOutputs() || op_.outputs[i] < 0)
    return nullptr;
  return &sg_.tensors_[op_.outputs[i]];
}

const Tensor *OpContext::intermediate(int i) const {
  if (i < 0 || i >= numIntermediates() || op_.intermediates[i] < 0)
    return nullptr;
  return &sg_.tensors_[op_.intermediates[i]];
}

bool OpContext::hasData(int i) const {
  const Tensor *t = input(i);
  if (!t)
    return false;
  if (dataAvailable_)
    return true;
  return t->storage == Storage::kConstant;
}

absl::Status OpContext::resizeOutput(int i, std::vector<int32_t> shape) {
  Tensor *t = output(i);
  if (!t)
    return absl::InvalidArgumentError(
        absl::StrCat("output ", i, " is missing"));
  int64_t n = 1;
  for (int32_t d : shape) {
    if (d < 0)
      return absl::InvalidArgumentError(absl::StrCat(
          "output ", i, " would get negative dim: ", shapeToString(shape)));
    n *= d;
    if (n > (int64_t(1) << 31))
      return absl::InvalidArgumentError(absl::StrCat(
          "output ", i,
          " would have more than 2^31 elements: ", shapeToString(shape)));
  }
  t->shape = std::move(shape);
  return absl::OkStatus();
}

absl::Status OpContext::resizeDynamicOutput(int i, std::vector<int32_t> shape) {
  Tensor *t = output(i);
  if (!t || t->storage != Storage::kDynamic)
    return absl::FailedPreconditionError(
        absl::StrCat("output ", i, " is not dynamic"));
  if (absl::Status s = resizeOutput(i, std::move(shape)); !s.ok())
    return s;
  size_t need = t->requiredBytes();
  Interpreter &in = sg_.interpreter();
  if (need > in.maxTensorBytes())
    return absl::ResourceExhaustedError(
        absl::StrCat("output ", i, " needs ", need,
                     " bytes, above the limit of ", in.maxTensorBytes()));
  t->owned.resize(std::max<size_t>(need, 1));
  t->data = t->owned.data();
  t->bytes = need;
  return absl::OkStatus();
}

int OpContext::numThreads() const { return sg_.interpreter().numThreads(); }
ThreadPool *OpContext::threadPool() { return sg_.interpreter().threadPool(); }
bool OpContext::reference() const {
  return sg_.interpreter().referenceKernels();
}

//===----------------------------------------------------------------------===//
// MutableOpResolver
//===----------------------------------------------------------------------===//

std::string typeSetName(TypeSet set) {
  std::string out;
  for (int t = 0; t < 32; ++t)
    if (set & (TypeSet(1) << t)) {
      std::string name = typeName(static_cast<TensorType>(t));
      for (char &c : name)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      out += (out.empty() ? "" : ", ") + name;
    }
  return out;
}

void MutableOpResolver::addBuiltin(int32_t code, KernelRegistration reg,
                                   int32_t minVersion, int32_t maxVersion) {
  for (int32_t v = minVersion; v <= maxVersion; ++v)
    builtins_[{code, v}] = reg;
}
void MutableOpResolver::addCustom(const std::string &name,
                                  KernelRegistration reg, int32_t minVersion,
                                  int32_t maxVersion) {
  for (int32_t v = minVersion; v <= maxVersion; ++v)
    customs_[{name, v}] = reg;
}
const KernelRegistration *
MutableOpResolver::findBuiltin(int32_t code, int32_t version) const {
  auto it = builtins_.find({code, version});
  return it == builtins_.end() ? nullptr : &it->second;
}
const KernelRegistration *MutableOpResolver::findCustom(const std::string &name,
                                                        int32_t version) const {
  auto it = customs_.find({name, version});
  return it == customs_.end() ? nullptr : &it->second;
}

BuiltinOpResolver::BuiltinOpResolver() {
#define TFMLIR_LITE_KERNEL_FILE(fn) kernels::fn(*this);
#include "runtime/lite/kernels/Registrations.def"
#undef TFMLIR_LITE_KERNEL_FILE
}

//===----------------------------------------------------------------------===//
// Subgraph
//===----------------------------------------------------------------------===//

static std::string opName(const OperatorDef &op) {
  if (op.builtinCode == kOp_CUSTOM)
    return "CUSTOM '" + op.customName + "'";
  return builtinOpName(op.builtinCode);
}

Subgraph::Subgraph(Interpreter &interp, const SubgraphDef &def, int index)
    : interp_(interp), def_(def), index_(index) {
  tensors_.resize(def.tensors.size());
  for (size_t i = 0; i < def.tensors.size(); ++i) {
    const TensorDef &td = def.tensors[i];
    Tensor &t = tensors_[i];
    t.name = td.name;
    t.type = td.type;
    t.shape = td.shape;
    t.shapeSignature = td.shapeSignature;
    t.quant = td.quant;
    t.sparsity = td.sparsity;
    t.isVariable = td.isVariable;
    if (td.isVariable) {
      // Storage is created (and initialized) by the first allocateTensors,
      // which can report a size above the memory limit.
      t.storage = Storage::kVariable;
    } else if (td.data) {
      t.storage = Storage::kConstant;
      t.bytes = td.dataSize;
      if (reinterpret_cast<uintptr_t>(td.data) % 16 != 0) {
        t.owned.assign(td.data, td.data + td.dataSize);
        t.data = t.owned.data();
      } else {
        t.data = const_cast<uint8_t *>(td.data);
      }
    }
  }
  kernels_.assign(def.ops.size(), nullptr);
  kernelCopies_.assign(def.ops.size(), KernelRegistration());
  states_.resize(def.ops.size());
  dynamicNode_.assign(def.ops.size(), false);
  foldedNode_.assign(def.ops.size(), false);
  dynamicTensor_.assign(tensors_.size(), false);
}

std::string Subgraph::opLabel(int i) const {
  return absl::StrCat(interp_.modelName(), ": subgraph ", index_, " op ", i,
                      " (", opName(def_.ops[i]), ")");
}

absl::Status Subgraph::resolve(const OpResolver &resolver) {
  // A zero-size output with an (empty) buffer is an activation, not a
  // constant.
  for (const OperatorDef &op : def_.ops)
    for (int32_t o : op.outputs)
      if (o >= 0 && tensors_[o].storage == Storage::kConstant &&
          tensors_[o].bytes == 0) {
        tensors_[o].storage = Storage::kNone;
        tensors_[o].data = nullptr;
      }
  // Tensors whose values exist before op i runs.
  std::vector<bool> available(tensors_.size(), false);
  for (size_t t = 0; t < tensors_.size(); ++t)
    available[t] = tensors_[t].storage == Storage::kConstant ||
                   tensors_[t].storage == Storage::kVariable;
  for (int32_t t : def_.inputs)
    available[t] = true;
  // Each tensor has at most one writer, and no op writes a subgraph input
  // (a WHILE body writing its own input would overwrite the loop state the
  // WHILE kernel copies in, and an op writing what it reads aliases its own
  // input): the arena planner and the kernels rely on both.
  std::vector<int> writer(tensors_.size(), -1);
  std::vector<bool> isInput(tensors_.size(), false);
  for (int32_t t : def_.inputs)
    isInput[t] = true;
  for (size_t i = 0; i < def_.ops.size(); ++i) {
    const OperatorDef &op = def_.ops[i];
    for (int32_t o : op.outputs) {
      if (o < 0)
        continue;
      auto label = [&] {
        return absl::StrCat(opLabel(i), ": output tensor ", o, " ('",
                            tensors_[o].name, "')");
      };
      if (tensors_[o].storage == Storage::kConstant)
        return absl::InvalidArgumentError(
            absl::StrCat(label(), " has constant data"));
      if (isInput[o])
        return absl::InvalidArgumentError(
            absl::StrCat(label(), " is an input of subgraph ", index_,
                         "; an op may not write a subgraph input"));
      if (writer[o] >= 0)
        return absl::InvalidArgumentError(
            absl::StrCat(label(), " is also written by op ", writer[o]));
      if (std::find(op.inputs.begin(), op.inputs.end(), o) != op.inputs.end())
        return absl::InvalidArgumentError(
            absl::StrCat(label(), " is also an input of the same op"));
      writer[o] = static_cast<int>(i);
    }
    // Copied (as TFLite copies each TfLiteRegistration into its node): the
    // resolver need not outlive the interpreter. kernelCopies_ is never
    // resized after this, so the pointers stay valid.
    if (const KernelRegistration *reg =
            op.builtinCode == kOp_CUSTOM
                ? resolver.findCustom(op.customName, op.version)
                : resolver.findBuiltin(op.builtinCode, op.version)) {
      kernelCopies_[i] = *reg;
      kernels_[i] = &kernelCopies_[i];
    }
    // An op without a kernel is reported by name (Interpreter::create)
    // rather than by what it reads.
    for (int32_t in : op.inputs)
      if (kernels_[i] && in >= 0 && !available[in])
        return absl::InvalidArgumentError(absl::StrCat(
            opLabel(i), ": input tensor ", in, " ('", tensors_[in].name,
            "') has no data: it is not constant, not a variable, not a "
            "subgraph input, and no earlier op produces it"));
    for (int32_t o : op.outputs)
      if (o >= 0)
        available[o] = true;
  }
  return absl::OkStatus();
}

absl::Status Subgraph::resizeInputTensor(int inputIndex,
                                         std::vector<int32_t> shape) {
  if (inputIndex < 0 || inputIndex >= static_cast<int>(def_.inputs.size()))
    return absl::InvalidArgumentError(absl::StrCat(
        interp_.modelName(), ": subgraph ", index_, " has no input #",
        inputIndex, " (it has ", def_.inputs.size(), ")"));
  for (int32_t d : shape)
    if (d < 0)
      return absl::InvalidArgumentError(
          absl::StrCat(interp_.modelName(), ": input #", inputIndex,
                       " cannot take negative dim in ", shapeToString(shape)));
  Tensor &t = tensors_[def_.inputs[inputIndex]];
  if (t.storage == Storage::kConstant)
    return absl::InvalidArgumentError(absl::StrCat(
        interp_.modelName(), ": input #", inputIndex, " is constant"));
  if (t.shape != shape) {
    t.shape = std::move(shape);
    allocated_ = false;
    // The buffer was planned for the old shape: until allocateTensors()
    // plans the new one the tensor has none (TF's ResizeTensorImpl drops
    // data.raw), so a write or read of the new size cannot run past it.
    if (t.storage == Storage::kArena || t.storage == Storage::kDynamic) {
      t.data = nullptr;
      t.bytes = 0;
      t.storage = Storage::kNone;
    }
  }
  return absl::OkStatus();
}

absl::Status Subgraph::prepareNode(int i, bool atInvoke) {
  const OperatorDef &op = def_.ops[i];
  const KernelRegistration *k = kernels_[i];
  if (!k)
    return absl::NotFoundError(
        absl::StrCat(opLabel(i), ": no kernel for v", op.version));
  if (!atInvoke) {
    bool dynIn = false;
    for (int32_t in : op.inputs)
      if (in >= 0 && dynamicTensor_[in])
        dynIn = true;
    if (dynIn) {
      dynamicNode_[i] = true;
      for (int32_t o : op.outputs)
        if (o >= 0)
          dynamicTensor_[o] = true;
      return absl::OkStatus();
    }
  }
  OpContext ctx(*this, op, states_[i], atInvoke);
  if (k->prepare) {
    absl::Status s = k->prepare(ctx);
    if (!s.ok())
      return absl::Status(s.code(),
                          absl::StrCat(opLabel(i), ": ", s.message()));
  }
  if (!atInvoke && ctx.outputsDynamic()) {
    dynamicNode_[i] = true;
    for (int32_t o : op.outputs)
      if (o >= 0)
        dynamicTensor_[o] = true;
  }
  if (atInvoke) {
    for (int32_t o : op.outputs) {
      if (o < 0 || !dynamicTensor_[o])
        continue;
      Tensor &t = tensors_[o];
      size_t need = t.requiredBytes();
      if (t.numElements() > 0 && need == 0)
        return absl::UnimplementedError(absl::StrCat(opLabel(i), ": output ", o,
                                                     " has unsupported type ",
                                                     typeName(t.type)));
      if (need > interp_.maxTensorBytes())
        return absl::ResourceExhaustedError(absl::StrCat(
            opLabel(i), ": output ", o, " needs ", need,
            " bytes, above the limit of ", interp_.maxTensorBytes()));
      t.owned.resize(std::max<size_t>(need, 1));
      t.data = t.owned.data();
      t.bytes = need;
      t.storage = Storage::kDynamic;
    }
  }
  return absl::OkStatus();
}

absl::Status Subgraph::foldNode(int i) {
  // DEQUANTIZE (float16 / int8 weights) and DENSIFY of constants are
  // computed once here, as TFLite does, and their outputs become constants
  // (so the arena does not hold them and Invoke skips the node).
  const OperatorDef &op = def_.ops[i];
  if (op.builtinCode != kOp_DEQUANTIZE && op.builtinCode != kOp_DENSIFY)
    return absl::OkStatus();
  if (dynamicNode_[i] || op.inputs.empty() || op.outputs.size() != 1)
    return absl::OkStatus();
  for (int32_t in : op.inputs)
    if (in < 0 || tensors_[in].storage != Storage::kConstant)
      return absl::OkStatus();
  int32_t o = op.outputs[0];
  for (int32_t t : def_.outputs)
    if (t == o)
      return absl::OkStatus(); // keep graph outputs in the arena
  Tensor &t = tensors_[o];
  size_t need = t.requiredBytes();
  t.owned.assign(std::max<size_t>(need, 1), 0);
  t.data = t.owned.data();
  t.bytes = need;
  OpContext ctx(*this, op, states_[i], true);
  if (absl::Status s = kernels_[i]->eval(ctx); !s.ok())
    return absl::Status(s.code(), absl::StrCat(opLabel(i), ": ", s.message()));
  t.storage = Storage::kConstant;
  foldedNode_[i] = true;
  return absl::OkStatus();
}

absl::Status Subgraph::allocateTensors() {
  std::fill(dynamicNode_.begin(), dynamicNode_.end(), false);
  std::fill(dynamicTensor_.begin(), dynamicTensor_.end(), false);
  for (size_t i = 0; i < tensors_.size(); ++i) {
    Tensor &t = tensors_[i];
    if (t.storage != Storage::kVariable || t.data)
      continue;
    const TensorDef &td = def_.tensors[i];
    size_t need = std::max(t.requiredBytes(), td.dataSize);
    if (need > interp_.maxTensorBytes())
      return absl::ResourceExhaustedError(absl::StrCat(
          interp_.modelName(), ": subgraph ", index_, " variable tensor ", i,
          " needs ", need, " bytes, above the limit of ",
          interp_.maxTensorBytes()));
    t.owned.assign(std::max<size_t>(need, 1), 0);
    t.data = t.owned.data();
    t.bytes = need;
    resetVariable(static_cast<int>(i));
  }
  for (Tensor &t : tensors_)
    if (t.storage == Storage::kArena || t.storage == Storage::kDynamic) {
      t.storage = Storage::kNone;
      t.data = nullptr;
    }
  for (size_t i = 0; i < def_.ops.size(); ++i) {
    if (foldedNode_[i])
      continue;
    if (absl::Status s = prepareNode(static_cast<int>(i), false); !s.ok())
      return s;
    if (absl::Status s = foldNode(static_cast<int>(i)); !s.ok())
      return s;
  }
  if (absl::Status s = planArena(); !s.ok())
    return s;
  allocated_ = true;
  return absl::OkStatus();
}

void Subgraph::resetVariable(int i) {
  Tensor &t = tensors_[i];
  const TensorDef &td = def_.tensors[i];
  if (!t.data)
    return;
  // As TFLite's ResetVariableTensor: int8 state starts at its zero point
  // (a real 0), every other type at 0; a variable with a constant buffer
  // starts at that buffer instead.
  uint8_t fill = 0;
  if (t.type == TensorType::kInt8 && !t.quant.zeroPoint.empty())
    fill = static_cast<uint8_t>(static_cast<int8_t>(
        std::clamp<int64_t>(t.quant.zeroPoint[0], -128, 127)));
  std::memset(t.data, fill, t.owned.size());
  if (td.data && td.dataSize)
    std::memcpy(t.data, td.data, std::min(td.dataSize, t.owned.size()));
}

void Subgraph::resetVariableTensors() {
  for (size_t i = 0; i < tensors_.size(); ++i)
    if (tensors_[i].storage == Storage::kVariable)
      resetVariable(static_cast<int>(i));
}

absl::Status Subgraph::planArena() {
  const int numOps = static_cast<int>(def_.ops.size());
  const size_t n = tensors_.size();
  std::vector<int> first(n, std::numeric_limits<int>::max()), last(n, -1);
  auto use = [&](int32_t t, int step) {
    if (t < 0)
      return;
    first[t] = std::min(first[t], step);
    last[t] = std::max(last[t], step);
  };
  // Graph inputs and outputs live for the whole run, so Invoke can be
  // repeated and outputs read afterwards.
  for (int32_t t : def_.inputs)
    use(t, 0), use(t, numOps);
  for (int32_t t : def_.outputs)
    if (t >= 0)
      last[t] = numOps;
  for (int i = 0; i < numOps; ++i) {
    for (int32_t t : def_.ops[i].inputs) {
      // A tensor read but never written keeps its memory for the run.
      use(t, i);
    }
    for (int32_t t : def_.ops[i].outputs)
      use(t, i);
    for (int32_t t : def_.ops[i].intermediates)
      use(t, i);
  }
  std::vector<bool> produced(n, false);
  for (int32_t t : def_.inputs)
    if (t >= 0)
      produced[t] = true;
  for (const OperatorDef &op : def_.ops)
    for (int32_t t : op.outputs)
      if (t >= 0)
        produced[t] = true;
  struct Item {
    int32_t t;
    size_t size;
  };
  std::vector<Item> items;
  for (size_t t = 0; t < n; ++t) {
    Tensor &ten = tensors_[t];
    if (last[t] < 0 || ten.storage == Storage::kConstant ||
        ten.storage == Storage::kVariable || dynamicTensor_[t])
      continue;
    if (!produced[t] || first[t] > last[t])
      first[t] = 0, last[t] = numOps;
    size_t es = elementSize(ten.type);
    if (es == 0 && ten.numElements() > 0)
      continue; // strings etc.: kernels reject them
    size_t bytes = ten.requiredBytes();
    items.push_back({static_cast<int32_t>(t), (bytes + 63) / 64 * 64});
  }
  arenaTensorBytes_ = 0;
  for (const Item &it : items)
    arenaTensorBytes_ += it.size;
  std::stable_sort(
      items.begin(), items.end(),
      [](const Item &a, const Item &b) { return a.size > b.size; });
  struct Placed {
    size_t off, size;
    int first, last;
  };
  std::vector<Placed> placed;
  std::vector<size_t> offset(n, 0);
  size_t total = 0;
  for (const Item &it : items) {
    std::vector<std::pair<size_t, size_t>> busy;
    for (const Placed &p : placed)
      if (!(p.last < first[it.t] || last[it.t] < p.first))
        busy.push_back({p.off, p.size});
    std::sort(busy.begin(), busy.end());
    size_t off = 0;
    for (auto &[o, s] : busy) {
      if (off + it.size <= o)
        break;
      off = std::max(off, o + s);
    }
    offset[it.t] = off;
    placed.push_back({off, it.size, first[it.t], last[it.t]});
    total = std::max(total, off + it.size);
  }
  if (total > interp_.maxTensorBytes())
    return absl::ResourceExhaustedError(absl::StrCat(
        interp_.modelName(), ": subgraph ", index_, " needs an arena of ",
        total, " bytes, above the limit of ", interp_.maxTensorBytes()));
  if (total != arenaSize_ || !arena_) {
    size_t alloc = std::max<size_t>(total, 64);
    void *p = std::aligned_alloc(64, alloc);
    if (!p)
      return absl::ResourceExhaustedError(
          absl::StrCat(interp_.modelName(), ": cannot allocate an arena of ",
                       alloc, " bytes"));
    std::memset(p, 0, alloc);
    arena_ = std::unique_ptr<uint8_t[], void (*)(void *)>(
        static_cast<uint8_t *>(p), std::free);
    arenaSize_ = total;
  }
  for (const Item &it : items) {
    Tensor &t = tensors_[it.t];
    t.data = arena_.get() + offset[it.t];
    t.bytes = t.requiredBytes();
    t.storage = Storage::kArena;
  }
  return absl::OkStatus();
}

absl::Status Subgraph::invoke() {
  if (!allocated_)
    return absl::FailedPreconditionError(
        absl::StrCat(interp_.modelName(), ": subgraph ", index_,
                     ": AllocateTensors() must be called before Invoke()"));
  for (size_t i = 0; i < def_.ops.size(); ++i) {
    int ii = static_cast<int>(i);
    if (foldedNode_[i])
      continue;
    if (const Interpreter::CancellationFunction &c =
            interp_.cancellationFunction();
        c && c())
      return absl::CancelledError(absl::StrCat(opLabel(ii), ": cancelled"));
    if (dynamicNode_[i])
      if (absl::Status s = prepareNode(ii, true); !s.ok())
        return s;
    OpContext ctx(*this, def_.ops[i], states_[i], true);
    auto t0 = profiling_ ? std::chrono::steady_clock::now()
                         : std::chrono::steady_clock::time_point();
    absl::Status s = kernels_[i]->eval(ctx);
    if (profiling_)
      opTimesUs_[i] += std::chrono::duration<double, std::micro>(
                           std::chrono::steady_clock::now() - t0)
                           .count();
    if (!s.ok())
      return absl::Status(s.code(),
                          absl::StrCat(opLabel(ii), ": ", s.message()));
    if (const Interpreter::OpObserver &ob = interp_.opObserver())
      ob(*this, ii);
  }
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// SignatureRunner
//===----------------------------------------------------------------------===//

std::vector<std::string> SignatureRunner::inputNames() const {
  std::vector<std::string> r;
  for (auto &p : sig_->inputs)
    r.push_back(p.first);
  return r;
}
std::vector<std::string> SignatureRunner::outputNames() const {
  std::vector<std::string> r;
  for (auto &p : sig_->outputs)
    r.push_back(p.first);
  return r;
}
absl::StatusOr<Tensor *> SignatureRunner::input(const std::string &name) {
  for (auto &p : sig_->inputs)
    if (p.first == name)
      return sg_->tensor(p.second);
  return absl::NotFoundError(
      absl::StrCat("signature '", sig_->key, "' has no input '", name, "'"));
}
absl::StatusOr<const Tensor *>
SignatureRunner::output(const std::string &name) const {
  for (auto &p : sig_->outputs)
    if (p.first == name)
      return static_cast<const Subgraph *>(sg_)->tensor(p.second);
  return absl::NotFoundError(
      absl::StrCat("signature '", sig_->key, "' has no output '", name, "'"));
}
absl::Status SignatureRunner::resizeInputTensor(const std::string &name,
                                                std::vector<int32_t> shape) {
  for (auto &p : sig_->inputs) {
    if (p.first != name)
      continue;
    const auto &ins = sg_->inputs();
    auto it = std::find(ins.begin(), ins.end(), p.second);
    if (it == ins.end())
      return absl::InvalidArgumentError(
          absl::StrCat("signature input '", name, "' is not a subgraph input"));
    return sg_->resizeInputTensor(static_cast<int>(it - ins.begin()),
                                  std::move(shape));
  }
  return absl::NotFoundError(
      absl::StrCat("signature '", sig_->key, "' has no input '", name, "'"));
}

//===----------------------------------------------------------------------===//
// Interpreter
//===----------------------------------------------------------------------===//

absl::StatusOr<std::unique_ptr<Interpreter>>
Interpreter::create(const FlatBufferModel &model, const OpResolver &resolver) {
  return create(model.def(), resolver, model.name());
}

absl::StatusOr<std::unique_ptr<Interpreter>>
Interpreter::create(const ModelDef &def, const OpResolver &resolver,
                    std::string name) {
  if (def.subgraphs.empty())
    return absl::InvalidArgumentError(name + ": the model has no subgraphs");
  // ModelDefs built in code skip the loader's checks: repeat the index ones.
  const int64_t nsg = static_cast<int64_t>(def.subgraphs.size());
  for (int64_t g = 0; g < nsg; ++g) {
    const SubgraphDef &sd = def.subgraphs[g];
    const int64_t nt = static_cast<int64_t>(sd.tensors.size());
    auto bad = [&](int32_t t, bool optional) {
      return optional ? (t < -1 || t >= nt) : (t < 0 || t >= nt);
    };
    for (int32_t t : sd.inputs)
      if (bad(t, false))
        return absl::InvalidArgumentError(absl::StrCat(
            name, ": subgraph ", g, " input tensor ", t, " out of range"));
    for (int32_t t : sd.outputs)
      if (bad(t, false))
        return absl::InvalidArgumentError(absl::StrCat(
            name, ": subgraph ", g, " output tensor ", t, " out of range"));
    for (size_t i = 0; i < sd.ops.size(); ++i) {
      const OperatorDef &op = sd.ops[i];
      for (const auto *v : {&op.inputs, &op.outputs, &op.intermediates})
        for (int32_t t : *v)
          if (bad(t, true))
            return absl::InvalidArgumentError(
                absl::StrCat(name, ": subgraph ", g, " op ", i, ": tensor ", t,
                             " out of range"));
      const OpOptions &o = op.options;
      for (int32_t sub : {o.thenSubgraph, o.elseSubgraph, o.condSubgraph,
                          o.bodySubgraph, o.initSubgraph, o.callSubgraph})
        if (sub != -1 && (sub < 0 || sub >= nsg))
          return absl::InvalidArgumentError(
              absl::StrCat(name, ": subgraph ", g, " op ", i,
                           ": subgraph index ", sub, " out of range"));
    }
  }
  for (const SignatureDefIR &sig : def.signatures) {
    if (sig.subgraphIndex < 0 || sig.subgraphIndex >= nsg)
      return absl::InvalidArgumentError(absl::StrCat(
          name, ": signature '", sig.key, "' subgraph out of range"));
    const int64_t nt =
        static_cast<int64_t>(def.subgraphs[sig.subgraphIndex].tensors.size());
    for (const auto *v : {&sig.inputs, &sig.outputs})
      for (const auto &[n, t] : *v)
        if (t < 0 || t >= nt)
          return absl::InvalidArgumentError(absl::StrCat(
              name, ": signature '", sig.key, "' tensor ", t, " out of range"));
  }
  if (def.subgraphs[0].outputs.empty())
    return absl::InvalidArgumentError(
        name + ": the primary subgraph has no outputs; nothing to run "
               "(empty model)");
  std::unique_ptr<Interpreter> in(new Interpreter());
  in->name_ = std::move(name);
  in->def_ = &def;
  in->pool_ = std::make_unique<ThreadPool>(1);
  in->reference_ = resolver.referenceKernels();
  for (size_t i = 0; i < def.subgraphs.size(); ++i)
    in->subgraphs_.push_back(
        std::make_unique<Subgraph>(*in, def.subgraphs[i], static_cast<int>(i)));
  // One error listing every op without a kernel, with where it is used.
  std::map<std::string, std::vector<std::string>> missing;
  for (auto &sg : in->subgraphs_) {
    if (absl::Status s = sg->resolve(resolver); !s.ok())
      return s;
    const SubgraphDef &sd = def.subgraphs[sg->index()];
    for (size_t i = 0; i < sd.ops.size(); ++i) {
      const OperatorDef &op = sd.ops[i];
      bool found = op.builtinCode == kOp_CUSTOM
                       ? resolver.findCustom(op.customName, op.version)
                       : resolver.findBuiltin(op.builtinCode, op.version);
      if (!found)
        missing[absl::StrCat(opName(op), " v", op.version)].push_back(
            absl::StrCat(sg->index(), ":", i));
    }
  }
  if (!missing.empty()) {
    std::string msg = in->name_ + ": unsupported ops: ";
    bool firstEntry = true;
    for (auto &[k, v] : missing) {
      if (!firstEntry)
        msg += "; ";
      firstEntry = false;
      msg += absl::StrCat(k, " (count ", v.size(), ": subgraph:op ");
      for (size_t j = 0; j < v.size() && j < 5; ++j)
        msg += (j ? ", " : "") + v[j];
      msg += v.size() > 5 ? ", ...)" : ")";
      if (k.rfind("CUSTOM 'ethos-u'", 0) == 0)
        msg += " [an Arm Ethos-U NPU command stream compiled by Vela: it "
               "runs only on the Ethos-U NPU, never on a CPU]";
    }
    return absl::NotFoundError(msg);
  }
  for (const SignatureDefIR &sig : def.signatures) {
    auto r = std::unique_ptr<SignatureRunner>(new SignatureRunner());
    r->sig_ = &sig;
    r->sg_ = in->subgraphs_[sig.subgraphIndex].get();
    in->runners_.push_back(std::move(r));
  }
  return in;
}

int32_t Interpreter::resourceId(const std::string &key) {
  for (size_t i = 0; i < resources_.size(); ++i)
    if (resources_[i].name == key)
      return static_cast<int32_t>(i);
  resources_.push_back({key});
  return static_cast<int32_t>(resources_.size() - 1);
}

Interpreter::ResourceVar *Interpreter::resource(int32_t id) {
  if (id < 0 || id >= static_cast<int32_t>(resources_.size()))
    return nullptr;
  return &resources_[id];
}

int Interpreter::maxThreads() {
  return std::max(1u, std::thread::hardware_concurrency());
}

void Interpreter::setNumThreads(int n) {
  n = std::clamp(n, 1, maxThreads());
  if (n == numThreads_ && pool_)
    return;
  numThreads_ = n;
  pool_ = std::make_unique<ThreadPool>(numThreads_);
}

void Interpreter::resetVariableTensors() {
  for (auto &sg : subgraphs_)
    sg->resetVariableTensors();
}

size_t Interpreter::arenaBytes() const {
  size_t s = 0;
  for (auto &sg : subgraphs_)
    if (sg->allocated())
      s += sg->arenaBytes();
  return s;
}

std::vector<std::string> Interpreter::signatureKeys() const {
  std::vector<std::string> r;
  for (auto &x : runners_)
    r.push_back(x->key());
  return r;
}

absl::StatusOr<SignatureRunner *>
Interpreter::signatureRunner(const std::string &key) {
  if (key.empty() && runners_.size() == 1)
    return runners_[0].get();
  for (auto &x : runners_)
    if (x->key() == key)
      return x.get();
  std::string keys;
  for (auto &x : runners_)
    keys += (keys.empty() ? "" : ", ") + x->key();
  return absl::NotFoundError(
      absl::StrCat(name_, ": no signature '", key,
                   "' (signatures: ", keys.empty() ? "none" : keys, ")"));
}

} // namespace tfmlir::lite
