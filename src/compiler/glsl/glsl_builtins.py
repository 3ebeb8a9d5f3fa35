#!/usr/bin/env python3
# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
"""Built-in GLSL variables, constants and functions, as data.

Facts come from the GLSL 1.10-4.60 and GLSL ES 1.00-3.20 specifications
(chapters "Built-in Variables" and "Built-in Functions").  Each entry says
in which stages and from (and until) which versions it exists, and which
extension brings it earlier.  The generator writes glsl_builtins_table.c.

Adding a built-in: add a V(...) or F(...) line below; see docs/glsl.rst.

Usage: glsl_builtins.py OUTPUT.c
"""

import sys
from mako.template import Template

ALL = 'vert tesc tese geom frag comp'.split()
VS, TCS, TES, GS, FS, CS = ALL

VARIABLES = []
FUNCTIONS = []


def V(name, type_, qual, stages=ALL, desk=110, es=100, desk_until=0,
      es_until=0, compat=False, ext=None, value=None, ro=None):
    """qual: in, out, inout (read-write input), uniform, const."""
    if isinstance(stages, str):
        stages = [stages]
    VARIABLES.append(dict(name=name, type=type_, qual=qual, stages=stages,
                          desk=desk, es=es, desk_until=desk_until,
                          es_until=es_until, compat=compat, ext=ext,
                          value=value))


# ---- vertex / geometry / tessellation outputs -----------------------------
V('gl_Position', 'vec4', 'out', [VS, TES, GS])
V('gl_PointSize', 'float', 'out', [VS, TES, GS])
V('gl_ClipVertex', 'vec4', 'out', [VS, GS], es=0, desk_until=140,
  compat=True)
V('gl_ClipDistance', 'float[]', 'out', [VS, TES, GS], desk=130, es=0,
  ext='GL_EXT_clip_cull_distance')
V('gl_ClipDistance', 'float[]', 'in', FS, desk=130, es=0,
  ext='GL_EXT_clip_cull_distance')
V('gl_CullDistance', 'float[]', 'out', [VS, TES, GS], desk=450, es=0,
  ext='GL_ARB_cull_distance')
# ARB_cull_distance: the fragment shader reads the interpolated distances
V('gl_CullDistance', 'float[]', 'in', FS, desk=450, es=0,
  ext='GL_ARB_cull_distance')
V('gl_VertexID', 'int', 'in', VS, desk=130, es=300)
V('gl_InstanceID', 'int', 'in', VS, desk=140, es=300,
  ext='GL_ARB_draw_instanced')
# The extension's own spelling (ARB_draw_instanced), vertex shaders only.
V('gl_InstanceIDARB', 'int', 'in', VS, desk=0, es=0,
  ext='GL_ARB_draw_instanced')
# GL_EXT_draw_instanced's spelling in GLSL ES 1.00 vertex shaders.
V('gl_InstanceIDEXT', 'int', 'in', VS, desk=0, es=0,
  ext='GL_EXT_draw_instanced')
V('gl_BaseVertex', 'int', 'in', VS, desk=460, es=0,
  ext='GL_ARB_shader_draw_parameters')
V('gl_BaseInstance', 'int', 'in', VS, desk=460, es=0,
  ext='GL_ARB_shader_draw_parameters')
V('gl_DrawID', 'int', 'in', VS, desk=460, es=0,
  ext='GL_ARB_shader_draw_parameters')
# compatibility vertex attributes and varyings
for n, t in (('gl_Color', 'vec4'), ('gl_SecondaryColor', 'vec4'),
             ('gl_Normal', 'vec3'), ('gl_Vertex', 'vec4'),
             ('gl_FogCoord', 'float')):
    V(n, t, 'in', VS, es=0, desk_until=140, compat=True)
for i in range(8):
    V('gl_MultiTexCoord%d' % i, 'vec4', 'in', VS, es=0, desk_until=140,
      compat=True)
for n in ('gl_FrontColor', 'gl_BackColor', 'gl_FrontSecondaryColor',
          'gl_BackSecondaryColor'):
    V(n, 'vec4', 'out', [VS, GS], es=0, desk_until=140, compat=True)
V('gl_TexCoord', 'vec4[]', 'out', [VS, GS], es=0, desk_until=140,
  compat=True)
V('gl_FogFragCoord', 'float', 'out', [VS, GS], es=0, desk_until=140,
  compat=True)

# ---- geometry / tessellation ---------------------------------------------
V('gl_PrimitiveIDIn', 'int', 'in', GS, desk=150, es=320,
  ext='GL_EXT_geometry_shader')
V('gl_PrimitiveID', 'int', 'out', GS, desk=150, es=320,
  ext='GL_EXT_geometry_shader')
V('gl_PrimitiveID', 'int', 'in', [TCS, TES], desk=400, es=320,
  ext='GL_ARB_tessellation_shader')
V('gl_PrimitiveID', 'int', 'in', FS, desk=150, es=320)
V('gl_InvocationID', 'int', 'in', GS, desk=400, es=320,
  ext='GL_ARB_gpu_shader5')
V('gl_InvocationID', 'int', 'in', TCS, desk=400, es=320,
  ext='GL_ARB_tessellation_shader')
V('gl_Layer', 'int', 'out', GS, desk=150, es=320,
  ext='GL_EXT_geometry_shader')
V('gl_Layer', 'int', 'in', FS, desk=430, es=320,
  ext='GL_ARB_fragment_layer_viewport')
V('gl_ViewportIndex', 'int', 'out', GS, desk=410, es=0,
  ext='GL_ARB_viewport_array')
V('gl_ViewportIndex', 'int', 'in', FS, desk=430, es=0,
  ext='GL_ARB_fragment_layer_viewport')
V('gl_PatchVerticesIn', 'int', 'in', [TCS, TES], desk=400, es=320,
  ext='GL_ARB_tessellation_shader')
V('gl_TessLevelOuter', 'float[4]', 'out', TCS, desk=400, es=320,
  ext='GL_ARB_tessellation_shader')
V('gl_TessLevelInner', 'float[2]', 'out', TCS, desk=400, es=320,
  ext='GL_ARB_tessellation_shader')
V('gl_TessLevelOuter', 'float[4]', 'in', TES, desk=400, es=320,
  ext='GL_ARB_tessellation_shader')
V('gl_TessLevelInner', 'float[2]', 'in', TES, desk=400, es=320,
  ext='GL_ARB_tessellation_shader')
V('gl_TessCoord', 'vec3', 'in', TES, desk=400, es=320,
  ext='GL_ARB_tessellation_shader')
# gl_in / gl_out are blocks; declared specially by the checker.

# ---- fragment ------------------------------------------------------------
V('gl_FragCoord', 'vec4', 'in', FS)
V('gl_FrontFacing', 'bool', 'in', FS)
V('gl_PointCoord', 'vec2', 'in', FS, desk=110, es=100)
V('gl_FragColor', 'vec4', 'out', FS, desk_until=420, es_until=300)
V('gl_FragData', 'vec4[gl_MaxDrawBuffers]', 'out', FS, desk_until=420,
  es_until=300)
V('gl_FragDepth', 'float', 'out', FS, es=300, ext='GL_EXT_frag_depth')
V('gl_FragDepthEXT', 'float', 'out', FS, desk=0, es=0,
  ext='GL_EXT_frag_depth')
# EXT_blend_func_extended: the second blend source in GLSL ES 1.00 only
# (the extension leaves them out of ES 3.00; es_until bounds the
# extension too).
V('gl_SecondaryFragColorEXT', 'vec4', 'out', FS, desk=0, es=0, es_until=300,
  ext='GL_EXT_blend_func_extended')
V('gl_SecondaryFragDataEXT', 'vec4[gl_MaxDualSourceDrawBuffersEXT]', 'out',
  FS, desk=0, es=0, es_until=300, ext='GL_EXT_blend_func_extended')
V('gl_Color', 'vec4', 'in', FS, es=0, desk_until=140, compat=True)
V('gl_SecondaryColor', 'vec4', 'in', FS, es=0, desk_until=140, compat=True)
V('gl_TexCoord', 'vec4[]', 'in', FS, es=0, desk_until=140, compat=True)
V('gl_FogFragCoord', 'float', 'in', FS, es=0, desk_until=140, compat=True)
V('gl_SampleID', 'int', 'in', FS, desk=400, es=320,
  ext='GL_ARB_sample_shading')
V('gl_SamplePosition', 'vec2', 'in', FS, desk=400, es=320,
  ext='GL_ARB_sample_shading')
V('gl_SampleMaskIn', 'int[]', 'in', FS, desk=400, es=320,
  ext='GL_ARB_gpu_shader5')
V('gl_SampleMask', 'int[]', 'out', FS, desk=400, es=320,
  ext='GL_ARB_sample_shading')
V('gl_HelperInvocation', 'bool', 'in', FS, desk=450, es=310)
V('gl_NumSamples', 'int', 'uniform', FS, desk=400, es=320,
  ext='GL_ARB_sample_shading')

# ---- compute -------------------------------------------------------------
CSX = 'GL_ARB_compute_shader'
V('gl_NumWorkGroups', 'uvec3', 'in', CS, desk=430, es=310, ext=CSX)
V('gl_WorkGroupID', 'uvec3', 'in', CS, desk=430, es=310, ext=CSX)
V('gl_LocalInvocationID', 'uvec3', 'in', CS, desk=430, es=310, ext=CSX)
V('gl_GlobalInvocationID', 'uvec3', 'in', CS, desk=430, es=310, ext=CSX)
V('gl_LocalInvocationIndex', 'uint', 'in', CS, desk=430, es=310, ext=CSX)
V('gl_WorkGroupSize', 'uvec3', 'const', CS, desk=430, es=310, ext=CSX)

