# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
# The NIR intrinsic table: every operation that is not pure arithmetic
# (memory, I/O, system values, control such as discard and barriers).
#
# Each intrinsic is a row (name, shape, indices, behaviour).
#
# shape is "SOURCES -> RESULT" with the sources separated by commas; a
# shape without "->" has no result.  A source or result is written
#   n      as many components as the instruction's num_components
#   1..16  that fixed number of components
#   deref  (sources only) the result of a deref instruction
# and a result may end in "@32" or "@1|32" to restrict its bit size
# (default: any).
#
# indices: space-separated names from INDICES, the constant indices the
# intrinsic carries.
#
# behaviour:
#   ''           side effects: never deleted or moved;
#   'eliminable' no side effects: delete it when the result is unused;
#   'pure'       eliminable and reads nothing that can change: CSE may
#                merge it and code motion may move it.
import re

# Constant index name -> C type of its value and a short description.
INDICES = [
   ('base', 'int', 'base offset or driver location'),
   ('component', 'unsigned', 'first component of a vec4 I/O slot'),
   ('range', 'unsigned', 'size in bytes of the range the access stays in'),
   ('write_mask', 'unsigned', 'components written by a store'),
   ('align_mul', 'unsigned', 'alignment the offset is known to have'),
   ('access', 'unsigned', 'ACCESS_* qualifiers'),
   ('atomic_op', 'unsigned', 'nir_atomic_op of an atomic'),
   ('location', 'int', 'varying slot / fragment result / vertex attrib'),
   ('dest_type', 'nir_alu_type', 'type of a loaded value'),
   ('src_type', 'nir_alu_type', 'type of a stored value'),
   ('image_dim', 'unsigned', 'nir_sampler_dim of an image'),
   ('image_array', 'unsigned', 'the image is an array'),
   ('stream_id', 'unsigned', 'vertex stream of a geometry-shader emit'),
   ('interp_at', 'unsigned', 'nir_interp_at: where an input is interpolated'),
]

BEHAVIOUR_FLAGS = {
   '': [],
   'eliminable': ['NIR_INTRINSIC_CAN_ELIMINATE'],
   'pure': ['NIR_INTRINSIC_CAN_ELIMINATE', 'NIR_INTRINSIC_CAN_REORDER'],
}
INDEX_NAMES = [n for n, _, _ in INDICES]


class Intrinsic(object):
   """One parsed row.  Source/result widths are None for "n" (follows
   num_components) and 'deref' for a deref source."""

   _RESULT = re.compile(r'^(n|\d+)(?:@([\d|]+))?$')

   def __init__(self, name, shape, indices, behaviour, sysval):
      self.name = name
      srcs, arrow, result = shape.partition('->')
      self.srcs = [self._width(t) for t in srcs.split(',') if t.strip()]
      self.has_result = bool(arrow)
      self.result = None
      self.bit_sizes = []
      if arrow:
         m = self._RESULT.match(result.strip())
         assert m, '%s: bad result %r' % (name, result)
         self.result = self._width(m.group(1))
         if m.group(2):
            self.bit_sizes = [int(b) for b in m.group(2).split('|')]
      self.indices = indices.split()
      for i in self.indices:
         assert i in INDEX_NAMES, '%s: unknown index %s' % (name, i)
      self.flags = BEHAVIOUR_FLAGS[behaviour]
      self.sysval = sysval

   @staticmethod
   def _width(text):
      text = text.strip()
      if text in ('n', 'deref'):
         return None if text == 'n' else 'deref'
      assert text.isdigit() and 1 <= int(text) <= 16, text
      return int(text)


