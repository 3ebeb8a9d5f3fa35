/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The GL errors of ES 2.0, one table row per rule of the specification
 * (OpenGL ES 2.0.25: the "Errors" paragraphs of sections 2.7-2.10, 3.6,
 * 4.1-4.3 and 6.1).  Each row runs one call in a fresh context and expects
 * exactly that error from glGetError, then GL_NO_ERROR.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "gl_test_context.h"

/* Names made by the fixture: a shader, a program (both unlinked). */
static GLuint fx_shader, fx_program;

static void
fx_prepare(void)
{
   fx_shader = _mesa_CreateShader(GL_VERTEX_SHADER);
   fx_program = _mesa_CreateProgram();
}

#define CALL(name, ...)                                                        \
   static void name(void)                                                      \
   {                                                                           \
      __VA_ARGS__;                                                             \
   }

/* Section 2.7-2.8: vertex attributes. */
CALL(attrib_index_too_big,
     _mesa_VertexAttribPointer(16, 4, GL_FLOAT, GL_FALSE, 0, NULL))
CALL(attrib_size_0,
     _mesa_VertexAttribPointer(0, 0, GL_FLOAT, GL_FALSE, 0, NULL))
CALL(attrib_size_5,
     _mesa_VertexAttribPointer(0, 5, GL_FLOAT, GL_FALSE, 0, NULL))
CALL(attrib_stride_neg,
     _mesa_VertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, -1, NULL))
CALL(attrib_type_int_es2,
     _mesa_VertexAttribPointer(0, 4, GL_INT, GL_FALSE, 0, NULL))
CALL(attrib_type_bad,
     _mesa_VertexAttribPointer(0, 4, GL_RGBA, GL_FALSE, 0, NULL))
CALL(enable_array_index, _mesa_EnableVertexAttribArray(16))
CALL(disable_array_index, _mesa_DisableVertexAttribArray(100))
CALL(attrib4f_index, _mesa_VertexAttrib4f(16, 0, 0, 0, 1))

/* Section 2.8: drawing. */
CALL(draw_arrays_mode, _mesa_DrawArrays(GL_QUADS, 0, 3))
CALL(draw_arrays_count, _mesa_DrawArrays(GL_TRIANGLES, 0, -1))
CALL(draw_elements_mode, _mesa_DrawElements(0x7, 3, GL_UNSIGNED_BYTE, NULL))
CALL(draw_elements_count,
     _mesa_DrawElements(GL_TRIANGLES, -3, GL_UNSIGNED_BYTE, NULL))
CALL(draw_elements_type, _mesa_DrawElements(GL_TRIANGLES, 3, GL_FLOAT, NULL))

/* Section 2.9: buffer objects. */
CALL(bind_buffer_target, _mesa_BindBuffer(GL_TEXTURE_2D, 1))
CALL(gen_buffers_neg, _mesa_GenBuffers(-1, NULL))
CALL(delete_buffers_neg, _mesa_DeleteBuffers(-1, NULL))
CALL(buffer_data_target,
     _mesa_BufferData(GL_RENDERBUFFER, 4, NULL, GL_STATIC_DRAW))
CALL(buffer_data_no_buffer,
     _mesa_BufferData(GL_ARRAY_BUFFER, 4, NULL, GL_STATIC_DRAW))
