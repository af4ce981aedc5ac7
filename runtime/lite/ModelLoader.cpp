//===- ModelLoader.cpp - .tflite -> ModelDef with verification ------------===//
//
// Every check here guards the interpreter against a corrupt or hostile
// file: the FlatBuffers verifier (offsets, table bounds, nesting) first,
// then our own: indices of buffers, opcodes, tensors and subgraphs in range,
// no negative dims, constant buffers whose size matches shape x dtype, and
// buffers stored by offset that lie inside the file.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/Model.h"

#include "lib/Translate/tflite/Schema.h"

#include "absl/strings/str_cat.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <limits>
#include <map>
#include <string_view>
#include <sys/stat.h>
#include <unistd.h>

namespace tfmlir::lite {

namespace {

static_assert(static_cast<int>(tflite::BuiltinOperator_CONV_2D) == kOp_CONV_2D);
static_assert(static_cast<int>(tflite::BuiltinOperator_DENSIFY) == kOp_DENSIFY);
static_assert(static_cast<int>(tflite::BuiltinOperator_GELU) == kOp_GELU);
static_assert(static_cast<int>(tflite::BuiltinOperator_SIGN) == kOp_SIGN);
static_assert(static_cast<int>(tflite::BuiltinOperator_RIGHT_SHIFT) ==
              kOp_RIGHT_SHIFT);
static_assert(static_cast<int>(tflite::TensorType_BFLOAT16) ==
              static_cast<int>(TensorType::kBFloat16));

template <typename V> std::vector<int32_t> toVec(const V *v) {
  std::vector<int32_t> r;
  if (v)
    r.assign(v->begin(), v->end());
  return r;
}

std::vector<int32_t> indexVector(const void *vec, tflite::SparseIndexVector t) {
  switch (t) {
  case tflite::SparseIndexVector_Int32Vector:
    return toVec(static_cast<const tflite::Int32Vector *>(vec)->values());
  case tflite::SparseIndexVector_Uint16Vector:
    return toVec(static_cast<const tflite::Uint16Vector *>(vec)->values());
  case tflite::SparseIndexVector_Uint8Vector:
    return toVec(static_cast<const tflite::Uint8Vector *>(vec)->values());
  default:
    return {};
  }
}

void parseOptions(const tflite::Operator *op, OpOptions &o) {
  using namespace tflite;
  if (auto *x = op->builtin_options_2_as_StableHLOCompositeOptions())
    o.callSubgraph = x->decomposition_subgraph_index();
  auto act = [&](ActivationFunctionType a) {
    o.activation = static_cast<Activation>(a);
  };
  // A union whose type is set but whose table is absent passes the
  // FlatBuffers verifier; TFLite's parsers then keep the options' defaults
  // (they read `if (auto *p = op->builtin_options_as_X())`), and so do we.
  if (!op->builtin_options())
    return;
  switch (op->builtin_options_type()) {
  case BuiltinOptions_Conv2DOptions: {
    auto *x = op->builtin_options_as_Conv2DOptions();
    o.padding = static_cast<Padding>(x->padding());
    o.strideW = x->stride_w(), o.strideH = x->stride_h();
    o.dilationW = x->dilation_w_factor(), o.dilationH = x->dilation_h_factor();
    act(x->fused_activation_function());
    break;
  }
  case BuiltinOptions_DepthwiseConv2DOptions: {
    auto *x = op->builtin_options_as_DepthwiseConv2DOptions();
    o.padding = static_cast<Padding>(x->padding());
    o.strideW = x->stride_w(), o.strideH = x->stride_h();
    o.dilationW = x->dilation_w_factor(), o.dilationH = x->dilation_h_factor();
    o.depthMultiplier = x->depth_multiplier();
    act(x->fused_activation_function());
    break;
  }
  case BuiltinOptions_TransposeConvOptions: {
    auto *x = op->builtin_options_as_TransposeConvOptions();
    o.padding = static_cast<Padding>(x->padding());
    o.strideW = x->stride_w(), o.strideH = x->stride_h();
    act(x->fused_activation_function());
    break;
  }
  case BuiltinOptions_Pool2DOptions: {
    auto *x = op->builtin_options_as_Pool2DOptions();
    o.padding = static_cast<Padding>(x->padding());
    o.strideW = x->stride_w(), o.strideH = x->stride_h();
    o.filterW = x->filter_width(), o.filterH = x->filter_height();
    act(x->fused_activation_function());
    break;
  }
  case BuiltinOptions_FullyConnectedOptions: {
    auto *x = op->builtin_options_as_FullyConnectedOptions();
    act(x->fused_activation_function());
    o.keepNumDims = x->keep_num_dims();
    o.asymmetricQuantizeInputs = x->asymmetric_quantize_inputs();
    break;
  }
  case BuiltinOptions_AddOptions:
    act(op->builtin_options_as_AddOptions()->fused_activation_function());
    break;
  case BuiltinOptions_SubOptions:
    act(op->builtin_options_as_SubOptions()->fused_activation_function());
    break;
  case BuiltinOptions_MulOptions:
    act(op->builtin_options_as_MulOptions()->fused_activation_function());
    break;
  case BuiltinOptions_DivOptions:
    act(op->builtin_options_as_DivOptions()->fused_activation_function());
    break;
  case BuiltinOptions_L2NormOptions:
    act(op->builtin_options_as_L2NormOptions()->fused_activation_function());
    break;
  case BuiltinOptions_ConcatenationOptions: {
    auto *x = op->builtin_options_as_ConcatenationOptions();
    o.axis = x->axis();
    act(x->fused_activation_function());
    break;
  }
  case BuiltinOptions_SoftmaxOptions:
    o.beta = op->builtin_options_as_SoftmaxOptions()->beta();
    break;
  case BuiltinOptions_ReshapeOptions:
    if (auto *v = op->builtin_options_as_ReshapeOptions()->new_shape()) {
      o.hasNewShape = true;
      o.newShape = toVec(v);
    }
    break;
  case BuiltinOptions_ResizeBilinearOptions: {
    auto *x = op->builtin_options_as_ResizeBilinearOptions();
    o.alignCorners = x->align_corners();
    o.halfPixelCenters = x->half_pixel_centers();
    break;
  }
  case BuiltinOptions_ResizeNearestNeighborOptions: {
    auto *x = op->builtin_options_as_ResizeNearestNeighborOptions();
    o.alignCorners = x->align_corners();
    o.halfPixelCenters = x->half_pixel_centers();
    break;
  }
  case BuiltinOptions_DepthToSpaceOptions:
    o.blockSize = op->builtin_options_as_DepthToSpaceOptions()->block_size();
    break;
  case BuiltinOptions_SpaceToDepthOptions:
    o.blockSize = op->builtin_options_as_SpaceToDepthOptions()->block_size();
    break;
  case BuiltinOptions_StridedSliceOptions: {
    auto *x = op->builtin_options_as_StridedSliceOptions();
    o.beginMask = x->begin_mask(), o.endMask = x->end_mask();
    o.ellipsisMask = x->ellipsis_mask(), o.newAxisMask = x->new_axis_mask();
    o.shrinkAxisMask = x->shrink_axis_mask();
    o.offset = x->offset();
    break;
  }
  case BuiltinOptions_ReducerOptions:
    o.keepDims = op->builtin_options_as_ReducerOptions()->keep_dims();
    break;
  case BuiltinOptions_GatherOptions: {
    auto *x = op->builtin_options_as_GatherOptions();
    o.axis = x->axis();
    o.batchDims = x->batch_dims();
    break;
  }
  case BuiltinOptions_LocalResponseNormalizationOptions: {
    auto *x = op->builtin_options_as_LocalResponseNormalizationOptions();
    o.radius = x->radius();
    o.bias = x->bias();
    o.alpha = x->alpha();
    o.beta = x->beta();
    break;
  }
  case BuiltinOptions_LeakyReluOptions:
    o.alpha = op->builtin_options_as_LeakyReluOptions()->alpha();
    break;
  case BuiltinOptions_GeluOptions:
    o.approximate = op->builtin_options_as_GeluOptions()->approximate();
    break;
  case BuiltinOptions_SqueezeOptions:
    o.squeezeDims =
        toVec(op->builtin_options_as_SqueezeOptions()->squeeze_dims());
    break;
  case BuiltinOptions_PackOptions: {
    auto *x = op->builtin_options_as_PackOptions();
    o.valuesCount = x->values_count();
    o.axis = x->axis();
    break;
  }
  case BuiltinOptions_UnpackOptions: {
    auto *x = op->builtin_options_as_UnpackOptions();
    o.valuesCount = x->num();
    o.axis = x->axis();
    break;
  }
  case BuiltinOptions_SplitOptions:
    o.numSplits = op->builtin_options_as_SplitOptions()->num_splits();
    break;
  case BuiltinOptions_SplitVOptions:
    o.numSplits = op->builtin_options_as_SplitVOptions()->num_splits();
    break;
  case BuiltinOptions_ArgMaxOptions:
    o.outType = static_cast<TensorType>(
        op->builtin_options_as_ArgMaxOptions()->output_type());
    break;
  case BuiltinOptions_ArgMinOptions:
    o.outType = static_cast<TensorType>(
        op->builtin_options_as_ArgMinOptions()->output_type());
    break;
  case BuiltinOptions_ShapeOptions:
    o.outType = static_cast<TensorType>(
        op->builtin_options_as_ShapeOptions()->out_type());
    break;
  case BuiltinOptions_MirrorPadOptions:
    o.mirrorMode = op->builtin_options_as_MirrorPadOptions()->mode();
    break;
  case BuiltinOptions_BatchMatMulOptions: {
    auto *x = op->builtin_options_as_BatchMatMulOptions();
    o.adjX = x->adj_x(), o.adjY = x->adj_y();
    o.asymmetricQuantizeInputs = x->asymmetric_quantize_inputs();
    break;
  }
  case BuiltinOptions_IfOptions: {
    auto *x = op->builtin_options_as_IfOptions();
    o.thenSubgraph = x->then_subgraph_index();
    o.elseSubgraph = x->else_subgraph_index();
    break;
  }
  case BuiltinOptions_WhileOptions: {
    auto *x = op->builtin_options_as_WhileOptions();
    o.condSubgraph = x->cond_subgraph_index();
    o.bodySubgraph = x->body_subgraph_index();
    break;
  }
  case BuiltinOptions_CallOnceOptions:
    o.initSubgraph =
        op->builtin_options_as_CallOnceOptions()->init_subgraph_index();
    break;
  case BuiltinOptions_CallOptions:
    o.callSubgraph = static_cast<int32_t>(
        std::min<uint32_t>(op->builtin_options_as_CallOptions()->subgraph(),
                           std::numeric_limits<int32_t>::max()));
    break;
  case BuiltinOptions_CumsumOptions: {
    auto *x = op->builtin_options_as_CumsumOptions();
    o.exclusive = x->exclusive(), o.reverse = x->reverse();
    break;
  }
  case BuiltinOptions_OneHotOptions:
    o.axis = op->builtin_options_as_OneHotOptions()->axis();
    break;
  case BuiltinOptions_SVDFOptions: {
    auto *x = op->builtin_options_as_SVDFOptions();
    o.rank = x->rank();
    act(x->fused_activation_function());
    o.asymmetricQuantizeInputs = x->asymmetric_quantize_inputs();
    break;
  }
  case BuiltinOptions_RNNOptions: {
    auto *x = op->builtin_options_as_RNNOptions();
    act(x->fused_activation_function());
    o.asymmetricQuantizeInputs = x->asymmetric_quantize_inputs();
    break;
  }
  case BuiltinOptions_SequenceRNNOptions: {
    auto *x = op->builtin_options_as_SequenceRNNOptions();
    o.timeMajor = x->time_major();
    act(x->fused_activation_function());
    o.asymmetricQuantizeInputs = x->asymmetric_quantize_inputs();
    break;
  }
  case BuiltinOptions_LSTMOptions: {
    auto *x = op->builtin_options_as_LSTMOptions();
    act(x->fused_activation_function());
    o.cellClip = x->cell_clip();
    o.projClip = x->proj_clip();
    o.lstmKernelType = x->kernel_type();
    o.timeMajor = true;
    o.asymmetricQuantizeInputs = x->asymmetric_quantize_inputs();
    break;
  }
  case BuiltinOptions_UnidirectionalSequenceLSTMOptions: {
    auto *x = op->builtin_options_as_UnidirectionalSequenceLSTMOptions();
    act(x->fused_activation_function());
    o.cellClip = x->cell_clip();
    o.projClip = x->proj_clip();
    o.timeMajor = x->time_major();
    o.asymmetricQuantizeInputs = x->asymmetric_quantize_inputs();
    break;
  }
  case BuiltinOptions_VarHandleOptions: {
    auto *x = op->builtin_options_as_VarHandleOptions();
    if (x->container())
      o.container = x->container()->str();
    if (x->shared_name())
      o.sharedName = x->shared_name()->str();
    break;
  }
  case BuiltinOptions_Conv3DOptions: {
    auto *x = op->builtin_options_as_Conv3DOptions();
    o.padding = static_cast<Padding>(x->padding());
    o.strideD = x->stride_d();
    o.strideH = x->stride_h();
    o.strideW = x->stride_w();
    o.dilationD = x->dilation_d_factor();
    o.dilationH = x->dilation_h_factor();
    o.dilationW = x->dilation_w_factor();
    act(x->fused_activation_function());
    break;
  }
  case BuiltinOptions_ReverseSequenceOptions: {
    auto *x = op->builtin_options_as_ReverseSequenceOptions();
    o.seqDim = x->seq_dim();
    o.batchDim = x->batch_dim();
    break;
  }
  case BuiltinOptions_RandomOptions: {
    auto *x = op->builtin_options_as_RandomOptions();
    o.seed = x->seed();
    o.seed2 = x->seed2();
    break;
  }
  case BuiltinOptions_UniqueOptions:
    o.idxOutType = static_cast<TensorType>(
        op->builtin_options_as_UniqueOptions()->idx_out_type());
    break;
  default:
    break;
  }
}

} // namespace

absl::Status parseTfliteModel(const uint8_t *bytes, size_t size,
                              const std::string &name, ModelDef &out) {
  auto bad = [&](auto &&...parts) {
    return absl::InvalidArgumentError(absl::StrCat(name, ": ", parts...));
  };
  if (size < 8)
    return bad("file too small to be a .tflite model (", size, " bytes)");
  if (size >= (size_t(1) << 31) - 1)
    return bad("files of 2 GiB or more are not supported");
  if (!flatbuffers::BufferHasIdentifier(bytes, tflite::ModelIdentifier())) {
    // Point at the right tool when the file is a TensorFlow model instead:
    // a text GraphDef starts with a field name, model.json with '{', and a
    // binary GraphDef with field 1 (node), length-delimited (0x0a).
    std::string_view head(reinterpret_cast<const char *>(bytes),
                          std::min<size_t>(size, 4096));
    size_t first = head.find_first_not_of(" \t\r\n");
    std::string hint;
    if (first != std::string_view::npos &&
        (head.find("node {") != std::string_view::npos ||
         head.find("node{") != std::string_view::npos || bytes[0] == 0x0a))
      hint = " (it looks like a TensorFlow GraphDef: run it with tf-run, or "
             "convert it with tf-convert)";
    else if (first != std::string_view::npos && head[first] == '{')
      hint = " (it looks like JSON, e.g. a TF.js model.json: run it with "
             "tf-run, or convert it with tf-convert)";
    return bad("missing the \"TFL3\" file identifier; not a TFLite model",
               hint);
  }
  flatbuffers::Verifier::Options vopts;
  vopts.max_depth = 128;
  vopts.max_tables = 100000000;
  flatbuffers::Verifier verifier(bytes, size, vopts);
  if (!tflite::VerifyModelBuffer(verifier))
    return bad("the FlatBuffers verifier rejected the file (corrupt or "
               "truncated TFLite model)");
  const tflite::Model *m = tflite::GetModel(bytes);
  out = ModelDef();
  out.version = m->version();
  if (m->description())
    out.description = m->description()->str();
  if (m->version() != 3)
    return bad("schema version ", m->version(), " is not supported (want 3)");
  auto *subgraphs = m->subgraphs();
  if (!subgraphs || subgraphs->size() == 0)
    return bad("the model has no subgraphs");
  auto *buffers = m->buffers();
  const uint32_t numBuffers = buffers ? buffers->size() : 0;
  auto *opcodes = m->operator_codes();
  const uint32_t numOpcodes = opcodes ? opcodes->size() : 0;
  const int64_t numSubgraphs = subgraphs->size();

  // Operator codes.
  struct Code {
    int32_t builtin;
    std::string custom;
    int32_t version;
  };
  std::vector<Code> codes;
  for (uint32_t i = 0; i < numOpcodes; ++i) {
    const tflite::OperatorCode *c = opcodes->Get(i);
    int32_t b = std::max<int32_t>(c->deprecated_builtin_code(),
                                  static_cast<int32_t>(c->builtin_code()));
    if (b < 0)
      return bad("operator_codes[", i, "] has negative builtin code ", b);
    Code code{b, c->custom_code() ? c->custom_code()->str() : "", c->version()};
    if (code.version < 1)
      return bad("operator_codes[", i, "] has version ", code.version);
    codes.push_back(std::move(code));
  }

  for (int64_t s = 0; s < numSubgraphs; ++s) {
    const tflite::SubGraph *sg = subgraphs->Get(s);
    SubgraphDef def;
    if (sg->name())
      def.name = sg->name()->str();
    const uint32_t numTensors = sg->tensors() ? sg->tensors()->size() : 0;
    auto inRange = [&](int32_t t, bool allowOptional) {
      return (allowOptional && t == -1) ||
             (t >= 0 && static_cast<uint32_t>(t) < numTensors);
    };
    // Tensors with a negative dim, which nothing may use (see below).
    std::map<int32_t, std::string> unusable;
    for (uint32_t t = 0; t < numTensors; ++t) {
      const tflite::Tensor *ten = sg->tensors()->Get(t);
      TensorDef td;
      if (ten->name())
        td.name = ten->name()->str();
      auto where = [&] {
        return absl::StrCat("subgraph ", s, " tensor ", t, " ('", td.name,
                            "')");
      };
      td.type = static_cast<TensorType>(ten->type());
      if (static_cast<int>(ten->type()) < 0 ||
          static_cast<int>(ten->type()) >
              static_cast<int>(TensorType::kBFloat16))
        return bad(where(), ": unknown tensor type ", int(ten->type()));
      td.shape = toVec(ten->shape());
      td.shapeSignature = toVec(ten->shape_signature());
      // A negative dim is an error only for a tensor that an op or the
      // subgraph uses (checked below): TFLite's quantizer leaves unused
      // placeholders of omitted optional LSTM inputs with shape [-1], and
      // TFLite never allocates those. Such a tensor is kept as [0].
      bool negative = false;
      for (int32_t d : td.shape)
        negative |= d < 0;
      if (negative && !ten->buffer()) {
        unusable[t] = absl::StrCat(where(), ": negative dim in shape ",
                                   shapeToString(td.shape));
        td.shape = {0};
      }
      int64_t elems = 1;
      for (int32_t d : td.shape) {
        if (d < 0)
          return bad(where(), ": negative dim in shape ",
                     shapeToString(td.shape));
        elems = d == 0 ? 0 : elems;
        if (elems > 0 && elems > (int64_t(1) << 40) / d)
          return bad(where(), ": shape ", shapeToString(td.shape),
                     " is too large");
        elems *= d;
      }
      if (!td.shapeSignature.empty() &&
          td.shapeSignature.size() != td.shape.size())
        return bad(where(), ": shape_signature rank ", td.shapeSignature.size(),
                   " differs from shape rank ", td.shape.size());
      for (int32_t d : td.shapeSignature)
        if (d < -1)
          return bad(where(), ": shape_signature has dim ", d);
      td.isVariable = ten->is_variable();
      if (const tflite::QuantizationParameters *q = ten->quantization()) {
        if (q->scale())
          td.quant.scale.assign(q->scale()->begin(), q->scale()->end());
        if (const auto *zp = q->zero_point()) {
          // FlatBuffers 2.0's verifier checks a vector's 4-byte length but
          // not that int64 elements are 8-byte aligned (later verifiers
          // do); the model bytes are a 16-byte aligned copy, so a
          // misaligned zero_point is a corrupt file, not one to read.
          if (zp->size() &&
              reinterpret_cast<uintptr_t>(zp->Data()) % alignof(int64_t))
            return bad(where(), ": quantization zero_point vector is not "
                                "8-byte aligned (corrupt TFLite model)");
          // TFLite's ParseQuantization: as many zero points as scales.
          if (zp->size() == 0 && q->scale() && q->scale()->size() != 0)
            return bad(where(), ": ", q->scale()->size(),
                       " scales but an empty zero_point vector");
          td.quant.zeroPoint.assign(zp->begin(), zp->end());
        }
        td.quant.quantizedDimension = q->quantized_dimension();
        if (!td.quant.zeroPoint.empty() &&
            td.quant.zeroPoint.size() != td.quant.scale.size())
          return bad(where(), ": ", td.quant.scale.size(), " scales but ",
                     td.quant.zeroPoint.size(), " zero points");
        for (size_t c = 0; c < td.quant.scale.size(); ++c) {
          float s = td.quant.scale[c];
          if (!std::isfinite(s) || s == 0.f)
            return bad(where(), ": quantization scale[", c, "] is ", s,
                       " (must be finite and non-zero)");
        }
        const size_t nScales = td.quant.scale.size();
        if (nScales > 1) {
          int qd = td.quant.quantizedDimension;
          const int rank = static_cast<int>(td.shape.size());
          // Converters (e.g. TFLite Micro's person_detect) leave the
          // filter's quantized_dimension on rank-1 per-channel biases; the
          // only axis such a tensor has is 0, as TFLite Micro reads it.
          if (rank == 1 && (qd < 0 || qd >= rank) &&
              static_cast<int64_t>(nScales) == td.shape[0])
            qd = td.quant.quantizedDimension = 0;
          if (qd < 0 || qd >= rank)
            return bad(where(), ": quantized_dimension ", qd,
                       " out of range for rank ", rank);
          if (static_cast<int64_t>(nScales) != td.shape[qd])
            return bad(where(), ": ", nScales, " per-axis scales but dim ", qd,
                       " of shape ", shapeToString(td.shape), " has ",
                       td.shape[qd]);
        }
      }
      if (const tflite::SparsityParameters *sp = ten->sparsity()) {
        SparsityParams p;
        p.traversalOrder = toVec(sp->traversal_order());
        p.blockMap = toVec(sp->block_map());
        if (sp->dim_metadata())
          for (const tflite::DimensionMetadata *dm : *sp->dim_metadata()) {
            SparsityParams::Dim d;
            d.dense = dm->format() == tflite::DimensionType_DENSE;
            d.denseSize = dm->dense_size();
            if (!d.dense) {
              if (!dm->array_segments() || !dm->array_indices())
                return bad(where(), ": sparse dimension without segments or "
                                    "indices");
              d.segments =
                  indexVector(dm->array_segments(), dm->array_segments_type());
              d.indices =
                  indexVector(dm->array_indices(), dm->array_indices_type());
            }
            p.dims.push_back(std::move(d));
          }
        td.sparsity = std::move(p);
      }
      uint32_t b = ten->buffer();
      if (b >= numBuffers && !(b == 0 && numBuffers == 0))
        return bad(where(), ": buffer index ", b, " out of range (", numBuffers,
                   " buffers)");
      if (numBuffers > 0) {
        const tflite::Buffer *buf = buffers->Get(b);
        const uint8_t *data = nullptr;
        size_t dsize = 0;
        if (buf->offset() > 1) {
          uint64_t off = buf->offset(), sz = buf->size();
          if (off > size || sz > size - off)
            return bad(where(), ": buffer ", b, " [offset ", off, ", size ", sz,
                       "] lies outside the ", size, "-byte file");
          data = bytes + off;
          dsize = sz;
        } else if (buf->data() && buf->data()->size() > 0) {
          data = buf->data()->data();
          dsize = buf->data()->size();
        }
        if (!data && elems == 0 && b != 0) {
          // A zero-size constant: keep it constant with no bytes.
          data = bytes;
          dsize = 0;
        }
        if (data) {
          size_t es = elementSize(td.type);
          if (!td.sparsity && es != 0 &&
              static_cast<uint64_t>(elems) * es != dsize)
            return bad(where(), ": buffer ", b, " holds ", dsize,
                       " bytes but shape ", shapeToString(td.shape), " of ",
                       typeName(td.type), " needs ", elems * es);
          td.data = data;
          td.dataSize = dsize;
        }
      }
      def.tensors.push_back(std::move(td));
    }
    def.inputs = toVec(sg->inputs());
    def.outputs = toVec(sg->outputs());
    for (int32_t t : def.inputs)
      if (!inRange(t, false))
        return bad("subgraph ", s, ": input tensor index ", t,
                   " out of range (", numTensors, " tensors)");
    for (int32_t t : def.outputs)
      if (!inRange(t, false))
        return bad("subgraph ", s, ": output tensor index ", t,
                   " out of range (", numTensors, " tensors)");
    if (sg->operators()) {
      uint32_t i = 0;
      for (const tflite::Operator *op : *sg->operators()) {
        OperatorDef od;
        if (op->opcode_index() >= numOpcodes)
          return bad("subgraph ", s, " op ", i, ": opcode index ",
                     op->opcode_index(), " out of range (", numOpcodes,
                     " operator codes)");
        const Code &c = codes[op->opcode_index()];
        od.builtinCode = c.builtin;
        od.customName = c.custom;
        od.version = c.version;
        od.inputs = toVec(op->inputs());
        od.outputs = toVec(op->outputs());
        od.intermediates = toVec(op->intermediates());
        for (int32_t t : od.inputs)
          if (!inRange(t, true))
            return bad("subgraph ", s, " op ", i, " (",
                       builtinOpName(od.builtinCode), "): input tensor index ",
                       t, " out of range (", numTensors, " tensors)");
        for (auto *v : {&od.outputs, &od.intermediates})
          for (int32_t t : *v)
            if (!inRange(t, true))
              return bad("subgraph ", s, " op ", i, " (",
                         builtinOpName(od.builtinCode),
                         "): output tensor index ", t, " out of range (",
                         numTensors, " tensors)");
        parseOptions(op, od.options);
        for (int32_t sub : {od.options.thenSubgraph, od.options.elseSubgraph,
                            od.options.condSubgraph, od.options.bodySubgraph,
                            od.options.initSubgraph, od.options.callSubgraph})
          if (sub != -1 && (sub < 0 || sub >= numSubgraphs || sub == s))
            return bad("subgraph ", s, " op ", i, " (",
                       builtinOpName(od.builtinCode), "): subgraph index ", sub,
                       " out of range or recursive");
        if (op->custom_options())
          od.customOptions.assign(op->custom_options()->begin(),
                                  op->custom_options()->end());
        if (op->large_custom_options_offset() > 1) {
          uint64_t off = op->large_custom_options_offset(),
                   sz = op->large_custom_options_size();
          if (off > size || sz > size - off)
            return bad("subgraph ", s, " op ", i,
                       ": custom options lie outside the file");
          od.customOptions.assign(bytes + off, bytes + off + sz);
        }
        def.ops.push_back(std::move(od));
        ++i;
      }
    }
    if (!unusable.empty()) {
      auto check = [&](const std::vector<int32_t> &v) -> const std::string * {
        for (int32_t t : v)
          if (auto it = unusable.find(t); it != unusable.end())
            return &it->second;
        return nullptr;
      };
      for (const auto *v : {&def.inputs, &def.outputs})
        if (const std::string *e = check(*v))
          return bad(*e);
      for (const OperatorDef &op : def.ops)
        for (const auto *v : {&op.inputs, &op.outputs, &op.intermediates})
          if (const std::string *e = check(*v))
            return bad(*e);
    }
    out.subgraphs.push_back(std::move(def));
  }
  if (auto *sigs = m->signature_defs()) {
    for (const tflite::SignatureDef *sd : *sigs) {
      SignatureDefIR ir;
      ir.key = sd->signature_key() ? sd->signature_key()->str() : "";
      ir.subgraphIndex = static_cast<int32_t>(sd->subgraph_index());
      if (sd->subgraph_index() >= static_cast<uint64_t>(numSubgraphs))
        return bad("signature '", ir.key, "': subgraph index ",
                   sd->subgraph_index(), " out of range");
      const SubgraphDef &sg = out.subgraphs[ir.subgraphIndex];
      for (auto [vec, dst] : {std::pair{sd->inputs(), &ir.inputs},
                              std::pair{sd->outputs(), &ir.outputs}}) {
        if (!vec)
          continue;
        for (const tflite::TensorMap *tm : *vec) {
          if (tm->tensor_index() >= sg.tensors.size())
            return bad("signature '", ir.key, "': tensor index ",
                       tm->tensor_index(), " out of range");
          dst->push_back({tm->name() ? tm->name()->str() : "",
                          static_cast<int32_t>(tm->tensor_index())});
        }
      }
      out.signatures.push_back(std::move(ir));
    }
  }
  return absl::OkStatus();
}

FlatBufferModel::~FlatBufferModel() = default;

absl::Status FlatBufferModel::parse() {
  return parseTfliteModel(bytes_, size_, name_, def_);
}

absl::StatusOr<std::unique_ptr<FlatBufferModel>>
FlatBufferModel::buildFromFile(const std::string &path) {
  // O_NONBLOCK: opening a FIFO must not wait for a writer (fstat below
  // refuses it); it changes nothing for regular files.
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0)
    return absl::NotFoundError(
        absl::StrCat(path, ": cannot open: ", std::strerror(errno)));
  struct stat st;
  bool statOk = fstat(fd, &st) == 0;
  if (!statOk || !S_ISREG(st.st_mode)) {
    ::close(fd);
    // Worded as lib/Support/File.h words it (python's Interpreter shows it).
    return absl::FailedPreconditionError(absl::StrCat(
        path, statOk && S_ISDIR(st.st_mode) ? ": is a directory"
                                            : ": not a regular file"));
  }
  std::unique_ptr<FlatBufferModel> m(new FlatBufferModel());
  m->name_ = path;
  m->size_ = static_cast<size_t>(st.st_size);
  if (m->size_ >= (size_t(1) << 31) - 1) {
    ::close(fd);
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": files of 2 GiB or more are not supported"));
  }
  // Read, not mmap: a mapped file that another process truncates raises
  // SIGBUS on the next access to the lost pages (in the verifier or at any
  // later Invoke reading constants in place); a private copy cannot change.
  // 16-byte aligned so that constant tensors can be read in place.
  m->copy_.resize(m->size_ + 16);
  size_t adj = (16 - reinterpret_cast<uintptr_t>(m->copy_.data()) % 16) % 16;
  uint8_t *dst = m->copy_.data() + adj;
  size_t got = 0;
  while (got < m->size_) {
    ssize_t n = ::read(fd, dst + got, m->size_ - got);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0) {
      int err = errno;
      ::close(fd);
      return absl::FailedPreconditionError(
          absl::StrCat(path, ": cannot read: ", std::strerror(err)));
    }
    if (n == 0) {
      ::close(fd);
      return absl::InvalidArgumentError(
          absl::StrCat(path, ": the file shrank while it was read (", got,
                       " of ", m->size_, " bytes)"));
    }
    got += static_cast<size_t>(n);
  }
  m->bytes_ = dst;
  ::close(fd);
  if (absl::Status s = m->parse(); !s.ok())
    return s;
  return m;
}

absl::StatusOr<std::unique_ptr<FlatBufferModel>>
FlatBufferModel::buildFromBuffer(const void *data, size_t size,
                                 const std::string &name) {
  std::unique_ptr<FlatBufferModel> m(new FlatBufferModel());
  m->name_ = name;
  // 16-byte aligned copy so constant tensors can be read in place.
  m->copy_.resize(size + 16);
  size_t adj = (16 - reinterpret_cast<uintptr_t>(m->copy_.data()) % 16) % 16;
  if (size)
    std::memcpy(m->copy_.data() + adj, data, size);
  m->bytes_ = m->copy_.data() + adj;
  m->size_ = size;
  if (absl::Status s = m->parse(); !s.ok())
    return s;
  return m;
}

} // namespace tfmlir::lite
