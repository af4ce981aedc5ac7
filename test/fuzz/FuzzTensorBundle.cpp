//===- FuzzTensorBundle.cpp - libFuzzer target: SavedModel tensor bundles -===//
//
// Input: a 4-byte little-endian length N, then N bytes of a bundle's .index
// file, then the bytes of its single data shard (scripts/fuzz.sh builds the
// seeds this way from the corpus's SavedModel variables/). The two files
// are written to a private temporary folder, opened with
// TensorBundleReader::open and every tensor is read (checksums, byte ranges,
// sizes). Any status is fine; a crash, a sanitizer report, a leak or a hang
// is a bug. Built by `ninja tfmlir-fuzzers` (TFMLIR_BUILD_FUZZERS).
//===----------------------------------------------------------------------===//
#include "lib/Translate/TensorBundle.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <unistd.h>

namespace {
const std::string &prefix() {
  static const std::string p = [] {
    const char *tmp = std::getenv("TMPDIR");
    std::string tmpl =
        std::string(tmp ? tmp : "/tmp") + "/tfmlir-fuzz-bundle-XXXXXX";
    if (!mkdtemp(tmpl.data()))
      std::abort();
    return tmpl + "/variables";
  }();
  return p;
}

void writeFile(const std::string &path, const uint8_t *data, size_t size) {
  FILE *f = std::fopen(path.c_str(), "wb");
  if (!f)
    std::abort();
  if (size)
    std::fwrite(data, 1, size, f);
  std::fclose(f);
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 4)
    return 0;
  uint32_t n;
  std::memcpy(&n, data, 4);
  size_t indexSize = std::min<size_t>(n, size - 4);
  writeFile(prefix() + ".index", data + 4, indexSize);
  writeFile(prefix() + ".data-00000-of-00001", data + 4 + indexSize,
            size - 4 - indexSize);
  auto reader = tfmlir::TensorBundleReader::open(prefix());
  if (!reader.ok())
    return 0;
  for (const std::string &key : reader->keys())
    (void)reader->read(key);
  return 0;
}