# ---- uniforms -------------------------------------------------------------
V('gl_DepthRange', 'gl_DepthRangeParameters', 'uniform')
for n in ('gl_ModelViewMatrix', 'gl_ProjectionMatrix',
          'gl_ModelViewProjectionMatrix', 'gl_ModelViewMatrixInverse',
          'gl_ProjectionMatrixInverse', 'gl_ModelViewProjectionMatrixInverse',
          'gl_ModelViewMatrixTranspose', 'gl_ProjectionMatrixTranspose',
          'gl_ModelViewProjectionMatrixTranspose',
          'gl_ModelViewMatrixInverseTranspose',
          'gl_ProjectionMatrixInverseTranspose',
          'gl_ModelViewProjectionMatrixInverseTranspose'):
    V(n, 'mat4', 'uniform', es=0, desk_until=140, compat=True)
for n in ('gl_TextureMatrix', 'gl_TextureMatrixInverse',
          'gl_TextureMatrixTranspose', 'gl_TextureMatrixInverseTranspose'):
    V(n, 'mat4[gl_MaxTextureCoords]', 'uniform', es=0, desk_until=140,
      compat=True)
V('gl_NormalMatrix', 'mat3', 'uniform', es=0, desk_until=140, compat=True)
V('gl_NormalScale', 'float', 'uniform', es=0, desk_until=140, compat=True)
V('gl_ClipPlane', 'vec4[gl_MaxClipPlanes]', 'uniform', es=0,
  desk_until=140, compat=True)
V('gl_Point', 'gl_PointParameters', 'uniform', es=0, desk_until=140,
  compat=True)
V('gl_FrontMaterial', 'gl_MaterialParameters', 'uniform', es=0,
  desk_until=140, compat=True)
V('gl_BackMaterial', 'gl_MaterialParameters', 'uniform', es=0,
  desk_until=140, compat=True)
V('gl_LightSource', 'gl_LightSourceParameters[gl_MaxLights]', 'uniform',
  es=0, desk_until=140, compat=True)
V('gl_LightModel', 'gl_LightModelParameters', 'uniform', es=0,
  desk_until=140, compat=True)
V('gl_FrontLightModelProduct', 'gl_LightModelProducts', 'uniform', es=0,
  desk_until=140, compat=True)
V('gl_BackLightModelProduct', 'gl_LightModelProducts', 'uniform', es=0,
  desk_until=140, compat=True)
V('gl_FrontLightProduct', 'gl_LightProducts[gl_MaxLights]', 'uniform',
  es=0, desk_until=140, compat=True)
V('gl_BackLightProduct', 'gl_LightProducts[gl_MaxLights]', 'uniform',
  es=0, desk_until=140, compat=True)
V('gl_TextureEnvColor', 'vec4[gl_MaxTextureUnits]', 'uniform', es=0,
  desk_until=140, compat=True)
for c in 'STRQ':
    for kind in ('gl_EyePlane', 'gl_ObjectPlane'):
        V(kind + c, 'vec4[gl_MaxTextureCoords]', 'uniform', es=0,
          desk_until=140, compat=True)
V('gl_Fog', 'gl_FogParameters', 'uniform', es=0, desk_until=140,
  compat=True)

# ---- constants (minimum maximums from the specs) -----------------------
def C(name, value, desk=110, es=100, desk_until=0, es_until=0, ext=None,
      compat=False):
    V(name, 'int', 'const', ALL, desk=desk, es=es, desk_until=desk_until,
      es_until=es_until, ext=ext, value=value, compat=compat)


C('gl_MaxLights', 8, es=0, desk_until=140, compat=True)
C('gl_MaxClipPlanes', 8, es=0, desk_until=140, compat=True)
C('gl_MaxTextureUnits', 2, es=0, desk_until=140, compat=True)
C('gl_MaxTextureCoords', 8, es=0, desk_until=140, compat=True)
C('gl_MaxVertexAttribs', 16)
# Default-block uniforms: 4096 vec4s a stage, as GL reports them
# (src/mesa/main/context.c).
C('gl_MaxVertexUniformComponents', 16384, es=0)
# GL_MAX_VARYING_FLOATS / _COMPONENTS: 32 vec4 varyings (docs/gl.rst,
# Desktop OpenGL 3.2; GLSL 3.30's minimum is 60)
C('gl_MaxVaryingFloats', 128, es=0, desk_until=0)
C('gl_MaxVaryingComponents', 128, desk=130, es=0)
C('gl_MaxVertexTextureImageUnits', 16)
C('gl_MaxCombinedTextureImageUnits', 48)
C('gl_MaxTextureImageUnits', 16)
C('gl_MaxFragmentUniformComponents', 16384, es=0)
C('gl_MaxDrawBuffers', 8)
C('gl_MaxDualSourceDrawBuffersEXT', 1, desk=0, es=0,
  ext='GL_EXT_blend_func_extended')
C('gl_MaxClipDistances', 8, desk=130, es=0, ext='GL_EXT_clip_cull_distance')
C('gl_MaxVertexUniformVectors', 4096, desk=410, es=100)
C('gl_MaxFragmentUniformVectors', 4096, desk=410, es=100)
C('gl_MaxVaryingVectors', 15, desk=410, es=100)
C('gl_MaxVertexOutputVectors', 16, desk=0, es=300)
C('gl_MaxFragmentInputVectors', 15, desk=0, es=300)
C('gl_MinProgramTexelOffset', -8, desk=130, es=300)
C('gl_MaxProgramTexelOffset', 7, desk=130, es=300)
C('gl_MaxVertexOutputComponents', 64, desk=150, es=0)
C('gl_MaxGeometryInputComponents', 64, desk=150, es=320)
C('gl_MaxGeometryOutputComponents', 128, desk=150, es=320)
C('gl_MaxFragmentInputComponents', 128, desk=150, es=0)
C('gl_MaxGeometryTextureImageUnits', 16, desk=150, es=320)
C('gl_MaxGeometryOutputVertices', 256, desk=150, es=320)
C('gl_MaxGeometryTotalOutputComponents', 1024, desk=150, es=320)
C('gl_MaxGeometryUniformComponents', 16384, desk=150, es=320)
C('gl_MaxGeometryVaryingComponents', 64, desk=150, es=0)
C('gl_MaxTessControlInputComponents', 128, desk=400, es=320,
  ext='GL_ARB_tessellation_shader')
C('gl_MaxTessControlOutputComponents', 128, desk=400, es=320,
  ext='GL_ARB_tessellation_shader')
C('gl_MaxTessControlTextureImageUnits', 16, desk=400, es=320,
  ext='GL_ARB_tessellation_shader')
C('gl_MaxTessControlUniformComponents', 1024, desk=400, es=320,
  ext='GL_ARB_tessellation_shader')
C('gl_MaxTessControlTotalOutputComponents', 4096, desk=400, es=320,
  ext='GL_ARB_tessellation_shader')
C('gl_MaxTessEvaluationInputComponents', 128, desk=400, es=320,
  ext='GL_ARB_tessellation_shader')
C('gl_MaxTessEvaluationOutputComponents', 128, desk=400, es=320,
  ext='GL_ARB_tessellation_shader')
C('gl_MaxTessEvaluationTextureImageUnits', 16, desk=400, es=320,
  ext='GL_ARB_tessellation_shader')
C('gl_MaxTessEvaluationUniformComponents', 1024, desk=400, es=320,
  ext='GL_ARB_tessellation_shader')
C('gl_MaxTessPatchComponents', 120, desk=400, es=320,
  ext='GL_ARB_tessellation_shader')
C('gl_MaxPatchVertices', 32, desk=400, es=320,
  ext='GL_ARB_tessellation_shader')
C('gl_MaxTessGenLevel', 64, desk=400, es=320,
  ext='GL_ARB_tessellation_shader')
C('gl_MaxViewports', 16, desk=410, es=0, ext='GL_ARB_viewport_array')
C('gl_MaxVertexAtomicCounters', 0, desk=420, es=310,
  ext='GL_ARB_shader_atomic_counters')
C('gl_MaxFragmentAtomicCounters', 8, desk=420, es=310,
  ext='GL_ARB_shader_atomic_counters')
C('gl_MaxCombinedAtomicCounters', 8, desk=420, es=310,
  ext='GL_ARB_shader_atomic_counters')
C('gl_MaxAtomicCounterBindings', 1, desk=420, es=310,
  ext='GL_ARB_shader_atomic_counters')
C('gl_MaxVertexAtomicCounterBuffers', 0, desk=420, es=310,
  ext='GL_ARB_shader_atomic_counters')
C('gl_MaxFragmentAtomicCounterBuffers', 1, desk=420, es=310,
  ext='GL_ARB_shader_atomic_counters')
C('gl_MaxCombinedAtomicCounterBuffers', 1, desk=420, es=310,
  ext='GL_ARB_shader_atomic_counters')
C('gl_MaxAtomicCounterBufferSize', 32, desk=420, es=310,
  ext='GL_ARB_shader_atomic_counters')
C('gl_MaxImageUnits', 8, desk=420, es=310,
  ext='GL_ARB_shader_image_load_store')
C('gl_MaxCombinedImageUnitsAndFragmentOutputs', 8, desk=420, es=0,
  ext='GL_ARB_shader_image_load_store')
