/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The fixed-function state of compatibility contexts (GL 2.1 chapters 2-3):
 * texture environments and the per-unit texture enables, fog, the alpha
 * test, the colour sum, and glBegin/glEnd.  The entry points live in
 * texenv.c, fog.c and immediate.c; the state tracker turns the state into
 * shaders (st_ff_program.c) when no program is current.
 */
#ifndef MESA_FFSTATE_H
#define MESA_FFSTATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "main/gl_api.h"

struct hash_table;

/* GL_MAX_TEXTURE_UNITS (GL 2.1 table 6.41: at least 2). */
#define FF_MAX_TEXTURE_UNITS 8

/* Bits of gl_ff_texture_unit::Enabled (glEnable(GL_TEXTURE_1D) ...). */
enum ff_texture_enable {
   FF_TEX_1D = 1 << 0,
   FF_TEX_2D = 1 << 1,
   FF_TEX_3D = 1 << 2,
   FF_TEX_CUBE = 1 << 3,
   FF_TEX_RECT = 1 << 4,
};

struct gl_ff_texture_unit {
   uint8_t Enabled; /* enum ff_texture_enable */
   GLenum EnvMode;  /* GL_MODULATE, ... (GL 2.1 section 3.13) */
   GLfloat EnvColor[4];
   /* GL_COMBINE (GL 2.1 tables 3.23-3.25) */
   GLenum CombineRGB, CombineA;
   GLenum SrcRGB[3], SrcA[3];
   GLenum OpRGB[3], OpA[3];
   GLfloat ScaleRGB, ScaleA;
   /* Texture coordinate generation (GL 2.1 section 2.12.3), by
    * coordinate s, t, r, q: GL_TEXTURE_GEN_* enables (bit per
    * coordinate), modes, planes (eye planes in eye space). */
   uint8_t GenEnabled;
   GLenum GenMode[4];
   GLfloat ObjectPlane[4][4], EyePlane[4][4];
};

struct gl_ff_material {
   GLfloat Ambient[4], Diffuse[4], Specular[4], Emission[4];
   GLfloat Shininess;
};

/* Vertices of one glBegin/glEnd pair: every attribute of each, as four
 * floats (immediate.c). */
struct gl_ff_immediate {
   bool Inside;  /* between Begin and End */
   GLenum Mode;
   GLfloat *Data; /* FF_IMM_ATTRIBS vec4 per vertex */
   bool *Edge;    /* the edge flag of each vertex (glEdgeFlag) */
   unsigned Count, Capacity;
   /* glMaterial between glBegin and glEnd (GL 2.1 section 2.14.2): the
    * material properties it changed (bits FF_MAT_BIT); MatDraw: those
    * the draw of glEnd passes per vertex, as generic attributes
    * FF_MAT_ATTRIB0 + bit (the fixed-function program reads them). */
   uint16_t MatVaries, MatDraw;
   bool Wide; /* the vertices carry their material (immediate.c) */
   /* A vertex shader of the application was current at glBegin: the
    * vertices carry every generic attribute instead (immediate.c). */
   bool Generic;
   /* The material at glBegin: the uniforms' values while glEnd draws
    * (gl_FrontMaterial of a vertex shader does not vary per vertex). */
   struct gl_ff_material MatBegin[2];
};

/* A material property of a face as a bit of MatVaries (face 0: front,
 * 1: back; prop: FF_MAT_EMISSION ...). */
enum ff_mat_prop {
   FF_MAT_EMISSION,
   FF_MAT_AMBIENT,
   FF_MAT_DIFFUSE,
   FF_MAT_SPECULAR,
   FF_MAT_SHININESS,
   FF_MAT_PROPS,
};
#define FF_MAT_BIT(face, prop) (1u << ((face) * FF_MAT_PROPS + (prop)))
#define FF_MAT_ATTRIB0 1 /* generic attributes 1 ... 10 */
/* The line stipple counter of a vertex (line_stipple.c), read by the
 * fixed-function program as ff_stipple. */
#define FF_STIPPLE_ATTRIB 15
/* The depth offset of the polygon a line or point of polygon_mode.c
 * comes from, in normalized device z (x), read by the fixed-function
 * program as ff_zoffset. */
#define FF_ZOFFSET_ATTRIB 14

