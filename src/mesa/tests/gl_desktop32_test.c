/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * What GL 3.2 adds besides geometry shaders, on the noop driver made to
 * have multisample textures (2 and 4 samples), depth clamping and, for
 * the version gate, a geometry stage: the context version (when 3.2 is
 * offered), multisample textures and their errors and queries (GL 3.2
 * core, 2009-12-07, section 3.8.4 and table 6.20), their framebuffer
 * completeness (4.4.4), the sample mask (4.1.3), sample positions
 * (3.3.1), DEPTH_CLAMP (2.17), TEXTURE_CUBE_MAP_SEAMLESS (3.8.8) and
 * PROGRAM_POINT_SIZE (3.4), with the section named at each test.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "gl_test_context.h"
#include "noop_public.h"
#include "pipe/p_screen.h"

static bool (*noop_supported)(struct pipe_screen *, enum pipe_format,
                              enum pipe_texture_target, unsigned, unsigned,
                              unsigned);
static int (*noop_param)(struct pipe_screen *, enum pipe_cap);
static int (*noop_shader_param)(struct pipe_screen *, enum pipe_shader_type,
                                enum pipe_shader_cap);
static bool with_geometry;
/* the rest of what GL 3.3 needs (gl33_supported): texture swizzles */
static bool with_gl33;

/* 2 and 4 samples for render targets and depth/stencil, 2D and 2D
 * arrays, as the asahi driver has them. */
static bool
ms_supported(struct pipe_screen *screen, enum pipe_format format,
             enum pipe_texture_target target, unsigned samples,
             unsigned storage_samples, unsigned bind)
{
   if (samples > 1) {
      if ((samples != 2 && samples != 4) ||
          (target != PIPE_TEXTURE_2D && target != PIPE_TEXTURE_2D_ARRAY) ||
          !(bind & (PIPE_BIND_RENDER_TARGET | PIPE_BIND_DEPTH_STENCIL)))
         return false;
      samples = storage_samples = 1;
   }
   return noop_supported(screen, format, target, samples, storage_samples,
                         bind);
}

static int
ms_param(struct pipe_screen *screen, enum pipe_cap cap)
{
   if (cap == PIPE_CAP_TEXTURE_MULTISAMPLE ||
       cap == PIPE_CAP_DEPTH_CLIP_DISABLE || cap == PIPE_CAP_SEAMLESS_CUBE_MAP ||
       cap == PIPE_CAP_SAMPLE_SHADING)
      return 1;
   /* a 3.2 driver: without texture swizzles, which 3.3 needs
    * (gl33_supported; gl_desktop33 tests that gate) */
   if (cap == PIPE_CAP_TEXTURE_SWIZZLE && !with_gl33)
      return 0;
   return noop_param(screen, cap);
}

static int
ms_shader_param(struct pipe_screen *screen, enum pipe_shader_type stage,
                enum pipe_shader_cap cap)
{
   /* Without: a driver with no geometry stage (the asahi driver before
    * its geometry emulation). */
   if (stage == PIPE_SHADER_GEOMETRY && !with_geometry)
      return 0;
   if (stage == PIPE_SHADER_GEOMETRY &&
       !noop_shader_param(screen, stage, PIPE_SHADER_CAP_MAX_INSTRUCTIONS))
      stage = PIPE_SHADER_VERTEX; /* a stage like the vertex one */
   return noop_shader_param(screen, stage, cap);
}

/* The noop screen extended as above (its own answers kept for the
 * wrappers). */
static void
patch_screen(struct pipe_screen *screen)
{
   noop_supported = screen->is_format_supported;
   noop_param = screen->get_param;
   noop_shader_param = screen->get_shader_param;
   screen->is_format_supported = ms_supported;
   screen->get_param = ms_param;
   screen->get_shader_param = ms_shader_param;
}

/* A desktop context asking for version major.minor on the extended noop
 * screen; NULL (err set) when refused.  override: claim that version
 * whatever the driver has. */
