/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * AST to NIR: the driver.  Collects the function definitions of every
 * shader of the stage, declares the globals in order (their initializers
 * run first in main), translates main() with calls inlined, and offers
 * the common lowering (glsl_nir_finish).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_program.h"
#include "glsl_to_nir_priv.h"
#include "nir_eval.h"
#include "nir_passes.h"

void
g2n_fail(struct g2n *c, const struct ast_node *n, const char *fmt, ...)
{
   if (c->failed)
      return;
   c->failed = true;
   va_list ap;
   va_start(ap, fmt);
   char *msg = ralloc_vasprintf(c->mem, fmt, ap);
   va_end(ap);
   c->error = ralloc_asprintf(c->mem, "%d:%d: %s", n ? n->line : 0,
                              n ? n->col : 0, msg);
}

void
g2n_push_scope(struct g2n *c)
{
   struct g2n_scope *s = rzalloc(c->mem, struct g2n_scope);
   s->names = hash_table_create_string_keys(s);
   s->up = c->scope;
   c->scope = s;
}

nir_block *
g2n_append_block(struct g2n *c)
{
   const nir_cursor *cur = &c->b.cursor;
   nir_block *blk = nir_cursor_current_block(*cur);
   bool at_end = cur->option == nir_cursor_after_block ||
                 (cur->option == nir_cursor_after_instr &&
                  cur->instr == nir_block_last_instr(blk));
   return at_end ? blk : NULL;
}

void
g2n_pop_scope(struct g2n *c)
{
   c->scope = c->scope->up;
}

void
g2n_declare(struct g2n *c, const char *name, struct g2n_sym *sym)
{
   if (name)
      hash_table_insert(c->scope->names, name, sym);
}

struct g2n_sym *
g2n_lookup(struct g2n *c, const char *name)
{
   for (struct g2n_scope *s = c->scope; s; s = s->up) {
      struct hash_entry *e = hash_table_search(s->names, name);
      if (e)
         return e->data;
   }
   return g2n_builtin_var(c, name);
}

/* Two function nodes with the same parameter types (by type identity:
 * built-in types are shared by every shader). */
static bool
same_signature(const struct ast_node *a, const struct ast_node *b)
{
   const struct ast_node *p = a->list.head, *q = b->list.head;
   for (;;) {
      while (p && (!p->vtype || p->vtype->base_type == GLSL_TYPE_VOID))
         p = p->next;
      while (q && (!q->vtype || q->vtype->base_type == GLSL_TYPE_VOID))
         q = q->next;
      if (!p || !q)
         return !p && !q;
      if (p->vtype != q->vtype)
         return false;
      p = p->next;
      q = q->next;
   }
}

/* GLSL ES 4.5.3: vertex shaders default to highp; fragment shaders
 * have mediump int and no float default. */
static void
initial_precisions(struct g2n *c)
{
   bool vs = c->stage == MESA_SHADER_VERTEX;
   c->default_prec_float = vs ? AST_Q_HIGHP : 0;
   c->default_prec_int = vs ? AST_Q_HIGHP : AST_Q_MEDIUMP;
}

/* A global precision statement n: the default it sets from here on. */
static void
global_precision(struct g2n *c, const struct ast_node *n)
{
   const struct glsl_type *t = n->type->builtin;
   unsigned p = n->type->flags & AST_Q_PRECISION;
   if (t && t->base_type == GLSL_TYPE_FLOAT)
      c->default_prec_float = p;
   else if (t && t->base_type == GLSL_TYPE_INT)
      c->default_prec_int = p;
}

