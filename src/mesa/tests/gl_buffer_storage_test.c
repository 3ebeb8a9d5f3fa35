/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Immutable buffer storage (GL_ARB_buffer_storage, GL_EXT_buffer_storage)
 * on the noop driver: glBufferStorage's errors (GL 4.4 section 6.2), what
 * immutable storage refuses afterwards (BufferData, BufferSubData without
 * DYNAMIC_STORAGE_BIT, maps beyond the storage flags: section 6.3), the
 * two queries of table 23.4, and persistent maps that stay valid while
 * the GL writes and copies the buffer (section 6.3.2).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gl_desktop_fixture.h"
#include "main/extensions.h"
#include "main/mtypes.h"
#include "state_tracker/st_context.h"

static GLint
buffer_param(GLenum pname)
{
   GLint v = -1;
   _mesa_GetBufferParameteriv(GL_ARRAY_BUFFER, pname, &v);
   gl_expect_error(GL_NO_ERROR);
   return v;
}

/* One invalid call a row: flags and size of glBufferStorage on a bound
 * mutable buffer, and the error the spec gives. */
static const struct {
   GLsizeiptr size;
   GLbitfield flags;
   GLenum error;
} storage_errors[] = {
   {0, GL_MAP_READ_BIT, GL_INVALID_VALUE},
   {-4, GL_MAP_READ_BIT, GL_INVALID_VALUE},
   {16, 0x1000, GL_INVALID_VALUE}, /* not a storage bit */
   {16, GL_MAP_INVALIDATE_RANGE_BIT, GL_INVALID_VALUE},
   {16, GL_MAP_PERSISTENT_BIT, GL_INVALID_VALUE},
   {16, GL_MAP_PERSISTENT_BIT | GL_DYNAMIC_STORAGE_BIT, GL_INVALID_VALUE},
   {16, GL_MAP_COHERENT_BIT | GL_MAP_WRITE_BIT, GL_INVALID_VALUE},
};

