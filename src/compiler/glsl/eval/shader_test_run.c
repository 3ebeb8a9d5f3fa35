/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Runs a parsed .shader_test: links the program with our front end and
 * executes the [test] commands on a software RGBA8 framebuffer with the
 * NIR interpreter.
 *
 * Commands: clear color, clear, uniform, draw rect [ortho], draw arrays
 * (triangles, strips, fans and quads over [vertex data]), probe rgb(a),
 * probe rect rgb(a), probe all rgb(a) and their "relative" forms, clip
 * plane and the clip plane enables (shader_test_clip.c, which clips
 * every triangle before it is rasterised).  Anything else makes the file
 * SKIP with the command as reason.
 *
 * GL rules followed: viewport = the window; window coordinates have y up;
 * a pixel is covered when its centre is inside the triangle (centres on
 * an edge count, which only matters where two triangles of one draw
 * meet); varyings are interpolated perspective-correctly from the
 * barycentric coordinates of the centre divided by w (GL 4.6 14.6.1),
 * flat ones come from the provoking (last) vertex; colours are clamped
 * to [0, 1] and rounded to 8 bits (GL 4.6 2.3.5.1).  Probes allow
 * piglit's 3/256 per channel (piglit_set_tolerance_for_bits, 8 bits).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_program.h"
#include "glsl_state.h"
#include "nir_eval.h"
#include "shader_test.h"
#include "shader_test_tex.h"
#include "util/ralloc.h"
#include "util/u_math.h"

#include "shader_test_priv.h"

static float
quantise(float x)
{
   if (!(x > 0.0f))
      x = 0.0f;
   if (x > 1.0f)
      x = 1.0f;
   return floorf(x * 255.0f + 0.5f) / 255.0f;
}

/* ---- program ------------------------------------------------------------- */

static const char passthrough_vs[] =
   "#version 110\n"
   "attribute vec4 piglit_vertex;\n"
   "void main() { gl_Position = piglit_vertex; }\n";

static bool
compile(struct run *r, gl_shader_stage stage, const char *src,
        struct glsl_parse_state **out)
{
   const struct shader_test *t = r->t;
   struct glsl_compile_options o = {
      .stage = stage,
      .default_version = t->glsl_version,
      .default_es = t->es,
      .compat_context = t->compat,
   };
   *out = glsl_compile_shader(r->mem, src, strlen(src), &o);
   if (!*out)
      return false;
   if ((*out)->log.errors) {
      r->msg = ralloc_asprintf(r->mem, "%s shader does not compile: %s",
                               gl_shader_stage_name(stage),
                               (*out)->log.text);
      return false;
   }
   return true;
}

static bool
parse_vertex_data(struct run *r, char *text)
{
   char *save = NULL;
   bool header = true;
   for (char *line = strtok_r(text, "\n", &save); line;
        line = strtok_r(NULL, "\n", &save)) {
      while (*line == ' ' || *line == '\t')
         line++;
      if (!*line || *line == '#')
         continue;
      if (header) {
         /* name/type/count columns */
         char *s2 = NULL;
         for (char *col = strtok_r(line, " \t", &s2); col;
              col = strtok_r(NULL, " \t", &s2)) {
            if (r->num_attribs >= MAX_ATTRIBS)
               return false;
            char *slash = strchr(col, '/');
            char *slash2 = slash ? strchr(slash + 1, '/') : NULL;
            if (!slash)
               return false;
            *slash = 0;
            unsigned n = slash2 ? (unsigned)atoi(slash2 + 1) : 4;
            if (!n || n > 4)
               return false;
            /* integer columns keep their bits (glVertexAttribIPointer) */
            if (slash2)
               *slash2 = 0;
            const char *type = slash + 1;
            r->attrib_int[r->num_attribs] =
               !strcmp(type, "int") || !strcmp(type, "uint") ||
               !strcmp(type, "short") || !strcmp(type, "ushort") ||
               !strcmp(type, "byte") || !strcmp(type, "ubyte");
            r->attrib_loc[r->num_attribs] =
               glsl_program_attrib_location(r->prog, col);
            r->attrib_comps[r->num_attribs++] = n;
         }
         header = false;
         continue;
      }
      if (r->num_rows >= MAX_VERTS)
         return false;
      char *end = line;
      for (unsigned a = 0; a < r->num_attribs; a++) {
         float *v = r->vdata[r->num_rows][a];
         v[0] = v[1] = v[2] = 0.0f;
         v[3] = 1.0f;
         if (r->attrib_int[a]) {
            /* the missing components of an integer attribute are
             * (0, 0, 0, 1) as integers (GL 4.6 10.2.1) */
            const int32_t dflt[4] = { 0, 0, 0, 1 };
            memcpy(v, dflt, sizeof(dflt));
         }
         for (unsigned c = 0; c < r->attrib_comps[a]; c++) {
            if (r->attrib_int[a]) {
               /* (piglit writes them in any base, negative ones too) */
               uint32_t bits = (uint32_t)strtoll(end, &end, 0);
               memcpy(&v[c], &bits, 4);
            } else {
               v[c] = strtof(end, &end);
            }
         }
      }
      r->num_rows++;
   }
   return true;
}

static void
scan_fs(struct run *r)
{
   r->color_cell = -1;
   nir_foreach_variable_with_modes(var, r->fs, nir_var_shader_in) {
      if (r->num_fs_in >= 32)
         break;
      r->fs_in_first[r->num_fs_in] = var->data.driver_location;
      r->fs_in_slots[r->num_fs_in] = nir_vtype_count_slots(var->type);
      r->fs_in_flat[r->num_fs_in++] = var->data.flat;
   }
   nir_foreach_variable_with_modes(var, r->fs, nir_var_shader_out) {
      if (var->data.location == FRAG_RESULT_COLOR ||
          var->data.location == FRAG_RESULT_DATA0)
         r->color_cell = (int)var->data.driver_location * 4;
   }
   nir_foreach_function_impl(impl, r->fs) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type == nir_instr_type_alu) {
               nir_op aop = nir_instr_as_alu(instr)->op;
               if (aop == nir_op_fddx || aop == nir_op_fddy)
                  r->fs_uses_derivs = true;
            }
            /* implicit levels of detail come from the quad too */
            if (instr->type == nir_instr_type_tex) {
               nir_texop top = nir_instr_as_tex(instr)->op;
               if (top == nir_texop_tex || top == nir_texop_txb ||
                   top == nir_texop_lod)
                  r->fs_uses_derivs = true;
            }
            if (instr->type != nir_instr_type_intrinsic)
               continue;
            nir_intrinsic_op op = nir_instr_as_intrinsic(instr)->intrinsic;
            /* (storage-buffer accesses: no cached results either) */
            if (nir_intrinsic_infos[op].is_sysval ||
                op == nir_intrinsic_load_ssbo ||
                op == nir_intrinsic_store_ssbo ||
                op == nir_intrinsic_ssbo_atomic ||
                op == nir_intrinsic_ssbo_atomic_swap)
               r->fs_reads_sysvals = true;
         }
      }
   }
}

