#!/usr/bin/env bash
# A long fuzzing campaign on ONE core: the libFuzzer targets take turns (nice -n 19), each
# round giving every target ROUND_SECONDS, until TOTAL_SECONDS have passed. Corpus, logs and
# findings go under OUT_DIR (default /tmp/xsprof-fuzz), not into the source tree.
#   scripts/fuzz.sh [TOTAL_SECONDS [ROUND_SECONDS [OUT_DIR]]]     (default 8 h, 10 min rounds)
# XSPROF_FUZZ_TARGETS="fuzz_a fuzz_b" runs only those (two campaigns on two cores take disjoint
# lists); XSPROF_FUZZ_GOAL=N leaves out a target once its log counts N inputs, over every campaign
# that wrote to OUT_DIR, and ends when all have.
# A crash leaves crash-* files in OUT_DIR/TARGET/: copy each into tests/fuzz/regressions/
# (every ctest run replays that folder), fix the bug, and commit both.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib/deps.sh
source scripts/lib/deps.sh

total=${1:-28800}
round=${2:-600}
out=${3:-/tmp/xsprof-fuzz}
xsprof_install_deps
xsprof_build build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ -DXSPROF_FUZZ=ON
shared=$(cd ../shared/corpus && pwd)
fuzz=$PWD/tests/fuzz
all_targets=(fuzz_ps_decoder fuzz_xsbug_reader fuzz_session_parser fuzz_debugger_session fuzz_profile_loader fuzz_source_map
    fuzz_sample_log fuzz_dap_framing)
read -r -a targets <<<"${XSPROF_FUZZ_TARGETS:-${all_targets[*]}}"
goal=${XSPROF_FUZZ_GOAL:-0}
declare -A dicts=(
    [fuzz_profile_loader]=json.dict [fuzz_xsbug_reader]=xsbug.dict [fuzz_ps_decoder]=ps.dict
    [fuzz_session_parser]=xsbug.dict [fuzz_debugger_session]=xsbug.dict [fuzz_source_map]=sourcemap.dict
    [fuzz_sample_log]=ps.dict [fuzz_dap_framing]=dap.dict
)
declare -A seeds=(
    [fuzz_profile_loader]="$shared/tiny $fuzz/profile-seeds"
    [fuzz_xsbug_reader]="$fuzz/xsbug-seeds $fuzz/debugger-seeds"
    [fuzz_ps_decoder]="$fuzz/ps-seeds"
    [fuzz_session_parser]="$fuzz/xsbug-seeds"
    [fuzz_debugger_session]="$fuzz/xsbug-seeds $fuzz/debugger-seeds"
    [fuzz_source_map]="$fuzz/sourcemap-seeds"
    [fuzz_sample_log]="$fuzz/ps-seeds"
    [fuzz_dap_framing]="$fuzz/dap-seeds"
)
# Allocation stacks are not recorded (about 10 % more inputs a second; every error is still
# found, and a kept crash input replays with the full context when run by hand).
export ASAN_OPTIONS=${ASAN_OPTIONS:-malloc_context_size=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# Inputs TARGET has run in every round that ended (a round cut short prints no count).
inputs_run() {
    local log=$out/$1/$1.log
    [[ -f $log ]] || { echo 0; return; }
    awk '/^stat::number_of_executed_units/ {s += $2} END {print s + 0}' "$log"
}
start=$SECONDS
while ((SECONDS - start < total)); do
    ran=0
    for target in "${targets[@]}"; do
        runs=-1 # no bound but the round's time
        if ((goal > 0)); then
            runs=$((goal - $(inputs_run "$target")))
            ((runs > 0)) || continue
        fi
        ran=1
        dir=$out/$target
        mkdir -p "$dir/corpus"
        # shellcheck disable=SC2086 # the seed folders are separate words
        nice -n 19 build-fuzz/tests/fuzz/$target -max_total_time="$round" -runs="$runs" -max_len=65536 -timeout=20 \
            -rss_limit_mb=2048 -dict="$fuzz/${dicts[$target]}" -artifact_prefix="$dir/" -print_final_stats=1 \
            "$dir/corpus" ${seeds[$target]} "$fuzz/regressions" >>"$dir/$target.log" 2>&1 || true
    done
    ((ran)) || break
done
for target in "${targets[@]}"; do
    echo "$target: $(inputs_run "$target") inputs, $(grep -E '^#[0-9]+' "$out/$target/$target.log" | tail -1 | grep -oE 'cov: [0-9]+ ft: [0-9]+')"
    ls "$out/$target"/crash-* "$out/$target"/leak-* "$out/$target"/timeout-* 2>/dev/null || true
done
