#!/usr/bin/env python3
# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
"""asahi-compiler as a user runs it: --help, a .shader_test compiled to
disassembly and statistics, -o output, and clear errors (non-zero exit, no
crash) for bad input.  Usage: asahi_compiler_test.py TOOL DATA_DIR"""

import os
import subprocess
import sys
import tempfile


# The head of the geometry shader programs below: passthrough vertex
# shader, triangles in, strips of three vertices out.
GS_HEAD = """[require]
GLSL >= 1.50

[vertex shader passthrough]

[geometry shader]
#version 150
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
"""

GS_TEST = GS_HEAD + """out vec4 color;
void main()
{
   for (int i = 0; i < 3; i++) {
      gl_Position = gl_in[i].gl_Position;
      color = vec4(float(i) / 2.0, 0.0, 1.0, 1.0);
      EmitVertex();
   }
}

[fragment shader]
#version 150
in vec4 color;
out vec4 frag;
void main()
{
   frag = color;
}
"""

# Since wave 16: a geometry shader storing 30 constant vectors at each of
# its three emits (as piglit's gs-fs-max-in-out-components does): the
# constants are moved again where they are stored, not spilled (it
# spilled 17:30 before).
GS_CONSTANTS = GS_HEAD + """flat out ivec4 words[30];
void main()
{
   for (int v = 0; v < 3; v++) {
      gl_Position = gl_in[v].gl_Position;
      for (int j = 0; j < 30; j++)
         words[j] = ivec4(0, 1, 2, 3) + 4 * j;
      EmitVertex();
   }
}

[fragment shader]
#version 150
flat in ivec4 words[30];
out vec4 o;
void main()
{
   ivec4 s = ivec4(0);
   for (int j = 0; j < 30; j++)
      s += words[j];
   o = vec4(s) / 2000.0;
}
"""

# An output array written at a run-time index goes straight to memory
# (agx_nir_lower_gs.c): a vec4 element is one device_store of four
# words, not four of one (21 rows a vertex, three vertices; 255 scalar
# stores before, now the three index-list entries alone).
GS_INDEXED = GS_HEAD + """uniform int k;
out vec4 rows[20];
void main()
{
   for (int v = 0; v < 3; v++) {
      gl_Position = gl_in[v].gl_Position;
      for (int j = 0; j < 20; j++)
         rows[j] = vec4(0.5, 0.25, 0.125, 1.0) * float(j + 1);
      rows[k] = vec4(-1.0);
      EmitVertex();
   }
}

[fragment shader]
#version 150
in vec4 rows[20];
out vec4 o;
void main()
{
   vec4 s = vec4(0.0);
   for (int j = 0; j < 20; j++)
      s += rows[j];
   o = s / 200.0;
}
"""

# An array of arrays of images indexed at run time at both levels: an
# if-chain a level, one image_write per element (4).
AOA_IMAGES = """#version 330
#extension GL_ARB_shader_image_load_store : require
#extension GL_ARB_arrays_of_arrays : require
uniform int n, m;
writeonly uniform image2D tex[2][2];
out vec4 o;
void main()
{
   imageStore(tex[n][m], ivec2(gl_FragCoord.xy), vec4(1.0));
   o = vec4(0.0);
}
"""

# Gathers: channel 1 (gather_g), a shadow gather (gather_r with its
# reference) and textureGatherOffsets as four gathers of channel 2
# (gather_b): six texture_sample gathers.
GATHERS = """#version 150
#extension GL_ARB_gpu_shader5 : require
uniform sampler2D s;
uniform sampler2DShadow ss;
in vec2 uv;
out vec4 o;
void main()
{
   const ivec2 offs[4] = ivec2[4](ivec2(0), ivec2(1), ivec2(2), ivec2(3));
   o = textureGather(s, uv, 1) + textureGather(ss, uv, 0.5) +
       textureGatherOffsets(s, uv, offs, 2);
}
"""


# The [require] section's comment names another version: only the GLSL
# line counts, so this is desktop GLSL 1.10 with gl_Vertex (as piglit's
# glsl-1.10/execution/glsl-vs-post-increment-01.shader_test).
REQUIRE_COMMENT = """[require]
# Once gl_Vertex is replaced this test will work with
# GLSL ES 1.00 as well.
GLSL >= 1.10

[vertex shader]
void main()
{
   gl_Position = gl_Vertex;
}

[fragment shader]
void main()
{
   gl_FragColor = vec4(0.0, 1.0, 0.0, 1.0);
}
"""


