/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Storage buffers and compute dispatches of shader_runner's [test]
 * language on the interpreter.  "ssbo N SIZE" gives binding point N a
 * zeroed buffer of SIZE bytes, "ssbo N subdata TYPE OFFSET VALUES..."
 * writes into it (int, uint, float), "compute X Y Z" runs the compute
 * shader over that grid invocation by invocation (each work group with
 * fresh zeroed shared memory; a shader with barrier() and more than one
 * invocation per group needs invocations in lockstep, which the
 * interpreter cannot do: SKIP), "probe ssbo TYPE N OFFSET OP VALUE"
 * compares a word (==, !=, <, <=, >, >=).  Atomic counter buffers are
 * the storage slots after abo_slot_base (glsl_program.h): "atomic
 * counters N" gives binding 0 N zeroed counters, "atomic counter buffer
 * B N" binding B, "probe atomic counter I OP V" reads counter I of
 * binding 0, "probe atomic counter buffer B OFFSET OP V" a word of B.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shader_test_priv.h"
#include "util/ralloc.h"

static bool
binding_of(struct run *r, const char *tok, unsigned *b)
{
   char *end;
   unsigned long v = strtoul(tok, &end, 0);
   if (*end || v >= 16) {
      r->msg = ralloc_asprintf(r->mem, "storage binding %s", tok);
      return false;
   }
   *b = (unsigned)v;
   return true;
}

/* One value of `type` as a 32-bit word; false for other types. */
static bool
word_of(const char *type, const char *tok, uint32_t *w)
{
   if (!strcmp(type, "float")) {
      float f = strtof(tok, NULL);
      memcpy(w, &f, 4);
   } else if (!strcmp(type, "int")) {
      *w = (uint32_t)(int32_t)strtol(tok, NULL, 0);
   } else if (!strcmp(type, "uint")) {
      *w = (uint32_t)strtoul(tok, NULL, 0);
   } else {
      return false;
   }
   return true;
}

enum shader_test_result
st_ssbo_command(struct run *r, char **tok, unsigned n)
{
   unsigned b;
   if (n < 3 || !binding_of(r, tok[1], &b))
      return SHADER_TEST_SKIP;
   nir_eval_buffer *buf = &r->ssbos[b];
   if (n == 3) {
      unsigned long size = strtoul(tok[2], NULL, 0);
      if (size > (1u << 24)) {
         r->msg = "storage buffer too big";
         return SHADER_TEST_SKIP;
      }
      buf->data = rzalloc_array(r->mem, uint8_t, size ? size : 1);
      buf->size_B = (unsigned)size;
      return SHADER_TEST_PASS;
   }
   if (n < 6 || strcmp(tok[2], "subdata")) {
      r->msg = ralloc_asprintf(r->mem, "ssbo command '%s'", tok[2]);
      return SHADER_TEST_SKIP;
   }
   unsigned long off = strtoul(tok[4], NULL, 0);
   for (unsigned i = 5; i < n; i++, off += 4) {
      uint32_t w;
      if (!word_of(tok[3], tok[i], &w)) {
         r->msg = ralloc_asprintf(r->mem, "ssbo subdata type %s", tok[3]);
         return SHADER_TEST_SKIP;
      }
      if (!buf->data || off + 4 > buf->size_B) {
         r->msg = "ssbo subdata outside the buffer";
         return SHADER_TEST_FAIL;
      }
      memcpy(buf->data + off, &w, 4);
   }
   return SHADER_TEST_PASS;
}

static bool
has_barrier(nir_shader *s)
{
   nir_foreach_function_impl(impl, s) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type == nir_instr_type_intrinsic &&
                nir_instr_as_intrinsic(instr)->intrinsic ==
                   nir_intrinsic_barrier)
               return true;
         }
      }
   }
   return false;
}

enum shader_test_result
st_compute(struct run *r, char **tok, unsigned n)
{
   if (!r->cs) {
      r->msg = "compute without a compute shader";
      return SHADER_TEST_FAIL;
   }
   unsigned grid[3], wg[3];
   unsigned total = 1;
   for (unsigned i = 0; i < 3; i++) {
      grid[i] = (unsigned)strtoul(tok[1 + i], NULL, 0);
      wg[i] = r->prog->workgroup_size[i];
      total *= grid[i] * wg[i];
   }
   if (total > (1u << 20)) {
      r->msg = "compute grid too big for the interpreter";
      return SHADER_TEST_SKIP;
   }
   if (wg[0] * wg[1] * wg[2] > 1 && has_barrier(r->cs)) {
      r->msg = "barrier() between invocations";
      return SHADER_TEST_SKIP;
   }
   unsigned shared_size = r->cs->shared_size;
   uint8_t *shared = rzalloc_array(r->mem, uint8_t,
                                   shared_size ? shared_size : 1);
   unsigned g[3], l[3];
   for (g[2] = 0; g[2] < grid[2]; g[2]++)
   for (g[1] = 0; g[1] < grid[1]; g[1]++)
   for (g[0] = 0; g[0] < grid[0]; g[0]++) {
      memset(shared, 0, shared_size);
      for (l[2] = 0; l[2] < wg[2]; l[2]++)
      for (l[1] = 0; l[1] < wg[1]; l[1]++)
      for (l[0] = 0; l[0] < wg[0]; l[0]++) {
         nir_eval_state es;
         memset(&es, 0, sizeof(es));
         es.uniforms = r->uniforms;
         es.num_uniform_cells = r->num_uniform_cells;
         memcpy(es.ubos, r->ubos, sizeof(r->ubos));
         memcpy(es.ssbos, r->ssbos, sizeof(r->ssbos));
         es.shared.data = shared;
         es.shared.size_B = shared_size;
         for (unsigned i = 0; i < 3; i++) {
            es.sysvals[SYSTEM_VALUE_LOCAL_INVOCATION_ID][i].u32 = l[i];
            es.sysvals[SYSTEM_VALUE_WORKGROUP_ID][i].u32 = g[i];
            es.sysvals[SYSTEM_VALUE_NUM_WORKGROUPS][i].u32 = grid[i];
            es.sysvals[SYSTEM_VALUE_WORKGROUP_SIZE][i].u32 = wg[i];
            es.sysvals[SYSTEM_VALUE_GLOBAL_INVOCATION_ID][i].u32 =
               g[i] * wg[i] + l[i];
         }
         es.sysvals[SYSTEM_VALUE_LOCAL_INVOCATION_INDEX][0].u32 =
            l[0] + wg[0] * (l[1] + wg[1] * l[2]);
         if (!nir_eval_run(r->cs, &es)) {
            r->msg = ralloc_asprintf(r->mem, "compute shader: %s",
                                     es.error);
            return SHADER_TEST_SKIP;
         }
      }
   }
   return SHADER_TEST_PASS;
}

