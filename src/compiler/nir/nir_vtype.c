/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Variable type descriptors (nir_vtype): NIR's own small description of the
 * types of variables, independent of the GLSL front end's types.
 */
#include "nir.h"

#include <string.h>

static nir_vtype *
vtype_new(void *mem_ctx, nir_vtype_kind kind)
{
   nir_vtype *t = rzalloc(mem_ctx, nir_vtype);
   t->kind = kind;
   return t;
}

const nir_vtype *
nir_vtype_vector(void *mem_ctx, nir_alu_type base, unsigned components)
{
   assert(components >= 1 && components <= NIR_MAX_VEC_COMPONENTS);
   assert(nir_alu_type_get_type_size(base) != 0);
   nir_vtype *t = vtype_new(mem_ctx, NIR_VTYPE_VECTOR);
   t->base = base;
   t->components = components;
   return t;
}

const nir_vtype *
nir_vtype_scalar(void *mem_ctx, nir_alu_type base)
{
   return nir_vtype_vector(mem_ctx, base, 1);
}

const nir_vtype *
nir_vtype_matrix(void *mem_ctx, nir_alu_type base, unsigned rows,
                 unsigned columns)
{
   nir_vtype *t = vtype_new(mem_ctx, NIR_VTYPE_MATRIX);
   t->base = base;
   t->components = rows;
   t->columns = columns;
   t->elem = nir_vtype_vector(t, base, rows);
   t->length = columns;
   return t;
}

const nir_vtype *
nir_vtype_array(void *mem_ctx, const nir_vtype *elem, unsigned length)
{
   nir_vtype *t = vtype_new(mem_ctx, NIR_VTYPE_ARRAY);
   t->elem = elem;
   t->length = length;
   t->base = elem->base;
   return t;
}

const nir_vtype *
nir_vtype_struct(void *mem_ctx, const char *name,
                 const nir_vtype_field *fields, unsigned num_fields)
{
   nir_vtype *t = vtype_new(mem_ctx, NIR_VTYPE_STRUCT);
   t->name = name ? ralloc_strdup(t, name) : NULL;
   nir_vtype_field *f = ralloc_array(t, nir_vtype_field, num_fields);
   for (unsigned i = 0; i < num_fields; i++) {
      f[i].name = ralloc_strdup(t, fields[i].name);
      f[i].type = fields[i].type;
   }
   t->fields = f;
   t->num_fields = num_fields;
   return t;
}

const nir_vtype *
nir_vtype_sampler(void *mem_ctx, nir_sampler_dim dim, bool is_array,
                  bool is_shadow, nir_alu_type result)
{
   nir_vtype *t = vtype_new(mem_ctx, NIR_VTYPE_SAMPLER);
   t->dim = dim;
   t->is_array = is_array;
   t->is_shadow = is_shadow;
   t->base = result;
   return t;
}

const nir_vtype *
nir_vtype_image(void *mem_ctx, nir_sampler_dim dim, bool is_array,
                nir_alu_type result)
{
   nir_vtype *t = vtype_new(mem_ctx, NIR_VTYPE_IMAGE);
   t->dim = dim;
   t->is_array = is_array;
   t->base = result;
   return t;
}

const nir_vtype *
nir_vtype_clone(void *mem_ctx, const nir_vtype *t)
{
   nir_vtype *c = vtype_new(mem_ctx, t->kind);
   *c = *t;
   if (t->name)
      c->name = ralloc_strdup(c, t->name);
   if (t->elem)
      c->elem = nir_vtype_clone(c, t->elem);
   if (t->num_fields) {
      nir_vtype_field *f = ralloc_array(c, nir_vtype_field, t->num_fields);
      for (unsigned i = 0; i < t->num_fields; i++) {
         f[i].name = ralloc_strdup(c, t->fields[i].name);
         f[i].type = nir_vtype_clone(c, t->fields[i].type);
      }
      c->fields = f;
   }
   return c;
}

