/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ARB_compute_shader and ARB_shader_storage_buffer_object in the GL API on
 * the noop driver (which claims compute and 16 storage buffers per
 * stage): the errors of GL 4.3 chapter 19 and section 7.8 / 7.12.2, the
 * limits of tables 23.63 and 23.65 (their minimums), program queries,
 * and what reaches the pipe (launch_grid, set_shader_buffers,
 * memory_barrier), seen through spies on the noop context.
 */
#include <stdlib.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "gl_test_context.h"
#include "pipe/p_context.h"
#include "pipe/p_defines.h"
#include "pipe/p_state.h"
#include "state_tracker/st_context.h"

static struct gl_test *
desktop(void)
{
   struct gl_test *t = gl_test_create_version(ST_PROFILE_DEFAULT, 3, 2, 8, 8);
   assert_non_null(t);
   return t;
}

/* ---- spies ------------------------------------------------------------------ */

static struct {
   unsigned launches;
   struct pipe_grid_info grid;
   unsigned buffer_calls;
   enum pipe_shader_type buffer_stage;
   unsigned buffer_count, writable;
   struct pipe_shader_buffer buffers[16];
   unsigned barrier_flags;
} spy;

static void
spy_launch_grid(struct pipe_context *pipe, const struct pipe_grid_info *info)
{
   spy.launches++;
   spy.grid = *info;
}

static void
spy_set_shader_buffers(struct pipe_context *pipe, enum pipe_shader_type s,
                       unsigned start, unsigned count,
                       const struct pipe_shader_buffer *buffers,
                       unsigned writable)
{
   spy.buffer_calls++;
   spy.buffer_stage = s;
   spy.buffer_count = start + count;
   spy.writable = writable;
   for (unsigned i = 0; i < count && start + i < 16; i++)
      spy.buffers[start + i] = buffers ? buffers[i]
                                       : (struct pipe_shader_buffer){ 0 };
}

static void
spy_memory_barrier(struct pipe_context *pipe, unsigned flags)
{
   spy.barrier_flags |= flags;
}

static void
install_spies(struct gl_test *t)
{
   memset(&spy, 0, sizeof(spy));
   struct pipe_context *pipe = t->ctx->pipe;
   pipe->launch_grid = spy_launch_grid;
   pipe->set_shader_buffers = spy_set_shader_buffers;
   pipe->memory_barrier = spy_memory_barrier;
}

/* ---- helpers ---------------------------------------------------------------- */

static const char cs_src[] =
   "#version 150\n"
   "#extension GL_ARB_compute_shader : require\n"
   "#extension GL_ARB_shader_storage_buffer_object : require\n"
   "layout(local_size_x = 8, local_size_y = 4, local_size_z = 2) in;\n"
   "layout(std430, binding = 3) buffer Out { uint v[]; } o;\n"
   "layout(std430, binding = 1) readonly buffer In { uint w[]; };\n"
   "void main() { o.v[gl_LocalInvocationIndex] = w[0]; }\n";

static GLuint
compute_program(const char *src)
{
   GLuint s = _mesa_CreateShader(GL_COMPUTE_SHADER);
   assert_int_not_equal(s, 0);
   _mesa_ShaderSource(s, 1, &src, NULL);
   _mesa_CompileShader(s);
   GLint ok = 0;
   _mesa_GetShaderiv(s, GL_COMPILE_STATUS, &ok);
   if (!ok) {
      char log[1024];
      _mesa_GetShaderInfoLog(s, sizeof(log), NULL, log);
      fail_msg("%s", log);
   }
   GLuint p = _mesa_CreateProgram();
   _mesa_AttachShader(p, s);
   _mesa_LinkProgram(p);
   _mesa_GetProgramiv(p, GL_LINK_STATUS, &ok);
   if (!ok) {
      char log[1024];
      _mesa_GetProgramInfoLog(p, sizeof(log), NULL, log);
      fail_msg("%s", log);
   }
   return p;
}

