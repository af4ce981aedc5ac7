// RUN: tf-opt %s -split-input-file -verify-diagnostics -mlir-print-debuginfo=false -pass-pipeline='builtin.module(func.func(hlo-gpu-prepare-linalg,convert-linalg-to-parallel-loops,canonicalize,hlo-gpu-map-to-launch))' | FileCheck %s
// linalg on buffers -> scf.parallel -> one gpu.launch per loop nest: a 1-D
// grid of 256-thread blocks, the linear thread id guarded and delinearized
// row-major; host views and constants are sunk into the kernel.

// CHECK-LABEL: func @bias_exp
// CHECK: gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[G:.*]], %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) threads(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[B:.*]], %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) module(@bias_exp_k0) function(@bias_exp_k0)
// CHECK: %[[ID:.*]] = arith.addi
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[ID]], %c1200
// CHECK: scf.if %[[IN]]
// CHECK: %[[J:.*]] = arith.remui %[[ID]], %c300
// CHECK: %[[I:.*]] = arith.divui %[[ID]], %c300
// CHECK: memref.load %arg0[%[[I]], %[[J]]]
// CHECK: memref.load %arg1[%[[J]]]
// CHECK: math.exp
// CHECK: memref.store
// CHECK: gpu.terminator
// CHECK-NOT: scf.parallel
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @bias_exp(%x: memref<4x300xf32>, %y: memref<300xf32>, %out: memref<4x300xf32>) {
  linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %y : memref<4x300xf32>, memref<300xf32>) outs(%out : memref<4x300xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    %e = math.exp %s : f32
    linalg.yield %e : f32
  }
  return
}

// -----

// A column reduction stays one thread per output (coalesced reads): the
// reduction loop is an scf.for inside the kernel, after the parallel loop
// was moved first. No guard: 256 outputs fill one block exactly.
// CHECK-LABEL: func @column_sum
// CHECK: gpu.launch
// CHECK-NOT: scf.if
// CHECK: scf.for %[[R:.*]] = %c0 to %c8 step %c1
// CHECK: memref.load %arg0[%[[R]], %{{.*}}] : memref<8x256xf32>
// CHECK: arith.addf
#in = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @column_sum(%x: memref<8x256xf32>, %out: memref<256xf32>) {
  linalg.generic {indexing_maps = [#in, #col], iterator_types = ["reduction", "parallel"]}
      ins(%x : memref<8x256xf32>) outs(%out : memref<256xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %o, %a : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A slice read through a host subview: the view is recomputed in the
// kernel, which receives the whole buffer.
// CHECK-LABEL: func @slice_copy
// CHECK: gpu.launch
// CHECK: memref.subview %arg0[2] [8] [1]
// CHECK: gpu.terminator
func.func @slice_copy(%x: memref<16xf32>, %out: memref<8xf32>) {
  %v = memref.subview %x[2] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: 2>>
  memref.copy %v, %out : memref<8xf32, strided<[1], offset: 2>> to memref<8xf32>
  return
}

// -----

// A scalar loop with results and no device work is neither a kernel nor
// host control flow: a clear error on the op.
func.func @host_scalar_while(%x: memref<f32>, %n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  // expected-error @+1 {{'scf.while' on the host is not supported (a host op with results}}
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%i: i32):
    %c1 = arith.constant 1 : i32
    %j = arith.addi %i, %c1 : i32
    scf.yield %j : i32
  }
  return %r : i32
}

// -----

// A while over buffers stays on the host (the launch plan drives it): the
// loops in its regions become launches there, the predicate's load stays
// on the host, right before scf.condition.
// CHECK-LABEL: func @host_while
// CHECK: scf.while
// CHECK: gpu.launch
// CHECK: gpu.terminator
// CHECK-NEXT: }
// CHECK-NEXT: %[[P:.*]] = memref.load %alloc[] : memref<i1>
// CHECK-NEXT: scf.condition(%[[P]])
// CHECK: } do {
// CHECK: gpu.launch
// CHECK: scf.yield
func.func @host_while(%x: memref<4xf32>, %n: memref<i1>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.while (%a = %x) : (memref<4xf32>) -> memref<4xf32> {
    %p = memref.alloc() : memref<i1>
    scf.parallel (%i) = (%c0) to (%c1) step (%c1) {
      %v = memref.load %n[] : memref<i1>
      memref.store %v, %p[] : memref<i1>
      scf.reduce
    }
    %b = memref.load %p[] : memref<i1>
    scf.condition(%b) %a : memref<4xf32>
  } do {
  ^bb0(%a: memref<4xf32>):
    %o = memref.alloc() : memref<4xf32>
    scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
      %v = memref.load %a[%i] : memref<4xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %o[%i] : memref<4xf32>
      scf.reduce
    }
    scf.yield %o : memref<4xf32>
  }
  return %r : memref<4xf32>
}
