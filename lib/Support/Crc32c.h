//===- Crc32c.h - CRC-32C (Castagnoli) checksums ---------------*- C++ -*-===//
//
// The checksum of TF's tensor bundles and of LevelDB-style tables (TF's
// lib/io/table and the SavedModel variables index): CRC-32C with the
// Castagnoli polynomial 0x1EDC6F41 (reflected 0x82F63B78), plus the "mask"
// that LevelDB and TF apply to stored checksums (crc32c.h in both).
// No MLIR dependency. Debian 12's abseil (20220623) predates absl/crc, so the
// table-driven version is here.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_SUPPORT_CRC32C_H
#define TFMLIR_LIB_SUPPORT_CRC32C_H

#include <cstddef>
#include <cstdint>

namespace tfmlir::crc32c {

/// Returns the CRC-32C of `data[0, n)` appended to a byte string whose
/// CRC-32C is `init` (Extend(0, ...) is the checksum of the bytes alone;
/// Extend(Extend(0, a), b) == checksum of a followed by b).
uint32_t extend(uint32_t init, const void *data, size_t n);

/// CRC-32C of `data[0, n)`.
inline uint32_t value(const void *data, size_t n) { return extend(0, data, n); }

/// The masked form stored in files: rotate right by 15 bits and add
/// 0xa282ead8 (LevelDB's and TF's crc32c::Mask).
inline uint32_t mask(uint32_t crc) {
  return ((crc >> 15) | (crc << 17)) + 0xa282ead8u;
}

/// Inverse of mask().
inline uint32_t unmask(uint32_t masked) {
  uint32_t rot = masked - 0xa282ead8u;
  return (rot >> 17) | (rot << 15);
}

} // namespace tfmlir::crc32c

#endif
