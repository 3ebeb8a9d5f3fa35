/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The command executor: runs the hardware commands of the drm_asahi UAPI
 * (include/drm-uapi/asahi_drm.h) against GPU memory, with the USC
 * interpreter (asahi_sim.h) for every program.  The drm-shim
 * (src/asahi/drm-shim/asahi_sim.c) calls it for each SUBMIT; tests and tools
 * may call it directly with their own memory.
 *
 * What is executed, and how each hardware fact is read, is documented in
 * docs/simulator.rst ("Commands").  Nothing here aborts on bad input: a
 * command that faults, runs away or is malformed stops with a status and a
 * message in gpu->error, and the caller goes on with the next command.
 */

#ifndef ASAHI_SIM_GPU_H
#define ASAHI_SIM_GPU_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "asahi_sim.h"
#include "drm-uapi/asahi_drm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ASAHI_SIM_DEBUG flags (comma-separated names in the variable). */
enum asahi_sim_debug {
   ASAHI_SIM_DEBUG_TRACE = 1 << 0,   /* "trace": commands, packets, draws */
   ASAHI_SIM_DEBUG_FAULTS = 1 << 1,  /* "faults": print every failure */
   ASAHI_SIM_DEBUG_SHADERS = 1 << 2, /* "shaders": every instruction run */
   ASAHI_SIM_DEBUG_PNG = 1 << 3,     /* "png": render targets to PNG files */
   ASAHI_SIM_DEBUG_SYNC = 1 << 4,    /* "sync": drm-shim runs jobs inline */
   ASAHI_SIM_DEBUG_NOFAST = 1 << 5,  /* "nofast": without the shortcuts */
};

/* Parse the variable's value (NULL: 0) with util/u_debug.h's rules:
 * unknown names are reported and ignored, "help" lists the flags, "all"
 * sets every flag. */
uint32_t asahi_sim_debug_parse(const char *value);

/* Units of the time split of gpu->ns. */
enum asahi_sim_prof {
   /* The VDM phase: vertex shading, primitive assembly, clipping and the
    * set-up of each primitive's planes. */
   ASAHI_SIM_PROF_VERTEX,
   /* Coverage, depth and stencil tests, quad batching (the fragment phase
    * outside the fragment programs). */
   ASAHI_SIM_PROF_RASTER,
   /* Fragment programs. */
   ASAHI_SIM_PROF_FRAGMENT,
   /* Tile start and end: background and end-of-tile programs, depth and
    * stencil loads and stores. */
   ASAHI_SIM_PROF_TILE,
   ASAHI_SIM_PROF_COUNT,
};

enum asahi_sim_result {
   ASAHI_SIM_RESULT_OK = 0,
   /* A GPU page fault: gpu->fault says where. */
   ASAHI_SIM_RESULT_FAULT,
   /* A program ran past its instruction budget, or a control stream past
    * its packet budget: the command timed out. */
   ASAHI_SIM_RESULT_TIMEOUT,
   /* Something the simulator cannot execute (malformed or unsupported). */
   ASAHI_SIM_RESULT_ERROR,
};

const char *asahi_sim_result_string(enum asahi_sim_result result);

#define ASAHI_SIM_MAX_STACKS 64

struct asahi_sim_gpu {
   /* GPU memory: a host pointer to va and, in *avail, how many bytes from
    * there are mapped contiguously with the permission asked for; NULL when
    * va is not mapped so. */
   void *(*lookup)(void *user, uint64_t va, bool write, uint64_t *avail);
   void *user;

   /* The queue's usc_exec_base: every USC offset is relative to it. */
   uint64_t usc_base;

   uint32_t debug; /* enum asahi_sim_debug */
   FILE *log;      /* debug output; stderr when NULL */

   /* Shader loads from unmapped memory read zero, stores are dropped
    * (DRM_ASAHI_FEATURE_SOFT_FAULTS). */
   bool soft_faults;

   /* Instructions one program invocation may execute (0: the
    * interpreter's default). */
   uint64_t budget;

   /* Program invocations (vertices, pixels, compute threads) one command
    * may run before it fails with ASAHI_SIM_RESULT_TIMEOUT (0: 2^27), so
    * that an enormous draw cannot stall the caller for hours. */
   uint64_t work_limit;

   /* Results of the last command. */
   enum asahi_sim_result result;
   char error[256];
   bool faulted;
   struct asahi_sim_fault fault;

   /* Invocations of the current command (checked against work_limit). */
   uint64_t work;

   /* Counters, accumulated over commands. */
   uint64_t vertices, primitives, fragments, tiles, threads;
   /* SIMD groups run for the fragments of draws (several primitives'
    * quads may share one since wave 17). */
   uint64_t fragment_groups;
   /* Tiles whose background reload was a copy (asahi_sim_bg_copy.c). */
   uint64_t reload_copies;

   /* With profile set, render commands add the CPU time of the calling
    * thread (nanoseconds) each unit took to ns[] (the benchmark's
    * split). */
   bool profile;
   uint64_t ns[ASAHI_SIM_PROF_COUNT];

   /* Stack memory handed to the SIMD groups of the current command (one
    * per group object, reused while it lives; freed when the command
    * ends). */
   struct {
      const void *group;
      uint8_t *mem;
      size_t size_B;
   } stacks[ASAHI_SIM_MAX_STACKS];
   unsigned nr_stacks;

   /* Optional (NULL: every render command has its own): SIMD groups
    * kept from one render command to the next, so that their programs
    * are not decoded again (each decoding is checked against the code
    * bytes once per command).  Commands sharing a pool must not run at
    * the same time. */
   struct asahi_sim_group_pool *groups;
};

struct asahi_sim_group_pool *asahi_sim_group_pool_create(void);
void asahi_sim_group_pool_destroy(struct asahi_sim_group_pool *pool);

/* Execute one render command.  Returns gpu->result. */
enum asahi_sim_result
asahi_sim_execute_render(struct asahi_sim_gpu *gpu,
                         const struct drm_asahi_cmd_render *cmd);

/* Execute one compute command (its CDM control stream). */
enum asahi_sim_result
asahi_sim_execute_compute(struct asahi_sim_gpu *gpu,
                          const struct drm_asahi_cmd_compute *cmd);

#ifdef __cplusplus
}
#endif

#endif /* ASAHI_SIM_GPU_H */