static enum shader_test_result
setup(struct run *r, bool expect_link_error)
{
   const struct shader_test *t = r->t;
   struct glsl_parse_state *sh[20];
   unsigned n = 0;
   if (!t->num_fs && !t->num_cs && !strstr(t->test, "link ")) {
      r->msg = "no fragment shader";
      return SHADER_TEST_SKIP;
   }
   for (unsigned i = 0; i < t->num_vs; i++) {
      if (!compile(r, MESA_SHADER_VERTEX, t->vs[i], &sh[n++]))
         return SHADER_TEST_FAIL;
   }
   if (!t->num_vs && t->num_fs &&
       !compile(r, MESA_SHADER_VERTEX, passthrough_vs, &sh[n++]))
      return SHADER_TEST_FAIL;
   for (unsigned i = 0; i < t->num_gs; i++) {
      if (!compile(r, MESA_SHADER_GEOMETRY, t->gs[i], &sh[n++]))
         return SHADER_TEST_FAIL;
   }
   for (unsigned i = 0; i < t->num_fs; i++) {
      if (!compile(r, MESA_SHADER_FRAGMENT, t->fs[i], &sh[n++]))
         return SHADER_TEST_FAIL;
   }
   for (unsigned i = 0; i < t->num_cs; i++) {
      if (!compile(r, MESA_SHADER_COMPUTE, t->cs[i], &sh[n++]))
         return SHADER_TEST_FAIL;
   }
   /* piglit binds its rectangle attribute to index 0. */
   const struct glsl_location_binding bind[] = { { "piglit_vertex", 0 },
                                                 { "piglit_texcoord", 1 } };
   struct glsl_link_options lo = { .attrib_bindings = bind,
                                   .num_attrib_bindings = 2 };
   r->prog = glsl_link_program(r->mem, sh, n, &lo);
   if (!r->prog) {
      r->msg = "no memory";
      return SHADER_TEST_FAIL;
   }
   if (expect_link_error) {
      r->msg = r->prog->link_status ? "linked, but a link error was "
                                      "expected"
                                    : NULL;
      return r->prog->link_status ? SHADER_TEST_FAIL : SHADER_TEST_SKIP;
   }
   if (!r->prog->link_status) {
      r->msg = ralloc_asprintf(r->mem, "link failed: %s",
                               r->prog->info_log);
      return SHADER_TEST_FAIL;
   }
   r->vs = r->prog->nir[MESA_SHADER_VERTEX];
   r->fs = r->prog->nir[MESA_SHADER_FRAGMENT];
   r->gs = r->prog->nir[MESA_SHADER_GEOMETRY];
   r->cs = r->prog->nir[MESA_SHADER_COMPUTE];
   r->num_uniform_cells = r->prog->uniform_storage_size_B / 4;
   if (r->num_uniform_cells > ARRAY_SIZE(r->uniforms)) {
      r->msg = "too many uniforms";
      return SHADER_TEST_SKIP;
   }
   for (unsigned i = 0; i < r->num_uniform_cells; i++)
      r->uniforms[i].u32 = r->prog->uniform_defaults[i];
   for (unsigned i = 0; i < r->prog->num_ubos && i < 16; i++) {
      r->ubos[i].size_B = r->prog->ubos[i].size_B;
      r->ubos[i].data = rzalloc_array(r->mem, uint8_t,
                                      r->ubos[i].size_B + 16);
   }
   if (!r->fs || !r->vs) {
      /* A program for linking only: no drawing possible. */
      r->color_cell = -1;
      return SHADER_TEST_PASS;
   }
   scan_fs(r);
   if (t->vertex_data) {
      char *copy = ralloc_strdup(r->mem, t->vertex_data);
      if (!parse_vertex_data(r, copy)) {
         r->msg = "cannot read [vertex data]";
         return SHADER_TEST_SKIP;
      }
   }
   return SHADER_TEST_PASS;
}

/* ---- uniforms -------------------------------------------------------------- */

static bool
parse_value(const char *tok, bool is_float, nir_const_value *v)
{
   char *end;
   if (is_float) {
      if (!strncmp(tok, "0x", 2) || !strncmp(tok, "0X", 2)) {
         v->u32 = (uint32_t)strtoul(tok, &end, 16); /* raw bits */
      } else {
         v->f32 = (float)strtod(tok, &end);
      }
   } else if (!strcmp(tok, "true") || !strcmp(tok, "false")) {
      v->u32 = tok[0] == 't';
      return true;
   } else if (tok[0] == '-') {
      v->i32 = (int32_t)strtoll(tok, &end, 0);
   } else {
      v->u32 = (uint32_t)strtoull(tok, &end, 0);
   }
   return end != tok && (!*end || *end == 'u' || *end == 'U' ||
                         *end == 'f' || *end == ';');
}

/* A member of a uniform block: its bytes in the block's buffer (the
 * program's block i is bound at UBO index i). */
static enum shader_test_result
set_block_member(struct run *r, char **tok, unsigned n, bool is_float)
{
   char base[256];
   const char *name = tok[2];
   unsigned elem = 0;
   snprintf(base, sizeof(base), "%s", name);
   char *open = strrchr(base, '[');
   if (open && base[strlen(base) - 1] == ']') {
      elem = (unsigned)atoi(open + 1);
      *open = 0;
   }
   for (unsigned b = 0; b < r->prog->num_ubos && b < 16; b++) {
      const struct glsl_program_block *blk = &r->prog->ubos[b];
      for (unsigned k = 0; k < blk->num_members; k++) {
         const struct glsl_program_block_member *m = &blk->members[k];
         size_t bl = strlen(base);
         bool match = m->is_array ? !strncmp(m->name, base, bl) &&
                                       !strcmp(m->name + bl, "[0]")
                                  : !strcmp(m->name, name);
         if (!match)
            continue;
         unsigned rows = m->type->vector_elements;
         unsigned per = rows * m->type->matrix_columns;
         for (unsigned i = 3; i < n; i++) {
            unsigned k2 = i - 3, e = elem + k2 / per, c = k2 % per;
            /* values come column by column; a row-major matrix stores
             * element (column, row) in row `row` */
            unsigned off = m->offset_B + e * m->array_stride_B +
                           (m->row_major ? (c % rows) * m->matrix_stride_B +
                                              (c / rows) * 4
                                         : (c / rows) * m->matrix_stride_B +
                                              (c % rows) * 4);
            nir_const_value v;
            if (off + 4 > blk->size_B ||
                !parse_value(tok[i], is_float, &v))
               break;
            memcpy(r->ubos[b].data + off, &v.u32, 4);
         }
         return SHADER_TEST_PASS;
      }
   }
   return SHADER_TEST_PASS; /* inactive: GL ignores location -1 */
}

static enum shader_test_result
set_uniform(struct run *r, char **tok, unsigned n)
{
   if (n < 3)
      return SHADER_TEST_SKIP;
   const char *type = tok[1], *name = tok[2];
   if (!strncmp(type, "double", 6) || type[0] == 'd' ||
       strstr(type, "64") || !strcmp(type, "handle")) {
      r->msg = ralloc_asprintf(r->mem, "uniform type %s", type);
      return SHADER_TEST_SKIP;
   }
   bool is_float = !strncmp(type, "float", 5) || !strncmp(type, "vec", 3) ||
                   !strncmp(type, "mat", 3);
   int loc = glsl_program_uniform_location(r->prog, name);
   if (loc < 0)
      return set_block_member(r, tok, n, is_float);
   unsigned elem = 0;
   const struct glsl_program_uniform *u = glsl_program_uniform_at(r->prog,
                                                                  loc, &elem);
   if (!u)
      return SHADER_TEST_PASS;
   unsigned rows = u->type->vector_elements;
   unsigned per = rows * u->type->matrix_columns;
   for (unsigned i = 3; i < n; i++) {
      unsigned k = i - 3;
      unsigned e = elem + k / per, c = k % per;
      if (e >= u->array_size)
         break;
      unsigned cell = (u->offset_B + e * u->array_stride_B) / 4 +
                      (c / rows) * 4 + c % rows;
      if (cell >= r->num_uniform_cells)
         break;
      if (!parse_value(tok[i], is_float, &r->uniforms[cell])) {
         r->msg = ralloc_asprintf(r->mem, "bad uniform value '%s'", tok[i]);
         return SHADER_TEST_SKIP;
      }
   }
   return SHADER_TEST_PASS;
}

