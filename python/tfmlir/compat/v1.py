"""``tfmlir.compat.v1``: TF1's Session API over runtime/session.

``Session(graph_def_or_path)`` runs a GraphDef the way
``tf.compat.v1.Session`` does: each distinct (feeds, fetches, targets)
request is compiled once (tf-standard-pipeline, xla-legalize-tf, the CPU
JIT) and cached. ``run`` follows TF's session.py: fetches may be a tensor
name ("y:0"), an op name ("init": run as a target, None in the result), or
any nesting of lists, tuples (namedtuples too) and dicts of them, and the
result has the same structure; feed_dict keys are tensor names; feed values
are converted to the fed tensor's dtype with ``np.asarray`` and checked
against a Placeholder's shape, as TF does.
"""

import collections.abc

import numpy as np

from tfmlir import _core
from tfmlir import _model
from tfmlir import errors
from tfmlir import lite
from tfmlir import saved_model as _saved_model_v2


def _name_of(obj):
    if isinstance(obj, bytes):
        return obj.decode("utf-8")
    if isinstance(obj, str):
        return obj
    name = getattr(obj, "name", None)
    if isinstance(name, str):
        return name
    return None


def _shape_str(shape):
    """TF's TensorShape.__str__: (2, 3), (None, 3), (2,), ()."""
    dims = ["None" if d < 0 else str(d) for d in shape]
    if len(dims) == 1:
        return "(%s,)" % dims[0]
    return "(%s)" % ", ".join(dims)


class _Graph:
    """Node lookups on the session's model, for TF's argument checks."""

    def __init__(self, model):
        self._model = model
        self._cache = {}

    def node(self, name):
        """None, or (op, [numpy dtype names] or None, shape tuple or None)."""
        if name not in self._cache:
            self._cache[name] = self._model.node_info(name)
        return self._cache[name]

    def resolve_tensor(self, name):
        """Splits "node:i"; returns (node, index, info) or raises KeyError
        with TF's message (graph.as_graph_element)."""
        node, _, idx = name.rpartition(":")
        try:
            index = int(idx)
        except ValueError:
            raise KeyError("The name '%s' looks a like a Tensor name, but is "
                           "not a valid one. Tensor names must be of the form "
                           "\"<op_name>:<output_index>\"." % name) from None
        info = self.node(node)
        if info is None:
            raise KeyError("The name '%s' refers to a Tensor which does not "
                           "exist. The operation, '%s', does not exist in the "
                           "graph." % (name, node))
        outputs = info[1]
        if index < 0 or (outputs is not None and index >= len(outputs)):
            raise KeyError("The name '%s' refers to a Tensor which does not "
                           "exist. The operation, '%s', exists but only has %s "
                           "outputs." % (name, node,
                                         len(outputs) if outputs is not None else "?"))
        return node, index, info


class _FetchMapper:
    """TF's fetch mapper: flattens a nested fetch structure into unique
    tensor names and target ops, and rebuilds the structure from results."""

    def __init__(self, graph, fetches):
        self._graph = graph
        self.tensors = []   # unique tensor names, in first-seen order
        self.targets = []   # unique op names
        self._tensor_pos = {}
        self._build = self._map(fetches)

    def _leaf(self, fetch):
        name = _name_of(fetch)
        if name is None:
            raise TypeError(
                'Argument `fetch` = %r has invalid type "%s", must be a string '
                'or Tensor. (Can not convert a %s into a Tensor or Operation.)'
                % (fetch, type(fetch).__name__, type(fetch).__name__))
        if ":" in name:
            try:
                self._graph.resolve_tensor(name)
            except KeyError as e:
                raise ValueError("Argument `fetch` = %s cannot be interpreted as "
                                 "a Tensor. (%s)" % (name, e.args[0])) from None
            if name not in self._tensor_pos:
                self._tensor_pos[name] = len(self.tensors)
                self.tensors.append(name)
            pos = self._tensor_pos[name]
            return lambda values: values[pos]
        if self._graph.node(name) is None:
            raise ValueError("Argument `fetch` = %s cannot be interpreted as a "
                             "Tensor. (The name '%s' refers to an Operation not "
                             "in the graph.)" % (name, name))
        if name not in self.targets:
            self.targets.append(name)
        return lambda values: None

    def _map(self, fetch):
        if fetch is None:
            raise TypeError('Argument `fetch` = None has invalid type '
                            '"NoneType". Cannot be None')
        if isinstance(fetch, (list, tuple)):
            subs = [self._map(f) for f in fetch]
            cls = type(fetch)
            if isinstance(fetch, tuple) and hasattr(fetch, "_fields"):
                return lambda v: cls(*[s(v) for s in subs])  # namedtuple
            return lambda v: cls(s(v) for s in subs)
        if isinstance(fetch, collections.abc.Mapping):
            keys = list(fetch.keys())
            subs = [self._map(fetch[k]) for k in keys]

            def build(v, fetch=fetch, keys=keys, subs=subs):
                pairs = [(k, s(v)) for k, s in zip(keys, subs)]
                if isinstance(fetch, collections.defaultdict):
                    return type(fetch)(fetch.default_factory, pairs)
                try:
                    return type(fetch)(pairs)
                except TypeError:
                    return dict(pairs)
            return build
        return self._leaf(fetch)

    def build(self, values):
        """The fetch structure with each leaf replaced by its value."""
        return self._build(values)


