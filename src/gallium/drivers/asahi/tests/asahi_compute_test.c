/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Compute shaders and storage buffers through the driver (agx_compute.c):
 * compute NIR as the GLSL front end makes it (load_ssbo / store_ssbo /
 * ssbo_atomic on a binding and a byte offset, shared memory on byte
 * offsets, the compute system values, barrier), dispatched with
 * launch_grid and checked word by word against values worked out by hand:
 *
 *  - ids: a 4 x 2 x 2 grid of 16 x 4 x 1 workgroups (two SIMD groups
 *    each); every invocation stores its gl_GlobalInvocationID,
 *    gl_LocalInvocationIndex, gl_WorkGroupID and gl_NumWorkGroups,
 *    packed, at its linear global index, and 3 * in[i] + 1 with in read
 *    from a second, read-only binding at a 64-byte buffer offset;
 *  - shared: three workgroups of 64 invocations store 7 * index into
 *    shared memory, barrier(), and read their mirror's word (63 - index),
 *    which another SIMD group wrote;
 *  - atomics: 256 invocations add 1 to one word (the old values are a
 *    permutation of 0..255), take the maximum of their ids, race one
 *    compare-and-swap of 0 -> 77 (exactly one wins), and add 1 to a
 *    shared-memory counter whose total invocation 0 of each group writes;
 *  - indirect: the workgroup counts (3, 2, 1) read from a buffer at
 *    offset 16; each invocation records gl_NumWorkGroups and counts
 *    itself with an atomic;
 *  - bounds: a binding of 32 bytes at offset 16 of a 256-byte buffer:
 *    stores past its end are dropped, loads past it read 0, a vec4 load
 *    that crosses the end reads 0 (agx_nir_lower_ssbo.c: an access is
 *    done only when it lies wholly inside; also at constant offsets, which
 *    take one compare), and get_ssbo_size gives 32;
 *  - fragment: storage buffers in a fragment shader: each of the 256
 *    pixels of two triangles stores its coordinates and counts itself
 *    (helper lanes of the quads on the diagonal count nothing);
 *  - texel_fetch: texelFetch of an RGBA8 texture bound to the compute
 *    stage, every texel read back as bytes.
 *
 * Buffer contents are checked on an executing shim only
 * (ASAHI_TEST_EXPECT_PIXELS); on the no-op shim the dispatches are just
 * recorded and submitted.  With ASAHI_MESA_DEBUG=trace every submission's
 * dump must decode without a problem.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compiler/nir/nir.h"
#include "compiler/nir/nir_builder.h"
#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "util/u_inlines.h"

#include "asahi/compiler/agx_compile.h"
#include "asahi_drm_public.h"
#include "asahi_test_traces.h"
#include "asahi_test_env.h"

struct env {
   struct asahi_test_env t;
   bool check;
};

static bool
env_init(struct env *e)
{
   if (!asahi_test_env_open(&e->t))
      return false;
   e->check = getenv("ASAHI_TEST_EXPECT_PIXELS") != NULL;
   return true;
}

static void
env_fini(struct env *e)
{
   asahi_test_env_close(&e->t);
   /* with ASAHI_MESA_DEBUG=trace: every submission decodes cleanly */
   unsigned dumps = 0;
   assert_int_equal(asahi_test_decode_traces(&dumps), 0);
}

static int
setup(void **state)
{
   (void)state;
   asahi_test_traces_setup("compute");
   return 0;
}

static struct pipe_resource *
buffer(struct env *e, const uint32_t *init, unsigned words)
{
   struct pipe_resource *r =
      pipe_buffer_create(e->t.screen, PIPE_BIND_SHADER_BUFFER,
                         PIPE_USAGE_DEFAULT, words * 4);
   assert_non_null(r);
   uint32_t *zero = calloc(words, 4);
   pipe_buffer_write(e->t.ctx, r, 0, words * 4, init ? init : zero);
   free(zero);
   return r;
}

static void
bind(struct env *e, unsigned slot, struct pipe_resource *r, unsigned offset,
     unsigned size, bool writable)
{
   struct pipe_shader_buffer sb = {r, offset, size};
   e->t.ctx->set_shader_buffers(e->t.ctx, PIPE_SHADER_COMPUTE, slot, 1, &sb,
                              writable ? 1 : 0);
}

static nir_builder
cs_builder(const char *name, unsigned x, unsigned y, unsigned z)
{
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_COMPUTE,
                                                  &agx_nir_options, name, NULL);
   b.shader->info.workgroup_size[0] = (uint16_t)x;
   b.shader->info.workgroup_size[1] = (uint16_t)y;
   b.shader->info.workgroup_size[2] = (uint16_t)z;
   return b;
}