/* GL_MAX_LIGHTS (GL 2.1 table 6.46: at least 8). */
#define FF_MAX_LIGHTS 8

/* One light source (GL 2.1 table 2.10; positions and directions in eye
 * coordinates, as glLight transformed them). */
struct gl_ff_light {
   bool Enabled;
   GLfloat Ambient[4], Diffuse[4], Specular[4];
   GLfloat Position[4];
   GLfloat SpotDirection[3];
   GLfloat SpotExponent, SpotCutoff;
   GLfloat Attenuation[3]; /* constant, linear, quadratic */
};

/* Texture matrix stack depth (GL 2.1 table 6.54: at least 2). */
#define FF_MAX_TEXTURE_STACK_DEPTH 10

/* A compiled command of a display list (dlist.c). */
enum gl_dl_op {
   DL_BEGIN,
   DL_END,
   DL_VERTEX,
   DL_ATTRIB,
   DL_MATERIAL,
   DL_SHADE_MODEL,
   DL_CLEAR,
   DL_ENABLE,
   DL_DISABLE,
   DL_MATRIX_MODE,
   DL_LOAD_IDENTITY,
   DL_LOAD_MATRIX,
   DL_MULT_MATRIX,
   DL_PUSH_MATRIX,
   DL_POP_MATRIX,
   DL_CALL_LIST,
   DL_BITMAP, /* drawpix.c: _mesa_bitmap_replay, _mesa_bitmap_node_free */
   DL_CALL,       /* a generated command: call(args) (gl_gen.py) */
   DL_FF_PARAM,   /* _mesa_ff_param_set of family p, target e[0] */
   DL_RASTER_POS, /* glRasterPos* */
   DL_WINDOW_POS, /* glWindowPos* */
   DL_DRAW,       /* an array draw's vertices (dlist_draw.c), in args */
   DL_EVAL_MAP,   /* glMap1, glMap2 with their points (eval.c), in args */
   DL_POLYGON_STIPPLE, /* the rows unpacked at compile time, in args */
   DL_PIXEL_MAP, /* a glPixelMap's converted table, in args (pixel.c) */
};

struct gl_dl_node {
   uint8_t op; /* enum gl_dl_op */
   bool scalar; /* DL_FF_PARAM: the glNamef form */
   GLenum e[2];
   GLuint u;
   GLfloat f[16];
   const void *p; /* DL_FF_PARAM: the family */
   /* DL_CALL: the generated replay function and its own copy of the
    * arguments (freed with the list). */
   void (*call)(const void *args);
   void *args;
};

struct gl_dlist;

struct gl_ff_lists {
   struct hash_table *Table; /* name -> gl_dlist (or GL_NAME_RESERVED) */
   struct gl_dlist *Current; /* being compiled (NewList ... EndList) */
   GLuint Name;
   GLenum Mode;
   GLuint Base;
   bool Replaying; /* glCallList runs: nothing is compiled */
   unsigned Depth;
};

/* The current raster position (GL 2.1 section 2.13, rastpos.c). */
struct gl_ff_raster {
   GLfloat Pos[4]; /* window x, y, z and clip w */
   bool Valid;
   GLfloat Distance;
   GLfloat Color[4], SecondaryColor[4];
   GLfloat TexCoord[FF_MAX_TEXTURE_UNITS][4]; /* of each unit */
};

/* GL_MAX_NAME_STACK_DEPTH (GL 2.1 table 6.64: at least 64). */
#define FF_MAX_NAME_STACK 64

/* Selection (GL 2.1 section 5.2, select.c). */
struct gl_ff_select {
   GLenum Mode; /* glRenderMode */
   GLuint *Buffer;
   GLsizei Size;
   GLuint Names[FF_MAX_NAME_STACK];
   unsigned Depth;
   GLsizei Count; /* words written */
   GLint Hits;
   bool Overflow;
   bool HitFlag; /* a hit since the name stack last changed */
   GLfloat HitMin, HitMax;
   /* Feedback (GL 2.1 section 5.3, feedback.c): glFeedbackBuffer, and
    * the values the primitives produced (beyond FbSize too). */
   GLfloat *FbBuffer;
   GLsizei FbSize;
   GLenum FbType;
   GLsizei FbCount;
};

