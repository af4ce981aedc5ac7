"""``tfmlir.lite``: TF's ``tf.lite`` API over runtime/lite and lib/Pipelines.

- ``Interpreter`` runs .tflite models in tfmlir's lite interpreter with
  tf.lite.Interpreter's methods and errors (ValueError for bad arguments,
  RuntimeError for failed allocation or invocation) and the same
  input/output details dicts.
- ``TFLiteConverter`` converts a frozen GraphDef or a SavedModel signature
  with lib/Pipelines/TFLiteConverter.h (the same code as tf-convert),
  including post-training quantization: ``optimizations=[Optimize.DEFAULT]``
  gives dynamic-range int8 weights, plus ``representative_dataset`` full
  integer (calibrated in runtime/lite), plus
  ``target_spec.supported_types=[float16]`` float16 weights.
"""

import enum
import os

import numpy as np

from tfmlir import _core
from tfmlir import _model
from tfmlir import errors


# ---------------------------------------------------------------------------
# Interpreter
# ---------------------------------------------------------------------------

def _np_type(name):
    """NumPy scalar type for a dtype name ("" -> None)."""
    if not name:
        return None
    if name == "object":
        return np.object_
    return np.dtype(name).type


def _details(core, subgraph, index):
    d = core.details(subgraph, index)
    scales, zero_points = d["scales"], d["zero_points"]
    if len(scales) == 1 and len(zero_points) == 1:
        quantization = (float(scales[0]), int(zero_points[0]))
    else:
        quantization = (0.0, 0)
    return {
        "name": d["name"],
        "index": index,
        "shape": d["shape"],
        "shape_signature": d["shape_signature"],
        "dtype": _np_type(d["dtype"]),
        "quantization": quantization,
        "quantization_parameters": {
            "scales": scales,
            "zero_points": zero_points,
            "quantized_dimension": d["quantized_dimension"],
        },
        "sparsity_parameters": d["sparsity_parameters"],
    }