CALL(buffer_data_usage, {
   _mesa_BindBuffer(GL_ARRAY_BUFFER, 5);
   _mesa_BufferData(GL_ARRAY_BUFFER, 4, NULL, GL_STATIC_READ);
})
CALL(buffer_data_size, {
   _mesa_BindBuffer(GL_ARRAY_BUFFER, 5);
   _mesa_BufferData(GL_ARRAY_BUFFER, -4, NULL, GL_STATIC_DRAW);
})
CALL(buffer_subdata_range, {
   static const char d[8];
   _mesa_BindBuffer(GL_ARRAY_BUFFER, 5);
   _mesa_BufferData(GL_ARRAY_BUFFER, 4, NULL, GL_STATIC_DRAW);
   _mesa_BufferSubData(GL_ARRAY_BUFFER, 2, 4, d);
})
CALL(buffer_subdata_neg, {
   static const char d[8];
   _mesa_BindBuffer(GL_ARRAY_BUFFER, 5);
   _mesa_BufferData(GL_ARRAY_BUFFER, 4, NULL, GL_STATIC_DRAW);
   _mesa_BufferSubData(GL_ARRAY_BUFFER, -1, 1, d);
})
CALL(buffer_subdata_no_buffer, {
   static const char d[8];
   _mesa_BufferSubData(GL_ARRAY_BUFFER, 0, 1, d);
})
CALL(buffer_param_pname, {
   GLint v;
   _mesa_BindBuffer(GL_ARRAY_BUFFER, 5);
   _mesa_GetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_MAPPED, &v);
})

/* Section 2.10: shaders and programs. */
CALL(create_shader_type, _mesa_CreateShader(GL_GEOMETRY_SHADER))
CALL(shader_source_unknown, {
   const char *s = "";
   _mesa_ShaderSource(999, 1, &s, NULL);
})
CALL(shader_source_program, {
   const char *s = "";
   _mesa_ShaderSource(fx_program, 1, &s, NULL);
})
CALL(shader_source_count, {
   const char *s = "";
   _mesa_ShaderSource(fx_shader, -1, &s, NULL);
})
CALL(compile_program, _mesa_CompileShader(fx_program))
CALL(attach_twice, {
   _mesa_AttachShader(fx_program, fx_shader);
   _mesa_AttachShader(fx_program, fx_shader);
})
CALL(attach_swapped, _mesa_AttachShader(fx_shader, fx_program))
CALL(detach_not_attached, _mesa_DetachShader(fx_program, fx_shader))
CALL(link_shader, _mesa_LinkProgram(fx_shader))
CALL(link_unknown, _mesa_LinkProgram(12345))
CALL(use_unlinked, _mesa_UseProgram(fx_program))
CALL(use_shader, _mesa_UseProgram(fx_shader))
CALL(bind_attrib_index, _mesa_BindAttribLocation(fx_program, 16, "a"))
CALL(bind_attrib_gl_prefix,
     _mesa_BindAttribLocation(fx_program, 0, "gl_Vertex"))
CALL(attrib_location_unlinked, _mesa_GetAttribLocation(fx_program, "a"))
CALL(uniform_location_unlinked, _mesa_GetUniformLocation(fx_program, "u"))
CALL(uniform_no_program, _mesa_Uniform1f(0, 1.0f))
CALL(get_shaderiv_pname, {
   GLint v;
   _mesa_GetShaderiv(fx_shader, GL_LINK_STATUS, &v);
})
CALL(get_programiv_pname, {
   GLint v;
   _mesa_GetProgramiv(fx_program, GL_COMPILE_STATUS, &v);
})
CALL(get_programiv_shader, {
   GLint v;
   _mesa_GetProgramiv(fx_shader, GL_LINK_STATUS, &v);
})
CALL(info_log_bufsize, {
   char b[4];
   _mesa_GetShaderInfoLog(fx_shader, -1, NULL, b);
})
CALL(precision_shadertype, {
   GLint r[2], p;
   _mesa_GetShaderPrecisionFormat(GL_RGBA, GL_HIGH_FLOAT, r, &p);
})
CALL(shader_binary, _mesa_ShaderBinary(1, &fx_shader, 0x1234, "", 0))

