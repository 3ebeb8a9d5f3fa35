/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Layout qualifiers on variables and default "layout(...) out;"
 * declarations: their values (integral constant expressions) and the
 * location / component / transform-feedback rules that can be checked
 * in one shader.
 *
 * Sources: GLSL 4.50 section 4.4 (Layout Qualifiers), 4.4.1 (Input
 * Layout Qualifiers, component), 4.4.2.3 (Transform Feedback Layout
 * Qualifiers) and the GL_ARB_enhanced_layouts extension text.
 */
#include <string.h>
#include <strings.h>

#include "glsl_check_priv.h"

/* Must match gl_MaxTransformFeedbackBuffers and
 * gl_MaxTransformFeedbackInterleavedComponents in glsl_builtins.py. */
#define MAX_XFB_BUFFERS 4
#define MAX_XFB_INTERLEAVED_COMPONENTS 64

static int64_t
round_up(int64_t v, int64_t a)
{
   return a > 1 ? (v + a - 1) / a * a : v;
}

static struct ast_layout_id *
find_id(struct ast_layout_id *list, const char *name)
{
   struct ast_layout_id *found = NULL;
   for (struct ast_layout_id *l = list; l; l = l->next) {
      if (!strcasecmp(l->name, name))
         found = l; /* GLSL 4.40: the last occurrence wins */
   }
   return found;
}

/* GLSL 4.40 section 4.4: "layout-qualifier-name = constant-expression";
 * the expression must be an integral constant (scalar int or uint), and
 * none of the qualifiers taking a value accepts a negative one.  Each
 * value is evaluated once, so errors are reported once. */
static void
eval_id(struct check *c, struct ast_node *where, struct ast_layout_id *l)
{
   if (l->evaluated || !l->value)
      return;
   l->evaluated = true;
   struct expr e = check_expr(c, l->value);
   if (type_is_error(e.type))
      return; /* already reported */
   if (!glsl_type_is_scalar(e.type) ||
       !(e.type->base_type == GLSL_TYPE_INT ||
         e.type->base_type == GLSL_TYPE_UINT)) {
      check_error(c, where, "layout '%s' needs a scalar integer value",
                  l->name);
      return;
   }
   if (!e.is_const) {
      check_error(c, where, "layout '%s' needs a constant expression",
                  l->name);
      return;
   }
   if (!e.has_value)
      return;
   l->ival = e.type->base_type == GLSL_TYPE_UINT ?
             (int64_t)(uint32_t)e.val.c[0].i : e.val.c[0].i;
   if (l->ival < 0) {
      check_error(c, where, "layout '%s' cannot be negative (%lld)",
                  l->name, (long long)l->ival);
      return;
   }
   l->known = true;
}

static bool
value_of(struct ast_layout_id *l, int64_t *v)
{
   if (!l || !l->known)
      return false;
   *v = l->ival;
   return true;
}

/* Transform-feedback limits shared by variables and defaults
 * (ARB_enhanced_layouts: xfb_buffer must be less than
 * gl_MaxTransformFeedbackBuffers; a stride cannot exceed
 * gl_MaxTransformFeedbackInterleavedComponents, counted in bytes). */
static void
xfb_limits(struct check *c, struct ast_node *where,
           struct ast_layout_id *list)
{
   int64_t v;
   if (value_of(find_id(list, "xfb_buffer"), &v) && v >= MAX_XFB_BUFFERS)
      check_error(c, where, "xfb_buffer %lld is not less than "
                  "gl_MaxTransformFeedbackBuffers (%d)", (long long)v,
                  MAX_XFB_BUFFERS);
   if (value_of(find_id(list, "xfb_stride"), &v) &&
       v > MAX_XFB_INTERLEAVED_COMPONENTS * 4)
      check_error(c, where, "xfb_stride %lld exceeds "
                  "gl_MaxTransformFeedbackInterleavedComponents * 4 "
                  "bytes", (long long)v);
}

/* GLSL 4.20 (ARB_shading_language_420pack) allows several layout(...)
 * in one declaration; GLSL 4.40 (ARB_enhanced_layouts) also allows a name
 * to repeat inside one layout(...).  GLSL ES 3.10 allows both. */
