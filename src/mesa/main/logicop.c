/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Logical operations on colour buffers (GL 4.6 compatibility spec
 * section 17.3.11, table 17.5; desktop GL only): glLogicOp, and the
 * GL_COLOR_LOGIC_OP capability (raster.c) that the state tracker hands to
 * the driver as pipe_blend_state::logicop_enable / logicop_func.
 * GL_INDEX_LOGIC_OP (alias GL_LOGIC_OP) is kept as state only: there is
 * no colour index mode.
 */
#include "main/context.h"
#include "main/logicop.h"
#include "state_tracker/st_context.h"
#include "util/u_math.h"

/* Table 17.5's opcodes in GL enum order (GL_CLEAR 0x1500 .. GL_SET
 * 0x150F) and the pipe_logicop of each. */
static const uint8_t gl_to_pipe[16] = {
   PIPE_LOGICOP_CLEAR,         /* GL_CLEAR */
   PIPE_LOGICOP_AND,           /* GL_AND */
   PIPE_LOGICOP_AND_REVERSE,   /* GL_AND_REVERSE: s & ~d */
   PIPE_LOGICOP_COPY,          /* GL_COPY */
   PIPE_LOGICOP_AND_INVERTED,  /* GL_AND_INVERTED: ~s & d */
   PIPE_LOGICOP_NOOP,          /* GL_NOOP */
   PIPE_LOGICOP_XOR,           /* GL_XOR */
   PIPE_LOGICOP_OR,            /* GL_OR */
   PIPE_LOGICOP_NOR,           /* GL_NOR */
   PIPE_LOGICOP_EQUIV,         /* GL_EQUIV */
   PIPE_LOGICOP_INVERT,        /* GL_INVERT: ~d */
   PIPE_LOGICOP_OR_REVERSE,    /* GL_OR_REVERSE: s | ~d */
   PIPE_LOGICOP_COPY_INVERTED, /* GL_COPY_INVERTED: ~s */
   PIPE_LOGICOP_OR_INVERTED,   /* GL_OR_INVERTED: ~s | d */
   PIPE_LOGICOP_NAND,          /* GL_NAND */
   PIPE_LOGICOP_SET,           /* GL_SET */
};

static bool
is_logicop(GLenum opcode)
{
   return opcode >= GL_CLEAR && opcode < GL_CLEAR + ARRAY_SIZE(gl_to_pipe);
}

enum pipe_logicop
_mesa_logicop_to_pipe(GLenum opcode)
{
   return is_logicop(opcode) ? (enum pipe_logicop)gl_to_pipe[opcode -
                                                             GL_CLEAR]
                             : PIPE_LOGICOP_COPY;
}

void GLAPIENTRY
_mesa_LogicOp(GLenum opcode)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (_mesa_is_gles(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glLogicOp(not in ES)");
      return;
   }
   if (!is_logicop(opcode)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glLogicOp(opcode=0x%x)", opcode);
      return;
   }
   if (ctx->Color.LogicOp == opcode)
      return;
   ctx->Color.LogicOp = opcode;
   ctx->NewState |= ST_NEW_BLEND;
}
