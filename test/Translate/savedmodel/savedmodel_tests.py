#!/usr/bin/env python3
"""SavedModel import over our own fixtures (no corpus needed).

usage: savedmodel_tests.py BIN_DIR WORK_DIR

Makes the fixtures of make_fixture.py in WORK_DIR and checks, against NumPy
with the variable values read back by tensor_bundle.py (an independent
reader):
  - tf1_dense through tf-run --saved-model (signature keys and plain tensor
    names, the folded main_op, a signature that fetches a variable, a
    ResourceGatherNd of a variable), and
    through tf-convert --saved-model-dir + tflite-run;
  - tf2_module (and _no_tog; x * w + bias and a ResourceGather of w inside
    the called function) through tf-run and tf-convert when they can run
    function calls (StatefulPartitionedCall), else that the error names the
    call op; the frozen functions are checked by the lit tests;
  - every bad-input case of sm_testlib.damage_cases on a copy of tf1_dense,
    plus unknown tags and signature keys, each through tf-run and
    tf-translate: exit status 1, a message naming the file and tensor.
Float tolerance: |a - e| <= 1e-5 + 1e-5 |e|.
"""
import os
import shutil
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import make_fixture  # noqa: E402
import sm_testlib as lib  # noqa: E402
import tensor_bundle as tb  # noqa: E402


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    bin_dir, work = sys.argv[1], sys.argv[2]
    tf_run = os.path.join(bin_dir, "tf-run")
    tf_translate = os.path.join(bin_dir, "tf-translate")
    tf_convert = os.path.join(bin_dir, "tf-convert")
    tflite_run = os.path.join(bin_dir, "tflite-run")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    r = lib.Results()
    # Before the call-inlining pass exists, TF2 models may stop at the call.
    excuse_calls = not lib.calls_inlined(bin_dir)

    # --- TF1: VariableV2 + VarHandleOp restored by the saver, main_op ---
    d = make_fixture.make(work, "tf1_dense")
    vals = tb.read_bundle(lib.bundle_prefix(d))
    kernel, bias = vals["weights/kernel"], vals["dense/bias"]
    x = np.arange(6, dtype=np.float32).reshape(2, 3) / 4 - 0.5
    np.save(os.path.join(work, "x.npy"), x)
    logits = x.astype(np.float64) @ kernel + bias
    scaled = logits * 2.5  # the main_op assigns scale = 2.5
    rc, out, err = lib.run([tf_run, "--saved-model", d, "--input",
                            "inputs=" + os.path.join(work, "x.npy")])
    got = lib.parse_tf_run(out)
    r.check(rc == 0 and lib.close(got.get("logits"), logits)
            and lib.close(got.get("scaled"), scaled)
            and np.array_equal(got.get("bias_nd"), bias[[1]]),
            "tf1_dense serving_default by signature keys: rc %d %s %s" % (rc, got, err[-300:]))
    rc, out, err = lib.run([tf_run, "--saved-model", d, "--input",
                            "x=" + os.path.join(work, "x.npy"), "--output", "z"])
    got = lib.parse_tf_run(out)
    r.check(rc == 0 and lib.close(got.get("z:0"), scaled),
            "tf1_dense by tensor names: rc %d %s %s" % (rc, got, err[-300:]))
    rc, out, err = lib.run([tf_run, "--saved-model", d, "--signature", "kernel"])
    got = lib.parse_tf_run(out)
    r.check(rc == 0 and np.array_equal(got.get("kernel"), kernel),
            "tf1_dense signature 'kernel' (the variable itself): rc %d %s %s" % (rc, got, err[-300:]))

    # The same bundle in two data shards; a missing second shard is named.
    ds = make_fixture.make(work, "tf1_dense_sharded")
    rc, out, err = lib.run([tf_run, "--saved-model", ds, "--input",
                            "inputs=" + os.path.join(work, "x.npy")])
    got = lib.parse_tf_run(out)
    r.check(rc == 0 and lib.close(got.get("scaled"), scaled),
            "tf1_dense_sharded: rc %d %s %s" % (rc, got, err[-300:]))
    os.remove(os.path.join(ds, "variables", "variables.data-00001-of-00002"))
    lib.expect_error(r, "sharded bundle without its second shard",
                     [tf_run, "--saved-model", ds, "--output", "z"],
                     ["variables.data-00001-of-00002", "no such file", "tensor '"])

    # An init op that computes (AddV2) stays an init target: tf-run runs it
    # first, the Session keeps `scale` = 5 for the second Run.
    di = make_fixture.make(work, "tf1_dense_init")
    rc, out, err = lib.run([tf_run, "--saved-model", di, "--input",
                            "inputs=" + os.path.join(work, "x.npy")])
    got = lib.parse_tf_run(out)
    r.check(rc == 0 and lib.close(got.get("scaled"), logits * 5.0),
            "tf1_dense_init (init op as a target): rc %d %s %s" % (rc, got, err[-300:]))
    # tf-convert cannot put an init op into a .tflite model: a clear error.
    lib.expect_error(r, "tf-convert with an init target",
                     [tf_convert, "--saved-model-dir", di, "--output",
                      os.path.join(work, "init.tflite")],
                     ["init op 'main_op'"])

    # tf-convert from_saved_model, then the lite interpreter.
    tfl = os.path.join(work, "tf1_dense.tflite")
    rc, out, err = lib.run([tf_convert, "--saved-model-dir", d, "--output", tfl, "--quiet"])
    if r.check(rc == 0, "tf-convert --saved-model-dir tf1_dense: rc %d %s" % (rc, err[-500:])):
        outs = {}
        for name, expect in (("z", scaled), ("y", logits)):
            o = os.path.join(work, "tfl_%s.npy" % name)
            rc, out, err = lib.run([tflite_run, "--model", tfl, "--input",
                                    "x=" + os.path.join(work, "x.npy"),
                                    "--output", "%s:%s" % (name, o)])
            ok = rc == 0 and os.path.exists(o) and lib.close(np.load(o), expect)
            outs[name] = ok
            r.check(ok, "tflite-run of tf1_dense.tflite output %s: rc %d %s" % (name, rc, err[-300:]))

    # --- TF2: captured VarHandleOps through StatefulPartitionedCall ---
    for variant in ("tf2_module", "tf2_module_no_tog"):
        d2 = make_fixture.make(work, variant)
        v = tb.read_bundle(lib.bundle_prefix(d2))
        w = [a for k, a in v.items() if k.endswith("w/.ATTRIBUTES/VARIABLE_VALUE")][0]
        b = [a for k, a in v.items() if k.endswith("bias/.ATTRIBUTES/VARIABLE_VALUE")][0]
        x2 = np.array([1.0, -2.0, 0.5], dtype=np.float32)
        np.save(os.path.join(work, "x2.npy"), x2)
        rc, out, err = lib.run([tf_run, "--saved-model", d2, "--input",
                                "x=" + os.path.join(work, "x2.npy")])
        got = lib.parse_tf_run(out)
        if excuse_calls and rc != 0 and "StatefulPartitionedCall" in err and "UNIMPLEMENTED" in err:
            # The Session cannot run calls before the call-inlining pass
            # (branch `calls`); the error must name the op.
            r.check(True, "")
            print("note: %s not run: the Session does not inline function "
                  "calls yet (%s)" % (variant, err.strip().splitlines()[-1][:200]))
        else:
            r.check(rc == 0 and lib.close(got.get("output_0"), x2 * w + b)
                    and np.array_equal(got.get("output_1"), w[[2, 0]]),
                    "%s: rc %d %s %s" % (variant, rc, got, err[-400:]))
        # from_saved_model of the TF2 model, then the lite interpreter.
        tfl2 = os.path.join(work, variant + ".tflite")
        rc, out, err = lib.run([tf_convert, "--saved-model-dir", d2, "--output",
                                tfl2, "--quiet"])
        if excuse_calls and rc != 0 and "StatefulPartitionedCall" in err:
            r.check(not lib.crashed(rc, err), "tf-convert %s crashed: %s" % (variant, err[-300:]))
            print("note: tf-convert %s: calls are not inlined yet" % variant)
            continue
        o = os.path.join(work, variant + "_tfl.npy")
        rc2, out, err2 = lib.run([tflite_run, "--model", tfl2, "--input",
                                  "0=" + os.path.join(work, "x2.npy"),
                                  "--output", "0:" + o])
        r.check(rc == 0 and rc2 == 0 and os.path.exists(o) and
                lib.close(np.load(o), x2 * w + b),
                "tf-convert/tflite-run %s: rc %d/%d %s %s" % (variant, rc, rc2, err[-300:], err2[-300:]))

    # --- bad input ---
    for label, bad, needles in lib.damage_cases(d, os.path.join(work, "bad")):
        for tool, cmd in (
                ("tf-run", [tf_run, "--saved-model", bad, "--input",
                            "inputs=" + os.path.join(work, "x.npy")]),
                ("tf-translate", [tf_translate, "-savedmodel-to-mlir", bad])):
            lib.expect_error(r, "%s: %s" % (tool, label), cmd, needles)
    lib.expect_error(r, "unknown tags", [tf_run, "--saved-model", d, "--tags",
                                         "train", "--output", "z"],
                     ["no MetaGraphDef with the tags {train}", "{serve}",
                      "{gpu, serve}"])
    lib.expect_error(r, "unknown tags (tf-translate)",
                     [tf_translate, "-savedmodel-to-mlir", d,
                      "-tf-savedmodel-tags=serve,tpu"],
                     ["{serve, tpu}", "{gpu, serve}"])
    lib.expect_error(r, "unknown signature", [tf_run, "--saved-model", d,
                                              "--signature", "predict"],
                     ["no signature 'predict'", "kernel, serving_default"])
    lib.expect_error(r, "unknown signature (tf-translate)",
                     [tf_translate, "-savedmodel-to-mlir", d,
                      "-tf-savedmodel-signature=predict"],
                     ["no signature 'predict'", "kernel, serving_default"])
    lib.expect_error(r, "unknown signature (tf-convert)",
                     [tf_convert, "--saved-model-dir", d, "--signature-key",
                      "predict", "--output", os.path.join(work, "x.tflite")],
                     ["no signature 'predict'"])
    lib.expect_error(r, "not a directory", [tf_run, "--saved-model",
                                            os.path.join(work, "x.npy"),
                                            "--output", "z"],
                     ["x.npy", "directory"])

    print("savedmodel fixtures: %d checks passed, %d failed" %
          (r.passed, len(r.failures)))
    for f in r.failures:
        print("FAIL: " + f)
    return 1 if r.failures else 0


if __name__ == "__main__":
    sys.exit(main())
