"""Turns the model arguments that tfmlir's API takes into a loaded model.

A model is given as a path (a frozen GraphDef .pb/.pbtxt, a SavedModel
directory or a TF.js model.json; read by the C++ ``tfmlir::loadModel``), as
the bytes of a serialized GraphDef (binary or text format), or as an object
with ``SerializeToString()`` (a GraphDef protocol buffer, e.g. TensorFlow's
own) or ``as_graph_def()`` (a ``tf.Graph``).
"""

import os

from tfmlir import _core


def load(graph_def_or_path, tags=None):
    """Returns a ``_core.Model`` for ``graph_def_or_path`` (see module doc).

    Raises:
      TypeError: the argument is none of the accepted kinds.
      tfmlir.errors.NotFoundError / InvalidArgumentError /
      UnimplementedError: the file is missing, malformed or uses features
        the loader does not support (the message names the file).
    """
    if isinstance(graph_def_or_path, _core.Model):
        return graph_def_or_path
    if isinstance(graph_def_or_path, (str, os.PathLike)):
        return _core.load_model(os.fspath(graph_def_or_path),
                                None if tags is None else list(tags))
    if isinstance(graph_def_or_path, (bytes, bytearray, memoryview)):
        return _core.model_from_bytes(bytes(graph_def_or_path), "<graph_def>")
    if hasattr(graph_def_or_path, "SerializeToString"):
        return _core.model_from_bytes(graph_def_or_path.SerializeToString(),
                                      "<GraphDef>")
    if hasattr(graph_def_or_path, "as_graph_def"):
        return load(graph_def_or_path.as_graph_def())
    raise TypeError(
        "expected a path (GraphDef .pb/.pbtxt, SavedModel directory, TF.js "
        "model.json), GraphDef bytes or a GraphDef protocol buffer, got %s"
        % type(graph_def_or_path).__name__)


def normalize_tags(tags):
    """TF's tag argument (None, a string, or an iterable) as a list."""
    if tags is None:
        return ["serve"]
    if isinstance(tags, str):
        return [tags]
    return list(tags)