static void
collect_functions(struct g2n *c, struct glsl_parse_state *st)
{
   struct ast_list *unit = &st->unit;
   initial_precisions(c);
   for (struct ast_node *n = unit->head; n; n = n->next) {
      if (n->kind == AST_PRECISION)
         global_precision(c, n);
      if (n->kind != AST_FUNCTION || !n->is_definition)
         continue;
      struct g2n_func *f = rzalloc(c->mem, struct g2n_func);
      f->fn = n;
      f->st = st;
      f->name = n->name;
      f->default_prec_float = c->default_prec_float;
      f->default_prec_int = c->default_prec_int;
      for (struct ast_node *p = n->list.head; p; p = p->next) {
         if (p->vtype && p->vtype->base_type != GLSL_TYPE_VOID)
            f->nparams++;
      }
      struct hash_entry *e = hash_table_search(c->funcs, n->name);
      for (struct g2n_func *g = e ? e->data : NULL; g; g = g->next) {
         if (g->st != st && same_signature(g->fn, n)) {
            /* A function may be defined only once in a program's shaders
             * of one stage (GLSL 4.60 section 6.1): a link error. */
            g2n_fail(c, n, "function %s() is defined in more than one "
                     "shader of the stage", n->name);
            return;
         }
      }
      f->next = e ? e->data : NULL;
      hash_table_insert(c->funcs, n->name, f);
   }
}

/* What the link needs to know of a fragment shader's top-level
 * declarations besides the variables (see declare_globals). */
struct unit_facts {
   int frag_coord_bits;        /* frag_coord_layout_bits(), -1: none */
   bool early_fragment_tests;
   unsigned blend_support;     /* glsl_blend_support_of_decl() */
};

static int frag_coord_layout_bits(const struct ast_node *d);
static bool is_early_fragment_tests(const struct ast_node *d);

/* The shader's global declarations, in order, and in the same walk the
 * facts about them that concern the whole stage: on a shader with tens
 * of thousands of declarations, every walk of the top-level list costs
 * a cache miss per declaration (and the next one waits for it). */
static void
declare_globals(struct g2n *c, struct ast_list *unit, struct unit_facts *f)
{
   initial_precisions(c);
   f->frag_coord_bits = -1;
   f->early_fragment_tests = false;
   f->blend_support = 0;
   bool frag = c->stage == MESA_SHADER_FRAGMENT;
   for (struct ast_node *n = unit->head; n && !c->failed; n = n->next) {
      switch (n->kind) {
      case AST_PRECISION:
         global_precision(c, n);
         break;
      case AST_DECL_LIST:
      case AST_BLOCK:
         if (frag && n->kind == AST_DECL_LIST) {
            int bits = frag_coord_layout_bits(n);
            if (bits >= 0)
               f->frag_coord_bits = bits;
         }
         g2n_global_decl(c, n);
         break;
      case AST_QUALIFIER_ONLY:
         if (frag && is_early_fragment_tests(n))
            f->early_fragment_tests = true;
         if (frag)
            f->blend_support |= glsl_blend_support_of_decl(n);
         if (n->type && (n->type->flags & AST_Q_UNIFORM))
            g2n_ubo_default_layout(c, n);
         else if (n->type && (n->type->flags & AST_Q_BUFFER))
            g2n_ssbo_default_layout(c, n);
         else if (n->type && (n->type->flags & AST_Q_OUT) &&
                  c->stage == MESA_SHADER_GEOMETRY)
            g2n_geom_default_stream(c, n);
         break;
      default:
         break;
      }
   }
}

static void
g2n_init(struct g2n *c, void *mem_ctx, struct glsl_parse_state *st,
         const nir_shader_compiler_options *options)
{
   c->mem = ralloc_context(NULL);
   c->st = st;
   c->stage = st->stage;
   c->shader = nir_shader_create(mem_ctx, c->stage, options);
   nir_function *main_fn = nir_function_create(c->shader, "main");
   main_fn->is_entrypoint = true;
   nir_function_impl *impl = nir_function_impl_create(main_fn);
   c->b = nir_builder_create(impl);
   c->funcs = hash_table_create_string_keys(c->mem);
   c->builtins = hash_table_create_string_keys(c->mem);
   util_dynarray_init(&c->vars, c->mem);
   util_dynarray_init(&c->blocks, c->mem);
   util_dynarray_init(&c->ssbos, c->mem);
   util_dynarray_init(&c->counters, c->mem);
   util_dynarray_init(&c->ssa_log, c->mem);
   g2n_push_scope(c);
   c->global = c->scope;
}

/* Declares the global constants expression e reads (the checker points
 * their identifiers at them, ast_node::sema), each after the constants
 * its own initializer reads, each once (`done`). */