static struct gl_test *
context(enum st_profile_type profile, int major, int minor, bool override,
        enum st_context_error *err)
{
   return gl_test_create_patched(profile, major, minor, 16, 16, override,
                                 patch_screen, err);
}

static struct gl_test *
core32(void)
{
   enum st_context_error err;
   struct gl_test *t = context(ST_PROFILE_OPENGL_CORE, 3, 2, true, &err);
   assert_non_null(t);
   return t;
}

/* Section 6.1.5 and EGL_KHR_create_context: 3.2 only with a geometry
 * stage; then core and compatibility 3.2 contexts with GLSL 1.50 and the
 * profile mask (table 6.56). */
static void
test_version_gate(void **state)
{
   enum st_context_error err;
   with_geometry = false;
   struct gl_test *t = context(ST_PROFILE_OPENGL_CORE, 3, 2, false, &err);
   assert_null(t);
   assert_int_equal(err, ST_CONTEXT_ERROR_BAD_VERSION);

   with_geometry = true;
   t = context(ST_PROFILE_OPENGL_CORE, 3, 2, false, &err);
   if (!t) {
      /* The noop driver lacks what 3.1 needs (buffer textures): the gate
       * is tested by the version it gives to what it does have. */
      with_geometry = false;
      skip();
   }
   GLint v = 0;
   _mesa_GetIntegerv(GL_MINOR_VERSION, &v);
   assert_int_equal(v, 2);
   _mesa_GetIntegerv(GL_CONTEXT_PROFILE_MASK, &v);
   assert_int_equal(v, GL_CONTEXT_CORE_PROFILE_BIT);
   assert_string_equal(
      (const char *)_mesa_GetString(GL_SHADING_LANGUAGE_VERSION), "1.50");
   gl_test_destroy(t);

   /* GL 3.3 appendix I: with texture swizzles (and the dual-source
    * blending, queries, divisors and formats the noop driver has) a 3.2
    * request gets 3.3 with GLSL 3.30 (EGL_KHR_create_context: a later
    * compatible version). */
   with_gl33 = true;
   t = context(ST_PROFILE_OPENGL_CORE, 3, 2, false, &err);
   assert_non_null(t);
   _mesa_GetIntegerv(GL_MINOR_VERSION, &v);
   assert_int_equal(v, 3);
   assert_string_equal(
      (const char *)_mesa_GetString(GL_SHADING_LANGUAGE_VERSION), "3.30");
   gl_test_destroy(t);
   with_gl33 = false;
   with_geometry = false;
}

/* The 3.2 core context (by override): the profile mask, GLSL 1.50's
 * multisample samplers, and the extensions a 3.0/3.1 context gets for
 * these features. */
