#!/usr/bin/env python3
"""Fails when the top-level modules of a crate import each other in a
circle (`crate::a` in module b and `crate::b` in module a, directly or
through others): each crate's modules must form layers, as drawn from
their imports. Test modules (inline, or files named `tests.rs` or
`*_tests.rs`) are left out. Usage: module-cycles.py SRC..."""

import os
import re
import sys


def module_imports(src):
    imports = {}
    for folder, _, files in os.walk(src):
        for name in files:
            if not name.endswith(".rs"):
                continue
            path = os.path.join(folder, name)
            # A test module in a file of its own (`tests.rs`,
            # `resolve_tests.rs`) is left out as an inline one is.
            if name == "tests.rs" or name.endswith("_tests.rs"):
                continue
            top = os.path.relpath(path, src).split(os.sep)[0].removesuffix(".rs")
            if top in ("lib", "main"):
                continue
            text = open(path, encoding="utf-8").read()
            text = re.sub(r"#\[cfg\(test\)\]\s*mod tests \{.*", "", text, flags=re.S)
            # Comments (doc links included) are not imports.
            text = re.sub(r"//[^\n]*", "", text)
            used = set(re.findall(r"crate::(\w+)", text)) - {top}
            imports.setdefault(top, set()).update(used)
    return imports


def circles(graph):
    """Strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, found, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in graph:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def main():
    failed = False
    for src in sys.argv[1:]:
        found = circles(module_imports(src))
        for circle in found:
            print(f"{src}: modules importing each other: {' <-> '.join(circle)}")
            failed = True
        if not found:
            print(f"{src}: no circle between top-level modules")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
