/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Transform feedback layouts (GLSL 4.40 4.4.2.1 and the
 * GL_ARB_enhanced_layouts text): xfb_buffer, xfb_stride and xfb_offset on
 * outputs, output blocks and "layout(...) out;", and the byte ranges each
 * buffer captures (alignment, overlaps, the stride and the limits).
 */
#include <string.h>
#include <strings.h>

#include "glsl_check_priv.h"

/* Must match gl_MaxTransformFeedbackBuffers and
 * gl_MaxTransformFeedbackInterleavedComponents in glsl_builtins.py. */
#define MAX_XFB_BUFFERS 4
#define MAX_XFB_INTERLEAVED_COMPONENTS 64

/* Transform-feedback limits shared by variables and defaults
 * (ARB_enhanced_layouts: xfb_buffer must be less than
 * gl_MaxTransformFeedbackBuffers; a stride cannot exceed
 * gl_MaxTransformFeedbackInterleavedComponents, counted in bytes). */
static void
xfb_limits(struct check *c, struct ast_node *where,
           struct ast_layout_id *list)
{
   int64_t v;
   if (check_layout_int(check_layout_find(list, "xfb_buffer"), &v) &&
       v >= MAX_XFB_BUFFERS)
      check_error(c, where, "xfb_buffer %lld is not less than "
                  "gl_MaxTransformFeedbackBuffers (%d)", (long long)v,
                  MAX_XFB_BUFFERS);
   if (check_layout_int(check_layout_find(list, "xfb_stride"), &v) &&
       v > MAX_XFB_INTERLEAVED_COMPONENTS * 4)
      check_error(c, where, "xfb_stride %lld exceeds "
                  "gl_MaxTransformFeedbackInterleavedComponents * 4 "
                  "bytes", (long long)v);
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
   struct ast_layout_id *b = check_layout_find(list, "xfb_buffer");
   int64_t v;
   if (!b)
      return (int)c->xfb_cur_buffer;
   if (!check_layout_int(b, &v) || v >= MAX_XFB_BUFFERS)
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
   if (is_default && check_layout_find(list, "xfb_buffer"))
      c->xfb_cur_buffer = (unsigned)buf;
   int64_t stride;
   if (check_layout_int(check_layout_find(list, "xfb_stride"), &stride))
      set_xfb_stride(c, n, (unsigned)buf, stride);
}

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
void
check_xfb_declarator(struct check *c, struct ast_node *d,
                     struct ast_layout_id *list, const struct glsl_type *t)
{
   int64_t off;
   if (check_layout_int(check_layout_find(list, "xfb_offset"), &off))
      capture_xfb(c, d, xfb_buffer_of(c, list), off, t);
}

/* Output blocks: the block's xfb_buffer and xfb_stride act as for a
 * variable; members keep the block's buffer; with a block xfb_offset the
 * members are captured one after the other from it (each aligned to its
 * first component), a member's own xfb_offset moving the position. */
void
check_xfb_block(struct check *c, struct ast_node *n,
                const struct glsl_struct_field *fields, unsigned nfields)
{
   struct ast_layout_id *list = n->type->layout;
   xfb_limits(c, n, list);
   note_xfb_declaration(c, n, list, false);
   int buf = xfb_buffer_of(c, list);
   int64_t cur = -1, v;
   if (check_layout_int(check_layout_find(list, "xfb_offset"), &v))
      cur = v;
   unsigned k = 0;
   bool exact = true; /* the block's own offset is not rounded up */
   for (struct ast_node *m = n->list.head; m; m = m->next) {
      struct ast_layout_id *ml = m->type->layout;
      if (check_layout_int(check_layout_find(ml, "xfb_buffer"), &v) &&
          v != buf && buf >= 0)
         check_error(c, m, "a block member's xfb_buffer (%lld) must be the "
                     "block's (%d)", (long long)v, buf);
      bool own = check_layout_int(check_layout_find(ml, "xfb_offset"), &v);
      for (struct ast_node *d = m->list.head; d; d = d->next, k++) {
         if (k >= nfields)
            return;
         int64_t at = cur;
         if (own && d == m->list.head)
            at = v;
         else if (cur >= 0 && !exact)
            at = check_round_up(cur, xfb_component_size(fields[k].type));
         if (at < 0)
            continue;
         exact = false;
         cur = capture_xfb(c, d, buf, at, fields[k].type);
      }
   }
}

/* "layout(xfb_...) out;": the default buffer and strides. */
void
check_xfb_default(struct check *c, struct ast_node *n)
{
   struct ast_layout_id *list = n->type->layout;
   for (struct ast_layout_id *l = list; l; l = l->next) {
      if (!strncasecmp(l->name, "xfb_", 4))
         check_layout_eval(c, n, l);
   }
   /* "Only variables, block members, or blocks can be qualified with
    * xfb_offset." */
   if (check_layout_find(list, "xfb_offset"))
      check_error(c, n, "xfb_offset cannot be used on 'layout(...) out;'");
   xfb_limits(c, n, list);
   note_xfb_declaration(c, n, list, true);
}

/* The xfb_buffer and xfb_stride of an output variable declaration. */
void
check_xfb_variable(struct check *c, struct ast_node *n)
{
   xfb_limits(c, n, n->type->layout);
   note_xfb_declaration(c, n, n->type->layout, false);
}
