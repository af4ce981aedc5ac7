#!/usr/bin/env python3
"""Every SavedModel in the corpus through the loader, the Session and the
bad-input cases (ctest corpus-savedmodel).

usage: savedmodel_corpus.py CORPUS_DIR BIN_DIR REPORT.md WORK_DIR

1. Load: each directory under CORPUS_DIR/tensorflow holding saved_model.pb
   or .pbtxt goes through `tf-translate -savedmodel-to-mlir` with the
   default tags, then with the tag set the error lists when "serve" is not
   one. It must load, or fail with an error naming a file that is missing
   from the corpus copy (the corpus keeps only some files of TF's testdata:
   e.g. half_plus_two_v2 has no variables.data, SimpleV1Model's and
   VarsAndArithmeticObjectGraph's data shards are gone). Anything else, a
   crash included, fails the test.
2. Run (tf-run --saved-model, expected values from NumPy over the graph's
   arithmetic and the variables read back by tensor_bundle.py):
   - half_plus_two_main_op: y = a*x + b, x = 0,1,2,3 -> 2, 2.5, 3, 3.5;
   - half_plus_two_pbtxt and half_plus_two_v2, completed in WORK_DIR with
     the missing file taken from half_plus_two_main_op when the files they
     do have are byte-identical to its (the test checks that);
   - SimpleV1Model (Variable/Read/ReadVariableOp:0 = the variable) and
     VarsAndArithmeticObjectGraph ((a + x) * (b + y) / z + 5), whose data
     shards are rebuilt from the index: every variable is a 4-byte scalar and
     CRC-32C is a bijection on 4-byte strings, so the stored checksum
     determines the bytes (tensor_bundle.invert_crc32c_4); the unrecoverable
     _CHECKPOINTABLE_OBJECT_GRAPH entry is dropped from the rebuilt index
     (the loader then keys the variables by their object-graph paths);
   - x_plus_y_v2_debuginfo: x + y.
   Each model with a signature also goes through tf-convert --saved-model-dir
   and tflite-run (inputs by position, output 0 compared).
   The TF2 models run through function calls (StatefulPartitionedCall /
   PartitionedCall); while tf-opt has no tf-inline-calls pass, such a model
   is counted "not run" when the error names the call op; once it has, the
   model must run and match.
3. Bad input: sm_testlib.damage_cases on a copy of half_plus_two_main_op.
Writes a markdown table to REPORT.md. Exit 77 (skipped) without the corpus.
"""
import hashlib
import os
import re
import shutil
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "Translate", "savedmodel"))
import sm_testlib as lib  # noqa: E402
import tensor_bundle as tb  # noqa: E402

TESTDATA = "tensorflow/tensorflow/cc/saved_model/testdata"


def md5(path):
    return hashlib.md5(open(path, "rb").read()).hexdigest()


def find_models(corpus):
    out = []
    for root, dirs, files in os.walk(os.path.join(corpus, "tensorflow")):
        if "saved_model.pb" in files or "saved_model.pbtxt" in files:
            out.append(root)
    return sorted(out)


def writable_copy(src, dst):
    shutil.rmtree(dst, ignore_errors=True)
    shutil.copytree(src, dst)
    for root, dirs, files in os.walk(dst):
        os.chmod(root, 0o755)
        for f in files:
            os.chmod(os.path.join(root, f), 0o644)
    return dst


def rebuild_data_from_crc(model_dir):
    """Writes the missing data shard of `model_dir` from its index when every
    entry except _CHECKPOINTABLE_OBJECT_GRAPH is 4 bytes; rewrites the index
    without that entry. Returns {key: value} or None."""
    prefix = lib.bundle_prefix(model_dir)
    index = tb.read_index(prefix)
    values = {}
    for k, e in index.items():
        if not k or k == "_CHECKPOINTABLE_OBJECT_GRAPH":
            continue
        if e["size"] != 4 or e["dtype"] not in tb.DTYPES:
            return None
        raw = tb.invert_crc32c_4(tb.unmask(e["crc32c"]))
        values[k] = np.frombuffer(raw, dtype=tb.DTYPES[e["dtype"]]).reshape(e["shape"])
    tb.write_bundle(prefix, values)
    return values


