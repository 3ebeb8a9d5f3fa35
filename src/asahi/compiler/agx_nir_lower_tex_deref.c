/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Texture and sampler operands that are still derefs: elements of sampler
 * arrays whose index the linker could not fold (the linker, glsl_link.c,
 * resolves constant chains to texture_index/sampler_index and drops the
 * deref).  An AGX texture instruction names its texture and sampler
 * state by index, so every such operand is made an index here, with the
 * linker's numbering (nir_resolve_sampler_deref):
 *
 * - Indices that are constant once loops are unrolled (GLSL 1.10-3.30
 *   and ES 3.00 allow only constant index expressions, which include
 *   loop indices: GLSL 1.20 section 4.1.7, GLSL ES 1.00 appendix A.5):
 *   the shader is optimised first, then the chain resolves to a
 *   constant index.
 * - Indices still computed at run time (dynamically uniform indexing,
 *   GLSL 4.00 section 4.1.7): one lookup per element under an if-chain
 *   on the index, the last element standing for any index out of range
 *   (whose result the GLSL specification leaves undefined).
 *
 * What is left (two dynamic array levels, texture and sampler indexed by
 * different values) keeps its deref, and instruction selection rejects
 * it with AGX_COMPILE_UNSUPPORTED rather than reading element 0.
 *
 * Runs before booleans are lowered (it makes ifs on 1-bit conditions).
 */

#include "nir_builder.h"
#include "nir_passes.h"
#include "agx_nir.h"

static bool
has_deref(const nir_tex_instr *tex)
{
   return nir_tex_instr_src_index(tex, nir_tex_src_texture_deref) >= 0 ||
          nir_tex_instr_src_index(tex, nir_tex_src_sampler_deref) >= 0;
}

/* A copy of tex without its deref operands, for element k. */
static nir_def *
emit_element(nir_builder *b, nir_tex_instr *tex, const nir_sampler_index *t,
             const nir_sampler_index *s, unsigned k)
{
   unsigned n = 0;
   for (unsigned i = 0; i < tex->num_srcs; i++) {
      if (tex->src[i].src_type != nir_tex_src_texture_deref &&
          tex->src[i].src_type != nir_tex_src_sampler_deref)
         n++;
   }
   nir_tex_instr *c = nir_tex_instr_create(b->shader, n);
   c->op = tex->op;
   c->sampler_dim = tex->sampler_dim;
   c->is_array = tex->is_array;
   c->is_shadow = tex->is_shadow;
   c->storage_image = tex->storage_image;
   c->dest_type = tex->dest_type;
   c->coord_components = tex->coord_components;
   c->component = tex->component;
   c->texture_index = t ? t->base + (t->dynamic ? t->stride * k : 0)
                        : tex->texture_index;
   c->sampler_index = s ? s->base + (s->dynamic ? s->stride * k : 0)
                        : tex->sampler_index;
   n = 0;
   for (unsigned i = 0; i < tex->num_srcs; i++) {
      if (tex->src[i].src_type == nir_tex_src_texture_deref ||
          tex->src[i].src_type == nir_tex_src_sampler_deref)
         continue;
      c->src[n].src_type = tex->src[i].src_type;
      c->src[n].src.ssa = tex->src[i].src.ssa;
      n++;
   }
   nir_def_init(&c->instr, &c->def, tex->def.num_components,
                tex->def.bit_size);
   nir_builder_instr_insert(b, &c->instr);
   return &c->def;
}

/* Elements k .. length - 1 as an if-chain on the dynamic index. */
static nir_def *
emit_chain(nir_builder *b, nir_tex_instr *tex, const nir_sampler_index *t,
           const nir_sampler_index *s, nir_def *index, unsigned k,
           unsigned length)
{
   if (k + 1 >= length)
      return emit_element(b, tex, t, s, k);
   nir_if *nif = nir_push_if(b, nir_ieq(b, index, nir_imm_int(b, (int)k)));
   nir_def *then_def = emit_element(b, tex, t, s, k);
   nir_push_else(b, nif);
   nir_def *else_def = emit_chain(b, tex, t, s, index, k + 1, length);
   nir_pop_if(b, nif);
   return nir_if_phi(b, then_def, else_def);
}

static bool
lower_tex_deref(nir_builder *b, nir_tex_instr *tex)
{
   nir_instr *instr = &tex->instr;
   int ti = nir_tex_instr_src_index(tex, nir_tex_src_texture_deref);
   int si = nir_tex_instr_src_index(tex, nir_tex_src_sampler_deref);
   if (ti < 0 && si < 0)
      return false;

   nir_sampler_index t, s;
   if (ti >= 0 &&
       !nir_resolve_sampler_deref(nir_src_as_deref(tex->src[ti].src), &t))
      return false;
   if (si >= 0 &&
       !nir_resolve_sampler_deref(nir_src_as_deref(tex->src[si].src), &s))
      return false;
   const nir_sampler_index *tp = ti >= 0 ? &t : NULL;
   const nir_sampler_index *sp = si >= 0 ? &s : NULL;
   nir_def *dynamic = tp && tp->dynamic ? tp->dynamic
                      : sp ? sp->dynamic
                           : NULL;
   unsigned length = tp && tp->dynamic ? tp->length
                     : sp && sp->dynamic ? sp->length
                                         : 1;
   /* Both dynamic: only the same element of arrays of one length. */
   if (tp && sp && tp->dynamic && sp->dynamic &&
       (tp->dynamic != sp->dynamic || tp->length != sp->length))
      return false;
   if (dynamic && length == 0)
      return false;

   b->cursor = nir_before_instr(instr);
   nir_def *res = dynamic ? emit_chain(b, tex, tp, sp, dynamic, 0, length)
                          : emit_element(b, tex, tp, sp, 0);
   nir_def_rewrite_uses(&tex->def, res);
   nir_instr_remove(instr);
   return true;
}

/* The texture instructions of impl that still have deref operands. */
static nir_tex_instr **
collect(nir_function_impl *impl, void *mem, unsigned *count)
{
   nir_tex_instr **list = NULL;
   unsigned n = 0, cap = 0;

   nir_foreach_block(block, impl) {
      nir_foreach_instr(instr, block) {
         if (instr->type != nir_instr_type_tex ||
             !has_deref(nir_instr_as_tex(instr)))
            continue;
         if (n == cap) {
            cap = cap ? cap * 2 : 8;
            list = reralloc(mem, list, nir_tex_instr *, cap);
         }
         list[n++] = nir_instr_as_tex(instr);
      }
   }
   *count = n;
   return list;
}

bool
agx_nir_lower_tex_deref(nir_shader *nir)
{
   bool any = false, progress = false;

   nir_foreach_function_impl(impl, nir) {
      unsigned n;
      nir_tex_instr **list = collect(impl, nir, &n);
      any |= n > 0;
      ralloc_free(list);
   }
   if (!any)
      return false;
   /* Unroll loops and fold their indices first. */
   nir_optimize(nir);

   nir_foreach_function_impl(impl, nir) {
      /* The instructions first: the if-chains split the blocks a walk
       * would be in. */
      unsigned n;
      nir_tex_instr **list = collect(impl, nir, &n);
      if (!n)
         continue;
      nir_builder b = nir_builder_create(impl);
      for (unsigned i = 0; i < n; i++)
         progress |= lower_tex_deref(&b, list[i]);
      ralloc_free(list);
      nir_metadata_preserve(impl, nir_metadata_none);
   }
   return progress;
}
