/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Matrix stacks of compatibility contexts (GL 2.1 section 2.11.2):
 * glMatrixMode (modelview and projection; texture and colour matrices do
 * not exist yet), glLoadIdentity, glLoadMatrix, glMultMatrix, glPush/
 * PopMatrix, glOrtho, glFrustum, glTranslate, glScale, glRotate.  The
 * matrices reach shaders as the default-block uniforms the linker makes
 * for gl_ModelViewMatrix and friends (glsl_program.h), as does the depth
 * range (gl_DepthRange): the state tracker calls
 * _mesa_update_state_uniforms before uploading the constants.
 * Matrices are column-major: element (row r, column c) is m[4 * c + r].
 */
#include <math.h>
#include <string.h>

#include "compiler/glsl/glsl_program.h"
#include "main/context.h"
#include "main/matrix.h"
#include "util/u_math.h"
#include "state_tracker/st_context.h"

static const GLfloat identity[16] = {
   1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1,
};

void
_mesa_init_matrix(struct gl_context *ctx)
{
   ctx->Transform.Mode = GL_MODELVIEW;
   for (unsigned s = 0; s < 2; s++) {
      ctx->Transform.Depth[s] = 0;
      memcpy(ctx->Transform.Stack[s][0], identity, sizeof(identity));
   }
   for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++)
      memcpy(ctx->FF.TexStack[u][0], identity, sizeof(identity));
}

/* The current stack: its matrices, depth index and size.  The texture
 * stacks are those of the active unit (GL 2.1 section 2.11.2). */
static GLfloat (*current_stack(struct gl_context *ctx, unsigned **depth,
                               unsigned *max))[16]
{
   if (ctx->Transform.Mode == GL_TEXTURE) {
      unsigned u = ctx->ActiveTexture < FF_MAX_TEXTURE_UNITS
                      ? ctx->ActiveTexture
                      : 0;
      *depth = &ctx->FF.TexDepth[u];
      *max = FF_MAX_TEXTURE_STACK_DEPTH;
      return ctx->FF.TexStack[u];
   }
   unsigned s = ctx->Transform.Mode == GL_PROJECTION;
   *depth = &ctx->Transform.Depth[s];
   *max = MAX_MATRIX_STACK_DEPTH;
   return ctx->Transform.Stack[s];
}

/* The top of the current stack, NULL (and an error) in ES contexts. */
static GLfloat *
current_top(struct gl_context *ctx, const char *func)
{
   if (_mesa_is_gles(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(not in OpenGL ES)", func);
      return NULL;
   }
   if (_mesa_inside_begin_end(ctx, func))
      return NULL;
   unsigned *depth, max;
   GLfloat(*stack)[16] = current_stack(ctx, &depth, &max);
   return stack[*depth];
}

static void
changed(struct gl_context *ctx)
{
   ctx->NewState |= ST_NEW_CONSTANTS;
}

void
_mesa_mat4_mul(GLfloat dst[16], const GLfloat a[16], const GLfloat b[16])
{
   GLfloat t[16];

   for (unsigned c = 0; c < 4; c++) {
      for (unsigned r = 0; r < 4; r++) {
         GLfloat sum = 0;
         for (unsigned k = 0; k < 4; k++)
            sum += a[4 * k + r] * b[4 * c + k];
         t[4 * c + r] = sum;
      }
   }
   memcpy(dst, t, sizeof(t));
}

void
_mesa_mat4_apply(const GLfloat m[16], const GLfloat in[4], GLfloat out[4])
{
   for (unsigned r = 0; r < 4; r++) {
      out[r] = m[r] * in[0] + m[4 + r] * in[1] + m[8 + r] * in[2] +
               m[12 + r] * in[3];
   }
}

static void
mult_current(GLfloat m[16], const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_dl_node n = {.op = DL_MULT_MATRIX};
   memcpy(n.f, m, sizeof(n.f));
   if (_mesa_dlist_save(ctx, &n))
      return;
   GLfloat *top = current_top(ctx, func);

   if (!top)
      return;
   _mesa_mat4_mul(top, top, m);
   changed(ctx);
}

void GLAPIENTRY
_mesa_MatrixMode(GLenum mode)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_dl_node n = {.op = DL_MATRIX_MODE, .e = {mode}};

   if (_mesa_dlist_save(ctx, &n) || !current_top(ctx, "glMatrixMode"))
      return;
   if (mode != GL_MODELVIEW && mode != GL_PROJECTION &&
       (mode != GL_TEXTURE || _mesa_is_desktop_fc(ctx))) {
      /* ARB_imaging's GL_COLOR is not implemented. */
      _mesa_error(ctx, GL_INVALID_ENUM, "glMatrixMode(mode=0x%x)", mode);
      return;
   }
   ctx->Transform.Mode = mode;
}

