#!/usr/bin/env python3
"""Checks that lit tests sit at the path of the code they test.

docs/FindingAnOp.md describes the layout (after onnx-mlir's): the cases for
lib/Conversion/<Conv>/<Family>/<Topic>.cpp are in
test/Conversion/<Conv>/<Family>/<Topic>.mlir, with cases that need another
RUN line next to it as <Topic>-<what>.mlir (<Topic>-errors.mlir for
refusals). <Conv> is each conversion in CONVERSIONS: TFToHLO
(xla-legalize-tf) and TFToTFL (tfl-legalize-tf, whose Optimize/ folder
holds the tfl-optimize fusions, each with its test the same way; the
one-to-one DRR maps of LegalizePatterns.td are tested in
Math/Elementwise-drr.mlir or the family file of the op). Other test files
(.pbtxt, .test tool tests) are not checked. Checked, for each conversion:
  - every lowering file (a .cpp under a family folder of
    lib/Conversion/<Conv>/) has a <Topic>.mlir or <Topic>-<what>.mlir, except
    the helper files NO_TEST lists;
  - every .mlir under test/Conversion/<Conv>/ is <Family>/<Topic>.mlir or
    <Family>/<Topic>-<what>.mlir for an existing lowering file, a family
    test <Family>/family-<what>.mlir, or a test of the pass itself under
    Driver/; none is left at the top level.
And every test/Transforms/shape_inference/<Name>.mlir whose name starts with
an upper-case letter is a tf dialect family (dialects/tf/TFOps<Name>.td);
the lower-case ones test the pass itself.

Usage: check-test-layout.py [SOURCE_DIR]   (default: the repository root)
Prints one line per misplaced or missing file and exits 1 when there is one.
"""
import os
import sys

CONVERSIONS = ["TFToHLO", "TFToTFL"]

# Files of a family folder that lower no op themselves, each with the tests
# that cover it.
NO_TEST = {
    ("TFToHLO", "Linalg", "Unrolled"):
    "entry-wise helpers of Decompositions.cpp and Solve.cpp, tested "
    "through Linalg/Decompositions.mlir and Linalg/Solve.mlir",
    ("TFToTFL", "NN", "Layout"):
    "data_format, strides / window and channel-vector helpers of Conv.cpp, "
    "Pool.cpp and Normalization.cpp, tested through NN/Conv.mlir (NCHW, "
    "EXPLICIT), NN/Pool.mlir (NCHW, SAME / VALID, refusals in "
    "NN/Pool-errors.mlir) and NN/Normalization.mlir (NCHW bias)",
}


def lowering_files(root, conv):
    """{(family, topic)} of the lowering files of lib/Conversion/<conv>/."""
    out = set()
    lib = os.path.join(root, "lib", "Conversion", conv)
    for fam in sorted(os.listdir(lib)):
        d = os.path.join(lib, fam)
        if not os.path.isdir(d):
            continue
        for f in sorted(os.listdir(d)):
            if f.endswith(".cpp"):
                out.add((fam, f[:-4]))
    return out


def check_conversion(root, conv):
    errors = []
    lowerings = lowering_files(root, conv)
    test_dir = os.path.join(root, "test", "Conversion", conv)
    tests = []
    for d, dirs, files in os.walk(test_dir):
        dirs[:] = [x for x in dirs if x not in ("Output", "Inputs")]
        for f in files:
            if f.endswith(".mlir"):
                tests.append(os.path.relpath(os.path.join(d, f), test_dir))
    topics = set()
    for t in sorted(tests):
        parts = t.split(os.sep)
        where = "test/Conversion/%s/%s" % (conv, t)
        if len(parts) != 2:
            errors.append(
                "%s: not in a family folder (<Family>/<Topic>.mlir or "
                "Driver/)" % where)
            continue
        fam, name = parts[0], parts[1][:-5]
        if fam == "Driver":
            continue
        if name.startswith("family-"):
            if not any(f == fam for f, _ in lowerings):
                errors.append("%s: no lowering family %s" % (where, fam))
            continue
        topic = name.split("-", 1)[0]
        if (fam, topic) not in lowerings:
            errors.append("%s: no lowering file lib/Conversion/%s/%s/%s.cpp" %
                          (where, conv, fam, topic))
        else:
            topics.add((fam, topic))
    for fam, topic in sorted(lowerings - topics):
        if (conv, fam, topic) in NO_TEST:
            continue
        errors.append(
            "lib/Conversion/%s/%s/%s.cpp: no test test/Conversion/%s/%s/%s.mlir "
            "(or %s-<what>.mlir)"
            % (conv, fam, topic, conv, fam, topic, topic))
    return errors


def check_shape_inference(root):
    errors = []
    d = os.path.join(root, "test", "Transforms", "shape_inference")
    for f in sorted(os.listdir(d)):
        if f.endswith(".mlir") and f[0].isupper():
            td = os.path.join(root, "dialects", "tf", "TFOps%s.td" % f[:-5])
            if not os.path.isfile(td):
                errors.append(
                    "test/Transforms/shape_inference/%s: no tf dialect family "
                    "dialects/tf/TFOps%s.td" % (f, f[:-5]))
    return errors


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..")
    errors = []
    for conv in CONVERSIONS:
        errors += check_conversion(root, conv)
    errors += check_shape_inference(root)
    for e in errors:
        print(e)
    if errors:
        print("check-test-layout: %d misplaced or missing test files (see "
              "docs/FindingAnOp.md, 'Lit tests at the path of the code')" %
              len(errors))
        return 1
    print("check-test-layout: every lowering has its test file; every test "
          "file is at the path of its code")
    return 0


if __name__ == "__main__":
    sys.exit(main())
