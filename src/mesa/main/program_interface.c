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
#include <string.h>

#include "main/compute.h"
#include "main/context.h"
#include "main/shaderobj.h"
#include "compiler/glsl/glsl_program.h"

/* One resource, described for every property: the scalar properties
 * are GLint fields (the property table names them by offset). */
struct piq_res {
   const char *name;                /* NULL: no name (counter buffers) */
   GLint type, array_size, offset, block_index, array_stride;
   GLint matrix_stride, is_row_major, atomic_buffer_index, binding;
   GLint data_size, num_active, top_size, top_stride, location;
   GLint location_index;
   unsigned stages;                 /* REFERENCED_BY_*: bit per stage */
   GLint first_active;              /* ACTIVE_VARIABLES: first index */
};

enum piq_iface {
   PIQ_BUFFER_VARIABLE,
   PIQ_SHADER_STORAGE_BLOCK,
   PIQ_NUM_IFACES,
};

struct piq_interface {
   GLenum e;
   bool (*supported)(struct gl_context *ctx);
   /* resources of a linked program */
   unsigned (*count)(const struct gl_program_exec *exec);
   void (*describe)(const struct gl_program_exec *exec, unsigned i,
                    struct piq_res *r);
   bool named;     /* resources have names */
   bool blocks;    /* resources have active variables */
};

/* ---- storage blocks and buffer variables ------------------------------ */

static bool
has_ssbos(struct gl_context *ctx)
{
   return _mesa_has_ssbos(ctx);
}

