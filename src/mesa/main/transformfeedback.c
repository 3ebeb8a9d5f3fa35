/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Transform feedback (ES 3.0 section 2.15): the varyings a program
 * captures (resolved at link time into the pipe_stream_output_info of its
 * vertex shader), transform feedback objects, and Begin/End/Pause/Resume
 * as pipe stream-output targets over the indexed buffer bindings.
 */
#include <stdlib.h>
#include <string.h>

#include "main/context.h"
#include "main/draw.h"
#include "main/hash.h"
#include "main/shaderobj.h"
#include "main/transformfeedback.h"
#include "state_tracker/st_context.h"
#include "glsl_program.h"
#include "util/hash_table.h"
#include "util/ralloc.h"
#include "util/u_math.h"
#include "util/u_inlines.h"

#define MAX_SEPARATE_ATTRIBS 4
#define MAX_SEPARATE_COMPONENTS 4
#define MAX_INTERLEAVED_COMPONENTS 64

/* ARB_transform_feedback3's special names in interleaved mode:
 * "gl_NextBuffer" sends what follows to the next buffer,
 * "gl_SkipComponentsN" (N = 1..4) leaves N words unwritten.  Returns
 * -1 for the former, N for the latter, 0 for a varying's name. */
static int
special_name(const char *name)
{
   if (strcmp(name, "gl_NextBuffer") == 0)
      return -1;
   if (strncmp(name, "gl_SkipComponents", 17) == 0 && name[17] >= '1' &&
       name[17] <= '4' && name[18] == '\0')
      return name[17] - '0';
   return 0;
}

static char *
dup_string(const char *s)
{
   size_t n = strlen(s) + 1;
   char *d = malloc(n);

   if (d)
      memcpy(d, s, n);
   return d;
}

void
_mesa_free_feedback_varyings(struct gl_program_object *prog)
{
   for (unsigned i = 0; i < prog->NumFeedbackVaryings; i++)
      free(prog->FeedbackVaryings[i]);
   free(prog->FeedbackVaryings);
   prog->FeedbackVaryings = NULL;
   prog->NumFeedbackVaryings = 0;
}

void GLAPIENTRY
_mesa_TransformFeedbackVaryings(GLuint program, GLsizei count,
                                const GLchar *const *varyings,
                                GLenum bufferMode)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glTransformFeedbackVaryings";
   struct gl_program_object *prog;

   if (count < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(count)", func);
      return;
   }
   if (bufferMode != GL_INTERLEAVED_ATTRIBS &&
       bufferMode != GL_SEPARATE_ATTRIBS) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(bufferMode)", func);
      return;
   }
   prog = _mesa_lookup_program_err(ctx, program, func);
   if (!prog)
      return;
   if (bufferMode == GL_SEPARATE_ATTRIBS && count > MAX_SEPARATE_ATTRIBS) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(count > %d)", func,
                  MAX_SEPARATE_ATTRIBS);
      return;
   }
   /* ARB_transform_feedback3 (desktop): the special names only when
    * interleaved, fewer gl_NextBuffer than MAX_TRANSFORM_FEEDBACK_BUFFERS;
    * ES has none of them (they fail at link time there). */
   if (!_mesa_is_gles(ctx)) {
      unsigned next = 0;
      for (GLsizei i = 0; varyings && i < count; i++) {
         int special = varyings[i] ? special_name(varyings[i]) : 0;
         if (special && bufferMode != GL_INTERLEAVED_ATTRIBS) {
            _mesa_error(ctx, GL_INVALID_OPERATION, "%s(%s in separate mode)",
                        func, varyings[i]);
            return;
         }
         next += special < 0;
      }
      if (next >= MAX_FEEDBACK_BUFFERS) {
         _mesa_error(ctx, GL_INVALID_OPERATION,
                     "%s(%u gl_NextBuffer: at most %d)", func, next,
                     MAX_FEEDBACK_BUFFERS - 1);
         return;
      }
   }
   _mesa_free_feedback_varyings(prog);
   prog->FeedbackVaryings = count ? calloc((size_t)count, sizeof(char *))
                                  : NULL;
   for (GLsizei i = 0; prog->FeedbackVaryings && i < count; i++) {
      prog->FeedbackVaryings[i] = dup_string(varyings[i]);
      if (prog->FeedbackVaryings[i])
         prog->NumFeedbackVaryings++;
   }
   if ((GLsizei)prog->NumFeedbackVaryings != count)
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
   prog->FeedbackBufferMode = bufferMode;
}