static void
test_core_context(void **state)
{
   struct gl_test *t = core32();
   GLint v = 0;

   assert_memory_equal(_mesa_GetString(GL_VERSION), "3.2 ", 4);
   _mesa_GetIntegerv(GL_CONTEXT_PROFILE_MASK, &v);
   assert_int_equal(v, GL_CONTEXT_CORE_PROFILE_BIT);
   assert_true(gl_test_has_extension("GL_ARB_texture_multisample"));
   assert_true(gl_test_has_extension("GL_ARB_depth_clamp"));
   assert_true(gl_test_has_extension("GL_ARB_seamless_cube_map"));
   assert_true(gl_test_has_extension("GL_ARB_provoking_vertex"));
   _mesa_ProvokingVertex(GL_FIRST_VERTEX_CONVENTION);
   _mesa_GetIntegerv(GL_PROVOKING_VERTEX, &v);
   assert_int_equal(v, GL_FIRST_VERTEX_CONVENTION);
   GLuint p = gl_test_program(
      "#version 150\nin vec4 p;\nvoid main() { gl_Position = p; }\n",
      "#version 150\nuniform sampler2DMS s;\nuniform isampler2DMSArray a;\n"
      "out vec4 c;\n"
      "void main() {\n"
      "   c = texelFetch(s, ivec2(1, 2), 3)\n"
      "       + vec4(texelFetch(a, ivec3(0, 0, 1), 1))\n"
      "       + vec4(textureSize(s), textureSize(a).z, 0.0);\n"
      "}\n");
   assert_int_not_equal(p, 0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* Section 3.8.4 and table 6.20: glTexImage2DMultisample. */
static void
test_teximage_multisample(void **state)
{
   struct gl_test *t = core32();
   GLuint tex;
   GLint v = -1;

   _mesa_GetIntegerv(GL_MAX_COLOR_TEXTURE_SAMPLES, &v);
   assert_int_equal(v, 4);
   _mesa_GetIntegerv(GL_MAX_DEPTH_TEXTURE_SAMPLES, &v);
   assert_int_equal(v, 4);
   _mesa_GetIntegerv(GL_MAX_INTEGER_SAMPLES, &v);
   assert_int_equal(v, 4);

   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetIntegerv(GL_TEXTURE_BINDING_2D_MULTISAMPLE, &v);
   assert_int_equal(v, (GLint)tex);

   /* the target must be the multisample one */
   _mesa_TexImage2DMultisample(GL_TEXTURE_2D, 4, GL_RGBA8, 8, 8, GL_TRUE);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   /* samples of zero (GL 4.6 section 8.8, as Mesa has it) */
   _mesa_TexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_RGBA8, 8, 8,
                               GL_TRUE);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   /* more than MAX_COLOR_TEXTURE_SAMPLES */
   _mesa_TexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 8, GL_RGBA8, 8, 8,
                               GL_TRUE);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   /* not renderable */
   _mesa_TexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGB9_E5, 8,
                               8, GL_TRUE);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_TexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, -1, 8,
                               GL_TRUE);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   /* Unsized colour formats are colour-renderable (GL 4.6 section 9.4):
    * GL_RED and GL_RG work like R8 and RG8. */
   static const GLenum unsized[] = {GL_RED, GL_RG};
   for (unsigned i = 0; i < 2; i++) {
      _mesa_TexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, unsized[i],
                                  8, 8, GL_TRUE);
      assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   }

   /* 3 samples: the smallest count >= 3 the driver has */
   _mesa_TexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 3, GL_RGBA8, 8, 6,
                               GL_FALSE);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0,
                                GL_TEXTURE_SAMPLES, &v);
   assert_int_equal(v, 4);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0,
                                GL_TEXTURE_FIXED_SAMPLE_LOCATIONS, &v);
   assert_int_equal(v, GL_FALSE);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0,
                                GL_TEXTURE_HEIGHT, &v);
   assert_int_equal(v, 6);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0,
                                GL_TEXTURE_INTERNAL_FORMAT, &v);
   assert_int_equal(v, GL_RGBA8);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   /* Images, sampler state and mipmaps are not for multisample
    * targets (sections 3.8.1, 3.8.4, 3.8.11); GetTexParameter is, and
    * (GL 4.6 section 8.10, ARB_texture_storage_multisample) TexParameter
    * for the rest of the texture's state: BASE_LEVEL 0 only.  Their
    * sampler state reads NEAREST and CLAMP_TO_EDGE (llvmpipe's answer to
    * piglit's arb_texture_storage_multisample-tex-param). */
   _mesa_GetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_MIN_FILTER,
                           &v);
   assert_int_equal(v, GL_NEAREST);
   _mesa_GetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_WRAP_T, &v);
   assert_int_equal(v, GL_CLAMP_TO_EDGE);
   _mesa_TexParameteri(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_BASE_LEVEL, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_TexParameteri(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_BASE_LEVEL, 0);
   _mesa_TexParameteri(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_SWIZZLE_R,
                       GL_GREEN);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_SWIZZLE_R,
                           &v);
   assert_int_equal(v, GL_GREEN);
   _mesa_TexImage2D(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_RGBA8, 8, 8, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_TexParameteri(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_MIN_FILTER,
                       GL_NEAREST);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_GenerateMipmap(GL_TEXTURE_2D_MULTISAMPLE);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_GetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE,
                           GL_TEXTURE_IMMUTABLE_FORMAT, &v);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(v, GL_FALSE);

   /* the other targets report no samples and fixed locations */
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_SAMPLES, &v);
   assert_int_equal(v, 0);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D, 0,
                                GL_TEXTURE_FIXED_SAMPLE_LOCATIONS, &v);
   assert_int_equal(v, GL_TRUE);

   /* Arrays: glTexImage3DMultisample, layers up to the array limit. */
   GLuint arr;
   _mesa_GenTextures(1, &arr);
   _mesa_BindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, arr);
   _mesa_TexImage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 2, GL_RGBA8, 8, 8,
                               3, GL_TRUE);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_TexImage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 2,
                               GL_DEPTH_COMPONENT24, 8, 8, 3, GL_TRUE);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 0,
                                GL_TEXTURE_DEPTH, &v);
   assert_int_equal(v, 3);
   _mesa_GetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 0,
                                GL_TEXTURE_SAMPLES, &v);
   assert_int_equal(v, 2);
   _mesa_GetIntegerv(GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY, &v);
   assert_int_equal(v, (GLint)arr);
   gl_test_destroy(t);
}

