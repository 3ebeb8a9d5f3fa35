/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ARB_multi_bind's error rules (GL 4.6 sections 2.3.1, 6.1.1, 8.1, 8.2,
 * 10.3.1; the extension's "Errors"), in a desktop core context on the
 * noop driver:
 *  - first + count over the limit: INVALID_OPERATION, nothing changes;
 *  - a negative count: INVALID_VALUE, nothing changes;
 *  - an entry in error (a name that is no object, a bad range, offset or
 *    stride): its error, that binding point keeps what it had, the other
 *    entries are bound;
 *  - a NULL array of names unbinds (vertex bindings back to offset 0 and
 *    stride 16);
 *  - BindBuffers* leave the generic binding point alone, BindTextures
 *    the active texture unit.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>

#include "gl_test_context.h"

static struct gl_test *
core_context(void)
{
   struct gl_test *t =
      gl_test_create_version(ST_PROFILE_OPENGL_CORE, 3, 3, 8, 8);
   assert_non_null(t);
   return t;
}

static GLint64
get_indexed(GLenum pname, GLuint index)
{
   GLint64 v = -12345;
   _mesa_GetInteger64i_v(pname, index, &v);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   return v;
}

/* n buffer objects with 256 bytes of storage each */
static void
make_buffers(GLsizei n, GLuint *names)
{
   _mesa_GenBuffers(n, names);
   for (GLsizei i = 0; i < n; i++) {
      _mesa_BindBuffer(GL_ARRAY_BUFFER, names[i]);
      _mesa_BufferData(GL_ARRAY_BUFFER, 256, NULL, GL_STATIC_DRAW);
   }
   _mesa_BindBuffer(GL_ARRAY_BUFFER, 0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
}

static void
test_advertised(void **state)
{
   (void)state;
   struct gl_test *t = core_context();
   assert_true(gl_test_has_extension("GL_ARB_multi_bind"));
   gl_test_destroy(t);

   /* not an ES extension */
   t = gl_test_create_version(ST_PROFILE_OPENGL_ES2, 3, 0, 8, 8);
   assert_non_null(t);
   assert_false(gl_test_has_extension("GL_ARB_multi_bind"));
   GLuint none = 0;
   _mesa_BindTextures(0, 1, &none);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);
}

