// RUN: simt-opt %s -t ptx | filecheck %s --check-prefix=SM80
// RUN: simt-opt %s -t "ptx{arch=sm_70}" | filecheck %s --check-prefix=SM70
// RUN: simt-opt %s -t "ptx{arch=sm_90}" | filecheck %s --check-prefix=SM90

// A kernel becomes a PTX entry with numba's array parameters, at PTX ISA 7.8.
func.func @scale(%a: memref<?xf32>, %n: i32) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %c = arith.cmpi slt, %tid, %n : i32
  scf.if %c {
    %i = arith.index_cast %tid : i32 to index
    %v = memref.load %a[%i] : memref<?xf32>
    %w = arith.mulf %v, %v : f32
    memref.store %w, %a[%i] : memref<?xf32>
  }
  func.return
}

// SM80:      .version 7.8
// SM80-NEXT: .target sm_80
// SM80:      .visible .entry scale(
// SM80-COUNT-7: .param .u64
// SM80-NEXT:    .param .u32
// SM80:      mov.u32 {{.*}}%tid.x;
// SM80:      ld.global.{{.*}}
// SM80:      st.global.{{.*}}

// SM70:      .version 7.8
// SM70-NEXT: .target sm_70

// SM90:      .version 7.8
// SM90-NEXT: .target sm_90
