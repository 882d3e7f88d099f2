#!/usr/bin/env bash
# Load + analysis benchmark on generated V8 .cpuprofile files, with Node's JSON.parse
# baseline for comparison.
#
#   tests/bench/run_bench_load.sh [FILE...]
#
# Without FILE arguments: generates (once) 100k, 1M and 5M-sample profiles into
# build/bench-data/ with ../shared/tools/gen_cpuprofile.py, builds bench_load in build/
# (RelWithDebInfo), runs it, then runs ../shared/tools/node_baseline.js on each file.
# Needs python3 for the generator and node for the baseline (skipped without node).
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=scripts/lib/deps.sh
source scripts/lib/deps.sh

shared=${XSPROF_SHARED_DIR:-../shared}
data=build/bench-data

xsprof_install_deps
xsprof_configure build "${XSPROF_BUILD_DEFS[@]}"
cmake --build build -j2 --target bench_load

if (($# > 0)); then
    files=("$@")
else
    mkdir -p "$data"
    # name, then gen_cpuprofile.py arguments (kept in step with bench_load.cpp)
    inputs=(
        "bench_100k.cpuprofile --nodes 20000 --samples 100000 --seed 11"
        "bench_1m.cpuprofile --nodes 100000 --samples 1000000 --seed 12"
        "bench_5m.cpuprofile --nodes 300000 --samples 5000000 --seed 13"
    )
    files=()
    for input in "${inputs[@]}"; do
        read -r name arguments <<<"$input"
        if [[ ! -s "$data/$name" ]]; then
            echo "generating $data/$name ($arguments)"
            # shellcheck disable=SC2086 # the arguments are meant to split
            python3 "$shared/tools/gen_cpuprofile.py" $arguments --out "$data/$name.tmp"
            mv "$data/$name.tmp" "$data/$name"
        fi
        files+=("$data/$name")
    done
fi

echo "== xsprof ($(nproc) cores, $(date -u +%Y-%m-%d))"
build/tests/bench/bench_load "${files[@]}"

echo
echo "== Node baseline: read + JSON.parse + per-node and per-function self time only"
echo "   (node_baseline.js; no call tree, no divided total), one run per file; peak RSS from /usr/bin/time"
if ! command -v node >/dev/null 2>&1; then
    echo "node is not installed: skipped"
    exit 0
fi
echo "node $(node --version)"
printf '%-24s %9s %9s %9s %9s %9s\n' file "read s" "parse s" "total s" "heap MB" "RSS MB"
for file in "${files[@]}"; do
    rss_log=$(mktemp)
    if [[ -x /usr/bin/time ]]; then
        json=$(/usr/bin/time -f '%M' -o "$rss_log" node "$shared/tools/node_baseline.js" "$file" --json)
    else
        json=$(node "$shared/tools/node_baseline.js" "$file" --json)
    fi
    rss_kb=$(tail -n 1 "$rss_log" 2>/dev/null || true)
    rm -f "$rss_log"
    NODE_JSON=$json RSS_KB=${rss_kb:-0} FILE_NAME=$(basename "$file") python3 - <<'PY'
import json, os
r = json.loads(os.environ["NODE_JSON"])
rss = int(os.environ["RSS_KB"] or 0) * 1024 / 1e6
print("%-24s %9.3f %9.3f %9.3f %9d %9s" % (os.environ["FILE_NAME"], r["read_ms"] / 1000, r["parse_ms"] / 1000,
      r["total_ms"] / 1000, r["heap_used_mb"], "%.1f" % rss if rss else "-"))
PY
done
