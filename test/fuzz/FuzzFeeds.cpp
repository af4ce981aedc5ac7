//===- FuzzFeeds.cpp - libFuzzer target: tf-run's CSV and .npy feeds ------===//
//
// Input: byte 0 selects the format (bit 0: .npy, else CSV) and, for CSV,
// whether a shape is given (bit 1: dims = {byte 2, byte 3}, else 1-D);
// byte 1 selects the dtype (one of the 13 that tf-run feeds); the rest is
// the file's bytes. Calls parseNpyFeed / parseCsvFeed (runtime/session/
// FeedReader.h), the code tf-run's --input uses. Any status is fine; a
// crash, a sanitizer report, a leak or a hang is a bug. Built only by
// `ninja tfmlir-fuzzers` (TFMLIR_BUILD_FUZZERS).
//===----------------------------------------------------------------------===//
#include "runtime/session/FeedReader.h"

#include <cstdint>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using namespace tfmlir::session;
  if (size < 4)
    return 0;
  static const DataType kTypes[] = {
      DT_FLOAT, DT_DOUBLE, DT_HALF,  DT_BFLOAT16, DT_BOOL,   DT_INT8,  DT_INT16,
      DT_INT32, DT_INT64,  DT_UINT8, DT_UINT16,   DT_UINT32, DT_UINT64};
  uint8_t mode = data[0];
  DataType dtype = kTypes[data[1] % (sizeof(kTypes) / sizeof(kTypes[0]))];
  if (mode & 1) {
    std::vector<uint8_t> bytes(data + 4, data + size);
    (void)parseNpyFeed(bytes, "fuzz.npy");
    return 0;
  }
  std::optional<std::vector<int64_t>> dims;
  if (mode & 2)
    dims = std::vector<int64_t>{data[2], data[3]};
  std::string text(reinterpret_cast<const char *>(data + 4), size - 4);
  (void)parseCsvFeed(std::move(text), "fuzz.csv", dtype, dims, "fuzz:0");
  return 0;
}
