"""``tfmlir.saved_model``: TF2's ``tf.saved_model.load`` over runtime/session.

``load(export_dir)`` reads a SavedModel with the C++ loader
(lib/Translate/SavedModel.h: the MetaGraphDef for ``tags``, variables bound
from the tensor bundle, signature_defs), runs its init ops once in a
Session, and returns an object whose ``signatures`` map each signature key
to a callable: ``f(x=array)`` returns a dict of output name -> NumPy array,
as TF's signature ConcreteFunctions return a dict of output name -> Tensor.
"""

import collections.abc

import numpy as np

from tfmlir import _core
from tfmlir import _model

SERVING = "serve"
DEFAULT_SERVING_SIGNATURE_DEF_KEY = "serving_default"


class SignatureFunction:
    """One signature of a loaded SavedModel, callable with keyword arrays.

    Attributes:
      name: the signature key.
      method_name: the SignatureDef's method ("tensorflow/serving/predict").
      inputs: {input name: (tensor name, NumPy dtype name, shape or None)}.
      outputs: {output name: (tensor name, NumPy dtype name, shape or None)}.
    """

    def __init__(self, loaded, key, method_name, inputs, outputs):
        self._loaded = loaded
        self.name = key
        self.method_name = method_name
        self.inputs = {n: (t, d, s) for n, t, d, s in inputs}
        self.outputs = {n: (t, d, s) for n, t, d, s in outputs}

    @property
    def structured_outputs(self):
        """The output names (TF returns a dict of TensorSpecs here)."""
        return {n: None for n in self.outputs}

    def __call__(self, *args, **kwargs):
        """Runs the signature. Inputs are keyword arguments named after the
        signature's inputs; values are converted with ``np.asarray`` to the
        input's dtype when they are not arrays.

        Raises:
          TypeError: positional arguments, unknown or missing inputs, or an
            array whose dtype differs from the input's (as TF refuses to
            bind a tensor of another dtype).
          ValueError: an array whose shape is incompatible with the input's.
          tfmlir.errors.OpError: failures while running.
        """
        if args:
            raise TypeError("%s(*, %s) takes 0 positional arguments but %d were "
                            "given" % (self.name, ", ".join(sorted(self.inputs)),
                                       len(args)))
        unknown = sorted(set(kwargs) - set(self.inputs))
        if unknown:
            raise TypeError("%s() got an unexpected keyword argument '%s'"
                            % (self.name, unknown[0]))
        missing = sorted(set(self.inputs) - set(kwargs))
        if missing:
            raise TypeError("%s() missing required arguments: %s"
                            % (self.name, ", ".join(missing)))
        feeds = []
        for name, value in kwargs.items():
            tensor, dtype, shape = self.inputs[name]
            try:
                want = np.dtype(dtype)
            except TypeError:
                want = None
            if isinstance(value, np.ndarray) or np.isscalar(value) and isinstance(value, np.generic):
                arr = np.asarray(value)
                if want is not None and arr.dtype != want:
                    raise TypeError("%s(): input '%s' expects dtype %s, got %s"
                                    % (self.name, name, want.name, arr.dtype.name))
            else:
                arr = np.asarray(value, dtype=want)
            if shape is not None:
                ok = len(shape) == arr.ndim and all(
                    d < 0 or d == s for d, s in zip(shape, arr.shape))
                if not ok:
                    raise ValueError("%s(): input '%s' expects shape %s, got %s"
                                     % (self.name, name,
                                        [None if d < 0 else d for d in shape],
                                        list(arr.shape)))
            feeds.append((tensor, arr))
        names = sorted(self.outputs)
        tensors = [self.outputs[n][0] for n in names]
        values = self._loaded._session.run(feeds, tensors, [])
        return dict(zip(names, values))


class _SignatureMap(collections.abc.Mapping):
    """The ``signatures`` attribute: a read-only mapping key -> function."""

    def __init__(self, functions):
        self._functions = functions

    def __getitem__(self, key):
        return self._functions[key]

    def __iter__(self):
        return iter(self._functions)

    def __len__(self):
        return len(self._functions)

    def __repr__(self):
        return "_SignatureMap(%s)" % sorted(self._functions)


class LoadedSavedModel:
    """What ``load`` returns: ``.signatures`` plus the model's format and
    source (the Session that runs it is private)."""

    def __init__(self, model):
        self._model = model
        self._session = _core.Session(model)
        if model.init_targets:
            self._session.run([], [], list(model.init_targets))
        self.signatures = _SignatureMap({
            key: SignatureFunction(self, key, method, ins, outs)
            for key, method, ins, outs in model.signatures()})


def load(export_dir, tags=None, options=None):
    """Loads the SavedModel in ``export_dir`` (TF's ``tf.saved_model.load``).

    Args:
      export_dir: the SavedModel directory (saved_model.pb or .pbtxt,
        variables/).
      tags: the MetaGraphDef's tag set; None means {"serve"}.
      options: accepted for compatibility; ignored.

    Raises:
      tfmlir.errors.NotFoundError: no such directory or no MetaGraphDef
        with these tags; InvalidArgumentError: a malformed SavedModel;
        UnimplementedError: features the loader does not support.
    """
    del options
    model = _model.load(export_dir, _model.normalize_tags(tags))
    return LoadedSavedModel(model)