static void
layout_repeats(struct check *c, struct ast_node *n)
{
   struct glsl_parse_state *st = c->st;
   bool groups = glsl_is_version(st, 420, 310) ||
                 glsl_ext_enabled(st, "GL_ARB_shading_language_420pack");
   bool repeats = glsl_is_version(st, 440, 310) ||
                  glsl_ext_enabled(st, "GL_ARB_enhanced_layouts");
   for (struct ast_layout_id *l = n->type->layout; l; l = l->next) {
      if (l->group && !groups) {
         check_error(c, n, "more than one layout(...) in a declaration "
                     "needs GLSL 4.20 or GL_ARB_shading_language_420pack");
         return;
      }
      for (struct ast_layout_id *m = l->next; m && !repeats; m = m->next) {
         if (m->group == l->group && !strcasecmp(m->name, l->name)) {
            check_error(c, n, "layout '%s' repeats inside one layout(...); "
                        "that needs GLSL 4.40 or GL_ARB_enhanced_layouts",
                        l->name);
            return;
         }
      }
   }
}

/* ARB_enhanced_layouts: "it is a compile-time or link-time error to have
 * different values specified for the stride for the same buffer", and
 * captured outputs must fit in the buffer's stride. */
static void
set_xfb_stride(struct check *c, struct ast_node *where, unsigned buf,
               int64_t stride)
{
   if (c->xfb[buf].stride && c->xfb[buf].stride != stride) {
      check_error(c, where, "xfb_stride %lld of buffer %u differs from "
                  "the earlier %lld", (long long)stride, buf,
                  (long long)c->xfb[buf].stride);
      return;
   }
   c->xfb[buf].stride = stride;
   if (c->xfb[buf].end > stride)
      check_error(c, where, "outputs captured in buffer %u need %lld "
                  "bytes, more than its xfb_stride %lld", buf,
                  (long long)c->xfb[buf].end, (long long)stride);
}

/* The buffer a declaration captures to: its own xfb_buffer or the current
 * default; -1 when that is out of range (already reported). */
static int
xfb_buffer_of(struct check *c, struct ast_layout_id *list)
{
   struct ast_layout_id *b = find_id(list, "xfb_buffer");
   int64_t v;
   if (!b)
      return (int)c->xfb_cur_buffer;
   if (!value_of(b, &v) || v >= MAX_XFB_BUFFERS)
      return -1;
   return (int)v;
}

static void
note_xfb_declaration(struct check *c, struct ast_node *n,
                     struct ast_layout_id *list, bool is_default)
{
   int buf = xfb_buffer_of(c, list);
   if (buf < 0)
      return;
   if (is_default && find_id(list, "xfb_buffer"))
      c->xfb_cur_buffer = (unsigned)buf;
   int64_t stride;
   if (value_of(find_id(list, "xfb_stride"), &stride))
      set_xfb_stride(c, n, (unsigned)buf, stride);
}

/* ARB_compute_shader: "layout(local_size_x = X, ...) in;" sizes default
 * to 1; a size of 0 (or a negative one) cannot be dispatched, and every
 * declaration in a shader must give the same work-group size. */
static void
local_size(struct check *c, struct ast_node *n)
{
   static const char *const names[3] = {
      "local_size_x", "local_size_y", "local_size_z",
   };
   int64_t size[3] = { 1, 1, 1 };
   bool any = false;
   for (unsigned i = 0; i < 3; i++) {
      struct ast_layout_id *l = find_id(n->type->layout, names[i]);
      if (!l)
         continue;
      any = true;
      eval_id(c, n, l);
      if (!l->known)
         return; /* reported by eval_id */
      if (l->ival == 0) {
         check_error(c, n, "%s must be at least 1", names[i]);
         return;
      }
      size[i] = l->ival;
   }
   if (!any)
      return;
   if (c->cs_local_size[0] &&
       (c->cs_local_size[0] != size[0] || c->cs_local_size[1] != size[1] ||
        c->cs_local_size[2] != size[2])) {
      check_error(c, n, "local size redeclared differently");
      return;
   }
   for (unsigned i = 0; i < 3; i++)
      c->cs_local_size[i] = size[i];
}

/* ARB_compute_shader: using gl_WorkGroupSize before the shader declares
 * its local size (or without one) is a compile-time error. */
void
check_layout_builtin_use(struct check *c, struct ast_node *ident)
{
   if (!strcmp(ident->name, "gl_WorkGroupSize") && !c->cs_local_size[0])
      check_error(c, ident, "gl_WorkGroupSize is used before the local "
                  "size is declared");
}

