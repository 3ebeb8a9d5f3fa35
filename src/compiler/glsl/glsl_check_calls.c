/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Static recursion check.  GLSL forbids recursion even when it could never
 * happen at run time (GLSL 1.10 6.1: "Recursion is not allowed, not even
 * statically"; ES 1.00 6.1 and later versions say the same), so every call
 * between user functions is an edge of a call graph, and a cycle in that
 * graph, found once the whole unit is checked, is an error.
 */
#include "glsl_check_priv.h"

void
check_note_call(struct check *c, struct glsl_func_sig *callee)
{
   if (c->func) /* else a call in a global initialiser: no caller */
      check_add_call_edge(c, c->func, callee);
}

void
check_add_call_edge(struct check *c, struct glsl_func_sig *caller,
                    struct glsl_func_sig *callee)
{
   if (!caller->callee_set) {
      caller->callee_set = set_create_pointer_keys(c->mem);
      util_dynarray_init(&caller->callees, c->mem);
   }
   if (set_contains(caller->callee_set, callee))
      return;
   set_add(caller->callee_set, callee);
   util_dynarray_append(&caller->callees, struct glsl_func_sig *, callee);
}

struct frame {
   struct glsl_func_sig *sig;
   unsigned next; /* index of the next callee to visit */
};

static unsigned
num_callees(const struct glsl_func_sig *s)
{
   return s->callee_set ?
          util_dynarray_num_elements(&s->callees, struct glsl_func_sig *) : 0;
}

/* Depth-first search without recursion (a hostile shader may chain many
 * thousands of functions). */
static void
visit_from(struct check *c, struct glsl_func_sig *root,
           struct util_dynarray *stack)
{
   util_dynarray_clear(stack);
   root->visit = 1;
   util_dynarray_append(stack, struct frame,
                        ((struct frame) { .sig = root, .next = 0 }));
   while (util_dynarray_num_elements(stack, struct frame)) {
      struct frame *f = util_dynarray_top_ptr(stack, struct frame);
      if (f->next >= num_callees(f->sig)) {
         f->sig->visit = 2;
         (void)util_dynarray_pop(stack, struct frame);
         continue;
      }
      struct glsl_func_sig *callee =
         *util_dynarray_element(&f->sig->callees, struct glsl_func_sig *,
                                f->next++);
      if (callee->visit == 1) {
         if (callee == f->sig)
            glsl_log_error(&c->st->log, callee->line, 1, "function '%s' "
                           "calls itself (recursion is not allowed)",
                           callee->name);
         else
            glsl_log_error(&c->st->log, callee->line, 1, "function '%s' "
                           "is called recursively through '%s' "
                           "(recursion is not allowed)", callee->name,
                           f->sig->name);
      } else if (callee->visit == 0) {
         callee->visit = 1;
         util_dynarray_append(stack, struct frame,
                              ((struct frame) { .sig = callee, .next = 0 }));
      }
   }
}

void
check_recursion(struct check *c)
{
   struct util_dynarray stack;
   util_dynarray_init(&stack, c->mem);
   hash_table_foreach(c->global->names, e) {
      struct glsl_sym *sym = e->data;
      if (!sym || sym->kind != SYM_FUNC)
         continue;
      for (struct glsl_func_sig *s = sym->sigs; s; s = s->next) {
         if (s->visit == 0)
            visit_from(c, s, &stack);
      }
   }
   util_dynarray_fini(&stack);
}
