/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Varying packing for arrays of scalars.  An array of 32-bit scalars
 * takes one location per element, so a float[128] varying alone needs 128
 * of the 32 locations, although GL counts varyings in components
 * (GL_MAX_VERTEX_OUTPUT_COMPONENTS, and GLSL 4.60 chapter 11, "Counting
 * of Inputs and Outputs", packs scalar arrays four to a location).  When
 * a pair does not fit, the linker rewrites both sides' array float[N]
 * into vec4[ceil(N / 4)]: element i is component i % 4 of location i / 4.
 * Loads become a vec4 load and a component pick; a store writes its
 * component with a write mask (an if per component when the index is
 * not a constant).  Only variables whose every use is an element load or
 * store are rewritten (geometry inputs: after the vertex index).
 */
#include "glsl_link_priv.h"
#include "nir_builder.h"
#include "util/u_dynarray.h"

static bool
is_packable_elem(const nir_vtype *t)
{
   return t && t->kind == NIR_VTYPE_VECTOR && t->components == 1 &&
          nir_alu_type_get_type_size(t->base) == 32;
}

/* The scalar array inside the variable's type (per-vertex inputs: the
 * element of the vertex array), or NULL. */
static const nir_vtype *
scalar_array(const nir_variable *var, bool per_vertex)
{
   const nir_vtype *t = var->type;
   if (per_vertex)
      t = t->kind == NIR_VTYPE_ARRAY ? t->elem : NULL;
   if (!t || t->kind != NIR_VTYPE_ARRAY || t->length < 2 ||
       !is_packable_elem(t->elem))
      return NULL;
   return t;
}

static bool
is_elem_access(const nir_src *use, nir_deref_instr *elem)
{
   if (nir_src_is_if(use))
      return false;
   nir_instr *p = nir_src_parent_instr(use);
   if (p->type != nir_instr_type_intrinsic)
      return false;
   nir_intrinsic_instr *in = nir_instr_as_intrinsic(p);
   return (in->intrinsic == nir_intrinsic_load_deref ||
           in->intrinsic == nir_intrinsic_store_deref) &&
          &in->src[0] == use && elem;
}

typedef bool (*deref_fn)(nir_deref_instr *, void *);

/* Calls fn on every deref of var itself (the deref_var instructions);
 * false as soon as fn is. */
static bool
each_var_deref(nir_function_impl *impl, nir_variable *var, deref_fn fn,
               void *data)
{
   nir_foreach_block(block, impl) {
      nir_foreach_instr_safe(instr, block) {
         if (instr->type != nir_instr_type_deref)
            continue;
         nir_deref_instr *d = nir_instr_as_deref(instr);
         if (d->deref_type == nir_deref_type_var && d->var == var &&
             !fn(d, data))
            return false;
      }
   }
   return true;
}

/* Calls fn on every array deref among the uses of d; false when a use is
 * anything else, or fn is false.  The uses are collected first: fn may
 * give d new uses (the rewrite indexes d again), which must not be
 * visited, and d may have many (the translation makes one deref_var per
 * variable and block). */
static bool
each_array_use(nir_deref_instr *d, deref_fn fn, void *data)
{
   struct util_dynarray uses;
   util_dynarray_init(&uses, NULL);
   bool ok = true;
   nir_foreach_use_including_if(u, &d->def) {
      nir_instr *p = nir_src_is_if(u) ? NULL : nir_src_parent_instr(u);
      if (!p || p->type != nir_instr_type_deref ||
          nir_instr_as_deref(p)->deref_type != nir_deref_type_array) {
         ok = false;
         break;
      }
      util_dynarray_append(&uses, nir_deref_instr *, nir_instr_as_deref(p));
   }
   if (ok) {
      util_dynarray_foreach(&uses, nir_deref_instr *, a) {
         if (!fn(*a, data)) {
            ok = false;
            break;
         }
      }
   }
   util_dynarray_fini(&uses);
   return ok;
}

struct elem_walk {
   bool per_vertex;
   deref_fn fn;
   void *data;
};

static bool
elem_of_vertex(nir_deref_instr *a, void *data)
{
   const struct elem_walk *w = data;
   return each_array_use(a, w->fn, w->data);
}

static bool
elems_of_var(nir_deref_instr *d, void *data)
{
   const struct elem_walk *w = data;
   return each_array_use(d, w->per_vertex ? elem_of_vertex : w->fn,
                         w->per_vertex ? data : w->data);
}

/* Calls fn on every element deref (the deref_array that picks a scalar)
 * of var; returns false when some use of var is anything else. */
static bool
walk_elems(nir_function_impl *impl, nir_variable *var, bool per_vertex,
           deref_fn fn, void *data)
{
   struct elem_walk w = { per_vertex, fn, data };
   return each_var_deref(impl, var, elems_of_var, &w);
}

static bool
check_elem(nir_deref_instr *e, void *data)
{
   (void)data;
   nir_foreach_use_including_if(u, &e->def) {
      if (!is_elem_access(u, e))
         return false;
   }
   return true;
}

struct rewrite {
   nir_builder b;
   const nir_vtype *vec4;
};

/* v.comp for a run-time comp in 0..3. */
static nir_def *
pick(nir_builder *b, nir_def *v, nir_def *comp)
{
   nir_def *r = nir_channel(b, v, 0);
   for (unsigned c = 1; c < 4; c++)
      r = nir_bcsel(b, nir_ieq(b, comp, nir_imm_int(b, (int)c)),
                    nir_channel(b, v, c), r);
   return r;
}

static bool
rewrite_elem(nir_deref_instr *e, void *data)
{
   struct rewrite *rw = data;
   nir_builder *b = &rw->b;
   nir_deref_instr *parent = nir_deref_instr_parent(e);
   nir_foreach_use_including_if_safe(u, &e->def) {
      nir_intrinsic_instr *in =
         nir_instr_as_intrinsic(nir_src_parent_instr(u));
      b->cursor = nir_before_instr(&in->instr);
      nir_def *i = e->arr_index.ssa;
      nir_def *slot = nir_ushr(b, i, nir_imm_int(b, 2));
      nir_def *comp = nir_iand(b, i, nir_imm_int(b, 3));
      nir_deref_instr *p = nir_build_deref_array(b, parent, slot);
      bool konst = nir_def_instr(i)->type == nir_instr_type_load_const;
      unsigned kc =
         konst ? nir_instr_as_load_const(nir_def_instr(i))->value[0].u32 & 3
               : 0;
      if (in->intrinsic == nir_intrinsic_load_deref) {
         nir_def *v = nir_load_deref(b, p);
         nir_def *r = konst ? nir_channel(b, v, kc) : pick(b, v, comp);
         nir_def_rewrite_uses(&in->def, r);
      } else {
         nir_def *s = in->src[1].ssa;
         nir_def *four[4] = { s, s, s, s };
         nir_def *s4 = nir_vec(b, four, 4);
         if (konst) {
            nir_store_deref(b, p, s4, 1u << kc);
         } else {
            for (unsigned c = 0; c < 4; c++) {
               nir_if *nif =
                  nir_push_if(b, nir_ieq(b, comp, nir_imm_int(b, (int)c)));
               nir_store_deref(b, p, s4, 1u << c);
               nir_pop_if(b, nif);
            }
         }
      }
      nir_instr_remove(&in->instr);
   }
   if (nir_def_is_unused(&e->def))
      nir_instr_remove(&e->instr);
   return true;
}

static bool
retype_deref(nir_deref_instr *d, void *data)
{
   const bool *per_vertex = data;
   d->type = d->var->type;
   if (*per_vertex) {
      nir_foreach_use_including_if(u, &d->def)
         nir_instr_as_deref(nir_src_parent_instr(u))->type =
            d->var->type->elem;
   }
   return true;
}

/* Retypes the variable's own derefs (and the vertex derefs). */
static void
retype(nir_function_impl *impl, nir_variable *var, bool per_vertex)
{
   each_var_deref(impl, var, retype_deref, &per_vertex);
}

bool
link_pack_can(nir_shader *nir, nir_variable *var, bool per_vertex)
{
   if (!scalar_array(var, per_vertex))
      return false;
   nir_function_impl *impl = nir_shader_get_entrypoint(nir);
   return impl && walk_elems(impl, var, per_vertex, check_elem, NULL);
}

void
link_pack(nir_shader *nir, nir_variable *var, bool per_vertex)
{
   const nir_vtype *arr = scalar_array(var, per_vertex);
   nir_function_impl *impl = nir_shader_get_entrypoint(nir);
   unsigned slots = (arr->length + 3) / 4;
   const nir_vtype *packed =
      nir_vtype_array(nir, nir_vtype_vector(nir, arr->elem->base, 4), slots);
   if (per_vertex)
      packed = nir_vtype_array(nir, packed, var->type->length);
   var->type = packed;
   retype(impl, var, per_vertex);
   struct rewrite rw = { .b = nir_builder_create(impl) };
   walk_elems(impl, var, per_vertex, rewrite_elem, &rw);
}

const struct glsl_type *
link_packed_type(void *mem, const struct glsl_type *t, bool per_vertex)
{
   const struct glsl_type *a = per_vertex ? t->element : t;
   const struct glsl_type *p = glsl_array_type(
      mem, glsl_vector_type(glsl_without_array(a)->base_type, 4),
      (a->length + 3) / 4);
   return per_vertex ? glsl_array_type(mem, p, t->length) : p;
}

/* Mixed packing (GLSL 4.60 chapter 11 counts components, whatever their
 * types): a 32-bit scalar varying may take an element past the end of a
 * scalar array varying of the same interpolation, filling the free
 * components of the array's last packed location.  Only variables whose
 * every use is a plain load or store move. */
bool
link_pack_absorb_can(nir_shader *nir, nir_variable *var)
{
   nir_function_impl *impl = nir_shader_get_entrypoint(nir);
   return is_packable_elem(var->type) && impl &&
          each_var_deref(impl, var, check_elem, NULL);
}

void
link_pack_grow(nir_shader *nir, nir_variable *host, unsigned length)
{
   host->type = nir_vtype_array(nir, host->type->elem, length);
   retype(nir_shader_get_entrypoint(nir), host, false);
}

struct absorb {
   nir_builder b;
   nir_variable *host;
   unsigned index;
};

static bool
to_host_elem(nir_deref_instr *d, void *data)
{
   struct absorb *ab = data;
   ab->b.cursor = nir_before_instr(&d->instr);
   nir_deref_instr *e = nir_build_deref_array_imm(
      &ab->b, nir_build_deref_var(&ab->b, ab->host), (int64_t)ab->index);
   nir_def_rewrite_uses(&d->def, &e->def);
   nir_instr_remove(&d->instr);
   return true;
}

void
link_pack_absorb(nir_shader *nir, nir_variable *host, nir_variable *var,
                 unsigned index)
{
   nir_function_impl *impl = nir_shader_get_entrypoint(nir);
   struct absorb ab = { nir_builder_create(impl), host, index };
   each_var_deref(impl, var, to_host_elem, &ab);
}