/* A captured output: `nslots` consecutive varying slots from `slot`, of
 * `comps` components each, and the type and size GL reports.  A matrix
 * is captured column by column, a whole array element by element (ES
 * 3.0.6 section 2.15.2: "each component of an array or matrix is written
 * in order"), each element or column taking a slot.  Names may reach
 * into structures and arrays ("s.m", "t[1].f[0]", section 2.15.2). */
struct xfb_output {
   unsigned slot, nslots, comps;
   /* gl_ClipDistance, whose floats are packed four to a slot from
    * VARYING_SLOT_CLIP_DIST0 (glsl_program.h): `packed` floats from
    * float `first` on; 0 for everything else. */
   unsigned first, packed;
   GLenum type;
   GLsizei size;
   int stream; /* the geometry shader's vertex stream */
};

/* Varying slots a type takes (the linker's count: a slot per vector,
 * matrix column and array element, structure members one after the
 * other). */
static unsigned
type_slots(const struct glsl_type *t)
{
   if (glsl_type_is_array(t))
      return (t->length > 0 ? (unsigned)t->length : 1) * type_slots(t->element);
   if (t->base_type == GLSL_TYPE_STRUCT) {
      unsigned n = 0;
      for (unsigned i = 0; i < t->num_fields; i++)
         n += type_slots(t->fields[i].type);
      return n;
   }
   return t->matrix_columns ? t->matrix_columns : 1;
}

/* Follows "[n]" and ".field" in `path` from type *t, adding to *slot;
 * false when the path does not name a part of the type. */
static bool
walk_path(const char *path, const struct glsl_type **t, unsigned *slot)
{
   while (*path) {
      const struct glsl_type *cur = *t;
      if (*path == '[') {
         const char *c = path + 1;
         unsigned i = 0;
         if (!glsl_type_is_array(cur) || *c < '0' || *c > '9')
            return false;
         while (*c >= '0' && *c <= '9' && i < (1u << 20))
            i = i * 10 + (unsigned)(*c++ - '0');
         if (*c != ']' || cur->length <= 0 || i >= (unsigned)cur->length)
            return false;
         *slot += i * type_slots(cur->element);
         *t = cur->element;
         path = c + 1;
      } else if (*path == '.') {
         const char *f = path + 1;
         size_t n = strcspn(f, ".[");
         unsigned k;
         if (cur->base_type != GLSL_TYPE_STRUCT)
            return false;
         for (k = 0; k < cur->num_fields; k++) {
            if (strlen(cur->fields[k].name) == n &&
                !strncmp(cur->fields[k].name, f, n))
               break;
            *slot += type_slots(cur->fields[k].type);
         }
         if (k == cur->num_fields)
            return false;
         *t = cur->fields[k].type;
         path = f + n;
      } else {
         return false;
      }
   }
   return true;
}

/* Built-in outputs captured by name at their fixed slots (the
 * compatibility ones: GL 3.0 section 2.15, table of GLSL 1.30 varyings);
 * arrays only element by element ("gl_TexCoord[2]"). */
static const struct {
   const char *name;
   unsigned slot, comps, elements;
   GLenum type;
} builtin_outputs[] = {
   {"gl_Position", VARYING_SLOT_POS, 4, 0, GL_FLOAT_VEC4},
   {"gl_PointSize", VARYING_SLOT_PSIZ, 1, 0, GL_FLOAT},
   {"gl_FrontColor", VARYING_SLOT_COL0, 4, 0, GL_FLOAT_VEC4},
   {"gl_BackColor", VARYING_SLOT_BFC0, 4, 0, GL_FLOAT_VEC4},
   {"gl_FrontSecondaryColor", VARYING_SLOT_COL1, 4, 0, GL_FLOAT_VEC4},
   {"gl_BackSecondaryColor", VARYING_SLOT_BFC1, 4, 0, GL_FLOAT_VEC4},
   {"gl_FogFragCoord", VARYING_SLOT_FOGC, 1, 0, GL_FLOAT},
   {"gl_ClipVertex", VARYING_SLOT_CLIP_VERTEX, 4, 0, GL_FLOAT_VEC4},
   {"gl_TexCoord", VARYING_SLOT_TEX0, 4, 8, GL_FLOAT_VEC4},
};

