/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * A render command (struct drm_asahi_cmd_render, include/drm-uapi/
 * asahi_drm.h): the vertex phase runs the VDM control stream at
 * vdm_ctrl_stream_base to the end, collecting primitives; then each tile
 * of utile_width_px x utile_height_px pixels is rendered in its own
 * tilebuffer of samples x sample_size_B bytes per pixel:
 *  1. the background program (bg) runs on every pixel of the tile, like a
 *     fragment program without coefficients (it clears or loads);
 *  2. the primitives touching the tile are rasterised and shaded, in
 *     submission order;
 *  3. the end-of-tile program (eot) runs once, as one SIMD group; its
 *     image_write_block stores the tile through a PBE descriptor.
 * The tile's depth values are loaded (or cleared) before 1 and stored
 * after 3 as zls_ctrl says (asahi_sim_zls.c).
 * A layered render (layers > 1) does all of this once per layer, with
 * the layer in sr2 of the three programs and only the primitives whose
 * vertex output chose that layer (asahi_sim_draw.c prim_layer).
 * Without DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES a tile no primitive
 * touches is skipped altogether (no bg, no eot: memory keeps its
 * contents), as the UAPI says ("needed when clearing").  bg.usc and
 * eot.usc are offsets from usc_exec_base of USC word lists, with tag bits
 * in the low 6 bits (alexvorxx/Mesa-VirGL src/gallium/drivers/asahi/
 * agx_pipe.c: "| 4"), which are ignored.
 */

#include <stdlib.h>
#include <string.h>

#include "asahi_sim_cmd.h"
#include "util/u_debug.h"

#define SIM_MAX_SAMPLE_SIZE_B 64 /* agx_tilebuffer.c: 64 bytes a sample */

const char *
asahi_sim_result_string(enum asahi_sim_result result)
{
   switch (result) {
   case ASAHI_SIM_RESULT_OK:
      return "ok";
   case ASAHI_SIM_RESULT_FAULT:
      return "fault";
   case ASAHI_SIM_RESULT_TIMEOUT:
      return "timeout";
   default:
      return "error";
   }
}

static const struct debug_named_value debug_flags[] = {
   {"trace", ASAHI_SIM_DEBUG_TRACE, "log commands, draws and programs"},
   {"faults", ASAHI_SIM_DEBUG_FAULTS, "explain every failed command"},
   {"shaders", ASAHI_SIM_DEBUG_SHADERS, "log every instruction executed"},
   {"png", ASAHI_SIM_DEBUG_PNG,
    "write the end-of-tile program's images to PNG files at the end of each "
    "render command"},
   {"sync", ASAHI_SIM_DEBUG_SYNC,
    "drm-shim: run each submission inside SUBMIT instead of on its queue's "
    "worker thread (single-threaded, for debugging)"},
   {"nofast", ASAHI_SIM_DEBUG_NOFAST,
    "run without the executor's shortcuts (groups kept per program, tile "
    "offsets from rows and columns, lane-invariant backgrounds run once, "
    "uniform tiles packed once): the same results, slower; the reference "
    "asahi-sim-bench compares with"},
   DEBUG_NAMED_VALUE_END,
};

uint32_t
asahi_sim_debug_parse(const char *value)
{
   return (uint32_t)debug_parse_flags("ASAHI_SIM_DEBUG", value, debug_flags,
                                      NULL);
}

static uint64_t
bg_eot_words(const struct asahi_sim_gpu *gpu, const struct drm_asahi_bg_eot *p)
{
   return gpu->usc_base + (p->usc & ~0x3fu);
}

/* Run the background program on the group of 8x4 pixels at (bx, by) of
 * the tile. */
