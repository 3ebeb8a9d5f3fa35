/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Program interface queries (GL 4.3 7.3.1, ARB_program_interface_query),
 * driven by two tables: the interfaces (how many resources a program
 * has, and how to describe resource i as a struct piq_res) and the
 * properties (which interfaces have each, and the field of piq_res, or
 * the function, that answers it).  Every query goes through them.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "main/compute.h"
#include "main/context.h"
#include "main/shaderobj.h"
#include "main/uniformblocks.h"
#include "util/u_math.h"
#include "compiler/glsl/glsl_program.h"

/* One resource, described for every property: the scalar properties
 * are GLint fields (the property table names them by offset). */
struct piq_res {
   const char *name;                /* NULL: no name (counter buffers) */
   const char *suffix;              /* "[0]" for an array listed so */
   GLint type, array_size, offset, block_index, array_stride;
   GLint matrix_stride, is_row_major, atomic_buffer_index, binding;
   GLint data_size, num_active, top_size, top_stride, location;
   GLint location_index, is_per_patch;
   GLint location_stride;           /* locations per array element */
   unsigned stages;                 /* REFERENCED_BY_*: bit per stage */
   GLint first_active;              /* ACTIVE_VARIABLES: first index */
};

enum piq_iface {
   PIQ_UNIFORM,
   PIQ_UNIFORM_BLOCK,
   PIQ_ATOMIC_COUNTER_BUFFER,
   PIQ_PROGRAM_INPUT,
   PIQ_PROGRAM_OUTPUT,
   PIQ_TRANSFORM_FEEDBACK_VARYING,
   PIQ_BUFFER_VARIABLE,
   PIQ_SHADER_STORAGE_BLOCK,
   PIQ_NUM_IFACES,
};

struct piq_interface {
   GLenum e;
   bool (*supported)(struct gl_context *ctx);
   /* resources of a linked program, and resource i */
   unsigned (*count)(const struct gl_program_object *prog);
   void (*describe)(const struct gl_program_object *prog, unsigned i,
                    struct piq_res *r);
   bool named;     /* resources have names */
   bool blocks;    /* resources have active variables */
};

static bool
always(struct gl_context *ctx)
{
   (void)ctx;
   return true;
}

static const struct glsl_program *
program_of(const struct gl_program_object *prog)
{
   return prog->exec->linked;
}

/* A member of a uniform or storage block. */
static void
describe_member(const struct glsl_program_block_member *m,
                struct piq_res *r)
{
   r->name = m->name;
   r->type = (GLint)m->gl_type;
   r->array_size = (GLint)m->array_size;
   r->offset = (GLint)m->offset_B;
   r->array_stride = (GLint)m->array_stride_B;
   r->matrix_stride = (GLint)m->matrix_stride_B;
   r->is_row_major = m->row_major;
   r->top_size = (GLint)m->top_array_size;
   r->top_stride = (GLint)m->top_array_stride_B;
}

/* ---- uniforms (GL_ACTIVE_UNIFORMS, then the atomic counters) ---------- */

static unsigned
uniform_count(const struct gl_program_object *prog)
{
   return _mesa_num_active_uniforms(prog) + program_of(prog)->num_counters;
}

/* The position of binding b among the bindings counters use. */
static GLint
counter_buffer_index(const struct glsl_program *p, unsigned b)
{
   GLint n = 0;
   for (unsigned k = 0; k < b; k++)
      n += p->abo_stages[k] != 0;
   return n;
}

static void
describe_counter(const struct glsl_program *p, unsigned c, struct piq_res *r)
{
   const struct glsl_program_counter *pc = &p->counters[c];
   r->name = pc->name;
   r->suffix = pc->array_size ? "[0]" : "";
   r->type = GL_UNSIGNED_INT_ATOMIC_COUNTER;
   r->array_size = pc->array_size ? (GLint)pc->array_size : 1;
   r->offset = (GLint)pc->offset_B;
   r->block_index = -1;
   r->array_stride = pc->array_size ? 4 : 0;
   r->atomic_buffer_index = counter_buffer_index(p, pc->binding);
   r->location = -1;
   r->stages = pc->stages;
}

