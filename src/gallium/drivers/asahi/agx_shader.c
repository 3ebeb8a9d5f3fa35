/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Shader CSOs and their variants.
 *
 * A CSO keeps the NIR it was given, preprocessed once
 * (agx_preprocess_nir).  The machine code depends on state the driver
 * knows only at draw time: vertex formats, buffers, offsets and strides
 * for a vertex shader (AGX fetches attributes in the shader), tilebuffer
 * formats and offsets for a fragment shader.  That state forms the key of
 * a variant; variants are compiled on first use and kept with the CSO.
 *
 * PIPE_SHADER_IR_NATIVE: tokens point at a struct agx_shader_binary (code
 * and info), used as the only variant whatever the key; this lets tests
 * and internal users run hand-written machine code.
 */
#include <stdlib.h>
#include <string.h>

#include "compiler/nir/nir.h"
#include "util/log.h"
#include "util/ralloc.h"
#include "util/u_math.h"

#include "agx_state.h"

static struct agx_compiled_shader *
agx_compile_variant(struct agx_context *ctx, struct agx_uncompiled_shader *so,
                    const struct agx_shader_key *key);

/* ASAHI_MESA_DEBUG=precompile, or AGX_MESA_DEBUG=shaderdb (statistics
 * are printed when shaders compile).
 */
static bool
agx_want_precompile(struct agx_screen *screen)
{
   const char *agx = getenv("AGX_MESA_DEBUG");
   return (screen->dev.debug & AGX_DBG_PRECOMPILE) ||
          (agx && strstr(agx, "shaderdb"));
}

/* The default variant: every vertex input a vec4 of floats in its own
 * buffer, one RGBA8 render target.
 */
static void
agx_precompile(struct pipe_context *pctx, struct agx_uncompiled_shader *so)
{
   struct agx_shader_key key;
   memset(&key, 0, sizeof(key));
   key.uniforms_in_memory = true; /* as agx_build_key */
   if (so->stage == MESA_SHADER_VERTEX) {
      for (unsigned i = 0; i < AGX_MAX_ATTRIBS; ++i) {
         key.vs.attribs[i].format = PIPE_FORMAT_R32G32B32A32_FLOAT;
         key.vs.attribs[i].buffer = i;
         key.vs.attribs[i].stride = 16;
      }
   } else if (so->stage == MESA_SHADER_FRAGMENT) {
      key.fs.rt[0].format = PIPE_FORMAT_R8G8B8A8_UNORM;
      key.fs.nr_samples = 1;
   }
   agx_compile_variant(agx_context(pctx), so, &key);
}