void GLAPIENTRY
_mesa_LoadIdentity(void)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_dl_node n = {.op = DL_LOAD_IDENTITY};
   if (_mesa_dlist_save(ctx, &n))
      return;
   GLfloat *top = current_top(ctx, "glLoadIdentity");

   if (!top)
      return;
   memcpy(top, identity, sizeof(identity));
   changed(ctx);
}

void GLAPIENTRY
_mesa_LoadMatrixf(const GLfloat *m)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_dl_node n = {.op = DL_LOAD_MATRIX};
   if (m)
      memcpy(n.f, m, sizeof(n.f));
   if (m && _mesa_dlist_save(ctx, &n))
      return;
   GLfloat *top = current_top(ctx, "glLoadMatrixf");

   if (!top || !m)
      return;
   memcpy(top, m, 16 * sizeof(GLfloat));
   changed(ctx);
}

void GLAPIENTRY
_mesa_LoadMatrixd(const GLdouble *m)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_dl_node n = {.op = DL_LOAD_MATRIX};
   for (unsigned i = 0; m && i < 16; i++)
      n.f[i] = (GLfloat)m[i];
   if (m && _mesa_dlist_save(ctx, &n))
      return;
   GLfloat *top = current_top(ctx, "glLoadMatrixd");

   if (!top || !m)
      return;
   for (unsigned i = 0; i < 16; i++)
      top[i] = (GLfloat)m[i];
   changed(ctx);
}

void GLAPIENTRY
_mesa_MultMatrixf(const GLfloat *m)
{
   GLfloat t[16];

   if (!m)
      return;
   memcpy(t, m, sizeof(t));
   mult_current(t, "glMultMatrixf");
}

void GLAPIENTRY
_mesa_MultMatrixd(const GLdouble *m)
{
   GLfloat t[16];

   if (!m)
      return;
   for (unsigned i = 0; i < 16; i++)
      t[i] = (GLfloat)m[i];
   mult_current(t, "glMultMatrixd");
}

void GLAPIENTRY
_mesa_PushMatrix(void)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_dl_node n = {.op = DL_PUSH_MATRIX};
   if (_mesa_dlist_save(ctx, &n))
      return;
   GLfloat *top = current_top(ctx, "glPushMatrix");
   unsigned *depth, max;

   if (!top)
      return;
   GLfloat(*stack)[16] = current_stack(ctx, &depth, &max);
   if (*depth + 1 >= max) {
      _mesa_error(ctx, GL_STACK_OVERFLOW, "glPushMatrix");
      return;
   }
   (*depth)++;
   memcpy(stack[*depth], top, 16 * sizeof(GLfloat));
}

void GLAPIENTRY
_mesa_PopMatrix(void)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   unsigned *depth, max;
   struct gl_dl_node n = {.op = DL_POP_MATRIX};

   if (_mesa_dlist_save(ctx, &n) || !current_top(ctx, "glPopMatrix"))
      return;
   current_stack(ctx, &depth, &max);
   if (*depth == 0) {
      _mesa_error(ctx, GL_STACK_UNDERFLOW, "glPopMatrix");
      return;
   }
   (*depth)--;
   changed(ctx);
}

/* GL 2.1 equation 2.9 (glOrtho) and 2.8 (glFrustum). */
void GLAPIENTRY
_mesa_Ortho(GLdouble l, GLdouble r, GLdouble b, GLdouble t, GLdouble n,
            GLdouble f)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (l == r || b == t || n == f) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glOrtho");
      return;
   }
   GLfloat m[16] = {
      (GLfloat)(2 / (r - l)), 0, 0, 0,
      0, (GLfloat)(2 / (t - b)), 0, 0,
      0, 0, (GLfloat)(-2 / (f - n)), 0,
      (GLfloat)(-(r + l) / (r - l)), (GLfloat)(-(t + b) / (t - b)),
      (GLfloat)(-(f + n) / (f - n)), 1,
   };
   mult_current(m, "glOrtho");
}