static void
describe_uniform(const struct gl_program_object *prog, unsigned i,
                 struct piq_res *r)
{
   const struct glsl_program *p = program_of(prog);
   unsigned n = _mesa_num_active_uniforms(prog);
   if (i >= n) {
      describe_counter(p, i - n, r);
      return;
   }
   struct gl_active_uniform au;
   _mesa_get_active_uniform(prog, i, &au);
   r->atomic_buffer_index = -1;
   if (au.member) {
      describe_member(au.member, r);
      r->block_index = au.block;
      r->location = -1;
      r->stages = p->ubos[au.block].stages;
      return;
   }
   /* GL 4.3 7.3.1.1: variables not backed by a buffer have no offset,
    * block or strides (-1) */
   r->name = au.name;
   r->type = (GLint)au.type;
   r->array_size = au.size;
   r->offset = r->block_index = r->array_stride = r->matrix_stride = -1;
   r->location = au.uniform->location;
   r->location_stride = 1;
   r->stages = au.uniform->stages;
}

/* ---- uniform blocks --------------------------------------------------- */

static unsigned
ubo_count(const struct gl_program_object *prog)
{
   return program_of(prog)->num_ubos;
}

/* A uniform or storage block at binding point `binding` (as
 * glUniformBlockBinding / glShaderStorageBlockBinding left it), its
 * variables from index `first` of their interface. */
static void
describe_block(const struct glsl_program_block *b, GLuint binding,
               unsigned first, struct piq_res *r)
{
   r->name = b->name;
   r->binding = (GLint)binding;
   r->data_size = (GLint)b->size_B;
   r->num_active = (GLint)b->num_members;
   r->first_active = (GLint)first;
   r->stages = b->stages;
}

static void
describe_ubo(const struct gl_program_object *prog, unsigned k,
             struct piq_res *r)
{
   describe_block(&program_of(prog)->ubos[k], prog->exec->ubo_bindings[k],
                  _mesa_uniform_block_first_member(prog->exec, k), r);
}

/* ---- atomic counter buffers: the bindings counters use ---------------- */

static unsigned
abo_count(const struct gl_program_object *prog)
{
   return (unsigned)counter_buffer_index(
      program_of(prog), ARRAY_SIZE(program_of(prog)->abo_stages));
}

static void
describe_abo(const struct gl_program_object *prog, unsigned i,
             struct piq_res *r)
{
   const struct glsl_program *p = program_of(prog);
   unsigned b = 0;
   while (!p->abo_stages[b] || counter_buffer_index(p, b) != (GLint)i)
      b++;
   r->binding = (GLint)b;
   r->data_size = (GLint)p->abo_size_B[b];
   r->stages = p->abo_stages[b];
   /* its counters, as GL_UNIFORM indices: those of the binding are not
    * consecutive in general, so ACTIVE_VARIABLES lists them (PIQ_ACTIVE
    * with first_active -1 means "search") */
   r->first_active = -1;
   for (unsigned c = 0; c < p->num_counters; c++)
      r->num_active += p->counters[c].binding == b;
}

/* ---- program inputs and outputs --------------------------------------- */

/* The first and last stages of the program's pipeline (compute: none). */
static int
end_stage(const struct glsl_program *p, bool last)
{
   int found = -1;
   for (int s = MESA_SHADER_VERTEX; s <= MESA_SHADER_FRAGMENT; s++) {
      if ((p->stages >> s) & 1) {
         found = s;
         if (!last)
            break;
      }
   }
   return found;
}

/* The varyings read by the first stage (inputs) or written by the last
 * (outputs), when those are not the vertex and fragment shaders. */
