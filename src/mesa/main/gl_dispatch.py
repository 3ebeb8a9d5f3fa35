# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
"""The dispatch layer of gl_procs.c: what every entry point does before
its _mesa_Name implementation, in compatibility contexts.

There is no dispatch table to swap for display-list compilation, so the
table st_get_proc_address answers from points at generated wrappers:

  direct   the implementation itself: commands that compile themselves
           into lists and check glBegin/glEnd themselves (glVertex,
           glColor, glMaterial, glEnable, the matrix commands, glLight
           and the other parameter families (ffparams.c), glRasterPos ...).
  check    raises GL_INVALID_OPERATION between glBegin and glEnd (GL 2.1
           section 2.6.3), else calls the implementation.  Commands that
           are never compiled (GL 2.1 section 5.4: queries, client state,
           object creation ...) and those this layer cannot copy the
           arguments of (pointers without a fixed length in the registry).
  compile  while a list is being compiled (and not replayed), stores its
           arguments in a DL_CALL node (dlist.c) whose replay calls the
           wrapper again; in GL_COMPILE mode that is all.  Otherwise as
           check.  GL 1.0-2.1 commands whose parameters are values or
           pointers of a length the registry gives: a number, another
           parameter (times a number), the pname (PNAME_COUNT) or a pixel
           rectangle (format, type, width ...).  The data of the last
           three is copied behind the arguments (dlist_data.c).

Commands allowed between glBegin and glEnd (section 2.6.3) skip the check.
"""

import re

from mako.template import Template

# Compile themselves (dlist.c nodes) and check glBegin/glEnd themselves.
DIRECT_RE = re.compile(
    r'^(Begin|End|Vertex[234].*|Color[34].*|SecondaryColor3.*|Normal3.*|'
    r'FogCoord[fd].*|TexCoord[1-4].*|MultiTexCoord[1-4].*|Material.*|'
    r'ShadeModel|Clear|Enable|Disable|MatrixMode|LoadIdentity|'
    r'LoadMatrix[fd]|MultMatrix[fd]|Translate[fd]|Rotate[fd]|Scale[fd]|'
    r'Frustum|Ortho|PushMatrix|PopMatrix|CallList|CallLists|'
    r'GetError|NewList|EndList|RasterPos.*|WindowPos.*|ArrayElement|'
    r'Map[12][fd]|PolygonStipple|Bitmap|PixelMap(fv|uiv|usv)|'
    r'(TexEnv|Fog|TexGen|Light|LightModel)[fid]v?|'
    # ARB_vertex_type_2_10_10_10_rev's packed values: through the float
    # commands above (varray_packed_compat.c), or compiled as generic
    # attribute values (varray_packed.c).
    r'(Vertex|Color|SecondaryColor|Normal|TexCoord|MultiTexCoord|'
    r'VertexAttrib)P[1-4]uiv?)$')

# GL 2.1 section 2.6.3: allowed between glBegin and glEnd (and the
# integer generic attributes of GL 3.0, compatibility section 2.6.3).
INSIDE_RE = re.compile(
    r'^(VertexAttribI?[1-4].*|Index[dfisu]b?v?|EvalCoord.*|EvalPoint.*|'
    r'ArrayElement|EdgeFlagv?)$')

# GL 2.1 section 5.4 (and the like in later versions): executed at once,
# never compiled.
NOT_COMPILED_RE = re.compile(
    r'^(Get.*|Is[A-Z].*|Gen[A-Z].*|Delete.*|Create.*|'
    r'(Vertex|Normal|Color|SecondaryColor|Index|EdgeFlag|FogCoord|TexCoord|'
    r'VertexAttrib)Pointer|InterleavedArrays|(En|Dis)ableClientState|'
    r'(En|Dis)ableVertexAttribArray|ClientActiveTexture|'
    r'(Push|Pop)ClientAttrib|PixelStore[fi]|ReadPixels|RenderMode|'
    r'SelectBuffer|FeedbackBuffer|AreTexturesResident|Flush|Finish|'
    r'(Bind|Map|Unmap)Buffer.*|Buffer(Sub)?Data|AttachShader|DetachShader|'
    r'BindAttribLocation|CompileShader|ShaderSource|LinkProgram|'
    r'ValidateProgram|(Multi)?Draw(Arrays|Elements|RangeElements).*)$')

# The array draws: compiled by st_draw_gl with their vertices
# (dlist_draw.c); one made between glBegin and glEnd while a list is
# compiled and executed is an error now and, compiled as a draw of no
# vertices, again when the list runs.
DRAW_RE = re.compile(r'^(Multi)?Draw(Arrays|Elements|RangeElements)$')

LAST_COMPILED_FEATURE = 'GL_VERSION_2_1'

