# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
"""Generate the many-typed entry points of the compatibility profile.

GL 1.x names one command in up to 32 spellings: glColor{3,4}{b,s,i,f,d,ub,
us,ui}[v], glVertex{2,3,4}{s,i,f,d}[v], glLight{f,i}[v] ...  They differ
only in how their arguments become floats.  This script writes each
spelling as a call of one helper, so every behaviour is written once in C:

  Attribute families (ATTRIB_FAMILIES): glVertex, glColor, glNormal,
  glTexCoord, glRasterPos ... convert their components to four floats
  (missing ones from the family's defaults; integer colours and normals
  normalised, GL 4.6 compatibility section 2.3.5.1) and call the family's
  helper with (x, y, z, w).

  Parameter families (PARAM_FAMILIES): glTexEnv, glFog, glLight ... pass
  their parameter (or vector) with its type to _mesa_ff_param_set /
  _mesa_ff_param_get (ffparams.c), which convert it against the family's
  table.

Which spellings exist and their parameter lists come from the Khronos
registry (gl.xml), read by gl_gen.py's Registry.  gl_gen.py scans the
output like any other source for the _mesa_Name definitions.
"""

import argparse
import os
import re
import sys

from mako.template import Template

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gl_gen import Registry  # noqa: E402

# Component type suffix -> (C type, normalisation helper for colours).
TYPES = {
    'b': ('GLbyte', 'ff_norm_b'),
    's': ('GLshort', 'ff_norm_s'),
    'i': ('GLint', 'ff_norm_i'),
    'f': ('GLfloat', None),
    'd': ('GLdouble', None),
    'ub': ('GLubyte', 'ff_norm_ub'),
    'us': ('GLushort', 'ff_norm_us'),
    'ui': ('GLuint', 'ff_norm_ui'),
}


class AttribFamily:
    """glName{sizes}{types}[v] -> call(lead..., x, y, z, w[, "glName"])."""

    def __init__(self, name, helper, fixed=(), normalised=False,
                 defaults=(0, 0, 0, 1), lead=0, func=False):
        self.name = name
        self.helper = helper
        self.fixed = list(fixed)  # the helper's first arguments
        self.normalised = normalised
        self.defaults = defaults
        self.lead = lead      # leading non-component parameters (target)
        self.func = func      # the helper takes the GL name for errors


ATTRIB_FAMILIES = [
    AttribFamily('Vertex', '_mesa_imm_vertex'),
    AttribFamily('RasterPos', '_mesa_raster_pos'),
    AttribFamily('WindowPos', '_mesa_window_pos'),
    AttribFamily('Color', '_mesa_current_attrib', ['VERT_ATTRIB_COLOR0'],
                 normalised=True, func=True),
    # GL 2.1 section 2.7: the secondary colour's alpha is always 1.
    AttribFamily('SecondaryColor', '_mesa_current_attrib',
                 ['VERT_ATTRIB_COLOR1'], normalised=True, func=True),
    AttribFamily('Normal', '_mesa_current_attrib', ['VERT_ATTRIB_NORMAL'],
                 normalised=True, func=True),
    AttribFamily('FogCoord', '_mesa_current_attrib', ['VERT_ATTRIB_FOG'],
                 func=True),
    AttribFamily('TexCoord', '_mesa_multi_tex_coord', ['GL_TEXTURE0'],
                 func=True),
    AttribFamily('MultiTexCoord', '_mesa_multi_tex_coord', lead=1,
                 func=True),
]

# GL 2.0's glVertexAttrib{1,2,3,4}{s,d}[v], glVertexAttrib4{b,i,ub,us,ui}v
# and the normalised glVertexAttrib4N{b,s,i,ub,us,ui}[v] (GL 4.6 section
# 10.2: N normalises as section 2.3.5.1 says, the others convert the
# integer's value) -> glVertexAttrib4f, which varray.c writes with the
# float spellings.
VERTEX_ATTRIB = AttribFamily('VertexAttrib', '_mesa_VertexAttrib4f', lead=1)
VERTEX_ATTRIB_N = AttribFamily('VertexAttrib', '_mesa_VertexAttrib4f',
                               lead=1, normalised=True)
