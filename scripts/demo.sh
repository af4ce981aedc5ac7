#!/usr/bin/env bash
# The demo: imports the example convnet GraphDef (examples/convnet, made by
# make_convnet.py with fixed weights), feeding `input` and fetching `probs`,
# runs tf-standard-pipeline, and prints the resulting MLIR (large constants
# elided).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh >/dev/null
bash scripts/build.sh tf-translate tf-opt >/dev/null
B=${BUILD_DIR:-build}/bin
"$B/tf-translate" -graphdef-to-mlir examples/convnet/convnet.pbtxt \
    -tf-input-arrays=input -tf-input-shapes=1,28,28,1 -tf-output-arrays=probs |
  "$B/tf-opt" -tf-standard-pipeline --mlir-print-debuginfo=false \
    --mlir-elide-elementsattrs-if-larger=16
