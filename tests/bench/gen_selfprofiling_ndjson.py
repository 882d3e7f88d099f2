#!/usr/bin/env python3
"""Writes NDJSON beacons of JS Self-Profiling traces, the shape field collection gives:
one {"trace": ProfilerTrace, "release": ..., "device": ..., "country": ..., "session_ms": ...}
per line.

Each trace samples one of a fixed set of call paths through an app of --functions functions
every 10 ms, --samples samples on average (between half and one and a half times that). In
release "2.5", the function named parseRecords costs --slowdown times its usual weight: the
regression a cohort comparison should find; every other function is drawn alike in both
releases.

With --rare-presence P, a function named checkout (called from parseRecords) runs in a fraction
P of the traces only, taking about a tenth of their samples, --rare-slowdown times that in
release "2.5": a regression on a rare path, whose median share is 0 in both releases. With
--halves, each trace gets an attribute half = "a" or "b" at random, for A/A comparisons.

  gen_selfprofiling_ndjson.py OUT --traces 10000 [--samples 300] [--functions 150] [--seed 1]
                              [--rare-presence 0.3 --rare-slowdown 1.45] [--halves]
"""
import argparse
import json
import random


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('out')
    parser.add_argument('--traces', type=int, default=10000)
    parser.add_argument('--samples', type=int, default=300)
    parser.add_argument('--functions', type=int, default=150)
    parser.add_argument('--slowdown', type=float, default=1.5)
    parser.add_argument('--seed', type=int, default=1)
    parser.add_argument('--rare-presence', type=float, default=0.0)
    parser.add_argument('--rare-slowdown', type=float, default=1.0)
    parser.add_argument('--halves', action='store_true')
    args = parser.parse_args()
    rng = random.Random(args.seed)

    resources = ['https://app.example/main.js', 'https://app.example/vendor.js', 'https://app.example/worker.js']
    names = ['parseRecords'] + ['fn%03d' % i for i in range(1, args.functions)]
    frames = [{'name': name, 'resourceId': i % len(resources), 'line': 10 + 7 * i, 'column': 3 + i % 40}
              for i, name in enumerate(names)]
    # A tree of paths: each function's caller is an earlier one, so paths share prefixes.
    parent = [None] + [rng.randrange(0, max(1, i // 3)) for i in range(1, len(frames))]
    weights = [rng.paretovariate(1.2) for _ in frames]
    rare = None
    if args.rare_presence > 0:
        rare = len(frames)
        frames.append({'name': 'checkout', 'resourceId': 0, 'line': 5000, 'column': 5})
        parent.append(0)
        weights.append(sum(weights) / 9)  # a tenth of the samples of a trace it runs in

    def path_of(frame):
        path = []
        while frame is not None:
            path.append(frame)
            frame = parent[frame]
        return path[::-1]

    devices = ['pixel-7', 'iphone-13', 'galaxy-s21', 'moto-g', 'desktop']
    countries = ['de', 'us', 'in', 'br', 'jp', 'fr']
    with open(args.out, 'w') as out:
        for t in range(args.traces):
            release = '2.4' if t % 2 == 0 else '2.5'
            w = list(weights)
            if release == '2.5':
                w[0] *= args.slowdown
            if rare is not None:
                if rng.random() >= args.rare_presence:
                    w[rare] = 0.0
                elif release == '2.5':
                    w[rare] *= args.rare_slowdown
            count = rng.randint(args.samples // 2, args.samples * 3 // 2)
            leaves = rng.choices(range(len(frames)), weights=w, k=count)
            stacks, stack_of = [], {}
            used_frames = {}
            samples = []
            time = rng.uniform(0, 1000)
            for leaf in leaves:
                parent_stack = None
                for frame in path_of(leaf):
                    key = (parent_stack, frame)
                    if key not in stack_of:
                        local = used_frames.setdefault(frame, len(used_frames))
                        entry = {'frameId': local}
                        if parent_stack is not None:
                            entry['parentId'] = parent_stack
                        stack_of[key] = len(stacks)
                        stacks.append(entry)
                    parent_stack = stack_of[key]
                if rng.random() < 0.05:
                    samples.append({'timestamp': round(time, 3)})  # no script running
                else:
                    samples.append({'timestamp': round(time, 3), 'stackId': parent_stack})
                time += rng.uniform(9.0, 11.0)
            trace_frames = [None] * len(used_frames)
            for frame, local in used_frames.items():
                trace_frames[local] = frames[frame]
            trace = {'resources': resources, 'frames': trace_frames, 'stacks': stacks, 'samples': samples}
            beacon = {'trace': trace, 'release': release, 'device': rng.choice(devices),
                      'country': rng.choice(countries), 'session_ms': rng.randint(1000, 600000)}
            if args.halves:
                beacon['half'] = rng.choice('ab')
            out.write(json.dumps(beacon, separators=(',', ':')) + '\n')


if __name__ == '__main__':
    main()
