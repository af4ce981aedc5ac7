//===- tfmlir_core.cpp - pybind11 bindings: tfmlir._core
//-------------------===//
//
// The C++ half of the python package (python/tfmlir/*.py is the public API,
// named after TensorFlow's; this module is private):
//   - Model: a model loaded through tfmlir::loadModel (GraphDef .pb/.pbtxt,
//     SavedModel directory, TF.js model.json) or parsed from GraphDef bytes,
//     with its signatures and per-node output dtypes (for feed checks);
//   - Session: runtime/session/Session.h over a Model; NumPy feeds are
//     copied into 64-byte-aligned Tensors, fetched Tensors are returned as
//     NumPy arrays over the Tensor's refcounted buffer (zero copy), kept
//     alive by a capsule; a fetched buffer that a session variable also
//     holds is copied, so writing into the array cannot change the variable;
//   - LiteInterpreter: runtime/lite's FlatBufferModel + Interpreter, per
//     subgraph, for tfmlir.lite.Interpreter and its signature runners;
//   - convert(): lib/Pipelines/TFLiteConverter.h with calibration samples
//     taken from NumPy arrays.
// Errors: absl::Status failures raise tfmlir.errors.OpError subclasses
// chosen by the status code (errors._from_status); the lite interpreter
// raises ValueError for bad arguments and RuntimeError for failed
// allocation / invocation, as TF's tf.lite.Interpreter does. No C++
// exception crosses into MLIR code: everything that can throw runs here.
//===----------------------------------------------------------------------===//
#include "lib/Pipelines/TFLiteConverter.h"
#include "lib/Translate/GraphDefImporter.h"
#include "lib/Translate/ModelLoader.h"
#include "lib/Translate/OpRegistry.h"
#include "runtime/lite/Interpreter.h"
#include "runtime/lite/Kernel.h"
#include "runtime/lite/Model.h"
#include "runtime/session/Session.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace py = pybind11;
using namespace tfmlir;

