#!/usr/bin/env python3
"""Writes one random sampled run twice: in another format and as a .cpuprofile holding the
same samples, for tests/bench/run_bench_formats.sh (load time of each beside the other).

  gen_formats.py gecko   --samples N --out-dir DIR [--functions F] [--seed S]
  gen_formats.py tracing --samples N --out-dir DIR [--functions F] [--seed S]

gecko:   DIR/bench.gecko.json, a Firefox Gecko profile (one GeckoMain thread, JS frames
         "fn_k (file:///bench/mK.js:L:C)", a sample every 1 ms), and DIR/bench_gecko.cpuprofile.
tracing: DIR/bench.trace.json, a trace-event file of B/E duration events (chrome://tracing
         style): between two samples the frames that differ are closed and opened, so each
         interval between events is one sample; and DIR/bench_tracing.cpuprofile.
Both .cpuprofiles have the same stacks at the same times (end time = the last event)."""
import argparse
import json
import os
import random


def walk(samples, functions, seed, nodes=20000):
    """Stacks of a random walk on a call tree of at most `nodes` paths: each step returns 1-2
    frames up and calls 1-2 functions down (a node has at most 3 callees), depth 2-40."""
    rnd = random.Random(seed)
    callees = {(0,): []}
    stack = (0,)
    out = []
    for _ in range(samples):
        stack = stack[:max(1, len(stack) - rnd.randint(1, 2))]
        for _ in range(rnd.randint(1, 2) if len(stack) < 40 else 0):
            below = callees[stack]
            if len(below) < 3 and len(callees) < nodes:
                child = stack + (rnd.randrange(1, functions),)
                if child not in callees:
                    callees[child] = []
                    below.append(child)
                stack = child
            elif below:
                stack = rnd.choice(below)
        out.append(stack)
    return out


def location(k):
    return "file:///bench/m%d.js" % (k % 97), 1 + k % 5000, 1 + (k * 7) % 80


def write_cpuprofile(path, stacks, times, end):
    ids = {(): 1}
    nodes = [{"id": 1, "callFrame": {"functionName": "(root)", "scriptId": "0", "url": "",
                                     "lineNumber": -1, "columnNumber": -1}, "children": []}]
    children = {1: nodes[0]["children"]}
    samples = []
    for st in stacks:
        for depth in range(1, len(st) + 1):
            prefix = st[:depth]
            if prefix not in ids:
                nid = len(nodes) + 1
                ids[prefix] = nid
                url, line, col = location(prefix[-1])
                node = {"id": nid, "callFrame": {"functionName": "fn_%d" % prefix[-1], "scriptId": "1", "url": url,
                                                 "lineNumber": line - 1, "columnNumber": col - 1}, "children": []}
                nodes.append(node)
                children[nid] = node["children"]
                children[ids[prefix[:-1]]].append(nid)
        samples.append(ids[st])
    deltas = [times[0]] + [b - a for a, b in zip(times, times[1:])]
    with open(path, "w") as f:
        json.dump({"nodes": nodes, "startTime": 0, "endTime": end, "samples": samples, "timeDeltas": deltas}, f,
                  separators=(",", ":"))


def gecko(args):
    stacks = walk(args.samples, args.functions, args.seed)
    times = [1000 * (i + 1) for i in range(len(stacks))]  # µs
    strings = ["fn_%d (%s:%d:%d)" % ((k,) + location(k)) for k in range(args.functions)]
    frames = [[k, False, 0, None, location(k)[1], location(k)[2], 1, 0] for k in range(args.functions)]
    index, table = {}, []
    rows = []
    for st, t in zip(stacks, times):
        parent = None
        for depth in range(1, len(st) + 1):
            prefix = st[:depth]
            if prefix not in index:
                index[prefix] = len(table)
                table.append([parent, prefix[-1]])
            parent = index[prefix]
        rows.append([parent, t / 1000.0, 0])
    thread = {"name": "GeckoMain", "processType": "default", "processName": "Parent Process", "pid": "1", "tid": 1,
              "registerTime": 0, "unregisterTime": None, "stringTable": strings,
              "frameTable": {"schema": {"location": 0, "relevantForJS": 1, "innerWindowID": 2, "implementation": 3,
                                        "line": 4, "column": 5, "category": 6, "subcategory": 7}, "data": frames},
              "stackTable": {"schema": {"prefix": 0, "frame": 1}, "data": table},
              "samples": {"schema": {"stack": 0, "time": 1, "eventDelay": 2}, "data": rows},
              "markers": {"schema": {"name": 0, "startTime": 1, "endTime": 2, "phase": 3, "category": 4, "data": 5},
                          "data": []}}
    profile = {"meta": {"version": 27, "interval": 1, "startTime": 0, "processType": 0, "product": "Firefox"},
               "libs": [], "processes": [], "threads": [thread]}
    with open(os.path.join(args.out_dir, "bench.gecko.json"), "w") as f:
        json.dump(profile, f, separators=(",", ":"))
    # Gecko profiles have no end time: the last sample lasts the median (1 ms) after the last.
    write_cpuprofile(os.path.join(args.out_dir, "bench_gecko.cpuprofile"), stacks, times, times[-1] + 1000)


def tracing(args):
    # Two equal stacks in a row make no event between them: keep one sample, so that the
    # .cpuprofile holds exactly the trace's samples.
    stacks = []
    for st in walk(args.samples, args.functions, args.seed):
        if not stacks or st != stacks[-1]:
            stacks.append(st)
    times = [1000 * (i + 1) + (i * 37) % 200 for i in range(len(stacks))]
    end = times[-1] + 1000
    # At one timestamp a reader takes the ends before the begins, except a begin with the same
    # key (name and args) as one of those ends: that is read as a zero-length event (the Trace
    # Event Format's tools, speedscope's tests). When the first frame opened has the name of a
    # frame closed at that time, its B and E get args of their own, so that the trace holds
    # exactly the .cpuprofile's stacks.
    def event(ph, k, tie, t):
        extra = ',"args":{"tie":%d}' % tie if tie else ""
        return ',\n{"ph":"%s","name":"fn_%d","cat":"js","pid":1,"tid":1,"ts":%d%s}' % (ph, k, t, extra)

    with open(os.path.join(args.out_dir, "bench.trace.json"), "w") as f:
        f.write('{"traceEvents":[\n{"ph":"M","name":"thread_name","pid":1,"tid":1,"args":{"name":"main"}}')
        previous, ties, serial = (), [], 0
        for st, t in zip(stacks + [()], times + [end]):
            common = 0
            while common < min(len(st), len(previous)) and st[common] == previous[common]:
                common += 1
            for k, tie in reversed(list(zip(previous[common:], ties[common:]))):
                f.write(event("E", k, tie, t))
            ties = ties[:common]
            for depth, k in enumerate(st[common:]):
                tie = 0
                if depth == 0 and k in previous[common:]:
                    serial += 1
                    tie = serial
                ties.append(tie)
                f.write(event("B", k, tie, t))
            previous = st
        f.write("\n]}\n")
    write_cpuprofile(os.path.join(args.out_dir, "bench_tracing.cpuprofile"), stacks, times, end)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("format", choices=["gecko", "tracing"])
    p.add_argument("--samples", type=int, required=True)
    p.add_argument("--functions", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out-dir", required=True)
    args = p.parse_args()
    os.makedirs(args.out_dir, exist_ok=True)
    (gecko if args.format == "gecko" else tracing)(args)


if __name__ == "__main__":
    main()
