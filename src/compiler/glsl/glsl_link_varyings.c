/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Varyings: the outputs of one stage meet the inputs of the next.  An
 * input matches the output of the same name (with layout(location), the
 * output at that location); both must have the same type (GLSL ES
 * 1.00 4.3.5, GLSL 4.60 4.3.4).  A matched pair gets the same slot
 * VARYING_SLOT_VAR0 + k, explicitly located pairs first, then the others
 * in declaration order.  An input the consumer uses with no output to
 * feed it is a link error; unmatched outputs and unused inputs are
 * demoted to temporaries so that nothing is passed for them.
 */
#include <string.h>

#include "ast.h"
#include "glsl_link_priv.h"
#include "util/ralloc.h"

static bool
is_user_io(const struct glsl_nir_var *v, nir_variable_mode mode)
{
   return !v->builtin && v->var->mode == mode;
}

/* A user varying without layout(location) as declared: an input of a
 * consumer or an output of a producer (`varying` is the one or the other
 * by stage).  By its qualifiers, since unused ones may already be
 * demoted to temporaries. */
static bool
unlocated_varying(const struct glsl_nir_var *v, bool output)
{
   return !v->builtin && v->location < 0 &&
          (v->qual & (AST_Q_VARYING | (output ? AST_Q_OUT : AST_Q_IN)));
}

/* The position of v among the stage's unlocated varyings of its
 * direction, in declaration order. */
static unsigned
unlocated_index(const struct glsl_nir_stage *st, const struct glsl_nir_var *v,
                bool output)
{
   unsigned k = 0;
   for (unsigned i = 0; i < st->num_vars && &st->vars[i] != v; i++)
      k += unlocated_varying(&st->vars[i], output);
   return k;
}

/* An input with layout(location) matches the output at that location,
 * whatever its name (GL 4.6 7.4.1: ARB_separate_shader_objects'
 * rendezvous by location), else the output of its name.  Between the
 * stages of a program pipeline (stage_uniforms: each stage from its own
 * separable program), an input no name matches takes the output at its
 * own position among the unlocated ones: GL 4.6 7.4.1 leaves such
 * interfaces undefined, and Mesa gives each separable program's
 * unlocated varyings locations in declaration order, which programs (and
 * piglit's vs-gs-linking) rely on. */
static struct glsl_nir_var *
find_output(const struct link *l, struct glsl_nir_stage *p,
            const struct glsl_nir_stage *c, const struct glsl_nir_var *in)
{
   for (unsigned i = 0; i < p->num_vars; i++) {
      struct glsl_nir_var *o = &p->vars[i];
      if (!is_user_io(o, nir_var_shader_out))
         continue;
      if (in->location >= 0 ? o->location == in->location
                            : !strcmp(o->name, in->name))
         return o;
   }
   if (in->location >= 0 || !l->opts || !l->opts->stage_uniforms)
      return NULL;
   unsigned want = unlocated_index(c, in, false), k = 0;
   for (unsigned i = 0; i < p->num_vars; i++) {
      struct glsl_nir_var *o = &p->vars[i];
      if (!unlocated_varying(o, true))
         continue;
      if (k++ == want)
         return is_user_io(o, nir_var_shader_out) ? o : NULL;
   }
   return NULL;
}

struct glsl_nir_var *
link_find_output(const struct link *l, struct glsl_nir_stage *producer,
                 const struct glsl_nir_stage *consumer,
                 const struct glsl_nir_var *in)
{
   return find_output(l, producer, consumer, in);
}

static bool
is_integer(const struct glsl_type *t)
{
   return glsl_type_contains(t, GLSL_TYPE_INT) ||
          glsl_type_contains(t, GLSL_TYPE_UINT) ||
          glsl_type_contains(t, GLSL_TYPE_DOUBLE);
}

/* The type of one vertex of an input: geometry shader inputs are arrays
 * with one element per input vertex, each matching the previous stage's
 * output (GLSL 1.50 4.3.4). */
