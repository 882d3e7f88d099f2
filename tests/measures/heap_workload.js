// A small allocation workload for check_heapprofile.py: arrays and strings allocated at a few
// depths, some under recursion, kept alive so the sampling heap profiler sees them.
function leaf(n) {
    const out = [];
    for (let i = 0; i < n; i++) out.push({ i, text: 'item ' + i });
    return out;
}
function branch(n) {
    return leaf(n).concat(leaf(n >> 1));
}
function recurse(depth) {
    return depth ? [recurse(depth - 1), branch(1500)] : branch(800);
}
globalThis.kept = [];
for (let k = 0; k < 120; k++) kept.push(recurse(3), new Array(2000).fill(k));