/* Sections 3.6, 4.1-4.3: per-fragment state, clear and read. */
CALL(viewport_neg, _mesa_Viewport(0, 0, -1, 1))
CALL(scissor_neg, _mesa_Scissor(0, 0, 1, -1))
CALL(line_width_zero, _mesa_LineWidth(0.0f))
CALL(cull_face_bad, _mesa_CullFace(GL_CW))
CALL(front_face_bad, _mesa_FrontFace(GL_FRONT))
CALL(depth_func_bad, _mesa_DepthFunc(GL_KEEP))
CALL(stencil_func_bad, _mesa_StencilFunc(GL_INCR, 0, 0xff))
CALL(stencil_op_bad, _mesa_StencilOp(GL_KEEP, GL_NEVER, GL_KEEP))
CALL(stencil_mask_face, _mesa_StencilMaskSeparate(GL_CCW, 0xff))
/* (SRC_ALPHA_SATURATE as a destination is ES 2.0's example, but the noop
 * driver offers EXT_blend_func_extended, which allows it:
 * gl_blend_func_extended_test.c checks both.) */
CALL(blend_func_bad, _mesa_BlendFunc(GL_ONE, GL_STENCIL_INDEX))
CALL(blend_eq_minmax_es2, _mesa_BlendEquation(GL_MIN))
CALL(enable_bad, _mesa_Enable(GL_TEXTURE_2D))
CALL(enable_restart_es2, _mesa_Enable(GL_PRIMITIVE_RESTART_FIXED_INDEX))
CALL(is_enabled_bad, _mesa_IsEnabled(GL_LIGHTING))
CALL(hint_target, _mesa_Hint(GL_LINE_SMOOTH_HINT, GL_NICEST))
CALL(hint_mode, _mesa_Hint(GL_GENERATE_MIPMAP_HINT, GL_RGBA))
CALL(pixel_store_pname, _mesa_PixelStorei(GL_PACK_ROW_LENGTH, 4))
CALL(pixel_store_value, _mesa_PixelStorei(GL_PACK_ALIGNMENT, 3))
CALL(clear_bits, _mesa_Clear(0x4))
CALL(read_pixels_size, {
   unsigned char p[4];
   _mesa_ReadPixels(0, 0, -1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
})
CALL(read_pixels_format, {
   unsigned char p[16];
   _mesa_ReadPixels(0, 0, 1, 1, GL_DEPTH_COMPONENT, GL_UNSIGNED_BYTE, p);
})
/* FLOAT is an ES 2.0 ReadPixels type with EXT_color_buffer_half_float
 * (for float buffers); INT is none. */
CALL(read_pixels_float_fixed, {
   unsigned char p[16];
   _mesa_ReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, p);
})
CALL(read_pixels_type, {
   unsigned char p[16];
   _mesa_ReadPixels(0, 0, 1, 1, GL_RGBA, GL_INT, p);
})
CALL(read_pixels_pair, {
   unsigned char p[16];
   _mesa_ReadPixels(0, 0, 1, 1, GL_RGB, GL_UNSIGNED_BYTE, p);
})

/* Section 6.1: queries. */
CALL(get_integer_bad, {
   GLint v[4];
   _mesa_GetIntegerv(GL_LIGHTING, v);
})
CALL(get_float_bad, {
   GLfloat v[4];
   _mesa_GetFloatv(GL_TEXTURE_2D, v);
})
CALL(get_string_bad, _mesa_GetString(GL_TEXTURE_2D))
CALL(get_attrib_index, {
   GLint v[4];
   _mesa_GetVertexAttribiv(16, GL_VERTEX_ATTRIB_ARRAY_ENABLED, v);
})
CALL(get_attrib_pname, {
   GLint v[4];
   _mesa_GetVertexAttribiv(0, GL_VERTEX_ATTRIB_ARRAY_DIVISOR, v);
})

/* Section 3.7: textures. */
static const GLubyte texels[64];
CALL(teximage_target, _mesa_TexImage2D(GL_TEXTURE_3D, 0, GL_RGBA, 1, 1, 0,
                                       GL_RGBA, GL_UNSIGNED_BYTE, texels))
