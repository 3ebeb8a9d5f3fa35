# The NIR intrinsic table: every operation that is not pure arithmetic
# (memory, I/O, system values, control such as discard and barriers).
#
# src_components: one entry per source; 0 means "the instruction's
# num_components", a positive number is fixed.  dest_components: None for
# no destination, 0 for num_components, else fixed.  indices name the
# constant indices the intrinsic carries (see INDICES).  Flags:
#   CAN_ELIMINATE  no side effects: delete it when the result is unused;
#   CAN_REORDER    also reads nothing that can change: CSE may merge it and
#                  code motion may move it.
# bit_sizes: allowed destination bit sizes (empty: any).

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
]

CAN_ELIMINATE = 'NIR_INTRINSIC_CAN_ELIMINATE'
CAN_REORDER = 'NIR_INTRINSIC_CAN_REORDER'


class Intrinsic(object):
   def __init__(self, name, src_components, dest_components, indices, flags,
                bit_sizes, sysval):
      self.name = name
      self.src_components = src_components
      self.dest_components = dest_components
      self.indices = indices
      self.flags = flags
      self.bit_sizes = bit_sizes
      self.sysval = sysval


intrinsics = {}


def intrinsic(name, src_comp=[], dest_comp=None, indices=[], flags=[],
              bit_sizes=[], sysval=False):
   assert name not in intrinsics, name
   for i in indices:
      assert i in [n for n, _, _ in INDICES], i
   intrinsics[name] = Intrinsic(name, src_comp, dest_comp, indices, flags,
                                bit_sizes, sysval)


# ---- variables through derefs -------------------------------------------
intrinsic('load_deref', [-1], 0, ['access'], [CAN_ELIMINATE])
intrinsic('store_deref', [-1, 0], None, ['write_mask', 'access'])
intrinsic('copy_deref', [-1, -1], None, ['access'])

# ---- shader I/O after nir_lower_io --------------------------------------
intrinsic('load_input', [1], 0, ['base', 'component', 'location', 'dest_type'],
          [CAN_ELIMINATE, CAN_REORDER])
intrinsic('store_output', [0, 1], None,
          ['base', 'write_mask', 'component', 'location', 'src_type'])
intrinsic('load_uniform', [1], 0, ['base', 'range', 'dest_type'],
          [CAN_ELIMINATE, CAN_REORDER])

# ---- buffer, shared, scratch and global memory --------------------------
intrinsic('load_ubo', [1, 1], 0, ['access', 'align_mul', 'range'],
          [CAN_ELIMINATE, CAN_REORDER])
intrinsic('load_ssbo', [1, 1], 0, ['access', 'align_mul'], [CAN_ELIMINATE])
intrinsic('store_ssbo', [0, 1, 1], None, ['write_mask', 'access', 'align_mul'])
intrinsic('ssbo_atomic', [1, 1, 1], 1, ['atomic_op', 'access'])
intrinsic('ssbo_atomic_swap', [1, 1, 1, 1], 1, ['atomic_op', 'access'])
intrinsic('load_shared', [1], 0, ['base', 'align_mul'], [CAN_ELIMINATE])
intrinsic('store_shared', [0, 1], None, ['base', 'write_mask', 'align_mul'])
intrinsic('shared_atomic', [1, 1], 1, ['base', 'atomic_op'])
intrinsic('load_scratch', [1], 0, ['base', 'align_mul'], [CAN_ELIMINATE])
intrinsic('store_scratch', [0, 1], None, ['base', 'write_mask', 'align_mul'])
intrinsic('load_global', [1], 0, ['access', 'align_mul'], [CAN_ELIMINATE])
intrinsic('store_global', [0, 1], None, ['write_mask', 'access', 'align_mul'])

# ---- images through derefs ----------------------------------------------
# Sources: image deref, coordinate (vec4), sample index, [value], lod.
intrinsic('image_deref_load', [-1, 4, 1, 1], 0,
          ['image_dim', 'image_array', 'dest_type', 'access'], [CAN_ELIMINATE])
intrinsic('image_deref_store', [-1, 4, 1, 0, 1], None,
          ['image_dim', 'image_array', 'src_type', 'access'])
intrinsic('image_deref_size', [-1, 1], 0, ['image_dim', 'image_array'],
          [CAN_ELIMINATE, CAN_REORDER])

# ---- control ------------------------------------------------------------
intrinsic('discard')
intrinsic('discard_if', [1])
intrinsic('barrier')

# ---- system values (nir_lower_system_values turns variables into these) -
def sysval(name, comps, bit_sizes=[32]):
   intrinsic('load_' + name, [], comps, [], [CAN_ELIMINATE, CAN_REORDER],
             bit_sizes, sysval=True)

sysval('vertex_id', 1)
sysval('vertex_id_zero_base', 1)
sysval('base_vertex', 1)
sysval('instance_id', 1)
sysval('base_instance', 1)
sysval('frag_coord', 4)
sysval('front_face', 1, [1, 32])
sysval('sample_id', 1)
sysval('sample_pos', 2)
sysval('point_coord', 2)
sysval('helper_invocation', 1, [1])
sysval('local_invocation_id', 3)
sysval('local_invocation_index', 1)
sysval('workgroup_id', 3)
sysval('num_workgroups', 3)
sysval('workgroup_size', 3)
sysval('global_invocation_id', 3)