void
check_layout_default(struct check *c, struct ast_node *n, unsigned q)
{
   gl_shader_stage s = c->st->stage;
   if (q & (AST_Q_IN | AST_Q_OUT)) {
      /* Which stages take "layout(...) in/out;", and the stage rules. */
      bool in = q & AST_Q_IN;
      bool xfb = glsl_is_version(c->st, 440, 0) ||
                 glsl_ext_enabled(c->st, "GL_ARB_enhanced_layouts");
      if ((s == MESA_SHADER_VERTEX || (s == MESA_SHADER_FRAGMENT && !in)) &&
          !xfb)
         check_error(c, n, "'layout(...) %s;' is not allowed in this stage",
                     in ? "in" : "out");
      else if (s == MESA_SHADER_TESS_CTRL || s == MESA_SHADER_TESS_EVAL)
         check_tess_default_layout(c, n, in);
      else if (s == MESA_SHADER_GEOMETRY)
         check_geom_default_layout(c, n, in);
   }
   layout_repeats(c, n);
   if (c->st->stage == MESA_SHADER_COMPUTE && (q & AST_Q_IN))
      local_size(c, n);
   if (!(q & AST_Q_OUT))
      return;
   struct ast_layout_id *list = n->type->layout;
   for (struct ast_layout_id *l = list; l; l = l->next) {
      if (!strncasecmp(l->name, "xfb_", 4))
         eval_id(c, n, l);
   }
   /* "Only variables, block members, or blocks can be qualified with
    * xfb_offset." */
   if (find_id(list, "xfb_offset"))
      check_error(c, n, "xfb_offset cannot be used on 'layout(...) out;'");
   xfb_limits(c, n, list);
   note_xfb_declaration(c, n, list, true);
}

void
check_layout_values(struct check *c, struct ast_node *n, unsigned q)
{
   layout_repeats(c, n);
   for (struct ast_layout_id *l = n->type->layout; l; l = l->next)
      eval_id(c, n, l);
   if (q & AST_Q_OUT) {
      xfb_limits(c, n, n->type->layout);
      note_xfb_declaration(c, n, n->type->layout, false);
   }
}

/* GLSL ES has no component qualifier (ES 3.20 4.4 lists none). */
void
check_layout_es_component(struct check *c, struct ast_node *n,
                          struct ast_layout_id *list)
{
   if (c->st->es && find_id(list, "component"))
      check_error(c, n, "layout(component) is not available in GLSL ES");
}

/* The component qualifier (GLSL 4.50 section 4.4.1): needs a location;
 * not on matrices, structures or blocks (or arrays of them); components
 * 0..3 with the variable fitting in what is left; doubles take two
 * components, so start at 0 or 2, and dvec3/dvec4 take no component. */
static void
component_rule(struct check *c, struct ast_node *d,
               struct ast_layout_id *list, const struct glsl_type *t)
{
   struct ast_layout_id *comp = find_id(list, "component");
   if (!comp)
      return;
   if (!find_id(list, "location")) {
      check_error(c, d, "component on '%s' needs a location as well",
                  d->name);
      return;
   }
   const struct glsl_type *e = glsl_without_array(t);
   if (type_is_error(e))
      return;
   if (glsl_type_is_matrix(e) || e->base_type == GLSL_TYPE_STRUCT ||
       e->base_type == GLSL_TYPE_INTERFACE) {
      check_error(c, d, "component cannot qualify '%s': not on matrices, "
                  "structures or blocks", d->name);
      return;
   }
   int64_t first;
   if (!value_of(comp, &first))
      return;
   bool dbl = e->base_type == GLSL_TYPE_DOUBLE;
   if (dbl && e->vector_elements > 2) {
      check_error(c, d, "a dvec3 or dvec4 cannot have a component");
      return;
   }
   if (dbl && (first & 1)) {
      check_error(c, d, "a double or dvec2 cannot start at component %lld",
                  (long long)first);
      return;
   }
   int64_t used = (int64_t)e->vector_elements * (dbl ? 2 : 1);
   if (first > 3 || first + used > 4)
      check_error(c, d, "component %lld of '%s' runs past component 3",
                  (long long)first, d->name);
}

/* xfb_offset (ARB_enhanced_layouts): a multiple of the size of the first
 * component (8 bytes for doubles, 4 otherwise); not on unsized arrays;
 * captured ranges of one buffer do not overlap, fit in its stride and in
 * gl_MaxTransformFeedbackInterleavedComponents * 4 bytes. */
/* Bytes of the first component of a captured type: 8 for 64-bit types,
 * 4 otherwise; 0 when the type is not tracked (structures). */