ROWS = [
   # variables through derefs
   ('load_deref', 'deref -> n', 'access', 'eliminable'),
   ('store_deref', 'deref, n', 'write_mask access', ''),
   ('copy_deref', 'deref, deref', 'access', ''),

   # shader I/O after nir_lower_io (source: offset in slots)
   ('load_input', '1 -> n', 'base component location dest_type', 'pure'),
   ('store_output', 'n, 1', 'base write_mask component location src_type',
    ''),
   ('load_uniform', '1 -> n', 'base range dest_type', 'pure'),
   # geometry (and tessellation) inputs of one vertex of the input
   # primitive.  Sources: vertex index within the primitive, offset in
   # slots.
   ('load_per_vertex_input', '1, 1 -> n',
    'base component location dest_type', 'pure'),
   # interpolateAtCentroid/Sample/Offset (GLSL 4.00 8.13.2): a fragment
   # input interpolated at the point interp_at names; the second source
   # is the sample index (.x, an int) or the offset from the pixel centre
   # (a vec2), unused for the centroid.  The deref form is what GLSL to
   # NIR makes, nir_lower_io turns it into load_input_at (first source:
   # the offset in slots, as load_input's).
   ('interp_deref_at', 'deref, 2 -> n', 'interp_at', 'pure'),
   ('load_input_at', '1, 2 -> n',
    'base component location dest_type interp_at', 'pure'),

   # buffer, shared, scratch and global memory
   ('load_ubo', '1, 1 -> n', 'access align_mul range', 'pure'),
   ('load_ssbo', '1, 1 -> n', 'access align_mul', 'eliminable'),
   ('store_ssbo', 'n, 1, 1', 'write_mask access align_mul', ''),
   ('ssbo_atomic', '1, 1, 1 -> 1', 'atomic_op access', ''),
   ('ssbo_atomic_swap', '1, 1, 1, 1 -> 1', 'atomic_op access', ''),
   # Size in bytes of the storage buffer bound at the source's binding
   # point (what .length() of an unsized last member is computed from).
   ('get_ssbo_size', '1 -> 1@32', 'access', 'pure'),
   ('load_shared', '1 -> n', 'base align_mul', 'eliminable'),
   ('store_shared', 'n, 1', 'base write_mask align_mul', ''),
   ('shared_atomic', '1, 1 -> 1', 'base atomic_op', ''),
   ('shared_atomic_swap', '1, 1, 1 -> 1', 'base atomic_op', ''),
   ('load_scratch', '1 -> n', 'base align_mul', 'eliminable'),
   ('store_scratch', 'n, 1', 'base write_mask align_mul', ''),
   ('load_global', '1 -> n', 'access align_mul', 'eliminable'),
   ('store_global', 'n, 1', 'write_mask access align_mul', ''),

   # images through derefs.  Sources: image, coordinate (vec4), sample
   # index, [value], lod.
   ('image_deref_load', 'deref, 4, 1, 1 -> n',
    'image_dim image_array dest_type access', 'eliminable'),
   ('image_deref_store', 'deref, 4, 1, n, 1',
    'image_dim image_array src_type access', ''),
   ('image_deref_size', 'deref, 1 -> n', 'image_dim image_array', 'pure'),
   # imageSamples(): the sample count of a multisample image
   ('image_deref_samples', 'deref -> 1', 'image_dim image_array', 'pure'),
   # imageAtomic*(): sources image, coordinate (vec4), sample index,
   # data [, data to compare with for the swap]; the result is the
   # texel's value before (32-bit integer formats).
   ('image_deref_atomic', 'deref, 4, 1, 1 -> 1',
    'image_dim image_array atomic_op access', ''),
   ('image_deref_atomic_swap', 'deref, 4, 1, 1, 1 -> 1',
    'image_dim image_array atomic_op access', ''),

   # control
   ('discard', '', '', ''),
   ('discard_if', '1', '', ''),
   # barrier: every invocation of the workgroup reaches it before any
   # goes on, and their earlier memory writes are visible after it
   # (GLSL barrier()).  memory_barrier: only the ordering of this
   # invocation's memory accesses (GLSL memoryBarrier*()).
   ('barrier', '', '', ''),
   ('memory_barrier', '', '', ''),
   # geometry shaders: EmitStreamVertex(stream_id) makes a vertex of the
   # current output values (which are undefined afterwards),
   # EndStreamPrimitive(stream_id) ends the current output strip.
   ('emit_vertex', '', 'stream_id', ''),
   ('end_primitive', '', 'stream_id', ''),
   # ARB_shader_group_vote (GLSL 4.60 8.19): whether the boolean source
   # is true in any / in all of the invocations of the implementation-
   # defined group running together (on AGX a SIMD group) that are active
   # at this point; every one of them gets the same result.  Not
   # reorderable: moving one into or out of control flow changes who
   # votes.
   ('vote_any', '1 -> 1@1', '', 'eliminable'),
   ('vote_all', '1 -> 1@1', '', 'eliminable'),

   # AGX backend (src/asahi/compiler/agx_nir_lower_xfb.c): a 32-bit
   # system value of the driver (base: enum agx_sysval), and a store of
   # 32-bit words to transform feedback buffer `base` at a word offset
   # (sources: value, offset in words from the buffer's current start).
   ('load_sysval_agx', '-> 1@32', 'base', 'pure'),
   ('store_xfb_agx', 'n, 1', 'base write_mask', ''),
   # Preambles (src/asahi/compiler/agx_nir_opt_preamble.c): the once-per-
   # draw program stores a 32-bit scalar to preamble slot `base` (in
   # 16-bit uniform halves from the start of the preamble's storage); the
   # main program reads it back.
   ('store_preamble', '1', 'base', ''),
   ('load_preamble', '-> 1', 'base', 'pure'),
   # AGX backend (agx_nir_lower_image.c): an image_write through the PBE
   # descriptor in texture state register `base`, of a 2D image or 2D
   # array (image_array); sources: integer coordinate (x, y, layer, 0),
   # the four channel values.
   ('image_store_agx', '4, n', 'base image_array', ''),
   # AGX backend (agx_nir_lower_image.c): imageAtomic* as an atomic on
   # 32-bit word `offset` (source 0) from the texel addressing record of
   # image `base` (AGX_PUSH_IMAGE_ATOMIC), with data [, comparand's
   # partner]; load_image_info_agx reads word `component` of that record.
   ('image_atomic_agx', '1, 1 -> 1', 'base atomic_op', ''),
   ('image_atomic_swap_agx', '1, 1, 1 -> 1', 'base atomic_op', ''),
   ('load_image_info_agx', '-> 1@32', 'base component', 'pure'),
]