/* Sections 3.8.1 and 3.8.4: the proxy targets get the image state (the
 * rounded-up count) without storage, or zeros when the count cannot be
 * had; they are not bind targets. */
static void
test_proxy_multisample(void **state)
{
   struct gl_test *t = core32();
   GLint v = -1;

   _mesa_TexImage2DMultisample(GL_PROXY_TEXTURE_2D_MULTISAMPLE, 3, GL_RGBA8,
                               16, 8, GL_FALSE);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetTexLevelParameteriv(GL_PROXY_TEXTURE_2D_MULTISAMPLE, 0,
                                GL_TEXTURE_SAMPLES, &v);
   assert_int_equal(v, 4);
   _mesa_GetTexLevelParameteriv(GL_PROXY_TEXTURE_2D_MULTISAMPLE, 0,
                                GL_TEXTURE_WIDTH, &v);
   assert_int_equal(v, 16);
   _mesa_GetTexLevelParameteriv(GL_PROXY_TEXTURE_2D_MULTISAMPLE, 0,
                                GL_TEXTURE_FIXED_SAMPLE_LOCATIONS, &v);
   assert_int_equal(v, GL_FALSE);
   _mesa_TexImage3DMultisample(GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY, 2,
                               GL_RGBA8, 4, 4, 5, GL_TRUE);
   _mesa_GetTexLevelParameteriv(GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY, 0,
                                GL_TEXTURE_DEPTH, &v);
   assert_int_equal(v, 5);
   _mesa_BindTexture(GL_PROXY_TEXTURE_2D_MULTISAMPLE, 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* GL 4.3 section 8.19: glTexStorage2DMultisample makes immutable
 * storage; respecifying it is an INVALID_OPERATION. */
static void
test_texstorage_multisample(void **state)
{
   struct gl_test *t = core32();
   GLuint tex;
   GLint v = -1;

   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex);
   _mesa_TexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 2, GL_RGBA8, 4, 4,
                                 GL_TRUE);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE,
                           GL_TEXTURE_IMMUTABLE_FORMAT, &v);
   assert_int_equal(v, GL_TRUE);
   _mesa_TexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 2, GL_RGBA8, 4, 4,
                               GL_TRUE);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   /* sized formats only, as TexStorage* (GL 4.6 section 8.19); the
    * mutable form takes unsized ones */
   _mesa_BindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex + 1);
   _mesa_TexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 2, GL_RGBA, 4, 4,
                                 GL_TRUE);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_TexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 2, GL_RGBA, 4, 4,
                               GL_TRUE);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

