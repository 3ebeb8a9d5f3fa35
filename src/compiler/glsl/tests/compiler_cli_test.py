# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
"""glsl-compiler against bad command lines and unreadable inputs, as a user
would try them: the reason a file cannot be read is said (strerror or the
size limit), a directory is named as such, a missing option value is
reported as missing (not as an unknown option), and an extension the front
end does not know is rejected.

Usage: compiler_cli_test.py GLSL_COMPILER
Ends with "N passed, N failed"; exits 1 on any failure."""

import os
import subprocess
import sys
import tempfile

COMPILER = sys.argv[1]
RESULTS = {'passed': 0, 'failed': 0}


def run(*args):
    return subprocess.run((COMPILER,) + args, capture_output=True,
                          timeout=20)


def check(cond, what):
    if cond:
        RESULTS['passed'] += 1
    else:
        RESULTS['failed'] += 1
        print('FAIL:', what)


def says(r, text):
    return r.returncode == 2 and text in r.stderr.decode(errors='replace')


def main():
    with tempfile.TemporaryDirectory() as tmp:
        good = os.path.join(tmp, 'ok.vert')
        with open(good, 'w') as f:
            f.write('void main() { gl_Position = vec4(0.0); }\n')
        check(run(good).returncode == 0, 'a valid shader compiles')

        # Unreadable inputs: the reason, from the system.
        missing = os.path.join(tmp, 'missing.vert')
        check(says(run(missing), 'No such file or directory'),
              'a missing file names the reason')
        # A directory, with or without a stage-like name.
        d = os.path.join(tmp, 'dir.frag')
        os.mkdir(d)
        check(says(run(d), 'Is a directory'), 'a directory named *.frag')
        check(says(run(tmp), 'Is a directory'),
              'a directory without a stage is named as a directory')
        # Endless input stops at the documented limit.
        r = run('--stage', 'vert', '/dev/zero')
        check(says(r, 'larger than the limit'), '/dev/zero hits the limit')
        # The stage still comes from the name, not from a dot in a folder.
        sub = os.path.join(tmp, 'x.vert.d')
        os.mkdir(sub)
        noext = os.path.join(sub, 'shader')
        with open(noext, 'w') as f:
            f.write('void main() {}\n')
        check(says(run(noext), 'unknown stage'),
              'a file without a stage extension asks for --stage')

        # Missing option values are missing, not unknown options.
        for opt in ('--version', '--stage', '--extension'):
            r = run(good, opt)
            check(says(r, "option '%s' needs a value" % opt),
                  '%s without a value' % opt)
        check(says(run('--bogus', good), "unknown option '--bogus'"),
              'an unknown option')

        # Extensions: a known one is accepted, an unknown one rejected.
        check(run('--extension', 'GL_ARB_gpu_shader5', good).returncode == 0,
              'a known --extension')
        check(says(run('--extension', 'GL_FOO_not_real', good),
                   "unknown extension 'GL_FOO_not_real'"),
              'an unknown --extension')

        # Three stages by extension: --link --dump-nir prints each, the
        # geometry one with its layouts and emits.
        srcs = {
            'a.vert': '#version 150\nin vec4 p;\nout vec4 v;\n'
                      'void main() { gl_Position = p; v = p; }\n',
            'b.geom': '#version 150\nlayout(points) in;\n'
                      'layout(points, max_vertices = 1) out;\n'
                      'in vec4 v[];\nout vec4 g;\n'
                      'void main() { g = v[0]; EmitVertex(); }\n',
            'c.frag': '#version 150\nin vec4 g;\nout vec4 c;\n'
                      'void main() { c = g; }\n',
        }
        paths = []
        for name, text in srcs.items():
            paths.append(os.path.join(tmp, name))
            with open(paths[-1], 'w') as f:
                f.write(text)
        r = run('--link', *paths, '--dump-nir')
        out = r.stdout.decode(errors='replace')
        check(r.returncode == 0 and 'shader: vertex' in out and
              'shader: geometry' in out and 'shader: fragment' in out,
              '--link of a .vert, .geom and .frag prints three stages')
        check('@emit_vertex () (stream_id=0)' in out and
              'gs: in prim 0 (1 vertices), out prim 0, max_vertices 1' in out,
              'the geometry stage has its emit and layouts')

        # A compute shader: storage-block and shared accesses, atomics,
        # barriers, system values; its work-group size and block layout.
        comp = os.path.join(tmp, 'k.comp')
        with open(comp, 'w') as f:
            f.write('#version 430\n'
                    'layout(local_size_x = 4, local_size_y = 2) in;\n'
                    'layout(std430, binding = 2) buffer B {\n'
                    '   uint n; vec3 v; uint d[];\n'
                    '};\n'
                    'shared uint t[8];\n'
                    'void main() {\n'
                    '   t[gl_LocalInvocationIndex] = gl_WorkGroupID.x;\n'
                    '   barrier();\n'
                    '   d[gl_GlobalInvocationID.x] = t[0];\n'
                    '   atomicAdd(n, 1u);\n'
                    '}\n')
        r = run('--link', comp, '--dump-nir')
        out = r.stdout.decode(errors='replace')
        check(r.returncode == 0 and 'shader: compute' in out and
              '@store_shared' in out and '@barrier ()' in out and
              '@load_shared' in out and '@store_ssbo' in out and
              '@ssbo_atomic' in out and '@load_workgroup_id' in out and
              '@load_global_invocation_id' in out,
              '--link --dump-nir of a compute shader')
        r = run('--link', comp, '--dump-resources')
        out = r.stdout.decode(errors='replace')
        # std430: n 0, v 16 (vec3 16-aligned), d 28 (stride 4); one
        # element of d: 32 bytes
        check(r.returncode == 0 and
              'storage block 0 B: std430 32 bytes binding 2' in out and
              'd[0]: uint[0] offset 28 array stride 4' in out and
              'work group size: 4 2 1, shared memory: 32 bytes' in out,
              '--dump-resources of a compute shader')

    print('%d passed, %d failed' % (RESULTS['passed'], RESULTS['failed']))
    return 1 if RESULTS['failed'] else 0


if __name__ == '__main__':
    sys.exit(main())
