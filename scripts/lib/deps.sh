# shellcheck shell=bash
# Sourced by scripts/run.sh and scripts/test.sh: installs the Debian 12 packages
# xsprof needs to build and test, and nothing when they are all present already.

# libqt6svg6 holds the SVG image and icon plugins; without it the SVG icons do not show.
# qt6-svg-dev: QSvgGenerator, for exporting the flame graph and timeline as SVG.
# libsqlite3-dev: the collections' store (model/collection).
# qt6-serialport-dev: serial devices (protocol/serial/serialconnection).
# python3 runs ../shared/tools (the oracle, the profile generator, the XS replayer) in tests;
# clang and libclang-rt-14-dev build the libFuzzer targets; python3-scipy (Debian's /usr/bin/python3)
# computes the reference values of the cohort statistics' test.
# libprotobuf-dev and protobuf-compiler: pprof's profile.proto, compiled at build time (model/readers);
# golang-go: `go tool pprof`, which reads the pprof xsprof writes in tests/measures.
# libdeflate-dev: gzip input inflated whole, twice as fast as zlib (model/json/gzipinput).
# libxxhash-dev: xxHash, the hash of a pprof sample's call path (model/readers/pprofsamplerun).
# qt6-l10n-tools (lupdate, lrelease) and qt6-tools-dev (CMake's Qt6LinguistTools): the English
# plural forms, resources/translations/xsprof_en.ts, compiled into the window ("3 rows", not "3 row(s)").
XSPROF_PACKAGES=(qt6-base-dev libqcustomplot-dev nlohmann-json3-dev libsimdjson-dev zlib1g-dev libsqlite3-dev qt6-serialport-dev cmake g++ ninja-build xvfb libqt6svg6 qt6-svg-dev
    python3 python3-scipy clang libclang-rt-14-dev libprotobuf-dev protobuf-compiler golang-go libdeflate-dev libxxhash-dev qt6-l10n-tools qt6-tools-dev)

xsprof_missing_packages() {
    local pkg status
    for pkg in "${XSPROF_PACKAGES[@]}"; do
        status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
        if [[ "$status" != "install ok installed" ]]; then
            printf '%s\n' "$pkg"
        fi
    done
}

xsprof_install_deps() {
    local missing
    mapfile -t missing < <(xsprof_missing_packages)
    if ((${#missing[@]} == 0)); then
        return 0
    fi
    echo "xsprof: installing missing packages: ${missing[*]}" >&2
    local -a sudo=()
    if [[ $(id -u) -ne 0 ]]; then
        if ! command -v sudo >/dev/null 2>&1; then
            echo "xsprof: not root and sudo is not available; install as root: apt-get install ${missing[*]}" >&2
            return 1
        fi
        sudo=(sudo)
    fi
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
}

# How build/ is configured, by run.sh and test.sh alike (neither then reconfigures the other's
# tree): optimised, debug information as line tables only (-g1: backtraces, ASan and perf still
# name file and line, for much less compile time than -g), and the product libraries compiled
# in batches (cmake/UnityBuild.cmake). A first run.sh build takes about 37 % of the processor
# time of RelWithDebInfo's default -O2 -g source by source (README, Set-up).
XSPROF_BUILD_DEFS=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG"
    -DXSPROF_UNITY_BUILD=ON)

# xsprof_configure BUILD_DIR [-DVAR=VALUE...]: runs CMake (Ninja, warnings as errors) when
# the directory is new or one of the given cache values differs. Otherwise nothing: Ninja
# re-runs CMake by itself when a CMakeLists.txt changes.
xsprof_configure() {
    local dir=$1
    shift
    local -a defs=(-DXSPROF_WERROR=ON "$@")
    local configure=0 def name value
    if [[ ! -f "$dir/build.ninja" || ! -f "$dir/CMakeCache.txt" ]]; then
        configure=1
    else
        for def in "${defs[@]}"; do
            name=${def#-D}
            value=${name#*=}
            name=${name%%=*}
            if ! grep -qE "^${name}(:[A-Z]+)?=${value}\$" "$dir/CMakeCache.txt"; then
                configure=1
            fi
        done
    fi
    if ((configure)); then
        cmake -S . -B "$dir" -G Ninja "${defs[@]}"
    fi
}

# xsprof_build BUILD_DIR [-DVAR=VALUE...]: configure if needed, then build incrementally
# (every target, or only those in XSPROF_TARGETS).
xsprof_build() {
    xsprof_configure "$@"
    local -a targets=()
    if [[ -n "${XSPROF_TARGETS:-}" ]]; then
        read -r -a targets <<<"$XSPROF_TARGETS"
        targets=(--target "${targets[@]}")
    fi
    cmake --build "$1" -j2 "${targets[@]}"
}

# xsprof_install_test_tools: what only the tests need beyond Debian's packages: Node.js (Debian's
# nodejs and npm when no node is on the PATH), DuckDB's Node bindings from the npm registry
# (tests/sql/package.json), for the test that runs the README's export SQL in DuckDB,
# pprof-format (tests/measures/package.json), an independent pprof encoder, and
# Microsoft's DAP client (tests/dap/package.json), for the tests that drive `xsprof dap`.
xsprof_install_test_tools() {
    if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
        echo "xsprof: installing Node.js and npm for the SQL and DAP tests" >&2
        local -a sudo=()
        [[ $(id -u) -ne 0 ]] && sudo=(sudo)
        "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends nodejs npm
    fi
    if [[ ! -d tests/sql/node_modules/@duckdb/node-api ]]; then
        echo "xsprof: installing DuckDB's Node bindings into tests/sql (npm registry)" >&2
        npm install --prefix tests/sql --no-audit --no-fund --loglevel=error \
            || echo "xsprof: npm install failed: the sql_duckdb_export test will say so" >&2
    fi
    if [[ ! -d tests/measures/node_modules/pprof-format ]]; then
        echo "xsprof: installing pprof-format, an independent pprof encoder, into tests/measures (npm registry)" >&2
        npm install --prefix tests/measures --no-audit --no-fund --loglevel=error \
            || echo "xsprof: npm install failed: measures_pprof will skip its pprof-format part" >&2
    fi
    if [[ ! -d tests/dap/node_modules/@vscode/debugadapter-testsupport || ! -d tests/dap/node_modules/ajv-draft-04 ||
          ! -d tests/dap/node_modules/@vscode/vsce ]]; then
        echo "xsprof: installing Microsoft's DAP client into tests/dap (npm registry)" >&2
        npm install --prefix tests/dap --no-audit --no-fund --loglevel=error \
            || echo "xsprof: npm install failed: the dap_* tests will say so" >&2
    fi
}
