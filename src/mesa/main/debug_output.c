/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * KHR_debug (GL 4.6 / ES 3.2 chapter 20): message control, insertion, the
 * callback and the message log, debug groups, and object labels.  GL
 * errors and driver messages (shader statistics for shader-db, through
 * pipe_context::set_debug_callback) arrive here too.  Messages of severity
 * LOW are disabled until enabled, as the specification's default state
 * says.
 */
#include <stdlib.h>
#include <string.h>

#include "main/context.h"
#include "main/debug_output.h"
#include "main/ffstate.h"
#include "main/hash.h"
#include "main/varray.h"
#include "util/hash_table.h"

static bool
valid_source(GLenum s, bool dont_care)
{
   switch (s) {
   case GL_DEBUG_SOURCE_API:
   case GL_DEBUG_SOURCE_WINDOW_SYSTEM:
   case GL_DEBUG_SOURCE_SHADER_COMPILER:
   case GL_DEBUG_SOURCE_THIRD_PARTY:
   case GL_DEBUG_SOURCE_APPLICATION:
   case GL_DEBUG_SOURCE_OTHER:
      return true;
   default:
      return dont_care && s == GL_DONT_CARE;
   }
}

static bool
valid_type(GLenum t, bool dont_care)
{
   switch (t) {
   case GL_DEBUG_TYPE_ERROR:
   case GL_DEBUG_TYPE_DEPRECATED_BEHAVIOR:
   case GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR:
   case GL_DEBUG_TYPE_PORTABILITY:
   case GL_DEBUG_TYPE_PERFORMANCE:
   case GL_DEBUG_TYPE_OTHER:
   case GL_DEBUG_TYPE_MARKER:
   case GL_DEBUG_TYPE_PUSH_GROUP:
   case GL_DEBUG_TYPE_POP_GROUP:
      return true;
   default:
      return dont_care && t == GL_DONT_CARE;
   }
}

static bool
valid_severity(GLenum s, bool dont_care)
{
   switch (s) {
   case GL_DEBUG_SEVERITY_HIGH:
   case GL_DEBUG_SEVERITY_MEDIUM:
   case GL_DEBUG_SEVERITY_LOW:
   case GL_DEBUG_SEVERITY_NOTIFICATION:
      return true;
   default:
      return dont_care && s == GL_DONT_CARE;
   }
}

static void
free_group(struct gl_debug_group *g)
{
   for (unsigned i = 0; i < g->NumRules; i++)
      free(g->Rules[i].Ids);
   free(g->Rules);
   free(g->Message);
   g->Rules = NULL;
   g->NumRules = 0;
   g->Message = NULL;
}

void
_mesa_init_debug_output(struct gl_context *ctx, bool debug_context)
{
   memset(&ctx->Debug, 0, sizeof(ctx->Debug));
   ctx->Debug.Output = debug_context;
   ctx->Debug.GroupDepth = 1;
}

void
_mesa_free_debug_output(struct gl_context *ctx)
{
   struct gl_debug_state *d = &ctx->Debug;

   for (unsigned i = 0; i < d->GroupDepth; i++)
      free_group(&d->Groups[i]);
   for (unsigned i = 0; i < MAX_DEBUG_LOGGED_MESSAGES; i++)
      free(d->Log[i].Text);
   memset(d, 0, sizeof(*d));
}

static bool
message_enabled(const struct gl_debug_state *d, GLenum source, GLenum type,
                GLuint id, GLenum severity)
{
   bool enabled = severity != GL_DEBUG_SEVERITY_LOW;

   if (!d->GroupDepth)
      return enabled;
   const struct gl_debug_group *g = &d->Groups[d->GroupDepth - 1];

   for (unsigned i = 0; i < g->NumRules; i++) {
      const struct gl_debug_rule *r = &g->Rules[i];
      if ((r->Source != GL_DONT_CARE && r->Source != source) ||
          (r->Type != GL_DONT_CARE && r->Type != type) ||
          (r->Severity != GL_DONT_CARE && r->Severity != severity))
         continue;
      if (r->Ids) {
         bool found = false;
         for (GLsizei k = 0; k < r->NumIds && !found; k++)
            found = r->Ids[k] == id;
         if (!found)
            continue;
      }
      enabled = r->Enabled;
   }
   return enabled;
}

