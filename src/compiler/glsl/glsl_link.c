/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The linker: translates each stage's shaders to NIR, then assigns the
 * program's interface: vertex attributes (glBindAttribLocation, layout,
 * then the lowest free generic indices), varyings (glsl_link_varyings.c),
 * fragment outputs and the default uniform block
 * (glsl_link_uniforms.c), and finally lowers and optimises each shader.
 * Messages follow the rules of the GLSL (ES) specifications and go to
 * the program's info log; bad input never aborts.
 */
#include <stdarg.h>
#include <string.h>

#include "glsl_link_priv.h"
#include "util/ralloc.h"
#include "util/u_math.h"

void
link_error(struct link *l, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   ralloc_strcat(&l->prog->info_log, "error: ");
   ralloc_vasprintf_append(&l->prog->info_log, fmt, ap);
   ralloc_strcat(&l->prog->info_log, "\n");
   va_end(ap);
   l->failed = true;
}

const char *
link_stage_limit_name(gl_shader_stage s)
{
   static const char *const names[MESA_SHADER_STAGES] = {
      [MESA_SHADER_VERTEX] = "VERTEX",
      [MESA_SHADER_TESS_CTRL] = "TESS_CONTROL",
      [MESA_SHADER_TESS_EVAL] = "TESS_EVALUATION",
      [MESA_SHADER_GEOMETRY] = "GEOMETRY",
      [MESA_SHADER_FRAGMENT] = "FRAGMENT",
      [MESA_SHADER_COMPUTE] = "COMPUTE",
   };
   return (unsigned)s < MESA_SHADER_STAGES && names[s] ? names[s] : "?";
}

unsigned
link_type_slots(const struct glsl_type *t)
{
   switch (t->base_type) {
   case GLSL_TYPE_ARRAY:
      return (t->length > 0 ? (unsigned)t->length : 1) *
             link_type_slots(t->element);
   case GLSL_TYPE_STRUCT:
   case GLSL_TYPE_INTERFACE: {
      unsigned n = 0;
      for (unsigned i = 0; i < t->num_fields; i++)
         n += link_type_slots(t->fields[i].type);
      return n;
   }
   case GLSL_TYPE_DOUBLE:
   case GLSL_TYPE_INT64:
   case GLSL_TYPE_UINT64:
      return t->matrix_columns * (t->vector_elements > 2 ? 2 : 1);
   default:
      return t->matrix_columns;
   }
}

static bool
types_match(const struct glsl_type *a, const struct glsl_type *b,
            bool names)
{
   if (glsl_type_equal(a, b))
      return true;
   if (!a || !b || a->base_type != b->base_type)
      return false;
   if (a->base_type == GLSL_TYPE_ARRAY)
      return a->length == b->length &&
             types_match(a->element, b->element, names);
   if (a->base_type != GLSL_TYPE_STRUCT &&
       a->base_type != GLSL_TYPE_INTERFACE)
      return false;
   /* Structures of different shaders match by name and members
    * (GLSL 4.60 4.3.9 / ES 3.00 4.3.9). */
   if (names && ((a->name == NULL) != (b->name == NULL) ||
                 (a->name && strcmp(a->name, b->name))))
      return false;
   if (a->num_fields != b->num_fields)
      return false;
   for (unsigned i = 0; i < a->num_fields; i++) {
      if (strcmp(a->fields[i].name, b->fields[i].name) ||
          !types_match(a->fields[i].type, b->fields[i].type, names))
         return false;
   }
   return true;
}

bool
link_types_match(const struct glsl_type *a, const struct glsl_type *b)
{
   return types_match(a, b, true);
}

/* An output and the input it feeds: structures need the same members,
 * not the same name (Mesa, the reference, compares varying structures
 * without their names: piglit's arb_separate_shader_objects
 * layout-location-struct passes an "S" output to an "S1" input). */
bool
link_varying_types_match(const struct glsl_type *a,
                         const struct glsl_type *b)
{
   return types_match(a, b, false);
}

void
link_demote_var(nir_shader *nir, nir_variable *var)
{
   nir_function_impl *impl = nir_shader_get_entrypoint(nir);
   list_del(&var->link);
   var->mode = nir_var_function_temp;
   list_addtail(&var->link, &impl->locals);
   nir_foreach_block(block, impl) {
      nir_foreach_instr(instr, block) {
         if (instr->type != nir_instr_type_deref)
            continue;
         nir_deref_instr *d = nir_instr_as_deref(instr);
         if (nir_deref_instr_get_variable(d) == var)
            d->modes = nir_var_function_temp;
      }
   }
}