static bool
find_builtin_output(const char *name, struct xfb_output *out)
{
   for (unsigned i = 0; i < ARRAY_SIZE(builtin_outputs); i++) {
      size_t n = strlen(builtin_outputs[i].name);
      unsigned k = 0;
      if (strncmp(name, builtin_outputs[i].name, n) != 0)
         continue;
      if (builtin_outputs[i].elements) {
         /* "[k]": one element */
         const char *c = name + n;
         if (*c++ != '[' || *c < '0' || *c > '9')
            return false;
         while (*c >= '0' && *c <= '9' && k < 1000)
            k = k * 10 + (unsigned)(*c++ - '0');
         if (*c != ']' || c[1] != '\0' || k >= builtin_outputs[i].elements)
            return false;
      } else if (name[n] != '\0') {
         continue;
      }
      *out = (struct xfb_output){.slot = builtin_outputs[i].slot + k,
                                 .nslots = 1,
                                 .comps = builtin_outputs[i].comps,
                                 .type = builtin_outputs[i].type,
                                 .size = 1};
      return true;
   }
   return false;
}

/* "gl_ClipDistance" (the whole array, GL 3.0 section 2.15: type FLOAT,
 * its declared size) or "gl_ClipDistance[i]" (one float), of the
 * `size` floats the last stage writes. */
static bool
find_clip_distance(const char *name, unsigned size, struct xfb_output *out)
{
   const char *c = name + strlen("gl_ClipDistance");
   unsigned i = 0;

   *out = (struct xfb_output){.slot = VARYING_SLOT_CLIP_DIST0,
                              .comps = 1,
                              .packed = size,
                              .type = GL_FLOAT,
                              .size = (GLsizei)size};
   if (*c == '\0')
      return size > 0;
   if (*c++ != '[' || *c < '0' || *c > '9')
      return false;
   while (*c >= '0' && *c <= '9' && i < 1000)
      i = i * 10 + (unsigned)(*c++ - '0');
   if (*c != ']' || c[1] != '\0' || i >= size)
      return false;
   out->first = i;
   out->packed = 1;
   out->size = 1;
   return true;
}

static bool
find_output(const struct glsl_program *p, const char *name,
            struct xfb_output *out)
{
   /* The outputs of the last stage before rasterization: the geometry
    * shader's when there is one (GL 3.2 core 2.15). */
   int last = p->nir[MESA_SHADER_GEOMETRY] ? MESA_SHADER_GEOMETRY
                                           : MESA_SHADER_VERTEX;
   if (strncmp(name, "gl_ClipDistance", 15) == 0)
      return find_clip_distance(name, p->clip_distance_size[last], out);
   if (strncmp(name, "gl_", 3) == 0)
      return find_builtin_output(name, out);
   for (unsigned i = 0; i < p->num_varyings; i++) {
      const struct glsl_program_varying *v = &p->varyings[i];
      size_t n = strlen(v->name);

      if (v->producer != last)
         continue;
      /* a member of a block without an instance name goes by its own
       * name (GL 4.0 section 2.17, as interface matching names it) */
      const char *vname = v->name;
      if (v->anonymous_block && strchr(vname, '.')) {
         vname = strchr(vname, '.') + 1;
         n = strlen(vname);
      }

      if (strncmp(name, vname, n) != 0 ||
          (name[n] != '\0' && name[n] != '[' && name[n] != '.'))
         continue;
      /* the varying's whole type: its element type, an array of it */
      struct glsl_type array = {0};
      const struct glsl_type *t = v->type;
      if (v->array_size > 1) {
         array.base_type = GLSL_TYPE_ARRAY;
         array.element = v->type;
         array.length = (int)v->array_size;
         t = &array;
      }
      unsigned slot = 0;
      if (!walk_path(name + n, &t, &slot))
         return false;
      /* whole structures are not captured (ES 3.0.6 2.15.2 wants
       * variables of basic types, their elements or members) */
      GLsizei elements = 1;
      const struct glsl_type *e = t;
      if (glsl_type_is_array(t)) {
         elements = t->length > 0 ? t->length : 1;
         e = t->element;
      }
      if (glsl_type_is_array(e) || e->base_type == GLSL_TYPE_STRUCT)
         return false;
      out->slot = (unsigned)v->location + slot;
      out->nslots = type_slots(t);
      out->comps = e->vector_elements;
      out->first = out->packed = 0;
      out->type = glsl_type_gl_enum(e);
      out->size = elements;
      out->stream = v->stream;
      /* every slot inside what the varying takes */
      return slot + out->nslots <= v->num_slots;
   }
   return false;
}