/* Evaluators (GL 2.1 section 5.1, eval.c): GL_MAX_EVAL_ORDER, and the
 * maps of each target in the order of the enums (GL_MAP1_COLOR_4 ...
 * GL_MAP1_VERTEX_4, GL_MAP2_* the same). */
#define FF_MAX_EVAL_ORDER 30
#define FF_EVAL_TARGETS 9

struct gl_ff_eval_map {
   bool Enabled;
   GLfloat U1, U2, V1, V2;
   unsigned UOrder, VOrder; /* 1 and 1 for curves */
   GLfloat *Points; /* UOrder x VOrder points, u major; NULL: the default */
};

struct gl_ff_eval {
   struct gl_ff_eval_map Map1[FF_EVAL_TARGETS], Map2[FF_EVAL_TARGETS];
   bool AutoNormal;
   GLint Grid1N, Grid2UN, Grid2VN; /* glMapGrid */
   GLfloat Grid1[2], Grid2[4];     /* u1, u2 (, v1, v2) */
};

struct gl_ff_state {
   struct gl_ff_texture_unit Tex[FF_MAX_TEXTURE_UNITS];
   struct gl_ff_lists Lists;
   /* glMatrixMode(GL_TEXTURE): a stack per unit (matrix.c). */
   GLfloat TexStack[FF_MAX_TEXTURE_UNITS][FF_MAX_TEXTURE_STACK_DEPTH][16];
   unsigned TexDepth[FF_MAX_TEXTURE_UNITS];
   struct {
      bool Enabled;
      GLenum Mode;
      GLfloat Color[4];
      GLfloat Density, Start, End;
      GLenum CoordSrc; /* GL_FOG_COORD_SRC */
   } Fog;
   struct {
      bool Enabled;
      GLenum Func;
      GLfloat Ref;
   } Alpha;
   bool ColorSum; /* GL_COLOR_SUM */
   GLfloat PointSize; /* glPointSize (GL 2.1 section 3.4) */
   /* glPointParameter (GL 2.1 section 3.4, point_param.c): kept for their
    * queries and attribute stacks; the derived size does not use them. */
   struct {
      GLfloat MinSize, MaxSize, FadeThreshold;
      GLfloat Attenuation[3];
      GLenum SpriteOrigin;
      /* GL_POINT_SMOOTH (raster.c): points are not antialiased. */
      bool SmoothFlag;
      /* GL_POINT_SPRITE (raster.c) and each texture unit's
       * GL_COORD_REPLACE (bit i: unit i; glTexEnv of GL_POINT_SPRITE),
       * GL 2.1 section 3.4.1 and table 6.12: rasterizer
       * sprite_coord_enable (st_atoms.c). */
      bool SpriteFlag;
      uint8_t CoordReplace;
   } PointParams;
   /* glClearAccum, glClearIndex, glIndexMask (accum.c): kept for their
    * queries only; there are no accumulation or colour index buffers. */
   GLfloat AccumClear[4];
   GLfloat IndexClear;
   GLuint IndexMask;
   /* The current colour index (glIndex*, accum.c; GL 2.1 section 2.7),
    * kept for its query and glPushAttrib only. */
   GLfloat CurrentIndex;
   /* Lighting (GL 2.1 section 2.14, light.c). */
   bool Lighting;
   bool Normalize, RescaleNormal;
   struct gl_ff_light Light[FF_MAX_LIGHTS];
   struct gl_ff_material Material[2]; /* front, back */
   struct {
      GLfloat Ambient[4];
      bool LocalViewer, TwoSide;
      GLenum ColorControl;
   } LightModel;
   struct {
      bool Enabled;
      GLenum Face, Mode;
   } ColorMaterial;
   struct gl_ff_immediate Imm;
   struct gl_ff_raster Raster; /* rastpos.c */
   bool EdgeFlag; /* the current edge flag (GL 2.1 section 2.6.2) */
   struct gl_ff_select Select;
   struct gl_ff_eval Eval;
};

/* An enum passed as a float parameter (glFogf(GL_FOG_MODE, ...)): a
 * value outside the range of GLenum (a negative one, say) becomes an
 * invalid enum rather than an undefined conversion (C11 6.3.1.4). */
static inline GLenum
_mesa_enum_from_float(GLfloat f)
{
   return f >= 0.0f && f < 4294967296.0f ? (GLenum)f : 0xffffffffu;
}

struct gl_context;