/* ---- vertex attributes ----------------------------------------------------- */

static int
bound_location(const struct glsl_location_binding *b, unsigned n,
               const char *name)
{
   int loc = -1;
   /* The last binding of a name counts (glBindAttribLocation). */
   for (unsigned i = 0; i < n; i++) {
      if (!strcmp(b[i].name, name))
         loc = (int)b[i].location;
   }
   return loc;
}

/* The compatibility profile's conventional attributes other than
 * gl_Vertex (gl_Normal, gl_Color, ...) are not generic attributes: they
 * keep their VERT_ATTRIB_* location and read from a generic slot no user
 * attribute took, which the GL front end fills from the conventional
 * array.  (So together with them a program has fewer than 16 generic
 * attributes: the same limit Mesa's drivers give.) */
static void
link_conventional_attribs(struct link *l, bool *used)
{
   struct glsl_nir_stage *vs = l->stage[MESA_SHADER_VERTEX];
   struct glsl_program *prog = l->prog;

   for (unsigned i = 0; i < vs->num_vars; i++) {
      struct glsl_nir_var *v = &vs->vars[i];
      int loc = v->var->data.location;
      if (!v->builtin || v->var->mode != nir_var_shader_in ||
          loc < VERT_ATTRIB_NORMAL || loc >= VERT_ATTRIB_COUNT)
         continue;
      int s = 0;
      while (s < LINK_MAX_VERTEX_ATTRIBS && used[s])
         s++;
      if (s == LINK_MAX_VERTEX_ATTRIBS) {
         link_error(l, "too many vertex shader inputs: '%s' does not fit "
                    "beside the generic vertex attributes", v->name);
         return;
      }
      used[s] = true;
      v->var->data.driver_location = (unsigned)s;
      if (!v->used)
         continue;
      struct glsl_program_attrib *a = &prog->attribs[prog->num_attribs++];
      a->name = ralloc_strdup(prog, v->name);
      a->type = v->type;
      a->gl_type = glsl_type_gl_enum(v->type);
      a->array_size = 1;
      a->location = -1;
      a->num_slots = 1;
      a->driver_slot = (unsigned)s;
      a->source = (unsigned)loc;
   }
}

