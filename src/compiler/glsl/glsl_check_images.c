/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Image and memory-qualifier rules (GLSL 4.20+ sections 4.4.6.2 "Format
 * Layout Qualifiers" and 4.10 "Memory Qualifiers", GLSL ES 3.10 the same
 * sections, ARB_shader_image_load_store, OES_shader_image_atomic).
 *
 * Declarations: memory qualifiers only on images (buffer blocks are
 * checked with the block), format qualifiers only on images and of the
 * image's base type, a format required unless the image is writeonly.
 * Calls: readonly images are never stored to or atomically modified,
 * writeonly images never loaded or atomically used, and an image argument
 * keeps its memory qualifiers across user function calls.  The overloads
 * themselves (coordinate and data types per image type) are table rows in
 * glsl_builtins.py.
 */
#include <string.h>
#include <strings.h>

#include "glsl_check_priv.h"

/* GLSL 4.20 section 4.4.6.2 lists the formats by base type; GLSL ES 3.10
 * section 4.4.7 keeps the subset marked es; GL_NV_image_formats gives
 * ES shaders the others but the 16-bit normalized ones, which it ties
 * to GL_EXT_texture_norm16 (piglit's nv_image_formats compiler tests
 * declaration-disallow-*16*). */
static const struct {
   const char *name;
   enum glsl_base_type base;
   bool es;
   bool norm16; /* 16-bit unorm/snorm: GL_NV_image_formats offers them
                 * only with GL_EXT_texture_norm16, which we lack */
} image_formats[] = {
   { "rgba32f", GLSL_TYPE_FLOAT, true },
   { "rgba16f", GLSL_TYPE_FLOAT, true },
   { "rg32f", GLSL_TYPE_FLOAT, false },
   { "rg16f", GLSL_TYPE_FLOAT, false },
   { "r11f_g11f_b10f", GLSL_TYPE_FLOAT, false },
   { "r32f", GLSL_TYPE_FLOAT, true },
   { "r16f", GLSL_TYPE_FLOAT, false },
   { "rgba16", GLSL_TYPE_FLOAT, false, true },
   { "rgb10_a2", GLSL_TYPE_FLOAT, false },
   { "rgba8", GLSL_TYPE_FLOAT, true },
   { "rg16", GLSL_TYPE_FLOAT, false, true },
   { "rg8", GLSL_TYPE_FLOAT, false },
   { "r16", GLSL_TYPE_FLOAT, false, true },
   { "r8", GLSL_TYPE_FLOAT, false },
   { "rgba16_snorm", GLSL_TYPE_FLOAT, false, true },
   { "rgba8_snorm", GLSL_TYPE_FLOAT, true },
   { "rg16_snorm", GLSL_TYPE_FLOAT, false, true },
   { "rg8_snorm", GLSL_TYPE_FLOAT, false },
   { "r16_snorm", GLSL_TYPE_FLOAT, false, true },
   { "r8_snorm", GLSL_TYPE_FLOAT, false },
   { "rgba32i", GLSL_TYPE_INT, true },
   { "rgba16i", GLSL_TYPE_INT, true },
   { "rgba8i", GLSL_TYPE_INT, true },
   { "rg32i", GLSL_TYPE_INT, false },
   { "rg16i", GLSL_TYPE_INT, false },
   { "rg8i", GLSL_TYPE_INT, false },
   { "r32i", GLSL_TYPE_INT, true },
   { "r16i", GLSL_TYPE_INT, false },
   { "r8i", GLSL_TYPE_INT, false },
   { "rgba32ui", GLSL_TYPE_UINT, true },
   { "rgba16ui", GLSL_TYPE_UINT, true },
   { "rgb10_a2ui", GLSL_TYPE_UINT, false },
   { "rgba8ui", GLSL_TYPE_UINT, true },
   { "rg32ui", GLSL_TYPE_UINT, false },
   { "rg16ui", GLSL_TYPE_UINT, false },
   { "rg8ui", GLSL_TYPE_UINT, false },
   { "r32ui", GLSL_TYPE_UINT, true },
   { "r16ui", GLSL_TYPE_UINT, false },
   { "r8ui", GLSL_TYPE_UINT, false },
};

