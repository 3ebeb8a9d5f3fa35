/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Uniform blocks: blocks of the same name in several stages are one block
 * and must have the same members (GLSL 4.60 4.3.9: same names, types,
 * order and qualifiers; we compare names and types).  Each gets a program
 * index, the position in glsl_program.ubos, and every stage's load_ubo
 * is renumbered from its stage-local block number to that index.  The
 * members are listed the way GL reports them, with their std140 offsets
 * and strides, or std430 ones in "shared" and "packed" blocks
 * (glsl_to_nir_ubo.c computes the same ones).
 */
#include <string.h>

#include "glsl_link_priv.h"
#include "nir_builder.h"
#include "util/ralloc.h"


/* Rewrites load_ubo's block source through map[stage-local] = index. */
static void
renumber(nir_shader *nir, const int *map, unsigned n)
{
   nir_foreach_function_impl(impl, nir) {
      nir_builder b = nir_builder_create(impl);
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type != nir_instr_type_intrinsic)
               continue;
            nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
            if (intr->intrinsic != nir_intrinsic_load_ubo)
               continue;
            /* the block number is a constant, or first + index for an
             * element of a block array (whose blocks are consecutive in
             * both numberings) */
            nir_instr *ci = nir_def_instr(intr->src[0].ssa);
            nir_def *index = NULL; /* the element index, if any */
            if (ci->type == nir_instr_type_alu &&
                nir_instr_as_alu(ci)->op == nir_op_iadd) {
               nir_alu_instr *add = nir_instr_as_alu(ci);
               unsigned k = nir_def_instr(add->src[0].src.ssa)->type ==
                                  nir_instr_type_load_const
                               ? 0
                               : 1;
               index = add->src[1 - k].src.ssa;
               ci = nir_def_instr(add->src[k].src.ssa);
            }
            if (ci->type != nir_instr_type_load_const)
               continue;
            unsigned local = nir_instr_as_load_const(ci)->value[0].u32;
            if (local >= n)
               continue;
            /* a new number for this load only: the old one may be shared
             * with loads renumbered later */
            b.cursor = nir_before_instr(instr);
            nir_def *first = nir_imm_int(&b, map[local]);
            nir_instr_rewrite_src(instr, &intr->src[0],
                                  index ? nir_iadd(&b, first, index)
                                        : first);
         }
      }
   }
}

static unsigned
limit_or(unsigned limit, unsigned fallback)
{
   return limit ? limit : fallback;
}

/* GL 4.6 7.6.2 / ES 3.0.6 2.12.6: a program whose shaders use more
 * blocks, or bigger ones, than the implementation has does not link.
 * Every block a stage declares counts as active there (the layouts are
 * all std140-like, whose members are all active). */
static void
check_limits(struct link *l)
{
   const struct glsl_link_options *o = l->opts;
   unsigned max_size = limit_or(o ? o->max_uniform_block_size_B : 0,
                                LINK_MAX_UNIFORM_BLOCK_SIZE);
   unsigned max_all = limit_or(o ? o->max_combined_uniform_blocks : 0,
                               LINK_MAX_COMBINED_UNIFORM_BLOCKS);
   unsigned total = 0;
   for (unsigned s = 0; s < MESA_SHADER_STAGES; s++) {
      struct glsl_nir_stage *ns = l->stage[s];
      if (!ns)
         continue;
      unsigned max = limit_or(o ? o->max_stage_uniform_blocks[s] : 0,
                              LINK_MAX_STAGE_UNIFORM_BLOCKS);
      if (ns->num_blocks > max) {
         link_error(l, "the %s shader uses %u uniform blocks, more than "
                    "the %u of GL_MAX_%s_UNIFORM_BLOCKS",
                    gl_shader_stage_name(s), ns->num_blocks, max,
                    link_stage_limit_name(s));
         return;
      }
      total += ns->num_blocks;
   }
   if (total > max_all) {
      link_error(l, "the program uses %u uniform blocks in all, more than "
                 "the %u of GL_MAX_COMBINED_UNIFORM_BLOCKS", total, max_all);
      return;
   }
   for (unsigned k = 0; k < l->prog->num_ubos; k++) {
      if (l->prog->ubos[k].size_B > max_size) {
         link_error(l, "uniform block '%s' takes %u bytes, more than the "
                    "%u of GL_MAX_UNIFORM_BLOCK_SIZE", l->prog->ubos[k].name,
                    l->prog->ubos[k].size_B, max_size);
         return;
      }
   }
}

/* GLSL ES 3.00 4.3.7 (3.10 and 3.20 4.3.9): matched blocks have "the
 * same sequence of types, precisions and ... member names".  Since wave
 * 15 a member without a precision qualifier counts with its stage's
 * default precision where the block is declared (glsl_to_nir_block.c),
 * as default-block uniforms do (glsl_link_uniforms.c; piglit's
 * glsl-es-3.00/linker/glsl-mismatched-uniform-precision-used).  Members
 * of no precision (bool, structures) are not compared.  llvmpipe
 * compares no block precisions at all.  Desktop GLSL ignores
 * precision. */
