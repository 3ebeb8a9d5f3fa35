/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The default uniform block.  Uniforms of the same name in several stages
 * are one uniform and must have the same type (GLSL 4.60 4.3.5, ES 1.00
 * 4.3.4), unless glsl_link_options.stage_uniforms keeps them apart.  Each gets storage in declaration order, vec4-slot aligned as
 * glsl_program.h describes, and every stage's variable its slot as
 * driver_location.  The active ones are listed the way GL reports them:
 * structures are split into their leaves ("s.f", "s[1].f") and an array
 * of basic or sampler type is one entry "a[0]" with a size; each entry
 * takes one location per element, consecutive over the uniform's entries:
 * from its layout(location) when it has one (GLSL ES 3.10 4.4.3, GLSL
 * 4.60 4.4.3), else the lowest run of free locations (after the explicit
 * ones are placed).  Initializers are evaluated with the
 * NIR interpreter into the default contents of the storage; samplers
 * start at their layout(binding) unit (GLSL 4.20 4.4.6), else 0.
 */
#include <stdio.h>
#include <string.h>

#include "ast.h"
#include "glsl_link_priv.h"
#include "util/hash_table.h"
#include "util/ralloc.h"

/* What a uniform's type takes (type_size()). */
struct type_size {
   unsigned slots, locations;
};

struct uniform {
   const char *name;
   const struct glsl_type *type;
   nir_variable *var[MESA_SHADER_STAGES];
   struct ast_node *init;
   struct glsl_parse_state *init_unit;
   int binding;
   int location;               /* layout(location), else -1 */
   unsigned prec;              /* AST_Q_* precision, 0 when none */
   bool used;
   unsigned stages;
   unsigned slot;
   struct type_size size;
   bool builtin;               /* gl_*: matrices start as identity */
   int first_sampler;
   int first_image;
};

struct walk {
   struct link *l;
   struct uniform *u;
   struct link_names names;     /* the name being walked */
   unsigned entries_cap;        /* prog->uniforms has room for this many */
   bool oom;
   unsigned next_location;
   unsigned next_sampler;
   unsigned next_image;
};

/* The active image uniforms (array elements each) a stage uses, against
 * GL_MAX_<STAGE>_IMAGE_UNIFORMS and, over all stages, against
 * GL_MAX_COMBINED_IMAGE_UNIFORMS: exceeding either is a link error
 * (ARB_shader_image_load_store, its image uniform limits; GL 4.6 table
 * 23.57-23.62 lists them). */
static void
check_image_limits(struct link *l)
{
   const struct glsl_link_options *o = l->opts;
   if (!o || !o->image_limits_set)
      return;
   unsigned per_stage[MESA_SHADER_STAGES] = {0}, total = 0;
   for (unsigned i = 0; i < l->prog->num_uniforms; i++) {
      const struct glsl_program_uniform *e = &l->prog->uniforms[i];
      if (e->image_index < 0)
         continue;
      for (unsigned s = 0; s < MESA_SHADER_STAGES; s++) {
         if (e->stages & (1u << s)) {
            per_stage[s] += e->array_size;
            total += e->array_size;
         }
      }
   }
   for (unsigned s = 0; s < MESA_SHADER_STAGES; s++) {
      if (per_stage[s] > o->max_stage_images[s]) {
         link_error(l, "the %s shader uses %u image uniforms, more than "
                    "its limit of %u", gl_shader_stage_name(s),
                    per_stage[s], o->max_stage_images[s]);
         return;
      }
   }
   if (total > o->max_combined_images)
      link_error(l, "the program uses %u image uniforms in all, more than "
                 "the %u of GL_MAX_COMBINED_IMAGE_UNIFORMS", total,
                 o->max_combined_images);
}

/* The components of the active default-block uniforms a stage uses
 * (GL 4.6 7.6: "a link error is generated if an attempt is made to
 * utilize more than the space available for <stage> shader uniform
 * variables"; piglit's arb_tessellation_shader-large-uniforms: a float
 * array of exactly the limit links, one more element fails).  Doubles
 * take two components each; samplers, images and atomic counters take
 * none (they have limits of their own), as in Mesa's linker. */
