/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Redeclarations of the built-in gl_PerVertex block across the shaders of
 * one interface (GLSL 4.10 7.1, which clarifies GLSL 1.50's rules; an
 * interface is the boundary between two stages, GLSL 4.10 4.3.7: every
 * output of the first stage's shaders and every input of the second's):
 * the shaders that redeclare the block do so alike, and a shader that uses
 * its members without redeclaring it while another redeclares it is a
 * link error.  Separable programs must redeclare the block to use it.
 */
#include <string.h>

#include "glsl_link_priv.h"
#include "util/hash_table.h"
#include "util/ralloc.h"
#include "util/u_math.h"

static const char *const members[] = {
   "gl_Position", "gl_PointSize", "gl_ClipDistance", "gl_CullDistance",
   "gl_ClipVertex",
};

/* The shader's redeclaration of the block in direction `in`, as
 * "type name;" entries, or NULL. */
static char *
signature(void *mem, const struct glsl_parse_state *st, bool in)
{
   for (struct ast_node *n = st->unit.head; n; n = n->next) {
      if (n->kind != AST_BLOCK || !n->name ||
          strcmp(n->name, "gl_PerVertex") || !n->type ||
          !(n->type->flags & (in ? AST_Q_IN : AST_Q_OUT)))
         continue;
      char *sig = ralloc_strdup(mem, "");
      for (struct ast_node *m = n->list.head; m; m = m->next) {
         for (struct ast_node *d = m->list.head; d; d = d->next) {
            const struct glsl_type *t = d->vtype ? d->vtype
                                        : m->type ? m->type->builtin
                                                  : NULL;
            ralloc_asprintf_append(&sig, "%s %s;",
                                   t ? glsl_type_name(mem, t) : "?",
                                   d->name ? d->name : "?");
         }
      }
      return sig;
   }
   return NULL;
}

static bool
is_member(const char *name)
{
   for (unsigned i = 0; i < ARRAY_SIZE(members); i++) {
      if (!strcmp(members[i], name))
         return true;
   }
   return false;
}

/* Whether code under n names the block's members (in: gl_in[]). */
static bool
uses(const struct ast_node *n, bool in, struct hash_table *seen, int depth)
{
   if (!n || depth > 1000 || hash_table_search(seen, n))
      return false;
   hash_table_insert(seen, n, NULL);
   if (n->kind == AST_IDENT && n->name &&
       (in ? !strcmp(n->name, "gl_in") : is_member(n->name)))
      return true;
   struct ast_node *kids[4];
   ast_kids(n, kids);
   for (unsigned i = 0; i < 4; i++) {
      if (uses(kids[i], in, seen, depth + 1))
         return true;
   }
   for (const struct ast_node *k = ast_items(n); k; k = k->next) {
      if (uses(k, in, seen, depth + 1))
         return true;
   }
   return false;
}

static bool
shader_uses(void *mem, const struct glsl_parse_state *st, bool in)
{
   struct hash_table *seen = hash_table_create_pointer_keys(mem);
   for (struct ast_node *n = st->unit.head; n; n = n->next) {
      if (n->kind == AST_FUNCTION && uses(n, in, seen, 0))
         return true;
   }
   return false;
}

struct iface {
   const char *sig;        /* the first redeclaration seen */
   bool used_bare;         /* a shader uses members without one */
   bool failed;
};

static void
add_shader(struct link *l, void *mem, struct iface *f,
           const struct glsl_parse_state *st, bool in)
{
   char *sig = signature(mem, st, in);
   if (sig) {
      if (f->sig && strcmp(f->sig, sig) && !f->failed) {
         link_error(l, "gl_PerVertex is redeclared differently by shaders "
                    "of one interface (GLSL 4.10 7.1)");
         f->failed = true;
      }
      if (!f->sig)
         f->sig = sig;
   } else if (shader_uses(mem, st, in)) {
      f->used_bare = true;
   }
}