CALL(teximage_level_neg, _mesa_TexImage2D(GL_TEXTURE_2D, -1, GL_RGBA, 1, 1, 0,
                                          GL_RGBA, GL_UNSIGNED_BYTE, texels))
CALL(teximage_level_big, _mesa_TexImage2D(GL_TEXTURE_2D, 20, GL_RGBA, 1, 1, 0,
                                          GL_RGBA, GL_UNSIGNED_BYTE, texels))
/* RGBA8 is valid with OES_required_internalformat; RGBA12 is no ES
 * format. */
CALL(teximage_ifmt, _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA12, 1, 1, 0,
                                     GL_RGBA, GL_UNSIGNED_BYTE, texels))
/* BGRA_EXT and FLOAT are ES 2.0 enums with EXT_texture_format_BGRA8888
 * and OES_texture_float; RED and INT are not. */
CALL(teximage_format, _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0,
                                       GL_RED, GL_UNSIGNED_BYTE, texels))
CALL(teximage_type, _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0,
                                     GL_RGBA, GL_INT, texels))
CALL(teximage_bgra_mismatch,
     _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_BGRA_EXT,
                      GL_UNSIGNED_BYTE, texels))
CALL(teximage_depth_cube,
     _mesa_TexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, GL_DEPTH_COMPONENT,
                      1, 1, 0, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT_24_8,
                      texels))
CALL(teximage_depth_type,
     _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, 1, 1, 0,
                      GL_DEPTH_COMPONENT, GL_UNSIGNED_BYTE, texels))
CALL(teximage_mismatch, _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 1, 1, 0,
                                         GL_RGBA, GL_UNSIGNED_BYTE, texels))
CALL(teximage_565_rgba,
     _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA,
                      GL_UNSIGNED_SHORT_5_6_5, texels))
CALL(teximage_border, _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 1,
                                       GL_RGBA, GL_UNSIGNED_BYTE, texels))
CALL(teximage_size_neg, _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, -1, 1, 0,
                                         GL_RGBA, GL_UNSIGNED_BYTE, texels))
CALL(teximage_cube_square,
     _mesa_TexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_Y, 0, GL_RGBA, 2, 1, 0,
                      GL_RGBA, GL_UNSIGNED_BYTE, texels))
CALL(teximage_cube_target,
     _mesa_TexImage2D(GL_TEXTURE_CUBE_MAP, 0, GL_RGBA, 1, 1, 0, GL_RGBA,
                      GL_UNSIGNED_BYTE, texels))
CALL(texsub_no_image, _mesa_TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA,
                                          GL_UNSIGNED_BYTE, texels))
CALL(texsub_region, {
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, texels);
   _mesa_TexSubImage2D(GL_TEXTURE_2D, 0, 1, 1, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE,
                       texels);
})
CALL(texsub_format, {
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, texels);
   _mesa_TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGB, GL_UNSIGNED_BYTE,
                       texels);
})
/* targets and pnames ES 2.0 lacks (OES_texture_3D brings GL_TEXTURE_3D
 * and GL_TEXTURE_WRAP_R) */
CALL(bind_texture_target, _mesa_BindTexture(GL_TEXTURE_2D_ARRAY, 1))
CALL(bind_texture_mismatch, {
   _mesa_BindTexture(GL_TEXTURE_2D, 7);
   _mesa_BindTexture(GL_TEXTURE_CUBE_MAP, 7);
})
CALL(active_texture_range, _mesa_ActiveTexture(GL_TEXTURE0 + 48))
CALL(gen_textures_neg, _mesa_GenTextures(-1, NULL))
CALL(tex_param_pname,
     _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 1))
CALL(tex_param_value, _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER,
                                          GL_LINEAR_MIPMAP_LINEAR))
CALL(tex_param_wrap,
     _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER))
CALL(tex_param_target,
     _mesa_TexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER,
                         GL_LINEAR))