class OptimizerOptions:
    """TF's ``OptimizerOptions``: only ``global_jit_level`` is read.

    ``OFF`` runs every node on host kernels (tfmlir's ``jit="off"``),
    ``ON_1``/``ON_2`` compile clusters and run the rest on host kernels
    (``"auto"``), ``DEFAULT`` keeps tfmlir's default, which compiles the
    whole pruned graph as one function (``"whole"``).
    """

    OFF = -1
    DEFAULT = 0
    ON_1 = 1
    ON_2 = 2
    __slots__ = ("global_jit_level",)

    def __init__(self, global_jit_level=0):
        """Raises ValueError for a level other than OFF, DEFAULT, ON_1,
        ON_2 (TF's enum values -1, 0, 1, 2)."""
        if isinstance(global_jit_level, bool) or global_jit_level not in (-1, 0, 1, 2):
            raise ValueError("global_jit_level must be OptimizerOptions.OFF, "
                             "DEFAULT, ON_1 or ON_2 (-1, 0, 1, 2), got %r"
                             % (global_jit_level,))
        self.global_jit_level = int(global_jit_level)


class GraphOptions:
    """TF's ``GraphOptions``: only ``optimizer_options`` is read (an
    OptimizerOptions, or a dict of its fields)."""

    __slots__ = ("optimizer_options",)

    def __init__(self, optimizer_options=None):
        if isinstance(optimizer_options, dict):
            optimizer_options = OptimizerOptions(**optimizer_options)
        self.optimizer_options = (optimizer_options if optimizer_options
                                  is not None else OptimizerOptions())


class ConfigProto:
    """TF's ``ConfigProto`` for ``Session(config=...)``, with tfmlir's
    runtime limits. A real ``tf.compat.v1.ConfigProto`` works too: the
    Session reads the fields by name.

    TF's fields (tensorflow/core/protobuf/config.proto):
      intra_op_parallelism_threads: threads of the pool that compiled code
        partitions its loops over (0: the machine's cores).
      inter_op_parallelism_threads: threads that run independent nodes
        outside compiled code (0: the machine's cores).
      graph_options: ``GraphOptions(OptimizerOptions(global_jit_level))``.
      allow_soft_placement, log_device_placement, device_count,
        gpu_options: accepted and ignored (one CPU device).
    tfmlir's additions (SessionOptions of runtime/session/Session.h):
      max_run_memory_bytes: the most bytes of buffers one Run may hold
        (0: no limit); over it the Run raises ResourceExhaustedError.
      max_compile_memory_bytes: the most heap one compile may add (0: no
        limit); over it ResourceExhaustedError.
      compile_cache_dir: a directory for the persistent compile cache.
      xla_clamp_indices: clamp out-of-range gather indices as XLA does
        instead of raising InvalidArgumentError as TF's CPU kernels do.
      jit: "whole", "auto" or "off"; overrides graph_options' level.
      tf_xla_min_cluster_size: with "auto", smaller clusters run on host
        kernels (TF's flag; default 4).
      device: where the whole graph runs, as TF names devices: "" or
        "/device:CPU:0" (default), "/device:GPU:N" for NVIDIA GPU N (the
        GPU path through the CUDA driver; needs jit "whole"). An unknown
        name raises InvalidArgumentError, a GPU that cannot be opened
        FailedPreconditionError or UnavailableError, when the Session is
        made.

    Raises:
      TypeError: an unknown field.
    """

    _IGNORED = ("allow_soft_placement", "log_device_placement",
                "device_count", "gpu_options", "operation_timeout_in_ms",
                "use_per_session_threads", "isolate_session_state")
    # As a protobuf message: assigning a field it does not have raises
    # AttributeError.
    __slots__ = ("intra_op_parallelism_threads", "inter_op_parallelism_threads",
                 "graph_options", "max_run_memory_bytes",
                 "max_compile_memory_bytes", "compile_cache_dir",
                 "xla_clamp_indices", "jit", "tf_xla_min_cluster_size",
                 "device", "allow_soft_placement", "log_device_placement")

    def __init__(self, intra_op_parallelism_threads=0,
                 inter_op_parallelism_threads=0, graph_options=None,
                 max_run_memory_bytes=0, max_compile_memory_bytes=0,
                 compile_cache_dir="", xla_clamp_indices=False, jit=None,
                 tf_xla_min_cluster_size=4, device="", **ignored):
        for key in ignored:
            if key not in self._IGNORED:
                raise TypeError("ConfigProto got an unexpected field %r" % key)
        self.allow_soft_placement = bool(ignored.get("allow_soft_placement", False))
        self.log_device_placement = bool(ignored.get("log_device_placement", False))
        self.intra_op_parallelism_threads = intra_op_parallelism_threads
        self.inter_op_parallelism_threads = inter_op_parallelism_threads
        if isinstance(graph_options, dict):
            graph_options = GraphOptions(**graph_options)
        self.graph_options = graph_options if graph_options is not None else GraphOptions()
        self.max_run_memory_bytes = max_run_memory_bytes
        self.max_compile_memory_bytes = max_compile_memory_bytes
        self.compile_cache_dir = compile_cache_dir
        self.xla_clamp_indices = xla_clamp_indices
        self.jit = jit
        self.tf_xla_min_cluster_size = tf_xla_min_cluster_size
        self.device = device


