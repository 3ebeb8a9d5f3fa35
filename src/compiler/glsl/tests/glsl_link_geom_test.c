/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Geometry shaders through AST to NIR and the linker: the NIR a driver
 * gets (per-vertex input arrays, emit_vertex/end_primitive, system values,
 * nir_shader_info.gs) and the link rules of GL 3.2 core 2.11.3/2.12 and
 * GLSL 1.50 4.3.4/4.3.8.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "glsl_program.h"
#include "glsl_state.h"
#include "nir.h"
#include "nir_eval.h"
#include "util/ralloc.h"

/* Compiles (GLSL 1.50) and links the given (stage, source) pairs, ended
 * by a -1 stage. */
static struct glsl_program *
link_srcs(void *mem, int first, ...)
{
   struct glsl_parse_state *sh[8];
   unsigned n = 0;
   va_list ap;
   va_start(ap, first);
   for (int s = first; s >= 0 && n < 8; s = va_arg(ap, int)) {
      const char *src = va_arg(ap, const char *);
      struct glsl_compile_options o = { .stage = (gl_shader_stage)s,
                                        .default_version = 150 };
      sh[n] = glsl_compile_shader(mem, src, strlen(src), &o);
      if (!sh[n] || sh[n]->log.errors) {
         fprintf(stderr, "%s\n%s", src, sh[n] ? sh[n]->log.text : "");
         va_end(ap);
         return NULL;
      }
      n++;
   }
   va_end(ap);
   return glsl_link_program(mem, sh, n, NULL);
}

#define VS MESA_SHADER_VERTEX
#define GS MESA_SHADER_GEOMETRY
#define FS MESA_SHADER_FRAGMENT

static const char vs_src[] =
   "#version 150\n"
   "in vec4 pos;\n"
   "out vec4 color;\n"
   "out vec4 unused;\n"
   "void main() { gl_Position = pos; color = pos * 0.5; unused = pos; }\n";

static const char gs_src[] =
   "#version 150\n"
   "layout(triangles) in;\n"
   "layout(line_strip, max_vertices = 4) out;\n"
   "in vec4 color[];\n"
   "out vec4 gcolor;\n"
   "void main() {\n"
   "   for (int i = 0; i < gl_in.length(); i++) {\n"
   "      gl_Position = gl_in[i].gl_Position;\n"
   "      gcolor = color[i];\n"
   "      gl_PrimitiveID = gl_PrimitiveIDIn;\n"
   "      EmitVertex();\n"
   "   }\n"
   "   EndPrimitive();\n"
   "}\n";

static const char fs_src[] =
   "#version 150\n"
   "in vec4 gcolor;\n"
   "out vec4 frag;\n"
   "void main() { frag = gcolor + float(gl_PrimitiveID); }\n";

static nir_variable *
find_var(nir_shader *s, nir_variable_mode mode, const char *name)
{
   nir_foreach_variable_in_shader(v, s) {
      if (v->mode == mode && !strcmp(v->name, name))
         return v;
   }
   return NULL;
}

static unsigned
count_intrinsics(nir_shader *s, nir_intrinsic_op op)
{
   unsigned n = 0;
   nir_foreach_function_impl(impl, s) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type == nir_instr_type_intrinsic &&
                nir_instr_as_intrinsic(instr)->intrinsic == op)
               n++;
         }
      }
   }
   return n;
}

static char *
print_nir(nir_shader *s)
{
   char *buf = NULL;
   size_t len = 0;
   FILE *f = open_memstream(&buf, &len);
   nir_print_shader(s, f);
   fclose(f);
   return buf;
}

/* The NIR of a geometry shader: info from the layouts, inputs as arrays
 * of three (triangles), emits unrolled, the varyings of both sides at the
 * slots of the neighbouring stages. */
