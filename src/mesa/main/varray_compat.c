/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The compatibility profile's conventional vertex arrays and current
 * values (GL 2.1 sections 2.7 and 2.8): glVertexPointer, glNormalPointer,
 * glColorPointer, glSecondaryColorPointer, glFogCoordPointer,
 * glTexCoordPointer with glClientActiveTexture, glEnable/DisableClientState,
 * and glColor*, glSecondaryColor*, glNormal*, glFogCoord*, glTexCoord*,
 * glMultiTexCoord* (the float, double, and the colour's unsigned byte
 * forms).  They live in the VAO and the context beside the generic arrays,
 * indexed by VERT_ATTRIB_* (shader_enums.h): the vertex array is generic
 * array 0 (GL 2.1 section 2.7 lets the two alias); the others feed
 * gl_Normal, gl_Color, ... through the generic slot the linker gives them.
 *
 * GL_DOUBLE arrays are converted to floats at draw time
 * (state_tracker/st_draw_double.c).  The edge flag and colour index
 * arrays (glEdgeFlagPointer, glIndexPointer) are kept in the slots after
 * the shaders' (VERT_ATTRIB_EDGEFLAG, VERT_ATTRIB_COLOR_INDEX): no shader
 * reads them; the edge flags are read on the CPU where polygons are drawn
 * as lines or points (polygon_mode.c), the colour indices are state only
 * (RGBA rendering ignores them).  GL_EXT_vertex_array's names take a
 * count they do not use.  Not here: interleaved arrays, immediate
 * mode.
 * ES and forward-compatible contexts have none of this: INVALID_OPERATION.
 */
#include "main/context.h"
#include "main/ffstate.h"
#include "util/u_math.h"
#include "main/varray.h"

#define MAX_TEXTURE_COORDS 8

/* ---- arrays ------------------------------------------------------------ */

/* GL 2.1 table 2.4, one row per conventional array. */
struct conventional_array {
   GLenum cap;           /* glEnableClientState name */
   unsigned attrib;      /* VERT_ATTRIB_*; TEX0 means the client unit */
   unsigned sizes;       /* bit n: size n allowed */
   bool normalized;      /* integer types map to [0,1] / [-1,1] */
   bool any_int;         /* unsigned types too, and bytes */
   bool byte;            /* signed bytes (normals) */
   bool shorts;          /* short and int */
   bool ubyte;           /* unsigned bytes (colour indices) */
};

#define SZ(n) (1u << (n))

static const struct conventional_array arrays[] = {
   { GL_VERTEX_ARRAY, VERT_ATTRIB_GENERIC0, SZ(2) | SZ(3) | SZ(4), false,
     false, false, true },
   { GL_NORMAL_ARRAY, VERT_ATTRIB_NORMAL, SZ(3), true, false, true, true },
   { GL_COLOR_ARRAY, VERT_ATTRIB_COLOR0, SZ(3) | SZ(4), true, true, true,
     true },
   { GL_SECONDARY_COLOR_ARRAY, VERT_ATTRIB_COLOR1, SZ(3), true, true, true,
     true },
   { GL_FOG_COORD_ARRAY, VERT_ATTRIB_FOG, SZ(1), false, false, false,
     false },
   { GL_TEXTURE_COORD_ARRAY, VERT_ATTRIB_TEX0,
     SZ(1) | SZ(2) | SZ(3) | SZ(4), false, false, false, true },
   /* GLboolean values (the only type), and colour indices */
   { GL_EDGE_FLAG_ARRAY, VERT_ATTRIB_EDGEFLAG, SZ(1), false, false, false,
     false, true },
   { GL_INDEX_ARRAY, VERT_ATTRIB_COLOR_INDEX, SZ(1), false, false, false,
     true, true },
};

static const struct conventional_array *
array_by_cap(GLenum cap)
{
   for (unsigned i = 0; i < ARRAY_SIZE(arrays); i++) {
      if (arrays[i].cap == cap)
         return &arrays[i];
   }
   return NULL;
}

static unsigned
array_attrib(struct gl_context *ctx, const struct conventional_array *a)
{
   return a->attrib == VERT_ATTRIB_TEX0
             ? VERT_ATTRIB_TEX0 + ctx->ClientActiveTexture
             : a->attrib;
}