static void
declare_constants_read(struct g2n *c, struct ast_node *e, struct set *done)
{
   if (!e || c->failed)
      return;
   struct ast_node *d = e->kind == AST_IDENT ? e->sema : NULL;
   if (d && d->sema && !set_contains(done, d)) {
      set_add(done, d);
      declare_constants_read(c, d->a, done);
      g2n_global_declarator(c, d->sema, d);
   }
   struct ast_node *kids[4];
   ast_kids(e, kids);
   for (unsigned i = 0; i < 4; i++)
      declare_constants_read(c, kids[i], done);
   for (struct ast_node *k = ast_items(e); k; k = k->next)
      declare_constants_read(c, k, done);
   for (struct ast_node *k = ast_dims_head(e); k; k = k->next)
      declare_constants_read(c, k, done);
}

bool
glsl_nir_eval_initializer(struct glsl_parse_state *st, struct ast_node *init,
                          const struct glsl_type *t, uint32_t *words,
                          unsigned num_words)
{
   void *mem = ralloc_context(NULL);
   struct g2n c;
   memset(&c, 0, sizeof(c));
   g2n_init(&c, mem, st, NULL);
   /* Only what the initializer reads: a link evaluates every uniform's
    * initializer, and declaring all globals for each made it quadratic
    * in the number of initialized uniforms. */
   initial_precisions(&c);
   struct set *done = set_create_pointer_keys(mem);
   declare_constants_read(&c, init, done);
   nir_variable *out = nir_variable_create(c.shader, nir_var_shader_out,
                                           g2n_vtype(&c, t, true), "value");
   out->data.driver_location = 0;
   struct g2n_val v = g2n_initializer(&c, init, t);
   if (!c.failed)
      g2n_store(&c, nir_build_deref_var(&c.b, out), t, v);
   bool ok = !c.failed;
   /* Only constant expressions: nothing read from outside state. */
   nir_foreach_block(block, c.b.impl) {
      nir_foreach_instr(instr, block) {
         if (instr->type == nir_instr_type_deref &&
             nir_instr_as_deref(instr)->deref_type == nir_deref_type_var &&
             nir_instr_as_deref(instr)->var->mode != nir_var_function_temp &&
             nir_instr_as_deref(instr)->var != out)
            ok = false;
         if (instr->type == nir_instr_type_intrinsic &&
             nir_intrinsic_infos[nir_instr_as_intrinsic(instr)->intrinsic]
                .is_sysval)
            ok = false;
      }
   }
   unsigned cells = nir_vtype_count_slots(out->type) * 4;
   if (ok && cells <= num_words) {
      nir_const_value *vals = rzalloc_array(mem, nir_const_value, cells);
      nir_eval_state es;
      ok = nir_eval_run_io(c.shader, NULL, 0, vals, cells, &es);
      for (unsigned i = 0; ok && i < cells; i++)
         words[i] = vals[i].u32;
   } else {
      ok = false;
   }
   ralloc_free(c.mem);
   ralloc_free(mem);
   return ok;
}

static bool
uses_name(const struct ast_node *n, const char *name, int depth)
{
   if (!n || depth > 1000)
      return false;
   if (n->kind == AST_IDENT && !strcmp(n->name, name))
      return true;
   struct ast_node *kids[4];
   ast_kids(n, kids);
   for (unsigned i = 0; i < 4; i++) {
      if (uses_name(kids[i], name, depth + 1))
         return true;
   }
   for (const struct ast_node *k = ast_items(n); k; k = k->next) {
      if (uses_name(k, name, depth + 1))
         return true;
   }
   return false;
}

/* When d redeclares gl_FragCoord, its layout bits (1 origin_upper_left,
 * 2 pixel_center_integer), else -1. */
static int
frag_coord_layout_bits(const struct ast_node *d)
{
   if (d->kind != AST_DECL_LIST || !d->list.head ||
       strcmp(d->list.head->name ? d->list.head->name : "", "gl_FragCoord"))
      return -1;
   int bits = 0;
   for (const struct ast_layout_id *l = d->type->layout; l; l = l->next) {
      if (!strcmp(l->name, "origin_upper_left"))
         bits |= 1;
      else if (!strcmp(l->name, "pixel_center_integer"))
         bits |= 2;
   }
   return bits;
}