class Interpreter:
    """Runs a .tflite model (``tf.lite.Interpreter``).

    Args:
      model_path: path of a .tflite file (memory-mapped and verified).
      model_content: the model as bytes (copied and verified).
      experimental_delegates: must be None or empty (tfmlir has no delegates).
      num_threads: threads of the interpreter's persistent pool (int >= 1,
        or -1 for the default; capped at the machine's core count); None
        keeps the default (1).
      experimental_op_resolver_type, experimental_preserve_all_tensors,
      experimental_disable_delegate_clustering: accepted, ignored (every
        tensor is kept; the built-in kernels are always used).

    Raises:
      ValueError: neither or both of model_path/model_content, a bad
        num_threads, or a file that is missing or not a valid TFLite model
        (the message names the file and what is wrong), or ops without a
        kernel (listing each with its subgraph:op position).
    """

    def __init__(self, model_path=None, model_content=None,
                 experimental_delegates=None, num_threads=None,
                 experimental_op_resolver_type=None,
                 experimental_preserve_all_tensors=False,
                 experimental_disable_delegate_clustering=False):
        del experimental_op_resolver_type, experimental_preserve_all_tensors
        del experimental_disable_delegate_clustering
        if experimental_delegates:
            raise ValueError("tfmlir's Interpreter has no delegates")
        if num_threads is not None:
            if not isinstance(num_threads, int) or isinstance(num_threads, bool):
                raise ValueError("type of num_threads should be int")
            if num_threads < 1 and num_threads != -1:
                raise ValueError("num_threads should >= 1")
        if model_path is not None and model_content is not None:
            raise ValueError("Can't both provide `model_path` and `model_content`")
        if model_path is not None:
            if not isinstance(model_path, (str, os.PathLike)):
                raise ValueError("model_path must be a str or os.PathLike, got %s"
                                 % type(model_path).__name__)
            # The library refuses directories and devices with a message
            # naming the file (lib/Support/File.h).
            self._core = _core.LiteInterpreter.from_file(os.fspath(model_path))
        elif model_content is not None:
            if not isinstance(model_content, (bytes, bytearray, memoryview)):
                raise ValueError("model_content must be bytes, got %s"
                                 % type(model_content).__name__)
            self._core = _core.LiteInterpreter.from_buffer(bytes(model_content))
        else:
            raise ValueError("Can't create interpreter, no model provided "
                             "(give model_path or model_content)")
        if num_threads is not None:
            self._core.set_num_threads(num_threads)

    def allocate_tensors(self):
        """Plans the tensors of the primary subgraph (shapes propagate from
        the inputs). Raises RuntimeError when a shape cannot be computed or
        memory runs out."""
        self._core.allocate(0)

    def invoke(self):
        """Runs the primary subgraph. Raises RuntimeError before
        allocate_tensors() or when a kernel fails."""
        self._core.invoke(0)

    def reset_all_variables(self):
        """Restores every variable tensor to its initial value."""
        self._core.reset_variables()

    def _check_index(self, tensor_index, subgraph_index=0):
        if not isinstance(tensor_index, (int, np.integer)) or isinstance(tensor_index, bool):
            raise ValueError("tensor_index must be an int, got %s"
                             % type(tensor_index).__name__)
        return int(tensor_index)

    def _get_tensor_details(self, tensor_index, subgraph_index=0):
        return _details(self._core, subgraph_index,
                        self._check_index(tensor_index))

    def get_input_details(self):
        """One dict per model input: name, index, shape, shape_signature,
        dtype (a NumPy type), quantization (scale, zero_point),
        quantization_parameters {scales, zero_points, quantized_dimension},
        sparsity_parameters."""
        return [_details(self._core, 0, i) for i in self._core.inputs(0)]

    def get_output_details(self):
        """As get_input_details, for the outputs."""
        return [_details(self._core, 0, i) for i in self._core.outputs(0)]

    def get_tensor_details(self):
        """Details of every tensor of the primary subgraph."""
        return [_details(self._core, 0, i) for i in range(self._core.num_tensors(0))]

    def set_tensor(self, tensor_index, value):
        """Copies ``value`` into tensor ``tensor_index``. Raises ValueError
        for a dtype or shape that differs from the tensor's (resize first),
        an unknown index, or before allocate_tensors()."""
        self._core.set_tensor(0, self._check_index(tensor_index), value)

    def get_tensor(self, tensor_index, subgraph_index=0):
        """A copy of tensor ``tensor_index``. Raises ValueError for an
        unknown index or before allocate_tensors()."""
        return self._core.get_tensor(int(subgraph_index),
                                     self._check_index(tensor_index), False)

    def tensor(self, tensor_index):
        """A function returning a NumPy view of the tensor's current buffer
        (no copy), as TF's. Hold the function, not the array: while an array
        it returned (or a slice of one) is alive, allocate_tensors(),
        invoke(), resize_tensor_input() and reset_all_variables() raise
        RuntimeError, as TF's ``_ensure_safe`` does, because they may move or
        rewrite the buffer."""
        index = self._check_index(tensor_index)
        core = self._core
        return lambda: core.get_tensor(0, index, True)

    def resize_tensor_input(self, input_index, tensor_size, strict=False):
        """Resizes input tensor ``input_index`` (a tensor index, as in the
        details' ``index``) to ``tensor_size``; call allocate_tensors()
        afterwards. With ``strict``, only dims that are -1 in the
        shape_signature may change. Raises ValueError."""
        try:
            size = np.array(tensor_size, dtype=np.int64)
        except (TypeError, ValueError):
            raise ValueError("tensor_size must be a list of ints, got %r"
                             % (tensor_size,)) from None
        if size.ndim != 1 and size.size != 0:
            raise ValueError("tensor_size must be a 1-D list of ints")
        self._core.resize(0, self._check_index(input_index),
                          [int(d) for d in size.reshape(-1)], bool(strict))

    def get_signature_list(self):
        """{signature key: {'inputs': [names], 'outputs': [names]}}."""
        return {key: {"inputs": [n for n, _ in ins], "outputs": [n for n, _ in outs]}
                for key, _, ins, outs in self._core.signatures()}

    def get_signature_runner(self, signature_key=None):
        """A SignatureRunner for ``signature_key`` (None: the only one).
        Raises ValueError for an unknown key, or for None when the model has
        not exactly one signature."""
        sigs = {key: (sg, ins, outs) for key, sg, ins, outs in self._core.signatures()}
        if signature_key is None:
            if len(sigs) != 1:
                raise ValueError(
                    "SignatureDef signature_key is None and model has %d "
                    "Signatures. None is only allowed when the model has 1 "
                    "SignatureDef" % len(sigs))
            signature_key = next(iter(sigs))
        if signature_key not in sigs:
            raise ValueError("Invalid signature key '%s'; the model has %s"
                             % (signature_key, sorted(sigs)))
        sg, ins, outs = sigs[signature_key]
        return SignatureRunner(self, signature_key, sg, ins, outs)