static bool
type_allowed(const struct conventional_array *a, GLenum type)
{
   switch (type) {
   case GL_FLOAT:
   case GL_DOUBLE: /* GL 2.1 table 2.4 (st_draw_double.c) */
      return true;
   case GL_SHORT:
   case GL_INT:
      return a->shorts;
   case GL_BYTE:
      return a->byte;
   case GL_UNSIGNED_BYTE:
      return a->any_int || a->ubyte;
   case GL_UNSIGNED_SHORT:
   case GL_UNSIGNED_INT:
      return a->any_int;
   default:
      return false;
   }
}

static void
conventional_pointer(GLenum cap, GLint size, GLenum type, GLsizei stride,
                     const void *pointer, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const struct conventional_array *a = array_by_cap(cap);

   if (!_mesa_ff_compat_only(ctx, func))
      return;
   /* GL 3.2 compatibility section 2.8: colours may be BGRA bytes
    * (_mesa_attrib_pointer checks the type). */
   bool bgra = size == GL_BGRA &&
               (cap == GL_COLOR_ARRAY || cap == GL_SECONDARY_COLOR_ARRAY);
   if (!bgra && (size < 0 || size > 4 || !(a->sizes & SZ(size)))) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(size=%d)", func, size);
      return;
   }
   /* GL 3.3 compatibility section 2.8 (ARB_vertex_type_2_10_10_10_rev):
    * the packed types for every array but fog coordinates; normals and
    * secondary colours (three components) read x, y, z of the word, the
    * others need size 4 (_mesa_attrib_pointer checks). */
   bool packed = (type == GL_INT_2_10_10_10_REV ||
                  type == GL_UNSIGNED_INT_2_10_10_10_REV) &&
                 cap != GL_FOG_COORD_ARRAY && ctx->Const.PackedVertexFormats;
   if (!bgra && !packed && !type_allowed(a, type)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(type=0x%x)", func, type);
      return;
   }
   if (packed && (cap == GL_NORMAL_ARRAY || cap == GL_SECONDARY_COLOR_ARRAY))
      size = 4;
   _mesa_attrib_pointer(ctx, func, array_attrib(ctx, a), size, type,
                        a->normalized && type != GL_FLOAT, false, stride,
                        pointer);
}

void GLAPIENTRY
_mesa_VertexPointer(GLint size, GLenum type, GLsizei stride,
                    const void *pointer)
{
   conventional_pointer(GL_VERTEX_ARRAY, size, type, stride, pointer,
                        "glVertexPointer");
}

void GLAPIENTRY
_mesa_NormalPointer(GLenum type, GLsizei stride, const void *pointer)
{
   conventional_pointer(GL_NORMAL_ARRAY, 3, type, stride, pointer,
                        "glNormalPointer");
}

void GLAPIENTRY
_mesa_ColorPointer(GLint size, GLenum type, GLsizei stride,
                   const void *pointer)
{
   conventional_pointer(GL_COLOR_ARRAY, size, type, stride, pointer,
                        "glColorPointer");
}

void GLAPIENTRY
_mesa_SecondaryColorPointer(GLint size, GLenum type, GLsizei stride,
                            const void *pointer)
{
   conventional_pointer(GL_SECONDARY_COLOR_ARRAY, size, type, stride,
                        pointer, "glSecondaryColorPointer");
}

void GLAPIENTRY
_mesa_FogCoordPointer(GLenum type, GLsizei stride, const void *pointer)
{
   conventional_pointer(GL_FOG_COORD_ARRAY, 1, type, stride, pointer,
                        "glFogCoordPointer");
}

void GLAPIENTRY
_mesa_TexCoordPointer(GLint size, GLenum type, GLsizei stride,
                      const void *pointer)
{
   conventional_pointer(GL_TEXTURE_COORD_ARRAY, size, type, stride, pointer,
                        "glTexCoordPointer");
}

void GLAPIENTRY
_mesa_EdgeFlagPointer(GLsizei stride, const void *pointer)
{
   conventional_pointer(GL_EDGE_FLAG_ARRAY, 1, GL_UNSIGNED_BYTE, stride,
                        pointer, "glEdgeFlagPointer");
}

void GLAPIENTRY
_mesa_IndexPointer(GLenum type, GLsizei stride, const void *pointer)
{
   conventional_pointer(GL_INDEX_ARRAY, 1, type, stride, pointer,
                        "glIndexPointer");
}

/* GL_EXT_vertex_array: the arrays as above; count (the elements the
 * application means to use) is only checked. */
static void
ext_pointer(GLenum cap, GLint size, GLenum type, GLsizei stride,
            GLsizei count, const void *pointer, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (stride < 0 || count < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(stride=%d, count=%d)", func,
                  stride, count);
      return;
   }
   conventional_pointer(cap, size, type, stride, pointer, func);
}

