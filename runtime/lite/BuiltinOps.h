//===- BuiltinOps.h - TFLite builtin operator codes -------------*- C++ -*-===//
//
// The builtin operator codes of TFLite's schema (`BuiltinOperator`); the
// numeric values are the schema's, so a FlatBuffer value converts by a cast.
//
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_LITE_BUILTINOPS_H
#define TFMLIR_RUNTIME_LITE_BUILTINOPS_H

#include <cstdint>
#include <string>

namespace tfmlir::lite {

// An X-macro list that clang-format cannot lay out stably.
// clang-format off
#define TFMLIR_LITE_BUILTIN_OPS(X)                                             \
  X(ADD, 0) X(AVERAGE_POOL_2D, 1) X(CONCATENATION, 2) X(CONV_2D, 3)            \
  X(DEPTHWISE_CONV_2D, 4) X(DEPTH_TO_SPACE, 5) X(DEQUANTIZE, 6)                \
  X(EMBEDDING_LOOKUP, 7) X(FLOOR, 8) X(FULLY_CONNECTED, 9)                     \
  X(HASHTABLE_LOOKUP, 10) X(L2_NORMALIZATION, 11) X(L2_POOL_2D, 12)            \
  X(LOCAL_RESPONSE_NORMALIZATION, 13) X(LOGISTIC, 14) X(LSH_PROJECTION, 15)    \
  X(LSTM, 16) X(MAX_POOL_2D, 17) X(MUL, 18) X(RELU, 19) X(RELU_N1_TO_1, 20)    \
  X(RELU6, 21) X(RESHAPE, 22) X(RESIZE_BILINEAR, 23) X(RNN, 24)                \
  X(SOFTMAX, 25) X(SPACE_TO_DEPTH, 26) X(SVDF, 27) X(TANH, 28)                 \
  X(CONCAT_EMBEDDINGS, 29) X(SKIP_GRAM, 30) X(CALL, 31) X(CUSTOM, 32)          \
  X(EMBEDDING_LOOKUP_SPARSE, 33) X(PAD, 34)                                    \
  X(UNIDIRECTIONAL_SEQUENCE_RNN, 35) X(GATHER, 36) X(BATCH_TO_SPACE_ND, 37)    \
  X(SPACE_TO_BATCH_ND, 38) X(TRANSPOSE, 39) X(MEAN, 40) X(SUB, 41)             \
  X(DIV, 42) X(SQUEEZE, 43) X(UNIDIRECTIONAL_SEQUENCE_LSTM, 44)                \
  X(STRIDED_SLICE, 45) X(BIDIRECTIONAL_SEQUENCE_RNN, 46) X(EXP, 47)            \
  X(TOPK_V2, 48) X(SPLIT, 49) X(LOG_SOFTMAX, 50) X(DELEGATE, 51)               \
  X(BIDIRECTIONAL_SEQUENCE_LSTM, 52) X(CAST, 53) X(PRELU, 54)                  \
  X(MAXIMUM, 55) X(ARG_MAX, 56) X(MINIMUM, 57) X(LESS, 58) X(NEG, 59)          \
  X(PADV2, 60) X(GREATER, 61) X(GREATER_EQUAL, 62) X(LESS_EQUAL, 63)           \
  X(SELECT, 64) X(SLICE, 65) X(SIN, 66) X(TRANSPOSE_CONV, 67)                  \
  X(SPARSE_TO_DENSE, 68) X(TILE, 69) X(EXPAND_DIMS, 70) X(EQUAL, 71)           \
  X(NOT_EQUAL, 72) X(LOG, 73) X(SUM, 74) X(SQRT, 75) X(RSQRT, 76)              \
  X(SHAPE, 77) X(POW, 78) X(ARG_MIN, 79) X(FAKE_QUANT, 80)                     \
  X(REDUCE_PROD, 81) X(REDUCE_MAX, 82) X(PACK, 83) X(LOGICAL_OR, 84)           \
  X(ONE_HOT, 85) X(LOGICAL_AND, 86) X(LOGICAL_NOT, 87) X(UNPACK, 88)           \
  X(REDUCE_MIN, 89) X(FLOOR_DIV, 90) X(REDUCE_ANY, 91) X(SQUARE, 92)           \
  X(ZEROS_LIKE, 93) X(FILL, 94) X(FLOOR_MOD, 95) X(RANGE, 96)                  \
  X(RESIZE_NEAREST_NEIGHBOR, 97) X(LEAKY_RELU, 98)                             \
  X(SQUARED_DIFFERENCE, 99) X(MIRROR_PAD, 100) X(ABS, 101) X(SPLIT_V, 102)     \
  X(UNIQUE, 103) X(CEIL, 104) X(REVERSE_V2, 105) X(ADD_N, 106)                 \
  X(GATHER_ND, 107) X(COS, 108) X(WHERE, 109) X(RANK, 110) X(ELU, 111)         \
  X(REVERSE_SEQUENCE, 112) X(MATRIX_DIAG, 113) X(QUANTIZE, 114)                \
  X(MATRIX_SET_DIAG, 115) X(ROUND, 116) X(HARD_SWISH, 117) X(IF, 118)          \
  X(WHILE, 119) X(NON_MAX_SUPPRESSION_V4, 120)                                 \
  X(NON_MAX_SUPPRESSION_V5, 121) X(SCATTER_ND, 122) X(SELECT_V2, 123)          \
  X(DENSIFY, 124) X(SEGMENT_SUM, 125) X(BATCH_MATMUL, 126)                     \
  X(PLACEHOLDER_FOR_GREATER_OP_CODES, 127) X(CUMSUM, 128) X(CALL_ONCE, 129)    \
  X(BROADCAST_TO, 130) X(RFFT2D, 131) X(CONV_3D, 132) X(IMAG, 133)            \
  X(REAL, 134) X(COMPLEX_ABS, 135) X(HASHTABLE, 136) X(HASHTABLE_FIND, 137)    \
  X(HASHTABLE_IMPORT, 138) X(HASHTABLE_SIZE, 139) X(REDUCE_ALL, 140)           \
  X(CONV_3D_TRANSPOSE, 141) X(VAR_HANDLE, 142) X(READ_VARIABLE, 143)           \
  X(ASSIGN_VARIABLE, 144) X(BROADCAST_ARGS, 145)                               \
  X(RANDOM_STANDARD_NORMAL, 146) X(BUCKETIZE, 147) X(RANDOM_UNIFORM, 148)      \
  X(MULTINOMIAL, 149) X(GELU, 150) X(DYNAMIC_UPDATE_SLICE, 151)                \
  X(RELU_0_TO_1, 152) X(UNSORTED_SEGMENT_PROD, 153)                            \
  X(UNSORTED_SEGMENT_MAX, 154) X(UNSORTED_SEGMENT_SUM, 155) X(ATAN2, 156)      \
  X(UNSORTED_SEGMENT_MIN, 157) X(SIGN, 158) X(BITCAST, 159)                    \
  X(BITWISE_XOR, 160) X(RIGHT_SHIFT, 161) X(STABLEHLO_COMPOSITE, 206)
// clang-format on

/// TFLite builtin operator codes.
enum BuiltinOp : int32_t {
#define TFMLIR_X(NAME, VALUE) kOp_##NAME = VALUE,
  TFMLIR_LITE_BUILTIN_OPS(TFMLIR_X)
#undef TFMLIR_X
};

/// The schema name of a builtin code ("CONV_2D"), or "BUILTIN_<n>" for
/// codes this table does not name.
std::string builtinOpName(int32_t code);

} // namespace tfmlir::lite

#endif // TFMLIR_RUNTIME_LITE_BUILTINOPS_H