static void
test_gs_nir(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   struct glsl_program *p = link_srcs(mem, VS, vs_src, GS, gs_src, FS,
                                      fs_src, -1);
   assert_non_null(p);
   assert_true(p->link_status);
   nir_shader *gs = p->nir[GS];
   assert_non_null(gs);
   assert_int_equal(p->stages, (1u << VS) | (1u << GS) | (1u << FS));
   assert_int_equal(gs->info.gs.input_primitive, MESA_PRIM_TRIANGLES);
   assert_int_equal(gs->info.gs.output_primitive, MESA_PRIM_LINE_STRIP);
   assert_int_equal(gs->info.gs.vertices_in, 3);
   assert_int_equal(gs->info.gs.vertices_out, 4);
   assert_int_equal(gs->info.gs.invocations, 1);
   assert_true(gs->info.gs.uses_end_primitive);
   /* ... and in the program description, for glGetProgramiv */
   assert_int_equal(p->gs.input_primitive, MESA_PRIM_TRIANGLES);
   assert_int_equal(p->gs.output_primitive, MESA_PRIM_LINE_STRIP);
   assert_int_equal(p->gs.vertices_out, 4);
   /* VS -> GS -> FS: the vertex output no geometry input reads is gone
    * (gl_Position aside, only `color` reaches the GS). */
   unsigned vs_outs = 0;
   nir_foreach_variable_with_modes(v, p->nir[VS], nir_var_shader_out)
      vs_outs++;
   assert_int_equal(vs_outs, 2);

   /* The loop runs gl_in.length() = 3 times: three emits, one end. */
   assert_int_equal(count_intrinsics(gs, nir_intrinsic_emit_vertex), 3);
   assert_int_equal(count_intrinsics(gs, nir_intrinsic_end_primitive), 1);
   assert_true(count_intrinsics(gs, nir_intrinsic_load_primitive_id) >= 1);

   nir_variable *vs_color = find_var(p->nir[VS], nir_var_shader_out,
                                     "color");
   nir_variable *gs_color = find_var(gs, nir_var_shader_in, "color");
   assert_non_null(vs_color);
   assert_non_null(gs_color);
   assert_int_equal(gs_color->data.location, vs_color->data.location);
   assert_int_equal(gs_color->type->kind, NIR_VTYPE_ARRAY);
   assert_int_equal(gs_color->type->length, 3);

   nir_variable *pos_in = find_var(gs, nir_var_shader_in, "gl_Position");
   assert_non_null(pos_in);
   assert_int_equal(pos_in->data.location, VARYING_SLOT_POS);
   assert_int_equal(pos_in->type->length, 3);

   nir_variable *gcol = find_var(gs, nir_var_shader_out, "gcolor");
   nir_variable *fcol = find_var(p->nir[FS], nir_var_shader_in, "gcolor");
   assert_non_null(gcol);
   assert_non_null(fcol);
   assert_int_equal(gcol->data.location, fcol->data.location);

   nir_variable *pid_out = find_var(gs, nir_var_shader_out,
                                    "gl_PrimitiveID");
   nir_variable *pid_in = find_var(p->nir[FS], nir_var_shader_in,
                                   "gl_PrimitiveID");
   assert_non_null(pid_out);
   assert_non_null(pid_in);
   assert_int_equal(pid_out->data.location, VARYING_SLOT_PRIMITIVE_ID);
   assert_int_equal(pid_in->data.location, VARYING_SLOT_PRIMITIVE_ID);
   assert_true(pid_in->data.flat);

   char *text = print_nir(gs);
   assert_non_null(strstr(text, "@emit_vertex () (stream_id=0)"));
   assert_non_null(strstr(text, "gs: in prim 4 (3 vertices), out prim 3, "
                                "max_vertices 4, invocations 1, "
                                "end_primitive"));
   free(text);
   ralloc_free(mem);
}

/* The linked geometry shader on the reference interpreter: three emits
 * of the input vertices' values (gl_in[i].gl_Position, color[i]) with
 * gl_PrimitiveIDIn passed on, then the end of the strip. */
struct emitted {
   unsigned emits, ends;
   float pos_x[4], color_y[4];
   int prim[4];
   unsigned color_cell, prim_cell;
};