void
link_attribs(struct link *l)
{
   struct glsl_nir_stage *vs = l->stage[MESA_SHADER_VERTEX];
   if (!vs)
      return;
   struct glsl_program *prog = l->prog;
   prog->attribs = rzalloc_array(prog, struct glsl_program_attrib,
                                 vs->num_vars ? vs->num_vars : 1);
   bool used[LINK_MAX_VERTEX_ATTRIBS] = { false };
   for (unsigned i = 0; i < vs->num_vars; i++) {
      struct glsl_nir_var *v = &vs->vars[i];
      if (v->builtin && v->var->mode == nir_var_shader_in &&
          v->var->data.location == VERT_ATTRIB_GENERIC0) {
         used[0] = true;
         v->var->data.driver_location = 0;
         if (v->used) {
            struct glsl_program_attrib *a =
               &prog->attribs[prog->num_attribs++];
            a->name = ralloc_strdup(prog, v->name);
            a->type = v->type;
            a->gl_type = glsl_type_gl_enum(v->type);
            a->array_size = 1;
            a->location = 0;
            a->num_slots = 1;
            a->source = VERT_ATTRIB_GENERIC0;
         }
      }
   }
   /* Pass 0 places explicitly located attributes, pass 1 the rest. */
   for (unsigned pass = 0; pass < 2; pass++) {
      for (unsigned i = 0; i < vs->num_vars; i++) {
         struct glsl_nir_var *v = &vs->vars[i];
         if (v->builtin || v->var->mode != nir_var_shader_in)
            continue;
         int loc = l->opts ? bound_location(l->opts->attrib_bindings,
                                            l->opts->num_attrib_bindings,
                                            v->name)
                           : -1;
         if (loc < 0)
            loc = v->location;
         if ((loc >= 0) != (pass == 0))
            continue;
         unsigned slots = link_type_slots(v->type);
         if (loc < 0) {
            for (int s = 0; s + (int)slots <= LINK_MAX_VERTEX_ATTRIBS; s++) {
               bool free = true;
               for (unsigned k = 0; k < slots; k++)
                  free = free && !used[s + k];
               if (free) {
                  loc = s;
                  break;
               }
            }
            if (loc < 0) {
               link_error(l, "too many vertex shader inputs: '%s' does not "
                          "fit in the %d generic vertex attributes",
                          v->name, LINK_MAX_VERTEX_ATTRIBS);
               return;
            }
         } else if (loc + slots > LINK_MAX_VERTEX_ATTRIBS) {
            link_error(l, "vertex shader input '%s' at location %d lies "
                       "beyond the %d generic vertex attributes", v->name,
                       loc, LINK_MAX_VERTEX_ATTRIBS);
            return;
         }
         /* Bound locations may alias in GL and ES 2.0; explicit layout
          * locations were checked per shader.  GLSL ES 3.00 vertex shaders
          * forbid it, declared inputs counting whether used or not (ES
          * 3.0.6 section 2.12.5). */
         for (unsigned k = 0; k < slots; k++) {
            if (used[loc + k] && l->es && l->version >= 300) {
               link_error(l, "vertex shader input '%s' shares location %u "
                          "with another input (aliasing is not allowed in "
                          "GLSL ES 3.00)", v->name, loc + k);
               return;
            }
            used[loc + k] = true;
         }
         v->var->data.location = VERT_ATTRIB_GENERIC0 + loc;
         v->var->data.driver_location = (unsigned)loc;
         if (!v->used)
            continue;
         const struct glsl_type *et = glsl_without_array(v->type);
         struct glsl_program_attrib *a = &prog->attribs[prog->num_attribs++];
         a->name = ralloc_strdup(prog, v->name);
         a->type = et;
         a->gl_type = glsl_type_gl_enum(et);
         a->array_size = glsl_type_is_array(v->type) && v->type->length > 0
                            ? (unsigned)v->type->length
                            : 1;
         a->location = loc;
         a->num_slots = slots;
         a->driver_slot = (unsigned)loc;
         a->source = VERT_ATTRIB_GENERIC0 + (unsigned)loc;
      }
   }
   link_conventional_attribs(l, used);
}

/* ---- fragment outputs -------------------------------------------------------- */

/* The colour number and blend input glBindFragDataLocation(Indexed) gave
 * a name (the last binding counts); -1 when none. */
static int
bound_frag_location(const struct link *l, const char *name, unsigned *index)
{
   int loc = -1;
   *index = 0;
   if (!l->opts)
      return -1;
   for (unsigned i = 0; i < l->opts->num_frag_data_bindings; i++) {
      const struct glsl_location_binding *b = &l->opts->frag_data_bindings[i];
      if (!strcmp(b->name, name)) {
         loc = (int)b->location;
         *index = b->index;
      }
   }
   return loc;
}

/* The location and blend input of a user output: a layout in the shader
 * wins over an API binding (GL 4.6 section 15.2.3: "an explicit binding
 * ... in the shader text ... overrides"). */
static int
user_frag_location(const struct link *l, const struct glsl_nir_var *v,
                   unsigned *index)
{
   int loc = bound_frag_location(l, v->name, index);
   if (v->location >= 0) {
      loc = v->location;
      *index = v->index > 0 ? 1 : 0;
   }
   return loc;
}

