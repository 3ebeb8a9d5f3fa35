/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Runner for golden instruction vectors (the .jsonl files in
 * ../shared/data/agx-isa; the schema is in that folder's README): one JSON
 * object per line with
 * the instruction bytes, the state before, and the expected state after
 * one instruction on a 32-lane SIMD group.
 */

#ifndef ASAHI_SIM_VECTORS_H
#define ASAHI_SIM_VECTORS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct asahi_sim_vector_stats {
   unsigned passed;
   unsigned failed;
   /* Lines without executable state (decode-only vectors). */
   unsigned skipped;
};

/*
 * Run one vector line.  Returns true if it passed (or was skipped, then
 * *skipped is set); else msg holds "<id>: <what differs>".
 */
bool asahi_sim_vector_run_line(const char *line, size_t len, bool *skipped,
                               char *msg, size_t msg_size);

/* The largest vector file read: 256 MiB. */
#define ASAHI_SIM_VECTOR_FILE_MAX_B ((size_t)256 << 20)

/*
 * Run every line of a file; print one line per failing vector to `report`
 * (may be NULL).  Returns 0, or an errno value when the file cannot be
 * read (EFBIG past ASAHI_SIM_VECTOR_FILE_MAX_B, EISDIR for a directory).
 */
int asahi_sim_vector_run_file(const char *path, FILE *report,
                              struct asahi_sim_vector_stats *stats);

#endif /* ASAHI_SIM_VECTORS_H */