static nir_def *
sysval(nir_builder *b, nir_intrinsic_op op)
{
   return nir_load_system_value(b, op, 32);
}

static nir_def *
load_ssbo(nir_builder *b, unsigned binding, nir_def *offset, unsigned n)
{
   nir_def *srcs[2] = {nir_imm_int(b, (int)binding), offset};
   return &nir_build_intrinsic(b, nir_intrinsic_load_ssbo, n, 32, srcs,
                               NIR_INTRINSIC_ALIGN_MUL, 4,
                               NIR_INTRINSIC_NUM_INDEX_FLAGS)
              ->def;
}

static void
store_ssbo(nir_builder *b, unsigned binding, nir_def *offset, nir_def *v,
           unsigned mask)
{
   nir_def *srcs[3] = {v, nir_imm_int(b, (int)binding), offset};
   nir_build_intrinsic(b, nir_intrinsic_store_ssbo, v->num_components, 32,
                       srcs, NIR_INTRINSIC_WRITE_MASK, (int)mask,
                       NIR_INTRINSIC_ALIGN_MUL, 4,
                       NIR_INTRINSIC_NUM_INDEX_FLAGS);
}

static nir_def *
ssbo_atomic(nir_builder *b, unsigned binding, nir_def *offset,
            nir_atomic_op op, nir_def *data, nir_def *data2)
{
   nir_def *srcs[4] = {nir_imm_int(b, (int)binding), offset, data, data2};
   nir_intrinsic_op i =
      data2 ? nir_intrinsic_ssbo_atomic_swap : nir_intrinsic_ssbo_atomic;
   return &nir_build_intrinsic(b, i, 1, 32, srcs, NIR_INTRINSIC_ATOMIC_OP,
                               (int)op, NIR_INTRINSIC_NUM_INDEX_FLAGS)
              ->def;
}

static void
barrier(nir_builder *b)
{
   nir_build_intrinsic(b, nir_intrinsic_barrier, 0, 32, NULL,
                       NIR_INTRINSIC_NUM_INDEX_FLAGS);
}

static nir_def *
pack3(nir_builder *b, nir_def *v, unsigned shift)
{
   nir_def *r = nir_channel(b, v, 0);
   r = nir_ior(b, r, nir_ishl(b, nir_channel(b, v, 1), nir_imm_int(b, (int)shift)));
   return nir_ior(b, r, nir_ishl(b, nir_channel(b, v, 2),
                                 nir_imm_int(b, (int)(2 * shift))));
}

static void *
make_cs(struct env *e, nir_shader *nir, unsigned shared)
{
   nir->shared_size = shared;
   struct pipe_compute_state cs = {
      .ir_type = PIPE_SHADER_IR_NIR,
      .prog = nir,
      .static_shared_mem = shared,
   };
   void *so = e->t.ctx->create_compute_state(e->t.ctx, &cs);
   assert_non_null(so);
   e->t.ctx->bind_compute_state(e->t.ctx, so);
   return so;
}

static void
launch(struct env *e, unsigned bx, unsigned by, unsigned bz, unsigned gx,
       unsigned gy, unsigned gz)
{
   struct pipe_grid_info info = {
      .work_dim = 3,
      .block = {bx, by, bz},
      .grid = {gx, gy, gz},
   };
   e->t.ctx->launch_grid(e->t.ctx, &info);
}

static uint32_t *
read_back(struct env *e, struct pipe_resource *r, unsigned words)
{
   uint32_t *out = calloc(words, 4);
   pipe_buffer_read(e->t.ctx, r, 0, words * 4, out);
   return out;
}

/* ---- ids --------------------------------------------------------------- */

#define IDS_BX 16
#define IDS_BY 4
#define IDS_GX 4
#define IDS_GY 2
#define IDS_GZ 2
#define IDS_W (IDS_BX * IDS_GX)
#define IDS_H (IDS_BY * IDS_GY)
#define IDS_N (IDS_W * IDS_H * IDS_GZ)