static bool
run_background_group(struct sim_tile *tile, const struct sim_program *bg,
                     struct asahi_sim_group *g, uint32_t bx, uint32_t by)
{
   struct asahi_sim_gpu *gpu = tile->r->gpu;
   if (!sim_work(gpu, ASAHI_SIM_LANES) || !sim_group_init(gpu, bg, ~0u, g))
      return false;
   sim_frag_setup(tile, g);
   for (unsigned t = 0; t < ASAHI_SIM_LANES; t++) {
      unsigned q = t / 4;
      uint32_t x = tile->x0 + bx + 2 * (q % 4) + (t & 1);
      uint32_t y = tile->y0 + by + 2 * (q / 4) + ((t >> 1) & 1);
      g->frag.pixel[t][0] = (uint16_t)x;
      g->frag.pixel[t][1] = (uint16_t)y;
      g->dispatch.grid_position[t][0] = x;
      g->dispatch.grid_position[t][1] = y;
      g->dispatch.grid_position[t][2] = 0;
   }
   for (unsigned t = 0; t < ASAHI_SIM_LANES; t++)
      g->dispatch.coverage_mask[t] = (1u << tile->samples) - 1;
   return sim_group_run(gpu, g, "background program");
}

/* Run a fragment-style program on every pixel of the tile; one that does
 * the same on every lane is run once per command and copied
 * (asahi_sim_bg_fill.c), one that reloads the image is a copy from it
 * (asahi_sim_bg_copy.c). */
static bool
run_background(struct sim_tile *tile, const struct sim_program *bg,
               bool lane_invariant, const struct sim_reload *reload)
{
   struct asahi_sim_group *g = sim_pool_group(tile->r, bg->code_va);
   if (!g)
      return false;
   if (lane_invariant)
      return sim_background_fill(tile, bg, g, run_background_group);
   if (reload)
      return sim_background_copy(tile, bg, reload, g, run_background_group);
   for (uint32_t by = 0; by < tile->height; by += 4) {
      for (uint32_t bx = 0; bx < tile->width; bx += 8) {
         if (!run_background_group(tile, bg, g, bx, by))
            return false;
      }
   }
   return true;
}

static bool
run_end_of_tile(struct sim_tile *tile, const struct sim_program *eot)
{
   struct asahi_sim_gpu *gpu = tile->r->gpu;
   struct asahi_sim_group *g = sim_pool_group(tile->r, eot->code_va);
   if (!g || !sim_work(gpu, 1) || !sim_group_init(gpu, eot, 1, g))
      return false;
   sim_frag_setup(tile, g);
   g->frag.pixel[0][0] = (uint16_t)tile->x0;
   g->frag.pixel[0][1] = (uint16_t)tile->y0;
   return sim_group_run(gpu, g, "end-of-tile program");
}

static bool
tile_is_empty(const struct sim_render *r, const struct sim_tile *t)
{
   for (unsigned i = 0; i < r->nr_prims; i++) {
      const struct sim_prim *p = &r->prims[i];
      if (p->layer == t->layer && p->max_x >= (int32_t)t->x0 &&
          p->min_x < (int32_t)(t->x0 + t->width) &&
          p->max_y >= (int32_t)t->y0 &&
          p->min_y < (int32_t)(t->y0 + t->height))
         return false;
   }
   return true;
}

/* Does the tile's bin hold a primitive of the tile's layer? */
static bool
bin_has_layer(const struct sim_render *r, const struct sim_tile *t)
{
   for (uint32_t i = 0; i < t->nr_prims; i++) {
      if (r->prims[t->prims[i]].layer == t->layer)
         return true;
   }
   return false;
}

/* Binning: for each tile (row-major, tiles_x per row), the primitives
 * tile_is_empty would find there, in order: bin[first[i] .. first[i + 1]).
 * The same bounds test, solved for the tile indices: min < x0 + w and
 * max >= x0.  NULL (no binning, every primitive tried on every tile) past
 * a size limit or without memory. */
struct bins {
   uint32_t *first, *bin;
};

#define SIM_MAX_BIN_ENTRIES (16u << 20)