static void *
agx_create_shader_state(struct pipe_context *pctx,
                        const struct pipe_shader_state *templ,
                        gl_shader_stage stage)
{
   struct agx_uncompiled_shader *so = calloc(1, sizeof(*so));
   if (!so)
      return NULL;
   so->stage = stage;
   util_dynarray_init(&so->variants, NULL);

   if (templ->type == PIPE_SHADER_IR_NATIVE) {
      const struct agx_shader_binary *bin = templ->ir.tokens;
      struct agx_screen *screen = agx_screen(pctx->screen);
      struct agx_compiled_shader *cs = calloc(1, sizeof(*cs));
      if (!cs || !bin) {
         free(cs);
         free(so);
         return NULL;
      }
      cs->info = bin->info;
      cs->bo = agx_bo_create(&screen->dev, bin->size_B, AGX_BO_EXEC, "shader");
      if (!cs->bo || !agx_bo_map(cs->bo)) {
         if (cs->bo)
            agx_bo_unreference(cs->bo);
         free(cs);
         free(so);
         return NULL;
      }
      memcpy(cs->bo->map, bin->code, bin->size_B);
      cs->code_usc = cs->bo->va - screen->dev.usc_base;
      so->native = true;
      cs->id = agx_shader_new_id();
      util_dynarray_append(&so->variants, struct agx_compiled_shader *, cs);
      return so;
   }

   so->nir = templ->ir.nir;
   if (stage == MESA_SHADER_VERTEX || stage == MESA_SHADER_GEOMETRY)
      so->so = templ->stream_output;
   if (stage == MESA_SHADER_GEOMETRY && !agx_gs_prepare(pctx, so)) {
      u_logw("asahi", "geometry shader: not supported; draws with it "
                      "are skipped");
      return so;
   }
   if (stage == MESA_SHADER_VERTEX) {
      nir_foreach_variable_with_modes(var, so->nir, nir_var_shader_out)
      {
         if (var->data.location < 0)
            continue;
         unsigned n = nir_vtype_count_slots(var->type);
         /* gl_ClipDistance and gl_CullDistance: four to a slot */
         if ((var->data.location == VARYING_SLOT_CLIP_DIST0 ||
              var->data.location == VARYING_SLOT_CULL_DIST0) &&
             var->type->kind == NIR_VTYPE_ARRAY)
            n = DIV_ROUND_UP(var->type->length, 4);
         for (unsigned i = 0; i < n; ++i) {
            unsigned slot = (unsigned)var->data.location + i;
            if (slot >= 64)
               continue;
            so->outputs |= 1ull << slot;
            if (var->data.flat)
               so->outputs_flat |= 1ull << slot;
            if (var->data.noperspective)
               so->outputs_linear |= 1ull << slot;
         }
      }
   }
   if (!agx_preprocess_nir(so->nir))
      u_logw("asahi",
             "%s shader: preprocessing failed; draws with it are "
             "skipped",
             gl_shader_stage_name(stage));
   else if (stage == MESA_SHADER_VERTEX)
      so->nr_cull_distances = (uint8_t)agx_nir_cull_distance_count(so->nir);
   nir_foreach_block(block, nir_shader_get_entrypoint(so->nir))
   {
      nir_foreach_instr(instr, block)
      {
         if (instr->type != nir_instr_type_tex)
            continue;
         const nir_tex_instr *tex = nir_instr_as_tex(instr);
         if (tex->sampler_index < 16)
            so->samplers_used |= (uint16_t)(1u << tex->sampler_index);
         if (tex->is_shadow && tex->texture_index < 16)
            so->shadow_textures |= (uint16_t)(1u << tex->texture_index);
      }
   }
   if (stage == MESA_SHADER_FRAGMENT) {
      nir_foreach_variable_with_modes(var, so->nir, nir_var_shader_in)
      {
         if (var->data.location == VARYING_SLOT_CLIP_DIST0 ||
             var->data.location == VARYING_SLOT_CLIP_DIST1)
            so->reads_clip_distance = true;
         if (var->data.location == VARYING_SLOT_CULL_DIST0 ||
             var->data.location == VARYING_SLOT_CULL_DIST1)
            so->reads_cull_distance = true;
         if (var->data.location == VARYING_SLOT_PRIMITIVE_ID)
            so->reads_primitive_id = true;
      }
      so->reads_sample = agx_nir_reads_sample(so->nir);
   }

   /* Compile a likely variant now: for shader-db (which never draws), and
    * to move compile time out of the first draw.
    */
   if (agx_want_precompile(agx_screen(pctx->screen)))
      agx_precompile(pctx, so);
   return so;
}

static void *
agx_create_vs_state(struct pipe_context *pctx,
                    const struct pipe_shader_state *templ)
{
   return agx_create_shader_state(pctx, templ, MESA_SHADER_VERTEX);
}

static void *
agx_create_fs_state(struct pipe_context *pctx,
                    const struct pipe_shader_state *templ)
{
   return agx_create_shader_state(pctx, templ, MESA_SHADER_FRAGMENT);
}

