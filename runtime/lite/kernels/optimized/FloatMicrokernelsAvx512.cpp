//===- FloatMicrokernelsAvx512.cpp - the avx512 float microkernels
//----------===//
//
// FloatMicrokernels.inc compiled for avx512 (flags in
// runtime/lite/CMakeLists.txt); igemm tiles of 8 rows x 16 channels.
//
//===----------------------------------------------------------------------===//
#define TFMLIR_UK_MR 8
#define TFMLIR_UK_FMA 1
#define TFMLIR_UK_ISA Isa::kAvx512
#define TFMLIR_UK_NAME "avx512"
#define TFMLIR_UK_GETTER avx512Microkernels
#include "runtime/lite/kernels/optimized/FloatMicrokernels.inc"
