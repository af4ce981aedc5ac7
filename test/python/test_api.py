#!/usr/bin/env python3
"""Tests of the tfmlir python package against TensorFlow's documented API
behaviour and NumPy references.

  test_api.py BUILD_DIR [CORPUS_DIR]

BUILD_DIR/python holds the package, BUILD_DIR/bin tflite-run (the reference
for Interpreter results). Corpus tests are skipped (reported "skipped")
when CORPUS_DIR is empty or missing. Tolerances: float32 results against
float64 NumPy references within 1e-5 + 1e-4 * |ref|; the same model through
two of our runtimes within 1e-5 + 1e-5 * |ref|; quantized models as stated
per test.
"""

import collections
import os
import subprocess
import sys
import tempfile
import unittest

import numpy as np

BUILD = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else "build"
CORPUS = sys.argv[2] if len(sys.argv) > 2 else os.environ.get("TFMLIR_CORPUS_DIR", "")
del sys.argv[1:]
sys.path.insert(0, os.path.join(BUILD, "python"))
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import tfmlir  # noqa: E402
from tfmlir import errors  # noqa: E402
import graphs  # noqa: E402

ROOT = graphs.ROOT
CONVNET = os.path.join(ROOT, "examples", "convnet", "convnet.pbtxt")
TFLITE_RUN = os.path.join(BUILD, "bin", "tflite-run")


def corpus_path(*parts):
    if not CORPUS or not os.path.isdir(CORPUS):
        raise unittest.SkipTest("corpus not available (TFMLIR_CORPUS_DIR unset)")
    p = os.path.join(CORPUS, *parts)
    if not os.path.exists(p):
        raise unittest.SkipTest("corpus file missing: " + p)
    return p


def assert_close(test, got, want, atol=1e-5, rtol=1e-4):
    got = np.asarray(got, dtype=np.float64)
    want = np.asarray(want, dtype=np.float64)
    test.assertEqual(got.shape, want.shape)
    err = np.abs(got - want)
    bad = err > atol + rtol * np.abs(want)
    test.assertFalse(bad.any(), "max abs error %g" % err.max() if err.size else "")


def write(tmp, name, text):
    p = os.path.join(tmp, name)
    with open(p, "w") as f:
        f.write(text)
    return p


