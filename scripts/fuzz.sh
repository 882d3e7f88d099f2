#!/usr/bin/env bash
# Runs the libFuzzer targets for a long time (default one hour each, in parallel on the
# machine's cores), keeping what they find in build-fuzz/findings/TARGET/.
#   scripts/fuzz.sh [SECONDS_PER_TARGET]
# A crash leaves crash-* files there: copy each into tests/fuzz/regressions/ (every ctest run
# replays that folder), fix the bug, and commit both.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib/deps.sh
source scripts/lib/deps.sh

seconds=${1:-3600}
xsprof_install_deps
xsprof_build build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ -DXSPROF_FUZZ=ON
shared=$(cd ../shared/corpus && pwd)
declare -A seeds=(
    [fuzz_profile_loader]="$shared $shared/tiny $shared/xsbug $shared/peers $PWD/tests/model/fixtures/speedscope $PWD/tests/model/fixtures/firefox"
    [fuzz_source_map]="$PWD/tests/fuzz/sourcemap-seeds $shared/peers/source-maps/webpack"
    [fuzz_xsbug_reader]="$shared/xsbug $shared/tiny"
    [fuzz_ps_decoder]="$PWD/tests/fuzz/ps-seeds"
    [fuzz_session_parser]="$shared/xsbug $PWD/tests/fuzz/ps-seeds"
)
# The dictionary CMakeLists.txt gives a target, as -dict=FILE (nothing for the others).
dict_for() {
    case $1 in
    fuzz_profile_loader) echo "-dict=tests/fuzz/profile-formats.dict" ;;
    fuzz_source_map) echo "-dict=tests/fuzz/sourcemap.dict" ;;
    esac
}
pids=()
for target in "${!seeds[@]}"; do
    out=$PWD/build-fuzz/findings/$target
    mkdir -p "$out/corpus"
    # shellcheck disable=SC2086 # the seed folders are separate words
    build-fuzz/tests/fuzz/$target -max_total_time="$seconds" -max_len=1048576 -timeout=20 -rss_limit_mb=4096 \
        $(dict_for "$target") -artifact_prefix="$out/" "$out/corpus" ${seeds[$target]} tests/fuzz/regressions >"$out/$target.log" 2>&1 &
    pids+=($!)
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
for target in "${!seeds[@]}"; do
    echo "$target: $(grep -E '^#[0-9]+|^Done' "build-fuzz/findings/$target/$target.log" | tail -2 | tr '\n' ' ')"
    ls build-fuzz/findings/"$target"/crash-* 2>/dev/null || true
done
exit $status