/* "ortho": piglit_ortho_projection(w, h): glOrtho(0, w, 0, h, -1, 1) as
 * the projection with an identity modelview, so the compatibility
 * matrices become that ortho matrix (column-major); "ortho L R B T" sets
 * glOrtho(L, R, B, T, -1, 1). */
static void
set_ortho(struct run *r, float l, float rt, float b, float t)
{
   /* glOrtho(l, rt, b, t, -1, 1) (GL 4.6 compatibility 12.1.1) */
   const float m[16] = { 2.0f / (rt - l), 0, 0, 0,
                         0, 2.0f / (t - b), 0, 0,
                         0, 0, -1, 0,
                         -(rt + l) / (rt - l), -(t + b) / (t - b), 0, 1 };
   static const char *const names[] = { "gl_ProjectionMatrix",
                                        "gl_ModelViewProjectionMatrix" };
   for (unsigned k = 0; k < 2; k++) {
      int loc = glsl_program_uniform_location(r->prog, names[k]);
      const struct glsl_program_uniform *u =
         glsl_program_uniform_at(r->prog, loc, NULL);
      if (!u)
         continue;
      for (unsigned i = 0; i < 16; i++)
         r->uniforms[u->offset_B / 4 + i].f32 = m[i];
   }
}

/* ---- textures ------------------------------------------------------------ */

/* The texture unit behind a sampler index: the sampler uniform's value. */
static int
unit_of(struct run *r, unsigned index)
{
   for (unsigned i = 0; i < r->prog->num_uniforms; i++) {
      const struct glsl_program_uniform *u = &r->prog->uniforms[i];
      if (u->sampler_index < 0 || index < (unsigned)u->sampler_index ||
          index >= (unsigned)u->sampler_index + u->array_size)
         continue;
      unsigned cell = (u->offset_B +
                       (index - (unsigned)u->sampler_index) *
                          u->array_stride_B) / 4;
      return cell < r->num_uniform_cells ? (int)r->uniforms[cell].u32 : -1;
   }
   return -1;
}

static bool
tex_unsupported(struct run *r, const char *why)
{
   r->skip = true;
   r->msg = ralloc_asprintf(r->mem, "texture lookup: %s", why);
   return false;
}

/* GL 4.6 8.14.1 (8.6): the scale factor rho from the derivatives of the
 * texel coordinates (u, v) = (s w, t h) of the base level along x and y
 * (dx, dy: two components each; rectangles are in texels already), and
 * lambda_base = log2(rho); -inf for zero derivatives. */
static float
lambda_of(const struct shader_test_tex *t, bool rect, const float dx[2],
          const float dy[2])
{
   int b, q;
   shader_test_tex_level_range(t, &b, &q);
   float w = rect ? 1.0f : (float)t->level[b].w;
   float h = rect ? 1.0f : (float)t->level[b].h;
   float rx = hypotf(dx[0] * w, dx[1] * h), ry = hypotf(dy[0] * w, dy[1] * h);
   float rho = rx > ry ? rx : ry;
   return rho > 0.0f ? log2f(rho) : -INFINITY;
}

/* ARB_texture_query_lod (GLSL 4.00 8.9.1 textureQueryLod): y is lambda',
 * x the mipmap level a lookup would use relative to the base level:
 * clamped to the levels there are, the fraction kept for
 * *_MIPMAP_LINEAR, rounded as the lookup does for *_MIPMAP_NEAREST, 0
 * without mipmaps (facts: the extension's text; Mesa's llvmpipe
 * returns the same for these filters). */
static void
query_lod(const struct shader_test_tex *t, float lambda, nir_const_value *res)
{
   int b, q;
   shader_test_tex_level_range(t, &b, &q);
   float x = 0.0f;
   if (t->min_mip != TEX_MIP_NONE && lambda > 0.0f) {
      x = lambda > (float)(q - b) ? (float)(q - b) : lambda;
      if (t->min_mip == TEX_MIP_NEAREST)
         x = x <= 0.5f ? 0.0f : ceilf(x + 0.5f) - 1.0f;
   }
   res[0].f32 = x;
   res[1].f32 = lambda;
}

static bool
tex_cb(void *data, const nir_tex_instr *tex, nir_const_value **srcs,
       nir_const_value *result)
{
   struct run *r = data;
   if (tex->sampler_dim != NIR_SAMPLER_DIM_2D &&
       tex->sampler_dim != NIR_SAMPLER_DIM_RECT)
      return tex_unsupported(r, "only 2D and rectangle textures");
   if (tex->is_array || tex->is_shadow)
      return tex_unsupported(r, "no array or shadow textures");
   if (nir_alu_type_get_base_type(tex->dest_type) != nir_type_float &&
       tex->op != nir_texop_txs && tex->op != nir_texop_query_levels)
      return tex_unsupported(r, "only float textures");
   int unit = unit_of(r, tex->texture_index);
   if (unit < 0 || unit >= 16)
      return tex_unsupported(r, "unknown texture unit");
   const struct shader_test_tex *t = &r->tex[unit];
   float c[4] = { 0, 0, 0, 1 }; /* an incomplete texture (GL 4.6 11.1.3.5) */
   int ci = nir_tex_instr_src_index(tex, nir_tex_src_coord);
   int li = nir_tex_instr_src_index(tex, nir_tex_src_lod);
   int bi = nir_tex_instr_src_index(tex, nir_tex_src_bias);
   int oi = nir_tex_instr_src_index(tex, nir_tex_src_offset);
   int off[2] = { 0, 0 };
   if (oi >= 0) {
      off[0] = srcs[oi][0].i32;
      off[1] = srcs[oi][1].i32;
   }
   bool rect = tex->sampler_dim == NIR_SAMPLER_DIM_RECT;
   int b = 0, q = 0;
   if (t->present)
      shader_test_tex_level_range(t, &b, &q);
   /* the level of detail: explicit, from gradients, or from the quad's
    * derivatives (nir_eval_tex_cb: after the sources), plus any bias;
    * without derivatives (one invocation, other stages) -inf */
   float lambda = -INFINITY;
   const nir_const_value *dx = srcs[tex->num_srcs];
   const nir_const_value *dy = srcs[tex->num_srcs + 1];
   if (tex->op == nir_texop_txd) {
      int xi = nir_tex_instr_src_index(tex, nir_tex_src_ddx);
      int yi = nir_tex_instr_src_index(tex, nir_tex_src_ddy);
      dx = xi >= 0 ? srcs[xi] : NULL;
      dy = yi >= 0 ? srcs[yi] : NULL;
   }
   if (t->present && dx && dy) {
      float fx[2] = { dx[0].f32, dx[1].f32 };
      float fy[2] = { dy[0].f32, dy[1].f32 };
      lambda = lambda_of(t, rect, fx, fy);
   }
   if (tex->op == nir_texop_txl && li >= 0)
      lambda = srcs[li][0].f32;
   /* GL 4.6 8.14.1: the texture's bias and the shader's add to every
    * level of detail, explicit ones too */
   if (bi >= 0)
      lambda += srcs[bi][0].f32;
   if (t->present)
      lambda += t->lod_bias;
   switch (tex->op) {
   case nir_texop_txs: {
      /* textureSize(sampler, lod): the size of level base + lod */
      int l = b + (li >= 0 ? srcs[li][0].i32 : 0);
      bool in = t->present && l >= 0 && l < (int)t->num_levels;
      result[0].i32 = in ? t->level[l].w : 0;
      result[1].i32 = in ? t->level[l].h : 0;
      return true;
   }
   case nir_texop_query_levels:
      /* ARB_texture_query_levels: q - b + 1 levels are accessible */
      result[0].i32 = t->present ? q - b + 1 : 0;
      return true;
   case nir_texop_lod:
      if (!t->present) {
         result[0].f32 = result[1].f32 = 0.0f;
         return true;
      }
      query_lod(t, lambda, result);
      return true;
   case nir_texop_txf:
      if (t->present && ci >= 0)
         shader_test_tex_fetch(t, b + (li >= 0 ? srcs[li][0].i32 : 0),
                               srcs[ci][0].i32 + off[0],
                               srcs[ci][1].i32 + off[1], c);
      break;
   case nir_texop_tex:
   case nir_texop_txb:
   case nir_texop_txl:
   case nir_texop_txd:
      if (!t->present || ci < 0)
         break;
      shader_test_tex_sample(t, srcs[ci][0].f32, srcs[ci][1].f32, rect, off,
                             lambda, c);
      break;
   default:
      return tex_unsupported(r, "only tex, txb, txl, txd, txf, txs, lod "
                                "and query_levels");
   }
   for (unsigned k = 0; k < 4; k++)
      result[k].f32 = c[k];
   return true;
}