CALL(mipmap_no_image, _mesa_GenerateMipmap(GL_TEXTURE_2D))
CALL(mipmap_npot, {
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 3, 2, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, texels);
   _mesa_GenerateMipmap(GL_TEXTURE_2D);
})
CALL(mipmap_target, _mesa_GenerateMipmap(GL_TEXTURE_CUBE_MAP_POSITIVE_X))
CALL(compressed_teximage,
     _mesa_CompressedTexImage2D(GL_TEXTURE_2D, 0, 0x8E8C, 4, 4, 0, 16,
                                texels)) /* BPTC: not offered */

/* Section 4.4: framebuffer and renderbuffer objects. */
CALL(bind_fbo_target, _mesa_BindFramebuffer(GL_RENDERBUFFER, 1))
CALL(fbo_rb_on_default,
     _mesa_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                   GL_RENDERBUFFER, 0))
/* GL_COLOR_ATTACHMENT1.. exist in ES 2.0 with GL_EXT_draw_buffers; a
 * buffer name is no attachment point. */
CALL(fbo_rb_attachment, {
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, 1);
   _mesa_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_BACK, GL_RENDERBUFFER,
                                 0);
})
CALL(fbo_rb_unknown, {
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, 1);
   _mesa_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                 GL_RENDERBUFFER, 42);
})
CALL(fbo_rb_target, {
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, 1);
   _mesa_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                 GL_TEXTURE_2D, 0);
})
CALL(fbo_tex_level, {
   _mesa_BindTexture(GL_TEXTURE_2D, 3);
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, 1);
   _mesa_FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                              GL_TEXTURE_2D, 3, 1);
})
CALL(fbo_tex_unknown, {
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, 1);
   _mesa_FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                              GL_TEXTURE_2D, 9, 0);
})
CALL(fbo_tex_textarget, {
   _mesa_BindTexture(GL_TEXTURE_2D, 3);
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, 1);
   _mesa_FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                              GL_TEXTURE_CUBE_MAP_POSITIVE_X, 3, 0);
})
CALL(fbo_status_target, _mesa_CheckFramebufferStatus(GL_TEXTURE_2D))
CALL(fbo_attach_query_default, {
   GLint v;
   _mesa_GetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
      GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
})
CALL(fbo_incomplete_draw, {
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, 1);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
})
CALL(rb_storage_format, {
   _mesa_BindRenderbuffer(GL_RENDERBUFFER, 1);
   _mesa_RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA, 4, 4);
})
/* Desktop-only names are unknown in ES (formats_es3.c GL_FMT_DESKTOP;
 * texborder.c). */
CALL(rb_storage_depth32, {
   _mesa_BindRenderbuffer(GL_RENDERBUFFER, 1);
   _mesa_RenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT32, 4, 4);
})
CALL(tex_border_color_es, {
   static const GLfloat c[4] = {0, 0, 0, 1};
   _mesa_TexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, c);
})
CALL(rb_storage_size, {
   _mesa_BindRenderbuffer(GL_RENDERBUFFER, 1);
   _mesa_RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA4, -1, 4);
})
CALL(rb_storage_unbound,
     _mesa_RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA4, 4, 4))
CALL(rb_bind_target, _mesa_BindRenderbuffer(GL_FRAMEBUFFER, 1))
CALL(rb_param_pname, {
   GLint v;
   _mesa_BindRenderbuffer(GL_RENDERBUFFER, 1);
   _mesa_GetRenderbufferParameteriv(GL_RENDERBUFFER, GL_TEXTURE_WIDTH, &v);
})

CALL(copyteximage_ifmt,
     _mesa_CopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA12, 0, 0, 1, 1, 0))
CALL(copyteximage_border,
     _mesa_CopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 0, 0, 1, 1, 2))
CALL(copyteximage_target,
     _mesa_CopyTexImage2D(GL_TEXTURE_CUBE_MAP, 0, GL_RGBA, 0, 0, 1, 1, 0))
CALL(copytexsub_no_image,
     _mesa_CopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 1, 1))