static void
ids(void **state)
{
   (void)state;
   struct env e;
   if (!env_init(&e))
      skip();

   nir_builder b = cs_builder("ids", IDS_BX, IDS_BY, 1);
   nir_def *gid = sysval(&b, nir_intrinsic_load_global_invocation_id);
   nir_def *lidx = sysval(&b, nir_intrinsic_load_local_invocation_index);
   nir_def *wg = sysval(&b, nir_intrinsic_load_workgroup_id);
   nir_def *nwg = sysval(&b, nir_intrinsic_load_num_workgroups);
   nir_def *lid = sysval(&b, nir_intrinsic_load_local_invocation_id);
   nir_def *wsz = sysval(&b, nir_intrinsic_load_workgroup_size);
   /* linear = gid.x + W * (gid.y + H * gid.z) */
   nir_def *linear = nir_iadd(
      &b, nir_channel(&b, gid, 0),
      nir_imul(&b, nir_imm_int(&b, IDS_W),
               nir_iadd(&b, nir_channel(&b, gid, 1),
                        nir_imul(&b, nir_imm_int(&b, IDS_H),
                                 nir_channel(&b, gid, 2)))));
   /* local index again from the local id and the workgroup size */
   nir_def *lidx2 = nir_iadd(
      &b, nir_channel(&b, lid, 0),
      nir_imul(&b, nir_channel(&b, wsz, 0), nir_channel(&b, lid, 1)));
   nir_def *rec[4] = {pack3(&b, gid, 8), nir_ior(&b, lidx, nir_ishl(&b, lidx2, nir_imm_int(&b, 16))),
                      pack3(&b, wg, 4), pack3(&b, nwg, 4)};
   nir_def *off16 = nir_imul(&b, linear, nir_imm_int(&b, 16));
   store_ssbo(&b, 0, off16, nir_vec(&b, rec, 4), 0xf);
   nir_def *off4 = nir_imul(&b, linear, nir_imm_int(&b, 4));
   nir_def *in = load_ssbo(&b, 1, off4, 1);
   store_ssbo(&b, 2, off4,
              nir_iadd(&b, nir_imul(&b, in, nir_imm_int(&b, 3)),
                       nir_imm_int(&b, 1)),
              0x1);

   void *so = make_cs(&e, b.shader, 0);
   struct pipe_resource *out = buffer(&e, NULL, 4 * IDS_N);
   uint32_t *init = calloc(IDS_N + 16, 4);
   for (unsigned i = 0; i < IDS_N + 16; ++i)
      init[i] = i < 16 ? 0xdeadbeef : (i - 16) * 5 + 2;
   struct pipe_resource *in_buf = buffer(&e, init, IDS_N + 16);
   struct pipe_resource *out2 = buffer(&e, NULL, IDS_N);
   bind(&e, 0, out, 0, 16 * IDS_N, true);
   bind(&e, 1, in_buf, 64, 4 * IDS_N, false);
   bind(&e, 2, out2, 0, 4 * IDS_N, true);
   launch(&e, IDS_BX, IDS_BY, 1, IDS_GX, IDS_GY, IDS_GZ);

   if (e.check) {
      uint32_t *got = read_back(&e, out, 4 * IDS_N);
      uint32_t *got2 = read_back(&e, out2, IDS_N);
      for (unsigned z = 0; z < IDS_GZ; ++z) {
         for (unsigned y = 0; y < IDS_H; ++y) {
            for (unsigned x = 0; x < IDS_W; ++x) {
               unsigned i = x + IDS_W * (y + IDS_H * z);
               unsigned lx = x % IDS_BX, ly = y % IDS_BY;
               unsigned li = lx + IDS_BX * ly;
               assert_int_equal(got[4 * i + 0], x | y << 8 | z << 16);
               assert_int_equal(got[4 * i + 1], li | li << 16);
               assert_int_equal(got[4 * i + 2],
                                x / IDS_BX | (y / IDS_BY) << 4 | z << 8);
               assert_int_equal(got[4 * i + 3],
                                IDS_GX | IDS_GY << 4 | IDS_GZ << 8);
               assert_int_equal(got2[i], 3 * (i * 5 + 2) + 1);
            }
         }
      }
      free(got);
      free(got2);
   }
   free(init);
   pipe_resource_reference(&out, NULL);
   pipe_resource_reference(&out2, NULL);
   pipe_resource_reference(&in_buf, NULL);
   e.t.ctx->delete_compute_state(e.t.ctx, so);
   env_fini(&e);
}

/* ---- shared memory and barrier ------------------------------------------ */

