#!/usr/bin/env python3
# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
"""Built-in GLSL types as data: name, shape, and the first desktop / ES
version that has the type (0: never in core) and any extension enabling it.

Sources: the GLSL 1.10-4.60 and GLSL ES 1.00-3.20 specifications, sections
"Basic Types" and "Keywords"; extension specs named in the rows.

Usage: glsl_types_table.py OUTPUT.c
"""

import sys
from mako.template import Template

FP64 = 'GL_ARB_gpu_shader_fp64'
INT64 = 'GL_ARB_gpu_shader_int64'

# (name, base, rows, columns, desktop, es, extension, extension2,
#  sampler_dim, shadow, array, sampled_type)
TYPES = []


def simple(name, base, rows=1, cols=1, desk=110, es=100, ext=None):
    TYPES.append(dict(name=name, base=base, rows=rows, cols=cols, desk=desk,
                      es=es, ext=ext, ext2=None, dim='1D', shadow=False,
                      array=False, sampled='VOID'))


simple('void', 'VOID', 0, 0)
simple('bool', 'BOOL')
simple('int', 'INT')
simple('uint', 'UINT', desk=130, es=300)
simple('float', 'FLOAT')
simple('double', 'DOUBLE', desk=400, es=0, ext=FP64)
simple('int64_t', 'INT64', desk=0, es=0, ext=INT64)
simple('uint64_t', 'UINT64', desk=0, es=0, ext=INT64)
for n in (2, 3, 4):
    simple('vec%d' % n, 'FLOAT', n)
    simple('bvec%d' % n, 'BOOL', n)
    simple('ivec%d' % n, 'INT', n)
    simple('uvec%d' % n, 'UINT', n, desk=130, es=300)
    simple('dvec%d' % n, 'DOUBLE', n, desk=400, es=0, ext=FP64)
    simple('i64vec%d' % n, 'INT64', n, desk=0, es=0, ext=INT64)
    simple('u64vec%d' % n, 'UINT64', n, desk=0, es=0, ext=INT64)
for c in (2, 3, 4):
    simple('mat%d' % c, 'FLOAT', c, c)
    simple('dmat%d' % c, 'DOUBLE', c, c, desk=400, es=0, ext=FP64)
    for r in (2, 3, 4):
        simple('mat%dx%d' % (c, r), 'FLOAT', r, c, desk=120, es=300)
        simple('dmat%dx%d' % (c, r), 'DOUBLE', r, c, desk=400, es=0,
               ext=FP64)


def opaque(name, base, dim, shadow, array, sampled, desk, es, ext=None,
           ext2=None, ext3=None):
    TYPES.append(dict(name=name, base=base, rows=1, cols=1, desk=desk, es=es,
                      ext=ext, ext2=ext2, ext3=ext3, dim=dim, shadow=shadow,
                      array=array, sampled=sampled))


PREFIX = {'FLOAT': '', 'INT': 'i', 'UINT': 'u'}
CUBE_ARRAY = 'GL_ARB_texture_cube_map_array'
MS_ARRAY_ES = 'GL_OES_texture_storage_multisample_2d_array'
for st, p in PREFIX.items():
    # Integer samplers start at 1.30 / ES 3.00.
    i = st != 'FLOAT'
    opaque(p + 'sampler1D', 'SAMPLER', '1D', False, False, st,
           130 if i else 110, 0)
    opaque(p + 'sampler2D', 'SAMPLER', '2D', False, False, st,
           130 if i else 110, 300 if i else 100)
    opaque(p + 'sampler3D', 'SAMPLER', '3D', False, False, st,
           130 if i else 110, 300, None if i else 'GL_OES_texture_3D')
    opaque(p + 'samplerCube', 'SAMPLER', 'CUBE', False, False, st,
           130 if i else 110, 300 if i else 100)
    opaque(p + 'sampler1DArray', 'SAMPLER', '1D', False, True, st, 130, 0,
           None if i else 'GL_EXT_texture_array')
    opaque(p + 'sampler2DArray', 'SAMPLER', '2D', False, True, st, 130, 300,
           None if i else 'GL_EXT_texture_array')
    opaque(p + 'sampler2DRect', 'SAMPLER', 'RECT', False, False, st,
           140 if i else 110, 0)
    opaque(p + 'samplerBuffer', 'SAMPLER', 'BUF', False, False, st, 140, 320,
           'GL_EXT_texture_buffer', 'GL_OES_texture_buffer',
           'GL_ARB_texture_buffer_object')
    opaque(p + 'sampler2DMS', 'SAMPLER', 'MS', False, False, st, 150, 310,
           'GL_ARB_texture_multisample')
    opaque(p + 'sampler2DMSArray', 'SAMPLER', 'MS', False, True, st, 150,
           320, 'GL_ARB_texture_multisample', MS_ARRAY_ES)
    opaque(p + 'samplerCubeArray', 'SAMPLER', 'CUBE', False, True, st, 400,
           320, CUBE_ARRAY, 'GL_OES_texture_cube_map_array')
    LS = 'GL_ARB_shader_image_load_store'
    opaque(p + 'image1D', 'IMAGE', '1D', False, False, st, 420, 0, LS)
    opaque(p + 'image2D', 'IMAGE', '2D', False, False, st, 420, 310, LS)
    opaque(p + 'image3D', 'IMAGE', '3D', False, False, st, 420, 310, LS)
    opaque(p + 'image2DRect', 'IMAGE', 'RECT', False, False, st, 420, 0, LS)
    opaque(p + 'imageCube', 'IMAGE', 'CUBE', False, False, st, 420, 310, LS)
    opaque(p + 'imageBuffer', 'IMAGE', 'BUF', False, False, st, 420, 320, LS,
           'GL_OES_texture_buffer')
    opaque(p + 'image1DArray', 'IMAGE', '1D', False, True, st, 420, 0, LS)
    opaque(p + 'image2DArray', 'IMAGE', '2D', False, True, st, 420, 310, LS)
    opaque(p + 'imageCubeArray', 'IMAGE', 'CUBE', False, True, st, 420, 320,
           LS, 'GL_OES_texture_cube_map_array')
    opaque(p + 'image2DMS', 'IMAGE', 'MS', False, False, st, 420, 0, LS)
    opaque(p + 'image2DMSArray', 'IMAGE', 'MS', False, True, st, 420, 0, LS)

