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
 * for gl_ModelViewMatrix and friends (glsl_program.h): the state tracker
 * calls _mesa_update_matrix_uniforms before uploading the constants.
 * Matrices are column-major: element (row r, column c) is m[4 * c + r].
 */
#include <math.h>
#include <string.h>

#include "compiler/glsl/glsl_program.h"
#include "main/context.h"
#include "main/matrix.h"
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
}

/* The top of the current stack, NULL (and an error) in ES contexts. */
static GLfloat *
current_top(struct gl_context *ctx, const char *func)
{
   if (_mesa_is_gles(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(not in OpenGL ES)", func);
      return NULL;
   }
   unsigned s = ctx->Transform.Mode == GL_PROJECTION;
   return ctx->Transform.Stack[s][ctx->Transform.Depth[s]];
}

static void
changed(struct gl_context *ctx)
{
   ctx->NewState |= ST_NEW_CONSTANTS;
}

/* dst = a * b (dst may alias a or b). */
static void
mat_mul(GLfloat dst[16], const GLfloat a[16], const GLfloat b[16])
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

static void
mult_current(GLfloat m[16], const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   GLfloat *top = current_top(ctx, func);

   if (!top)
      return;
   mat_mul(top, top, m);
   changed(ctx);
}

void GLAPIENTRY
_mesa_MatrixMode(GLenum mode)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!current_top(ctx, "glMatrixMode"))
      return;
   if (mode != GL_MODELVIEW && mode != GL_PROJECTION) {
      /* GL_TEXTURE (and ARB_imaging's GL_COLOR) are not implemented. */
      _mesa_error(ctx, GL_INVALID_ENUM, "glMatrixMode(mode=0x%x)", mode);
      return;
   }
   ctx->Transform.Mode = mode;
}

void GLAPIENTRY
_mesa_LoadIdentity(void)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
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
   GLfloat *top = current_top(ctx, "glPushMatrix");
   unsigned s = ctx->Transform.Mode == GL_PROJECTION;

   if (!top)
      return;
   if (ctx->Transform.Depth[s] + 1 >= MAX_MATRIX_STACK_DEPTH) {
      _mesa_error(ctx, GL_STACK_OVERFLOW, "glPushMatrix");
      return;
   }
   ctx->Transform.Depth[s]++;
   memcpy(ctx->Transform.Stack[s][ctx->Transform.Depth[s]], top,
          16 * sizeof(GLfloat));
}

void GLAPIENTRY
_mesa_PopMatrix(void)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   unsigned s = ctx->Transform.Mode == GL_PROJECTION;

   if (!current_top(ctx, "glPopMatrix"))
      return;
   if (ctx->Transform.Depth[s] == 0) {
      _mesa_error(ctx, GL_STACK_UNDERFLOW, "glPopMatrix");
      return;
   }
   ctx->Transform.Depth[s]--;
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

bool
_mesa_update_matrix_uniforms(struct gl_context *ctx,
                             struct gl_program_exec *exec)
{
   const struct glsl_program *linked = exec ? exec->linked : NULL;
   const GLfloat *mv, *proj;
   GLfloat mvp[16], tmp[16];
   bool diff = false;

   if (!linked || _mesa_is_gles(ctx))
      return false;
   mv = ctx->Transform.Stack[0][ctx->Transform.Depth[0]];
   proj = ctx->Transform.Stack[1][ctx->Transform.Depth[1]];
   mat_mul(mvp, proj, mv);

   for (unsigned i = 0; i < linked->num_uniforms; i++) {
      const struct glsl_program_uniform *u = &linked->uniforms[i];
      const char *n = u->name;

      if (strncmp(n, "gl_", 3) || u->is_array)
         continue;
      n += 3;
      if (!strcmp(n, "ModelViewMatrix")) {
         diff |= store(exec, u, mv, 4);
      } else if (!strcmp(n, "ProjectionMatrix")) {
         diff |= store(exec, u, proj, 4);
      } else if (!strcmp(n, "ModelViewProjectionMatrix")) {
         diff |= store(exec, u, mvp, 4);
      } else if (!strcmp(n, "ModelViewMatrixInverse")) {
         mat_inverse(tmp, mv);
         diff |= store(exec, u, tmp, 4);
      } else if (!strcmp(n, "ProjectionMatrixInverse")) {
         mat_inverse(tmp, proj);
         diff |= store(exec, u, tmp, 4);
      } else if (!strcmp(n, "ModelViewProjectionMatrixInverse")) {
         mat_inverse(tmp, mvp);
         diff |= store(exec, u, tmp, 4);
      } else if (!strcmp(n, "NormalMatrix")) {
         /* GL 2.1 section 2.11.3: the transpose of the inverse of the
          * upper-left 3x3 of the modelview matrix. */
         GLfloat m3[16], inv[16], nm[16];
         memcpy(m3, identity, sizeof(m3));
         for (unsigned c = 0; c < 3; c++)
            memcpy(m3 + 4 * c, mv + 4 * c, 3 * sizeof(GLfloat));
         mat_inverse(inv, m3);
         for (unsigned c = 0; c < 4; c++)
            for (unsigned r = 0; r < 4; r++)
               nm[4 * c + r] = inv[4 * r + c];
         diff |= store(exec, u, nm, 3);
      } else if (!strncmp(n, "DepthRange.", 11)) {
         /* GLSL 1.10 section 7.5: near, far and far - near of the depth
          * range (GL 2.1 section 2.11.1). */
         const GLfloat near = ctx->Viewport.Near, far = ctx->Viewport.Far;
         const GLfloat v = !strcmp(n + 11, "near") ? near
                           : !strcmp(n + 11, "far") ? far
                                                     : far - near;
         uint8_t *dst = (uint8_t *)exec->uniforms + u->offset_B;
         if (memcmp(dst, &v, sizeof(v))) {
            memcpy(dst, &v, sizeof(v));
            diff = true;
         }
      }
   }
   return diff;
}

void
_mesa_modelview_inverse(struct gl_context *ctx, GLfloat inv[16])
{
   mat_inverse(inv, ctx->Transform.Stack[0][ctx->Transform.Depth[0]]);
}