static void
test_storage_errors(void **state)
{
   struct gl_test *t = *state;
   GLuint b;

   assert_true(_mesa_has_extension(&t->ctx->ctx, "GL_ARB_buffer_storage"));
   /* No buffer bound, then a bad target. */
   _mesa_BufferStorage(GL_ARRAY_BUFFER, 16, NULL, 0);
   gl_expect_error(GL_INVALID_OPERATION);
   _mesa_BufferStorage(GL_TEXTURE_2D, 16, NULL, 0);
   gl_expect_error(GL_INVALID_ENUM);

   _mesa_GenBuffers(1, &b);
   _mesa_BindBuffer(GL_ARRAY_BUFFER, b);
   assert_int_equal(buffer_param(GL_BUFFER_IMMUTABLE_STORAGE), GL_FALSE);
   assert_int_equal(buffer_param(GL_BUFFER_STORAGE_FLAGS), 0);
   for (unsigned i = 0; i < sizeof(storage_errors) / sizeof(storage_errors[0]);
        i++) {
      _mesa_BufferStorage(GL_ARRAY_BUFFER, storage_errors[i].size, NULL,
                          storage_errors[i].flags);
      if (_mesa_GetError() != storage_errors[i].error)
         fail_msg("row %u: not the expected error", i);
   }
   assert_int_equal(buffer_param(GL_BUFFER_IMMUTABLE_STORAGE), GL_FALSE);

   /* A mutable store's flags (GL 4.4 section 6.2). */
   _mesa_BufferData(GL_ARRAY_BUFFER, 8, NULL, GL_STATIC_DRAW);
   assert_int_equal(buffer_param(GL_BUFFER_STORAGE_FLAGS),
                    GL_MAP_READ_BIT | GL_MAP_WRITE_BIT |
                       GL_DYNAMIC_STORAGE_BIT);
   /* Respecifying a mapped buffer unmaps it and clears the map state
    * (ES 3.0 section 2.10.1, table 6.3's initial values). */
   assert_non_null(_mesa_MapBufferRange(GL_ARRAY_BUFFER, 2, 4,
                                        GL_MAP_READ_BIT));
   _mesa_BufferData(GL_ARRAY_BUFFER, 8, NULL, GL_STATIC_DRAW);
   assert_int_equal(buffer_param(GL_BUFFER_MAPPED), GL_FALSE);
   assert_int_equal(buffer_param(GL_BUFFER_ACCESS_FLAGS), 0);
   assert_int_equal(buffer_param(GL_BUFFER_MAP_LENGTH), 0);
   assert_int_equal(buffer_param(GL_BUFFER_MAP_OFFSET), 0);
   /* A mutable buffer cannot be mapped persistently. */
   assert_null(_mesa_MapBufferRange(GL_ARRAY_BUFFER, 0, 8,
                                    GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT));
   gl_expect_error(GL_INVALID_OPERATION);

   /* Storage replaces a mutable store once; then nothing respecifies
    * it. */
   static const uint8_t data[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
   _mesa_BufferStorage(GL_ARRAY_BUFFER, 16, data, GL_MAP_READ_BIT);
   gl_expect_error(GL_NO_ERROR);
   assert_int_equal(buffer_param(GL_BUFFER_IMMUTABLE_STORAGE), GL_TRUE);
   assert_int_equal(buffer_param(GL_BUFFER_STORAGE_FLAGS), GL_MAP_READ_BIT);
   assert_int_equal(buffer_param(GL_BUFFER_SIZE), 16);
   _mesa_BufferStorage(GL_ARRAY_BUFFER, 16, NULL, GL_MAP_READ_BIT);
   gl_expect_error(GL_INVALID_OPERATION);
   _mesa_BufferData(GL_ARRAY_BUFFER, 16, NULL, GL_STATIC_DRAW);
   gl_expect_error(GL_INVALID_OPERATION);
   /* No DYNAMIC_STORAGE_BIT: no BufferSubData; copies still write. */
   _mesa_BufferSubData(GL_ARRAY_BUFFER, 0, 4, data);
   gl_expect_error(GL_INVALID_OPERATION);
   /* Maps only with the bits of the storage flags. */
   assert_null(_mesa_MapBufferRange(GL_ARRAY_BUFFER, 0, 16, GL_MAP_WRITE_BIT));
   gl_expect_error(GL_INVALID_OPERATION);
   assert_null(_mesa_MapBufferRange(GL_ARRAY_BUFFER, 0, 16,
                                    GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT));
   gl_expect_error(GL_INVALID_OPERATION);
   const uint8_t *p = _mesa_MapBufferRange(GL_ARRAY_BUFFER, 0, 16,
                                           GL_MAP_READ_BIT);
   gl_expect_error(GL_NO_ERROR);
   assert_non_null(p);
   assert_memory_equal(p, data, 16);
   _mesa_UnmapBuffer(GL_ARRAY_BUFFER);
   gl_expect_error(GL_NO_ERROR);
   _mesa_DeleteBuffers(1, &b);
}

/* A persistent map stays while the GL writes the buffer, copies into it
 * and reads it (GL 4.4 section 6.3.2); other maps still block those. */
static void
test_persistent_map(void **state)
{
   (void)state;
   static const uint8_t data[8] = {10, 20, 30, 40, 50, 60, 70, 80};
   GLuint b[2];
   uint8_t back[8];

   _mesa_GenBuffers(2, b);
   _mesa_BindBuffer(GL_COPY_READ_BUFFER, b[0]);
   _mesa_BufferData(GL_COPY_READ_BUFFER, 8, data, GL_STATIC_DRAW);
   _mesa_BindBuffer(GL_COPY_WRITE_BUFFER, b[1]);
   _mesa_BufferStorage(GL_COPY_WRITE_BUFFER, 8, NULL,
                       GL_MAP_READ_BIT | GL_MAP_WRITE_BIT |
                          GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT |
                          GL_DYNAMIC_STORAGE_BIT | GL_CLIENT_STORAGE_BIT);
   gl_expect_error(GL_NO_ERROR);
   uint8_t *map = _mesa_MapBufferRange(
      GL_COPY_WRITE_BUFFER, 0, 8,
      GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT |
         GL_MAP_COHERENT_BIT);
   gl_expect_error(GL_NO_ERROR);
   assert_non_null(map);
   GLint access = -1;
   _mesa_GetBufferParameteriv(GL_COPY_WRITE_BUFFER, GL_BUFFER_ACCESS_FLAGS,
                              &access);
   assert_int_equal(access, GL_MAP_READ_BIT | GL_MAP_WRITE_BIT |
                               GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT);

   _mesa_CopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, 8);
   gl_expect_error(GL_NO_ERROR);
   _mesa_Finish();
   assert_memory_equal(map, data, 8);
   _mesa_BufferSubData(GL_COPY_WRITE_BUFFER, 2, 1, data);
   gl_expect_error(GL_NO_ERROR);
   _mesa_Finish();
   assert_int_equal(map[2], 10);
   map[7] = 99;
   _mesa_GetBufferSubData(GL_COPY_WRITE_BUFFER, 0, 8, back);
   gl_expect_error(GL_NO_ERROR);
   assert_int_equal(back[7], 99);
   /* Still mapped: a second map is refused. */
   assert_null(_mesa_MapBufferRange(GL_COPY_WRITE_BUFFER, 0, 8,
                                    GL_MAP_READ_BIT));
   gl_expect_error(GL_INVALID_OPERATION);
   assert_true(_mesa_UnmapBuffer(GL_COPY_WRITE_BUFFER));

   /* A non-persistent map of the same buffer blocks the GL's writes. */
   assert_non_null(_mesa_MapBufferRange(GL_COPY_WRITE_BUFFER, 0, 8,
                                        GL_MAP_WRITE_BIT));
   _mesa_BufferSubData(GL_COPY_WRITE_BUFFER, 0, 1, data);
   gl_expect_error(GL_INVALID_OPERATION);
   _mesa_CopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, 8);
   gl_expect_error(GL_INVALID_OPERATION);
   _mesa_UnmapBuffer(GL_COPY_WRITE_BUFFER);
   _mesa_DeleteBuffers(2, b);
   gl_expect_error(GL_NO_ERROR);
}