static void
shared(void **state)
{
   (void)state;
   struct env e;
   if (!env_init(&e))
      skip();

   nir_builder b = cs_builder("shared", 64, 1, 1);
   nir_def *li = sysval(&b, nir_intrinsic_load_local_invocation_index);
   nir_def *wg = nir_channel(&b, sysval(&b, nir_intrinsic_load_workgroup_id), 0);
   nir_def *gid =
      nir_channel(&b, sysval(&b, nir_intrinsic_load_global_invocation_id), 0);
   nir_def *ssrc[2] = {nir_imul(&b, li, nir_imm_int(&b, 7)),
                       nir_imul(&b, li, nir_imm_int(&b, 4))};
   nir_build_intrinsic(&b, nir_intrinsic_store_shared, 1, 32, ssrc,
                       NIR_INTRINSIC_WRITE_MASK, 1,
                       NIR_INTRINSIC_NUM_INDEX_FLAGS);
   barrier(&b);
   nir_def *mirror = nir_isub(&b, nir_imm_int(&b, 63), li);
   nir_def *lsrc[1] = {nir_imul(&b, mirror, nir_imm_int(&b, 4))};
   nir_def *v = &nir_build_intrinsic(&b, nir_intrinsic_load_shared, 1, 32,
                                     lsrc, NIR_INTRINSIC_NUM_INDEX_FLAGS)
                    ->def;
   v = nir_iadd(&b, v, nir_imul(&b, wg, nir_imm_int(&b, 1000)));
   store_ssbo(&b, 0, nir_imul(&b, gid, nir_imm_int(&b, 4)), v, 1);

   void *so = make_cs(&e, b.shader, 256);
   struct pipe_resource *out = buffer(&e, NULL, 3 * 64);
   bind(&e, 0, out, 0, 4 * 3 * 64, true);
   launch(&e, 64, 1, 1, 3, 1, 1);

   if (e.check) {
      uint32_t *got = read_back(&e, out, 3 * 64);
      for (unsigned g = 0; g < 3; ++g) {
         for (unsigned i = 0; i < 64; ++i)
            assert_int_equal(got[g * 64 + i], 7 * (63 - i) + 1000 * g);
      }
      free(got);
   }
   pipe_resource_reference(&out, NULL);
   e.t.ctx->delete_compute_state(e.t.ctx, so);
   env_fini(&e);
}

/* ---- atomics --------------------------------------------------------------- */

static void
atomics(void **state)
{
   (void)state;
   struct env e;
   if (!env_init(&e))
      skip();

   nir_builder b = cs_builder("atomics", 64, 1, 1);
   nir_def *gid =
      nir_channel(&b, sysval(&b, nir_intrinsic_load_global_invocation_id), 0);
   nir_def *li = sysval(&b, nir_intrinsic_load_local_invocation_index);
   nir_def *wg = nir_channel(&b, sysval(&b, nir_intrinsic_load_workgroup_id), 0);
   nir_def *one = nir_imm_int(&b, 1);
   nir_def *zero = nir_imm_int(&b, 0);
   /* shared counter: zeroed by invocation 0 (memory starts undefined) */
   nir_def *first = nir_ieq(&b, li, zero);
   nir_if *nif = nir_push_if(&b, first);
   {
      nir_def *s[2] = {zero, zero};
      nir_build_intrinsic(&b, nir_intrinsic_store_shared, 1, 32, s,
                          NIR_INTRINSIC_WRITE_MASK, 1,
                          NIR_INTRINSIC_NUM_INDEX_FLAGS);
   }
   nir_pop_if(&b, nif);
   barrier(&b);
   nir_def *old = ssbo_atomic(&b, 0, zero, nir_atomic_op_iadd, one, NULL);
   ssbo_atomic(&b, 0, nir_imm_int(&b, 4), nir_atomic_op_umax, gid, NULL);
   nir_def *swapped = ssbo_atomic(&b, 0, nir_imm_int(&b, 8),
                                  nir_atomic_op_cmpxchg, zero,
                                  nir_imm_int(&b, 77));
   nir_def *sa[2] = {zero, one};
   nir_build_intrinsic(&b, nir_intrinsic_shared_atomic, 1, 32, sa,
                       NIR_INTRINSIC_ATOMIC_OP, nir_atomic_op_iadd,
                       NIR_INTRINSIC_NUM_INDEX_FLAGS);
   nir_def *rec[2] = {old, swapped};
   store_ssbo(&b, 1, nir_imul(&b, gid, nir_imm_int(&b, 8)), nir_vec(&b, rec, 2),
              0x3);
   barrier(&b);
   nif = nir_push_if(&b, first);
   {
      nir_def *l[1] = {zero};
      nir_def *total = &nir_build_intrinsic(&b, nir_intrinsic_load_shared, 1,
                                            32, l,
                                            NIR_INTRINSIC_NUM_INDEX_FLAGS)
                           ->def;
      store_ssbo(&b, 0, nir_iadd(&b, nir_imm_int(&b, 16),
                                 nir_imul(&b, wg, nir_imm_int(&b, 4))),
                 total, 1);
   }
   nir_pop_if(&b, nif);

   void *so = make_cs(&e, b.shader, 16);
   struct pipe_resource *counters = buffer(&e, NULL, 8);
   struct pipe_resource *olds = buffer(&e, NULL, 2 * 256);
   bind(&e, 0, counters, 0, 32, true);
   bind(&e, 1, olds, 0, 8 * 256, true);
   launch(&e, 64, 1, 1, 4, 1, 1);

   if (e.check) {
      uint32_t *c = read_back(&e, counters, 8);
      uint32_t *o = read_back(&e, olds, 2 * 256);
      assert_int_equal(c[0], 256);
      assert_int_equal(c[1], 255);
      assert_int_equal(c[2], 77);
      for (unsigned g = 0; g < 4; ++g)
         assert_int_equal(c[4 + g], 64);
      bool seen[256] = {false};
      unsigned winners = 0;
      for (unsigned i = 0; i < 256; ++i) {
         assert_true(o[2 * i] < 256);
         assert_false(seen[o[2 * i]]);
         seen[o[2 * i]] = true;
         /* the old value: 0 for the winner, 77 for everyone after */
         assert_true(o[2 * i + 1] == 0 || o[2 * i + 1] == 77);
         winners += o[2 * i + 1] == 0;
      }
      assert_int_equal(winners, 1);
      free(c);
      free(o);
   }
   pipe_resource_reference(&counters, NULL);
   pipe_resource_reference(&olds, NULL);
   e.t.ctx->delete_compute_state(e.t.ctx, so);
   env_fini(&e);
}