static GLuint
buffer(GLenum target, GLsizeiptr size)
{
   GLuint b;
   _mesa_GenBuffers(1, &b);
   _mesa_BindBuffer(target, b);
   _mesa_BufferData(target, size, NULL, GL_DYNAMIC_DRAW);
   return b;
}

/* ---- tests ------------------------------------------------------------------ */

/* Both extensions are listed; the limits are at least GL 4.3's minimums
 * (tables 23.63 and 23.65). */
static void
test_extensions_and_limits(void **state)
{
   struct gl_test *t = desktop();
   bool cs = false, ssbo = false;
   GLint n = 0;
   _mesa_GetIntegerv(GL_NUM_EXTENSIONS, &n);
   for (GLint i = 0; i < n; i++) {
      const char *e = (const char *)_mesa_GetStringi(GL_EXTENSIONS, i);
      cs |= !strcmp(e, "GL_ARB_compute_shader");
      ssbo |= !strcmp(e, "GL_ARB_shader_storage_buffer_object");
   }
   assert_true(cs);
   assert_true(ssbo);
   static const struct {
      GLenum pname;
      GLint min;
   } limits[] = {
      { GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS, 1024 },
      { GL_MAX_COMPUTE_SHARED_MEMORY_SIZE, 32768 },
      { GL_MAX_COMPUTE_UNIFORM_BLOCKS, 12 },
      { GL_MAX_COMPUTE_TEXTURE_IMAGE_UNITS, 16 },
      { GL_MAX_COMPUTE_UNIFORM_COMPONENTS, 512 },
      { GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS, 8 },
      { GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS, 8 },
      { GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS, 8 },
      { GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS, 8 },
      { GL_MAX_SHADER_STORAGE_BLOCK_SIZE, 1 << 24 },
   };
   for (unsigned i = 0; i < sizeof(limits) / sizeof(limits[0]); i++) {
      GLint v = -1;
      _mesa_GetIntegerv(limits[i].pname, &v);
      assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
      if (v < limits[i].min)
         fail_msg("limit 0x%x is %d, below %d", limits[i].pname, v,
                  limits[i].min);
   }
   /* SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT: at most 256 */
   GLint align = 0;
   _mesa_GetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &align);
   assert_true(align >= 1 && align <= 256);
   static const GLint count[3] = { 65535, 65535, 65535 };
   static const GLint size[3] = { 1024, 1024, 64 };
   for (GLuint i = 0; i < 3; i++) {
      GLint v = 0;
      _mesa_GetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, i, &v);
      assert_true(v >= count[i]);
      _mesa_GetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_SIZE, i, &v);
      assert_true(v >= size[i]);
   }
   _mesa_GetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_SIZE, 3, &n);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   gl_test_destroy(t);
}

