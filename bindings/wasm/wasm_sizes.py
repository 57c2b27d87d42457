"""Code size per function of a .wasm file (from its name section), or the change between two:

    python3 bindings/wasm/wasm_sizes.py A.wasm [B.wasm]

Run it on target/wasm32-unknown-unknown/wasm-release/qipan_wasm.wasm (before wasm-opt, names kept).
"""
import sys
def leb(b, i):
    r = s = 0
    while True:
        x = b[i]; i += 1; r |= (x & 0x7f) << s; s += 7
        if x < 0x80: return r, i
def funcs(path):
    b = open(path, 'rb').read(); i = 8; imports = 0; bodies = []; names = {}
    while i < len(b):
        sid = b[i]; i += 1; size, i = leb(b, i); end = i + size
        if sid == 2:
            n, j = leb(b, i)
            for _ in range(n):
                l, j = leb(b, j); j += l; l, j = leb(b, j); j += l
                kind = b[j]; j += 1
                if kind == 0: imports += 1; _, j = leb(b, j)
                elif kind == 1: j += 1; f, j = leb(b, j); _, j = leb(b, j); (j := leb(b, j)[1]) if f & 1 else None
                elif kind == 2: f, j = leb(b, j); _, j = leb(b, j); (j := leb(b, j)[1]) if f & 1 else None
                elif kind == 3: j += 2
        elif sid == 10:
            n, j = leb(b, i)
            for _ in range(n):
                l, j = leb(b, j); bodies.append(l); j += l
        elif sid == 0:
            l, j = leb(b, i); nm = b[j:j+l].decode(); j += l
            if nm == 'name':
                while j < end:
                    sub = b[j]; j += 1; sz, j = leb(b, j); se = j + sz
                    if sub == 1:
                        n, k = leb(b, j)
                        for _ in range(n):
                            idx, k = leb(b, k); l, k = leb(b, k); names[idx] = b[k:k+l].decode(errors='replace'); k += l
                    j = se
        i = end
    return {names.get(imports + k, f'f{k}'): sz for k, sz in enumerate(bodies)}
a = funcs(sys.argv[1])
if len(sys.argv) > 2:
    b = funcs(sys.argv[2])
    keys = set(a) | set(b)
    diffs = sorted(((b.get(k, 0) - a.get(k, 0), k) for k in keys), key=lambda x: -abs(x[0]))
    print('total', sum(a.values()), sum(b.values()))
    for d, k in diffs[:25]:
        if d: print(f'{d:+7d} {a.get(k,0):7d} {b.get(k,0):7d} {k[:120]}')
else:
    for k, v in sorted(a.items(), key=lambda x: -x[1])[:40]: print(v, k[:120])
