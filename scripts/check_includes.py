#!/usr/bin/env python3
"""The include graph of xsprof's sources against DESIGN.md's layering (issue 48).

A unit is a header and its source (foo.h + foo.cpp). Fails, naming each, on:
  - a cycle among units (two units that include each other, directly or around a circle);
  - an edge up the layers: app -> views -> model, app -> protocol -> model
    (model/ includes model/ only; protocol/ and views/ never include app/; protocol/ never
    includes views/ nor views/ protocol/... see LAYERS);
  - a Qt module a folder may not use: model/ none, protocol/ QtCore, QtNetwork and
    QtSerialPort, views/document/ and app/dap/ QtCore only.
Generic by folder: new files are checked by where they are.
  scripts/check_includes.py [REPOSITORY]
"""
import os
import re
import sys
from collections import defaultdict

ROOTS = ("model", "protocol", "views", "app")
# The folders each layer may include, longest prefix first wins.
LAYERS = [
    ("model/", {"model/"}),
    ("protocol/", {"model/", "protocol/"}),
    ("views/document/", {"model/", "protocol/", "views/document/"}),
    ("views/", {"model/", "protocol/", "views/"}),
    ("app/", {"model/", "protocol/", "views/", "app/"}),
]
QT_ALLOWED = [
    ("model/", set()),
    ("protocol/", {"QtCore", "QtNetwork", "QtSerialPort"}),
    ("views/document/", {"QtCore"}),
    ("app/dap/", {"QtCore", "QtNetwork"}),
]
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)


def rule(table, path):
    for prefix, value in table:
        if path.startswith(prefix):
            return value
    return None


def qt_module(header, qt_dirs):
    """The Qt module a <QSomething> or <QtModule/QSomething> include comes from, or None."""
    if "/" in header:
        head = header.split("/", 1)[0]
        return head if head.startswith("Qt") else None
    if not header.startswith("Q"):
        return None
    for qt_dir in qt_dirs:
        for module in sorted(os.listdir(qt_dir)):
            if os.path.isfile(os.path.join(qt_dir, module, header)):
                return module
    return "Qt?" if re.match(r"Q[A-Z]\w*$", header) else None


def main():
    repo = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
    qt_dirs = [d for d in ("/usr/include/x86_64-linux-gnu/qt6", "/usr/include/qt6", "/usr/include/aarch64-linux-gnu/qt6")
               if os.path.isdir(d)]
    files = []
    for root in ROOTS:
        for dirpath, _, names in os.walk(os.path.join(repo, root)):
            files += [os.path.relpath(os.path.join(dirpath, n), repo) for n in names if n.endswith((".h", ".cpp"))]
    known = set(files)
    unit = lambda path: os.path.splitext(path)[0]
    edges = defaultdict(set)  # unit -> units
    where = {}  # (unit, unit) -> a file and line that makes the edge
    problems = []
    module_cache = {}
    for path in sorted(files):
        text = open(os.path.join(repo, path), encoding="utf-8", errors="replace").read()
        for match in INCLUDE.finditer(text):
            kind, name = match.groups()
            line = text.count("\n", 0, match.start()) + 1
            if kind == '"':
                local = os.path.normpath(os.path.join(os.path.dirname(path), name))
                target = local if local in known else (name if name in known else None)
                if target is None:
                    continue  # generated (ui_*.h, moc) or outside the product folders
                a, b = unit(path), unit(target)
                if a != b:
                    edges[a].add(b)
                    where.setdefault((a, b), f"{path}:{line}")
                allowed = rule(LAYERS, path)
                if allowed is not None and not any(target.startswith(p) for p in allowed):
                    problems.append(f"{path}:{line}: includes {target}, a layer it must not use")
            else:
                if name not in module_cache:
                    module_cache[name] = qt_module(name, qt_dirs)
                module = module_cache[name]
                allowed = rule(QT_ALLOWED, path)
                if module and allowed is not None and module not in allowed:
                    problems.append(f"{path}:{line}: includes <{name}> ({module}), which this folder may not use")

    # Cycles: Tarjan's strongly connected components over units.
    index, low, on_stack, stack, components = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        work = [(v, iter(sorted(edges.get(v, ()))))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        while work:
            node, children = work[-1]
            advanced = False
            for w in children:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(edges.get(w, ())))))
                    advanced = True
                    break
                if w in on_stack:
                    low[node] = min(low[node], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    component.append(w)
                    if w == node:
                        break
                if len(component) > 1:
                    components.append(sorted(component))

    for v in sorted(set(edges) | {unit(f) for f in files}):
        if v not in index:
            visit(v)
    for component in components:
        members = set(component)
        inner = sorted(where[(a, b)] + f" -> {b}" for a in component for b in edges[a] if b in members)
        problems.append(f"cycle of {len(component)} units: " + ", ".join(component) + "\n    " + "\n    ".join(inner))

    for problem in problems:
        print(problem)
    units = len({unit(f) for f in files})
    print(f"check_includes: {units} units, {sum(len(e) for e in edges.values())} edges, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
