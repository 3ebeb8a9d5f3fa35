/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Display lists of compatibility contexts (GL 2.1 section 5.4): glNewList,
 * glEndList, glCallList(s), glListBase, glGenLists, glDeleteLists,
 * glIsList and their state (GL_LIST_INDEX, GL_LIST_MODE, GL_LIST_BASE,
 * GL_MAX_LIST_NESTING).
 *
 * There is no dispatch table to swap, so the commands that can be
 * compiled ask _mesa_dlist_save first: glBegin, glEnd, glVertex*, the
 * current attributes (glColor, glNormal, glTexCoord ...), glMaterial,
 * glShadeModel, glClear, glEnable/glDisable, glMatrixMode and the matrix
 * commands, glCallList(s).  Each becomes a node that replays through the
 * entry point.  Other commands execute at once even while a list is
 * being compiled (a known gap, docs/gl.rst).
 */
#include <stdlib.h>
#include <string.h>

#include "main/context.h"
#include "main/dlist_data.h"
#include "main/ffstate.h"
#include "main/hash.h"
#include "util/hash_table.h"

/* GL 2.1 table 6.63: at least 64. */
#define MAX_LIST_NESTING 64

struct gl_dlist {
   struct gl_dl_node *nodes;
   unsigned count, capacity;
};

static bool
has_lists(struct gl_context *ctx, const char *func)
{
   if (_mesa_is_gles(ctx) || _mesa_is_desktop_fc(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "%s(only in compatibility contexts)", func);
      return false;
   }
   return true;
}

static void
free_list(struct gl_dlist *l)
{
   if (l && l != GL_NAME_RESERVED) {
      for (unsigned i = 0; i < l->count; i++) {
         _mesa_bitmap_node_free(&l->nodes[i]);
         free(l->nodes[i].args);
      }
      free(l->nodes);
      free(l);
   }
}

void
_mesa_free_dlists(struct gl_context *ctx)
{
   struct gl_ff_lists *s = &ctx->FF.Lists;

   if (s->Table) {
      hash_table_foreach(s->Table, e)
         free_list(e->data);
      _mesa_name_table_destroy(s->Table);
      s->Table = NULL;
   }
   free_list(s->Current);
   s->Current = NULL;
}

static struct hash_table *
table(struct gl_context *ctx)
{
   if (!ctx->FF.Lists.Table)
      ctx->FF.Lists.Table = _mesa_name_table_create();
   return ctx->FF.Lists.Table;
}

static struct gl_dlist *
lookup(struct gl_context *ctx, GLuint name)
{
   struct hash_table *t = name ? table(ctx) : NULL;
   return t ? _mesa_name_lookup(t, name) : NULL;
}

bool
_mesa_dlist_save(struct gl_context *ctx, const struct gl_dl_node *node)
{
   struct gl_ff_lists *s = &ctx->FF.Lists;

   if (!s->Current || s->Replaying)
      return false;
   struct gl_dlist *l = s->Current;
   if (l->count == l->capacity) {
      unsigned cap = l->capacity ? l->capacity * 2 : 32;
      struct gl_dl_node *n = realloc(l->nodes, cap * sizeof(*n));
      if (!n) {
         _mesa_error(ctx, GL_OUT_OF_MEMORY, "glNewList");
         return s->Mode == GL_COMPILE;
      }
      l->nodes = n;
      l->capacity = cap;
   }
   l->nodes[l->count++] = *node;
   return s->Mode == GL_COMPILE;
}

/* Stores a node of op that owns data (freed with the list). */
static bool
save_owned(struct gl_context *ctx, struct gl_dl_node *n)
{
   struct gl_dlist *l = ctx->FF.Lists.Current;
   unsigned before = l ? l->count : 0;
   bool compile_only = _mesa_dlist_save(ctx, n);

   if (!l || l->count == before)
      free(n->args); /* not stored (not compiling, or out of memory) */
   return compile_only;
}