/* ---- indirect dispatch ------------------------------------------------------ */

static void
indirect(void **state)
{
   (void)state;
   struct env e;
   if (!env_init(&e))
      skip();

   nir_builder b = cs_builder("indirect", 32, 1, 1);
   nir_def *wg = sysval(&b, nir_intrinsic_load_workgroup_id);
   nir_def *nwg = sysval(&b, nir_intrinsic_load_num_workgroups);
   nir_def *li = sysval(&b, nir_intrinsic_load_local_invocation_index);
   /* group g = wg.x + 3 wg.y records gl_NumWorkGroups */
   nir_def *g = nir_iadd(&b, nir_channel(&b, wg, 0),
                         nir_imul(&b, nir_channel(&b, wg, 1), nir_imm_int(&b, 3)));
   nir_if *nif = nir_push_if(&b, nir_ieq(&b, li, nir_imm_int(&b, 0)));
   store_ssbo(&b, 0, nir_imul(&b, g, nir_imm_int(&b, 4)), pack3(&b, nwg, 8), 1);
   nir_pop_if(&b, nif);
   ssbo_atomic(&b, 0, nir_imm_int(&b, 64), nir_atomic_op_iadd,
               nir_imm_int(&b, 1), NULL);

   void *so = make_cs(&e, b.shader, 0);
   struct pipe_resource *out = buffer(&e, NULL, 32);
   const uint32_t args[8] = {0, 0, 0, 0, 3, 2, 1, 0};
   struct pipe_resource *ind = buffer(&e, args, 8);
   bind(&e, 0, out, 0, 128, true);
   struct pipe_grid_info info = {
      .work_dim = 3,
      .block = {32, 1, 1},
      .indirect = ind,
      .indirect_offset = 16,
   };
   e.t.ctx->launch_grid(e.t.ctx, &info);

   if (e.check) {
      uint32_t *got = read_back(&e, out, 32);
      for (unsigned i = 0; i < 6; ++i)
         assert_int_equal(got[i], 3 | 2 << 8 | 1 << 16);
      for (unsigned i = 6; i < 16; ++i)
         assert_int_equal(got[i], 0);
      assert_int_equal(got[16], 6 * 32);
      free(got);
   }
   pipe_resource_reference(&out, NULL);
   pipe_resource_reference(&ind, NULL);
   e.t.ctx->delete_compute_state(e.t.ctx, so);
   env_fini(&e);
}

/* ---- out of bounds ------------------------------------------------------------ */