bool
nir_vtype_equal(const nir_vtype *a, const nir_vtype *b)
{
   if (a == b)
      return true;
   if (!a || !b || a->kind != b->kind || a->base != b->base ||
       a->components != b->components || a->columns != b->columns ||
       a->length != b->length || a->num_fields != b->num_fields ||
       a->dim != b->dim || a->is_array != b->is_array ||
       a->is_shadow != b->is_shadow)
      return false;
   if (a->kind == NIR_VTYPE_ARRAY && !nir_vtype_equal(a->elem, b->elem))
      return false;
   for (unsigned i = 0; i < a->num_fields; i++) {
      if (strcmp(a->fields[i].name, b->fields[i].name) ||
          !nir_vtype_equal(a->fields[i].type, b->fields[i].type))
         return false;
   }
   return true;
}

static const char *
dim_name(nir_sampler_dim dim)
{
   static const char *const names[] = { "1D", "2D", "3D", "Cube",
                                        "Rect", "Buffer", "MS" };
   return names[dim];
}

void
nir_vtype_print(const nir_vtype *t, FILE *fp)
{
   switch (t->kind) {
   case NIR_VTYPE_VECTOR:
      fprintf(fp, "%s%u", nir_alu_type_name(t->base),
              nir_alu_type_get_type_size(t->base));
      if (t->components > 1)
         fprintf(fp, "vec%u", t->components);
      break;
   case NIR_VTYPE_MATRIX:
      fprintf(fp, "%s%umat%ux%u", nir_alu_type_name(t->base),
              nir_alu_type_get_type_size(t->base), t->columns,
              t->components);
      break;
   case NIR_VTYPE_ARRAY:
      nir_vtype_print(t->elem, fp);
      fprintf(fp, "[%u]", t->length);
      break;
   case NIR_VTYPE_STRUCT:
      fprintf(fp, "struct %s {", t->name ? t->name : "");
      for (unsigned i = 0; i < t->num_fields; i++) {
         fprintf(fp, i ? ", " : " ");
         nir_vtype_print(t->fields[i].type, fp);
         fprintf(fp, " %s", t->fields[i].name);
      }
      fprintf(fp, " }");
      break;
   case NIR_VTYPE_SAMPLER:
      fprintf(fp, "sampler%s%s%s", dim_name(t->dim), t->is_array ? "Array" : "",
              t->is_shadow ? "Shadow" : "");
      break;
   case NIR_VTYPE_IMAGE:
      fprintf(fp, "image%s%s", dim_name(t->dim), t->is_array ? "Array" : "");
      break;
   }
}

unsigned
nir_vtype_count_slots(const nir_vtype *t)
{
   switch (t->kind) {
   case NIR_VTYPE_VECTOR: {
      unsigned bytes = t->components * nir_alu_type_get_type_size(t->base) / 8;
      return bytes > 16 ? 2 : 1;
   }
   case NIR_VTYPE_MATRIX:
   case NIR_VTYPE_ARRAY:
      return t->length * nir_vtype_count_slots(t->elem);
   case NIR_VTYPE_STRUCT: {
      unsigned n = 0;
      for (unsigned i = 0; i < t->num_fields; i++)
         n += nir_vtype_count_slots(t->fields[i].type);
      return n;
   }
   default:
      return 1;
   }
}

unsigned
nir_vtype_size_bytes(const nir_vtype *t)
{
   switch (t->kind) {
   case NIR_VTYPE_VECTOR: {
      unsigned bits = nir_alu_type_get_type_size(t->base);
      return t->components * (bits == 1 ? 4 : bits / 8);
   }
   case NIR_VTYPE_MATRIX:
   case NIR_VTYPE_ARRAY:
      return t->length * nir_vtype_size_bytes(t->elem);
   case NIR_VTYPE_STRUCT: {
      unsigned n = 0;
      for (unsigned i = 0; i < t->num_fields; i++)
         n += nir_vtype_size_bytes(t->fields[i].type);
      return n;
   }
   default:
      return 4;
   }
}

unsigned
nir_vtype_count_scalars(const nir_vtype *t)
{
   switch (t->kind) {
   case NIR_VTYPE_VECTOR:
      return t->components;
   case NIR_VTYPE_MATRIX:
   case NIR_VTYPE_ARRAY:
      return t->length * nir_vtype_count_scalars(t->elem);
   case NIR_VTYPE_STRUCT: {
      unsigned n = 0;
      for (unsigned i = 0; i < t->num_fields; i++)
         n += nir_vtype_count_scalars(t->fields[i].type);
      return n;
   }
   default:
      return 1;
   }
}
