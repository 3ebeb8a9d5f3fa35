/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ES 3.0 entry points that already exist (ES 3.0 contexts are not offered
 * yet; these run in an ES 2.0 context, as extensions would): vertex array
 * objects (section 2.10), buffer mapping and copies (2.10.3), sync objects
 * (5.2), glGetStringi (6.1.6).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "gl_test_context.h"

static void
test_vertex_array_objects(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   GLuint vao[2], buf;
   GLint v;

   _mesa_GenVertexArrays(2, vao);
   assert_false(_mesa_IsVertexArray(vao[0])); /* not bound yet */
   _mesa_BindVertexArray(vao[0]);
   assert_true(_mesa_IsVertexArray(vao[0]));
   _mesa_GenBuffers(1, &buf);
   _mesa_BindBuffer(GL_ARRAY_BUFFER, buf);
   _mesa_BindBuffer(GL_ELEMENT_ARRAY_BUFFER, buf);
   _mesa_VertexAttribPointer(2, 3, GL_FLOAT, GL_FALSE, 0, (void *)4);
   _mesa_EnableVertexAttribArray(2);

   /* The arrays and the element buffer are the VAO's; the array buffer
    * binding is not. */
   _mesa_BindVertexArray(0);
   _mesa_GetVertexAttribiv(2, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &v);
   assert_int_equal(v, 0);
   _mesa_GetIntegerv(GL_ELEMENT_ARRAY_BUFFER_BINDING, &v);
   assert_int_equal(v, 0);
   _mesa_GetIntegerv(GL_ARRAY_BUFFER_BINDING, &v);
   assert_int_equal(v, (GLint)buf);
   _mesa_BindVertexArray(vao[0]);
   _mesa_GetVertexAttribiv(2, GL_VERTEX_ATTRIB_ARRAY_SIZE, &v);
   assert_int_equal(v, 3);
   _mesa_GetIntegerv(GL_ELEMENT_ARRAY_BUFFER_BINDING, &v);
   assert_int_equal(v, (GLint)buf);

   /* Unknown names cannot be bound; deleting the bound VAO binds 0. */
   _mesa_BindVertexArray(1234);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_DeleteVertexArrays(2, vao);
   assert_false(_mesa_IsVertexArray(vao[0]));
   _mesa_GetVertexAttribiv(2, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &v);
   assert_int_equal(v, 0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

static void
test_map_buffer_range(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   static const uint8_t init[16] = { 1, 2, 3, 4, 5, 6, 7, 8,
                                     9, 10, 11, 12, 13, 14, 15, 16 };
   GLuint buf[2];
   GLint v;
   void *p;

   _mesa_GenBuffers(2, buf);
   _mesa_BindBuffer(GL_ARRAY_BUFFER, buf[0]);
   _mesa_BufferData(GL_ARRAY_BUFFER, 16, init, GL_STATIC_DRAW);

   uint8_t *m = _mesa_MapBufferRange(GL_ARRAY_BUFFER, 4, 8,
                                     GL_MAP_READ_BIT | GL_MAP_WRITE_BIT);
   assert_non_null(m);
   assert_int_equal(m[0], 5); /* the map starts at the offset */
   m[1] = 0xAA;
   v = -7;
   _mesa_GetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_MAPPED, &v);
   assert_int_equal(v, -7); /* ES 2.0 context: an ES 3.0 pname */
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_GetBufferPointerv(GL_ARRAY_BUFFER, GL_BUFFER_MAP_POINTER, &p);
   assert_ptr_equal(p, m);

   /* Mapping twice, and BufferSubData of a mapped buffer, are errors. */
   assert_null(_mesa_MapBufferRange(GL_ARRAY_BUFFER, 0, 4, GL_MAP_READ_BIT));
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_BufferSubData(GL_ARRAY_BUFFER, 0, 1, init);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   assert_true(_mesa_UnmapBuffer(GL_ARRAY_BUFFER));
   assert_false(_mesa_UnmapBuffer(GL_ARRAY_BUFFER));
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);

   /* The access rules. */
   assert_null(_mesa_MapBufferRange(GL_ARRAY_BUFFER, 0, 4,
                                    GL_MAP_READ_BIT |
                                    GL_MAP_INVALIDATE_RANGE_BIT));
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   assert_null(_mesa_MapBufferRange(GL_ARRAY_BUFFER, 0, 4,
                                    GL_MAP_FLUSH_EXPLICIT_BIT |
                                    GL_MAP_READ_BIT));
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   assert_null(_mesa_MapBufferRange(GL_ARRAY_BUFFER, 0, 4, 0));
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   assert_null(_mesa_MapBufferRange(GL_ARRAY_BUFFER, 12, 8,
                                    GL_MAP_READ_BIT));
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   assert_null(_mesa_MapBufferRange(GL_ARRAY_BUFFER, 0, 4,
                                    GL_MAP_READ_BIT | (1u << 20)));
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);

   /* Copy 8 bytes into a second buffer and read them back. */
   _mesa_BindBuffer(GL_ELEMENT_ARRAY_BUFFER, buf[1]);
   _mesa_BufferData(GL_ELEMENT_ARRAY_BUFFER, 8, NULL, GL_STATIC_DRAW);
   _mesa_CopyBufferSubData(GL_ARRAY_BUFFER, GL_ELEMENT_ARRAY_BUFFER, 4, 0, 8);
   m = _mesa_MapBufferRange(GL_ELEMENT_ARRAY_BUFFER, 0, 8, GL_MAP_READ_BIT);
   assert_non_null(m);
   assert_int_equal(m[0], 5);
   assert_int_equal(m[1], 0xAA);
   assert_int_equal(m[7], 12);
   _mesa_UnmapBuffer(GL_ELEMENT_ARRAY_BUFFER);

   /* Overlapping ranges of one buffer. */
   _mesa_CopyBufferSubData(GL_ARRAY_BUFFER, GL_ARRAY_BUFFER, 0, 4, 8);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_CopyBufferSubData(GL_ARRAY_BUFFER, GL_ARRAY_BUFFER, 0, 8, 8);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