void
_mesa_debug_message(struct gl_context *ctx, GLenum source, GLenum type,
                    GLuint id, GLenum severity, GLsizei length,
                    const char *text)
{
   struct gl_debug_state *d = &ctx->Debug;

   if (!d->Output || d->InCallback ||
       !message_enabled(d, source, type, id, severity))
      return;
   if (length < 0)
      length = (GLsizei)strlen(text);
   if (length >= MAX_DEBUG_MESSAGE_LENGTH)
      length = MAX_DEBUG_MESSAGE_LENGTH - 1;

   if (d->Callback) {
      char *copy = malloc((size_t)length + 1);
      if (!copy)
         return;
      memcpy(copy, text, (size_t)length);
      copy[length] = '\0';
      d->InCallback = true;
      d->Callback(source, type, id, severity, length, copy, d->CallbackData);
      d->InCallback = false;
      free(copy);
      return;
   }
   if (d->LogCount == MAX_DEBUG_LOGGED_MESSAGES)
      return; /* the log keeps the oldest messages */
   struct gl_debug_message *m =
      &d->Log[(d->LogHead + d->LogCount) % MAX_DEBUG_LOGGED_MESSAGES];
   m->Text = malloc((size_t)length + 1);
   if (!m->Text)
      return;
   memcpy(m->Text, text, (size_t)length);
   m->Text[length] = '\0';
   m->Source = source;
   m->Type = type;
   m->Id = id;
   m->Severity = severity;
   d->LogCount++;
}

void GLAPIENTRY
_mesa_DebugMessageControl(GLenum source, GLenum type, GLenum severity,
                          GLsizei count, const GLuint *ids, GLboolean enabled)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_debug_group *g;
   struct gl_debug_rule *rules, *r;

   if (!valid_source(source, true) || !valid_type(type, true) ||
       !valid_severity(severity, true)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glDebugMessageControl(enums)");
      return;
   }
   if (count < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glDebugMessageControl(count)");
      return;
   }
   if (count > 0 && (source == GL_DONT_CARE || type == GL_DONT_CARE ||
                     severity != GL_DONT_CARE)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glDebugMessageControl(ids)");
      return;
   }
   g = &ctx->Debug.Groups[ctx->Debug.GroupDepth - 1];
   rules = realloc(g->Rules, (g->NumRules + 1) * sizeof(*rules));
   if (!rules) {
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glDebugMessageControl");
      return;
   }
   g->Rules = rules;
   r = &rules[g->NumRules];
   memset(r, 0, sizeof(*r));
   r->Source = source;
   r->Type = type;
   r->Severity = severity;
   r->Enabled = enabled != GL_FALSE;
   if (count > 0) {
      r->Ids = malloc((size_t)count * sizeof(GLuint));
      if (!r->Ids) {
         _mesa_error(ctx, GL_OUT_OF_MEMORY, "glDebugMessageControl");
         return;
      }
      memcpy(r->Ids, ids, (size_t)count * sizeof(GLuint));
      r->NumIds = count;
   }
   g->NumRules++;
}

void GLAPIENTRY
_mesa_DebugMessageInsert(GLenum source, GLenum type, GLuint id, GLenum severity,
                         GLsizei length, const GLchar *buf)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if ((source != GL_DEBUG_SOURCE_APPLICATION &&
        source != GL_DEBUG_SOURCE_THIRD_PARTY) ||
       !valid_type(type, false) || !valid_severity(severity, false)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glDebugMessageInsert(enums)");
      return;
   }
   if (!buf)
      return;
   if ((length < 0 ? (GLsizei)strlen(buf) : length) >=
       MAX_DEBUG_MESSAGE_LENGTH) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glDebugMessageInsert(length)");
      return;
   }
   _mesa_debug_message(ctx, source, type, id, severity, length, buf);
}

void GLAPIENTRY
_mesa_DebugMessageCallback(GLDEBUGPROC callback, const void *userParam)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   ctx->Debug.Callback = callback;
   ctx->Debug.CallbackData = userParam;
}

