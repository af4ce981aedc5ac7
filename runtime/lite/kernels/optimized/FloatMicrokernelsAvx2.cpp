//===- FloatMicrokernelsAvx2.cpp - the avx2 float microkernels ----------===//
//
// FloatMicrokernels.inc compiled for avx2 (flags in
// runtime/lite/CMakeLists.txt); igemm tiles of 4 rows x 16 channels.
//
//===----------------------------------------------------------------------===//
#define TFMLIR_UK_MR 4
#define TFMLIR_UK_FMA 1
#define TFMLIR_UK_ISA Isa::kAvx2
#define TFMLIR_UK_NAME "avx2"
#define TFMLIR_UK_GETTER avx2Microkernels
#include "runtime/lite/kernels/optimized/FloatMicrokernels.inc"