bool
_mesa_dlist_save_call_owned(struct gl_context *ctx,
                            void (*call)(const void *args), void *args)
{
   struct gl_dl_node n = {.op = DL_CALL, .call = call, .args = args};

   return save_owned(ctx, &n);
}

bool
_mesa_dlist_save_data(struct gl_context *ctx, enum gl_dl_op op, void *data)
{
   struct gl_dl_node n = {.op = op, .args = data};

   return save_owned(ctx, &n);
}

bool
_mesa_dlist_save_call(struct gl_context *ctx, void (*call)(const void *args),
                      const void *args, size_t size)
{
   struct gl_dl_node n = {.op = DL_CALL, .call = call};

   if (!_mesa_dlist_compiling(ctx))
      return false;
   n.args = malloc(size ? size : 1);
   if (!n.args) {
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glNewList");
      return ctx->FF.Lists.Mode == GL_COMPILE;
   }
   memcpy(n.args, args, size);
   return save_owned(ctx, &n);
}

bool
_mesa_dlist_compiling(struct gl_context *ctx)
{
   return ctx->FF.Lists.Current && !ctx->FF.Lists.Replaying;
}

bool
_mesa_dlist_compiling_only(struct gl_context *ctx)
{
   return ctx->FF.Lists.Current && !ctx->FF.Lists.Replaying &&
          ctx->FF.Lists.Mode == GL_COMPILE;
}

void GLAPIENTRY
_mesa_NewList(GLuint list, GLenum mode)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_ff_lists *s = &ctx->FF.Lists;

   if (!has_lists(ctx, "glNewList") ||
       _mesa_inside_begin_end(ctx, "glNewList"))
      return;
   /* GL 2.1 section 5.4. */
   if (list == 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glNewList(list=0)");
      return;
   }
   if (mode != GL_COMPILE && mode != GL_COMPILE_AND_EXECUTE) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glNewList(mode=0x%x)", mode);
      return;
   }
   if (s->Current) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glNewList(inside a list)");
      return;
   }
   s->Current = calloc(1, sizeof(*s->Current));
   if (!s->Current) {
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glNewList");
      return;
   }
   s->Name = list;
   s->Mode = mode;
}

void GLAPIENTRY
_mesa_EndList(void)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_ff_lists *s = &ctx->FF.Lists;

   if (!has_lists(ctx, "glEndList") ||
       _mesa_inside_begin_end(ctx, "glEndList"))
      return;
   if (!s->Current) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glEndList(no list)");
      return;
   }
   struct hash_table *t = table(ctx);
   struct gl_dlist *old = t ? _mesa_name_lookup(t, s->Name) : NULL;
   if (old)
      _mesa_name_remove(t, s->Name);
   free_list(old);
   if (!t || !_mesa_name_insert(t, s->Name, s->Current)) {
      free_list(s->Current);
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glEndList");
   }
   s->Current = NULL;
   s->Name = 0;
   s->Mode = 0;
}

