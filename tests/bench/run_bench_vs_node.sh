#!/usr/bin/env bash
# `xsprof report FILE` against Node (read + JSON.parse + aggregation,
# ../shared/tools/node_baseline.js FILE) on the same files, side by side: runs alternate
# (xsprof, node, xsprof, node, ...), so both see the same machine load. Prints per file the
# median wall time of each, their ratio, and each one's peak RSS against the file size.
#
#   tests/bench/run_bench_vs_node.sh [--runs N] [--xsprof PATH] FILE...
#
# Generate the files with ../shared/tools/gen_cpuprofile.py, e.g.
#   gen_cpuprofile.py --nodes 100000 --samples 1000000 --seed 12 --out /tmp/p1m.cpuprofile
#   gen_cpuprofile.py --nodes 300000 --samples 5000000 --seed 13 --out /tmp/p5m.cpuprofile
set -euo pipefail
cd "$(dirname "$0")/../.."
shared=${XSPROF_SHARED_DIR:-../shared}
runs=5
xsprof=build/app/xsprof
while (($# > 0)); do
    case $1 in
    --runs) runs=$2; shift 2 ;;
    --xsprof) xsprof=$2; shift 2 ;;
    *) break ;;
    esac
done
(($# > 0)) || { echo "usage: $0 [--runs N] [--xsprof PATH] FILE..." >&2; exit 2; }

# "seconds peak-kB" of one run; the command's output is discarded. The wall time is taken
# around the run with nanosecond clocks (time's %e counts hundredths: a tenth of a 0.13 s run).
measure() {
    local log start end
    log=$(mktemp)
    start=$(date +%s%N)
    /usr/bin/time -f '%M' -o "$log" "$@" >/dev/null 2>&1 || echo "  (exit status $? from $*)" >&2
    end=$(date +%s%N)
    echo "$(((end - start) / 1000))e-6 $(tail -n 1 "$log")" # microseconds
    rm -f "$log"
}

echo "== xsprof report vs node node_baseline.js, $runs alternating runs each, $(nproc) cores, $(date -u '+%F %H:%M UTC')"
printf '%-22s %8s %10s %10s %7s %11s %11s\n' file "MB" "xsprof s" "node s" ratio "xsprof RSS" "node RSS"
for file in "$@"; do
    x_times=() n_times=() x_rss=0 n_rss=0
    for ((i = 0; i < runs; i++)); do
        read -r t m < <(QT_QPA_PLATFORM=offscreen measure "$xsprof" report "$file")
        x_times+=("$t"); ((m > x_rss)) && x_rss=$m
        read -r t m < <(measure node "$shared/tools/node_baseline.js" "$file")
        n_times+=("$t"); ((m > n_rss)) && n_rss=$m
    done
    X="${x_times[*]}" N="${n_times[*]}" XR=$x_rss NR=$n_rss F="$file" python3 - <<'PY'
import os, statistics
x = [float(v) for v in os.environ["X"].split()]
n = [float(v) for v in os.environ["N"].split()]
size = os.path.getsize(os.environ["F"])
mx, mn = statistics.median(x), statistics.median(n)
xr, nr = int(os.environ["XR"]) * 1024, int(os.environ["NR"]) * 1024
print("%-22s %8.1f %10.3f %10.3f %7.3f %5.0f MB %3.2fx %5.0f MB %3.2fx" % (
    os.path.basename(os.environ["F"]), size / 1e6, mx, mn, mx / mn, xr / 1e6, xr / size, nr / 1e6, nr / size))
PY
done