void
link_frag_outputs(struct link *l)
{
   struct glsl_nir_stage *fs = l->stage[MESA_SHADER_FRAGMENT];
   if (!fs)
      return;
   struct glsl_program *prog = l->prog;
   prog->frag_outputs = rzalloc_array(prog, struct glsl_program_frag_output,
                                      fs->num_vars ? fs->num_vars : 1);
   unsigned num_user = 0, num_unlocated = 0;
   bool color_builtin = false;
   for (unsigned i = 0; i < fs->num_vars; i++) {
      struct glsl_nir_var *v = &fs->vars[i];
      if (v->var->mode != nir_var_shader_out)
         continue;
      if (v->builtin) {
         if (v->var->data.location != FRAG_RESULT_DEPTH &&
             v->var->data.location != FRAG_RESULT_SAMPLE_MASK && v->written)
            color_builtin = true;
         continue;
      }
      if (v->written)
         num_user++;
      unsigned index;
      if (user_frag_location(l, v, &index) < 0)
         num_unlocated++;
   }
   if (color_builtin && num_user) {
      /* GLSL 1.30+ 7.2 / ES 3.00: gl_FragColor/gl_FragData and user
       * outputs cannot be mixed. */
      link_error(l, "fragment shader writes both gl_FragColor or "
                 "gl_FragData and user-defined outputs");
      return;
   }
   /* EXT_blend_func_extended lifts the rule below in shaders that enable
    * it (its GLSL ES 3.00 4.4.2 additions): outputs without a location
    * or binding are then placed by the linker (its ES 3.1 section 14.2.3
    * additions: "automatically bound"). */
   const struct glsl_parse_state *fs_unit = l->unit[MESA_SHADER_FRAGMENT];
   bool bfe = fs_unit &&
              glsl_ext_enabled(fs_unit, "GL_EXT_blend_func_extended");
   if (l->es && num_user > 1 && num_unlocated && !bfe) {
      /* GLSL ES 3.00 4.3.8.2: with several outputs, all need a
       * location. */
      link_error(l, "fragment shader has several outputs, so each must "
                 "declare its location");
      return;
   }
   /* Locations taken, per blend input (index 0 and 1). */
   bool used[2][LINK_MAX_DRAW_BUFFERS] = {{false}};
   int last_loc = -1;       /* highest user location taken */
   bool dual_source = false; /* an output at index 1 */
   for (unsigned pass = 0; pass < 2; pass++) {
      for (unsigned i = 0; i < fs->num_vars; i++) {
         struct glsl_nir_var *v = &fs->vars[i];
         if (v->var->mode != nir_var_shader_out)
            continue;
         int loc = -1;
         unsigned n = 1, index = 0;
         if (v->builtin) {
            if (pass == 1)
               continue;
            loc = v->var->data.location;
         } else {
            loc = user_frag_location(l, v, &index);
            if ((loc >= 0) != (pass == 0))
               continue;
            n = glsl_type_is_array(v->type) && v->type->length > 0
                   ? (unsigned)v->type->length
                   : 1;
            if (loc < 0) {
               for (int s = 0; s + (int)n <= LINK_MAX_DRAW_BUFFERS; s++) {
                  bool free = true;
                  for (unsigned k = 0; k < n; k++)
                     free = free && !used[0][s + k];
                  if (free) {
                     loc = s;
                     break;
                  }
               }
            }
            if (loc < 0 || loc + n > LINK_MAX_DRAW_BUFFERS) {
               link_error(l, "fragment shader output '%s' does not fit in "
                          "the %d draw buffers", v->name,
                          LINK_MAX_DRAW_BUFFERS);
               return;
            }
            /* ARB_blend_func_extended: only the first
             * MAX_DUAL_SOURCE_DRAW_BUFFERS colours take a second input. */
            if (index && loc + n > LINK_MAX_DUAL_SOURCE_DRAW_BUFFERS) {
               link_error(l, "fragment shader output '%s' has index 1 at "
                          "location %d, but only %d draw buffer(s) blend "
                          "with two sources", v->name, loc,
                          LINK_MAX_DUAL_SOURCE_DRAW_BUFFERS);
               return;
            }
            for (unsigned k = 0; k < n; k++) {
               if (used[index][loc + k]) {
                  link_error(l, "fragment shader outputs share location "
                             "%d, index %u", loc + (int)k, index);
                  return;
               }
               used[index][loc + k] = true;
            }
            last_loc = MAX2(last_loc, loc + (int)n - 1);
            dual_source |= index != 0;
            int base = index ? FRAG_RESULT_DUAL_SRC0 : FRAG_RESULT_DATA0;
            v->var->data.location = base + loc;
            v->var->data.driver_location = (unsigned)(base + loc);
            loc = FRAG_RESULT_DATA0 + loc;
         }
         struct glsl_program_frag_output *o =
            &prog->frag_outputs[prog->num_frag_outputs++];
         o->name = ralloc_strdup(prog, v->name);
         o->type = glsl_without_array(v->type);
         o->array_size = glsl_type_is_array(v->type) && v->type->length > 0
                            ? (unsigned)v->type->length
                            : 1;
         o->location = loc;
         o->index = index;
      }
   }
   /* EXT_blend_func_extended (ES 3.1 section 14.2.3): with an output at
    * index 1, no output may lie at MAX_DUAL_SOURCE_DRAW_BUFFERS or
    * beyond. */
   if (dual_source && last_loc >= LINK_MAX_DUAL_SOURCE_DRAW_BUFFERS)
      link_error(l, "fragment shader outputs reach location %d, but "
                 "dual-source blending allows only %d draw buffer(s)",
                 last_loc, LINK_MAX_DUAL_SOURCE_DRAW_BUFFERS);
}

