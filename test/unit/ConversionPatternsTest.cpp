//===- ConversionPatternsTest.cpp - the tf -> hlo / tfl pattern sets ------===//
//
// xla-legalize-tf and tfl-legalize-tf keep one pattern per root tf op
// (lib/Conversion/Common/TFConversion.h): two patterns for one op would make
// which applies depend on the order the families are registered in. Each
// set is built as its pass builds it and checked for duplicate roots.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Passes.h"
#include "lib/Conversion/TFToTFL/Passes.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

/// "a, b, c" for the failure message.
std::string join(const std::vector<std::string> &names) {
  std::string s;
  for (const std::string &n : names)
    s += (s.empty() ? "" : ", ") + n;
  return s;
}

TEST(ConversionPatterns, HLOOnePatternPerRootOp) {
  std::vector<std::string> dup = tfmlir::duplicateHLOPatternRoots();
  EXPECT_TRUE(dup.empty()) << "xla-legalize-tf has more than one pattern for: "
                           << join(dup);
}

TEST(ConversionPatterns, TFLOnePatternPerRootOp) {
  std::vector<std::string> dup = tfmlir::duplicateTFLPatternRoots();
  EXPECT_TRUE(dup.empty()) << "tfl-legalize-tf has more than one pattern for: "
                           << join(dup);
}

TEST(ConversionPatterns, EveryRootOpHasAFile) {
  // The op -> file maps op-coverage reads come from the same pattern sets.
  EXPECT_FALSE(tfmlir::listHLOConverters().empty());
  EXPECT_FALSE(tfmlir::listTFLConverters().empty());
}

} // namespace
