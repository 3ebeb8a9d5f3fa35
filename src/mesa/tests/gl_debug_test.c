/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * KHR_debug (ES 3.2 / GL 4.6 chapter 20): the callback and the log, the
 * default state (severity LOW disabled), message control, debug groups,
 * labels, GL errors as messages, and driver messages (shader statistics)
 * arriving through pipe_context::set_debug_callback.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "gl_test_context.h"
#include "pipe/p_context.h"
#include "util/u_debug_callback.h"

static struct {
   unsigned count;
   GLenum source, type, severity;
   GLuint id;
   char text[256];
} got;

static void GLAPIENTRY
callback(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length,
         const GLchar *message, const void *user)
{
   got.count++;
   got.source = source;
   got.type = type;
   got.id = id;
   got.severity = severity;
   strncpy(got.text, message, sizeof(got.text) - 1);
   assert_int_equal((size_t)length, strlen(message));
   assert_ptr_equal(user, &got);
}

static void
insert(GLenum type, GLuint id, GLenum severity, const char *text)
{
   _mesa_DebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, type, id, severity, -1,
                            text);
}

static void
test_callback_and_control(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);

   memset(&got, 0, sizeof(got));
   _mesa_DebugMessageCallback(callback, &got);
   insert(GL_DEBUG_TYPE_MARKER, 1, GL_DEBUG_SEVERITY_HIGH, "off");
   assert_int_equal(got.count, 0); /* not a debug context: output off */
   _mesa_Enable(GL_DEBUG_OUTPUT);
   assert_true(_mesa_IsEnabled(GL_DEBUG_OUTPUT));

   insert(GL_DEBUG_TYPE_MARKER, 7, GL_DEBUG_SEVERITY_HIGH, "hello");
   assert_int_equal(got.count, 1);
   assert_int_equal(got.source, GL_DEBUG_SOURCE_APPLICATION);
   assert_int_equal(got.type, GL_DEBUG_TYPE_MARKER);
   assert_int_equal(got.id, 7);
   assert_string_equal(got.text, "hello");

   /* Severity LOW is disabled by default. */
   insert(GL_DEBUG_TYPE_OTHER, 8, GL_DEBUG_SEVERITY_LOW, "low");
   assert_int_equal(got.count, 1);
   _mesa_DebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DEBUG_SEVERITY_LOW,
                             0, NULL, GL_TRUE);
   insert(GL_DEBUG_TYPE_OTHER, 8, GL_DEBUG_SEVERITY_LOW, "low");
   assert_int_equal(got.count, 2);

   /* Disabling by id. */
   GLuint id = 9;
   _mesa_DebugMessageControl(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER,
                             GL_DONT_CARE, 1, &id, GL_FALSE);
   insert(GL_DEBUG_TYPE_OTHER, 9, GL_DEBUG_SEVERITY_HIGH, "nine");
   assert_int_equal(got.count, 2);
   insert(GL_DEBUG_TYPE_OTHER, 10, GL_DEBUG_SEVERITY_HIGH, "ten");
   assert_int_equal(got.count, 3);

   /* GL errors are messages of the API. */
   _mesa_Enable(GL_TEXTURE_2D);
   assert_int_equal(got.count, 4);
   assert_int_equal(got.source, GL_DEBUG_SOURCE_API);
   assert_int_equal(got.type, GL_DEBUG_TYPE_ERROR);
   assert_int_equal(got.severity, GL_DEBUG_SEVERITY_HIGH);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);

   /* The rules of the API. */
   _mesa_DebugMessageControl(GL_DONT_CARE, GL_DEBUG_TYPE_OTHER, GL_DONT_CARE, 1,
                             &id, GL_TRUE);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_DebugMessageInsert(GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_OTHER, 0,
                            GL_DEBUG_SEVERITY_HIGH, -1, "x");
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_DebugMessageControl(0x1234, GL_DONT_CARE, GL_DONT_CARE, 0, NULL,
                             GL_TRUE);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);

   void *p = NULL;
   _mesa_GetPointerv(GL_DEBUG_CALLBACK_USER_PARAM, &p);
   assert_ptr_equal(p, &got);
   gl_test_destroy(t);
}