static int64_t
xfb_component_size(const struct glsl_type *t)
{
   const struct glsl_type *e = glsl_without_array(t);
   if (!glsl_type_is_basic(e))
      return 0;
   return e->base_type == GLSL_TYPE_DOUBLE ||
          e->base_type == GLSL_TYPE_INT64 ||
          e->base_type == GLSL_TYPE_UINT64 ? 8 : 4;
}

/* Captures d (of type t) at byte off of buffer buf; returns the end of
 * what it captures, or -1 after an error or when it is not tracked. */
static int64_t
capture_xfb(struct check *c, struct ast_node *d, int buf, int64_t off,
            const struct glsl_type *t)
{
   if (type_is_error(t) || buf < 0)
      return -1;
   int64_t count = 1;
   const struct glsl_type *e = t;
   for (; glsl_type_is_array(e); e = e->element) {
      if (e->length <= 0) {
         check_error(c, d, "xfb_offset cannot qualify the unsized array "
                     "'%s'", d->name);
         return -1;
      }
      count *= e->length;
   }
   int64_t comp = xfb_component_size(e);
   if (!comp)
      return -1; /* structures: not tracked */
   if (off % comp) {
      check_error(c, d, "xfb_offset %lld of '%s' is not a multiple of %lld",
                  (long long)off, d->name, (long long)comp);
      return -1;
   }
   int64_t end = off + count * e->vector_elements * e->matrix_columns * comp;
   if (end > MAX_XFB_INTERLEAVED_COMPONENTS * 4) {
      check_error(c, d, "'%s' ends at byte %lld of its transform feedback "
                  "buffer, past gl_MaxTransformFeedbackInterleavedComponents"
                  " * 4", d->name, (long long)end);
      return -1;
   }
   for (unsigned i = 0; i < c->xfb[buf].nused; i++) {
      if (off < c->xfb[buf].used[i].end && c->xfb[buf].used[i].first < end) {
         check_error(c, d, "xfb_offset %lld of '%s' overlaps another "
                     "captured output", (long long)off, d->name);
         return -1;
      }
   }
   unsigned n = c->xfb[buf].nused;
   if (n < ARRAY_SIZE(c->xfb[buf].used)) {
      c->xfb[buf].used[n].first = off;
      c->xfb[buf].used[n].end = end;
      c->xfb[buf].nused++;
   }
   if (end > c->xfb[buf].end)
      c->xfb[buf].end = end;
   if (c->xfb[buf].stride && end > c->xfb[buf].stride) {
      check_error(c, d, "'%s' ends at byte %lld, past xfb_stride %lld",
                  d->name, (long long)end, (long long)c->xfb[buf].stride);
      return -1;
   }
   return end;
}

/* xfb_offset (ARB_enhanced_layouts): a multiple of the size of the first
 * component (8 bytes for doubles, 4 otherwise); not on unsized arrays;
 * captured ranges of one buffer do not overlap, fit in its stride and in
 * gl_MaxTransformFeedbackInterleavedComponents * 4 bytes. */
static void
xfb_offset_rule(struct check *c, struct ast_node *d,
                struct ast_layout_id *list, const struct glsl_type *t)
{
   int64_t off;
   if (value_of(find_id(list, "xfb_offset"), &off))
      capture_xfb(c, d, xfb_buffer_of(c, list), off, t);
}

/* Output blocks: the block's xfb_buffer and xfb_stride act as for a
 * variable; members keep the block's buffer; with a block xfb_offset the
 * members are captured one after the other from it (each aligned to its
 * first component), a member's own xfb_offset moving the position. */
static void
claim_block_xfb(struct check *c, struct ast_node *n,
                const struct glsl_struct_field *fields, unsigned nfields)
{
   struct ast_layout_id *list = n->type->layout;
   xfb_limits(c, n, list);
   note_xfb_declaration(c, n, list, false);
   int buf = xfb_buffer_of(c, list);
   int64_t cur = -1, v;
   if (value_of(find_id(list, "xfb_offset"), &v))
      cur = v;
   unsigned k = 0;
   bool exact = true; /* the block's own offset is not rounded up */
   for (struct ast_node *m = n->list.head; m; m = m->next) {
      struct ast_layout_id *ml = m->type->layout;
      if (value_of(find_id(ml, "xfb_buffer"), &v) && v != buf && buf >= 0)
         check_error(c, m, "a block member's xfb_buffer (%lld) must be the "
                     "block's (%d)", (long long)v, buf);
      bool own = value_of(find_id(ml, "xfb_offset"), &v);
      for (struct ast_node *d = m->list.head; d; d = d->next, k++) {
         if (k >= nfields)
            return;
         int64_t at = cur;
         if (own && d == m->list.head)
            at = v;
         else if (cur >= 0 && !exact)
            at = round_up(cur, xfb_component_size(fields[k].type));
         if (at < 0)
            continue;
         exact = false;
         cur = capture_xfb(c, d, buf, at, fields[k].type);
      }
   }
}

