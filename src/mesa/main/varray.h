/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Vertex attribute arrays, current attribute values, vertex array
 * objects. */
#ifndef MESA_VARRAY_H
#define MESA_VARRAY_H

#include "main/mtypes.h"

void _mesa_init_varray(struct gl_context *ctx);
void _mesa_free_varray(struct gl_context *ctx);

/* Bytes of one element of an attribute of size components of type. */
unsigned _mesa_vertex_attrib_size_B(GLenum type, GLint size);

/* Sets array `index` (VERT_ATTRIB_*, already validated) of the bound VAO
 * after the checks every *Pointer call shares (size, stride, type,
 * client arrays); raises the error and returns otherwise. */
void _mesa_attrib_pointer(struct gl_context *ctx, const char *func,
                          unsigned index, GLint size, GLenum type,
                          bool normalized, bool integer, GLsizei stride,
                          const void *pointer);

/* ES 3.1 table 20.41's MAX_VERTEX_ATTRIB_STRIDE (the minimum). */
#define MESA_MAX_VERTEX_ATTRIB_STRIDE 2048

/* The size and type checks of the *Pointer and *Format commands (GL 4.6
 * section 10.3.1): INVALID_VALUE for a size, INVALID_ENUM for a type,
 * INVALID_OPERATION for BGRA or packed types with the wrong size or
 * type; false when one is raised. */
bool _mesa_attrib_format_valid(struct gl_context *ctx, const char *func,
                               GLint size, GLenum type, bool normalized,
                               bool integer);

/* varray_binding.c (ARB_vertex_attrib_binding, ES 3.1 section 10.3.1). */
bool _mesa_has_vertex_attrib_binding(const struct gl_context *ctx);
/* Derives generic attribute i's Buffer, Ptr, EffectiveStride and Divisor
 * from its binding; for every attribute reading binding. */
void _mesa_vao_update_attrib(struct gl_vertex_array_object *vao, unsigned i);
void _mesa_vao_update_binding(struct gl_vertex_array_object *vao,
                              unsigned binding);
/* Unbinds obj from the bindings and arrays of vao; whether any held it. */
bool _mesa_vao_unbind_buffer(struct gl_vertex_array_object *vao,
                             struct gl_buffer_object *obj);
/* glGetIntegeri_v/glGetInteger64i_v of VERTEX_BINDING_*: false when
 * pname is not one (else *ok says whether *out was set). */
bool _mesa_get_vertex_binding_indexed(struct gl_context *ctx, GLenum pname,
                                      GLuint index, GLint64 *out, bool *ok,
                                      const char *func);
/* MAX_VERTEX_ATTRIB_RELATIVE_OFFSET, _BINDINGS, _STRIDE: false when pname
 * is not one of them (*known: whether this context has it). */
bool _mesa_get_vertex_binding_limit(struct gl_context *ctx, GLenum pname,
                                    GLint *value, bool *known);

/* Enables or disables array `index` (VERT_ATTRIB_*) of the bound VAO. */
void _mesa_enable_array(struct gl_context *ctx, unsigned index, bool enable);

/* The compatibility profile's client-state queries (varray_compat.c):
 * glIsEnabled(GL_NORMAL_ARRAY ...) sets *enabled and returns true when cap
 * is a client array of this context; the glGet* states of the
 * conventional arrays and current values (GL 2.1 tables 6.5-6.7) fill f[]
 * (floats) or i[] (integers, booleans) as *kind says and return how many
 * values, 0 when pname is not one of them (or not in this API). */
enum conventional_kind {
   CONVENTIONAL_INT,
   CONVENTIONAL_BOOL,
   CONVENTIONAL_FLOAT,
   CONVENTIONAL_FLOAT_NORM, /* colours, normals: mapped to integers */
};

/* glGetPointerv of a conventional array (GL_VERTEX_ARRAY_POINTER ...):
 * false when pname is not one (varray_compat.c). */
bool _mesa_get_array_pointer(struct gl_context *ctx, GLenum pname,
                             void **ptr);
bool _mesa_client_array_enabled(struct gl_context *ctx, GLenum cap,
                                bool *enabled);
unsigned _mesa_get_conventional_state(struct gl_context *ctx, GLenum pname,
                                      GLfloat *f, GLint *i,
                                      enum conventional_kind *kind);

#endif
