#!/usr/bin/env bash
# The renderer people run: the editor, started as a user starts it (its
# default wgpu backend), on Mesa's software Vulkan (lavapipe) under a
# virtual display at 1280x720, draws the same screen as with tiny-skia, the
# renderer every `iced_test` test uses. Both windows are captured and
# compared with a tolerance: wgpu and tiny-skia anti-alias thin lines and
# borders differently, so the screenshots are compared at a quarter of
# their size, where a missing panel, map or text shows and anti-aliasing
# does not. Identical screenshots mean wgpu fell back to tiny-skia (iced
# does so silently), and fail too.
#
# Needs Xvfb, xdotool, ImageMagick and mesa-vulkan-drivers; installs the
# Debian packages when missing and allowed (root with apt-get).
# Usage: check-renderer.sh EDITOR_BINARY
set -euo pipefail
cd "$(dirname "$0")/.."
editor=${1:?usage: check-renderer.sh EDITOR_BINARY}

packages=(xvfb xauth xdotool imagemagick mesa-vulkan-drivers
    libxkbcommon-x11-0 libxcursor1 libxi6 libxrandr2 libx11-xcb1
    fonts-dejavu-core)
if ! command -v Xvfb >/dev/null || ! command -v xdotool >/dev/null \
    || [ ! -x /usr/bin/compare ] || ! ls /usr/share/vulkan/icd.d/lvp_* \
        >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        apt-get install -y -q --no-install-recommends "${packages[@]}" \
            >/dev/null
    else
        echo "missing: install Debian's ${packages[*]}" >&2
        exit 1
    fi
fi

work=$(mktemp -d)
display=:$((90 + RANDOM % 9))
Xvfb "$display" -screen 0 1280x720x24 -nolisten tcp -noreset >"$work/xvfb.log" 2>&1 &
xvfb=$!
editor_pid=
cleanup() {
    [ -n "$editor_pid" ] && kill "$editor_pid" 2>/dev/null || true
    kill "$xvfb" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$work/run" && chmod 700 "$work/run"
export DISPLAY=$display XDG_RUNTIME_DIR=$work/run HOME=$work \
    BERTHIER_DATA_DIR=$work/data BERTHIER_CONFIG_DIR=$work/config
map=maps/ligny-1815/ligny-1815.map.ron
for _ in $(seq 50); do
    xdotool getmouselocation >/dev/null 2>&1 && break
    sleep 0.2
done
if ! xdotool getmouselocation >/dev/null 2>&1; then
    echo "Xvfb did not start on $display" >&2
    cat "$work/xvfb.log" >&2
    exit 1
fi

# Starts the editor on the map with ICED_BACKEND=$1 (empty: iced's default,
# wgpu first), waits for its window and its first frames, and captures the
# screen to $2.png; the Vulkan driver's shared objects it loaded go to
# $2.vulkan.
capture() {
    local backend=$1 shot=$2
    ICED_BACKEND=$backend "$editor" "$map" >"$work/editor-$backend.log" 2>&1 &
    editor_pid=$!
    if ! timeout 120 xdotool search --sync --onlyvisible --pid "$editor_pid" \
        >/dev/null; then
        echo "the editor's window did not open (backend '${backend:-default}')" >&2
        cat "$work/editor-$backend.log" >&2
        exit 1
    fi
    # The map is loaded before the window opens; a few frames to draw it.
    sleep 8
    { grep -o 'libvulkan_lvp[^ ]*' "/proc/$editor_pid/maps" || true; } \
        | sort -u >"$shot.vulkan"
    /usr/bin/import -window root "$shot.png"
    kill "$editor_pid"
    wait "$editor_pid" 2>/dev/null || true
    editor_pid=
}

capture "" "$work/wgpu"
if [ ! -s "$work/wgpu.vulkan" ]; then
    echo "the editor did not load Mesa's lavapipe: wgpu is not drawing on" \
        "Vulkan" >&2
    exit 1
fi
capture tiny-skia "$work/tiny-skia"

differing=$(/usr/bin/compare -metric AE "$work/wgpu.png" \
    "$work/tiny-skia.png" null: 2>&1 || true)
if [ "$differing" = 0 ]; then
    echo "wgpu and tiny-skia drew identical pixels: wgpu fell back to" \
        "tiny-skia" >&2
    exit 1
fi
for backend in wgpu tiny-skia; do
    /usr/bin/convert "$work/$backend.png" -scale 25% "$work/$backend-small.png"
done
# "2208.94 (0.0337063)": the normalised root mean square error is the
# number in brackets.
rmse=$(/usr/bin/compare -metric RMSE "$work/wgpu-small.png" \
    "$work/tiny-skia-small.png" null: 2>&1 | sed -E 's/.*\((.*)\).*/\1/' \
    || true)
echo "wgpu on lavapipe against tiny-skia: $differing pixels differ;" \
    "RMSE at a quarter size $rmse (at most 0.04)"
if ! awk -v e="$rmse" 'BEGIN { exit !(e + 0 <= 0.04) }'; then
    mkdir -p target/renderer
    cp "$work/wgpu.png" "$work/tiny-skia.png" target/renderer/
    echo "the screens differ: see target/renderer/*.png" >&2
    exit 1
fi
