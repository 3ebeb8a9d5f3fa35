/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Image units on the pipe.  The linker numbers the active image uniforms
 * of a program (glsl_program_uniform.image_index, one per array
 * element); the shaders address images by that index and slot i of
 * set_shader_images is image i.  The image unit behind an index is the
 * uniform's current value (layout(binding) or glUniform1i), as for
 * samplers.  A unit with no texture, a level the texture does not have,
 * or a texture whose storage cannot be made gets an empty view: the
 * shader's accesses are then invalid (GL 4.6 section 8.26: loads return
 * zero, stores are dropped).
 */
#include <string.h>

#include "main/formats_es3.h"
#include "main/shaderimage.h"
#include "main/shaderobj.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_image.h"
#include "state_tracker/st_texture.h"
#include "compiler/glsl/glsl_program.h"
#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "util/u_inlines.h"
#include "util/format/u_format.h"
#include "util/u_math.h"

void
st_init_image_limits(struct st_context *st)
{
   struct pipe_screen *screen = st->screen;
   struct gl_constants *c = &st->ctx.Const;
   int most = st_stage_limits(screen, PIPE_SHADER_CAP_MAX_SHADER_IMAGES,
                              MAX_IMAGE_UNITS, c->MaxImageUniforms);
   /* GL 4.2 table 6.54 (ARB_shader_image_load_store): 8 units and 8
    * fragment image uniforms at least. */
   if (c->MaxImageUniforms[MESA_SHADER_FRAGMENT] < 8 || !st->pipe ||
       !st->pipe->set_shader_images) {
      memset(c->MaxImageUniforms, 0, sizeof(c->MaxImageUniforms));
      return;
   }
   c->MaxImageUnits = most;
   c->MaxCombinedImageUniforms = most;
   /* Multisample images: the largest count the driver takes as a shader
    * image of a 2D texture (GL 4.2 table 6.54 allows 0). */
   static const unsigned counts[] = {16, 8, 4, 2};
   c->MaxImageSamples = 0;
   for (unsigned i = 0; i < ARRAY_SIZE(counts) && !c->MaxImageSamples; i++) {
      if (screen->is_format_supported(screen, PIPE_FORMAT_R32G32B32A32_UINT,
                                      PIPE_TEXTURE_2D, counts[i], counts[i],
                                      PIPE_BIND_SHADER_IMAGE))
         c->MaxImageSamples = (GLint)counts[i];
   }
}

/* Can a texture of this internal format and storage be read through an
 * image of pipe format `view` (GL 4.6 section 8.26: a sized internal
 * format must be one of table 8.26's; table 8.27, compatibility by size:
 * the texel sizes must match)?  Accesses through a unit failing this are
 * invalid: loads read zero, stores do nothing. */
static bool
formats_compatible(GLenum internalformat, enum pipe_format storage,
                   enum pipe_format view)
{
   const struct gl_format_info *f = _mesa_format_info(internalformat);
   if (f && f->base != internalformat &&
       _mesa_image_format_to_pipe(internalformat) == PIPE_FORMAT_NONE)
      return false;
   return util_format_get_blocksize(storage) ==
          util_format_get_blocksize(view);
}

/* Is a level above the base one consistent with it (GL 4.6 section
 * 8.26: an incomplete texture's images are invalid; here the bound
 * level's size and format against the base level's, GL 4.6 section
 * 8.17)? */
static bool
level_consistent(const struct gl_texture_object *t, unsigned level)
{
   unsigned base = (unsigned)t->BaseLevel;
   if (level == base || base >= MAX_TEXTURE_LEVELS ||
       level >= MAX_TEXTURE_LEVELS)
      return true;
   const struct gl_texture_image *b = &t->Image[0][base];
   const struct gl_texture_image *i = &t->Image[0][level];
   unsigned d = level - base;
   bool rows_are_layers = t->Target == GL_TEXTURE_1D_ARRAY;
   bool slices = t->Target == GL_TEXTURE_3D;
   return i->InternalFormat == b->InternalFormat &&
          i->Width == (GLsizei)u_minify((unsigned)b->Width, d) &&
          i->Height == (rows_are_layers
                           ? b->Height
                           : (GLsizei)u_minify((unsigned)b->Height, d)) &&
          i->Depth == (slices ? (GLsizei)u_minify((unsigned)b->Depth, d)
                              : b->Depth);
}

/* The pipe view of image unit u; false when it has none. */
static bool
unit_view(struct st_context *st, const struct gl_image_unit *u,
          struct pipe_image_view *v)
{
   struct gl_texture_object *t = u->TexObj;
   memset(v, 0, sizeof(*v));
   if (!t)
      return false;
   v->format = _mesa_image_format_to_pipe(u->Format);
   v->access = u->Access == GL_READ_ONLY    ? PIPE_IMAGE_ACCESS_READ
               : u->Access == GL_WRITE_ONLY ? PIPE_IMAGE_ACCESS_WRITE
                                            : PIPE_IMAGE_ACCESS_READ_WRITE;
   v->shader_access = v->access;

