/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * What the state tracker asks of the driver for a clear, a draw and a
 * readback, observed by wrapping the noop pipe_context's hooks.  Expected
 * values are computed by hand from the GL calls: e.g. a 32 x 32 window
 * framebuffer has GL's row 0 at the bottom, so its viewport maps NDC y = 1
 * to Gallium row 0 (scale -16, translate 16).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "gl_test_context.h"
#include "pipe/p_context.h"
#include "state_tracker/st_context.h"
#include "util/u_inlines.h"
#include "nir.h"
#include "util/ralloc.h"

static struct {
   struct pipe_context orig;
   unsigned clears, clear_buffers;
   union pipe_color_union clear_color;
   bool clear_scissored;
   struct pipe_scissor_state clear_scissor;
   unsigned draws;
   struct pipe_draw_info draw_info;
   struct pipe_draw_start_count_bias draw;
   uint32_t indices[16];
   struct pipe_viewport_state viewport;
   struct pipe_vertex_element elements[16];
   unsigned num_elements;
   struct pipe_vertex_buffer vbufs[17];
   unsigned num_vbufs;
   float constants[2][64]; /* per stage, read back at draw time */
   struct pipe_constant_buffer cb[2];
   unsigned shaders_created;
   int wpos_slot; /* driver_location of st_wpos_transform */
} spy;

static void
spy_clear(struct pipe_context *p, unsigned buffers,
          const struct pipe_scissor_state *s,
          const union pipe_color_union *color, double depth, unsigned stencil)
{
   spy.clears++;
   spy.clear_buffers = buffers;
   spy.clear_color = *color;
   spy.clear_scissored = s != NULL;
   if (s)
      spy.clear_scissor = *s;
}

static void
spy_set_viewport_states(struct pipe_context *p, unsigned start, unsigned n,
                        const struct pipe_viewport_state *vp)
{
   spy.viewport = vp[0];
}

static void *
spy_create_ve(struct pipe_context *p, unsigned count,
              const struct pipe_vertex_element *ve)
{
   spy.num_elements = count;
   memcpy(spy.elements, ve, count * sizeof(*ve));
   return spy.orig.create_vertex_elements_state(p, count, ve);
}

static void
spy_set_vertex_buffers(struct pipe_context *p, unsigned count,
                       const struct pipe_vertex_buffer *vb)
{
   spy.num_vbufs = count;
   memcpy(spy.vbufs, vb, count * sizeof(*vb));
}

static void
spy_set_constant_buffer(struct pipe_context *p, enum pipe_shader_type sh,
                        unsigned index, bool take,
                        const struct pipe_constant_buffer *cb)
{
   int s = sh == PIPE_SHADER_FRAGMENT;

   if (index == 0 && cb) {
      spy.cb[s] = *cb;
      pipe_buffer_read(p, cb->buffer, cb->buffer_offset,
                       cb->buffer_size < sizeof(spy.constants[0])
                          ? cb->buffer_size
                          : sizeof(spy.constants[0]),
                       spy.constants[s]);
   }
   spy.orig.set_constant_buffer(p, sh, index, take, cb);
}

static void *
spy_create_shader(struct pipe_context *p, const struct pipe_shader_state *templ)
{
   assert_int_equal(templ->type, PIPE_SHADER_IR_NIR);
   assert_non_null(templ->ir.nir);
   spy.shaders_created++;
   char *msg = NULL;
   if (!nir_validate_shader_msg(templ->ir.nir, NULL, &msg))
      fail_msg("invalid NIR handed to the driver: %s", msg ? msg : "");
   ralloc_free(msg);
   nir_foreach_variable_with_modes(var, templ->ir.nir, nir_var_uniform)
   {
      if (strcmp(var->name, "st_wpos_transform") == 0)
         spy.wpos_slot = (int)var->data.driver_location;
   }
   return spy.orig.create_vs_state(p, templ);
}