# System values: load_<name>, no sources, always 'pure'.
# nir_lower_system_values turns system-value variables into these.
SYSTEM_VALUES = [
   ('vertex_id', '1@32'),
   ('vertex_id_zero_base', '1@32'),
   ('base_vertex', '1@32'),
   ('instance_id', '1@32'),
   ('base_instance', '1@32'),
   ('frag_coord', '4@32'),
   ('front_face', '1@1|32'),
   ('sample_id', '1@32'),
   ('sample_pos', '2@32'),
   ('point_coord', '2@32'),
   ('helper_invocation', '1@1'),
   ('local_invocation_id', '3@32'),
   ('local_invocation_index', '1@32'),
   ('workgroup_id', '3@32'),
   ('num_workgroups', '3@32'),
   ('workgroup_size', '3@32'),
   ('global_invocation_id', '3@32'),
   # gl_PrimitiveIDIn (geometry), gl_PrimitiveID (fragment, no geometry
   # stage), gl_InvocationID (geometry instancing).
   ('primitive_id', '1@32'),
   ('invocation_id', '1@32'),
   # ARB_sample_shading / GLSL 4.00: gl_SampleMaskIn[0] (covered samples)
   # and gl_NumSamples (samples of the framebuffer, 1 when single
   # sampled; GLSL 4.50 7.3).
   ('sample_mask_in', '1@32'),
   ('num_samples', '1@32'),
]

intrinsics = {}


def _add(name, shape, indices, behaviour, sysval=False):
   assert name not in intrinsics, name
   intrinsics[name] = Intrinsic(name, shape, indices, behaviour, sysval)


for row in ROWS:
   _add(*row)
for name, result in SYSTEM_VALUES:
   _add('load_' + name, '-> ' + result, '', 'pure', sysval=True)
