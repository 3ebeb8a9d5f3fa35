/*
 * Semantic checks: entry point.  (Filled in by later steps.)
 */
#include "glsl_state.h"

void
glsl_check(struct glsl_parse_state *st)
{
   (void)st;
}