static void
tile_range(int32_t min, int32_t max, uint32_t size, uint32_t count,
           uint32_t *lo, uint32_t *hi)
{
   *lo = min < 0 ? 0 : (uint32_t)min / size;
   if (max < 0) {
      *hi = 0;
      *lo = 1; /* empty */
      return;
   }
   *hi = (uint32_t)max / size;
   if (*hi >= count)
      *hi = count - 1;
}

static bool
bin_prims(const struct sim_render *r, uint32_t tw, uint32_t th,
          uint32_t tiles_x, uint32_t tiles_y, struct bins *b)
{
   size_t nr_tiles = (size_t)tiles_x * tiles_y;
   b->first = calloc(nr_tiles + 1, sizeof(uint32_t));
   b->bin = NULL;
   if (!b->first)
      return false;
   /* Count, then place. */
   uint64_t total = 0;
   for (unsigned pass = 0; pass < 2; pass++) {
      for (unsigned i = 0; i < r->nr_prims; i++) {
         const struct sim_prim *p = &r->prims[i];
         uint32_t x0, x1, y0, y1;
         tile_range(p->min_x, p->max_x, tw, tiles_x, &x0, &x1);
         tile_range(p->min_y, p->max_y, th, tiles_y, &y0, &y1);
         for (uint32_t ty = y0; ty <= y1 && x0 <= x1; ty++) {
            for (uint32_t tx = x0; tx <= x1; tx++) {
               size_t t = (size_t)ty * tiles_x + tx;
               if (pass == 0)
                  total++, b->first[t + 1]++;
               else
                  b->bin[b->first[t]++] = i;
            }
         }
      }
      if (pass == 0) {
         if (total > SIM_MAX_BIN_ENTRIES)
            break;
         b->bin = malloc((total ? total : 1) * sizeof(uint32_t));
         if (!b->bin)
            break;
         for (size_t t = 0; t < nr_tiles; t++)
            b->first[t + 1] += b->first[t];
      }
   }
   if (!b->bin) {
      free(b->first);
      b->first = NULL;
      return false;
   }
   /* The placing pass moved each start to the next tile's: shift back. */
   for (size_t t = nr_tiles; t > 0; t--)
      b->first[t] = b->first[t - 1];
   b->first[0] = 0;
   return true;
}

static bool
check_command(struct asahi_sim_gpu *gpu, const struct drm_asahi_cmd_render *c)
{
   bool tile_ok = (c->utile_width_px == 16 || c->utile_width_px == 32) &&
                  (c->utile_height_px == 16 || c->utile_height_px == 32);
   if (!tile_ok)
      return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR, "tile size %ux%u",
                      c->utile_width_px, c->utile_height_px);
   if (c->samples != 1 && c->samples != 2 && c->samples != 4)
      return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR, "%u samples", c->samples);
   if (c->sample_size_B > SIM_MAX_SAMPLE_SIZE_B)
      return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR,
                      "%u tilebuffer bytes per sample (at most %u)",
                      c->sample_size_B, SIM_MAX_SAMPLE_SIZE_B);
   if (c->width_px == 0 || c->height_px == 0)
      return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR, "empty framebuffer");
   return true;
}

