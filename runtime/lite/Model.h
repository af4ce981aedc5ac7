//===- Model.h - Loaded .tflite models --------------------------*- C++ -*-===//
//
// FlatBufferModel maps a .tflite file (TFLite schema v3, identifier "TFL3"),
// runs the FlatBuffers verifier plus our own index and size checks, and
// converts it into the schema-independent ModelDef that the interpreter
// executes. Constant tensor data is not copied: it points into the mapping.
//
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_LITE_MODEL_H
#define TFMLIR_RUNTIME_LITE_MODEL_H

#include "runtime/lite/Tensor.h"

#include "absl/status/status.h"
#include "absl/status/statusor.h"

#include <deque>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace tfmlir::lite {

/// Fused activation function, values as TFLite's `ActivationFunctionType`.
enum class Activation : int8_t {
  kNone = 0,
  kRelu = 1,
  kReluN1To1 = 2,
  kRelu6 = 3,
  kTanh = 4,
  kSignBit = 5,
};

/// Convolution / pooling padding, values as TFLite's `Padding`.
enum class Padding : int8_t { kSame = 0, kValid = 1 };

/// The builtin options of one operator, flattened: each op reads the fields
/// its TFLite options table defines (names follow the schema). Fields an op
/// does not have keep their defaults.
struct OpOptions {
  Activation activation = Activation::kNone;
  Padding padding = Padding::kSame;
  int32_t strideW = 1, strideH = 1;
  int32_t dilationW = 1, dilationH = 1;
  int32_t filterW = 1, filterH = 1;
  int32_t depthMultiplier = 0;
  int32_t axis = 0;
  int32_t batchDims = 0;
  bool keepDims = false;
  bool keepNumDims = false;
  bool alignCorners = false;
  bool halfPixelCenters = false;
  int32_t blockSize = 0;
  int32_t beginMask = 0, endMask = 0, ellipsisMask = 0, newAxisMask = 0,
          shrinkAxisMask = 0;
  bool offset = false;      ///< StridedSliceOptions.offset
  float alpha = 0.f;        ///< LeakyReluOptions.alpha
  float beta = 1.f;         ///< SoftmaxOptions.beta
  bool approximate = false; ///< GeluOptions.approximate
  bool adjX = false, adjY = false;
  /// FullyConnected/BatchMatMulOptions.asymmetric_quantize_inputs (hybrid
  /// kernels quantize float inputs with a zero point instead of
  /// symmetrically).
  bool asymmetricQuantizeInputs = false;
  int32_t numSplits = 0;
  int32_t valuesCount = 0;                   ///< Pack/Unpack
  int32_t mirrorMode = 0;                    ///< 0 REFLECT, 1 SYMMETRIC
  TensorType outType = TensorType::kFloat32; ///< ArgMax/ArgMin/Cast out type
  bool hasNewShape = false;
  std::vector<int32_t> newShape;    ///< ReshapeOptions.new_shape
  std::vector<int32_t> squeezeDims; ///< SqueezeOptions.squeeze_dims
  int32_t thenSubgraph = -1, elseSubgraph = -1;
  int32_t condSubgraph = -1, bodySubgraph = -1;
  int32_t initSubgraph = -1;
  int32_t callSubgraph = -1;
  bool exclusive = false, reverse = false; ///< CumsumOptions
  std::string container, sharedName;       ///< VarHandleOptions
  int32_t rank = 0;                        ///< SVDFOptions.rank
  bool timeMajor = false;     ///< SequenceRNN / UnidirectionalSequenceLSTM
  float cellClip = 0.f;       ///< LSTM cell_clip (0: no clipping)
  float projClip = 0.f;       ///< LSTM proj_clip (0: no clipping)
  int32_t lstmKernelType = 0; ///< LSTMOptions.kernel_type (0 FULL, 1 BASIC)
  // Options of the builtins added for issue 12 section 3.
  int32_t strideD = 1, dilationD = 1; ///< Conv3DOptions (CONV_3D[_TRANSPOSE])
  int32_t seqDim = 0, batchDim = 0;   ///< ReverseSequenceOptions
  int64_t seed = 0, seed2 = 0;        ///< RandomOptions
  TensorType idxOutType = TensorType::kInt32; ///< UniqueOptions.idx_out_type
  /// LocalResponseNormalizationOptions (alpha and beta are the fields above).
  int32_t radius = 0;
  float bias = 0.f;
};