static void
agx_delete_shader_state(struct pipe_context *pctx, void *cso)
{
   struct agx_uncompiled_shader *so = cso;
   struct agx_context *ctx = agx_context(pctx);
   if (so->passthrough)
      agx_delete_shader_state(pctx, so->passthrough);
   for (unsigned i = 0; i < ARRAY_SIZE(so->primitive_id_gs); ++i) {
      if (so->primitive_id_gs[i])
         agx_delete_shader_state(pctx, so->primitive_id_gs[i]);
   }
   free(so->gs);
   /* Draws recorded with it must reach the GPU first: the batch holds
    * references to the code BOs, so only the CPU side goes here.
    */
   unsigned n =
      util_dynarray_num_elements(&so->variants, struct agx_compiled_shader *);
   for (unsigned i = 0; i < n; ++i) {
      struct agx_compiled_shader *cs =
         *util_dynarray_element(&so->variants, struct agx_compiled_shader *, i);
      if (ctx->vs == cs)
         ctx->vs = NULL;
      if (ctx->fs == cs)
         ctx->fs = NULL;
      if (cs->bo)
         agx_bo_unreference(cs->bo);
      free(cs);
   }
   agx_shader_variants_fini(so);
   ralloc_free(so->nir);
   free(so);
}

static void
agx_bind_vs_state(struct pipe_context *pctx, void *cso)
{
   struct agx_context *ctx = agx_context(pctx);
   ctx->stage[PIPE_SHADER_VERTEX].shader = cso;
   ctx->dirty |= AGX_DIRTY_VS;
}

static void *
agx_create_gs_state(struct pipe_context *pctx,
                    const struct pipe_shader_state *templ)
{
   return agx_create_shader_state(pctx, templ, MESA_SHADER_GEOMETRY);
}

static void
agx_bind_gs_state(struct pipe_context *pctx, void *cso)
{
   struct agx_context *ctx = agx_context(pctx);
   ctx->stage[PIPE_SHADER_GEOMETRY].shader = cso;
   ctx->dirty |= AGX_DIRTY_VS;
}

/* Compute shaders: one variant (the key holds nothing for them). */
static void *
agx_create_compute_state(struct pipe_context *pctx,
                         const struct pipe_compute_state *templ)
{
   struct pipe_shader_state s;
   memset(&s, 0, sizeof(s));
   s.type = templ->ir_type;
   if (templ->ir_type == PIPE_SHADER_IR_NIR)
      s.ir.nir = (struct nir_shader *)templ->prog;
   else
      s.ir.tokens = templ->prog;
   struct agx_uncompiled_shader *so =
      agx_create_shader_state(pctx, &s, MESA_SHADER_COMPUTE);
   if (so)
      so->static_shared_B = templ->static_shared_mem;
   return so;
}

static void
agx_bind_compute_state(struct pipe_context *pctx, void *cso)
{
   agx_context(pctx)->stage[PIPE_SHADER_COMPUTE].shader = cso;
}

static void
agx_bind_fs_state(struct pipe_context *pctx, void *cso)
{
   struct agx_context *ctx = agx_context(pctx);
   ctx->stage[PIPE_SHADER_FRAGMENT].shader = cso;
   ctx->dirty |= AGX_DIRTY_FS;
}

/* The key of the variant the current state needs. */
/* Whether a fragment shader reads gl_Color, gl_SecondaryColor or a back
 * colour (the inputs glShadeModel acts on). */
static bool
agx_reads_colour(const struct agx_uncompiled_shader *so)
{
   if (!so || !so->nir)
      return false;
   nir_foreach_variable_in_shader(var, so->nir) {
      int loc = var->data.location;
      if (var->mode == nir_var_shader_in &&
          (loc == VARYING_SLOT_COL0 || loc == VARYING_SLOT_COL1 ||
           loc == VARYING_SLOT_BFC0 || loc == VARYING_SLOT_BFC1))
         return true;
   }
   return false;
}

