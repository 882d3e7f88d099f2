#!/usr/bin/env bash
# Builds and tests xsprof three ways (installing missing Debian packages first):
#   build/      RelWithDebInfo (line tables only), warnings as errors
#   build-asan/ Debug with AddressSanitizer + UndefinedBehaviorSanitizer, no benchmarks
#   build-fuzz/ clang, model/ + protocol/ and the libFuzzer targets, a bounded run each
#   build-tsan/ model/ + protocol/ and the threaded suites under ThreadSanitizer
#   build-model/ model/ alone, unoptimised, with Qt made unfindable, and its Qt-free corpus check
# Every ctest suite runs without a display (QT_QPA_PLATFORM=offscreen).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib/deps.sh
source scripts/lib/deps.sh

xsprof_install_deps
xsprof_install_test_tools

export QT_QPA_PLATFORM=offscreen
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# Qt's own one-time allocations (fonts, plugins) would be reported as leaks.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}

# CI time (.ci/run must stay under 40 minutes on 2 cores): debug information as line tables
# only (-g1: ASan, UBSan and perf still name file and line; objects and links are smaller),
# the sanitizer tree without the benchmarks it never runs, and model/ alone unoptimised.
line_tables_O2="-O2 -g1 -DNDEBUG"

start=$SECONDS
echo "== include graph (DESIGN.md: no cycles among units, no upward edge between layers)"
python3 scripts/check_includes.py

echo "== build/ (RelWithDebInfo, unity build: as scripts/run.sh builds it)"
xsprof_build build "${XSPROF_BUILD_DEFS[@]}"
ctest --test-dir build --output-on-failure -j2

echo "== build-asan/ (Debug, ASan + UBSan)"
xsprof_build build-asan -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-g1 -DXSPROF_SANITIZE=ON -DXSPROF_BENCHMARKS=OFF
ctest --test-dir build-asan --output-on-failure -j2

echo "== build-fuzz/ (clang, libFuzzer + ASan + UBSan)"
xsprof_build build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=$line_tables_O2" \
    -DCMAKE_CXX_COMPILER=clang++ -DXSPROF_FUZZ=ON
ctest --test-dir build-fuzz --output-on-failure -j2

echo "== build-tsan/ (ThreadSanitizer: model/, protocol/ and the threaded suites, XSPROF_TSAN_SUITES)"
# Optimised a little (-O1): TSan slows code five to fifteen times. The tests carry their
# TSAN_OPTIONS (XSPROF_TSAN_OPTIONS); the suppressions name Qt's and GLib's libraries only, each
# explained in tests/tsan-suppressions.txt.
xsprof_build build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" \
    -DXSPROF_TSAN=ON -DXSPROF_UNITY_BUILD=ON -DXSPROF_BENCHMARKS=OFF
ctest --test-dir build-tsan -L tsan --output-on-failure -j2

echo "== build-model/ (model/ alone, without Qt)"
xsprof_build build-model -DCMAKE_BUILD_TYPE=None -DXSPROF_MODEL_ONLY=ON -DCMAKE_DISABLE_FIND_PACKAGE_Qt6=ON
ctest --test-dir build-model --output-on-failure

echo "== all tests passed in $((SECONDS - start)) s"