/// One operator: its opcode (builtin code or custom name plus version) and
/// tensor indices into the owning subgraph (-1 marks an omitted optional
/// input).
struct OperatorDef {
  int32_t builtinCode = 0;
  std::string customName; ///< set when builtinCode == CUSTOM
  int32_t version = 1;
  std::vector<int32_t> inputs, outputs, intermediates;
  OpOptions options;
  std::vector<uint8_t> customOptions;
};

/// A tensor as the model declares it. `data` points to `dataSize` constant
/// bytes (nullptr when the tensor is not constant).
struct TensorDef {
  std::string name;
  TensorType type = TensorType::kFloat32;
  std::vector<int32_t> shape, shapeSignature;
  const uint8_t *data = nullptr;
  size_t dataSize = 0;
  bool isVariable = false;
  QuantParams quant;
  std::optional<SparsityParams> sparsity;
};

struct SubgraphDef {
  std::string name;
  std::vector<TensorDef> tensors;
  std::vector<int32_t> inputs, outputs;
  std::vector<OperatorDef> ops;
};

/// A signature: named inputs and outputs bound to tensors of one subgraph.
struct SignatureDefIR {
  std::string key;
  int32_t subgraphIndex = 0;
  std::vector<std::pair<std::string, int32_t>> inputs, outputs;
};

/// The whole model, independent of the FlatBuffers schema.
struct ModelDef {
  uint32_t version = 3;
  std::string description;
  std::vector<SubgraphDef> subgraphs;
  std::vector<SignatureDefIR> signatures;
};

/// A verified .tflite model. The object owns the file mapping (or a copy of
/// the caller's buffer) that constant tensors of `def()` point into, so it
/// must outlive every Interpreter built from it.
class FlatBufferModel {
public:
  /// Reads `path` into a private aligned copy (not mmap: a mapped file
  /// truncated by another process would raise SIGBUS) and verifies it.
  /// Errors: NotFound / FailedPrecondition when the file cannot be opened
  /// or read, or is not a regular file; InvalidArgument when it shrinks
  /// while being read or is 2 GiB or more,
  /// InvalidArgument (naming the file and the subgraph/tensor/op index) when
  /// it is not a valid TFLite v3 model.
  static absl::StatusOr<std::unique_ptr<FlatBufferModel>>
  buildFromFile(const std::string &path);

  /// Copies `size` bytes and verifies them like buildFromFile; `name` is
  /// used in error messages.
  static absl::StatusOr<std::unique_ptr<FlatBufferModel>>
  buildFromBuffer(const void *data, size_t size,
                  const std::string &name = "<buffer>");

  ~FlatBufferModel();
  FlatBufferModel(const FlatBufferModel &) = delete;
  FlatBufferModel &operator=(const FlatBufferModel &) = delete;

  const ModelDef &def() const { return def_; }
  const std::string &name() const { return name_; }
  size_t size() const { return size_; }

private:
  FlatBufferModel() = default;
  absl::Status parse();

  std::string name_;
  const uint8_t *bytes_ = nullptr;
  size_t size_ = 0;
  std::vector<uint8_t> copy_;
  ModelDef def_;
};

/// A float32 twin of a quantized model, for int8-vs-float benchmarks and
/// accuracy comparisons: every quantized int8/uint8/int16/int32/int64
/// tensor becomes float32 without quantization, and its constant data is
/// dequantized (scale * (q - zero_point), per tensor or per axis) into
/// buffers appended to `storage` (which must outlive the result). The graph
/// and op versions are unchanged. Errors: Unimplemented for models with
/// QUANTIZE / DEQUANTIZE ops or sparse quantized constants,
/// InvalidArgument for a constant whose size does not match its shape.
absl::StatusOr<ModelDef>
floatCopyOfQuantizedModel(const ModelDef &in,
                          std::deque<std::vector<uint8_t>> &storage);

/// Parses already verified-size bytes into `out`; shared by the two
/// builders. Exposed for the loader fuzz test.
absl::Status parseTfliteModel(const uint8_t *bytes, size_t size,
                              const std::string &name, ModelDef &out);

} // namespace tfmlir::lite

#endif // TFMLIR_RUNTIME_LITE_MODEL_H