static bool
add_stream_output(struct pipe_stream_output_info *so, unsigned reg,
                  unsigned first, unsigned n, unsigned buffer, int stream)
{
   if (so->num_outputs >= PIPE_MAX_SO_OUTPUTS)
      return false;
   unsigned j = so->num_outputs++;
   so->output[j].register_index = reg;
   so->output[j].start_component = first;
   so->output[j].num_components = n;
   so->output[j].output_buffer = buffer;
   so->output[j].dst_offset = so->stride[buffer];
   so->output[j].stream = (unsigned)stream & 3;
   so->stride[buffer] += n;
   return true;
}

/* The stream outputs capturing `o` into `buffer`: one a slot, or for
 * packed floats one for each run of them within a slot.  False past
 * PIPE_MAX_SO_OUTPUTS. */
static bool
add_stream_outputs(struct pipe_stream_output_info *so,
                   const struct xfb_output *o, unsigned buffer)
{
   if (o->packed) {
      for (unsigned f = o->first; f < o->first + o->packed;) {
         unsigned n = MIN2(4 - f % 4, o->first + o->packed - f);
         if (!add_stream_output(so, o->slot + f / 4, f % 4, n, buffer,
                                o->stream))
            return false;
         f += n;
      }
      return true;
   }
   for (unsigned k = 0; k < o->nslots; k++) {
      if (!add_stream_output(so, o->slot + k, 0, o->comps, buffer, o->stream))
         return false;
   }
   return true;
}

bool
_mesa_link_transform_feedback(struct gl_context *ctx,
                              struct gl_program_object *prog,
                              struct gl_program_exec *exec, char **log)
{
   const struct glsl_program *p = exec->linked;
   struct pipe_stream_output_info *so = &exec->so;
   bool separate = prog->FeedbackBufferMode == GL_SEPARATE_ATTRIBS;

   memset(so, 0, sizeof(*so));
   exec->num_xfb_varyings = 0;
   exec->so_buffers = 0;
   exec->xfb_mode = prog->FeedbackBufferMode ? prog->FeedbackBufferMode
                                             : GL_INTERLEAVED_ATTRIBS;
   if (!prog->NumFeedbackVaryings)
      return true;
   exec->xfb_varyings = rzalloc_array_size(exec->mem, sizeof(*exec->xfb_varyings),
                                           prog->NumFeedbackVaryings);
   if (!exec->xfb_varyings)
      return false;

