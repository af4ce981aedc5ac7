//===- Crc32c.cpp - CRC-32C (Castagnoli) checksums
//-------------------------===//
#include "lib/Support/Crc32c.h"

#include <array>

namespace tfmlir::crc32c {

namespace {
/// Slicing-by-4 tables for the reflected Castagnoli polynomial.
struct Tables {
  std::array<std::array<uint32_t, 256>, 4> t;
  Tables() {
    for (uint32_t i = 0; i < 256; ++i) {
      uint32_t c = i;
      for (int k = 0; k < 8; ++k)
        c = (c & 1) ? (c >> 1) ^ 0x82F63B78u : c >> 1;
      t[0][i] = c;
    }
    for (uint32_t i = 0; i < 256; ++i)
      for (int s = 1; s < 4; ++s)
        t[s][i] = (t[s - 1][i] >> 8) ^ t[0][t[s - 1][i] & 0xff];
  }
};
const Tables &tables() {
  static const Tables tables;
  return tables;
}
} // namespace

uint32_t extend(uint32_t init, const void *data, size_t n) {
  const auto &t = tables().t;
  const auto *p = static_cast<const unsigned char *>(data);
  uint32_t c = ~init;
  while (n >= 4) {
    c ^= uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 |
         uint32_t(p[3]) << 24;
    c = t[3][c & 0xff] ^ t[2][(c >> 8) & 0xff] ^ t[1][(c >> 16) & 0xff] ^
        t[0][c >> 24];
    p += 4;
    n -= 4;
  }
  while (n--)
    c = t[0][(c ^ *p++) & 0xff] ^ (c >> 8);
  return ~c;
}

} // namespace tfmlir::crc32c
