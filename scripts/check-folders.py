#!/usr/bin/env python3
"""Prints each target's folder dependency graph and its cycles; fails when a checked target has a cycle or more than
two loose .swift files at its top.

For every target under Sources/, each .swift file belongs to the folder it sits in (relative to the target; "." for
the loose files at the target's top; a subfolder such as Tracks/Racetrack is a node of its own). Folder A depends on
folder B when a file of A uses a name declared in a file of B. The graph is printed twice: folder by folder, and
with every subfolder merged into its top-level folder; a cycle in either fails a checked target.

This is a heuristic, not the compiler's name lookup:
  - declarations are read from lines at column 0 (after attributes and modifiers): `struct|enum|class|protocol|
    typealias|actor NAME` declare a type, `func|let|var NAME` a free function or global, and the members written at
    one indentation level inside an `extension NAME` block (`func|var|let|static func|…|case NAME`) declare that
    extension's members. Nested types are not read (they are reached through their outer type's name).
  - comments and string literals are removed; every remaining identifier naming a type of another folder is a use;
    an extension member is used where its name follows a `.` or precedes a `(`, and only names declared once in the
    whole target (members, locals and parameters included, as far as `func|var|let|case NAME` shows) and not common
    standard-library names are tracked, so a call through an extension can be missed but is rarely invented.
  - a type declared in two folders (e.g. a typealias shadowing a name) counts as used from each.

Usage: scripts/check-folders.py [--verbose] [ROOT]   (ROOT defaults to the repository: this script's parent's parent)
Under each cycle of a checked target it lists the names each folder uses of the next (with --verbose, of every
target).
"""
import os
import re
import sys
from collections import defaultdict

# The targets whose folders must form an acyclic graph with at most MAX_LOOSE loose files at the top.
CHECKED = ["MercatorMath", "StencilKit", "StencilKitIO", "StencilPictures", "StencilScenarios", "stencil-bench"]
MAX_LOOSE = 2

MODIFIERS = (
    r"(?:@\w+(?:\([^)]*\))?\s+|public\s+|package\s+|internal\s+|private\s+|fileprivate\s+|open\s+|final\s+"
    r"|indirect\s+|static\s+|mutating\s+|nonmutating\s+|override\s+|nonisolated\s+|@inlinable\s+|lazy\s+"
    r"|convenience\s+|required\s+|class\s+(?=func|var))*"
)
TYPE_DECL = re.compile(r"^" + MODIFIERS + r"(?:struct|enum|class|protocol|typealias|actor)\s+([A-Za-z_]\w*)")
EXT_DECL = re.compile(r"^" + MODIFIERS + r"extension\s+([A-Za-z_][\w.]*)")
FREE_DECL = re.compile(r"^" + MODIFIERS + r"(?:func|let|var)\s+([A-Za-z_]\w*)")
MEMBER_DECL = re.compile(r"^ {4}" + MODIFIERS.replace("^", "") + r"(?:func|let|var|case)\s+([A-Za-z_]\w*)")
ANY_DECL = re.compile(r"\b(?:func|let|var|case)\s+([A-Za-z_]\w*)")
PARAM_DECL = re.compile(r"[(,]\s*(?:_\s+)?([a-z]\w*)\s*:")
IDENT = re.compile(r"[A-Za-z_]\w*")

# Member names too common to attribute to one extension (standard library and everyday words).
COMMON = set(
    "count first last isEmpty contains map filter reduce append insert remove min max sorted reversed index "
    "description hash init rawValue values keys description debugDescription distance next makeIterator "
    "startIndex endIndex lowerBound upperBound width height x y z level size area length union intersection "
    "isSubset union formUnion subtract compare".split()
)


def strip_comments_and_strings(text):
    """The source with comments and string literals blanked (newlines kept, so line numbers stay)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth > 0:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif text.startswith('"""', i):
            j = text.find('"""', i + 3)
            j = n if j < 0 else j + 3
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"' and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append('""')
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def swift_files(target_dir):
    for dirpath, dirnames, filenames in os.walk(target_dir):
        dirnames[:] = sorted(d for d in dirnames if not d.endswith(".docc"))
        for name in sorted(filenames):
            if name.endswith(".swift"):
                yield os.path.join(dirpath, name)


def folder_of(target_dir, path):
    rel = os.path.relpath(os.path.dirname(path), target_dir)
    return "." if rel == "." else rel.replace(os.sep, "/")


def top_of(folder):
    return folder.split("/")[0]


