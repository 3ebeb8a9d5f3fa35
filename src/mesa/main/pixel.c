/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * glPixelZoom, glPixelTransfer{f,i}, glPixelMap{fv,uiv,usv},
 * glGetPixelMap{fv,uiv,usv} (GL 2.1 sections 3.6.1-3.6.3 and 4.3.2) and
 * their glGet values (tables 6.17-6.19).  Compatibility contexts only.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "main/context.h"
#include "main/pbo.h"
#include "main/pixel.h"

void
_mesa_init_pixel_ops(struct gl_context *ctx)
{
   struct gl_pixel_ops *p = &ctx->PixelOps;

   /* GL 2.1 tables 6.17-6.19: zoom 1, scales 1, biases 0, shift and
    * offset 0, maps off, each map of size 1 holding 0. */
   memset(p, 0, sizeof(*p));
   p->ZoomX = p->ZoomY = 1.0f;
   for (unsigned c = 0; c < 4; c++)
      p->Scale[c] = 1.0f;
   p->DepthScale = 1.0f;
   for (unsigned m = 0; m < NUM_PIXEL_MAPS; m++)
      p->Maps[m].Size = 1;
}

static bool
compat_only(struct gl_context *ctx, const char *func)
{
   if (_mesa_is_gles(ctx) || _mesa_is_desktop_fc(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "%s(only in compatibility contexts)", func);
      return false;
   }
   return !_mesa_inside_begin_end(ctx, func);
}

void GLAPIENTRY
_mesa_PixelZoom(GLfloat xfactor, GLfloat yfactor)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   if (!compat_only(ctx, "glPixelZoom"))
      return;
   ctx->PixelOps.ZoomX = xfactor;
   ctx->PixelOps.ZoomY = yfactor;
}

/* The float state of glPixelTransfer, or NULL. */
static GLfloat *
transfer_float(struct gl_pixel_ops *p, GLenum pname)
{
   switch (pname) {
   case GL_RED_SCALE:
      return &p->Scale[0];
   case GL_GREEN_SCALE:
      return &p->Scale[1];
   case GL_BLUE_SCALE:
      return &p->Scale[2];
   case GL_ALPHA_SCALE:
      return &p->Scale[3];
   case GL_RED_BIAS:
      return &p->Bias[0];
   case GL_GREEN_BIAS:
      return &p->Bias[1];
   case GL_BLUE_BIAS:
      return &p->Bias[2];
   case GL_ALPHA_BIAS:
      return &p->Bias[3];
   case GL_DEPTH_SCALE:
      return &p->DepthScale;
   case GL_DEPTH_BIAS:
      return &p->DepthBias;
   default:
      return NULL;
   }
}

static void
pixel_transfer(GLenum pname, GLfloat param)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_pixel_ops *p = &ctx->PixelOps;
   if (!compat_only(ctx, "glPixelTransfer"))
      return;
   GLfloat *f = transfer_float(p, pname);
   if (f) {
      *f = param;
      return;
   }
   /* Integer and boolean parameters round to the nearest integer
    * (GL 2.1 section 2.3.1), kept within int. */
   double r = floor((double)param + 0.5);
   GLint i = !(r == r)       ? 0
             : r > INT32_MAX ? INT32_MAX
             : r < INT32_MIN ? INT32_MIN
                             : (GLint)r;
   switch (pname) {
   case GL_MAP_COLOR:
      p->MapColor = i != 0;
      break;
   case GL_MAP_STENCIL:
      p->MapStencil = i != 0;
      break;
   case GL_INDEX_SHIFT:
      p->IndexShift = i;
      break;
   case GL_INDEX_OFFSET:
      p->IndexOffset = i;
      break;
   default:
      _mesa_error(ctx, GL_INVALID_ENUM, "glPixelTransfer(pname=0x%x)",
                  pname);
      break;
   }
}

void GLAPIENTRY
_mesa_PixelTransferf(GLenum pname, GLfloat param)
{
   pixel_transfer(pname, param);
}

void GLAPIENTRY
_mesa_PixelTransferi(GLenum pname, GLint param)
{
   pixel_transfer(pname, (GLfloat)param);
}

/* The map of a GL_PIXEL_MAP_* name, or NULL. */
static struct gl_pixel_map *
pixel_map(struct gl_context *ctx, GLenum map)
{
   if (map < GL_PIXEL_MAP_I_TO_I || map > GL_PIXEL_MAP_A_TO_A)
      return NULL;
   return &ctx->PixelOps.Maps[map - GL_PIXEL_MAP_I_TO_I];
}

/* The values of a glPixelMap: as integers for the index maps, as floats
 * otherwise (GL 2.1 section 3.6.3). */
enum map_type { MAP_FLOAT, MAP_UINT, MAP_USHORT };

/* A glPixelMap's converted table, as a display list keeps it. */
struct pixel_map_args {
   GLenum map;
   GLsizei size;
   GLfloat values[MAX_PIXEL_MAP_TABLE];
};

/* The table goes in (GL 2.1 section 2.6.3: not between glBegin and
 * glEnd, also when a list holding the command runs there). */