static void
agx_build_key(struct agx_context *ctx, enum pipe_shader_type stage,
              struct agx_shader_key *key)
{
   memset(key, 0, sizeof(*key));
   /* agx_draw.c pushes AGX_SYSVAL_GL_UNIFORMS_ADDR_LO/_HI. */
   key->uniforms_in_memory = true;
   /* Samplers with a LOD bias: the shader adds it (the value itself is a
    * sysval, so changing it needs no new variant). */
   const struct agx_stage_state *ss = &ctx->stage[stage];
   for (unsigned i = 0; i < ss->nr_samplers && i < 16; ++i) {
      if (agx_sampler_lod_bias(ss->samplers[i]) != 0.0f)
         key->sampler_lod_bias |= (uint16_t)(1u << i);
   }
   /* Z24 depth textures stored as Z32_FLOAT: shadow lookups clamp their
    * reference themselves. */
   for (unsigned i = 0; i < ss->nr_views && i < 16; ++i) {
      if (agx_view_clamps_ref(ss->views[i]))
         key->texture_clamp_ref |= (uint16_t)(1u << i);
   }
   if (ss->shader) {
      key->sampler_lod_bias &= ss->shader->samplers_used;
      key->texture_clamp_ref &= ss->shader->shadow_textures;
   } else {
      key->texture_clamp_ref = 0;
   }