GLuint GLAPIENTRY
_mesa_GetDebugMessageLog(GLuint count, GLsizei bufSize, GLenum *sources,
                         GLenum *types, GLuint *ids, GLenum *severities,
                         GLsizei *lengths, GLchar *messageLog)
{
   GET_CURRENT_CONTEXT(ctx);
   struct gl_debug_state *d;
   GLuint n = 0;
   GLsizei used = 0;

   if (!ctx)
      return 0;
   if (bufSize < 0 && messageLog) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glGetDebugMessageLog(bufSize)");
      return 0;
   }
   d = &ctx->Debug;
   while (n < count && d->LogCount) {
      struct gl_debug_message *m = &d->Log[d->LogHead];
      GLsizei len = (GLsizei)strlen(m->Text) + 1;

      if (messageLog) {
         if (used + len > bufSize)
            break;
         memcpy(messageLog + used, m->Text, (size_t)len);
         used += len;
      }
      if (sources)
         sources[n] = m->Source;
      if (types)
         types[n] = m->Type;
      if (ids)
         ids[n] = m->Id;
      if (severities)
         severities[n] = m->Severity;
      if (lengths)
         lengths[n] = len;
      free(m->Text);
      m->Text = NULL;
      d->LogHead = (d->LogHead + 1) % MAX_DEBUG_LOGGED_MESSAGES;
      d->LogCount--;
      n++;
   }
   return n;
}

void GLAPIENTRY
_mesa_PushDebugGroup(GLenum source, GLuint id, GLsizei length,
                     const GLchar *message)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_debug_state *d = &ctx->Debug;

   if (source != GL_DEBUG_SOURCE_APPLICATION &&
       source != GL_DEBUG_SOURCE_THIRD_PARTY) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glPushDebugGroup(source)");
      return;
   }
   if (!message)
      message = "";
   if ((length < 0 ? (GLsizei)strlen(message) : length) >=
       MAX_DEBUG_MESSAGE_LENGTH) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glPushDebugGroup(length)");
      return;
   }
   if (d->GroupDepth >= MAX_DEBUG_GROUP_STACK_DEPTH) {
      _mesa_error(ctx, GL_STACK_OVERFLOW, "glPushDebugGroup");
      return;
   }
   /* The new group starts with a copy of the current controls. */
   struct gl_debug_group *cur = &d->Groups[d->GroupDepth - 1];
   struct gl_debug_group *g = &d->Groups[d->GroupDepth];
   g->Rules = cur->NumRules ? calloc(cur->NumRules, sizeof(*g->Rules)) : NULL;
   if (cur->NumRules && !g->Rules) {
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glPushDebugGroup");
      return;
   }
   g->NumRules = 0;
   for (unsigned i = 0; i < cur->NumRules; i++) {
      g->Rules[i] = cur->Rules[i];
      g->Rules[i].Ids = NULL;
      if (cur->Rules[i].Ids) {
         size_t sz = (size_t)cur->Rules[i].NumIds * sizeof(GLuint);
         g->Rules[i].Ids = malloc(sz);
         if (g->Rules[i].Ids)
            memcpy(g->Rules[i].Ids, cur->Rules[i].Ids, sz);
         else
            g->Rules[i].NumIds = 0;
      }
      g->NumRules++;
   }
   GLsizei len = length < 0 ? (GLsizei)strlen(message) : length;
   g->Source = source;
   g->Id = id;
   g->Message = malloc((size_t)len + 1);
   if (g->Message) {
      memcpy(g->Message, message, (size_t)len);
      g->Message[len] = '\0';
   }
   _mesa_debug_message(ctx, source, GL_DEBUG_TYPE_PUSH_GROUP, id,
                       GL_DEBUG_SEVERITY_NOTIFICATION, length, message);
   d->GroupDepth++;
}