void GLAPIENTRY
_mesa_Frustum(GLdouble l, GLdouble r, GLdouble b, GLdouble t, GLdouble n,
              GLdouble f)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (n <= 0 || f <= 0 || l == r || b == t || n == f) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glFrustum");
      return;
   }
   GLfloat m[16] = {
      (GLfloat)(2 * n / (r - l)), 0, 0, 0,
      0, (GLfloat)(2 * n / (t - b)), 0, 0,
      (GLfloat)((r + l) / (r - l)), (GLfloat)((t + b) / (t - b)),
      (GLfloat)(-(f + n) / (f - n)), -1,
      0, 0, (GLfloat)(-2 * f * n / (f - n)), 0,
   };
   mult_current(m, "glFrustum");
}

void GLAPIENTRY
_mesa_Translatef(GLfloat x, GLfloat y, GLfloat z)
{
   GLfloat m[16];

   memcpy(m, identity, sizeof(m));
   m[12] = x;
   m[13] = y;
   m[14] = z;
   mult_current(m, "glTranslatef");
}

void GLAPIENTRY
_mesa_Translated(GLdouble x, GLdouble y, GLdouble z)
{
   _mesa_Translatef((GLfloat)x, (GLfloat)y, (GLfloat)z);
}

void GLAPIENTRY
_mesa_Scalef(GLfloat x, GLfloat y, GLfloat z)
{
   GLfloat m[16] = { x, 0, 0, 0, 0, y, 0, 0, 0, 0, z, 0, 0, 0, 0, 1 };

   mult_current(m, "glScalef");
}

void GLAPIENTRY
_mesa_Scaled(GLdouble x, GLdouble y, GLdouble z)
{
   _mesa_Scalef((GLfloat)x, (GLfloat)y, (GLfloat)z);
}

/* GL 2.1 section 2.11.2: a rotation of angle degrees about (x, y, z). */
void GLAPIENTRY
_mesa_Rotatef(GLfloat angle, GLfloat x, GLfloat y, GLfloat z)
{
   double len = sqrt((double)x * x + (double)y * y + (double)z * z);
   GLfloat m[16];

   memcpy(m, identity, sizeof(m));
   if (len > 0) {
      double a = angle * M_PI / 180.0, c = cos(a), s = sin(a);
      double u[3] = { x / len, y / len, z / len };
      for (unsigned col = 0; col < 3; col++) {
         for (unsigned row = 0; row < 3; row++) {
            /* R = u u^T + c (I - u u^T) + s S, S the cross matrix. */
            double v = u[row] * u[col] * (1 - c) + (row == col ? c : 0);
            if (row != col) {
               unsigned k = 3 - row - col;
               bool pos = (row + 1) % 3 == col;
               v += (pos ? -1 : 1) * s * u[k];
            }
            m[4 * col + row] = (GLfloat)v;
         }
      }
   }
   mult_current(m, "glRotatef");
}

void GLAPIENTRY
_mesa_Rotated(GLdouble angle, GLdouble x, GLdouble y, GLdouble z)
{
   _mesa_Rotatef((GLfloat)angle, (GLfloat)x, (GLfloat)y, (GLfloat)z);
}

/* The inverse of m through its cofactors; identity when singular (the
 * GL leaves that case undefined). */
static void
mat_inverse(GLfloat dst[16], const GLfloat m[16])
{
   double inv[16], det = 0;

   for (unsigned c = 0; c < 4; c++) {
      for (unsigned r = 0; r < 4; r++) {
         /* Minor of element (row c, column r), for inv (row r, col c). */
         double sub[9];
         unsigned n = 0;
         for (unsigned cc = 0; cc < 4; cc++) {
            if (cc == r)
               continue;
            for (unsigned rr = 0; rr < 4; rr++) {
               if (rr != c)
                  sub[n++] = m[4 * cc + rr];
            }
         }
         double minor = sub[0] * (sub[4] * sub[8] - sub[7] * sub[5]) -
                        sub[3] * (sub[1] * sub[8] - sub[7] * sub[2]) +
                        sub[6] * (sub[1] * sub[5] - sub[4] * sub[2]);
         inv[4 * c + r] = ((r + c) % 2 ? -1 : 1) * minor;
      }
   }
   for (unsigned k = 0; k < 4; k++)
      det += m[4 * k] * inv[k];
   if (det == 0) {
      memcpy(dst, identity, sizeof(identity));
      return;
   }
   for (unsigned i = 0; i < 16; i++)
      dst[i] = (GLfloat)(inv[i] / det);
}