void
check_layout_declarator(struct check *c, struct ast_node *d,
                        struct ast_type *at, unsigned q,
                        const struct glsl_type *t)
{
   struct ast_layout_id *list = at->layout;
   if (!list)
      return;
   if (q & (AST_Q_IN | AST_Q_OUT))
      component_rule(c, d, list, t);
   /* ARB_explicit_attrib_location: index picks the dual-source input of
    * an output that also has a location. */
   if ((q & AST_Q_OUT) && find_id(list, "index") &&
       !find_id(list, "location"))
      check_error(c, d, "index on '%s' needs a location as well", d->name);
   /* GLSL 4.30 4.4.2: "a layout index ... less than 0 or greater than 1"
    * is an error. */
   int64_t index;
   if ((q & AST_Q_OUT) && value_of(find_id(list, "index"), &index) &&
       index > 1)
      check_error(c, d, "index %lld of '%s' is not 0 or 1",
                  (long long)index, d->name);
   if (q & AST_Q_OUT)
      xfb_offset_rule(c, d, list, t);
}

static bool
is_power_of_two(int64_t v)
{
   return v > 0 && (v & (v - 1)) == 0;
}

/* The last of the names in a layout list, or NULL. */
static struct ast_layout_id *
last_of(struct ast_layout_id *list, const char *const *names, unsigned n)
{
   struct ast_layout_id *found = NULL;
   for (struct ast_layout_id *l = list; l; l = l->next) {
      for (unsigned i = 0; i < n; i++) {
         if (!strcasecmp(l->name, names[i]))
            found = l;
      }
   }
   return found;
}

/* align (GLSL 4.50 4.4.5): a power of two, only in uniform and buffer
 * blocks and only with the std140 or std430 layouts. */
static bool
align_value(struct check *c, struct ast_node *where,
            struct ast_layout_id *align, bool ubo_ssbo, bool bad_packing)
{
   if (!align)
      return true;
   if (!ubo_ssbo) {
      check_error(c, where, "align only applies to uniform and buffer "
                  "blocks and their members");
      return false;
   }
   if (bad_packing) {
      check_error(c, where, "align needs the std140 or std430 layout");
      return false;
   }
   int64_t v;
   if (value_of(align, &v) && !is_power_of_two(v)) {
      check_error(c, where, "align %lld is not a power of two",
                  (long long)v);
      return false;
   }
   return true;
}


/* Location slots a variable takes (GLSL 4.50 4.4.1): one per matrix
 * column, two for dvec3/dvec4, the sum over structure and block members,
 * times the array lengths. */
int
check_layout_location_slots(const struct glsl_type *t)
{
   int n = 1;
   while (glsl_type_is_array(t)) {
      n *= t->length > 0 ? t->length : 1;
      t = t->element;
   }
   if (t->base_type == GLSL_TYPE_STRUCT ||
       t->base_type == GLSL_TYPE_INTERFACE) {
      int sum = 0;
      for (unsigned i = 0; i < t->num_fields; i++)
         sum += check_layout_location_slots(t->fields[i].type);
      return n * (sum ? sum : 1);
   }
   int cols = t->matrix_columns ? t->matrix_columns : 1;
   int wide = t->base_type == GLSL_TYPE_DOUBLE && t->vector_elements > 2;
   return n * cols * (wide ? 2 : 1);
}

/* Explicit locations [first, end) of an input (dir 0) or output (dir 1)
 * may not overlap those already claimed in the shader. */
void
check_layout_claim_locations(struct check *c, struct ast_node *where,
                             const char *name, unsigned dir, int first,
                             int end)
{
   for (unsigned i = 0; i < c->nlocs[dir]; i++) {
      if (first < c->locs[dir][i].end && c->locs[dir][i].first < end) {
         check_error(c, where, "location %d of '%s' overlaps another %s",
                     first, name, dir ? "output" : "input");
         return;
      }
   }
   if (c->nlocs[dir] < ARRAY_SIZE(c->locs[dir])) {
      c->locs[dir][c->nlocs[dir]].first = first;
      c->locs[dir][c->nlocs[dir]].end = end;
      c->nlocs[dir]++;
   }
}

