/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Queries over a linked program's resource lists, with GL's naming rules
 * (glGetUniformLocation, glGetAttribLocation), and the GLenum of a type.
 */
#include <stdlib.h>
#include <string.h>

#include "glsl_program.h"
#include "util/u_math.h"

/* GLenum values: Khronos gl.xml (GL_FLOAT_VEC4 ...).  Rows are
 * base type, vector size, matrix columns. */
static const struct {
   enum glsl_base_type base;
   uint8_t rows, cols;
   uint32_t gl;
} gl_basic_enums[] = {
   { GLSL_TYPE_FLOAT, 1, 1, 0x1406 },  { GLSL_TYPE_FLOAT, 2, 1, 0x8B50 },
   { GLSL_TYPE_FLOAT, 3, 1, 0x8B51 },  { GLSL_TYPE_FLOAT, 4, 1, 0x8B52 },
   { GLSL_TYPE_INT, 1, 1, 0x1404 },    { GLSL_TYPE_INT, 2, 1, 0x8B53 },
   { GLSL_TYPE_INT, 3, 1, 0x8B54 },    { GLSL_TYPE_INT, 4, 1, 0x8B55 },
   { GLSL_TYPE_UINT, 1, 1, 0x1405 },   { GLSL_TYPE_UINT, 2, 1, 0x8DC6 },
   { GLSL_TYPE_UINT, 3, 1, 0x8DC7 },   { GLSL_TYPE_UINT, 4, 1, 0x8DC8 },
   { GLSL_TYPE_BOOL, 1, 1, 0x8B56 },   { GLSL_TYPE_BOOL, 2, 1, 0x8B57 },
   { GLSL_TYPE_BOOL, 3, 1, 0x8B58 },   { GLSL_TYPE_BOOL, 4, 1, 0x8B59 },
   { GLSL_TYPE_FLOAT, 2, 2, 0x8B5A },  { GLSL_TYPE_FLOAT, 3, 3, 0x8B5B },
   { GLSL_TYPE_FLOAT, 4, 4, 0x8B5C },  { GLSL_TYPE_FLOAT, 3, 2, 0x8B65 },
   { GLSL_TYPE_FLOAT, 4, 2, 0x8B66 },  { GLSL_TYPE_FLOAT, 2, 3, 0x8B67 },
   { GLSL_TYPE_FLOAT, 4, 3, 0x8B68 },  { GLSL_TYPE_FLOAT, 2, 4, 0x8B69 },
   { GLSL_TYPE_FLOAT, 3, 4, 0x8B6A },  { GLSL_TYPE_DOUBLE, 1, 1, 0x140A },
   { GLSL_TYPE_DOUBLE, 2, 1, 0x8FFC }, { GLSL_TYPE_DOUBLE, 3, 1, 0x8FFD },
   { GLSL_TYPE_DOUBLE, 4, 1, 0x8FFE }, { GLSL_TYPE_DOUBLE, 2, 2, 0x8F46 },
   { GLSL_TYPE_DOUBLE, 3, 3, 0x8F47 }, { GLSL_TYPE_DOUBLE, 4, 4, 0x8F48 },
   { GLSL_TYPE_DOUBLE, 3, 2, 0x8F49 }, { GLSL_TYPE_DOUBLE, 4, 2, 0x8F4A },
   { GLSL_TYPE_DOUBLE, 2, 3, 0x8F4B }, { GLSL_TYPE_DOUBLE, 4, 3, 0x8F4C },
   { GLSL_TYPE_DOUBLE, 2, 4, 0x8F4D }, { GLSL_TYPE_DOUBLE, 3, 4, 0x8F4E },
};

/* Samplers by dimension, array, shadow and sampled type (float, int,
 * uint). */