static bool
uses_frag_coord(const struct glsl_parse_state *sh)
{
   for (struct ast_node *d = sh->unit.head; d; d = d->next) {
      if (d->kind == AST_FUNCTION && uses_name(d, "gl_FragCoord", 0))
         return true;
   }
   return false;
}

/* GLSL 1.50 4.3.8.1: once any fragment shader of the program redeclares
 * gl_FragCoord, every one that uses it redeclares it, all with the same
 * layout qualifiers.  The shaders without the redeclaration are searched
 * for a use only when another one has it: the search walks a whole
 * syntax tree (on the 40,000-statement bench shader, 7 % of the last-level
 * cache misses of linking it).  bits[i]: shader i's redeclaration
 * (frag_coord_layout_bits), -1 when none. */
static void
check_frag_coord_layouts(struct g2n *c, struct glsl_parse_state *const *sh,
                         const int *bits, unsigned n)
{
   int common = -1;  /* layout bits of the first redeclaration */
   for (unsigned i = 0; i < n; i++) {
      if (bits[i] < 0)
         continue;
      if (common >= 0 && bits[i] != common) {
         g2n_fail(c, NULL, "gl_FragCoord is redeclared with different "
                  "layout qualifiers in different fragment shaders");
         return;
      }
      common = bits[i];
   }
   if (common < 0)
      return;
   for (unsigned i = 0; i < n; i++) {
      if (bits[i] < 0 && uses_frag_coord(sh[i])) {
         g2n_fail(c, NULL, "a fragment shader uses gl_FragCoord without the "
                  "redeclaration another fragment shader of the program "
                  "has");
         return;
      }
   }
   if (common > 0) {
      c->shader->info.fs.origin_upper_left = common & 1;
      c->shader->info.fs.pixel_center_integer = (common & 2) != 0;
   }
}

/* Whether d is "layout(early_fragment_tests) in;" (the checker allowed it
 * nowhere else). */
static bool
is_early_fragment_tests(const struct ast_node *d)
{
   if (d->kind != AST_QUALIFIER_ONLY || !d->type ||
       !(d->type->flags & AST_Q_IN))
      return false;
   for (const struct ast_layout_id *l = d->type->layout; l; l = l->next) {
      if (!strcmp(l->name, "early_fragment_tests"))
         return true;
   }
   return false;
}