static void
record_emit(void *data, bool end, unsigned stream,
            const nir_const_value *out, unsigned num_cells)
{
   struct emitted *e = data;
   assert_int_equal(stream, 0);
   if (end) {
      e->ends++;
      return;
   }
   if (e->emits < 4 && e->color_cell < num_cells &&
       e->prim_cell < num_cells) {
      e->pos_x[e->emits] = out[VARYING_SLOT_POS * 4].f32;
      e->color_y[e->emits] = out[e->color_cell + 1].f32;
      e->prim[e->emits] = out[e->prim_cell].i32;
   }
   e->emits++;
}

static void
test_gs_eval(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   struct glsl_program *p = link_srcs(mem, VS, vs_src, GS, gs_src, FS,
                                      fs_src, -1);
   assert_non_null(p);
   assert_true(p->link_status);
   nir_shader *gs = p->nir[GS];
   nir_variable *color = find_var(gs, nir_var_shader_in, "color");
   nir_variable *gcolor = find_var(gs, nir_var_shader_out, "gcolor");
   assert_non_null(color);
   assert_non_null(gcolor);
   enum { CELLS = 64 * 4 };
   nir_const_value *in = rzalloc_array(mem, nir_const_value, 3 * CELLS);
   nir_const_value *out = rzalloc_array(mem, nir_const_value, CELLS);
   for (unsigned v = 0; v < 3; v++) {
      in[v * CELLS + VARYING_SLOT_POS * 4].f32 = 0.25f * (float)(v + 1);
      in[v * CELLS + color->data.driver_location * 4 + 1].f32 =
         10.0f + (float)v;
   }
   struct emitted e = {
      .color_cell = gcolor->data.driver_location * 4,
      .prim_cell = VARYING_SLOT_PRIMITIVE_ID * 4,
   };
   nir_eval_state es;
   memset(&es, 0, sizeof(es));
   es.inputs = in;
   es.num_input_cells = CELLS;
   es.num_vertices_in = 3;
   es.outputs = out;
   es.num_output_cells = CELLS;
   es.sysvals[SYSTEM_VALUE_PRIMITIVE_ID][0].i32 = 7;
   es.emit = record_emit;
   es.emit_data = &e;
   assert_true(nir_eval_run(gs, &es));
   assert_int_equal(e.emits, 3);
   assert_int_equal(e.ends, 1);
   for (unsigned v = 0; v < 3; v++) {
      assert_true(e.pos_x[v] == 0.25f * (float)(v + 1));
      assert_true(e.color_y[v] == 10.0f + (float)v);
      assert_int_equal(e.prim[v], 7);
   }
   ralloc_free(mem);
}

/* Input blocks of a geometry shader are arrays; gl_InvocationID and
 * lines_adjacency (4 vertices). */
static void
test_gs_input_block(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   static const char vs[] =
      "#version 150\n"
      "out V { vec4 c; float f; } v;\n"
      "void main() { gl_Position = vec4(0); v.c = vec4(1); v.f = 2.0; }\n";
   static const char gs[] =
      "#version 150\n"
      "#extension GL_ARB_gpu_shader5 : enable\n"
      "layout(lines_adjacency, invocations = 2) in;\n"
      "layout(points, max_vertices = 1) out;\n"
      "in V { vec4 c; float f; } v[];\n"
      "out float o;\n"
      "void main() {\n"
      "   o = v[3].f + v[gl_InvocationID].c.x + float(v.length());\n"
      "   EmitVertex();\n"
      "}\n";
   struct glsl_program *p = link_srcs(mem, VS, vs, GS, gs, -1);
   assert_non_null(p);
   if (!p->link_status)
      fprintf(stderr, "%s", p->info_log);
   assert_true(p->link_status);
   nir_shader *g = p->nir[GS];
   assert_int_equal(g->info.gs.input_primitive, MESA_PRIM_LINES_ADJACENCY);
   assert_int_equal(g->info.gs.vertices_in, 4);
   assert_int_equal(g->info.gs.invocations, 2);
   assert_false(g->info.gs.uses_end_primitive);
   assert_true(count_intrinsics(g, nir_intrinsic_load_invocation_id) >= 1);
   nir_variable *f = find_var(g, nir_var_shader_in, "V.f");
   nir_variable *vf = find_var(p->nir[VS], nir_var_shader_out, "V.f");
   assert_non_null(f);
   assert_non_null(vf);
   assert_int_equal(f->type->length, 4);
   assert_int_equal(f->data.location, vf->data.location);
   ralloc_free(mem);
}

