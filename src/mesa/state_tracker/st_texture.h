/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Texture storage, uploads and sampling state. */
#ifndef ST_TEXTURE_H
#define ST_TEXTURE_H

#include "main/mtypes.h"

struct st_context;

/* Defines image (face, level) of t as width x height, stored in the pipe
 * format `storage`, and uploads pixels (client memory in src layout, rows
 * aligned to GL_UNPACK_ALIGNMENT) if not NULL.  False if out of memory. */
bool st_tex_image(struct st_context *st, struct gl_texture_object *t,
                  unsigned face, unsigned level, GLsizei width, GLsizei height,
                  GLsizei depth, GLenum internalformat, GLenum format,
                  GLenum type, enum pipe_format storage, enum pipe_format src,
                  const void *pixels);

/* Makes t's mip tree (levels levels of width x height x depth in
 * `storage`) before TexStorage defines its images, so that they live in
 * it from the start and never move (an attached image keeps its
 * resource).  False if out of memory. */
bool st_texture_storage(struct st_context *st, struct gl_texture_object *t,
                        enum pipe_format storage, GLsizei width,
                        GLsizei height, GLsizei depth, unsigned levels);

/* z: first layer (array) or slice (3D) of the region. */
void st_tex_sub_image(struct st_context *st, struct gl_texture_object *t,
                      struct gl_texture_image *img, GLint x, GLint y, GLint z,
                      GLsizei width, GLsizei height, GLsizei depth,
                      enum pipe_format src, const void *pixels);

/* Fills the region of img (z: first layer or slice) with one texel of
 * format src (NULL: zeros), converted to the storage format
 * (glClearTexSubImage; st_texture_clear.c). */
void st_clear_tex_sub_image(struct st_context *st, struct gl_texture_object *t,
                            struct gl_texture_image *img, GLint x, GLint y,
                            GLint z, GLsizei width, GLsizei height,
                            GLsizei depth, enum pipe_format src,
                            const void *texel);

/* One slice of a glCopyImageSubData side (st_copy_image.c): the
 * resource, its level and layer (or 3D slice), the origin in texels, and
 * the exact pipe format of the image's internal format (the one its bits
 * mean; PIPE_FORMAT_NONE when none is known). */
struct st_copy_image_side {
   struct pipe_resource *pt;
   unsigned level, layer;
   unsigned x, y;
   enum pipe_format exact;
};

/* Copies width x height source texels (whole blocks of compressed
 * formats, fewer at the image's edges) from src to dst as raw elements;
 * dst's rectangle holds as many elements. */
void st_copy_image_slice(struct st_context *st,
                         const struct st_copy_image_side *src,
                         const struct st_copy_image_side *dst, unsigned width,
                         unsigned height);

/* Copies a width x height rectangle of the read framebuffer at GL (x, y)
 * into img at (dstx, dsty) of layer/slice dstz (glCopyTex[Sub]Image*). */
void st_copy_tex_sub_image(struct st_context *st, struct gl_texture_object *t,
                           struct gl_texture_image *img, GLint dstx, GLint dsty,
                           GLint dstz, GLint x, GLint y, GLsizei width,
                           GLsizei height);

/* Fills levels base+1.. from the base level (box filter). */
bool st_generate_mipmap(struct st_context *st, struct gl_texture_object *t);

/* One mipmap level from the level above it (sd images of sw x sh texels
 * of format, rows src_stride_B and images src_image_B apart) into dd
 * tightly packed images of dw x dh: a box filter over 2x2 texels (2x2x2
 * when is_3d), in linear floats (bytes for RGBA8). */
void st_box_filter(enum pipe_format format, bool is_3d, const uint8_t *src,
                   size_t src_stride_B, size_t src_image_B, unsigned sw,
                   unsigned sh, unsigned sd, uint8_t *dst, unsigned dw,
                   unsigned dh, unsigned dd);

/* Puts every level the sampler reads into one resource (t->pt). */
bool st_finalize_texture(struct st_context *st, struct gl_texture_object *t);

/* Puts the six faces of a cube map's level in one resource, as layers 0-5
 * of one of its levels, for layered rendering; false when a face is
 * missing or out of memory. */
bool st_texture_gather_cube_level(struct st_context *st,
                                  struct gl_texture_object *t,
                                  unsigned level);

/* Binds sampler views and sampler states for the current program. */
void st_update_textures(struct st_context *st);
/* The fragment stage's sampler views and states for exec, a program
 * drawn in place of the current one (st_pixel_quad.c). */
void st_update_fragment_textures(struct st_context *st,
                                 struct gl_program_exec *exec);

void st_release_texture_state(struct st_context *st);

/* Multisample textures (st_texture_multisample.c).  Makes t's one image
 * (level 0, `layers` layers for 2D_MULTISAMPLE_ARRAY) of the first
 * storage candidate of f the driver multisamples, with the smallest
 * count >= samples it has (t->Samples).  False if there is none or out of
 * memory. */
struct gl_format_info;
bool st_texture_multisample(struct st_context *st, struct gl_texture_object *t,
                            const struct gl_format_info *f, unsigned samples,
                            GLsizei width, GLsizei height, GLsizei layers);

/* The count st_texture_multisample would give, 0 if none; *format its
 * storage format. */
unsigned st_texture_multisample_count(struct st_context *st,
                                      const struct gl_format_info *f,
                                      bool array, unsigned samples,
                                      enum pipe_format *format);

/* Sets Const.TextureMultisample and GL_MAX_{COLOR,DEPTH}_TEXTURE_SAMPLES,
 * GL_MAX_INTEGER_SAMPLES from the screen. */
void st_init_texture_multisample_limits(struct st_context *st);

/* GL_SAMPLES of the draw framebuffer (0: single-sampled). */
unsigned st_draw_framebuffer_samples(struct st_context *st);

/* Position of sample index of a samples-sampled pixel of the draw
 * framebuffer in GL's convention (glGetMultisamplefv). */
void st_sample_position(struct st_context *st, unsigned samples,
                        unsigned index, float out[2]);

#endif
