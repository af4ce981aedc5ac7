//===- FuzzSelfTest.cpp - libFuzzer target that checks the fuzz harness ---===//
//
// Input: any bytes. An input that starts with "tfmlir-fuzz-selftest-crash"
// reads one byte past a heap allocation (an ASan heap-buffer-overflow);
// every other input does nothing. scripts/fuzz.sh gives this target exactly
// that input as its only seed, and test/fuzz/check-crash-report.sh (ctest
// fuzz-reports-crash) checks that the run fails and that its output names
// the saved crash input: the path CI relies on when a real target crashes.
// Not a target of the code under test; built with the fuzzers
// (TFMLIR_BUILD_FUZZERS).
//===----------------------------------------------------------------------===//
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const char kMagic[] = "tfmlir-fuzz-selftest-crash";
  constexpr size_t n = sizeof(kMagic) - 1;
  if (size < n || std::memcmp(data, kMagic, n) != 0)
    return 0;
  auto buf = std::make_unique<volatile uint8_t[]>(size);
  for (size_t i = 0; i < size; ++i)
    buf[i] = data[i];
  return buf[size] == 0x42 ? 1 : 0; // one past the end
}