static bool
is_io_varying(const struct glsl_program *p, unsigned v, bool output)
{
   int s = end_stage(p, output);
   if (s < 0 || (!output && s == MESA_SHADER_VERTEX) ||
       (output && s == MESA_SHADER_FRAGMENT))
      return false;
   return output ? p->varyings[v].producer == s
                 : p->varyings[v].producer != s;
}

static unsigned
varying_index(const struct glsl_program *p, unsigned i, bool output)
{
   for (unsigned v = 0; v < p->num_varyings; v++) {
      if (is_io_varying(p, v, output) && i-- == 0)
         return v;
   }
   return p->num_varyings;
}

static unsigned
io_count(const struct gl_program_object *prog, bool output)
{
   const struct glsl_program *p = program_of(prog);
   int s = end_stage(p, output);
   if (!output && s == MESA_SHADER_VERTEX)
      return p->num_attribs;
   if (output && s == MESA_SHADER_FRAGMENT)
      return p->num_frag_outputs;
   unsigned n = 0;
   for (unsigned v = 0; v < p->num_varyings; v++)
      n += is_io_varying(p, v, output);
   return n;
}

static void
describe_io(const struct gl_program_object *prog, unsigned i,
            struct piq_res *r, bool output)
{
   const struct glsl_program *p = program_of(prog);
   int s = end_stage(p, output);
   r->stages = 1u << s;
   r->location_stride = 1;
   if (!output && s == MESA_SHADER_VERTEX) {
      const struct glsl_program_attrib *a = &p->attribs[i];
      r->name = a->name;
      r->type = (GLint)a->gl_type;
      r->array_size = (GLint)a->array_size;
      r->location = a->location;
      r->location_stride = (GLint)(a->num_slots / a->array_size);
   } else if (output && s == MESA_SHADER_FRAGMENT) {
      const struct glsl_program_frag_output *o = &p->frag_outputs[i];
      r->name = o->name;
      r->type = (GLint)glsl_type_gl_enum(o->type);
      r->array_size = (GLint)o->array_size;
      r->location = o->location >= FRAG_RESULT_DATA0 &&
                          strncmp(o->name, "gl_", 3)
                       ? o->location - FRAG_RESULT_DATA0
                       : -1;
      r->location_index = (GLint)o->index;
   } else {
      const struct glsl_program_varying *v =
         &p->varyings[varying_index(p, i, output)];
      r->name = v->name;
      r->type = (GLint)glsl_type_gl_enum(v->type);
      r->array_size = (GLint)v->array_size;
      r->location = v->location >= VARYING_SLOT_VAR0
                       ? v->location - VARYING_SLOT_VAR0
                       : -1;
      r->location_stride = (GLint)(v->num_slots / v->array_size);
   }
   if (r->array_size > 1)
      r->suffix = "[0]";
}

static unsigned
input_count(const struct gl_program_object *prog)
{
   return io_count(prog, false);
}

static unsigned
output_count(const struct gl_program_object *prog)
{
   return io_count(prog, true);
}

static void
describe_input(const struct gl_program_object *prog, unsigned i,
               struct piq_res *r)
{
   describe_io(prog, i, r, false);
}

static void
describe_output(const struct gl_program_object *prog, unsigned i,
                struct piq_res *r)
{
   describe_io(prog, i, r, true);
}

/* ---- transform feedback varyings (glTransformFeedbackVaryings) -------- */

static unsigned
xfb_count(const struct gl_program_object *prog)
{
   return prog->exec->num_xfb_varyings;
}

static void
describe_xfb(const struct gl_program_object *prog, unsigned i,
             struct piq_res *r)
{
   const struct gl_xfb_varying *v = &prog->exec->xfb_varyings[i];
   r->name = v->name;
   r->type = (GLint)v->type;
   r->array_size = v->size;
}

/* ---- storage blocks and buffer variables ------------------------------ */

static bool
has_ssbos(struct gl_context *ctx)
{
   return _mesa_has_ssbos(ctx);
}