   /* Interleaved: the buffer being filled (gl_NextBuffer moves on) and
    * the components each buffer holds; every buffer the outputs of one
    * vertex stream (ARB_transform_feedback3, Errors). */
   unsigned next = 0;
   unsigned total[PIPE_MAX_SO_BUFFERS] = {0};
   int buffer_stream[PIPE_MAX_SO_BUFFERS] = {-1, -1, -1, -1};
   for (unsigned i = 0; i < prog->NumFeedbackVaryings; i++) {
      const char *name = prog->FeedbackVaryings[i];
      /* ES 3.0 has none of ARB_transform_feedback3's names: there they
       * name no output (a link error, as in llvmpipe) */
      int special = separate || _mesa_is_gles(ctx) ? 0 : special_name(name);
      unsigned buffer = separate ? i : next;
      struct xfb_output o;

      if (buffer >= PIPE_MAX_SO_BUFFERS) {
         *log = ralloc_asprintf(exec->mem, "error: transform feedback "
                                "varying '%s' is past the last buffer\n",
                                name);
         return false;
      }
      exec->xfb_varyings[i].name = ralloc_strdup(exec->mem, name);
      exec->num_xfb_varyings++;
      if (special < 0) {
         /* GetTransformFeedbackVarying: type NONE, size 0 */
         exec->xfb_varyings[i].type = GL_NONE;
         next++;
         continue;
      }
      if (special > 0) {
         /* type NONE, size the words skipped */
         exec->xfb_varyings[i].type = GL_NONE;
         exec->xfb_varyings[i].size = special;
         so->stride[buffer] += (uint16_t)special;
         total[buffer] += (unsigned)special;
         exec->so_buffers = MAX2(exec->so_buffers, buffer + 1);
         if (total[buffer] > MAX_INTERLEAVED_COMPONENTS) {
            *log = ralloc_asprintf(exec->mem, "error: too many transform "
                                   "feedback components ('%s')\n", name);
            return false;
         }
         continue;
      }
      if (!find_output(p, name, &o) || o.slot + o.nslots > 64) {
         *log = ralloc_asprintf(exec->mem,
                                "error: transform feedback varying '%s' is "
                                "not an output of the vertex or geometry "
                                "shader\n",
                                name);
         return false;
      }
      if (buffer_stream[buffer] >= 0 && buffer_stream[buffer] != o.stream) {
         *log = ralloc_asprintf(exec->mem, "error: transform feedback "
                                "varying '%s' of vertex stream %d goes to "
                                "buffer %u, which holds stream %d\n", name,
                                o.stream, buffer, buffer_stream[buffer]);
         return false;
      }
      buffer_stream[buffer] = o.stream;
      /* ES 3.0.6 2.15.2: at most MAX_TRANSFORM_FEEDBACK_SEPARATE_
       * COMPONENTS a varying in separate mode, MAX_..._INTERLEAVED_
       * COMPONENTS a buffer when interleaved (GL 4.0 section 2.17). */
      unsigned comps = o.packed ? o.packed : o.comps * o.nslots;
      total[buffer] += comps;
      if ((separate && comps > MAX_SEPARATE_COMPONENTS) ||
          (!separate && total[buffer] > MAX_INTERLEAVED_COMPONENTS) ||
          !add_stream_outputs(so, &o, buffer)) {
         *log = ralloc_asprintf(exec->mem, "error: too many transform "
                                "feedback components ('%s')\n", name);
         return false;
      }
      exec->so_buffers = MAX2(exec->so_buffers, buffer + 1);
      exec->xfb_varyings[i].type = o.type;
      exec->xfb_varyings[i].size = o.size;
   }
   return true;
}

void GLAPIENTRY
_mesa_GetTransformFeedbackVarying(GLuint program, GLuint index,
                                  GLsizei bufSize, GLsizei *length,
                                  GLsizei *size, GLenum *type, GLchar *name)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glGetTransformFeedbackVarying";
   struct gl_program_object *prog = _mesa_lookup_program_err(ctx, program,
                                                             func);
   struct gl_program_exec *exec;

   if (!prog)
      return;
   exec = prog->LinkStatus ? prog->exec : NULL;
   if (!exec || index >= exec->num_xfb_varyings) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", func, index);
      return;
   }
   const struct gl_xfb_varying *v = &exec->xfb_varyings[index];
   GLsizei n = 0;
   if (name && bufSize > 0) {
      size_t len = strlen(v->name);
      n = len < (size_t)bufSize - 1 ? (GLsizei)len : bufSize - 1;
      memcpy(name, v->name, (size_t)n);
      name[n] = '\0';
   }
   if (length)
      *length = n;
   if (size)
      *size = v->size;
   if (type)
      *type = v->type;
}

/* --- Objects --------------------------------------------------------- */

void
_mesa_init_transform_feedback(struct gl_context *ctx)
{
   ctx->DefaultTF = calloc(1, sizeof(*ctx->DefaultTF));
   ctx->CurrentTF = ctx->DefaultTF;
   ctx->TFObjects = _mesa_name_table_create();
}