def _session_options(config):
    """The keyword arguments of _core.Session for ``config`` (None, a
    ConfigProto of ours or TF's, or a dict of the same field names)."""
    if config is None:
        return {}
    if isinstance(config, dict):
        config = ConfigProto(**config)
    elif isinstance(config, type) or not hasattr(config, "intra_op_parallelism_threads"):
        # TF's Session: "config must be a tf.ConfigProto, but got ..."
        raise TypeError("config must be a tf.compat.v1.ConfigProto (or a dict "
                        "of its fields), but got %s" % type(config).__name__)

    def field(name, default):
        value = getattr(config, name, default)
        return default if value is None else value

    def integer(name, default=0, bits=63):
        value = field(name, default)
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            raise TypeError("config.%s must be an int, got %s"
                            % (name, type(value).__name__))
        if int(value) >= 2 ** bits:
            raise ValueError("config.%s is too large: %d (at most 2**%d - 1)"
                             % (name, int(value), bits))
        return int(value)

    jit = field("jit", None)
    if jit is None:
        level = 0
        graph_options = getattr(config, "graph_options", None)
        optimizer = getattr(graph_options, "optimizer_options", None)
        if optimizer is not None:
            level = getattr(optimizer, "global_jit_level", 0) or 0
        jit = ({-1: "off", 0: "whole", 1: "auto", 2: "auto"}.get(level)
               if isinstance(level, (int, np.integer)) and not isinstance(level, bool)
               else None)
        if jit is None:
            raise ValueError("config.graph_options.optimizer_options."
                             "global_jit_level must be OFF, DEFAULT, ON_1 or "
                             "ON_2, got %r" % level)
    if jit not in ("whole", "auto", "off"):
        raise ValueError("config.jit must be 'whole', 'auto' or 'off', got %r" % (jit,))
    cache_dir = field("compile_cache_dir", "")
    if not isinstance(cache_dir, str):
        raise TypeError("config.compile_cache_dir must be a str")
    clamp = field("xla_clamp_indices", False)
    if not isinstance(clamp, (bool, np.bool_)):
        raise TypeError("config.xla_clamp_indices must be a bool, got %s"
                        % type(clamp).__name__)
    device = field("device", "")
    if not isinstance(device, str):
        raise TypeError("config.device must be a str, got %s" % type(device).__name__)
    return dict(
        device=device,
        intra_op_parallelism_threads=integer("intra_op_parallelism_threads", bits=31),
        inter_op_parallelism_threads=integer("inter_op_parallelism_threads", bits=31),
        max_run_memory_bytes=integer("max_run_memory_bytes"),
        max_compile_memory_bytes=integer("max_compile_memory_bytes"),
        compile_cache_dir=cache_dir,
        xla_clamp_indices=bool(clamp),
        jit=jit,
        tf_xla_min_cluster_size=integer("tf_xla_min_cluster_size", 4, bits=31))


