// RUN: tf-opt %s -split-input-file -mlir-print-debuginfo=false -pass-pipeline='builtin.module(func.func(hlo-gpu-prepare-linalg,hlo-gpu-map-reductions))' | FileCheck %s
// Row reductions: a block per output element, a strided fold per thread,
// warp shuffles, shared memory between the warps, combine(init, total).

// CHECK-LABEL: func @row_max
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c8, {{.*}}) threads({{.*}}) in ({{.*}} = %c256, {{.*}}) module(@row_max_r0) function(@row_max_r0) workgroup(%[[SMEM:.*]] : memref<8xf32, #gpu.address_space<workgroup>>)
// CHECK: %[[NEGINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[FOLD:.*]] = scf.for %{{.*}} = %{{.*}} to %c4096 step %c256{{.*}} iter_args(%[[ACC:.*]] = %[[NEGINF]]) -> (f32)
// CHECK:   memref.load %arg0
// CHECK:   arith.maximumf %[[ACC]]
// CHECK: gpu.shuffle  xor %[[FOLD]], %c16_i32, %c32_i32 : f32
// CHECK: gpu.shuffle  xor %{{.*}}, %c1_i32, %c32_i32{{.*}} : f32
// CHECK: scf.if
// CHECK:   memref.store %{{.*}}, %[[SMEM]]
// CHECK: gpu.barrier
// CHECK: scf.if
// CHECK:   memref.load %[[SMEM]]
// CHECK:   gpu.shuffle  xor
// CHECK:   scf.if
// CHECK:     %[[INIT:.*]] = memref.load %arg1
// CHECK:     %[[R:.*]] = arith.maximumf %[[INIT]], %{{.*}} : f32
// CHECK:     memref.store %[[R]], %arg1
// CHECK-NOT: linalg.generic
#in = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>
func.func @row_max(%x: memref<8x4096xf32>, %y: memref<8xf32>) {
  linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<8x4096xf32>) outs(%y : memref<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %o, %a : f32
    linalg.yield %m : f32
  }
  return
}

// -----

// A fused element-wise producer (square) is computed inside the fold; a
// 100-long reduction gets a 128-thread block (4 warps).
// CHECK-LABEL: func @sum_of_squares
// CHECK: threads({{.*}}) in ({{.*}} = %c128, {{.*}}) {{.*}} workgroup({{.*}} : memref<4xf32, #gpu.address_space<workgroup>>)
// CHECK: arith.constant -0.000000e+00 : f32
// CHECK: scf.for
// CHECK:   %[[V:.*]] = memref.load %arg0
// CHECK:   %[[SQ:.*]] = arith.mulf %[[V]], %[[V]]
// CHECK:   arith.addf %{{.*}}, %[[SQ]]
#i2 = affine_map<(d0, d1) -> (d0, d1)>
#o2 = affine_map<(d0, d1) -> (d0)>
func.func @sum_of_squares(%x: memref<3x100xf32>, %y: memref<3xf32>) {
  linalg.generic {indexing_maps = [#i2, #o2], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<3x100xf32>) outs(%y : memref<3xf32>) {
  ^bb0(%a: f32, %o: f32):
    %sq = arith.mulf %a, %a : f32
    %s = arith.addf %o, %sq : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Not rewritten: a column reduction with many outputs (a thread per output
// reads coalesced), a short reduction, and a two-output (arg-max) reducer.
// CHECK-LABEL: func @left_alone
// CHECK-NOT: gpu.launch
// CHECK-COUNT-3: linalg.generic
#c_in = affine_map<(d0, d1) -> (d0, d1)>
#c_out = affine_map<(d0, d1) -> (d1)>
#r_out = affine_map<(d0, d1) -> (d0)>
func.func @left_alone(%x: memref<512x4096xf32>, %y: memref<4096xf32>,
                      %s: memref<16x8xf32>, %t: memref<16xf32>,
                      %i: memref<16x8xi32>, %ti: memref<16xi32>) {
  linalg.generic {indexing_maps = [#c_in, #c_out], iterator_types = ["reduction", "parallel"]}
      ins(%x : memref<512x4096xf32>) outs(%y : memref<4096xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %o, %a : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#c_in, #r_out], iterator_types = ["parallel", "reduction"]}
      ins(%s : memref<16x8xf32>) outs(%t : memref<16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %o, %a : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#c_in, #c_in, #r_out, #r_out], iterator_types = ["parallel", "reduction"]}
      ins(%s, %i : memref<16x8xf32>, memref<16x8xi32>) outs(%t, %ti : memref<16xf32>, memref<16xi32>) {
  ^bb0(%a: f32, %ai: i32, %o: f32, %oi: i32):
    %ge = arith.cmpf oge, %o, %a : f32
    %v = arith.select %ge, %o, %a : f32
    %k = arith.select %ge, %oi, %ai : i32
    linalg.yield %v, %k : f32, i32
  }
  return
}
