/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Shader storage blocks: blocks of one name in several stages are one
 * program block (GL 4.6 7.6.2: declared identically), listed in
 * glsl_program.ssbos with their members as GL enumerates buffer
 * variables (GL 4.6 7.3.1.1).  The storage-block accesses of each stage
 * first name the stage-local block (glsl_to_nir_ssbo.c); they are
 * renumbered to the program block index, kept in that form
 * (ssbo_indexed_nir) and then given the blocks' initial binding points
 * (glsl_program_bind_ssbos does it again for other bindings).
 */
#include <string.h>

#include "glsl_link_priv.h"
#include "nir_builder.h"
#include "util/ralloc.h"

#define LINK_DEFAULT_MAX_SSBOS 8
#define LINK_DEFAULT_MAX_SSBO_SIZE (1u << 24)
#define LINK_MAX_STAGE_COUNTERS 1024

static bool
is_ssbo_access(nir_intrinsic_op op)
{
   return op == nir_intrinsic_load_ssbo || op == nir_intrinsic_ssbo_atomic ||
          op == nir_intrinsic_ssbo_atomic_swap ||
          op == nir_intrinsic_get_ssbo_size;
}

/* The source naming the block (store_ssbo: after the value). */
static nir_src *
block_src(nir_intrinsic_instr *intr)
{
   if (intr->intrinsic == nir_intrinsic_store_ssbo)
      return &intr->src[1];
   return is_ssbo_access(intr->intrinsic) ? &intr->src[0] : NULL;
}

/* Rewrites every block source s to map[s] (n entries): a constant
 * directly; a computed one by adding the common difference when map is
 * k + d, else by selecting among the entries.  Atomic counter buffers
 * (constants G2N_ABO_BLOCK + b) become abo_base + b. */
static void
rewrite_blocks(nir_shader *nir, const int *map, unsigned n, int abo_base)
{
   bool affine = true;
   for (unsigned k = 1; k < n; k++)
      affine &= map[k] - (int)k == map[0];
   nir_foreach_function_impl(impl, nir) {
      nir_builder b = nir_builder_create(impl);
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type != nir_instr_type_intrinsic)
               continue;
            nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
            nir_src *src = block_src(intr);
            if (!src)
               continue;
            b.cursor = nir_before_instr(instr);
            nir_def *s = src->ssa, *r;
            if (nir_def_instr(s)->type == nir_instr_type_load_const) {
               unsigned k =
                  nir_instr_as_load_const(nir_def_instr(s))->value[0].u32;
               if (k >= G2N_ABO_BLOCK)
                  r = nir_imm_int(&b, abo_base + (int)(k - G2N_ABO_BLOCK));
               else
                  r = nir_imm_int(&b, k < n ? map[k] : map[n ? n - 1 : 0]);
            } else if (!n) {
               continue;
            } else if (affine) {
               r = nir_iadd(&b, s, nir_imm_int(&b, map[0]));
            } else {
               r = nir_imm_int(&b, map[n - 1]);
               for (unsigned k = n - 1; k-- > 0;)
                  r = nir_bcsel(&b, nir_ieq(&b, s, nir_imm_int(&b, (int)k)),
                                nir_imm_int(&b, map[k]), r);
            }
            nir_instr_rewrite_src(instr, src, r);
         }
      }
   }
}

/* ---- linking ------------------------------------------------------------- */

/* GL 4.6 7.6.2 / 4.3 table 23.63: the numbers of blocks and their sizes
 * the implementation has. */
static void
check_limits(struct link *l)
{
   const struct glsl_link_options *o = l->opts;
   bool set = o && o->ssbo_limits_set;
   unsigned total = 0;
   for (unsigned s = 0; s < MESA_SHADER_STAGES; s++) {
      struct glsl_nir_stage *ns = l->stage[s];
      if (!ns || !ns->num_ssbos)
         continue;
      unsigned max = set ? o->max_stage_ssbos[s] : LINK_DEFAULT_MAX_SSBOS;
      if (ns->num_ssbos > max) {
         link_error(l, "the %s shader uses %u shader storage blocks, more "
                    "than the %u of GL_MAX_%s_SHADER_STORAGE_BLOCKS",
                    gl_shader_stage_name(s), ns->num_ssbos, max,
                    link_stage_limit_name(s));
         return;
      }
      total += ns->num_ssbos;
   }
   unsigned max_all = set ? o->max_combined_ssbos : LINK_DEFAULT_MAX_SSBOS;
   if (total > max_all) {
      link_error(l, "the program uses %u shader storage blocks in all, "
                 "more than the %u of GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS",
                 total, max_all);
      return;
   }
   unsigned max_size = set && o->max_ssbo_size_B ? o->max_ssbo_size_B
                                                 : LINK_DEFAULT_MAX_SSBO_SIZE;
   for (unsigned k = 0; k < l->prog->num_ssbos; k++) {
      if (l->prog->ssbos[k].size_B > max_size) {
         link_error(l, "shader storage block '%s' takes %u bytes, more "
                    "than the %u of GL_MAX_SHADER_STORAGE_BLOCK_SIZE",
                    l->prog->ssbos[k].name, l->prog->ssbos[k].size_B,
                    max_size);
         return;
      }
   }
}