C('gl_MaxImageSamples', 0, desk=420, es=0,
  ext='GL_ARB_shader_image_load_store')
C('gl_MaxVertexImageUniforms', 0, desk=420, es=310,
  ext='GL_ARB_shader_image_load_store')
C('gl_MaxFragmentImageUniforms', 8, desk=420, es=310,
  ext='GL_ARB_shader_image_load_store')
C('gl_MaxCombinedImageUniforms', 8, desk=420, es=310,
  ext='GL_ARB_shader_image_load_store')
C('gl_MaxComputeImageUniforms', 8, desk=430, es=310, ext=CSX)
C('gl_MaxComputeUniformComponents', 16384, desk=430, es=310, ext=CSX)
C('gl_MaxComputeTextureImageUnits', 16, desk=430, es=310, ext=CSX)
C('gl_MaxComputeAtomicCounters', 8, desk=430, es=310, ext=CSX)
C('gl_MaxComputeAtomicCounterBuffers', 1, desk=430, es=310, ext=CSX)
C('gl_MaxTransformFeedbackBuffers', 4, desk=440, es=0,
  ext='GL_ARB_enhanced_layouts')
C('gl_MaxTransformFeedbackInterleavedComponents', 64, desk=440, es=0,
  ext='GL_ARB_enhanced_layouts')
C('gl_MaxCullDistances', 8, desk=450, es=0, ext='GL_ARB_cull_distance')
C('gl_MaxCombinedClipAndCullDistances', 8, desk=450, es=0,
  ext='GL_ARB_cull_distance')
C('gl_MaxSamples', 4, desk=450, es=320)
V('gl_MaxComputeWorkGroupCount', 'ivec3', 'const', ALL, desk=430, es=310,
  ext=CSX, value=(65535, 65535, 65535))
V('gl_MaxComputeWorkGroupSize', 'ivec3', 'const', ALL, desk=430, es=310,
  ext=CSX, value=(1024, 1024, 64))

# ---- functions ---------------------------------------------------------
# Type patterns: gen{F,D,I,U,B}Type expand over scalar+vec2..4 in lockstep;
# mat expands over float matrices, dmat over double ones.
GEN = {
    'genFType': ['float', 'vec2', 'vec3', 'vec4'],
    'genDType': ['double', 'dvec2', 'dvec3', 'dvec4'],
    'genIType': ['int', 'ivec2', 'ivec3', 'ivec4'],
    'genUType': ['uint', 'uvec2', 'uvec3', 'uvec4'],
    'genBType': ['bool', 'bvec2', 'bvec3', 'bvec4'],
    'vec': ['vec2', 'vec3', 'vec4'],
    'dvec': ['dvec2', 'dvec3', 'dvec4'],
    'ivec': ['ivec2', 'ivec3', 'ivec4'],
    'uvec': ['uvec2', 'uvec3', 'uvec4'],
    'bvec': ['bvec2', 'bvec3', 'bvec4'],
    'mat': ['mat2', 'mat3', 'mat4', 'mat2x3', 'mat2x4', 'mat3x2', 'mat3x4',
            'mat4x2', 'mat4x3'],
    'dmat': ['dmat2', 'dmat3', 'dmat4', 'dmat2x3', 'dmat2x4', 'dmat3x2',
             'dmat3x4', 'dmat4x2', 'dmat4x3'],
}
FP64 = 'GL_ARB_gpu_shader_fp64'


def F(sig, desk=110, es=100, stages=ALL, ext=None, const=True,
      desk_until=0, es_until=0):
    """sig: 'ret name(p1, out p2, ...)' with GEN patterns."""
    ret, rest = sig.split(' ', 1)
    name, params = rest.split('(', 1)
    params = [p.strip() for p in params.rstrip(')').split(',') if p.strip()]
    pats = [g for g in GEN if g == ret or any(p.split()[-1] == g
                                              for p in params)]
    n = len(GEN[pats[0]]) if pats else 1
    for i in range(n):
        def sub(t):
            return GEN[t][i] if t in GEN else t
        ps = []
        for p in params:
            words = p.split()
            ps.append((sub(words[-1]), words[0] if len(words) > 1 else 'in'))
        FUNCTIONS.append(dict(name=name.strip(), ret=sub(ret), params=ps,
                              desk=desk, es=es, stages=stages, ext=ext,
                              const=const, desk_until=desk_until,
                              es_until=es_until))


def FD(sig, desk=110, es=100, **kw):
    """Float signature, plus the double one from GLSL 4.00 / fp64."""
    F(sig, desk, es, **kw)
    d = sig.replace('genFType', 'genDType').replace('float', 'double')
    d = d.replace('vec', 'dvec').replace('mat', 'dmat')
    d = d.replace('genDType', 'genDType')
    F(d, 400, 0, ext=FP64)


# angle and trigonometry
for fn in ('radians', 'degrees', 'sin', 'cos', 'tan', 'asin', 'acos'):
    F('genFType %s(genFType)' % fn)
F('genFType atan(genFType, genFType)')
F('genFType atan(genFType)')
for fn in ('sinh', 'cosh', 'tanh', 'asinh', 'acosh', 'atanh'):
    F('genFType %s(genFType)' % fn, desk=130, es=300)
# exponential
for fn in ('exp', 'log', 'exp2', 'log2'):
    F('genFType %s(genFType)' % fn)
F('genFType pow(genFType, genFType)')
FD('genFType sqrt(genFType)')
FD('genFType inversesqrt(genFType)')
# common
FD('genFType abs(genFType)')
F('genIType abs(genIType)', desk=130, es=300)
FD('genFType sign(genFType)')
F('genIType sign(genIType)', desk=130, es=300)
for fn in ('floor', 'ceil', 'fract'):
    FD('genFType %s(genFType)' % fn)
for fn in ('trunc', 'round', 'roundEven'):
    FD('genFType %s(genFType)' % fn, desk=130, es=300)
FD('genFType mod(genFType, float)')
FD('genFType mod(genFType, genFType)')
FD('genFType modf(genFType, out genFType)', desk=130, es=300)
# The signed-integer min, max and clamp are GLSL 1.30's, but desktop
# GLSL 1.10/1.20 shaders get them too, as Mesa gives them (piglit's
# glsl-1.10/execution/vs-loop-variable-iteration-limit-unroll uses
# min(int, int) under #version 110; fact: alexvorxx/Mesa-VirGL
# src/compiler/glsl/builtin_functions.cpp, always_available).
for fn in ('min', 'max'):
    FD('genFType %s(genFType, genFType)' % fn)
    FD('genFType %s(genFType, float)' % fn)
    F('genIType %s(genIType, genIType)' % fn, desk=110, es=300)
    F('genIType %s(genIType, int)' % fn, desk=110, es=300)
    F('genUType %s(genUType, genUType)' % fn, desk=130, es=300)
    F('genUType %s(genUType, uint)' % fn, desk=130, es=300)
FD('genFType clamp(genFType, genFType, genFType)')
FD('genFType clamp(genFType, float, float)')
F('genIType clamp(genIType, genIType, genIType)', desk=110, es=300)
F('genIType clamp(genIType, int, int)', desk=110, es=300)
F('genUType clamp(genUType, genUType, genUType)', desk=130, es=300)
F('genUType clamp(genUType, uint, uint)', desk=130, es=300)
FD('genFType mix(genFType, genFType, genFType)')
FD('genFType mix(genFType, genFType, float)')
FD('genFType mix(genFType, genFType, genBType)', desk=130, es=300)
F('genIType mix(genIType, genIType, genBType)', desk=450, es=310)
F('genUType mix(genUType, genUType, genBType)', desk=450, es=310)
F('genBType mix(genBType, genBType, genBType)', desk=450, es=310)
FD('genFType step(genFType, genFType)')
FD('genFType step(float, genFType)')
FD('genFType smoothstep(genFType, genFType, genFType)')
FD('genFType smoothstep(float, float, genFType)')
FD('genBType isnan(genFType)', desk=130, es=300)
FD('genBType isinf(genFType)', desk=130, es=300)
F('genIType floatBitsToInt(genFType)', desk=330, es=300,
  ext='GL_ARB_shader_bit_encoding')
F('genUType floatBitsToUint(genFType)', desk=330, es=300,
  ext='GL_ARB_shader_bit_encoding')
F('genFType intBitsToFloat(genIType)', desk=330, es=300,
  ext='GL_ARB_shader_bit_encoding')
F('genFType uintBitsToFloat(genUType)', desk=330, es=300,
  ext='GL_ARB_shader_bit_encoding')
FD('genFType fma(genFType, genFType, genFType)', desk=400, es=320)
FD('genFType frexp(genFType, out genIType)', desk=400, es=310)
FD('genFType ldexp(genFType, genIType)', desk=400, es=310)
# ARB_gpu_shader5 brings the three above (GLSL 4.00's) and, from GLSL
# 3.30 and 4.10, the bit encodings and six of the packing functions (its
# sections 8.3 and 8.4): rows of their own, one extension a row.
for _sig in ('genFType fma(genFType, genFType, genFType)',
             'genFType frexp(genFType, out genIType)',
             'genFType ldexp(genFType, genIType)',
             'genIType floatBitsToInt(genFType)',
             'genUType floatBitsToUint(genFType)',
             'genFType intBitsToFloat(genIType)',
             'genFType uintBitsToFloat(genUType)',
             'uint packUnorm2x16(vec2)', 'uint packUnorm4x8(vec4)',
             'uint packSnorm4x8(vec4)', 'vec2 unpackUnorm2x16(uint)',
             'vec4 unpackUnorm4x8(uint)', 'vec4 unpackSnorm4x8(uint)'):
    F(_sig, 0, 0, ext='GL_ARB_gpu_shader5')
