/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Test helpers: run compiled shaders on the simulator the way the driver
 * and the fixed-function hardware would set them up (uniforms from the
 * push layout, vertex id in r5, coefficient registers, tilebuffer), and
 * check that a binary survives disassembly and reassembly.
 */

#ifndef AGX_TEST_UTIL_H
#define AGX_TEST_UTIL_H

#include <stdbool.h>
#include <stdint.h>

#include "asahi/compiler/agx_compile.h"
#include "asahi/isa/agx_isa.h"
#include "asahi/sim/asahi_sim.h"
#include "asahi/sim/asahi_sim_texture.h"

#define AGX_TEST_MAX_BUFFERS 4
/* the GL blocks and the geometry-shader blocks (AGX_GS_*_BLOCK) */
#define AGX_TEST_MAX_UBOS (AGX_MAX_UBOS + 3)
/* writable regions: the geometry program's three stored buffers */
#define AGX_TEST_MAX_STORAGE 3

/* What the driver would provide for one draw. */
struct agx_test_draw {
   /* GL default uniform block, 32-bit words */
   const uint32_t *gl_uniforms;
   unsigned nr_gl_words;
   /* GPU address where gl_uniforms is mapped (0: not in memory) */
   uint64_t gl_uniforms_va;
   /* vertex buffers: host memory and the GPU address it is mapped at */
   uint8_t *vbo[AGX_TEST_MAX_BUFFERS];
   size_t vbo_size[AGX_TEST_MAX_BUFFERS];
   uint64_t vbo_va[AGX_TEST_MAX_BUFFERS];
   /* uniform blocks (AGX_PUSH_UBO_BASE): host memory and GPU address;
    * mapped for vertex shaders */
   uint8_t *ubo[AGX_TEST_MAX_UBOS];
   size_t ubo_size[AGX_TEST_MAX_UBOS];
   uint64_t ubo_va[AGX_TEST_MAX_UBOS];
   uint32_t sysvals[AGX_SYSVAL_COUNT];
   /* texture unit for texture instructions (NULL: none) */
   const struct asahi_sim_texture_hooks *texture;
   void *texture_user;
   /* AGX_PUSH_TEXTURE_SIZE words of texture slots 0-7 */
   uint32_t texture_size[8][4];
   /* AGX_PUSH_TEXTURE_SAMPLES of texture slots 0-7 */
   uint32_t texture_samples[8];
   /* writable memory (device stores, e.g. transform feedback): host
    * memory and its GPU address */
   uint8_t *storage[AGX_TEST_MAX_STORAGE];
   size_t storage_size[AGX_TEST_MAX_STORAGE];
   uint64_t storage_va[AGX_TEST_MAX_STORAGE];
};

/* Fill the uniform file from the push layout.  Returns false if a range
 * asks for something the draw does not have. */
bool agx_test_fill_uniforms(struct asahi_sim_group *g,
                            const struct agx_shader_info *info,
                            const struct agx_test_draw *draw);

/* Run a vertex shader for 32 vertices (lane t: vertex index first + t);
 * uvs receives 32 * info.vs.nr_words words. */
enum asahi_sim_status agx_test_run_vs(const struct agx_shader_binary *bin,
                                      const struct agx_test_draw *draw,
                                      unsigned first, uint32_t *uvs,
                                      char *error, size_t error_size);

/* Run a fragment shader over pixels (t, 0), t = 0..31, of a 32x1 RGBA
 * tilebuffer of `bytes_per_pixel` bytes per pixel (tib: 32 * that).
 * planes: one {A, B, C} per coefficient register.  Lane t runs at grid
 * position (t, 0), front facing.  killed (optional): bit t set when lane t
 * cleared samples with sample_mask. */
enum asahi_sim_status
agx_test_run_fs(const struct agx_shader_binary *bin,
                const struct agx_test_draw *draw, const float (*planes)[3],
                unsigned nr_planes, uint8_t *tib, unsigned bytes_per_pixel,
                uint32_t *killed, char *error, size_t error_size);

/* Walks a binary: decodes the instruction at *off into I and moves *off
 * past it.  False at the stop instruction, the end of the code or bytes
 * that do not decode, so `for (size_t off = 0;
 * agx_test_next_instr(bin, &off, &I);)` visits the shader's body. */
/* An integer instruction of the 16-bit forms mediump integers lead to
 * (docs/compiler.rst "mediump integers"): iadd, isub, imadd, bfi, bfeil
 * or asr with a 16-bit destination register, icmpsel comparing a 16-bit
 * register. */
bool agx_test_is_int16_instr(const struct agx_isa_instr *I);

/* The float first element of a texture request's LOD operand (an f16 or
 * f32 register, req->lod_16 says which): explicit LODs and biases. */
float agx_test_request_lod(const struct asahi_sim_texture_request *req);

bool agx_test_next_instr(const struct agx_shader_binary *bin, size_t *off,
                         struct agx_isa_instr *I);

/* Coefficient planes of a vec4 varying that varies along x only:
 * channel i of the binding at cf_base is A[i] * x + C[i] (W plane
 * untouched). */
void agx_test_linear_planes(float (*planes)[3], unsigned cf_base,
                            const float A[4], const float C[4]);

/* Disassemble every instruction up to the padding after stop, reassemble
 * the text and compare the bytes.  Returns true when identical; otherwise
 * a message in err. */
bool agx_test_roundtrip(const uint8_t *code, size_t size, char *err,
                        size_t err_size);
/* (also called by agx_test_roundtrip) No register of a load is touched
 * before a `wait`, no control flow, barrier or store while loads are
 * pending, at most eight pending: agx_insert_waits.c's rules, checked on
 * the binary.  Blocks are not known here: a load pending at a block's
 * end reaches the control-flow instruction or the next block's code. */
bool agx_test_check_waits(const uint8_t *code, size_t size, char *err,
                          size_t err_size);

#endif
