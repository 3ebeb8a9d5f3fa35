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
 * - Several levels indexed at run time (an array of structures of sampler
 *   arrays): the outermost dynamic level is split into an if-chain of
 *   copies with that level constant, then the copies are lowered again.
 *
 * What is left (a cast in the chain, a texture and a sampler indexed by
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

static bool
is_deref_src(const nir_tex_src *src)
{
   return src->src_type == nir_tex_src_texture_deref ||
          src->src_type == nir_tex_src_sampler_deref;
}

/* A copy of tex with n sources, its deref operands dropped (deref NULL)
 * or replaced by deref. */
static nir_def *
emit_copy(nir_builder *b, nir_tex_instr *tex, nir_deref_instr *deref,
          unsigned texture_index, unsigned sampler_index)
{
   unsigned n = 0;
   for (unsigned i = 0; i < tex->num_srcs; i++) {
      if (deref || !is_deref_src(&tex->src[i]))
         n++;
   }
   nir_tex_instr *c = nir_tex_instr_create(b->shader, n);
   c->op = tex->op;
   c->sampler_dim = tex->sampler_dim;
   c->is_array = tex->is_array;
   c->is_shadow = tex->is_shadow;
   c->dest_type = tex->dest_type;
   c->coord_components = tex->coord_components;
   c->component = tex->component;
   c->texture_index = texture_index;
   c->sampler_index = sampler_index;
   n = 0;
   for (unsigned i = 0; i < tex->num_srcs; i++) {
      bool is_deref = is_deref_src(&tex->src[i]);
      if (is_deref && !deref)
         continue;
      c->src[n].src_type = tex->src[i].src_type;
      c->src[n].src.ssa = is_deref ? &deref->def : tex->src[i].src.ssa;
      n++;
   }
   nir_def_init(&c->instr, &c->def, tex->def.num_components,
                tex->def.bit_size);
   nir_builder_instr_insert(b, &c->instr);
   return &c->def;
}

/* A copy of tex without its deref operands, for element k. */
static nir_def *
emit_element(nir_builder *b, nir_tex_instr *tex, const nir_sampler_index *t,
             const nir_sampler_index *s, unsigned k)
{
   return emit_copy(b, tex, NULL,
                    t ? t->base + (t->dynamic ? t->stride * k : 0)
                      : tex->texture_index,
                    s ? s->base + (s->dynamic ? s->stride * k : 0)
                      : tex->sampler_index);
}

typedef nir_def *(*element_fn)(nir_builder *b, unsigned k, void *data);

/* Elements k .. length - 1 as an if-chain on the dynamic index, fn
 * making element k. */
static nir_def *
emit_ladder(nir_builder *b, nir_def *index, unsigned k, unsigned length,
            element_fn fn, void *data)
{
   if (k + 1 >= length)
      return fn(b, k, data);
   nir_if *nif =
      nir_push_if(b, nir_ieq(b, index, nir_imm_int_like(b, k, index)));
   nir_def *then_def = fn(b, k, data);
   nir_push_else(b, nif);
   nir_def *else_def = emit_ladder(b, index, k + 1, length, fn, data);
   nir_pop_if(b, nif);
   return nir_if_phi(b, then_def, else_def);
}

struct indexed {
   nir_tex_instr *tex;
   const nir_sampler_index *t, *s;
};

static nir_def *
indexed_element(nir_builder *b, unsigned k, void *data)
{
   const struct indexed *e = data;
   return emit_element(b, e->tex, e->t, e->s, k);
}

/* Several array levels indexed at run time (s[n].tex[m], GLSL 4.00
 * section 4.1.7 allows any dynamically uniform index): the outermost one
 * becomes an if-chain over its elements, each branch a copy of tex whose
 * deref chain has that level constant; a later round resolves the rest.
 * GL's samplers are combined, so the texture and sampler operands are
 * one chain, and both take the new one. */
#define MAX_CHAIN 16

static nir_deref_instr *
rebuild_chain(nir_builder *b, nir_deref_instr **path, unsigned n,
              unsigned level, unsigned k)
{
   nir_deref_instr *d = nir_build_deref_var(b, path[0]->var);
   for (unsigned i = 1; i < n; i++) {
      if (path[i]->deref_type == nir_deref_type_struct)
         d = nir_build_deref_struct(b, d, path[i]->field_index);
      else if (i == level)
         d = nir_build_deref_array_imm(b, d, k);
      else
         d = nir_build_deref_array(b, d, path[i]->arr_index.ssa);
   }
   return d;
}

struct split {
   nir_tex_instr *tex;
   nir_deref_instr **path;
   unsigned n, level;
};

static nir_def *
split_element(nir_builder *b, unsigned k, void *data)
{
   const struct split *sp = data;
   nir_deref_instr *d = rebuild_chain(b, sp->path, sp->n, sp->level, k);
   return emit_copy(b, sp->tex, d, sp->tex->texture_index,
                    sp->tex->sampler_index);
}

static bool
split_outer_dynamic(nir_builder *b, nir_tex_instr *tex)
{
   int ti = nir_tex_instr_src_index(tex, nir_tex_src_texture_deref);
   if (ti < 0)
      return false;
   nir_deref_instr *path[MAX_CHAIN];
   unsigned n = 0;
   for (nir_deref_instr *d = nir_src_as_deref(tex->src[ti].src); d;
        d = nir_deref_instr_parent(d)) {
      if (n == MAX_CHAIN || d->deref_type == nir_deref_type_cast)
         return false;
      path[n++] = d;
   }
   /* outermost first */
   for (unsigned i = 0; i < n / 2; i++) {
      nir_deref_instr *t = path[i];
      path[i] = path[n - 1 - i];
      path[n - 1 - i] = t;
   }
   if (path[0]->deref_type != nir_deref_type_var)
      return false;
   for (unsigned i = 1; i < n; i++) {
      if (path[i]->deref_type != nir_deref_type_array ||
          nir_def_instr(path[i]->arr_index.ssa)->type ==
             nir_instr_type_load_const)
         continue;
      unsigned length = path[i - 1]->type->length;
      if (length == 0)
         return false;
      b->cursor = nir_before_instr(&tex->instr);
      struct split sp = { tex, path, n, i };
      nir_def *res = emit_ladder(b, path[i]->arr_index.ssa, 0, length,
                                 split_element, &sp);
      nir_def_rewrite_uses(&tex->def, res);
      nir_instr_remove(&tex->instr);
      return true;
   }
   return false;
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
      return split_outer_dynamic(b, tex);
   if (si >= 0 &&
       !nir_resolve_sampler_deref(nir_src_as_deref(tex->src[si].src), &s))
      return split_outer_dynamic(b, tex);
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
   struct indexed e = { tex, tp, sp };
   nir_def *res = dynamic ? emit_ladder(b, dynamic, 0, length,
                                        indexed_element, &e)
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
       * would be in.  Rounds until nothing changes: a split leaves
       * copies with one dynamic level fewer. */
      bool round = true;
      while (round) {
         round = false;
         unsigned n;
         nir_tex_instr **list = collect(impl, nir, &n);
         nir_builder b = nir_builder_create(impl);
         for (unsigned i = 0; i < n; i++)
            round |= lower_tex_deref(&b, list[i]);
         ralloc_free(list);
         if (round)
            nir_metadata_preserve(impl, nir_metadata_none);
         progress |= round;
      }
   }
   return progress;
}