# packing
F('uint packUnorm2x16(vec2)', desk=410, es=300,
  ext='GL_ARB_shading_language_packing')
F('uint packSnorm2x16(vec2)', desk=420, es=300,
  ext='GL_ARB_shading_language_packing')
F('uint packUnorm4x8(vec4)', desk=400, es=310,
  ext='GL_ARB_shading_language_packing')
F('uint packSnorm4x8(vec4)', desk=400, es=310,
  ext='GL_ARB_shading_language_packing')
F('vec2 unpackUnorm2x16(uint)', desk=410, es=300,
  ext='GL_ARB_shading_language_packing')
F('vec2 unpackSnorm2x16(uint)', desk=420, es=300,
  ext='GL_ARB_shading_language_packing')
F('vec4 unpackUnorm4x8(uint)', desk=400, es=310,
  ext='GL_ARB_shading_language_packing')
F('vec4 unpackSnorm4x8(uint)', desk=400, es=310,
  ext='GL_ARB_shading_language_packing')
F('uint packHalf2x16(vec2)', desk=420, es=300,
  ext='GL_ARB_shading_language_packing')
F('vec2 unpackHalf2x16(uint)', desk=420, es=300,
  ext='GL_ARB_shading_language_packing')
F('double packDouble2x32(uvec2)', desk=400, es=0, ext=FP64)
F('uvec2 unpackDouble2x32(double)', desk=400, es=0, ext=FP64)
# geometric
FD('float length(genFType)')
FD('float distance(genFType, genFType)')
FD('float dot(genFType, genFType)')
FD('vec3 cross(vec3, vec3)')
FD('genFType normalize(genFType)')
F('vec4 ftransform()', es=0, stages=[VS], desk_until=140, const=False)
FD('genFType faceforward(genFType, genFType, genFType)')
FD('genFType reflect(genFType, genFType)')
FD('genFType refract(genFType, genFType, float)')
# matrix
for m in GEN['mat']:
    F('%s matrixCompMult(%s, %s)' % (m, m, m))
    c, r = (int(m[3]), int(m[5])) if 'x' in m else (int(m[3]), int(m[3]))
    col = 'vec%d' % r
    row = 'vec%d' % c
    tr = 'mat%d' % r if r == c else 'mat%dx%d' % (r, c)
    F('%s outerProduct(%s, %s)' % (m, col, row), desk=120, es=300)
    F('%s transpose(%s)' % (tr, m), desk=120, es=300)
    dm, dcol, drow, dtr = ('d' + m, 'd' + col, 'd' + row, 'd' + tr)
    F('%s matrixCompMult(%s, %s)' % (dm, dm, dm), 400, 0, ext=FP64)
    F('%s outerProduct(%s, %s)' % (dm, dcol, drow), 400, 0, ext=FP64)
    F('%s transpose(%s)' % (dtr, dm), 400, 0, ext=FP64)
for n in (2, 3, 4):
    F('float determinant(mat%d)' % n, desk=150, es=300)
    F('mat%d inverse(mat%d)' % (n, n), desk=140, es=300)
    F('double determinant(dmat%d)' % n, 400, 0, ext=FP64)
    F('dmat%d inverse(dmat%d)' % (n, n), 400, 0, ext=FP64)
# vector relational
for fn in ('lessThan', 'lessThanEqual', 'greaterThan', 'greaterThanEqual',
           'equal', 'notEqual'):
    F('bvec %s(vec, vec)' % fn)
    F('bvec %s(ivec, ivec)' % fn)
    F('bvec %s(uvec, uvec)' % fn, desk=130, es=300)
    F('bvec %s(dvec, dvec)' % fn, 400, 0, ext=FP64)
for fn in ('equal', 'notEqual'):
    F('bvec %s(bvec, bvec)' % fn)
F('bool any(bvec)')
F('bool all(bvec)')
F('bvec not(bvec)')
# integer
G5 = 'GL_ARB_gpu_shader5'
F('genUType uaddCarry(genUType, genUType, out genUType)', 400, 310, ext=G5)
F('genUType usubBorrow(genUType, genUType, out genUType)', 400, 310, ext=G5)
F('void umulExtended(genUType, genUType, out genUType, out genUType)', 400,
  310, ext=G5)
F('void imulExtended(genIType, genIType, out genIType, out genIType)', 400,
  310, ext=G5)
F('genIType bitfieldExtract(genIType, int, int)', 400, 310, ext=G5)
F('genUType bitfieldExtract(genUType, int, int)', 400, 310, ext=G5)
F('genIType bitfieldInsert(genIType, genIType, int, int)', 400, 310, ext=G5)
F('genUType bitfieldInsert(genUType, genUType, int, int)', 400, 310, ext=G5)
F('genIType bitfieldReverse(genIType)', 400, 310, ext=G5)
F('genUType bitfieldReverse(genUType)', 400, 310, ext=G5)
F('genIType bitCount(genIType)', 400, 310, ext=G5)
F('genIType bitCount(genUType)', 400, 310, ext=G5)
F('genIType findLSB(genIType)', 400, 310, ext=G5)
F('genIType findLSB(genUType)', 400, 310, ext=G5)
F('genIType findMSB(genIType)', 400, 310, ext=G5)
F('genIType findMSB(genUType)', 400, 310, ext=G5)
# derivatives
# A derivative of a constant expression is a constant expression (only
# texture lookups are excluded, GLSL 1.20 4.3.3), whose value is 0: the
# operand is the same at every fragment.
for fn in ('dFdx', 'dFdy', 'fwidth'):
    F('genFType %s(genFType)' % fn, stages=[FS],
      ext='GL_OES_standard_derivatives')
for fn in ('dFdxFine', 'dFdyFine', 'fwidthFine', 'dFdxCoarse', 'dFdyCoarse',
           'fwidthCoarse'):
    F('genFType %s(genFType)' % fn, desk=450, es=0, stages=[FS],
      ext='GL_ARB_derivative_control')
for fn in ('interpolateAtCentroid',):
    F('genFType %s(genFType)' % fn, 400, 320, stages=[FS], const=False,
      ext=G5)
F('genFType interpolateAtSample(genFType, int)', 400, 320, stages=[FS],
  const=False, ext=G5)
F('genFType interpolateAtOffset(genFType, vec2)', 400, 320, stages=[FS],
  const=False, ext=G5)
# noise (deprecated, never constant)
for n, r in (('noise1', 'float'), ('noise2', 'vec2'), ('noise3', 'vec3'),
             ('noise4', 'vec4')):
    F('%s %s(genFType)' % (r, n), es=0, const=False, desk_until=450)
# geometry shader
F('void EmitVertex()', desk=150, es=320, stages=[GS], const=False,
  ext='GL_EXT_geometry_shader')
F('void EndPrimitive()', desk=150, es=320, stages=[GS], const=False,
  ext='GL_EXT_geometry_shader')
F('void EmitStreamVertex(int)', desk=400, es=0, stages=[GS], const=False,
  ext=G5)
F('void EndStreamPrimitive(int)', desk=400, es=0, stages=[GS], const=False,
  ext=G5)
F('void barrier()', desk=400, es=310, stages=[TCS, CS], const=False,
  ext='GL_ARB_tessellation_shader')
# ARB_compute_shader adds barrier() to compute shaders of earlier versions,
# ARB_shader_storage_buffer_object memoryBarrierBuffer() to every stage.
F('void barrier()', desk=0, es=0, stages=[CS], const=False,
  ext='GL_ARB_compute_shader')
F('void memoryBarrierBuffer()', desk=0, es=0, const=False,
  ext='GL_ARB_shader_storage_buffer_object')
# ARB_compute_shader's own memory barriers (before GLSL 4.20).
for fn in ('memoryBarrier', 'memoryBarrierAtomicCounter',
           'memoryBarrierBuffer', 'memoryBarrierImage'):
    F('void %s()' % fn, desk=0, es=0, stages=[CS], const=False,
      ext='GL_ARB_compute_shader')
for fn in ('memoryBarrier', 'memoryBarrierAtomicCounter',
           'memoryBarrierBuffer', 'memoryBarrierImage'):
    F('void %s()' % fn, desk=420, es=310, const=False,
      ext='GL_ARB_shader_image_load_store')
for fn in ('memoryBarrierShared', 'groupMemoryBarrier'):
    F('void %s()' % fn, desk=430, es=310, stages=[CS], const=False,
      ext=CSX)
# atomic counters
AC = 'GL_ARB_shader_atomic_counters'
F('uint atomicCounterIncrement(atomic_uint)', 420, 310, const=False, ext=AC)
F('uint atomicCounterDecrement(atomic_uint)', 420, 310, const=False, ext=AC)
F('uint atomicCounter(atomic_uint)', 420, 310, const=False, ext=AC)
for fn in ('atomicAdd', 'atomicMin', 'atomicMax', 'atomicAnd', 'atomicOr',
           'atomicXor', 'atomicExchange'):
    F('int %s(inout int, int)' % fn, 430, 310, const=False,
      ext='GL_ARB_shader_storage_buffer_object')
    F('uint %s(inout uint, uint)' % fn, 430, 310, const=False,
      ext='GL_ARB_shader_storage_buffer_object')