void
link_ssbos(struct link *l)
{
   struct glsl_program *prog = l->prog;
   unsigned max = 0;
   for (unsigned s = 0; s < MESA_SHADER_STAGES; s++)
      max += l->stage[s] ? l->stage[s]->num_ssbos : 0;
   if (!max)
      return;
   prog->ssbos = rzalloc_array(prog, struct glsl_program_block, max);
   const struct glsl_nir_block **first =
      rzalloc_array(prog, const struct glsl_nir_block *, max);
   for (unsigned s = 0; s < MESA_SHADER_STAGES && !l->failed; s++) {
      struct glsl_nir_stage *ns = l->stage[s];
      if (!ns || !ns->num_ssbos)
         continue;
      int *map = rzalloc_array(prog, int, ns->num_ssbos);
      for (unsigned i = 0; i < ns->num_ssbos; i++) {
         const struct glsl_nir_block *b = &ns->ssbos[i];
         int found = -1;
         for (unsigned k = 0; k < prog->num_ssbos; k++) {
            if (!strcmp(prog->ssbos[k].name, b->name))
               found = (int)k;
         }
         if (found >= 0) {
            const struct glsl_nir_block *a = first[found];
            bool same = link_types_match(a->type, b->type) &&
                        a->std430 == b->std430 &&
                        a->array_size == b->array_size;
            for (unsigned f = 0; same && f < b->type->num_fields; f++)
               same = a->row_major[f] == b->row_major[f];
            if (!same) {
               link_error(l, "shader storage block '%s' has different "
                          "members (or layouts) in different shaders",
                          b->name);
               return;
            }
            if (!link_block_precisions_match(l, "shader storage", a, b))
               return;
            if (a->binding >= 0 && b->binding >= 0 &&
                a->binding != b->binding) {
               link_error(l, "shader storage block '%s' has different "
                          "bindings (%d and %d) in different shaders",
                          b->name, a->binding, b->binding);
               return;
            }
         } else {
            found = (int)prog->num_ssbos++;
            first[found] = b;
            struct glsl_program_block *pb = &prog->ssbos[found];
            pb->name = ralloc_strdup(prog, b->name);
            pb->size_B = b->size_B;
            pb->binding = 0;
            pb->std430 = b->std430;
            link_list_block_members(prog, pb, b,
                                    b->std430 ? LINK_LAYOUT_STD430
                                              : LINK_LAYOUT_STD140,
                                    true);
         }
         struct glsl_program_block *pb = &prog->ssbos[found];
         if (b->binding >= 0)
            pb->binding = b->binding;
         if (b->used)
            pb->stages |= 1u << s;
         if (b->written)
            pb->written_stages |= 1u << s;
         map[i] = found;
      }
      rewrite_blocks(ns->nir, map, ns->num_ssbos, G2N_ABO_BLOCK);
   }
   if (!l->failed)
      check_limits(l);
}

/* ---- atomic counters ------------------------------------------------------ */

/* ARB_shader_atomic_counters: counters of one name in several stages
 * are one counter (same binding and offset); counters of one binding do
 * not overlap.  The program lists them, and per binding the bytes used
 * and the stages using it. */