static bool
render_tiles(struct sim_render *r)
{
   struct asahi_sim_gpu *gpu = r->gpu;
   const struct drm_asahi_cmd_render *cmd = r->cmd;
   struct sim_program *bg = NULL, *eot = NULL;
   bool bg_fill = false, bg_reload = false;
   struct sim_reload reload;
   struct sim_tile tile = {
      .r = r,
      .width = cmd->utile_width_px,
      .height = cmd->utile_height_px,
      .samples = cmd->samples,
      .sample_size_B = cmd->sample_size_B,
   };
   size_t tib_size =
      (size_t)tile.width * tile.height * tile.samples * tile.sample_size_B;
   tile.tib = malloc(tib_size ? tib_size : 1);
   tile.depth = malloc((size_t)tile.width * tile.height * tile.samples *
                       sizeof(float));
   tile.stencil = malloc((size_t)tile.width * tile.height * tile.samples);
   uint8_t zls_raw[8];
   struct AGX_ZLS_CONTROL zls;
   memcpy(zls_raw, &cmd->zls_ctrl, sizeof(zls_raw));
   AGX_ZLS_CONTROL_unpack(NULL, zls_raw, &zls);
   tile.z16 = zls.z_format == AGX_ZLS_FORMAT_16;
   /* Sample positions: ppp_multisamplectl holds a byte per sample, x in
    * the low nibble and y in the high one, in sixteenths of a pixel (Mesa
    * agx_default_sample_positions: 0x88 is the centre). */
   for (unsigned s = 0; s < 4; s++) {
      uint32_t b = tile.samples == 1 ? 0x88
                                     : (uint32_t)(cmd->ppp_multisamplectl >>
                                                  (8 * s)) & 0xff;
      tile.sample_pos[s][0] = (float)((b & 0xf) / 16.0);
      tile.sample_pos[s][1] = (float)((b >> 4) / 16.0);
   }
   bool ok = tile.tib && tile.depth && tile.stencil;
   if (!ok)
      sim_fail(gpu, ASAHI_SIM_RESULT_ERROR, "out of memory");

   if (ok && cmd->bg.usc) {
      bg = malloc(sizeof(*bg));
      ok = bg && sim_program_load(gpu, bg_eot_words(gpu, &cmd->bg),
                                  "background program", bg);
      bool fast = ok && !(gpu->debug & (ASAHI_SIM_DEBUG_NOFAST |
                                         ASAHI_SIM_DEBUG_SHADERS));
      bg_fill = fast && sim_program_lane_invariant(gpu, bg);
      bg_reload = fast && !bg_fill && sim_program_tile_reload(gpu, bg, &reload);
   }
   if (ok && cmd->eot.usc) {
      eot = malloc(sizeof(*eot));
      ok = eot && sim_program_load(gpu, bg_eot_words(gpu, &cmd->eot),
                                   "end-of-tile program", eot);
   }

   bool all = cmd->flags & DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES;
   uint32_t tiles_x = (cmd->width_px + tile.width - 1) / tile.width;
   uint32_t tiles_y = (cmd->height_px + tile.height - 1) / tile.height;
   struct bins bins = {NULL, NULL};
   bool binned = ok && bin_prims(r, tile.width, tile.height, tiles_x,
                                 tiles_y, &bins);
   /* A layered render (layers > 1) runs every tile once per layer, each
    * run with its layer's primitives, background and end-of-tile programs
    * (the "framebuffer layers" note of alexvorxx/Mesa-VirGL
    * src/asahi/genxml/cmdbuf.xml). */
   unsigned layers = cmd->layers ? cmd->layers : 1;
   for (unsigned layer = 0; ok && layer < layers; layer++) {
      tile.layer = layer;
      for (uint32_t y = 0; ok && y < cmd->height_px; y += tile.height) {
         for (uint32_t x = 0; ok && x < cmd->width_px; x += tile.width) {
            tile.x0 = x;
            tile.y0 = y;
            if (binned) {
               size_t t = (size_t)(y / tile.height) * tiles_x + x / tile.width;
               tile.prims = bins.bin + bins.first[t];
               tile.nr_prims = bins.first[t + 1] - bins.first[t];
               if (!all && !bin_has_layer(r, &tile))
                  continue;
            } else if (!all && tile_is_empty(r, &tile)) {
               continue;
            }
            gpu->tiles++;
            uint64_t t0 = sim_profile_begin(gpu);
            memset(tile.tib, 0, tib_size);
            tile.uniform_pixel = NULL;
            ok = sim_zls_load(&tile);
            if (ok && bg)
               ok = run_background(&tile, bg, bg_fill, bg_reload ? &reload : NULL);
            sim_profile_end(gpu, ASAHI_SIM_PROF_TILE, t0);
            /* The fragment programs' time is taken out of the raster's. */
            uint64_t t1 = sim_profile_begin(gpu);
            uint64_t fs0 = gpu->ns[ASAHI_SIM_PROF_FRAGMENT];
            ok = ok && sim_raster_tile(&tile);
            if (gpu->profile)
               gpu->ns[ASAHI_SIM_PROF_RASTER] -=
                  gpu->ns[ASAHI_SIM_PROF_FRAGMENT] - fs0;
            sim_profile_end(gpu, ASAHI_SIM_PROF_RASTER, t1);
            uint64_t t2 = sim_profile_begin(gpu);
            if (ok && eot)
               ok = run_end_of_tile(&tile, eot);
            ok = ok && sim_zls_store(&tile);
            sim_profile_end(gpu, ASAHI_SIM_PROF_TILE, t2);
         }
      }
   }

   if (ok && (gpu->debug & ASAHI_SIM_DEBUG_PNG))
      sim_png_dump(r, eot);

   free(bins.first);
   free(bins.bin);
   free(bg);
   free(eot);
   free(tile.tib);
   free(tile.depth);
   free(tile.stencil);
   free(tile.coefficients);
   return ok;
}