static void
release_targets(struct gl_context *ctx,
                struct gl_transform_feedback_object *tf)
{
   for (unsigned i = 0; i < tf->num_targets; i++)
      pipe_so_target_reference(&tf->targets[i], NULL);
   tf->num_targets = 0;
}

#define XFB_STREAMS 4

/* The object's primitives-written counts run while it captures (Begin,
 * Resume) and are added up when it stops (Pause, End). */
static void
count_start(struct gl_context *ctx, struct gl_transform_feedback_object *tf)
{
   struct pipe_context *pipe = ctx->st->pipe;
   unsigned streams = (unsigned)MIN2(MAX2(ctx->Const.MaxVertexStreams, 1),
                                     XFB_STREAMS);
   for (unsigned s = 0; s < streams && pipe->create_query; s++) {
      if (!tf->written[s])
         tf->written[s] =
            pipe->create_query(pipe, PIPE_QUERY_PRIMITIVES_EMITTED, s);
      if (tf->written[s] && !pipe->begin_query(pipe, tf->written[s])) {
         pipe->destroy_query(pipe, tf->written[s]);
         tf->written[s] = NULL;
      }
   }
}

static void
count_stop(struct gl_context *ctx, struct gl_transform_feedback_object *tf)
{
   struct pipe_context *pipe = ctx->st->pipe;
   for (unsigned s = 0; s < XFB_STREAMS; s++) {
      union pipe_query_result r = {0};
      if (!tf->written[s])
         continue;
      pipe->end_query(pipe, tf->written[s]);
      if (pipe->get_query_result(pipe, tf->written[s], true, &r))
         tf->written_prims[s] += r.u64;
   }
}

static void
free_object(struct gl_context *ctx, struct gl_transform_feedback_object *tf)
{
   release_targets(ctx, tf);
   for (unsigned s = 0; s < XFB_STREAMS; s++) {
      if (tf->written[s])
         ctx->st->pipe->destroy_query(ctx->st->pipe, tf->written[s]);
   }
   free(tf);
}

bool
_mesa_transform_feedback_vertices(struct gl_context *ctx, GLuint name,
                                  GLuint stream, GLsizei *count,
                                  const char *func)
{
   struct gl_transform_feedback_object *tf =
      name ? _mesa_name_lookup_object(ctx->TFObjects, name) : ctx->DefaultTF;
   if (!tf) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(id=%u)", func, name);
      return false;
   }
   if (stream >= (GLuint)MAX2(ctx->Const.MaxVertexStreams, 1) ||
       stream >= XFB_STREAMS) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(stream=%u)", func, stream);
      return false;
   }
   /* ARB_transform_feedback2: never ended, nothing to draw from */
   if (!tf->Ended) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(never ended)", func);
      return false;
   }
   unsigned vpp = tf->Mode == GL_TRIANGLES ? 3 : tf->Mode == GL_LINES ? 2 : 1;
   uint64_t n = tf->written_prims[stream] * vpp;
   *count = n > INT32_MAX ? INT32_MAX : (GLsizei)n;
   return true;
}

void
_mesa_free_transform_feedback(struct gl_context *ctx)
{
   if (ctx->CurrentTF && ctx->CurrentTF->Active && !ctx->CurrentTF->Paused)
      ctx->st->pipe->set_stream_output_targets(ctx->st->pipe, 0, NULL, NULL);
   if (ctx->TFObjects) {
      hash_table_foreach(ctx->TFObjects, e) {
         if (e->data != GL_NAME_RESERVED)
            free_object(ctx, e->data);
      }
      _mesa_name_table_destroy(ctx->TFObjects);
      ctx->TFObjects = NULL;
   }
   if (ctx->DefaultTF)
      free_object(ctx, ctx->DefaultTF);
   ctx->DefaultTF = ctx->CurrentTF = NULL;
}

bool
_mesa_transform_feedback_busy(const struct gl_context *ctx)
{
   return ctx->CurrentTF && ctx->CurrentTF->Active;
}