/* Arrays of inputs or outputs indexed per vertex, not per location. */
static bool
per_vertex_array(struct check *c, unsigned q)
{
   gl_shader_stage s = c->st->stage;
   return ((q & AST_Q_IN) && (s == MESA_SHADER_GEOMETRY ||
                              s == MESA_SHADER_TESS_CTRL ||
                              s == MESA_SHADER_TESS_EVAL)) ||
          ((q & AST_Q_OUT) && !(q & AST_Q_PATCH) &&
           s == MESA_SHADER_TESS_CTRL);
}

/* Members of a block take consecutive locations from the block's, a
 * member with its own location restarting the count (GLSL 4.50 4.4.1);
 * they claim them like variables do. */
static void
claim_block_locations(struct check *c, struct ast_node *n,
                      const struct glsl_struct_field *fields,
                      unsigned nfields)
{
   unsigned q = n->type->flags;
   if ((q & AST_Q_PATCH) || (n->dims.count && !per_vertex_array(c, q)))
      return;
   int64_t v;
   int cur = -1;
   if (value_of(find_id(n->type->layout, "location"), &v))
      cur = (int)MIN2(v, 1 << 20);
   unsigned k = 0;
   for (struct ast_node *m = n->list.head; m; m = m->next) {
      struct ast_layout_id *ml = find_id(m->type->layout, "location");
      if (ml && !value_of(ml, &v))
         return;
      if (ml)
         cur = (int)MIN2(v, 1 << 20);
      for (struct ast_node *d = m->list.head; d; d = d->next, k++) {
         if (k >= nfields || type_is_error(fields[k].type))
            return;
         int slots = check_layout_location_slots(fields[k].type);
         if (cur >= 0) {
            check_layout_claim_locations(c, d, d->name,
                                         (q & AST_Q_OUT) ? 1 : 0, cur,
                                         cur + slots);
            cur += slots;
         }
      }
   }
}

/* Input and output blocks (GLSL 4.50 4.4.1 and 4.4.2): component cannot
 * qualify a block; without a block-level location either all members or
 * none have one; a block array needing locations per element (all but
 * the per-vertex arrays of geometry and tessellation stages) takes a
 * location on the block only. */
static void
io_block_locations(struct check *c, struct ast_node *n)
{
   unsigned q = n->type->flags;
   if (find_id(n->type->layout, "component")) {
      check_error(c, n, "component cannot qualify a block");
      return;
   }
   unsigned members = 0, located = 0;
   for (struct ast_node *m = n->list.head; m; m = m->next) {
      members++;
      if (find_id(m->type->layout, "location"))
         located++;
   }
   if (!located)
      return;
   if (n->dims.count && !per_vertex_array(c, q)) {
      check_error(c, n, "members of a block array cannot have locations; "
                  "give the block one");
      return;
   }
   if (!find_id(n->type->layout, "location") && located != members)
      check_error(c, n, "a block without a location needs a location on "
                  "all of its members or on none");
}

/* Structure members take no location or component (GLSL 4.50 4.4.1). */
void
check_layout_struct_member(struct check *c, struct ast_node *m)
{
   if (find_id(m->type->layout, "location") ||
       find_id(m->type->layout, "component"))
      check_error(c, m, "structure members cannot have a location or "
                  "component");
}

/* Explicit offset and align on the members of a uniform or buffer block
 * (GLSL 4.50 4.4.5, ARB_enhanced_layouts).  An offset must be a multiple
 * of the member type's base alignment and may not lie before the end of
 * the previous member; align raises a member's alignment (rounding its
 * offset up); a block-level align is every member's default. */
