//===- GpuBenchRunner.cpp - tfmlir-gpu-bench: the bench half of gpu-check -===//
//
// usage: tfmlir-gpu-bench DATA OUTDIR [RUNS]
//
// Runs the bench models that test/gpu/gpu_bench_prepare.py compiled with
// tf-compile --target=cuda (linked in: bench_models.inc) on the first GPU:
// for each model, fills its inputs (DATA/<model>/x.npy, the batch-1 image
// repeated for convnet_b64; the GEMMs' generated values, see the prepare
// script), runs it once and writes result 0's bytes to OUTDIR/<model>.bin
// (for test/gpu/gpu_bench_peers.py to compare with PyTorch and JAX), then
// times RUNS (default 20) calls of Run() (wall: host->device copies,
// kernels, device->host copies) and RUNS launches of the kernels alone
// (CUDA events, TimeKernels). Prints one line per model:
//   bench <model> run_ms <median> kernel_ms <per run> [error <message>]
// Exit status: 0 when every model ran, 1 when one failed, 2 when there is
// no GPU (no driver or no device: nothing ran).
// Needs only glibc, libcuda.so.1 (dlopen'ed) and a GPU.
//===----------------------------------------------------------------------===//
#include "runtime/gpu/CompiledGpuFunction.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct BenchModel {
  const char *name;
  const char *kind; // convnet, mlp, gemm
  int batch;
  int64_t flops;
  std::function<std::unique_ptr<tfmlir::gpu::CompiledGpuFunction>()> make;
};

#include "bench_models.inc"

/// The float32 data of a C-order little-endian .npy file; empty on error.
std::vector<float> readNpyF32(const std::string &path) {
  std::ifstream f(path, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(f)),
                    std::istreambuf_iterator<char>());
  if (bytes.size() < 10 || bytes.compare(0, 6, "\x93NUMPY") != 0)
    return {};
  size_t headerLen = static_cast<unsigned char>(bytes[8]) |
                     (static_cast<unsigned char>(bytes[9]) << 8);
  size_t start = 10;
  if (bytes[6] >= 2) { // version 2: a 4-byte header length
    headerLen = 0;
    for (int i = 0; i < 4; ++i)
      headerLen |= static_cast<size_t>(static_cast<unsigned char>(bytes[8 + i]))
                   << (8 * i);
    start = 12;
  }
  std::string header = bytes.substr(start, headerLen);
  if (header.find("<f4") == std::string::npos ||
      header.find("'fortran_order': False") == std::string::npos)
    return {};
  size_t off = start + headerLen;
  std::vector<float> out((bytes.size() - off) / 4);
  std::memcpy(out.data(), bytes.data() + off, out.size() * 4);
  return out;
}

/// The GEMMs' inputs (gpu_bench_prepare.py): ((i + salt) * 2654435761 mod
/// 1000) / 1000 - 0.5.
float gemmValue(uint64_t i, uint64_t salt) {
  return static_cast<float>(((i + salt) * 2654435761ull) % 1000ull) / 1000.0f -
         0.5f;
}

/// float -> bfloat16 bits, round to nearest even (as torch's .bfloat16()).
uint16_t toBf16(float x) {
  uint32_t b;
  std::memcpy(&b, &x, 4);
  uint32_t bias = 0x7FFF + ((b >> 16) & 1);
  return static_cast<uint16_t>((b + bias) >> 16);
}

bool fillInputs(const BenchModel &m, tfmlir::gpu::CompiledGpuFunction &f,
                const std::string &data, std::string &err) {
  std::string kind = m.kind;
  if (kind == "gemm") {
    for (int a = 0; a < 2; ++a) {
      const auto &info = f.arg_info(a);
      uint64_t salt = a == 0 ? 0 : 7;
      if (info.elementBytes == 4) {
        float *p = static_cast<float *>(f.arg_data(a));
        for (int64_t i = 0; i < info.numElements; ++i)
          p[i] = gemmValue(i, salt);
      } else {
        uint16_t *p = static_cast<uint16_t *>(f.arg_data(a));
        for (int64_t i = 0; i < info.numElements; ++i)
          p[i] = toBf16(gemmValue(i, salt));
      }
    }
    return true;
  }
  std::string name = m.name;
  std::string dir = data + "/" + name;
  std::ifstream same(dir + "/same_as");
  std::string other;
  if (same >> other)
    dir = data + "/" + other;
  std::vector<float> x = readNpyF32(dir + "/x.npy");
  int64_t want = f.arg_info(0).numElements;
  if (x.empty() || want % static_cast<int64_t>(x.size()) != 0) {
    err = "cannot read " + dir + "/x.npy (float32, a divisor of " +
          std::to_string(want) + " elements)";
    return false;
  }
  float *p = static_cast<float *>(f.arg_data(0));
  for (int64_t i = 0; i < want; i += static_cast<int64_t>(x.size()))
    std::memcpy(p + i, x.data(), x.size() * sizeof(float));
  return true;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: tfmlir-gpu-bench DATA OUTDIR [RUNS]\n");
    return 1;
  }
  std::string data = argv[1], outDir = argv[2];
  int runs = argc > 3 ? std::max(1, std::atoi(argv[3])) : 20;
  std::error_code ec;
  std::filesystem::create_directories(outDir, ec);
  if (ec) {
    std::fprintf(stderr, "tfmlir-gpu-bench: cannot create %s: %s\n",
                 outDir.c_str(), ec.message().c_str());
    return 1;
  }
  int failed = 0, ran = 0;
  for (const BenchModel &m : kModels) {
    std::unique_ptr<tfmlir::gpu::CompiledGpuFunction> f = m.make();
    std::string err;
    if (!fillInputs(m, *f, data, err)) {
      std::printf("bench %s error %s\n", m.name, err.c_str());
      ++failed;
      continue;
    }
    if (!f->Run()) {
      const std::string &e = f->error_msg();
      std::printf("bench %s error %s\n", m.name, e.c_str());
      std::fflush(stdout);
      if (ran == 0 && (e.find("FAILED_PRECONDITION") != std::string::npos ||
                       e.find("UNAVAILABLE") != std::string::npos))
        return 2; // no driver or no GPU: nothing can run
      ++failed;
      continue;
    }
    ++ran;
    {
      std::ofstream o(outDir + "/" + m.name + ".bin", std::ios::binary);
      o.write(static_cast<const char *>(f->result_data(0)), f->result_size(0));
      if (!o) {
        std::printf("bench %s error cannot write %s/%s.bin\n", m.name,
                    outDir.c_str(), m.name);
        ++failed;
        continue;
      }
    }
    std::vector<double> wall;
    bool ok = true;
    for (int r = 0; r < runs && ok; ++r) {
      auto t0 = std::chrono::steady_clock::now();
      ok = f->Run();
      wall.push_back(std::chrono::duration<double, std::milli>(
                         std::chrono::steady_clock::now() - t0)
                         .count());
    }
    float kernelMs = 0;
    if (ok)
      ok = f->TimeKernels(runs, &kernelMs);
    if (!ok) {
      std::printf("bench %s error %s\n", m.name, f->error_msg().c_str());
      ++failed;
      continue;
    }
    std::printf("bench %s run_ms %.4f kernel_ms %.4f device %s\n", m.name,
                median(wall), kernelMs / runs, f->device_name().c_str());
    std::fflush(stdout);
  }
  return failed ? 1 : 0;
}