/* Several geometry shader objects: the layouts of one, main() in the
 * other (GLSL 1.50 4.3.8: declarations merge across the stage). */
static void
test_gs_layouts_across_shaders(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   static const char a[] =
      "#version 150\n"
      "layout(points) in;\n"
      "layout(points, max_vertices = 2) out;\n"
      "void emit_twice();\n"
      "void main() { emit_twice(); }\n";
   static const char b[] =
      "#version 150\n"
      "layout(max_vertices = 2) out;\n"
      "in vec4 color[];\n"
      "out vec4 g;\n"
      "void emit_twice() {\n"
      "   g = color[0]; gl_Position = gl_in[0].gl_Position; EmitVertex();\n"
      "   EmitVertex();\n"
      "}\n";
   struct glsl_program *p = link_srcs(mem, VS, vs_src, GS, a, GS, b, -1);
   assert_non_null(p);
   assert_true(p->link_status);
   assert_int_equal(p->nir[GS]->info.gs.vertices_in, 1);
   assert_int_equal(p->nir[GS]->info.gs.vertices_out, 2);
   nir_variable *c = find_var(p->nir[GS], nir_var_shader_in, "color");
   assert_non_null(c);
   assert_int_equal(c->type->length, 1);
   ralloc_free(mem);
}

/* Link errors, each from its rule. */
static void
expect_link_error(void *mem, const char *needle, int s0, const char *src0,
                  int s1, const char *src1, int s2, const char *src2)
{
   struct glsl_program *p = link_srcs(mem, s0, src0, s1, src1, s2, src2,
                                      -1);
   assert_non_null(p);
   if (p->link_status || !strstr(p->info_log, needle))
      fprintf(stderr, "expected '%s', log: %s\n", needle, p->info_log);
   assert_false(p->link_status);
   assert_non_null(strstr(p->info_log, needle));
}

static const char gs_no_in[] =
   "#version 150\n"
   "layout(points, max_vertices = 1) out;\n"
   "void main() { EmitVertex(); }\n";
static const char gs_no_out[] =
   "#version 150\n"
   "layout(points) in;\n"
   "layout(max_vertices = 1) out;\n"
   "void main() { EmitVertex(); }\n";
static const char gs_no_max[] =
   "#version 150\n"
   "layout(points) in;\n"
   "layout(points) out;\n"
   "void main() { EmitVertex(); }\n";
static const char gs_points[] =
   "#version 150\n"
   "layout(points) in;\n"
   "layout(points, max_vertices = 1) out;\n"
   "void main() { EmitVertex(); }\n";
static const char gs_lines_decl[] =
   "#version 150\n"
   "layout(lines) in;\n"
   "void f() {}\n";
static const char gs_sized3[] =
   "#version 150\n"
   "in vec4 color[3];\n"
   "layout(points, max_vertices = 1) out;\n"
   "void main() { gl_Position = color[0]; EmitVertex(); }\n";
static const char gs_wide[] =
   "#version 150\n"
   "layout(points) in;\n"
   "layout(points, max_vertices = 256) out;\n"
   "out vec4 a, b;\n"
   "void main() { a = b = vec4(0); gl_Position = vec4(1);\n"
   "              EmitVertex(); }\n";
static const char gs_int_color[] =
   "#version 150\n"
   "layout(points) in;\n"
   "layout(points, max_vertices = 1) out;\n"
   "in ivec4 color[];\n"
   "void main() { gl_Position = vec4(color[0]); EmitVertex(); }\n";