static const struct {
   enum glsl_sampler_dim dim;
   bool array, shadow;
   uint32_t gl[3];
} gl_sampler_enums[] = {
   { GLSL_SAMPLER_DIM_1D, false, false, { 0x8B5D, 0x8DC9, 0x8DD1 } },
   { GLSL_SAMPLER_DIM_2D, false, false, { 0x8B5E, 0x8DCA, 0x8DD2 } },
   { GLSL_SAMPLER_DIM_3D, false, false, { 0x8B5F, 0x8DCB, 0x8DD3 } },
   { GLSL_SAMPLER_DIM_CUBE, false, false, { 0x8B60, 0x8DCC, 0x8DD4 } },
   { GLSL_SAMPLER_DIM_1D, false, true, { 0x8B61, 0, 0 } },
   { GLSL_SAMPLER_DIM_2D, false, true, { 0x8B62, 0, 0 } },
   { GLSL_SAMPLER_DIM_1D, true, false, { 0x8DC0, 0x8DCE, 0x8DD6 } },
   { GLSL_SAMPLER_DIM_2D, true, false, { 0x8DC1, 0x8DCF, 0x8DD7 } },
   { GLSL_SAMPLER_DIM_1D, true, true, { 0x8DC3, 0, 0 } },
   { GLSL_SAMPLER_DIM_2D, true, true, { 0x8DC4, 0, 0 } },
   { GLSL_SAMPLER_DIM_CUBE, false, true, { 0x8DC5, 0, 0 } },
   { GLSL_SAMPLER_DIM_RECT, false, false, { 0x8B63, 0x8DCD, 0x8DD5 } },
   { GLSL_SAMPLER_DIM_RECT, false, true, { 0x8B64, 0, 0 } },
   { GLSL_SAMPLER_DIM_BUF, false, false, { 0x8DC2, 0x8DD0, 0x8DD8 } },
   { GLSL_SAMPLER_DIM_MS, false, false, { 0x9108, 0x9109, 0x910A } },
   { GLSL_SAMPLER_DIM_MS, true, false, { 0x910B, 0x910C, 0x910D } },
   { GLSL_SAMPLER_DIM_CUBE, true, false, { 0x900C, 0x900E, 0x900F } },
   { GLSL_SAMPLER_DIM_CUBE, true, true, { 0x900D, 0, 0 } },
   /* GL_SAMPLER_EXTERNAL_OES (OES_EGL_image_external) */
   { GLSL_SAMPLER_DIM_EXTERNAL, false, false, { 0x8D66, 0, 0 } },
};

uint32_t
glsl_type_gl_enum(const struct glsl_type *t)
{
   if (!t)
      return 0;
   if (t->base_type == GLSL_TYPE_IMAGE) {
      /* GL 4.6 table 7.3: GL_IMAGE_1D 0x904C ... GL_IMAGE_2D_MULTISAMPLE_
       * ARRAY 0x9056, then the INT_ (0x9057) and UNSIGNED_INT_ (0x9062)
       * ones in the same order. */
      static const uint8_t order[][2] = {
         /* dim, array -> position */
         [GLSL_SAMPLER_DIM_1D] = {0, 6},   [GLSL_SAMPLER_DIM_2D] = {1, 7},
         [GLSL_SAMPLER_DIM_3D] = {2, 0xff}, [GLSL_SAMPLER_DIM_RECT] = {3, 0xff},
         [GLSL_SAMPLER_DIM_CUBE] = {4, 8}, [GLSL_SAMPLER_DIM_BUF] = {5, 0xff},
         [GLSL_SAMPLER_DIM_MS] = {9, 10},
      };
      if (t->sampler_dim >= ARRAY_SIZE(order))
         return 0;
      unsigned pos = order[t->sampler_dim][t->sampler_array ? 1 : 0];
      if (pos == 0xff || (pos == 0 && t->sampler_dim != GLSL_SAMPLER_DIM_1D))
         return 0;
      uint32_t base = t->sampled_type == GLSL_TYPE_INT    ? 0x9057
                      : t->sampled_type == GLSL_TYPE_UINT ? 0x9062
                                                          : 0x904C;
      return base + pos;
   }
   if (t->base_type == GLSL_TYPE_SAMPLER) {
      unsigned k = t->sampled_type == GLSL_TYPE_INT    ? 1
                   : t->sampled_type == GLSL_TYPE_UINT ? 2
                                                       : 0;
      for (unsigned i = 0; i < ARRAY_SIZE(gl_sampler_enums); i++) {
         if (gl_sampler_enums[i].dim == t->sampler_dim &&
             gl_sampler_enums[i].array == t->sampler_array &&
             gl_sampler_enums[i].shadow == t->sampler_shadow)
            return gl_sampler_enums[i].gl[k];
      }
      return 0;
   }
   for (unsigned i = 0; i < ARRAY_SIZE(gl_basic_enums); i++) {
      if (gl_basic_enums[i].base == t->base_type &&
          gl_basic_enums[i].rows == t->vector_elements &&
          gl_basic_enums[i].cols == t->matrix_columns)
         return gl_basic_enums[i].gl;
   }
   return 0;
}

