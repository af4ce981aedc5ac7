//===- DefaultDebugInfo.h - print locations unless told otherwise ---------===//
//
// GraphDef node names live in MLIR locations (NameLoc). MLIR prints no
// locations by default, so a text round trip through tf-translate/tf-opt
// would lose every node name. Our tools therefore turn on
// -mlir-print-debuginfo unless the command line sets it (either way).
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_TOOLS_DEFAULTDEBUGINFO_H
#define TFMLIR_TOOLS_DEFAULTDEBUGINFO_H

#include <cstring>
#include <vector>

namespace tfmlir {
/// Returns argv with "--mlir-print-debuginfo" appended when no argument
/// mentions mlir-print-debuginfo. The returned vector owns no strings.
inline std::vector<char *> withDefaultDebugInfo(int argc, char **argv) {
  static char flag[] = "--mlir-print-debuginfo";
  std::vector<char *> args(argv, argv + argc);
  bool mentioned = false;
  for (int i = 1; i < argc; ++i)
    if (std::strstr(argv[i], "mlir-print-debuginfo"))
      mentioned = true;
  if (!mentioned)
    args.push_back(flag);
  args.push_back(nullptr);
  return args;
}
} // namespace tfmlir

#endif