static void
replay(struct gl_context *ctx, const struct gl_dl_node *n)
{
   switch (n->op) {
   case DL_BEGIN: _mesa_Begin(n->e[0]); break;
   case DL_END: _mesa_End(); break;
   case DL_VERTEX: _mesa_Vertex4fv(n->f); break;
   case DL_ATTRIB:
      memcpy(ctx->CurrentAttrib[n->u], n->f, 4 * sizeof(GLfloat));
      ctx->CurrentAttribType[n->u] = GL_FLOAT;
      ctx->NewState |= ST_NEW_VERTEX_ARRAYS;
      if (n->u == VERT_ATTRIB_COLOR0)
         _mesa_update_color_material(ctx);
      if (n->u == VERT_ATTRIB_GENERIC0)
         _mesa_imm_attrib0_vertex(ctx);
      break;
   case DL_MATERIAL: _mesa_Materialfv(n->e[0], n->e[1], n->f); break;
   case DL_SHADE_MODEL: _mesa_ShadeModel(n->e[0]); break;
   case DL_CLEAR: _mesa_Clear(n->u); break;
   case DL_ENABLE: _mesa_Enable(n->e[0]); break;
   case DL_DISABLE: _mesa_Disable(n->e[0]); break;
   case DL_MATRIX_MODE: _mesa_MatrixMode(n->e[0]); break;
   case DL_LOAD_IDENTITY: _mesa_LoadIdentity(); break;
   case DL_LOAD_MATRIX: _mesa_LoadMatrixf(n->f); break;
   case DL_MULT_MATRIX: _mesa_MultMatrixf(n->f); break;
   case DL_PUSH_MATRIX: _mesa_PushMatrix(); break;
   case DL_POP_MATRIX: _mesa_PopMatrix(); break;
   case DL_CALL_LIST: _mesa_CallList(n->u); break;
   case DL_BITMAP: _mesa_bitmap_replay(ctx, n); break;
   case DL_CALL: n->call(n->args); break;
   case DL_FF_PARAM:
      _mesa_ff_param_set(n->p, n->e[0], n->e[1], GL_FLOAT, n->f, n->scalar,
                         "glCallList");
      break;
   case DL_RASTER_POS: _mesa_raster_pos(n->f[0], n->f[1], n->f[2], n->f[3]);
      break;
   case DL_WINDOW_POS: _mesa_window_pos(n->f[0], n->f[1], n->f[2], n->f[3]);
      break;
   case DL_DRAW: _mesa_dlist_draw_replay(ctx, n); break;
   case DL_EVAL_MAP: _mesa_eval_map_replay(ctx, n); break;
   case DL_POLYGON_STIPPLE: _mesa_polygon_stipple_replay(ctx, n); break;
   case DL_PIXEL_MAP: _mesa_pixel_map_replay(ctx, n); break;
   default: break;
   }
}

static void
execute(struct gl_context *ctx, GLuint name)
{
   struct gl_ff_lists *s = &ctx->FF.Lists;
   struct gl_dlist *l = lookup(ctx, name);

   /* GL 2.1 section 5.4: an undefined list does nothing; nesting stops
    * at MAX_LIST_NESTING. */
   if (!l || l == GL_NAME_RESERVED || s->Depth >= MAX_LIST_NESTING)
      return;
   bool replaying = s->Replaying;
   s->Replaying = true;
   s->Depth++;
   for (unsigned i = 0; i < l->count; i++)
      replay(ctx, &l->nodes[i]);
   s->Depth--;
   s->Replaying = replaying;
}

void GLAPIENTRY
_mesa_CallList(GLuint list)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_dl_node n = {.op = DL_CALL_LIST, .u = list};

   if (!has_lists(ctx, "glCallList") || _mesa_dlist_save(ctx, &n))
      return;
   execute(ctx, list);
}

/* The i-th name of glCallLists' array (GL 2.1 table 5.7). */
static bool
list_name(GLenum type, const void *lists, GLsizei i, GLuint *name)
{
   const GLubyte *b = lists;

   switch (type) {
   case GL_BYTE: *name = (GLuint)(GLint)((const GLbyte *)lists)[i]; break;
   case GL_UNSIGNED_BYTE: *name = b[i]; break;
   case GL_SHORT: *name = (GLuint)(GLint)((const GLshort *)lists)[i]; break;
   case GL_UNSIGNED_SHORT: *name = ((const GLushort *)lists)[i]; break;
   case GL_INT: *name = (GLuint)((const GLint *)lists)[i]; break;
   case GL_UNSIGNED_INT: *name = ((const GLuint *)lists)[i]; break;
   case GL_FLOAT: *name = (GLuint)((const GLfloat *)lists)[i]; break;
   case GL_2_BYTES: *name = (GLuint)b[2 * i] << 8 | b[2 * i + 1]; break;
   case GL_3_BYTES:
      *name = (GLuint)b[3 * i] << 16 | (GLuint)b[3 * i + 1] << 8 |
              b[3 * i + 2];
      break;
   case GL_4_BYTES:
      *name = (GLuint)b[4 * i] << 24 | (GLuint)b[4 * i + 1] << 16 |
              (GLuint)b[4 * i + 2] << 8 | b[4 * i + 3];
      break;
   default:
      return false;
   }
   return true;
}