# Commands of later versions compiled into lists too: the integer
# attributes and uniforms of GL 3.0 (compatibility profile section 5.4
# lists neither as executed at once), and ARB_separate_shader_objects'
# glProgramUniform*, glUseProgramStages and glActiveShaderProgram (its
# issue 9; only pipeline creation, deletion and binding and
# glCreateShaderProgramv execute at once, which NOT_COMPILED_RE and
# the version rule keep).
COMPILED_LATER_RE = re.compile(
    r'^(VertexAttribI[1-4].*|Uniform[1-4]uiv?|ProgramUniform.*|'
    r'UseProgramStages|ActiveShaderProgram)$')

# Pointers of COMPSIZE(pname): the C function giving the count of values
# for the pname, by command name.
PNAME_COUNT = {
    'TexParameterfv': '_mesa_tex_param_count',
    'TexParameteriv': '_mesa_tex_param_count',
    'PointParameterfv': '_mesa_point_param_count',
    'PointParameteriv': '_mesa_point_param_count',
}

# GL 2.1 section 5.4: executed at once, not compiled, when the condition
# holds (images of proxy targets; Mesa does the same for the compressed
# ones).
IMMEDIATE_IF = [
    (re.compile(r'^(Compressed)?TexImage[123]D$'),
     '_mesa_proxy_texture_target(ctx, target, 0) != GL_NONE'),
]

# Scalar forms compiled as their vector forms with the value, then zeros
# (what Mesa's lists do: a compiled glTexParameterf(GL_TEXTURE_BORDER_COLOR)
# is no error, as piglit's gl-1.0-beginend-coverage expects).
SCALAR_AS_VECTOR = {
    'TexParameterf': 'TexParameterfv',
    'TexParameteri': 'TexParameteriv',
}

COUNT_RE = re.compile(r'^(\w+)(?:\*(\d+))?$')
PIXELS_RE = re.compile(r'^COMPSIZE\(format,type,(width(?:,height)?(?:,depth)?)\)$')


def _base_type(text, name):
    t = text[:text.rfind(name)].replace('const', '').replace('*', '')
    return ' '.join(t.split())


def _variable(cmd, params, text, name, length):
    """What a pointer of a computed length holds, or None when this layer
    cannot copy it: a dict with the element type, the kind ('count',
    'pixels', 'blob') and the bytes (C) or the rectangle's arguments."""
    base = _base_type(text, name)
    elem = ' * sizeof(%s)' % base if base != 'void' else ''
    names = [p[1] for p in params]
    m = COUNT_RE.match(length)
    if m and m.group(1) in names:
        n = m.group(1)
        per = ' * %s' % m.group(2) if m.group(2) else ''
        size = '(%s > 0 ? (size_t)%s%s%s : 0)' % (n, n, per, elem)
        # Compressed image bytes may come from the unpack buffer.
        kind = 'blob' if cmd.startswith('Compressed') else 'count'
        return dict(type=base, kind=kind, size=size)
    if length == 'COMPSIZE(pname)' and cmd in PNAME_COUNT:
        return dict(type=base, kind='count',
                    size='%s(pname)%s' % (PNAME_COUNT[cmd], elem))
    m = PIXELS_RE.match(length)
    if m:
        dims = m.group(1).split(',')
        rect = dims + ['1'] * (3 - len(dims))
        return dict(type=base, kind='pixels', dims=len(dims), rect=rect)
    return None


def _args(cmd, params):
    """(the argument struct's members, the pointer of computed length or
    None), or None when a pointer cannot be copied (the command is then
    not compiled)."""
    members = []
    var = None
    for text, name, length in params:
        stars = text.count('*')
        if stars == 0:
            members.append((_base_type(text, name), name, None))
        elif stars == 1 and 'const' in text and length and length.isdigit():
            members.append((_base_type(text, name), name, int(length)))
        elif stars == 1 and 'const' in text and length and var is None:
            var = _variable(cmd, params, text, name, length)
            if var is None:
                return None
            var['name'] = name
        else:
            return None
    return members, var


def classify(reg, name):
    """('direct' | 'check' | 'compile', the argument struct or None)."""
    if DIRECT_RE.match(name):
        return 'direct', None
    cmd = 'gl' + name
    ret = reg.commands[cmd][0]
    feature = reg.rank.get(cmd, 1 << 20)
    if ret == 'void' and not NOT_COMPILED_RE.match(name) and \
       (feature <= reg.feature_rank[LAST_COMPILED_FEATURE] or
        COMPILED_LATER_RE.match(name)):
        members = _args(name, reg.commands[cmd][1])
        if members is not None:
            return 'compile', members
    return 'check', None


def _guard(name):
    """The C text added to the compile condition (IMMEDIATE_IF)."""
    for regex, cond in IMMEDIATE_IF:
        if regex.match(name):
            return ' &&\n       !(%s)' % cond
    return ''


