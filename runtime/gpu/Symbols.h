//===- Symbols.h - resolve a dlopen'ed library's entry points -------------===//
//
// The one way runtime/gpu binds the CUDA libraries it loads at run time
// (libcuda, libcublas, libcudnn): the first of a library's sonames that
// loads, then each entry point by name into a typed function pointer, the
// names that are missing collected for one error message.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_GPU_SYMBOLS_H
#define TFMLIR_RUNTIME_GPU_SYMBOLS_H

#include <dlfcn.h>

#include <initializer_list>
#include <string>
#include <type_traits>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"

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

/// A library dlopen'ed by openFirst and the name that loaded.
struct OpenedLibrary {
  void *handle;
  const char *name;
};

/// dlopen of the first of `names` that loads. Otherwise FailedPrecondition
/// "no <what>: <purpose> and no <family> could be loaded (add the CUDA
/// toolkit's lib64 to LD_LIBRARY_PATH). Tried <each name: dlerror()>".
inline absl::StatusOr<OpenedLibrary>
openFirst(std::initializer_list<const char *> names, const char *what,
          const char *purpose, const char *family) {
  std::string tried;
  for (const char *n : names) {
    if (void *lib = dlopen(n, RTLD_NOW | RTLD_LOCAL))
      return OpenedLibrary{lib, n};
    const char *why = dlerror();
    absl::StrAppend(&tried, tried.empty() ? "" : "; ", n, ": ",
                    why ? why : "not found");
  }
  return absl::FailedPreconditionError(
      absl::StrCat("no ", what, ": ", purpose, " and no ", family,
                   " could be loaded (add the CUDA toolkit's lib64 to "
                   "LD_LIBRARY_PATH). Tried ",
                   tried));
}

} // namespace tfmlir::gpu

#endif