static void
bounds(void **state)
{
   (void)state;
   struct env e;
   if (!env_init(&e))
      skip();

   nir_builder b = cs_builder("bounds", 16, 1, 1);
   nir_def *i = sysval(&b, nir_intrinsic_load_local_invocation_index);
   nir_def *off = nir_imul(&b, i, nir_imm_int(&b, 4));
   /* reads of the window before any write */
   nir_def *v = load_ssbo(&b, 0, off, 1);
   nir_def *vec = load_ssbo(&b, 0, nir_imul(&b, i, nir_imm_int(&b, 8)), 4);
   nir_def *ssrc[1] = {nir_imm_int(&b, 0)};
   nir_def *size = &nir_build_intrinsic(&b, nir_intrinsic_get_ssbo_size, 1, 32,
                                        ssrc, NIR_INTRINSIC_NUM_INDEX_FLAGS)
                       ->def;
   /* constant offsets: the last word (28) is inside, 32 is not */
   nir_def *last = load_ssbo(&b, 0, nir_imm_int(&b, 28), 1);
   nir_def *past = load_ssbo(&b, 0, nir_imm_int(&b, 32), 1);
   nir_def *rec[4] = {v, nir_iadd(&b, nir_channel(&b, vec, 0),
                                  nir_channel(&b, vec, 3)),
                      size,
                      nir_iadd(&b, last,
                               nir_imul(&b, past, nir_imm_int(&b, 1000)))};
   store_ssbo(&b, 1, nir_imul(&b, i, nir_imm_int(&b, 16)), nir_vec(&b, rec, 4),
              0xf);
   barrier(&b);
   store_ssbo(&b, 0, off, nir_iadd(&b, i, nir_imm_int(&b, 500)), 1);
   store_ssbo(&b, 0, nir_imm_int(&b, 32), nir_imm_int(&b, 999), 1);

   void *so = make_cs(&e, b.shader, 0);
   uint32_t init[64];
   for (unsigned k = 0; k < 64; ++k)
      init[k] = 100 + k;
   struct pipe_resource *win = buffer(&e, init, 64);
   struct pipe_resource *out = buffer(&e, NULL, 64);
   bind(&e, 0, win, 16, 32, true);
   bind(&e, 1, out, 0, 256, true);
   launch(&e, 16, 1, 1, 1, 1, 1);

   if (e.check) {
      uint32_t *w = read_back(&e, win, 64);
      uint32_t *o = read_back(&e, out, 64);
      for (unsigned k = 0; k < 64; ++k) {
         /* window words 0..7 are buffer words 4..11 */
         uint32_t want = k >= 4 && k < 12 ? 500 + (k - 4) : 100 + k;
         assert_int_equal(w[k], want);
      }
      for (unsigned t = 0; t < 16; ++t) {
         assert_int_equal(o[4 * t + 0], t < 8 ? 100 + 4 + t : 0);
         /* vec4 at word 2t: inside while 2t + 4 <= 8 */
         uint32_t vsum = 2 * t + 4 <= 8 ? (104 + 2 * t) + (104 + 2 * t + 3) : 0;
         assert_int_equal(o[4 * t + 1], vsum);
         assert_int_equal(o[4 * t + 2], 32);
         assert_int_equal(o[4 * t + 3], 111); /* window word 7, and 0 */
      }
      free(w);
      free(o);
   }
   pipe_resource_reference(&win, NULL);
   pipe_resource_reference(&out, NULL);
   e.t.ctx->delete_compute_state(e.t.ctx, so);
   env_fini(&e);
}

/* ---- textures in compute shaders ----------------------------------------- */

/* texelFetch of an 8 x 4 RGBA8 texture: invocation (x, y) of one 8 x 4
 * workgroup stores texel (x, y) scaled back to bytes, r | g << 8 |
 * b << 16 | a << 24, at y * 8 + x. */