   if (stage == PIPE_SHADER_VERTEX) {
      struct agx_vertex_elements *ve = ctx->velems;
      for (unsigned i = 0; ve && i < ve->count; ++i) {
         struct agx_attribute_key *a = &key->vs.attribs[i];
         a->format = ve->el[i].src_format;
         a->buffer = ve->el[i].vertex_buffer_index;
         a->offset = ve->el[i].src_offset +
                     agx_vb_misalign(ctx, ve->el[i].vertex_buffer_index);
         a->stride = ve->el[i].src_stride;
         a->divisor = ve->el[i].instance_divisor;
      }
      /* the hardware clips against the distances the shader writes */
      key->vs.clip_plane_enable =
         ctx->rast ? (uint8_t)ctx->rast->base.clip_plane_enable : 0;
      agx_xfb_key(ctx, ctx->stage[stage].shader, &key->vs.xfb);
      const struct agx_uncompiled_shader *fs =
         ctx->stage[PIPE_SHADER_FRAGMENT].shader;
      key->vs.clip_distance_varyings = fs && fs->reads_clip_distance;
      key->vs.cull_distance_varyings = fs && fs->reads_cull_distance;
      /* GL clip-space depth (no clip control: PIPE_CAP_CLIP_HALFZ is 0),
       * remapped after the captures (agx_nir_remap_z.c). */
      key->vs.remap_z = true;
      /* Points without a per-vertex size take the rasterizer's (GL 3.2
       * section 3.4: glPointSize while PROGRAM_POINT_SIZE is off); other
       * primitives need no variant for it. */
      if (ctx->fixed_point_size_on)
         key->vs.fixed_point_size = MAX2(ctx->rast->base.point_size, 1.0f);
      /* Passes of a geometry-shader draw (agx_gs.c): the vertex shader
       * stores its outputs, the others fetch no attributes. */
      if (ctx->gs_pass) {
         memset(&key->vs.xfb, 0, sizeof(key->vs.xfb));
         if (ctx->gs_pass->phase == AGX_GS_PHASE_VS)
            key->vs.xfb = ctx->gs_pass->capture;
         else
            memset(key->vs.attribs, 0, sizeof(key->vs.attribs));
         if (ctx->gs_pass->phase == AGX_GS_PHASE_GS) {
            key->vs.clip_plane_enable = 0;
            key->vs.clip_distance_varyings = false;
            key->vs.cull_distance_varyings = false;
         }
      }
   } else if (stage == PIPE_SHADER_FRAGMENT) {
      struct agx_batch *batch = ctx->batch;
      for (unsigned rt = 0; batch && rt < batch->tib.nr_cbufs; ++rt) {
         if (!agx_tilebuffer_has_rt(&batch->tib, rt))
            continue;
         /* X formats (RGBX8, RGB16F stored as RGBX16F) go as they are:
          * the compiler reads their missing alpha as 1 when blending
          * (GL 4.6 section 17.3.6: DST_ALPHA is 1 for a buffer without
          * alpha).  Since wave 16; before, RGBX8 went as RGBA8 and
          * blending read a stale stored alpha. */
         key->fs.rt[rt].format = batch->tib.logical_format[rt];
         key->fs.rt[rt].offset_B = batch->tib.offset_B[rt];

         /* Blending and write masks happen in the shader. */
         if (ctx->blend) {
            const struct pipe_blend_state *b = &ctx->blend->base;
            const struct pipe_rt_blend_state *r =
               &b->rt[b->independent_blend_enable ? rt : 0];
            key->fs.rt[rt].write_disable = ~r->colormask & 0xf;
            if (r->blend_enable) {
               key->fs.rt[rt].blend = (struct agx_blend_key){
                  .enable = true,
                  .rgb_func = r->rgb_func,
                  .rgb_src = r->rgb_src_factor,
                  .rgb_dst = r->rgb_dst_factor,
                  .alpha_func = r->alpha_func,
                  .alpha_src = r->alpha_src_factor,
                  .alpha_dst = r->alpha_dst_factor,
                  .advanced = (uint8_t)b->advanced_blend_func,
               };
            }
         }
      }
      key->fs.logicop_enable = ctx->blend && ctx->blend->base.logicop_enable;
      if (key->fs.logicop_enable)
         key->fs.logicop_func = (uint8_t)ctx->blend->base.logicop_func;
      key->fs.poly_stipple = ctx->poly_stipple_on;
      /* Cull distances of the vertex shader that feeds the rasteriser,
       * tested in the fragment shader (agx_isel.c emit_cull_test); in a
       * geometry-shader draw's last pass that is the passthrough, which
       * writes the geometry shader's (agx_nir_gs_passthrough). */
      const struct agx_uncompiled_shader *vs =
         ctx->stage[PIPE_SHADER_VERTEX].shader;
      if (vs)
         key->fs.nr_cull_distances = vs->nr_cull_distances;
      key->fs.nr_samples = batch ? batch->tib.nr_samples : 1;
      agx_sample_shading_key(ctx, &key->fs);
      key->fs.sprite_coord_replace = ctx->sprite_coord_replace;
      key->fs.point_coord_lower_left =
         ctx->rast &&
         ctx->rast->base.sprite_coord_mode == PIPE_SPRITE_COORD_LOWER_LEFT;
      /* Only shaders that read a colour get a flat-shaded variant. */
      key->fs.flatshade = ctx->rast && ctx->rast->base.flatshade &&
                          agx_reads_colour(ctx->stage[stage].shader);
      /* The GL sample mask and alpha-to-coverage drop samples in the
       * shader (the hardware's sample_mask; Mesa does the same). */
      if (key->fs.nr_samples > 1 && ctx->rast &&
          !ctx->rast->base.multisample) {
         /* GL_MULTISAMPLE off: no sample operations (the state tracker
          * passes a full mask); rasterization stays per sample
          * (docs/gl.rst, Multisampling). */
         key->fs.multisample_off = true;
      } else if (key->fs.nr_samples > 1) {
         unsigned all = (1u << key->fs.nr_samples) - 1;
         key->fs.sample_mask_disable = (uint8_t)(all & ~ctx->sample_mask);
         key->fs.alpha_to_coverage =
            ctx->blend && ctx->blend->base.alpha_to_coverage;
         key->fs.alpha_to_one = ctx->blend && ctx->blend->base.alpha_to_one;
      }
   }
}

