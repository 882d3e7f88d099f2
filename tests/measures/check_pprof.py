#!/usr/bin/env python3
"""pprof in and out, checked by programs that are not xsprof:

- `go tool pprof` reads every pprof `xsprof convert` writes (CPU profiles of several formats,
  an XS live session, a heap profile, a pprof read back, a collection's merged profile from
  `xsprof export DB OUT --format pprof`), and its per-function flat and cum
  (`-top`, granularity functions) equal xsprof's self and inclusive (`report --json`) for
  every function whose name is its own; and `export DB OUT --format pprof` with OUT a folder
  writes one pprof per trace whose flat and cum equal that trace's self and inclusive time in
  the csv export's costs table;
- a pprof written by an independent encoder (npm pprof-format, encode_pprof.mjs) from corpus
  .cpuprofiles reports, through xsprof, the self and inclusive time of the corpus oracle
  (NAME.expected.json).

    check_pprof.py --xsprof BIN --corpus DIR --fixtures DIR --encoder encode_pprof.mjs

Exit 77 (skipped) when neither go nor node is installed; a part whose tool is missing says so."""
import argparse
import csv
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter

ROW = re.compile(r"^\s*(\S+)\s+\S+%\s+\S+%\s+(\S+)\s+\S+%\s+(.*)$")
UNITS = {"time": "us", "bytes": "B", "count": ""}


def number(label):
    """A value as pprof -top prints it in the unit asked ("1234.50us", "512B", "0")."""
    return float(re.match(r"^-?[0-9.]+", label).group(0))


def close(a, b):
    return abs(a - b) <= 0.011 + 1e-9 * max(abs(a), abs(b))


def xsprof_report(xsprof, path, extra=()):
    out = subprocess.run([xsprof, "report", "--json", *extra, path], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def go_top(pprof, measure):
    args = ["go", "tool", "pprof", "-top", "-nodecount=1000000", "-nodefraction=0", "-edgefraction=0",
            "-symbolize=none"]
    if UNITS[measure]:
        args.append("-unit=" + UNITS[measure])
    out = subprocess.run(args + [pprof], check=True, capture_output=True, text=True,
                         env={**os.environ, "PPROF_TMPDIR": os.path.dirname(pprof)}).stdout
    rows = {}
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.lstrip().startswith("flat")) + 1
    for line in lines[start:]:
        m = ROW.match(line)
        if m:
            rows[m.group(3).strip()] = (number(m.group(1)), number(m.group(2)))
    return rows


def check_go(xsprof, inputs, work, failures):
    for i, (source, options) in enumerate(inputs):
        name = os.path.basename(source)
        out = os.path.join(work, f"go{i}.pb.gz")
        if source.endswith(".db"):  # a collection: the merged profile of its traces
            subprocess.run([xsprof, "export", source, out, "--format", "pprof"], check=True, capture_output=True)
        else:
            subprocess.run([xsprof, "convert", *options, source, out], check=True, capture_output=True)
        report = xsprof_report(xsprof, source, options)
        measure = report["measure"]
        unit = "us" if measure == "time" else measure
        top = go_top(out, measure)
        names = Counter(fn["name"] for fn in report["functions"])
        compared = 0
        for fn in report["functions"]:
            if names[fn["name"]] != 1 or not fn["name"] or fn[f"inclusive_{unit}"] is None:
                continue
            if fn[f"inclusive_{unit}"] == 0:
                continue
            got = top.get(fn["name"])
            if got is None:
                failures.append(f"{name}: go tool pprof does not list {fn['name']!r}")
                continue
            compared += 1
            if not close(got[0], fn[f"self_{unit}"]) or not close(got[1], fn[f"inclusive_{unit}"]):
                failures.append(f"{name}: {fn['name']!r}: pprof flat {got[0]} cum {got[1]}, xsprof self "
                                f"{fn[f'self_{unit}']} inclusive {fn[f'inclusive_{unit}']}")
        if compared < 3:
            failures.append(f"{name}: only {compared} functions compared")
        print(f"go tool pprof: {name} ({measure}): {compared} functions equal")