static GLuint
ms_texture(GLenum target, GLsizei samples, GLboolean fixed)
{
   GLuint tex;
   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(target, tex);
   if (target == GL_TEXTURE_2D_MULTISAMPLE)
      _mesa_TexImage2DMultisample(target, samples, GL_RGBA8, 8, 8, fixed);
   else
      _mesa_TexImage3DMultisample(target, samples, GL_RGBA8, 8, 8, 2, fixed);
   return tex;
}

/* Sections 4.4.2 and 4.4.4: attaching multisample textures and the
 * multisample completeness rules. */
static void
test_framebuffer(void **state)
{
   struct gl_test *t = core32();
   GLuint fbo, rb;

   _mesa_GenFramebuffers(1, &fbo);
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, fbo);
   GLuint fixed4 = ms_texture(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_TRUE);
   GLuint loose4 = ms_texture(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_FALSE);
   GLuint fixed2 = ms_texture(GL_TEXTURE_2D_MULTISAMPLE, 2, GL_TRUE);
   GLuint array4 = ms_texture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_TRUE);

   /* level 0 only; the target must match the texture's */
   _mesa_FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                              GL_TEXTURE_2D_MULTISAMPLE, fixed4, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                              GL_TEXTURE_2D, fixed4, 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                              GL_TEXTURE_2D_MULTISAMPLE, fixed4, 0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(_mesa_CheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);
   GLint v = 0;
   _mesa_GetIntegerv(GL_SAMPLES, &v);
   assert_int_equal(v, 4);

   /* TEXTURE_SAMPLES differ */
   _mesa_FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1,
                              GL_TEXTURE_2D_MULTISAMPLE, fixed2, 0);
   assert_int_equal(_mesa_CheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE);
   /* TEXTURE_FIXED_SAMPLE_LOCATIONS differ */
   _mesa_FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1,
                              GL_TEXTURE_2D_MULTISAMPLE, loose4, 0);
   assert_int_equal(_mesa_CheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE);
   /* a layer of a multisample array with the same count: complete */
   _mesa_FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1,
                                 array4, 1, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE); /* level 1 */
   _mesa_FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1,
                                 array4, 0, 1);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(_mesa_CheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);

   /* renderbuffers: the same count, and only with fixed locations */
   _mesa_GenRenderbuffers(1, &rb);
   _mesa_BindRenderbuffer(GL_RENDERBUFFER, rb);
   _mesa_RenderbufferStorageMultisample(GL_RENDERBUFFER, 4,
                                        GL_DEPTH24_STENCIL8, 8, 8);
   _mesa_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
                                 GL_RENDERBUFFER, rb);
   assert_int_equal(_mesa_CheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);
   _mesa_FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1,
                              GL_TEXTURE_2D_MULTISAMPLE, loose4, 0);
   _mesa_FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                              GL_TEXTURE_2D_MULTISAMPLE, loose4, 0);
   assert_int_equal(_mesa_CheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* Section 4.1.3 and table 6.17: the sample mask; section 3.3.1: sample
 * positions (the noop driver has no positions: the centre). */
static void
test_sample_mask_and_positions(void **state)
{
   struct gl_test *t = core32();
   GLint v = -1;
   GLint64 v64 = -1;
   GLboolean b = GL_TRUE;

   _mesa_GetIntegerv(GL_MAX_SAMPLE_MASK_WORDS, &v);
   assert_int_equal(v, 1);
   assert_false(_mesa_IsEnabled(GL_SAMPLE_MASK));
   _mesa_GetIntegeri_v(GL_SAMPLE_MASK_VALUE, 0, &v);
   assert_int_equal(v, -1); /* all bits set */
   _mesa_SampleMaski(0, 0x5);
   _mesa_GetInteger64i_v(GL_SAMPLE_MASK_VALUE, 0, &v64);
   assert_int_equal(v64, 5);
   _mesa_SampleMaski(1, 0x5);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_GetIntegeri_v(GL_SAMPLE_MASK_VALUE, 1, &v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_Enable(GL_SAMPLE_MASK);
   _mesa_GetBooleanv(GL_SAMPLE_MASK, &b);
   assert_int_equal(b, GL_TRUE);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   /* the window framebuffer is single-sampled: one sample, the centre */
   GLfloat pos[2] = {-1, -1};
   _mesa_GetMultisamplefv(GL_SAMPLE_POSITION, 0, pos);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_true(pos[0] == 0.5f && pos[1] == 0.5f);
   _mesa_GetMultisamplefv(GL_SAMPLE_POSITION, 1, pos);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_GetMultisamplefv(GL_SAMPLES, 0, pos);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* DEPTH_CLAMP (section 2.17, table 6.9), TEXTURE_CUBE_MAP_SEAMLESS
 * (3.8.8, table 6.20) and PROGRAM_POINT_SIZE (3.4, table 6.12): off
 * initially; ES has none of them. */
static void
test_enables(void **state)
{
   struct gl_test *t = core32();
   static const GLenum caps[] = {GL_DEPTH_CLAMP, GL_TEXTURE_CUBE_MAP_SEAMLESS,
                                 GL_PROGRAM_POINT_SIZE};

   for (unsigned i = 0; i < 3; i++) {
      GLboolean b = GL_TRUE;
      GLdouble d = -1.0;
      assert_false(_mesa_IsEnabled(caps[i]));
      _mesa_Enable(caps[i]);
      assert_true(_mesa_IsEnabled(caps[i]));
      _mesa_GetBooleanv(caps[i], &b);
      assert_int_equal(b, GL_TRUE);
      _mesa_GetDoublev(caps[i], &d); /* GL 3.2 section 6.1.2 */
      assert_true(d == 1.0);
      _mesa_Disable(caps[i]);
      assert_false(_mesa_IsEnabled(caps[i]));
   }
   GLint v = 0;
   _mesa_GetIntegerv(GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION, &v);
   assert_int_equal(v, GL_TRUE);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);

   t = gl_test_create(2, 0, 8, 8);
   assert_non_null(t);
   _mesa_Enable(GL_DEPTH_CLAMP);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_TexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 8, 8,
                               GL_TRUE);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);
}

