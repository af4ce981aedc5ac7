//===- CudaTestUtil.h - which CUDA driver a GPU test runs against ---------===//
//
// The GPU tests run three ways (see test/unit/FakeCuda.cpp): without a
// driver, against the fake driver (ctest's *-fake-driver entries set
// TFMLIR_FAKE_CUDA and put the fakes first on LD_LIBRARY_PATH), or on a
// real GPU. These say which.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_TEST_UNIT_CUDATESTUTIL_H
#define TFMLIR_TEST_UNIT_CUDATESTUTIL_H

#include <dlfcn.h>

#include <cstdlib>

namespace tfmlir::test {

/// True when ctest runs the test against the fake libcuda.so.1.
inline bool fakeDriver() { return std::getenv("TFMLIR_FAKE_CUDA") != nullptr; }

/// Whether a libcuda.so.1 loads (the real driver or the fake).
inline bool haveDriver() {
  void *h = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (h)
    dlclose(h);
  return h != nullptr;
}

} // namespace tfmlir::test

#endif