static const char gs_points_reads_in[] =
   "#version 150\n"
   "layout(points) in;\n"
   "layout(points, max_vertices = 1) out;\n"
   "void main() { gl_Position = gl_in[0].gl_Position; EmitVertex(); }\n";

static void
test_gs_link_errors(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   /* GL 3.2 core 2.11.3: a geometry shader needs a vertex shader. */
   expect_link_error(mem, "no vertex shader", GS, gs_points, FS, fs_src,
                     -1, NULL);
   /* GL 3.2 core 2.11.3 / GLSL 1.50 4.3.8.1: input primitive,
    * output primitive and max_vertices are all declared somewhere. */
   expect_link_error(mem, "input primitive", VS, vs_src, GS, gs_no_in, -1,
                     NULL);
   expect_link_error(mem, "output primitive", VS, vs_src, GS, gs_no_out, -1,
                     NULL);
   expect_link_error(mem, "max_vertices", VS, vs_src, GS, gs_no_max, -1,
                     NULL);
   /* ... and identically in every shader that declares them. */
   expect_link_error(mem, "different input primitives", VS, vs_src, GS,
                     gs_points, GS, gs_lines_decl);
   /* GLSL 1.50 4.3.8.1: a sized input array must match the input
    * primitive declared in another shader of the stage. */
   expect_link_error(mem, "has 3 elements", VS, vs_src, GS, gs_sized3, GS,
                     gs_lines_decl);
   /* GL 3.2 core 2.12.4: 256 vertices of 4 + 4 + 4 components exceed
    * MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS (1024). */
   expect_link_error(mem, "GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS", VS,
                     vs_src, GS, gs_wide, -1, NULL);
   /* GLSL 4.10 7.1 (clarifying 1.50): the shaders of one interface
    * redeclare gl_PerVertex alike, and none uses its members without the
    * redeclaration another has. */
   expect_link_error(mem, "redeclared differently", VS,
                     "#version 150\nout gl_PerVertex { vec4 gl_Position; };\n"
                     "void main() { gl_Position = vec4(0); }\n",
                     GS,
                     "#version 150\nlayout(points) in;\n"
                     "layout(points, max_vertices = 1) out;\n"
                     "in gl_PerVertex { vec4 gl_Position; "
                     "float gl_PointSize; } gl_in[];\n"
                     "void main() { gl_Position = gl_in[0].gl_Position; "
                     "EmitVertex(); }\n", -1, NULL);
   expect_link_error(mem, "without the redeclaration", VS,
                     "#version 150\nout gl_PerVertex { vec4 gl_Position; };\n"
                     "void main() { gl_Position = vec4(0); }\n",
                     GS, gs_points_reads_in, -1, NULL);
   /* GLSL 1.50 4.3.4: each element of a geometry input matches the
    * vertex output's type. */
   expect_link_error(mem, "different types", VS, vs_src, GS, gs_int_color,
                     -1, NULL);
   ralloc_free(mem);
}

/* ARB_gpu_shader5: only stream 0 is rasterized, so a fragment input fed
 * by an output of another stream cannot link; the stream comes from the
 * variable's layout, its block's, or the "layout(stream) out;" default
 * declared before it. */