static void
texel_fetch(void **state)
{
   (void)state;
   struct env e;
   if (!env_init(&e))
      skip();
   struct pipe_context *ctx = e.t.ctx;

   struct pipe_resource tt = {
      .target = PIPE_TEXTURE_2D,
      .format = PIPE_FORMAT_R8G8B8A8_UNORM,
      .width0 = 8,
      .height0 = 4,
      .depth0 = 1,
      .array_size = 1,
      .bind = PIPE_BIND_SAMPLER_VIEW,
   };
   struct pipe_resource *tex = e.t.screen->resource_create(e.t.screen, &tt);
   assert_non_null(tex);
   uint8_t pattern[8 * 4 * 4];
   for (unsigned i = 0; i < 32; ++i) {
      pattern[4 * i + 0] = (uint8_t)(i * 7);
      pattern[4 * i + 1] = (uint8_t)(255 - i);
      pattern[4 * i + 2] = (uint8_t)(i * 3 + 1);
      pattern[4 * i + 3] = (uint8_t)(i + 100);
   }
   struct pipe_box box = {0, 0, 0, 8, 4, 1};
   ctx->texture_subdata(ctx, tex, 0, PIPE_MAP_WRITE, &box, pattern, 32, 0);
   struct pipe_sampler_view vt = {
      .format = PIPE_FORMAT_R8G8B8A8_UNORM,
      .target = PIPE_TEXTURE_2D,
      .swizzle_r = PIPE_SWIZZLE_X,
      .swizzle_g = PIPE_SWIZZLE_Y,
      .swizzle_b = PIPE_SWIZZLE_Z,
      .swizzle_a = PIPE_SWIZZLE_W,
   };
   struct pipe_sampler_view *view = ctx->create_sampler_view(ctx, tex, &vt);
   ctx->set_sampler_views(ctx, PIPE_SHADER_COMPUTE, 0, 1, 0, false, &view);
   struct pipe_sampler_state ss = {
      .wrap_s = PIPE_TEX_WRAP_CLAMP_TO_EDGE,
      .wrap_t = PIPE_TEX_WRAP_CLAMP_TO_EDGE,
      .wrap_r = PIPE_TEX_WRAP_CLAMP_TO_EDGE,
      .min_mip_filter = PIPE_TEX_MIPFILTER_NONE,
      .max_lod = 14,
   };
   void *sso = ctx->create_sampler_state(ctx, &ss);
   ctx->bind_sampler_states(ctx, PIPE_SHADER_COMPUTE, 0, 1, &sso);

   nir_builder b = cs_builder("texel_fetch", 8, 4, 1);
   nir_def *lid = sysval(&b, nir_intrinsic_load_local_invocation_id);
   nir_def *xy[2] = {nir_channel(&b, lid, 0), nir_channel(&b, lid, 1)};
   nir_tex_instr *t = nir_tex_instr_create(b.shader, 2);
   t->op = nir_texop_txf;
   t->sampler_dim = NIR_SAMPLER_DIM_2D;
   t->dest_type = nir_type_float32;
   t->coord_components = 2;
   t->texture_index = 0;
   t->sampler_index = 0;
   t->src[0].src_type = nir_tex_src_coord;
   t->src[0].src.ssa = nir_vec(&b, xy, 2);
   t->src[1].src_type = nir_tex_src_lod;
   t->src[1].src.ssa = nir_imm_int(&b, 0);
   nir_def_init(&t->instr, &t->def, 4, 32);
   nir_builder_instr_insert(&b, &t->instr);
   nir_def *packed = nir_imm_int(&b, 0);
   for (unsigned c = 0; c < 4; ++c) {
      nir_def *byte = nir_f2u32(
         &b, nir_fadd(&b, nir_fmul(&b, nir_channel(&b, &t->def, c),
                                   nir_imm_float(&b, 255.0f)),
                      nir_imm_float(&b, 0.5f)));
      packed = nir_ior(&b, packed,
                       nir_ishl(&b, byte, nir_imm_int(&b, (int)(8 * c))));
   }
   nir_def *idx = nir_iadd(&b, xy[0], nir_imul(&b, xy[1], nir_imm_int(&b, 8)));
   store_ssbo(&b, 0, nir_imul(&b, idx, nir_imm_int(&b, 4)), packed, 1);

   void *so = make_cs(&e, b.shader, 0);
   struct pipe_resource *out = buffer(&e, NULL, 32);
   bind(&e, 0, out, 0, 128, true);
   launch(&e, 8, 4, 1, 1, 1, 1);

   if (e.check) {
      uint32_t *got = read_back(&e, out, 32);
      for (unsigned i = 0; i < 32; ++i) {
         uint32_t want = pattern[4 * i] | pattern[4 * i + 1] << 8 |
                         pattern[4 * i + 2] << 16 |
                         (uint32_t)pattern[4 * i + 3] << 24;
         assert_int_equal(got[i], want);
      }
      free(got);
   }
   ctx->set_sampler_views(ctx, PIPE_SHADER_COMPUTE, 0, 0, 1, false, NULL);
   ctx->delete_sampler_state(ctx, sso);
   pipe_sampler_view_reference(&view, NULL);
   pipe_resource_reference(&tex, NULL);
   pipe_resource_reference(&out, NULL);
   e.t.ctx->delete_compute_state(e.t.ctx, so);
   env_fini(&e);
}

/* ---- storage buffers in a fragment shader -------------------------------- */

#define FW 16
#define FH 16

/* Two triangles over a 16 x 16 target; every fragment stores its pixel
 * at y * 16 + x of binding 0 and counts itself with an atomic on binding
 * 1.  Quads along the diagonal have helper lanes, which must write
 * nothing: the count is exactly 256. */
