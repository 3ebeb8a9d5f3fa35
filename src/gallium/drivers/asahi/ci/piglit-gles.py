#!/usr/bin/env python3
# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
"""Run piglit's OpenGL ES 2.0/3.0 API and rendering tests on our stack.

The tests are those of the piglit package's tests/opengl.xml.gz (or of
the lists --xml names) whose names match one of the shell-style patterns
of the --list files (one per line, '#' comments; a pattern starting with
'!' removes what it matches), run with the command line piglit itself would use (the program from
piglit's bin/, its arguments, '-auto') and '-fbo' (the surfaceless platform
has no window); PIGLIT_PLATFORM=surfaceless_egl and the environment this
script was given (meson passes our EGL vendor, asahi_dri.so and the
simulator drm-shim), --jobs at a time, each under --timeout seconds (the
whole process group is killed on timeout).

Each test's API comes from the piglit utility library its program links
(libpiglitutil_gles2 or _gles3).  Until our front end offers ES 3.0
contexts, the programs built for ES 3 run with
MESA_GLES_VERSION_OVERRIDE=3.0 (on llvmpipe too, so both claim the same
version); their numbers are reported apart, as 'gles3 (override)', since
the override claims more than is implemented.  A program built for ES 2
that fails to get the ES 3 context it asks for first runs again with the
override, and counts with the ES 3 ones.  With --llvmpipe every test runs
with the override, so that the reference is llvmpipe as an ES 3.0
implementation (it would otherwise give ES 3.2 contexts, and pass ES 3.1
tests no ES 3.0 implementation can run).  --no-es3-override drops all of
this.

Programs that need a window shown (piglit's requires_displayed_window:
front-buffer rendering, buffer swaps) cannot run on the surfaceless
platform: piglit aborts there before they draw, on every driver.  Those
the --window-list files name run on piglit's GBM platform instead
(PIGLIT_PLATFORM=gbm, without -fbo), whose windows are GBM surfaces
with front and back buffers: on our libgbm (the folder --gbm-lib names)
and the drm-shim's render node.  With --llvmpipe they stay on the
surfaceless platform (no render node here for Mesa's GBM).

The options shared with piglit-shader.py (--expectations, --results,
--llvmpipe, --reference, --rescore, --update-expectations, --groups) work
the same way; see piglit_common.py.
"""

import fnmatch
import os
import re
import sys

import piglit_common as pc

# What piglit prints when no ES 3 context could be made.
ES3_REFUSED_RE = re.compile(r'Failed to create waffle_config for OpenGL ES 3')


def select(names, list_paths):
    """The names the lists keep, in the order of piglit's list."""
    keep, drop = [], []
    for path in list_paths:
        for pattern in pc.read_lines(path):
            if pattern.startswith('!'):
                drop.append(pattern[1:].strip())
            else:
                keep.append(pattern)
    return [n for n in names
            if any(fnmatch.fnmatchcase(n, p) for p in keep) and
            not any(fnmatch.fnmatchcase(n, p) for p in drop)]


_API_OF = {}


def api_of(program):
    """'gles2', 'gles3' or 'gl': which piglit utility library the program
    links (its dynamic section names the library)."""
    cache = _API_OF
    if program not in cache:
        api = 'gl'
        try:
            with open(program, 'rb') as f:
                data = f.read()
            for lib in ('gles3', 'gles2'):
                if b'libpiglitutil_%s.so' % lib.encode() in data:
                    api = lib
                    break
        except OSError:
            api = 'missing'
        cache[program] = api
    return cache[program]


def is_egl_test(name):
    """piglit's EGL programs (the spec@egl* groups) make their own
    contexts and parse their own arguments: some refuse any but '-auto'
    (egl_khr_create_context's valid-flag-debug takes exactly one API name
    and fails with a usage error on '-fbo').  They run as piglit-egl.py
    runs them, with '-auto' only."""
    return name.startswith('spec@egl')


def shim_render_node():
    """The render node the drm-shim makes appear.  This script runs under
    the shim too (meson's LD_PRELOAD), whose /dev/dri lists only its own
    node (src/drm-shim/drm_shim.c)."""
    try:
        nodes = sorted(n for n in os.listdir('/dev/dri')
                       if n.startswith('renderD'))
    except OSError:
        nodes = []
    return '/dev/dri/' + (nodes[0] if nodes else 'renderD128')


