/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * VS -> FS varying linkage: the coefficient binding table and the varying
 * count words.
 *
 * Slots after remapping are: fragment W (slot 0), fragment Z (slot 1, only
 * when the FS reads it), then the VS user outputs in UVS order (UVS word 4
 * becomes the first user slot), per Mesa docs/drivers/asahi.rst "Hardware
 * varyings" and the linker in alexvorxx/Mesa-VirGL
 * src/gallium/drivers/asahi/agx_state.c (agx_link_varyings_vs_fs).  The
 * header counts the 32-bit slots (W, Z and every 32-bit user word); the
 * slots after them are 16-bit, each a packed pair of components (the VS
 * writes them after its 32-bit user words), so a binding of a 16-bit
 * varying names the slot of its first pair and its components go two to
 * a slot (component k in slot base + k / 2, half k % 2), which is how
 * the simulator reads them (asahi_sim_draw.c binding_slot).  The
 * fragment shader's bindings start at component 0 of user varyings.
 */

#include <string.h>

#include "agx_compile.h"
#include "asahi/genxml/agx_pack.h"
#include "util/half_float.h"

static unsigned
user_words_32(const struct agx_varyings_vs *vs)
{
   return vs->nr_32_smooth + vs->nr_32_flat + vs->nr_32_linear;
}

int
agx_link_varyings(const struct agx_varyings_vs *vs,
                  const struct agx_varyings_fs *fs, bool flat_first_vertex,
                  uint32_t *table, unsigned capacity)
{
   if (fs->nr_bindings == 0)
      return 0;
   if (capacity < 1u + fs->nr_bindings)
      return -1;

   unsigned user_base = fs->reads_z ? 2 : 1;

   agx_pack(&table[0], CF_BINDING_HEADER, cfg) {
      cfg.slots = user_base + user_words_32(vs);
      cfg.coefficient_registers = fs->nr_cf;
   }

   for (unsigned i = 0; i < fs->nr_bindings; ++i) {
      const struct agx_cf_binding *b = &fs->bindings[i];

      agx_pack(&table[1 + i], CF_BINDING, cfg) {
         cfg.components = b->count;
         cfg.base_cf = b->cf_base;
         cfg.source = AGX_COEFFICIENT_SOURCE_VARYING;

         if (b->flat) {
            cfg.shade_model = flat_first_vertex ? AGX_SHADE_MODEL_FLAT_VERTEX_0
                                                : AGX_SHADE_MODEL_FLAT_VERTEX_2;
         } else if (b->perspective) {
            cfg.shade_model = AGX_SHADE_MODEL_PERSPECTIVE;
         } else {
            cfg.shade_model = AGX_SHADE_MODEL_LINEAR;
         }

         if (b->slot == VARYING_SLOT_PNTC) {
            /* gl_PointCoord comes from the rasteriser (Mesa
             * agx_link_varyings_vs_fs: coefficient source point coord) */
            cfg.source = AGX_COEFFICIENT_SOURCE_POINT_COORD;
            cfg.base_slot = 0;
         } else if (b->slot == VARYING_SLOT_POS) {
            /* W is slot 0 and never perspective divided; Z comes from the
             * rasteriser's depth. */
            if (b->offset == 2) {
               cfg.source = AGX_COEFFICIENT_SOURCE_FRAGCOORD_Z;
               cfg.base_slot = 1;
            } else {
               cfg.base_slot = 0;
            }
         } else if (b->slot < VARYING_SLOT_MAX &&
                    vs->slot_word[b->slot] != 0xff &&
                    vs->slot_word[b->slot] >= 4) {
            /* a 16-bit slot holds two components (agx_varyings_vs::
             * slots_16): the binding starts at the pair of b->offset */
            bool half = (vs->slots_16 >> b->slot) & 1;
            cfg.base_slot = user_base + (vs->slot_word[b->slot] - 4) +
                            (half ? b->offset / 2u : b->offset);
         } else {
            /* Not written by the VS: undefined in GL, read W's slot. */
            cfg.base_slot = 0;
         }
      }
   }

   return 1 + fs->nr_bindings;
}

void
agx_pack_varying_counts(const struct agx_varyings_vs *vs, uint32_t out[2])
{
   agx_pack(&out[0], VARYING_COUNTS, cfg) {
      cfg.smooth = vs->nr_32_smooth;
      cfg.flat = vs->nr_32_flat;
      cfg.linear = vs->nr_32_linear;
   }
   agx_pack(&out[1], VARYING_COUNTS, cfg) {
      cfg.smooth = vs->nr_16_smooth;
      cfg.flat = vs->nr_16_flat;
      cfg.linear = vs->nr_16_linear;
   }
}

bool
agx_uvs_read(const struct agx_varyings_vs *vs, const uint32_t *words,
             unsigned slot, unsigned c, uint32_t *out)
{
   if (slot >= VARYING_SLOT_MAX || c >= 4 || vs->slot_word[slot] == 0xff)
      return false;
   bool half = slot < 64 && ((vs->slots_16 >> slot) & 1);
   unsigned w = vs->slot_word[slot] + (half ? c / 2 : c);
   if (w >= vs->nr_words)
      return false;
   if (!half) {
      *out = words[w];
      return true;
   }
   float f = util_half_to_float((uint16_t)(words[w] >> (16 * (c & 1))));
   memcpy(out, &f, sizeof(*out));
   return true;
}
