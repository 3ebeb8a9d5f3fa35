/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Cuts a .shader_test file into sections ("[require]", "[vertex shader]"
 * ...) and reads the [require] lines: GLSL / GLSL ES version, window SIZE
 * and required extensions (format: piglit tests/shaders/shader_runner.c
 * conventions as the files use them).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shader_test.h"

static char *
trim(char *s)
{
   while (*s == ' ' || *s == '\t' || *s == '\r')
      s++;
   char *e = s + strlen(s);
   while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r' ||
                    e[-1] == '\n'))
      *--e = 0;
   return s;
}

static int
parse_version(const char *s)
{
   /* "1.10" -> 110, "3.00" -> 300 */
   int major = 0, minor = 0;
   if (sscanf(s, "%d.%d", &major, &minor) < 1)
      return 0;
   return major * 100 + (minor < 10 ? minor * 10 : minor);
}

static bool
parse_require(char *text, struct shader_test *t, const char **why)
{
   char *save = NULL;
   for (char *line = strtok_r(text, "\n", &save); line;
        line = strtok_r(NULL, "\n", &save)) {
      line = trim(line);
      if (!*line || *line == '#')
         continue;
      int w, h;
      if (!strncmp(line, "GLSL ES >=", 10)) {
         t->es = true;
         t->glsl_version = parse_version(trim(line + 10));
      } else if (!strncmp(line, "GLSL >=", 7)) {
         t->glsl_version = parse_version(trim(line + 7));
      } else if (!strncmp(line, "GL ES >=", 8)) {
         t->es = true;
      } else if (!strncmp(line, "GL >=", 5) ||
                 !strncmp(line, "GL COMPAT >=", 12) ||
                 !strncmp(line, "GL CORE >=", 10)) {
         /* the API version: our evaluator has no API limits; a
          * compatibility context changes what GLSL 1.40 declares */
         t->compat |= !strncmp(line, "GL COMPAT >=", 12);
      } else if (sscanf(line, "SIZE %d %d", &w, &h) == 2) {
         if (w <= 0 || h <= 0 || w > 4096 || h > 4096) {
            *why = "bad SIZE";
            return false;
         }
         t->width = w;
         t->height = h;
      } else if (!strncmp(line, "GL_MAX_", 7) ||
                 !strncmp(line, "INT GL_MAX_", 11)) {
         if (t->num_limits >= 8) {
            *why = "too many limits in [require]";
            return false;
         }
         char *name = line + (*line == 'I' ? 4 : 0);
         char *end = name + strcspn(name, " \t");
         char *op = end + strspn(end, " \t");
         if (strncmp(op, ">=", 2)) {
            *why = "a limit not compared with >=";
            return false;
         }
         struct shader_test_limit *lim = &t->limits[t->num_limits++];
         lim->min = atoi(op + 2);
         *end = 0;
         lim->name = name;
      } else if (!strncmp(line, "GL_", 3) || !strncmp(line, "!GL_", 4)) {
         if (*line == '!')
            continue; /* "must not have": we have few */
         line[strcspn(line, " \t")] = 0;
         if (t->num_required_ext < 8)
            t->required_ext[t->num_required_ext++] = line;
      } else if (!strcmp(line, "SSO ENABLED")) {
         t->sso = true;
      } else if (!strncmp(line, "rlimit", 6) ||
                 !strcmp(line, "depthbuffer") || strstr(line, "fbo")) {
         /* the address-space limit; window-system buffers */
      } else if (!t->unknown_require) {
         t->unknown_require = line;
      }
   }
   return true;
}

static void
assign_section(struct shader_test *t, char *name, char *body,
               char **require)
{
   if (!strcmp(name, "[require]"))
      *require = body;
   else if (!strcmp(name, "[vertex shader]") && t->num_vs < 4)
      t->vs[t->num_vs++] = body;
   else if (!strcmp(name, "[vertex shader passthrough]"))
      t->vs_passthrough = true;
   else if (!strcmp(name, "[fragment shader]") && t->num_fs < 4)
      t->fs[t->num_fs++] = body;
   else if (!strcmp(name, "[geometry shader]") && t->num_gs < 4)
      t->gs[t->num_gs++] = body;
   else if (!strcmp(name, "[tessellation control shader]") && t->num_tcs < 4)
      t->tcs[t->num_tcs++] = body;
   else if (!strcmp(name, "[tessellation evaluation shader]") &&
            t->num_tes < 4)
      t->tes[t->num_tes++] = body;
   else if (!strcmp(name, "[compute shader]") && t->num_cs < 4)
      t->cs[t->num_cs++] = body;
   else if (!strcmp(name, "[vertex data]"))
      t->vertex_data = body;
   else if (!strcmp(name, "[test]"))
      t->test = body;
   else if (!t->unsupported_section)
      t->unsupported_section = name;
}

bool
shader_test_parse(char *text, struct shader_test *t, const char **why)
{
   memset(t, 0, sizeof(*t));
   t->width = 250;  /* piglit's default window */
   t->height = 250;
   t->glsl_version = 110;
   char *require = NULL;
   char *name = NULL, *body = NULL;

   /* A section header is a line starting with '['; its body runs to the
    * next header.  Bodies are cut by ending the line before a header. */
   for (char *line = text; line && *line;) {
      char *nl = strchr(line, '\n');
      if (line[0] == '[') {
         if (line != text)
            line[-1] = 0;
         if (name)
            assign_section(t, name, body, &require);
         char *close = strchr(line, ']');
         if (!close || (nl && close > nl)) {
            *why = "malformed section header";
            return false;
         }
         name = line;
         body = nl ? nl + 1 : close + 1;
         close[1] = 0;
      }
      line = nl ? nl + 1 : NULL;
   }
   if (name)
      assign_section(t, name, body, &require);
   if (require && !parse_require(require, t, why))
      return false;
   return true;
}