/* GL_EXT_buffer_storage: ES 3.0 and later, through the same entry point;
 * ES 2.0 has neither it nor the queries. */
static void
test_es(void **state)
{
   (void)state;
   struct gl_test *t =
      gl_test_create_version(ST_PROFILE_OPENGL_ES2, 3, 0, 8, 8);
   GLuint b;

   assert_true(_mesa_has_extension(&t->ctx->ctx, "GL_EXT_buffer_storage"));
   assert_false(_mesa_has_extension(&t->ctx->ctx, "GL_ARB_buffer_storage"));
   _mesa_GenBuffers(1, &b);
   _mesa_BindBuffer(GL_ARRAY_BUFFER, b);
   _mesa_BufferStorage(GL_ARRAY_BUFFER, 4, NULL,
                       GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT);
   gl_expect_error(GL_NO_ERROR);
   assert_int_equal(buffer_param(GL_BUFFER_IMMUTABLE_STORAGE), GL_TRUE);
   _mesa_DeleteBuffers(1, &b);
   gl_test_destroy(t);

   t = gl_test_create(2, 0, 8, 8);
   assert_false(_mesa_has_extension(&t->ctx->ctx, "GL_EXT_buffer_storage"));
   _mesa_GenBuffers(1, &b);
   _mesa_BindBuffer(GL_ARRAY_BUFFER, b);
   _mesa_BufferStorage(GL_ARRAY_BUFFER, 4, NULL, 0);
   gl_expect_error(GL_INVALID_OPERATION);
   GLint v;
   _mesa_GetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_STORAGE_FLAGS, &v);
   gl_expect_error(GL_INVALID_ENUM);
   _mesa_DeleteBuffers(1, &b);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      GL_DESKTOP_TEST(test_storage_errors),
      GL_DESKTOP_TEST(test_persistent_map),
      cmocka_unit_test(test_es),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