/* ---- texture indices ------------------------------------------------------ */

/* A texture or sampler deref with constant indices becomes texture_index
 * and sampler_index: the flat index of the element (the sampler
 * variable's first index, data.binding set by link_uniforms, plus the
 * slots before the element: nir_resolve_sampler_deref).  Those deref
 * sources are dropped; ones indexed at run time stay, with the index of
 * their constant part in texture_index / sampler_index. */
static void
link_texture_indices(nir_shader *nir)
{
   nir_foreach_function_impl(impl, nir) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type != nir_instr_type_tex)
               continue;
            nir_tex_instr *tex = nir_instr_as_tex(instr);
            unsigned keep = 0;
            for (unsigned i = 0; i < tex->num_srcs; i++) {
               nir_tex_src *src = &tex->src[i];
               bool is_deref =
                  src->src_type == nir_tex_src_texture_deref ||
                  src->src_type == nir_tex_src_sampler_deref;
               nir_sampler_index si;
               if (is_deref &&
                   nir_resolve_sampler_deref(nir_src_as_deref(src->src),
                                             &si)) {
                  if (src->src_type == nir_tex_src_texture_deref)
                     tex->texture_index = si.base;
                  else
                     tex->sampler_index = si.base;
                  if (!si.dynamic) {
                     nir_src_set_ssa(&src->src, NULL);
                     continue;
                  }
               }
               if (keep != i) {
                  tex->src[keep].src_type = src->src_type;
                  nir_instr_rewrite_src(instr, &tex->src[keep].src,
                                        src->src.ssa);
                  nir_src_set_ssa(&src->src, NULL);
               }
               keep++;
            }
            tex->num_srcs = keep;
         }
      }
   }
}

/* ---- the entry point ------------------------------------------------------------ */