static void
check_uniform_component_limits(struct link *l)
{
   const struct glsl_link_options *o = l->opts;
   if (!o || !o->uniform_limits_set)
      return;
   uint64_t per_stage[MESA_SHADER_STAGES] = {0};
   for (unsigned i = 0; i < l->prog->num_uniforms; i++) {
      const struct glsl_program_uniform *e = &l->prog->uniforms[i];
      if (!glsl_type_is_basic(e->type))
         continue;
      bool wide = e->type->base_type == GLSL_TYPE_DOUBLE ||
                  e->type->base_type == GLSL_TYPE_INT64 ||
                  e->type->base_type == GLSL_TYPE_UINT64;
      uint64_t n = (uint64_t)glsl_type_components(e->type) *
                   e->array_size * (wide ? 2 : 1);
      for (unsigned s = 0; s < MESA_SHADER_STAGES; s++) {
         if (e->stages & (1u << s))
            per_stage[s] += n;
      }
   }
   for (unsigned s = 0; s < MESA_SHADER_STAGES; s++) {
      if (per_stage[s] > o->max_stage_uniform_components[s]) {
         link_error(l, "the %s shader uses %llu uniform components, more "
                    "than its limit of %u (GL_MAX_%s_UNIFORM_COMPONENTS)",
                    gl_shader_stage_name(s),
                    (unsigned long long)per_stage[s],
                    o->max_stage_uniform_components[s],
                    link_stage_limit_name(s));
         return;
      }
   }
}

/* An entry named after the leaf being walked (w->names). */
static void
add_entry(struct walk *w, const struct glsl_type *t, unsigned array_size,
          bool is_array, unsigned offset_B)
{
   struct glsl_program *prog = w->l->prog;
   if (prog->num_uniforms == w->entries_cap) {
      unsigned cap = w->entries_cap ? 2 * w->entries_cap : 16;
      struct glsl_program_uniform *grown =
         reralloc(prog, prog->uniforms, struct glsl_program_uniform, cap);
      if (!grown) {
         w->oom = true;
         return;
      }
      prog->uniforms = grown;
      w->entries_cap = cap;
   }
   struct glsl_program_uniform *e = &prog->uniforms[prog->num_uniforms++];
   *e = (struct glsl_program_uniform){0};
   e->name = link_names_keep(&w->names, is_array);
   e->type = t;
   e->gl_type = glsl_type_gl_enum(t);
   e->array_size = array_size;
   e->is_array = is_array;
   e->location = (int)w->next_location;
   e->offset_B = offset_B;
   e->array_stride_B = 16 * link_type_slots(t);
   e->stages = w->u->stages;
   e->sampler_index = -1;
   w->next_location += array_size;
   if (t->base_type == GLSL_TYPE_SAMPLER) {
      e->sampler_index = (int)w->next_sampler;
      if (w->u->first_sampler < 0)
         w->u->first_sampler = (int)w->next_sampler;
      w->next_sampler += array_size;
   }
   /* images: numbered like samplers, in a space of their own */
   e->image_index = -1;
   if (t->base_type == GLSL_TYPE_IMAGE) {
      e->image_index = (int)w->next_image;
      if (w->u->first_image < 0)
         w->u->first_image = (int)w->next_image;
      w->next_image += array_size;
   }
}

/* The entries of a uniform, or of a part of one, of type t at offset_B
 * in the storage; w->names holds its name. */
static void
walk_type(struct walk *w, const struct glsl_type *t, unsigned offset_B)
{
   if (t->base_type == GLSL_TYPE_ARRAY) {
      const struct glsl_type *et = t->element;
      unsigned len = t->length > 0 ? (unsigned)t->length : 1;
      if (et->base_type != GLSL_TYPE_ARRAY &&
          et->base_type != GLSL_TYPE_STRUCT) {
         add_entry(w, et, len, true, offset_B);
         return;
      }
      unsigned stride_B = 16 * link_type_slots(et);
      for (unsigned i = 0; i < len; i++) {
         size_t back = link_names_push_index(&w->names, i);
         walk_type(w, et, offset_B + i * stride_B);
         link_names_pop(&w->names, back);
      }
      return;
   }
   if (t->base_type == GLSL_TYPE_STRUCT) {
      unsigned off = offset_B;
      for (unsigned i = 0; i < t->num_fields; i++) {
         size_t back = link_names_push_field(&w->names, t->fields[i].name);
         walk_type(w, t->fields[i].type, off);
         link_names_pop(&w->names, back);
         off += 16 * link_type_slots(t->fields[i].type);
      }
      return;
   }
   add_entry(w, t, 1, false, offset_B);
}