static bool
has_counters(struct gl_context *ctx)
{
   return _mesa_has_atomic_counters(ctx);
}

static unsigned
ssbo_count(const struct gl_program_object *prog)
{
   return program_of(prog)->num_ssbos;
}

/* The index of the first buffer variable of storage block k. */
static unsigned
first_variable(const struct glsl_program *p, unsigned k)
{
   unsigned n = 0;
   for (unsigned j = 0; j < k; j++)
      n += p->ssbos[j].num_members;
   return n;
}

static unsigned
variable_count(const struct gl_program_object *prog)
{
   return first_variable(program_of(prog), program_of(prog)->num_ssbos);
}

static void
describe_ssbo(const struct gl_program_object *prog, unsigned k,
              struct piq_res *r)
{
   describe_block(&program_of(prog)->ssbos[k], prog->exec->ssbo_bindings[k],
                  first_variable(program_of(prog), k), r);
}

static void
describe_variable(const struct gl_program_object *prog, unsigned i,
                  struct piq_res *r)
{
   const struct glsl_program *p = program_of(prog);
   unsigned k = 0;
   while (i >= p->ssbos[k].num_members)
      i -= p->ssbos[k++].num_members;
   describe_member(&p->ssbos[k].members[i], r);
   r->block_index = (GLint)k;
   r->stages = p->ssbos[k].stages;
}

/* ---- the tables ------------------------------------------------------- */

static const struct piq_interface interfaces[PIQ_NUM_IFACES] = {
   [PIQ_UNIFORM] = { GL_UNIFORM, always, uniform_count, describe_uniform,
                     true, false },
   [PIQ_UNIFORM_BLOCK] = { GL_UNIFORM_BLOCK, always, ubo_count, describe_ubo,
                           true, true },
   [PIQ_ATOMIC_COUNTER_BUFFER] = { GL_ATOMIC_COUNTER_BUFFER, has_counters,
                                   abo_count, describe_abo, false, true },
   [PIQ_PROGRAM_INPUT] = { GL_PROGRAM_INPUT, always, input_count,
                           describe_input, true, false },
   [PIQ_PROGRAM_OUTPUT] = { GL_PROGRAM_OUTPUT, always, output_count,
                            describe_output, true, false },
   [PIQ_TRANSFORM_FEEDBACK_VARYING] = { GL_TRANSFORM_FEEDBACK_VARYING,
                                        always, xfb_count, describe_xfb,
                                        true, false },
   [PIQ_BUFFER_VARIABLE] = { GL_BUFFER_VARIABLE, has_ssbos, variable_count,
                             describe_variable, true, false },
   [PIQ_SHADER_STORAGE_BLOCK] = { GL_SHADER_STORAGE_BLOCK, has_ssbos,
                                  ssbo_count, describe_ssbo, true, true },
};

#define BIT(i) (1u << PIQ_##i)
#define UNI BIT(UNIFORM)
#define IO (BIT(PROGRAM_INPUT) | BIT(PROGRAM_OUTPUT))
#define XFB BIT(TRANSFORM_FEEDBACK_VARYING)
#define VARS BIT(BUFFER_VARIABLE)
#define BLOCKS \
   (BIT(UNIFORM_BLOCK) | BIT(ATOMIC_COUNTER_BUFFER) | BIT(SHADER_STORAGE_BLOCK))
#define NAMED (UNI | IO | XFB | VARS | BIT(UNIFORM_BLOCK) | \
               BIT(SHADER_STORAGE_BLOCK))
#define REFS (UNI | IO | VARS | BLOCKS)
#define FIELD(f) offsetof(struct piq_res, f)

enum piq_kind { PIQ_SCALAR, PIQ_NAME_LENGTH, PIQ_REFERENCED, PIQ_ACTIVE };

/* GL 4.3 table 7.2: each property, the interfaces having it and where
 * its value comes from (a piq_res field, or a stage for REFERENCED_BY). */