F('int atomicCompSwap(inout int, int, int)', 430, 310, const=False,
  ext='GL_ARB_shader_storage_buffer_object')
F('uint atomicCompSwap(inout uint, uint, uint)', 430, 310, const=False,
  ext='GL_ARB_shader_storage_buffer_object')
# ARB_compute_shader brings the same functions for shared variables; the
# checker merges rows that two enabled extensions both provide.
for fn in ('atomicAdd', 'atomicMin', 'atomicMax', 'atomicAnd', 'atomicOr',
           'atomicXor', 'atomicExchange'):
    for t in ('int', 'uint'):
        F('%s %s(inout %s, %s)' % (t, fn, t, t), 0, 0, stages=[CS],
          const=False, ext=CSX)
for t in ('int', 'uint'):
    F('%s atomicCompSwap(inout %s, %s, %s)' % (t, t, t, t), 0, 0,
      stages=[CS], const=False, ext=CSX)

# textures: (sampler, coordinate type, desktop, es, extension)
SAMPLERS = []
for p, r in (('', 'vec4'), ('i', 'ivec4'), ('u', 'uvec4')):
    i = p != ''
    SAMPLERS += [
        (p + 'sampler1D', 'float', 'int', 130 if i else 110, 0, r),
        (p + 'sampler2D', 'vec2', 'ivec2', 130 if i else 110,
         300 if i else 100, r),
        (p + 'sampler3D', 'vec3', 'ivec3', 130 if i else 110, 300, r),
        (p + 'samplerCube', 'vec3', 'ivec2', 130 if i else 110,
         300 if i else 100, r),
        (p + 'sampler1DArray', 'vec2', 'ivec2', 130, 0, r),
        (p + 'sampler2DArray', 'vec3', 'ivec3', 130, 300, r),
        (p + 'samplerCubeArray', 'vec4', 'ivec3', 400, 320, r),
        (p + 'sampler2DRect', 'vec2', 'ivec2', 140 if i else 110, 0, r),
    ]
SHADOW = [
    ('sampler1DShadow', 'vec3', 'int', 110, 0),
    ('sampler2DShadow', 'vec3', 'ivec2', 110, 300),
    ('samplerCubeShadow', 'vec4', 'ivec2', 130, 300),
    ('sampler1DArrayShadow', 'vec3', 'ivec2', 130, 0),
    ('sampler2DArrayShadow', 'vec4', 'ivec3', 130, 300),
    ('sampler2DRectShadow', 'vec3', 'ivec2', 110, 0),
]
for s, coord, size, d, e, r in SAMPLERS:
    # Cube-map arrays come with GLSL 4.00 or ARB_texture_cube_map_array.
    cx = 'GL_ARB_texture_cube_map_array' if 'CubeArray' in s else None
    F('%s texture(%s, %s)' % (r, s, coord), max(d, 130), max(e, 300),
      const=False, ext=cx)
    if 'Rect' not in s:
        # The bias form is fragment-only (implicit derivatives).
        F('%s texture(%s, %s, float)' % (r, s, coord), max(d, 130),
          max(e, 300), const=False, stages=[FS], ext=cx)
    F('%s textureLod(%s, %s, float)' % (r, s, coord), max(d, 130),
      max(e, 300), const=False, ext=cx) if 'Rect' not in s else None
    F('%s textureSize(%s%s)' % (size, s, '' if 'Rect' in s else ', int'),
      max(d, 130), max(e, 300), const=False, ext=cx)
    if 'CubeArray' in s:
        F('%s textureGrad(%s, vec4, vec3, vec3)' % (r, s), 400, 320,
          const=False, ext=cx)
    if 'Cube' not in s:
        F('%s texelFetch(%s, %s%s)' % (r, s, size, '' if 'Rect' in s
                                       else ', int'),
          max(d, 130), max(e, 300), const=False)
for s, coord, size, d, e in SHADOW:
    F('float texture(%s, %s)' % (s, coord), max(d, 130), max(e, 300),
      const=False)
    F('%s textureSize(%s%s)' % (size, s, '' if 'Rect' in s else ', int'),
      max(d, 130), max(e, 300), const=False)
F('float texture(samplerCubeArrayShadow, vec4, float)', 400, 320,
  const=False, ext='GL_ARB_texture_cube_map_array')
F('ivec3 textureSize(samplerCubeArrayShadow, int)', 400, 320, const=False,
  ext='GL_ARB_texture_cube_map_array')
for p, r in (('', 'vec4'), ('i', 'ivec4'), ('u', 'uvec4')):
    F('%s texelFetch(%ssamplerBuffer, int)' % (r, p), 140, 320, const=False,
      ext='GL_ARB_texture_buffer_object')
    F('int textureSize(%ssamplerBuffer)' % p, 140, 320, const=False,
      ext='GL_ARB_texture_buffer_object')
    # (and before GLSL 1.50 with ARB_texture_multisample)
    F('%s texelFetch(%ssampler2DMS, ivec2, int)' % (r, p), 150, 310,
      const=False, ext='GL_ARB_texture_multisample')
    F('ivec2 textureSize(%ssampler2DMS)' % p, 150, 310, const=False,
      ext='GL_ARB_texture_multisample')
    F('%s texelFetch(%ssampler2DMSArray, ivec3, int)' % (r, p), 150, 320,
      const=False, ext='GL_ARB_texture_multisample')
    F('ivec3 textureSize(%ssampler2DMSArray)' % p, 150, 320, const=False,
      ext='GL_ARB_texture_multisample')
    for s, c in (('sampler2D', 'vec3'), ('sampler2D', 'vec4'),
                 ('sampler3D', 'vec4'), ('sampler1D', 'vec2'),
                 ('sampler1D', 'vec4')):
        F('%s textureProj(%s%s, %s)' % (r, p, s, c), 130, 0 if
          '1D' in s else 300, const=False)
        F('%s textureProjLod(%s%s, %s, float)' % (r, p, s, c), 130, 0 if
          '1D' in s else 300, const=False)
    for s, c, o in (('sampler2D', 'vec2', 'ivec2'),
                    ('sampler3D', 'vec3', 'ivec3'),
                    ('sampler2DArray', 'vec3', 'ivec2')):
        F('%s textureOffset(%s%s, %s, %s)' % (r, p, s, c, o), 130, 300,
          const=False)
        F('%s textureLodOffset(%s%s, %s, float, %s)' % (r, p, s, c, o), 130,
          300, const=False)
        F('%s texelFetchOffset(%s%s, %s, int, %s)' % (r, p, s, o.replace(
            'ivec2', 'ivec2') if s != 'sampler2DArray' else 'ivec3', o),
          130, 300, const=False)
    for s, c in (('sampler2D', 'vec2'), ('sampler3D', 'vec3'),
                 ('samplerCube', 'vec3'), ('sampler2DArray', 'vec3')):
        dv = {'vec2': 'vec2', 'vec3': 'vec3'}[c] if s != 'sampler2DArray' \
            else 'vec2'
        F('%s textureGrad(%s%s, %s, %s, %s)' % (r, p, s, c, dv, dv), 130,
          300, const=False)
    F('%s textureGather(%ssampler2D, vec2)' % (r, p), 400, 310, const=False,
      ext='GL_ARB_texture_gather')
    F('%s textureGather(%ssampler2D, vec2, int)' % (r, p), 400, 310,
      const=False, ext=G5)
    F('%s textureGather(%ssampler2DArray, vec3)' % (r, p), 400, 310,
      const=False, ext='GL_ARB_texture_gather')
    F('%s textureGather(%ssamplerCube, vec3)' % (r, p), 400, 310,
      const=False, ext='GL_ARB_texture_gather')
    F('%s textureGatherOffset(%ssampler2D, vec2, ivec2)' % (r, p), 400, 310,
      const=False, ext='GL_ARB_texture_gather')
    # ARB_texture_gather's other forms (its section 8.7): 2D arrays with
    # offsets, cube map arrays.
    F('%s textureGatherOffset(%ssampler2DArray, vec3, ivec2)' % (r, p), 400,
      310, const=False, ext='GL_ARB_texture_gather')
    F('%s textureGather(%ssamplerCubeArray, vec4)' % (r, p), 400, 320,
      const=False, ext='GL_ARB_texture_gather')
F('vec4 textureGather(sampler2DShadow, vec2, float)', 400, 310, const=False,
  ext=G5)
# ARB_gpu_shader5 brings all of ARB_texture_gather's gathers plus the comp
# argument, rectangle and shadow forms and textureGatherOffset (8.9.3).
for p, r in (('', 'vec4'), ('i', 'ivec4'), ('u', 'uvec4')):
    for s, c in (('sampler2D', 'vec2'), ('sampler2DArray', 'vec3'),
                 ('samplerCube', 'vec3'), ('sampler2DRect', 'vec2')):
        es = 0 if 'Rect' in s else 310
        F('%s textureGather(%s%s, %s)' % (r, p, s, c), 400, es, const=False,
          ext=G5)
        F('%s textureGather(%s%s, %s, int)' % (r, p, s, c), 400, es,
          const=False, ext=G5)
        if 'Cube' not in s:
            F('%s textureGatherOffset(%s%s, %s, ivec2)' % (r, p, s, c), 400,
              es, const=False, ext=G5)
            F('%s textureGatherOffset(%s%s, %s, ivec2, int)' % (r, p, s, c),
              400, es, const=False, ext=G5)
    F('%s textureGather(%ssamplerCubeArray, vec4)' % (r, p), 400, 320,
      const=False, ext='GL_ARB_texture_cube_map_array')
    F('%s textureGather(%ssamplerCubeArray, vec4, int)' % (r, p), 400, 320,
      const=False, ext=G5)