static void
store_map(struct gl_context *ctx, const struct pixel_map_args *a,
          const char *func)
{
   if (_mesa_inside_begin_end(ctx, func))
      return;
   struct gl_pixel_map *m = pixel_map(ctx, a->map);
   memcpy(m->Map, a->values, (size_t)a->size * sizeof(a->values[0]));
   m->Size = a->size;
}

void
_mesa_pixel_map_replay(struct gl_context *ctx, const struct gl_dl_node *n)
{
   store_map(ctx, n->args, "glCallList(glPixelMap)");
}

/* GL 2.1 section 5.4: in a list, the values are read and converted when
 * the list is made and stored when it runs. */
static void
set_map(GLenum map, GLsizei size, const void *values, enum map_type t,
        const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   bool compiling = _mesa_dlist_compiling(ctx);
   if (!(compiling ? _mesa_ff_compat_only(ctx, func)
                   : compat_only(ctx, func)))
      return;
   if (!pixel_map(ctx, map)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(map=0x%x)", func, map);
      return;
   }
   /* The index maps' sizes are powers of two (GL 2.1 section 3.6.3). */
   bool index_in = map == GL_PIXEL_MAP_I_TO_I || map == GL_PIXEL_MAP_S_TO_S ||
                   (map >= GL_PIXEL_MAP_I_TO_R && map <= GL_PIXEL_MAP_I_TO_A);
   if (size < 1 || size > MAX_PIXEL_MAP_TABLE ||
       (index_in && (size & (size - 1)))) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(mapsize=%d)", func, size);
      return;
   }
   size_t elem = t == MAP_USHORT ? 2 : 4;
   struct pbo_map pbo;
   const void *src = values;
   if (ctx->PixelUnpackBuffer) {
      src = _mesa_map_pbo(ctx, false, values, (size_t)size * elem, &pbo, func);
      if (!src)
         return;
   }
   if (!src) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(values)", func);
      return;
   }
   struct pixel_map_args *a = malloc(sizeof(*a));
   if (!a) {
      if (ctx->PixelUnpackBuffer)
         _mesa_unmap_pbo(ctx, &pbo);
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
      return;
   }
   a->map = map;
   a->size = size;
   bool index_out = map == GL_PIXEL_MAP_I_TO_I || map == GL_PIXEL_MAP_S_TO_S;
   for (GLsizei i = 0; i < size; i++) {
      GLfloat v;
      if (t == MAP_FLOAT) {
         memcpy(&v, (const uint8_t *)src + 4 * i, 4);
         /* Colour values clamp to [0, 1]; indices stay (NaN: 0). */
         if (!(v == v))
            v = 0.0f;
         if (!index_out)
            v = v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v;
      } else if (t == MAP_UINT) {
         GLuint u;
         memcpy(&u, (const uint8_t *)src + 4 * i, 4);
         v = index_out ? (GLfloat)u : (GLfloat)((double)u / 4294967295.0);
      } else {
         GLushort u;
         memcpy(&u, (const uint8_t *)src + 2 * i, 2);
         v = index_out ? (GLfloat)u : (GLfloat)u / 65535.0f;
      }
      a->values[i] = v;
   }
   if (ctx->PixelUnpackBuffer)
      _mesa_unmap_pbo(ctx, &pbo);
   /* GL_COMPILE_AND_EXECUTE runs it first; the list owns a (or frees
    * it when it cannot keep it). */
   if (!_mesa_dlist_compiling_only(ctx))
      store_map(ctx, a, func);
   if (compiling)
      _mesa_dlist_save_data(ctx, DL_PIXEL_MAP, a);
   else
      free(a);
}

void GLAPIENTRY
_mesa_PixelMapfv(GLenum map, GLsizei mapsize, const GLfloat *values)
{
   set_map(map, mapsize, values, MAP_FLOAT, "glPixelMapfv");
}

void GLAPIENTRY
_mesa_PixelMapuiv(GLenum map, GLsizei mapsize, const GLuint *values)
{
   set_map(map, mapsize, values, MAP_UINT, "glPixelMapuiv");
}

void GLAPIENTRY
_mesa_PixelMapusv(GLenum map, GLsizei mapsize, const GLushort *values)
{
   set_map(map, mapsize, values, MAP_USHORT, "glPixelMapusv");
}

