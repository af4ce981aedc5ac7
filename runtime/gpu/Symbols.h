//===- Symbols.h - resolve a dlopen'ed library's entry points -------------===//
//
// The one way runtime/gpu binds the CUDA libraries it loads at run time
// (libcuda, libcublas): each entry point by name into a typed function
// pointer, the names that are missing collected for one error message.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_GPU_SYMBOLS_H
#define TFMLIR_RUNTIME_GPU_SYMBOLS_H

#include <dlfcn.h>

#include <string>
#include <type_traits>

namespace tfmlir::gpu {

/// Binds the entry points of one dlopen'ed library.
class SymbolResolver {
public:
  explicit SymbolResolver(void *library) : library_(library) {}

  /// Sets `fn` to the library's `name` (dlsym); a missing one leaves `fn`
  /// null and is added to missing() unless `optional`.
  template <typename Fn>
  void bind(Fn &fn, const char *name, bool optional = false) {
    fn = reinterpret_cast<std::remove_reference_t<Fn>>(dlsym(library_, name));
    if (!fn && !optional)
      missing_ += (missing_.empty() ? "" : ", ") + std::string(name);
  }
  /// The names bind() did not find, comma-separated ("" when none).
  const std::string &missing() const { return missing_; }

private:
  void *library_;
  std::string missing_;
};

} // namespace tfmlir::gpu

#endif