static void
test_sync_objects(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   GLint v;
   GLsizei len;

   GLsync s = _mesa_FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   assert_non_null(s);
   assert_true(_mesa_IsSync(s));
   GLenum r = _mesa_ClientWaitSync(s, GL_SYNC_FLUSH_COMMANDS_BIT,
                                   1000000000ull);
   assert_true(r == GL_ALREADY_SIGNALED || r == GL_CONDITION_SATISFIED);
   _mesa_GetSynciv(s, GL_SYNC_STATUS, 1, &len, &v);
   assert_int_equal(len, 1);
   assert_int_equal(v, GL_SIGNALED);
   _mesa_GetSynciv(s, GL_OBJECT_TYPE, 1, NULL, &v);
   assert_int_equal(v, GL_SYNC_FENCE);
   _mesa_WaitSync(s, 0, GL_TIMEOUT_IGNORED);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_WaitSync(s, 0, 5);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_DeleteSync(s);
   assert_false(_mesa_IsSync(s));
   _mesa_DeleteSync(s);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_DeleteSync(NULL); /* ignored */
   assert_null(_mesa_FenceSync(0x1234, 0));
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   assert_null(_mesa_FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 1));
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   /* A fence left alive is freed with the share group. */
   assert_non_null(_mesa_FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0));
   gl_test_destroy(t);
}

static void
test_get_stringi(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);

   assert_string_equal((const char *)_mesa_GetStringi(GL_EXTENSIONS, 0),
                       "GL_OES_element_index_uint");
   assert_null(_mesa_GetStringi(GL_EXTENSIONS, 100));
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   assert_null(_mesa_GetStringi(GL_VENDOR, 0));
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   GLint64 v = 0;
   _mesa_GetInteger64v(GL_MAX_TEXTURE_SIZE, &v);
   assert_true(v >= 2048);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_vertex_array_objects),
      cmocka_unit_test(test_map_buffer_range),
      cmocka_unit_test(test_sync_objects),
      cmocka_unit_test(test_get_stringi),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