static void
test_gs_stream_outputs(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   static const char fs_v[] =
      "#version 150\n"
      "in vec4 v;\n"
      "out vec4 c;\n"
      "void main() { c = v; }\n";
   static const char fs_b[] =
      "#version 150\n"
      "in B { vec4 m; };\n"
      "out vec4 c;\n"
      "void main() { c = m; }\n";
#define GS_STREAMS(decls)                                                   \
   "#version 150\n"                                                         \
   "#extension GL_ARB_gpu_shader5 : require\n"                              \
   "layout(points) in;\n"                                                   \
   "layout(points, max_vertices = 2) out;\n" decls                          \
   "void main() {\n"                                                        \
   "   gl_Position = vec4(0); EmitStreamVertex(0); EmitStreamVertex(1);\n"  \
   "}\n"
   /* the variable's own stream */
   expect_link_error(mem, "of vertex stream 1", VS, vs_src, GS,
                     GS_STREAMS("layout(stream = 1) out vec4 v;\n"), FS,
                     fs_v);
   /* the default of an earlier "layout(stream = 2) out;" */
   expect_link_error(mem, "of vertex stream 2", VS, vs_src, GS,
                     GS_STREAMS("layout(stream = 2) out;\nout vec4 v;\n"),
                     FS, fs_v);
   /* a block's stream gives its members theirs */
   expect_link_error(mem, "of vertex stream 3", VS, vs_src, GS,
                     GS_STREAMS("layout(stream = 3) out B { vec4 m; };\n"),
                     FS, fs_b);
   /* stream 0 by default, or named, and a stream-1 output nobody reads */
   const char *good[] = {
      GS_STREAMS("out vec4 v;\n"),
      GS_STREAMS("layout(stream = 1) out vec4 w;\n"
                 "layout(stream = 0) out vec4 v;\n"),
      GS_STREAMS("layout(stream = 1) out;\nout vec4 w;\n"
                 "layout(stream = 0) out;\nout vec4 v;\n"),
   };
#undef GS_STREAMS
   for (unsigned i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
      struct glsl_program *p = link_srcs(mem, VS, vs_src, GS, good[i], FS,
                                         fs_v, -1);
      assert_non_null(p);
      if (!p->link_status)
         fprintf(stderr, "case %u: %s\n", i, p->info_log);
      assert_true(p->link_status);
   }
   ralloc_free(mem);
}

/* glsl_program.clip_distance_size (GLSL 1.50 7.1: gl_ClipDistance is
 * sized by a redeclaration, at global scope or in the gl_PerVertex
 * block, else by the largest constant index used), per stage, 0 where
 * the stage writes none. */
static void
test_clip_distance_sizes(void **state)
{
   void *mem = ralloc_context(NULL);
   static const char vs_implicit[] = "#version 150\n"
                                     "void main() {\n"
                                     "   gl_Position = vec4(0.0);\n"
                                     "   gl_ClipDistance[4] = 1.0;\n"
                                     "   gl_ClipDistance[1] = 1.0;\n"
                                     "}\n";
   static const char vs_none[] = "#version 150\n"
                                 "void main() { gl_Position = vec4(0.0); }\n";
   static const char gs_global[] = "#version 150\n"
                                   "layout(points) in;\n"
                                   "layout(points, max_vertices = 1) out;\n"
                                   "out float gl_ClipDistance[3];\n"
                                   "void main() {\n"
                                   "   gl_ClipDistance[0] = 0.0;\n"
                                   "   EmitVertex();\n"
                                   "}\n";
   static const char gs_block[] = "#version 150\n"
                                  "layout(points) in;\n"
                                  "layout(points, max_vertices = 1) out;\n"
                                  "out gl_PerVertex {\n"
                                  "   vec4 gl_Position;\n"
                                  "   float gl_ClipDistance[6];\n"
                                  "};\n"
                                  "void main() {\n"
                                  "   gl_Position = vec4(0.0);\n"
                                  "   gl_ClipDistance[0] = 0.0;\n"
                                  "   EmitVertex();\n"
                                  "}\n";
   static const char fs_plain[] = "#version 150\n"
                                  "out vec4 frag;\n"
                                  "void main() { frag = vec4(1.0); }\n";
   static const struct {
      const char *vs, *gs;
      unsigned vs_size, gs_size;
   } cases[] = {
      {vs_implicit, NULL, 5, 0},
      {vs_none, NULL, 0, 0},
      {vs_implicit, gs_global, 5, 3},
      {vs_none, gs_block, 0, 6},
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      struct glsl_program *p =
         cases[i].gs
            ? link_srcs(mem, VS, cases[i].vs, GS, cases[i].gs, FS, fs_plain, -1)
            : link_srcs(mem, VS, cases[i].vs, FS, fs_plain, -1);
      assert_non_null(p);
      if (!p->link_status)
         fprintf(stderr, "case %u: %s\n", i, p->info_log);
      assert_true(p->link_status);
      assert_int_equal(p->clip_distance_size[VS], cases[i].vs_size);
      assert_int_equal(p->clip_distance_size[GS], cases[i].gs_size);
      assert_int_equal(p->clip_distance_size[FS], 0);
   }
   ralloc_free(mem);
}

