/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * shader-test-eval --link: does a .shader_test's program link, or fail to
 * link, as the file says?
 *
 * The shaders are compiled and linked the way piglit's shader_runner
 * does it (facts: mesa3d/piglit tests/shaders/shader_runner.c): every
 * shader section of the file, in the file's order, with the [require]
 * GLSL version as the #version of shaders that have none;
 * "[vertex shader passthrough]" is its pass-through vertex shader;
 * piglit_vertex and piglit_texcoord are bound to attributes 0 and 1; a
 * program without a vertex shader is linked without one.  "link error"
 * in [test] means the link must fail; anything else means it must
 * succeed.  [require] lines: extensions must be ones the front end knows
 * (or API-only ones listed below), limits must be met by the linker's
 * own, GL API versions are the API's business.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_program.h"
#include "glsl_state.h"
#include "shader_test.h"
#include "util/u_math.h"
#include "util/ralloc.h"

static const char passthrough_vs[] =
   "#if __VERSION__ >= 130\n"
   "in vec4 piglit_vertex;\n"
   "#else\n"
   "attribute vec4 piglit_vertex;\n"
   "#endif\n"
   "void main() { gl_Position = piglit_vertex; }\n";

/* Extensions with no shading-language part: nothing they do changes
 * what compiles or links (their specs change no GLSL text). */
static const char *const api_only_ext[] = {
   "GL_ARB_texture_rg",
   "GL_EXT_provoking_vertex",
};

/* The limits the front end enforces, as the GL front end reports them
 * (src/mesa/main/context.c, get.c): 32 varying vec4s, 256 uniform vec4s
 * per stage. */
static const struct shader_test_limit front_end_limits[] = {
   { "GL_MAX_VERTEX_OUTPUT_COMPONENTS", 128 },
   { "GL_MAX_GEOMETRY_OUTPUT_COMPONENTS", 128 },
   { "GL_MAX_FRAGMENT_INPUT_COMPONENTS", 128 },
   { "GL_MAX_VARYING_COMPONENTS", 128 },
   { "GL_MAX_VARYING_FLOATS", 128 },
   { "GL_MAX_VERTEX_UNIFORM_COMPONENTS", 1024 },
   { "GL_MAX_FRAGMENT_UNIFORM_COMPONENTS", 1024 },
};

static const char *
unmet_requirement(void *mem, const struct shader_test *t)
{
   if (t->es ? (t->glsl_version != 100 && t->glsl_version != 300 &&
                t->glsl_version != 310 && t->glsl_version != 320)
             : (t->glsl_version < 110 || t->glsl_version > 460))
      return ralloc_asprintf(mem, "GLSL%s %d", t->es ? " ES" : "",
                             t->glsl_version);
   for (unsigned i = 0; i < t->num_required_ext; i++) {
      const char *ext = t->required_ext[i];
      bool api_only = false;
      for (unsigned k = 0; k < ARRAY_SIZE(api_only_ext); k++)
         api_only |= !strcmp(ext, api_only_ext[k]);
      if (!api_only && glsl_extension_index(ext) < 0)
         return ralloc_asprintf(mem, "requires %s", ext);
   }
   for (unsigned i = 0; i < t->num_limits; i++) {
      const struct shader_test_limit *want = &t->limits[i];
      int have = -1;
      for (unsigned k = 0; k < ARRAY_SIZE(front_end_limits); k++) {
         if (!strcmp(want->name, front_end_limits[k].name))
            have = front_end_limits[k].min;
      }
      if (have < 0)
         return ralloc_asprintf(mem, "requires %s (unknown limit)",
                                want->name);
      if (have < want->min)
         return ralloc_asprintf(mem, "requires %s >= %d (have %d)",
                                want->name, want->min, have);
   }
   if (t->sso)
      return "SSO ENABLED (separable programs)";
   return NULL;
}

