//===- CompiledGpuFunction.cpp - base of tf-compile --target=cuda classes -===//
#include "runtime/gpu/CompiledGpuFunction.h"

#include "runtime/gpu/Device.h"
#include "runtime/gpu/PlanExecutor.h"

#include "absl/strings/str_cat.h"

#include <cstring>

namespace tfmlir::gpu {

CompiledGpuFunction::CompiledGpuFunction(const GpuStaticData &data,
                                         int deviceOrdinal)
    : HostBuffers(data.className, data.numArgs, data.args, data.numResults,
                  data.results),
      data_(data), ordinal_(deviceOrdinal) {}

CompiledGpuFunction::~CompiledGpuFunction() {
  // The executor returns its device buffers to the device's cache first.
  executor_.reset();
  device_.reset();
}

bool CompiledGpuFunction::failWith(const absl::Status &status) {
  return fail(absl::StatusCodeToString(status.code()).c_str(),
              std::string(status.message()));
}

bool CompiledGpuFunction::init() {
  if (!initError_.ok())
    return failWith(initError_);
  absl::StatusOr<LaunchPlan> plan = parseLaunchPlan(data_.planText);
  if (!plan.ok()) {
    initError_ = absl::InternalError(
        absl::StrCat("the embedded launch plan: ", plan.status().ToString()));
    return failWith(initError_);
  }
  if (plan->numInputs != data_.numArgs ||
      static_cast<int>(plan->results.size()) != data_.numResults) {
    initError_ = absl::InternalError(absl::StrCat(
        "the embedded launch plan has ", plan->numInputs, " inputs and ",
        plan->results.size(), " results; the class has ", data_.numArgs,
        " and ", data_.numResults));
    return failWith(initError_);
  }
  plan->constants.assign(data_.constants,
                         data_.constants + data_.constantBytes);
  absl::StatusOr<std::unique_ptr<GpuDevice>> dev = GpuDevice::open(ordinal_);
  if (!dev.ok()) {
    // No driver or no device stays so: say it on every Run().
    initError_ = dev.status();
    return failWith(initError_);
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
    return failWith(ex.status());
  }
  executor_ = std::move(*ex);
  return true;
}

bool CompiledGpuFunction::Run() {
  if (broken())
    return false;
  error_.clear();
  for (int i = 0; i < data_.numArgs; ++i)
    if (!argPtrs_[i])
      return failWith(absl::InvalidArgumentError(
          absl::StrCat("argument ", i, " has no buffer")));
  if (!executor_ && !init())
    return false;
  if (absl::Status s = device_->makeCurrent(); !s.ok())
    return failWith(s);
  std::vector<PlanExecutor::HostInput> inputs(data_.numArgs);
  for (int i = 0; i < data_.numArgs; ++i)
    inputs[i] = {argPtrs_[i], static_cast<size_t>(arg_size(i))};
  absl::StatusOr<std::vector<std::vector<uint8_t>>> out =
      executor_->run(inputs);
  if (!out.ok())
    return failWith(out.status());
  ran_ = true;
  for (int i = 0; i < data_.numResults; ++i) {
    const std::vector<uint8_t> &r = (*out)[i];
    if (static_cast<int64_t>(r.size()) != result_size(i))
      return failWith(absl::InternalError(
          absl::StrCat("result ", i, " has ", r.size(),
                       " bytes; the class expects ", result_size(i))));
    if (!r.empty())
      std::memcpy(resultBufs_[i], r.data(), r.size());
  }
  // A variable's new value goes back into its argument buffer (tfcompile).
  copyVariablesBack();
  return true;
}

bool CompiledGpuFunction::TimeKernels(int iterations, float *ms) {
  if (!ms || iterations < 1)
    return failWith(absl::InvalidArgumentError(absl::StrCat(
        "TimeKernels needs iterations >= 1 and a place for the time, got ",
        iterations, ms ? "" : " and null")));
  if (!executor_ || !ran_)
    return failWith(absl::FailedPreconditionError(
        "TimeKernels needs a successful Run() first"));
  if (absl::Status s = device_->makeCurrent(); !s.ok())
    return failWith(s);
  absl::StatusOr<float> t = executor_->timeKernels(iterations);
  if (!t.ok())
    return failWith(t.status());
  *ms = *t;
  return true;
}

} // namespace tfmlir::gpu
