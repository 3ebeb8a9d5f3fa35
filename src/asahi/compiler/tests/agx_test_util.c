/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

#include "agx_test_util.h"
#include "asahi/compiler/agx_sim_preamble.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/half_float.h"
#include "util/ralloc.h"

bool
agx_test_fill_uniforms(struct asahi_sim_group *g,
                       const struct agx_shader_info *info,
                       const struct agx_test_draw *draw)
{
   for (unsigned i = 0; i < info->nr_push; ++i) {
      const struct agx_push_range *r = &info->push[i];
      for (unsigned h = 0; h < r->length; h += 2) {
         uint32_t word;
         unsigned k = h / 2;
         switch (r->kind) {
         case AGX_PUSH_GL_UNIFORMS:
            if (r->index + k >= draw->nr_gl_words)
               return false;
            word = draw->gl_uniforms[r->index + k];
            break;
         case AGX_PUSH_VBO_BASE:
            if (r->index >= AGX_TEST_MAX_BUFFERS || !draw->vbo[r->index])
               return false;
            word = (uint32_t)(draw->vbo_va[r->index] >> (32 * (k & 1)));
            break;
         case AGX_PUSH_UBO_BASE:
            if (r->index >= AGX_TEST_MAX_UBOS || !draw->ubo[r->index])
               return false;
            word = (uint32_t)(draw->ubo_va[r->index] >> (32 * (k & 1)));
            break;
         case AGX_PUSH_SYSVAL:
            if (r->index + k >= AGX_SYSVAL_COUNT)
               return false;
            word = draw->sysvals[r->index + k];
            if (r->index + k == AGX_SYSVAL_GL_UNIFORMS_ADDR_LO)
               word = (uint32_t)draw->gl_uniforms_va;
            else if (r->index + k == AGX_SYSVAL_GL_UNIFORMS_ADDR_HI)
               word = (uint32_t)(draw->gl_uniforms_va >> 32);
            break;
         case AGX_PUSH_TEXTURE_SIZE:
            if (r->index >= 8 || k >= 4)
               return false;
            word = draw->texture_size[r->index][k];
            break;
         case AGX_PUSH_TEXTURE_SAMPLES:
            if (r->index >= 8 || k >= 1)
               return false;
            word = draw->texture_samples[r->index];
            break;
         case AGX_PUSH_CONSTANTS:
            word = info->constants[r->index + k];
            break;
         default:
            return false;
         }
         g->u[(r->uniform + h) / 2] = word;
      }
   }
   return true;
}

static enum asahi_sim_status
finish(struct asahi_sim_group *g, enum asahi_sim_status s, char *error,
       size_t error_size)
{
   if (s != ASAHI_SIM_STOPPED && error)
      snprintf(error, error_size, "%s: %s", asahi_sim_status_string(s),
               g->error);
   return s;
}

/* The stacks the hardware would give each thread: the class the USC
 * Registers word asks for (agx_spill_size_field), as the simulator's
 * command path does.  NULL when the shader uses no stack. */
static uint8_t *
give_stack(struct asahi_sim_group *g, const struct agx_shader_info *info)
{
   unsigned cls = agx_spill_size_field(info->scratch_size_dw);
   if (!cls)
      return NULL;
   g->stack_size_B = (size_t)4 * (8u << (cls - 1));
   g->stack = calloc(ASAHI_SIM_LANES, g->stack_size_B);
   return g->stack;
}

enum asahi_sim_status
agx_test_run_vs(const struct agx_shader_binary *bin,
                const struct agx_test_draw *draw, unsigned first, uint32_t *uvs,
                char *error, size_t error_size)
{
   struct asahi_sim_group *g = calloc(1, sizeof(*g));
   struct asahi_sim_region regions[AGX_TEST_MAX_BUFFERS + 1 +
                                   AGX_TEST_MAX_UBOS + AGX_TEST_MAX_STORAGE];
   struct asahi_sim_simple_mem mem = {regions, 0};

   asahi_sim_group_init(g);
   asahi_sim_set_code(g, bin->code, bin->size_B, 0x100000);
   for (unsigned i = 0; i < AGX_TEST_MAX_BUFFERS; ++i) {
      if (draw->vbo[i])
         regions[mem.nr_regions++] = (struct asahi_sim_region){
            draw->vbo_va[i], draw->vbo_size[i], draw->vbo[i], false};
   }
   for (unsigned i = 0; i < AGX_TEST_MAX_UBOS; ++i) {
      if (draw->ubo[i])
         regions[mem.nr_regions++] = (struct asahi_sim_region){
            draw->ubo_va[i], draw->ubo_size[i], draw->ubo[i], false};
   }
   if (draw->gl_uniforms_va)
      regions[mem.nr_regions++] = (struct asahi_sim_region){
         draw->gl_uniforms_va, 4 * (size_t)draw->nr_gl_words,
         (uint8_t *)draw->gl_uniforms, false};
   for (unsigned i = 0; i < AGX_TEST_MAX_STORAGE; ++i) {
      if (draw->storage[i])
         regions[mem.nr_regions++] = (struct asahi_sim_region){
            draw->storage_va[i], draw->storage_size[i], draw->storage[i],
            true};
   }
   g->mem = (struct asahi_sim_mem){asahi_sim_simple_translate, &mem, false};
   g->texture = draw->texture;
   g->texture_user = draw->texture_user;
   uint8_t *stack = give_stack(g, &bin->info);

   enum asahi_sim_status s = ASAHI_SIM_ERR_EXEC;
   if (!agx_test_fill_uniforms(g, &bin->info, draw)) {
      snprintf(g->error, sizeof(g->error), "push layout not satisfiable");
   } else {
      /* Register ABI: vertex index in r5, instance id in r6 */
      for (unsigned t = 0; t < ASAHI_SIM_LANES; ++t) {
         g->r[5][t] = first + t;
         g->r[6][t] = 0;
      }
      g->uvs.words = uvs;
      g->uvs.stride_words = bin->info.vs.nr_words;
      s = agx_sim_run_preamble(g, bin, 0x100000);
      if (s == ASAHI_SIM_STOPPED)
         s = asahi_sim_run(g);
   }
   s = finish(g, s, error, error_size);
   free(stack);
   free(g);
   return s;
}