struct glsl_nir_stage *
glsl_to_nir(void *mem_ctx, struct glsl_parse_state *const *shaders,
            unsigned num_shaders, const nir_shader_compiler_options *options)
{
   struct glsl_nir_stage *out = rzalloc(mem_ctx, struct glsl_nir_stage);
   if (!out)
      return NULL;
   struct g2n c;
   memset(&c, 0, sizeof(c));
   g2n_init(&c, mem_ctx, shaders[0], options);
   c.stage_shaders = shaders;
   c.num_stage_shaders = num_shaders;

   for (unsigned i = 0; i < num_shaders; i++)
      collect_functions(&c, shaders[i]);
   if (c.stage == MESA_SHADER_GEOMETRY)
      g2n_geom_setup(&c, shaders, num_shaders);
   if (c.stage == MESA_SHADER_COMPUTE)
      g2n_compute_setup(&c, shaders, num_shaders);
   int *frag_coord_bits = ralloc_array(c.mem, int, num_shaders);
   if (!frag_coord_bits)
      g2n_fail(&c, NULL, "out of memory");
   for (unsigned i = 0; i < num_shaders && !c.failed; i++) {
      struct unit_facts facts;
      c.st = shaders[i];
      c.gs_out_stream = 0; /* each shader starts in stream 0 */
      declare_globals(&c, &shaders[i]->unit, &facts);
      frag_coord_bits[i] = facts.frag_coord_bits;
      /* GLSL 4.20 4.4.1.3: one shader of the stage declaring it is
       * enough. */
      if (facts.early_fragment_tests)
         c.shader->info.fs.early_fragment_tests = true;
      out->blend_support |= facts.blend_support;
   }
   if (c.stage == MESA_SHADER_FRAGMENT && !c.failed)
      check_frag_coord_layouts(&c, shaders, frag_coord_bits, num_shaders);

   struct g2n_func *main_def = NULL;
   struct hash_entry *e = hash_table_search(c.funcs, "main");
   for (struct g2n_func *f = e ? e->data : NULL; f; f = f->next) {
      if (f->nparams == 0)
         main_def = f;
   }
   if (!main_def && !c.failed)
      g2n_fail(&c, NULL, "no definition of main()");
   if (!c.failed) {
      c.st = main_def->st;
      c.default_prec_float = main_def->default_prec_float;
      c.default_prec_int = main_def->default_prec_int;
      g2n_push_scope(&c);
      g2n_stmt(&c, main_def->fn->a);
      g2n_pop_scope(&c);
   }

   out->nir = c.shader;
   out->num_vars = util_dynarray_num_elements(&c.vars, struct glsl_nir_var);
   out->vars = ralloc_array(out, struct glsl_nir_var,
                            out->num_vars ? out->num_vars : 1);
   if (out->num_vars)
      memcpy(out->vars, c.vars.data,
             out->num_vars * sizeof(struct glsl_nir_var));
   out->num_blocks = util_dynarray_num_elements(&c.blocks,
                                                struct glsl_nir_block);
   out->blocks = ralloc_array(out, struct glsl_nir_block,
                              out->num_blocks ? out->num_blocks : 1);
   if (out->num_blocks)
      memcpy(out->blocks, c.blocks.data,
             out->num_blocks * sizeof(struct glsl_nir_block));
   out->num_ssbos = util_dynarray_num_elements(&c.ssbos,
                                               struct glsl_nir_block);
   out->ssbos = ralloc_array(out, struct glsl_nir_block,
                             out->num_ssbos ? out->num_ssbos : 1);
   if (out->num_ssbos)
      memcpy(out->ssbos, c.ssbos.data,
             out->num_ssbos * sizeof(struct glsl_nir_block));
   out->local_size_declared = c.shader->info.workgroup_size[0] != 0;
   out->clip_distance_size = g2n_distance_size(&c, false);
   out->cull_distance_size = g2n_distance_size(&c, true);
   out->has_tex = c.has_tex;
   out->num_counters = util_dynarray_num_elements(&c.counters,
                                                  struct glsl_nir_counter);
   out->counters = ralloc_array(out, struct glsl_nir_counter,
                                out->num_counters ? out->num_counters : 1);
   if (out->num_counters)
      memcpy(out->counters, c.counters.data,
             out->num_counters * sizeof(struct glsl_nir_counter));
   c.shader->shared_size = c.shared_size;
   if (c.failed)
      out->error = ralloc_strdup(out, c.error);
   ralloc_free(c.mem);
   return out;
}

bool
glsl_nir_finish(nir_shader *nir, void *mem_ctx, char **error)
{
   /* GLSL_NIR_PRINT_RAW=1: the translation before any pass (debugging). */
   const char *raw = getenv("GLSL_NIR_PRINT_RAW");
   if (raw && *raw == '1')
      nir_print_shader(nir, stderr);
   /* A translation bug must become a link error, not an abort in the
    * passes' validation; validated when the passes are (debug builds,
    * NIR_DEBUG=validate), not always: on a large shader the validator
    * is one more walk of the whole shader with its own tables beside
    * it, which release builds do not pay (docs/glsl.rst, wave 15). */
   if (nir_validation_enabled() &&
       !nir_validate_shader_msg(nir, mem_ctx, error))
      return false;
   /* One call: nir_optimize starts with nir_lower_vars_to_ssa and stops
    * at a fixed point (every pass of its loop, run in turn on the shader
    * as it stands, changed nothing), so promoting again and a second
    * nir_optimize would only walk the shader about eleven more times to
    * change nothing (a cache miss per instruction on large shaders). */
   nir_optimize(nir);
   return true;
}
