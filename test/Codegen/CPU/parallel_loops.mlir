// RUN: tf-opt %s -mlir-print-debuginfo=false -split-input-file -hlo-cpu-outline-parallel-loops | FileCheck %s
// RUN: tf-opt %s -mlir-print-debuginfo=false -split-input-file -hlo-cpu-outline-parallel-loops -convert-scf-to-cf -expand-strided-metadata -finalize-memref-to-llvm -convert-arith-to-llvm -convert-index-to-llvm -convert-func-to-llvm -reconcile-unrealized-casts -hlo-cpu-lower-parallel-calls | FileCheck %s --check-prefix=LLVM

// The outermost marked loop becomes a task function over normalized
// iterations [begin, end); the inner marked loop stays inside it; the
// constant bounds are cloned, the buffers and the vector passed.
// CHECK-LABEL: func.func private @rows__par0(
// CHECK-SAME: %[[IN:.*]]: memref<64x32xf32>, %[[V:.*]]: vector<32xf32>, %[[OUT:.*]]: memref<64x32xf32>, %[[B:.*]]: index, %[[E:.*]]: index)
// CHECK-SAME: attributes {tfmlir.parallel_task, tfmlir.task_cost = {{[0-9]+}} : i64}
// CHECK: scf.for %[[J:.*]] = %[[B]] to %[[E]] step %{{.*}} {
// CHECK:   %[[M:.*]] = arith.muli %[[J]], %{{.*}} : index
// CHECK:   %[[I:.*]] = arith.addi %{{.*}}, %[[M]] : index
// CHECK:   scf.for
// CHECK:     vector.load %[[IN]][%[[I]],
// CHECK:     vector.store %{{.*}}, %[[OUT]][%[[I]],
// CHECK:   } {tfmlir.parallel}
// CHECK: return
// CHECK-LABEL: func.func @rows(
// CHECK: %[[N:.*]] = arith.ceildivsi
// CHECK: call @rows__par0(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[N]])
// CHECK-NOT: scf.for

// LLVM-LABEL: llvm.func internal @rows__par0(
// LLVM-LABEL: llvm.func internal @rows__par0__task(%{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64)
// LLVM: llvm.load
// LLVM: llvm.call @rows__par0(
// LLVM-LABEL: llvm.func @rows(
// LLVM: llvm.alloca %{{.*}} x !llvm.struct<({{.*}}vector<32xf32>{{.*}})> {alignment = 64 : i64}
// LLVM: llvm.store
// LLVM: %[[F:.*]] = llvm.mlir.addressof @rows__par0__task
// LLVM: llvm.call @tfmlir_rt_parallel_for(%{{.*}}, %{{.*}}, %[[F]], %{{.*}}) : (i64, i64, !llvm.ptr, !llvm.ptr) -> ()
// LLVM-NOT: llvm.call @rows__par0(
// LLVM: llvm.func @tfmlir_rt_parallel_for(i64, i64, !llvm.ptr, !llvm.ptr)
func.func @rows(%in: memref<64x32xf32>, %out: memref<64x32xf32>, %v: vector<32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c2 {
    scf.for %j = %c0 to %c32 step %c16 {
      %x = vector.load %in[%i, %j] : memref<64x32xf32>, vector<16xf32>
      %w = vector.extract_strided_slice %v {offsets = [0], sizes = [16], strides = [1]} : vector<32xf32> to vector<16xf32>
      %y = arith.addf %x, %w : vector<16xf32>
      vector.store %y, %out[%i, %j] : memref<64x32xf32>, vector<16xf32>
    } {tfmlir.parallel}
  } {tfmlir.parallel}
  return
}

// -----

// Not outlined: a loop that allocates (allocations stay on the Run's
// thread), a loop without the mark, a loop with results.
// CHECK-LABEL: func.func @kept(
// CHECK-NOT: call
// CHECK: scf.for
// CHECK: memref.alloc
// CHECK: } {tfmlir.parallel}
// CHECK: scf.for
// CHECK: scf.for {{.*}} iter_args
// LLVM-LABEL: llvm.func @kept(
// LLVM-NOT: tfmlir_rt_parallel_for
func.func @kept(%out: memref<8x4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %f = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c8 step %c1 {
    %t = memref.alloc() : memref<4xf32>
    %x = memref.load %t[%c0] : memref<4xf32>
    memref.store %x, %out[%i, %c0] : memref<8x4xf32>
    memref.dealloc %t : memref<4xf32>
  } {tfmlir.parallel}
  scf.for %i = %c0 to %c8 step %c1 {
    memref.store %f, %out[%i, %c0] : memref<8x4xf32>
  }
  %s = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %f) -> f32 {
    %n = arith.addf %acc, %f : f32
    scf.yield %n : f32
  } {tfmlir.parallel}
  return %s : f32
}

// -----

// Not outlined: a loop that calls a function of the module (it could
// allocate); a call of an external function (libm) is fine.
// CHECK-LABEL: func.func @calls(
// CHECK: scf.for
// CHECK: call @helper
// CHECK: } {tfmlir.parallel}
// CHECK: call @calls__par0(
// LLVM-LABEL: llvm.func @calls(
// LLVM: llvm.call @helper
// LLVM: llvm.call @tfmlir_rt_parallel_for
func.func private @helper(%x: f32) -> f32 {
  return %x : f32
}
func.func private @sinf(f32) -> f32
func.func @calls(%out: memref<8xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %y = func.call @helper(%v) : (f32) -> f32
    memref.store %y, %out[%i] : memref<8xf32>
  } {tfmlir.parallel}
  scf.for %i = %c0 to %c8 step %c1 {
    %y = func.call @sinf(%v) : (f32) -> f32
    memref.store %y, %out[%i] : memref<8xf32>
  } {tfmlir.parallel}
  return
}