void GLAPIENTRY
_mesa_GenTransformFeedbacks(GLsizei n, GLuint *ids)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (n < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glGenTransformFeedbacks(n < 0)");
      return;
   }
   if (!_mesa_name_gen(ctx->TFObjects, &ctx->NextTF, n, ids))
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glGenTransformFeedbacks");
}

GLboolean GLAPIENTRY
_mesa_IsTransformFeedback(GLuint id)
{
   GET_CURRENT_CONTEXT(ctx);
   struct gl_transform_feedback_object *tf;

   if (!ctx)
      return GL_FALSE;
   tf = _mesa_name_lookup_object(ctx->TFObjects, id);
   return tf && tf->EverBound;
}

void GLAPIENTRY
_mesa_BindTransformFeedback(GLenum target, GLuint id)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_transform_feedback_object *tf = ctx->DefaultTF;

   if (target != GL_TRANSFORM_FEEDBACK) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glBindTransformFeedback(target)");
      return;
   }
   if (ctx->CurrentTF->Active && !ctx->CurrentTF->Paused) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glBindTransformFeedback(active)");
      return;
   }
   if (id) {
      void *obj = _mesa_name_lookup(ctx->TFObjects, id);
      if (!obj) {
         _mesa_error(ctx, GL_INVALID_OPERATION,
                     "glBindTransformFeedback(id=%u)", id);
         return;
      }
      if (obj == GL_NAME_RESERVED) {
         tf = calloc(1, sizeof(*tf));
         if (!tf) {
            _mesa_error(ctx, GL_OUT_OF_MEMORY, "glBindTransformFeedback");
            return;
         }
         tf->Name = id;
         _mesa_name_insert(ctx->TFObjects, id, tf);
      } else {
         tf = obj;
      }
      tf->EverBound = true;
   }
   ctx->CurrentTF = tf;
   _mesa_draw_checks_stale(ctx);
}

void GLAPIENTRY
_mesa_DeleteTransformFeedbacks(GLsizei n, const GLuint *ids)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (n < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glDeleteTransformFeedbacks(n < 0)");
      return;
   }
   for (GLsizei i = 0; i < n; i++) {
      struct gl_transform_feedback_object *tf =
         _mesa_name_lookup_object(ctx->TFObjects, ids[i]);
      if (tf && tf->Active) {
         _mesa_error(ctx, GL_INVALID_OPERATION,
                     "glDeleteTransformFeedbacks(active)");
         return;
      }
   }
   for (GLsizei i = 0; i < n; i++) {
      void *obj = _mesa_name_lookup(ctx->TFObjects, ids[i]);
      if (!obj)
         continue;
      _mesa_name_remove(ctx->TFObjects, ids[i]);
      if (obj == GL_NAME_RESERVED)
         continue;
      if (ctx->CurrentTF == obj)
         ctx->CurrentTF = ctx->DefaultTF;
      _mesa_draw_checks_stale(ctx);
      free_object(ctx, obj);
   }
}

static void
bind_targets(struct gl_context *ctx, struct gl_transform_feedback_object *tf,
             bool append)
{
   unsigned offsets[PIPE_MAX_SO_BUFFERS];

   for (unsigned i = 0; i < tf->num_targets; i++)
      offsets[i] = append ? (unsigned)-1 : 0;
   ctx->st->pipe->set_stream_output_targets(ctx->st->pipe, tf->num_targets,
                                            tf->targets, offsets);
}