/* glsl_program.cull_distance_size (ARB_cull_distance, GLSL 4.50 7.1):
 * sized like gl_ClipDistance, read by fragment shaders, and the two
 * arrays of a stage hold at most gl_MaxCombinedClipAndCullDistances (8)
 * floats together: a program over that fails to link. */
static void
test_cull_distance_sizes(void **state)
{
   void *mem = ralloc_context(NULL);
#define CULL_VS(decls, body)                                               \
   "#version 130\n#extension GL_ARB_cull_distance : enable\n" decls       \
   "void main() {\n   gl_Position = vec4(0.0);\n" body "}\n"
   static const char fs_plain[] = "#version 130\n"
                                  "void main() { gl_FragColor = vec4(1.0); }\n";
   static const char fs_reads[] =
      "#version 130\n#extension GL_ARB_cull_distance : enable\n"
      "in float gl_CullDistance[3];\n"
      "void main() { gl_FragColor = vec4(gl_CullDistance[2]); }\n";
   static const struct {
      const char *vs, *fs;
      bool links;
      unsigned clip, cull;
   } cases[] = {
      {CULL_VS("", "   gl_CullDistance[2] = 1.0;\n"), fs_plain, true, 0, 3},
      {CULL_VS("out float gl_CullDistance[3];\n",
               "   gl_CullDistance[0] = 1.0;\n"), fs_reads, true, 0, 3},
      {CULL_VS("out float gl_CullDistance[4];\n"
               "out float gl_ClipDistance[4];\n",
               "   gl_CullDistance[0] = 1.0;\n"
               "   gl_ClipDistance[0] = 1.0;\n"), fs_plain, true, 4, 4},
      {CULL_VS("out float gl_CullDistance[5];\n"
               "out float gl_ClipDistance[4];\n",
               "   gl_CullDistance[0] = 1.0;\n"
               "   gl_ClipDistance[0] = 1.0;\n"), fs_plain, false, 0, 0},
      {CULL_VS("", "   gl_CullDistance[6] = 1.0;\n"
                   "   gl_ClipDistance[2] = 1.0;\n"), fs_plain, false, 0, 0},
      /* sizes count even when nothing is written */
      {CULL_VS("out float gl_CullDistance[5];\n"
               "out float gl_ClipDistance[5];\n", ""), fs_plain, false, 0, 0},
   };
#undef CULL_VS
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      struct glsl_program *p = link_srcs(mem, VS, cases[i].vs, FS,
                                         cases[i].fs, -1);
      assert_non_null(p);
      if (p->link_status != cases[i].links)
         fprintf(stderr, "case %u: %s\n", i, p->info_log);
      assert_int_equal(p->link_status, cases[i].links);
      if (!cases[i].links) {
         assert_non_null(strstr(p->info_log,
                                 "gl_MaxCombinedClipAndCullDistances"));
         continue;
      }
      assert_int_equal(p->clip_distance_size[VS], cases[i].clip);
      assert_int_equal(p->cull_distance_size[VS], cases[i].cull);
      assert_int_equal(p->cull_distance_size[FS], 0);
   }
   ralloc_free(mem);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_clip_distance_sizes),
      cmocka_unit_test(test_cull_distance_sizes),
      cmocka_unit_test(test_gs_nir),
      cmocka_unit_test(test_gs_eval),
      cmocka_unit_test(test_gs_input_block),
      cmocka_unit_test(test_gs_layouts_across_shaders),
      cmocka_unit_test(test_gs_link_errors),
      cmocka_unit_test(test_gs_stream_outputs),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