void GLAPIENTRY
_mesa_VertexPointerEXT(GLint size, GLenum type, GLsizei stride,
                       GLsizei count, const void *pointer)
{
   ext_pointer(GL_VERTEX_ARRAY, size, type, stride, count, pointer,
               "glVertexPointerEXT");
}

void GLAPIENTRY
_mesa_NormalPointerEXT(GLenum type, GLsizei stride, GLsizei count,
                       const void *pointer)
{
   ext_pointer(GL_NORMAL_ARRAY, 3, type, stride, count, pointer,
               "glNormalPointerEXT");
}

void GLAPIENTRY
_mesa_ColorPointerEXT(GLint size, GLenum type, GLsizei stride,
                      GLsizei count, const void *pointer)
{
   ext_pointer(GL_COLOR_ARRAY, size, type, stride, count, pointer,
               "glColorPointerEXT");
}

void GLAPIENTRY
_mesa_IndexPointerEXT(GLenum type, GLsizei stride, GLsizei count,
                      const void *pointer)
{
   ext_pointer(GL_INDEX_ARRAY, 1, type, stride, count, pointer,
               "glIndexPointerEXT");
}

void GLAPIENTRY
_mesa_TexCoordPointerEXT(GLint size, GLenum type, GLsizei stride,
                         GLsizei count, const void *pointer)
{
   ext_pointer(GL_TEXTURE_COORD_ARRAY, size, type, stride, count, pointer,
               "glTexCoordPointerEXT");
}

void GLAPIENTRY
_mesa_EdgeFlagPointerEXT(GLsizei stride, GLsizei count,
                         const GLboolean *pointer)
{
   ext_pointer(GL_EDGE_FLAG_ARRAY, 1, GL_UNSIGNED_BYTE, stride, count,
               pointer, "glEdgeFlagPointerEXT");
}

void GLAPIENTRY
_mesa_ClientActiveTexture(GLenum texture)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!_mesa_ff_compat_only(ctx, "glClientActiveTexture"))
      return;
   if (texture < GL_TEXTURE0 || texture >= GL_TEXTURE0 + MAX_TEXTURE_COORDS) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glClientActiveTexture(0x%x)",
                  texture);
      return;
   }
   ctx->ClientActiveTexture = texture - GL_TEXTURE0;
}

static void
client_state(GLenum cap, bool enable, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const struct conventional_array *a = array_by_cap(cap);

   /* ES 2.0+ and forward-compatible contexts have no client arrays: the
    * name is not one of theirs. */
   if (!a || _mesa_is_gles(ctx) || _mesa_is_desktop_fc(ctx)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(array=0x%x)", func, cap);
      return;
   }
   _mesa_enable_array(ctx, array_attrib(ctx, a), enable);
}

void GLAPIENTRY
_mesa_EnableClientState(GLenum array)
{
   client_state(array, true, "glEnableClientState");
}

void GLAPIENTRY
_mesa_DisableClientState(GLenum array)
{
   client_state(array, false, "glDisableClientState");
}

bool
_mesa_client_array_enabled(struct gl_context *ctx, GLenum cap, bool *enabled)
{
   const struct conventional_array *a = array_by_cap(cap);

   if (!a || _mesa_is_gles(ctx) || _mesa_is_desktop_fc(ctx))
      return false;
   *enabled = ctx->VAO->Attrib[array_attrib(ctx, a)].Enabled;
   return true;
}

/* ---- current values ------------------------------------------------------ */

/* The glColor*, glNormal*, glFogCoord* ... entry points are generated
 * (gl_ff_entry_gen.py) and call these two. */
void
_mesa_current_attrib(unsigned attrib, GLfloat x, GLfloat y, GLfloat z,
                     GLfloat w, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!_mesa_ff_compat_only(ctx, func))
      return;
   struct gl_dl_node n = {.op = DL_ATTRIB, .u = attrib, .f = {x, y, z, w}};
   if (_mesa_dlist_save(ctx, &n))
      return;
   ctx->CurrentAttrib[attrib][0] = x;
   ctx->CurrentAttrib[attrib][1] = y;
   ctx->CurrentAttrib[attrib][2] = z;
   ctx->CurrentAttrib[attrib][3] = w;
   ctx->CurrentAttribType[attrib] = GL_FLOAT;
   ctx->NewState |= ST_NEW_VERTEX_ARRAYS;
   if (attrib == VERT_ATTRIB_COLOR0)
      _mesa_update_color_material(ctx);
}