for s, c in (('sampler2DArrayShadow', 'vec3'), ('samplerCubeShadow', 'vec3'),
             ('sampler2DRectShadow', 'vec2'), ('sampler2DShadow', 'vec2')):
    es = 0 if 'Rect' in s else 310
    F('vec4 textureGather(%s, %s, float)' % (s, c), 400, es, const=False,
      ext=G5)
    if 'Cube' not in s:
        F('vec4 textureGatherOffset(%s, %s, float, ivec2)' % (s, c), 400, es,
          const=False, ext=G5)
F('vec4 textureGather(samplerCubeArrayShadow, vec4, float)', 400, 320,
  const=False, ext=G5)
# textureGatherOffsets: four constant offsets (GLSL 4.00 8.9.3, ES 3.20).
for p, r in (('', 'vec4'), ('i', 'ivec4'), ('u', 'uvec4')):
    for s, c in (('sampler2D', 'vec2'), ('sampler2DArray', 'vec3'),
                 ('sampler2DRect', 'vec2')):
        es = 0 if s == 'sampler2DRect' else 320
        F('%s textureGatherOffsets(%s%s, %s, ivec2[4])' % (r, p, s, c), 400,
          es, const=False, ext=G5)
        F('%s textureGatherOffsets(%s%s, %s, ivec2[4], int)' % (r, p, s, c),
          400, es, const=False, ext=G5)
for s, c in (('sampler2DShadow', 'vec2'), ('sampler2DArrayShadow', 'vec3'),
             ('sampler2DRectShadow', 'vec2')):
    F('vec4 textureGatherOffsets(%s, %s, float, ivec2[4])' % (s, c), 400,
      0 if 'Rect' in s else 320, const=False, ext=G5)
F('float textureProj(sampler2DShadow, vec4)', 130, 300, const=False)
F('float textureLod(sampler2DShadow, vec3, float)', 130, 300, const=False)
F('float textureOffset(sampler2DShadow, vec3, ivec2)', 130, 300,
  const=False)
F('float textureGrad(sampler2DShadow, vec3, vec2, vec2)', 130, 300,
  const=False)
F('float textureGrad(samplerCubeShadow, vec4, vec3, vec3)', 130, 300,
  const=False)
F('float textureGrad(sampler2DArrayShadow, vec4, vec2, vec2)', 130, 300,
  const=False)
# The projective, gradient and offset combinations of GLSL 1.30 section
# 8.7 (rectangles: GLSL 1.40 8.7; GLSL ES 3.00 section 8.8 keeps the 2D,
# 3D and 2D array forms), every overload, so the checker can hold calls to
# them to these rows (glsl_check_calls.c).  Per sampler: its projective
# coordinates, gradient type, offset type and whether ES has it.
PROJ_FORMS = [
    # (sampler, projective coordinates, gradient, offset, es, desk)
    ('sampler1D', ('vec2', 'vec4'), 'float', 'int', False, 130),
    ('sampler2D', ('vec3', 'vec4'), 'vec2', 'ivec2', True, 130),
    ('sampler3D', ('vec4',), 'vec3', 'ivec3', True, 130),
    ('sampler2DRect', ('vec3', 'vec4'), 'vec2', 'ivec2', False, 140),
]
GRAD_OFFSET_FORMS = [
    # (sampler, coordinate, gradient, offset, es)
    ('sampler1D', 'float', 'float', 'int', False),
    ('sampler2D', 'vec2', 'vec2', 'ivec2', True),
    ('sampler3D', 'vec3', 'vec3', 'ivec3', True),
    ('sampler2DRect', 'vec2', 'vec2', 'ivec2', False),
    ('sampler1DArray', 'vec2', 'float', 'int', False),
    ('sampler2DArray', 'vec3', 'vec2', 'ivec2', True),
]
for p, r in (('', 'vec4'), ('i', 'ivec4'), ('u', 'uvec4')):
    for s, coords, dv, o, es, d in PROJ_FORMS:
        e = 300 if es else 0
        # a float rectangle exists before 1.40 (ARB_texture_rectangle)
        dd = 130 if p == '' else d
        for c in coords:
            S = p + s
            F('%s textureProjGrad(%s, %s, %s, %s)' % (r, S, c, dv, dv), dd,
              e, const=False)
            F('%s textureProjGradOffset(%s, %s, %s, %s, %s)' %
              (r, S, c, dv, dv, o), dd, e, const=False)
            F('%s textureProjOffset(%s, %s, %s)' % (r, S, c, o), dd, e,
              const=False)
            if 'Rect' in s:
                continue  # no levels: no bias, no explicit level
            F('%s textureProjOffset(%s, %s, %s, float)' % (r, S, c, o), dd,
              e, const=False, stages=[FS])
            F('%s textureProjLodOffset(%s, %s, float, %s)' % (r, S, c, o),
              dd, e, const=False)
    for s, c, dv, o, es in GRAD_OFFSET_FORMS:
        d = 140 if 'Rect' in s and p else 130
        F('%s textureGradOffset(%s%s, %s, %s, %s, %s)' %
          (r, p, s, c, dv, dv, o), d, 300 if es else 0, const=False)
# The shadow forms return the comparison.
for s, c, dv, o, es in (('sampler1DShadow', 'vec4', 'float', 'int', False),
                        ('sampler2DShadow', 'vec4', 'vec2', 'ivec2', True),
                        ('sampler2DRectShadow', 'vec4', 'vec2', 'ivec2',
                         False)):
    e = 300 if es else 0
    F('float textureProjGrad(%s, %s, %s, %s)' % (s, c, dv, dv), 130, e,
      const=False)
    F('float textureProjGradOffset(%s, %s, %s, %s, %s)' % (s, c, dv, dv, o),
      130, e, const=False)
    F('float textureProjOffset(%s, %s, %s)' % (s, c, o), 130, e,
      const=False)
    if 'Rect' not in s:
        F('float textureProjOffset(%s, %s, %s, float)' % (s, c, o), 130, e,
          const=False, stages=[FS])
        F('float textureProjLodOffset(%s, %s, float, %s)' % (s, c, o), 130,
          e, const=False)
for s, c, dv, o, es in (('sampler1DShadow', 'vec3', 'float', 'int', False),
                        ('sampler2DShadow', 'vec3', 'vec2', 'ivec2', True),
                        ('sampler2DRectShadow', 'vec3', 'vec2', 'ivec2',
                         False),
                        ('sampler1DArrayShadow', 'vec3', 'float', 'int',
                         False),
                        ('sampler2DArrayShadow', 'vec4', 'vec2', 'ivec2',
                         True)):
    F('float textureGradOffset(%s, %s, %s, %s, %s)' % (s, c, dv, dv, o), 130,
      300 if es else 0, const=False)

# textureQueryLevels: every sampler but buffers, rectangles and MS
# (GLSL 4.30 8.9.1).
for s in ([p + b for p in ('', 'i', 'u')
           for b in ('sampler1D', 'sampler2D', 'sampler3D', 'samplerCube',
                     'sampler1DArray', 'sampler2DArray', 'samplerCubeArray')] +
          ['sampler1DShadow', 'sampler2DShadow', 'samplerCubeShadow',
           'sampler1DArrayShadow', 'sampler2DArrayShadow',
           'samplerCubeArrayShadow']):
    F('int textureQueryLevels(%s)' % s, 430, 0, const=False,
      ext='GL_ARB_texture_query_levels')
for s, coord in (('sampler1D', 'float'), ('sampler2D', 'vec2'),
                 ('sampler3D', 'vec3'), ('samplerCube', 'vec3'),
                 ('sampler1DArray', 'float'), ('sampler2DArray', 'vec2'),
                 ('samplerCubeArray', 'vec3'), ('sampler1DShadow', 'float'),
                 ('sampler2DShadow', 'vec2'), ('samplerCubeShadow', 'vec3'),
                 ('sampler1DArrayShadow', 'float'),
                 ('sampler2DArrayShadow', 'vec2'),
                 ('samplerCubeArrayShadow', 'vec3')):
    for p in ('', 'i', 'u') if 'Shadow' not in s else ('',):
        F('vec2 textureQueryLod(%s%s, %s)' % (p, s, coord), 400, 0,
          stages=[FS], const=False, ext='GL_ARB_texture_query_lod')
        F('vec2 textureQueryLOD(%s%s, %s)' % (p, s, coord), 0, 0,
          stages=[FS], const=False, ext='GL_ARB_texture_query_lod')
# EXT_texture_query_lod: the ARB spelling in GLSL ES 3.00 fragment shaders,
# for the sampler types ES has (Mesa's builtin_functions.cpp gives ES only
# textureQueryLOD under this extension).
for s, coord in (('sampler2D', 'vec2'), ('sampler3D', 'vec3'),
                 ('samplerCube', 'vec3'), ('sampler2DArray', 'vec2'),
                 ('sampler2DShadow', 'vec2'), ('samplerCubeShadow', 'vec3'),
                 ('sampler2DArrayShadow', 'vec2')):
    for p in ('', 'i', 'u') if 'Shadow' not in s else ('',):
        F('vec2 textureQueryLOD(%s%s, %s)' % (p, s, coord), 0, 0,
          stages=[FS], const=False, ext='GL_EXT_texture_query_lod')