/* An ES context has neither. */
static void
test_es_has_none(void **state)
{
   struct gl_test *t =
      gl_test_create_version(ST_PROFILE_OPENGL_ES2, 3, 0, 8, 8);
   assert_non_null(t);
   assert_int_equal(_mesa_CreateShader(GL_COMPUTE_SHADER), 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   GLuint b;
   _mesa_GenBuffers(1, &b);
   _mesa_BindBuffer(GL_SHADER_STORAGE_BUFFER, b);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* GL 4.3 19.1: a dispatch runs the work-group size the shader declares
 * over the counts given; counts above MAX_COMPUTE_WORK_GROUP_COUNT are
 * INVALID_VALUE, a zero count dispatches nothing, and without a compute
 * program it is INVALID_OPERATION. */
static void
test_dispatch(void **state)
{
   struct gl_test *t = desktop();
   install_spies(t);
   _mesa_DispatchCompute(1, 1, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   GLuint p = compute_program(cs_src);
   GLint wg[3] = { 0 };
   _mesa_GetProgramiv(p, GL_COMPUTE_WORK_GROUP_SIZE, wg);
   assert_int_equal(wg[0], 8);
   assert_int_equal(wg[1], 4);
   assert_int_equal(wg[2], 2);
   _mesa_UseProgram(p);
   _mesa_DispatchCompute(3, 2, 1);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(spy.launches, 1);
   assert_int_equal(spy.grid.block[0], 8);
   assert_int_equal(spy.grid.block[1], 4);
   assert_int_equal(spy.grid.block[2], 2);
   assert_int_equal(spy.grid.grid[0], 3);
   assert_int_equal(spy.grid.grid[1], 2);
   assert_int_equal(spy.grid.grid[2], 1);
   assert_null(spy.grid.indirect);
   _mesa_DispatchCompute(0, 5, 5);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(spy.launches, 1);
   _mesa_DispatchCompute(65536, 1, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   assert_int_equal(spy.launches, 1);
   /* a graphics program is not a compute program */
   GLuint g = gl_test_program("#version 150\nvoid main() "
                              "{ gl_Position = vec4(0.0); }\n",
                              "#version 150\nout vec4 c;\n"
                              "void main() { c = vec4(1.0); }\n");
   assert_int_not_equal(g, 0);
   _mesa_UseProgram(g);
   _mesa_DispatchCompute(1, 1, 1);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_GetProgramiv(g, GL_COMPUTE_WORK_GROUP_SIZE, wg);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);
}

/* GL 4.3 19.1: DispatchComputeIndirect's offset must be a non-negative
 * multiple of 4 (INVALID_VALUE), a DISPATCH_INDIRECT_BUFFER must be bound
 * and hold the three counts there (INVALID_OPERATION). */
static void
test_dispatch_indirect(void **state)
{
   struct gl_test *t = desktop();
   install_spies(t);
   GLuint p = compute_program(cs_src);
   _mesa_UseProgram(p);
   _mesa_DispatchComputeIndirect(0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   GLuint b = buffer(GL_DISPATCH_INDIRECT_BUFFER, 20);
   GLint bound = 0;
   _mesa_GetIntegerv(GL_DISPATCH_INDIRECT_BUFFER_BINDING, &bound);
   assert_int_equal(bound, (GLint)b);
   _mesa_DispatchComputeIndirect(-4);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_DispatchComputeIndirect(2);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_DispatchComputeIndirect(12); /* 12 + 12 > 20 */
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   assert_int_equal(spy.launches, 0);
   _mesa_DispatchComputeIndirect(8);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(spy.launches, 1);
   assert_non_null(spy.grid.indirect);
   assert_int_equal(spy.grid.indirect_offset, 8);
   assert_int_equal(spy.grid.block[0], 8);
   gl_test_destroy(t);
}

/* GL 4.3 7.8: storage buffers are bound by binding point; the shader's
 * blocks read the buffers at their points, and glShaderStorageBlockBinding
 * moves them. */
static void
test_storage_bindings(void **state)
{
   struct gl_test *t = desktop();
   install_spies(t);
   GLuint out = buffer(GL_SHADER_STORAGE_BUFFER, 256);
   GLuint in = buffer(GL_SHADER_STORAGE_BUFFER, 64);
   _mesa_BindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, out);
   _mesa_BindBufferRange(GL_SHADER_STORAGE_BUFFER, 1, in, 16, 32);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   GLint v = 0;
   _mesa_GetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, 1, &v);
   assert_int_equal(v, (GLint)in);
   _mesa_GetIntegeri_v(GL_SHADER_STORAGE_BUFFER_START, 1, &v);
   assert_int_equal(v, 16);
   _mesa_GetIntegeri_v(GL_SHADER_STORAGE_BUFFER_SIZE, 1, &v);
   assert_int_equal(v, 32);
   _mesa_GetIntegerv(GL_SHADER_STORAGE_BUFFER_BINDING, &v);
   assert_int_equal(v, (GLint)in);
   /* the offset must be a multiple of the alignment, the index below
    * MAX_SHADER_STORAGE_BUFFER_BINDINGS (INVALID_VALUE) */
   GLint align = 0, max = 0;
   _mesa_GetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &align);
   _mesa_GetIntegerv(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS, &max);
   if (align > 1) {
      _mesa_BindBufferRange(GL_SHADER_STORAGE_BUFFER, 1, in, align / 2, 8);
      assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   }
   _mesa_BindBufferBase(GL_SHADER_STORAGE_BUFFER, (GLuint)max, in);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_GetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, (GLuint)max, &v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);

   GLuint p = compute_program(cs_src);
   _mesa_UseProgram(p);
   _mesa_DispatchCompute(1, 1, 1);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(spy.buffer_stage, PIPE_SHADER_COMPUTE);
   assert_true(spy.buffer_count >= 4);
   assert_non_null(spy.buffers[3].buffer);
   assert_int_equal(spy.buffers[3].buffer_size, 256);
   assert_non_null(spy.buffers[1].buffer);
   assert_int_equal(spy.buffers[1].buffer_offset, 16);
   assert_int_equal(spy.buffers[1].buffer_size, 32);
   /* only the block the shader writes is writable */
   assert_int_equal(spy.writable, 1u << 3);

   /* two blocks, in declaration order: Out 0, In 1 */
   _mesa_ShaderStorageBlockBinding(p, 2, 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_ShaderStorageBlockBinding(p, 0, (GLuint)max);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   /* move both blocks: Out (index 0) to 6, In to 7 */
   _mesa_ShaderStorageBlockBinding(p, 0, 6);
   _mesa_ShaderStorageBlockBinding(p, 1, 7);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_BindBufferBase(GL_SHADER_STORAGE_BUFFER, 6, out);
   memset(spy.buffers, 0, sizeof(spy.buffers));
   _mesa_DispatchCompute(1, 1, 1);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_true(spy.buffer_count >= 8);
   assert_non_null(spy.buffers[6].buffer);
   assert_null(spy.buffers[7].buffer); /* nothing bound at 7 */
   assert_int_equal(spy.writable, 1u << 6);
   gl_test_destroy(t);
}

/* GL 4.3 7.12.2: the barrier bits become pipe barriers; unknown bits are
 * INVALID_VALUE unless the value is ALL_BARRIER_BITS. */
static void
test_memory_barrier(void **state)
{
   struct gl_test *t = desktop();
   install_spies(t);
   _mesa_MemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_true(spy.barrier_flags & PIPE_BARRIER_SHADER_BUFFER);
   spy.barrier_flags = 0;
   _mesa_MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT |
                       GL_COMMAND_BARRIER_BIT);
   assert_int_equal(spy.barrier_flags,
                    PIPE_BARRIER_UPDATE_BUFFER |
                       PIPE_BARRIER_INDIRECT_BUFFER);
   _mesa_MemoryBarrier(GL_ALL_BARRIER_BITS);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(spy.barrier_flags & PIPE_BARRIER_ALL, PIPE_BARRIER_ALL);
   _mesa_MemoryBarrier(0x10); /* no such bit */
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   gl_test_destroy(t);
}

