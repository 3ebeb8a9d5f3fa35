/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The lines both line stipple programs draw (desktop_line_stipple without
 * a program, desktop_line_stipple_program with one) in a 40 x 16 window,
 * vertices at pixel centres, and the pixels the GL 2.1 section 3.4.2 rule
 * keeps on or off (each file says why).
 */
#ifndef E2E_LINE_STIPPLE_H
#define E2E_LINE_STIPPLE_H

#include <stdbool.h>
#include <stdint.h>

#include "e2e_gl.h"

#define E2E_STIPPLE_W 40
#define E2E_STIPPLE_H 16

/* pattern 0xffff; then 0x0f0f for lines, strip and loop; then factor 2,
 * 0x0003; then stipple off */
static const int e2e_stipple_top[][2] = {{0, 15}, {16, 15}};
static const int e2e_stipple_lines[][2] = {{0, 0}, {16, 0}, {20, 0}, {36, 0}};
static const int e2e_stipple_strip[][2] = {{0, 2}, {5, 2}, {12, 2}};
static const int e2e_stipple_loop[][2] = {{20, 8}, {30, 8}, {30, 14}, {20, 14}};
static const int e2e_stipple_factor2[][2] = {{0, 4}, {39, 4}};
static const int e2e_stipple_solid[][2] = {{0, 6}, {16, 6}};

/* Pixels (x, y) expected on or off. */
struct e2e_stipple_probe {
   int x, y;
   bool on;
   const char *what;
};

static const struct e2e_stipple_probe e2e_stipple_probes[] = {
   {13, 15, true, "pattern 0xffff: all on"},
   {0, 0, true, "lines: s 0"},
   {3, 0, true, "lines: s 3"},
   {4, 0, false, "lines: s 4"},
   {7, 0, false, "lines: s 7"},
   {9, 0, true, "lines: s 9"},
   {13, 0, false, "lines: s 13"},
   {20, 0, true, "lines: the second segment restarts (s 0)"},
   {24, 0, false, "lines: second segment s 4"},
   {29, 0, true, "lines: second segment s 9"},
   {2, 2, true, "strip: s 2"},
   {6, 2, false, "strip: s 6 (second segment)"},
   {9, 2, true, "strip: s 9, the counter goes on at a vertex"},
   {11, 2, true, "strip: s 11"},
   {1, 4, true, "factor 2: s 1"},
   {3, 4, true, "factor 2: s 3"},
   {4, 4, false, "factor 2: s 4"},
   {20, 4, false, "factor 2: s 20"},
   {33, 4, true, "factor 2: s 33 (bit 16 mod 16)"},
   {36, 4, false, "factor 2: s 36"},
   {25, 8, false, "loop bottom: s 5"},
   {28, 8, true, "loop bottom: s 8"},
   {30, 9, true, "loop right: s 11"},
   {30, 10, false, "loop right: s 12"},
   {30, 12, false, "loop right: s 14"},
   {27, 14, true, "loop top: s 19"},
   {26, 14, false, "loop top: s 20"},
   {22, 14, true, "loop top: s 24"},
   {20, 13, true, "loop closing edge: s 27"},
   {20, 12, false, "loop closing edge: s 28"},
   {20, 10, false, "loop closing edge: s 30"},
   {5, 6, true, "stipple disabled: solid"},
   {13, 6, true, "stipple disabled: solid"},
};

/* Every probe of pixels (the window read as RGBA bytes) against the
 * colours on and off. */
static inline bool
e2e_stipple_check(const uint8_t *pixels, const uint8_t on[4],
                  const uint8_t off[4], bool quiet)
{
   bool ok = true;
   unsigned n = sizeof(e2e_stipple_probes) / sizeof(e2e_stipple_probes[0]);
   for (unsigned i = 0; i < n; i++) {
      const struct e2e_stipple_probe *p = &e2e_stipple_probes[i];
      ok &= e2e_gl_probe(pixels, E2E_STIPPLE_W, p->x, p->y, p->on ? on : off, 0,
                         p->what, quiet);
   }
   return ok;
}

#endif