static const struct glsl_type *
vertex_type(gl_shader_stage s, nir_variable_mode mode,
            const struct glsl_type *t)
{
   if (s == MESA_SHADER_GEOMETRY && mode == nir_var_shader_in &&
       glsl_type_is_array(t))
      return t->element;
   return t;
}

static int
take_slots(bool *used, int want, unsigned n)
{
   if (want >= 0) {
      if (want + n > LINK_MAX_VARYING_SLOTS)
         return -1;
      for (unsigned k = 0; k < n; k++)
         used[want + k] = true;
      return want;
   }
   for (int s = 0; s + (int)n <= LINK_MAX_VARYING_SLOTS; s++) {
      bool free = true;
      for (unsigned k = 0; k < n; k++)
         free = free && !used[s + k];
      if (free) {
         for (unsigned k = 0; k < n; k++)
            used[s + k] = true;
         return s;
      }
   }
   return -1;
}

static void
add_varying(struct link *l, gl_shader_stage producer, struct glsl_nir_var *v,
            const struct glsl_type *t, int slot, unsigned n, bool flat)
{
   struct glsl_program *prog = l->prog;
   struct glsl_program_varying *r = &prog->varyings[prog->num_varyings++];
   r->name = ralloc_strdup(prog, v->name);
   r->type = glsl_without_array(t);
   r->array_size = glsl_type_is_array(t) && t->length > 0
                      ? (unsigned)t->length
                      : 1;
   r->location = VARYING_SLOT_VAR0 + slot;
   r->num_slots = n;
   r->flat = flat;
   r->producer = (int)producer;
   r->stream = v->stream;
   r->anonymous_block = v->anonymous_block;
}

static void
place(nir_variable *var, int slot, bool flat)
{
   var->data.location = VARYING_SLOT_VAR0 + slot;
   var->data.driver_location = (unsigned)var->data.location;
   var->data.flat = flat;
}

/* The members of block `name` among the stage's I/O variables of `mode`,
 * in declaration order, as one string of "member:type;" entries. */
static char *
block_signature(struct link *l, struct glsl_nir_stage *st,
                gl_shader_stage s, nir_variable_mode mode, const char *block,
                size_t len)
{
   char *sig = ralloc_strdup(l->prog, "");
   for (unsigned i = 0; i < st->num_vars; i++) {
      struct glsl_nir_var *v = &st->vars[i];
      if (!is_user_io(v, mode) || strncmp(v->name, block, len) ||
          v->name[len] != '.')
         continue;
      ralloc_asprintf_append(&sig, "%s:%s;", v->name,
                             glsl_type_name(l->prog,
                                            vertex_type(s, mode, v->type)));
   }
   return sig;
}

/* GLSL 4.60 4.3.9: an output block and the input block of the same name
 * have the same members, in the same order, with the same types. */
static bool
blocks_match(struct link *l, struct glsl_nir_stage *p, gl_shader_stage ps,
             struct glsl_nir_stage *c, gl_shader_stage cs)
{
   for (unsigned i = 0; i < c->num_vars; i++) {
      struct glsl_nir_var *in = &c->vars[i];
      const char *dot = strchr(in->name, '.');
      if (!is_user_io(in, nir_var_shader_in) || !dot)
         continue;
      size_t len = (size_t)(dot - in->name);
      char *a = block_signature(l, c, cs, nir_var_shader_in, in->name,
                                len);
      char *b = block_signature(l, p, ps, nir_var_shader_out, in->name,
                                len);
      if (*b && strcmp(a, b)) {
         link_error(l, "block '%.*s' of the %s shader does not match the "
                    "block of that name in the previous stage (members, "
                    "order or types differ)", (int)len, in->name,
                    gl_shader_stage_name(cs));
         return false;
      }
   }
   return true;
}

/* A pair that does not fit: an array of scalars on both sides is packed
 * four elements to a location (glsl_link_pack.c).  Returns whether it
 * was, with the consumer's new per-vertex type in *in_type. */