# textureSamples (GLSL 4.50 section 8.9.1, ARB_shader_texture_image_samples)
for p in ('', 'i', 'u'):
    for s in ('sampler2DMS', 'sampler2DMSArray'):
        F('int textureSamples(%s%s)' % (p, s), 450, 0, const=False,
          ext='GL_ARB_shader_texture_image_samples')
# ARB_shader_texture_lod (desktop): the Lod lookups of vertex shaders in
# the other stages too, their shadow forms, and explicit gradients with
# an ARB suffix in every stage.  The rectangle forms need rectangle
# samplers (GLSL 1.40, or ARB_texture_rectangle, which GLSL 1.10 has).
STL = dict(desk=0, es=0, const=False, ext='GL_ARB_shader_texture_lod')
for sig in ('texture1DLod(sampler1D, float, float)',
            'texture1DProjLod(sampler1D, vec2, float)',
            'texture1DProjLod(sampler1D, vec4, float)',
            'texture2DLod(sampler2D, vec2, float)',
            'texture2DProjLod(sampler2D, vec3, float)',
            'texture2DProjLod(sampler2D, vec4, float)',
            'texture3DLod(sampler3D, vec3, float)',
            'texture3DProjLod(sampler3D, vec4, float)',
            'textureCubeLod(samplerCube, vec3, float)'):
    F('vec4 ' + sig, stages=[s for s in ALL if s != VS], **STL)
for sig in ('shadow1DLod(sampler1DShadow, vec3, float)',
            'shadow2DLod(sampler2DShadow, vec3, float)',
            'shadow1DProjLod(sampler1DShadow, vec4, float)',
            'shadow2DProjLod(sampler2DShadow, vec4, float)',
            'texture1DGradARB(sampler1D, float, float, float)',
            'texture1DProjGradARB(sampler1D, vec2, float, float)',
            'texture1DProjGradARB(sampler1D, vec4, float, float)',
            'texture2DGradARB(sampler2D, vec2, vec2, vec2)',
            'texture2DProjGradARB(sampler2D, vec3, vec2, vec2)',
            'texture2DProjGradARB(sampler2D, vec4, vec2, vec2)',
            'texture3DGradARB(sampler3D, vec3, vec3, vec3)',
            'texture3DProjGradARB(sampler3D, vec4, vec3, vec3)',
            'textureCubeGradARB(samplerCube, vec3, vec3, vec3)',
            'shadow1DGradARB(sampler1DShadow, vec3, float, float)',
            'shadow1DProjGradARB(sampler1DShadow, vec4, float, float)',
            'shadow2DGradARB(sampler2DShadow, vec3, vec2, vec2)',
            'shadow2DProjGradARB(sampler2DShadow, vec4, vec2, vec2)',
            'texture2DRectGradARB(sampler2DRect, vec2, vec2, vec2)',
            'texture2DRectProjGradARB(sampler2DRect, vec3, vec2, vec2)',
            'texture2DRectProjGradARB(sampler2DRect, vec4, vec2, vec2)',
            'shadow2DRectGradARB(sampler2DRectShadow, vec3, vec2, vec2)',
            'shadow2DRectProjGradARB(sampler2DRectShadow, vec4, vec2, '
            'vec2)'):
    F('vec4 ' + sig, **STL)
# legacy texture functions (GLSL 1.10-1.20; later compatibility only).
# GLSL ES 3.00 removed them, but Mesa keeps them in every ES version
# (src/compiler/glsl/builtin_functions.cpp, deprecated_texture and tex3d)
# and piglit's ES programs call them (ext_clear_texture-3d, -cube): so do
# we, as llvmpipe does.
LEG = dict(desk=110, es=100, const=False, desk_until=420)
F('vec4 texture2D(sampler2D, vec2)', **LEG)
F('vec4 texture2D(sampler2D, vec2, float)', stages=[FS], **LEG)
F('vec4 texture2DProj(sampler2D, vec3)', **LEG)
F('vec4 texture2DProj(sampler2D, vec4)', **LEG)
F('vec4 texture2DProj(sampler2D, vec3, float)', stages=[FS], **LEG)
F('vec4 texture2DProj(sampler2D, vec4, float)', stages=[FS], **LEG)
F('vec4 texture2DLod(sampler2D, vec2, float)', desk=110, es=100,
  const=False, desk_until=420, stages=[VS])
F('vec4 texture2DProjLod(sampler2D, vec3, float)', desk=110, es=100,
  const=False, desk_until=420, stages=[VS])
F('vec4 texture2DProjLod(sampler2D, vec4, float)', desk=110, es=100,
  const=False, desk_until=420, stages=[VS])
F('vec4 textureCube(samplerCube, vec3)', **LEG)
F('vec4 textureCube(samplerCube, vec3, float)', stages=[FS], **LEG)
F('vec4 textureCubeLod(samplerCube, vec3, float)', desk=110, es=100,
  const=False, desk_until=420, stages=[VS])
LEGD = dict(desk=110, es=0, const=False, desk_until=420)
F('vec4 texture1D(sampler1D, float)', **LEGD)
F('vec4 texture1D(sampler1D, float, float)', stages=[FS], **LEGD)
F('vec4 texture1DProj(sampler1D, vec2)', **LEGD)
F('vec4 texture1DProj(sampler1D, vec4)', **LEGD)
F('vec4 texture1DLod(sampler1D, float, float)', stages=[VS], **LEGD)
F('vec4 texture3D(sampler3D, vec3)', **LEGD)
F('vec4 texture3D(sampler3D, vec3, float)', stages=[FS], **LEGD)
F('vec4 texture3DProj(sampler3D, vec4)', **LEGD)
F('vec4 texture3DLod(sampler3D, vec3, float)', stages=[VS], **LEGD)
# the other vertex-shader Lod lookups of GLSL 1.10 section 8.7
for sig in ('texture1DProjLod(sampler1D, vec2, float)',
            'texture1DProjLod(sampler1D, vec4, float)',
            'texture3DProjLod(sampler3D, vec4, float)',
            'shadow1DLod(sampler1DShadow, vec3, float)',
            'shadow2DLod(sampler2DShadow, vec3, float)',
            'shadow1DProjLod(sampler1DShadow, vec4, float)',
            'shadow2DProjLod(sampler2DShadow, vec4, float)'):
    F('vec4 ' + sig, stages=[VS], **LEGD)
F('vec4 shadow1D(sampler1DShadow, vec3)', **LEGD)
F('vec4 shadow2D(sampler2DShadow, vec3)', **LEGD)
F('vec4 shadow1DProj(sampler1DShadow, vec4)', **LEGD)
F('vec4 shadow2DProj(sampler2DShadow, vec4)', **LEGD)
# EXT_shadow_samplers (GLSL ES 1.00): the comparison as a float.
SHS = dict(desk=0, es=0, const=False, es_until=300,
           ext='GL_EXT_shadow_samplers')
F('float shadow2DEXT(sampler2DShadow, vec3)', **SHS)
F('float shadow2DProjEXT(sampler2DShadow, vec4)', **SHS)
F('vec4 texture2DRect(sampler2DRect, vec2)', **LEGD)
F('vec4 texture2DRectProj(sampler2DRect, vec3)', **LEGD)
F('vec4 texture2DRectProj(sampler2DRect, vec4)', **LEGD)
F('vec4 shadow2DRect(sampler2DRectShadow, vec3)', **LEGD)
# OES_texture_3D (GLSL ES 1.00): the GLSL 1.10 3D lookups; the bias
# forms in fragment shaders, the Lod ones in vertex shaders.  The same
# from GLSL ES 3.00 on without the extension, as in Mesa (see LEG above).
T3D = dict(desk=0, es=0, const=False, es_until=300, ext='GL_OES_texture_3D')
T3D_ES3 = dict(desk=0, es=300, const=False)
for avail in (T3D, T3D_ES3):
    F('vec4 texture3D(sampler3D, vec3)', **avail)
    F('vec4 texture3D(sampler3D, vec3, float)', stages=[FS], **avail)
    F('vec4 texture3DProj(sampler3D, vec4)', **avail)
    F('vec4 texture3DProj(sampler3D, vec4, float)', stages=[FS], **avail)
    F('vec4 texture3DLod(sampler3D, vec3, float)', stages=[VS], **avail)
    F('vec4 texture3DProjLod(sampler3D, vec4, float)', stages=[VS], **avail)
# EXT_shader_texture_lod (GLSL ES 1.00): explicit levels and gradients
# in every stage (fragment shaders foremost).
TLOD = dict(desk=0, es=0, const=False, es_until=300,
            ext='GL_EXT_shader_texture_lod')
F('vec4 texture2DLodEXT(sampler2D, vec2, float)', **TLOD)
F('vec4 texture2DProjLodEXT(sampler2D, vec3, float)', **TLOD)
F('vec4 texture2DProjLodEXT(sampler2D, vec4, float)', **TLOD)
F('vec4 textureCubeLodEXT(samplerCube, vec3, float)', **TLOD)
F('vec4 texture2DGradEXT(sampler2D, vec2, vec2, vec2)', **TLOD)
F('vec4 texture2DProjGradEXT(sampler2D, vec3, vec2, vec2)', **TLOD)
F('vec4 texture2DProjGradEXT(sampler2D, vec4, vec2, vec2)', **TLOD)
F('vec4 textureCubeGradEXT(samplerCube, vec3, vec3, vec3)', **TLOD)
F('vec4 texture2D(samplerExternalOES, vec2)', desk=0, es=0, const=False,
  ext='GL_OES_EGL_image_external')
