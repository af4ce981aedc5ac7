#!/usr/bin/env python3
"""Prints what scripts/demo.sh measured on the digit classifier: the top
predictions of the Session for each image, its agreement with the NumPy
reference of make_digits.py, and for each .tflite model run by the lite
interpreter the max |difference| of its probabilities from the Session's and
how many top-1 predictions agree.

Usage: report.py --data DIR --session probs.npy [--lite NAME=probs.npy]...
DIR is what `make_digits.py --data DIR` wrote (labels.npy,
reference_probs.npy). Exit status 1 when a file is missing, a shape differs
from the Session's [N,10], or a result is outside its tolerance:
 - Session vs the NumPy float64 reference: 1e-5 abs (float32 arithmetic on
   probabilities in [0, 1]);
 - a float32 .tflite (NAME without "int8") vs the Session: 1e-5 abs;
 - an int8 .tflite (NAME containing "int8") vs the Session: 0.05 abs (about
   13 steps of the 1/256 softmax output scale; 0.027 measured on the demo
   batch) and the same top-1 class for every image.
"""
import argparse
import sys

import numpy as np


def load(path, shape=None):
    try:
        a = np.load(path)
    except (OSError, ValueError) as e:
        sys.exit("report.py: cannot read %s: %s" % (path, e))
    if shape is not None and a.shape != shape:
        sys.exit("report.py: %s has shape %s, expected %s" % (path, a.shape, shape))
    return a


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--session", required=True)
    ap.add_argument("--lite", action="append", default=[])
    a = ap.parse_args()
    labels = load(a.data + "/labels.npy")
    ref = load(a.data + "/reference_probs.npy")
    sess = load(a.session, ref.shape).astype(np.float64)

    print("image label  Session's top 3 (probability)")
    for i, p in enumerate(sess):
        top = np.argsort(-p)[:3]
        print("%5d %5d   %s%s" % (i, labels[i], "   ".join(
            "%d %.3f" % (k, p[k]) for k in top),
            "" if top[0] == labels[i] else "   <- wrong"))
    correct = int((sess.argmax(1) == labels).sum())
    diff = np.abs(sess - ref).max()
    print("Session: %d/%d correct; max |Session - NumPy reference| = %.2e" %
          (correct, len(labels), diff))
    failures = []
    if diff > 1e-5:
        failures.append("Session vs NumPy: %.2e > 1e-5" % diff)
    for spec in a.lite:
        name, path = spec.split("=", 1)
        p = load(path, sess.shape).astype(np.float64)
        agree = int((p.argmax(1) == sess.argmax(1)).sum())
        diff = np.abs(p - sess).max()
        print("%-13s max |lite - Session| = %.2e, top-1 agrees with the "
              "Session on %d/%d, %d/%d correct" %
              (name + ":", diff, agree, len(labels),
               int((p.argmax(1) == labels).sum()), len(labels)))
        tol = 0.05 if "int8" in name else 1e-5
        if diff > tol or agree != len(labels):
            failures.append("%s vs Session: max |diff| %.2e (tolerance %g), "
                            "top-1 agrees on %d/%d" %
                            (name, diff, tol, agree, len(labels)))
    if failures:
        sys.exit("report.py: FAILED: " + "; ".join(failures))


if __name__ == "__main__":
    main()