   if (t->Target == GL_TEXTURE_BUFFER) {
      struct gl_buffer_object *bo = t->BufferObject;
      if (!bo || !bo->buffer || t->BufferOffset < 0 ||
          t->BufferOffset >= bo->Size)
         return false;
      enum pipe_format bf =
         _mesa_image_format_to_pipe(t->BufferObjectFormat);
      if (bf != PIPE_FORMAT_NONE &&
          util_format_get_blocksize(bf) != util_format_get_blocksize(v->format))
         return false;
      GLsizeiptr avail = bo->Size - t->BufferOffset;
      v->resource = bo->buffer;
      v->u.buf.offset = (unsigned)t->BufferOffset;
      v->u.buf.size = (unsigned)(t->BufferSize >= 0 && t->BufferSize < avail
                                    ? t->BufferSize
                                    : avail);
      return true;
   }

   /* GL 4.6 section 8.26: a level outside [base, max] is invalid */
   if (!t->Target || u->Level < t->BaseLevel || u->Level > t->MaxLevel ||
       !st_finalize_texture(st, t) || !t->pt ||
       (unsigned)u->Level + t->pt_first_level > t->pt->last_level)
      return false;
   struct pipe_resource *pt = t->pt;
   /* the level of pt (a texture made from an EGL image's level N reads
    * pt from N on) */
   unsigned pt_level = (unsigned)u->Level + t->pt_first_level;
   const struct gl_texture_image *img =
      &t->Image[0][MIN2((unsigned)u->Level, MAX_TEXTURE_LEVELS - 1)];
   if (!formats_compatible(img->InternalFormat, pt->format, v->format) ||
       !level_consistent(t, (unsigned)u->Level))
      return false;
   /* A texture view (main/texview.c) is its levels and layers of the
    * storage it shares: those its images point at. */
   unsigned level = t->IsView ? img->pt_level : pt_level;
   unsigned base = t->IsView ? img->pt_layer : 0;
   unsigned layers = pt->target == PIPE_TEXTURE_3D
                        ? u_minify(pt->depth0, level)
                     : t->IsView ? t->ViewNumLayers
                                 : pt->array_size;
   v->resource = pt;
   v->u.tex.level = level;
   /* GL 4.6 8.26: a layered binding of an array, cube or 3D texture is
    * the whole level; otherwise layer `Layer` of it (0 for others). */
   bool has_layers = t->Target == GL_TEXTURE_1D_ARRAY ||
                     t->Target == GL_TEXTURE_2D_ARRAY ||
                     t->Target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY ||
                     t->Target == GL_TEXTURE_CUBE_MAP ||
                     t->Target == GL_TEXTURE_CUBE_MAP_ARRAY ||
                     t->Target == GL_TEXTURE_3D;
   if (has_layers && u->Layered) {
      v->u.tex.first_layer = base;
      v->u.tex.last_layer = base + layers - 1;
   } else if (has_layers) {
      if ((unsigned)u->Layer >= layers)
         return false;
      v->u.tex.first_layer = base + (unsigned)u->Layer;
      v->u.tex.last_layer = base + (unsigned)u->Layer;
   } else if (t->IsView) {
      v->u.tex.first_layer = v->u.tex.last_layer = base;
   }
   return true;
}

static void
bind_images(struct st_context *st, struct gl_program_exec *exec,
            gl_shader_stage s, enum pipe_shader_type ps)
{
   struct gl_context *ctx = &st->ctx;
   const struct glsl_program *p = exec->linked;
   struct pipe_image_view views[PIPE_MAX_SHADER_IMAGES];
   unsigned n = 0;

   if (!p->num_images || !st->pipe->set_shader_images || !p->nir[s])
      return;
   memset(views, 0, sizeof(views));
   for (unsigned i = 0; i < p->num_uniforms; i++) {
      const struct glsl_program_uniform *un = &p->uniforms[i];
      if (un->image_index < 0 || !(un->stages & (1u << s)))
         continue;
      for (unsigned e = 0; e < un->array_size; e++) {
         unsigned idx = (unsigned)un->image_index + e;
         uint32_t unit;
         if (idx >= PIPE_MAX_SHADER_IMAGES)
            break;
         memcpy(&unit,
                (const uint8_t *)exec->uniforms + un->offset_B +
                   e * un->array_stride_B,
                4);
         n = MAX2(n, idx + 1);
         if (unit >= (uint32_t)ctx->Const.MaxImageUnits ||
             !unit_view(st, &ctx->ImageUnits[unit], &views[idx]))
            memset(&views[idx], 0, sizeof(views[idx]));
      }
   }
   if (n)
      st->pipe->set_shader_images(st->pipe, ps, 0, n, 0, views);
}

void
st_update_images(struct st_context *st)
{
   struct gl_program_exec *exec = _mesa_current_exec(&st->ctx);

   if (!exec || !exec->linked->num_images)
      return;
   bind_images(st, exec, MESA_SHADER_VERTEX, PIPE_SHADER_VERTEX);
   bind_images(st, exec, MESA_SHADER_GEOMETRY, PIPE_SHADER_GEOMETRY);
   bind_images(st, exec, MESA_SHADER_FRAGMENT, PIPE_SHADER_FRAGMENT);
}

void
st_update_compute_images(struct st_context *st, struct gl_program_exec *exec)
{
   bind_images(st, exec, MESA_SHADER_COMPUTE, PIPE_SHADER_COMPUTE);
}
