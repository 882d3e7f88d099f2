#!/usr/bin/env python3
"""node --heap-prof writes a V8 sampling heap profile of a small workload; `xsprof report --json`
of it must give, per function, self and inclusive bytes equal to sums computed here from the
JSON tree (self: the selfSize of the function's nodes; inclusive: the selfSize of every node with
the function on its path, recursion counted once), (root)'s divided total the whole,
"measure": "bytes" and no timeline; the text report names KB; a .cpuprofile is refused.

    check_heapprofile.py --xsprof BIN --workload heap_workload.js [--fixture FILE.heapprofile]

Exit 77 (skipped) when node is not installed."""
import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict


def key_of(frame):
    """A function as xsprof's report names it: name, url, 1-based line and column (0: unknown)."""
    def one_based(value):
        return value + 1 if value is not None and value >= 0 else 0
    return (frame["functionName"], frame["url"], one_based(frame.get("lineNumber")), one_based(frame.get("columnNumber")))


def expected_sums(profile):
    self_bytes, inclusive = defaultdict(int), defaultdict(int)
    todo = [(profile["head"], ())]
    while todo:
        node, path = todo.pop()
        key = key_of(node["callFrame"])
        path = path + (key,)
        size = node["selfSize"]
        self_bytes[key] += size
        for k in set(path):
            inclusive[k] += size
        todo.extend((child, path) for child in node.get("children", []))
    return self_bytes, inclusive


def check(xsprof, path, failures):
    with open(path, encoding="utf-8") as f:
        profile = json.load(f)
    self_bytes, inclusive = expected_sums(profile)
    report = json.loads(subprocess.run([xsprof, "report", "--json", path], check=True, capture_output=True,
                                       text=True).stdout)
    name = os.path.basename(path)
    if report["measure"] != "bytes" or report["has_timeline"]:
        failures.append(f"{name}: measure {report['measure']}, timeline {report['has_timeline']}")
    whole = sum(self_bytes.values())
    if report["sum_bytes"] != whole:
        failures.append(f"{name}: sum_bytes {report['sum_bytes']} != {whole}")
    # The divided total of the root, which every path starts from, is the whole profile.
    root = [fn for fn in report["functions"] if fn["name"] == "(root)"]
    if len(root) != 1 or abs(root[0]["total_bytes"] - whole) > 1e-6 * max(1, whole):
        failures.append(f"{name}: (root)'s divided total is {root and root[0]['total_bytes']}, not {whole}")
    seen = set()
    for fn in report["functions"]:
        key = (fn["name"], fn["url"], fn["line"], fn["column"])
        seen.add(key)
        if fn["self_bytes"] != self_bytes.get(key, 0) or fn["inclusive_bytes"] != inclusive.get(key, 0):
            failures.append(f"{name}: {key}: self {fn['self_bytes']} incl. {fn['inclusive_bytes']}, expected "
                            f"{self_bytes.get(key, 0)} and {inclusive.get(key, 0)}")
    missing = [k for k, v in inclusive.items() if v > 0 and k not in seen]
    if missing:
        failures.append(f"{name}: functions missing from the report: {missing[:5]}")
    text = subprocess.run([xsprof, "report", path], check=True, capture_output=True, text=True).stdout
    if "self KB" not in text or "measure:   bytes" not in text:
        failures.append(f"{name}: the text report does not name KB and bytes:\n{text[:600]}")
    with tempfile.TemporaryDirectory(prefix="xsprof-heap-out-") as out:
        refused = subprocess.run([xsprof, "convert", path, os.path.join(out, "out.cpuprofile")], capture_output=True,
                                 text=True)
    if refused.returncode == 0 or "holds time" not in refused.stderr:
        failures.append(f"{name}: convert to .cpuprofile was not refused: {refused.stderr}")
    return len(report["functions"])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--xsprof", required=True)
    parser.add_argument("--workload", required=True)
    parser.add_argument("--fixture", action="append", default=[])
    args = parser.parse_args()
    failures = []
    for fixture in args.fixture:
        check(args.xsprof, fixture, failures)
    node = shutil.which("node")
    if not node:
        print("node is not installed: the node --heap-prof part is skipped")
        return 77
    with tempfile.TemporaryDirectory(prefix="xsprof-heap-") as work:
        for interval in ("4096", "65536"):
            out = os.path.join(work, interval)
            os.mkdir(out)
            subprocess.run([node, "--heap-prof", f"--heap-prof-interval={interval}", f"--heap-prof-dir={out}",
                            args.workload], check=True)
            files = glob.glob(os.path.join(out, "*.heapprofile"))
            if len(files) != 1:
                failures.append(f"node wrote {len(files)} heap profiles at interval {interval}")
                continue
            functions = check(args.xsprof, files[0], failures)
            if functions < 4:
                failures.append(f"interval {interval}: only {functions} functions allocated: the workload is too small")
    for failure in failures[:30]:
        print("FAIL:", failure)
    print(f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
