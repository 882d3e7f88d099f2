#!/usr/bin/env python3
"""Collections benchmark: the figures of docs/collections.md, on generated field traces.

  tests/bench/run_bench_collect.py [--traces 10000] [--runs 3] [--xsprof build/app/xsprof]

Generates (once, into build/bench-data/) NDJSON beacons of JS Self-Profiling traces with
gen_selfprofiling_ndjson.py, then times, each --runs times, medians printed:
  collect into a new database (wall time, peak RSS), collect again on the same input,
  report --where on half of the traces, the cohort diff of the two halves;
and prints the database's size per trace. Targets (issue 33, 10 000 traces): collect <= 15 s
and <= 500 MB, again <= 3 s, report <= 2 s, diff <= 5 s.
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys
import time

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def timed(command):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 3):
        sys.exit('failed: %s\n%s' % (' '.join(command), done.stderr.decode()))
    rss_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # the largest child so far
    return elapsed, rss_mb, before


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--traces', type=int, default=10000)
    parser.add_argument('--runs', type=int, default=3)
    parser.add_argument('--xsprof', default=os.path.join(root, 'build/app/xsprof'))
    args = parser.parse_args()
    data = os.path.join(root, 'build/bench-data')
    os.makedirs(data, exist_ok=True)
    beacons = os.path.join(data, 'beacons-%d.ndjson' % args.traces)
    if not os.path.exists(beacons):
        subprocess.run([sys.executable, os.path.join(root, 'tests/bench/gen_selfprofiling_ndjson.py'), beacons,
                        '--traces', str(args.traces)], check=True)
    print('%d traces, %.0f MB of NDJSON' % (args.traces, os.path.getsize(beacons) / 1e6))
    figures = {'collect': [], 'collect again': [], 'report --where half': [], 'diff of the halves': []}
    peak = 0.0
    db = os.path.join(data, 'bench-collect.db')
    for _ in range(args.runs):
        for suffix in ('', '-wal', '-shm'):
            if os.path.exists(db + suffix):
                os.remove(db + suffix)
        elapsed, rss, _ = timed([args.xsprof, 'collect', '--quiet', db, beacons])
        figures['collect'].append(elapsed)
        peak = max(peak, rss)
        figures['collect again'].append(timed([args.xsprof, 'collect', '--quiet', db, beacons])[0])
        figures['report --where half'].append(timed([args.xsprof, 'report', db, '--where', 'release = "2.5"'])[0])
        figures['diff of the halves'].append(
            timed([args.xsprof, 'diff', db, '--base', 'release = "2.4"', '--new', 'release = "2.5"'])[0])
    for name, values in figures.items():
        print('%-20s median %.2f s (runs: %s)' % (name, statistics.median(values), ', '.join('%.2f' % v for v in values)))
    print('peak RSS of any command: %.0f MB' % peak)
    print('database: %.1f MB, %.1f kB a trace' % (os.path.getsize(db) / 1e6, os.path.getsize(db) / 1e3 / args.traces))


if __name__ == '__main__':
    main()
