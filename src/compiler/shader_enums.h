/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Enumerations shared by every compiler stage: shader stages, I/O slots and
 * system values.  Values are our own; only the names follow GL usage.
 */
#ifndef SHADER_ENUMS_H
#define SHADER_ENUMS_H

typedef enum gl_shader_stage {
   MESA_SHADER_NONE = -1,
   MESA_SHADER_VERTEX = 0,
   MESA_SHADER_TESS_CTRL,
   MESA_SHADER_TESS_EVAL,
   MESA_SHADER_GEOMETRY,
   MESA_SHADER_FRAGMENT,
   MESA_SHADER_COMPUTE,
   MESA_SHADER_KERNEL, /* OpenCL-style compute: no GLSL */
   MESA_SHADER_STAGES,
} gl_shader_stage;

const char *gl_shader_stage_name(gl_shader_stage stage);

/* Vertex shader inputs (nir_variable data.location).  Generic attribute n
 * is VERT_ATTRIB_GENERIC0 + n (n < 16); gl_Vertex is generic attribute 0
 * (the two alias, GL 2.1 section 2.7).  The compatibility profile's other
 * conventional attributes (GL 2.1 section 2.7, table 2.4) follow the
 * generic ones: the linker gives each a free generic slot as its
 * driver_location, and the GL front end feeds that slot from the
 * conventional array or current value of the same name. */
#define VERT_ATTRIB_GENERIC0 0
#define VERT_ATTRIB_NORMAL 16    /* gl_Normal */
#define VERT_ATTRIB_COLOR0 17    /* gl_Color */
#define VERT_ATTRIB_COLOR1 18    /* gl_SecondaryColor */
#define VERT_ATTRIB_FOG 19       /* gl_FogCoord */
#define VERT_ATTRIB_TEX0 20      /* gl_MultiTexCoord0 .. 7 */
#define VERT_ATTRIB_COUNT 28     /* generic + conventional */
#define VERT_ATTRIB_MAX 32

/* Varying slots (outputs of geometry stages, inputs of the fragment
 * stage), one vec4 each. */
typedef enum {
   VARYING_SLOT_POS = 0,
   VARYING_SLOT_PSIZ,
   VARYING_SLOT_COL0,
   VARYING_SLOT_COL1,
   VARYING_SLOT_BFC0,
   VARYING_SLOT_BFC1,
   VARYING_SLOT_FOGC,
   VARYING_SLOT_CLIP_DIST0,
   VARYING_SLOT_CLIP_DIST1,
   VARYING_SLOT_PNTC,
   VARYING_SLOT_LAYER,
   VARYING_SLOT_VIEWPORT,
   VARYING_SLOT_FACE,
   VARYING_SLOT_TEX0,
   VARYING_SLOT_VAR0 = VARYING_SLOT_TEX0 + 8,
   /* gl_ClipVertex (compatibility): never a hardware varying, the
    * backend turns it into clip distances */
   VARYING_SLOT_CLIP_VERTEX = VARYING_SLOT_VAR0 + 32,
   /* gl_PrimitiveID written by a geometry shader, read by the fragment
    * shader */
   VARYING_SLOT_PRIMITIVE_ID,
   /* gl_CullDistance (ARB_cull_distance), four floats a slot like the
    * clip distances */
   VARYING_SLOT_CULL_DIST0,
   VARYING_SLOT_CULL_DIST1,
   /* The backend's own: per cull distance, 1.0 where the vertex is
    * inside the half-space, else 0.0 (agx_nir_lower_cull_distance.c) */
   VARYING_SLOT_CULL_PRIMITIVE0,
   VARYING_SLOT_CULL_PRIMITIVE1,
   VARYING_SLOT_MAX,
} gl_varying_slot;

/* Primitive types, numbered as GL's (GL_POINTS = 0 ...
 * GL_TRIANGLE_STRIP_ADJACENCY = 0xd) and Gallium's enum pipe_prim_type. */
enum mesa_prim {
   MESA_PRIM_POINTS,
   MESA_PRIM_LINES,
   MESA_PRIM_LINE_LOOP,
   MESA_PRIM_LINE_STRIP,
   MESA_PRIM_TRIANGLES,
   MESA_PRIM_TRIANGLE_STRIP,
   MESA_PRIM_TRIANGLE_FAN,
   MESA_PRIM_QUADS,
   MESA_PRIM_QUAD_STRIP,
   MESA_PRIM_POLYGON,
   MESA_PRIM_LINES_ADJACENCY,
   MESA_PRIM_LINE_STRIP_ADJACENCY,
   MESA_PRIM_TRIANGLES_ADJACENCY,
   MESA_PRIM_TRIANGLE_STRIP_ADJACENCY,
   MESA_PRIM_PATCHES,
   MESA_PRIM_COUNT,
};

/* Fragment shader outputs. */
typedef enum {
   FRAG_RESULT_DEPTH = 0,
   FRAG_RESULT_STENCIL,
   FRAG_RESULT_SAMPLE_MASK,
   FRAG_RESULT_COLOR,
   FRAG_RESULT_DATA0,
   /* The second colour of dual-source blending (an output with index 1,
    * ARB/EXT_blend_func_extended) for draw buffer 0, the only one that
    * blends with two sources (GL_MAX_DUAL_SOURCE_DRAW_BUFFERS is 1). */
   FRAG_RESULT_DUAL_SRC0 = FRAG_RESULT_DATA0 + 8,
   FRAG_RESULT_MAX,
} gl_frag_result;

/* Values the hardware or driver supplies (gl_VertexID ...). */
typedef enum {
   SYSTEM_VALUE_VERTEX_ID,
   SYSTEM_VALUE_VERTEX_ID_ZERO_BASE,
   SYSTEM_VALUE_BASE_VERTEX,
   SYSTEM_VALUE_INSTANCE_ID,
   SYSTEM_VALUE_BASE_INSTANCE,
   SYSTEM_VALUE_FRAG_COORD,
   SYSTEM_VALUE_FRONT_FACE,
   SYSTEM_VALUE_SAMPLE_ID,
   SYSTEM_VALUE_SAMPLE_POS,
   SYSTEM_VALUE_POINT_COORD,
   SYSTEM_VALUE_HELPER_INVOCATION,
   SYSTEM_VALUE_LOCAL_INVOCATION_ID,
   SYSTEM_VALUE_LOCAL_INVOCATION_INDEX,
   SYSTEM_VALUE_WORKGROUP_ID,
   SYSTEM_VALUE_NUM_WORKGROUPS,
   SYSTEM_VALUE_WORKGROUP_SIZE,
   SYSTEM_VALUE_GLOBAL_INVOCATION_ID,
   SYSTEM_VALUE_PRIMITIVE_ID,
   SYSTEM_VALUE_INVOCATION_ID,
   SYSTEM_VALUE_MAX,
} gl_system_value;

const char *gl_system_value_name(gl_system_value sv);

#endif
