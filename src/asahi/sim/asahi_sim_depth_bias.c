/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

#include "asahi_sim_depth_bias.h"

#include <math.h>

/* r for a float32 depth buffer: 2^(e - 23), e the exponent of the largest
 * vertex depth (GL 4.6 section 14.6.5).  Zero depths use the smallest
 * normal exponent. */
static double
float_resolvable(const double z[3])
{
   double zmax = 0;
   for (unsigned i = 0; i < 3; i++) {
      double a = fabs(z[i]);
      zmax = a > zmax ? a : zmax;
   }
   int e = -126;
   if (zmax > 0 && isfinite(zmax)) {
      int fe;
      frexp(zmax, &fe); /* zmax = f * 2^fe, f in [0.5, 1) */
      e = fe - 1 > -126 ? fe - 1 : -126;
   }
   return ldexp(1.0, e - 23);
}

double
asahi_sim_depth_bias(float constant, float slope_scale, float clamp,
                     double dzdx, double dzdy, const double z[3], bool z16)
{
   /* The largest slope: GL allows max(|dz/dx|, |dz/dy|) in place of the
    * gradient's length. */
   double m = fabs(dzdx) > fabs(dzdy) ? fabs(dzdx) : fabs(dzdy);
   double r = z16 ? 1.0 / 65535.0 : float_resolvable(z);
   double o = m * slope_scale + r * constant;
   if (!isfinite(o))
      return 0;
   /* EXT_polygon_offset_clamp: a positive clamp bounds the offset from
    * above, a negative one from below, zero (or NaN) does nothing. */
   if (clamp > 0 && o > clamp)
      o = clamp;
   else if (clamp < 0 && o < clamp)
      o = clamp;
   return o;
}