void _mesa_init_ff_state(struct gl_context *ctx);
void _mesa_free_ff_state(struct gl_context *ctx);

void _mesa_init_lighting(struct gl_context *ctx);


/* GL 2.1 section 2.14.3: with COLOR_MATERIAL on, the current colour
 * becomes the tracked material properties (light.c). */
void _mesa_update_color_material(struct gl_context *ctx);

/* The lighting capabilities (light.c): the flag of cap, or NULL. */
bool *_mesa_lighting_flag(struct gl_context *ctx, GLenum cap);

/* glGet of the lighting state (light.c), as _mesa_get_ff_state. */
bool _mesa_get_lighting_state(struct gl_context *ctx, GLenum pname,
                              GLfloat *f, unsigned *n, int *kind);

/* Element e of a compatibility built-in uniform array (gl_EyePlaneS ...,
 * gl_TextureEnvColor, gl_ClipPlane; name with "gl_"): false if it is not
 * one. */
bool _mesa_ff_builtin_array(struct gl_context *ctx, const char *name,
                            unsigned e, GLfloat v[4]);

/* The value of the compatibility built-in uniform gl_<name> that is not
 * a matrix ("LightSource[0].diffuse", "Fog.density" ...; ffuniforms.c):
 * n floats in v, false if name is not one. */
bool _mesa_ff_builtin_uniform(struct gl_context *ctx, const char *name,
                              GLfloat v[4], unsigned *n);

/* glEnable/glDisable of the fixed-function capabilities (texture
 * enables are those of the active unit): false if cap is not one of them
 * or the context has none. */
bool _mesa_ff_set_enable(struct gl_context *ctx, GLenum cap, bool state);
/* glIsEnabled of the same: false if cap is not one of them. */
bool _mesa_ff_is_enabled(struct gl_context *ctx, GLenum cap, bool *value);

enum ff_value_kind {
   FF_VALUE_INT,
   FF_VALUE_BOOL,
   FF_VALUE_FLOAT,
   FF_VALUE_FLOAT_NORM, /* colours: [0,1] to the whole integer range */
};

/* Evaluators (eval.c): the initial state, freeing the maps, the flag of
 * an enable (GL_MAP1_*, GL_MAP2_*, GL_AUTO_NORMAL; NULL for others), its
 * glGet state (as _mesa_get_ff_state), and the replay of a DL_EVAL_MAP
 * node (glMap1, glMap2 compiled). */
void _mesa_init_eval(struct gl_context *ctx);
void _mesa_free_eval(struct gl_context *ctx);
bool *_mesa_eval_flag(struct gl_context *ctx, GLenum cap);
bool _mesa_get_eval_state(struct gl_context *ctx, GLenum pname, GLfloat *f,
                          unsigned *n, enum ff_value_kind *kind);
void _mesa_eval_map_replay(struct gl_context *ctx,
                           const struct gl_dl_node *n);

/* glGet* of the fixed-function state (enables too, the matrices): n
 * values (up to 16) in f. */
bool _mesa_get_ff_state(struct gl_context *ctx, GLenum pname, GLfloat *f,
                        unsigned *n, enum ff_value_kind *kind);

/* Display lists (dlist.c): compiles node into the list being made; true
 * when the caller must not execute the command (GL_COMPILE). */
bool _mesa_dlist_save(struct gl_context *ctx, const struct gl_dl_node *node);
/* The same for a generated DL_CALL node: copies size bytes of args. */
bool _mesa_dlist_save_call(struct gl_context *ctx,
                           void (*call)(const void *args), const void *args,
                           size_t size);
/* The same for a node of op owning data (malloc'd; freed with the list,
 * or at once when it is not stored). */
bool _mesa_dlist_save_data(struct gl_context *ctx, enum gl_dl_op op,
                           void *data);
bool _mesa_dlist_compiling_only(struct gl_context *ctx);
/* A list is being compiled (either mode), not replayed. */
bool _mesa_dlist_compiling(struct gl_context *ctx);
/* A draw (as st_draw_gl gets it) while a list is compiled: its vertices
 * read from the arrays into a DL_DRAW node; true when the caller must not
 * execute it (GL_COMPILE).  Instanced draws are not compiled (false). */
bool _mesa_dlist_save_draw(struct gl_context *ctx, GLenum mode, GLint first,
                           GLsizei count, GLenum index_type,
                           const void *indices, GLsizei instances,
                           GLint basevertex);