static void
test_log_and_groups(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   GLint v;

   _mesa_Enable(GL_DEBUG_OUTPUT);
   for (unsigned i = 0; i < 20; i++)
      insert(GL_DEBUG_TYPE_OTHER, i, GL_DEBUG_SEVERITY_HIGH, "logged");
   _mesa_GetIntegerv(GL_DEBUG_LOGGED_MESSAGES, &v);
   assert_int_equal(v,
                    16 /* MAX_DEBUG_LOGGED_MESSAGES */); /* the oldest kept */
   _mesa_GetIntegerv(GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH, &v);
   assert_int_equal(v, 7);

   GLenum sources[10], types[10], sev[10];
   GLuint ids[10];
   GLsizei lens[10];
   char buf[64];
   assert_int_equal(_mesa_GetDebugMessageLog(2, sizeof(buf), sources, types,
                                             ids, sev, lens, buf),
                    2);
   assert_int_equal(ids[0], 0);
   assert_int_equal(ids[1], 1);
   assert_int_equal(lens[1], 7);
   assert_string_equal(buf + 7, "logged");
   _mesa_GetIntegerv(GL_DEBUG_LOGGED_MESSAGES, &v);
   assert_int_equal(v, 16 /* MAX_DEBUG_LOGGED_MESSAGES */ - 2);
   assert_int_equal(
      _mesa_GetDebugMessageLog(100, 0, NULL, NULL, NULL, NULL, NULL, NULL),
      16 /* MAX_DEBUG_LOGGED_MESSAGES */ - 2);

   /* A group's controls end with it. */
   _mesa_GetIntegerv(GL_DEBUG_GROUP_STACK_DEPTH, &v);
   assert_int_equal(v, 1);
   _mesa_PushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 5, -1, "group");
   _mesa_GetIntegerv(GL_DEBUG_GROUP_STACK_DEPTH, &v);
   assert_int_equal(v, 2);
   _mesa_DebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, NULL,
                             GL_FALSE);
   insert(GL_DEBUG_TYPE_OTHER, 1, GL_DEBUG_SEVERITY_HIGH, "muted");
   _mesa_PopDebugGroup();
   insert(GL_DEBUG_TYPE_OTHER, 2, GL_DEBUG_SEVERITY_HIGH, "heard");
   /* In the log: the push message, the pop message, "heard". */
   assert_int_equal(_mesa_GetDebugMessageLog(10, sizeof(buf), NULL, types, ids,
                                             NULL, NULL, buf),
                    3);
   assert_int_equal(types[0], GL_DEBUG_TYPE_PUSH_GROUP);
   assert_string_equal(buf, "group");
   _mesa_PopDebugGroup();
   assert_int_equal(_mesa_GetError(), GL_STACK_UNDERFLOW);
   gl_test_destroy(t);
}

static void
test_labels(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   GLuint buf;
   char label[16];
   GLsizei len;

   _mesa_GenBuffers(1, &buf);
   _mesa_BindBuffer(GL_ARRAY_BUFFER, buf);
   _mesa_ObjectLabel(GL_BUFFER, buf, -1, "vertices");
   _mesa_GetObjectLabel(GL_BUFFER, buf, sizeof(label), &len, label);
   assert_string_equal(label, "vertices");
   assert_int_equal(len, 8);
   _mesa_GetObjectLabel(GL_BUFFER, buf, 4, &len, label); /* truncated */
   assert_string_equal(label, "ver");
   _mesa_ObjectLabel(GL_BUFFER, buf + 100, -1, "x");
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_ObjectLabel(GL_TEXTURE_2D, buf, -1, "x");
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_ObjectLabel(GL_BUFFER, buf, -1, NULL); /* removes it */
   _mesa_GetObjectLabel(GL_BUFFER, buf, sizeof(label), &len, label);
   assert_int_equal(len, 0);

   GLsync s = _mesa_FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   _mesa_ObjectPtrLabel(s, -1, "fence");
   _mesa_GetObjectPtrLabel(s, sizeof(label), &len, label);
   assert_string_equal(label, "fence");
   _mesa_DeleteSync(s);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

static struct util_debug_callback driver_cb;
static bool driver_cb_set;

static void
spy_set_debug_callback(struct pipe_context *pipe,
                       const struct util_debug_callback *cb)
{
   driver_cb_set = cb != NULL;
   if (cb)
      driver_cb = *cb;
   else
      memset(&driver_cb, 0, sizeof(driver_cb));
}

/* Shader statistics from the driver reach the application as messages of
 * the shader compiler (what shader-db reads). */
static void
test_driver_messages(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   struct pipe_context *pipe = st_context_pipe(t->ctx);

   pipe->set_debug_callback = spy_set_debug_callback;
   memset(&got, 0, sizeof(got));
   _mesa_DebugMessageCallback(callback, &got);
   _mesa_Enable(GL_DEBUG_OUTPUT);
   assert_true(driver_cb_set);
   util_debug_message(&driver_cb, SHADER_INFO, "FS shader: %u inst", 12u);
   assert_int_equal(got.count, 1);
   assert_int_equal(got.source, GL_DEBUG_SOURCE_SHADER_COMPILER);
   assert_int_equal(got.type, GL_DEBUG_TYPE_OTHER);
   assert_string_equal(got.text, "FS shader: 12 inst");
   _mesa_Disable(GL_DEBUG_OUTPUT);
   assert_false(driver_cb_set);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_callback_and_control),
      cmocka_unit_test(test_log_and_groups),
      cmocka_unit_test(test_labels),
      cmocka_unit_test(test_driver_messages),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
