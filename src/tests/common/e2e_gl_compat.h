/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The fixed-function (compatibility) side of desktop OpenGL 2.1 that the
 * ES headers lack and several e2e programs share: immediate mode, current
 * values, conventional vertex arrays, matrices, display lists,
 * rasterization state, as one table of entry points looked up once, and
 * the tokens that go with them (values from Khronos' gl.xml).  Lighting,
 * fog, texture environments, evaluators and extensions stay in the
 * tables of the programs that test them.
 */
#ifndef E2E_GL_COMPAT_H
#define E2E_GL_COMPAT_H

#include "e2e_gl.h"

/* Primitives, polygon modes and shading (GL 2.1 tables 2.x, 3.x) */
#define E2E_GL_QUADS 0x0007
#define E2E_GL_QUAD_STRIP 0x0008
#define E2E_GL_POLYGON 0x0009
#define E2E_GL_POINT 0x1B00
#define E2E_GL_LINE 0x1B01
#define E2E_GL_FILL 0x1B02
#define E2E_GL_FLAT 0x1D00
#define E2E_GL_SMOOTH 0x1D01
/* Conventional vertex arrays (GL 2.1 section 2.8) */
#define E2E_GL_VERTEX_ARRAY 0x8074
#define E2E_GL_NORMAL_ARRAY 0x8075
#define E2E_GL_COLOR_ARRAY 0x8076
#define E2E_GL_INDEX_ARRAY 0x8077
#define E2E_GL_TEXTURE_COORD_ARRAY 0x8078
#define E2E_GL_EDGE_FLAG_ARRAY 0x8079
/* Matrices and display lists (GL 2.1 sections 2.11, 5.4) */
#define E2E_GL_MODELVIEW 0x1700
#define E2E_GL_PROJECTION 0x1701
#define E2E_GL_COMPILE 0x1300
/* Provoking vertex (GL 3.2 section 2.18.8) */
#define E2E_GL_FIRST_VERTEX_CONVENTION 0x8E4D
#define E2E_GL_LAST_VERTEX_CONVENTION 0x8E4E
#define E2E_GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION 0x8E4C
/* glProvokingVertex, which the ES headers lack */
typedef void (*e2e_gl_provoking_vertex_fn)(GLenum mode);

/* One pointer per entry point, named after it without "gl", in snake
 * case. */
struct e2e_gl_compat {
   /* immediate mode and current values */
   void (*begin)(GLenum mode);
   void (*end)(void);
   void (*vertex2f)(GLfloat x, GLfloat y);
   void (*vertex3f)(GLfloat x, GLfloat y, GLfloat z);
   void (*color3f)(GLfloat r, GLfloat g, GLfloat b);
   void (*color4f)(GLfloat r, GLfloat g, GLfloat b, GLfloat a);
   void (*color4ub)(GLubyte r, GLubyte g, GLubyte b, GLubyte a);
   void (*normal3f)(GLfloat x, GLfloat y, GLfloat z);
   void (*edge_flag)(GLboolean flag);
   void (*rectf)(GLfloat x1, GLfloat y1, GLfloat x2, GLfloat y2);
   /* conventional vertex arrays */
   void (*enable_client_state)(GLenum array);
   void (*disable_client_state)(GLenum array);
   void (*vertex_pointer)(GLint size, GLenum type, GLsizei stride,
                          const void *pointer);
   void (*color_pointer)(GLint size, GLenum type, GLsizei stride,
                         const void *pointer);
   void (*normal_pointer)(GLenum type, GLsizei stride, const void *pointer);
   void (*tex_coord_pointer)(GLint size, GLenum type, GLsizei stride,
                             const void *pointer);
   void (*edge_flag_pointer)(GLsizei stride, const void *pointer);
   void (*index_pointer)(GLenum type, GLsizei stride, const void *pointer);
   void (*client_active_texture)(GLenum texture);
   void (*get_pointerv)(GLenum pname, void **params);
   /* matrices */
   void (*matrix_mode)(GLenum mode);
   void (*load_identity)(void);
   void (*ortho)(double left, double right, double bottom, double top,
                 double near_val, double far_val);
   void (*translatef)(GLfloat x, GLfloat y, GLfloat z);
   /* display lists */
   GLuint (*gen_lists)(GLsizei range);
   void (*new_list)(GLuint list, GLenum mode);
   void (*end_list)(void);
   void (*call_list)(GLuint list);
   /* rasterization */
   void (*polygon_mode)(GLenum face, GLenum mode);
   void (*shade_model)(GLenum mode);
   void (*point_size)(GLfloat size);
   void (*line_stipple)(GLint factor, GLushort pattern);
   void (*polygon_stipple)(const GLubyte *mask);
   void (*get_polygon_stipple)(GLubyte *mask);
   void (*logic_op)(GLenum opcode);
   void (*materialfv)(GLenum face, GLenum pname, const GLfloat *params);
};

/* Looks up every entry point of ff in the current context (as
 * e2e_gl_procs does); when one is missing, closes gl and gives 1,
 * otherwise 0. */
int e2e_gl_need_compat(struct e2e_gl *gl, struct e2e_gl_compat *ff);

/* e2e_gl_start_compat, then e2e_gl_need_compat: what the fixed-function
 * programs start with. */
int e2e_gl_start_ff(struct e2e_gl *gl, int argc, char **argv, int w, int h,
                    bool *quiet, struct e2e_gl_compat *ff);

/* e2e_gl_start_ff, then glOrtho(0, w, 0, h, -1, 1) on the projection
 * matrix, so that window pixel (x, y) has its centre at object
 * (x + 0.5, y + 0.5), and the window cleared to opaque black: what the
 * programs drawing pixel-exact primitives start with. */
int e2e_gl_start_compat_window(struct e2e_gl *gl, int argc, char **argv, int w,
                               int h, bool *quiet, struct e2e_gl_compat *ff);

/* e2e_gl_start_compat_window, then e2e_gl_need_program of vs and fs
 * (what names it) and that program made current: 0, or the status to
 * return (gl then closed). */
int e2e_gl_start_compat_program(struct e2e_gl *gl, int argc, char **argv,
                                int w, int h, bool *quiet,
                                struct e2e_gl_compat *ff, const char *vs,
                                const char *fs, const char *what,
                                GLuint *prog);

/* e2e_gl_start_compat_window (window) or e2e_gl_start_ff (not), then
 * e2e_gl_need_procs of the n entry points of procs that ff lacks: 0, or
 * the status to return (gl then closed).  The table may be filled in
 * before the context exists: it holds the addresses of the pointers. */
int e2e_gl_start_ff_procs(struct e2e_gl *gl, int argc, char **argv, int w,
                          int h, bool *quiet, struct e2e_gl_compat *ff,
                          bool window, const struct e2e_gl_proc *procs,
                          unsigned n);
#define E2E_GL_START_FF_PROCS(gl, argc, argv, w, h, quiet, ff, window, table) \
   e2e_gl_start_ff_procs(gl, argc, argv, w, h, quiet, ff, window, table,     \
                         sizeof(table) / sizeof((table)[0]))

#endif