static bool
store(struct gl_program_exec *exec, const struct glsl_program_uniform *u,
      const GLfloat *m, unsigned cols)
{
   uint8_t *base = (uint8_t *)exec->uniforms + u->offset_B;
   bool diff = false;

   for (unsigned c = 0; c < cols; c++) {
      const GLfloat *col = m + 4 * c;
      if (memcmp(base + 16 * c, col, cols * sizeof(GLfloat))) {
         memcpy(base + 16 * c, col, cols * sizeof(GLfloat));
         diff = true;
      }
   }
   return diff;
}

static void
transpose(GLfloat dst[16], const GLfloat m[16])
{
   for (unsigned c = 0; c < 4; c++)
      for (unsigned r = 0; r < 4; r++)
         dst[4 * c + r] = m[4 * r + c];
}

/* Stores one float (of a struct leaf such as gl_DepthRange.near). */
static bool
store_float(struct gl_program_exec *exec, const struct glsl_program_uniform *u,
            GLfloat f)
{
   GLfloat *dst = (GLfloat *)((uint8_t *)exec->uniforms + u->offset_B);
   if (*dst == f)
      return false;
   *dst = f;
   return true;
}

/* Stores count floats of a vector or scalar uniform. */
static bool
store_floats(struct gl_program_exec *exec,
             const struct glsl_program_uniform *u, const GLfloat *v,
             unsigned count)
{
   uint8_t *dst = (uint8_t *)exec->uniforms + u->offset_B;
   if (!memcmp(dst, v, count * sizeof(GLfloat)))
      return false;
   memcpy(dst, v, count * sizeof(GLfloat));
   return true;
}

/* The value of the compatibility matrix uniform gl_<n> into m (4x4;
 * gl_NormalMatrix in the upper-left 3x3); false if n is not one. */
static bool
matrix_value(const char *n, const GLfloat *mv, const GLfloat *proj,
             const GLfloat *mvp, GLfloat m[16])
{
   static const struct {
      const char *suffix;
      bool inverse, transpose;
   } forms[] = {
      { "", false, false },
      { "Inverse", true, false },
      { "Transpose", false, true },
      { "InverseTranspose", true, true },
   };
   static const char *const bases[] = {
      "ModelViewProjectionMatrix", "ModelViewMatrix", "ProjectionMatrix",
   };
   const GLfloat *src[] = { mvp, mv, proj };
   GLfloat tmp[16];

   if (!strcmp(n, "NormalMatrix")) {
      /* GL 2.1 section 2.11.3: the transpose of the inverse of the
       * upper-left 3x3 of the modelview matrix. */
      GLfloat m3[16];
      memcpy(m3, identity, sizeof(m3));
      for (unsigned c = 0; c < 3; c++)
         memcpy(m3 + 4 * c, mv + 4 * c, 3 * sizeof(GLfloat));
      mat_inverse(tmp, m3);
      transpose(m, tmp);
      return true;
   }
   for (unsigned b = 0; b < ARRAY_SIZE(bases); b++) {
      size_t len = strlen(bases[b]);
      if (strncmp(n, bases[b], len))
         continue;
      for (unsigned f = 0; f < ARRAY_SIZE(forms); f++) {
         if (strcmp(n + len, forms[f].suffix))
            continue;
         if (forms[f].inverse)
            mat_inverse(tmp, src[b]);
         else
            memcpy(tmp, src[b], sizeof(tmp));
         if (forms[f].transpose)
            transpose(m, tmp);
         else
            memcpy(m, tmp, sizeof(tmp));
         return true;
      }
   }
   return false;
}

/* gl_TextureMatrix[] and its inverse and transpose forms: the tops of the
 * texture matrix stacks (GL 2.1 section 2.11.2). */
