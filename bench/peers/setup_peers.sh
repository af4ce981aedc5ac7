#!/usr/bin/env bash
# Installs the peer engines of bench/peers/run_peers.py OUTSIDE the repo
# (issue 11 §5). Not a test; needs root (apt) and network.
#  - Debian python3-opencv (OpenCV DNN) and python3-torch (PyTorch 1.13,
#    also used to write the ONNX file with torch.onnx.export);
#  - npm onnxruntime-node into $PEERS_DIR/ort with --ignore-scripts (its
#    install script tries a download that fails here; the CPU binaries ship
#    in the package);
#  - npm @litertjs/core (LiteRT.js) into $PEERS_DIR/litert for
#    bench/lite_int8.py --litert;
#  - OpenBLAS (pthread build) unpacked with apt-get download + dpkg -x into
#    $PEERS_DIR/openblas: Debian's default libblas.so.3 is the slow reference
#    BLAS, so run_peers.py points numpy at OpenBLAS with LD_LIBRARY_PATH for
#    that engine's commands only.
# Usage: bash bench/peers/setup_peers.sh [PEERS_DIR]   (default /tmp/tfmlir-peers)
set -euo pipefail
PEERS_DIR=${1:-${PEERS_DIR:-/tmp/tfmlir-peers}}
mkdir -p "$PEERS_DIR"
export DEBIAN_FRONTEND=noninteractive
if ! /usr/bin/python3 -c 'import cv2, torch' 2>/dev/null; then
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends python3-opencv python3-torch
fi
if [[ ! -d "$PEERS_DIR/ort/node_modules/onnxruntime-node" ]]; then
  mkdir -p "$PEERS_DIR/ort"
  (cd "$PEERS_DIR/ort" && npm init -y >/dev/null &&
   npm install --ignore-scripts --no-audit --no-fund onnxruntime-node)
fi
# LiteRT.js for bench/lite_int8.py --litert $PEERS_DIR/litert.
if [[ ! -d "$PEERS_DIR/litert/node_modules/@litertjs/core" ]]; then
  mkdir -p "$PEERS_DIR/litert"
  (cd "$PEERS_DIR/litert" && npm init -y >/dev/null &&
   npm install --no-audit --no-fund @litertjs/core)
fi
if ! ls "$PEERS_DIR"/openblas/usr/lib/x86_64-linux-gnu/openblas-pthread/libblas.so.3 >/dev/null 2>&1; then
  (cd "$PEERS_DIR" && apt-get download libopenblas0-pthread &&
   dpkg -x libopenblas0-pthread_*.deb openblas)
fi
echo "peers installed under $PEERS_DIR"
/usr/bin/python3 -c 'import cv2, torch; print("opencv", cv2.__version__, "torch", torch.__version__)'
ls "$PEERS_DIR"/openblas/usr/lib/x86_64-linux-gnu/openblas-pthread/