class Session:
    """A TF1-style session over one GraphDef (``tf.compat.v1.Session``).

    Args:
      graph_def_or_path: a frozen GraphDef (.pb binary or .pbtxt text), a
        SavedModel directory, a TF.js model.json, GraphDef bytes, or a
        GraphDef protocol buffer (see tfmlir._model). ``graph=`` is accepted
        as TF's keyword for the same thing.
      config: a ConfigProto (``tfmlir.compat.v1.ConfigProto`` or TF's) or
        a dict of its fields: thread counts, the global jit level and
        tfmlir's memory limits (see ConfigProto).
      target: TF's master address; only "" (in-process) is supported.

    Raises:
      TypeError: an argument of the wrong kind.
      ValueError: a config value out of range (negative threads or limits,
        an unknown jit level).
      tfmlir.errors.OpError: the model does not load (NotFoundError,
        InvalidArgumentError naming the file), or has duplicate node names.
    """

    def __init__(self, graph_def_or_path=None, config=None, graph=None, target=None):
        self._options = _session_options(config)
        if isinstance(graph_def_or_path, str) and graph_def_or_path == "" and graph is not None:
            graph_def_or_path = None  # Session('', graph=g): TF's target
        if target not in (None, ""):
            raise ValueError("tfmlir runs in process: target must be '', got %r" % (target,))
        if graph_def_or_path is not None and graph is not None:
            raise ValueError("pass the graph either positionally or as graph=, not both")
        source = graph_def_or_path if graph_def_or_path is not None else graph
        self._closed = False
        self._model = self._graph = self._session = None
        if source is not None:  # else empty until saved_model.loader.load
            self._attach(_model.load(source))

    def _attach(self, model):
        self._model = model
        self._graph = _Graph(model)
        self._session = _core.Session(model, **self._options)

    @property
    def graph_def(self):
        """The session's GraphDef, serialized (bytes)."""
        return None if self._model is None else self._model.graph_def_bytes()

    def run(self, fetches, feed_dict=None, options=None, run_metadata=None):
        """Runs the ops and evaluates the tensors in ``fetches``.

        Returns the fetched values in ``fetches``' structure: NumPy arrays
        (0-d results as NumPy scalars, as TF returns them) and None for ops.
        The arrays share the runtime's output buffers (no copy).

        Raises:
          RuntimeError: the session is closed.
          TypeError: a fetch or feed key of the wrong type, or a feed key
            that is not a tensor of the graph (TF's "Cannot interpret
            feed_dict key as Tensor").
          ValueError: a fetch that names no tensor or op of the graph, or a
            feed whose shape is incompatible with the Placeholder's.
          tfmlir.errors.OpError: failures while running: InvalidArgumentError
            (unfed placeholder, bad feed dtype/shape), FailedPreconditionError
            (uninitialized variable), UnimplementedError (ops that do not
            compile, naming every op and node), NotFoundError, ...
        """
        del options, run_metadata
        if self._closed:
            raise RuntimeError("Attempted to use a closed Session.")
        if self._session is None:
            raise RuntimeError("The Session graph is empty. Add operations to "
                               "the graph before calling run().")
        mapper = _FetchMapper(self._graph, fetches)
        feeds = []
        for key, value in (feed_dict or {}).items():
            feeds.append(self._feed(key, value))
        if not mapper.tensors and not mapper.targets:
            return mapper.build([])
        values = self._session.run(feeds, mapper.tensors, mapper.targets)
        values = [v[()] if v.ndim == 0 else v for v in values]
        return mapper.build(values)

    def _feed(self, key, value):
        name = _name_of(key)
        if name is None:
            raise TypeError("Cannot interpret feed_dict key as Tensor: Can not "
                            "convert a %s into a Tensor." % type(key).__name__)
        if ":" not in name:
            if self._graph.node(name) is not None:
                msg = ("The name '%s' refers to an Operation, not a Tensor. "
                       "Tensor names must be of the form \"<op_name>:"
                       "<output_index>\"." % name)
            else:
                msg = ("The name '%s' looks like an (invalid) Operation name, "
                       "not a Tensor. Tensor names must be of the form "
                       "\"<op_name>:<output_index>\"." % name)
            raise TypeError("Cannot interpret feed_dict key as Tensor: " + msg)
        try:
            _, index, info = self._graph.resolve_tensor(name)
        except KeyError as e:
            raise TypeError("Cannot interpret feed_dict key as Tensor: " + e.args[0]) from None
        dtype = None
        if info[1] is not None:
            try:
                dtype = np.dtype(info[1][index])
            except TypeError:
                dtype = None  # e.g. bfloat16: NumPy has no such dtype
        if dtype is not None and dtype != np.dtype(object):
            if dtype.kind in "iu" and not isinstance(value, (np.ndarray, np.generic)):
                # TF checks Python ints; we check nested lists of them too.
                raw = np.asarray(value)
                info = np.iinfo(dtype)
                if raw.dtype.kind in "iuO" and raw.size and raw.dtype != object and (
                        raw.min() < info.min or raw.max() > info.max):
                    raise TypeError(
                        "Type of feed value %r with type %s is not compatible with "
                        "Tensor type %s. Try explicitly setting the type of the "
                        "feed tensor to a larger type (e.g. int64)."
                        % (value, type(value), dtype.name))
            if (isinstance(value, int) and not isinstance(value, bool)
                    and np.asarray(value).astype(dtype).item() != value):
                raise TypeError(
                    "Type of feed value %r with type %s is not compatible with "
                    "Tensor type %s. Try explicitly setting the type of the "
                    "feed tensor to a larger type (e.g. int64)."
                    % (value, type(value), dtype.name))
            np_value = np.asarray(value, dtype=dtype)
        else:
            np_value = np.asarray(value)
        shape = info[2]
        if shape is not None and index == 0:
            compatible = len(shape) == np_value.ndim and all(
                d < 0 or d == s for d, s in zip(shape, np_value.shape))
            if not compatible:
                raise ValueError("Cannot feed value of shape %s for Tensor %s, "
                                 "which has shape %s"
                                 % (_shape_str(np_value.shape), name, _shape_str(shape)))
        return (name, np_value)

    def stats(self):
        """Counters of the compile cache: runs, compiles, cache_hits,
        compile_seconds (tfmlir's addition)."""
        return self._session.stats()

    def close(self):
        """Closes the session; later ``run`` calls raise RuntimeError.
        Closing twice is harmless."""
        if not self._closed:
            self._closed = True
            if self._session is not None:
                self._session.close()

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:  # noqa: BLE001 - interpreter shutdown
            pass