static enum shader_test_result
texture_command(struct run *r, char **tok, unsigned n)
{
   if (n == 5 && !strcmp(tok[1], "rgbw")) {
      int unit = atoi(tok[2]);
      if (unit < 0 || unit >= 16 ||
          !shader_test_tex_rgbw(&r->tex[unit], atoi(tok[3]), atoi(tok[4])))
         return SHADER_TEST_SKIP;
      r->active_unit = unit;
      return SHADER_TEST_PASS;
   }
   if (n == 3 && !strcmp(tok[1], "miptree")) {
      int unit = atoi(tok[2]);
      if (unit < 0 || unit >= 16 || !shader_test_tex_miptree(&r->tex[unit]))
         return SHADER_TEST_SKIP;
      r->active_unit = unit;
      return SHADER_TEST_PASS;
   }
   if (n == 14 && !strcmp(tok[1], "checkerboard") && !strcmp(tok[3], "0")) {
      int unit = atoi(tok[2]);
      float col[8];
      for (unsigned k = 0; k < 8; k++)
         col[k] = strtof(tok[6 + k], NULL);
      if (unit < 0 || unit >= 16 ||
          !shader_test_tex_checkerboard(&r->tex[unit], atoi(tok[4]),
                                        atoi(tok[5]), col, col + 4,
                                        r->t->es))
         return SHADER_TEST_SKIP;
      r->active_unit = unit;
      return SHADER_TEST_PASS;
   }
   r->msg = ralloc_asprintf(r->mem, "texture kind '%s'", n > 1 ? tok[1] : "");
   return SHADER_TEST_SKIP;
}

static enum shader_test_result
texparameter(struct run *r, char **tok, unsigned n)
{
   struct shader_test_tex *t = &r->tex[r->active_unit];
   if (n != 4 || (strcmp(tok[1], "2D") && strcmp(tok[1], "Rect"))) {
      r->msg = "texparameter form";
      return SHADER_TEST_SKIP;
   }
   const char *what = tok[2], *v = tok[3];
   if (!strcmp(what, "min") || !strcmp(what, "mag")) {
      /* GL 4.6 table 8.21: the filter within a level, then (min only)
       * between levels */
      static const struct {
         const char *name;
         bool linear;
         enum tex_mip mip;
      } filters[] = {
         { "nearest", false, TEX_MIP_NONE },
         { "linear", true, TEX_MIP_NONE },
         { "nearest_mipmap_nearest", false, TEX_MIP_NEAREST },
         { "linear_mipmap_nearest", true, TEX_MIP_NEAREST },
         { "nearest_mipmap_linear", false, TEX_MIP_LINEAR },
         { "linear_mipmap_linear", true, TEX_MIP_LINEAR },
      };
      bool min = !strcmp(what, "min");
      for (unsigned i = 0; i < sizeof(filters) / sizeof(filters[0]); i++) {
         if (strcmp(v, filters[i].name) || (!min && i > 1))
            continue;
         if (min) {
            t->min_linear = filters[i].linear;
            t->min_mip = filters[i].mip;
         } else {
            t->mag_linear = filters[i].linear;
         }
         return SHADER_TEST_PASS;
      }
      r->msg = ralloc_asprintf(r->mem, "%s filter %s", what, v);
      return SHADER_TEST_SKIP;
   }
   if (!strcmp(what, "lod_bias")) {
      t->lod_bias = strtof(v, NULL);
      return SHADER_TEST_PASS;
   }
   if (!strcmp(what, "base_level") || !strcmp(what, "max_level")) {
      int l = atoi(v);
      if (what[0] == 'b')
         t->base_level = l;
      else
         t->max_level = l;
      return SHADER_TEST_PASS;
   }
   if (!strcmp(what, "wrap_s") || !strcmp(what, "wrap_t")) {
      enum tex_wrap w;
      if (!strcmp(v, "repeat"))
         w = TEX_WRAP_REPEAT;
      else if (!strcmp(v, "clamp_to_edge"))
         w = TEX_WRAP_CLAMP_TO_EDGE;
      else if (!strcmp(v, "clamp_to_border"))
         w = TEX_WRAP_CLAMP_TO_BORDER;
      else if (!strcmp(v, "mirrored_repeat"))
         w = TEX_WRAP_MIRRORED_REPEAT;
      else {
         r->msg = ralloc_asprintf(r->mem, "wrap mode %s", v);
         return SHADER_TEST_SKIP;
      }
      if (what[5] == 's')
         t->wrap_s = w;
      else
         t->wrap_t = w;
      return SHADER_TEST_PASS;
   }
   r->msg = ralloc_asprintf(r->mem, "texparameter %s", what);
   return SHADER_TEST_SKIP;
}

/* ---- drawing ------------------------------------------------------------------ */

static bool
run_vs(struct run *r, const float (*attribs)[4], unsigned nattribs,
       const int *locs, int vertex_id, struct vertex_out *out)
{
   nir_const_value in[CELLS];
   memset(in, 0, sizeof(in));
   for (unsigned a = 0; a < nattribs; a++) {
      if (locs[a] < 0 || locs[a] >= 16)
         continue;
      for (unsigned c = 0; c < 4; c++)
         memcpy(&in[locs[a] * 4 + c].u32, &attribs[a][c], 4);
   }
   nir_eval_state es;
   memset(&es, 0, sizeof(es));
   es.inputs = in;
   es.num_input_cells = CELLS;
   es.uniforms = r->uniforms;
   es.num_uniform_cells = r->num_uniform_cells;
   memcpy(es.ubos, r->ubos, sizeof(r->ubos));
   memcpy(es.ssbos, r->ssbos, sizeof(r->ssbos));
   es.tex = tex_cb;
   es.tex_data = r;
   es.outputs = out->cells;
   es.num_output_cells = CELLS;
   es.sysvals[SYSTEM_VALUE_VERTEX_ID][0].i32 = vertex_id;
   if (!nir_eval_run(r->vs, &es)) {
      if (!r->skip)
         r->msg = ralloc_asprintf(r->mem, "vertex shader: %s", es.error);
      return false;
   }
   for (unsigned c = 0; c < 4; c++)
      out->pos[c] = out->cells[VARYING_SLOT_POS * 4 + c].f32;
   return true;
}