VERTEX_ATTRIB_RE = re.compile(
    r'^gl(VertexAttrib)([1-4])(N?)(b|s|i|d|ub|us|ui)(v?)$')

# glName{f,i,d}[v] of the fixed-function state -> the family table.
PARAM_FAMILIES = {
    'TexEnv': '_mesa_ff_tex_env_params',
    'Fog': '_mesa_ff_fog_params',
    'TexGen': '_mesa_ff_tex_gen_params',
    'Light': '_mesa_ff_light_params',
    'LightModel': '_mesa_ff_light_model_params',
    'Material': '_mesa_ff_material_params',
}

PARAM_TYPES = {'f': 'GL_FLOAT', 'i': 'GL_INT', 'd': 'GL_DOUBLE'}

ATTRIB_RE = re.compile(r'^gl(%s)([1-4]?)(b|s|i|f|d|ub|us|ui)(v?)$' %
                       '|'.join(f.name for f in ATTRIB_FAMILIES))
PARAM_RE = re.compile(r'^gl(Get)?(%s)(f|i|d)(v?)$' %
                      '|'.join(PARAM_FAMILIES))
RECT_RE = re.compile(r'^glRect(s|i|f|d)(v?)$')

# ARB_vertex_type_2_10_10_10_rev's packed commands of the compatibility
# profile (GL 3.3 compatibility section 2.7): glNameP{n}ui[v]([texture,]
# type, value) -> _mesa_packed_attrib (varray_packed_compat.c).
PACKED_TARGETS = {
    'TexCoord': 'GL_PACKED_TEXCOORD',
    'MultiTexCoord': 'GL_PACKED_TEXCOORD',
    'Normal': 'GL_PACKED_NORMAL',
    'Color': 'GL_PACKED_COLOR',
    'SecondaryColor': 'GL_PACKED_SECONDARY_COLOR',
    'Vertex': 'GL_PACKED_VERTEX',
}
PACKED_RE = re.compile(r'^gl(%s)P([1-4])ui(v?)$' % '|'.join(PACKED_TARGETS))


def signature(reg, cmd):
    ret, params = reg.commands[cmd]
    return ret, ', '.join(p[0] for p in params) or 'void', \
        [p[1] for p in params]


def attrib_entry(reg, cmd, m, fam=None):
    fam = fam or next(f for f in ATTRIB_FAMILIES if f.name == m.group(1))
    suffix, vec = m.group(3), m.group(4) == 'v'
    ret, proto, names = signature(reg, cmd)
    lead = names[:fam.lead]
    if vec:
        ptr = names[fam.lead]
        count = int(m.group(2) or 1)
        comps = ['%s[%d]' % (ptr, c) for c in range(count)]
    else:
        ptr = None
        comps = names[fam.lead:]
        count = len(comps)
    norm = TYPES[suffix][1] if fam.normalised else None
    conv = [('%s(%s)' % (norm, c)) if norm else '(GLfloat)%s' % c
            for c in comps]
    conv += ['%d.0f' % d for d in fam.defaults[count:]]
    args = fam.fixed + lead + conv
    if fam.func:
        args.append('"%s"' % cmd)
    return dict(name=cmd[2:], ret=ret, proto=proto, ptr=ptr,
                call='%s(%s)' % (fam.helper, ', '.join(args)))


class _AttribMatch:
    """A VERTEX_ATTRIB_RE match seen as an ATTRIB_RE one (name, size,
    type, v)."""

    def __init__(self, m):
        self.groups_ = (m.group(1), m.group(2), m.group(4), m.group(5))

    def group(self, i):
        return self.groups_[i - 1]


def vertex_attrib_entry(reg, cmd, m):
    fam = VERTEX_ATTRIB_N if m.group(3) else VERTEX_ATTRIB
    return attrib_entry(reg, cmd, _AttribMatch(m), fam)


