//===- FloatMicrokernelsGeneric.cpp - the generic float microkernels
//----------===//
//
// FloatMicrokernels.inc compiled for generic (flags in
// runtime/lite/CMakeLists.txt); igemm tiles of 2 rows x 16 channels.
//
//===----------------------------------------------------------------------===//
#define TFMLIR_UK_MR 2
#define TFMLIR_UK_FMA 0
#define TFMLIR_UK_ISA Isa::kGeneric
#define TFMLIR_UK_NAME "generic"
#define TFMLIR_UK_GETTER genericMicrokernels
#include "runtime/lite/kernels/optimized/FloatMicrokernels.inc"
