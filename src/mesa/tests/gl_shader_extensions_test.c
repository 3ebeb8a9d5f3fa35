/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * glCompileShader honours the context's extension list (#18).  GLSL 4.60
 * and GLSL ES 3.20 section 3.3 (#extension): "require" of an extension the
 * implementation does not support is a compile error.  For every
 * extension the GLSL front end knows (glsl_extensions.py), in contexts of
 * each API, a shader at the context's newest GLSL version that requires
 * it compiles exactly when the context advertises the extension
 * (glGetStringi, _mesa_has_extension) and the front end's table allows it
 * at that version.  On the noop driver.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gl_test_context.h"
#include "glsl_state.h"
#include "main/context.h"
#include "main/extensions.h"
#include "main/mtypes.h"
#include "state_tracker/st_context.h"

static bool
require_compiles(int version, bool es, const char *name)
{
   char src[256];
   snprintf(src, sizeof(src),
            "#version %d%s\n#extension %s : require\nvoid main() {}\n",
            version, es && version > 100 ? " es" : "", name);
   const char *p = src;
   GLuint sh = _mesa_CreateShader(GL_VERTEX_SHADER);
   GLint ok = -1;
   _mesa_ShaderSource(sh, 1, &p, NULL);
   _mesa_CompileShader(sh);
   _mesa_GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
   _mesa_DeleteShader(sh);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   return ok == GL_TRUE;
}

/* Every row, in the current context; returns how many compiled. */
static unsigned
check_rows(struct gl_context *ctx)
{
   bool es = _mesa_is_gles(ctx);
   int version = _mesa_glsl_version(ctx);
   unsigned compiled = 0;

   for (unsigned i = 0; i < glsl_num_extensions; i++) {
      const struct glsl_extension_info *e = &glsl_extensions[i];
      bool fits = es ? e->es && version >= e->min_es_version
                     : e->desktop && version >= e->min_version;
      bool advertised = _mesa_has_extension(ctx, e->name);
      bool got = require_compiles(version, es, e->name);
      if (got != (fits && advertised))
         fail_msg("%s in a %s %d context: require %s (advertised %d, "
                  "table allows GLSL %d: %d)", e->name, es ? "ES" : "GL",
                  ctx->Version, got ? "compiles" : "fails", advertised,
                  version, fits);
      compiled += got;
   }
   return compiled;
}

/* The noop driver's caps give old versions unless overridden (as the
 * other front-end tests do). */
static struct gl_test *
create(enum st_profile_type profile, int major, int minor)
{
   struct gl_test *t = gl_test_create_version(profile, major, minor, 8, 8);
   assert_non_null(t);
   return t;
}

/* Contexts of each API the front end offers. */
static const struct {
   enum st_profile_type profile;
   int major, minor;
} contexts[] = {
   { ST_PROFILE_OPENGL_ES2, 2, 0 },
   { ST_PROFILE_OPENGL_ES2, 3, 0 },
   { ST_PROFILE_OPENGL_ES2, 3, 1 },
   { ST_PROFILE_OPENGL_CORE, 3, 3 },
   { ST_PROFILE_DEFAULT, 2, 1 },
};

static void
test_every_row_in_every_context(void **state)
{
   (void)state;
   for (unsigned i = 0; i < sizeof(contexts) / sizeof(contexts[0]); i++) {
      struct gl_test *t =
         create(contexts[i].profile, contexts[i].major, contexts[i].minor);
      assert_int_equal(t->ctx->ctx.Version,
                       contexts[i].major * 10 + contexts[i].minor);
      /* some row compiles in each (the gate does not reject all) */
      assert_true(check_rows(&t->ctx->ctx) > 0);
      gl_test_destroy(t);
   }
}

/* The case by name: GL_OES_geometry_shader is not an extension of
 * our ES contexts, so its require fails and its macro is undefined. */
static void
test_oes_geometry_shader(void **state)
{
   (void)state;
   struct gl_test *t = create(ST_PROFILE_OPENGL_ES2, 3, 1);
   assert_false(_mesa_has_extension(&t->ctx->ctx, "GL_OES_geometry_shader"));
   assert_false(require_compiles(310, true, "GL_OES_geometry_shader"));
   static const char *src = "#version 310 es\n"
                            "#ifdef GL_OES_geometry_shader\n"
                            "#error defined\n"
                            "#endif\n"
                            "void main() {}\n";
   GLuint sh = _mesa_CreateShader(GL_VERTEX_SHADER);
   GLint ok = 0;
   _mesa_ShaderSource(sh, 1, &src, NULL);
   _mesa_CompileShader(sh);
   _mesa_GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
   assert_int_equal(ok, GL_TRUE);
   _mesa_DeleteShader(sh);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_every_row_in_every_context),
      cmocka_unit_test(test_oes_geometry_shader),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