namespace {

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

/// A failed absl::Status on its way to Python; the translator registered in
/// PYBIND11_MODULE raises tfmlir.errors' class for `code`.
struct StatusError {
  int code;
  std::string message;
};

[[noreturn]] void throwStatus(const absl::Status &st) {
  throw StatusError{static_cast<int>(st.code()), std::string(st.message())};
}

//===----------------------------------------------------------------------===//
// NumPy <-> session::Tensor
//===----------------------------------------------------------------------===//

/// The session dtype of a NumPy dtype (native byte order only); DT_INVALID
/// when there is none.
session::DataType sessionDTypeOf(const py::dtype &d) {
  using namespace session;
  if (!d.attr("isnative").cast<bool>())
    return DT_INVALID;
  ssize_t n = d.itemsize();
  switch (d.kind()) {
  case 'f':
    return n == 4   ? DT_FLOAT
           : n == 8 ? DT_DOUBLE
           : n == 2 ? DT_HALF
                    : DT_INVALID;
  case 'i':
    return n == 1   ? DT_INT8
           : n == 2 ? DT_INT16
           : n == 4 ? DT_INT32
           : n == 8 ? DT_INT64
                    : DT_INVALID;
  case 'u':
    return n == 1   ? DT_UINT8
           : n == 2 ? DT_UINT16
           : n == 4 ? DT_UINT32
           : n == 8 ? DT_UINT64
                    : DT_INVALID;
  case 'b':
    return DT_BOOL;
  default:
    return DT_INVALID;
  }
}

/// Copies `obj` (an ndarray of a supported dtype) into a new Tensor.
/// InvalidArgument naming `what` for other dtypes.
session::Tensor tensorFromNumpy(const py::handle &obj,
                                const std::string &what) {
  py::array a = py::array::ensure(obj, py::array::c_style);
  if (!a)
    throwStatus(absl::InvalidArgumentError(
        what + ": not convertible to a NumPy array"));
  session::DataType dt = sessionDTypeOf(a.dtype());
  char kind = a.dtype().kind();
  if (kind == 'U' || kind == 'S' || kind == 'O')
    throwStatus(absl::UnimplementedError(
        what + ": string (and object) tensors are not supported by the "
               "session yet"));
  if (dt == session::DT_INVALID)
    throwStatus(absl::InvalidArgumentError(
        what + ": NumPy dtype " + py::str(a.dtype()).cast<std::string>() +
        " has no TensorFlow equivalent that the session runs"));
  std::vector<int64_t> dims(a.shape(), a.shape() + a.ndim());
  absl::StatusOr<session::Tensor> t = session::Tensor::Create(dt, dims);
  if (!t.ok())
    throwStatus(t.status());
  if (t->TotalBytes())
    std::memcpy(t->data(), a.data(), t->TotalBytes());
  return std::move(*t);
}

float bf16ToFloat(uint16_t v) {
  uint32_t bits = uint32_t(v) << 16;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

/// A NumPy array over `t`'s buffer (zero copy; the capsule owns a Tensor
/// that shares the buffer). bfloat16 has no NumPy dtype: it is returned as
/// float32 (a copy; exact).
py::array tensorToNumpy(session::Tensor t) {
  std::vector<ssize_t> shape(t.shape().dim_sizes().begin(),
                             t.shape().dim_sizes().end());
  if (t.dtype() == session::DT_BFLOAT16) {
    py::array_t<float> out(shape);
    const uint16_t *src = t.flat<uint16_t>();
    float *dst = out.mutable_data();
    for (int64_t i = 0; i < t.NumElements(); ++i)
      dst[i] = bf16ToFloat(src[i]);
    return std::move(out);
  }
  py::dtype dt(session::DataTypeNumpyName(t.dtype()));
  auto *holder = new session::Tensor(std::move(t));
  py::capsule base(holder,
                   [](void *p) { delete static_cast<session::Tensor *>(p); });
  return py::array(dt, shape, std::vector<ssize_t>(), holder->data(), base);
}

std::string numpyNameOf(tensorflow::DataType dt) {
  int v = static_cast<int>(dt);
  if (v > 100)
    v -= 100; // reference types (DT_FLOAT_REF) read as their base type
  if (v == tensorflow::DT_STRING)
    return "object";
  return session::DataTypeNumpyName(static_cast<session::DataType>(v));
}

//===----------------------------------------------------------------------===//
// Model
//===----------------------------------------------------------------------===//

/// A loaded model shared by the Session, the converter and saved_model.
struct PyModel {
  LoadedModel model;
  std::unordered_map<std::string, int> nodeIndex;

  explicit PyModel(LoadedModel m) : model(std::move(m)) {
    for (int i = 0; i < model.graph.node_size(); ++i)
      nodeIndex.emplace(model.graph.node(i).name(), i);
  }

  /// None when `name` is no node; else (op, output numpy dtype names or
  /// None when the op is unknown to our registry, declared shape or None).
  py::object nodeInfo(const std::string &name) const {
    auto it = nodeIndex.find(name);
    if (it == nodeIndex.end())
      return py::none();
    const tensorflow::NodeDef &node = model.graph.node(it->second);
    py::object dtypes = py::none();
    if (const tensorflow::OpDef *def = lookupOpDef(node.op())) {
      llvm::SmallVector<tensorflow::DataType, 4> types;
      if (llvm::Error e = resolveOutputTypes(node, *def, types)) {
        llvm::consumeError(std::move(e));
      } else {
        py::list l;
        for (tensorflow::DataType t : types)
          l.append(numpyNameOf(t));
        dtypes = l;
      }
    }
    py::object shape = py::none();
    if (node.op() == "Placeholder") {
      auto a = node.attr().find("shape");
      if (a != node.attr().end() && a->second.has_shape() &&
          !a->second.shape().unknown_rank()) {
        py::list dims;
        for (const auto &d : a->second.shape().dim())
          dims.append(d.size());
        shape = py::tuple(dims);
      }
    }
    return py::make_tuple(node.op(), dtypes, shape);
  }

  py::list signatures() const {
    auto tensors = [](const std::vector<SignatureTensor> &ts) {
      py::list l;
      for (const SignatureTensor &t : ts) {
        py::object shape = py::none();
        if (t.shape)
          shape = py::tuple(py::cast(*t.shape));
        l.append(py::make_tuple(t.name, t.tensor, numpyNameOf(t.dtype), shape));
      }
      return l;
    };
    py::list out;
    for (const ModelSignature &s : model.signatures)
      out.append(py::make_tuple(s.key, s.methodName, tensors(s.inputs),
                                tensors(s.outputs)));
    return out;
  }
};

std::shared_ptr<PyModel>
loadModelPy(const std::string &path,
            std::optional<std::vector<std::string>> tags) {
  ModelLoadOptions options;
  if (tags)
    options.tags = *tags;
  absl::StatusOr<LoadedModel> m;
  {
    py::gil_scoped_release release;
    m = loadModel(path, options);
  }
  if (!m.ok())
    throwStatus(m.status());
  return std::make_shared<PyModel>(std::move(*m));
}

/// TFLiteConverter.from_frozen_graph / from_saved_model: the model read as
/// tf-convert reads it (tfmlir::loadConverterInput: a SavedModel directory
/// must be one, and its signature `signatureKey` must exist), so that the
/// converter reports a bad file or key when it is created, as TF's does.
std::shared_ptr<PyModel>
loadConverterInputPy(const std::string &path, bool savedModel,
                     const std::string &signatureKey,
                     std::optional<std::vector<std::string>> tags) {
  ConverterInput input;
  input.path = path;
  input.savedModel = savedModel;
  input.signatureKey = signatureKey;
  if (tags)
    input.tags = *tags;
  ConverterOptions unused;
  absl::StatusOr<LoadedModel> m;
  {
    py::gil_scoped_release release;
    m = loadConverterInput(input, unused);
  }
  if (!m.ok())
    throwStatus(m.status());
  return std::make_shared<PyModel>(std::move(*m));
}

std::shared_ptr<PyModel> modelFromBytes(const py::bytes &bytes,
                                        const std::string &name) {
  LoadedModel m;
  m.sourceName = name;
  std::string error;
  std::string data = bytes;
  if (!parseGraphDef(data, name, m.graph, error, &m.nodeLines))
    throwStatus(absl::InvalidArgumentError(error));
  return std::make_shared<PyModel>(std::move(m));
}

//===----------------------------------------------------------------------===//
// Session
//===----------------------------------------------------------------------===//

struct PySession {
  std::unique_ptr<session::Session> session;

  /// The options are SessionOptions' fields (python/tfmlir/compat/v1.py
  /// ConfigProto maps TF's ConfigProto onto them); `jit` is "whole",
  /// "auto" or "off"; `device` a TF device name (SessionOptions::device:
  /// "" for the CPU, "/device:GPU:N"). Negative counts and limits raise
  /// ValueError; a device Session::Create refuses raises its OpError.
  PySession(const PyModel &m, int intraOpThreads, int interOpThreads,
            int64_t maxRunMemoryBytes, int64_t maxCompileMemoryBytes,
            const std::string &compileCacheDir, bool xlaClampIndices,
            const std::string &jit, int minClusterSize,
            const std::string &device) {
    session::SessionOptions options;
    options.graphName =
        m.model.sourceName.empty() ? "graph" : m.model.sourceName;
    auto nonNegative = [](const char *name, int64_t v) {
      if (v < 0)
        throw py::value_error(std::string("config.") + name +
                              " must be >= 0, got " + std::to_string(v));
    };
    nonNegative("intra_op_parallelism_threads", intraOpThreads);
    nonNegative("inter_op_parallelism_threads", interOpThreads);
    nonNegative("max_run_memory_bytes", maxRunMemoryBytes);
    nonNegative("max_compile_memory_bytes", maxCompileMemoryBytes);
    options.intra_op_parallelism_threads = intraOpThreads;
    options.inter_op_parallelism_threads = interOpThreads;
    options.max_run_memory_bytes = maxRunMemoryBytes;
    options.max_compile_memory_bytes = maxCompileMemoryBytes;
    options.compile_cache_dir = compileCacheDir;
    options.xla_clamp_indices = xlaClampIndices;
    options.tf_xla_min_cluster_size = minClusterSize;
    auto level = session::SessionOptions::parseGlobalJitLevel(jit);
    if (!level)
      throw py::value_error("jit must be 'whole', 'auto' or 'off', got '" +
                            jit + "'");
    options.global_jit_level = *level;
    options.device = device;
    auto s = session::Session::Create(m.model.graph, options);
    if (!s.ok())
      throwStatus(s.status());
    session = std::move(*s);
  }

  /// feeds: [(tensor name, ndarray)]; returns one ndarray per fetch.
  py::list run(const std::vector<std::pair<std::string, py::object>> &feeds,
               const std::vector<std::string> &fetches,
               const std::vector<std::string> &targets) {
    std::vector<std::pair<std::string, session::Tensor>> in;
    for (const auto &[name, value] : feeds)
      in.emplace_back(name, tensorFromNumpy(value, "feed '" + name + "'"));
    std::vector<session::Tensor> out;
    absl::Status st;
    {
      py::gil_scoped_release release;
      st = session->Run(in, fetches, targets, &out);
      // A fetched buffer that a variable also holds is copied.
      for (session::Tensor &t : out)
        if (session->HoldsBuffer(t))
          t = t.DeepCopy();
    }
    if (!st.ok())
      throwStatus(st);
    py::list result;
    for (session::Tensor &t : out)
      result.append(tensorToNumpy(std::move(t)));
    return result;
  }

  void close() {
    if (session)
      (void)session->Close();
  }

  py::dict stats() const {
    session::SessionStats s = session->stats();
    py::dict d;
    d["runs"] = s.runs;
    d["compiles"] = s.compiles;
    d["cache_hits"] = s.cacheHits;
    d["compile_seconds"] = s.compileSeconds;
    return d;
  }
};

//===----------------------------------------------------------------------===//
// Lite interpreter
//===----------------------------------------------------------------------===//

const lite::OpResolver &builtinResolver() {
  static const lite::BuiltinOpResolver *resolver =
      new lite::BuiltinOpResolver();
  return *resolver;
}

/// NumPy's name for a lite tensor type; empty when NumPy has none that we
/// support (string, resource, variant, int4, bfloat16, complex).
std::string liteNumpyName(lite::TensorType t) {
  using lite::TensorType;
  switch (t) {
  case TensorType::kFloat32:
    return "float32";
  case TensorType::kFloat16:
    return "float16";
  case TensorType::kFloat64:
    return "float64";
  case TensorType::kInt8:
    return "int8";
  case TensorType::kInt16:
    return "int16";
  case TensorType::kInt32:
    return "int32";
  case TensorType::kInt64:
    return "int64";
  case TensorType::kUInt8:
    return "uint8";
  case TensorType::kUInt16:
    return "uint16";
  case TensorType::kUInt32:
    return "uint32";
  case TensorType::kUInt64:
    return "uint64";
  case TensorType::kBool:
    return "bool";
  case TensorType::kComplex64:
    return "complex64";
  case TensorType::kComplex128:
    return "complex128";
  case TensorType::kString:
    return "object";
  case TensorType::kResource:
    return "int32"; // resource ids, as TFLite
  default:
    return "";
  }
}

/// The lite type of a NumPy dtype (kResource when there is none; callers
/// compare with the tensor's type).
lite::TensorType liteTypeOf(const py::dtype &d) {
  using lite::TensorType;
  if (!d.attr("isnative").cast<bool>() && d.itemsize() > 1)
    return TensorType::kResource;
  ssize_t n = d.itemsize();
  switch (d.kind()) {
  case 'f':
    return n == 4   ? TensorType::kFloat32
           : n == 2 ? TensorType::kFloat16
           : n == 8 ? TensorType::kFloat64
                    : TensorType::kResource;
  case 'i':
    return n == 1   ? TensorType::kInt8
           : n == 2 ? TensorType::kInt16
           : n == 4 ? TensorType::kInt32
           : n == 8 ? TensorType::kInt64
                    : TensorType::kResource;
  case 'u':
    return n == 1   ? TensorType::kUInt8
           : n == 2 ? TensorType::kUInt16
           : n == 4 ? TensorType::kUInt32
           : n == 8 ? TensorType::kUInt64
                    : TensorType::kResource;
  case 'b':
    return TensorType::kBool;
  case 'c':
    return n == 8    ? TensorType::kComplex64
           : n == 16 ? TensorType::kComplex128
                     : TensorType::kResource;
  default:
    return TensorType::kResource;
  }
}

py::array_t<int32_t> int32Array(const std::vector<int32_t> &v) {
  py::array_t<int32_t> a(static_cast<ssize_t>(v.size()));
  if (!v.empty())
    std::memcpy(a.mutable_data(), v.data(), v.size() * sizeof(int32_t));
  return a;
}

struct PyLiteInterpreter : std::enable_shared_from_this<PyLiteInterpreter> {
  std::unique_ptr<lite::FlatBufferModel> model;
  std::unique_ptr<lite::Interpreter> interp;
  /// NumPy views from tensor() still alive (their capsules decrement it).
  /// The GIL guards it: views are made and freed holding it.
  int liveViews = 0;

  /// TF's Interpreter._ensure_safe: allocate_tensors, invoke,
  /// resize_tensor_input and reset_all_variables may move or rewrite the
  /// buffers a tensor() view points into, so they raise RuntimeError while
  /// one is alive (TF counts references to its wrapper; we count views).
  void ensureSafe(const char *what) const {
    if (liveViews > 0)
      throw std::runtime_error(
          std::string(what) + ": there " +
          (liveViews == 1
               ? "is 1 reference"
               : "are " + std::to_string(liveViews) + " references") +
          " to internal data in the interpreter in the form of a numpy "
          "array or slice (from tensor()). Be sure to only hold the function "
          "returned from tensor() if you are using raw data access, and to "
          "drop the arrays it returned before this call.");
  }

  void init(absl::StatusOr<std::unique_ptr<lite::FlatBufferModel>> m) {
    if (!m.ok())
      throw py::value_error(std::string(m.status().message()));
    model = std::move(*m);
    auto i = lite::Interpreter::create(*model, builtinResolver());
    if (!i.ok())
      throw py::value_error(std::string(i.status().message()));
    interp = std::move(*i);
  }

  lite::Subgraph &sg(int s) {
    if (s < 0 || static_cast<size_t>(s) >= interp->numSubgraphs())
      throw py::value_error("Invalid subgraph index " + std::to_string(s));
    return interp->subgraph(s);
  }
  lite::Tensor &tensor(int s, int i) {
    lite::Subgraph &g = sg(s);
    if (i < 0 || static_cast<size_t>(i) >= g.numTensors())
      throw py::value_error(
          "Invalid tensor index " + std::to_string(i) +
          " exceeds max tensor index " +
          std::to_string(static_cast<int64_t>(g.numTensors()) - 1));
    return *g.tensor(i);
  }

  py::dict details(int s, int i) {
    lite::Tensor &t = tensor(s, i);
    py::dict d;
    d["name"] = t.name;
    d["index"] = i;
    d["shape"] = int32Array(t.shape);
    d["shape_signature"] =
        int32Array(t.shapeSignature.empty() ? t.shape : t.shapeSignature);
    d["dtype"] = liteNumpyName(t.type);
    d["type_name"] = lite::typeName(t.type);
    py::array_t<float> scales(static_cast<ssize_t>(t.quant.scale.size()));
    for (size_t k = 0; k < t.quant.scale.size(); ++k)
      scales.mutable_data()[k] = t.quant.scale[k];
    py::array_t<int32_t> zps(static_cast<ssize_t>(t.quant.zeroPoint.size()));
    for (size_t k = 0; k < t.quant.zeroPoint.size(); ++k)
      zps.mutable_data()[k] = static_cast<int32_t>(t.quant.zeroPoint[k]);
    d["scales"] = scales;
    d["zero_points"] = zps;
    d["quantized_dimension"] = t.quant.quantizedDimension;
    py::dict sparsity;
    if (t.sparsity) {
      sparsity["traversal_order"] = int32Array(t.sparsity->traversalOrder);
      sparsity["block_map"] = int32Array(t.sparsity->blockMap);
      py::list dims;
      for (const auto &dm : t.sparsity->dims) {
        py::dict m;
        m["format"] = dm.dense ? 0 : 1;
        if (dm.dense) {
          m["dense_size"] = dm.denseSize;
        } else {
          m["array_segments"] = int32Array(dm.segments);
          m["array_indices"] = int32Array(dm.indices);
        }
        dims.append(m);
      }
      sparsity["dim_metadata"] = dims;
    }
    d["sparsity_parameters"] = sparsity;
    return d;
  }

  void allocate(int s) {
    ensureSafe("allocate_tensors");
    absl::Status st;
    {
      py::gil_scoped_release release;
      st = sg(s).allocateTensors();
    }
    if (!st.ok())
      throw std::runtime_error(std::string(st.message()));
  }

  void invoke(int s) {
    ensureSafe("invoke");
    lite::Subgraph &g = sg(s);
    if (!g.allocated())
      throw std::runtime_error(
          "Invoke called on model that is not ready: call allocate_tensors() "
          "first");
    absl::Status st;
    {
      py::gil_scoped_release release;
      st = g.invoke();
    }
    if (!st.ok())
      throw std::runtime_error(std::string(st.message()));
  }

  void resize(int s, int tensorIndex, const std::vector<int64_t> &dims,
              bool strict) {
    ensureSafe("resize_tensor_input");
    lite::Subgraph &g = sg(s);
    const std::vector<int32_t> &ins = g.inputs();
    auto it = std::find(ins.begin(), ins.end(), tensorIndex);
    if (it == ins.end())
      throw py::value_error("Tensor " + std::to_string(tensorIndex) +
                            " is not an input of subgraph " +
                            std::to_string(s));
    lite::Tensor &t = *g.tensor(tensorIndex);
    std::vector<int32_t> shape;
    for (int64_t d : dims) {
      if (d < 0 || d > INT32_MAX)
        throw py::value_error("resize_tensor_input: invalid dimension " +
                              std::to_string(d) + " for input '" + t.name +
                              "'");
      shape.push_back(static_cast<int32_t>(d));
    }
    if (strict) {
      const std::vector<int32_t> &sig =
          t.shapeSignature.empty() ? t.shape : t.shapeSignature;
      bool ok = sig.size() == shape.size();
      for (size_t k = 0; ok && k < sig.size(); ++k)
        ok = sig[k] == -1 || sig[k] == shape[k];
      if (!ok)
        throw py::value_error(
            "ResizeInputTensorStrict only allows mutating unknown dimensions "
            "identified by -1: input '" +
            t.name + "' has shape signature " + lite::shapeToString(sig) +
            ", requested " + lite::shapeToString(shape));
    }
    absl::Status st =
        g.resizeInputTensor(static_cast<int>(it - ins.begin()), shape);
    if (!st.ok())
      throw py::value_error(std::string(st.message()));
  }

  void setTensor(int s, int i, const py::handle &value) {
    lite::Tensor &t = tensor(s, i);
    py::array a = py::array::ensure(value, py::array::c_style);
    if (!a)
      throw py::value_error("Cannot set tensor: value is not convertible to a "
                            "NumPy array");
    lite::TensorType got = liteTypeOf(a.dtype());
    if (got != t.type)
      throw py::value_error("Cannot set tensor: Got value of type " +
                            (got == lite::TensorType::kResource
                                 ? py::str(a.dtype()).cast<std::string>()
                                 : lite::typeName(got)) +
                            " but expected type " + lite::typeName(t.type) +
                            " for input " + std::to_string(i) +
                            ", name: " + t.name);
    if (a.ndim() != static_cast<ssize_t>(t.shape.size()))
      throw py::value_error("Cannot set tensor: Dimension mismatch. Got " +
                            std::to_string(a.ndim()) + " but expected " +
                            std::to_string(t.shape.size()) + " for input " +
                            std::to_string(i) + ".");
    for (ssize_t k = 0; k < a.ndim(); ++k)
      if (a.shape(k) != t.shape[k])
        throw py::value_error("Cannot set tensor: Dimension mismatch. Got " +
                              std::to_string(a.shape(k)) + " but expected " +
                              std::to_string(t.shape[k]) + " for dimension " +
                              std::to_string(k) + " of input " +
                              std::to_string(i) + ".");
    if (t.type == lite::TensorType::kString)
      throw py::value_error(
          "Cannot set tensor: string tensors are not supported");
    if (!t.data && t.requiredBytes() > 0)
      throw py::value_error("Cannot set tensor: Tensor is unallocated. Try "
                            "calling allocate_tensors() first");
    if (t.storage == lite::Storage::kConstant)
      throw py::value_error("Cannot set tensor: tensor " + std::to_string(i) +
                            " ('" + t.name + "') is a constant of the model");
    size_t n = static_cast<size_t>(a.nbytes());
    if (n != t.bytes && n != t.requiredBytes())
      throw py::value_error("Cannot set tensor: size mismatch for tensor '" +
                            t.name + "'");
    if (n)
      std::memcpy(t.data, a.data(), n);
  }

  /// A copy of tensor `i` (get_tensor), or a view whose base keeps this
  /// interpreter alive (tensor()).
  py::array getTensor(int s, int i, bool view) {
    lite::Tensor &t = tensor(s, i);
    std::string name = liteNumpyName(t.type);
    if (name.empty() || t.type == lite::TensorType::kString)
      throw py::value_error("Cannot get tensor '" + t.name + "': type " +
                            lite::typeName(t.type) +
                            " has no NumPy equivalent that tfmlir supports");
    if (!t.data && t.requiredBytes() > 0)
      throw py::value_error(
          "Tensor data is null. Run allocate_tensors() first");
    std::vector<ssize_t> shape(t.shape.begin(), t.shape.end());
    py::dtype dt(name);
    if (view) {
      // The capsule keeps this interpreter alive and counts as a live view
      // until NumPy frees the array (ensureSafe).
      auto *keep = new std::shared_ptr<PyLiteInterpreter>(shared_from_this());
      ++liveViews;
      py::capsule base(keep, [](void *p) {
        auto *k = static_cast<std::shared_ptr<PyLiteInterpreter> *>(p);
        --(*k)->liveViews;
        delete k;
      });
      return py::array(dt, shape, std::vector<ssize_t>(), t.data, base);
    }
    py::array out(dt, shape);
    size_t total = static_cast<size_t>(out.nbytes());
    size_t n = std::min(total, t.bytes);
    if (n)
      std::memcpy(out.mutable_data(), t.data, n);
    if (total > n) // never hand out uninitialized memory
      std::memset(static_cast<char *>(out.mutable_data()) + n, 0, total - n);
    return out;
  }

  /// [(key, subgraph, [(name, tensor)], [(name, tensor)])]
  py::list signatures() const {
    py::list out;
    for (const lite::SignatureDefIR &s : model->def().signatures)
      out.append(py::make_tuple(s.key, s.subgraphIndex, py::cast(s.inputs),
                                py::cast(s.outputs)));
    return out;
  }
};

//===----------------------------------------------------------------------===//
// Converter
//===----------------------------------------------------------------------===//

lite::NpyArray npyFromNumpy(const py::handle &obj, const std::string &what) {
  py::array a = py::array::ensure(obj, py::array::c_style);
  if (!a)
    throwStatus(absl::InvalidArgumentError(
        what + ": not convertible to a NumPy array"));
  lite::NpyArray out;
  out.type = liteTypeOf(a.dtype());
  if (out.type == lite::TensorType::kResource ||
      out.type == lite::TensorType::kComplex64 ||
      out.type == lite::TensorType::kComplex128)
    throwStatus(absl::InvalidArgumentError(
        what + ": NumPy dtype " + py::str(a.dtype()).cast<std::string>() +
        " is not supported"));
  for (ssize_t k = 0; k < a.ndim(); ++k) {
    if (a.shape(k) > INT32_MAX)
      throwStatus(absl::InvalidArgumentError(what + ": dimension too large"));
    out.shape.push_back(static_cast<int32_t>(a.shape(k)));
  }
  const uint8_t *p = static_cast<const uint8_t *>(a.data());
  out.bytes.assign(p, p + a.nbytes());
  return out;
}

/// Returns (bytes, op report, quantization report, log). On failure raises
/// the OpError of the status with the log (diagnostics naming nodes) and
/// the one-line summary as its message.
py::tuple convertPy(const PyModel &m, const py::dict &opts,
                    const py::list &samplesPy) {
  ConverterOptions o;
  auto strings = [&](const char *k, std::vector<std::string> &dst) {
    if (opts.contains(k) && !opts[k].is_none())
      dst = opts[k].cast<std::vector<std::string>>();
  };
  auto string = [&](const char *k, std::string &dst) {
    if (opts.contains(k) && !opts[k].is_none())
      dst = opts[k].cast<std::string>();
  };
  auto boolean = [&](const char *k, bool &dst) {
    if (opts.contains(k) && !opts[k].is_none())
      dst = opts[k].cast<bool>();
  };
  strings("input_arrays", o.inputArrays);
  strings("input_shapes", o.inputShapes);
  strings("input_data_types", o.inputDataTypes);
  strings("output_arrays", o.outputArrays);
  boolean("allow_custom_ops", o.allowCustomOps);
  boolean("fuse", o.fuse);
  string("quantize", o.quantize);
  string("inference_input_type", o.inferenceInputType);
  string("inference_output_type", o.inferenceOutputType);
  boolean("disable_per_channel_for_dense_layers",
          o.disablePerChannelForDenseLayers);
  boolean("quant_report", o.quantReport);
  boolean("emit_mlir", o.emitMlir);
  boolean("log_op_report", o.logOpReport);
  // from_saved_model: the signature gives the arrays, dtypes and shapes,
  // exactly as for tf-convert --saved-model-dir (lib/Pipelines).
  ConverterInput input;
  string("signature_key", input.signatureKey);
  input.savedModel = !input.signatureKey.empty();
  input.path = m.model.sourceName;
  if (absl::Status st = applyConverterInput(m.model, input, o); !st.ok())
    throwStatus(st);
  std::vector<CalibrationSample> samples;
  size_t k = 0;
  for (const py::handle &entry : samplesPy) {
    CalibrationSample s;
    size_t j = 0;
    for (const py::handle &arr : entry)
      s.push_back(npyFromNumpy(arr, "representative_dataset entry " +
                                        std::to_string(k) + " array " +
                                        std::to_string(j++)));
    samples.push_back(std::move(s));
    ++k;
  }
  std::string log;
  llvm::raw_string_ostream logStream(log);
  absl::StatusOr<ConversionResult> r;
  {
    py::gil_scoped_release release;
    r = convertToTFLite(m.model, o, samples, &logStream);
    logStream.flush();
  }
  if (!r.ok()) {
    std::string msg = log;
    if (!r.status().message().empty())
      msg += std::string(r.status().message());
    while (!msg.empty() && msg.back() == '\n')
      msg.pop_back();
    throwStatus(absl::Status(r.status().code(), msg));
  }
  return py::make_tuple(py::bytes(r->bytes), r->opReport, r->quantReport, log);
}

} // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "tfmlir's C++ core (private; use tfmlir.compat.v1, tfmlir.lite, "
            "tfmlir.saved_model)";

  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p)
        std::rethrow_exception(p);
    } catch (const StatusError &e) {
      py::object errors = py::module_::import("tfmlir.errors");
      py::object exc = errors.attr("_from_status")(e.code, e.message);
      PyErr_SetObject(reinterpret_cast<PyObject *>(Py_TYPE(exc.ptr())),
                      exc.ptr());
    }
  });

  py::class_<PyModel, std::shared_ptr<PyModel>>(m, "Model")
      .def_property_readonly("format",
                             [](const PyModel &p) {
                               return std::string(
                                   modelFormatName(p.model.format));
                             })
      .def_property_readonly(
          "source_name", [](const PyModel &p) { return p.model.sourceName; })
      .def_property_readonly(
          "init_targets", [](const PyModel &p) { return p.model.initTargets; })
      .def_property_readonly(
          "num_nodes",
          [](const PyModel &p) { return p.model.graph.node_size(); })
      .def("node_info", &PyModel::nodeInfo, py::arg("name"))
      .def("signatures", &PyModel::signatures)
      .def("graph_def_bytes", [](const PyModel &p) {
        return py::bytes(p.model.graph.SerializeAsString());
      });
  m.def("load_model", &loadModelPy, py::arg("path"),
        py::arg("tags") = py::none(),
        "Loads a GraphDef file, SavedModel directory or TF.js model.json "
        "(tfmlir::loadModel).");
  m.def("load_converter_input", &loadConverterInputPy, py::arg("path"),
        py::arg("saved_model"), py::arg("signature_key") = "",
        py::arg("tags") = py::none(),
        "Loads a converter's model as tf-convert does "
        "(tfmlir::loadConverterInput): a GraphDef, TF.js model.json or, with "
        "saved_model, a SavedModel directory whose signature must exist.");
  m.def("model_from_bytes", &modelFromBytes, py::arg("data"), py::arg("name"),
        "Parses a GraphDef (binary or text) from bytes.");

  py::class_<PySession>(m, "Session")
      .def(py::init<const PyModel &, int, int, int64_t, int64_t,
                    const std::string &, bool, const std::string &, int,
                    const std::string &>(),
           py::arg("model"), py::arg("intra_op_parallelism_threads") = 0,
           py::arg("inter_op_parallelism_threads") = 0,
           py::arg("max_run_memory_bytes") = 0,
           py::arg("max_compile_memory_bytes") = 0,
           py::arg("compile_cache_dir") = "",
           py::arg("xla_clamp_indices") = false, py::arg("jit") = "whole",
           py::arg("tf_xla_min_cluster_size") = 4, py::arg("device") = "")
      .def("run", &PySession::run, py::arg("feeds"), py::arg("fetches"),
           py::arg("targets"))
      .def("close", &PySession::close)
      .def("stats", &PySession::stats);

  py::class_<PyLiteInterpreter, std::shared_ptr<PyLiteInterpreter>>(
      m, "LiteInterpreter")
      .def_static("from_file",
                  [](const std::string &path) {
                    auto p = std::make_shared<PyLiteInterpreter>();
                    p->init(lite::FlatBufferModel::buildFromFile(path));
                    return p;
                  })
      .def_static("from_buffer",
                  [](const py::bytes &data) {
                    auto p = std::make_shared<PyLiteInterpreter>();
                    std::string_view v = data;
                    p->init(lite::FlatBufferModel::buildFromBuffer(
                        v.data(), v.size(), "<model_content>"));
                    return p;
                  })
      .def("set_num_threads",
           [](PyLiteInterpreter &p, int n) { p.interp->setNumThreads(n); })
      .def("num_subgraphs",
           [](PyLiteInterpreter &p) { return p.interp->numSubgraphs(); })
      .def("num_tensors",
           [](PyLiteInterpreter &p, int s) { return p.sg(s).numTensors(); })
      .def("inputs",
           [](PyLiteInterpreter &p, int s) { return p.sg(s).inputs(); })
      .def("outputs",
           [](PyLiteInterpreter &p, int s) { return p.sg(s).outputs(); })
      .def("details", &PyLiteInterpreter::details)
      .def("allocate", &PyLiteInterpreter::allocate)
      .def("invoke", &PyLiteInterpreter::invoke)
      .def("resize", &PyLiteInterpreter::resize)
      .def("set_tensor", &PyLiteInterpreter::setTensor)
      .def("get_tensor", &PyLiteInterpreter::getTensor)
      .def("reset_variables",
           [](PyLiteInterpreter &p) {
             p.ensureSafe("reset_all_variables");
             p.interp->resetVariableTensors();
           })
      .def("signatures", &PyLiteInterpreter::signatures);

  m.def("convert", &convertPy, py::arg("model"), py::arg("options"),
        py::arg("samples"),
        "lib/Pipelines/TFLiteConverter: returns (bytes, op_report, "
        "quant_report, log).");
}
