//===- PlanExecutor.cpp - run a launch plan -------------------------------===//
#include "runtime/gpu/PlanExecutor.h"

#include "absl/strings/str_cat.h"

namespace tfmlir::gpu {

absl::StatusOr<std::unique_ptr<PlanExecutor>>
PlanExecutor::create(GpuDevice &device, LaunchPlan plan,
                     const std::string &image) {
  std::unique_ptr<PlanExecutor> ex(new PlanExecutor(device));
  ex->plan_ = std::move(plan);
  const LaunchPlan &p = ex->plan_;
  ex->ptrs_.assign(p.buffers.size(), 0);
  ex->runOwned_.assign(p.buffers.size(), false);
  bool kernels = false, gemms = false;
  for (const KernelLaunch &l : p.launches)
    (l.kind == KernelLaunch::Kind::Gemm ? gemms : kernels) = true;
  if (kernels) {
    absl::StatusOr<std::unique_ptr<GpuModule>> m =
        GpuModule::load(device, image);
    if (!m.ok())
      return m.status();
    ex->module_ = std::move(*m);
  }
  if (gemms) {
    absl::StatusOr<std::unique_ptr<CublasHandle>> h =
        CublasHandle::create(device);
    if (!h.ok())
      return h.status();
    ex->cublas_ = std::move(*h);
  }
  for (const KernelLaunch &l : p.launches) {
    if (l.kind == KernelLaunch::Kind::Gemm) {
      if (l.args.size() != (l.gemm.epilogue == GemmEpilogue::None ? 3u : 4u))
        return absl::InvalidArgumentError(
            "a gemm launch needs buffers A, B, C (and a bias with an "
            "epilogue)");
      ex->functions_.push_back(nullptr);
      continue;
    }
    absl::StatusOr<CUfunction> f = ex->module_->function(l.kernel);
    if (!f.ok())
      return f.status();
    ex->functions_.push_back(*f);
  }
  for (size_t i = 0; i < p.buffers.size(); ++i) {
    const PlanBuffer &b = p.buffers[i];
    if (b.kind != PlanBuffer::Kind::Constant)
      continue;
    if (b.constOffset + b.bytes > static_cast<int64_t>(p.constants.size()))
      return absl::InvalidArgumentError(absl::StrCat(
          "constant buffer ", i, " extends past the plan's constants"));
    absl::StatusOr<CUdeviceptr> ptr = device.allocate(b.bytes);
    if (!ptr.ok())
      return ptr.status();
    ex->ptrs_[i] = *ptr;
    if (absl::Status s = device.copyToDevice(
            *ptr, p.constants.data() + b.constOffset, b.bytes);
        !s.ok())
      return s;
  }
  if (absl::Status s = device.synchronize("constant upload"); !s.ok())
    return s;
  return ex;
}

PlanExecutor::~PlanExecutor() {
  for (CUdeviceptr p : ptrs_)
    if (p)
      device_.release(p);
}

void PlanExecutor::releaseRunBuffers() {
  for (size_t i = 0; i < ptrs_.size(); ++i)
    if (runOwned_[i] && ptrs_[i]) {
      device_.release(ptrs_[i]);
      ptrs_[i] = 0;
      runOwned_[i] = false;
    }
}

absl::Status PlanExecutor::launchAll(bool syncEachLaunch, bool syncAtEnd) {
  const CudaDriver &d = device_.driver();
  for (size_t li = 0; li < plan_.launches.size(); ++li) {
    const KernelLaunch &l = plan_.launches[li];
    if (l.kind == KernelLaunch::Kind::Gemm) {
      std::string what = l.node.empty() ? "dot" : "node " + l.node;
      if (absl::Status s = cublas_->gemm(
              l.gemm, ptrs_[l.args[0].buffer], ptrs_[l.args[1].buffer],
              ptrs_[l.args[2].buffer], what,
              l.args.size() > 3 ? ptrs_[l.args[3].buffer] : 0);
          !s.ok())
        return s;
      if (syncEachLaunch)
        if (absl::Status s = device_.synchronize("cuBLAS GEMM " + what);
            !s.ok())
          return s;
      continue;
    }
    std::vector<uint64_t> values(l.args.size());
    std::vector<void *> params(l.args.size());
    for (size_t a = 0; a < l.args.size(); ++a) {
      const LaunchArg &arg = l.args[a];
      values[a] = arg.isBuffer ? static_cast<uint64_t>(ptrs_[arg.buffer])
                               : arg.scalarBits;
      // Little-endian: the low bytes of `values[a]` are the scalar.
      params[a] = &values[a];
    }
    CUresult r = d.launchKernel(functions_[li], l.grid[0], l.grid[1], l.grid[2],
                                l.block[0], l.block[1], l.block[2], 0,
                                device_.stream(), params.data(), nullptr);
    std::string what =
        l.node.empty() ? l.kernel : l.kernel + " (node " + l.node + ")";
    if (absl::Status s = cudaStatus(d, r, "cuLaunchKernel(" + what + ")");
        !s.ok())
      return s;
    if (syncEachLaunch)
      if (absl::Status s = device_.synchronize("kernel " + what); !s.ok())
        return s;
  }
  if (plan_.launches.empty() || !syncAtEnd)
    return absl::OkStatus();
  return device_.synchronize(
      absl::StrCat("kernels ", plan_.launches.front().kernel, " .. ",
                   plan_.launches.back().kernel, " of ", plan_.entry));
}

absl::StatusOr<std::vector<std::vector<uint8_t>>>
PlanExecutor::run(const std::vector<HostInput> &inputs, bool syncEachLaunch) {
  if (static_cast<int64_t>(inputs.size()) != plan_.numInputs)
    return absl::InvalidArgumentError(
        absl::StrCat(plan_.entry, " takes ", plan_.numInputs, " inputs, got ",
                     inputs.size()));
  releaseRunBuffers();
  for (size_t i = 0; i < plan_.buffers.size(); ++i) {
    const PlanBuffer &b = plan_.buffers[i];
    if (b.kind == PlanBuffer::Kind::Constant)
      continue;
    absl::StatusOr<CUdeviceptr> ptr = device_.allocate(b.bytes);
    if (!ptr.ok()) {
      releaseRunBuffers();
      return ptr.status();
    }
    ptrs_[i] = *ptr;
    runOwned_[i] = true;
    if (b.kind == PlanBuffer::Kind::Input) {
      const HostInput &in = inputs[b.argIndex];
      if (static_cast<int64_t>(in.bytes) != b.bytes) {
        releaseRunBuffers();
        return absl::InvalidArgumentError(
            absl::StrCat("input ", b.argIndex, " of ", plan_.entry, " has ",
                         in.bytes, " bytes, the plan expects ", b.bytes));
      }
      if (absl::Status s = device_.copyToDevice(*ptr, in.data, in.bytes);
          !s.ok()) {
        releaseRunBuffers();
        return s;
      }
    }
  }
  if (absl::Status s = launchAll(syncEachLaunch, true); !s.ok()) {
    releaseRunBuffers();
    return s;
  }
  std::vector<std::vector<uint8_t>> out;
  for (const PlanResult &r : plan_.results) {
    int64_t n = 1;
    for (int64_t dim : r.shape)
      n *= dim;
    std::vector<uint8_t> bytes(n * dtypeSize(r.dtype));
    if (absl::Status s = device_.copyToHost(
            bytes.data(), ptrs_[r.buffer] + r.byteOffset, bytes.size());
        !s.ok()) {
      releaseRunBuffers();
      return s;
    }
    out.push_back(std::move(bytes));
  }
  return out;
}

absl::StatusOr<float> PlanExecutor::timeKernels(int iterations) {
  for (size_t i = 0; i < plan_.buffers.size(); ++i)
    if (!ptrs_[i])
      return absl::FailedPreconditionError("timeKernels before run()");
  absl::StatusOr<std::unique_ptr<GpuTimer>> timer = GpuTimer::create(device_);
  if (!timer.ok())
    return timer.status();
  if (absl::Status s = (*timer)->start(); !s.ok())
    return s;
  for (int i = 0; i < iterations; ++i)
    if (absl::Status s = launchAll(false, /*syncAtEnd=*/false); !s.ok())
      return s;
  return (*timer)->stopMs();
}

} // namespace tfmlir::gpu