/* What a uniform of type t takes: vec4 slots of storage (as
 * link_type_slots()) and locations (one per element of each entry
 * walk_type makes of it).  Computed in the loop that walks the type for
 * its entries, one uniform after the other: on a program with many
 * structure uniforms, every separate loop over all uniforms reading
 * their types missed the cache once per type again. */
static struct type_size
type_size(const struct glsl_type *t)
{
   struct type_size r = {0};
   if (t->base_type == GLSL_TYPE_ARRAY) {
      unsigned len = t->length > 0 ? (unsigned)t->length : 1;
      struct type_size e = type_size(t->element);
      r.slots = len * e.slots;
      r.locations = len * e.locations;
   } else if (t->base_type == GLSL_TYPE_STRUCT) {
      for (unsigned i = 0; i < t->num_fields; i++) {
         struct type_size f = type_size(t->fields[i].type);
         r.slots += f.slots;
         r.locations += f.locations;
      }
   } else {
      r.slots = link_type_slots(t);
      r.locations = 1;
   }
   return r;
}

/* Which locations are taken: taken[0 .. cap), everything from cap on is
 * free (the map grows as implicit locations are handed out past it). */
struct location_map {
   uint8_t *taken;
   unsigned cap;
   void *mem;
};

static bool
map_reserve(struct location_map *m, unsigned end)
{
   if (end <= m->cap)
      return true;
   unsigned cap = m->cap ? m->cap : 64;
   while (cap < end)
      cap *= 2;
   uint8_t *t = rerzalloc_size(m->mem, m->taken, m->cap, cap);
   if (!t)
      return false;
   m->taken = t;
   m->cap = cap;
   return true;
}

/* Marks locations first .. first + n - 1 taken; false (with the error)
 * when past GLSL_MAX_UNIFORM_LOCATIONS or already taken by another
 * uniform (GLSL 4.60 4.4.3: a link error). */
static bool
take_locations(struct link *l, struct location_map *m, unsigned first,
               unsigned n, const char *name)
{
   if (first > GLSL_MAX_UNIFORM_LOCATIONS ||
       n > GLSL_MAX_UNIFORM_LOCATIONS - first) {
      link_error(l, "uniform '%s' at location %u does not fit below "
                 "GL_MAX_UNIFORM_LOCATIONS (%u)", name, first,
                 GLSL_MAX_UNIFORM_LOCATIONS);
      return false;
   }
   if (!map_reserve(m, first + n)) {
      link_error(l, "out of memory");
      return false;
   }
   for (unsigned i = first; i < first + n; i++) {
      if (m->taken[i]) {
         link_error(l, "uniform '%s' overlaps another at location %u", name,
                    i);
         return false;
      }
      m->taken[i] = 1;
   }
   return true;
}

/* The lowest location of a run of n free ones, marked taken, or ~0u when
 * out of memory.  Every location below *low is taken: the search starts
 * there and moves it up, so that placing u uniforms one after the other
 * costs O(u + locations) instead of a scan from 0 each (quadratic). */
static unsigned
free_locations(struct location_map *m, unsigned n, unsigned *low)
{
   while (*low < m->cap && m->taken[*low])
      ++*low;
   unsigned run = 0, i;
   for (i = *low; i < m->cap && run < n; i++)
      run = m->taken[i] ? 0 : run + 1;
   /* found inside the map, or a run reaching its end goes on past it */
   unsigned first = i - run;
   if (!map_reserve(m, first + n))
      return ~0u;
   memset(m->taken + first, 1, n);
   return first;
}

/* Sampler and image units from layout(binding): consecutive for arrays
 * (GLSL 4.20 4.4.5 and 4.4.6). */
static void
sampler_defaults(const struct glsl_type *t, uint32_t *words, int *unit)
{
   if (t->base_type == GLSL_TYPE_ARRAY) {
      unsigned len = t->length > 0 ? (unsigned)t->length : 1;
      for (unsigned i = 0; i < len; i++)
         sampler_defaults(t->element, words + i * 4 *
                                         link_type_slots(t->element), unit);
   } else if (t->base_type == GLSL_TYPE_STRUCT) {
      unsigned off = 0;
      for (unsigned i = 0; i < t->num_fields; i++) {
         sampler_defaults(t->fields[i].type, words + off, unit);
         off += 4 * link_type_slots(t->fields[i].type);
      }
   } else if (t->base_type == GLSL_TYPE_SAMPLER ||
              t->base_type == GLSL_TYPE_IMAGE) {
      words[0] = (uint32_t)(*unit)++;
   }
}