/* Texture coordinates: missing t, r are 0 and q is 1 (GL 2.1 2.7). */
void
_mesa_multi_tex_coord(GLenum unit, GLfloat s, GLfloat t, GLfloat r,
                      GLfloat q, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (unit < GL_TEXTURE0 || unit >= GL_TEXTURE0 + MAX_TEXTURE_COORDS) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", func, unit);
      return;
   }
   _mesa_current_attrib(VERT_ATTRIB_TEX0 + (unit - GL_TEXTURE0), s, t, r, q,
                        func);
}

/* ---- queries (GL 2.1 tables 6.5-6.7) ----------------------------------- */

/* The array a pname of table 6.6/6.7 is about, and which property. */
struct array_pname {
   GLenum pname, cap;
   enum { P_SIZE, P_TYPE, P_STRIDE, P_BINDING } what;
};

static const struct array_pname array_pnames[] = {
   { GL_VERTEX_ARRAY_SIZE, GL_VERTEX_ARRAY, P_SIZE },
   { GL_VERTEX_ARRAY_TYPE, GL_VERTEX_ARRAY, P_TYPE },
   { GL_VERTEX_ARRAY_STRIDE, GL_VERTEX_ARRAY, P_STRIDE },
   { GL_VERTEX_ARRAY_BUFFER_BINDING, GL_VERTEX_ARRAY, P_BINDING },
   { GL_NORMAL_ARRAY_TYPE, GL_NORMAL_ARRAY, P_TYPE },
   { GL_NORMAL_ARRAY_STRIDE, GL_NORMAL_ARRAY, P_STRIDE },
   { GL_NORMAL_ARRAY_BUFFER_BINDING, GL_NORMAL_ARRAY, P_BINDING },
   { GL_COLOR_ARRAY_SIZE, GL_COLOR_ARRAY, P_SIZE },
   { GL_COLOR_ARRAY_TYPE, GL_COLOR_ARRAY, P_TYPE },
   { GL_COLOR_ARRAY_STRIDE, GL_COLOR_ARRAY, P_STRIDE },
   { GL_COLOR_ARRAY_BUFFER_BINDING, GL_COLOR_ARRAY, P_BINDING },
   { GL_SECONDARY_COLOR_ARRAY_SIZE, GL_SECONDARY_COLOR_ARRAY, P_SIZE },
   { GL_SECONDARY_COLOR_ARRAY_TYPE, GL_SECONDARY_COLOR_ARRAY, P_TYPE },
   { GL_SECONDARY_COLOR_ARRAY_STRIDE, GL_SECONDARY_COLOR_ARRAY, P_STRIDE },
   { GL_SECONDARY_COLOR_ARRAY_BUFFER_BINDING, GL_SECONDARY_COLOR_ARRAY,
     P_BINDING },
   { GL_FOG_COORD_ARRAY_TYPE, GL_FOG_COORD_ARRAY, P_TYPE },
   { GL_FOG_COORD_ARRAY_STRIDE, GL_FOG_COORD_ARRAY, P_STRIDE },
   { GL_FOG_COORD_ARRAY_BUFFER_BINDING, GL_FOG_COORD_ARRAY, P_BINDING },
   { GL_TEXTURE_COORD_ARRAY_SIZE, GL_TEXTURE_COORD_ARRAY, P_SIZE },
   { GL_TEXTURE_COORD_ARRAY_TYPE, GL_TEXTURE_COORD_ARRAY, P_TYPE },
   { GL_TEXTURE_COORD_ARRAY_STRIDE, GL_TEXTURE_COORD_ARRAY, P_STRIDE },
   { GL_TEXTURE_COORD_ARRAY_BUFFER_BINDING, GL_TEXTURE_COORD_ARRAY,
     P_BINDING },
   { GL_EDGE_FLAG_ARRAY_STRIDE, GL_EDGE_FLAG_ARRAY, P_STRIDE },
   { GL_EDGE_FLAG_ARRAY_BUFFER_BINDING, GL_EDGE_FLAG_ARRAY, P_BINDING },
   { GL_INDEX_ARRAY_TYPE, GL_INDEX_ARRAY, P_TYPE },
   { GL_INDEX_ARRAY_STRIDE, GL_INDEX_ARRAY, P_STRIDE },
   { GL_INDEX_ARRAY_BUFFER_BINDING, GL_INDEX_ARRAY, P_BINDING },
};