class SignatureRunner:
    """Runs one signature of a model (``tf.lite`` SignatureRunner):
    ``runner(x=array)`` returns {output name: array}."""

    def __init__(self, interpreter, key, subgraph, inputs, outputs):
        self._interpreter = interpreter
        self._core = interpreter._core
        self._key = key
        self._subgraph = subgraph
        self._inputs = dict(inputs)
        self._outputs = dict(outputs)

    def __call__(self, **kwargs):
        """Resizes the inputs to the given arrays' shapes when they differ,
        allocates, sets the inputs, invokes, and returns copies of the
        outputs. Raises ValueError for a wrong number of inputs, an unknown
        input name, or a wrong dtype; RuntimeError when invocation fails."""
        if len(kwargs) != len(self._inputs):
            raise ValueError(
                "Invalid number of inputs provided for running a SignatureDef, "
                "expected %d vs provided %d" % (len(self._inputs), len(kwargs)))
        arrays = {}
        resized = False
        for name, value in kwargs.items():
            if name not in self._inputs:
                raise ValueError("Invalid Input name (%s) for SignatureDef" % name)
            arr = np.asarray(value)
            index = self._inputs[name]
            d = self._core.details(self._subgraph, index)
            if list(d["shape"]) != list(arr.shape):
                self._core.resize(self._subgraph, index, list(arr.shape), False)
                resized = True
            arrays[index] = arr
        if resized or not self._allocated:
            self._core.allocate(self._subgraph)
            self._allocated = True
        for index, arr in arrays.items():
            self._core.set_tensor(self._subgraph, index, arr)
        self._core.invoke(self._subgraph)
        return {name: self._core.get_tensor(self._subgraph, index, False)
                for name, index in self._outputs.items()}

    _allocated = False

    def get_input_details(self):
        """{input name: details dict} (see Interpreter.get_input_details)."""
        return {n: _details(self._core, self._subgraph, i) for n, i in self._inputs.items()}

    def get_output_details(self):
        """{output name: details dict}."""
        return {n: _details(self._core, self._subgraph, i) for n, i in self._outputs.items()}


# ---------------------------------------------------------------------------
# Converter
# ---------------------------------------------------------------------------

class Optimize(enum.Enum):
    """TF's ``tf.lite.Optimize``. DEFAULT (and its deprecated aliases)
    enables post-training quantization."""
    DEFAULT = "DEFAULT"
    OPTIMIZE_FOR_SIZE = "OPTIMIZE_FOR_SIZE"
    OPTIMIZE_FOR_LATENCY = "OPTIMIZE_FOR_LATENCY"
    EXPERIMENTAL_SPARSITY = "EXPERIMENTAL_SPARSITY"


class OpsSet(enum.Enum):
    """TF's ``tf.lite.OpsSet``."""
    TFLITE_BUILTINS = "TFLITE_BUILTINS"
    SELECT_TF_OPS = "SELECT_TF_OPS"
    TFLITE_BUILTINS_INT8 = "TFLITE_BUILTINS_INT8"
    EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_WEIGHTS_INT8 = (
        "EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_WEIGHTS_INT8")


class TargetSpec:
    """TF's ``tf.lite.TargetSpec``: supported_ops (a set of OpsSet) and
    supported_types (e.g. [tfmlir.float16])."""

    def __init__(self, supported_ops=None, supported_types=None,
                 experimental_select_user_tf_ops=None,
                 experimental_supported_backends=None):
        del experimental_select_user_tf_ops, experimental_supported_backends
        self.supported_ops = set(supported_ops) if supported_ops else {OpsSet.TFLITE_BUILTINS}
        self.supported_types = list(supported_types) if supported_types else []


class RepresentativeDataset:
    """TF's ``tf.lite.RepresentativeDataset``: wraps a generator function
    that yields one list of input arrays per calibration step."""

    def __init__(self, input_gen):
        self.input_gen = input_gen


class ConverterError(Exception):
    """Conversion failed (TF's ``ConverterError``). The message holds every
    diagnostic, naming the file and node, e.g. the list of ops without a
    TFLite builtin. ``error_code`` is the tfmlir.errors code."""

    def __init__(self, message, error_code=errors.UNKNOWN):
        super().__init__(message)
        self.error_code = error_code


def _dtype_name(t, what):
    try:
        return np.dtype(t).name
    except TypeError:
        raise ValueError("%s: %r is not a dtype" % (what, t)) from None


