"""tfmlir: TensorFlow's Python API names over tfmlir's compiler and runtimes.

User code changes only its import::

    import tfmlir as tf
    with tf.compat.v1.Session("model.pb") as sess:          # GraphDef, JIT-compiled
        y = sess.run("y:0", feed_dict={"x:0": x})
    fn = tf.saved_model.load("export_dir").signatures["serving_default"]
    out = fn(x=x)                                            # dict of NumPy arrays
    interp = tf.lite.Interpreter(model_path="model.tflite")  # runtime/lite
    conv = tf.lite.TFLiteConverter.from_frozen_graph("g.pb", ["x"], ["y"])
    tflite_bytes = conv.convert()

The dtype names (``tfmlir.float32``, ``tfmlir.int8``, ...) are NumPy's
scalar types, so ``converter.inference_input_type = tf.int8`` and
``target_spec.supported_types = [tf.float16]`` read as in TensorFlow.
"""

import numpy as _np

from tfmlir import errors
from tfmlir import lite
from tfmlir import saved_model
from tfmlir import compat

float16 = _np.float16
float32 = _np.float32
float64 = _np.float64
int8 = _np.int8
int16 = _np.int16
int32 = _np.int32
int64 = _np.int64
uint8 = _np.uint8
uint16 = _np.uint16
uint32 = _np.uint32
uint64 = _np.uint64
bool = _np.bool_  # noqa: A001 - TF's name

__version__ = "0.1.0"
__all__ = ["errors", "lite", "saved_model", "compat"]