struct tib {
   uint8_t *data;
   unsigned bpp;
};

static void *
tib_sample(void *user, unsigned x, unsigned y, unsigned sample,
           unsigned offset_B, size_t size)
{
   struct tib *t = user;
   if (x >= 32 || y != 0 || sample != 0 || offset_B + size > t->bpp)
      return NULL;
   return t->data + x * t->bpp + offset_B;
}

enum asahi_sim_status
agx_test_run_fs(const struct agx_shader_binary *bin,
                const struct agx_test_draw *draw, const float (*planes)[3],
                unsigned nr_planes, uint8_t *tib, unsigned bytes_per_pixel,
                uint32_t *killed, char *error, size_t error_size)
{
   struct asahi_sim_group *g = calloc(1, sizeof(*g));
   struct tib t = {tib, bytes_per_pixel};

   asahi_sim_group_init(g);
   asahi_sim_set_code(g, bin->code, bin->size_B, 0x100000);
   g->coefficients = planes;
   g->nr_coefficients = nr_planes;
   for (unsigned l = 0; l < ASAHI_SIM_LANES; ++l) {
      g->frag.pixel[l][0] = (uint16_t)l;
      g->frag.pixel[l][1] = 0;
   }
   g->frag.tib = (struct asahi_sim_tilebuffer){tib_sample, &t};
   g->texture = draw->texture;
   g->texture_user = draw->texture_user;
   uint8_t *stack = give_stack(g, &bin->info);

   enum asahi_sim_status s = ASAHI_SIM_ERR_EXEC;
   if (!agx_test_fill_uniforms(g, &bin->info, draw))
      snprintf(g->error, sizeof(g->error), "push layout not satisfiable");
   else if ((s = agx_sim_run_preamble(g, bin, 0x100000)) == ASAHI_SIM_STOPPED)
      s = asahi_sim_run(g);
   if (killed) {
      *killed = 0;
      for (unsigned l = 0; l < ASAHI_SIM_LANES; ++l) {
         if (g->frag.samples_killed[l])
            *killed |= 1u << l;
      }
   }
   s = finish(g, s, error, error_size);
   free(stack);
   free(g);
   return s;
}

bool
agx_test_roundtrip(const uint8_t *code, size_t size, char *err, size_t err_size)
{
   size_t text_cap = 64 * 1024, used = 0;
   char *text = malloc(text_cap);
   size_t off = 0;
   bool ok = true;
   text[0] = 0;

   /* Everything up to and including stop is the program. */
   while (off < size) {
      char line[256];
      int len = agx_isa_disasm_one(code + off, size - off, line, sizeof(line));
      if (len <= 0) {
         snprintf(err, err_size, "offset 0x%zx: does not decode (%s)", off,
                  line);
         ok = false;
         break;
      }
      size_t need = strlen(line) + 2;
      if (used + need > text_cap) {
         text_cap = 2 * (used + need);
         text = realloc(text, text_cap);
      }
      used += (size_t)snprintf(text + used, text_cap - used, "%s\n", line);
      bool stop = len == 2 && code[off] == 0x88 && code[off + 1] == 0x00;
      off += len;
      if (stop)
         break;
   }

   if (ok) {
      void *mem = ralloc_context(NULL);
      uint8_t *bin;
      size_t bin_size;
      char aerr[256];
      if (agx_isa_assemble(text, mem, &bin, &bin_size, aerr, sizeof(aerr))) {
         snprintf(err, err_size, "reassembly failed: %s", aerr);
         ok = false;
      } else if (bin_size != off || memcmp(bin, code, off)) {
         snprintf(err, err_size, "reassembled bytes differ (%zu vs %zu)",
                  bin_size, off);
         ok = false;
      }
      ralloc_free(mem);
   }
   free(text);
   return ok && agx_test_check_waits(code, size, err, err_size);
}

