/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The driver tests' submission traces: ASAHI_MESA_DEBUG=trace writes one
 * dump a submission into ASAHI_TRACE_DIR; every dump must decode with
 * agxdecode without a single problem.
 */
#ifndef ASAHI_TEST_TRACES_H
#define ASAHI_TEST_TRACES_H

/* Points ASAHI_TRACE_DIR at a new directory /tmp/asahi-<name>-test-<pid>.
 * Call before the first screen is made. */
void asahi_test_traces_setup(const char *name);

/* Decodes every dump in the trace directory and returns the number of
 * problems agxdecode reports (a dump that cannot be read counts as one);
 * *dumps receives how many dumps there were.  Dumps are removed after
 * decoding, unless ASAHI_TEST_KEEP_TRACES is set: then they stay and
 * their decoding goes to stderr (as it does for any dump with problems). */
unsigned asahi_test_decode_traces(unsigned *dumps);

/* Removes the (emptied) trace directory. */
void asahi_test_traces_teardown(void);

#endif