enum shader_test_result
st_probe_ssbo(struct run *r, char **tok, unsigned n)
{
   unsigned b;
   if (n != 7 || !binding_of(r, tok[3], &b)) {
      r->msg = "probe ssbo form";
      return SHADER_TEST_SKIP;
   }
   const char *type = tok[2], *op = tok[5];
   unsigned long off = strtoul(tok[4], NULL, 0);
   nir_eval_buffer *buf = &r->ssbos[b];
   uint32_t want, got = 0;
   if (!word_of(type, tok[6], &want)) {
      r->msg = ralloc_asprintf(r->mem, "probe ssbo type %s", type);
      return SHADER_TEST_SKIP;
   }
   if (buf->data && off + 4 <= buf->size_B)
      memcpy(&got, buf->data + off, 4);
   /* compare as the type says */
   double a, w;
   if (!strcmp(type, "float")) {
      float fa, fw;
      memcpy(&fa, &got, 4);
      memcpy(&fw, &want, 4);
      a = fa;
      w = fw;
   } else if (!strcmp(type, "int")) {
      a = (int32_t)got;
      w = (int32_t)want;
   } else {
      a = got;
      w = want;
   }
   bool ok;
   if (!strcmp(op, "=="))
      ok = a == w;
   else if (!strcmp(op, "!="))
      ok = a != w;
   else if (!strcmp(op, "<"))
      ok = a < w;
   else if (!strcmp(op, "<="))
      ok = a <= w;
   else if (!strcmp(op, ">"))
      ok = a > w;
   else if (!strcmp(op, ">="))
      ok = a >= w;
   else {
      r->msg = ralloc_asprintf(r->mem, "probe ssbo operator %s", op);
      return SHADER_TEST_SKIP;
   }
   if (ok)
      return SHADER_TEST_PASS;
   r->msg = ralloc_asprintf(r->mem, "ssbo %u offset %lu: %g, expected %s "
                            "%g", b, off, a, op, w);
   return SHADER_TEST_FAIL;
}

static nir_eval_buffer *
abo(struct run *r, unsigned binding)
{
   unsigned slot = r->prog->abo_slot_base + binding;
   return binding < 8 && slot < 16 ? &r->ssbos[slot] : NULL;
}

enum shader_test_result
st_atomic_command(struct run *r, char **tok, unsigned n)
{
   unsigned binding = 0, count;
   if (n == 3 && !strcmp(tok[1], "counters")) {
      count = (unsigned)strtoul(tok[2], NULL, 0);
   } else if (n == 5 && !strcmp(tok[1], "counter") &&
              !strcmp(tok[2], "buffer")) {
      binding = (unsigned)strtoul(tok[3], NULL, 0);
      count = (unsigned)strtoul(tok[4], NULL, 0);
   } else {
      r->msg = "atomic command form";
      return SHADER_TEST_SKIP;
   }
   nir_eval_buffer *buf = abo(r, binding);
   if (!buf || count > 4096) {
      r->msg = "atomic counter buffer binding";
      return SHADER_TEST_SKIP;
   }
   buf->data = rzalloc_array(r->mem, uint8_t, count ? 4 * count : 4);
   buf->size_B = 4 * count;
   return SHADER_TEST_PASS;
}

enum shader_test_result
st_probe_counter(struct run *r, char **tok, unsigned n)
{
   /* rewritten as "probe ssbo uint SLOT OFFSET OP VALUE" */
   char slot[16], offset[16];
   unsigned binding = 0, off;
   const char *op, *value;
   if (n == 6 && !strcmp(tok[2], "counter")) {
      off = 4 * (unsigned)strtoul(tok[3], NULL, 0);
      op = tok[4];
      value = tok[5];
   } else if (n == 8 && !strcmp(tok[2], "counter") &&
              !strcmp(tok[3], "buffer")) {
      binding = (unsigned)strtoul(tok[4], NULL, 0);
      off = (unsigned)strtoul(tok[5], NULL, 0);
      op = tok[6];
      value = tok[7];
   } else {
      r->msg = "probe atomic counter form";
      return SHADER_TEST_SKIP;
   }
   if (!abo(r, binding)) {
      r->msg = "atomic counter buffer binding";
      return SHADER_TEST_SKIP;
   }
   snprintf(slot, sizeof(slot), "%u", r->prog->abo_slot_base + binding);
   snprintf(offset, sizeof(offset), "%u", off);
   char *t[7] = { "probe", "ssbo", "uint", slot, offset, (char *)op,
                  (char *)value };
   return st_probe_ssbo(r, t, 7);
}
