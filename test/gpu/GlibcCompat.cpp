//===- GlibcCompat.cpp - keep tfmlir-gpu-check loadable on glibc 2.35 -----===//
//
// The statically linked libstdc++ (std::random_device) references
// arc4random, which glibc added in 2.36; this build machine has 2.36, the
// GPU machine may have 2.35 (Ubuntu 22.04). Defining it here binds those
// references to this definition (getrandom(2), glibc 2.25) instead of a
// GLIBC_2.36 symbol. Only linked into the gpu-check runner.
//===----------------------------------------------------------------------===//
#include <cstdint>
#include <cstdlib>
#include <sys/random.h>

extern "C" uint32_t arc4random(void) {
  uint32_t v = 0;
  while (getrandom(&v, sizeof(v), 0) != static_cast<ssize_t>(sizeof(v))) {
  }
  return v;
}
