"""Helpers shared by the SavedModel tests (savedmodel_tests.py over our own
fixtures, test/corpus/savedmodel_corpus.py over the corpus): running the
tools, parsing tf-run's output, and the bad-input cases that damage a copy
of a SavedModel and expect a clear error (exit status 1, a message naming
the file and the tensor, no crash)."""

import os
import shutil
import subprocess

import numpy as np

import tensor_bundle as tb


class Results:
    """Counts checks; `fail` records a message instead of raising, so one
    run reports every problem."""

    def __init__(self):
        self.passed = 0
        self.failures = []

    def check(self, ok, what):
        if ok:
            self.passed += 1
        else:
            self.failures.append(what)
        return ok

    def fail(self, what):
        self.failures.append(what)


def run(cmd, timeout=600):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=timeout)
    return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(
        errors="replace")


def parse_tf_run(out):
    """{name: numpy array} from tf-run's printed outputs."""
    res = {}
    name = None
    for line in out.splitlines():
        if line.startswith("# output "):
            _, _, name, dtype, *dims = line.split(" ")
            shape = [int(d) for d in dims[0].split(",")] if dims and dims[0] else []
            res[name] = (np.dtype(dtype), shape, [])
        elif name is not None and line:
            res[name][2].append(line)
    out_arrays = {}
    for n, (dtype, shape, vals) in res.items():
        arr = np.array([float(v) for v in vals], dtype=np.float64)
        out_arrays[n] = arr.astype(dtype).reshape(shape)
    return out_arrays


def close(actual, expected, atol=1e-5, rtol=1e-5):
    """Float comparison used by the numeric checks: |a - e| <= atol + rtol|e|."""
    actual = np.asarray(actual, dtype=np.float64)
    expected = np.asarray(expected, dtype=np.float64)
    return actual.shape == expected.shape and bool(
        np.all(np.abs(actual - expected) <= atol + rtol * np.abs(expected)))


def calls_inlined(bin_dir):
    """True when tf-opt has the tf-inline-calls pass (the Session and
    tf-convert then run PartitionedCall / StatefulPartitionedCall): TF2
    SavedModels must then run, not be excused as "not run"."""
    tf_opt = os.path.join(bin_dir, "tf-opt")
    if not os.path.exists(tf_opt):
        return False
    rc, out, err = run([tf_opt, "--help"])
    return "tf-inline-calls" in out


def crashed(rc, err):
    """True when a tool died instead of reporting an error."""
    return (rc < 0 or rc > 1 or "Assertion" in err or "Stack dump" in err
            or "PLEASE submit a bug report" in err)


def expect_error(results, label, cmd, needles):
    """Runs `cmd`, expects exit status 1 and every string of `needles` in
    stderr."""
    rc, out, err = run(cmd)
    if crashed(rc, err):
        results.fail("%s: crashed (rc %d): %s" % (label, rc, err[-400:]))
        return
    missing = [n for n in needles if n not in err]
    results.check(rc == 1 and not missing,
                  "%s: rc %d, stderr lacks %s: %s" % (label, rc, missing,
                                                      err.strip()[-500:]))
    return err


def bundle_prefix(model_dir):
    return os.path.join(model_dir, "variables", "variables")


def damage_cases(model_dir, work):
    """Damaged copies of `model_dir` (which must hold a complete bundle):
    yields (label, damaged dir, strings the error must contain)."""
    prefix = bundle_prefix(model_dir)
    index = tb.read_index(prefix)
    entries = {k: e for k, e in index.items() if k and e["size"] > 0}
    # The tensor stored last in the data file: truncation cuts into it.
    last = max(entries, key=lambda k: entries[k]["offset"] + entries[k]["size"])
    first = min(entries, key=lambda k: entries[k]["offset"])
    data_name = "variables.data-00000-of-00001"

    def copy(label):
        d = os.path.join(work, label)
        shutil.rmtree(d, ignore_errors=True)
        shutil.copytree(model_dir, d)
        os.chmod(d, 0o755)
        for root, dirs, files in os.walk(d):
            for x in dirs:
                os.chmod(os.path.join(root, x), 0o755)
            for x in files:
                os.chmod(os.path.join(root, x), 0o644)
        return d

    d = copy("missing_data")
    os.remove(os.path.join(d, "variables", data_name))
    yield "missing variables.data", d, [data_name, "no such file"]

    d = copy("truncated_data")
    p = os.path.join(d, "variables", data_name)
    size = os.path.getsize(p)
    with open(p, "r+b") as f:
        f.truncate(size - 1)
    yield "truncated variables.data", d, [data_name, "'%s'" % last, "truncated"]

    d = copy("missing_index")
    os.remove(os.path.join(d, "variables", "variables.index"))
    yield "missing variables.index", d, ["variables.index", "no such file"]

    d = copy("truncated_index")
    p = os.path.join(d, "variables", "variables.index")
    raw = open(p, "rb").read()
    open(p, "wb").write(raw[:len(raw) // 2])
    yield "truncated variables.index", d, ["variables.index", "corrupt table"]

    d = copy("corrupt_index_block")
    p = os.path.join(d, "variables", "variables.index")
    raw = bytearray(open(p, "rb").read())
    raw[3] ^= 0x20  # inside the first data block (offset 0)
    open(p, "wb").write(bytes(raw))
    yield "corrupt index block", d, ["variables.index", "checksum mismatch"]

    d = copy("crc_mismatch")
    p = os.path.join(d, "variables", data_name)
    raw = bytearray(open(p, "rb").read())
    raw[entries[first]["offset"]] ^= 0x01
    open(p, "wb").write(bytes(raw))
    yield "crc32c mismatch", d, [data_name, "'%s'" % first, "checksum mismatch"]

    # A bundle whose entry disagrees with the graph: same bytes, other
    # dtype (float32 <-> int32) or another shape (one more dimension).
    numeric = [k for k, e in entries.items() if e["dtype"] in (1, 3)]
    if numeric:
        k = numeric[0]
        for what in ("dtype", "shape"):
            d = copy("bad_" + what)
            values = tb.read_bundle(prefix)
            v = values[k]
            if what == "dtype":
                values[k] = v.view(np.int32 if v.dtype == np.float32 else np.float32)
            else:
                values[k] = v.reshape((1,) + v.shape)
            tb.write_bundle(bundle_prefix(d), values)
            yield "bundle %s disagrees with the graph" % what, d, [
                "variables.index", "'%s'" % k, what if what == "shape" else "DT_"]

    d = copy("corrupt_saved_model")
    if os.path.exists(os.path.join(d, "saved_model.pb")):
        p = os.path.join(d, "saved_model.pb")
        raw = open(p, "rb").read()
        open(p, "wb").write(raw[:len(raw) // 2])
        yield "truncated saved_model.pb", d, ["saved_model.pb", "not a valid SavedModel proto"]
    else:
        p = os.path.join(d, "saved_model.pbtxt")
        text = open(p).read().replace("graph_def {", "graph_def { no_such_field: 1", 1)
        open(p, "w").write(text)
        yield "saved_model.pbtxt with an unknown field", d, [
            "saved_model.pbtxt:", "no field named \"no_such_field\""]

    d = copy("no_saved_model_pb")
    for n in ("saved_model.pb", "saved_model.pbtxt"):
        if os.path.exists(os.path.join(d, n)):
            os.remove(os.path.join(d, n))
    yield "directory without saved_model.pb", d, ["saved_model.pb", d]
