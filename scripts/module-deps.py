#!/usr/bin/env python3
"""Module dependency check (`scripts/module-deps.py [src]`): which top-level modules of src/ each module imports (crate:: paths,
including test code separately), import circles between top-level modules, and circles between
files inside a module (super:: and crate::<module>:: paths)."""
import os, re, sys, itertools
root = sys.argv[1] if len(sys.argv) > 1 else 'src'
mods = ['core', 'store', 'chains', 'retro', 'search', 'book', 'puzzles', 'lessons', 'par']
edges, test_edges = {}, {}
files = {}
for dirpath, _, names in os.walk(root):
    for n in names:
        if not n.endswith('.rs'):
            continue
        p = os.path.join(dirpath, n)
        rel = os.path.relpath(p, root)
        top = rel.split(os.sep)[0].removesuffix('.rs')
        if top not in mods:
            continue
        text = open(p).read()
        # Split off #[cfg(test)] mod tests { ... } (the tail of the file) and whole test files.
        m = re.search(r'#\[cfg\(test\)\]\s*mod tests', text)
        prod, test = (text[:m.start()], text[m.start():]) if m else (text, '')
        if re.search(r'(^|/)(tests?|testkit)(\.rs|/)', rel):
            prod, test = '', text
        # Only code, not doc comments.
        strip = lambda t: '\n'.join(l for l in t.split('\n') if not l.strip().startswith('//'))
        for kind, body in (('prod', strip(prod)), ('test', strip(test))):
            for dep in re.findall(r'crate::(\w+)', body):
                if dep in mods and dep != top:
                    (edges if kind == 'prod' else test_edges).setdefault(top, {}).setdefault(dep, set()).add(rel)
def show(name, e):
    print(f'== {name}')
    for a in sorted(e):
        for b in sorted(e[a]):
            print(f'  {a} -> {b}   ({", ".join(sorted(e[a][b]))})')
show('production imports', edges)
show('test-only imports', test_edges)
def cycles(e):
    out = []
    for a, b in itertools.combinations(mods, 2):
        if b in e.get(a, {}) and a in e.get(b, {}):
            out.append((a, b))
    # longer cycles: DFS
    def dfs(start, node, path, seen):
        for nxt in e.get(node, {}):
            if nxt == start and len(path) > 2:
                out.append(tuple(path))
            elif nxt not in seen and nxt > start:
                dfs(start, nxt, path + [nxt], seen | {nxt})
    for s in mods:
        dfs(s, s, [s], {s})
    return out
print('== circles (production):', cycles(edges) or 'none')
both = {a: {**edges.get(a, {}), **test_edges.get(a, {})} for a in set(edges) | set(test_edges)}
print('== circles (production + tests):', cycles(both) or 'none')