void GLAPIENTRY
_mesa_PopDebugGroup(void)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_debug_state *d = &ctx->Debug;

   if (d->GroupDepth <= 1) {
      _mesa_error(ctx, GL_STACK_UNDERFLOW, "glPopDebugGroup");
      return;
   }
   /* The pop message repeats the push's source, id and text, and is
    * filtered by the controls of the group it returns to. */
   struct gl_debug_group *g = &d->Groups[d->GroupDepth - 1];
   char *message = g->Message;
   GLenum source = g->Source;
   GLuint id = g->Id;
   g->Message = NULL;
   d->GroupDepth--;
   free_group(g);
   _mesa_debug_message(ctx, source, GL_DEBUG_TYPE_POP_GROUP, id,
                       GL_DEBUG_SEVERITY_NOTIFICATION, -1,
                       message ? message : "");
   free(message);
}

/* --- Labels ------------------------------------------------------------- */

/* Does name an existing object of the kind identifier says? */
static bool
object_exists(struct gl_context *ctx, GLenum identifier, GLuint name)
{
   struct gl_shared_state *sh = ctx->Shared;
   void *obj;

   switch (identifier) {
   case GL_BUFFER:
      return _mesa_name_lookup_object(sh->Buffers, name) != NULL;
   case GL_SHADER:
   case GL_PROGRAM: {
      struct gl_shader *s = _mesa_name_lookup_object(sh->ShaderObjects, name);
      return s && s->IsProgram == (identifier == GL_PROGRAM);
   }
   case GL_VERTEX_ARRAY:
      obj = _mesa_name_lookup_object(ctx->VAOs, name);
      return obj != NULL;
   case GL_QUERY:
      return ctx->Queries &&
             _mesa_name_lookup_object(ctx->Queries, name) != NULL;
   case GL_SAMPLER:
      return sh->SamplerObjects &&
             _mesa_name_lookup_object(sh->SamplerObjects, name) != NULL;
   case GL_TEXTURE:
      return _mesa_name_lookup_object(sh->Textures, name) != NULL;
   case GL_RENDERBUFFER:
      return _mesa_name_lookup_object(sh->Renderbuffers, name) != NULL;
   case GL_FRAMEBUFFER:
      return _mesa_name_lookup_object(ctx->FBOs, name) != NULL;
   case GL_TRANSFORM_FEEDBACK:
      return ctx->TFObjects &&
             _mesa_name_lookup_object(ctx->TFObjects, name) != NULL;
   default:
      return false;
   }
}

static bool
valid_identifier(GLenum identifier)
{
   switch (identifier) {
   case GL_BUFFER:
   case GL_SHADER:
   case GL_PROGRAM:
   case GL_VERTEX_ARRAY:
   case GL_QUERY:
   case GL_PROGRAM_PIPELINE:
   case GL_TRANSFORM_FEEDBACK:
   case GL_SAMPLER:
   case GL_TEXTURE:
   case GL_RENDERBUFFER:
   case GL_FRAMEBUFFER:
      return true;
   default:
      return false;
   }
}

static const void *
label_key(GLenum identifier, uintptr_t name)
{
   /* Names and sync pointers differ by the identifier in the high bits. */
   return (const void *)(((uintptr_t)(identifier & 0xffff) << 48) ^ name);
}

static void
set_label(struct gl_context *ctx, const void *key, GLsizei length,
          const GLchar *label, const char *func)
{
   struct gl_shared_state *sh = ctx->Shared;
   GLsizei len;

   if (label && (len = length < 0 ? (GLsizei)strlen(label) : length) >=
                   MAX_LABEL_LENGTH) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(length)", func);
      return;
   }
   if (!sh->Labels)
      sh->Labels = hash_table_create_u64_keys(NULL);
   if (!sh->Labels) {
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
      return;
   }
   free(hash_table_search_data(sh->Labels, key));
   hash_table_remove_key(sh->Labels, key);
   if (!label)
      return;
   len = length < 0 ? (GLsizei)strlen(label) : length;
   char *copy = malloc((size_t)len + 1);
   if (!copy) {
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
      return;
   }
   memcpy(copy, label, (size_t)len);
   copy[len] = '\0';
   hash_table_insert(sh->Labels, key, copy);
}