struct fs_cache {
   bool valid;
   nir_const_value key[CELLS];
   bool discarded;
   float color[4];
};

/* A fragment invocation's state: inputs `in`, outputs `out` (CELLS each). */
static void
fs_state(struct run *r, nir_eval_state *es, nir_const_value *in,
         nir_const_value *out, const float frag_coord[4], bool front)
{
   memset(es, 0, sizeof(*es));
   es->inputs = in;
   es->num_input_cells = CELLS;
   es->uniforms = r->uniforms;
   es->num_uniform_cells = r->num_uniform_cells;
   memcpy(es->ubos, r->ubos, sizeof(r->ubos));
   memcpy(es->ssbos, r->ssbos, sizeof(r->ssbos));
   es->tex = tex_cb;
   es->tex_data = r;
   es->outputs = out;
   es->num_output_cells = CELLS;
   for (unsigned c = 0; c < 4; c++)
      es->sysvals[SYSTEM_VALUE_FRAG_COORD][c].f32 = frag_coord[c];
   es->sysvals[SYSTEM_VALUE_FRONT_FACE][0].b = front;
   es->sysvals[SYSTEM_VALUE_FRONT_FACE][0].u32 = front ? 1 : 0;
}

static bool
run_fs(struct run *r, nir_const_value *in, const float frag_coord[4],
       bool front, struct fs_cache *cache, float color[4], bool *discarded)
{
   if (!r->fs_reads_sysvals && cache->valid &&
       !memcmp(cache->key, in, sizeof(cache->key))) {
      memcpy(color, cache->color, sizeof(cache->color));
      *discarded = cache->discarded;
      return true;
   }
   nir_const_value out[CELLS];
   nir_eval_state es;
   fs_state(r, &es, in, out, frag_coord, front);
   if (!nir_eval_run(r->fs, &es)) {
      if (!r->skip)
         r->msg = ralloc_asprintf(r->mem, "fragment shader: %s", es.error);
      return false;
   }
   *discarded = es.discarded;
   for (unsigned c = 0; c < 4 && r->color_cell >= 0; c++)
      color[c] = out[r->color_cell + c].f32;
   cache->valid = true;
   memcpy(cache->key, in, sizeof(cache->key));
   memcpy(cache->color, color, sizeof(cache->color));
   cache->discarded = *discarded;
   return true;
}

/* A triangle in window coordinates. */
struct tri {
   const struct vertex_out *v[3];
   float wx[3], wy[3], wz[3], inv_w[3];
   double area;
   bool front;
};

/* The fragment shader's inputs and gl_FragCoord at the centre of pixel
 * (px, py), interpolated as GL does; a point outside the triangle (a
 * helper lane of a quad) gets the plane's extrapolated values.  Returns
 * whether the triangle covers the pixel. */
static bool
pixel_inputs(struct run *r, const struct tri *t, int px, int py,
             nir_const_value in[CELLS], float fc[4])
{
   double cx = px + 0.5, cy = py + 0.5;
   double l[3];
   for (unsigned i = 0; i < 3; i++) {
      unsigned a = (i + 1) % 3, b = (i + 2) % 3;
      l[i] = ((double)(t->wx[b] - t->wx[a]) * (cy - t->wy[a]) -
              (double)(t->wy[b] - t->wy[a]) * (cx - t->wx[a])) / t->area;
   }
   double pw[3], sum = 0;
   for (unsigned i = 0; i < 3; i++) {
      pw[i] = l[i] * t->inv_w[i];
      sum += pw[i];
   }
   if (sum == 0.0)
      sum = 1.0; /* only far outside the triangle */
   memset(in, 0, CELLS * sizeof(*in));
   for (unsigned k = 0; k < r->num_fs_in; k++) {
      unsigned first = r->fs_in_first[k] * 4;
      unsigned end = first + r->fs_in_slots[k] * 4;
      for (unsigned cell = first; cell < end && cell < CELLS; cell++) {
         if (r->fs_in_flat[k]) {
            in[cell] = t->v[2]->cells[cell];
            continue;
         }
         float a = t->v[0]->cells[cell].f32, b = t->v[1]->cells[cell].f32,
               c = t->v[2]->cells[cell].f32;
         if (a == b && b == c) {
            in[cell].f32 = a;
         } else {
            in[cell].f32 =
               (float)((pw[0] * a + pw[1] * b + pw[2] * c) / sum);
         }
      }
   }
   /* gl_PrimitiveID without a geometry shader (GLSL 1.50 7.2): the
    * primitive's number in the draw */
   if (r->prim_id >= 0 && !r->gs)
      in[VARYING_SLOT_PRIMITIVE_ID * 4].i32 = r->prim_id;
   fc[0] = (float)cx;
   fc[1] = (float)cy;
   fc[2] = (float)(l[0] * t->wz[0] + l[1] * t->wz[1] + l[2] * t->wz[2]);
   fc[3] = (float)sum;
   return l[0] >= 0 && l[1] >= 0 && l[2] >= 0;
}

static void
write_pixel(struct run *r, int px, int py, const float color[4])
{
   float *dst = &r->fb[(py * r->w + px) * 4];
   for (unsigned c = 0; c < 4; c++)
      dst[c] = quantise(color[c]);
}

/* Shaders with derivatives: every 2x2 quad (aligned to even window
 * coordinates) that the triangle touches runs as one, its uncovered
 * pixels as helper invocations (GLSL 4.60 7.1.5, 8.14.1). */
static bool
draw_quads(struct run *r, const struct tri *t, int x0, int y0, int x1,
           int y1)
{
   nir_const_value(*in)[CELLS] =
      ralloc_array_size(r->mem, sizeof(*in), 4);
   nir_const_value(*out)[CELLS] =
      ralloc_array_size(r->mem, sizeof(*out), 4);
   if (!in || !out) {
      r->msg = "out of memory";
      return false;
   }
   nir_eval_state es[4];
   bool ok = true;
   for (int qy = y0 & ~1; qy < y1 && ok; qy += 2) {
      for (int qx = x0 & ~1; qx < x1 && ok; qx += 2) {
         bool covered[4], any = false;
         for (unsigned l = 0; l < 4; l++) {
            int px = qx + (int)(l & 1), py = qy + (int)(l >> 1);
            float fc[4];
            covered[l] = pixel_inputs(r, t, px, py, in[l], fc) &&
                         px >= x0 && px < x1 && py >= y0 && py < y1;
            any |= covered[l];
            fs_state(r, &es[l], in[l], out[l], fc, t->front);
            es[l].sysvals[SYSTEM_VALUE_HELPER_INVOCATION][0].b = !covered[l];
            es[l].sysvals[SYSTEM_VALUE_HELPER_INVOCATION][0].u32 =
               !covered[l];
         }
         if (!any)
            continue;
         if (!nir_eval_run_quad(r->fs, es)) {
            unsigned bad = 0;
            while (bad < 3 && es[bad].ok)
               bad++;
            if (!r->skip)
               r->msg = ralloc_asprintf(r->mem, "fragment shader: %s",
                                        es[bad].error);
            ok = false;
            break;
         }
         for (unsigned l = 0; l < 4; l++) {
            if (!covered[l] || es[l].discarded || r->color_cell < 0)
               continue;
            float color[4];
            for (unsigned c = 0; c < 4; c++)
               color[c] = out[l][r->color_cell + c].f32;
            write_pixel(r, qx + (int)(l & 1), qy + (int)(l >> 1), color);
         }
      }
   }
   ralloc_free(in);
   ralloc_free(out);
   return ok;
}

