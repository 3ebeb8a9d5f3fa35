/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Compilation state and the front-end pipeline: preprocess (glcpp), parse,
 * check.  Holds the #version and #extension rules.
 */
#include <stdint.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "glsl_state.h"
#include "util/hash_table.h"
#include "util/ralloc.h"

/* A large shader has hundreds of thousands of AST nodes: one ralloc block
 * each would add a header and a malloc chunk to every one. */
#define GLSL_AST_CHUNK_B (64 * 1024)

/* Once a shader's tree has taken this much, further chunks are 2 MiB huge
 * pages (transparent huge pages are in madvise mode here).  The link reads
 * the whole tree again to translate it, and a 40,000-statement shader's
 * 28 MiB of nodes span 7,000 4 KiB pages, far more than the TLB holds; in
 * a virtual machine every TLB miss is a two-dimensional page walk.  NIR's
 * instruction memory does the same (nir_instr_mem.c). */
#define GLSL_AST_HUGE_AFTER_B (2 * 1024 * 1024)
#define GLSL_AST_HUGE_B (2 * 1024 * 1024)

#if defined(__linux__) && defined(MADV_HUGEPAGE)
static void
unmap_huge_chunk(void *holder)
{
   munmap(*(void **)holder, GLSL_AST_HUGE_B);
}

/* A zeroed, 2 MiB-aligned chunk of GLSL_AST_HUGE_B bytes freed with the
 * state, or NULL (then a small chunk will do). */