static void
get_label(struct gl_context *ctx, const void *key, GLsizei bufSize,
          GLsizei *length, GLchar *label)
{
   const char *l = ctx->Shared->Labels
                      ? hash_table_search_data(ctx->Shared->Labels, key)
                      : NULL;
   GLsizei n = 0;

   if (label && bufSize > 0) {
      size_t len = l ? strlen(l) : 0;
      n = len < (size_t)bufSize - 1 ? (GLsizei)len : bufSize - 1;
      if (n)
         memcpy(label, l, (size_t)n);
      label[n] = '\0';
   } else if (l && !label) {
      n = (GLsizei)strlen(l);
   }
   if (length)
      *length = n;
}

const char *
_mesa_object_label(struct gl_context *ctx, GLenum identifier, GLuint name)
{
   if (!ctx->Shared->Labels)
      return NULL;
   return hash_table_search_data(ctx->Shared->Labels,
                                 label_key(identifier, name));
}

void GLAPIENTRY
_mesa_ObjectLabel(GLenum identifier, GLuint name, GLsizei length,
                  const GLchar *label)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!valid_identifier(identifier)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glObjectLabel(identifier)");
      return;
   }
   if (!object_exists(ctx, identifier, name)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glObjectLabel(name=%u)", name);
      return;
   }
   set_label(ctx, label_key(identifier, name), length, label, "glObjectLabel");
}

void GLAPIENTRY
_mesa_GetObjectLabel(GLenum identifier, GLuint name, GLsizei bufSize,
                     GLsizei *length, GLchar *label)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!valid_identifier(identifier)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glGetObjectLabel(identifier)");
      return;
   }
   if (bufSize < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glGetObjectLabel(bufSize)");
      return;
   }
   if (!object_exists(ctx, identifier, name)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glGetObjectLabel(name=%u)", name);
      return;
   }
   get_label(ctx, label_key(identifier, name), bufSize, length, label);
}

void GLAPIENTRY
_mesa_ObjectPtrLabel(const void *ptr, GLsizei length, const GLchar *label)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!ctx->Shared->SyncObjects ||
       !hash_table_search(ctx->Shared->SyncObjects, ptr)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glObjectPtrLabel(ptr)");
      return;
   }
   set_label(ctx, label_key(GL_SYNC_FENCE, (uintptr_t)ptr), length, label,
             "glObjectPtrLabel");
}

void GLAPIENTRY
_mesa_GetObjectPtrLabel(const void *ptr, GLsizei bufSize, GLsizei *length,
                        GLchar *label)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (bufSize < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glGetObjectPtrLabel(bufSize)");
      return;
   }
   if (!ctx->Shared->SyncObjects ||
       !hash_table_search(ctx->Shared->SyncObjects, ptr)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glGetObjectPtrLabel(ptr)");
      return;
   }
   get_label(ctx, label_key(GL_SYNC_FENCE, (uintptr_t)ptr), bufSize, length,
             label);
}

void GLAPIENTRY
_mesa_GetPointerv(GLenum pname, void **params)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   /* GL 2.1 table 6.64 (select.c, feedback.c). */
   if ((pname == GL_FEEDBACK_BUFFER_POINTER ||
        pname == GL_SELECTION_BUFFER_POINTER) &&
       _mesa_has_ff(ctx)) {
      *params = pname == GL_FEEDBACK_BUFFER_POINTER
                   ? (void *)ctx->FF.Select.FbBuffer
                   : (void *)ctx->FF.Select.Buffer;
      return;
   }
   if (_mesa_get_array_pointer(ctx, pname, params))
      return;
   switch (pname) {
   case GL_DEBUG_CALLBACK_FUNCTION:
      *params = (void *)ctx->Debug.Callback;
      break;
   case GL_DEBUG_CALLBACK_USER_PARAM:
      *params = (void *)ctx->Debug.CallbackData;
      break;
   default:
      _mesa_error(ctx, GL_INVALID_ENUM, "glGetPointerv(pname=0x%x)", pname);
   }
}

void
_mesa_free_labels(struct gl_shared_state *shared)
{
   if (!shared->Labels)
      return;
   hash_table_foreach(shared->Labels, e)
      free(e->data);
   hash_table_destroy(shared->Labels, NULL);
   shared->Labels = NULL;
}