/* GL 4.5 section 13.5 (ARB_cull_distance): a primitive whose vertices
 * all have a negative gl_CullDistance[i], for one i, is discarded.  The
 * distances are the last vertex stage's output float i at
 * VARYING_SLOT_CULL_DIST0 + i (one slot an element in the evaluator). */
static bool
culled(const struct run *r, const struct vertex_out *const *v)
{
   gl_shader_stage last = r->gs ? MESA_SHADER_GEOMETRY : MESA_SHADER_VERTEX;
   unsigned n = MIN2(r->prog->cull_distance_size[last], 8u);
   for (unsigned i = 0; i < n; i++) {
      unsigned cell = (VARYING_SLOT_CULL_DIST0 + i) * 4;
      if (v[0]->cells[cell].f32 < 0.0f && v[1]->cells[cell].f32 < 0.0f &&
          v[2]->cells[cell].f32 < 0.0f)
         return true;
   }
   return false;
}

/* One triangle of the clipped polygon. */
static bool
raster_triangle(struct run *r, const struct vertex_out *v0,
                const struct vertex_out *v1, const struct vertex_out *v2,
                struct fs_cache *cache)
{
   struct tri t = { .v = { v0, v1, v2 } };
   for (unsigned i = 0; i < 3; i++) {
      float w = t.v[i]->pos[3];
      if (!(w > 0.0f))
         return true; /* on the eye's plane (z = w = 0): nothing to draw */
      t.inv_w[i] = 1.0f / w;
      t.wx[i] = (t.v[i]->pos[0] * t.inv_w[i] + 1.0f) * 0.5f * (float)r->w;
      t.wy[i] = (t.v[i]->pos[1] * t.inv_w[i] + 1.0f) * 0.5f * (float)r->h;
      t.wz[i] = (t.v[i]->pos[2] * t.inv_w[i]) * 0.5f + 0.5f;
   }
   t.area = (double)(t.wx[1] - t.wx[0]) * (t.wy[2] - t.wy[0]) -
            (double)(t.wx[2] - t.wx[0]) * (t.wy[1] - t.wy[0]);
   if (t.area == 0.0)
      return true;
   t.front = t.area > 0.0; /* counter-clockwise is front (GL default) */
   int x0 = (int)floorf(fminf(t.wx[0], fminf(t.wx[1], t.wx[2])));
   int x1 = (int)ceilf(fmaxf(t.wx[0], fmaxf(t.wx[1], t.wx[2])));
   int y0 = (int)floorf(fminf(t.wy[0], fminf(t.wy[1], t.wy[2])));
   int y1 = (int)ceilf(fmaxf(t.wy[0], fmaxf(t.wy[1], t.wy[2])));
   x0 = x0 < 0 ? 0 : x0;
   y0 = y0 < 0 ? 0 : y0;
   x1 = x1 > r->w ? r->w : x1;
   y1 = y1 > r->h ? r->h : y1;
   if (r->fs_uses_derivs)
      return draw_quads(r, &t, x0, y0, x1, y1);
   nir_const_value in[CELLS];
   for (int py = y0; py < y1; py++) {
      for (int px = x0; px < x1; px++) {
         float fc[4];
         if (!pixel_inputs(r, &t, px, py, in, fc))
            continue;
         float color[4];
         bool discarded;
         if (!run_fs(r, in, fc, t.front, cache, color, &discarded))
            return false;
         if (discarded || r->color_cell < 0)
            continue; /* no colour written: the pixel keeps its value */
         write_pixel(r, px, py, color);
      }
   }
   return true;
}

bool
st_draw_triangle(struct run *r, const struct vertex_out *v0,
                 const struct vertex_out *v1, const struct vertex_out *v2,
                 struct fs_cache *cache)
{
   const struct vertex_out *const tri[3] = { v0, v1, v2 };
   if (culled(r, tri))
      return true;
   /* clipping (shader_test_clip.c) leaves a convex polygon: its fan */
   const struct vertex_out *poly[ST_CLIP_MAX_VERTS];
   unsigned n = st_clip_triangle(r, tri, poly);
   bool ok = true;
   for (unsigned i = 1; i + 1 < n && ok; i++)
      ok = raster_triangle(r, poly[0], poly[i], poly[i + 1], cache);
   return ok;
}

/* The next primitive of a draw without a geometry shader. */
static bool
next_prim(struct run *r, bool ok)
{
   r->prim_id++;
   return ok;
}

static bool
draw_rect(struct run *r, bool ortho, float x, float y, float w, float h,
          const float *tc)
{
   if (!r->vs || !r->fs) {
      r->msg = "drawing needs a vertex and a fragment shader";
      return false;
   }
   if (ortho) {
      /* window coordinates to NDC */
      x = x * 2.0f / (float)r->w - 1.0f;
      y = y * 2.0f / (float)r->h - 1.0f;
      w = w * 2.0f / (float)r->w;
      h = h * 2.0f / (float)r->h;
   }
   const float corners[4][4] = {
      { x, y, 0, 1 }, { x + w, y, 0, 1 },
      { x + w, y + h, 0, 1 }, { x, y + h, 0, 1 },
   };
   struct vertex_out *vo = ralloc_array(r->mem, struct vertex_out, 4);
   /* "draw rect tex": piglit_draw_rect_tex's texture coordinates, in
    * piglit_texcoord (bound to 1) or gl_MultiTexCoord0 */
   int locs[2] = { 0, -1 };
   if (tc) {
      locs[1] = glsl_program_attrib_location(r->prog, "piglit_texcoord");
      /* gl_MultiTexCoord0 has no API location: the generic slot the
       * linker gave it (its driver_location) */
      nir_foreach_variable_with_modes(var, r->vs, nir_var_shader_in) {
         if (locs[1] < 0 && var->data.location == VERT_ATTRIB_TEX0)
            locs[1] = (int)var->data.driver_location;
      }
   }
   /* gl_VertexID: the corners' places in piglit's strip (below) */
   static const int strip_id[4] = { 0, 1, 3, 2 };
   for (unsigned i = 0; i < 4; i++) {
      float attribs[2][4] = { { 0 }, { 0, 0, 0, 1 } };
      memcpy(attribs[0], corners[i], sizeof(corners[i]));
      if (tc) {
         attribs[1][0] = tc[0] + (i == 1 || i == 2 ? tc[2] : 0.0f);
         attribs[1][1] = tc[1] + (i >= 2 ? tc[3] : 0.0f);
      }
      if (!run_vs(r, (const float (*)[4])attribs, tc ? 2 : 1, locs,
                  strip_id[i], &vo[i]))
         return false;
   }
   struct fs_cache *cache = rzalloc(r->mem, struct fs_cache);
   r->prim_id = 0;
   bool ok;
   if (r->gs) {
      /* the rectangle's two triangles, as GL_TRIANGLES (see below) */
      struct vertex_out *tri = ralloc_array(r->mem, struct vertex_out, 6);
      static const unsigned order[6] = { 0, 1, 3, 3, 1, 2 };
      for (unsigned i = 0; i < 6; i++)
         tri[i] = vo[order[i]];
      ok = st_geom_draw(r, "GL_TRIANGLES", tri, 6, cache) ==
           SHADER_TEST_PASS;
      ralloc_free(tri);
   } else {
      /* piglit_draw_rect draws a triangle strip of the corners (x, y),
       * (x + w, y), (x, y + h), (x + w, y + h) (piglit
       * tests/util/piglit-util-gl.c), so the diagonal runs from (x + w, y)
       * to (x, y + h); which pixels share a triangle matters to quads. */
      ok = next_prim(r, st_draw_triangle(r, &vo[0], &vo[1], &vo[3],
                                         cache)) &&
           next_prim(r, st_draw_triangle(r, &vo[3], &vo[1], &vo[2], cache));
   }
   ralloc_free(cache);
   ralloc_free(vo);
   return ok;
}