void
check_layout_block(struct check *c, struct ast_node *n,
                   const struct glsl_struct_field *fields, unsigned nfields)
{
   static const char *const packings[] = {
      "std140", "std430", "packed", "shared",
   };
   static const char *const majors[] = { "row_major", "column_major" };
   unsigned q = n->type->flags;
   bool ubo_ssbo = q & (AST_Q_UNIFORM | AST_Q_BUFFER);
   struct ast_layout_id *list = n->type->layout;

   for (struct ast_layout_id *l = list; l; l = l->next)
      eval_id(c, n, l);
   for (struct ast_node *m = n->list.head; m; m = m->next) {
      for (struct ast_layout_id *l = m->type->layout; l; l = l->next)
         eval_id(c, m, l);
   }

   if (q & (AST_Q_IN | AST_Q_OUT)) {
      io_block_locations(c, n);
      claim_block_locations(c, n, fields, nfields);
   }
   if (q & AST_Q_OUT)
      claim_block_xfb(c, n, fields, nfields);

   struct ast_layout_id *pk = last_of(list, packings, ARRAY_SIZE(packings));
   bool bad_packing = pk && (!strcasecmp(pk->name, "packed") ||
                             !strcasecmp(pk->name, "shared"));
   enum glsl_layout_rules rules =
      pk && !strcasecmp(pk->name, "std430") ? GLSL_LAYOUT_STD430
                                             : GLSL_LAYOUT_STD140;
   struct ast_layout_id *bmaj = last_of(list, majors, ARRAY_SIZE(majors));
   bool block_row_major = bmaj && !strcasecmp(bmaj->name, "row_major");

   struct ast_layout_id *block_align = find_id(list, "align");
   if (!align_value(c, n, block_align, ubo_ssbo, bad_packing))
      block_align = NULL;

   int64_t next = 0; /* first free byte after the previous member */
   bool tracking = ubo_ssbo && !bad_packing;
   unsigned k = 0;
   for (struct ast_node *m = n->list.head; m; m = m->next) {
      struct ast_layout_id *ml = m->type->layout;
      struct ast_layout_id *offset = find_id(ml, "offset");
      struct ast_layout_id *align = find_id(ml, "align");
      if (offset && !ubo_ssbo)
         check_error(c, m, "offset only applies to members of uniform and "
                     "buffer blocks");
      else if (offset && bad_packing)
         check_error(c, m, "offset needs the std140 or std430 layout");
      if (!align_value(c, m, align, ubo_ssbo, bad_packing))
         align = NULL;
      if (!align)
         align = block_align;
      struct ast_layout_id *mmaj = last_of(ml, majors, ARRAY_SIZE(majors));
      bool row_major = mmaj ? !strcasecmp(mmaj->name, "row_major")
                            : block_row_major;

      for (struct ast_node *d = m->list.head; d; d = d->next, k++) {
         if (k >= nfields || !tracking)
            continue;
         const struct glsl_type *ft = fields[k].type;
         if (type_is_error(ft) || glsl_type_contains(ft, GLSL_TYPE_ERROR)) {
            tracking = false;
            continue;
         }
         int64_t base = glsl_type_alignment_B(ft, rules, row_major);
         int64_t al = base, v;
         if (value_of(align, &v) && is_power_of_two(v) && v > al)
            al = v;
         int64_t start = round_up(next, al);
         if (d == m->list.head && offset && ubo_ssbo) {
            if (!value_of(offset, &v)) {
               tracking = false;
               continue;
            }
            if (base > 0 && v % base) {
               check_error(c, d, "offset %lld of '%s' is not a multiple of "
                           "its base alignment %lld", (long long)v, d->name,
                           (long long)base);
               tracking = false;
               continue;
            }
            if (v < next) {
               check_error(c, d, "offset %lld of '%s' lies before the end "
                           "of the previous member (%lld)", (long long)v,
                           d->name, (long long)next);
               tracking = false;
               continue;
            }
            start = round_up(v, al);
         }
         if (glsl_type_is_array(ft) && ft->length <= 0) {
            tracking = false; /* unsized: the last member */
            continue;
         }
         next = start + glsl_type_size_B(ft, rules, row_major);
      }
   }
}

/* gl_FragDepth redeclarations (AMD/ARB_conservative_depth, GLSL 4.20
 * 4.4.2.3): the layout is one of the depth_* conditions, and the first
 * redeclaration comes before any use of gl_FragDepth. */