struct error_row {
   const char *name;
   void (*call)(void);
   GLenum error;
};

#define ROW(fn, err)                                                           \
   {                                                                           \
#fn, fn, err                                                             \
   }

static const struct error_row rows[] = {
   ROW(attrib_index_too_big, GL_INVALID_VALUE),
   ROW(attrib_size_0, GL_INVALID_VALUE),
   ROW(attrib_size_5, GL_INVALID_VALUE),
   ROW(attrib_stride_neg, GL_INVALID_VALUE),
   ROW(attrib_type_int_es2, GL_INVALID_ENUM),
   ROW(attrib_type_bad, GL_INVALID_ENUM),
   ROW(enable_array_index, GL_INVALID_VALUE),
   ROW(disable_array_index, GL_INVALID_VALUE),
   ROW(attrib4f_index, GL_INVALID_VALUE),
   ROW(draw_arrays_mode, GL_INVALID_ENUM),
   ROW(draw_arrays_count, GL_INVALID_VALUE),
   ROW(draw_elements_mode, GL_INVALID_ENUM),
   ROW(draw_elements_count, GL_INVALID_VALUE),
   ROW(draw_elements_type, GL_INVALID_ENUM),
   ROW(bind_buffer_target, GL_INVALID_ENUM),
   ROW(gen_buffers_neg, GL_INVALID_VALUE),
   ROW(delete_buffers_neg, GL_INVALID_VALUE),
   ROW(buffer_data_target, GL_INVALID_ENUM),
   ROW(buffer_data_no_buffer, GL_INVALID_OPERATION),
   ROW(buffer_data_usage, GL_INVALID_ENUM),
   ROW(buffer_data_size, GL_INVALID_VALUE),
   ROW(buffer_subdata_range, GL_INVALID_VALUE),
   ROW(buffer_subdata_neg, GL_INVALID_VALUE),
   ROW(buffer_subdata_no_buffer, GL_INVALID_OPERATION),
   ROW(buffer_param_pname, GL_INVALID_ENUM),
   ROW(create_shader_type, GL_INVALID_ENUM),
   ROW(shader_source_unknown, GL_INVALID_VALUE),
   ROW(shader_source_program, GL_INVALID_OPERATION),
   ROW(shader_source_count, GL_INVALID_VALUE),
   ROW(compile_program, GL_INVALID_OPERATION),
   ROW(attach_twice, GL_INVALID_OPERATION),
   ROW(attach_swapped, GL_INVALID_OPERATION),
   ROW(detach_not_attached, GL_INVALID_OPERATION),
   ROW(link_shader, GL_INVALID_OPERATION),
   ROW(link_unknown, GL_INVALID_VALUE),
   ROW(use_unlinked, GL_INVALID_OPERATION),
   ROW(use_shader, GL_INVALID_OPERATION),
   ROW(bind_attrib_index, GL_INVALID_VALUE),
   ROW(bind_attrib_gl_prefix, GL_INVALID_OPERATION),
   ROW(attrib_location_unlinked, GL_INVALID_OPERATION),
   ROW(uniform_location_unlinked, GL_INVALID_OPERATION),
   ROW(uniform_no_program, GL_INVALID_OPERATION),
   ROW(get_shaderiv_pname, GL_INVALID_ENUM),
   ROW(get_programiv_pname, GL_INVALID_ENUM),
   ROW(get_programiv_shader, GL_INVALID_OPERATION),
   ROW(info_log_bufsize, GL_INVALID_VALUE),
   ROW(precision_shadertype, GL_INVALID_ENUM),
   ROW(shader_binary, GL_INVALID_ENUM),
   ROW(viewport_neg, GL_INVALID_VALUE),
   ROW(scissor_neg, GL_INVALID_VALUE),
   ROW(line_width_zero, GL_INVALID_VALUE),
   ROW(cull_face_bad, GL_INVALID_ENUM),
   ROW(front_face_bad, GL_INVALID_ENUM),
   ROW(depth_func_bad, GL_INVALID_ENUM),
   ROW(stencil_func_bad, GL_INVALID_ENUM),
   ROW(stencil_op_bad, GL_INVALID_ENUM),
   ROW(stencil_mask_face, GL_INVALID_ENUM),
   ROW(blend_func_bad, GL_INVALID_ENUM),
   ROW(blend_eq_minmax_es2, GL_INVALID_ENUM),
   ROW(enable_bad, GL_INVALID_ENUM),
   ROW(enable_restart_es2, GL_INVALID_ENUM),
   ROW(is_enabled_bad, GL_INVALID_ENUM),
   ROW(hint_target, GL_INVALID_ENUM),
   ROW(hint_mode, GL_INVALID_ENUM),
   ROW(pixel_store_pname, GL_INVALID_ENUM),
   ROW(pixel_store_value, GL_INVALID_VALUE),
   ROW(clear_bits, GL_INVALID_VALUE),
   ROW(read_pixels_size, GL_INVALID_VALUE),
   ROW(read_pixels_format, GL_INVALID_ENUM),
   ROW(read_pixels_type, GL_INVALID_ENUM),
   ROW(read_pixels_float_fixed, GL_INVALID_OPERATION),
   ROW(read_pixels_pair, GL_INVALID_OPERATION),
   ROW(teximage_target, GL_INVALID_ENUM),
   ROW(teximage_level_neg, GL_INVALID_VALUE),
   ROW(teximage_level_big, GL_INVALID_VALUE),
   ROW(teximage_ifmt, GL_INVALID_VALUE),
   ROW(teximage_format, GL_INVALID_ENUM),
   ROW(teximage_type, GL_INVALID_ENUM),
   /* EXT_texture_format_BGRA8888: internalformat must be BGRA too. */
   ROW(teximage_bgra_mismatch, GL_INVALID_OPERATION),
   /* OES_depth_texture(_cube_map): UNSIGNED_SHORT/INT only. */
   ROW(teximage_depth_cube, GL_INVALID_OPERATION),
   ROW(teximage_depth_type, GL_INVALID_OPERATION),
   ROW(teximage_mismatch, GL_INVALID_OPERATION),
   ROW(teximage_565_rgba, GL_INVALID_OPERATION),
   ROW(teximage_border, GL_INVALID_VALUE),
   ROW(teximage_size_neg, GL_INVALID_VALUE),
   ROW(teximage_cube_square, GL_INVALID_VALUE),
   ROW(teximage_cube_target, GL_INVALID_ENUM),
   ROW(texsub_no_image, GL_INVALID_OPERATION),
   ROW(texsub_region, GL_INVALID_VALUE),
   ROW(texsub_format, GL_INVALID_OPERATION),
   ROW(bind_texture_target, GL_INVALID_ENUM),
   ROW(bind_texture_mismatch, GL_INVALID_OPERATION),
   ROW(active_texture_range, GL_INVALID_ENUM),
   ROW(gen_textures_neg, GL_INVALID_VALUE),
   ROW(tex_param_pname, GL_INVALID_ENUM),
   ROW(tex_param_value, GL_INVALID_ENUM),
   ROW(tex_param_wrap, GL_INVALID_ENUM),
   ROW(tex_param_target, GL_INVALID_ENUM),
   ROW(mipmap_no_image, GL_INVALID_OPERATION),
   /* (ES 2.0's NPOT error is lifted by OES_texture_npot) */
   ROW(mipmap_npot, GL_NO_ERROR),
   ROW(mipmap_target, GL_INVALID_ENUM),
   ROW(compressed_teximage, GL_INVALID_ENUM),
   ROW(bind_fbo_target, GL_INVALID_ENUM),
   ROW(fbo_rb_on_default, GL_INVALID_OPERATION),
   ROW(fbo_rb_attachment, GL_INVALID_ENUM),
   ROW(fbo_rb_unknown, GL_INVALID_OPERATION),
   ROW(fbo_rb_target, GL_INVALID_ENUM),
   ROW(fbo_tex_level, GL_INVALID_VALUE),
   ROW(fbo_tex_unknown, GL_INVALID_OPERATION),
   ROW(fbo_tex_textarget, GL_INVALID_OPERATION),
   ROW(fbo_status_target, GL_INVALID_ENUM),
   ROW(fbo_attach_query_default, GL_INVALID_OPERATION),
   ROW(fbo_incomplete_draw, GL_INVALID_FRAMEBUFFER_OPERATION),
   ROW(rb_storage_format, GL_INVALID_ENUM),
   ROW(rb_storage_depth32, GL_INVALID_ENUM),
   ROW(tex_border_color_es, GL_INVALID_ENUM),
   ROW(rb_storage_size, GL_INVALID_VALUE),
   ROW(rb_storage_unbound, GL_INVALID_OPERATION),
   ROW(rb_bind_target, GL_INVALID_ENUM),
   ROW(rb_param_pname, GL_INVALID_ENUM),
   ROW(copyteximage_ifmt, GL_INVALID_VALUE),
   ROW(copyteximage_border, GL_INVALID_VALUE),
   ROW(copyteximage_target, GL_INVALID_ENUM),
   ROW(copytexsub_no_image, GL_INVALID_OPERATION),
   ROW(get_integer_bad, GL_INVALID_ENUM),
   ROW(get_float_bad, GL_INVALID_ENUM),
   ROW(get_string_bad, GL_INVALID_ENUM),
   ROW(get_attrib_index, GL_INVALID_VALUE),
   ROW(get_attrib_pname, GL_INVALID_ENUM),
};

