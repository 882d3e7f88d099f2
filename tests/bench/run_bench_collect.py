#!/usr/bin/env python3
"""Collections benchmark: the figures of docs/collections.md, on generated field traces.

  tests/bench/run_bench_collect.py [--traces 10000] [--runs 3] [--xsprof build/app/xsprof]
                                   [--before OTHER_XSPROF] [--samples 300] [--diff-only]

Generates (once, into build/bench-data/) NDJSON beacons of JS Self-Profiling traces with
gen_selfprofiling_ndjson.py, then times, each --runs times, medians printed:
  collect into a new database (wall time, peak RSS), collect again on the same input,
  report --where on half of the traces, the cohort diff of the two halves;
and prints the database's size per trace. Each command's peak RSS is its own (wait4).
With --before, every step also runs with that binary (another build, e.g. main's) on its own
database, alternating with --xsprof's so both see the same machine, and the figures are
printed side by side. With --diff-only, each binary collects its database once and only the
cohort diff is timed, --runs times, alternating (issue 47: within 1.5x of before). Targets (issue 33, 10 000 traces): collect <= 15 s and <= 500 MB,
again <= 3 s, report <= 2 s, diff <= 5 s; issue 40: the aggregate measure makes diff at most
2x slower than before.
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def timed(command):
    """Wall time (s) and peak RSS (MB) of one command."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    error = process.stderr.read().decode()
    process.stderr.close()
    if process.returncode not in (0, 3):
        sys.exit('failed: %s\n%s' % (' '.join(command), error))
    return elapsed, usage.ru_maxrss / 1024


def remove_database(db):
    for suffix in ('', '-wal', '-shm'):
        if os.path.exists(db + suffix):
            os.remove(db + suffix)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--traces', type=int, default=10000)
    parser.add_argument('--samples', type=int, default=300)
    parser.add_argument('--runs', type=int, default=3)
    parser.add_argument('--xsprof', default=os.path.join(root, 'build/app/xsprof'))
    parser.add_argument('--before', help='another xsprof binary to compare with')
    parser.add_argument('--diff-only', action='store_true', help='collect once, time only the cohort diff')
    args = parser.parse_args()
    data = os.path.join(root, 'build/bench-data')
    os.makedirs(data, exist_ok=True)
    suffix = '' if args.samples == 300 else '-s%d' % args.samples
    beacons = os.path.join(data, 'beacons-%d%s.ndjson' % (args.traces, suffix))
    if not os.path.exists(beacons):
        subprocess.run([sys.executable, os.path.join(root, 'tests/bench/gen_selfprofiling_ndjson.py'), beacons,
                        '--traces', str(args.traces), '--samples', str(args.samples)], check=True)
    print('%d traces of about %d samples, %.0f MB of NDJSON' % (args.traces, args.samples,
                                                                os.path.getsize(beacons) / 1e6))
    binaries = {'after': args.xsprof}
    if args.before:
        binaries = {'before': args.before, 'after': args.xsprof}
    steps = ['collect', 'collect again', 'report --where half', 'diff of the halves']
    if args.diff_only:
        steps = ['diff of the halves']
        for which, xsprof in binaries.items():
            db = os.path.join(data, 'bench-collect-%s.db' % which)
            remove_database(db)
            subprocess.run([xsprof, 'collect', '--quiet', db, beacons], check=True, stdout=subprocess.DEVNULL)
    figures = {(b, s): [] for b in binaries for s in steps}
    memory = {(b, s): 0.0 for b in binaries for s in steps}
    sizes = {}
    for _ in range(args.runs):
        for which, xsprof in binaries.items():
            db = os.path.join(data, 'bench-collect-%s.db' % which)
            if not args.diff_only:
                remove_database(db)
            commands = {
                'collect': [xsprof, 'collect', '--quiet', db, beacons],
                'collect again': [xsprof, 'collect', '--quiet', db, beacons],
                'report --where half': [xsprof, 'report', db, '--where', 'release = "2.5"'],
                'diff of the halves': [xsprof, 'diff', db, '--base', 'release = "2.4"', '--new', 'release = "2.5"'],
            }
            for step in steps:
                elapsed, rss = timed(commands[step])
                figures[(which, step)].append(elapsed)
                memory[(which, step)] = max(memory[(which, step)], rss)
            sizes[which] = os.path.getsize(db)
    header = '%-20s' % '' + ''.join('  %-26s' % (which + ': median s, peak MB') for which in binaries)
    print(header)
    for step in steps:
        cells = ''.join('  %7.2f s %6.0f MB (%s)' % (statistics.median(figures[(b, step)]), memory[(b, step)],
                                                     ', '.join('%.2f' % v for v in figures[(b, step)]))
                        for b in binaries)
        print('%-20s%s' % (step, cells))
    if args.before:
        # Each run times both binaries back to back: the ratio within a run is what a busy
        # machine leaves comparable.
        ratios = [a / b for a, b in zip(figures[('after', 'diff of the halves')], figures[('before', 'diff of the halves')])]
        print('diff after / before, per run: %s; median %.2fx' % (', '.join('%.2f' % r for r in ratios),
                                                                  statistics.median(ratios)))
        print('diff peak RSS after / before: %.2fx' % (memory[('after', 'diff of the halves')] /
                                                       memory[('before', 'diff of the halves')]))
    for which in binaries:
        print('database (%s): %.1f MB, %.1f kB a trace' % (which, sizes[which] / 1e6, sizes[which] / 1e3 / args.traces))


if __name__ == '__main__':
    main()