/* GL 4.3 7.3: compute and other stages in one program do not link; a
 * program with compute shaders only links (no vertex shader needed). */
static void
test_link_rules(void **state)
{
   struct gl_test *t = desktop();
   GLuint cs = _mesa_CreateShader(GL_COMPUTE_SHADER);
   const char *src = cs_src;
   _mesa_ShaderSource(cs, 1, &src, NULL);
   _mesa_CompileShader(cs);
   GLuint vs = _mesa_CreateShader(GL_VERTEX_SHADER);
   const char *vsrc = "#version 150\nvoid main() { gl_Position = "
                      "vec4(0.0); }\n";
   _mesa_ShaderSource(vs, 1, &vsrc, NULL);
   _mesa_CompileShader(vs);
   GLuint p = _mesa_CreateProgram();
   _mesa_AttachShader(p, cs);
   _mesa_AttachShader(p, vs);
   _mesa_LinkProgram(p);
   GLint ok = 1;
   _mesa_GetProgramiv(p, GL_LINK_STATUS, &ok);
   assert_false(ok);
   GLint type = 0;
   _mesa_GetShaderiv(cs, GL_SHADER_TYPE, &type);
   assert_int_equal(type, GL_COMPUTE_SHADER);
   /* drawing with a compute program draws nothing and does not crash */
   GLuint c = compute_program(cs_src);
   _mesa_UseProgram(c);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   gl_test_destroy(t);
}