static enum asahi_sim_result
execute_render(struct asahi_sim_gpu *gpu,
               const struct drm_asahi_cmd_render *cmd)
{
   gpu->result = ASAHI_SIM_RESULT_OK;
   gpu->error[0] = 0;
   gpu->faulted = false;
   gpu->work = 0;

   if (gpu->debug & ASAHI_SIM_DEBUG_TRACE)
      sim_log(gpu,
              "asahi-sim: render %ux%u, %u layers, tiles %ux%u, %u samples "
              "of %u B, VDM 0x%llx\n",
              cmd->width_px, cmd->height_px, cmd->layers ? cmd->layers : 1,
              cmd->utile_width_px,
              cmd->utile_height_px, cmd->samples, cmd->sample_size_B,
              (unsigned long long)cmd->vdm_ctrl_stream_base);

   struct sim_render r = {.gpu = gpu, .cmd = cmd};
   sim_pool_begin(&r);
   uint64_t tiles0 = gpu->tiles, frags0 = gpu->fragments;
   uint64_t groups0 = gpu->fragment_groups;
   uint64_t t0 = sim_profile_begin(gpu);
   bool vertex_ok = check_command(gpu, cmd) && sim_vdm_execute(&r);
   sim_profile_end(gpu, ASAHI_SIM_PROF_VERTEX, t0);
   if (vertex_ok)
      render_tiles(&r);
   sim_pool_free(&r);
   if (gpu->debug & ASAHI_SIM_DEBUG_TRACE)
      sim_log(gpu, "asahi-sim: render done: %u primitives, %llu tiles, "
                   "%llu fragments in %llu groups\n",
              r.nr_prims, (unsigned long long)(gpu->tiles - tiles0),
              (unsigned long long)(gpu->fragments - frags0),
              (unsigned long long)(gpu->fragment_groups - groups0));

   while (r.planes) {
      struct sim_plane_block *b = r.planes;
      r.planes = b->next;
      free(b);
   }
   free(r.prims);
   while (r.draws) {
      struct sim_draw *d = r.draws;
      r.draws = d->next;
      free(d);
   }

   if (gpu->result != ASAHI_SIM_RESULT_OK &&
       (gpu->debug & (ASAHI_SIM_DEBUG_FAULTS | ASAHI_SIM_DEBUG_TRACE)))
      sim_log(gpu, "asahi-sim: render command failed (%s): %s\n",
              asahi_sim_result_string(gpu->result), gpu->error);
   return gpu->result;
}

enum asahi_sim_result
asahi_sim_execute_render(struct asahi_sim_gpu *gpu,
                     const struct drm_asahi_cmd_render *cmd)
{
   enum asahi_sim_result r = execute_render(gpu, cmd);
   sim_release_stacks(gpu);
   return r;
}