void GLAPIENTRY
_mesa_BeginTransformFeedback(GLenum primitiveMode)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glBeginTransformFeedback";
   struct gl_transform_feedback_object *tf = ctx->CurrentTF;
   struct gl_program_exec *exec = _mesa_current_exec(ctx);
   struct pipe_context *pipe = ctx->st->pipe;

   if (primitiveMode != GL_POINTS && primitiveMode != GL_LINES &&
       primitiveMode != GL_TRIANGLES) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(mode)", func);
      return;
   }
   if (tf->Active || !exec || !exec->so.num_outputs) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(active or no varyings)",
                  func);
      return;
   }
   for (unsigned b = 0; b < exec->so_buffers; b++) {
      if (!ctx->TransformFeedbackBindings[b].Buffer ||
          !ctx->TransformFeedbackBindings[b].Buffer->buffer) {
         _mesa_error(ctx, GL_INVALID_OPERATION, "%s(buffer %u unbound)",
                     func, b);
         return;
      }
   }
   if (!pipe->create_stream_output_target || !pipe->set_stream_output_targets) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(no stream output)", func);
      return;
   }
   for (unsigned b = 0; b < exec->so_buffers; b++) {
      struct gl_indexed_buffer_binding *bb =
         &ctx->TransformFeedbackBindings[b];
      unsigned offset = (unsigned)bb->Offset;
      /* A whole binding reaches the end of the buffer from the offset; a
       * range no further than that either, whatever glBufferData did to
       * the buffer since it was bound (GL 4.3 section 6.1.1: "the GL will
       * never read or write beyond the end of a bound buffer"). */
      unsigned left = bb->Buffer->Size > bb->Offset
                         ? (unsigned)(bb->Buffer->Size - bb->Offset)
                         : 0;
      unsigned size = bb->Size ? MIN2((unsigned)bb->Size, left) : left;
      tf->targets[b] = pipe->create_stream_output_target(
         pipe, bb->Buffer->buffer, offset, size);
      if (!tf->targets[b]) {
         tf->num_targets = b;
         release_targets(ctx, tf);
         _mesa_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
         return;
      }
   }
   tf->num_targets = exec->so_buffers;
   tf->Active = true;
   tf->Paused = false;
   _mesa_draw_checks_stale(ctx);
   tf->Mode = primitiveMode;
   memset(tf->written_prims, 0, sizeof(tf->written_prims));
   count_start(ctx, tf);
   bind_targets(ctx, tf, false);
}

void GLAPIENTRY
_mesa_EndTransformFeedback(void)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_transform_feedback_object *tf = ctx->CurrentTF;

   if (!tf->Active) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glEndTransformFeedback");
      return;
   }
   ctx->st->pipe->set_stream_output_targets(ctx->st->pipe, 0, NULL, NULL);
   if (!tf->Paused)
      count_stop(ctx, tf);
   release_targets(ctx, tf);
   tf->Active = tf->Paused = false;
   _mesa_draw_checks_stale(ctx);
   tf->Ended = true;
}

void GLAPIENTRY
_mesa_PauseTransformFeedback(void)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_transform_feedback_object *tf = ctx->CurrentTF;

   if (!tf->Active || tf->Paused) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glPauseTransformFeedback");
      return;
   }
   ctx->st->pipe->set_stream_output_targets(ctx->st->pipe, 0, NULL, NULL);
   count_stop(ctx, tf);
   tf->Paused = true;
   _mesa_draw_checks_stale(ctx);
}

void GLAPIENTRY
_mesa_ResumeTransformFeedback(void)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_transform_feedback_object *tf = ctx->CurrentTF;

   if (!tf->Active || !tf->Paused) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glResumeTransformFeedback");
      return;
   }
   count_start(ctx, tf);
   bind_targets(ctx, tf, true);
   tf->Paused = false;
   _mesa_draw_checks_stale(ctx);
}

/* EXT_transform_feedback's names (desktop; core since GL 3.0). */
void GLAPIENTRY
_mesa_BeginTransformFeedbackEXT(GLenum primitiveMode)
{
   _mesa_BeginTransformFeedback(primitiveMode);
}

void GLAPIENTRY
_mesa_EndTransformFeedbackEXT(void)
{
   _mesa_EndTransformFeedback();
}

void GLAPIENTRY
_mesa_TransformFeedbackVaryingsEXT(GLuint program, GLsizei count,
                                   const GLchar *const *varyings,
                                   GLenum bufferMode)
{
   _mesa_TransformFeedbackVaryings(program, count, varyings, bufferMode);
}

void GLAPIENTRY
_mesa_GetTransformFeedbackVaryingEXT(GLuint program, GLuint index,
                                     GLsizei bufSize, GLsizei *length,
                                     GLsizei *size, GLenum *type,
                                     GLchar *name)
{
   _mesa_GetTransformFeedbackVarying(program, index, bufSize, length, size,
                                     type, name);
}