/* ARB_depth_clamp (GL 3.2 compatibility section 2.22): with depth
 * clamping the near and far planes do not invalidate the raster
 * position, and its window z is clamped to the depth range.  Here an
 * orthographic projection with near -1 and far 1: object z -2 is beyond
 * the near plane (clip z 2 > w). */
static void
test_depth_clamp_raster_pos(void **state)
{
   enum st_context_error err;
   struct gl_test *t = context(ST_PROFILE_DEFAULT, 2, 1, false, &err);
   assert_non_null(t);
   GLboolean valid = GL_TRUE;
   GLfloat p[4];

   _mesa_Viewport(0, 0, 8, 8);
   _mesa_MatrixMode(GL_PROJECTION);
   _mesa_Ortho(0, 8, 0, 8, -1, 1);
   _mesa_RasterPos3f(2, 3, -2);
   _mesa_GetBooleanv(GL_CURRENT_RASTER_POSITION_VALID, &valid);
   assert_false(valid);
   _mesa_Enable(GL_DEPTH_CLAMP);
   _mesa_RasterPos3f(2, 3, -2);
   _mesa_GetBooleanv(GL_CURRENT_RASTER_POSITION_VALID, &valid);
   assert_true(valid);
   _mesa_GetFloatv(GL_CURRENT_RASTER_POSITION, p);
   assert_true(p[0] == 2 && p[1] == 3 && p[2] == 1.0f);
   /* still clipped on x */
   _mesa_RasterPos3f(9, 3, 0);
   _mesa_GetBooleanv(GL_CURRENT_RASTER_POSITION_VALID, &valid);
   assert_false(valid);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* GL 3.2 section 3.8.3: depth and depth-stencil client formats go with
 * either depth or depth-stencil internal formats; only a depth kind
 * against a colour one is INVALID_OPERATION. */
static void
test_depth_stencil_teximage(void **state)
{
   struct gl_test *t = core32();
   static const struct {
      GLenum internalformat, format, type, error;
   } cases[] = {
      {GL_DEPTH32F_STENCIL8, GL_DEPTH_COMPONENT, GL_FLOAT, GL_NO_ERROR},
      {GL_DEPTH24_STENCIL8, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, GL_NO_ERROR},
      {GL_DEPTH_COMPONENT24, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8,
       GL_NO_ERROR},
      {GL_RGBA8, GL_DEPTH_COMPONENT, GL_FLOAT, GL_INVALID_OPERATION},
      {GL_DEPTH32F_STENCIL8, GL_RGBA, GL_FLOAT, GL_INVALID_OPERATION},
   };
   GLuint tex;

   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_2D, tex);
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      _mesa_TexImage2D(GL_TEXTURE_2D, 0, (GLint)cases[i].internalformat, 4,
                       4, 0, cases[i].format, cases[i].type, NULL);
      assert_int_equal(_mesa_GetError(), cases[i].error);
   }
   assert_true(gl_test_has_extension("GL_EXT_provoking_vertex"));
   gl_test_destroy(t);
}