def main():
    if len(sys.argv) != 5:
        raise SystemExit(__doc__)
    corpus, bin_dir, report, work = sys.argv[1:]
    if not os.path.isdir(os.path.join(corpus, "tensorflow")):
        print("no corpus at %s: skipped" % corpus)
        return 77
    tf_run = os.path.join(bin_dir, "tf-run")
    tf_translate = os.path.join(bin_dir, "tf-translate")
    tf_convert = os.path.join(bin_dir, "tf-convert")
    tflite_run = os.path.join(bin_dir, "tflite-run")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    r = lib.Results()
    rows = []
    # Before the call-inlining pass exists, TF2 models may stop at the call.
    excuse_calls = not lib.calls_inlined(bin_dir)

    # 1. Load every SavedModel.
    models = find_models(corpus)
    loaded = incomplete = 0
    for m in models:
        rel = os.path.relpath(m, corpus)
        cmd = [tf_translate, "-savedmodel-to-mlir", m, "-o", os.devnull]
        rc, out, err = lib.run(cmd)
        tags = "serve"
        mt = re.search(r"the tag sets in this SavedModel are: \{([^}]*)\}", err)
        if rc != 0 and mt:
            tags = mt.group(1).replace(" ", "")
            rc, out, err = lib.run(cmd + ["-tf-savedmodel-tags=" + tags])
        ms = re.search(r"no 'serving_default' signature; choose one of: (.*)", err)
        if rc != 0 and ms:
            # Load every signature.
            for key in ms.group(1).strip().split(", "):
                rc, out, err = lib.run(cmd + ["-tf-savedmodel-tags=" + tags,
                                              "-tf-savedmodel-signature=" + key])
                if rc != 0:
                    break
        if lib.crashed(rc, err):
            r.fail("%s: crashed: %s" % (rel, err[-400:]))
            rows.append((rel, tags, "CRASH", err.strip()[-200:]))
            continue
        if rc == 0:
            loaded += 1
            r.check(True, "")
            rows.append((rel, tags, "loaded", ""))
            continue
        # An error that names a file the corpus copy lacks.
        named = re.findall(r"(/\S+?(?:variables\.index|variables\.data-\d+-of-\d+))", err)
        if named and all(not os.path.exists(p) for p in named):
            incomplete += 1
            r.check(True, "")
            rows.append((rel, tags, "incomplete copy",
                         "missing " + ", ".join(os.path.relpath(p, m) for p in named)))
        else:
            r.fail("%s: does not load: %s" % (rel, err.strip()[-400:]))
            rows.append((rel, tags, "FAIL", err.strip()[-200:]))

    # 2. Run.
    runs = []  # (name, status)
    td = os.path.join(corpus, TESTDATA)
    main_op = os.path.join(td, "half_plus_two_main_op", "00000123")
    x = np.array([[0.0], [1.0], [2.0], [3.0]], dtype=np.float32)
    np.save(os.path.join(work, "x.npy"), x)

    def convert_model(name, model_dir, args, expect):
        """tf-convert --saved-model-dir (signature serving_default), then
        tflite-run with the same inputs by position; output 0 compared."""
        tfl = os.path.join(work, name + ".tflite")
        rc, out, err = lib.run([tf_convert, "--saved-model-dir", model_dir,
                                "--output", tfl, "--quiet"])
        label = name + " (tf-convert + tflite-run)"
        if excuse_calls and rc != 0 and "Call" in err and not lib.crashed(rc, err):
            why = [l for l in err.splitlines() if "Call" in l][0]
            runs.append((label, "not run: %s" % why.strip()[:160]))
            return
        feeds = []
        for k, a in enumerate(args[1::2]):
            feeds += ["--input", "%d=%s" % (k, a.split("=", 1)[1])]
        o = os.path.join(work, name + "_tfl.npy")
        rc2, out2, err2 = lib.run([tflite_run, "--model", tfl] + feeds +
                                  ["--output", "0:" + o])
        ok = rc == 0 and rc2 == 0 and os.path.exists(o) and lib.close(np.load(o), expect)
        r.check(ok, "%s: rc %d/%d: %s %s" % (label, rc, rc2, err[-300:], err2[-300:]))
        runs.append((label, "match" if ok else "MISMATCH"))

    def run_model(name, model_dir, args, expect, outname, convert=True):
        if convert:
            convert_model(name, model_dir, [a for a in args if "=" in a or a == "--input"], expect)
        rc, out, err = lib.run([tf_run, "--saved-model", model_dir] + args)
        got = lib.parse_tf_run(out).get(outname)
        if excuse_calls and rc != 0 and "UNIMPLEMENTED" in err and "Call" in err:
            runs.append((name, "not run: %s" % err.strip().splitlines()[-1][:160]))
            return
        ok = rc == 0 and got is not None and lib.close(got, expect)
        r.check(ok, "%s: rc %d, got %s, expected %s: %s" % (name, rc, got, expect, err[-300:]))
        runs.append((name, "match" if ok else "MISMATCH"))

    def half_plus_two(name, d):
        v = tb.read_bundle(lib.bundle_prefix(d))
        expect = v["a"] * x + v["b"]
        r.check(np.allclose(expect.ravel(), [2, 2.5, 3, 3.5]), "%s: a, b = %s" % (name, v))
        run_model("half_plus_two_" + name, d,
                  ["--input", "x=" + os.path.join(work, "x.npy"), "--output", "y"],
                  expect, "y")

    if os.path.isdir(main_op):
        half_plus_two("main_op", main_op)
        data = os.path.join("variables", "variables.data-00000-of-00001")
        index = os.path.join("variables", "variables.index")
        src = os.path.join(td, "half_plus_two_pbtxt", "00000123")
        if os.path.isdir(src):
            d = writable_copy(src, os.path.join(work, "half_plus_two_pbtxt"))
            if not os.path.exists(os.path.join(d, index)) and \
                    md5(os.path.join(d, data)) == md5(os.path.join(main_op, data)):
                shutil.copy(os.path.join(main_op, index), os.path.join(d, index))
            half_plus_two("pbtxt", d)
        src = os.path.join(td, "half_plus_two_v2", "00000123")
        if os.path.isdir(src):
            d = writable_copy(src, os.path.join(work, "half_plus_two_v2"))
            if not os.path.exists(os.path.join(d, data)) and \
                    md5(os.path.join(d, index)) == md5(os.path.join(main_op, index)):
                shutil.copy(os.path.join(main_op, data), os.path.join(d, data))
            half_plus_two("v2", d)

    src = os.path.join(td, "SimpleV1Model")
    if os.path.isdir(src):
        d = writable_copy(src, os.path.join(work, "SimpleV1Model"))
        v = rebuild_data_from_crc(d)
        if r.check(v is not None, "SimpleV1Model: cannot rebuild its data shard"):
            # No signatures: nothing for tf-convert to convert.
            run_model("SimpleV1Model", d, ["--output", "Variable/Read/ReadVariableOp"],
                      v["Variable"], "Variable/Read/ReadVariableOp:0", convert=False)

    src = os.path.join(td, "VarsAndArithmeticObjectGraph")
    if os.path.isdir(src):
        d = writable_copy(src, os.path.join(work, "VarsAndArithmeticObjectGraph"))
        v = rebuild_data_from_crc(d)
        if r.check(v is not None, "VarsAndArithmeticObjectGraph: cannot rebuild its data"):
            a, b = np.float32(1.5), np.float32(-4.0)
            np.save(os.path.join(work, "a.npy"), np.array(a))
            np.save(os.path.join(work, "b.npy"), np.array(b))
            vx = v["x/.ATTRIBUTES/VARIABLE_VALUE"]
            vy = v["y/.ATTRIBUTES/VARIABLE_VALUE"]
            vz = v["child/z/.ATTRIBUTES/VARIABLE_VALUE"]
            # __inference_compute_34: (a + x) * (b + y) / z + 5 (Const).
            expect = (np.float64(a) + vx) * (np.float64(b) + vy) / vz + 5
            run_model("VarsAndArithmeticObjectGraph", d,
                      ["--input", "a=" + os.path.join(work, "a.npy"),
                       "--input", "b=" + os.path.join(work, "b.npy")],
                      expect, "output_0")

    src = os.path.join(td, "x_plus_y_v2_debuginfo")
    if os.path.isdir(src):
        xs = np.array(2.25, dtype=np.float32)
        ys = np.array(-0.5, dtype=np.float32)
        np.save(os.path.join(work, "xs.npy"), xs)
        np.save(os.path.join(work, "ys.npy"), ys)
        run_model("x_plus_y_v2_debuginfo", src,
                  ["--input", "x=" + os.path.join(work, "xs.npy"),
                   "--input", "y=" + os.path.join(work, "ys.npy")],
                  xs + ys, "output_0")

    # 3. Bad input on a copy of half_plus_two_main_op.
    bad_ok = bad_total = 0
    if os.path.isdir(main_op):
        for label, bad, needles in lib.damage_cases(main_op, os.path.join(work, "bad")):
            for tool, cmd in (
                    ("tf-run", [tf_run, "--saved-model", bad, "--input",
                                "x=" + os.path.join(work, "x.npy"), "--output", "y"]),
                    ("tf-translate", [tf_translate, "-savedmodel-to-mlir", bad])):
                before = len(r.failures)
                lib.expect_error(r, "%s: %s" % (tool, label), cmd, needles)
                bad_total += 1
                bad_ok += len(r.failures) == before
        lib.expect_error(r, "unknown tags", [tf_translate, "-savedmodel-to-mlir",
                                             main_op, "-tf-savedmodel-tags=gpu"],
                         ["no MetaGraphDef with the tags {gpu}", "{serve}"])
        lib.expect_error(r, "unknown signature", [tf_run, "--saved-model", main_op,
                                                  "--signature", "nope"],
                         ["no signature 'nope'", "classify_x_to_y", "serving_default"])

    matched = sum(1 for _, s in runs if s == "match")
    notrun = sum(1 for _, s in runs if s.startswith("not run"))
    with open(report, "w") as f:
        f.write("# SavedModels in the corpus\n\n")
        f.write("%d SavedModels: %d load, %d stop at a file missing from the "
                "corpus copy; %d runs (tf-run, tf-convert + tflite-run): %d "
                "match NumPy, %d not run (function calls); bad-input cases: %d of %d give the expected error.\n\n"
                % (len(models), loaded, incomplete, len(runs), matched, notrun,
                   bad_ok, bad_total))
        f.write("| SavedModel | tags | load | note |\n|---|---|---|---|\n")
        for rel, tags, status, note in rows:
            f.write("| %s | %s | %s | %s |\n" % (rel, tags, status, note.replace("|", "/")))
        f.write("\n| run | result |\n|---|---|\n")
        for name, status in runs:
            f.write("| %s | %s |\n" % (name, status.replace("|", "/")))
    print(open(report).read())
    print("checks: %d passed, %d failed" % (r.passed, len(r.failures)))
    for fl in r.failures:
        print("FAIL: " + fl)
    return 1 if r.failures else 0


if __name__ == "__main__":
    sys.exit(main())