/* Forms whose destination lands later, and forms that must find nothing
 * pending (agx_insert_waits.c states the rules this checks again on the
 * binary, independently of the IR) */
static bool
async_form(const char *name)
{
   static const char *const forms[] = {"device_load", "stack_load",
                                       "texture_sample", "texture_load",
                                       "threadgroup_load", "atomic"};
   for (unsigned i = 0; i < sizeof(forms) / sizeof(forms[0]); ++i) {
      if (!strcmp(name, forms[i]))
         return true;
   }
   return false;
}

static bool
quiet_form(const char *name)
{
   static const char *const prefixes[] = {
      "if_",    "else_",  "while_", "pop_exec", "jmp_",         "call",
      "ret",    "threadgroup_barrier", "memory_barrier",
      "device_store", "stack_store", "threadgroup_store", "atomic",
      "threadgroup_atomic", "image_write"};
   for (unsigned i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); ++i) {
      if (!strncmp(name, prefixes[i], strlen(prefixes[i])))
         return true;
   }
   return false;
}

bool
agx_test_check_waits(const uint8_t *code, size_t size, char *err,
                     size_t err_size)
{
   bool pending[256] = {false};
   unsigned nr = 0;
   for (size_t off = 0; off < size;) {
      struct agx_isa_instr d;
      int len = agx_isa_decode(code + off, size - off, &d);
      if (len <= 0)
         break;
      const struct agx_isa_op_info *info = agx_isa_op_info(d.op);
      if (d.op == AGX_ISA_OP_WAIT) {
         memset(pending, 0, sizeof(pending));
         nr = 0;
      } else if (nr && quiet_form(info->name)) {
         snprintf(err, err_size, "offset 0x%zx: %s with %u loads pending",
                  off, info->name, nr);
         return false;
      }
      bool async = async_form(info->name);
      if (async && nr == 8) {
         snprintf(err, err_size, "offset 0x%zx: a ninth pending load", off);
         return false;
      }
      for (unsigned i = 0; i < d.nr_operands; ++i) {
         const struct agx_isa_operand *o = &d.operands[i];
         if (o->kind != AGX_ISA_KIND_REG)
            continue;
         unsigned first = (unsigned)o->value;
         unsigned n = (o->size / 16) * (o->count ? o->count : 1);
         for (unsigned h = first; h < first + n && h < 256; ++h) {
            if (pending[h]) {
               snprintf(err, err_size,
                        "offset 0x%zx: %s uses half %u of a pending load",
                        off, info->name, h);
               return false;
            }
         }
         if (async && info->operands[i].writes) {
            for (unsigned h = first; h < first + n && h < 256; ++h)
               pending[h] = true;
         }
      }
      nr += async;
      bool stop = len == 2 && code[off] == 0x88 && code[off + 1] == 0x00;
      off += (size_t)len;
      if (stop)
         break;
   }
   return true;
}

bool
agx_test_next_instr(const struct agx_shader_binary *bin, size_t *off,
                    struct agx_isa_instr *I)
{
   if (*off >= bin->size_B)
      return false;
   int len = agx_isa_decode(bin->code + *off, bin->size_B - *off, I);
   if (len <= 0 || I->op == AGX_ISA_OP_STOP)
      return false;
   *off += (size_t)len;
   return true;
}

void
agx_test_linear_planes(float (*planes)[3], unsigned cf_base,
                       const float A[4], const float C[4])
{
   for (unsigned i = 0; i < 4; ++i) {
      planes[cf_base + i][0] = A[i];
      planes[cf_base + i][1] = 0.0f;
      planes[cf_base + i][2] = C[i];
   }
}

bool
agx_test_is_int16_instr(const struct agx_isa_instr *I)
{
   switch (I->op) {
   case AGX_ISA_OP_IADD:
   case AGX_ISA_OP_ISUB:
   case AGX_ISA_OP_IMADD:
   case AGX_ISA_OP_BFI:
   case AGX_ISA_OP_BFEIL:
   case AGX_ISA_OP_ASR:
      return I->operands[0].kind == AGX_ISA_KIND_REG &&
             I->operands[0].size == 16;
   case AGX_ISA_OP_ICMPSEL:
      return I->operands[AGX_ISA_ICMPSEL_A].kind == AGX_ISA_KIND_REG &&
             I->operands[AGX_ISA_ICMPSEL_A].size == 16;
   default:
      return false;
   }
}

float
agx_test_request_lod(const struct asahi_sim_texture_request *req)
{
   if (req->lod_16)
      return util_half_to_float((uint16_t)req->lod);
   float f;
   memcpy(&f, &req->lod, 4);
   return f;
}
