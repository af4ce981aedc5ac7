#!/usr/bin/env bash
# Checks that every tracked C/C++ file is formatted as .clang-format (LLVM
# style) says, with clang-format-22. Prints each file that is not and how to
# fix it; exits 1 if there is one. Exits 77 (ctest: skipped) when
# clang-format-22 or git is missing, or the source is not a git checkout.
# Usage: check-format.sh [SOURCE_DIR]
set -uo pipefail
SRC=${1:-$(dirname "$0")/..}
CF=${CLANG_FORMAT:-$(command -v clang-format-22 || true)}
if [[ -z $CF ]] || ! command -v git >/dev/null ||
  ! git -C "$SRC" rev-parse --git-dir >/dev/null 2>&1; then
  echo "check-format: clang-format-22 or a git checkout is missing; skipped"
  exit 77
fi
cd "$SRC" || exit 1
# One clang-format process per 64 files (one per file costs minutes on a
# loaded machine); each violation is reported as "FILE:LINE:COL: error: ...".
mapfile -t bad < <(git ls-files -z -- '*.cpp' '*.h' '*.c' |
  xargs -0 -n 64 "$CF" --dry-run -Werror 2>&1 >/dev/null |
  sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: error: code should be clang-formatted.*/\1/p' |
  sort -u)
if ((${#bad[@]})); then
  printf '%s: not clang-formatted\n' "${bad[@]}"
  echo "check-format: ${#bad[@]} file(s); fix with: clang-format-22 -i FILE..."
  exit 1
fi
echo "check-format: every C/C++ file is formatted"
