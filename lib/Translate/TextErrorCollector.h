//===- TextErrorCollector.h - first error of protobuf's text parser -*- C++
//-*-===//
//
// Shared by the readers of text protos (GraphDef .pbtxt, SavedModel
// saved_model.pbtxt) so that their messages can say file:line:col.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_TRANSLATE_TEXTERRORCOLLECTOR_H
#define TFMLIR_LIB_TRANSLATE_TEXTERRORCOLLECTOR_H

#include <google/protobuf/io/tokenizer.h>

#include <string>

namespace tfmlir {

/// Records the first error google::protobuf::TextFormat::Parser reports
/// (`line` and `column` are 0-based, as protobuf gives them); warnings are
/// ignored.
class TextErrorCollector : public google::protobuf::io::ErrorCollector {
public:
  void AddError(int line, int column, const std::string &message) override {
    if (!has) {
      has = true;
      this->line = line;
      this->column = column;
      this->message = message;
    }
  }
  void AddWarning(int, int, const std::string &) override {}
  bool has = false;
  int line = 0, column = 0;
  std::string message;
};

} // namespace tfmlir

#endif