static char *
huge_chunk(struct glsl_parse_state *st)
{
   size_t span = 2 * GLSL_AST_HUGE_B;
   char *raw = mmap(NULL, span, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
   if (raw == MAP_FAILED)
      return NULL;
   char *p = (char *)(((uintptr_t)raw + GLSL_AST_HUGE_B - 1) &
                      ~(uintptr_t)(GLSL_AST_HUGE_B - 1));
   if (p > raw)
      munmap(raw, p - raw);
   if (raw + span > p + GLSL_AST_HUGE_B)
      munmap(p + GLSL_AST_HUGE_B, raw + span - (p + GLSL_AST_HUGE_B));
   void **holder = ralloc(st->mem, void *);
   if (!holder) {
      munmap(p, GLSL_AST_HUGE_B);
      return NULL;
   }
   *holder = p;
   ralloc_set_destructor(holder, unmap_huge_chunk);
   /* advice only: on small pages the chunk works as well */
   madvise(p, GLSL_AST_HUGE_B, MADV_HUGEPAGE);
   return p;
}
#else
static char *
huge_chunk(struct glsl_parse_state *st)
{
   (void)st;
   return NULL;
}
#endif

void *
glsl_ast_alloc(struct glsl_parse_state *st, size_t size)
{
   size = (size + 7) & ~(size_t)7;
   if (size > GLSL_AST_CHUNK_B / 8)
      return rzalloc_size(st->mem, size);
   if (size > st->ast_chunk_left) {
      size_t chunk_B = GLSL_AST_HUGE_B;
      char *c = st->ast_chunks_B >= GLSL_AST_HUGE_AFTER_B ? huge_chunk(st)
                                                          : NULL;
      if (!c) {
         chunk_B = GLSL_AST_CHUNK_B;
         c = rzalloc_size(st->mem, chunk_B);
      }
      if (!c)
         return NULL;
      st->ast_chunk = c;
      st->ast_chunk_left = chunk_B;
      st->ast_chunks_B += chunk_B;
   }
   void *p = st->ast_chunk;
   st->ast_chunk += size;
   st->ast_chunk_left -= size;
   return p;
}

char *
glsl_ast_strdup(struct glsl_parse_state *st, const char *s)
{
   size_t n = strlen(s) + 1;
   char *d = glsl_ast_alloc(st, n);
   if (d)
      memcpy(d, s, n);
   return d;
}

/* The overlapping fields of ast.h keep a node at 88 bytes on 64-bit
 * hosts; a field added outside the unions shows up here. */
_Static_assert(sizeof(void *) != 8 || sizeof(struct ast_node) <= 88,
               "struct ast_node grew");
_Static_assert(sizeof(void *) != 8 || sizeof(struct ast_type) <= 80,
               "struct ast_type grew");

struct ast_node *
ast_new(struct glsl_parse_state *st, enum ast_kind kind, int line, int col)
{
   struct ast_node *n = glsl_ast_alloc(st, sizeof(*n));
   n->kind = kind;
   n->line = line;
   n->col = col;
   return n;
}

void
ast_list_append(struct ast_list *l, struct ast_node *n)
{
   n->next = NULL;
   if (l->tail)
      l->tail->next = n;
   else
      l->head = n;
   l->tail = n;
   l->count++;
}

struct ast_list *
ast_list_keep(struct glsl_parse_state *st, const struct ast_list *l)
{
   struct ast_list *k = glsl_ast_alloc(st, sizeof(*k));
   if (k)
      *k = *l;
   return k;
}

struct ast_type *
ast_type_new(struct glsl_parse_state *st, int line, int col)
{
   struct ast_type *t = glsl_ast_alloc(st, sizeof(*t));
   t->line = line;
   t->col = col;
   t->spec_line = line;
   t->spec_col = col;
   return t;
}

bool
glsl_ext_enabled(const struct glsl_parse_state *st, const char *name)
{
   int i = glsl_extension_index(name);
   return i >= 0 && st->ext_enabled[i];
}

bool
glsl_builtin_type_available(const struct glsl_parse_state *st,
                            const struct glsl_builtin_type_info *info)
{
   if (glsl_is_version(st, info->min_version, info->min_es_version))
      return true;
   return (info->extension && glsl_ext_enabled(st, info->extension)) ||
          (info->extension2 && glsl_ext_enabled(st, info->extension2)) ||
          (info->extension3 && glsl_ext_enabled(st, info->extension3));
}

static void
struct_name_push(struct glsl_parse_state *st, const char *name, bool hidden)
{
   if (st->num_struct_names == st->cap_struct_names) {
      unsigned cap = st->cap_struct_names ? st->cap_struct_names * 2 : 16;
      struct glsl_struct_name *n =
         reralloc(st->mem, st->struct_names, struct glsl_struct_name, cap);
      if (!n)
         return;
      st->struct_names = n;
      st->cap_struct_names = cap;
   }
   if (!st->struct_name_top) {
      st->struct_name_top = hash_table_create_string_keys(st->mem);
      if (!st->struct_name_top)
         return;
   }
   uintptr_t top = (uintptr_t)hash_table_search_data(st->struct_name_top,
                                                     name);
   unsigned i = st->num_struct_names++;
   st->struct_names[i] = (struct glsl_struct_name){
      .name = name, .depth = st->brace_depth, .hidden = hidden,
      .prev = (int)top - 1,
   };
   hash_table_insert(st->struct_name_top, name, (void *)(uintptr_t)(i + 1));
}

void
glsl_struct_name_add(struct glsl_parse_state *st, const char *name)
{
   struct_name_push(st, name, false);
}

void
glsl_struct_name_hide(struct glsl_parse_state *st, const char *name)
{
   struct_name_push(st, name, true);
}

struct glsl_struct_name *
glsl_struct_name_find(struct glsl_parse_state *st, const char *name)
{
   if (!st->struct_name_top)
      return NULL;
   uintptr_t top = (uintptr_t)hash_table_search_data(st->struct_name_top,
                                                     name);
   if (!top)
      return NULL;
   struct glsl_struct_name *n = &st->struct_names[top - 1];
   return n->hidden ? NULL : n;
}

void
glsl_struct_scope_pop(struct glsl_parse_state *st)
{
   st->brace_depth--;
   while (st->num_struct_names &&
          st->struct_names[st->num_struct_names - 1].depth > st->brace_depth) {
      const struct glsl_struct_name *n =
         &st->struct_names[--st->num_struct_names];
      if (n->prev >= 0)
         hash_table_insert(st->struct_name_top, n->name,
                           (void *)(uintptr_t)(n->prev + 1));
      else
         hash_table_remove_key(st->struct_name_top, n->name);
   }
}

/* ---- glcpp hooks ------------------------------------------------------ */

static bool
known_version(int version, bool es)
{
   static const int desktop[] = { 110, 120, 130, 140, 150, 330, 400, 410,
                                  420, 430, 440, 450, 460 };
   static const int es_versions[] = { 100, 300, 310, 320 };
   const int *list = es ? es_versions : desktop;
   unsigned n = es ? 4 : sizeof(desktop) / sizeof(desktop[0]);
   for (unsigned i = 0; i < n; i++) {
      if (list[i] == version)
         return true;
   }
   return false;
}

static bool
hook_version(void *data, bool explicit_directive, int *version,
             const char *profile, int line, int col, bool *es, bool *compat)
{
   struct glsl_parse_state *st = data;
   bool ok = true;

   if (!explicit_directive) {
      st->version = st->opts->default_version ? st->opts->default_version
                                              : 110;
      st->es = st->opts->default_es;
   } else {
      st->explicit_version = true;
      st->version = *version;
      st->es = *version == 100 || !strcmp(profile, "es");
      if (*profile && strcmp(profile, "es") && strcmp(profile, "core") &&
          strcmp(profile, "compatibility")) {
         glsl_log_error(&st->log, line, col, "unknown profile '%s' in "
                        "#version", profile);
         ok = false;
      } else if (!strcmp(profile, "es") && *version == 100) {
         glsl_log_error(&st->log, line, col,
                        "GLSL ES 1.00 takes no profile in #version");
         ok = false;
      } else if (*version >= 300 && *version <= 320 && strcmp(profile, "es")) {
         glsl_log_error(&st->log, line, col,
                        "#version %d needs the 'es' profile", *version);
         ok = false;
      } else if (*profile && strcmp(profile, "es") && *version < 150) {
         glsl_log_error(&st->log, line, col,
                        "profiles in #version need GLSL 1.50");
         ok = false;
      } else if (!known_version(*version, st->es)) {
         glsl_log_error(&st->log, line, col,
                        "GLSL%s %d is not supported (1.10-1.50, 3.30-4.60, "
                        "ES 1.00, 3.00, 3.10, 3.20)", st->es ? " ES" : "",
                        *version);
         ok = false;
      }
      st->compat = !strcmp(profile, "compatibility");
      if (!ok) {
         st->version = st->es ? 300 : 110;
      }
   }
   /* GLSL before 1.40 has no profiles: everything is "compatibility". */
   if (!st->es && st->version < 140)
      st->compat = true;
   /* and GLSL 1.40 in a compatibility context */
   if (!st->es && st->version == 140 && st->opts->compat_context)
      st->compat = true;
   *version = st->version;
   *es = st->es;
   *compat = st->compat;

   /* Built-in structure type names the lexer must see as types. */
   static const char *const structs[] = {
      "gl_PointParameters", "gl_MaterialParameters",
      "gl_LightSourceParameters", "gl_LightModelParameters",
      "gl_LightModelProducts", "gl_LightProducts", "gl_FogParameters",
   };
   glsl_struct_name_add(st, "gl_DepthRangeParameters");
   if (st->compat && !st->es) {
      for (unsigned i = 0; i < sizeof(structs) / sizeof(structs[0]); i++)
         glsl_struct_name_add(st, structs[i]);
   }

   /* Implied extensions: --extension arguments are on from the start. */
   for (unsigned i = 0; i < st->opts->num_extra_extensions; i++) {
      int e = glsl_extension_index(st->opts->extra_extensions[i]);
      if (e >= 0)
         st->ext_enabled[e] = true;
   }
   return ok;
}

static bool
extension_available(const struct glsl_parse_state *st, int i)
{
   const struct glsl_extension_info *e = &glsl_extensions[i];
   if (!st->ext_exposed[i])
      return false;
   return st->es ? e->es && st->version >= e->min_es_version
                 : e->desktop && st->version >= e->min_version;
}

static void
hook_extension_macros(void *data, void *pp,
                      void (*define)(void *pp, const char *name))
{
   struct glsl_parse_state *st = data;
   for (unsigned i = 0; i < glsl_num_extensions; i++) {
      if (extension_available(st, i))
         define(pp, glsl_extensions[i].name);
   }
}

static bool
hook_extension(void *data, const char *name, enum glcpp_ext_behavior b,
               int line, int col)
{
   struct glsl_parse_state *st = data;
   const char *bname[] = { "require", "enable", "warn", "disable" };

   if (!strcmp(name, "all")) {
      if (b == GLCPP_EXT_REQUIRE || b == GLCPP_EXT_ENABLE) {
         glsl_log_error(&st->log, line, col,
                        "#extension all : %s is not allowed", bname[b]);
         return false;
      }
      for (unsigned i = 0; i < glsl_num_extensions; i++) {
         st->ext_enabled[i] = b == GLCPP_EXT_WARN &&
                              extension_available(st, i);
         st->ext_warn[i] = b == GLCPP_EXT_WARN;
      }
      return true;
   }

   int i = glsl_extension_index(name);
   if (i < 0 || !extension_available(st, i)) {
      if (b == GLCPP_EXT_REQUIRE) {
         glsl_log_error(&st->log, line, col,
                        "extension %s is not supported", name);
         return false;
      }
      glsl_log_warning(&st->log, line, col,
                       "extension %s is not supported", name);
      return true;
   }
   st->ext_enabled[i] = b != GLCPP_EXT_DISABLE;
   st->ext_warn[i] = b == GLCPP_EXT_WARN;
   return true;
}

static void
hook_pragma(void *data, const char *text, int line)
{
   struct glsl_parse_state *st = data;
   if (!strcmp(text, "STDGL invariant ( all )")) {
      st->pragma_invariant_all = true;
      /* GLSL ES 3.00: fragment shaders cannot use invariant(all). */
      if (st->es && st->version >= 300 &&
          st->stage == MESA_SHADER_FRAGMENT)
         glsl_log_error(&st->log, line, 1, "#pragma STDGL invariant(all) "
                        "is not allowed in fragment shaders");
   }
}

struct glsl_parse_state *
glsl_compile_shader(void *mem_ctx, const char *src, size_t len,
                    const struct glsl_compile_options *opts)
{
   struct glsl_parse_state *st = rzalloc(mem_ctx, struct glsl_parse_state);
   if (!st)
      return NULL;
   st->mem = st;
   st->opts = opts;
   st->stage = opts->stage;
   glsl_log_init(&st->log, st);
   st->ext_enabled = rzalloc_array(st, bool, glsl_num_extensions);
   st->ext_warn = rzalloc_array(st, bool, glsl_num_extensions);
   st->ext_exposed = rzalloc_array(st, bool, glsl_num_extensions);
   if (!st->ext_enabled || !st->ext_warn || !st->ext_exposed)
      return NULL;
   for (unsigned i = 0; i < glsl_num_extensions; i++) {
      st->ext_exposed[i] =
         !opts->has_extension ||
         opts->has_extension(opts->has_extension_data,
                             glsl_extensions[i].name);
   }

   const struct glcpp_hooks hooks = {
      .data = st,
      .version = hook_version,
      .extension_macros = hook_extension_macros,
      .extension = hook_extension,
      .pragma = hook_pragma,
   };
   char *text = glcpp_preprocess(st, src, len, &st->log, &hooks);
   st->pp_text = text;
   if (!text || st->log.errors || opts->preprocess_only)
      return st;
   bool parsed = glsl_parse(st, text);
   /* The tree holds copies of what it needs (identifiers are copied by
    * the lexer): the preprocessed text, as large as the shader, is not
    * kept for the shader's lifetime (a linked program keeps its
    * shaders). */
   ralloc_free(text);
   st->pp_text = NULL;
   if (!parsed || st->log.errors || opts->parse_only)
      return st;
   glsl_check(st);
   return st;
}