/* GL 4.3 7.3.1: the storage blocks and buffer variables of a program
 * through the program interface queries. */
static void
test_interface_queries(void **state)
{
   struct gl_test *t = desktop();
   GLuint p = compute_program(cs_src);
   GLint n = 0;
   _mesa_GetProgramInterfaceiv(p, GL_SHADER_STORAGE_BLOCK,
                               GL_ACTIVE_RESOURCES, &n);
   assert_int_equal(n, 2);
   _mesa_GetProgramInterfaceiv(p, GL_SHADER_STORAGE_BLOCK, GL_MAX_NAME_LENGTH,
                               &n);
   assert_int_equal(n, 4); /* "Out" and its terminator */
   _mesa_GetProgramInterfaceiv(p, GL_BUFFER_VARIABLE,
                               GL_MAX_NUM_ACTIVE_VARIABLES, &n);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   GLuint in = _mesa_GetProgramResourceIndex(p, GL_SHADER_STORAGE_BLOCK,
                                             "In");
   assert_int_equal(in, 1);
   assert_int_equal(_mesa_GetProgramResourceIndex(p, GL_SHADER_STORAGE_BLOCK,
                                                  "o"),
                    GL_INVALID_INDEX);
   char name[16];
   GLsizei len = 0;
   _mesa_GetProgramResourceName(p, GL_SHADER_STORAGE_BLOCK, 0, sizeof(name),
                                &len, name);
   assert_string_equal(name, "Out");
   assert_int_equal(len, 3);
   _mesa_GetProgramResourceName(p, GL_SHADER_STORAGE_BLOCK, 2, sizeof(name),
                                &len, name);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);

   _mesa_ShaderStorageBlockBinding(p, in, 5);
   const GLenum bprops[] = { GL_BUFFER_BINDING, GL_BUFFER_DATA_SIZE,
                             GL_NUM_ACTIVE_VARIABLES,
                             GL_REFERENCED_BY_COMPUTE_SHADER,
                             GL_REFERENCED_BY_FRAGMENT_SHADER };
   GLint v[8] = { 0 };
   _mesa_GetProgramResourceiv(p, GL_SHADER_STORAGE_BLOCK, in, 5, bprops, 8,
                              &len, v);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(len, 5);
   assert_int_equal(v[0], 5);
   assert_int_equal(v[1], 4); /* uint w[]: one element */
   assert_int_equal(v[2], 1);
   assert_int_equal(v[3], 1);
   assert_int_equal(v[4], 0);

   /* "Out.v[0]" (the block's name, not the instance's) and "w[0]" */
   GLuint w = _mesa_GetProgramResourceIndex(p, GL_BUFFER_VARIABLE, "w");
   assert_int_not_equal(w, GL_INVALID_INDEX);
   assert_int_equal(_mesa_GetProgramResourceIndex(p, GL_BUFFER_VARIABLE,
                                                  "w[0]"),
                    w);
   assert_int_not_equal(_mesa_GetProgramResourceIndex(p, GL_BUFFER_VARIABLE,
                                                      "Out.v[0]"),
                        GL_INVALID_INDEX);
   const GLenum vprops[] = { GL_TYPE, GL_ARRAY_SIZE, GL_OFFSET,
                             GL_BLOCK_INDEX, GL_ARRAY_STRIDE,
                             GL_TOP_LEVEL_ARRAY_SIZE };
   _mesa_GetProgramResourceiv(p, GL_BUFFER_VARIABLE, w, 6, vprops, 8, &len,
                              v);
   assert_int_equal(len, 6);
   assert_int_equal(v[0], GL_UNSIGNED_INT);
   assert_int_equal(v[1], 0);
   assert_int_equal(v[2], 0);
   assert_int_equal(v[3], (GLint)in);
   assert_int_equal(v[4], 4);
   assert_int_equal(v[5], 0);
   const GLenum bad[] = { GL_LOCATION };
   _mesa_GetProgramResourceiv(p, GL_BUFFER_VARIABLE, w, 1, bad, 8, &len, v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   const GLenum notprop[] = { GL_TEXTURE_2D };
   _mesa_GetProgramResourceiv(p, GL_BUFFER_VARIABLE, w, 1, notprop, 8, &len,
                              v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   /* ARB_program_interface_query: GetProgramInterfaceiv raises
    * INVALID_OPERATION for an interface / pname it does not support */
   _mesa_GetProgramInterfaceiv(p, GL_TEXTURE_2D, GL_ACTIVE_RESOURCES, &n);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);
}