static void
finish(struct link *l, struct iface *f)
{
   if (!f->failed && f->sig && f->used_bare)
      link_error(l, "a shader uses gl_PerVertex members without the "
                 "redeclaration of gl_PerVertex another shader of the "
                 "interface has (GLSL 4.10 7.1)");
}

/* Whether a shader of the stage redeclares the block (`in`: gl_in[]),
 * and whether one uses its members without a redeclaration. */
static void
stage_block(void *mem, struct glsl_parse_state *const *shaders, unsigned n,
            bool in, bool *redeclared, bool *used_bare)
{
   *redeclared = *used_bare = false;
   for (unsigned i = 0; i < n; i++) {
      if (signature(mem, shaders[i], in))
         *redeclared = true;
      else if (shader_uses(mem, shaders[i], in))
         *used_bare = true;
   }
}

/* GL 4.6 section 7.4 (ARB_separate_shader_objects): a separable program
 * uses the built-in gl_PerVertex members only through a redeclaration of
 * the block.  As in Mesa, the reference (alexvorxx/Mesa-VirGL
 * src/compiler/glsl/link_interface_blocks.cpp), this is checked on each
 * pair of consecutive stages of desktop GLSL 1.50 and later programs
 * (issue 28 of the extension exempts older GLSL, which has no blocks):
 * when the producing stage does not redeclare its output block, neither
 * it nor the consuming stage may use that block's members without
 * redeclaring.  A program of one stage is not checked. */
static void
separable_per_vertex(struct link *l, void *mem,
                     struct glsl_parse_state **const *by_stage,
                     const unsigned *count)
{
   static const gl_shader_stage order[] = {
      MESA_SHADER_VERTEX, MESA_SHADER_GEOMETRY, MESA_SHADER_FRAGMENT,
   };
   int prev = -1;
   for (unsigned k = 0; k < ARRAY_SIZE(order) && !l->failed; k++) {
      gl_shader_stage s = order[k];
      if (!count[s])
         continue;
      if (prev >= 0) {
         bool out_redeclared, out_bare, in_redeclared, in_bare;
         stage_block(mem, by_stage[prev], count[prev], false,
                     &out_redeclared, &out_bare);
         stage_block(mem, by_stage[s], count[s], true, &in_redeclared,
                     &in_bare);
         bool in_block = s == MESA_SHADER_GEOMETRY;
         if (!out_redeclared && (out_bare || (in_block && in_bare))) {
            link_error(l, "a separable program uses the gl_PerVertex "
                       "members of the %s shader's %s without redeclaring "
                       "gl_PerVertex (GL 4.6 7.4)",
                       gl_shader_stage_name(out_bare ? prev : s),
                       out_bare ? "outputs" : "inputs");
         }
      }
      prev = s;
   }
}

void
link_per_vertex(struct link *l, struct glsl_parse_state **const *by_stage,
                const unsigned *count)
{
   if (l->es || l->version < 150)
      return;
   void *mem = ralloc_context(NULL);
   /* (stage_uniforms: a pipeline's stages merged from several programs,
    * each already linked and checked alone.) */
   if (l->opts && l->opts->separable && !l->opts->stage_uniforms) {
      separable_per_vertex(l, mem, by_stage, count);
      if (l->failed) {
         ralloc_free(mem);
         return;
      }
   }
   const unsigned vs = MESA_SHADER_VERTEX, gs = MESA_SHADER_GEOMETRY;
   /* The vertex outputs meet the geometry inputs (or only each other). */
   struct iface first = { 0 };
   for (unsigned i = 0; i < count[vs]; i++)
      add_shader(l, mem, &first, by_stage[vs][i], false);
   for (unsigned i = 0; i < count[gs]; i++)
      add_shader(l, mem, &first, by_stage[gs][i], true);
   finish(l, &first);
   /* The geometry outputs (the fragment stage has no gl_PerVertex). */
   struct iface second = { 0 };
   for (unsigned i = 0; i < count[gs] && !l->failed; i++)
      add_shader(l, mem, &second, by_stage[gs][i], false);
   if (!l->failed)
      finish(l, &second);
   ralloc_free(mem);
}