def read_target(target_dir):
    """Per file: its folder, its stripped text; per name: the folders declaring it as a type or as a member."""
    files = {}
    types = defaultdict(set)
    members = defaultdict(set)
    declared_count = defaultdict(int)
    for path in swift_files(target_dir):
        with open(path, encoding="utf-8") as f:
            text = strip_comments_and_strings(f.read())
        folder = folder_of(target_dir, path)
        files[path] = (folder, text)
        in_extension = False
        for line in text.split("\n"):
            for name in ANY_DECL.findall(line):
                declared_count[name] += 1
            for name in PARAM_DECL.findall(line):
                declared_count[name] += 1
            m = TYPE_DECL.match(line)
            if m:
                types[m.group(1)].add(folder)
                in_extension = False
                continue
            m = EXT_DECL.match(line)
            if m:
                in_extension = True
                continue
            m = FREE_DECL.match(line)
            if m:
                members[m.group(1)].add(folder)
                in_extension = False
                continue
            if line[:1] not in ("", " ", "}", "\t"):
                in_extension = False
            if in_extension:
                m = MEMBER_DECL.match(line)
                if m:
                    members[m.group(1)].add(folder)
    tracked = {
        name: folders
        for name, folders in members.items()
        if declared_count[name] <= 1 and name not in COMMON and name not in types
    }
    return files, types, tracked


def dependencies(files, types, members):
    """edges[a][b] = {name: first file of a using it}, for folders a ≠ b."""
    edges = defaultdict(lambda: defaultdict(dict))
    for path, (folder, text) in files.items():
        for m in IDENT.finditer(text):
            name = m.group(0)
            owners = types.get(name)
            if owners is None and name in members:
                before = text[: m.start()].rstrip()
                after = text[m.end() :].lstrip()
                declaring = re.search(r"\b(?:func|let|var|case)$", before)
                if declaring or not (before.endswith(".") or after.startswith("(")):
                    continue
                owners = members[name]
            if owners is None:
                continue
            for owner in owners:
                if owner != folder:
                    edges[folder][owner].setdefault(name, path)
    return edges


def merged(edges):
    top = defaultdict(lambda: defaultdict(dict))
    for a, targets in edges.items():
        for b, names in targets.items():
            if top_of(a) != top_of(b):
                for name, path in names.items():
                    top[top_of(a)][top_of(b)].setdefault(name, path)
    return top


def cycles(nodes, edges):
    """The strongly connected components with more than one folder (Tarjan), each sorted."""
    index, low, on_stack, stack, result = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, {})):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                result.append(sorted(component))

    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return result


def describe(edges, nodes, label, root, evidence):
    print(f"  {label}:")
    for a in sorted(nodes):
        targets = edges.get(a, {})
        deps = ", ".join(sorted(targets)) or "—"
        print(f"    {a} → {deps}")
    found = cycles(nodes, edges)
    for component in found:
        print(f"    CYCLE: {' ↔ '.join(component)}")
        if not evidence:
            continue
        inside = set(component)
        for a in component:
            for b in sorted(edges.get(a, {})):
                if b in inside:
                    names = edges[a][b]
                    shown = ", ".join(
                        f"{name} ({os.path.relpath(path, root)})" for name, path in sorted(names.items())[:6]
                    )
                    more = f" and {len(names) - 6} more" if len(names) > 6 else ""
                    print(f"      {a} uses {b}: {shown}{more}")
    return found


def main():
    args = [a for a in sys.argv[1:] if a != "--verbose"]
    verbose = "--verbose" in sys.argv[1:]
    root = args[0] if args else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    sources = os.path.join(root, "Sources")
    failures = []
    for target in sorted(os.listdir(sources)):
        target_dir = os.path.join(sources, target)
        if not os.path.isdir(target_dir):
            continue
        files, types, members = read_target(target_dir)
        if not files:
            continue
        checked = target in CHECKED
        print(f"{target}{'' if checked else ' (report only)'}:")
        folders = {folder for folder, _ in files.values()}
        loose = sorted(os.path.basename(p) for p, (folder, _) in files.items() if folder == ".")
        print(f"  loose files at the top: {len(loose)}{': ' + ', '.join(loose) if loose else ''}")
        edges = dependencies(files, types, members)
        found = describe(edges, folders, "folders", root, checked or verbose)
        if any("/" in f for f in folders):
            top_nodes = {top_of(f) for f in folders}
            found_top = describe(
                merged(edges), top_nodes, "top-level folders (subfolders merged)", root, checked or verbose)
        else:
            found_top = []
        if checked:
            for component in found + [c for c in found_top if c not in found]:
                failures.append(f"{target}: folders import each other: {' ↔ '.join(component)}")
            if len(loose) > MAX_LOOSE:
                failures.append(f"{target}: {len(loose)} loose .swift files at the top (at most {MAX_LOOSE})")
        print()
    for failure in failures:
        print(f"check-folders: {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
