//===- PlanExecutor.cpp - run a launch plan -------------------------------===//
#include "runtime/gpu/PlanExecutor.h"

#include "absl/strings/str_cat.h"

#include <cstring>

namespace tfmlir::gpu {

namespace {
/// `s` with the branch step's node in front of its message (a failed read
/// of the predicate also reports the kernels before it that failed).
absl::Status withStep(const absl::Status &s, const KernelLaunch &l) {
  std::string where =
      l.node.empty() ? "host branch" : "host branch of node " + l.node;
  return absl::Status(s.code(), absl::StrCat(where, ": ", s.message()));
}
} // namespace

absl::StatusOr<std::unique_ptr<PlanExecutor>>
PlanExecutor::create(GpuDevice &device, LaunchPlan plan,
                     const std::string &image) {
  std::unique_ptr<PlanExecutor> ex(new PlanExecutor(device));
  ex->plan_ = std::move(plan);
  const LaunchPlan &p = ex->plan_;
  ex->ptrs_.assign(p.buffers.size(), 0);
  ex->runOwned_.assign(p.buffers.size(), false);
  bool kernels = false, gemms = false, convs = false;
  for (const KernelLaunch &l : p.launches) {
    kernels |= l.kind == KernelLaunch::Kind::Kernel;
    gemms |= l.kind == KernelLaunch::Kind::Gemm;
    convs |= l.kind == KernelLaunch::Kind::Conv;
  }
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
  if (convs) {
    absl::StatusOr<std::unique_ptr<CudnnHandle>> h =
        CudnnHandle::create(device);
    if (!h.ok())
      return h.status();
    ex->cudnn_ = std::move(*h);
  }
  int64_t numSteps = p.launches.size();
  for (const KernelLaunch &l : p.launches) {
    size_t wantArgs = 0;
    switch (l.kind) {
    case KernelLaunch::Kind::Kernel:
      break;
    case KernelLaunch::Kind::Gemm:
      wantArgs = l.gemm.epilogue == GemmEpilogue::None ? 3 : 4;
      break;
    case KernelLaunch::Kind::Conv:
      wantArgs = l.conv.epilogue == GemmEpilogue::None ? 3 : 4;
      break;
    case KernelLaunch::Kind::Copy:
      wantArgs = 2;
      break;
    case KernelLaunch::Kind::Branch:
      wantArgs = 1;
      break;
    case KernelLaunch::Kind::Jump:
      break;
    }
    if ((l.kind == KernelLaunch::Kind::Branch ||
         l.kind == KernelLaunch::Kind::Jump) &&
        (l.branch.target < 0 || l.branch.target > numSteps))
      return absl::InvalidArgumentError(
          absl::StrCat("a ", l.kernel, " step targets step ", l.branch.target,
                       " of ", numSteps));
    if (l.kind != KernelLaunch::Kind::Kernel) {
      if (l.args.size() != wantArgs)
        return absl::InvalidArgumentError(absl::StrCat(
            "a ", l.kernel, " step needs ", wantArgs, " buffer arguments"));
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
    if (b.constOffset < 0 || b.bytes < 0 ||
        b.constOffset > static_cast<int64_t>(p.constants.size()) - b.bytes)
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
  // Inputs the caller kept on the device are not ours.
  for (size_t i = 0; i < ptrs_.size(); ++i)
    if (ptrs_[i] &&
        (runOwned_[i] || plan_.buffers[i].kind == PlanBuffer::Kind::Constant))
      device_.release(ptrs_[i]);
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
    if (l.kind == KernelLaunch::Kind::Jump) {
      li = l.branch.target - 1; // the loop's ++li makes it `target`
      continue;
    }
    if (l.kind == KernelLaunch::Kind::Branch) {
      // Waits for the steps before it, as XLA:GPU's host-driven While.
      int64_t v = 0;
      uint8_t raw[8] = {0};
      int64_t size = dtypeSize(l.branch.dtype);
      if (absl::Status s = device_.copyToHost(
              raw, ptrs_[l.args[0].buffer] + l.branch.byteOffset, size);
          !s.ok())
        return withStep(s, l);
      switch (l.branch.dtype) {
      case DType::I1:
        v = raw[0] != 0;
        break;
      case DType::I8:
        v = static_cast<int8_t>(raw[0]);
        break;
      case DType::I16: {
        int16_t x;
        std::memcpy(&x, raw, 2);
        v = x;
        break;
      }
      case DType::I32: {
        int32_t x;
        std::memcpy(&x, raw, 4);
        v = x;
        break;
      }
      default:
        std::memcpy(&v, raw, 8);
        break;
      }
      if (v != l.branch.value)
        li = l.branch.target - 1;
      continue;
    }
    if (l.kind == KernelLaunch::Kind::Copy) {
      if (l.copy.bytes == 0)
        continue;
      CUresult r = d.memcpyDtoDAsync(ptrs_[l.args[1].buffer] + l.copy.dstOffset,
                                     ptrs_[l.args[0].buffer] + l.copy.srcOffset,
                                     l.copy.bytes, device_.stream());
      std::string what = l.node.empty() ? "copy" : "copy (node " + l.node + ")";
      if (absl::Status s = cudaStatus(d, r, "cuMemcpyDtoDAsync(" + what + ")");
          !s.ok())
        return s;
      if (syncEachLaunch)
        if (absl::Status s = device_.synchronize(what); !s.ok())
          return s;
      continue;
    }
    if (l.kind == KernelLaunch::Kind::Conv) {
      std::string what = l.node.empty() ? "convolution" : "node " + l.node;
      if (absl::Status s = cudnn_->conv(
              l.conv, ptrs_[l.args[0].buffer], ptrs_[l.args[1].buffer],
              ptrs_[l.args[2].buffer], what,
              l.args.size() > 3 ? ptrs_[l.args[3].buffer] : 0);
          !s.ok())
        return s;
      if (syncEachLaunch)
        if (absl::Status s = device_.synchronize("cuDNN convolution " + what);
            !s.ok())
          return s;
      continue;
    }
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
PlanExecutor::run(const std::vector<HostInput> &inputs, bool syncEachLaunch,
                  const std::vector<bool> *keep,
                  std::vector<CUdeviceptr> *kept) {
  if (static_cast<int64_t>(inputs.size()) != plan_.numInputs)
    return absl::InvalidArgumentError(
        absl::StrCat(plan_.entry, " takes ", plan_.numInputs, " inputs, got ",
                     inputs.size()));
  if (keep && (!kept || keep->size() != plan_.results.size()))
    return absl::InvalidArgumentError(
        absl::StrCat(plan_.entry, " has ", plan_.results.size(),
                     " results; `keep` must flag each, with `kept` given"));
  releaseRunBuffers();
  for (size_t i = 0; i < plan_.buffers.size(); ++i) {
    const PlanBuffer &b = plan_.buffers[i];
    if (b.kind == PlanBuffer::Kind::Constant)
      continue;
    ptrs_[i] = 0;
    const HostInput *in =
        b.kind == PlanBuffer::Kind::Input ? &inputs[b.argIndex] : nullptr;
    if (in && static_cast<int64_t>(in->bytes) != b.bytes) {
      releaseRunBuffers();
      return absl::InvalidArgumentError(
          absl::StrCat("input ", b.argIndex, " of ", plan_.entry, " has ",
                       in->bytes, " bytes, the plan expects ", b.bytes));
    }
    if (in && in->device) {
      ptrs_[i] = in->device; // the caller's: not run-owned
      continue;
    }
    absl::StatusOr<CUdeviceptr> ptr = device_.allocate(b.bytes);
    if (!ptr.ok()) {
      releaseRunBuffers();
      return ptr.status();
    }
    ptrs_[i] = *ptr;
    runOwned_[i] = true;
    if (in) {
      if (absl::Status s = device_.copyToDevice(*ptr, in->data, in->bytes);
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
  // On an error after this point: no kept buffer stays allocated.
  auto dropKept = [&] {
    if (keep)
      for (CUdeviceptr &p : *kept)
        if (p) {
          device_.release(p);
          p = 0;
        }
    releaseRunBuffers();
  };
  if (keep) {
    kept->assign(plan_.results.size(), 0);
    const CudaDriver &d = device_.driver();
    for (size_t i = 0; i < plan_.results.size(); ++i) {
      if (!(*keep)[i])
        continue;
      const PlanResult &r = plan_.results[i];
      int64_t bytes = dtypeSize(r.dtype);
      for (int64_t dim : r.shape)
        bytes *= dim;
      absl::StatusOr<CUdeviceptr> ptr = device_.allocate(bytes);
      if (!ptr.ok()) {
        dropKept();
        return ptr.status();
      }
      (*kept)[i] = *ptr;
      if (bytes == 0)
        continue;
      CUresult cr = d.memcpyDtoDAsync(*ptr, ptrs_[r.buffer] + r.byteOffset,
                                      bytes, device_.stream());
      if (absl::Status s = cudaStatus(
              d, cr, absl::StrCat("cuMemcpyDtoDAsync(result ", i, ")"));
          !s.ok()) {
        dropKept();
        return s;
      }
    }
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
      dropKept();
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
