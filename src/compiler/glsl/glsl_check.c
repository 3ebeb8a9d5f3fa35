/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The semantic checker's entry point: walks the translation unit (blocks
 * to glsl_check_block.c, everything else to glsl_check_decl.c), then
 * applies the rules about the whole shader (static recursion, which
 * fragment outputs are written).  glsl_check_priv.h lists where each rule
 * family lives.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "glsl_check_priv.h"
#include "util/ralloc.h"

void
glsl_check(struct glsl_parse_state *st)
{
   struct check c = { .st = st, .mem = st->mem, .gs_max_vertices = -1 };
   c.tmp = ralloc_context(NULL);
   if (!c.tmp) {
      glsl_log_error(&st->log, 1, 1, "out of memory");
      return;
   }
   c.builtin_types = hash_table_create_string_keys(c.tmp);
   c.builtin_vars = hash_table_create_string_keys(c.tmp);
   c.block_names = hash_table_create_string_keys(c.tmp);
   check_push_scope(&c);
   c.global = c.scope;
   if (!st->es || st->stage != MESA_SHADER_FRAGMENT)
      c.scope->float_precision = true;

   for (struct ast_node *n = st->unit.head; n; n = n->next) {
      if (n->kind == AST_BLOCK)
         check_block(&c, n);
      else
         check_declaration(&c, n, true);
   }
   check_recursion(&c);
   check_geom_record_layout(&c);

   if (st->stage == MESA_SHADER_FRAGMENT) {
      struct hash_entry *depth = hash_table_search(c.builtin_vars,
                                                   "gl_FragDepth");
      st->fs.depth_written =
         depth && ((struct check_var *)depth->data)->written;
      struct hash_entry *fc = hash_table_search(c.builtin_vars,
                                                "gl_FragColor");
      struct hash_entry *fd = hash_table_search(c.builtin_vars,
                                                "gl_FragData");
      bool color = fc && ((struct check_var *)fc->data)->written;
      bool data = fd && ((struct check_var *)fd->data)->written;
      /* EXT_blend_func_extended (GLSL ES 1.00 7.2): the secondary
       * outputs join the set of their primary one; a shader writes
       * gl_FragColor and gl_SecondaryFragColorEXT, or gl_FragData and
       * gl_SecondaryFragDataEXT, not both sets. */
      struct hash_entry *sc = hash_table_search(c.builtin_vars,
                                                "gl_SecondaryFragColorEXT");
      struct hash_entry *sd = hash_table_search(c.builtin_vars,
                                                "gl_SecondaryFragDataEXT");
      color |= sc && ((struct check_var *)sc->data)->written;
      data |= sd && ((struct check_var *)sd->data)->written;
      bool user = false;
      hash_table_foreach(c.global->names, e) {
         struct check_sym *sym = e->data;
         if (sym && sym->kind == CHECK_SYM_VAR && !sym->var->builtin &&
             (sym->var->qual & AST_Q_OUT) && sym->var->written)
            user = true;
      }
      if ((color && data) || ((color || data) && user))
         glsl_log_error(&st->log, 1, 1, "a fragment shader may write only "
                        "one of gl_FragColor, gl_FragData and user outputs");
   }
   ralloc_free(c.tmp);
}
