/*
 * Shader-stage enumeration shared by the GLSL front end and NIR.
 * Kept minimal: only what the compilers need so far.
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
   MESA_SHADER_STAGES,
} gl_shader_stage;

#endif