static void
spy_draw_vbo(struct pipe_context *p, const struct pipe_draw_info *info,
             unsigned drawid, const struct pipe_draw_indirect_info *ind,
             const struct pipe_draw_start_count_bias *draws, unsigned n)
{
   spy.draws++;
   spy.draw_info = *info;
   spy.draw = draws[0];
   if (info->index_size == 2 && draws[0].count <= 16) {
      uint16_t idx[16];
      pipe_buffer_read(p, info->index.resource, draws[0].start * 2,
                       draws[0].count * 2, idx);
      for (unsigned i = 0; i < draws[0].count; i++)
         spy.indices[i] = idx[i];
   }
}

static struct gl_test *
spy_wrap(struct gl_test *t)
{
   struct pipe_context *pipe = st_context_pipe(t->ctx);

   memset(&spy, 0, sizeof(spy));
   spy.wpos_slot = -1;
   spy.orig = *pipe;
   pipe->clear = spy_clear;
   pipe->set_viewport_states = spy_set_viewport_states;
   pipe->create_vertex_elements_state = spy_create_ve;
   pipe->set_vertex_buffers = spy_set_vertex_buffers;
   pipe->set_constant_buffer = spy_set_constant_buffer;
   pipe->create_vs_state = spy_create_shader;
   pipe->create_fs_state = spy_create_shader;
   pipe->draw_vbo = spy_draw_vbo;
   return t;
}

static struct gl_test *
spy_create(unsigned w, unsigned h)
{
   return spy_wrap(gl_test_create(2, 0, w, h));
}

static void
test_clear(void **state)
{
   struct gl_test *t = spy_create(32, 32);

   _mesa_ClearColor(0.25f, 0.5f, 0.75f, 1.0f);
   _mesa_Clear(GL_COLOR_BUFFER_BIT);
   assert_int_equal(spy.clears, 1);
   assert_int_equal(spy.clear_buffers, PIPE_CLEAR_COLOR0);
   assert_true(spy.clear_color.f[0] == 0.25f && spy.clear_color.f[2] == 0.75f);
   assert_false(spy.clear_scissored);

   /* Depth clears obey the depth write mask (section 4.2.3). */
   _mesa_Clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT |
               GL_STENCIL_BUFFER_BIT);
   assert_int_equal(spy.clear_buffers,
                    PIPE_CLEAR_COLOR0 | PIPE_CLEAR_DEPTH | PIPE_CLEAR_STENCIL);
   _mesa_DepthMask(GL_FALSE);
   _mesa_Clear(GL_DEPTH_BUFFER_BIT | GL_COLOR_BUFFER_BIT);
   assert_int_equal(spy.clear_buffers, PIPE_CLEAR_COLOR0);

   /* A scissored clear of GL rows 0..7 is Gallium rows 24..31. */
   _mesa_Enable(GL_SCISSOR_TEST);
   _mesa_Scissor(4, 0, 8, 8);
   _mesa_Clear(GL_COLOR_BUFFER_BIT);
   assert_true(spy.clear_scissored);
   assert_int_equal(spy.clear_scissor.minx, 4);
   assert_int_equal(spy.clear_scissor.maxx, 12);
   assert_int_equal(spy.clear_scissor.miny, 24);
   assert_int_equal(spy.clear_scissor.maxy, 32);
   gl_test_destroy(t);
}

/* Partial write masks cannot use pipe->clear: a rectangle is drawn with
 * the masks in its CSOs, and the rest is still a plain clear. */