def check_per_trace(xsprof, collection, work, failures):
    """export --format pprof into a folder: one file per trace, each equal to its costs rows."""
    tables = os.path.join(work, "tables")
    folder = os.path.join(work, "per-trace")
    subprocess.run([xsprof, "export", collection, tables], check=True, capture_output=True)
    subprocess.run([xsprof, "export", collection, folder, "--format", "pprof"], check=True, capture_output=True)
    with open(os.path.join(tables, "traces.csv"), encoding="utf-8", newline="") as f:
        traces = [row["trace_id"] for row in csv.DictReader(f)]
    costs = {}
    with open(os.path.join(tables, "costs.csv"), encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            costs.setdefault(row["trace_id"], []).append(row)
    written = sorted(os.listdir(folder))
    if written != sorted(f"trace-{t}.pb.gz" for t in traces):
        failures.append(f"per-trace export wrote {written} for the traces {traces}")
    for trace in traces:
        path = os.path.join(folder, f"trace-{trace}.pb.gz")
        if not os.path.exists(path):
            continue
        top = go_top(path, "time")
        rows = costs[trace]
        names = Counter(row["function_name"] for row in rows)
        compared = 0
        for row in rows:
            name, self_us, inclusive_us = row["function_name"], float(row["self_us"]), float(row["inclusive_us"])
            if names[name] != 1 or not name or inclusive_us == 0:
                continue
            got = top.get(name)
            if got is None:
                failures.append(f"trace {trace}: go tool pprof does not list {name!r}")
                continue
            compared += 1
            if not close(got[0], self_us) or not close(got[1], inclusive_us):
                failures.append(f"trace {trace}: {name!r}: pprof flat {got[0]} cum {got[1]}, the costs table's "
                                f"self {self_us} inclusive {inclusive_us}")
        if compared < 3:
            failures.append(f"trace {trace}: only {compared} functions compared")
        print(f"go tool pprof: trace-{trace}.pb.gz (export per trace): {compared} functions equal")


def check_encoder(xsprof, encoder, corpus, names, work, failures):
    for stem in names:
        source = os.path.join(corpus, stem + ".cpuprofile")
        out = os.path.join(work, stem + ".pb.gz")
        encoded = subprocess.run(["node", encoder, source, out], capture_output=True, text=True)
        if encoded.returncode == 77:
            print(encoded.stderr.strip())
            return False
        if encoded.returncode != 0:
            failures.append(f"{stem}: the encoder failed: {encoded.stderr}")
            continue
        with open(os.path.join(corpus, stem + ".expected.json"), encoding="utf-8") as f:
            oracle = json.load(f)
        expected = {}
        for fn in oracle["functions"]:
            name, url, line, _column = fn["key"]
            key = (name, url, line + 1 if line >= 0 else 0)
            if key in expected:  # two functions apart only by column: pprof has no column
                expected[key] = None
            else:
                expected[key] = (fn["self"], fn["total"])
        report = xsprof_report(xsprof, out)
        if report["measure"] != "time" or report["format"] != "pprof":
            failures.append(f"{stem}: read as {report['format']} measuring {report['measure']}")
        if not close(report["duration_us"], oracle["duration"]):
            failures.append(f"{stem}: duration {report['duration_us']} µs, the oracle's {oracle['duration']}")
        compared = 0
        for fn in report["functions"]:
            key = (fn["name"], fn["url"], fn["line"])
            if key not in expected:
                failures.append(f"{stem}: {key} is not in the oracle's functions")
                continue
            if expected[key] is None:
                continue
            compared += 1
            if not close(fn["self_us"], expected[key][0]) or not close(fn["inclusive_us"], expected[key][1]):
                failures.append(f"{stem}: {key}: self {fn['self_us']} inclusive {fn['inclusive_us']}, the oracle's "
                                f"{expected[key]}")
        print(f"pprof-format: {stem}: {compared} functions equal to the oracle")
        if compared < 5:
            failures.append(f"{stem}: only {compared} functions compared")
    return True


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--xsprof", required=True)
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--fixtures", required=True)
    parser.add_argument("--encoder", required=True)
    args = parser.parse_args()
    failures = []
    ran = False
    with tempfile.TemporaryDirectory(prefix="xsprof-pprof-") as work:
        if shutil.which("node"):
            ran = check_encoder(args.xsprof, args.encoder, args.corpus, ["node_fib", "node_deep_recursion", "node_tree"],
                                work, failures) or ran
        else:
            print("node is not installed: the pprof-format part is skipped")
        if shutil.which("go"):
            # A pprof xsprof wrote, read back: every sample type of it in turn.
            readback = os.path.join(work, "readback.pb.gz")
            subprocess.run([args.xsprof, "convert", os.path.join(args.corpus, "node_tree.cpuprofile"), readback],
                           check=True)
            # A collection of three runs, exported as one merged pprof.
            collection = os.path.join(work, "runs.db")
            subprocess.run([args.xsprof, "collect", collection] +
                           [os.path.join(args.corpus, f) for f in ("node_fib.cpuprofile", "node_fib_i100.cpuprofile",
                                                                   "node_tree.cpuprofile")],
                           check=True, capture_output=True)
            inputs = [(collection, []),
                      (os.path.join(args.corpus, "node_fib.cpuprofile"), []),
                      (os.path.join(args.corpus, "node_deep_recursion.cpuprofile"), []),
                      (os.path.join(args.corpus, "chromium_traceevents_shared.json"), []),
                      (os.path.join(args.corpus, "xsbug", "gc_alloc.profile-on-start.xsbug"), []),
                      (os.path.join(args.fixtures, "peers", "speedscope-node10-Heap-20181003T105432.heapprofile"), []),
                      (readback, []), (readback, ["--profile", "0"])]
            check_go(args.xsprof, inputs, work, failures)
            check_per_trace(args.xsprof, collection, work, failures)
            ran = True
        else:
            print("go is not installed: the go tool pprof part is skipped")
    for failure in failures[:40]:
        print("FAIL:", failure)
    print(f"{len(failures)} failures")
    if failures:
        return 1
    return 0 if ran else 77


if __name__ == "__main__":
    sys.exit(main())
