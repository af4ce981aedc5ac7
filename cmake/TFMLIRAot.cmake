# tfmlir_aot_library(): compile a TensorFlow graph ahead of time with
# tf-compile and wrap the result as a static library, as bazel's tf_library
# does for tfcompile.
#
#   tfmlir_aot_library(<name>
#     GRAPH <graph.pb|graph.pbtxt>      # GraphDef, binary or text
#     CONFIG <config.pbtxt>             # tf2xla.Config text proto
#     CPP_CLASS <ns::Name>              # the generated class
#     [HEADER <file.h>]                 # default: <name>.h
#     [TARGET cpu|cuda] [GPU_ARCH <sm_XX>] # default cpu; cuda: sm_90
#     [TARGET_TRIPLE <t>] [TARGET_CPU <c>] [TARGET_FEATURES <f>])
#
# Produces the library target <name> (the object file plus the AOT runtime:
# TFMLIRAotRuntime, TFMLIRCpuRuntime and libm; no MLIR, LLVM or protobuf),
# whose users include "<name>.h" (or HEADER) from
# ${CMAKE_CURRENT_BINARY_DIR}. The graph and config are dependencies: the
# library is rebuilt when they or tf-compile change. Relative GRAPH and
# CONFIG paths are relative to the current source directory.
#
# TARGET cuda (tf-compile --target=cuda): the kernels are compiled for the
# NVIDIA GPU GPU_ARCH (needs the CUDA toolkit's ptxas at build time); the
# library links TFMLIRGPURuntime (runtime/gpu: the CUDA driver is dlopen'ed
# by the first Run(), so programs link and start without one).
#
# tf-compile is the in-tree target when there is one, else the executable
# named by TFMLIR_TF_COMPILE (set by find_package(TFMLIR) to the installed
# one). By default the code is tuned for the build machine's CPU; pass
# TARGET_CPU x86-64 (and TARGET_FEATURES) for code that runs on any x86-64.
function(tfmlir_aot_library name)
  cmake_parse_arguments(ARG "" "GRAPH;CONFIG;CPP_CLASS;HEADER;TARGET;GPU_ARCH;TARGET_TRIPLE;TARGET_CPU;TARGET_FEATURES" "" ${ARGN})
  foreach(req GRAPH CONFIG CPP_CLASS)
    if(NOT ARG_${req})
      message(FATAL_ERROR "tfmlir_aot_library(${name}): ${req} is required")
    endif()
  endforeach()
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "tfmlir_aot_library(${name}): unknown arguments ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(TARGET tf-compile)
    set(_tool $<TARGET_FILE:tf-compile>)
    set(_tool_dep tf-compile)
  elseif(TFMLIR_TF_COMPILE)
    set(_tool ${TFMLIR_TF_COMPILE})
    set(_tool_dep ${TFMLIR_TF_COMPILE})
  else()
    message(FATAL_ERROR "tfmlir_aot_library(${name}): no tf-compile (build "
      "it in this project or find_package(TFMLIR) an installed one)")
  endif()
  if(NOT ARG_TARGET)
    set(ARG_TARGET cpu)
  endif()
  # The runtime the class derives from: runtime/gpu's CompiledGpuFunction
  # (cuda) or runtime/aot's CompiledCpuFunction (cpu); the in-tree target
  # TFMLIR<lib>, else the installed TFMLIR::<lib>.
  if(ARG_TARGET STREQUAL "cuda")
    set(_lib GPURuntime)
  elseif(ARG_TARGET STREQUAL "cpu")
    set(_lib AotRuntime)
  else()
    message(FATAL_ERROR "tfmlir_aot_library(${name}): TARGET must be cpu or cuda, got ${ARG_TARGET}")
  endif()
  if(TARGET TFMLIR${_lib})
    set(_runtime TFMLIR${_lib})
  else()
    set(_runtime TFMLIR::${_lib})
  endif()
  get_filename_component(_graph ${ARG_GRAPH} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
  get_filename_component(_config ${ARG_CONFIG} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
  if(NOT ARG_HEADER)
    set(ARG_HEADER ${name}.h)
  endif()
  set(_header ${CMAKE_CURRENT_BINARY_DIR}/${ARG_HEADER})
  set(_object ${CMAKE_CURRENT_BINARY_DIR}/${name}${CMAKE_C_OUTPUT_EXTENSION})
  if(NOT CMAKE_C_OUTPUT_EXTENSION)
    set(_object ${CMAKE_CURRENT_BINARY_DIR}/${name}.o)
  endif()
  set(_flags --target=${ARG_TARGET})
  if(ARG_GPU_ARCH)
    list(APPEND _flags --gpu_arch=${ARG_GPU_ARCH})
  endif()
  if(ARG_TARGET_TRIPLE)
    list(APPEND _flags --target_triple=${ARG_TARGET_TRIPLE})
  endif()
  if(ARG_TARGET_CPU)
    list(APPEND _flags --target_cpu=${ARG_TARGET_CPU})
  endif()
  if(ARG_TARGET_FEATURES)
    list(APPEND _flags --target_features=${ARG_TARGET_FEATURES})
  endif()
  add_custom_command(
    OUTPUT ${_header} ${_object}
    COMMAND ${_tool} --graph=${_graph} --config=${_config}
            --cpp_class=${ARG_CPP_CLASS} --out_header=${_header}
            --out_function_object=${_object} ${_flags}
    DEPENDS ${_graph} ${_config} ${_tool_dep}
    COMMENT "tf-compile ${ARG_CPP_CLASS} from ${ARG_GRAPH}"
    VERBATIM)
  add_library(${name} STATIC ${_object} ${_header})
  set_source_files_properties(${_object} PROPERTIES EXTERNAL_OBJECT TRUE GENERATED TRUE)
  set_target_properties(${name} PROPERTIES LINKER_LANGUAGE CXX)
  target_include_directories(${name} PUBLIC ${CMAKE_CURRENT_BINARY_DIR})
  target_link_libraries(${name} PUBLIC ${_runtime} m)
  target_compile_features(${name} PUBLIC cxx_std_17)
endfunction()