/* GL 2.1 table 6.6-6.8: glGetPointerv of each array. */
static const struct {
   GLenum pname, cap;
} array_pointers[] = {
   { GL_VERTEX_ARRAY_POINTER, GL_VERTEX_ARRAY },
   { GL_NORMAL_ARRAY_POINTER, GL_NORMAL_ARRAY },
   { GL_COLOR_ARRAY_POINTER, GL_COLOR_ARRAY },
   { GL_SECONDARY_COLOR_ARRAY_POINTER, GL_SECONDARY_COLOR_ARRAY },
   { GL_FOG_COORD_ARRAY_POINTER, GL_FOG_COORD_ARRAY },
   { GL_TEXTURE_COORD_ARRAY_POINTER, GL_TEXTURE_COORD_ARRAY },
   { GL_EDGE_FLAG_ARRAY_POINTER, GL_EDGE_FLAG_ARRAY },
   { GL_INDEX_ARRAY_POINTER, GL_INDEX_ARRAY },
};

bool
_mesa_get_array_pointer(struct gl_context *ctx, GLenum pname, void **ptr)
{
   if (_mesa_is_gles(ctx) || _mesa_is_desktop_fc(ctx))
      return false;
   for (unsigned k = 0; k < ARRAY_SIZE(array_pointers); k++) {
      if (array_pointers[k].pname == pname) {
         unsigned a = array_attrib(ctx, array_by_cap(array_pointers[k].cap));
         *ptr = (void *)ctx->VAO->Attrib[a].Ptr;
         return true;
      }
   }
   return false;
}

static unsigned
current(struct gl_context *ctx, unsigned attrib, unsigned n, GLfloat *f,
        enum conventional_kind *kind, enum conventional_kind k)
{
   for (unsigned c = 0; c < n; c++)
      f[c] = ctx->CurrentAttrib[attrib][c];
   *kind = k;
   return n;
}

unsigned
_mesa_get_conventional_state(struct gl_context *ctx, GLenum pname,
                             GLfloat *f, GLint *i,
                             enum conventional_kind *kind)
{
   bool enabled;

   if (_mesa_is_gles(ctx) || _mesa_is_desktop_fc(ctx))
      return 0;
   if (_mesa_client_array_enabled(ctx, pname, &enabled)) {
      i[0] = enabled;
      *kind = CONVENTIONAL_BOOL;
      return 1;
   }
   switch (pname) {
   case GL_CURRENT_COLOR:
      return current(ctx, VERT_ATTRIB_COLOR0, 4, f, kind,
                     CONVENTIONAL_FLOAT_NORM);
   case GL_CURRENT_SECONDARY_COLOR:
      return current(ctx, VERT_ATTRIB_COLOR1, 4, f, kind,
                     CONVENTIONAL_FLOAT_NORM);
   case GL_CURRENT_NORMAL:
      return current(ctx, VERT_ATTRIB_NORMAL, 3, f, kind,
                     CONVENTIONAL_FLOAT_NORM);
   case GL_CURRENT_FOG_COORD:
      return current(ctx, VERT_ATTRIB_FOG, 1, f, kind, CONVENTIONAL_FLOAT);
   case GL_CURRENT_TEXTURE_COORDS:
      /* Of the active (server) texture unit (GL 2.1 table 6.5). */
      if (ctx->ActiveTexture >= MAX_TEXTURE_COORDS)
         return 0;
      return current(ctx, VERT_ATTRIB_TEX0 + ctx->ActiveTexture, 4, f, kind,
                     CONVENTIONAL_FLOAT);
   case GL_CLIENT_ACTIVE_TEXTURE:
      i[0] = (GLint)(GL_TEXTURE0 + ctx->ClientActiveTexture);
      *kind = CONVENTIONAL_INT;
      return 1;
   case GL_MAX_TEXTURE_COORDS:
      i[0] = MAX_TEXTURE_COORDS;
      *kind = CONVENTIONAL_INT;
      return 1;
   default:
      break;
   }
   for (unsigned k = 0; k < ARRAY_SIZE(array_pnames); k++) {
      const struct array_pname *p = &array_pnames[k];
      if (p->pname != pname)
         continue;
      const struct gl_vertex_attrib *a =
         &ctx->VAO->Attrib[array_attrib(ctx, array_by_cap(p->cap))];
      *kind = CONVENTIONAL_INT;
      switch (p->what) {
      case P_SIZE:
         i[0] = a->Size;
         break;
      case P_TYPE:
         i[0] = (GLint)a->Type;
         break;
      case P_STRIDE:
         i[0] = a->Stride;
         break;
      case P_BINDING:
         i[0] = a->Buffer ? (GLint)a->Buffer->Name : 0;
         break;
      }
      return 1;
   }
   return 0;
}