void
link_uniforms(struct link *l)
{
   struct glsl_program *prog = l->prog;
   unsigned max = 0;
   for (unsigned s = 0; s < MESA_SHADER_STAGES; s++)
      max += l->stage[s] ? l->stage[s]->num_vars : 0;
   struct uniform *us = rzalloc_array(prog, struct uniform, max ? max : 1);
   unsigned nu = 0;
   /* Uniforms by name: a list search per declaration would make linking
    * quadratic in the number of uniforms. */
   struct hash_table *by_name = hash_table_create_string_keys(us);
   if (!us || !by_name) {
      link_error(l, "out of memory");
      return;
   }

   for (unsigned s = 0; s < MESA_SHADER_STAGES; s++) {
      struct glsl_nir_stage *ns = l->stage[s];
      for (unsigned i = 0; ns && i < ns->num_vars; i++) {
         struct glsl_nir_var *v = &ns->vars[i];
         if (v->var->mode != nir_var_uniform)
            continue;
         const char *key =
            l->opts && l->opts->stage_uniforms
               ? ralloc_asprintf(us, "%u:%s", s, v->name)
               : v->name;
         struct uniform *u = hash_table_search_data(by_name, key);
         if (u && !link_types_match(u->type, v->type)) {
            link_error(l, "uniform '%s' is declared with different types "
                       "in different shaders", v->name);
            return;
         }
         /* ES 1.00 only compares uniforms both shaders use. */
         if (u && l->es && (u->prec & v->qual & AST_Q_PRECISION) == 0 &&
             u->prec && (v->qual & AST_Q_PRECISION) &&
             (l->version >= 300 || (u->used && v->used))) {
            /* GLSL ES 3.00 4.5.3 (ES 1.00 4.5.3): a uniform in several
             * shaders has one precision. */
            link_error(l, "uniform '%s' is declared with different "
                       "precisions in different shaders", v->name);
            return;
         }
         if (!u) {
            u = &us[nu++];
            if (!hash_table_insert(by_name, key, u)) {
               link_error(l, "out of memory");
               return;
            }
            u->prec = v->qual & AST_Q_PRECISION;
            u->name = v->name;
            u->type = v->type;
            u->binding = -1;
            u->location = -1;
            u->first_sampler = -1;
            u->first_image = -1;
         }
         u->var[s] = v->var;
         u->used |= v->used;
         if (v->used)
            u->stages |= 1u << s;
         if (v->initializer && !u->init) {
            u->init = v->initializer;
            u->init_unit = l->unit[s];
         }
         /* A uniform with an initializer stays active even unused, so its
          * value can be queried and set (Mesa, the reference, keeps such
          * uniforms: alexvorxx/Mesa-VirGL src/compiler/glsl/
          * opt_dead_code.cpp, "uniform initializers are precious"). */
         if (v->initializer)
            u->used = true;
         /* GLSL 4.20 4.4.6 (ARB_shading_language_420pack): one sampler
          * or image uniform of several shaders cannot name two units
          * (piglit's different-bindings-{sampler,image}2D link errors;
          * llvmpipe refuses them).  A shader without a binding takes the
          * other's. */
         if (v->binding >= 0 && u->binding >= 0 && v->binding != u->binding) {
            link_error(l, "uniform '%s' has different bindings (%d and %d) "
                       "in different shaders", v->name, u->binding,
                       v->binding);
            return;
         }
         if (v->binding >= 0)
            u->binding = v->binding;
         if (v->location >= 0 && u->location >= 0 &&
             v->location != u->location) {
            link_error(l, "uniform '%s' has different locations in "
                       "different shaders", v->name);
            return;
         }
         if (v->location >= 0)
            u->location = v->location;
      }
   }

   hash_table_destroy(by_name, NULL);

   /* Explicit locations first (those of inactive uniforms stay reserved);
    * the others fill the gaps from 0 up. */
   struct location_map map = { .mem = us };
   unsigned inactive = 0;
   for (unsigned k = 0; k < nu; k++) {
      if (us[k].location < 0)
         continue;
      unsigned n = type_size(us[k].type).locations;
      if (!take_locations(l, &map, (unsigned)us[k].location, n, us[k].name))
         return;
      inactive += !us[k].used;
   }
   prog->inactive_locations =
      ralloc_array(prog, struct glsl_location_run, inactive ? inactive : 1);
   for (unsigned k = 0; prog->inactive_locations && k < nu; k++) {
      if (us[k].location >= 0 && !us[k].used) {
         prog->inactive_locations[prog->num_inactive_locations++] =
            (struct glsl_location_run){(unsigned)us[k].location,
                                       type_size(us[k].type).locations};
      }
   }

   /* One loop does everything that reads a uniform's type and name:
    * storage, driver locations, locations and entries. */
   struct walk w = { .l = l };
   link_names_init(&w.names, prog);
   unsigned end_location = 0, low_free = 0, slots = 0;
   for (unsigned k = 0; k < nu && !w.oom; k++) {
      struct uniform *u = &us[k];
      u->size = type_size(u->type);
      u->slot = slots;
      slots += u->size.slots;
      u->builtin = !strncmp(u->name, "gl_", 3);
      for (unsigned s = 0; s < MESA_SHADER_STAGES; s++) {
         if (u->var[s])
            u->var[s]->data.driver_location = u->slot;
      }
      if (!u->used)
         continue;
      w.u = u;
      w.next_location = u->location >= 0
                           ? (unsigned)u->location
                           : free_locations(&map, u->size.locations,
                                            &low_free);
      if (w.next_location == ~0u) {
         w.oom = true;
         break;
      }
      link_names_set(&w.names, u->name, strlen(u->name));
      walk_type(&w, u->type, u->slot * 16);
      if (w.next_location > end_location)
         end_location = w.next_location;
      for (unsigned s = 0; s < MESA_SHADER_STAGES; s++) {
         if (u->var[s] && u->first_sampler >= 0)
            u->var[s]->data.binding = (unsigned)u->first_sampler;
         if (u->var[s] && u->first_image >= 0)
            u->var[s]->data.binding = (unsigned)u->first_image;
      }
   }
   link_names_fini(&w.names);
   if (!prog->uniforms)
      prog->uniforms = rzalloc_array(prog, struct glsl_program_uniform, 1);
   prog->uniform_storage_size_B = slots * 16;
   prog->uniform_defaults = rzalloc_array(prog, uint32_t,
                                          slots ? slots * 4 : 1);
   if (w.oom || w.names.oom || !prog->uniforms ||
       !prog->uniform_defaults) {
      link_error(l, "out of memory");
      return;
   }

   /* Default values: initializers, identity built-in matrices, units. */
   for (unsigned k = 0; k < nu; k++) {
      struct uniform *u = &us[k];
      if (!u->init && !u->builtin && u->binding < 0)
         continue;
      uint32_t *words = prog->uniform_defaults + u->slot * 4;
      unsigned nwords = u->size.slots * 4;
      if (u->init && !glsl_nir_eval_initializer(u->init_unit, u->init,
                                                u->type, words, nwords)) {
         ralloc_asprintf_append(&prog->info_log, "warning: the initializer "
                                "of uniform '%s' could not be evaluated; "
                                "it starts as zero\n", u->name);
      }
      if (u->builtin) {
         /* Built-in matrices start as identity. */
         const struct glsl_type *et = glsl_without_array(u->type);
         unsigned n = glsl_type_is_array(u->type) && u->type->length > 0
                         ? (unsigned)u->type->length
                         : 1;
         for (unsigned e = 0; e < n && glsl_type_is_matrix(et); e++) {
            for (unsigned col = 0; col < et->matrix_columns; col++) {
               if (col < et->vector_elements)
                  words[(e * et->matrix_columns + col) * 4 + col] =
                     0x3f800000; /* 1.0f */
            }
         }
      }
      if (u->binding >= 0) {
         int unit = u->binding;
         sampler_defaults(u->type, words, &unit);
      }
   }
   prog->num_uniform_locations = end_location;
   prog->num_samplers = w.next_sampler;
   prog->num_images = w.next_image;
   check_image_limits(l);
   check_uniform_component_limits(l);
}