_OPTIMIZE_ON = {Optimize.DEFAULT, Optimize.OPTIMIZE_FOR_SIZE, Optimize.OPTIMIZE_FOR_LATENCY}


class TFLiteConverter:
    """Converts a TF model to TFLite (``tf.lite.TFLiteConverter``; the
    ``from_frozen_graph`` constructor is TF1's, ``tf.compat.v1.lite``).

    Attributes (TF's):
      optimizations: e.g. [Optimize.DEFAULT] for post-training quantization.
      representative_dataset: a generator function (or RepresentativeDataset)
        yielding lists of input arrays (or dicts by input name): full
        integer quantization, calibrated in tfmlir's lite interpreter.
      target_spec: TargetSpec; supported_types=[float16] selects float16
        weights; supported_ops={OpsSet.TFLITE_BUILTINS_INT8} requires a
        representative dataset.
      inference_input_type, inference_output_type: float32 (default), int8 or
        uint8 (full integer quantization only).
      allow_custom_ops: ops without a TFLite builtin become custom ops named
        after the TF op instead of failing the conversion.
    After convert(): ``op_report`` holds tflite_convert's list of builtins
    and unsupported ops.
    """

    def __init__(self, model, input_arrays=None, output_arrays=None,
                 input_shapes=None, signature_key=None):
        self._model = model
        self._input_arrays = list(input_arrays or [])
        self._output_arrays = list(output_arrays or [])
        self._input_shapes = input_shapes
        self._signature_key = signature_key
        self.optimizations = []
        self.representative_dataset = None
        self.target_spec = TargetSpec()
        self.inference_input_type = np.float32
        self.inference_output_type = np.float32
        self.allow_custom_ops = False
        self.experimental_new_converter = True
        self.experimental_new_quantizer = True
        self._experimental_disable_per_channel_quantization_for_dense_layers = False
        self.op_report = ""

    @classmethod
    def from_frozen_graph(cls, graph_def_file, input_arrays, output_arrays,
                          input_shapes=None):
        """A converter for a frozen GraphDef file (.pb or .pbtxt).

        Args:
          graph_def_file: the GraphDef path.
          input_arrays: input tensor names ("x" or "x:0").
          output_arrays: output tensor names.
          input_shapes: {input name: [dims]} (None dims unknown); default:
            the Placeholders' shapes.
        Raises:
          ValueError: empty output_arrays, input_shapes for unknown inputs.
          tfmlir.errors.OpError: the file does not load.
        """
        if not output_arrays:
            raise ValueError("output_arrays must name at least one tensor")
        if isinstance(graph_def_file, (str, os.PathLike)):
            # Read as tf-convert --graph-def-file reads it (the library's
            # loadConverterInput detects the format).
            model = _core.load_converter_input(os.fspath(graph_def_file), False)
        else:
            model = _model.load(graph_def_file)
        if input_shapes:
            unknown = sorted(set(input_shapes) - set(input_arrays))
            if unknown:
                raise ValueError("input_shapes names %s, which are not in "
                                 "input_arrays %s" % (unknown, list(input_arrays)))
        return cls(model, input_arrays, output_arrays, input_shapes)

    @classmethod
    def from_saved_model(cls, saved_model_dir, signature_keys=None, tags=None):
        """A converter for one signature of a SavedModel (default
        "serving_default"); its inputs and outputs become the model's, in
        the signature's sorted order.

        Raises:
          ValueError: more than one signature key.
          tfmlir.errors.OpError: the SavedModel does not load.
        """
        if signature_keys is None:
            signature_keys = ["serving_default"]
        if isinstance(signature_keys, str):
            signature_keys = [signature_keys]
        if len(signature_keys) != 1:
            raise ValueError("Only support a single signature key.")
        # As tf-convert --saved-model-dir: the directory must be a
        # SavedModel and the signature must exist (loadConverterInput).
        model = _core.load_converter_input(os.fspath(saved_model_dir), True,
                                           signature_keys[0],
                                           _model.normalize_tags(tags))
        return cls(model, signature_key=signature_keys[0])

    def _quantize_mode(self):
        opts = set(self.optimizations or [])
        for o in opts:
            if not isinstance(o, Optimize):
                raise ValueError("optimizations must hold tfmlir.lite.Optimize "
                                 "values, got %r" % (o,))
        ops = set(self.target_spec.supported_ops)
        if OpsSet.SELECT_TF_OPS in ops:
            raise ValueError("OpsSet.SELECT_TF_OPS (TF ops inside TFLite) is not "
                             "supported by tfmlir; set allow_custom_ops=True to "
                             "keep ops without a builtin as custom ops")
        if OpsSet.EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_WEIGHTS_INT8 in ops:
            raise ValueError("16x8 quantization (int16 activations) is not "
                             "supported by tfmlir's converter yet")
        types = [_dtype_name(t, "target_spec.supported_types")
                 for t in self.target_spec.supported_types]
        enabled = bool(opts & _OPTIMIZE_ON)
        int8_only = ops == {OpsSet.TFLITE_BUILTINS_INT8}
        if not enabled:
            return "none"
        if types and min(types, key=lambda n: np.dtype(n).itemsize) == "float16":
            return "float16"
        if self.representative_dataset is not None:
            return "int8"
        if int8_only:
            raise ValueError("For full integer quantization, a "
                             "`representative_dataset` must be specified.")
        return "dynamic"

    def _samples(self, input_names):
        gen = self.representative_dataset
        if gen is None:
            return []
        if hasattr(gen, "input_gen"):
            gen = gen.input_gen
        if not callable(gen):
            raise ValueError("representative_dataset must be a generator "
                             "function (or tf.lite.RepresentativeDataset)")
        samples = []
        for k, entry in enumerate(gen()):
            if isinstance(entry, dict):
                missing = [n for n in input_names if n not in entry]
                if missing:
                    raise ValueError("representative_dataset entry %d has no "
                                     "value for input(s) %s" % (k, missing))
                entry = [entry[n] for n in input_names]
            elif not isinstance(entry, (list, tuple)):
                entry = [entry]
            samples.append([np.ascontiguousarray(np.asarray(x)) for x in entry])
        if not samples:
            raise ValueError("representative_dataset yielded no samples")
        return samples

    def convert(self):
        """Runs the conversion; returns the .tflite model as bytes.

        Raises:
          ValueError: inconsistent attributes (see the class doc), or
            representative data whose number, dtype or shape of arrays does
            not match the model inputs.
          ConverterError: the graph does not convert (the message lists
            every diagnostic, e.g. each op without a TFLite builtin and its
            nodes).
        """
        mode = self._quantize_mode()
        in_type = _dtype_name(self.inference_input_type, "inference_input_type")
        out_type = _dtype_name(self.inference_output_type, "inference_output_type")
        for t in (in_type, out_type):
            if t not in ("float32", "int8", "uint8"):
                raise ValueError("inference_input_type and inference_output_type "
                                 "must be float32, int8 or uint8, got %s" % t)
        if (in_type != "float32" or out_type != "float32") and mode != "int8":
            raise ValueError("The inference_input_type and inference_output_type "
                             "must be tf.float32 unless full integer quantization "
                             "is enabled (optimizations=[Optimize.DEFAULT] and a "
                             "representative_dataset).")
        options = {
            "quantize": mode,
            "inference_input_type": in_type,
            "inference_output_type": out_type,
            "allow_custom_ops": bool(self.allow_custom_ops),
            # The op report comes back in the result; the log (and so an
            # error's message) keeps only the diagnostics.
            "log_op_report": False,
            "disable_per_channel_for_dense_layers":
                bool(self._experimental_disable_per_channel_quantization_for_dense_layers),
        }
        if self._signature_key is not None:
            options["signature_key"] = self._signature_key
            input_names = sorted(n for key, _, ins, _ in self._model.signatures()
                                 if key == self._signature_key for n, *_ in ins)
        else:
            options["input_arrays"] = self._input_arrays
            options["output_arrays"] = self._output_arrays
            input_names = self._input_arrays
            if self._input_shapes:
                shapes = []
                for name in self._input_arrays:
                    shape = self._input_shapes.get(name)
                    if shape is None:
                        raise ValueError("input_shapes must give a shape for every "
                                         "input; '%s' has none" % name)
                    shapes.append(",".join("-1" if d is None else str(int(d))
                                           for d in shape))
                options["input_shapes"] = shapes
        samples = self._samples(input_names) if mode == "int8" else []
        try:
            data, op_report, _, _ = _core.convert(self._model, options, samples)
        except errors.OpError as e:
            if e.message.startswith("representative_dataset"):
                raise ValueError(e.message) from None
            raise ConverterError(e.message, e.error_code) from None
        self.op_report = op_report
        return data