void
check_layout_frag_depth(struct check *c, struct ast_node *d,
                        struct glsl_var *frag_depth)
{
   static const char *const conditions[] = {
      "depth_any", "depth_greater", "depth_less", "depth_unchanged",
   };
   for (struct ast_layout_id *l = c->cur_layout; l; l = l->next) {
      bool known = false;
      for (unsigned i = 0; i < ARRAY_SIZE(conditions); i++)
         known |= !strcasecmp(l->name, conditions[i]);
      if (!known) {
         check_error(c, d, "layout '%s' does not apply to gl_FragDepth",
                     l->name);
         return;
      }
   }
   if (frag_depth->used)
      check_error(c, d, "gl_FragDepth redeclared after it was used");
}
void
check_layout_location_overlap(struct check *c, struct ast_node *d,
                              struct ast_type *at, unsigned q,
                              const struct glsl_type *t)
{
   int loc = -1;
   for (struct ast_layout_id *l = at->layout; l; l = l->next) {
      if (!strcasecmp(l->name, "index") || !strcasecmp(l->name, "component"))
         return; /* dual-source and packed outputs: not tracked */
      if (!strcasecmp(l->name, "location") && l->value &&
          (l->value->kind == AST_INT_CONST ||
           l->value->kind == AST_UINT_CONST))
         loc = (int)MIN2(l->value->value.u, 1u << 20);
   }
   if (loc < 0 || type_is_error(glsl_without_array(t)))
      return;
   unsigned dir = (q & AST_Q_OUT) ? 1 : 0;
   /* Vertex inputs may alias and fragment outputs are linked per index;
    * only varyings are checked here. */
   if ((c->st->stage == MESA_SHADER_VERTEX && !dir) ||
       (c->st->stage == MESA_SHADER_FRAGMENT && dir))
      return;
   check_layout_claim_locations(c, d, d->name, dir, loc,
                                loc + check_layout_location_slots(t));
}

/* Primitive names belong on "layout(...) in/out;" only. */
void
check_layout_variable(struct check *c, struct ast_node *n, unsigned q)
{
   check_layout_es_component(c, n, n->type->layout);
   /* The coordinate conventions qualify gl_FragCoord only
    * (ARB_fragment_coord_conventions, GLSL 1.50 4.3.8.1). */
   for (struct ast_layout_id *l = n->type->layout; l; l = l->next) {
      if (strcasecmp(l->name, "origin_upper_left") &&
          strcasecmp(l->name, "pixel_center_integer"))
         continue;
      for (struct ast_node *d = n->list.head; d; d = d->next) {
         if (strcmp(d->name, "gl_FragCoord"))
            check_error(c, d, "layout(%s) only applies to gl_FragCoord",
                        l->name);
      }
   }
   struct glsl_parse_state *st = c->st;
   bool const_exprs = glsl_is_version(st, 440, 310) ||
                      glsl_ext_enabled(st, "GL_ARB_enhanced_layouts");
   bool locations = glsl_is_version(st, 330, 300) ||
                    glsl_ext_enabled(st, "GL_ARB_explicit_attrib_location") ||
                    glsl_ext_enabled(st, "GL_ARB_separate_shader_objects") ||
                    glsl_ext_enabled(st, "GL_ARB_explicit_uniform_location");
   for (struct ast_layout_id *l = n->type->layout; l; l = l->next) {
      if (l->value && !const_exprs && l->value->kind != AST_INT_CONST &&
          l->value->kind != AST_UINT_CONST) {
         check_error(c, n, "layout '%s' needs an integer literal before "
                     "GLSL 4.40", l->name);
         return;
      }
      if (!strcasecmp(l->name, "location") && !locations &&
          (q & (AST_Q_IN | AST_Q_OUT))) {
         check_error(c, n, "layout(location) needs GLSL 3.30 or "
                     "GL_ARB_explicit_attrib_location");
         return;
      }
      /* Without separate shader objects (or GLSL 4.10), locations only
       * name vertex inputs and fragment outputs. */
      bool varyings = glsl_is_version(st, 410, 310) ||
                      glsl_ext_enabled(st, "GL_ARB_separate_shader_objects");
      gl_shader_stage s = st->stage;
      if (!strcasecmp(l->name, "location") && !varyings && !st->es &&
          !(q & AST_Q_UNIFORM) &&
          !((s == MESA_SHADER_VERTEX && (q & AST_Q_IN)) ||
            (s == MESA_SHADER_FRAGMENT && (q & AST_Q_OUT)))) {
         check_error(c, n, "layout(location) applies to vertex inputs and "
                     "fragment outputs only");
         return;
      }
      if (!strcasecmp(l->name, "index") &&
          !(s == MESA_SHADER_FRAGMENT && (q & AST_Q_OUT))) {
         check_error(c, n, "layout(index) applies to fragment outputs "
                     "only");
         return;
      }
   }
   check_layout_values(c, n, q);
   for (struct ast_layout_id *l = n->type->layout; l; l = l->next) {
      if (check_geom_is_default_only(l->name))
         check_error(c, n, "layout '%s' only applies to 'layout(...) %s;'",
                     l->name, (q & AST_Q_IN) ? "in" : "out");
   }
}
