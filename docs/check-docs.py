#!/usr/bin/env python3
# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
"""Check that every page under docs/ is valid plain reStructuredText
(docutils only, no Sphinx directives) and that relative links between pages
point at files that exist.  Usage: check-docs.py DOCS_DIR"""

import os
import re
import sys

try:
    import docutils.core
    import docutils.utils
except ImportError:
    print('SKIP: python3-docutils is not installed')
    sys.exit(77)

LINK = re.compile(r'`[^`<]*<([^>`]+\.rst)>`_')


def check(path, errors):
    with open(path, encoding='utf-8') as f:
        text = f.read()
    settings = {'report_level': 2, 'halt_level': 5, 'warning_stream': False,
                'file_insertion_enabled': False, 'raw_enabled': False}
    doc = docutils.core.publish_doctree(text, source_path=path,
                                        settings_overrides=settings)
    for msg in doc.traverse(
            lambda n: n.tagname == 'system_message'):
        if msg['level'] >= 2:
            errors.append(f"{path}:{msg.get('line', '?')}: {msg.astext()}")
    for target in LINK.findall(text):
        if '://' in target:
            continue
        dest = os.path.normpath(os.path.join(os.path.dirname(path), target))
        if not os.path.exists(dest):
            errors.append(f'{path}: link to missing page {target}')


def main(top):
    errors = []
    pages = 0
    for root, _, files in os.walk(top):
        for name in sorted(files):
            if name.endswith('.rst'):
                check(os.path.join(root, name), errors)
                pages += 1
    for e in errors:
        print(e)
    print(f'{pages} pages checked, {len(errors)} problems')
    return 1 if errors or pages == 0 else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1]))
