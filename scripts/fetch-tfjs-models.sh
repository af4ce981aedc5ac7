#!/usr/bin/env bash
# Fetches the published TF.js graph models that ctest corpus-tfjs
# (test/corpus/tfjs_corpus.py) runs over, from the npm registry, into DIR:
#   scripts/fetch-tfjs-models.sh /work/tfjs-models
# Each package is fetched with `npm pack` (npm checks the tarball's
# integrity) into DIR/_pack/, and the folder holding its model.json files and
# .bin weight shards is unpacked into DIR/<package>-<version>/. Test-only:
# the models are third-party files and never go into the repository.
# Configure with -DTFMLIR_TFJS_MODELS_DIR=DIR (default /work/tfjs-models when
# it exists).
set -euo pipefail

dest=${1:?usage: scripts/fetch-tfjs-models.sh DIR}

# "package@version folder [model ...]" (pinned, so every run gets the same
# files): the folder in the package that holds the models, and the models to
# take from it (<model>.json and its <model>*.bin shards; none = all).
PACKAGES=(
  # 11 graph models (face detection and mesh, iris, emotion, anti-spoofing,
  # liveness, face embedding, hand detection and landmarks, body pose,
  # object detection), float16 / uint8 quantized and plain weights: 28 MB.
  "@vladmandic/human@3.3.6 models"
  # 4 more from the 1.x release (BlazePose, an older hand detector and hand
  # skeleton, PoseNet): 47 MB download, 26 MB kept.
  "@vladmandic/human@1.9.4 models blazepose handdetect handskeleton posenet"
)

command -v npm >/dev/null || { echo "npm not found (apt-get install npm)" >&2; exit 1; }
mkdir -p "$dest/_pack"
for spec in "${PACKAGES[@]}"; do
  read -r pkg folder models <<<"$spec"
  tgz=$(cd "$dest/_pack" && npm pack --silent "$pkg" | tail -n 1)
  out="$dest/${tgz%.tgz}"
  rm -rf "$out"
  mkdir -p "$out"
  members=("package/$folder")
  if [ -n "$models" ]; then
    members=()
    for m in $models; do
      members+=("package/$folder/$m.json" "package/$folder/$m*.bin")
    done
  fi
  tar -xzf "$dest/_pack/$tgz" -C "$out" --strip-components=1 --wildcards \
    "${members[@]}"
  echo "$pkg -> $out ($(find "$out" -name '*.json' | wc -l) json files)"
done
