/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Running an agxdecode dump file through the command executor. */

#ifndef ASAHI_SIM_REPLAY_H
#define ASAHI_SIM_REPLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "asahi_sim_gpu.h"

struct asahi_sim_replay_result {
   unsigned commands, failed;
   uint64_t vertices, primitives, fragments, threads;
   char error[320]; /* the first failure */
};

/* Replay the dump held in dump_bytes; true when every command ran. */
bool asahi_sim_replay(const void *dump_bytes, size_t size, uint32_t debug,
                      struct asahi_sim_replay_result *res);

#endif