WRAPPERS = Template('''\
/* The dispatch layer (gl_dispatch.py): glBegin/glEnd checks and display
 * list compilation in front of the implementations. */
#include <string.h>

#include "main/context.h"
#include "main/dlist_data.h"
#include "main/ffstate.h"
#include "main/texproxy.h"

% for w in wrappers:
static ${w['ret']} GLAPIENTRY dl_${w['name']}(${w['proto']});
% endfor

% for w in wrappers:
%   if w['kind'] == 'compile' and not w['vector']:
<%     var = w['var'] %>\
struct dl_args_${w['name']} {
%     if var:
   struct gl_dl_data dl; /* first: the copied ${var['name']} */
%     endif
%     for t, n, length in w['members']:
   ${t} ${n}${'[%d]' % length if length else ''};
%     endfor
%     if not w['members'] and not var:
   char unused;
%     endif
};

static void
dl_replay_${w['name']}(const void *p)
{
%     if w['members'] or var:
   const struct dl_args_${w['name']} *a = p;
%     else:
   (void)p;
%     endif
%     if var and var['kind'] != 'count':
   struct gl_dl_unpack saved;
   _mesa_dlist_unpack_push(&a->dl, &saved);
%     endif
   dl_${w['name']}(${', '.join(w['replay_args'])});
%     if var and var['kind'] != 'count':
   _mesa_dlist_unpack_pop(&saved);
%     endif
}

%   endif
static ${w['ret']} GLAPIENTRY
dl_${w['name']}(${w['proto']})
{
   struct gl_context *ctx = _mesa_current_context;

%   if w['kind'] == 'compile':
   if (ctx && ctx->FF.Lists.Current && !ctx->FF.Lists.Replaying${w['guard']}) {
%     if w['vector']:
<%       t, last, _ = w['members'][-1] %>\
      const ${t} v[4] = {${last}, 0, 0, 0};
      dl_${w['vector']}(${', '.join([n for _, n, _ in w['members'][:-1]] + ['v'])});
      return;
%     else:
<%       var = w['var'] %>\
      struct dl_args_${w['name']} a;
      memset(&a, 0, sizeof(a));
%       for t, n, length in w['members']:
%         if length:
      if (${n})
         memcpy(a.${n}, ${n}, sizeof(a.${n}));
%         else:
      a.${n} = ${n};
%         endif
%       endfor
%       if not var:
      if (_mesa_dlist_save_call(ctx, dl_replay_${w['name']}, &a, sizeof(a)))
%       elif var['kind'] == 'count':
      if (_mesa_dlist_save_call_data(ctx, dl_replay_${w['name']}, &a,
                                     sizeof(a), ${var['name']},
                                     ${var['size']}))
%       elif var['kind'] == 'blob':
      if (_mesa_dlist_save_call_blob(ctx, dl_replay_${w['name']}, &a,
                                     sizeof(a), ${var['name']},
                                     ${var['size']}, "gl${w['name']}"))
%       else:
      if (_mesa_dlist_save_call_pixels(ctx, dl_replay_${w['name']}, &a,
                                       sizeof(a), ${var['dims']}, ${', '.join(var['rect'])},
                                       format, type, ${var['name']},
                                       "gl${w['name']}"))
%       endif
         return;
%     endif
   }
%   endif
%   if w['check']:
   if (ctx && ctx->FF.Imm.Inside) {
%     if w['draw']:
      _mesa_dlist_save_empty_draw(ctx);
%     endif
      _mesa_inside_begin_end(ctx, "gl${w['name']}");
      return${'' if w['ret'] == 'void' else ' 0'};
   }
%   endif
   ${'' if w['ret'] == 'void' else 'return '}_mesa_${w['name']}(${w['args']});
}

% endfor
''')


def _replay_args(params, var):
    out = []
    for p in params:
        if var and p[1] == var['name']:
            out.append('_mesa_dlist_data(&a->dl, sizeof(*a))')
        else:
            out.append('a->' + p[1])
    return out


def wrappers(reg, names):
    """The wrapper source and the set of names that have one."""
    out = []
    for name in names:
        kind, args = classify(reg, name)
        inside = INSIDE_RE.match(name)
        if kind == 'direct' or (kind == 'check' and inside):
            continue
        ret, params = reg.commands['gl' + name]
        members, var = args if args else (None, None)
        vector = SCALAR_AS_VECTOR.get(name) if kind == 'compile' else None
        out.append(dict(
            name=name, kind=kind, ret=ret, members=members, var=var,
            vector=vector, guard=_guard(name),
            replay_args=_replay_args(params, var),
            check=not inside, draw=bool(DRAW_RE.match(name)),
            proto=', '.join(p[0] for p in params) or 'void',
            args=', '.join(p[1] for p in params)))
    return WRAPPERS.render(wrappers=out), set(w['name'] for w in out)
