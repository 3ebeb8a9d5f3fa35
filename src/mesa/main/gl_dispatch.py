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
           pointers of a length the registry gives.

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

# GL 2.1 section 2.6.3: allowed between glBegin and glEnd.
INSIDE_RE = re.compile(
    r'^(VertexAttrib[1-4].*|Index[dfisu]b?v?|EvalCoord.*|EvalPoint.*|'
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


def _base_type(text, name):
    t = text[:text.rfind(name)].replace('const', '').replace('*', '')
    return ' '.join(t.split())


def _args(params):
    """The argument struct's members, or None when a pointer has no fixed
    length (the command is then not compiled)."""
    members = []
    for text, name, length in params:
        stars = text.count('*')
        if stars == 0:
            members.append((_base_type(text, name), name, None))
        elif stars == 1 and 'const' in text and length and length.isdigit():
            members.append((_base_type(text, name), name, int(length)))
        else:
            return None
    return members


def classify(reg, name):
    """('direct' | 'check' | 'compile', the argument struct or None)."""
    if DIRECT_RE.match(name):
        return 'direct', None
    cmd = 'gl' + name
    ret = reg.commands[cmd][0]
    feature = reg.rank.get(cmd, 1 << 20)
    if ret == 'void' and not NOT_COMPILED_RE.match(name) and \
       feature <= reg.feature_rank[LAST_COMPILED_FEATURE]:
        members = _args(reg.commands[cmd][1])
        if members is not None:
            return 'compile', members
    return 'check', None


WRAPPERS = Template('''\
/* The dispatch layer (gl_dispatch.py): glBegin/glEnd checks and display
 * list compilation in front of the implementations. */
#include <string.h>

#include "main/context.h"
#include "main/ffstate.h"

% for w in wrappers:
%   if w['kind'] == 'compile':
struct dl_args_${w['name']} {
%     for t, n, length in w['members']:
   ${t} ${n}${'[%d]' % length if length else ''};
%     endfor
%     if not w['members']:
   char unused;
%     endif
};

static ${w['ret']} GLAPIENTRY dl_${w['name']}(${w['proto']});

static void
dl_replay_${w['name']}(const void *p)
{
%     if w['members']:
   const struct dl_args_${w['name']} *a = p;
   dl_${w['name']}(${', '.join('a->' + n for t, n, length in w['members'])});
%     else:
   (void)p;
   dl_${w['name']}();
%     endif
}

%   endif
static ${w['ret']} GLAPIENTRY
dl_${w['name']}(${w['proto']})
{
   struct gl_context *ctx = _mesa_current_context;

%   if w['kind'] == 'compile':
   if (ctx && ctx->FF.Lists.Current && !ctx->FF.Lists.Replaying) {
      struct dl_args_${w['name']} a;
      memset(&a, 0, sizeof(a));
%     for t, n, length in w['members']:
%       if length:
      if (${n})
         memcpy(a.${n}, ${n}, sizeof(a.${n}));
%       else:
      a.${n} = ${n};
%       endif
%     endfor
      if (_mesa_dlist_save_call(ctx, dl_replay_${w['name']}, &a, sizeof(a)))
         return;
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


def wrappers(reg, names):
    """The wrapper source and the set of names that have one."""
    out = []
    for name in names:
        kind, members = classify(reg, name)
        inside = INSIDE_RE.match(name)
        if kind == 'direct' or (kind == 'check' and inside):
            continue
        ret, params = reg.commands['gl' + name]
        out.append(dict(
            name=name, kind=kind, ret=ret, members=members,
            check=not inside, draw=bool(DRAW_RE.match(name)),
            proto=', '.join(p[0] for p in params) or 'void',
            args=', '.join(p[1] for p in params)))
    return WRAPPERS.render(wrappers=out), set(w['name'] for w in out)