static bool
pack_pair(struct link *l, gl_shader_stage ps, struct glsl_nir_var *out,
          gl_shader_stage cs, struct glsl_nir_var *in,
          const struct glsl_type **in_type)
{
   bool gs_in = cs == MESA_SHADER_GEOMETRY;
   nir_shader *pn = l->stage[ps]->nir, *cn = l->stage[cs]->nir;
   if (!link_pack_can(pn, out->var, false) ||
       !link_pack_can(cn, in->var, gs_in))
      return false;
   link_pack(pn, out->var, false);
   link_pack(cn, in->var, gs_in);
   out->type = link_packed_type(l->prog, out->type, false);
   in->type = link_packed_type(l->prog, in->type, gs_in);
   *in_type = vertex_type(cs, nir_var_shader_in, in->type);
   return true;
}

/* Whether transform feedback captures (part of) the output called name:
 * a captured name is the output's name, maybe followed by an array index
 * or a member (ES 3.0 section 2.15.1). */
static bool
captured(struct link *l, const char *name)
{
   size_t n = strlen(name);

   for (unsigned i = 0; l->opts && i < l->opts->num_xfb_varyings; i++) {
      const char *c = l->opts->xfb_varyings[i];
      if (c && !strncmp(c, name, n) &&
          (c[n] == '\0' || c[n] == '[' || c[n] == '.'))
         return true;
   }
   return false;
}

/* An output no later stage reads but transform feedback captures: it keeps
 * a slot of its own (after the matched ones) and is listed. */
static void
keep_output(struct link *l, gl_shader_stage ps, struct glsl_nir_var *o,
            bool *used)
{
   unsigned n = link_type_slots(o->type);
   int slot = take_slots(used, o->location, n);
   if (slot < 0) {
      link_error(l, "too many varyings: '%s' does not fit in the %d "
                 "varying locations", o->name, LINK_MAX_VARYING_SLOTS);
      return;
   }
   bool flat = o->var->data.flat || is_integer(o->type);
   place(o->var, slot, flat);
   add_varying(l, ps, o, o->type, slot, n, flat);
}

/* A used input without a location and its output: the pairs mixed
 * packing may move. */
static struct glsl_nir_var *
free_pair(const struct link *l, struct glsl_nir_stage *p,
          const struct glsl_nir_stage *c, struct glsl_nir_var *in)
{
   if (!is_user_io(in, nir_var_shader_in) || !in->used || in->location >= 0)
      return NULL;
   struct glsl_nir_var *out = find_output(l, p, c, in);
   return out && out->location < 0 && link_types_match(in->type, out->type)
             ? out
             : NULL;
}

static bool
is_flat(const struct glsl_nir_var *v)
{
   return (v->qual & AST_Q_FLAT) || is_integer(v->type);
}

/* GLSL 4.60 chapter 11 counts varying components: when the pairs do
 * not fit the locations even with scalar arrays packed four to a
 * location, flat 32-bit scalars fill the free components of a flat
 * scalar array's last packed location (glsl_link_pack.c), so that
 * piglit's varying-packing-mixed-types float + uint + int[N - 2] fits.
 * Not between a vertex and a geometry shader. */