static int
format_index(const char *name)
{
   for (unsigned i = 0; i < ARRAY_SIZE(image_formats); i++) {
      if (!strcmp(image_formats[i].name, name))
         return (int)i;
   }
   return -1;
}

bool
check_is_image_format(const char *name)
{
   return format_index(name) >= 0;
}

static const char *
memory_qual_names(void *mem, unsigned q)
{
   static const struct {
      unsigned bit;
      const char *name;
   } names[] = {
      { AST_Q_COHERENT, "coherent" }, { AST_Q_VOLATILE, "volatile" },
      { AST_Q_RESTRICT, "restrict" }, { AST_Q_READONLY, "readonly" },
      { AST_Q_WRITEONLY, "writeonly" },
   };
   char *s = ralloc_strdup(mem, "");
   for (unsigned i = 0; i < ARRAY_SIZE(names); i++) {
      if (q & names[i].bit)
         ralloc_asprintf_append(&s, "%s%s", *s ? " " : "", names[i].name);
   }
   return s;
}

int
check_image_declaration(struct check *c, struct ast_node *d,
                        const struct ast_type *at, unsigned q,
                        const struct glsl_type *t)
{
   const struct glsl_type *e = glsl_without_array(t);
   if (type_is_error(e))
      return -1;
   bool image = e->base_type == GLSL_TYPE_IMAGE;

   /* GLSL 4.30 section 4.3.7: buffer variables live in blocks only. */
   if (q & AST_Q_BUFFER) {
      check_error(c, d, "buffer variable '%s' must be declared inside a "
                  "buffer block", d->name);
      return -1;
   }
   /* GLSL 4.20 section 4.10: memory qualifiers qualify images (and
    * buffer variables, which only exist in blocks). */
   if ((q & AST_Q_MEMORY) && !image) {
      check_error(c, d, "memory qualifier '%s' applies only to image "
                  "variables and buffer blocks",
                  memory_qual_names(c->mem, q & AST_Q_MEMORY));
      return -1;
   }

   int format = -1;
   for (const struct ast_layout_id *l = at->layout; l; l = l->next) {
      /* Section 4.4.1.3: early_fragment_tests only on "layout() in;". */
      if (!strcmp(l->name, "early_fragment_tests")) {
         check_error(c, d, "early_fragment_tests is only allowed on "
                     "'layout(early_fragment_tests) in;'");
         return -1;
      }
      int f = format_index(l->name);
      if (f < 0)
         continue;
      if (!image) {
         check_error(c, d, "format layout qualifier '%s' applies only to "
                     "image variables", l->name);
         return -1;
      }
      if (format >= 0) {
         check_error(c, d, "image '%s' has more than one format layout "
                     "qualifier", d->name);
         return -1;
      }
      if (c->st->es && !image_formats[f].es &&
          (image_formats[f].norm16 ||
           !glsl_ext_enabled(c->st, "GL_NV_image_formats"))) {
         check_error(c, d, "format '%s' is not available in GLSL ES (%s)",
                     l->name, image_formats[f].norm16
                                 ? "GL_NV_image_formats adds it only with "
                                   "GL_EXT_texture_norm16, not supported"
                                 : "GL_NV_image_formats adds it");
         return -1;
      }
      format = f;
   }
   if (!image)
      return -1;
   /* Section 4.4.6.2: the format's component type is the image's. */
   if (format >= 0 && image_formats[format].base != e->sampled_type) {
      check_error(c, d, "format '%s' does not match the type of image "
                  "'%s'", image_formats[format].name, d->name);
      return -1;
   }
   /* ARB_shader_image_load_store and GLSL ES 3.10 section 4.4.7: only
    * writeonly images may omit the format. */
   if (format < 0 && (q & AST_Q_UNIFORM) && !(q & AST_Q_WRITEONLY)) {
      check_error(c, d, "image '%s' needs a format layout qualifier unless "
                  "it is writeonly", d->name);
      return -1;
   }
   /* GLSL ES 3.10 section 4.10: only r32f, r32i and r32ui images may be
    * both read and written. */
   if (c->st->es && format >= 0 &&
       !(q & (AST_Q_READONLY | AST_Q_WRITEONLY))) {
      const char *f = image_formats[format].name;
      if (strcmp(f, "r32f") && strcmp(f, "r32i") && strcmp(f, "r32ui")) {
         check_error(c, d, "image '%s' of format %s must be readonly or "
                     "writeonly in GLSL ES", d->name, f);
         return -1;
      }
   }
   return format;
}