/* ARB_sample_shading (GL 4.6 section 14.3.1.1, table 23.10):
 * SAMPLE_SHADING starts off, MIN_SAMPLE_SHADING_VALUE at 0 and clamped
 * to [0, 1]; the driver's min_samples is ceil(value * samples) while
 * enabled. */
static void
test_sample_shading(void **state)
{
   struct gl_test *t = core32();
   GLfloat v = -1;

   assert_true(gl_test_has_extension("GL_ARB_sample_shading"));
   assert_false(_mesa_IsEnabled(GL_SAMPLE_SHADING));
   _mesa_GetFloatv(GL_MIN_SAMPLE_SHADING_VALUE, &v);
   assert_true(v == 0.0f);
   _mesa_MinSampleShading(0.5f);
   _mesa_GetFloatv(GL_MIN_SAMPLE_SHADING_VALUE, &v);
   assert_true(v == 0.5f);
   _mesa_MinSampleShading(1.5f);
   _mesa_GetFloatv(GL_MIN_SAMPLE_SHADING_VALUE, &v);
   assert_true(v == 1.0f);
   _mesa_MinSampleShading(-0.5f);
   _mesa_GetFloatv(GL_MIN_SAMPLE_SHADING_VALUE, &v);
   assert_true(v == 0.0f);
   _mesa_Enable(GL_SAMPLE_SHADING);
   assert_true(_mesa_IsEnabled(GL_SAMPLE_SHADING));
   GLboolean b = GL_FALSE;
   _mesa_GetBooleanv(GL_SAMPLE_SHADING, &b);
   assert_true(b);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);

   /* not in ES */
   t = gl_test_create(3, 0, 8, 8);
   if (t) {
      _mesa_Enable(GL_SAMPLE_SHADING);
      assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
      gl_test_destroy(t);
   }
}

/* Section 2.8 (ARB_vertex_array_bgra): size BGRA for normalized
 * unsigned bytes in glVertexAttribPointer (and glColorPointer in the
 * compatibility profile), reported as the size; not for the integer
 * pointer nor ES. */