static void
absorb_scalars(struct link *l, gl_shader_stage ps, gl_shader_stage cs)
{
   struct glsl_nir_stage *p = l->stage[ps], *c = l->stage[cs];
   nir_shader *pn = p->nir, *cn = c->nir;
   unsigned need = 0;
   struct glsl_nir_var *host = NULL, *host_out = NULL;
   if (cs == MESA_SHADER_GEOMETRY)
      return;
   for (unsigned i = 0; i < c->num_vars; i++) {
      struct glsl_nir_var *in = &c->vars[i];
      if (!is_user_io(in, nir_var_shader_in) || !in->used)
         continue;
      struct glsl_nir_var *out = free_pair(l, p, c, in);
      bool packable = out && link_pack_can(cn, in->var, false) &&
                      link_pack_can(pn, out->var, false);
      unsigned n = link_type_slots(in->type);
      need += packable ? (n + 3) / 4 : n;
      if (packable && !host && is_flat(in) && (n % 4) != 0) {
         host = in;
         host_out = out;
      }
   }
   if (!host || need <= LINK_MAX_VARYING_SLOTS)
      return;
   unsigned len = (unsigned)host->type->length;
   for (unsigned i = 0; i < c->num_vars && (len % 4) != 0; i++) {
      struct glsl_nir_var *in = &c->vars[i];
      struct glsl_nir_var *out =
         in == host ? NULL : free_pair(l, p, c, in);
      if (!out || !is_flat(in) || glsl_type_is_array(in->type) ||
          !link_pack_absorb_can(cn, in->var) ||
          !link_pack_absorb_can(pn, out->var))
         continue;
      link_pack_grow(cn, host->var, len + 1);
      link_pack_grow(pn, host_out->var, len + 1);
      link_pack_absorb(cn, host->var, in->var, len);
      link_pack_absorb(pn, host_out->var, out->var, len);
      link_demote_var(cn, in->var);
      link_demote_var(pn, out->var);
      in->used = false;
      len++;
   }
   const struct glsl_type *t =
      glsl_array_type(l->prog, host->type->element, (int)len);
   host->type = host_out->type = t;
}

static void
link_pair(struct link *l, gl_shader_stage ps, gl_shader_stage cs)
{
   struct glsl_nir_stage *p = l->stage[ps], *c = l->stage[cs];
   bool used[LINK_MAX_VARYING_SLOTS] = { false };
   if (!blocks_match(l, p, ps, c, cs))
      return;
   bool *matched = rzalloc_array(l->prog, bool,
                                 p->num_vars ? p->num_vars : 1);
   absorb_scalars(l, ps, cs);

   for (unsigned pass = 0; pass < 2 && !l->failed; pass++) {
      for (unsigned i = 0; i < c->num_vars && !l->failed; i++) {
         struct glsl_nir_var *in = &c->vars[i];
         if (!is_user_io(in, nir_var_shader_in))
            continue;
         struct glsl_nir_var *out = find_output(l, p, c, in);
         int want = in->location >= 0 ? in->location
                    : out && out->location >= 0 ? out->location
                                                : -1;
         if ((want >= 0) != (pass == 0))
            continue;
         if (!out) {
            if (in->used) {
               link_error(l, "%s shader input '%s' is not written by the "
                          "%s shader", gl_shader_stage_name(cs), in->name,
                          gl_shader_stage_name(ps));
               return;
            }
            link_demote_var(c->nir, in->var);
            continue;
         }
         if (in->used && !out->written && !l->es && l->version < 130) {
            /* GLSL 1.10/1.20 4.3.6: a varying the fragment shader reads
             * must be written by the vertex shader. */
            link_error(l, "%s shader input '%s' is read but the %s shader "
                       "never writes it", gl_shader_stage_name(cs),
                       in->name, gl_shader_stage_name(ps));
            return;
         }
         const struct glsl_type *in_type =
            vertex_type(cs, nir_var_shader_in, in->type);
         if (!link_varying_types_match(in_type, out->type)) {
            link_error(l, "'%s' is declared with different types in the %s "
                       "and %s shaders", in->name, gl_shader_stage_name(ps),
                       gl_shader_stage_name(cs));
            return;
         }
         if (!l->es && l->version <= 120 &&
             ((in->qual ^ out->qual) & AST_Q_CENTROID)) {
            /* GLSL 1.20 4.3.6: centroid must match between the stages. */
            link_error(l, "'%s' is declared centroid in one stage only",
                       in->name);
            return;
         }
         if (!l->es && l->version < 440 &&
             ((in->qual ^ out->qual) & AST_Q_SAMPLE)) {
            /* sample is an interpolation-related qualifier, which must
             * match before GLSL 4.40 (as Mesa links it; piglit's
             * arb_gpu_shader5 sample-qualifier linker tests) */
            link_error(l, "'%s' is declared sample in one stage only",
                       in->name);
            return;
         }
         if (link_invariance_must_match(l) &&
             link_var_invariant(l, cs, in, false) !=
                link_var_invariant(l, ps, out, true)) {
            link_error(l, "'%s' is declared invariant in one stage only "
                       "(the %s and %s shaders must agree)", in->name,
                       gl_shader_stage_name(ps), gl_shader_stage_name(cs));
            return;
         }
         if (!in->used) {
            link_demote_var(c->nir, in->var);
            continue;
         }
         unsigned n = link_type_slots(in_type);
         int slot = take_slots(used, want, n);
         if (slot < 0 && want < 0 &&
             pack_pair(l, ps, out, cs, in, &in_type)) {
            n = link_type_slots(in_type);
            slot = take_slots(used, want, n);
         }
         if (slot < 0) {
            link_error(l, "too many varyings: '%s' does not fit in the %d "
                       "varying locations", in->name,
                       LINK_MAX_VARYING_SLOTS);
            return;
         }
         bool flat = in->var->data.flat || is_integer(in->type);
         place(in->var, slot, flat);
         place(out->var, slot, flat);
         out->var->data.centroid = in->var->data.centroid;
         out->var->data.noperspective = !flat && in->var->data.noperspective;
         out->var->data.sample = in->var->data.sample;
         matched[out - p->vars] = true;
         add_varying(l, ps, in, in_type, slot, n, flat);
      }
   }
   for (unsigned i = 0; i < p->num_vars && !l->failed; i++) {
      struct glsl_nir_var *o = &p->vars[i];
      if (!is_user_io(o, nir_var_shader_out) || matched[i])
         continue;
      if (cs == MESA_SHADER_FRAGMENT && captured(l, o->name))
         keep_output(l, ps, o, used);
      else
         link_demote_var(p->nir, o->var);
   }
}