static bool
texture_matrices(struct gl_context *ctx, struct gl_program_exec *exec,
                 const struct glsl_program_uniform *u)
{
   static const char base[] = "gl_TextureMatrix";
   const char *form = u->name + sizeof(base) - 1;
   bool diff = false;
   GLfloat tmp[16], m[16];

   if (strncmp(u->name, base, sizeof(base) - 1))
      return false;
   bool inverse = !strncmp(form, "Inverse", 7);
   bool transposed = strstr(form, "Transpose") != NULL;
   for (unsigned e = 0; e < u->array_size && e < FF_MAX_TEXTURE_UNITS; e++) {
      const GLfloat *top = ctx->FF.TexStack[e][ctx->FF.TexDepth[e]];
      if (inverse)
         mat_inverse(tmp, top);
      else
         memcpy(tmp, top, sizeof(tmp));
      if (transposed)
         transpose(m, tmp);
      else
         memcpy(m, tmp, sizeof(m));
      uint8_t *dst =
         (uint8_t *)exec->uniforms + u->offset_B + e * u->array_stride_B;
      if (memcmp(dst, m, sizeof(m))) {
         memcpy(dst, m, sizeof(m));
         diff = true;
      }
   }
   return diff;
}

/* matrix_value with the MVP product computed by the first call of an
 * update only: most programs read no built-in matrix, and this runs
 * before every draw that changed uniforms. */
static bool
matrix_value_once(const char *n, const GLfloat *mv, const GLfloat *proj,
                  GLfloat *mvp, bool *have_mvp, GLfloat *m)
{
   if (!*have_mvp) {
      _mesa_mat4_mul(mvp, proj, mv);
      *have_mvp = true;
   }
   return matrix_value(n, mv, proj, mvp, m);
}

bool
_mesa_update_state_uniforms(struct gl_context *ctx,
                            struct gl_program_exec *exec)
{
   const struct glsl_program *linked = exec ? exec->linked : NULL;
   const GLfloat *mv, *proj;
   GLfloat mvp[16], m[16];
   bool diff = false, have_mvp = false;

   if (!linked)
      return false;
   mv = ctx->Transform.Stack[0][ctx->Transform.Depth[0]];
   proj = ctx->Transform.Stack[1][ctx->Transform.Depth[1]];

   for (unsigned i = 0; i < linked->num_uniforms; i++) {
      const struct glsl_program_uniform *u = &linked->uniforms[i];
      const char *n = u->name;

      if (strncmp(n, "gl_", 3))
         continue;
      if (u->is_array) {
         diff |= texture_matrices(ctx, exec, u);
         GLfloat v[4];
         for (unsigned e = 0;
              e < u->array_size && _mesa_ff_builtin_array(ctx, u->name, e, v);
              e++) {
            uint8_t *dst =
               (uint8_t *)exec->uniforms + u->offset_B + e * u->array_stride_B;
            if (memcmp(dst, v, sizeof(v))) {
               memcpy(dst, v, sizeof(v));
               diff = true;
            }
         }
         continue;
      }
      n += 3;
      /* Every API (GLSL 1.10 and ES 1.00 section 7.5): the depth range
       * of the viewport transformation. */
      if (!strcmp(n, "DepthRange.near")) {
         diff |= store_float(exec, u, ctx->ViewportArray[0].Near);
      } else if (!strcmp(n, "DepthRange.far")) {
         diff |= store_float(exec, u, ctx->ViewportArray[0].Far);
      } else if (!strcmp(n, "DepthRange.diff")) {
         diff |= store_float(exec, u, ctx->ViewportArray[0].Far - ctx->ViewportArray[0].Near);
      } else if (_mesa_is_gles(ctx)) {
         continue;
      } else if (!strcmp(n, "NormalScale")) {
         /* GL 2.1 section 2.11.3: 1 / |third row of the upper-left 3x3
          * of the modelview inverse| (the fixed-function vertex shader
          * applies it when RESCALE_NORMAL is on). */
         GLfloat inv[16];
         mat_inverse(inv, mv);
         GLfloat len2 = inv[2] * inv[2] + inv[6] * inv[6] + inv[10] * inv[10];
         diff |= store_float(exec, u, len2 > 0.0f ? 1.0f / sqrtf(len2) : 1.0f);
      } else if (matrix_value_once(n, mv, proj, mvp, &have_mvp, m)) {
         diff |= store(exec, u, m, strcmp(n, "NormalMatrix") ? 4 : 3);
      } else {
         /* Lighting and fog state (ffuniforms.c). */
         GLfloat v[4];
         unsigned count;
         if (_mesa_ff_builtin_uniform(ctx, n, v, &count))
            diff |= store_floats(exec, u, v, count);
      }
   }
   return diff;
}

void
_mesa_modelview_inverse(struct gl_context *ctx, GLfloat inv[16])
{
   mat_inverse(inv, ctx->Transform.Stack[0][ctx->Transform.Depth[0]]);
}
