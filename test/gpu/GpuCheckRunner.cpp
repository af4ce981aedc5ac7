//===- GpuCheckRunner.cpp - run compiled GPU programs against references --===//
//
// usage: tfmlir-gpu-check DATA_DIR [--only CASE]
// The executable that scripts/gpu-check.sh builds and ships to a machine
// with an NVIDIA GPU (no MLIR/LLVM there; runtime/gpu only, libcuda.so.1
// dlopen'ed). DATA_DIR holds
//   cases/<name>/{plan.txt,constants.bin,kernels.cubin,expected.txt}
//     a dl4j corpus case compiled by hlo-gpu-compile; expected.txt holds,
//     per result, a line `result <i> <numel>` followed by TensorFlow's
//     values (one per line; nan/inf spelled so) from the corpus csv files;
//   chain/{plan.txt,constants.bin,kernels.cubin}
//     an element-wise chain over 2^28 floats (one fused kernel) with
//     chain.txt giving the op sequence for the host reference.
// For every case: runs the program twice (results must be bitwise
// identical), compares each result with TF's values: |got - ref| <= 1e-5 +
// 1e-4 |ref|, NaN must be NaN, +-Inf exact. Then times the chain (median
// of 20 runs of its kernels, CUDA events) against a device-to-device copy
// of the same bytes (cuMemcpyDtoDAsync, median of 20) and prints the ratio
// of effective bandwidths. Exit 0 when every case matches; 1 on a mismatch
// or error; 2 when no GPU can be used (the reason printed: "no CUDA
// driver: libcuda.so.1 not found ..."), before anything runs.
//===----------------------------------------------------------------------===//
#include "lib/Support/ABI/LaunchPlan.h"
#include "runtime/gpu/CudaDriver.h"
#include "runtime/gpu/Device.h"
#include "runtime/gpu/PlanExecutor.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <dirent.h>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace tfmlir::gpu;