static const struct piq_prop {
   GLenum prop;
   unsigned ifaces;
   enum piq_kind kind;
   size_t field; /* PIQ_SCALAR: offset; PIQ_REFERENCED: the stage */
} props[] = {
   { GL_NAME_LENGTH, NAMED, PIQ_NAME_LENGTH, 0 },
   { GL_TYPE, UNI | IO | XFB | VARS, PIQ_SCALAR, FIELD(type) },
   { GL_ARRAY_SIZE, UNI | IO | XFB | VARS, PIQ_SCALAR, FIELD(array_size) },
   { GL_OFFSET, UNI | VARS, PIQ_SCALAR, FIELD(offset) },
   { GL_BLOCK_INDEX, UNI | VARS, PIQ_SCALAR, FIELD(block_index) },
   { GL_ARRAY_STRIDE, UNI | VARS, PIQ_SCALAR, FIELD(array_stride) },
   { GL_MATRIX_STRIDE, UNI | VARS, PIQ_SCALAR, FIELD(matrix_stride) },
   { GL_IS_ROW_MAJOR, UNI | VARS, PIQ_SCALAR, FIELD(is_row_major) },
   { GL_ATOMIC_COUNTER_BUFFER_INDEX, UNI, PIQ_SCALAR,
     FIELD(atomic_buffer_index) },
   { GL_BUFFER_BINDING, BLOCKS, PIQ_SCALAR, FIELD(binding) },
   { GL_BUFFER_DATA_SIZE, BLOCKS, PIQ_SCALAR, FIELD(data_size) },
   { GL_NUM_ACTIVE_VARIABLES, BLOCKS, PIQ_SCALAR, FIELD(num_active) },
   { GL_ACTIVE_VARIABLES, BLOCKS, PIQ_ACTIVE, 0 },
   { GL_REFERENCED_BY_VERTEX_SHADER, REFS, PIQ_REFERENCED,
     MESA_SHADER_VERTEX },
   { GL_REFERENCED_BY_TESS_CONTROL_SHADER, REFS, PIQ_REFERENCED,
     MESA_SHADER_TESS_CTRL },
   { GL_REFERENCED_BY_TESS_EVALUATION_SHADER, REFS, PIQ_REFERENCED,
     MESA_SHADER_TESS_EVAL },
   { GL_REFERENCED_BY_GEOMETRY_SHADER, REFS, PIQ_REFERENCED,
     MESA_SHADER_GEOMETRY },
   { GL_REFERENCED_BY_FRAGMENT_SHADER, REFS, PIQ_REFERENCED,
     MESA_SHADER_FRAGMENT },
   { GL_REFERENCED_BY_COMPUTE_SHADER, REFS, PIQ_REFERENCED,
     MESA_SHADER_COMPUTE },
   { GL_TOP_LEVEL_ARRAY_SIZE, VARS, PIQ_SCALAR, FIELD(top_size) },
   { GL_TOP_LEVEL_ARRAY_STRIDE, VARS, PIQ_SCALAR, FIELD(top_stride) },
   { GL_LOCATION, UNI | IO, PIQ_SCALAR, FIELD(location) },
   { GL_LOCATION_INDEX, BIT(PROGRAM_OUTPUT), PIQ_SCALAR,
     FIELD(location_index) },
   /* no tessellation: nothing is per patch */
   { GL_IS_PER_PATCH, IO, PIQ_SCALAR, FIELD(is_per_patch) },
   { GL_NUM_COMPATIBLE_SUBROUTINES, 0, PIQ_SCALAR, 0 },
   { GL_COMPATIBLE_SUBROUTINES, 0, PIQ_SCALAR, 0 },
};

/* ---- lookups ---------------------------------------------------------- */

/* The interface of enum e that ctx has, or NULL. */
static const struct piq_interface *
find_interface(struct gl_context *ctx, GLenum e)
{
   for (unsigned i = 0; i < PIQ_NUM_IFACES; i++) {
      if (interfaces[i].e == e && interfaces[i].supported(ctx))
         return &interfaces[i];
   }
   return NULL;
}