F('vec4 texture(samplerExternalOES, vec2)', desk=0, es=0, const=False,
  ext='GL_OES_EGL_image_external_essl3')
# OES_EGL_image_external_essl3 also gives external samplers a size and
# texel fetches (the extension's "Overview").
F('ivec2 textureSize(samplerExternalOES, int)', desk=0, es=0, const=False,
  ext='GL_OES_EGL_image_external_essl3')
F('vec4 texelFetch(samplerExternalOES, ivec2, int)', desk=0, es=0,
  const=False, ext='GL_OES_EGL_image_external_essl3')

# images (GLSL 4.20 / ES 3.10 section 8.12 "Image Functions",
# ARB_shader_image_load_store, ARB_shader_image_size,
# ARB_shader_texture_image_samples, OES_shader_image_atomic):
# (suffix, coordinate type, imageSize type, desktop, es).  Multisample
# images take an extra "int sample" after the coordinate.  The image types
# themselves carry their own availability (glsl_types_table.py).
IMAGES = [
    ('1D', 'int', 'int', 420, 0),
    ('2D', 'ivec2', 'ivec2', 420, 310),
    ('3D', 'ivec3', 'ivec3', 420, 310),
    ('2DRect', 'ivec2', 'ivec2', 420, 0),
    ('Cube', 'ivec3', 'ivec2', 420, 310),
    ('Buffer', 'int', 'int', 420, 320),
    ('1DArray', 'ivec2', 'ivec2', 420, 0),
    ('2DArray', 'ivec3', 'ivec3', 420, 310),
    ('CubeArray', 'ivec3', 'ivec3', 420, 320),
    ('2DMS', 'ivec2', 'ivec2', 420, 0),
    ('2DMSArray', 'ivec3', 'ivec3', 420, 0),
]
IMG = 'GL_ARB_shader_image_load_store'
IMG_ATOMIC_OPS = ('Add', 'Min', 'Max', 'And', 'Or', 'Xor', 'Exchange')


def image_atomic(sig, desk, es, desk_ext):
    """Desktop and ES rows of one atomic: availability is disjoint."""
    F(sig, desk, 0, const=False, ext=desk_ext)
    if es:
        F(sig, 0, 320, const=False, ext='GL_OES_shader_image_atomic')


for dim, coord, size, d, e in IMAGES:
    ms = ', int' if 'MS' in dim else ''
    e = 310 if e else 0  # the image type gates anything later
    for p, vec, scalar in (('', 'vec4', 'float'), ('i', 'ivec4', 'int'),
                           ('u', 'uvec4', 'uint')):
        img = '%simage%s, %s%s' % (p, dim, coord, ms)
        F('%s imageLoad(%s)' % (vec, img), d, e, const=False, ext=IMG)
        F('void imageStore(%s, %s)' % (img, vec), d, e, const=False,
          ext=IMG)
        F('%s imageSize(%simage%s)' % (size, p, dim), 430, e, const=False,
          ext='GL_ARB_shader_image_size')
        if 'MS' in dim:
            F('int imageSamples(%simage%s)' % (p, dim), 450, 0, const=False,
              ext='GL_ARB_shader_texture_image_samples')
        # Atomics: integer images only, ES 3.20 or OES_shader_image_atomic
        # (one table row carries one extension, so ES gets its own rows).
        if p:
            for op in IMG_ATOMIC_OPS:
                image_atomic('%s imageAtomic%s(%s, %s)' %
                             (scalar, op, img, scalar), d, e, IMG)
            image_atomic('%s imageAtomicCompSwap(%s, %s, %s)' %
                         (scalar, img, scalar, scalar), d, e, IMG)
        else:
            # Float exchange: GLSL 4.50, ES 3.20, OES_shader_image_atomic.
            image_atomic('float imageAtomicExchange(%s, float)' % img, 450,
                         e, None)

# ARB_shader_group_vote (GLSL 4.60 8.19 names them without the suffix):
# votes over the active invocations of a group, in every stage.
for fn in ('anyInvocation', 'allInvocations', 'allInvocationsEqual'):
    F('bool %sARB(bool)' % fn, desk=0, es=0, const=False,
      ext='GL_ARB_shader_group_vote')
    F('bool %s(bool)' % fn, desk=460, es=0, const=False)

# Built-in functions the table does not describe yet, by name, with where
# they exist: desktop and ES versions (0: not in core) and the extension
# that adds them (None: none).  A call to one available here is accepted
# unchecked (its result type unknown); elsewhere it is an error naming
# the extension.  Since wave 14 this list is the only way in for an
# untabled name (no prefix such as "texture" admits one), so it holds
# every such name an extension we expose adds.  Sources: each
# extension's GLSL section, GLSL 4.60 section 8.10 (the atomic counter
# operations).  (The Proj/Grad/Offset lookups of GLSL 1.30 8.7 are
# tabled above since wave 15.)
UNTABLED_GROUPS = [
    ('texture1DArray texture2DArray shadow1DArray shadow2DArray '
     'texture1DArrayLod texture2DArrayLod shadow1DArrayLod', 0, 0,
     'GL_EXT_texture_array'),
    # as texture2DRect, whose rows take ARB_texture_rectangle as on
    ('shadow2DRectProj', 110, 0, None),
    ('shadow2DRectProjGradARB', 0, 0, 'GL_ARB_shader_texture_lod'),
    ('atomicCounterAdd atomicCounterSubtract atomicCounterMin '
     'atomicCounterMax atomicCounterAnd atomicCounterOr atomicCounterXor '
     'atomicCounterExchange atomicCounterCompSwap', 460, 0, None),
    ('atomicCounterAddARB atomicCounterSubtractARB atomicCounterMinARB '
     'atomicCounterMaxARB atomicCounterAndARB atomicCounterOrARB '
     'atomicCounterXorARB atomicCounterExchangeARB atomicCounterCompSwapARB',
     0, 0, 'GL_ARB_shader_atomic_counter_ops'),
    ('clock2x32ARB clockARB', 0, 0, 'GL_ARB_shader_clock'),
    ('min3 max3 mid3', 0, 0, 'GL_AMD_shader_trinary_minmax'),
    ('textureSamplesIdenticalEXT', 0, 0, 'GL_EXT_shader_samples_identical'),
    ('packInt2x32 packUint2x32 unpackInt2x32 unpackUint2x32 '
     'doubleBitsToInt64 doubleBitsToUint64 int64BitsToDouble '
     'uint64BitsToDouble', 0, 0, 'GL_ARB_gpu_shader_int64'),
    ('beginInvocationInterlockARB endInvocationInterlockARB', 0, 0,
     'GL_ARB_fragment_shader_interlock'),
    ('helperInvocationEXT demote', 0, 0,
     'GL_EXT_demote_to_helper_invocation'),
]
UNTABLED = [(n, desk, es, ext) for names, desk, es, ext in UNTABLED_GROUPS
            for n in names.split()]

TEMPLATE = """\
/* Generated by glsl_builtins.py: do not edit. */
#include "glsl_builtins.h"

const struct glsl_builtin_var glsl_builtin_vars[] = {
% for v in variables:
   { "${v['name']}", "${v['type']}", GLSL_BQ_${v['qual'].upper()}, ${stages(v['stages'])},
     ${v['desk']}, ${v['es']}, ${v['desk_until']}, ${v['es_until']}, ${'true' if v['compat'] else 'false'}, ${cstr(v['ext'])},
     ${nvalues(v['value'])}, { ${values(v['value'])} } },
% endfor
};
const unsigned glsl_num_builtin_vars = ${len(variables)};

% for i, f in enumerate(functions):
static const struct glsl_builtin_param params_${i}[] = {
%  for t, q in f['params']:
   { "${t}", ${'true' if q in ('out', 'inout') else 'false'}, ${'true' if q == 'inout' else 'false'} },
%  endfor
   { 0 }
};
% endfor

const struct glsl_builtin_func glsl_builtin_funcs[] = {
% for i, f in enumerate(functions):
   { "${f['name']}", "${f['ret']}", ${len(f['params'])}, params_${i}, ${stages(f['stages'])},
     ${f['desk']}, ${f['es']}, ${f['desk_until']}, ${f['es_until']}, ${cstr(f['ext'])}, ${'true' if f['const'] else 'false'} },
% endfor
};
const unsigned glsl_num_builtin_funcs = ${len(functions)};

const struct glsl_untabled_func glsl_untabled_builtin_funcs[] = {
% for n, desk, es, ext in untabled:
   { "${n}", ${desk}, ${es}, ${cstr(ext)} },
% endfor
   { NULL, 0, 0, NULL }
};
"""


def stages(ss):
    bits = {VS: 'VERTEX', TCS: 'TESS_CTRL', TES: 'TESS_EVAL', GS: 'GEOMETRY',
            FS: 'FRAGMENT', CS: 'COMPUTE'}
    return ' | '.join('(1u << MESA_SHADER_%s)' % bits[s] for s in ss)


def cstr(s):
    return 'NULL' if s is None else '"%s"' % s


def nvalues(v):
    if v is None:
        return 0
    return len(v) if isinstance(v, tuple) else 1


def values(v):
    if v is None:
        return '0'
    if not isinstance(v, tuple):
        v = (v,)
    return ', '.join(str(x) for x in v)


if __name__ == '__main__':
    with open(sys.argv[1], 'w') as f:
        f.write(Template(TEMPLATE).render(
            variables=VARIABLES, functions=FUNCTIONS, untabled=UNTABLED,
            stages=stages, cstr=cstr, nvalues=nvalues, values=values))
