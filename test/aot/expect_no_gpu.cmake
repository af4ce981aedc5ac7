# ctest gpu-bench-no-driver: runs CMD DATA OUT and passes when it exits 2
# ("no GPU": no CUDA driver here) after naming libcuda.so.1.
execute_process(COMMAND ${CMD} ${DATA} ${OUT} 1 RESULT_VARIABLE rc
  OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT out MATCHES "FAILED_PRECONDITION: gpu_bench::convnet_b1: no CUDA driver: libcuda.so.1")
  message(FATAL_ERROR "expected exit 2 and the no-driver error, got ${rc}:\n${out}${err}")
endif()