static void
test_buffers_base(void **state)
{
   (void)state;
   struct gl_test *t = core_context();
   GLuint buf[3];
   make_buffers(3, buf);
   GLint max = gl_test_get_int(GL_MAX_UNIFORM_BUFFER_BINDINGS);
   assert_true(max >= 3);

   _mesa_BindBuffersBase(GL_UNIFORM_BUFFER, 0, 3, buf);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   for (GLuint i = 0; i < 3; i++)
      assert_int_equal(get_indexed(GL_UNIFORM_BUFFER_BINDING, i), buf[i]);
   /* the generic binding point is not changed */
   assert_int_equal(gl_test_get_int(GL_UNIFORM_BUFFER_BINDING), 0);

   /* over the limit: nothing changes */
   GLuint zeros[3] = {0, 0, 0};
   _mesa_BindBuffersBase(GL_UNIFORM_BUFFER, (GLuint)max - 2, 3, zeros);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_BindBuffersBase(GL_UNIFORM_BUFFER, 0xffffffffu, 3, zeros);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_BindBuffersBase(GL_UNIFORM_BUFFER, 0, -1, zeros);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_BindBuffersBase(GL_ARRAY_BUFFER, 0, 3, zeros);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   assert_int_equal(get_indexed(GL_UNIFORM_BUFFER_BINDING, max - 1), 0);
   assert_int_equal(get_indexed(GL_UNIFORM_BUFFER_BINDING, 1), buf[1]);

   /* an unused name and a generated name without an object are errors
    * for their entry only */
   GLuint reserved;
   _mesa_GenBuffers(1, &reserved);
   GLuint mixed[3] = {0, 4242, reserved};
   _mesa_BindBuffersBase(GL_UNIFORM_BUFFER, 0, 3, mixed);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   assert_int_equal(get_indexed(GL_UNIFORM_BUFFER_BINDING, 0), 0);
   assert_int_equal(get_indexed(GL_UNIFORM_BUFFER_BINDING, 1), buf[1]);
   assert_int_equal(get_indexed(GL_UNIFORM_BUFFER_BINDING, 2), buf[2]);

   /* NULL unbinds the span */
   _mesa_BindBuffersBase(GL_UNIFORM_BUFFER, 1, 2, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(get_indexed(GL_UNIFORM_BUFFER_BINDING, 1), 0);
   assert_int_equal(get_indexed(GL_UNIFORM_BUFFER_BINDING, 2), 0);

   /* transform feedback has its own limit (GL 3.3: as many binding
    * points as separate attributes) */
   GLint max_tf = gl_test_get_int(GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS);
   _mesa_BindBuffersBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, max_tf, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_BindBuffersBase(GL_TRANSFORM_FEEDBACK_BUFFER, 1, max_tf, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);
}

static void
test_buffers_range(void **state)
{
   (void)state;
   struct gl_test *t = core_context();
   GLuint buf[4];
   make_buffers(4, buf);
   GLint align = gl_test_get_int(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT);
   assert_true(align >= 1 && align <= 128);

   GLintptr offsets[4] = {0, align, 2 * align, 0};
   GLsizeiptr sizes[4] = {16, 32, 48, 64};
   _mesa_BindBuffersRange(GL_UNIFORM_BUFFER, 0, 4, buf, offsets, sizes);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   for (GLuint i = 0; i < 4; i++) {
      assert_int_equal(get_indexed(GL_UNIFORM_BUFFER_BINDING, i), buf[i]);
      assert_int_equal(get_indexed(GL_UNIFORM_BUFFER_START, i), offsets[i]);
      assert_int_equal(get_indexed(GL_UNIFORM_BUFFER_SIZE, i), sizes[i]);
   }
   assert_int_equal(gl_test_get_int(GL_UNIFORM_BUFFER_BINDING), 0);

   /* size 0, a negative offset: INVALID_VALUE for those entries; the
    * others take their new ranges */
   GLuint swap[4] = {buf[3], buf[2], buf[1], buf[0]};
   GLintptr bad_offsets[4] = {0, 0, -(GLintptr)align, 0};
   GLsizeiptr bad_sizes[4] = {8, 0, 8, 8};
   _mesa_BindBuffersRange(GL_UNIFORM_BUFFER, 0, 4, swap, bad_offsets,
                          bad_sizes);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   assert_int_equal(get_indexed(GL_UNIFORM_BUFFER_BINDING, 0), buf[3]);
   assert_int_equal(get_indexed(GL_UNIFORM_BUFFER_SIZE, 0), 8);
   assert_int_equal(get_indexed(GL_UNIFORM_BUFFER_BINDING, 1), buf[1]);
   assert_int_equal(get_indexed(GL_UNIFORM_BUFFER_START, 1), align);
   assert_int_equal(get_indexed(GL_UNIFORM_BUFFER_SIZE, 1), 32);
   assert_int_equal(get_indexed(GL_UNIFORM_BUFFER_BINDING, 2), buf[2]);
   assert_int_equal(get_indexed(GL_UNIFORM_BUFFER_SIZE, 2), 48);
   assert_int_equal(get_indexed(GL_UNIFORM_BUFFER_BINDING, 3), buf[0]);

   /* a misaligned offset (when the alignment is above 1) */
   if (align > 1) {
      GLintptr odd = 1;
      GLsizeiptr size = 4;
      _mesa_BindBuffersRange(GL_UNIFORM_BUFFER, 3, 1, &buf[3], &odd, &size);
      assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
      assert_int_equal(get_indexed(GL_UNIFORM_BUFFER_BINDING, 3), buf[0]);
   }

   /* transform feedback: offset and size are multiples of 4 */
   GLintptr tf_offsets[2] = {4, 4};
   GLsizeiptr tf_sizes[2] = {6, 8};
   _mesa_BindBuffersRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 2, buf,
                          tf_offsets, tf_sizes);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   assert_int_equal(get_indexed(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 0), 0);
   assert_int_equal(get_indexed(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 1),
                    buf[1]);
   assert_int_equal(get_indexed(GL_TRANSFORM_FEEDBACK_BUFFER_START, 1), 4);

   /* NULL buffers: offsets and sizes are not read */
   _mesa_BindBuffersRange(GL_UNIFORM_BUFFER, 0, 4, NULL, NULL, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   for (GLuint i = 0; i < 4; i++)
      assert_int_equal(get_indexed(GL_UNIFORM_BUFFER_BINDING, i), 0);
   /* names with NULL ranges: an error, not a crash */
   _mesa_BindBuffersRange(GL_UNIFORM_BUFFER, 0, 1, buf, NULL, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   gl_test_destroy(t);
}

/* a texture unit's binding (GL_TEXTURE_BINDING_*, GL_SAMPLER_BINDING),
 * unit 0 active again afterwards */
static GLint
unit_state(GLuint unit, GLenum pname)
{
   _mesa_ActiveTexture(GL_TEXTURE0 + unit);
   GLint v = gl_test_get_int(pname);
   _mesa_ActiveTexture(GL_TEXTURE0);
   return v;
}

static void
test_textures(void **state)
{
   (void)state;
   struct gl_test *t = core_context();
   GLuint tex[2], reserved;
   _mesa_GenTextures(2, tex);
   _mesa_BindTexture(GL_TEXTURE_2D, tex[0]);
   _mesa_BindTexture(GL_TEXTURE_3D, tex[1]);
   _mesa_BindTexture(GL_TEXTURE_2D, 0);
   _mesa_BindTexture(GL_TEXTURE_3D, 0);
   _mesa_GenTextures(1, &reserved);
   _mesa_ActiveTexture(GL_TEXTURE0 + 5);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   /* each texture goes to its own target of its unit */
   _mesa_BindTextures(1, 2, tex);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(gl_test_get_int(GL_ACTIVE_TEXTURE), GL_TEXTURE0 + 5);
   assert_int_equal(unit_state(1, GL_TEXTURE_BINDING_2D), tex[0]);
   assert_int_equal(unit_state(1, GL_TEXTURE_BINDING_3D), 0);
   assert_int_equal(unit_state(2, GL_TEXTURE_BINDING_3D), tex[1]);

   /* over MAX_COMBINED_TEXTURE_IMAGE_UNITS: nothing changes */
   GLint units = gl_test_get_int(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS);
   _mesa_BindTextures((GLuint)units - 1, 2, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_BindTextures(1, units, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   assert_int_equal(unit_state(1, GL_TEXTURE_BINDING_2D), tex[0]);

   /* a generated name never bound is no texture object yet */
   GLuint mixed[2] = {reserved, 0};
   _mesa_BindTextures(1, 2, mixed);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   assert_int_equal(unit_state(1, GL_TEXTURE_BINDING_2D), tex[0]);
   assert_int_equal(unit_state(2, GL_TEXTURE_BINDING_3D), 0);

   /* 0 (and NULL) unbind every target of the unit */
   _mesa_ActiveTexture(GL_TEXTURE0 + 1);
   _mesa_BindTexture(GL_TEXTURE_3D, tex[1]);
   _mesa_BindTextures(1, 1, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(unit_state(1, GL_TEXTURE_BINDING_2D), 0);
   assert_int_equal(unit_state(1, GL_TEXTURE_BINDING_3D), 0);
   gl_test_destroy(t);
}

static void
test_samplers(void **state)
{
   (void)state;
   struct gl_test *t = core_context();
   GLuint s[2];
   _mesa_GenSamplers(2, s);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);

   _mesa_BindSamplers(3, 2, s);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(unit_state(3, GL_SAMPLER_BINDING), s[0]);
   assert_int_equal(unit_state(4, GL_SAMPLER_BINDING), s[1]);

   GLint units = gl_test_get_int(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS);
   _mesa_BindSamplers((GLuint)units, 1, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_BindSamplers(0, -2, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);

   GLuint mixed[2] = {s[1], 777};
   _mesa_BindSamplers(3, 2, mixed);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   assert_int_equal(unit_state(3, GL_SAMPLER_BINDING), s[1]);
   assert_int_equal(unit_state(4, GL_SAMPLER_BINDING), s[1]);

   _mesa_BindSamplers(3, 2, NULL);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(unit_state(3, GL_SAMPLER_BINDING), 0);
   assert_int_equal(unit_state(4, GL_SAMPLER_BINDING), 0);
   gl_test_destroy(t);
}

static void
test_vertex_buffers(void **state)
{
   (void)state;
   struct gl_test *t = core_context();
   GLuint buf[3], vao;
   make_buffers(3, buf);
   GLintptr offsets[3] = {0, 8, 16};
   GLsizei strides[3] = {4, 12, 20};

   /* core profile, vertex array object 0 */
   _mesa_BindVertexBuffers(0, 3, buf, offsets, strides);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   _mesa_GenVertexArrays(1, &vao);
   _mesa_BindVertexArray(vao);
   _mesa_BindVertexBuffers(0, 3, buf, offsets, strides);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   for (GLuint i = 0; i < 3; i++) {
      assert_int_equal(get_indexed(GL_VERTEX_BINDING_BUFFER, i), buf[i]);
      assert_int_equal(get_indexed(GL_VERTEX_BINDING_OFFSET, i), offsets[i]);
      assert_int_equal(get_indexed(GL_VERTEX_BINDING_STRIDE, i), strides[i]);
   }

   GLint max = gl_test_get_int(GL_MAX_VERTEX_ATTRIB_BINDINGS);
   _mesa_BindVertexBuffers((GLuint)max - 1, 2, NULL, NULL, NULL);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   /* a negative stride, a negative offset, an unused name: those entries
    * keep their bindings */
   GLuint names[3] = {buf[2], 999, buf[0]};
   GLintptr offs[3] = {-4, 0, 32};
   GLsizei strs[3] = {4, 4, -1};
   _mesa_BindVertexBuffers(0, 3, names, offs, strs);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   for (GLuint i = 0; i < 3; i++)
      assert_int_equal(get_indexed(GL_VERTEX_BINDING_BUFFER, i), buf[i]);
   GLsizei over = 4096; /* above MAX_VERTEX_ATTRIB_STRIDE (2048) */
   _mesa_BindVertexBuffers(1, 1, &buf[0], &offsets[0], &over);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   assert_int_equal(get_indexed(GL_VERTEX_BINDING_BUFFER, 1), buf[1]);

   /* NULL: no buffer, offset 0, stride 16 */
   _mesa_BindVertexBuffers(1, 2, NULL, offsets, strides);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(get_indexed(GL_VERTEX_BINDING_BUFFER, 0), buf[0]);
   for (GLuint i = 1; i < 3; i++) {
      assert_int_equal(get_indexed(GL_VERTEX_BINDING_BUFFER, i), 0);
      assert_int_equal(get_indexed(GL_VERTEX_BINDING_OFFSET, i), 0);
      assert_int_equal(get_indexed(GL_VERTEX_BINDING_STRIDE, i), 16);
   }
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_advertised),
      cmocka_unit_test(test_buffers_base),
      cmocka_unit_test(test_buffers_range),
      cmocka_unit_test(test_textures),
      cmocka_unit_test(test_samplers),
      cmocka_unit_test(test_vertex_buffers),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
