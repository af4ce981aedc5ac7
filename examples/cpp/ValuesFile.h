//===- ValuesFile.h - the examples' input files ------------------*- C++
//-*-===//
//
// Reads the float values that run_graph and run_tflite feed: a text file of
// numbers separated by whitespace or commas (row-major), as numpy.savetxt or
// the corpus's *.placeholder.csv files write them. Header-only, for the
// example applications (not part of the installed library).
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_EXAMPLES_CPP_VALUESFILE_H
#define TFMLIR_EXAMPLES_CPP_VALUESFILE_H

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

namespace examples {

/// Reads the numbers in `path` into `values`. Returns an empty string on
/// success, else the error ("<path>: cannot read the file (not a regular
/// file?)" for a missing file or a directory, "<path>: not a list of
/// numbers" for other text).
inline std::string readValuesFile(const std::string &path,
                                  std::vector<float> &values) {
  std::error_code ec;
  std::ifstream file;
  if (std::filesystem::is_regular_file(path, ec))
    file.open(path);
  if (!file.is_open() || !file)
    return path + ": cannot read the file (not a regular file?)";
  std::string text{std::istreambuf_iterator<char>(file), {}};
  for (char &c : text)
    if (c == ',')
      c = ' ';
  std::istringstream vs(text);
  values.assign(std::istream_iterator<float>(vs),
                std::istream_iterator<float>());
  if (!vs.eof())
    return path + ": not a list of numbers";
  return "";
}

} // namespace examples

#endif