static enum shader_test_result
draw_arrays(struct run *r, char **tok, unsigned n)
{
   if (n < 5) {
      r->msg = "draw arrays: malformed";
      return SHADER_TEST_SKIP;
   }
   const char *mode = tok[2];
   if (!r->vs || !r->fs) {
      r->msg = "drawing needs a vertex and a fragment shader";
      return SHADER_TEST_SKIP;
   }
   unsigned first = (unsigned)atoi(tok[3]), count = (unsigned)atoi(tok[4]);
   /* Without [vertex data] the vertex shader runs without attributes
    * (piglit's attribute-less draws of geometry tests). */
   bool no_attribs = !r->t->vertex_data;
   if (no_attribs && count > 4096) {
      r->msg = "draw arrays: too many vertices";
      return SHADER_TEST_SKIP;
   }
   if (!no_attribs && first + count > r->num_rows) {
      r->msg = "draw arrays beyond the vertex data";
      return SHADER_TEST_SKIP;
   }
   struct vertex_out *vo = ralloc_array(r->mem, struct vertex_out,
                                        count ? count : 1);
   for (unsigned i = 0; i < count; i++) {
      if (!run_vs(r, (const float (*)[4])r->vdata[no_attribs ? 0
                                                           : first + i],
                  no_attribs ? 0 : r->num_attribs, r->attrib_loc,
                  (int)(first + i), &vo[i]))
         return SHADER_TEST_FAIL;
   }
   struct fs_cache *cache = rzalloc(r->mem, struct fs_cache);
   bool ok = true;
   r->prim_id = 0;
   if (r->gs)
      return st_geom_draw(r, mode, vo, count, cache);
   if (!strcmp(mode, "GL_TRIANGLES")) {
      for (unsigned i = 0; i + 2 < count && ok; i += 3)
         ok = next_prim(r, st_draw_triangle(r, &vo[i], &vo[i + 1],
                                            &vo[i + 2], cache));
   } else if (!strcmp(mode, "GL_TRIANGLE_STRIP")) {
      for (unsigned i = 0; i + 2 < count && ok; i++) {
         /* odd triangles swap their first two vertices (GL 4.6 10.1.8) */
         ok = next_prim(r, i & 1 ? st_draw_triangle(r, &vo[i + 1], &vo[i],
                                                    &vo[i + 2], cache)
                                 : st_draw_triangle(r, &vo[i], &vo[i + 1],
                                                    &vo[i + 2], cache));
      }
   } else if (!strcmp(mode, "GL_TRIANGLE_FAN")) {
      for (unsigned i = 1; i + 1 < count && ok; i++)
         ok = next_prim(r, st_draw_triangle(r, &vo[0], &vo[i], &vo[i + 1],
                                            cache));
   } else if (!strcmp(mode, "GL_QUADS")) {
      /* GL 4.6 compatibility 10.1.16: each group of four vertices is one
       * polygon (one primitive: one gl_PrimitiveID), flat-shaded from
       * its last vertex (table 13.2); drawn as the triangles (0, 1, 3)
       * and (1, 2, 3), which keep the last vertex last. */
      for (unsigned i = 0; i + 3 < count && ok; i += 4) {
         ok = st_draw_triangle(r, &vo[i], &vo[i + 1], &vo[i + 3], cache) &&
              st_draw_triangle(r, &vo[i + 1], &vo[i + 2], &vo[i + 3],
                               cache);
         ok = next_prim(r, ok);
      }
   } else {
      r->msg = ralloc_asprintf(r->mem, "draw mode %s", mode);
      return SHADER_TEST_SKIP;
   }
   return ok ? SHADER_TEST_PASS : SHADER_TEST_FAIL;
}

/* ---- probes ------------------------------------------------------------------- */

static bool
probe(struct run *r, int x, int y, int w, int h, const float *want,
      unsigned nc)
{
   for (int py = y; py < y + h; py++) {
      for (int px = x; px < x + w; px++) {
         if (px < 0 || py < 0 || px >= r->w || py >= r->h) {
            r->msg = ralloc_asprintf(r->mem, "probe at (%d, %d) outside "
                                     "the window", px, py);
            return false;
         }
         const float *got = &r->fb[(py * r->w + px) * 4];
         for (unsigned c = 0; c < nc; c++) {
            float tol = r->tol_set ? r->tol[c] : 3.0f / 256.0f;
            if (fabsf(got[c] - want[c]) > tol) {
               r->msg = ralloc_asprintf(
                  r->mem,
                  "probe at (%d, %d): expected (%g, %g, %g, %g), "
                  "observed (%g, %g, %g, %g)", px, py, want[0], want[1],
                  want[2], nc > 3 ? want[3] : 1.0, got[0], got[1], got[2],
                  got[3]);
               return false;
            }
         }
      }
   }
   return true;
}

static enum shader_test_result
do_probe(struct run *r, char **tok, unsigned n)
{
   unsigned i = 0;
   bool relative = false;
   if (!strcmp(tok[i], "relative")) {
      relative = true;
      i++;
   }
   i++; /* "probe" */
   /* shader_runner's "probe warn" reports a mismatch as a warning; the
    * evaluator holds it to the same tolerance as any probe */
   if (i < n && !strcmp(tok[i], "warn"))
      i++;
   bool all = false, rect = false;
   if (i < n && !strcmp(tok[i], "all")) {
      all = true;
      i++;
   } else if (i < n && !strcmp(tok[i], "rect")) {
      rect = true;
      i++;
   }
   if (i >= n || (strcmp(tok[i], "rgba") && strcmp(tok[i], "rgb"))) {
      r->msg = ralloc_asprintf(r->mem, "probe kind '%s'",
                               i < n ? tok[i] : "");
      return SHADER_TEST_SKIP;
   }
   unsigned nc = strcmp(tok[i], "rgba") ? 3 : 4;
   i++;
   unsigned ncoord = all ? 0 : rect ? 4 : 2;
   /* piglit reads the numbers it needs and ignores extra ones */
   if (n - i < ncoord + nc) {
      r->msg = "malformed probe";
      return SHADER_TEST_SKIP;
   }
   float coord[4] = { 0, 0, 1, 1 };
   for (unsigned k = 0; k < ncoord; k++)
      coord[k] = strtof(tok[i + k], NULL);
   float want[4] = { 0, 0, 0, 1 };
   for (unsigned k = 0; k < nc; k++)
      want[k] = strtof(tok[i + ncoord + k], NULL);
   int x, y, w = 1, h = 1;
   if (all) {
      x = y = 0;
      w = r->w;
      h = r->h;
   } else if (relative) {
      /* piglit clamps a relative point to the last pixel (1.0 -> w - 1) */
      x = (int)(coord[0] * r->w);
      y = (int)(coord[1] * r->h);
      if (!rect) {
         x = x >= r->w ? r->w - 1 : x;
         y = y >= r->h ? r->h - 1 : y;
      }
      if (rect) {
         w = (int)(coord[2] * r->w);
         h = (int)(coord[3] * r->h);
      }
   } else {
      x = (int)coord[0];
      y = (int)coord[1];
      if (rect) {
         w = (int)coord[2];
         h = (int)coord[3];
      }
   }
   return probe(r, x, y, w, h, want, nc) ? SHADER_TEST_PASS
                                          : SHADER_TEST_FAIL;
}

/* ---- the command loop ------------------------------------------------------------ */