static void
fragment(void **state)
{
   (void)state;
   struct env e;
   if (!env_init(&e))
      skip();
   struct pipe_context *ctx = e.t.ctx;

   asahi_test_env_target(&e.t, PIPE_FORMAT_R8G8B8A8_UNORM, FW, FH);
   static const float verts[] = {-1, -1, 0, 1, 1, -1, 0, 1, -1, 1, 0, 1,
                                 -1, 1,  0, 1, 1, -1, 0, 1, 1,  1, 0, 1};
   asahi_test_env_vertices(&e.t, verts, 6);

   nir_builder b = nir_builder_init_simple_shader(
      MESA_SHADER_FRAGMENT, &agx_nir_options, "ssbo_fs", NULL);
   const nir_vtype *vec4 = nir_vtype_vector(b.shader, nir_type_float32, 4);
   nir_variable *out =
      nir_variable_create(b.shader, nir_var_shader_out, vec4, "color");
   out->data.location = FRAG_RESULT_DATA0;
   nir_def *fc = nir_load_system_value(&b, nir_intrinsic_load_frag_coord, 32);
   nir_def *x = nir_f2u32(&b, nir_channel(&b, fc, 0));
   nir_def *y = nir_f2u32(&b, nir_channel(&b, fc, 1));
   nir_def *idx = nir_iadd(&b, x, nir_imul(&b, y, nir_imm_int(&b, FW)));
   store_ssbo(&b, 0, nir_imul(&b, idx, nir_imm_int(&b, 4)),
              nir_ior(&b, nir_ior(&b, x, nir_ishl(&b, y, nir_imm_int(&b, 8))),
                      nir_imm_int(&b, 0x10000)),
              1);
   ssbo_atomic(&b, 1, nir_imm_int(&b, 0), nir_atomic_op_iadd,
               nir_imm_int(&b, 1), NULL);
   nir_store_var(&b, out, nir_imm_vec4(&b, 0, 1, 0, 1), 0xf);

   struct pipe_shader_state vss = {.type = PIPE_SHADER_IR_NIR,
                                   .ir.nir = asahi_test_vs_position("ssbo_vs")};
   struct pipe_shader_state fss = {.type = PIPE_SHADER_IR_NIR,
                                   .ir.nir = b.shader};
   void *vs = ctx->create_vs_state(ctx, &vss);
   void *fs = ctx->create_fs_state(ctx, &fss);
   ctx->bind_vs_state(ctx, vs);
   ctx->bind_fs_state(ctx, fs);

   struct pipe_resource *pix = buffer(&e, NULL, FW * FH);
   struct pipe_resource *count = buffer(&e, NULL, 4);
   struct pipe_shader_buffer sb[2] = {{pix, 0, FW * FH * 4},
                                      {count, 0, 16}};
   ctx->set_shader_buffers(ctx, PIPE_SHADER_FRAGMENT, 0, 2, sb, 0x3);
   struct pipe_draw_info info = {.mode = PIPE_PRIM_TRIANGLES,
                                 .instance_count = 1};
   struct pipe_draw_start_count_bias draw = {.start = 0, .count = 6};
   ctx->draw_vbo(ctx, &info, 0, NULL, &draw, 1);
   /* after a barrier, the buffer is read back (GL 4.6 section 7.13.2) */
   ctx->memory_barrier(ctx, PIPE_BARRIER_SHADER_BUFFER);

   if (e.check) {
      uint32_t *p = read_back(&e, pix, FW * FH);
      uint32_t *c = read_back(&e, count, 4);
      for (unsigned yy = 0; yy < FH; ++yy) {
         for (unsigned xx = 0; xx < FW; ++xx)
            assert_int_equal(p[yy * FW + xx], xx | yy << 8 | 0x10000);
      }
      assert_int_equal(c[0], FW * FH);
      free(p);
      free(c);
   }

   ctx->set_shader_buffers(ctx, PIPE_SHADER_FRAGMENT, 0, 2, NULL, 0);
   ctx->bind_vs_state(ctx, NULL);
   ctx->bind_fs_state(ctx, NULL);
   ctx->delete_vs_state(ctx, vs);
   ctx->delete_fs_state(ctx, fs);
   pipe_resource_reference(&pix, NULL);
   pipe_resource_reference(&count, NULL);
   env_fini(&e);
}

/* ---- caps ------------------------------------------------------------------ */

static void
caps(void **state)
{
   (void)state;
   struct env e;
   if (!env_init(&e))
      skip();
   struct pipe_screen *s = e.t.screen;
   assert_int_equal(s->get_param(s, PIPE_CAP_COMPUTE), 1);
   assert_true(s->get_param(s, PIPE_CAP_MAX_COMPUTE_THREADS_PER_BLOCK) >= 1024);
   assert_true(s->get_param(s, PIPE_CAP_MAX_COMPUTE_SHARED_MEMORY) >= 32768);
   assert_true(s->get_param(s, PIPE_CAP_MAX_COMPUTE_GRID_SIZE_X) >= 65535);
   /* GL 4.3 table 23.67: 8 storage blocks in compute shaders */
   assert_true(s->get_shader_param(s, PIPE_SHADER_COMPUTE,
                                   PIPE_SHADER_CAP_MAX_SHADER_BUFFERS) >= 8);
   env_fini(&e);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(caps),    cmocka_unit_test(ids),
      cmocka_unit_test(shared),  cmocka_unit_test(atomics),
      cmocka_unit_test(indirect), cmocka_unit_test(bounds),
      cmocka_unit_test(fragment), cmocka_unit_test(texel_fetch),
   };
   int ret = cmocka_run_group_tests(tests, setup, NULL);
   asahi_test_traces_teardown();
   return ret;
}