def window_env(gbm_lib):
    """The environment of a program run on piglit's GBM platform."""
    lib_path = [gbm_lib] + [p for p in
                            os.environ.get('LD_LIBRARY_PATH', '').split(':')
                            if p]
    return {'PIGLIT_PLATFORM': 'gbm',
            'WAFFLE_GBM_DEVICE': shim_render_node(),
            'LD_LIBRARY_PATH': ':'.join(lib_path)}


def make_tests(root, list_paths, es3_override, llvmpipe, xmls,
               window_lists=(), gbm_lib=None):
    tests = []
    everything = {}
    for xml in xmls:
        everything.update(pc.load_test_list(root, xml))
    windowed = set()
    if window_lists and gbm_lib and not llvmpipe:
        windowed = set(select(list(everything), window_lists))
    for name in select(list(everything), list_paths):
        opts = everything[name]
        cmd = pc.parse_command(opts.get('command', ''))
        if not cmd:
            continue
        program = os.path.join(root, 'bin', cmd[0])
        # The surfaceless platform has no window: piglit aborts without
        # -fbo, so every test renders to an FBO (piglit itself adds -fbo
        # to the tests it runs concurrently only).  glslparsertest draws
        # nothing and takes no such options (its extensions come last);
        # EGL programs take '-auto' only (is_egl_test).
        cmd = [program] + cmd[1:]
        if name in windowed or is_egl_test(name):
            cmd += ['-auto']
        elif opts['type'] != 'glsl_parser':
            cmd += ['-auto', '-fbo']
        # piglit runs its 'gl_builtin' tests (built-in constants) in tests/,
        # where the paths of their arguments start.
        cwd = root
        if opts['type'] == 'gl_builtin':
            cwd = os.path.join(root, 'tests')
        api = api_of(program)
        env = {'PIGLIT_SOURCE_DIR': root}
        if name in windowed:
            env.update(window_env(gbm_lib))
        group = api
        if api == 'gles3' and es3_override:
            env['MESA_GLES_VERSION_OVERRIDE'] = '3.0'
            group = 'gles3 (override)'
        test = pc.PiglitTest(name, cmd, group, cwd=cwd, env=env,
                             info={'api': api})
        if api == 'gles2' and es3_override and llvmpipe:
            # The reference is llvmpipe as an ES 3.0 implementation (it
            # would give ES 3.2 to programs asking for ES 2 or 3.1).
            test.env['MESA_GLES_VERSION_OVERRIDE'] = '3.0'
        elif api == 'gles2' and es3_override:
            # Some programs built for ES 2 ask for an ES 3 context first.
            test.retry_re = ES3_REFUSED_RE
            test.retry_env = {'MESA_GLES_VERSION_OVERRIDE': '3.0'}
            test.retry_group = 'gles3 (override)'
        tests.append(test)
    return tests


def main():
    ap = pc.new_parser(__doc__)
    ap.add_argument('--list', required=True, action='append',
                    help='file of name patterns (may be repeated)')
    ap.add_argument('--no-es3-override', action='store_true',
                    help='run ES 3 programs without '
                         'MESA_GLES_VERSION_OVERRIDE=3.0')
    ap.add_argument('--xml', action='append',
                    help="piglit's list of tests to select from, in its "
                         "tests/ folder (may be repeated; default "
                         "opengl.xml.gz; glslparser.xml.gz holds the "
                         "glslparsertest compiler tests)")
    ap.add_argument('--window-list', action='append', default=[],
                    help='file of name patterns: programs run on piglit\'s '
                         'GBM platform (they need a window)')
    ap.add_argument('--gbm-lib',
                    help='folder of our libgbm.so.1 (for --window-list)')
    args = ap.parse_args()
    xmls = args.xml or ['opengl.xml.gz']
    root = pc.find_piglit(os.path.join('tests', xmls[0]))
    tests = []
    if root:
        tests = make_tests(root, args.list, not args.no_es3_override,
                           args.llvmpipe, xmls, args.window_list,
                           args.gbm_lib)
    return pc.main(args, root, tests,
                   'src/gallium/drivers/asahi/ci/piglit-gles.py',
                   group_title='by API:')


if __name__ == '__main__':
    sys.exit(main())