/* Splits "name[N]" into the base length and N; *index = -1 without a
 * trailing subscript.  Returns false for malformed subscripts ("a[]",
 * "a[01]", "a[-1]", "a[ 1]"), which GL treats as no match. */
static bool
split_subscript(const char *name, size_t *base_len, long *index)
{
   size_t len = strlen(name);
   *base_len = len;
   *index = -1;
   if (len < 3 || name[len - 1] != ']')
      return true;
   const char *open = strrchr(name, '[');
   if (!open || open + 1 == name + len - 1)
      return false;
   long v = 0;
   for (const char *p = open + 1; p < name + len - 1; p++) {
      if (*p < '0' || *p > '9')
         return false;
      if (p == open + 1 && *p == '0' && p + 1 < name + len - 1)
         return false;
      v = v * 10 + (*p - '0');
      if (v > (1l << 24))
         return false;
   }
   *base_len = (size_t)(open - name);
   *index = v;
   return true;
}

int
glsl_program_uniform_location(const struct glsl_program *prog,
                              const char *name)
{
   if (!prog || !prog->link_status || !name)
      return -1;
   size_t base_len;
   long index;
   if (!split_subscript(name, &base_len, &index))
      return -1;
   for (unsigned i = 0; i < prog->num_uniforms; i++) {
      const struct glsl_program_uniform *u = &prog->uniforms[i];
      size_t ulen = strlen(u->name);
      /* Array entries are stored as "a[0]": compare without it. */
      if (u->is_array)
         ulen -= 3;
      if (!strncmp(u->name, name, ulen) && ulen == strlen(name))
         return u->location;
      if (u->is_array && index >= 0 && base_len == ulen &&
          !strncmp(u->name, name, ulen)) {
         if ((unsigned long)index < u->array_size)
            return u->location + (int)index;
         return -1;
      }
   }
   return -1;
}

const struct glsl_program_uniform *
glsl_program_uniform_at(const struct glsl_program *prog, int location,
                        unsigned *element)
{
   if (!prog || location < 0)
      return NULL;
   for (unsigned i = 0; i < prog->num_uniforms; i++) {
      const struct glsl_program_uniform *u = &prog->uniforms[i];
      if (location >= u->location &&
          location < u->location + (int)u->array_size) {
         if (element)
            *element = (unsigned)(location - u->location);
         return u;
      }
   }
   return NULL;
}

bool
glsl_program_location_inactive(const struct glsl_program *prog, int location)
{
   for (unsigned i = 0; prog && location >= 0 &&
                        i < prog->num_inactive_locations;
        i++) {
      const struct glsl_location_run *r = &prog->inactive_locations[i];
      if ((unsigned)location >= r->first &&
          (unsigned)location - r->first < r->count)
         return true;
   }
   return false;
}

int
glsl_program_attrib_location(const struct glsl_program *prog,
                             const char *name)
{
   if (!prog || !prog->link_status || !name)
      return -1;
   for (unsigned i = 0; i < prog->num_attribs; i++) {
      if (!strcmp(prog->attribs[i].name, name))
         return prog->attribs[i].location;
   }
   return -1;
}
