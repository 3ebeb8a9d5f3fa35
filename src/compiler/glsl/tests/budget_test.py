# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
"""The front end's budgets bound memory and time as the work grows: every
input of at most 1 MB finishes in well under a second with a peak resident
size under 256 MB, or fails with an error that names the limit it hit.
The inputs are the classic blow-ups: macros that double at each level
(object-like and function-like), arguments that multiply, a macro with
50,000 parameters, and megabyte-sized plain, nested and directive-heavy
shaders; and, linked, thousands of initialized uniforms and of
implicitly sized arrays.

Usage: budget_test.py GLSL_COMPILER [SCALE]
SCALE multiplies the time and memory limits (sanitizer builds run several
times slower and larger).  Ends with "N passed, N failed"."""

import os
import subprocess
import sys
import tempfile
import time

COMPILER = sys.argv[1]
SCALE = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
MAX_SECONDS = 1.0 * SCALE        # CPU seconds (user + system)
MAX_RSS_KB = 256 * 1024 * SCALE  # peak resident size
RESULTS = {'passed': 0, 'failed': 0}


def check(cond, what):
    if cond:
        RESULTS['passed'] += 1
    else:
        RESULTS['failed'] += 1
        print('FAIL:', what)


def run(path, name, expect_ok, says=None, link=False):
    assert os.path.getsize(path) <= 1 << 20, name
    start = time.monotonic()
    p = subprocess.Popen([COMPILER, '--stage', 'vert'] +
                         (['--link'] if link else []) + [path],
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = p.stdout.read().decode(errors='replace')
    _, status, ru = os.wait4(p.pid, 0)
    code = os.waitstatus_to_exitcode(status)
    cpu = ru.ru_utime + ru.ru_stime
    print('%-28s exit %d  %.2fs cpu  %.2fs wall  %d MB' %
          (name, code, cpu, time.monotonic() - start, ru.ru_maxrss // 1024))
    check(code == (0 if expect_ok else 1), '%s: exit %d\n%s' %
          (name, code, out[:300]))
    check(cpu < MAX_SECONDS, '%s: %.2f s of CPU' % (name, cpu))
    check(ru.ru_maxrss < MAX_RSS_KB, '%s: %d KB resident' %
          (name, ru.ru_maxrss))
    if says:
        check(says in out, '%s: the log does not say "%s":\n%s' %
              (name, says, out[:300]))


LIMIT = "the preprocessor's limit of"


def inputs():
    # Object-like macros that double at each of 40 levels (~800 bytes).
    yield ('doubling macros', '#define A0 x\n' +
           ''.join('#define A%d A%d A%d\n' % (i, i - 1, i - 1)
                   for i in range(1, 41)) + 'void main() { A40; }\n',
           False, LIMIT)
    # Function-like doubling: F(k)(x) = F(k-1)(F(k-1)(x)).
    yield ('doubling function macros', '#define F0(x) x x\n' +
           ''.join('#define F%d(x) F%d(F%d(x))\n' % (i, i - 1, i - 1)
                   for i in range(1, 41)) + 'void main() { F40(y); }\n',
           False, LIMIT)
    # Arguments that multiply eightfold per level.
    yield ('multiplying arguments', '#define A(x) x x x x x x x x\n'
           'void main() { int y = A(A(A(A(A(A(A(A(1)))))))); }\n',
           False, LIMIT)
    # 50,000 parameters, the last one used: linear, and valid.
    n = 50000
    yield ('50000 parameters',
           '#define F(%s) p%d\nvoid main() { int y = F(%s); }\n' %
           (','.join('p%d' % i for i in range(n)), n - 1,
            ','.join('1' for _ in range(n))), True, None)
    # A megabyte of ordinary statements.
    body = 'x = x * 2.0 + 1.0;\n' * 50000
    yield ('1 MB of statements',
           'void main() { float x = 0.0;\n' + body + '}\n', True, None)
    # A megabyte of nested parentheses and of braces.
    yield ('1 MB of parentheses', 'void main() { int x = ' +
           '(' * 500000 + '1' + ')' * 500000 + '; }\n', False,
           "nested too deeply")
    yield ('1 MB of braces', 'void main() { ' + '{' * 500000 +
           '}' * 500000 + ' }\n', False, "nested too deeply")
    # A megabyte of conditional directives and of macro definitions.
    yield ('1 MB of #if', '#if 1\n' * 150000 + 'void main() {}\n', False,
           "#if nested too deeply")
    yield ('1 MB of #define', ''.join('#define M%d %d\n' % (i, i)
                                      for i in range(50000)) +
           'void main() { int y = M49999; }\n', True, None)
    # The checker's tables: many structure names (each identifier is
    # looked up among them), overloads, calls, built-in calls and case
    # labels must cost the same per item however many there are.
    yield ('30000 structures', '#version 130\n' +
           ''.join('struct S%d { float a; };\n' % i for i in range(30000)) +
           'void main() { S29999 s; s.a = 1.0; }\n', True, None)
    yield ('20000 overloads', '#version 130\n' +
           ''.join('float f(float a, int b%d[%d]) { return a; }\n' % (i, i + 1)
                   for i in range(20000)) +
           'void main() { int q[1]; float x = f(1.0, q); }\n', False,
           "overloads (the front end's limit)")
    yield ('70000 calls', '#version 130\nfloat g(float x) { return x; }\n'
           'void main() { float x = 0.0;\n' + 'x = g(x);\n' * 70000 + '}\n',
           True, None)
    yield ('70000 built-in calls', '#version 130\n'
           'void main() { float x = 0.0;\n' + 'x = sin(x);\n' * 70000 +
           '}\n', True, None)
    yield ('60000 case labels', '#version 130\nvoid main() { int x = 0;\n'
           'switch (x) {\n' + ''.join('case %d:\n' % i for i in range(60000)) +
           'x++; break; } }\n', True, None)
    # Members: duplicate checks and lookups per member stay constant.
    yield ('50000 structure members', '#version 130\nstruct S {\n' +
           ''.join('float m%d;\n' % i for i in range(50000)) +
           '};\nvoid main() { S s; s.m49999 = 1.0; }\n', True, None)
    yield ('50000 block members', '#version 150\nuniform B {\n' +
           ''.join('float m%d;\n' % i for i in range(50000)) +
           '};\nvoid main() { gl_Position = vec4(m49999); }\n', True, None)
    yield ('40000 member accesses', '#version 130\nstruct S {\n' +
           ''.join('float m%d;\n' % i for i in range(3000)) +
           '};\nvoid main() { S s;\n' + 's.m2999 = 1.0;\n' * 40000 +
           '}\n', True, None)
    # A macro as long as the file, used many times.
    yield ('long macro used often', '#define L ' + 'a+' * 300000 + 'a\n'
           'void main() { float a = 1.0; float y = L + L + L + L; }\n',
           False, LIMIT)
    # Linked: every initialized uniform's value is evaluated at link time,
    # each with the constants it reads declared (not all the globals).
    yield ('8000 initialized uniforms', '#version 120\n'
           'const float k = 2.0;\n' +
           ''.join('uniform float u%d = k * %d.0;\n' % (i, i)
                   for i in range(8000)) +
           'void main() { gl_Position = vec4(u7999); }\n', True, None, True)
    # ... and every implicitly sized array's size (its largest constant
    # index) found in one walk of the shaders, not one walk per array.
    yield ('3000 implicitly sized arrays', '#version 120\n' +
           ''.join('float a%d[];\n' % i for i in range(3000)) +
           'void main() { float s = 0.0;\n' +
           ''.join('a%d[%d] = 1.0; s += a%d[1];\n' % (i, i % 7 + 1, i)
                   for i in range(3000)) +
           'gl_Position = vec4(s); }\n', True, None, True)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        for name, src, ok, says, *link in inputs():
            path = os.path.join(tmp, 'in.vert')
            with open(path, 'w') as f:
                f.write(src)
            run(path, name, ok, says, bool(link and link[0]))
    print('%d passed, %d failed' % (RESULTS['passed'], RESULTS['failed']))
    return 1 if RESULTS['failed'] else 0


if __name__ == '__main__':
    sys.exit(main())