void GLAPIENTRY
_mesa_CallLists(GLsizei n, GLenum type, const void *lists)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   GLuint name;

   if (!has_lists(ctx, "glCallLists"))
      return;
   if (n < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glCallLists(n=%d)", n);
      return;
   }
   const GLuint probe = 0; /* four readable bytes, to check the type */
   if (!list_name(type, &probe, 0, &name)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glCallLists(type=0x%x)", type);
      return;
   }
   for (GLsizei i = 0; lists && i < n; i++) {
      list_name(type, lists, i, &name);
      /* Each call is compiled with the base of the moment. */
      GLuint full = name + ctx->FF.Lists.Base;
      struct gl_dl_node node = {.op = DL_CALL_LIST, .u = full};
      if (!_mesa_dlist_save(ctx, &node))
         execute(ctx, full);
   }
}

void GLAPIENTRY
_mesa_ListBase(GLuint base)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (has_lists(ctx, "glListBase") &&
       !_mesa_inside_begin_end(ctx, "glListBase"))
      ctx->FF.Lists.Base = base;
}

GLuint GLAPIENTRY
_mesa_GenLists(GLsizei range)
{
   GET_CURRENT_CONTEXT(ctx);

   if (!ctx || !has_lists(ctx, "glGenLists") ||
       _mesa_inside_begin_end(ctx, "glGenLists"))
      return 0;
   if (range < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glGenLists(range=%d)", range);
      return 0;
   }
   struct hash_table *t = table(ctx);
   if (!range || !t)
      return 0;
   /* The first of range consecutive unused names. */
   GLuint first = 1;
   for (GLuint i = 0; i < (GLuint)range; i++) {
      if (_mesa_name_lookup(t, first + i)) {
         first += i + 1;
         i = (GLuint)-1;
      }
   }
   for (GLuint i = 0; i < (GLuint)range; i++) {
      if (!_mesa_name_insert(t, first + i, GL_NAME_RESERVED)) {
         _mesa_error(ctx, GL_OUT_OF_MEMORY, "glGenLists");
         return 0;
      }
   }
   return first;
}

void GLAPIENTRY
_mesa_DeleteLists(GLuint list, GLsizei range)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!has_lists(ctx, "glDeleteLists") ||
       _mesa_inside_begin_end(ctx, "glDeleteLists"))
      return;
   if (range < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glDeleteLists(range=%d)", range);
      return;
   }
   struct hash_table *t = table(ctx);
   for (GLuint i = 0; t && i < (GLuint)range; i++) {
      struct gl_dlist *l = _mesa_name_lookup(t, list + i);
      if (l) {
         _mesa_name_remove(t, list + i);
         free_list(l);
      }
   }
}

GLboolean GLAPIENTRY
_mesa_IsList(GLuint list)
{
   GET_CURRENT_CONTEXT(ctx);

   if (!ctx || !has_lists(ctx, "glIsList") ||
       _mesa_inside_begin_end(ctx, "glIsList"))
      return GL_FALSE;
   return lookup(ctx, list) != NULL;
}

bool
_mesa_get_dlist_state(struct gl_context *ctx, GLenum pname, GLint *v)
{
   const struct gl_ff_lists *s = &ctx->FF.Lists;

   switch (pname) {
   case GL_LIST_INDEX: *v = (GLint)s->Name; return true;
   case GL_LIST_MODE: *v = (GLint)s->Mode; return true;
   case GL_LIST_BASE: *v = (GLint)s->Base; return true;
   case GL_MAX_LIST_NESTING: *v = MAX_LIST_NESTING; return true;
   default: return false;
   }
}