void _mesa_dlist_draw_replay(struct gl_context *ctx,
                             const struct gl_dl_node *n);
/* A draw of no vertices, for one made between glBegin and glEnd. */
void _mesa_dlist_save_empty_draw(struct gl_context *ctx);
/* Draws count vertices of mode whose attributes (bits of VERT_ATTRIB_*
 * in layout, in increasing order) are four floats each, one vertex after
 * the other; those in enable are drawn, the others take their current
 * values.  edge: each vertex's edge flag, or NULL (immediate.c). */
void _mesa_imm_draw(struct gl_context *ctx, GLenum mode, uint32_t layout,
                    uint32_t enable, const GLfloat *data, const bool *edge,
                    unsigned count);
void _mesa_init_raster_pos(struct gl_context *ctx);
/* glGet of the raster position state (rastpos.c), as _mesa_get_ff_state. */
bool _mesa_get_raster_state(struct gl_context *ctx, GLenum pname, GLfloat *f,
                            unsigned *n, enum ff_value_kind *kind);
bool _mesa_get_dlist_state(struct gl_context *ctx, GLenum pname, GLint *v);
void _mesa_free_dlists(struct gl_context *ctx);

/* GL 2.1 section 2.6.3: true (and GL_INVALID_OPERATION) between
 * glBegin and glEnd. */
bool _mesa_inside_begin_end(struct gl_context *ctx, const char *func);

/* glPointParameter (point_param.c): the initial state, the values
 * glPointParameter{f,i}v reads for pname, and the glGet state (as
 * _mesa_get_ff_state). */
void _mesa_init_point_params(struct gl_context *ctx);
size_t _mesa_point_param_count(GLenum pname);
bool _mesa_get_point_param_state(struct gl_context *ctx, GLenum pname,
                                 GLfloat *f, unsigned *n,
                                 enum ff_value_kind *kind);

/* glPixelMap* compiled into a list (pixel.c). */
void _mesa_pixel_map_replay(struct gl_context *ctx,
                            const struct gl_dl_node *n);
/* glPolygonStipple compiled into a list (polygon_stipple.c). */
void _mesa_polygon_stipple_replay(struct gl_context *ctx,
                                  const struct gl_dl_node *n);
/* A draw (as st_draw_gl gets it) of stippled lines without a program,
 * redrawn as segments carrying their stipple counters (line_stipple.c);
 * false when the draw is not one (the caller draws it). */
bool _mesa_line_stipple_draw(struct gl_context *ctx, GLenum mode,
                             GLint first, GLsizei count, GLenum index_type,
                             const void *indices, GLsizei instances,
                             GLint basevertex);
/* The same for quads, quad strips and polygons in polygon modes other
 * than GL_FILL (polygon_mode.c). */
bool _mesa_polygon_mode_draw(struct gl_context *ctx, GLenum mode,
                             GLint first, GLsizei count, GLenum index_type,
                             const void *indices, GLsizei instances,
                             GLint basevertex);
/* A draw in GL_SELECT (or GL_FEEDBACK) render mode: nothing is drawn;
 * selection records the window z range of the primitives that are not
 * clipped away (select.c). */
void _mesa_select_draw(struct gl_context *ctx, GLenum mode, GLint first,
                       GLsizei count, GLenum index_type, const void *indices,
                       GLint basevertex);
bool _mesa_get_select_state(struct gl_context *ctx, GLenum pname,
                            GLfloat *f);
/* The same in GL_FEEDBACK mode: the primitives' values into the feedback
 * buffer (feedback.c). */
void _mesa_feedback_draw(struct gl_context *ctx, GLenum mode, GLint first,
                         GLsizei count, GLenum index_type,
                         const void *indices, GLint basevertex);
/* One value into the feedback buffer (in GL_FEEDBACK mode). */
void _mesa_feedback_token(struct gl_context *ctx, GLfloat value);
/* glBitmap, glDrawPixels, glCopyPixels outside GL_RENDER mode (sections
 * 5.2-5.3): true when they must not draw; in GL_FEEDBACK mode token and
 * the raster position are written when it is valid. */
bool _mesa_feedback_pixels(struct gl_context *ctx, GLenum token);

