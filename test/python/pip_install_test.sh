#!/usr/bin/env bash
# pip_install_test.sh PYTHON PACKAGE_DIR CONVNET_PBTXT
# Installs the package with Debian's pip (no index, no build isolation) into
# a fresh venv that sees the system numpy, then runs a Session and an
# Interpreter from a folder outside the source and build trees.
set -euo pipefail
py=$1 pkg=$2 model=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$py" -m venv --system-site-packages "$tmp/venv"
# Build from a copy: pip must not write build/ or egg-info into the source.
cp -r "$pkg" "$tmp/src"
"$tmp/venv/bin/pip" install --no-build-isolation --no-index --quiet "$tmp/src"
cd "$tmp"
"$tmp/venv/bin/python" - "$model" <<'PY'
import sys
import numpy as np
import tfmlir
assert "/venv/" in tfmlir.__file__, tfmlir.__file__
x = np.ones((1, 28, 28, 1), np.float32)
with tfmlir.compat.v1.Session(sys.argv[1]) as sess:
    p = sess.run("probs:0", {"input:0": x})
assert p.shape == (1, 10) and abs(float(p.sum()) - 1) < 1e-5, p
conv = tfmlir.lite.TFLiteConverter.from_frozen_graph(sys.argv[1], ["input"], ["probs"])
it = tfmlir.lite.Interpreter(model_content=conv.convert())
it.allocate_tensors()
it.set_tensor(it.get_input_details()[0]["index"], x)
it.invoke()
q = it.get_tensor(it.get_output_details()[0]["index"])
assert np.allclose(p, q, atol=1e-5), (p, q)
print("pip-installed tfmlir OK:", tfmlir.__file__)
PY