namespace {

bool readFile(const std::string &path, std::string &out) {
  std::ifstream f(path, std::ios::binary);
  if (!f)
    return false;
  std::stringstream ss;
  ss << f.rdbuf();
  out = ss.str();
  return true;
}

std::vector<std::string> listDir(const std::string &dir) {
  std::vector<std::string> names;
  if (DIR *d = opendir(dir.c_str())) {
    while (dirent *e = readdir(d))
      if (e->d_name[0] != '.')
        names.push_back(e->d_name);
    closedir(d);
  }
  std::sort(names.begin(), names.end());
  return names;
}

uint16_t load16(const uint8_t *p) {
  uint16_t v;
  std::memcpy(&v, p, 2);
  return v;
}

float halfToFloat(uint16_t h) {
  uint32_t sign = (h & 0x8000u) << 16, exp = (h >> 10) & 0x1f, man = h & 0x3ff;
  uint32_t bits;
  if (exp == 0) {
    if (man == 0) {
      bits = sign;
    } else { // subnormal
      int e = -1;
      do {
        ++e;
        man <<= 1;
      } while (!(man & 0x400));
      bits = sign | ((127 - 15 - e) << 23) | ((man & 0x3ff) << 13);
    }
  } else if (exp == 31) {
    bits = sign | 0x7f800000u | (man << 13);
  } else {
    bits = sign | ((exp + 127 - 15) << 23) | (man << 13);
  }
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

/// Element `i` of a result buffer as double.
double elementAsDouble(const std::vector<uint8_t> &bytes, DType t, int64_t i) {
  const uint8_t *p = bytes.data() + i * dtypeSize(t);
  switch (t) {
  case DType::F32: {
    float v;
    std::memcpy(&v, p, 4);
    return v;
  }
  case DType::F64: {
    double v;
    std::memcpy(&v, p, 8);
    return v;
  }
  case DType::F16:
    return halfToFloat(load16(p));
  case DType::BF16: {
    uint32_t bits = uint32_t(load16(p)) << 16;
    float v;
    std::memcpy(&v, &bits, 4);
    return v;
  }
  case DType::I1:
    return *p ? 1.0 : 0.0;
  case DType::I8:
    return int8_t(*p);
  case DType::I16: {
    int16_t v;
    std::memcpy(&v, p, 2);
    return v;
  }
  case DType::I32: {
    int32_t v;
    std::memcpy(&v, p, 4);
    return v;
  }
  case DType::I64: {
    int64_t v;
    std::memcpy(&v, p, 8);
    return double(v);
  }
  }
  return 0;
}

double parseValue(const std::string &s) {
  if (s == "True" || s == "true")
    return 1;
  if (s == "False" || s == "false")
    return 0;
  return std::strtod(s.c_str(), nullptr); // handles nan, inf, -inf
}

/// Loads a program folder into an executor.
absl::StatusOr<std::unique_ptr<PlanExecutor>>
loadProgram(GpuDevice &device, const std::string &dir) {
  std::string text, consts, cubin;
  if (!readFile(dir + "/plan.txt", text))
    return absl::NotFoundError("cannot read " + dir + "/plan.txt");
  absl::StatusOr<LaunchPlan> plan = parseLaunchPlan(text);
  if (!plan.ok())
    return plan.status();
  if (!readFile(dir + "/constants.bin", consts) ||
      consts.size() != plan->constants.size())
    return absl::InvalidArgumentError(dir + "/constants.bin is missing or "
                                            "has the wrong size");
  std::memcpy(plan->constants.data(), consts.data(), consts.size());
  // A plan of cuBLAS steps only has no cubin (hlo-gpu-compile writes none).
  bool kernels = std::any_of(
      plan->launches.begin(), plan->launches.end(), [](const auto &l) {
        return l.kind == tfmlir::gpu::KernelLaunch::Kind::Kernel;
      });
  if (kernels && !readFile(dir + "/kernels.cubin", cubin))
    return absl::NotFoundError("cannot read " + dir + "/kernels.cubin");
  return PlanExecutor::create(device, std::move(*plan), cubin);
}

/// Runs one corpus case; returns "" on a match, otherwise why not.
std::string runCase(GpuDevice &device, const std::string &dir) {
  absl::StatusOr<std::unique_ptr<PlanExecutor>> ex = loadProgram(device, dir);
  if (!ex.ok())
    return std::string(ex.status().message());
  if ((*ex)->plan().numInputs != 0)
    return "the case has inputs (only constant-input cases are shipped)";
  absl::StatusOr<std::vector<std::vector<uint8_t>>> a = (*ex)->run({}, true);
  if (!a.ok())
    return std::string(a.status().message());
  absl::StatusOr<std::vector<std::vector<uint8_t>>> b = (*ex)->run({}, false);
  if (!b.ok())
    return std::string(b.status().message());
  if (*a != *b)
    return "two runs gave different results";
  std::ifstream f(dir + "/expected.txt");
  if (!f)
    return "no expected.txt";
  const LaunchPlan &plan = (*ex)->plan();
  std::string word;
  size_t index;
  int64_t numel;
  while (f >> word >> index >> numel) {
    if (word != "result" || index >= a->size())
      return "malformed expected.txt";
    const PlanResult &r = plan.results[index];
    int64_t got = 1;
    for (int64_t d : r.shape)
      got *= d;
    if (got != numel)
      return "result " + std::to_string(index) + " has " + std::to_string(got) +
             " elements, TF has " + std::to_string(numel);
    for (int64_t i = 0; i < numel; ++i) {
      std::string v;
      f >> v;
      double ref = parseValue(v);
      double g = elementAsDouble((*a)[index], r.dtype, i);
      bool ok;
      if (std::isnan(ref) || std::isnan(g))
        ok = std::isnan(ref) && std::isnan(g);
      else if (std::isinf(ref) || std::isinf(g))
        ok = g == ref;
      else
        ok = std::fabs(g - ref) <= 1e-5 + 1e-4 * std::fabs(ref);
      if (!ok) {
        char buf[160];
        std::snprintf(buf, sizeof(buf), "result %zu [%lld] = %.9g, TF %.9g",
                      index, static_cast<long long>(i), g, ref);
        return buf;
      }
    }
  }
  return "";
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

/// Times the element-wise chain and a device copy of the same bytes.
int runChain(GpuDevice &device, const std::string &dir) {
  absl::StatusOr<std::unique_ptr<PlanExecutor>> ex = loadProgram(device, dir);
  if (!ex.ok()) {
    std::printf("chain: %s\n", std::string(ex.status().message()).c_str());
    return 1;
  }
  const LaunchPlan &plan = (*ex)->plan();
  if (plan.numInputs != 1 || plan.results.size() != 1) {
    std::printf("chain: expected one input and one result\n");
    return 1;
  }
  int64_t n = plan.buffers[0].bytes / 4;
  std::vector<float> x(n);
  for (int64_t i = 0; i < n; ++i)
    x[i] = float((i % 2001) - 1000) * 0.001f;
  absl::StatusOr<std::vector<std::vector<uint8_t>>> out =
      (*ex)->run({{x.data(), x.size() * 4}}, true);
  if (!out.ok()) {
    std::printf("chain: %s\n", std::string(out.status().message()).c_str());
    return 1;
  }
  // Host reference of chain.txt's ops, float64, on every 4099th element.
  std::string ops;
  readFile(dir + "/chain.txt", ops);
  std::vector<std::pair<std::string, double>> steps;
  {
    std::istringstream in(ops);
    std::string op;
    double c;
    while (in >> op >> c)
      steps.push_back({op, c});
  }
  const float *y = reinterpret_cast<const float *>((*out)[0].data());
  for (int64_t i = 0; i < n; i += 4099) {
    double v = x[i];
    for (auto &[op, c] : steps)
      v = op == "mul"   ? v * c
          : op == "add" ? v + c
          : op == "max" ? std::max(v, c)
                        : std::min(v, c);
    if (std::fabs(y[i] - v) > 1e-5 + 1e-5 * std::fabs(v)) {
      std::printf("chain: y[%lld] = %.9g, reference %.9g\n",
                  static_cast<long long>(i), y[i], v);
      return 1;
    }
  }
  std::vector<double> kernelMs, copyMs;
  absl::StatusOr<CUdeviceptr> src = device.allocate(n * 4),
                              dst = device.allocate(n * 4);
  if (!src.ok() || !dst.ok()) {
    std::printf("chain: no memory for the copy benchmark\n");
    return 1;
  }
  absl::StatusOr<std::unique_ptr<GpuTimer>> timer = GpuTimer::create(device);
  if (!timer.ok())
    return 1;
  if (!(*ex)->timeKernels(3).ok()) // warm-up
    return 1;
  for (int rep = 0; rep < 20; ++rep) { // interleaved
    absl::StatusOr<float> k = (*ex)->timeKernels(1);
    if (!(*timer)->start().ok())
      return 1;
    device.driver().memcpyDtoDAsync(*dst, *src, n * 4, device.stream());
    absl::StatusOr<float> c = (*timer)->stopMs();
    if (!k.ok() || !c.ok()) {
      std::printf("chain: timing failed\n");
      return 1;
    }
    kernelMs.push_back(*k);
    copyMs.push_back(*c);
  }
  double bytes = 2.0 * n * 4; // read + write
  double k = median(kernelMs), c = median(copyMs);
  std::printf("chain: %lld floats, %zu launch(es): kernel median %.3f ms "
              "(%.1f GB/s), device copy median %.3f ms (%.1f GB/s): %.1f%% "
              "of copy bandwidth\n",
              static_cast<long long>(n), plan.launches.size(), k,
              bytes / k / 1e6, c, bytes / c / 1e6, 100.0 * c / k);
  device.release(*src);
  device.release(*dst);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: tfmlir-gpu-check DATA_DIR [--only CASE]\n");
    return 1;
  }
  std::string data = argv[1], only;
  if (argc == 4 && std::string(argv[2]) == "--only")
    only = argv[3];
  absl::StatusOr<std::unique_ptr<GpuDevice>> device = GpuDevice::open(0);
  if (!device.ok()) {
    std::printf("no GPU: %s\n", std::string(device.status().message()).c_str());
    return 2;
  }
  std::printf("device: %s (sm_%d)\n", (*device)->name().c_str(),
              (*device)->computeCapability());
  int pass = 0, fail = 0;
  for (const std::string &name : listDir(data + "/cases")) {
    std::string caseName = name;
    if (!only.empty() && caseName != only)
      continue;
    std::string why = runCase(**device, data + "/cases/" + name);
    if (why.empty()) {
      ++pass;
    } else {
      ++fail;
      std::printf("MISMATCH %s: %s\n", name.c_str(), why.c_str());
    }
  }
  std::printf("cases: %d match TF, %d do not\n", pass, fail);
  int chain = only.empty() ? runChain(**device, data + "/chain") : 0;
  return fail || chain ? 1 : 0;
}