class InteractiveSession(Session):
    """TF's ``tf.compat.v1.InteractiveSession``: a Session meant for shells
    and notebooks. tfmlir has no default session, so it is a Session."""


class _SavedModelV1:
    """``tf.compat.v1.saved_model``: ``load(sess, tags, export_dir)``."""

    @staticmethod
    def load(sess, tags, export_dir, import_scope=None, **saver_kwargs):
        """Loads a SavedModel into ``sess`` (a Session created without a
        graph: ``Session()``), as TF's ``loader.load``: runs the model's init
        ops and returns an object whose ``signature_def[key].inputs[name].name``
        and ``.outputs[name].name`` are tensor names, as in TF's MetaGraphDef.

        Raises:
          RuntimeError: ``sess`` is closed or already has a graph.
          tfmlir.errors.OpError: the SavedModel does not load.
        """
        del import_scope, saver_kwargs
        if sess._closed:
            raise RuntimeError("Attempted to use a closed Session.")
        if sess._session is not None:
            raise RuntimeError("tfmlir: load a SavedModel into a Session "
                               "created without a graph (Session())")
        model = _model.load(export_dir, _model.normalize_tags(tags))
        sess._attach(model)
        if model.init_targets:
            sess._session.run([], [], list(model.init_targets))
        return _MetaGraph(model)


class _TensorInfo:
    """TF's TensorInfo: ``name`` is a tensor name ("x:0")."""

    def __init__(self, name, dtype, shape):
        self.name = name if ":" in name else name + ":0"
        self.dtype = dtype
        self.shape = shape


class _SignatureDef:
    def __init__(self, method_name, inputs, outputs):
        self.method_name = method_name
        self.inputs = {n: _TensorInfo(t, d, s) for n, t, d, s in inputs}
        self.outputs = {n: _TensorInfo(t, d, s) for n, t, d, s in outputs}


class _MetaGraph:
    def __init__(self, model):
        self.signature_def = {key: _SignatureDef(method, ins, outs)
                              for key, method, ins, outs in model.signatures()}


saved_model = _SavedModelV1()
saved_model.loader = _SavedModelV1
saved_model.load_v2 = _saved_model_v2.load
errors = errors
lite = lite
