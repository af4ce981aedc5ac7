//===- CompiledGpuFunction.cpp - base of tf-compile --target=cuda classes -===//
#include "runtime/gpu/CompiledGpuFunction.h"

#include "runtime/gpu/Device.h"
#include "runtime/gpu/PlanExecutor.h"

#include "absl/strings/str_cat.h"

#include <cstdlib>
#include <cstring>

namespace tfmlir::gpu {
namespace {

constexpr size_t kAlign = 64;

/// A zeroed block of `bytes` (at least 1) aligned to kAlign; the pointer
/// calloc returned is stored just before it. Null on failure.
void *alignedZeroAlloc(int64_t bytes) {
  size_t n = static_cast<size_t>(bytes < 1 ? 1 : bytes);
  if (n > SIZE_MAX - kAlign - sizeof(void *))
    return nullptr;
  void *raw = std::calloc(1, n + kAlign + sizeof(void *));
  if (!raw)
    return nullptr;
  uintptr_t p = reinterpret_cast<uintptr_t>(raw) + sizeof(void *);
  p = (p + kAlign - 1) / kAlign * kAlign;
  reinterpret_cast<void **>(p)[-1] = raw;
  return reinterpret_cast<void *>(p);
}

void alignedFree(void *p) {
  if (p)
    std::free(static_cast<void **>(p)[-1]);
}

int64_t bytesOf(const aot::BufferInfo &b) {
  return b.numElements * b.elementBytes;
}

} // namespace

CompiledGpuFunction::CompiledGpuFunction(const GpuStaticData &data,
                                         int deviceOrdinal)
    : data_(data), ordinal_(deviceOrdinal) {
  ownedArgs_ =
      static_cast<void **>(std::calloc(data.numArgs + 1, sizeof(void *)));
  argPtrs_ =
      static_cast<const void **>(std::calloc(data.numArgs + 1, sizeof(void *)));
  results_ =
      static_cast<void **>(std::calloc(data.numResults + 1, sizeof(void *)));
  broken_ = !ownedArgs_ || !argPtrs_ || !results_;
  for (int i = 0; !broken_ && i < data.numArgs; ++i) {
    ownedArgs_[i] = alignedZeroAlloc(bytesOf(data.args[i]));
    argPtrs_[i] = ownedArgs_[i];
    broken_ = !ownedArgs_[i];
  }
  for (int i = 0; !broken_ && i < data.numResults; ++i) {
    results_[i] = alignedZeroAlloc(bytesOf(data.results[i]));
    broken_ = !results_[i];
  }
  if (broken_)
    error_ = absl::StrCat(data.className,
                          ": RESOURCE_EXHAUSTED: cannot allocate the host "
                          "argument and result buffers");
}

CompiledGpuFunction::~CompiledGpuFunction() {
  // The executor returns its device buffers to the device's cache first.
  executor_.reset();
  device_.reset();
  for (int i = 0; ownedArgs_ && i < data_.numArgs; ++i)
    alignedFree(ownedArgs_[i]);
  for (int i = 0; results_ && i < data_.numResults; ++i)
    alignedFree(results_[i]);
  std::free(ownedArgs_);
  std::free(argPtrs_);
  std::free(results_);
}

bool CompiledGpuFunction::fail(const std::string &status) {
  error_ = absl::StrCat(data_.className, ": ", status);
  return false;
}

bool CompiledGpuFunction::init() {
  if (!initError_.empty())
    return fail(initError_);
  absl::StatusOr<LaunchPlan> plan = parseLaunchPlan(data_.planText);
  if (!plan.ok()) {
    initError_ = absl::StrCat("INTERNAL: the embedded launch plan: ",
                              plan.status().ToString());
    return fail(initError_);
  }
  if (plan->numInputs != data_.numArgs ||
      static_cast<int>(plan->results.size()) != data_.numResults) {
    initError_ = absl::StrCat("INTERNAL: the embedded launch plan has ",
                              plan->numInputs, " inputs and ",
                              plan->results.size(), " results; the class has ",
                              data_.numArgs, " and ", data_.numResults);
    return fail(initError_);
  }
  plan->constants.assign(data_.constants,
                         data_.constants + data_.constantBytes);
  absl::StatusOr<std::unique_ptr<GpuDevice>> dev = GpuDevice::open(ordinal_);
  if (!dev.ok()) {
    // No driver or no device stays so: say it on every Run().
    initError_ = dev.status().ToString();
    return fail(initError_);
  }
  device_ = std::move(*dev);
  deviceName_ = device_->name();
  absl::StatusOr<std::unique_ptr<PlanExecutor>> ex = PlanExecutor::create(
      *device_, std::move(*plan),
      std::string(reinterpret_cast<const char *>(data_.cubin),
                  static_cast<size_t>(data_.cubinBytes)));
  if (!ex.ok()) {
    // A rejected cubin or out of memory for the constants: may be retried
    // (another process may free memory), so not kept in initError_.
    device_.reset();
    return fail(ex.status().ToString());
  }
  executor_ = std::move(*ex);
  return true;
}

bool CompiledGpuFunction::Run() {
  if (broken_)
    return false;
  error_.clear();
  for (int i = 0; i < data_.numArgs; ++i)
    if (!argPtrs_[i])
      return fail(
          absl::StrCat("INVALID_ARGUMENT: argument ", i, " has no buffer"));
  if (!executor_ && !init())
    return false;
  if (absl::Status s = device_->makeCurrent(); !s.ok())
    return fail(s.ToString());
  std::vector<PlanExecutor::HostInput> inputs(data_.numArgs);
  for (int i = 0; i < data_.numArgs; ++i)
    inputs[i] = {argPtrs_[i], static_cast<size_t>(bytesOf(data_.args[i]))};
  absl::StatusOr<std::vector<std::vector<uint8_t>>> out =
      executor_->run(inputs);
  if (!out.ok())
    return fail(out.status().ToString());
  ran_ = true;
  for (int i = 0; i < data_.numResults; ++i) {
    const std::vector<uint8_t> &r = (*out)[i];
    if (static_cast<int64_t>(r.size()) != bytesOf(data_.results[i]))
      return fail(absl::StrCat("INTERNAL: result ", i, " has ", r.size(),
                               " bytes; the class expects ",
                               bytesOf(data_.results[i])));
    if (!r.empty())
      std::memcpy(results_[i], r.data(), r.size());
  }
  // A variable's new value goes back into its argument buffer (tfcompile).
  for (int i = 0; i < data_.numResults; ++i) {
    int a = data_.results[i].updatesArg;
    if (a >= 0 && a < data_.numArgs && bytesOf(data_.results[i]) > 0)
      std::memcpy(const_cast<void *>(argPtrs_[a]), results_[i],
                  bytesOf(data_.results[i]));
  }
  return true;
}

bool CompiledGpuFunction::TimeKernels(int iterations, float *ms) {
  if (!executor_ || !ran_)
    return fail("FAILED_PRECONDITION: TimeKernels needs a successful Run() "
                "first");
  if (absl::Status s = device_->makeCurrent(); !s.ok())
    return fail(s.ToString());
  absl::StatusOr<float> t = executor_->timeKernels(iterations);
  if (!t.ok())
    return fail(t.status().ToString());
  *ms = *t;
  return true;
}

void CompiledGpuFunction::set_arg_data(int index, const void *data) {
  if (broken_ || index < 0 || index >= data_.numArgs)
    return;
  argPtrs_[index] = data ? data : ownedArgs_[index];
}

void *CompiledGpuFunction::arg_data(int index) {
  if (broken_ || index < 0 || index >= data_.numArgs)
    return nullptr;
  return const_cast<void *>(argPtrs_[index]);
}

const void *CompiledGpuFunction::arg_data(int index) const {
  if (broken_ || index < 0 || index >= data_.numArgs)
    return nullptr;
  return argPtrs_[index];
}

void *CompiledGpuFunction::result_data(int index) {
  if (broken_ || index < 0 || index >= data_.numResults)
    return nullptr;
  return results_[index];
}

const void *CompiledGpuFunction::result_data(int index) const {
  if (broken_ || index < 0 || index >= data_.numResults)
    return nullptr;
  return results_[index];
}

int64_t CompiledGpuFunction::arg_size(int index) const {
  return index < 0 || index >= data_.numArgs ? 0 : bytesOf(data_.args[index]);
}

int64_t CompiledGpuFunction::result_size(int index) const {
  return index < 0 || index >= data_.numResults ? 0
                                                : bytesOf(data_.results[index]);
}

int CompiledGpuFunction::LookupArgIndex(const std::string &name) const {
  for (int i = 0; i < data_.numArgs; ++i)
    if (name == data_.args[i].name)
      return i;
  return -1;
}

int CompiledGpuFunction::LookupResultIndex(const std::string &name) const {
  for (int i = 0; i < data_.numResults; ++i)
    if (name == data_.results[i].name)
      return i;
  return -1;
}

} // namespace tfmlir::gpu