void
check_early_fragment_tests(struct check *c, struct ast_node *n)
{
   for (const struct ast_layout_id *l = n->type->layout; l; l = l->next) {
      if (strcmp(l->name, "early_fragment_tests"))
         continue;
      /* GLSL 4.20 section 4.4.1.3 (ES 3.10 section 4.4.1.3): fragment
       * shader "layout(early_fragment_tests) in;" only. */
      unsigned storage = n->type->flags & AST_Q_STORAGE;
      if (c->st->stage != MESA_SHADER_FRAGMENT || storage != AST_Q_IN) {
         check_error(c, n, "early_fragment_tests is only allowed on "
                     "'layout(early_fragment_tests) in;' in fragment "
                     "shaders");
         return;
      }
      if (!glsl_is_version(c->st, 420, 310) &&
          !glsl_ext_enabled(c->st, "GL_ARB_shader_image_load_store")) {
         check_error(c, n, "early_fragment_tests needs GLSL 4.20, GLSL ES "
                     "3.10 or GL_ARB_shader_image_load_store");
         return;
      }
   }
}

void
check_image_param(struct check *c, struct ast_node *p, unsigned q,
                  const struct glsl_type *t)
{
   const struct glsl_type *e = glsl_without_array(t);
   if ((q & AST_Q_MEMORY) && !type_is_error(e) &&
       e->base_type != GLSL_TYPE_IMAGE)
      check_error(c, p, "memory qualifier '%s' applies only to image "
                  "parameters", memory_qual_names(c->mem, q & AST_Q_MEMORY));
}

/* Built-in image functions: what the image must allow. */
static void
image_builtin(struct check *c, struct ast_node *n, const char *name,
              const struct check_var *v)
{
   bool atomic = !strncmp(name, "imageAtomic", 11);
   bool reads = atomic || !strcmp(name, "imageLoad");
   bool writes = atomic || !strcmp(name, "imageStore");
   /* GLSL 4.20 section 4.10: readonly images cannot be written, writeonly
    * ones cannot be read; atomics do both. */
   if (reads && (v->qual & AST_Q_WRITEONLY)) {
      check_error(c, n, "%s() cannot read the writeonly image '%s'", name,
                  v->name);
      return;
   }
   if (writes && (v->qual & AST_Q_READONLY)) {
      check_error(c, n, "%s() cannot write the readonly image '%s'", name,
                  v->name);
      return;
   }
   /* GLSL ES 3.10 section 8.12: atomics need a 32-bit single-channel
    * integer format (r32f also for exchange). */
   if (atomic && c->st->es && v->image_format > 0) {
      const char *f = image_formats[v->image_format - 1].name;
      bool ok = !strcmp(f, "r32i") || !strcmp(f, "r32ui") ||
                (!strcmp(name, "imageAtomicExchange") && !strcmp(f, "r32f"));
      if (!ok)
         check_error(c, n, "%s() needs an image of format r32i or r32ui%s, "
                     "not %s", name, strcmp(name, "imageAtomicExchange") ?
                     "" : " (or r32f)", f);
   }
}

void
check_image_call(struct check *c, struct ast_node *n, const char *name,
                 const struct check_func *user, const struct check_value *args,
                 unsigned nargs)
{
   if (!user) {
      if (nargs && !strncmp(name, "image", 5) && args[0].var &&
          glsl_without_array(args[0].type)->base_type == GLSL_TYPE_IMAGE)
         image_builtin(c, n, name, args[0].var);
      return;
   }
   /* ARB_shader_image_load_store, "Memory Access Qualifiers": a formal
    * parameter may add memory qualifiers but not drop any. */
   for (unsigned i = 0; i < nargs && i < user->nparams; i++) {
      const struct glsl_type *e = glsl_without_array(user->params[i]);
      if (e->base_type != GLSL_TYPE_IMAGE || !args[i].var)
         continue;
      unsigned lost = args[i].var->qual & AST_Q_MEMORY &
                      ~user->param_qual[i];
      if (lost)
         check_error(c, n, "argument %u of %s() is '%s' but the parameter "
                     "is not", i + 1, name,
                     memory_qual_names(c->mem, lost));
   }
}