/* The last stage before rasterization with no consumer keeps every
 * output (transform feedback could read them); a first stage that is not
 * the vertex shader (a separable fragment shader) keeps its inputs. */
static void
place_all(struct link *l, gl_shader_stage ps, nir_variable_mode mode)
{
   struct glsl_nir_stage *p = l->stage[ps];
   bool used[LINK_MAX_VARYING_SLOTS] = { false };
   for (unsigned pass = 0; pass < 2 && !l->failed; pass++) {
      for (unsigned i = 0; i < p->num_vars; i++) {
         struct glsl_nir_var *o = &p->vars[i];
         if (!is_user_io(o, mode) || (o->location >= 0) != (pass == 0))
            continue;
         const struct glsl_type *t = vertex_type(ps, mode, o->type);
         unsigned n = link_type_slots(t);
         int slot = take_slots(used, o->location, n);
         if (slot < 0) {
            link_error(l, "too many varyings: '%s' does not fit in the %d "
                       "varying locations", o->name,
                       LINK_MAX_VARYING_SLOTS);
            return;
         }
         bool flat = o->var->data.flat || is_integer(t);
         place(o->var, slot, flat);
         add_varying(l, mode == nir_var_shader_out ? ps : MESA_SHADER_NONE,
                     o, t, slot, n, flat);
      }
   }
}

void
link_varyings(struct link *l)
{
   unsigned total = 0;
   for (unsigned s = 0; s < MESA_SHADER_STAGES; s++)
      total += l->stage[s] ? l->stage[s]->num_vars : 0;
   l->prog->varyings = rzalloc_array(l->prog, struct glsl_program_varying,
                                     total ? total : 1);
   int prev = -1;
   for (int s = 0; s <= MESA_SHADER_FRAGMENT && !l->failed; s++) {
      if (!l->stage[s])
         continue;
      if (prev >= 0)
         link_pair(l, (gl_shader_stage)prev, (gl_shader_stage)s);
      else if (s != MESA_SHADER_VERTEX)
         place_all(l, (gl_shader_stage)s, nir_var_shader_in);
      prev = s;
   }
   if (prev >= 0 && prev != MESA_SHADER_FRAGMENT && !l->failed)
      place_all(l, (gl_shader_stage)prev, nir_var_shader_out);
}
