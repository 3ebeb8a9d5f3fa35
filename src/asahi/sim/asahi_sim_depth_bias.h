/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Depth bias (polygon offset) of one triangle, from an entry of the render
 * command's isp_dbias_base array (genxml `depth bias`).  The offset follows
 * the GL rule (GL 4.6 section 14.6.5, ES 3.0.6 section 3.6.2):
 *
 *    o = m * slope_scale + r * constant, then clamped by `clamp`
 *
 * with m the triangle's largest depth slope and r the minimum resolvable
 * difference of the depth format.  How the hardware computes m and r is not
 * documented; the choices made here are listed in docs/simulator.rst.
 */

#ifndef ASAHI_SIM_DEPTH_BIAS_H
#define ASAHI_SIM_DEPTH_BIAS_H

#include <stdbool.h>

/*
 * The offset to add to the window depth of a triangle whose depth plane is
 * z = dzdx * x + dzdy * y + c and whose vertices have window depths z[3].
 * z16: the depth buffer is unorm16 (else float32).
 */
double asahi_sim_depth_bias(float constant, float slope_scale, float clamp,
                            double dzdx, double dzdy, const double z[3],
                            bool z16);

#endif