/* The program and interface of a query, NULL after an error (an unknown
 * interface: `iface_error`). */
static struct gl_program_object *
lookup(struct gl_context *ctx, GLuint program, GLenum e, GLenum iface_error,
       const struct piq_interface **iface, const char *func)
{
   struct gl_program_object *prog =
      _mesa_lookup_program_err(ctx, program, func);
   if (!prog)
      return NULL;
   *iface = find_interface(ctx, e);
   if (!*iface) {
      _mesa_error(ctx, iface_error, "%s(programInterface=0x%x)", func, e);
      return NULL;
   }
   return prog;
}

static bool
is_linked(const struct gl_program_object *prog)
{
   return prog->LinkStatus && prog->exec;
}

static unsigned
count(const struct piq_interface *iface,
      const struct gl_program_object *prog)
{
   return is_linked(prog) ? iface->count(prog) : 0;
}

static void
describe(const struct piq_interface *iface,
         const struct gl_program_object *prog, unsigned i, struct piq_res *r)
{
   memset(r, 0, sizeof(*r));
   r->suffix = "";
   iface->describe(prog, i, r);
}

static size_t
name_length(const struct piq_res *r)
{
   return strlen(r->name) + strlen(r->suffix);
}

/* Whether `name` is r's listed name, or, for a resource listed as
 * "a[0]", the array "a" or (with elements) its element "a[k]", k below
 * the array size (*element = k). */
static bool
names(const struct piq_res *r, const char *name, bool elements,
      unsigned *element)
{
   size_t n = strlen(r->name), l = strlen(name);
   char *full = malloc(n + strlen(r->suffix) + 1);
   if (!full)
      return false;
   memcpy(full, r->name, n);
   strcpy(full + n, r->suffix);
   size_t base = strlen(full);
   bool array = base >= 3 && !strcmp(full + base - 3, "[0]");
   base -= array ? 3 : 0;
   bool match = !strcmp(full, name) || (array && l == base &&
                                        !strncmp(full, name, base));
   *element = 0;
   if (!match && array && elements && l > base + 2 &&
       !strncmp(full, name, base) && name[base] == '[' &&
       name[base + 1] >= '1' && name[base + 1] <= '9') {
      /* decimal, no sign or leading zeros (GL 4.3 7.3.1.1) */
      unsigned long k = 0;
      const char *c = name + base + 1;
      while (*c >= '0' && *c <= '9' && k <= INT32_MAX)
         k = k * 10 + (unsigned long)(*c++ - '0');
      match = c[0] == ']' && !c[1] && k < (unsigned long)r->array_size;
      *element = match ? (unsigned)k : 0;
   }
   free(full);
   return match;
}

/* The resource of iface that `name` names (an array element when
 * elements), or -1. */
static int
find_resource(const struct piq_interface *iface,
              const struct gl_program_object *prog, const char *name,
              bool elements, struct piq_res *r, unsigned *element)
{
   unsigned n = count(iface, prog);
   for (unsigned i = 0; name && i < n; i++) {
      describe(iface, prog, i, r);
      if (names(r, name, elements, element))
         return (int)i;
   }
   return -1;
}

static const struct piq_prop *
find_prop(GLenum prop)
{
   for (unsigned i = 0; i < ARRAY_SIZE(props); i++) {
      if (props[i].prop == prop)
         return &props[i];
   }
   return NULL;
}

/* ---- entry points ----------------------------------------------------- */