bool
link_block_precisions_match(struct link *l, const char *kind,
                            const struct glsl_nir_block *a,
                            const struct glsl_nir_block *b)
{
   if (!l->es || !a || !a->member_prec || !b->member_prec)
      return true;
   for (unsigned f = 0; f < b->type->num_fields && f < a->type->num_fields;
        f++) {
      unsigned pa = a->member_prec[f], pb = b->member_prec[f];
      if (pa && pb && pa != pb) {
         link_error(l, "%s block '%s': member '%s' is declared with "
                    "different precisions in different shaders", kind,
                    b->name, b->type->fields[f].name);
         return false;
      }
   }
   return true;
}

void
link_blocks(struct link *l)
{
   struct glsl_program *prog = l->prog;
   unsigned max = 0;
   for (unsigned s = 0; s < MESA_SHADER_STAGES; s++)
      max += l->stage[s] ? l->stage[s]->num_blocks : 0;
   prog->ubos = rzalloc_array(prog, struct glsl_program_block,
                              max ? max : 1);
   const struct glsl_type **types =
      rzalloc_array(prog, const struct glsl_type *, max ? max : 1);
   const bool **rms = rzalloc_array(prog, const bool *, max ? max : 1);
   unsigned *rms_n = rzalloc_array(prog, unsigned, max ? max : 1);
   unsigned *sizes = rzalloc_array(prog, unsigned, max ? max : 1);
   int *bindings = rzalloc_array(prog, int, max ? max : 1);
   bool *layout_std430 = rzalloc_array(prog, bool, max ? max : 1);
   const struct glsl_nir_block **firsts =
      rzalloc_array(prog, const struct glsl_nir_block *, max ? max : 1);
   for (unsigned s = 0; s < MESA_SHADER_STAGES && !l->failed; s++) {
      struct glsl_nir_stage *ns = l->stage[s];
      if (!ns || !ns->num_blocks)
         continue;
      int *map = rzalloc_array(prog, int, ns->num_blocks);
      for (unsigned i = 0; i < ns->num_blocks; i++) {
         struct glsl_nir_block *b = &ns->blocks[i];
         int found = -1;
         for (unsigned k = 0; k < prog->num_ubos; k++) {
            if (!strcmp(prog->ubos[k].name, b->name))
               found = (int)k;
         }
         bool layout_differs = found >= 0 && layout_std430[found] != b->std430;
         for (unsigned f = 0; found >= 0 && f < b->type->num_fields; f++) {
            if (f < rms_n[found] && rms[found][f] != b->row_major[f])
               layout_differs = true;
         }
         /* GLSL 1.50 4.3.7: a block declared as an array has the same
          * size everywhere (and is an array everywhere). */
         size_t base_len = strcspn(b->name, "[");
         for (unsigned k = 0; k < prog->num_ubos; k++) {
            if (strlen(prog->ubos[k].name) >= base_len &&
                !strncmp(prog->ubos[k].name, b->name, base_len) &&
                (prog->ubos[k].name[base_len] == '[' ||
                 !prog->ubos[k].name[base_len]) &&
                sizes[k] != b->array_size) {
               link_error(l, "uniform block '%.*s' is declared with "
                          "different array sizes", (int)base_len, b->name);
               return;
            }
         }
         /* GL 4.6 7.6.2: declared identically, explicit bindings
          * included (a shader without one takes the other's). */
         if (found >= 0 && b->binding >= 0 && bindings[found] >= 0 &&
             b->binding != bindings[found]) {
            link_error(l, "uniform block '%s' has different bindings (%d "
                       "and %d) in different shaders", b->name,
                       bindings[found], b->binding);
            return;
         }
         if (found >= 0 && (!link_types_match(types[found], b->type) ||
                            layout_differs)) {
            link_error(l, "uniform block '%s' has different members (or "
                       "member layouts) in different shaders", b->name);
            return;
         }
         if (found >= 0 &&
             !link_block_precisions_match(l, "uniform", firsts[found], b))
            return;
         if (found < 0) {
            found = (int)prog->num_ubos++;
            struct glsl_program_block *pb = &prog->ubos[found];
            types[found] = b->type;
            firsts[found] = b;
            rms[found] = b->row_major;
            sizes[found] = b->array_size;
            bindings[found] = -1;
            rms_n[found] = b->type->num_fields;
            pb->name = ralloc_strdup(prog, b->name);
            pb->size_B = b->size_B;
            pb->binding = b->binding >= 0 ? b->binding : 0;
            layout_std430[found] = b->std430;
            link_list_block_members(prog, pb, b,
                                    b->std430 ? LINK_LAYOUT_STD430
                                              : LINK_LAYOUT_STD140,
                                    false);
         }
         if (b->binding >= 0) {
            prog->ubos[found].binding = b->binding;
            bindings[found] = b->binding;
         }
         if (b->used)
            prog->ubos[found].stages |= 1u << s;
         map[i] = found;
      }
      renumber(ns->nir, map, ns->num_blocks);
   }
   if (!l->failed)
      check_limits(l);
}