/* Splits a command into tokens: blanks, commas and parentheses separate. */
static unsigned
tokenize(char *line, char **tok, unsigned max)
{
   unsigned n = 0;
   for (char *p = line; *p;) {
      while (*p && strchr(" \t\r,()", *p))
         *p++ = 0;
      if (!*p)
         break;
      if (n < max)
         tok[n++] = p;
      while (*p && !strchr(" \t\r,()", *p))
         p++;
   }
   return n;
}

static enum shader_test_result run_test(struct run *r, void *mem,
                                        const struct shader_test *t,
                                        char **msg);

enum shader_test_result
shader_test_run(void *mem, const struct shader_test *t, char **msg)
{
   struct run *r = rzalloc(mem, struct run);
   if (!r)
      return SHADER_TEST_SKIP;
   enum shader_test_result res = run_test(r, mem, t, msg);
   for (unsigned i = 0; i < 16; i++) {
      for (unsigned l = 0; l < SHADER_TEST_TEX_LEVELS; l++)
         free(r->tex[i].level[l].texels);
   }
   return res;
}

static enum shader_test_result
run_test(struct run *r, void *mem, const struct shader_test *t, char **msg)
{
   r->mem = mem;
   r->t = t;
   r->w = t->width;
   r->h = t->height;
   *msg = NULL;
   if (t->unsupported_section) {
      *msg = ralloc_asprintf(mem, "section %s", t->unsupported_section);
      return SHADER_TEST_SKIP;
   }
   /* (compute shaders run in shader_test_compute.c) */
   if (t->num_tcs || t->num_tes) {
      *msg = "section [tessellation ... shader]";
      return SHADER_TEST_SKIP;
   }
   if (t->unknown_require) {
      *msg = ralloc_asprintf(mem, "[require] line '%s'", t->unknown_require);
      return SHADER_TEST_SKIP;
   }
   if (t->num_limits || t->sso) {
      *msg = t->sso ? "requires SSO"
                    : ralloc_asprintf(mem, "requires %s", t->limits[0].name);
      return SHADER_TEST_SKIP;
   }
   for (unsigned i = 0; i < t->num_required_ext; i++) {
      if (glsl_extension_index(t->required_ext[i]) < 0) {
         *msg = ralloc_asprintf(mem, "requires %s", t->required_ext[i]);
         return SHADER_TEST_SKIP;
      }
   }
   if (!t->test) {
      *msg = "no [test] section";
      return SHADER_TEST_SKIP;
   }
   bool expect_link_error = strstr(t->test, "link error") != NULL;
   enum shader_test_result res = setup(r, expect_link_error);
   if (expect_link_error && res == SHADER_TEST_SKIP && !r->msg)
      return SHADER_TEST_PASS; /* failed to link, as expected */
   if (res != SHADER_TEST_PASS) {
      *msg = r->msg;
      return res;
   }
   r->fb = rzalloc_array(mem, float, (size_t)r->w * r->h * 4);

   char *text = ralloc_strdup(mem, t->test);
   char *save = NULL;
   for (char *line = strtok_r(text, "\n", &save); line;
        line = strtok_r(NULL, "\n", &save)) {
      char *hash = strchr(line, '#');
      if (hash)
         *hash = 0;
      char *tok[40];
      unsigned n = tokenize(line, tok, 40);
      if (!n)
         continue;
      res = SHADER_TEST_PASS;
      if (!strcmp(tok[0], "clear") && n == 6 && !strcmp(tok[1], "color")) {
         for (unsigned c = 0; c < 4; c++)
            r->clear[c] = quantise(strtof(tok[2 + c], NULL));
      } else if (!strcmp(tok[0], "clear") && n == 1) {
         for (int p = 0; p < r->w * r->h; p++)
            memcpy(&r->fb[p * 4], r->clear, sizeof(r->clear));
      } else if (!strcmp(tok[0], "uniform")) {
         res = set_uniform(r, tok, n);
      } else if (!strcmp(tok[0], "tolerance") && n == 5) {
         /* piglit's per-channel probe tolerance */
         for (unsigned c = 0; c < 4; c++)
            r->tol[c] = strtof(tok[1 + c], NULL);
         r->tol_set = true;
      } else if (!strcmp(tok[0], "draw") && n >= 2 &&
                 !strcmp(tok[1], "rect")) {
         /* draw rect [ortho] [tex] x y w h [tx ty tw th] */
         unsigned b = 2;
         bool ortho = b < n && !strcmp(tok[b], "ortho");
         b += ortho;
         bool tex = b < n && !strcmp(tok[b], "tex");
         b += tex;
         if (n != b + (tex ? 8 : 4)) {
            r->msg = ralloc_asprintf(mem, "draw rect form");
            res = SHADER_TEST_SKIP;
         } else {
            float v[8];
            for (unsigned k = 0; k < (tex ? 8u : 4u); k++)
               v[k] = strtof(tok[b + k], NULL);
            if (!draw_rect(r, ortho, v[0], v[1], v[2], v[3],
                           tex ? v + 4 : NULL))
               res = SHADER_TEST_FAIL;
         }
      } else if (!strcmp(tok[0], "draw") && n >= 2 &&
                 !strcmp(tok[1], "arrays")) {
         res = draw_arrays(r, tok, n);
      } else if (!strcmp(tok[0], "texture")) {
         res = texture_command(r, tok, n);
      } else if (!strcmp(tok[0], "texparameter")) {
         res = texparameter(r, tok, n);
      } else if (!strcmp(tok[0], "ortho") && n == 1) {
         set_ortho(r, 0.0f, (float)r->w, 0.0f, (float)r->h);
      } else if (!strcmp(tok[0], "ortho") && n == 5) {
         set_ortho(r, strtof(tok[1], NULL), strtof(tok[2], NULL),
                   strtof(tok[3], NULL), strtof(tok[4], NULL));
      } else if (!strcmp(tok[0], "clip") ||
                 ((!strcmp(tok[0], "enable") ||
                   !strcmp(tok[0], "disable")) && n == 2)) {
         res = st_clip_command(r, tok, n);
      } else if (!strcmp(tok[0], "link") && n == 2 &&
                 !strcmp(tok[1], "success")) {
         /* linked above */
      } else if (!strcmp(tok[0], "hint") && n == 3 &&
                 !strcmp(tok[1], "GL_FRAGMENT_SHADER_DERIVATIVE_HINT")) {
         /* a quality hint (GL 4.6 21.5): quads give exact differences */
      } else if (!strcmp(tok[0], "ssbo")) {
         res = st_ssbo_command(r, tok, n);
      } else if (!strcmp(tok[0], "compute") && n == 4) {
         res = st_compute(r, tok, n);
      } else if (!strcmp(tok[0], "probe") && n >= 2 &&
                 !strcmp(tok[1], "ssbo")) {
         res = st_probe_ssbo(r, tok, n);
      } else if (!strcmp(tok[0], "atomic") && n >= 3) {
         res = st_atomic_command(r, tok, n);
      } else if (!strcmp(tok[0], "probe") && n >= 3 &&
                 !strcmp(tok[1], "atomic")) {
         res = st_probe_counter(r, tok, n);
      } else if (!strcmp(tok[0], "probe") || !strcmp(tok[0], "relative")) {
         res = do_probe(r, tok, n);
      } else {
         r->msg = ralloc_asprintf(mem, "command '%s'", tok[0]);
         res = SHADER_TEST_SKIP;
      }
      if (res == SHADER_TEST_FAIL && r->skip)
         res = SHADER_TEST_SKIP;
      if (res != SHADER_TEST_PASS) {
         *msg = r->msg;
         return res;
      }
   }
   return SHADER_TEST_PASS;
}