def rect_entry(reg, cmd, m):
    ret, proto, names = signature(reg, cmd)
    if m.group(2):
        comps = ['%s[%d]' % (names[p], c) for p in (0, 1) for c in (0, 1)]
        ptr = '%s && %s' % (names[0], names[1])
    else:
        comps, ptr = names, None
    return dict(name=cmd[2:], ret=ret, proto=proto, ptr=ptr,
                call='_mesa_imm_rect(%s)' %
                ', '.join('(GLfloat)%s' % c for c in comps))


def packed_entry(reg, cmd, m):
    fam, count, vec = m.groups()
    ret, proto, names = signature(reg, cmd)
    unit = names[0] if fam == 'MultiTexCoord' else 'GL_TEXTURE0'
    type_, value = names[-2], names[-1]
    call = '_mesa_packed_attrib(%s, %s, %s, %s, %s, "%s")' % (
        PACKED_TARGETS[fam], unit, type_, value + '[0]' if vec else value,
        count, cmd)
    return dict(name=cmd[2:], ret=ret, proto=proto,
                ptr=value if vec else None, call=call)


def param_entry(reg, cmd, m):
    get, fam, suffix, vec = m.groups()
    ret, proto, names = signature(reg, cmd)
    # (target,) pname, param(s): glFog and glLightModel have no target.
    target = names[0] if len(names) == 3 else '0'
    pname, value = names[-2], names[-1]
    table = PARAM_FAMILIES[fam]
    if get:
        call = '_mesa_ff_param_get(&%s, %s, %s, %s, %s, "%s")' % (
            table, target, pname, PARAM_TYPES[suffix], value, cmd)
    else:
        call = '_mesa_ff_param_set(&%s, %s, %s, %s, %s%s, %s, "%s")' % (
            table, target, pname, PARAM_TYPES[suffix], '' if vec else '&',
            value, 'false' if vec else 'true', cmd)
    return dict(name=cmd[2:], ret=ret, proto=proto, ptr=None, call=call)


TEMPLATE = Template('''\
/* Generated by gl_ff_entry_gen.py from the Khronos registry; do not edit. */
#include "main/context.h"
#include "main/ffstate.h"
#include "main/varray_packed.h"

/* GL 4.6 compatibility section 2.3.5.1: unsigned c / (2^b - 1), signed
 * max(c / (2^(b-1) - 1), -1). */
static inline GLfloat
ff_norm_ub(GLubyte c)
{
   return (GLfloat)c / 255.0f;
}

static inline GLfloat
ff_norm_us(GLushort c)
{
   return (GLfloat)c / 65535.0f;
}

static inline GLfloat
ff_norm_ui(GLuint c)
{
   return (GLfloat)((double)c / 4294967295.0);
}

static inline GLfloat
ff_norm_b(GLbyte c)
{
   return c == -128 ? -1.0f : (GLfloat)c / 127.0f;
}

static inline GLfloat
ff_norm_s(GLshort c)
{
   return c == -32768 ? -1.0f : (GLfloat)c / 32767.0f;
}

static inline GLfloat
ff_norm_i(GLint c)
{
   return c == INT32_MIN ? -1.0f : (GLfloat)((double)c / 2147483647.0);
}
% for e in entries:

${e['ret']} GLAPIENTRY
_mesa_${e['name']}(${e['proto']})
{
%   if e['ptr']:
   if (${e['ptr']})
      ${e['call']};
%   else:
   ${e['call']};
%   endif
}
% endfor
''')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--registry', required=True)
    ap.add_argument('--output', required=True)
    args = ap.parse_args()

    reg = Registry(args.registry)
    entries = []
    for cmd in sorted(reg.commands):
        for regex, make in ((ATTRIB_RE, attrib_entry),
                            (VERTEX_ATTRIB_RE, vertex_attrib_entry),
                            (RECT_RE, rect_entry),
                            (PACKED_RE, packed_entry),
                            (PARAM_RE, param_entry)):
            m = regex.match(cmd)
            if m:
                entries.append(make(reg, cmd, m))
                break
    with open(args.output, 'w', encoding='utf-8') as f:
        f.write(TEMPLATE.render(entries=entries))


if __name__ == '__main__':
    sys.exit(main())
