//===- GpuExecutable.cpp - compile and run a whole graph on a GPU ---------===//
#include "runtime/session/GpuExecutable.h"

#include "lib/Pipelines/GpuCompile.h"
#include "runtime/gpu/Device.h"
#include "runtime/gpu/PlanExecutor.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include "absl/strings/str_cat.h"

#include <cstring>

namespace tfmlir::session {

SessionGpu::~SessionGpu() { dropVariables(); }

void SessionGpu::keepVariable(const std::string &key, const Tensor &host,
                              uint64_t ptr, size_t bytes) {
  std::lock_guard<std::mutex> lock(mu);
  DeviceVariable &v = variables[key];
  if (v.ptr && v.ptr != ptr)
    device->release(v.ptr);
  v.host = host;
  v.ptr = ptr;
  v.bytes = bytes;
}

void SessionGpu::dropVariables() {
  std::lock_guard<std::mutex> lock(mu);
  if (!device)
    return;
  for (auto &[key, v] : variables)
    if (v.ptr)
      device->release(v.ptr);
  variables.clear();
}

size_t SessionGpu::variableBytes() {
  std::lock_guard<std::mutex> lock(mu);
  size_t n = 0;
  for (const auto &[key, v] : variables)
    n += v.bytes;
  return n;
}

void GpuExecutable::releaseKept(uint64_t ptr) const {
  if (!ptr)
    return;
  std::lock_guard<std::mutex> lock(gpu_->mu);
  gpu_->device->release(ptr);
}

absl::StatusOr<std::shared_ptr<SessionGpu>> SessionGpu::open(int ordinal) {
  absl::StatusOr<std::unique_ptr<gpu::GpuDevice>> device =
      gpu::GpuDevice::open(ordinal);
  if (!device.ok())
    return absl::Status(
        device.status().code(),
        absl::StrCat("/device:GPU:", ordinal, ": ", device.status().message()));
  auto g = std::make_shared<SessionGpu>();
  g->ordinal = ordinal;
  g->arch = absl::StrCat("sm_", (*device)->computeCapability());
  g->device = std::move(*device);
  return g;
}

GpuExecutable::~GpuExecutable() {
  if (exe_ && gpu_) {
    // The executor returns its buffers to the device's cache.
    std::lock_guard<std::mutex> lock(gpu_->mu);
    (void)gpu_->device->makeCurrent();
    exe_.reset();
  }
}

absl::StatusOr<std::unique_ptr<GpuExecutable>>
GpuExecutable::compile(mlir::ModuleOp hlo, const std::string &entry,
                       std::shared_ptr<SessionGpu> gpu, int64_t maxRunBytes) {
  std::unique_ptr<GpuExecutable> exe(new GpuExecutable());
  exe->maxRunBytes_ = maxRunBytes;
  exe->entry_ = entry;
  auto func = hlo.lookupSymbol<mlir::func::FuncOp>(entry);
  if (!func)
    return absl::InvalidArgumentError("no function @" + entry);
  if (absl::Status s =
          toSpecs(func.getArgumentTypes(), "argument", exe->inputs_);
      !s.ok())
    return s;
  if (absl::Status s = toSpecs(func.getResultTypes(), "result", exe->outputs_);
      !s.ok())
    return s;
  absl::StatusOr<GpuBinary> binary =
      compileHLOForGPU(hlo, entry, gpu->arch, /*requireCubin=*/false);
  if (!binary.ok())
    return binary.status();
  if (binary->plan.numInputs != static_cast<int64_t>(exe->inputs_.size()) ||
      binary->plan.results.size() != exe->outputs_.size())
    return absl::InternalError("the GPU launch plan's signature does not "
                               "match @" +
                               entry);
  gpu::PlanStepCounts counts = gpu::countSteps(binary->plan);
  exe->gemmCalls_ = counts.gemms;
  exe->kernelLaunches_ = counts.kernelLaunches;
  for (const gpu::PlanBuffer &b : binary->plan.buffers)
    if (b.kind != gpu::PlanBuffer::Kind::Constant)
      exe->runBytes_ += b.bytes;
  std::lock_guard<std::mutex> lock(gpu->mu);
  if (absl::Status s = gpu->device->makeCurrent(); !s.ok())
    return s;
  absl::StatusOr<std::unique_ptr<gpu::PlanExecutor>> pe =
      gpu::PlanExecutor::create(*gpu->device, std::move(binary->plan),
                                binary->image);
  if (!pe.ok())
    return pe.status();
  exe->exe_ = std::move(*pe);
  exe->gpu_ = std::move(gpu);
  return exe;
}

absl::StatusOr<std::vector<HostTensor>>
GpuExecutable::runViews(const std::vector<TensorView> &inputs,
                        const Variables *variables,
                        std::vector<uint64_t> *kept) const {
  if (maxRunBytes_ > 0 && runBytes_ > maxRunBytes_)
    return absl::ResourceExhaustedError(absl::StrCat(
        "the GPU program of ", entry_, " needs ", runBytes_,
        " bytes of device buffers in one run (its inputs and temporaries, "
        "all allocated for the whole run), more than max_run_memory_bytes (",
        maxRunBytes_, ")"));
  if (inputs.size() != inputs_.size())
    return absl::InvalidArgumentError(absl::StrCat(
        "expected ", inputs_.size(), " inputs, got ", inputs.size()));
  std::vector<gpu::PlanExecutor::HostInput> host;
  for (size_t i = 0; i < inputs.size(); ++i) {
    const TensorView &v = inputs[i];
    if (v.dtype != inputs_[i].dtype || !v.shape || *v.shape != inputs_[i].shape)
      return absl::InvalidArgumentError(
          absl::StrCat("argument ", i, " has the wrong dtype or shape"));
    int64_t n = 1;
    for (int64_t d : *v.shape)
      n *= d;
    host.push_back({v.data, static_cast<size_t>(n) * dtypeSize(v.dtype)});
  }
  absl::StatusOr<std::vector<std::vector<uint8_t>>> bytes;
  {
    std::lock_guard<std::mutex> lock(gpu_->mu);
    if (absl::Status s = gpu_->device->makeCurrent(); !s.ok())
      return s;
    std::vector<bool> keep;
    std::vector<CUdeviceptr> keptPtrs;
    if (variables) {
      // Variables the device holds are read in place; the others are
      // uploaded once into the copy later Runs reuse.
      for (const Variables::Read &r : variables->reads) {
        gpu::PlanExecutor::HostInput &in = host[r.arg];
        auto it = gpu_->variables.find(r.key);
        if (it != gpu_->variables.end() &&
            it->second.host.SharesBufferWith(*r.value) &&
            it->second.host.data() == r.value->data() &&
            it->second.bytes == in.bytes) {
          in.device = it->second.ptr;
          continue;
        }
        absl::StatusOr<CUdeviceptr> ptr = gpu_->device->allocate(in.bytes);
        if (!ptr.ok())
          return ptr.status();
        if (absl::Status s =
                gpu_->device->copyToDevice(*ptr, in.data, in.bytes);
            !s.ok()) {
          gpu_->device->release(*ptr);
          return s;
        }
        SessionGpu::DeviceVariable &v = gpu_->variables[r.key];
        if (v.ptr)
          gpu_->device->release(v.ptr);
        v.host = *r.value;
        v.ptr = *ptr;
        v.bytes = in.bytes;
        in.device = *ptr;
      }
      keep.assign(outputs_.size(), false);
      for (const Variables::Write &w : variables->writes)
        keep[w.result] = true;
    }
    bytes =
        exe_->run(host, /*syncEachLaunch=*/false, variables ? &keep : nullptr,
                  variables ? &keptPtrs : nullptr);
    if (kept) {
      kept->assign(outputs_.size(), 0);
      if (bytes.ok())
        for (size_t i = 0; i < keptPtrs.size(); ++i)
          (*kept)[i] = keptPtrs[i];
    }
  }
  if (!bytes.ok())
    return bytes.status();
  // Errors from here on return the kept buffers to the device.
  auto fail = [&](absl::Status s) {
    if (kept)
      for (uint64_t &p : *kept) {
        releaseKept(p);
        p = 0;
      }
    return s;
  };
  std::vector<HostTensor> out;
  out.reserve(outputs_.size());
  for (size_t i = 0; i < outputs_.size(); ++i) {
    absl::StatusOr<HostTensor> t =
        HostTensor::create(outputs_[i].dtype, outputs_[i].shape,
                           /*zeroed=*/false);
    if (!t.ok())
      return fail(t.status());
    if (t->byteSize() != (*bytes)[i].size())
      return fail(absl::InternalError(absl::StrCat(
          "result ", i, " of the GPU program has ", (*bytes)[i].size(),
          " bytes, expected ", t->byteSize())));
    if (t->byteSize())
      std::memcpy(t->raw(), (*bytes)[i].data(), t->byteSize());
    out.push_back(std::move(*t));
  }
  return out;
}

} // namespace tfmlir::session