static void
get_map(GLenum map, void *values, enum map_type t, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   if (!compat_only(ctx, func))
      return;
   struct gl_pixel_map *m = pixel_map(ctx, map);
   if (!m) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(map=0x%x)", func, map);
      return;
   }
   size_t elem = t == MAP_USHORT ? 2 : 4;
   struct pbo_map pbo;
   void *dst = values;
   if (ctx->PixelPackBuffer) {
      dst = _mesa_map_pbo(ctx, true, values, (size_t)m->Size * elem, &pbo,
                          func);
      if (!dst)
         return;
   }
   if (!dst)
      return;
   bool index_out = map == GL_PIXEL_MAP_I_TO_I || map == GL_PIXEL_MAP_S_TO_S;
   for (GLint i = 0; i < m->Size; i++) {
      GLfloat v = m->Map[i];
      if (t == MAP_FLOAT) {
         memcpy((uint8_t *)dst + 4 * i, &v, 4);
      } else if (t == MAP_UINT) {
         double d = index_out ? v : (double)v * 4294967295.0;
         GLuint u = d <= 0 ? 0 : d >= 4294967295.0 ? 0xffffffffu
                                                   : (GLuint)(d + 0.5);
         memcpy((uint8_t *)dst + 4 * i, &u, 4);
      } else {
         double d = index_out ? v : (double)v * 65535.0;
         GLushort u = d <= 0 ? 0 : d >= 65535.0 ? 0xffff : (GLushort)(d + 0.5);
         memcpy((uint8_t *)dst + 2 * i, &u, 2);
      }
   }
   if (ctx->PixelPackBuffer)
      _mesa_unmap_pbo(ctx, &pbo);
}

void GLAPIENTRY
_mesa_GetPixelMapfv(GLenum map, GLfloat *values)
{
   get_map(map, values, MAP_FLOAT, "glGetPixelMapfv");
}

void GLAPIENTRY
_mesa_GetPixelMapuiv(GLenum map, GLuint *values)
{
   get_map(map, values, MAP_UINT, "glGetPixelMapuiv");
}

void GLAPIENTRY
_mesa_GetPixelMapusv(GLenum map, GLushort *values)
{
   get_map(map, values, MAP_USHORT, "glGetPixelMapusv");
}

bool
_mesa_pixel_store_flag(struct gl_context *ctx, GLenum pname, GLint param)
{
   struct gl_pixel_ops *p = &ctx->PixelOps;
   bool *dst;

   if (_mesa_is_gles(ctx))
      return false;
   switch (pname) {
   case GL_UNPACK_SWAP_BYTES:
      dst = &p->UnpackSwapBytes;
      break;
   case GL_UNPACK_LSB_FIRST:
      dst = &p->UnpackLsbFirst;
      break;
   case GL_PACK_SWAP_BYTES:
      dst = &p->PackSwapBytes;
      break;
   case GL_PACK_LSB_FIRST:
      dst = &p->PackLsbFirst;
      break;
   default:
      return false;
   }
   *dst = param != 0;
   return true;
}

bool
_mesa_get_pixel_state(struct gl_context *ctx, GLenum pname, GLfloat *v)
{
   struct gl_pixel_ops *p = &ctx->PixelOps;

   if (_mesa_is_gles(ctx))
      return false;
   /* The storage modes are core GL too; the rest compatibility only. */
   switch (pname) {
   case GL_UNPACK_SWAP_BYTES:
      *v = p->UnpackSwapBytes;
      return true;
   case GL_UNPACK_LSB_FIRST:
      *v = p->UnpackLsbFirst;
      return true;
   case GL_PACK_SWAP_BYTES:
      *v = p->PackSwapBytes;
      return true;
   case GL_PACK_LSB_FIRST:
      *v = p->PackLsbFirst;
      return true;
   default:
      break;
   }
   if (_mesa_is_desktop_fc(ctx))
      return false;
   GLfloat *f = transfer_float(p, pname);
   if (f) {
      *v = *f;
      return true;
   }
   switch (pname) {
   case GL_ZOOM_X:
      *v = p->ZoomX;
      return true;
   case GL_ZOOM_Y:
      *v = p->ZoomY;
      return true;
   case GL_MAP_COLOR:
      *v = p->MapColor;
      return true;
   case GL_MAP_STENCIL:
      *v = p->MapStencil;
      return true;
   case GL_INDEX_SHIFT:
      *v = (GLfloat)p->IndexShift;
      return true;
   case GL_INDEX_OFFSET:
      *v = (GLfloat)p->IndexOffset;
      return true;
   case GL_MAX_PIXEL_MAP_TABLE:
      *v = MAX_PIXEL_MAP_TABLE;
      return true;
   default:
      break;
   }
   if (pname >= GL_PIXEL_MAP_I_TO_I_SIZE && pname <= GL_PIXEL_MAP_A_TO_A_SIZE) {
      *v = (GLfloat)p->Maps[pname - GL_PIXEL_MAP_I_TO_I_SIZE].Size;
      return true;
   }
   return false;
}

/* GL 2.1 section 3.6.1: the float form sets booleans to whether the value
 * is not 0 and integers to the nearest integer (halves up, whatever the
 * floating-point rounding mode). */
void GLAPIENTRY
_mesa_PixelStoref(GLenum pname, GLfloat param)
{
   switch (pname) {
   case GL_UNPACK_SWAP_BYTES:
   case GL_UNPACK_LSB_FIRST:
   case GL_PACK_SWAP_BYTES:
   case GL_PACK_LSB_FIRST:
      _mesa_PixelStorei(pname, param != 0.0f);
      return;
   default:
      break;
   }
   double r = floor((double)param + 0.5);
   _mesa_PixelStorei(pname, !(r == r)       ? 0
                            : r > INT32_MAX ? INT32_MAX
                            : r < INT32_MIN ? INT32_MIN
                                            : (GLint)r);
}
