/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Texture objects: names, bindings, parameters, completeness. */
#ifndef MESA_TEXOBJ_H
#define MESA_TEXOBJ_H

#include "main/mtypes.h"
#include "state_tracker/st_api.h"

struct gl_texture_object *_mesa_new_texture_object(GLuint name, GLenum target);
void _mesa_reference_texobj(struct gl_texture_object **dst,
                            struct gl_texture_object *src);

/* ARB_texture_cube_map_array (desktop GL 4.0's cube map arrays): stored
 * as 2D arrays of 6 * cubes layer-faces (depth), face f of cube c at
 * layer 6c + f. */
static inline bool
_mesa_has_cube_map_arrays(const struct gl_context *ctx)
{
   return ctx->API != ST_PROFILE_OPENGL_ES2 && ctx->Const.TextureCubeMapArray;
}

/* DEPTH_STENCIL_TEXTURE_MODE: core in ES 3.1 (section 8.10), desktop
 * through ARB_stencil_texturing when the driver samples stencil. */
static inline bool
_mesa_has_stencil_texturing(const struct gl_context *ctx)
{
   if (ctx->API == ST_PROFILE_OPENGL_ES2)
      return ctx->Version >= 31;
   return ctx->Const.StencilTexturing;
}

/* STENCIL_INDEX8 textures: desktop ARB_texture_stencil8 (core in GL
 * 4.4), ES 3.1's OES_texture_stencil8, when the driver has S8_UINT
 * textures. */
static inline bool
_mesa_has_texture_stencil8(const struct gl_context *ctx)
{
   if (ctx->API == ST_PROFILE_OPENGL_ES2 && ctx->Version < 31)
      return false;
   return ctx->Const.TextureStencil8;
}

/* TEXTURE_2D_INDEX ... for a bind target of this context; -1 if none. */
int _mesa_tex_target_index(struct gl_context *ctx, GLenum target);

/* The texture bound to target on the active unit, or NULL (with
 * GL_INVALID_ENUM recorded) when target is not a texture target of the
 * image and parameter commands (GL_TEXTURE_BUFFER is not one). */
struct gl_texture_object *_mesa_get_current_tex_object(struct gl_context *ctx,
                                                       GLenum target,
                                                       const char *func);

/* Is the texture complete for sampling (ES 2.0 section 3.7.10, with the
 * ES 2.0 NPOT rule of section 3.8.2)?  Incomplete textures sample as
 * (0, 0, 0, 1). */
bool _mesa_texture_complete(const struct gl_context *ctx,
                            const struct gl_texture_object *tex);
/* The same, judged with sampler object s's filters, wraps and compare
 * mode when s is not NULL (GL 3.3 section 3.8.14). */
bool _mesa_texture_complete_sampler(const struct gl_context *ctx,
                                    const struct gl_texture_object *tex,
                                    const struct gl_sampler_object *s);

/* Does the minification filter use mipmaps? */
static inline bool
_mesa_is_mipmap_filter(GLenum filter)
{
   return filter != GL_NEAREST && filter != GL_LINEAR;
}

/* Is value legal for the sampler-state pname (filters, wraps, compare
 * mode and function, per the ES 3.0 texture parameter table)?  True for
 * pnames whose value is not an enum from a fixed list. */
bool _mesa_sampler_value_ok(GLenum pname, GLenum value);

void _mesa_init_texture_units(struct gl_context *ctx);
void _mesa_free_texture_units(struct gl_context *ctx);
void _mesa_free_texture_object(struct gl_texture_object *tex);
void _mesa_texture_make_immutable(struct gl_texture_object *t,
                                  GLuint levels);

#endif