static void
test_masked_clear(void **state)
{
   struct gl_test *t = spy_create(8, 8);

   _mesa_ColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
   _mesa_Clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   assert_int_equal(spy.draws, 1);
   assert_int_equal(spy.draw_info.mode, PIPE_PRIM_TRIANGLE_STRIP);
   assert_int_equal(spy.draw.count, 4);
   assert_int_equal(spy.clears, 1);
   assert_int_equal(spy.clear_buffers, PIPE_CLEAR_DEPTH);
   assert_int_equal(spy.shaders_created, 2);

   _mesa_ColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   _mesa_StencilMask(0x0f);
   _mesa_Clear(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   assert_int_equal(spy.draws, 2);
   assert_int_equal(spy.clear_buffers, PIPE_CLEAR_COLOR0);
   assert_int_equal(spy.shaders_created, 2); /* made once */
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* ReadPixels returns GL rows bottom-up: GL row 0 is the last row of the
 * window framebuffer's memory. */
static void
test_read_pixels_flip(void **state)
{
   struct gl_test *t = spy_create(4, 2);
   struct pipe_context *pipe = st_context_pipe(t->ctx);
   struct pipe_resource *color =
      st_framebuffer_get_resource(t->fb, ST_ATTACHMENT_BACK_LEFT);
   uint8_t mem[2][16], out[2][16];
   struct pipe_box box;

   for (int i = 0; i < 16; i++) {
      mem[0][i] = (uint8_t)(i + 1);    /* top row in memory */
      mem[1][i] = (uint8_t)(0x80 + i); /* bottom row */
   }
   u_box_2d(0, 0, 4, 2, &box);
   pipe->texture_subdata(pipe, color, 0, PIPE_MAP_WRITE, &box, mem, 16, 0);
   memset(out, 0, sizeof(out));
   _mesa_ReadPixels(0, 0, 4, 2, GL_RGBA, GL_UNSIGNED_BYTE, out);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_memory_equal(out[0], mem[1], 16);
   assert_memory_equal(out[1], mem[0], 16);

   /* One pixel at GL (1, 1): memory row 0, column 1. */
   uint8_t px[4];
   _mesa_ReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   assert_memory_equal(px, &mem[0][4], 4);
   gl_test_destroy(t);
}

static const char *vs_src = "attribute vec2 a_pos;\n"
                            "attribute vec4 a_color;\n"
                            "varying vec4 v_color;\n"
                            "uniform mat4 u_mvp;\n"
                            "void main() {\n"
                            "   v_color = a_color;\n"
                            "   gl_Position = u_mvp * vec4(a_pos, 0.0, 1.0);\n"
                            "}\n";

static const char *fs_src = "precision mediump float;\n"
                            "varying vec4 v_color;\n"
                            "uniform vec4 u_tint;\n"
                            "void main() {\n"
                            "   gl_FragColor = v_color * u_tint;\n"
                            "}\n";

static void
test_draw(void **state)
{
   struct gl_test *t = spy_create(32, 32);
   GLuint prog = gl_test_program(vs_src, fs_src);

   if (!prog) {
      gl_test_destroy(t);
      skip(); /* the linker is not there yet */
   }
   _mesa_BindAttribLocation(prog, 3, "a_pos");
   _mesa_LinkProgram(prog);
   /* The driver gets both stages at link time (twice: two links). */
   unsigned made = spy.shaders_created;
   assert_int_equal(made, 4);
   assert_int_equal(_mesa_GetAttribLocation(prog, "a_pos"), 3);
   GLint color_loc = _mesa_GetAttribLocation(prog, "a_color");
   assert_true(color_loc >= 0 && color_loc != 3);
   GLint mvp = _mesa_GetUniformLocation(prog, "u_mvp");
   GLint tint = _mesa_GetUniformLocation(prog, "u_tint");
   assert_true(mvp >= 0 && tint >= 0);
   assert_int_equal(_mesa_GetUniformLocation(prog, "nope"), -1);

   _mesa_UseProgram(prog);
   static const GLfloat ident[16] = {1, 0, 0, 0, 0, 1, 0, 0,
                                     0, 0, 1, 0, 0, 0, 0, 1};
   _mesa_UniformMatrix4fv(mvp, 1, GL_FALSE, ident);
   _mesa_Uniform4f(tint, 1.0f, 0.5f, 0.25f, 1.0f);
   _mesa_Uniform1f(tint, 1.0f); /* wrong size */
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_Uniform4i(tint, 1, 1, 1, 1); /* wrong type */
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_Uniform4f(1000, 0, 0, 0, 0); /* no such location */
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_Uniform4f(-1, 0, 0, 0, 0); /* -1 is ignored silently */
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   GLfloat back[4];
   _mesa_GetUniformfv(prog, tint, back);
   assert_true(back[1] == 0.5f && back[2] == 0.25f);

   /* A buffer-object array for a_pos, the current value for a_color. */
   static const GLfloat pos[] = {-1, -1, 1, -1, 0, 1};
   GLuint vbo;
   _mesa_GenBuffers(1, &vbo);
   _mesa_BindBuffer(GL_ARRAY_BUFFER, vbo);
   _mesa_BufferData(GL_ARRAY_BUFFER, sizeof(pos), pos, GL_STATIC_DRAW);
   _mesa_VertexAttribPointer(3, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   _mesa_EnableVertexAttribArray(3);
   _mesa_VertexAttrib4f((GLuint)color_loc, 0.0f, 1.0f, 0.0f, 1.0f);

   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(spy.draws, 1);
   assert_int_equal(spy.draw_info.mode, PIPE_PRIM_TRIANGLES);
   assert_int_equal(spy.draw_info.index_size, 0);
   assert_int_equal(spy.draw.start, 0);
   assert_int_equal(spy.draw.count, 3);
   assert_int_equal(spy.draw_info.instance_count, 1);
   assert_int_equal(spy.shaders_created, made); /* none at the draw */

   /* Element 3 reads the VBO as two floats, 8 bytes apart. */
   assert_true(spy.num_elements >= 4);
   assert_int_equal(spy.elements[3].src_format, PIPE_FORMAT_R32G32_FLOAT);
   assert_int_equal(spy.elements[3].src_stride, 8);
   unsigned vb3 = spy.elements[3].vertex_buffer_index;
   assert_true(vb3 < spy.num_vbufs);
   assert_false(spy.vbufs[vb3].is_user_buffer);
   /* The current colour is a constant (stride 0) RGBA32F element. */
   const struct pipe_vertex_element *ce = &spy.elements[color_loc];
   assert_int_equal(ce->src_stride, 0);
   assert_int_equal(ce->src_format, PIPE_FORMAT_R32G32B32A32_FLOAT);

   /* The viewport of a 32 x 32 window, flipped. */
   assert_true(spy.viewport.scale[0] == 16.0f &&
               spy.viewport.translate[0] == 16.0f);
   assert_true(spy.viewport.scale[1] == -16.0f &&
               spy.viewport.translate[1] == 16.0f);
   assert_true(spy.viewport.scale[2] == 0.5f &&
               spy.viewport.translate[2] == 0.5f);

   /* Constant buffer 0 holds the uniform storage: u_tint somewhere in
    * it, u_mvp as four columns. */
   assert_true(spy.cb[1].buffer_size >= 16 * 5);
   bool found = false;
   for (unsigned i = 0; i + 3 < spy.cb[1].buffer_size / 4; i += 4) {
      if (spy.constants[1][i] == 1.0f && spy.constants[1][i + 1] == 0.5f &&
          spy.constants[1][i + 2] == 0.25f)
         found = true;
   }
   assert_true(found);

   /* Client-side indices (ES 2.0 allows them) are uploaded. */
   static const GLushort idx[] = {2, 1, 0};
   _mesa_DrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, idx);
   assert_int_equal(spy.draws, 2);
   assert_int_equal(spy.draw_info.index_size, 2);
   assert_non_null(spy.draw_info.index.resource);
   assert_int_equal(spy.indices[0], 2);
   assert_int_equal(spy.indices[2], 0);

   /* Nothing changed: no new shaders; a uniform change re-uploads. */
   _mesa_Uniform4f(tint, 0.0f, 0.0f, 1.0f, 1.0f);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(spy.shaders_created, made);
   assert_true(spy.constants[1][0] == 0.0f || spy.cb[1].buffer_size > 16);

   /* Instancing (ES 3.0 section 2.9.3): the divisor reaches the element. */
   _mesa_VertexAttribDivisor(3, 1);
   _mesa_DrawArraysInstanced(GL_TRIANGLES, 0, 3, 4);
   assert_int_equal(spy.draw_info.instance_count, 4);
   assert_int_equal(spy.elements[3].instance_divisor, 1);
   _mesa_DrawRangeElements(GL_TRIANGLES, 0, 2, 3, GL_UNSIGNED_SHORT, idx);
   assert_int_equal(spy.draw_info.index_size, 2);
   _mesa_DrawRangeElements(GL_TRIANGLES, 2, 0, 3, GL_UNSIGNED_SHORT, idx);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);

   _mesa_DeleteProgram(prog);
   assert_true(_mesa_IsProgram(prog)); /* still current */
   _mesa_UseProgram(0);
   assert_false(_mesa_IsProgram(prog));
   _mesa_DeleteBuffers(1, &vbo);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* Client vertex arrays: only the range the draw reads is uploaded, and
 * the driver sees a resource. */
static void
test_client_arrays(void **state)
{
   struct gl_test *t = spy_create(8, 8);
   GLuint prog =
      gl_test_program("attribute vec4 p; void main() { gl_Position = p; }",
                      "void main() { gl_FragColor = vec4(1.0); }");

   if (!prog) {
      gl_test_destroy(t);
      skip();
   }
   _mesa_UseProgram(prog);
   GLint loc = _mesa_GetAttribLocation(prog, "p");
   static const GLubyte data[8][4] = {{0}};
   _mesa_VertexAttribPointer((GLuint)loc, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0,
                             data);
   _mesa_EnableVertexAttribArray((GLuint)loc);
   _mesa_DrawArrays(GL_POINTS, 2, 4);
   assert_int_equal(spy.draws, 1);
   assert_int_equal(spy.draw.start, 2);
   assert_int_equal(spy.elements[loc].src_format, PIPE_FORMAT_R8G8B8A8_UNORM);
   assert_int_equal(spy.elements[loc].src_stride, 4);
   unsigned vb = spy.elements[loc].vertex_buffer_index;
   assert_false(spy.vbufs[vb].is_user_buffer);
   assert_non_null(spy.vbufs[vb].buffer.resource);
   gl_test_destroy(t);
}

/* Interleaved client arrays (one struct per vertex) are copied once per
 * draw, as one range that every attribute's vertex element reads at its
 * offset in the struct; an array elsewhere is a second copy. */
static void
test_interleaved_client_arrays(void **state)
{
   struct gl_test *t = spy_create(8, 8);
   GLuint prog = gl_test_program(
      "attribute vec4 p; attribute vec3 n; attribute vec4 c;\n"
      "attribute float w;\n"
      "varying vec4 v; void main() { gl_Position = p * w; v = c + n.xyzx; }",
      "precision mediump float; varying vec4 v;\n"
      "void main() { gl_FragColor = v; }");

   if (!prog) {
      gl_test_destroy(t);
      skip();
   }
   _mesa_UseProgram(prog);
   struct vertex {
      GLfloat pos[3];
      GLfloat normal[3];
      GLubyte colour[4];
   } verts[6] = {{{0}}};
   static const GLfloat weights[6] = {1, 1, 1, 1, 1, 1};
   GLuint lp = (GLuint)_mesa_GetAttribLocation(prog, "p");
   GLuint ln = (GLuint)_mesa_GetAttribLocation(prog, "n");
   GLuint lc = (GLuint)_mesa_GetAttribLocation(prog, "c");
   GLuint lw = (GLuint)_mesa_GetAttribLocation(prog, "w");
   GLsizei stride = (GLsizei)sizeof(struct vertex); /* 28 */
   _mesa_VertexAttribPointer(lp, 3, GL_FLOAT, GL_FALSE, stride, verts[0].pos);
   _mesa_VertexAttribPointer(ln, 3, GL_FLOAT, GL_FALSE, stride,
                             verts[0].normal);
   _mesa_VertexAttribPointer(lc, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride,
                             verts[0].colour);
   _mesa_EnableVertexAttribArray(lp);
   _mesa_EnableVertexAttribArray(ln);
   _mesa_EnableVertexAttribArray(lc);
   _mesa_VertexAttrib1f(lw, 1.0f);

   unsigned before = t->ctx->client_array_uploads;
   _mesa_DrawArrays(GL_TRIANGLES, 3, 3);
   assert_int_equal(t->ctx->client_array_uploads - before, 1);
   unsigned vb = spy.elements[lp].vertex_buffer_index;
   assert_int_equal(spy.elements[ln].vertex_buffer_index, vb);
   assert_int_equal(spy.elements[lc].vertex_buffer_index, vb);
   assert_int_equal(spy.elements[lp].src_offset, 0);
   assert_int_equal(spy.elements[ln].src_offset, 12);
   assert_int_equal(spy.elements[lc].src_offset, 24);
   assert_int_equal(spy.elements[lc].src_stride, 28);
   /* the interleaved buffer and the current value of w */
   assert_int_equal(spy.num_vbufs, 2);

   /* A tightly packed array of its own: a second copy. */
   _mesa_VertexAttribPointer(lw, 1, GL_FLOAT, GL_FALSE, 0, weights);
   _mesa_EnableVertexAttribArray(lw);
   before = t->ctx->client_array_uploads;
   _mesa_DrawArrays(GL_TRIANGLES, 0, 6);
   assert_int_equal(t->ctx->client_array_uploads - before, 2);
   assert_int_not_equal(spy.elements[lw].vertex_buffer_index,
                        spy.elements[lp].vertex_buffer_index);
   assert_int_equal(spy.elements[lw].src_offset, 0);
   assert_int_equal(spy.num_vbufs, 2);
   gl_test_destroy(t);
}

/* GL_MULTISAMPLE (GL 4.6 section 14.3.1, table 23.10): a desktop
 * capability, on by default, kept by glPushAttrib's enable bit; ES 2.0
 * and 3.x have none (INVALID_ENUM). */
static void
test_multisample_enable(void **state)
{
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 2, 1, 8, 8);
   assert_non_null(t);
   assert_true(_mesa_IsEnabled(GL_MULTISAMPLE));
   _mesa_Disable(GL_MULTISAMPLE);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   GLboolean b = GL_TRUE;
   _mesa_GetBooleanv(GL_MULTISAMPLE, &b);
   assert_int_equal(b, GL_FALSE);
   _mesa_PushAttrib(GL_ENABLE_BIT);
   _mesa_Enable(GL_MULTISAMPLE);
   assert_true(_mesa_IsEnabled(GL_MULTISAMPLE));
   _mesa_PopAttrib();
   assert_false(_mesa_IsEnabled(GL_MULTISAMPLE));
   /* SAMPLE_ALPHA_TO_ONE (section 17.3.1): off by default, in the
    * enable and multisample groups (piglit arb_multisample-pushpop) */
   assert_false(_mesa_IsEnabled(GL_SAMPLE_ALPHA_TO_ONE));
   _mesa_PushAttrib(GL_MULTISAMPLE_BIT);
   _mesa_Enable(GL_SAMPLE_ALPHA_TO_ONE);
   _mesa_GetBooleanv(GL_SAMPLE_ALPHA_TO_ONE, &b);
   assert_int_equal(b, GL_TRUE);
   _mesa_PopAttrib();
   assert_false(_mesa_IsEnabled(GL_SAMPLE_ALPHA_TO_ONE));
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);

   t = gl_test_create(2, 0, 8, 8);
   assert_non_null(t);
   _mesa_Enable(GL_MULTISAMPLE);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_Enable(GL_SAMPLE_ALPHA_TO_ONE);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* gl_FragCoord.y counts from GL's bottom row: for a 32-row window the
 * state tracker hands the driver y' = -y + 32 through a uniform slot past
 * the program's own storage. */
static void
test_fragcoord_flip(void **state)
{
   struct gl_test *t = spy_create(32, 32);
   GLuint prog =
      gl_test_program("attribute vec4 p; void main() { gl_Position = p; }",
                      "precision mediump float;\n"
                      "uniform vec4 u;\n"
                      "void main() { gl_FragColor = u + gl_FragCoord; }\n");

   if (!prog) {
      gl_test_destroy(t);
      skip();
   }
   _mesa_UseProgram(prog);
   _mesa_VertexAttrib4f(0, 0, 0, 0, 1);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(spy.draws, 1);
   assert_int_equal(spy.wpos_slot, 1); /* u is slot 0 */
   assert_true(spy.cb[1].buffer_size >= 32);
   assert_true(spy.constants[1][4] == -1.0f);
   assert_true(spy.constants[1][5] == 32.0f);
   gl_test_destroy(t);
}

/* Desktop compatibility contexts draw quads, quad strips and polygons
 * (GL 3.0 2.6.1); ES does not (gl_errors_test). */
static void
test_compat_quads(void **state)
{
   struct gl_test *t =
      gl_test_create_profile(ST_PROFILE_DEFAULT, 2, 1, 8, 8);
   if (!t)
      skip();
   spy_wrap(t);
   GLuint prog =
      gl_test_program("attribute vec4 p; void main() { gl_Position = p; }",
                      "void main() { gl_FragColor = vec4(1.0); }");
   if (!prog) {
      gl_test_destroy(t);
      skip();
   }
   _mesa_UseProgram(prog);
   static const GLenum modes[3] = {GL_QUADS, GL_QUAD_STRIP, GL_POLYGON};
   static const unsigned prims[3] = {PIPE_PRIM_QUADS, PIPE_PRIM_QUAD_STRIP,
                                     PIPE_PRIM_POLYGON};
   for (unsigned i = 0; i < 3; i++) {
      _mesa_DrawArrays(modes[i], 0, 4);
      assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
      assert_int_equal(spy.draws, i + 1);
      assert_int_equal(spy.draw_info.mode, prims[i]);
   }
   _mesa_DrawArrays(GL_POLYGON + 1, 0, 4);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* glClipPlane stores the plane in eye space, transformed by the inverse
 * of the modelview matrix (GL 3.0 2.17): under a translation by +2 in z,
 * the object-space plane z >= 0 is eye-space z - 2 >= 0.  Eight planes
 * exist; GL_CLIP_PLANEi enables reach the rasterizer state. */
static void
test_compat_clip_planes(void **state)
{
   struct gl_test *t =
      gl_test_create_profile(ST_PROFILE_DEFAULT, 2, 1, 8, 8);
   if (!t)
      skip();
   GLint max = 0;
   _mesa_GetIntegerv(GL_MAX_CLIP_PLANES, &max);
   assert_int_equal(max, 8);
   _mesa_MatrixMode(GL_MODELVIEW);
   _mesa_Translatef(0, 0, 2);
   static const GLdouble eq[4] = {0, 0, 1, 0};
   _mesa_ClipPlane(GL_CLIP_PLANE0 + 3, eq);
   GLdouble got[4];
   _mesa_GetClipPlane(GL_CLIP_PLANE0 + 3, got);
   assert_true(got[0] == 0 && got[1] == 0 && got[2] == 1 && got[3] == -2);
   assert_false(_mesa_IsEnabled(GL_CLIP_PLANE0 + 3));
   _mesa_Enable(GL_CLIP_PLANE0 + 3);
   assert_true(_mesa_IsEnabled(GL_CLIP_PLANE0 + 3));
   _mesa_ClipPlane(GL_CLIP_PLANE0 + 8, eq);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);

   /* ES has no user clip planes */
   t = gl_test_create(2, 0, 8, 8);
   _mesa_GetIntegerv(GL_MAX_CLIP_PLANES, &max);
   assert_int_equal(max, 0);
   _mesa_Enable(GL_CLIP_PLANE0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_clear),
      cmocka_unit_test(test_masked_clear),
      cmocka_unit_test(test_read_pixels_flip),
      cmocka_unit_test(test_draw),
      cmocka_unit_test(test_client_arrays),
      cmocka_unit_test(test_interleaved_client_arrays),
      cmocka_unit_test(test_multisample_enable),
      cmocka_unit_test(test_fragcoord_flip),
      cmocka_unit_test(test_compat_quads),
      cmocka_unit_test(test_compat_clip_planes),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