void
link_counters(struct link *l)
{
   struct glsl_program *prog = l->prog;
   unsigned max = 0;
   for (unsigned s = 0; s < MESA_SHADER_STAGES; s++)
      max += l->stage[s] ? l->stage[s]->num_counters : 0;
   if (!max)
      return;
   prog->counters = rzalloc_array(prog, struct glsl_program_counter, max);
   for (unsigned s = 0; s < MESA_SHADER_STAGES; s++) {
      struct glsl_nir_stage *ns = l->stage[s];
      for (unsigned i = 0; ns && i < ns->num_counters; i++) {
         const struct glsl_nir_counter *c = &ns->counters[i];
         struct glsl_program_counter *pc = NULL;
         for (unsigned k = 0; k < prog->num_counters; k++) {
            if (!strcmp(prog->counters[k].name, c->name))
               pc = &prog->counters[k];
         }
         if (pc && (pc->binding != c->binding ||
                    pc->offset_B != c->offset_B ||
                    pc->array_size != c->array_size)) {
            link_error(l, "atomic counter '%s' is declared with different "
                       "bindings, offsets or sizes in different shaders",
                       c->name);
            return;
         }
         if (!pc) {
            pc = &prog->counters[prog->num_counters++];
            pc->name = ralloc_strdup(prog, c->name);
            pc->binding = c->binding;
            pc->offset_B = c->offset_B;
            pc->array_size = c->array_size;
         }
         pc->stages |= 1u << s;
         unsigned end = c->offset_B + 4 * (c->array_size ? c->array_size
                                                         : 1);
         if (end > prog->abo_size_B[c->binding])
            prog->abo_size_B[c->binding] = end;
         prog->abo_stages[c->binding] |= 1u << s;
      }
   }
   /* GL 4.2 table 6.55 (the limits the GL front end reports): at most
    * 1024 counters in a stage and in all, 8 buffers in a stage and in
    * all (each stage's counted). */
   unsigned total = 0, total_buffers = 0;
   for (unsigned s = 0; s < MESA_SHADER_STAGES; s++) {
      struct glsl_nir_stage *ns = l->stage[s];
      unsigned n = 0, buffers = 0;
      for (unsigned i = 0; ns && i < ns->num_counters; i++)
         n += ns->counters[i].array_size ? ns->counters[i].array_size : 1;
      for (unsigned b = 0; b < G2N_MAX_ABO_BINDINGS; b++)
         buffers += (prog->abo_stages[b] >> s) & 1;
      if (n > LINK_MAX_STAGE_COUNTERS) {
         link_error(l, "the %s shader has %u atomic counters, more than "
                    "the %u of GL_MAX_%s_ATOMIC_COUNTERS",
                    gl_shader_stage_name(s), n, LINK_MAX_STAGE_COUNTERS,
                    link_stage_limit_name(s));
         return;
      }
      if (buffers > G2N_MAX_ABO_BINDINGS) {
         link_error(l, "the %s shader uses %u atomic counter buffers, more "
                    "than GL_MAX_%s_ATOMIC_COUNTER_BUFFERS",
                    gl_shader_stage_name(s), buffers,
                    link_stage_limit_name(s));
         return;
      }
      total += n;
      total_buffers += buffers;
   }
   if (total_buffers > G2N_MAX_ABO_BINDINGS) {
      link_error(l, "the program's stages use %u atomic counter buffers in "
                 "all, more than GL_MAX_COMBINED_ATOMIC_COUNTER_BUFFERS",
                 total_buffers);
      return;
   }
   if (total > LINK_MAX_STAGE_COUNTERS) {
      link_error(l, "the program has %u atomic counters in all, more than "
                 "the %u of GL_MAX_COMBINED_ATOMIC_COUNTERS", total,
                 LINK_MAX_STAGE_COUNTERS);
      return;
   }
   /* GLSL 4.60 4.4.6.1: no two counters share a word of a binding */
   for (unsigned a = 0; a < prog->num_counters; a++) {
      const struct glsl_program_counter *x = &prog->counters[a];
      for (unsigned b = a + 1; b < prog->num_counters; b++) {
         const struct glsl_program_counter *y = &prog->counters[b];
         unsigned xe = x->offset_B + 4 * (x->array_size ? x->array_size : 1);
         unsigned ye = y->offset_B + 4 * (y->array_size ? y->array_size : 1);
         if (x->binding == y->binding && x->offset_B < ye &&
             y->offset_B < xe) {
            link_error(l, "atomic counters '%s' and '%s' overlap at "
                       "binding %u", x->name, y->name, x->binding);
            return;
         }
      }
   }
}

static int
abo_base(const struct link *l)
{
   return l->opts && l->opts->abo_slot_base ? (int)l->opts->abo_slot_base
                                            : GLSL_DEFAULT_ABO_SLOT_BASE;
}

void
link_ssbo_bindings(struct link *l)
{
   struct glsl_program *prog = l->prog;
   prog->abo_slot_base = (unsigned)abo_base(l);
   unsigned n = prog->num_ssbos;
   unsigned *bindings = ralloc_array(prog, unsigned, n ? n : 1);
   for (unsigned k = 0; k < n; k++)
      bindings[k] = (unsigned)prog->ssbos[k].binding;
   for (unsigned s = 0; s < MESA_SHADER_STAGES; s++) {
      if (!l->stage[s] || !prog->nir[s] ||
          (!l->stage[s]->num_ssbos && !l->stage[s]->num_counters))
         continue;
      prog->ssbo_indexed_nir[s] = nir_shader_clone(prog, prog->nir[s]);
      rewrite_blocks(prog->nir[s], (const int *)bindings, n, abo_base(l));
   }
   ralloc_free(bindings);
}

nir_shader *
glsl_program_bind_ssbos(void *mem_ctx, const struct glsl_program *prog,
                        gl_shader_stage s, const unsigned *bindings)
{
   if ((unsigned)s >= MESA_SHADER_STAGES || !prog->ssbo_indexed_nir[s])
      return NULL;
   nir_shader *nir = nir_shader_clone(mem_ctx, prog->ssbo_indexed_nir[s]);
   rewrite_blocks(nir, (const int *)bindings, prog->num_ssbos,
                  (int)prog->abo_slot_base);
   return nir;
}