struct link_job {
   void *mem;
   const struct shader_test *t;
   struct glsl_parse_state *sh[24];
   unsigned n;
   char *msg;
};

static bool
add_shader(struct link_job *j, gl_shader_stage stage, const char *src)
{
   struct glsl_compile_options *o = rzalloc(j->mem,
                                            struct glsl_compile_options);
   o->stage = stage;
   o->default_version = j->t->glsl_version;
   o->default_es = j->t->es;
   o->compat_context = j->t->compat;
   struct glsl_parse_state *st =
      glsl_compile_shader(j->mem, src, strlen(src), o);
   if (!st) {
      j->msg = "no memory";
      return false;
   }
   if (st->log.errors) {
      j->msg = ralloc_asprintf(j->mem, "%s shader does not compile: %s",
                               gl_shader_stage_name(stage), st->log.text);
      return false;
   }
   if (j->n < ARRAY_SIZE(j->sh))
      j->sh[j->n++] = st;
   return true;
}

static bool
add_all(struct link_job *j, gl_shader_stage stage, char *const *src,
        unsigned n)
{
   for (unsigned i = 0; i < n; i++) {
      if (!add_shader(j, stage, src[i]))
         return false;
   }
   return true;
}

/* Whether a line of [test] is the command "link error" (shader_runner
 * matches commands at the start of a line, after blanks). */
static bool
expects_link_error(const char *test)
{
   for (const char *l = test; l && *l; l = strchr(l, '\n')) {
      if (*l == '\n')
         l++;
      l += strspn(l, " \t");
      if (!strncmp(l, "link error", 10))
         return true;
   }
   return false;
}

enum shader_test_result
shader_test_link(void *mem, const struct shader_test *t, char **msg)
{
   *msg = NULL;
   const char *unmet = unmet_requirement(mem, t);
   if (unmet) {
      *msg = (char *)unmet;
      return SHADER_TEST_SKIP;
   }
   if (t->unsupported_section) {
      *msg = ralloc_asprintf(mem, "section %s", t->unsupported_section);
      return SHADER_TEST_SKIP;
   }
   struct link_job j = { .mem = mem, .t = t };
   bool ok = add_all(&j, MESA_SHADER_VERTEX, t->vs, t->num_vs) &&
             (!t->vs_passthrough ||
              add_shader(&j, MESA_SHADER_VERTEX, passthrough_vs)) &&
             add_all(&j, MESA_SHADER_TESS_CTRL, t->tcs, t->num_tcs) &&
             add_all(&j, MESA_SHADER_TESS_EVAL, t->tes, t->num_tes) &&
             add_all(&j, MESA_SHADER_GEOMETRY, t->gs, t->num_gs) &&
             add_all(&j, MESA_SHADER_FRAGMENT, t->fs, t->num_fs) &&
             add_all(&j, MESA_SHADER_COMPUTE, t->cs, t->num_cs);
   if (!ok) {
      *msg = j.msg;
      return SHADER_TEST_REJECT;
   }
   if (!j.n) {
      *msg = "no shaders";
      return SHADER_TEST_SKIP;
   }
   /* shader_runner binds these before linking. */
   const struct glsl_location_binding bind[] = {
      { "piglit_vertex", 0 },
      { "piglit_texcoord", 1 },
   };
   struct glsl_link_options lo = { .attrib_bindings = bind,
                                   .num_attrib_bindings = 2 };
   struct glsl_program *prog = glsl_link_program(mem, j.sh, j.n, &lo);
   if (!prog) {
      *msg = "no memory";
      return SHADER_TEST_FAIL;
   }
   bool want_error = t->test && expects_link_error(t->test);
   if (want_error == !prog->link_status)
      return SHADER_TEST_PASS;
   *msg = want_error ? "linked, but [test] expects a link error"
                     : ralloc_asprintf(mem, "link failed: %s",
                                       prog->info_log);
   return SHADER_TEST_FAIL;
}
