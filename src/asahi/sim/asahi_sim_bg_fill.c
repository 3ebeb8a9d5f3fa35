/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Background programs that do the same thing on every pixel.
 *
 * A clear's background program moves the clear colour from uniforms into
 * registers, stores it with st_tile and stops; a pass that neither clears
 * nor loads has a program that only stops.  Run on every pixel of every
 * tile, such programs were most of the time of programs that render many
 * small passes (each tile: 32 groups of 32 lanes, a group reset each).
 *
 * sim_program_lane_invariant proves, from the code alone, that every lane
 * computes the same values: the program is a straight line (no branch, no
 * exec-mask change) of moves and lane-local integer and float arithmetic
 * on uniforms, immediates and registers, tilebuffer stores, `wait` and a
 * final `stop`.  Registers
 * start equal on every lane (zero: a background group launches all 32
 * lanes, so no lane gets r0l = 1), uniforms are the same for all lanes, and
 * nothing reads the pixel position, the layer, a texture or memory.  Each
 * lane's st_tile then writes the same bytes into its own pixel of a
 * tilebuffer that starts zeroed at every tile, so after the program every
 * pixel's storage (all its samples) holds the same bytes.
 *
 * sim_background_fill runs the first group of the render's first tile as
 * before, keeps the storage of its first pixel, and copies it to every
 * pixel of this and every later tile of the command, counting the same
 * work (sim_work) as the groups it stands for.  Errors come from that first
 * group, as they would without the shortcut.  ASAHI_SIM_DEBUG=nofast (and
 * =shaders, which logs every instruction of every group) run every group.
 */

#include <string.h>

#include "asahi_sim_cmd.h"

/* Longer straight lines are not clears: not worth proving. */
#define SIM_FILL_MAX_INSTRUCTIONS 32

static bool
operands_invariant(const struct agx_isa_instr *I)
{
   for (unsigned i = 0; i < I->nr_operands; i++) {
      switch (I->operands[i].kind) {
      case AGX_ISA_KIND_NONE:
      case AGX_ISA_KIND_REG:
      case AGX_ISA_KIND_UREG:
      case AGX_ISA_KIND_IMM:
      case AGX_ISA_KIND_FIMM:
      case AGX_ISA_KIND_ENUM:
      case AGX_ISA_KIND_FLAG:
         break;
      default: /* special registers, states, coefficients, offsets */
         return false;
      }
   }
   return true;
}

bool
sim_program_lane_invariant(struct asahi_sim_gpu *gpu,
                           const struct sim_program *p)
{
   uint64_t avail = 0;
   const uint8_t *code = gpu->lookup(gpu->user, p->code_va, false, &avail);
   if (!code || !avail)
      return false; /* the normal path reports the fault */

   uint64_t pc = 0;
   for (unsigned n = 0; n < SIM_FILL_MAX_INSTRUCTIONS && pc < avail; n++) {
      struct agx_isa_instr I;
      int len = agx_isa_decode(code + pc, (size_t)(avail - pc), &I);
      if (len <= 0 || !operands_invariant(&I))
         return false;
      switch (I.op) {
      case AGX_ISA_OP_STOP:
         return true;
      /* Each lane's result from its own operands alone (not dfdx, not
       * the simd or exec-mask families). */
      case AGX_ISA_OP_MOV_IMM16:
      case AGX_ISA_OP_MOV_IMM32:
      case AGX_ISA_OP_BITOP:
      case AGX_ISA_OP_IADD:
      case AGX_ISA_OP_ISUB:
      case AGX_ISA_OP_IMADD:
      case AGX_ISA_OP_CONVERT:
      case AGX_ISA_OP_FADD32:
      case AGX_ISA_OP_FADD16:
      case AGX_ISA_OP_FMUL32:
      case AGX_ISA_OP_FMUL16:
      case AGX_ISA_OP_FMADD32:
      case AGX_ISA_OP_FMADD16:
      /* The lane's own pixel; wait is a no-op here. */
      case AGX_ISA_OP_ST_TILE:
      case AGX_ISA_OP_WAIT:
         break;
      default:
         return false;
      }
      pc += (unsigned)len;
   }
   return false;
}

/* The storage of pixel (lx, ly) of the tile: all its samples. */
static uint8_t *
pixel_storage(const struct sim_tile *tile, unsigned lx, unsigned ly)
{
   size_t pixel_B = (size_t)tile->samples * tile->sample_size_B;
   return tile->tib + ((size_t)ly * tile->width + lx) * pixel_B;
}

bool
sim_background_fill(struct sim_tile *tile, const struct sim_program *bg,
                    struct asahi_sim_group *g, sim_background_group_fn run)
{
   struct sim_render *r = tile->r;
   size_t pixel_B = (size_t)tile->samples * tile->sample_size_B;
   /* check_command bounds samples and sample size: never taken. */
   bool keep = pixel_B <= sizeof(r->bg_pixel);

   for (uint32_t by = 0; by < tile->height; by += 4) {
      for (uint32_t bx = 0; bx < tile->width; bx += 8) {
         if (!keep || !r->has_bg_pixel) {
            /* The first group of the command: run it, keep its pixel. */
            if (!run(tile, bg, g, bx, by))
               return false;
            if (keep)
               memcpy(r->bg_pixel, pixel_storage(tile, bx, by), pixel_B);
            r->has_bg_pixel = keep;
         } else if (!sim_work(r->gpu, ASAHI_SIM_LANES)) {
            return false;
         }
      }
   }
   if (!keep)
      return true;
   tile->uniform_pixel = r->bg_pixel;
   /* The first row pixel by pixel, then the other rows from it. */
   for (uint32_t lx = 0; lx < tile->width; lx++)
      memcpy(pixel_storage(tile, lx, 0), r->bg_pixel, pixel_B);
   for (uint32_t ly = 1; ly < tile->height; ly++)
      memcpy(pixel_storage(tile, 0, ly), tile->tib, pixel_B * tile->width);
   return true;
}