struct glsl_program *
glsl_link_program(void *mem_ctx, struct glsl_parse_state *const *shaders,
                  unsigned num_shaders, const struct glsl_link_options *opts)
{
   struct glsl_program *prog = rzalloc(mem_ctx, struct glsl_program);
   if (!prog)
      return NULL;
   prog->info_log = ralloc_strdup(prog, "");
   struct link l = { .prog = prog, .opts = opts };

   struct glsl_parse_state **by_stage[MESA_SHADER_STAGES];
   unsigned count[MESA_SHADER_STAGES] = { 0 };
   for (unsigned s = 0; s < MESA_SHADER_STAGES; s++)
      by_stage[s] = ralloc_array(prog, struct glsl_parse_state *,
                                 num_shaders ? num_shaders : 1);
   for (unsigned i = 0; i < num_shaders; i++) {
      struct glsl_parse_state *st = shaders[i];
      if (!st || st->log.errors || st->stage < 0 ||
          st->stage >= MESA_SHADER_STAGES) {
         link_error(&l, "a shader of the program was not compiled "
                    "successfully");
         return prog;
      }
      if (i && (st->es != shaders[0]->es ||
                (st->es && st->version != shaders[0]->version))) {
         /* GLSL ES 3.00 10.1: all shaders of a program use one version. */
         link_error(&l, "shaders of different GLSL versions cannot be "
                    "linked together");
         return prog;
      }
      by_stage[st->stage][count[st->stage]++] = st;
      l.es = st->es;
      l.version = MAX2(l.version, st->version);
   }
   if (!num_shaders) {
      link_error(&l, "the program has no shaders");
      return prog;
   }
   /* A GLSL ES program needs both stages unless it is separable (ES 2.0
    * 2.10.3, ES 3.1 7.3): that is the API's check (glLinkProgram knows
    * about GL_PROGRAM_SEPARABLE), so single stages link here. */

   memcpy(l.stage_count, count, sizeof(count));
   for (unsigned s = 0; s < MESA_SHADER_STAGES; s++)
      l.shaders[s] = by_stage[s];
   link_per_vertex(&l, by_stage, count);
   if (!l.failed)
      link_check_builtin_invariance(&l, by_stage, count);
   if (l.failed)
      return prog;
   link_geom_layout(&l, by_stage[MESA_SHADER_GEOMETRY],
                    count[MESA_SHADER_GEOMETRY]);
   if (!l.failed)
      link_frag_depth_layout(&l, by_stage[MESA_SHADER_FRAGMENT],
                             count[MESA_SHADER_FRAGMENT]);
   if (l.failed)
      return prog;

   const nir_shader_compiler_options *nopts = opts ? opts->nir_options
                                                   : NULL;
   for (unsigned s = 0; s < MESA_SHADER_STAGES && !l.failed; s++) {
      if (!count[s])
         continue;
      l.unit[s] = by_stage[s][0];
      struct glsl_nir_stage *ns = glsl_to_nir(prog, by_stage[s], count[s],
                                              nopts);
      if (!ns) {
         link_error(&l, "out of memory");
         return prog;
      }
      if (ns->error) {
         link_error(&l, "%s shader: %s", gl_shader_stage_name(s),
                    ns->error);
         return prog;
      }
      l.stage[s] = ns;
      prog->nir[s] = ns->nir;
      prog->clip_distance_size[s] = ns->clip_distance_size;
      prog->cull_distance_size[s] = ns->cull_distance_size;
      prog->stages |= 1u << s;
      /* ARB_cull_distance (GLSL 4.50 7.1): the two arrays together hold
       * at most gl_MaxCombinedClipAndCullDistances (8) floats. */
      if (ns->clip_distance_size + ns->cull_distance_size > 8) {
         link_error(&l, "%s shader: the sizes of gl_ClipDistance (%u) and "
                    "gl_CullDistance (%u) add up to more than "
                    "gl_MaxCombinedClipAndCullDistances (8)",
                    gl_shader_stage_name(s), ns->clip_distance_size,
                    ns->cull_distance_size);
         return prog;
      }
   }
   if (prog->nir[MESA_SHADER_GEOMETRY]) {
      const nir_shader_info *info = &prog->nir[MESA_SHADER_GEOMETRY]->info;
      prog->gs.input_primitive = info->gs.input_primitive;
      prog->gs.output_primitive = info->gs.output_primitive;
      prog->gs.vertices_in = info->gs.vertices_in;
      prog->gs.vertices_out = info->gs.vertices_out;
      prog->gs.invocations = info->gs.invocations;
   }

   /* GLSL 1.10-1.30 (7.1): a vertex shader must write gl_Position. */
   struct glsl_nir_stage *vs = l.stage[MESA_SHADER_VERTEX];
   if (vs && !l.es && l.version < 140) {
      bool written = false;
      for (unsigned i = 0; i < vs->num_vars; i++) {
         if (vs->vars[i].builtin && vs->vars[i].written &&
             !strcmp(vs->vars[i].name, "gl_Position"))
            written = true;
      }
      if (!written) {
         link_error(&l, "the vertex shader does not write gl_Position");
         return prog;
      }
   }

   /* (found while translating: one walk of each shader's declarations) */
   if (l.stage[MESA_SHADER_FRAGMENT])
      prog->blend_support |= l.stage[MESA_SHADER_FRAGMENT]->blend_support;

   link_attribs(&l);
   if (!l.failed)
      link_geom_streams(&l);
   if (!l.failed)
      link_color_interpolation(&l);
   if (!l.failed)
      link_varyings(&l);
   if (!l.failed)
      link_geom_outputs(&l);
   if (!l.failed)
      link_frag_outputs(&l);
   if (!l.failed)
      link_uniforms(&l);
   if (!l.failed)
      link_blocks(&l);
   if (!l.failed)
      link_ssbos(&l);
   if (!l.failed)
      link_counters(&l);
   if (!l.failed)
      link_compute(&l);
   if (l.failed)
      return prog;

   for (unsigned s = 0; s < MESA_SHADER_STAGES; s++) {
      if (!prog->nir[s])
         continue;
      /* (a walk of every instruction: only when there is a texture) */
      if (l.stage[s]->has_tex)
         link_texture_indices(prog->nir[s]);
      char *msg = NULL;
      if (!glsl_nir_finish(prog->nir[s], prog, &msg)) {
         link_error(&l, "internal error: the %s shader translated to "
                    "invalid NIR: %s", gl_shader_stage_name(s),
                    msg ? msg : "");
         return prog;
      }
   }
   link_ssbo_bindings(&l);
   prog->link_status = true;
   return prog;
}