opaque('sampler1DShadow', 'SAMPLER', '1D', True, False, 'FLOAT', 110, 0)
opaque('sampler2DShadow', 'SAMPLER', '2D', True, False, 'FLOAT', 110, 300,
       'GL_EXT_shadow_samplers')
opaque('samplerCubeShadow', 'SAMPLER', 'CUBE', True, False, 'FLOAT', 130,
       300, 'GL_EXT_gpu_shader4')
opaque('sampler1DArrayShadow', 'SAMPLER', '1D', True, True, 'FLOAT', 130, 0,
       'GL_EXT_texture_array')
opaque('sampler2DArrayShadow', 'SAMPLER', '2D', True, True, 'FLOAT', 130,
       300, 'GL_EXT_texture_array')
opaque('sampler2DRectShadow', 'SAMPLER', 'RECT', True, False, 'FLOAT', 110,
       0)
opaque('samplerCubeArrayShadow', 'SAMPLER', 'CUBE', True, True, 'FLOAT',
       400, 320, CUBE_ARRAY, 'GL_OES_texture_cube_map_array')
opaque('samplerExternalOES', 'SAMPLER', 'EXTERNAL', False, False, 'FLOAT',
       0, 0, 'GL_OES_EGL_image_external', 'GL_OES_EGL_image_external_essl3')
opaque('atomic_uint', 'ATOMIC_UINT', '1D', False, False, 'UINT', 420, 310,
       'GL_ARB_shader_atomic_counters')

TEMPLATE = """\
/* Generated by glsl_types_table.py: do not edit. */
#include <string.h>
#include "glsl_types.h"

% for i, t in enumerate(types):
static const struct glsl_type type_${i} = {
   .base_type = GLSL_TYPE_${t['base']},
   .vector_elements = ${t['rows']},
   .matrix_columns = ${t['cols']},
   .sampler_dim = GLSL_SAMPLER_DIM_${t['dim']},
   .sampler_shadow = ${'true' if t['shadow'] else 'false'},
   .sampler_array = ${'true' if t['array'] else 'false'},
   .sampled_type = GLSL_TYPE_${t['sampled']},
   .length = -1,
   .name = "${t['name']}",
};
% endfor

static const struct glsl_builtin_type_info builtin_types[] = {
% for i, t in enumerate(types):
   { &type_${i}, ${t['desk']}, ${t['es']}, ${cstr(t['ext'])}, ${cstr(t['ext2'])}, ${cstr(t.get('ext3'))} },
% endfor
};

const struct glsl_type glsl_type_builtin_error = {
   .base_type = GLSL_TYPE_ERROR, .vector_elements = 1, .matrix_columns = 1,
   .length = -1, .name = "(error)",
};

const struct glsl_type glsl_type_builtin_void = {
   .base_type = GLSL_TYPE_VOID, .length = -1, .name = "void",
};

const struct glsl_type *
glsl_builtin_type_by_name(const char *name,
                          const struct glsl_builtin_type_info **info)
{
   /* Sorted by name at generation time: binary search. */
   static const unsigned short order[] = {
      ${', '.join(str(i) for i in order)}
   };
   unsigned lo = 0, hi = sizeof(order) / sizeof(order[0]);
   while (lo < hi) {
      unsigned mid = (lo + hi) / 2;
      const struct glsl_builtin_type_info *e = &builtin_types[order[mid]];
      int c = strcmp(name, e->type->name);
      if (c == 0) {
         if (info)
            *info = e;
         return e->type;
      }
      if (c < 0)
         hi = mid;
      else
         lo = mid + 1;
   }
   return NULL;
}

const struct glsl_type *
glsl_simple_type(enum glsl_base_type base, unsigned rows, unsigned columns)
{
   switch (base) {
% for base in ('BOOL', 'INT', 'UINT', 'FLOAT', 'DOUBLE', 'INT64', 'UINT64'):
   case GLSL_TYPE_${base}:
%  for i, t in enumerate(types):
%   if t['base'] == base and t['rows'] >= 1:
      if (rows == ${t['rows']} && columns == ${t['cols']})
         return &type_${i};
%   endif
%  endfor
      return NULL;
% endfor
   case GLSL_TYPE_VOID:
      return &glsl_type_builtin_void;
   default:
      return NULL;
   }
}
"""


def cstr(s):
    return 'NULL' if s is None else '"%s"' % s


def main():
    order = sorted(range(len(TYPES)), key=lambda i: TYPES[i]['name'])
    text = Template(TEMPLATE).render(types=TYPES, order=order, cstr=cstr)
    with open(sys.argv[1], 'w') as f:
        f.write(text)


if __name__ == '__main__':
    main()
