/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Draws, clears and reads, already validated by src/mesa/main. */
#ifndef ST_DRAW_H
#define ST_DRAW_H

#include "main/mtypes.h"

struct st_context;

/* index_type 0: non-indexed (first/count are vertices); else GL_UNSIGNED_*
 * with indices an offset into the element array buffer or a client
 * pointer, and basevertex added to each index.  Instanced attributes start
 * at element baseinstance. */
void st_draw_gl(struct st_context *st, GLenum mode, GLint first, GLsizei count,
                GLenum index_type, const void *indices, GLsizei instances,
                GLint basevertex, GLuint baseinstance);

/* glDraw{Arrays,Elements}Indirect (already validated) with the command
 * at offset of buffer, handed to the driver (pipe_draw_indirect_info);
 * false, having done nothing, when the driver cannot read it or the draw
 * needs its parameters on the CPU (the caller then reads them back and
 * calls st_draw_gl). */
bool st_draw_indirect(struct st_context *st, GLenum mode, GLenum index_type,
                      struct pipe_resource *buffer, unsigned offset);

/* glClear of the buffers in mask (GL_*_BUFFER_BIT); of the colour
 * buffers, only draw buffers whose bit is set in draw_buffers. */
void st_clear(struct st_context *st, GLbitfield mask, unsigned draw_buffers);

/* The part of a clear the pipe's clear cannot do (st_clear_quad.c):
 * colour channels in color_mask (PIPE_MASK_*) of the colour buffers whose
 * bit is set in draw_buffers (and that st_cbuf_channels lets be written),
 * and with stencil the stencil bits in stencil_mask.  False if out of
 * memory. */
bool st_clear_with_quad(struct st_context *st, unsigned color_mask,
                        unsigned draw_buffers, bool stencil,
                        unsigned stencil_mask);
void st_release_clear_state(struct st_context *st);

/* glBlitFramebuffer of the buffers in mask between GL rectangles. */
void st_blit_framebuffer(struct st_context *st, struct gl_framebuffer *src,
                         struct gl_framebuffer *dst, GLint sx0, GLint sy0,
                         GLint sx1, GLint sy1, GLint dx0, GLint dy0, GLint dx1,
                         GLint dy1, GLbitfield mask, GLenum filter);

/* glReadPixels into client memory laid out as the pipe format `client`
 * (format/type already validated). */
void st_read_pixels(struct st_context *st, GLint x, GLint y, GLsizei width,
                    GLsizei height, enum pipe_format client, void *pixels);

/* The same from renderbuffer rb of the read framebuffer (its depth buffer,
 * for NV_read_depth). */
void st_read_pixels_from(struct st_context *st, struct gl_renderbuffer *rb,
                         GLint x, GLint y, GLsizei width, GLsizei height,
                         enum pipe_format client, void *pixels);

/* A GL_DOUBLE array's elements first .. first + count - 1 converted to
 * floats and uploaded into vb, described by ve (st_draw_double.c); false
 * if out of memory. */
struct pipe_vertex_element;
struct pipe_vertex_buffer;
bool st_upload_double_array(struct st_context *st,
                            const struct gl_vertex_attrib *a, unsigned first,
                            unsigned count, struct pipe_vertex_element *ve,
                            struct pipe_vertex_buffer *vb);

/* The pipe format of a vertex attribute array. */
enum pipe_format st_vertex_format(GLenum type, GLint size, bool normalized,
                                  bool integer);

#endif