void GLAPIENTRY
_mesa_GetProgramInterfaceiv(GLuint program, GLenum programInterface,
                            GLenum pname, GLint *params)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glGetProgramInterfaceiv";
   const struct piq_interface *iface;
   /* ARB_program_interface_query: INVALID_OPERATION "if the parameter
    * <pname> is not supported for the interface <programInterface>",
    * an unknown interface included (as piglit expects) */
   struct gl_program_object *prog =
      lookup(ctx, program, programInterface, GL_INVALID_OPERATION, &iface,
             func);
   if (!prog)
      return;
   unsigned n = count(iface, prog);
   GLint m = 0;
   if (pname == GL_ACTIVE_RESOURCES) {
      *params = (GLint)n;
      return;
   }
   /* names: all but counter buffers; active variables: the blocks */
   if ((pname != GL_MAX_NAME_LENGTH || !iface->named) &&
       (pname != GL_MAX_NUM_ACTIVE_VARIABLES || !iface->blocks)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(pname=0x%x)", func, pname);
      return;
   }
   for (unsigned i = 0; i < n; i++) {
      struct piq_res r;
      describe(iface, prog, i, &r);
      GLint v = pname == GL_MAX_NAME_LENGTH ? (GLint)name_length(&r) + 1
                                            : r.num_active;
      m = v > m ? v : m;
   }
   *params = m;
}

GLuint GLAPIENTRY
_mesa_GetProgramResourceIndex(GLuint program, GLenum programInterface,
                              const GLchar *name)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return GL_INVALID_INDEX;
   const char *func = "glGetProgramResourceIndex";
   const struct piq_interface *iface;
   struct gl_program_object *prog =
      lookup(ctx, program, programInterface, GL_INVALID_ENUM, &iface, func);
   if (!prog)
      return GL_INVALID_INDEX;
   if (!iface->named) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(programInterface=0x%x)", func,
                  programInterface);
      return GL_INVALID_INDEX;
   }
   struct piq_res r;
   unsigned element;
   int i = find_resource(iface, prog, name, false, &r, &element);
   return i < 0 ? GL_INVALID_INDEX : (GLuint)i;
}

void GLAPIENTRY
_mesa_GetProgramResourceName(GLuint program, GLenum programInterface,
                             GLuint index, GLsizei bufSize, GLsizei *length,
                             GLchar *name)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glGetProgramResourceName";
   const struct piq_interface *iface;
   struct gl_program_object *prog =
      lookup(ctx, program, programInterface, GL_INVALID_ENUM, &iface, func);
   if (!prog)
      return;
   if (!iface->named) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(programInterface=0x%x)", func,
                  programInterface);
      return;
   }
   if (index >= count(iface, prog)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", func, index);
      return;
   }
   if (bufSize < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(bufSize=%d)", func, bufSize);
      return;
   }
   struct piq_res r;
   describe(iface, prog, index, &r);
   GLsizei l = 0;
   if (bufSize > 0 && name) {
      size_t n = strlen(r.name);
      snprintf(name, (size_t)bufSize, "%s%s", r.name, r.suffix);
      l = (GLsizei)MIN2(n + strlen(r.suffix), (size_t)bufSize - 1);
   }
   if (length)
      *length = l;
}

/* The values of property p of resource r (up to max), their number. */
static unsigned
prop_values(const struct piq_prop *p, const struct gl_program_object *prog,
            const struct piq_res *r, GLint *out, unsigned max)
{
   if (!max)
      return 0;
   switch (p->kind) {
   case PIQ_NAME_LENGTH:
      out[0] = (GLint)name_length(r) + 1;
      return 1;
   case PIQ_REFERENCED:
      out[0] = (r->stages >> p->field) & 1;
      return 1;
   case PIQ_ACTIVE: {
      unsigned n = MIN2((unsigned)r->num_active, max);
      if (r->first_active >= 0) {
         for (unsigned i = 0; i < n; i++)
            out[i] = r->first_active + (GLint)i;
         return n;
      }
      /* a counter buffer: the GL_UNIFORM indices of its counters */
      const struct glsl_program *pr = program_of(prog);
      unsigned base = _mesa_num_active_uniforms(prog), k = 0;
      for (unsigned c = 0; c < pr->num_counters && k < n; c++) {
         if ((GLint)pr->counters[c].binding == r->binding)
            out[k++] = (GLint)(base + c);
      }
      return k;
   }
   default:
      memcpy(out, (const char *)r + p->field, sizeof(GLint));
      return 1;
   }
}

