/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The shared fixed-function entry points (e2e_gl_compat.h), looked up
 * through the e2e_gl_procs table machinery.
 */
#include "e2e_gl_compat.h"

int
e2e_gl_need_compat(struct e2e_gl *gl, struct e2e_gl_compat *ff)
{
   const struct e2e_gl_proc table[] = {
      {"glBegin", &ff->begin},
      {"glEnd", &ff->end},
      {"glVertex2f", &ff->vertex2f},
      {"glVertex3f", &ff->vertex3f},
      {"glColor3f", &ff->color3f},
      {"glColor4f", &ff->color4f},
      {"glColor4ub", &ff->color4ub},
      {"glNormal3f", &ff->normal3f},
      {"glEdgeFlag", &ff->edge_flag},
      {"glRectf", &ff->rectf},
      {"glEnableClientState", &ff->enable_client_state},
      {"glDisableClientState", &ff->disable_client_state},
      {"glVertexPointer", &ff->vertex_pointer},
      {"glColorPointer", &ff->color_pointer},
      {"glNormalPointer", &ff->normal_pointer},
      {"glTexCoordPointer", &ff->tex_coord_pointer},
      {"glEdgeFlagPointer", &ff->edge_flag_pointer},
      {"glIndexPointer", &ff->index_pointer},
      {"glClientActiveTexture", &ff->client_active_texture},
      {"glGetPointerv", &ff->get_pointerv},
      {"glMatrixMode", &ff->matrix_mode},
      {"glLoadIdentity", &ff->load_identity},
      {"glOrtho", &ff->ortho},
      {"glTranslatef", &ff->translatef},
      {"glGenLists", &ff->gen_lists},
      {"glNewList", &ff->new_list},
      {"glEndList", &ff->end_list},
      {"glCallList", &ff->call_list},
      {"glPolygonMode", &ff->polygon_mode},
      {"glShadeModel", &ff->shade_model},
      {"glPointSize", &ff->point_size},
      {"glLineStipple", &ff->line_stipple},
      {"glPolygonStipple", &ff->polygon_stipple},
      {"glGetPolygonStipple", &ff->get_polygon_stipple},
      {"glLogicOp", &ff->logic_op},
      {"glMaterialfv", &ff->materialfv},
   };
   return E2E_GL_NEED_PROCS(gl, table);
}

int
e2e_gl_start_ff(struct e2e_gl *gl, int argc, char **argv, int w, int h,
                bool *quiet, struct e2e_gl_compat *ff)
{
   int status = e2e_gl_start_compat(gl, argc, argv, w, h, quiet);
   if (status)
      return status;
   return e2e_gl_need_compat(gl, ff);
}

int
e2e_gl_start_compat_window(struct e2e_gl *gl, int argc, char **argv, int w,
                           int h, bool *quiet, struct e2e_gl_compat *ff)
{
   int status = e2e_gl_start_ff(gl, argc, argv, w, h, quiet, ff);
   if (status)
      return status;

   ff->matrix_mode(E2E_GL_PROJECTION);
   ff->ortho(0, w, 0, h, -1, 1);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   return 0;
}

int
e2e_gl_start_compat_program(struct e2e_gl *gl, int argc, char **argv, int w,
                            int h, bool *quiet, struct e2e_gl_compat *ff,
                            const char *vs, const char *fs, const char *what,
                            GLuint *prog)
{
   int status = e2e_gl_start_compat_window(gl, argc, argv, w, h, quiet, ff);

   *prog = 0;
   if (!status)
      status = e2e_gl_need_program(gl, vs, fs, what, prog);
   if (!status)
      glUseProgram(*prog);
   return status;
}

int
e2e_gl_start_ff_procs(struct e2e_gl *gl, int argc, char **argv, int w, int h,
                      bool *quiet, struct e2e_gl_compat *ff, bool window,
                      const struct e2e_gl_proc *procs, unsigned n)
{
   int status =
      window ? e2e_gl_start_compat_window(gl, argc, argv, w, h, quiet, ff)
             : e2e_gl_start_ff(gl, argc, argv, w, h, quiet, ff);
   return status ? status : e2e_gl_need_procs(gl, procs, n);
}