static unsigned
ssbo_count(const struct gl_program_exec *exec)
{
   return exec->linked->num_ssbos;
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
variable_count(const struct gl_program_exec *exec)
{
   return first_variable(exec->linked, exec->linked->num_ssbos);
}

static void
describe_ssbo(const struct gl_program_exec *exec, unsigned k,
              struct piq_res *r)
{
   const struct glsl_program_block *b = &exec->linked->ssbos[k];
   r->name = b->name;
   /* as glShaderStorageBlockBinding left it */
   r->binding = (GLint)exec->ssbo_bindings[k];
   r->data_size = (GLint)b->size_B;
   r->num_active = (GLint)b->num_members;
   r->first_active = (GLint)first_variable(exec->linked, k);
   r->stages = b->stages;
}

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

static void
describe_variable(const struct gl_program_exec *exec, unsigned i,
                  struct piq_res *r)
{
   const struct glsl_program *p = exec->linked;
   unsigned k = 0;
   while (i >= p->ssbos[k].num_members)
      i -= p->ssbos[k++].num_members;
   describe_member(&p->ssbos[k].members[i], r);
   r->block_index = (GLint)k;
   r->stages = p->ssbos[k].stages;
}

/* ---- the tables ------------------------------------------------------- */

static const struct piq_interface interfaces[PIQ_NUM_IFACES] = {
   [PIQ_BUFFER_VARIABLE] = { GL_BUFFER_VARIABLE, has_ssbos, variable_count,
                             describe_variable, true, false },
   [PIQ_SHADER_STORAGE_BLOCK] = { GL_SHADER_STORAGE_BLOCK, has_ssbos,
                                  ssbo_count, describe_ssbo, true, true },
};

#define BIT(i) (1u << PIQ_##i)
#define VARS BIT(BUFFER_VARIABLE)
#define BLOCKS BIT(SHADER_STORAGE_BLOCK)
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
   { GL_NAME_LENGTH, VARS | BLOCKS, PIQ_NAME_LENGTH, 0 },
   { GL_TYPE, VARS, PIQ_SCALAR, FIELD(type) },
   { GL_ARRAY_SIZE, VARS, PIQ_SCALAR, FIELD(array_size) },
   { GL_OFFSET, VARS, PIQ_SCALAR, FIELD(offset) },
   { GL_BLOCK_INDEX, VARS, PIQ_SCALAR, FIELD(block_index) },
   { GL_ARRAY_STRIDE, VARS, PIQ_SCALAR, FIELD(array_stride) },
   { GL_MATRIX_STRIDE, VARS, PIQ_SCALAR, FIELD(matrix_stride) },
   { GL_IS_ROW_MAJOR, VARS, PIQ_SCALAR, FIELD(is_row_major) },
   { GL_ATOMIC_COUNTER_BUFFER_INDEX, 0, PIQ_SCALAR,
     FIELD(atomic_buffer_index) },
   { GL_BUFFER_BINDING, BLOCKS, PIQ_SCALAR, FIELD(binding) },
   { GL_BUFFER_DATA_SIZE, BLOCKS, PIQ_SCALAR, FIELD(data_size) },
   { GL_NUM_ACTIVE_VARIABLES, BLOCKS, PIQ_SCALAR, FIELD(num_active) },
   { GL_ACTIVE_VARIABLES, BLOCKS, PIQ_ACTIVE, 0 },
   { GL_REFERENCED_BY_VERTEX_SHADER, VARS | BLOCKS, PIQ_REFERENCED,
     MESA_SHADER_VERTEX },
   { GL_REFERENCED_BY_TESS_CONTROL_SHADER, VARS | BLOCKS, PIQ_REFERENCED,
     MESA_SHADER_TESS_CTRL },
   { GL_REFERENCED_BY_TESS_EVALUATION_SHADER, VARS | BLOCKS,
     PIQ_REFERENCED, MESA_SHADER_TESS_EVAL },
   { GL_REFERENCED_BY_GEOMETRY_SHADER, VARS | BLOCKS, PIQ_REFERENCED,
     MESA_SHADER_GEOMETRY },
   { GL_REFERENCED_BY_FRAGMENT_SHADER, VARS | BLOCKS, PIQ_REFERENCED,
     MESA_SHADER_FRAGMENT },
   { GL_REFERENCED_BY_COMPUTE_SHADER, VARS | BLOCKS, PIQ_REFERENCED,
     MESA_SHADER_COMPUTE },
   { GL_TOP_LEVEL_ARRAY_SIZE, VARS, PIQ_SCALAR, FIELD(top_size) },
   { GL_TOP_LEVEL_ARRAY_STRIDE, VARS, PIQ_SCALAR, FIELD(top_stride) },
   { GL_LOCATION, 0, PIQ_SCALAR, FIELD(location) },
   { GL_LOCATION_INDEX, 0, PIQ_SCALAR, FIELD(location_index) },
   { GL_IS_PER_PATCH, 0, PIQ_SCALAR, 0 },
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

static const struct gl_program_exec *
linked(const struct gl_program_object *prog)
{
   return prog->LinkStatus && prog->exec ? prog->exec : NULL;
}

static unsigned
count(const struct piq_interface *iface, const struct gl_program_exec *exec)
{
   return exec ? iface->count(exec) : 0;
}

static void
describe(const struct piq_interface *iface,
         const struct gl_program_exec *exec, unsigned i, struct piq_res *r)
{
   memset(r, 0, sizeof(*r));
   iface->describe(exec, i, r);
}

static const struct piq_prop *
find_prop(GLenum prop)
{
   for (unsigned i = 0; i < sizeof(props) / sizeof(props[0]); i++) {
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
   struct gl_program_object *prog =
      lookup(ctx, program, programInterface, GL_INVALID_ENUM, &iface, func);
   if (!prog)
      return;
   const struct gl_program_exec *exec = linked(prog);
   unsigned n = count(iface, exec);
   GLint m = 0;
   switch (pname) {
   case GL_ACTIVE_RESOURCES:
      *params = (GLint)n;
      return;
   case GL_MAX_NAME_LENGTH:
   case GL_MAX_NUM_ACTIVE_VARIABLES:
      /* GL 4.3 7.3.1.1: INVALID_OPERATION for interfaces without names
       * or without variables of their own */
      if (pname == GL_MAX_NAME_LENGTH ? !iface->named : !iface->blocks) {
         _mesa_error(ctx, GL_INVALID_OPERATION, "%s(pname)", func);
         return;
      }
      for (unsigned i = 0; i < n; i++) {
         struct piq_res r;
         describe(iface, exec, i, &r);
         GLint v = pname == GL_MAX_NAME_LENGTH ? (GLint)strlen(r.name) + 1
                                               : r.num_active;
         m = v > m ? v : m;
      }
      *params = m;
      return;
   default:
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
   }
}

GLuint GLAPIENTRY
_mesa_GetProgramResourceIndex(GLuint program, GLenum programInterface,
                              const GLchar *name)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return GL_INVALID_INDEX;
   const struct piq_interface *iface;
   struct gl_program_object *prog =
      lookup(ctx, program, programInterface, GL_INVALID_ENUM, &iface,
             "glGetProgramResourceIndex");
   if (!prog || !name)
      return GL_INVALID_INDEX;
   const struct gl_program_exec *exec = linked(prog);
   unsigned n = count(iface, exec);
   size_t l = strlen(name);
   for (unsigned i = 0; i < n; i++) {
      struct piq_res r;
      describe(iface, exec, i, &r);
      if (!strcmp(r.name, name))
         return i;
      /* "a" names the array "a[0]" is listed as (GL 4.3 7.3.1.1) */
      if (programInterface == GL_BUFFER_VARIABLE &&
          !strncmp(r.name, name, l) && !strcmp(r.name + l, "[0]"))
         return i;
   }
   return GL_INVALID_INDEX;
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
   const struct gl_program_exec *exec = linked(prog);
   if (index >= count(iface, exec)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", func, index);
      return;
   }
   if (bufSize < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(bufSize=%d)", func, bufSize);
      return;
   }
   struct piq_res r;
   describe(iface, exec, index, &r);
   GLsizei l = (GLsizei)strlen(r.name);
   if (bufSize > 0 && name) {
      if (l > bufSize - 1)
         l = bufSize - 1;
      memcpy(name, r.name, (size_t)l);
      name[l] = '\0';
   } else {
      l = 0;
   }
   if (length)
      *length = l;
}

/* The values of property p of resource r (up to max), their number. */
static unsigned
prop_values(const struct piq_prop *p, const struct piq_res *r, GLint *out,
            unsigned max)
{
   if (!max)
      return 0;
   switch (p->kind) {
   case PIQ_NAME_LENGTH:
      out[0] = (GLint)strlen(r->name) + 1;
      return 1;
   case PIQ_REFERENCED:
      out[0] = (r->stages >> p->field) & 1;
      return 1;
   case PIQ_ACTIVE: {
      unsigned n = (unsigned)r->num_active < max ? (unsigned)r->num_active
                                                 : max;
      for (unsigned i = 0; i < n; i++)
         out[i] = r->first_active + (GLint)i;
      return n;
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
   const struct gl_program_exec *exec = linked(prog);
   if (index >= count(iface, exec)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", func, index);
      return;
   }
   if (propCount <= 0 || bufSize < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(propCount/bufSize)", func);
      return;
   }
   unsigned bit = 1u << (iface - interfaces);
   struct piq_res r;
   describe(iface, exec, index, &r);
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
      written += (GLsizei)prop_values(p, &r, params + written,
                                      (unsigned)(bufSize - written));
   }
   if (length)
      *length = written;
}