/* ARB_shader_atomic_counters on a driver with 16 shader-buffer slots:
 * storage buffers at binding points 0-7, atomic counter buffers 0-7 at
 * slots 8-15; the program queries of GL 4.2 2.11.7. */
static void
test_atomic_counters(void **state)
{
   struct gl_test *t = desktop();
   install_spies(t);
   GLint v = 0;
   _mesa_GetIntegerv(GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS, &v);
   assert_int_equal(v, 8);
   _mesa_GetIntegerv(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS, &v);
   assert_int_equal(v, 8);
   GLuint p = compute_program(
      "#version 150\n"
      "#extension GL_ARB_compute_shader : require\n"
      "#extension GL_ARB_shader_atomic_counters : require\n"
      "layout(local_size_x = 2) in;\n"
      "layout(binding = 2, offset = 8) uniform atomic_uint c[2];\n"
      "void main() { atomicCounterIncrement(c[1]); }\n");
   GLuint b = buffer(GL_ATOMIC_COUNTER_BUFFER, 64);
   _mesa_BindBufferRange(GL_ATOMIC_COUNTER_BUFFER, 2, b, 16, 16);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetIntegeri_v(GL_ATOMIC_COUNTER_BUFFER_START, 2, &v);
   assert_int_equal(v, 16);
   _mesa_BindBufferRange(GL_ATOMIC_COUNTER_BUFFER, 2, b, 2, 4);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE); /* not 4-aligned */
   _mesa_BindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 8, b);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_UseProgram(p);
   _mesa_DispatchCompute(1, 1, 1);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(spy.buffer_count, 8 + 2 + 1);
   assert_non_null(spy.buffers[8 + 2].buffer);
   assert_int_equal(spy.buffers[8 + 2].buffer_offset, 16);
   assert_int_equal(spy.buffers[8 + 2].buffer_size, 16);
   assert_int_equal(spy.writable, 1u << (8 + 2));
   _mesa_GetProgramiv(p, GL_ACTIVE_ATOMIC_COUNTER_BUFFERS, &v);
   assert_int_equal(v, 1);
   _mesa_GetActiveAtomicCounterBufferiv(p, 0,
                                        GL_ATOMIC_COUNTER_BUFFER_BINDING, &v);
   assert_int_equal(v, 2);
   /* c[0] at 8, c[1] at 12: 16 bytes */
   _mesa_GetActiveAtomicCounterBufferiv(
      p, 0, GL_ATOMIC_COUNTER_BUFFER_DATA_SIZE, &v);
   assert_int_equal(v, 16);
   _mesa_GetActiveAtomicCounterBufferiv(
      p, 0, GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_COMPUTE_SHADER, &v);
   assert_int_equal(v, 1);
   _mesa_GetActiveAtomicCounterBufferiv(
      p, 1, GL_ATOMIC_COUNTER_BUFFER_BINDING, &v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_extensions_and_limits),
      cmocka_unit_test(test_es_has_none),
      cmocka_unit_test(test_dispatch),
      cmocka_unit_test(test_dispatch_indirect),
      cmocka_unit_test(test_storage_bindings),
      cmocka_unit_test(test_memory_barrier),
      cmocka_unit_test(test_link_rules),
      cmocka_unit_test(test_interface_queries),
      cmocka_unit_test(test_atomic_counters),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