static void
test_vertex_array_bgra(void **state)
{
   struct gl_test *t = core32();
   GLuint vao, buf;
   GLint v = 0;

   _mesa_GenVertexArrays(1, &vao);
   _mesa_BindVertexArray(vao);
   _mesa_GenBuffers(1, &buf);
   _mesa_BindBuffer(GL_ARRAY_BUFFER, buf);
   _mesa_VertexAttribPointer(1, GL_BGRA, GL_UNSIGNED_BYTE, GL_TRUE, 0, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetVertexAttribiv(1, GL_VERTEX_ATTRIB_ARRAY_SIZE, &v);
   assert_int_equal(v, GL_BGRA);
   _mesa_VertexAttribPointer(1, GL_BGRA, GL_UNSIGNED_BYTE, GL_FALSE, 0, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_VertexAttribPointer(1, GL_BGRA, GL_FLOAT, GL_TRUE, 0, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_VertexAttribIPointer(1, GL_BGRA, GL_UNSIGNED_BYTE, 0, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   assert_true(gl_test_has_extension("GL_ARB_vertex_array_bgra"));
   gl_test_destroy(t);

   t = gl_test_create_profile(ST_PROFILE_DEFAULT, 2, 1, 8, 8);
   assert_non_null(t);
   _mesa_ColorPointer(GL_BGRA, GL_UNSIGNED_BYTE, 0, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetIntegerv(GL_COLOR_ARRAY_SIZE, &v);
   assert_int_equal(v, GL_BGRA);
   _mesa_VertexPointer(GL_BGRA, GL_UNSIGNED_BYTE, 0, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   /* a BGRA type error is INVALID_OPERATION even for a type the array
    * never takes (as Mesa and piglit's api-errors order them) */
   _mesa_ColorPointer(GL_BGRA, GL_DOUBLE, 0, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_SecondaryColorPointer(GL_BGRA, GL_FLOAT, 0, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);

   t = gl_test_create(3, 0, 8, 8);
   if (t) {
      _mesa_VertexAttribPointer(1, GL_BGRA, GL_UNSIGNED_BYTE, GL_TRUE, 0,
                                NULL);
      assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
      gl_test_destroy(t);
   }
}

/* Since wave 16: glTexImage2DMultisample takes the colour-renderable
 * formats of GL 3.0 section 4.4.4 (gl_desktop30's
 * test_lum_int_rgb_renderable): in a compatibility context luminance,
 * luminance-alpha and intensity ones, as Mesa (llvmpipe passes piglit's
 * arb_copy_image-formats --samples=2 with them), and in both profiles
 * the integer, snorm and float RGB ones; core contexts have no luminance
 * formats (INVALID_ENUM). */
static GLenum
multisample_error(GLenum internalformat)
{
   _mesa_TexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, internalformat,
                               8, 8, GL_TRUE);
   return _mesa_GetError();
}

static void
test_multisample_lum_rgb(void **state)
{
   (void)state;
   static const GLenum compat_ok[] = {
      GL_LUMINANCE, GL_LUMINANCE16, GL_LUMINANCE8_ALPHA8, GL_INTENSITY,
      GL_INTENSITY16, GL_ALPHA8, GL_RGB8UI, GL_RGB16I, GL_RGB32UI,
      GL_RGB8_SNORM, GL_RGB16_SNORM, GL_RGB32F, GL_RGB16,
   };
   enum st_context_error err;
   struct gl_test *t = context(ST_PROFILE_DEFAULT, 3, 2, true, &err);
   assert_non_null(t);
   GLuint tex;
   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex);
   for (unsigned i = 0; i < sizeof(compat_ok) / sizeof(compat_ok[0]); i++)
      assert_int_equal(multisample_error(compat_ok[i]), GL_NO_ERROR);
   _mesa_DeleteTextures(1, &tex);
   gl_test_destroy(t);

   t = core32();
   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex);
   assert_int_equal(multisample_error(GL_RGB8UI), GL_NO_ERROR);
   assert_int_equal(multisample_error(GL_LUMINANCE8), GL_INVALID_ENUM);
   _mesa_DeleteTextures(1, &tex);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_version_gate),
      cmocka_unit_test(test_core_context),
      cmocka_unit_test(test_teximage_multisample),
      cmocka_unit_test(test_multisample_lum_rgb),
      cmocka_unit_test(test_texstorage_multisample),
      cmocka_unit_test(test_proxy_multisample),
      cmocka_unit_test(test_framebuffer),
      cmocka_unit_test(test_sample_mask_and_positions),
      cmocka_unit_test(test_enables),
      cmocka_unit_test(test_depth_clamp_raster_pos),
      cmocka_unit_test(test_depth_stencil_teximage),
      cmocka_unit_test(test_sample_shading),
      cmocka_unit_test(test_vertex_array_bgra),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