# A compute-only program (as piglit's
# glsl-1.50/execution/out-of-ssa-DFS-pre-order.shader_test): its
# [compute shader] section is compiled, not skipped.
COMPUTE_TEST = """[require]
GLSL >= 1.50
GL_ARB_compute_shader
GL_ARB_shader_storage_buffer_object

[compute shader]
#version 150
#extension GL_ARB_compute_shader: require
#extension GL_ARB_shader_storage_buffer_object: require
layout(local_size_x = 4) in;
layout(binding = 0) buffer Result { uint result[]; };
void main()
{
   result[gl_GlobalInvocationID.x] = gl_GlobalInvocationID.x * 3u;
}

[test]
compute 1 1 1
"""


def write(path, text):
    with open(path, 'w') as f:
        f.write(text)
    return path


def run(tool, *args):
    return subprocess.run([tool, *args], capture_output=True, text=True,
                          timeout=60)


def bench_one(tool, folder, shaders):
    """--bench over a folder holding one program of `shaders` shaders"""
    r = run(tool, '--bench', folder)
    ok = (r.returncode == 0 and r.stdout.startswith('1 programs (0 failed')
          and ('%d shaders' % shaders) in r.stdout)
    return ok, r.stdout


def main(tool, data):
    failures = []

    def expect(cond, what):
        if not cond:
            failures.append(what)

    r = run(tool, '--help')
    expect(r.returncode == 0 and '--disasm' in r.stdout, '--help')

    test = os.path.join(data, 'triangle.shader_test')
    r = run(tool, '--stats', '--disasm', test)
    expect(r.returncode == 0, 'compile triangle: %s' % r.stderr)
    expect('st_var_final' in r.stdout, 'vertex shader ends its outputs')
    expect('st_tile' in r.stdout, 'fragment shader writes the tilebuffer')
    stats = [l for l in r.stdout.splitlines() if l.startswith('SHADER-DB:')]
    expect(len(stats) == 2, 'one SHADER-DB line per stage')
    for l in stats:
        expect(' inst, ' in l and l.endswith('spills:fills'),
               'SHADER-DB format: ' + l)

    r = run(tool, '--bench', data)
    expect(r.returncode == 0 and r.stdout.startswith('1 programs (0 failed') and
           '2 shaders' in r.stdout and 'ms per shader' in r.stdout,
           '--bench totals: %r' % r.stdout)
    # every pass has its row, up to the last one ("free": the 17th name,
    # which a table of 16 entries used to drop)
    rows = [l.split()[0] for l in r.stdout.splitlines() if l.startswith('  ')]
    for name in ('isel', 'schedule', 'ra', 'pack', 'free', 'total'):
        expect(name in rows, '--bench prints the time of %s: %r' %
               (name, r.stdout))

    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, 'bin')
        r = run(tool, '-o', out, test)
        expect(r.returncode == 0 and os.path.getsize(out + '.vs') % 256 == 0
               and os.path.getsize(out + '.fs') > 0, '-o writes code')

        bad = os.path.join(tmp, 'bad.frag')
        with open(bad, 'w') as f:
            f.write('void main() { gl_FragColor = undeclared; }\n')
        r = run(tool, bad)
        expect(r.returncode == 1 and 'undeclared' in r.stderr,
               'compile error reported: %r' % r.stderr)

        # A geometry shader between the two: linked with both (the FS
        # reads what only the GS writes) and compiled as the driver runs
        # it, two programs shown as stage geometry.
        gs_dir = os.path.join(tmp, 'gs')
        os.mkdir(gs_dir)
        gs_test = os.path.join(gs_dir, 'gs.shader_test')
        with open(gs_test, 'w') as f:
            f.write(GS_TEST)
        r = run(tool, '--stats', '--disasm', gs_test)
        stats = [l for l in r.stdout.splitlines()
                 if l.startswith('SHADER-DB:')]
        expect(r.returncode == 0 and len(stats) == 4 and
               sum(' geometry shader: ' in l for l in stats) == 2,
               'geometry shader program: %r %r' % (stats, r.stderr))
        expect('st_var_final' in r.stdout, 'passthrough VS ends outputs')
        ok, text = bench_one(tool, gs_dir, 4)
        expect(ok, '--bench with a GS: %r' % text)
        out = os.path.join(tmp, 'gsbin')
        r = run(tool, '-o', out, gs_test)
        expect(r.returncode == 0 and
               all(os.path.exists(out + e) and os.path.getsize(out + e) > 0
                   for e in ('.gs', '.gs-vs')), '-o writes the GS')
        geom = os.path.join(tmp, 'only.geom')
        with open(geom, 'w') as f:
            f.write(GS_TEST.split('[geometry shader]\n')[1]
                    .split('[fragment shader]')[0])
        r = run(tool, '--stats', geom)
        expect(r.returncode == 1 and 'no vertex shader' in r.stderr,
               'a lone .geom is a link error: %r' % r.stderr)

        consts = write(os.path.join(tmp, 'consts.shader_test'),
                       GS_CONSTANTS)
        r = run(tool, '--stats', consts)
        stats = [l for l in r.stdout.splitlines()
                 if ' geometry shader: ' in l]
        expect(r.returncode == 0 and len(stats) == 2 and
               all(l.endswith(' 0:0 spills:fills') for l in stats),
               'GS constants without spilling: %r %r' % (stats, r.stderr))
        # since wave 17 (agx_opt_remat_constants.c): each emit moves the
        # constants it stores again, so about one vector is live at a
        # time (at most 104 halves: every thread, the occupancy table of
        # alexvorxx/Mesa-VirGL src/asahi/compiler/agx_performance.c); all
        # 30 stay live across the emits otherwise (384 threads)
        expect(all(' 1024 threads,' in l for l in stats),
               'GS constants keep every thread: %r' % stats)
        indexed = write(os.path.join(tmp, 'indexed.shader_test'),
                        GS_INDEXED)
        r = run(tool, '--disasm', indexed)
        stores = [l for l in r.stdout.splitlines() if 'device_store' in l]
        expect(r.returncode == 0 and
               sum(', i32, x, ' in l for l in stores) == 3 and
               sum(', i32, xyzw, ' in l for l in stores) >= 63,
               'GS indexed rows as vectors: %r %r' % (stores, r.stderr))

        aoa = write(os.path.join(tmp, 'aoa.frag'), AOA_IMAGES)
        r = run(tool, '--disasm', aoa)
        expect(r.returncode == 0 and r.stdout.count('image_write') == 4,
               'arrays of arrays of images: %r' % r.stderr)
        gathers = write(os.path.join(tmp, 'gathers.frag'), GATHERS)
        r = run(tool, '--disasm', gathers)
        lines = [l for l in r.stdout.splitlines() if 'texture_sample' in l]
        expect(r.returncode == 0 and len(lines) == 6 and
               sum('gather_g' in l for l in lines) == 1 and
               sum('gather_b' in l for l in lines) == 4 and
               sum('gather_r' in l for l in lines) == 1,
               'gathers: %r %r' % (lines, r.stderr))

        req = write(os.path.join(tmp, 'require.shader_test'), REQUIRE_COMMENT)
        r = run(tool, '--stats', req)
        expect(r.returncode == 0 and r.stdout.count('SHADER-DB:') == 2,
               '[require] comment is not the version: %r' % r.stderr)

        cs_dir = os.path.join(tmp, 'cs')
        os.mkdir(cs_dir)
        cs = write(os.path.join(cs_dir, 'cs.shader_test'), COMPUTE_TEST)
        r = run(tool, '--stats', '--disasm', cs)
        expect(r.returncode == 0 and ' compute shader: ' in r.stdout and
               'device_store' in r.stdout,
               'compute shader_test: %r %r' % (r.stdout, r.stderr))
        ok, text = bench_one(tool, cs_dir, 1)
        expect(ok, '--bench with a CS: %r' % text)
        out = os.path.join(tmp, 'csbin')
        r = run(tool, '-o', out, cs)
        expect(r.returncode == 0 and os.path.getsize(out + '.cs') > 0,
               '-o writes the CS')

        r = run(tool, os.path.join(tmp, 'missing.frag'))
        expect(r.returncode == 2, 'missing file')
        r = run(tool, '--bogus')
        expect(r.returncode == 2, 'unknown option')
        r = run(tool, bad.replace('.frag', '.txt'))
        expect(r.returncode == 2, 'unknown stage or missing file')

    for f in failures:
        print('FAIL:', f)
    print('%d checks failed' % len(failures))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1], sys.argv[2]))