static void
test_error_table(void **state)
{
   unsigned failures = 0;

   for (unsigned i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
      struct gl_test *t = gl_test_create(2, 0, 16, 16);
      GLenum got, after;

      assert_non_null(t);
      fx_prepare();
      assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
      rows[i].call();
      got = _mesa_GetError();
      after = _mesa_GetError();
      if (got != rows[i].error || after != GL_NO_ERROR) {
         print_error("%s: expected 0x%x, got 0x%x (then 0x%x)\n", rows[i].name,
                     rows[i].error, got, after);
         failures++;
      }
      gl_test_destroy(t);
   }
   assert_int_equal(failures, 0);
}

/* Only the first error is kept until glGetError reads it. */
static void
test_first_error_sticks(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 16, 16);

   _mesa_Viewport(0, 0, -1, -1); /* INVALID_VALUE */
   _mesa_Enable(GL_TEXTURE_2D);  /* INVALID_ENUM */
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* No framebuffer bound (surfaceless, ES 2.0 section 4.4.5): draws, clears
 * and reads are GL_INVALID_FRAMEBUFFER_OPERATION. */
static void
test_surfaceless_framebuffer_undefined(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 0, 0);
   unsigned char p[4];

   assert_int_equal(_mesa_CheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_UNDEFINED);
   _mesa_Clear(GL_COLOR_BUFFER_BIT);
   assert_int_equal(_mesa_GetError(), GL_INVALID_FRAMEBUFFER_OPERATION);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(_mesa_GetError(), GL_INVALID_FRAMEBUFFER_OPERATION);
   _mesa_ReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
   assert_int_equal(_mesa_GetError(), GL_INVALID_FRAMEBUFFER_OPERATION);
   gl_test_destroy(t);
}

/* Without a current context GL calls do nothing and report nothing. */
static void
test_no_context(void **state)
{
   _mesa_Viewport(0, 0, -1, -1);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_null(_mesa_GetString(GL_VERSION));
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_error_table),
      cmocka_unit_test(test_first_error_sticks),
      cmocka_unit_test(test_surfaceless_framebuffer_undefined),
      cmocka_unit_test(test_no_context),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
