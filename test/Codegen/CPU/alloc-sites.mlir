// RUN: tf-opt --hlo-cpu-name-alloc-sites %s | FileCheck %s
// RUN: tf-opt --hlo-cpu-name-alloc-sites %s | tf-opt --hlo-cpu-name-alloc-sites | FileCheck %s --check-prefix=TWICE

// Each memref.alloc first tells the runtime its TF node: the name from a
// NameLoc (also inside a FusedLoc), one constant per distinct name, a null
// pointer for an allocation without a name. Other ops are untouched.

// CHECK: llvm.func @tfmlir_rt_alloc_site(!llvm.ptr)
// CHECK-DAG: llvm.mlir.global internal constant @__tfmlir_site_0("node_a\00")
// CHECK-DAG: llvm.mlir.global internal constant @__tfmlir_site_1("node_b\00")
// CHECK-NOT: llvm.mlir.global
// CHECK-LABEL: func.func @f
// CHECK:      %[[A:.*]] = llvm.mlir.addressof @__tfmlir_site_0 : !llvm.ptr
// CHECK-NEXT: llvm.call @tfmlir_rt_alloc_site(%[[A]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK:      %[[B:.*]] = llvm.mlir.addressof @__tfmlir_site_1 : !llvm.ptr
// CHECK-NEXT: llvm.call @tfmlir_rt_alloc_site(%[[B]])
// CHECK-NEXT: memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK:      %[[A2:.*]] = llvm.mlir.addressof @__tfmlir_site_0 : !llvm.ptr
// CHECK-NEXT: llvm.call @tfmlir_rt_alloc_site(%[[A2]])
// CHECK-NEXT: memref.alloc() : memref<4xf32>
// CHECK:      %[[Z:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: llvm.call @tfmlir_rt_alloc_site(%[[Z]])
// CHECK-NEXT: memref.alloc() : memref<8xf32>
// CHECK-NOT: llvm.call
// CHECK: return

// Run twice, the declaration stays one.
// TWICE-COUNT-1: llvm.func @tfmlir_rt_alloc_site

func.func @f(%n: index) -> (memref<?xf32>, memref<4xf32>, memref<8xf32>) {
  %0 = memref.alloc(%n) : memref<?xf32> loc("node_a")
  %1 = memref.alloc(%n) : memref<?xf32> loc(fused["node_b"("file.pb":3:0), "x.mlir":1:1])
  memref.dealloc %1 : memref<?xf32>
  %2 = memref.alloc() : memref<4xf32> loc("node_a")
  %3 = memref.alloc() : memref<8xf32>
  %4 = memref.alloca() : memref<2xf32> loc("stack")
  return %0, %2, %3 : memref<?xf32>, memref<4xf32>, memref<8xf32>
}
