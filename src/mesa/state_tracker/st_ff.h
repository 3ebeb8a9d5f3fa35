/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The fixed-function pipeline of compatibility contexts as generated
 * programs.  st_ff_program.c reduces the GL state that changes the shaders
 * to a key, and keeps one linked program per key; st_ff_vs.c and
 * st_ff_fs.c write the GLSL 1.10 of the key's vertex and fragment shader,
 * which the ordinary GLSL front end and linker compile, so the built-in
 * state uniforms (gl_ModelViewProjectionMatrix ...) reach them as they
 * reach application shaders.  Values that do not change the code (colours,
 * fog distances, the alpha reference) are uniforms named ff_*.
 */
#ifndef ST_FF_H
#define ST_FF_H

#include <stdbool.h>
#include <stdint.h>

#include "main/ffstate.h"

struct gl_program_exec;
struct st_context;

/* What texture unit u samples (GL 2.1 section 3.8.15: the enabled
 * target of the highest priority). */
enum st_ff_target {
   ST_FF_TEX_NONE,
   ST_FF_TEX_1D,
   ST_FF_TEX_2D,
   ST_FF_TEX_3D,
   ST_FF_TEX_CUBE,
   ST_FF_TEX_RECT,
};

/* The base format of the texture (GL 2.1 table 3.21), which picks the
 * texture environment's formula (table 3.22). */
enum st_ff_base {
   ST_FF_BASE_RGBA,
   ST_FF_BASE_RGB,
   ST_FF_BASE_ALPHA,
   ST_FF_BASE_LUMINANCE,
   ST_FF_BASE_LUMINANCE_ALPHA,
   ST_FF_BASE_INTENSITY,
};

/* Everything the generated code depends on; compared with memcmp (the
 * key is zeroed before it is filled). */
struct st_ff_key {
   struct st_ff_key_unit {
      uint8_t target; /* enum st_ff_target */
      uint8_t base;   /* enum st_ff_base */
      /* A depth texture whose TEXTURE_COMPARE_MODE is COMPARE_R_TO_TEXTURE
       * (ARB_shadow; 1D and 2D targets): the lookup is a comparison. */
      uint8_t shadow;
      uint16_t env_mode;
      /* GL_COMBINE only: */
      uint16_t combine_rgb, combine_a;
      uint16_t src_rgb[3], src_a[3], op_rgb[3], op_a[3];
      uint8_t scale_rgb, scale_a; /* 1, 2 or 4 */
      /* Texture coordinate generation: bit per coordinate, modes. */
      uint8_t gen_mask;
      uint16_t gen_mode[4];
   } unit[FF_MAX_TEXTURE_UNITS];
   uint16_t fog_mode; /* 0: fog off */
   bool fog_coord;    /* GL_FOG_COORD_SRC is GL_FOG_COORD */
   bool color_sum;
   uint16_t alpha_func; /* 0: the alpha test is off */
   /* Lighting (GL 2.1 section 2.14); light_mask 0: unlit. */
   bool lighting;
   uint8_t light_mask;
   bool local_viewer, two_side, separate_specular;
   bool normalize, rescale_normal;
   uint16_t color_material_face; /* 0: GL_COLOR_MATERIAL off */
   uint16_t color_material_mode;
   /* Material properties read per vertex from generic attributes
    * FF_MAT_ATTRIB0 + bit, named ff_mat<bit> (bits FF_MAT_BIT: glMaterial
    * between glBegin and glEnd, immediate.c). */
   uint16_t mat_attribs;
   /* A draw of line_stipple.c: the vertices carry their stipple counters
    * (attribute ff_stipple, FF_STIPPLE_ATTRIB), the fragments are
    * discarded by the pattern (uniform ff_line_stipple: factor,
    * pattern). */
   bool line_stipple;
   /* A draw of polygon_mode.c's lines or points whose polygons have a
    * depth offset (GL 2.1 section 3.5.5, POLYGON_OFFSET_LINE/POINT): each
    * vertex carries its polygon's (attribute ff_zoffset,
    * FF_ZOFFSET_ATTRIB), added to the clip-space z times w. */
   bool depth_offset;
   /* 0 for draws; 1 + enum st_pixel_kind for the fragments of a pixel
    * rectangle (st_ff_pixel.c): the vertex shader passes the raster
    * position's texture coordinates, secondary colour and distance, the
    * fragment shader takes its primary colour from the rectangle. */
   uint8_t pixel;
};

/* Writes the shaders' GLSL in mem; NULL when out of memory. */
char *st_ff_vs_source(void *mem, const struct st_ff_key *key);
char *st_ff_fs_source(void *mem, const struct st_ff_key *key);

/* The program of the current fixed-function state (made on first use,
 * kept per context); marks the program dirty when it changed.  NULL in
 * ES and core contexts, and on failure. */
struct gl_program_exec *st_ff_update(struct st_context *st);

/* Stores the ff_* uniforms of exec from the GL state; true if a value
 * changed. */
bool st_ff_update_uniforms(struct st_context *st,
                           struct gl_program_exec *exec);

/* The pixel rectangle parts of a key's shaders (st_ff_pixel.c): the
 * whole vertex shader; the fragment shader's declarations, among them
 * ff_pixel_primary(), its primary colour.  NULL / false when out of
 * memory. */
char *st_ff_pixel_vs_source(void *mem, const struct st_ff_key *key);
bool st_ff_pixel_fs_decls(char **s, const struct st_ff_key *key);

/* The program of the current fixed-function fragment state for the
 * fragments of a pixel rectangle of kind (enum st_pixel_kind), with its
 * uniforms stored; NULL when no fixed-function fragment operation is on
 * (texturing, colour sum, fog, alpha test), or on failure. */
struct gl_program_exec *st_ff_pixel_exec(struct st_context *st,
                                         unsigned kind);

/* Compiles and links a program from GLSL 1.10 vertex and fragment
 * sources (other generated programs, e.g. st_pixel_quad.c); NULL on a
 * compile or link error.  st_ff_free_exec frees it. */
struct gl_program_exec *st_ff_link_sources(const char *vs, const char *fs);
void st_ff_free_exec(struct st_context *st, struct gl_program_exec *exec);

/* The active uniform called name of p, or NULL. */
struct glsl_program;
const struct glsl_program_uniform *
st_ff_find_uniform(const struct glsl_program *p, const char *name);

/* Frees the context's fixed-function programs (before the pipe goes). */
void st_ff_release(struct st_context *st);

#endif
