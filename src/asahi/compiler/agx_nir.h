/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* NIR passes of the AGX backend (agx_nir_*.c). */

#ifndef AGX_NIR_H
#define AGX_NIR_H

#include "nir_builder.h"

bool agx_nir_lower_outputs_to_temporaries(nir_shader *nir);
bool agx_nir_lower_indirect_inputs(nir_shader *nir);
bool agx_nir_lower_clip_distance(nir_shader *nir);
/* Local arrays indexed at run time: big ones to scratch, the others to
 * selects over their elements. */
bool agx_nir_lower_indirect_locals(nir_shader *nir);
/* Helpers of the I/O temporaries passes: whether a variable type is made
 * of vectors (so it can be copied), and a copy vector by vector with
 * constant indices. */
bool agx_nir_type_is_copyable(const nir_vtype *t);
void agx_nir_copy_by_vectors(nir_builder *b, nir_deref_instr *dst,
                             nir_deref_instr *src);
bool agx_nir_lower_sqrt(nir_shader *nir);
bool agx_nir_lower_rect(nir_shader *nir);
/* Fragment inputs only read through f2f16 loaded at 16 bits
 * (agx_nir_narrow_inputs.c; after nir_lower_mediump). */
bool agx_nir_narrow_inputs(nir_shader *nir);
/* Outputs computed at 16 bits stored from 16-bit registers: colours to
 * the targets of the key that take them, vertex shader user varyings
 * into packed 16-bit slots (agx_nir_narrow_outputs.c). */
struct agx_shader_key;
bool agx_nir_narrow_outputs(nir_shader *nir,
                            const struct agx_shader_key *key);
bool agx_nir_lower_buffer_texture(nir_shader *nir);
bool agx_nir_lower_tex_deref(nir_shader *nir);
/* imageLoad/imageSize as texture operations (agx_nir_lower_image.c) */
bool agx_nir_lower_image(nir_shader *nir);
bool agx_nir_lower_txd_cube(nir_shader *nir);
bool agx_nir_lower_ubo(nir_shader *nir);
/* SSBO accesses: constant bindings, bounds-checked (agx_nir_lower_ssbo.c). */
bool agx_nir_lower_ssbo(nir_shader *nir);
/* Lowering that adds control flow (agx_nir_collect.c): the intrinsics for
 * which filter is true are listed, then each is given to lower, which
 * rewrites it at will and says whether it changed anything. */
typedef bool (*agx_nir_intrinsic_filter)(const nir_intrinsic_instr *intr,
                                         void *data);
typedef bool (*agx_nir_intrinsic_lower)(nir_builder *b,
                                        nir_intrinsic_instr *intr,
                                        void *data);
bool agx_nir_lower_collected(nir_shader *nir, agx_nir_intrinsic_filter filter,
                             agx_nir_intrinsic_lower lower, void *data);
/* Fragment shaders: load_primitive_id from the flat varying
 * VARYING_SLOT_PRIMITIVE_ID. */
bool agx_nir_lower_primitive_id(nir_shader *nir);
/* Transform feedback stores at the end of a vertex shader (key: what to
 * capture; agx_compile.h struct agx_xfb_key). */
struct agx_xfb_key;
bool agx_nir_lower_xfb(nir_shader *nir, const struct agx_xfb_key *key);
/* Vertex shaders: the rasteriser's z = (z + w) / 2 of gl_Position,
 * stored after every other output use (agx_nir_remap_z.c). */
bool agx_nir_remap_position_z(nir_shader *nir);
/* Vertex shaders: gl_PointSize is size, whatever the shader stores
 * (agx_nir_fixed_point_size.c). */
bool agx_nir_fixed_point_size(nir_shader *nir, float size);
/* Texture coordinate inputs of the units in tex_mask (bit i:
 * VARYING_SLOT_TEX0 + i) read the point coordinate (s, t, 0, 1)
 * (agx_fs_key::sprite_coord_replace; agx_nir_point_sprite.c). */
bool agx_nir_point_sprite(nir_shader *nir, unsigned tex_mask);
/* Moves uniform-only work of nir into a new preamble shader (NULL when
 * nothing is worth it) that stores its results with store_preamble to
 * uniform halves [0, *halves), *halves <= max_halves; nir reads them
 * with load_preamble.  uniforms_from_memory: the default uniform block
 * is read from memory, not pushed (loads from it cost instructions). */
nir_shader *agx_nir_opt_preamble(nir_shader *nir, void *mem_ctx,
                                 unsigned max_halves,
                                 bool uniforms_from_memory, unsigned *halves);

#endif