void GLAPIENTRY
_mesa_GetProgramResourceiv(GLuint program, GLenum programInterface,
                           GLuint index, GLsizei propCount,
                           const GLenum *props, GLsizei bufSize,
                           GLsizei *length, GLint *params)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glGetProgramResourceiv";
   const struct piq_interface *iface;
   struct gl_program_object *prog =
      lookup(ctx, program, programInterface, GL_INVALID_ENUM, &iface, func);
   if (!prog)
      return;
   if (index >= count(iface, prog)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", func, index);
      return;
   }
   if (propCount <= 0 || bufSize < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(propCount/bufSize)", func);
      return;
   }
   unsigned bit = 1u << (iface - interfaces);
   struct piq_res r;
   describe(iface, prog, index, &r);
   GLsizei written = 0;
   for (GLsizei i = 0; i < propCount; i++) {
      const struct piq_prop *p = find_prop(props[i]);
      if (!p || !(p->ifaces & bit)) {
         /* GL 4.3 7.3.1.1: INVALID_OPERATION for a property the interface
          * does not have, INVALID_ENUM for no property at all */
         _mesa_error(ctx, p ? GL_INVALID_OPERATION : GL_INVALID_ENUM,
                     "%s(prop=0x%x)", func, props[i]);
         return;
      }
      written += (GLsizei)prop_values(p, prog, &r, params + written,
                                      (unsigned)(bufSize - written));
   }
   if (length)
      *length = written;
}

/* GL 4.3 7.3.1.1: the resource of a location query (iface_mask: the
 * interfaces allowed), or -1 after an error or when `name` is none. */
static int
location_resource(struct gl_context *ctx, GLuint program, GLenum e,
                  unsigned iface_mask, const char *name, struct piq_res *r,
                  unsigned *element, const char *func)
{
   const struct piq_interface *iface;
   struct gl_program_object *prog =
      lookup(ctx, program, e, GL_INVALID_ENUM, &iface, func);
   if (!prog)
      return -1;
   if (!((iface_mask >> (iface - interfaces)) & 1)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(programInterface=0x%x)", func,
                  e);
      return -1;
   }
   if (!is_linked(prog)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(not linked)", func);
      return -1;
   }
   /* built-ins have no location */
   if (!name || !strncmp(name, "gl_", 3))
      return -1;
   if (iface == &interfaces[PIQ_UNIFORM]) {
      /* every name glGetUniformLocation takes ("s.f", "a[2].b" ...) */
      r->location = glsl_program_uniform_location(program_of(prog), name);
      r->location_stride = 0;
      *element = 0;
      return r->location >= 0 ? 0 : -1;
   }
   return find_resource(iface, prog, name, true, r, element);
}

GLint GLAPIENTRY
_mesa_GetProgramResourceLocation(GLuint program, GLenum programInterface,
                                 const GLchar *name)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return -1;
   struct piq_res r;
   unsigned element;
   if (location_resource(ctx, program, programInterface, UNI | IO, name, &r,
                         &element, "glGetProgramResourceLocation") < 0 ||
       r.location < 0)
      return -1;
   return r.location + (GLint)element * r.location_stride;
}

GLint GLAPIENTRY
_mesa_GetProgramResourceLocationIndex(GLuint program,
                                      GLenum programInterface,
                                      const GLchar *name)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return -1;
   struct piq_res r;
   unsigned element;
   if (location_resource(ctx, program, programInterface,
                         BIT(PROGRAM_OUTPUT), name, &r, &element,
                         "glGetProgramResourceLocationIndex") < 0 ||
       r.location < 0)
      return -1;
   /* only fragment outputs have an index */
   return (r.stages >> MESA_SHADER_FRAGMENT) & 1 ? r.location_index : -1;
}