static struct agx_compiled_shader *
agx_compile_variant(struct agx_context *ctx, struct agx_uncompiled_shader *so,
                    const struct agx_shader_key *key)
{
   struct agx_screen *screen = agx_screen(ctx->base.screen);
   void *mem = ralloc_context(NULL);
   struct agx_shader_binary bin;
   char error[256] = "";
   int ret =
      agx_compile_shader_nir(so->nir, key, mem, &bin, error, sizeof(error));
   if (ret != AGX_COMPILE_OK) {
      /* Named by the program's label when it has one (shader-db). */
      const char *name = so->nir->info.name;
      u_loge("asahi",
             "compiling a %s shader%s%s failed (%d): %s; its draws are "
             "skipped",
             gl_shader_stage_name(so->stage),
             name ? " of " : "", name ? name : "", ret, error);
      ralloc_free(mem);
      /* Remember the failure so later draws do not compile again. */
      struct agx_compiled_shader *failed = calloc(1, sizeof(*failed));
      if (failed) {
         memcpy(&failed->key, key, sizeof(*key));
         if (!agx_shader_add_variant(so, failed))
            free(failed);
      }
      return NULL;
   }

   /* Statistics as a KHR_debug message, as Mesa's driver sends them
    * (shader-db's run prints "<program label> - <message>").
    */
   if (ctx->debug.debug_message) {
      char stats[448];
      agx_shader_stats(&bin, stats, sizeof(stats));
      util_debug_message(&ctx->debug, SHADER_INFO, "%s", stats);
   }

   struct agx_compiled_shader *cs = calloc(1, sizeof(*cs));
   if (!cs) {
      ralloc_free(mem);
      return NULL;
   }
   memcpy(&cs->key, key, sizeof(*key)); /* padding too: keys are memcmp'd */
   cs->info = bin.info;
   cs->bo = agx_bo_create(&screen->dev, bin.size_B, AGX_BO_EXEC, "shader");
   if (!cs->bo || !agx_bo_map(cs->bo)) {
      if (cs->bo)
         agx_bo_unreference(cs->bo);
      free(cs);
      ralloc_free(mem);
      return NULL;
   }
   memcpy(cs->bo->map, bin.code, bin.size_B);
   cs->code_usc = cs->bo->va - screen->dev.usc_base;
   ralloc_free(mem);

   if (!agx_shader_add_variant(so, cs)) {
      agx_bo_unreference(cs->bo);
      free(cs);
      return NULL;
   }
   return cs;
}

struct agx_compiled_shader *
agx_get_variant(struct agx_context *ctx, enum pipe_shader_type stage)
{
   struct agx_uncompiled_shader *so = ctx->stage[stage].shader;
   if (!so)
      return NULL;

   if (so->native)
      return *util_dynarray_element(&so->variants, struct agx_compiled_shader *,
                                    0);

   struct agx_shader_key key;
   agx_build_key(ctx, stage, &key);

   struct agx_compiled_shader *cs = agx_shader_find_variant(so, &key);
   if (cs)
      return cs->bo ? cs : NULL; /* no BO: compiling it failed */
   return agx_compile_variant(ctx, so, &key);
}

void
agx_init_shader_functions(struct pipe_context *pctx)
{
   pctx->create_vs_state = agx_create_vs_state;
   pctx->bind_vs_state = agx_bind_vs_state;
   pctx->delete_vs_state = agx_delete_shader_state;
   pctx->create_fs_state = agx_create_fs_state;
   pctx->bind_fs_state = agx_bind_fs_state;
   pctx->delete_fs_state = agx_delete_shader_state;
   pctx->create_gs_state = agx_create_gs_state;
   pctx->bind_gs_state = agx_bind_gs_state;
   pctx->delete_gs_state = agx_delete_shader_state;
   pctx->create_compute_state = agx_create_compute_state;
   pctx->bind_compute_state = agx_bind_compute_state;
   pctx->delete_compute_state = agx_delete_shader_state;
}