/* The context has the fixed-function state (compatibility, not ES or
 * forward-compatible). */
bool _mesa_has_ff(const struct gl_context *ctx);
/* _mesa_has_ff, else GL_INVALID_OPERATION. */
bool _mesa_ff_compat_only(struct gl_context *ctx, const char *func);
/* _mesa_ff_compat_only and not between glBegin and glEnd. */
bool _mesa_ff_allowed(struct gl_context *ctx, const char *func);
/* The fixed-function state changed: new program and constants. */
void _mesa_ff_changed(struct gl_context *ctx);

/*
 * A family of fixed-function parameter commands, glName{f,i,d}[v]
 * (glTexEnv, glFog, glTexGen, glLight, glLightModel, glMaterial) and
 * glGetName{f,i,d}v.  The entry points are generated
 * (gl_ff_entry_gen.py); they hand their parameters to _mesa_ff_param_set
 * and _mesa_ff_param_get (ffparams.c), which convert them to and from
 * floats with the family's table and call its set/get.
 */
struct ff_param_family {
   /* The families with one vector parameter, a colour (glTexEnv, glFog,
    * glLightModel): it takes four values, the others one.  0 for the
    * others, which give count and is_color. */
   GLenum color_pname;
   /* How many values pname takes (0 when it is not the family's). */
   unsigned (*count)(GLenum pname);
   /* Integer forms of pname map the integer range to [-1, 1] (colours,
    * GL 2.1 section 2.14.2 and table 2.9); NULL: no colours. */
   bool (*is_color)(GLenum pname);
   /* Validates and stores (at most four) values; target is 0 for the
    * families that have none. */
   void (*set)(struct gl_context *ctx, GLenum target, GLenum pname,
               const GLfloat *v, bool scalar, const char *func);
   /* The n (at most four) values of pname and how integers read them. */
   bool (*get)(struct gl_context *ctx, GLenum target, GLenum pname,
               GLfloat *v, unsigned *n, enum ff_value_kind *kind,
               const char *func);
};

extern const struct ff_param_family _mesa_ff_tex_env_params;
extern const struct ff_param_family _mesa_ff_fog_params;
extern const struct ff_param_family _mesa_ff_tex_gen_params;
extern const struct ff_param_family _mesa_ff_light_params;
extern const struct ff_param_family _mesa_ff_light_model_params;
extern const struct ff_param_family _mesa_ff_material_params;

/* type: GL_FLOAT, GL_INT or GL_DOUBLE; scalar: the glNamef form. */
void _mesa_ff_param_set(const struct ff_param_family *fam, GLenum target,
                        GLenum pname, GLenum type, const void *params,
                        bool scalar, const char *func);
void _mesa_ff_param_get(const struct ff_param_family *fam, GLenum target,
                        GLenum pname, GLenum type, void *params,
                        const char *func);
/* A value of the kind as glGetIntegerv returns it (GL 2.1 section
 * 6.1.2): colours over the whole integer range, others rounded. */
GLint _mesa_ff_value_to_int(GLfloat v, enum ff_value_kind kind);

/* The helpers of the generated attribute entry points
 * (gl_ff_entry_gen.py): glVertex (immediate.c), glRect (immediate.c),
 * glColor/glNormal/glFogCoord ... (varray_compat.c), glTexCoord and
 * glMultiTexCoord (varray_compat.c), glRasterPos and glWindowPos
 * (rastpos.c; glWindowPos ignores w). */
void _mesa_imm_vertex(GLfloat x, GLfloat y, GLfloat z, GLfloat w);
/* After generic attribute 0 was set: a vertex of its value when between
 * glBegin and glEnd (immediate.c). */
void _mesa_imm_attrib0_vertex(struct gl_context *ctx);
void _mesa_imm_rect(GLfloat x1, GLfloat y1, GLfloat x2, GLfloat y2);
void _mesa_current_attrib(unsigned attrib, GLfloat x, GLfloat y, GLfloat z,
                          GLfloat w, const char *func);
void _mesa_multi_tex_coord(GLenum unit, GLfloat s, GLfloat t, GLfloat r,
                           GLfloat q, const char *func);
void _mesa_raster_pos(GLfloat x, GLfloat y, GLfloat z, GLfloat w);
void _mesa_window_pos(GLfloat x, GLfloat y, GLfloat z, GLfloat w);

#endif
