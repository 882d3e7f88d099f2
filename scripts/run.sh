#!/usr/bin/env bash
# Builds xsprof in build/ (installing missing Debian packages first) and starts it.
#   scripts/run.sh                 the window, showing the bundled example profile
#   scripts/run.sh FILE...         the window with these profiles
#   scripts/run.sh report FILE     a headless command (report, convert, listen)
# Without a display (neither DISPLAY nor WAYLAND_DISPLAY set) and without arguments it
# prints a report of the example profile instead of opening the window.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib/deps.sh
source scripts/lib/deps.sh

xsprof_install_deps
XSPROF_TARGETS=xsprof xsprof_build build "${XSPROF_BUILD_DEFS[@]}"

app=build/app/xsprof
if [[ -n "${DISPLAY:-}" || -n "${WAYLAND_DISPLAY:-}" ]]; then
    exec "$app" "$@"
fi

if (($# > 0)); then
    case "$1" in
    report | convert | listen)
        exec "$app" "$@"
        ;;
    esac
    echo "xsprof: no display (DISPLAY and WAYLAND_DISPLAY are empty), so the window cannot open." >&2
    echo "Run it from a desktop session, or with a virtual display: xvfb-run scripts/run.sh $*" >&2
    exit 1
fi

"$app" report resources/examples/example.cpuprofile --top 25
echo
echo "No display (DISPLAY and WAYLAND_DISPLAY are empty), so this is the text report of the"
echo "example profile. For the window, run scripts/run.sh from a desktop session, or"
echo "'xvfb-run scripts/run.sh' / set DISPLAY first."