class SessionTest(unittest.TestCase):
    """tfmlir.compat.v1.Session against TF's session.py behaviour."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp()
        cls.path = write(cls.tmp, "simple.pbtxt", graphs.simple())
        cls.x = np.array([[1, -2], [3, 4]], dtype=np.float32)

    def test_fetch_structures(self):
        with tfmlir.compat.v1.Session(self.path) as sess:
            feed = {"x:0": self.x}
            y = sess.run("y:0", feed)
            self.assertIsInstance(y, np.ndarray)
            assert_close(self, y, 2 * self.x)
            s = sess.run("s:0", feed)   # 0-d: a NumPy scalar, as TF returns
            self.assertIsInstance(s, np.float32)
            self.assertAlmostEqual(float(s), 12.0)
            r = sess.run(["y:0", ("s:0", "yi:0")], feed)
            self.assertIsInstance(r, list)
            self.assertIsInstance(r[1], tuple)
            assert_close(self, r[1][1], 2 * self.x)
            Pair = collections.namedtuple("Pair", ["a", "b"])
            p = sess.run(Pair(a="s:0", b="y:0"), feed)
            self.assertIsInstance(p, Pair)
            self.assertAlmostEqual(float(p.a), 12.0)
            d = sess.run({"sum": "s:0", "nested": ["y:0", {"k": "s:0"}]}, feed)
            self.assertEqual(set(d), {"sum", "nested"})
            self.assertAlmostEqual(float(d["nested"][1]["k"]), 12.0)
            od = sess.run(collections.OrderedDict([("b", "s:0"), ("a", "y:0")]), feed)
            self.assertIsInstance(od, collections.OrderedDict)
            self.assertEqual(list(od), ["b", "a"])
            dd = sess.run(collections.defaultdict(int, {"a": "s:0"}), feed)
            self.assertIsInstance(dd, collections.defaultdict)
            # An op name is a target: None in its place.
            self.assertIsNone(sess.run("noop", feed))
            t = sess.run(["y:0", "noop", "y:0"], feed)
            self.assertIsNone(t[1])
            assert_close(self, t[0], t[2])
            self.assertEqual(sess.run([], feed), [])
            # Feed values are converted to the placeholder's dtype (TF does
            # np.asarray(value, dtype)): a python list and a float64 array.
            assert_close(self, sess.run("y:0", {"x:0": [[1, 2], [3, 4]]}),
                         [[2, 4], [6, 8]])
            assert_close(self, sess.run("y:0", {"x:0": self.x.astype(np.float64)}),
                         2 * self.x)
            n2 = sess.run("n2:0", {"n:0": np.array([1, -2, 3], np.int32)})
            self.assertEqual(n2.dtype, np.int32)
            self.assertEqual(n2.tolist(), [1, 4, 9])
            # Same request again: compiled once (compile cache).
            before = sess.stats()["compiles"]
            sess.run("y:0", feed)
            self.assertEqual(sess.stats()["compiles"], before)

    def test_zero_copy_outputs(self):
        with tfmlir.compat.v1.Session(self.path) as sess:
            y = sess.run("y:0", {"x:0": self.x})
            self.assertFalse(y.flags.owndata)  # a view over the runtime buffer
            self.assertIsNotNone(y.base)
            y[0, 0] = 42  # writable, and ours alone
            self.assertEqual(y[0, 0], 42)
            y2 = sess.run("y:0", {"x:0": self.x})
            self.assertEqual(y2[0, 0], 2.0)
        # The array outlives the session that produced it.
        del sess
        self.assertEqual(float(y.sum()), 42 + 2 * (-2 + 3 + 4))

    def test_graph_sources(self):
        with open(self.path, "rb") as f:
            data = f.read()
        with tfmlir.compat.v1.Session(data) as sess:  # GraphDef bytes
            self.assertAlmostEqual(float(sess.run("s:0", {"x:0": self.x})), 12.0)
        with tfmlir.compat.v1.Session(graph=self.path) as sess:  # TF's keyword
            self.assertAlmostEqual(float(sess.run("s:0", {"x:0": self.x})), 12.0)
        sess = tfmlir.compat.v1.InteractiveSession(self.path)
        self.assertAlmostEqual(float(sess.run("s:0", {"x:0": self.x})), 12.0)
        sess.close()

    def test_errors(self):
        sess = tfmlir.compat.v1.Session(self.path)
        feed = {"x:0": self.x}
        with self.assertRaises(TypeError):
            sess.run(None)
        with self.assertRaises(TypeError):
            sess.run(3)
        with self.assertRaisesRegex(ValueError, "cannot be interpreted as a Tensor"):
            sess.run("nope:0", feed)
        with self.assertRaisesRegex(ValueError, "only has 1 outputs"):
            sess.run("y:3", feed)
        with self.assertRaisesRegex(ValueError, "Operation not in the graph"):
            sess.run("nope", feed)
        with self.assertRaisesRegex(TypeError, "Cannot interpret feed_dict key"):
            sess.run("y:0", {"x": self.x})  # an op name, not a tensor
        with self.assertRaisesRegex(TypeError, "Cannot interpret feed_dict key"):
            sess.run("y:0", {"nope:0": self.x})
        with self.assertRaisesRegex(TypeError, "Cannot interpret feed_dict key"):
            sess.run("y:0", {3: self.x})
        with self.assertRaisesRegex(ValueError, r"Cannot feed value of shape \(3,\)"):
            sess.run("y:0", {"x:0": np.zeros(3, np.float32)})
        with self.assertRaises(ValueError):  # strings are no floats (NumPy)
            sess.run("y:0", {"x:0": [["a", "b"], ["c", "d"]]})
        with self.assertRaisesRegex(TypeError, "not compatible with Tensor type"):
            sess.run("n2:0", {"n:0": [2 ** 40, 1, 2]})
        with self.assertRaises(errors.InvalidArgumentError) as cm:
            sess.run("y:0")  # unfed placeholder
        self.assertEqual(cm.exception.error_code, errors.INVALID_ARGUMENT)
        self.assertIn("You must feed a value for placeholder tensor 'x'",
                      cm.exception.message)
        self.assertIsInstance(cm.exception, errors.OpError)
        with self.assertRaises(errors.UnimplementedError) as cm:
            sess.run("w:0", feed)
        self.assertIn("tf.Where", cm.exception.message)
        self.assertIn("w", cm.exception.message)
        sess.close()
        sess.close()  # twice is harmless
        with self.assertRaisesRegex(RuntimeError, "closed Session"):
            sess.run("y:0", feed)

    def test_huge_splat_constant(self):
        # A [100000,100000] f32 Const given by one float_val (TF's compact
        # splat, 40 GB as elements): its Sum is computed without
        # materializing it (float64 reference 1.5e10, relative tolerance
        # 1e-6), and fetching the splat itself raises ResourceExhaustedError
        # instead of aborting. In a child process under a 6 GiB
        # address-space limit, so that materializing it could not pass.
        graph = os.path.join(HERE, "..", "tools", "Inputs", "huge-splat.pbtxt")
        code = "\n".join([
            "import resource, sys",
            "lim = 6 << 30",
            "resource.setrlimit(resource.RLIMIT_AS, (lim, lim))",
            "sys.path.insert(0, sys.argv[1])",
            "import tfmlir",
            "from tfmlir import errors",
            "sess = tfmlir.compat.v1.Session(sys.argv[2])",
            "print('sum', repr(float(sess.run('s:0'))))",
            "try:",
            "    sess.run('c:0')",
            "    print('no error')",
            "except errors.ResourceExhaustedError as e:",
            "    print('error', e.message)",
        ])
        r = subprocess.run([sys.executable, "-c", code,
                            os.path.join(BUILD, "python"), graph],
                           capture_output=True, text=True, timeout=600)
        self.assertEqual(r.returncode, 0, r.stderr)
        lines = r.stdout.splitlines()
        self.assertEqual(len(lines), 2, r.stdout)
        self.assertTrue(lines[0].startswith("sum "), r.stdout)
        self.assertLessEqual(abs(float(lines[0].split()[1]) - 1.5e10),
                             1e-6 * 1.5e10)
        self.assertIn("OOM when allocating a buffer of 40000000064 bytes",
                      lines[1])

    def test_devices_and_dtypes(self):
        for p in ("/dev/zero", "/dev/null"):
            with self.assertRaisesRegex(errors.InvalidArgumentError, "not a regular file"):
                tfmlir.compat.v1.Session(p)
            with self.assertRaisesRegex(ValueError, "not a regular file"):
                tfmlir.lite.Interpreter(model_path=p)
        with tfmlir.compat.v1.Session(self.path) as sess:
            with self.assertRaises(ValueError):  # strings -> int32 (NumPy)
                sess.run("n2:0", {"n:0": ["a", "b", "c"]})
            with self.assertRaises(TypeError):  # not array-like at all
                sess.run("n2:0", {"n:0": {"a": 1}})

    def test_config(self):
        # TF's ConfigProto fields and tfmlir's limits reach SessionOptions.
        v1 = tfmlir.compat.v1
        feed = {"x:0": self.x}
        where = np.array([[0, 0], [1, 0], [1, 1]], dtype=np.int64)
        with v1.Session(self.path) as sess:  # whole graph: Where does not lower
            with self.assertRaisesRegex(errors.UnimplementedError, "tf.Where"):
                sess.run("w:0", feed)
        auto = v1.ConfigProto(graph_options=v1.GraphOptions(
            v1.OptimizerOptions(global_jit_level=v1.OptimizerOptions.ON_1)),
            intra_op_parallelism_threads=1, inter_op_parallelism_threads=2)
        for config in (auto, {"jit": "auto"}, {"jit": "off"}):
            with v1.Session(self.path, config=config) as sess:
                self.assertTrue(np.array_equal(sess.run("w:0", feed), where))
                self.assertTrue(np.array_equal(sess.run("y:0", feed), 2 * self.x))
        # max_run_memory_bytes: y (16 bytes) does not fit in 8.
        with v1.Session(self.path, config=v1.ConfigProto(max_run_memory_bytes=8)) as sess:
            with self.assertRaisesRegex(errors.ResourceExhaustedError,
                                        "more than 8 bytes"):
                sess.run("y:0", feed)
        with v1.Session(self.path, config={"max_run_memory_bytes": 1 << 20}) as sess:
            self.assertTrue(np.array_equal(sess.run("y:0", feed), 2 * self.x))
        # max_compile_memory_bytes: 1 byte is exceeded by the first pass.
        with v1.Session(self.path, config={"max_compile_memory_bytes": 1}) as sess:
            with self.assertRaisesRegex(errors.ResourceExhaustedError,
                                        "max_compile_memory_bytes"):
                sess.run("y:0", feed)
        with self.assertRaisesRegex(TypeError, "unexpected field 'intra_op'"):
            v1.ConfigProto(intra_op=2)
        v1.ConfigProto(allow_soft_placement=True, log_device_placement=False)
        with self.assertRaisesRegex(ValueError, "must be >= 0"):
            v1.Session(self.path, config={"max_run_memory_bytes": -1})
        with self.assertRaisesRegex(ValueError, "config.jit"):
            v1.Session(self.path, config={"jit": "fast"})
        with self.assertRaisesRegex(TypeError, "must be an int"):
            v1.Session(self.path, config={"intra_op_parallelism_threads": "2"})
        # Nested dicts are read too; bad levels, types and sizes are refused.
        with v1.Session(self.path, config={"graph_options": {"optimizer_options": {
                "global_jit_level": v1.OptimizerOptions.OFF}}}) as sess:
            self.assertTrue(np.array_equal(sess.run("w:0", feed), where))
        for bad in ({"graph_options": {"optimizer_options": {"global_jit_level": 7}}},
                    {"graph_options": {"optimizer_options": {"global_jit_level": "OFF"}}}):
            with self.assertRaisesRegex(ValueError, "global_jit_level"):
                v1.Session(self.path, config=bad)
        for bad in (5, "abc", [], v1.ConfigProto):
            with self.assertRaisesRegex(TypeError, "config must be"):
                v1.Session(self.path, config=bad)
        for big in ({"intra_op_parallelism_threads": 2 ** 40},
                    {"max_run_memory_bytes": 2 ** 70}):
            with self.assertRaisesRegex(ValueError, "too large"):
                v1.Session(self.path, config=big)
        with self.assertRaisesRegex(TypeError, "must be a bool"):
            v1.Session(self.path, config={"xla_clamp_indices": "yes"})
        with self.assertRaises(AttributeError):
            v1.ConfigProto().bogus_field = 1
        # device (SessionOptions::device): TF's names; a GPU needs the
        # whole-graph jit and a driver.
        with v1.Session(self.path, config={"device": "/device:CPU:0"}) as sess:
            self.assertTrue(np.array_equal(sess.run("y:0", feed), 2 * self.x))
        with self.assertRaisesRegex(errors.InvalidArgumentError, "TPU"):
            v1.Session(self.path, config={"device": "/device:TPU:0"})
        with self.assertRaisesRegex(errors.UnimplementedError, "GPU"):
            v1.Session(self.path, config={"device": "/device:GPU:0", "jit": "auto"})
        with self.assertRaisesRegex(TypeError, "config.device"):
            v1.Session(self.path, config={"device": 0})
        import ctypes.util
        if ctypes.util.find_library("cuda") is None:
            with self.assertRaisesRegex(errors.FailedPreconditionError,
                                        "libcuda.so.1"):
                v1.Session(self.path, config=v1.ConfigProto(device="/device:GPU:0"))

    def test_twice_identical_and_threads(self):
        import threading
        xs = [np.random.default_rng(i).random((1, 28, 28, 1), dtype=np.float32)
              for i in range(4)]
        with tfmlir.compat.v1.Session(CONVNET) as sess:
            ref = [sess.run("probs:0", {"input:0": x}) for x in xs]
            again = [sess.run("probs:0", {"input:0": x}) for x in xs]
            self.assertTrue(all(np.array_equal(a, b) for a, b in zip(ref, again)))
            out = [None] * 4

            def work(i):
                for _ in range(20):
                    out[i] = sess.run("probs:0", {"input:0": xs[i]})
            threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            self.assertTrue(all(np.array_equal(a, b) for a, b in zip(out, ref)))

    def test_load_errors(self):
        with self.assertRaises(errors.NotFoundError):
            tfmlir.compat.v1.Session(os.path.join(self.tmp, "missing.pb"))
        with self.assertRaises(errors.InvalidArgumentError):
            tfmlir.compat.v1.Session(self.tmp)  # a directory, no SavedModel
        bad = write(self.tmp, "bad.pbtxt", "node { name: 'a' op: }}}")
        with self.assertRaises(errors.InvalidArgumentError) as cm:
            tfmlir.compat.v1.Session(bad)
        self.assertIn("bad.pbtxt", cm.exception.message)
        with self.assertRaises(errors.InvalidArgumentError):
            tfmlir.compat.v1.Session(b"\xff\x00garbage\x12")
        with self.assertRaises(TypeError):
            tfmlir.compat.v1.Session(12)
        dup = write(self.tmp, "dup.pbtxt", 'node { name: "a" op: "NoOp" }\n'
                    'node { name: "a" op: "NoOp" }\n')
        with self.assertRaises(errors.InvalidArgumentError):
            tfmlir.compat.v1.Session(dup)
        # An empty session (for saved_model.loader.load) cannot run.
        with self.assertRaisesRegex(RuntimeError, "graph is empty"):
            tfmlir.compat.v1.Session().run("y:0")

    def test_variables(self):
        path = write(self.tmp, "vars.pbtxt", graphs.variables())
        with tfmlir.compat.v1.Session(path) as sess:
            with self.assertRaises(errors.FailedPreconditionError) as cm:
                sess.run("out:0")
            self.assertIn("uninitialized value v", cm.exception.message)
            assigned = sess.run("v/Assign:0")
            # The assign's result shares the variable's buffer in the
            # runtime: the array handed out must be a copy.
            assigned[0] = 100
            assert_close(self, sess.run("v/read:0"), [1, 2])
            assert_close(self, sess.run("out:0"), [3, 6])

    def test_convnet_numpy_reference(self):
        # The weights of the checked-in file are make_convnet.py's.
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run([sys.executable, os.path.join(ROOT, "examples", "convnet",
                                                         "make_convnet.py"),
                            os.path.join(tmp, "c.pbtxt")], check=True)
            with open(os.path.join(tmp, "c.pbtxt")) as a, open(CONVNET) as b:
                self.assertEqual(a.read(), b.read())
        x = np.random.default_rng(1).random((1, 28, 28, 1), dtype=np.float32)
        with tfmlir.compat.v1.Session(CONVNET) as sess:
            probs, logits = sess.run(["probs:0", "fc/BiasAdd:0"], {"input:0": x})
        self.assertEqual(probs.shape, (1, 10))
        self.assertEqual(probs.dtype, np.float32)
        assert_close(self, probs, graphs.convnet_reference(x))
        self.assertEqual(logits.shape, (1, 10))


class ErrorsTest(unittest.TestCase):
    def test_classes(self):
        for code, cls in [(errors.CANCELLED, errors.CancelledError),
                          (errors.INVALID_ARGUMENT, errors.InvalidArgumentError),
                          (errors.NOT_FOUND, errors.NotFoundError),
                          (errors.RESOURCE_EXHAUSTED, errors.ResourceExhaustedError),
                          (errors.FAILED_PRECONDITION, errors.FailedPreconditionError),
                          (errors.UNIMPLEMENTED, errors.UnimplementedError),
                          (errors.INTERNAL, errors.InternalError)]:
            e = errors._from_status(code, "m")
            self.assertIs(type(e), cls)
            self.assertTrue(issubclass(cls, errors.OpError))
            self.assertEqual((e.code, e.error_code, e.message), (code, code, "m"))
            self.assertIs(errors.exception_type_from_error_code(code), cls)
            e2 = cls(None, None, "msg")  # TF's constructor signature
            self.assertEqual(e2.error_code, code)


def tflite_run(model, inputs, outputs, extra=()):
    """Runs `model` with tflite-run; inputs {name: array}; returns arrays."""
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [TFLITE_RUN, "--model", model] + list(extra)
        for name, arr in inputs.items():
            p = os.path.join(tmp, "in_%d.npy" % len(cmd))
            np.save(p, arr)
            cmd += ["--input", "%s=%s" % (name, p)]
        paths = []
        for i, name in enumerate(outputs):
            p = os.path.join(tmp, "out_%d.npy" % i)
            cmd += ["--output", "%s:%s" % (name, p)]
            paths.append(p)
        subprocess.run(cmd, check=True, capture_output=True)
        return [np.load(p) for p in paths]


class InterpreterTest(unittest.TestCase):
    """tfmlir.lite.Interpreter against tf.lite.Interpreter's behaviour."""

    @classmethod
    def setUpClass(cls):
        conv = tfmlir.lite.TFLiteConverter.from_frozen_graph(
            CONVNET, ["input"], ["probs"])
        cls.model = conv.convert()

    def test_details_and_run(self):
        it = tfmlir.lite.Interpreter(model_content=self.model, num_threads=2)
        inp, = it.get_input_details()
        out, = it.get_output_details()
        self.assertEqual(set(inp), {"name", "index", "shape", "shape_signature",
                                    "dtype", "quantization", "quantization_parameters",
                                    "sparsity_parameters"})
        self.assertEqual(inp["name"], "input")
        self.assertEqual(inp["shape"].tolist(), [1, 28, 28, 1])
        self.assertEqual(inp["shape"].dtype, np.int32)
        self.assertEqual(inp["shape_signature"].tolist(), [1, 28, 28, 1])
        self.assertIs(inp["dtype"], np.float32)
        self.assertEqual(inp["quantization"], (0.0, 0))
        qp = inp["quantization_parameters"]
        self.assertEqual(set(qp), {"scales", "zero_points", "quantized_dimension"})
        self.assertEqual(qp["scales"].dtype, np.float32)
        self.assertEqual(qp["zero_points"].dtype, np.int32)
        self.assertEqual(inp["sparsity_parameters"], {})
        self.assertEqual(out["shape"].tolist(), [1, 10])
        x = np.random.default_rng(2).random((1, 28, 28, 1), dtype=np.float32)
        with self.assertRaises(RuntimeError):
            it.invoke()  # before allocate_tensors
        with self.assertRaises(ValueError):
            it.set_tensor(inp["index"], x)  # unallocated
        it.allocate_tensors()
        it.set_tensor(inp["index"], x)
        it.invoke()
        got = it.get_tensor(out["index"])
        assert_close(self, got, graphs.convnet_reference(x))
        view = it.tensor(out["index"])()
        self.assertTrue(np.array_equal(view, got))
        self.assertFalse(view.flags.owndata)
        # While a view (or a slice of one) is alive, calls that may move or
        # rewrite buffers raise RuntimeError, as TF's _ensure_safe does.
        part = view[0, :2]
        del view
        for call in (it.invoke, it.allocate_tensors, it.reset_all_variables,
                     lambda: it.resize_tensor_input(inp["index"], [2, 28, 28, 1])):
            with self.assertRaisesRegex(RuntimeError, "reference to internal data"):
                call()
        del part
        it.invoke()  # twice: identical
        self.assertTrue(np.array_equal(it.get_tensor(out["index"]), got))
        got[0, 0] = -1  # get_tensor returns a copy
        self.assertNotEqual(it.get_tensor(out["index"])[0, 0], -1)
        self.assertGreater(len(it.get_tensor_details()), 2)
        view = it.tensor(out["index"])()
        del it  # the view keeps the interpreter (and its buffer) alive
        self.assertTrue(np.array_equal(view, graphs.convnet_reference(x).astype(np.float32))
                        or np.allclose(view, graphs.convnet_reference(x), atol=1e-5))

    def test_errors(self):
        it = tfmlir.lite.Interpreter(model_content=self.model)
        it.allocate_tensors()
        idx = it.get_input_details()[0]["index"]
        with self.assertRaisesRegex(ValueError, "Got value of type FLOAT64 but "
                                    "expected type FLOAT32"):
            it.set_tensor(idx, np.zeros((1, 28, 28, 1), np.float64))
        with self.assertRaisesRegex(ValueError, "Dimension mismatch"):
            it.set_tensor(idx, np.zeros((1, 28, 28), np.float32))
        with self.assertRaisesRegex(ValueError, "Dimension mismatch"):
            it.set_tensor(idx, np.zeros((1, 28, 27, 1), np.float32))
        with self.assertRaises(ValueError):
            it.set_tensor(idx, np.array(["a"]))
        with self.assertRaisesRegex(ValueError, "Invalid tensor index"):
            it.get_tensor(10 ** 6)
        with self.assertRaisesRegex(ValueError, "Invalid tensor index"):
            it.set_tensor(-1, np.zeros(1, np.float32))
        with self.assertRaises(ValueError):
            it.resize_tensor_input(idx, [1, 28, 28, 1, 1, 1], strict=True)
        with self.assertRaises(ValueError):
            it.resize_tensor_input(idx, "abc")
        with self.assertRaises(ValueError):
            it.get_signature_runner("nope")
        with self.assertRaises(ValueError):
            tfmlir.lite.Interpreter()
        with self.assertRaises(ValueError):
            tfmlir.lite.Interpreter(model_path="x", model_content=b"y")
        with self.assertRaises(ValueError):
            tfmlir.lite.Interpreter(model_content=self.model, num_threads="2")
        with self.assertRaises(ValueError):
            tfmlir.lite.Interpreter(model_path="/nonexistent/model.tflite")
        # A directory: the library (lib/Support/File.h) says so.
        with self.assertRaisesRegex(ValueError, "is a directory"):
            tfmlir.lite.Interpreter(model_path=os.path.dirname(CONVNET))
        with self.assertRaises(ValueError):
            tfmlir.lite.Interpreter(model_content=b"TFL3" + b"\0" * 64)
        with self.assertRaises(ValueError):
            tfmlir.lite.Interpreter(model_content=self.model[: len(self.model) // 2])

    def test_resize_drops_the_buffer_until_allocate(self):
        # After resize_tensor_input and before allocate_tensors the input has
        # no buffer (TF's ResizeTensorImpl): set_tensor, get_tensor and a
        # held tensor() function raise instead of writing or reading past
        # the old buffer (a 3x larger write corrupted the heap).
        it = tfmlir.lite.Interpreter(model_content=self.model)
        it.allocate_tensors()
        idx = it.get_input_details()[0]["index"]
        f = it.tensor(idx)
        it.resize_tensor_input(idx, [3, 28, 28, 1])
        x = np.ones((3, 28, 28, 1), np.float32)
        with self.assertRaisesRegex(ValueError, "unallocated"):
            it.set_tensor(idx, x)
        with self.assertRaisesRegex(ValueError, "data is null"):
            f()
        with self.assertRaisesRegex(ValueError, "data is null"):
            it.get_tensor(idx)
        it.allocate_tensors()
        it.set_tensor(idx, x)
        self.assertEqual(f().shape, (3, 28, 28, 1))
        it.invoke()
        self.assertEqual(it.get_tensor(it.get_output_details()[0]["index"]).shape[0], 3)

    def test_resize(self):
        it = tfmlir.lite.Interpreter(model_content=self.model)
        idx = it.get_input_details()[0]["index"]
        it.resize_tensor_input(idx, [3, 28, 28, 1])
        it.allocate_tensors()
        self.assertEqual(it.get_input_details()[0]["shape"].tolist(), [3, 28, 28, 1])
        x = np.random.default_rng(3).random((3, 28, 28, 1), dtype=np.float32)
        it.set_tensor(idx, x)
        it.invoke()
        out = it.get_tensor(it.get_output_details()[0]["index"])
        self.assertEqual(out.shape, (3, 10))
        assert_close(self, out, graphs.convnet_reference(x))

    def test_corpus_models_vs_tflite_run(self):
        base = corpus_path("tflite_micro", "tensorflow", "lite", "micro", "examples",
                           "hello_world", "models")
        for name in ("hello_world_float.tflite", "hello_world_int8.tflite"):
            path = os.path.join(base, name)
            it = tfmlir.lite.Interpreter(model_path=path)
            it.allocate_tensors()
            inp = it.get_input_details()[0]
            out = it.get_output_details()[0]
            xs = np.linspace(0, 2 * np.pi, 7)
            for xv in xs:
                if inp["dtype"] is np.int8:
                    scale, zp = inp["quantization"]
                    self.assertGreater(scale, 0)
                    x = np.clip(np.round(xv / scale) + zp, -128, 127).astype(np.int8)
                else:
                    x = np.float32(xv)
                x = np.full(inp["shape"], x, dtype=inp["dtype"])
                it.set_tensor(inp["index"], x)
                it.invoke()
                got = it.get_tensor(out["index"])
                want, = tflite_run(path, {"0": x}, ["0"])
                self.assertEqual(got.dtype, want.dtype)
                self.assertTrue(np.array_equal(got, want), (name, xv, got, want))
                y = got.astype(np.float64)
                if out["dtype"] is np.int8:
                    scale, zp = out["quantization"]
                    y = (y - zp) * scale
                # The model approximates sin(x) (TFLM's example): loose bar.
                self.assertLess(abs(float(y.reshape(-1)[0]) - np.sin(xv)), 0.2)

    def test_signatures(self):
        path = corpus_path("tensorflow", "tensorflow", "lite", "testdata",
                           "multi_signatures.bin")
        it = tfmlir.lite.Interpreter(model_path=path)
        sigs = it.get_signature_list()
        self.assertGreaterEqual(len(sigs), 2)
        for key, io in sorted(sigs.items()):
            self.assertEqual(set(io), {"inputs", "outputs"})
            runner = it.get_signature_runner(key)
            in_details = runner.get_input_details()
            self.assertEqual(sorted(in_details), sorted(io["inputs"]))
            feeds = {}
            for n, d in in_details.items():
                shape = [max(1, int(s)) for s in d["shape"]]
                feeds[n] = np.arange(np.prod(shape), dtype=d["dtype"]).reshape(shape) + 1
            got = runner(**feeds)
            self.assertEqual(sorted(got), sorted(io["outputs"]))
            names = sorted(got)
            want = tflite_run(path, feeds, names, ["--signature", key])
            for n, w in zip(names, want):
                self.assertTrue(np.array_equal(got[n], w), (key, n))
            with self.assertRaisesRegex(ValueError, "Invalid number of inputs"):
                runner()
            with self.assertRaisesRegex(ValueError, "Invalid Input name"):
                runner(**{("zz_" + k): v for k, v in feeds.items()})
        with self.assertRaisesRegex(ValueError, "signature_key is None"):
            it.get_signature_runner()

    def test_broken_corpus_models_raise(self):
        for name in ("empty_model.bin", "test_model_broken.bin",
                     "segment_sum_invalid_buffer.bin"):
            path = corpus_path("tensorflow", "tensorflow", "lite", "testdata", name)
            try:
                it = tfmlir.lite.Interpreter(model_path=path)
                it.allocate_tensors()
                it.invoke()
            except (ValueError, RuntimeError):
                continue
            self.fail("%s: no error" % name)
        # Flex (TF) ops have no kernel: ValueError naming the op, as TF's.
        path = corpus_path("tensorflow", "tensorflow", "lite", "testdata", "double_flex.bin")
        with self.assertRaisesRegex(ValueError, "FlexDouble"):
            tfmlir.lite.Interpreter(model_path=path)


class ConverterTest(unittest.TestCase):
    """tfmlir.lite.TFLiteConverter: the converted model run in Interpreter."""

    x = np.random.default_rng(4).random((1, 28, 28, 1), dtype=np.float32)

    def run_model(self, data, x):
        it = tfmlir.lite.Interpreter(model_content=data)
        it.allocate_tensors()
        inp = it.get_input_details()[0]
        out = it.get_output_details()[0]
        if inp["dtype"] is not np.float32:
            scale, zp = inp["quantization"]
            info = np.iinfo(inp["dtype"])
            x = np.clip(np.round(x / scale) + zp, info.min, info.max).astype(inp["dtype"])
        it.set_tensor(inp["index"], x)
        it.invoke()
        y = it.get_tensor(out["index"])
        if out["dtype"] is not np.float32:
            scale, zp = out["quantization"]
            y = (y.astype(np.float64) - zp) * scale
        return y, inp, out

    def test_float(self):
        conv = tfmlir.lite.TFLiteConverter.from_frozen_graph(
            CONVNET, ["input"], ["probs"], input_shapes={"input": [1, 28, 28, 1]})
        data = conv.convert()
        self.assertIsInstance(data, bytes)
        self.assertEqual(data[4:8], b"TFL3")
        self.assertIn("tfl.conv_2d", conv.op_report)
        y, _, _ = self.run_model(data, self.x)
        ref = graphs.convnet_reference(self.x)
        assert_close(self, y, ref)
        with tfmlir.compat.v1.Session(CONVNET) as sess:
            assert_close(self, y, sess.run("probs:0", {"input:0": self.x}),
                         rtol=1e-5)

    def test_dynamic_range_and_float16(self):
        ref = graphs.convnet_reference(self.x)
        base = len(tfmlir.lite.TFLiteConverter.from_frozen_graph(
            CONVNET, ["input"], ["probs"]).convert())
        conv = tfmlir.lite.TFLiteConverter.from_frozen_graph(CONVNET, ["input"], ["probs"])
        conv.optimizations = [tfmlir.lite.Optimize.DEFAULT]
        dyn = conv.convert()
        self.assertLess(len(dyn), base)  # conv2's 1152 weights become int8
        y, _, _ = self.run_model(dyn, self.x)
        # int8 weights (per-channel scale max|w|/127) on softmax outputs.
        assert_close(self, y, ref, atol=1e-2, rtol=0)
        conv = tfmlir.lite.TFLiteConverter.from_frozen_graph(CONVNET, ["input"], ["probs"])
        conv.optimizations = [tfmlir.lite.Optimize.DEFAULT]
        conv.target_spec.supported_types = [tfmlir.float16]
        f16 = conv.convert()
        self.assertLess(len(f16), base)
        y, _, _ = self.run_model(f16, self.x)
        # float16 weights: relative rounding 2^-11 per weight.
        assert_close(self, y, ref, atol=2e-3, rtol=0)

    def test_full_integer(self):
        rng = np.random.default_rng(5)

        def representative_dataset():
            for _ in range(16):
                yield [rng.random((1, 28, 28, 1), dtype=np.float32)]

        conv = tfmlir.lite.TFLiteConverter.from_frozen_graph(CONVNET, ["input"], ["probs"])
        conv.optimizations = [tfmlir.lite.Optimize.DEFAULT]
        conv.representative_dataset = representative_dataset
        conv.target_spec.supported_ops = [tfmlir.lite.OpsSet.TFLITE_BUILTINS_INT8]
        conv.inference_input_type = tfmlir.int8
        conv.inference_output_type = tfmlir.int8
        data = conv.convert()
        y, inp, out = self.run_model(data, self.x)
        self.assertIs(inp["dtype"], np.int8)
        self.assertIs(out["dtype"], np.int8)
        self.assertGreater(inp["quantization"][0], 0)
        # The softmax output has TFLite's fixed scale 1/256, zero point -128.
        self.assertAlmostEqual(out["quantization"][0], 1 / 256)
        self.assertEqual(out["quantization"][1], -128)
        ref = graphs.convnet_reference(self.x)
        # Bar: 4 output steps (1/64) for requantization through 2 convs,
        # the mean and the FC; measured error is printed on failure.
        assert_close(self, y, ref, atol=4 / 256, rtol=0)
        # RepresentativeDataset wrapper and float interface.
        conv2 = tfmlir.lite.TFLiteConverter.from_frozen_graph(CONVNET, ["input"], ["probs"])
        conv2.optimizations = [tfmlir.lite.Optimize.DEFAULT]
        conv2.representative_dataset = tfmlir.lite.RepresentativeDataset(
            representative_dataset)
        y2, inp2, _ = self.run_model(conv2.convert(), self.x)
        self.assertIs(inp2["dtype"], np.float32)
        assert_close(self, y2, ref, atol=4 / 256, rtol=0)

    def test_errors(self):
        conv = tfmlir.lite.TFLiteConverter.from_frozen_graph(CONVNET, ["input"], ["probs"])
        conv.inference_input_type = tfmlir.int8
        with self.assertRaisesRegex(ValueError, "must be tf.float32"):
            conv.convert()
        conv = tfmlir.lite.TFLiteConverter.from_frozen_graph(CONVNET, ["input"], ["probs"])
        conv.optimizations = [tfmlir.lite.Optimize.DEFAULT]
        conv.target_spec.supported_ops = {tfmlir.lite.OpsSet.TFLITE_BUILTINS_INT8}
        with self.assertRaisesRegex(ValueError, "representative_dataset"):
            conv.convert()
        conv.representative_dataset = lambda: iter([[np.zeros((1, 28, 28, 1), np.float64)]])
        with self.assertRaisesRegex(ValueError, "dtype"):
            conv.convert()
        conv.representative_dataset = lambda: iter([[np.zeros((1, 5), np.float32)]])
        with self.assertRaisesRegex(ValueError, "shape"):
            conv.convert()
        conv.representative_dataset = lambda: iter([[np.zeros((1, 28, 28, 1), np.float32)] * 2])
        with self.assertRaisesRegex(ValueError, "2 arrays"):
            conv.convert()
        with self.assertRaises(ValueError):
            tfmlir.lite.TFLiteConverter.from_frozen_graph(CONVNET, ["input"], [])
        with self.assertRaises(errors.NotFoundError):
            tfmlir.lite.TFLiteConverter.from_frozen_graph("/nonexistent.pb", ["a"], ["b"])
        conv = tfmlir.lite.TFLiteConverter.from_frozen_graph(CONVNET, ["input"], ["nope"])
        with self.assertRaises(tfmlir.lite.ConverterError) as cm:
            conv.convert()
        self.assertIn("nope", str(cm.exception))
        # An op without a TFLite builtin: listed with its node, or a custom
        # op with allow_custom_ops.
        with tempfile.TemporaryDirectory() as tmp:
            path = write(tmp, "custom.pbtxt", CUSTOM_GRAPH)
            conv = tfmlir.lite.TFLiteConverter.from_frozen_graph(path, ["x"], ["e"])
            with self.assertRaises(tfmlir.lite.ConverterError) as cm:
                conv.convert()
            self.assertIn("tf.Erfc", str(cm.exception))
            self.assertIn("e", str(cm.exception))
            conv.allow_custom_ops = True
            data = conv.convert()
            self.assertIn(b"Erfc", data)


CUSTOM_GRAPH = (graphs.mc.node("x", "Placeholder", dtype=graphs.F,
                               shape=graphs.shape_attr([4]))
                + graphs.mc.node("e", "Erfc", ["x"], T=graphs.F))


class SavedModelTest(unittest.TestCase):
    """tfmlir.saved_model.load on TF's half_plus_two SavedModels
    (y = 0.5 x + 2: TF1 binary with main_op, TF1 text, TF2)."""

    def path_of(self, name):
        path = corpus_path("tensorflow", "tensorflow", "cc", "saved_model", "testdata", name)
        # TF's testdata keeps each export in a version folder (00000123).
        for sub in sorted(os.listdir(path)):
            if any(os.path.exists(os.path.join(path, sub, f))
                   for f in ("saved_model.pb", "saved_model.pbtxt")):
                return os.path.join(path, sub)
        return path

    def load(self, name):
        path = self.path_of(name)
        try:
            return path, tfmlir.saved_model.load(path)
        except errors.UnimplementedError as e:
            raise unittest.SkipTest("SavedModel loader not implemented on this "
                                    "branch: " + e.message) from None

    def test_half_plus_two(self):
        self.check("half_plus_two_main_op")

    def test_variants(self):
        # The corpus copies of these lack a variables file (.index or .data):
        # loading must say which file is missing; with both files present,
        # they must compute y = 0.5 x + 2.
        for name in ("half_plus_two_pbtxt", "half_plus_two_v2"):
            with self.subTest(name):
                var_dir = os.path.join(self.path_of(name), "variables")
                files = os.listdir(var_dir) if os.path.isdir(var_dir) else []
                complete = (any(f.endswith(".index") for f in files)
                            and any(".data-" in f for f in files))
                if complete:
                    self.check(name)
                    continue
                try:
                    self.load(name)
                except errors.NotFoundError as e:
                    self.assertIn("variables", e.message)
                    continue
                self.fail("%s: loaded without its variables file" % name)

    def check(self, name):
        path, loaded = self.load(name)
        self.assertIn("serving_default", loaded.signatures)
        fn = loaded.signatures["serving_default"]
        (in_name,) = fn.inputs
        x = np.array([0, 1, 2, 3], dtype=np.float32)
        shape = fn.inputs[in_name][2]
        if shape is not None and len(shape) == 2:
            x = x.reshape(4, 1)
        out = fn(**{in_name: x})
        self.assertIsInstance(out, dict)
        self.assertEqual(set(out), set(fn.outputs))
        y = out[sorted(out)[0]]
        assert_close(self, np.asarray(y).reshape(-1), [2, 2.5, 3, 3.5])
        with self.assertRaises(TypeError):
            fn(x)
        with self.assertRaises(TypeError):
            fn(nope=x)
        with self.assertRaises(KeyError):
            loaded.signatures["nope"]
        # TF1 style: loader.load into an empty Session.
        with tfmlir.compat.v1.Session() as sess:
            meta = tfmlir.compat.v1.saved_model.loader.load(sess, ["serve"], path)
            sig = meta.signature_def["serving_default"]
            y1 = sess.run(sig.outputs[sorted(out)[0]].name,
                          {sig.inputs[in_name].name: x})
            assert_close(self, np.asarray(y1).reshape(-1), [2, 2.5, 3, 3.5])
        # An unknown signature key fails when the converter is made, as
        # tf-convert --signature-key does (lib/Pipelines loadConverterInput).
        with self.assertRaises(errors.NotFoundError) as cm:
            tfmlir.lite.TFLiteConverter.from_saved_model(path, ["nope"])
        self.assertIn("nope", cm.exception.message)
        # Converted to TFLite and run in the Interpreter.
        conv = tfmlir.lite.TFLiteConverter.from_saved_model(path)
        it = tfmlir.lite.Interpreter(model_content=conv.convert())
        inp = it.get_input_details()[0]
        if shape is not None:  # unknown dims: shape 1, shape_signature -1 (TF)
            self.assertEqual(inp["shape_signature"].tolist(), list(shape))
            self.assertEqual(inp["shape"].tolist(), [1 if d < 0 else d for d in shape])
        it.resize_tensor_input(inp["index"], list(x.shape), strict=True)
        it.allocate_tensors()
        it.set_tensor(inp["index"], x)
        it.invoke()
        yl = it.get_tensor(it.get_output_details()[0]["index"])
        assert_close(self, yl.reshape(-1), [2, 2.5, 3, 3.5])
        # The signature is kept (as TF's converter does): run it by name.
        sigs = it.get_signature_list()
        self.assertEqual(list(sigs), ["serving_default"])
        self.assertEqual(sigs["serving_default"]["inputs"], [in_name])
        self.assertEqual(sorted(sigs["serving_default"]["outputs"]), sorted(out))
        ys = it.get_signature_runner("serving_default")(**{in_name: x})
        assert_close(self, ys[sorted(out)[0]].reshape(-1), [2, 2.5, 3, 3.5])
        # Full integer quantization with a representative dataset of dicts
        # keyed by signature input name (TF2's form), float interface.
        rng = np.random.default_rng(7)
        sample_shape = [1 if d < 0 else d for d in shape] if shape is not None else [1]

        def representative_dataset():
            for _ in range(32):
                yield {in_name: (rng.random(sample_shape) * 3).astype(np.float32)}

        conv = tfmlir.lite.TFLiteConverter.from_saved_model(path)
        conv.optimizations = [tfmlir.lite.Optimize.DEFAULT]
        conv.representative_dataset = representative_dataset
        it = tfmlir.lite.Interpreter(model_content=conv.convert())
        runner = it.get_signature_runner()
        yq = runner(**{in_name: x})[sorted(out)[0]].reshape(-1)
        details = it.get_tensor_details()
        scales = [d["quantization"][0] for d in details if d["dtype"] is np.int8]
        self.assertTrue(scales, "no int8 tensors in the quantized model")
        # Bar: 2 steps of the coarsest int8 scale (input and output rounding).
        assert_close(self, yq, [2, 2.5, 3, 3.5], atol=2 * max(scales), rtol=0)

    def test_missing(self):
        with self.assertRaises(errors.NotFoundError):
            tfmlir.saved_model.load("/nonexistent/saved_model_dir")


class CorpusSessionTest(unittest.TestCase):
    """A sample of the dl4j corpus through tfmlir.compat.v1.Session,
    compared with TensorFlow's stored outputs (session_corpus.py's compare:
    float abs 1e-5 + rel 1e-4, ints and bools exact)."""

    SAMPLE = 12

    def test_sample(self):
        index = corpus_path("dl4j_tf_graphs", "INDEX.tsv")
        sys.path.insert(0, os.path.join(ROOT, "test", "corpus"))
        import csv
        import session_corpus as sc
        with open(index) as f:
            rows = [r for r in csv.DictReader(f, delimiter="\t")
                    if r["has_pb"] == "yes" and r["has_random_op"] == "no"
                    and r["reference_outputs(node[.k])"].strip()]
        step = max(1, len(rows) // self.SAMPLE)
        sample = rows[::step][: self.SAMPLE]
        # and every case with placeholders among the first ones
        sample += [r for r in rows if r["placeholder_inputs"].strip()][:4]
        failures = []
        for row in sample:
            case = os.path.join(CORPUS, "dl4j_tf_graphs", "examples", row["case_dir"])
            if sc.has_uninitialised_empty(case, row):
                continue
            feeds = {}
            for ph in [p.strip() for p in row["placeholder_inputs"].split(",") if p.strip()]:
                csvp = sc.ref_file(case, ph, ".placeholder.csv")
                shp = sc.ref_file(case, ph, ".placeholder.shape")
                with open(csvp) as f:
                    vals = [sc.parse_value(v) for v in f.read().replace(",", " ").split()]
                feeds[ph + ":0"] = np.array(vals).reshape(sc.read_shape(shp))
            outs = sc.fetches(row)
            try:
                with tfmlir.compat.v1.Session(os.path.join(case, "frozen_model.pb")) as sess:
                    values = sess.run(["%s:%d" % o for o in outs], feeds)
            except errors.OpError as e:
                failures.append("%s: %s" % (row["case_dir"], e.message.splitlines()[0]))
                continue
            want_dtypes = sc.read_dtypes(case)
            for (node, k), v in zip(outs, values):
                v = np.asarray(v)
                got = [float(a) for a in v.reshape(-1)]
                err, _ = sc.compare(node, k, v.dtype.name, list(v.shape), got, case,
                                    want_dtypes, False)
                if err:
                    failures.append("%s: %s" % (row["case_dir"], err))
        print("corpus sample: %d cases, %d failures" % (len(sample), len(failures)),
              file=sys.stderr)
        self.assertEqual(failures, [])


if __name__ == "__main__":
    unittest.main(verbosity=2)
