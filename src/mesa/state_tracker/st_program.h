/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Linked programs as driver shaders: one variant (a VS, an optional GS
 * and a FS CSO) per pipe_context, made from a clone of the linker's NIR at
 * the first draw. */
#ifndef ST_PROGRAM_H
#define ST_PROGRAM_H

#include "main/mtypes.h"
#include "main/shaderobj.h"

struct st_context;

/* st->ff_exec (st_ff_program.c). */
struct gl_program_exec *st_ff_exec_of(struct st_context *st);

/* Colour clamping a variant's shaders do (GL 3.0 compatibility sections
 * 2.19.6 and 3.9.11). */
#define ST_CLAMP_VERTEX (1u << 0)   /* vertex colour outputs */
#define ST_CLAMP_FRAGMENT (1u << 1) /* float fragment colour outputs */

struct st_program_variant {
   struct st_context *st;
   uint8_t clamp; /* ST_CLAMP_* */
   void *vs, *fs;
   void *gs;            /* NULL when the program has no geometry shader */
   struct st_program_variant *next;
   void *cs;            /* a compute program's shader (st_compute.c) */
   /* gl_program_exec.ssbo_bindings_stamp the shaders were made for. */
   unsigned ssbo_stamp;
   /* st_copy_draw_key the shaders were made for. */
   uint32_t copy;
};

/* The vec4 slot just past a program's default uniform storage, where the
 * state tracker keeps its own values (the gl_FragCoord transform). */
static inline unsigned
st_extra_uniform_slot(const struct gl_program_exec *exec)
{
   return (exec->uniforms_size_B + 15) / 16;
}

/* The ST_CLAMP_* bits draws want now: CLAMP_VERTEX_COLOR and
 * CLAMP_FRAGMENT_COLOR of compatibility contexts with the draw
 * framebuffer's colour formats (FIXED_ONLY clamps when no bound colour
 * buffer has float components).  Fragment clamping is left out where
 * every buffer is unsigned normalized: their stores clamp already. */
unsigned st_color_clamp(struct st_context *st);

/* The variant of exec for st (with st->color_clamp's clamping), made on
 * first use; NULL if out of memory. */
struct st_program_variant *st_get_program_variant(struct st_context *st,
                                                  struct gl_program_exec *exec);

/* The executable draws use: the current program's (NULL when it has
 * none), or with no program current the fixed-function one of the last
 * st_ff_update (compatibility contexts; NULL elsewhere). */
static inline struct gl_program_exec *
st_current_exec(struct st_context *st, struct gl_context *ctx)
{
   if (_mesa_program_in_use(ctx))
      return _mesa_current_exec(ctx);
   return st_ff_exec_of(st);
}

/* Draws of an application's program redrawn from copies of their
 * vertices with a value of the CPU's in a generic attribute
 * (st_copy_draw.c): line stipple (main/line_stipple.c), polygons in
 * GL_LINE/GL_POINT mode (main/polygon_mode.c).  The variant key of draws
 * now: 0 for ordinary ones, ST_COPY_CAPTURE for st_capture_positions's,
 * ST_COPY_STIPPLE with the factor (bits 2..10) and pattern (bits 16..31)
 * of a stippled draw (gl_line_attrib::StippleDraw), ST_COPY_FACING for
 * the lines and points of polygons whose facing the attribute holds
 * (gl_polygon_attrib::FacingDraw). */
#define ST_COPY_CAPTURE 1u
#define ST_COPY_STIPPLE 2u
#define ST_COPY_FACING (1u << 11)
uint32_t st_copy_draw_key(struct st_context *st);
/* The generic attribute that carries the value in p's copy draws; -1
 * when they cannot be made (a geometry or tessellation stage, no
 * fragment shader, no free attribute or varying, gl_VertexID read, no
 * stream output in the driver). */
struct glsl_program;
int st_copy_draw_attrib(struct st_context *st, const struct glsl_program *p);
/* Clip coordinates (x, y, z, w per element) of a draw's elements as the
 * current program's vertex shader gives them, captured by stream output
 * from a draw of points with rasterization off; false if that failed
 * (GL_OUT_OF_MEMORY raised). */
bool st_capture_positions(struct st_context *st, GLint first, GLsizei count,
                          GLenum index_type, const void *indices,
                          GLint basevertex, GLfloat *clip);

/* Deletes every variant of exec (the program is being freed). */
void st_release_program_exec(struct gl_program_exec *exec);

/* Deletes the variants made by st in every program of its share group
 * (the context is being destroyed). */
void st_release_context_variants(struct st_context *st);

#endif
