#!/usr/bin/env bash
# Takes the screenshots of the landing pages (docs/serving.md) with headless Chromium, into docs/screenshots/.
# Usage: scripts/screenshots.sh [DEEPLINKD_BINARY]   (default .build/debug/deeplinkd; run from the repository root)
# Phone shots are 390x844 CSS pixels (an iPhone's viewport) at scale 1, which keeps each PNG small; one desktop
# shot of the charger page is 1280x800; charger-dark.png is the phone shot with prefers-color-scheme: dark.
set -euo pipefail

binary=${1:-.build/debug/deeplinkd}
out=docs/screenshots
command -v chromium >/dev/null || { echo "chromium is not installed (scripts/install-deps.sh chromium)" >&2; exit 1; }
mkdir -p "$out"

work=$(mktemp -d)
server=
cleanup() {
    if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

"$binary" serve --port 0 --config config/deeplinkd.yaml --public Public 2>"$work/server.log" &
server=$!
port=
for _ in $(seq 100); do
    port=$(sed -n 's/.*"message":"serving".*"url":"http:\/\/[^"]*:\([0-9]*\)".*/\1/p' "$work/server.log")
    [ -n "$port" ] && break
    kill -0 "$server" 2>/dev/null || break
    sleep 0.1
done
[ -n "$port" ] || { echo "the server did not log its port:" >&2; cat "$work/server.log" >&2; exit 1; }

# shoot FILE WIDTHxHEIGHT PATH [CHROMIUM_FLAG...]
shoot() {
    local file=$1 size=$2 path=$3
    shift 3
    # --no-sandbox: this runs as root. A fresh profile each time; timeout so a hung browser cannot stall the script.
    timeout 30 chromium --headless=new --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
        --user-data-dir="$work/profile-$file" --force-device-scale-factor=1 --window-size="${size/x/,}" \
        --screenshot="$out/$file" "$@" "http://127.0.0.1:$port$path" >/dev/null 2>&1
    [ -s "$out/$file" ] || { echo "no screenshot for $path" >&2; exit 1; }
    echo "$out/$file ($size, $(($(stat -c %s "$out/$file") / 1024)) KB)"
}

shoot charger.png 390x844 /c/CH-42
shoot charger-desktop.png 1280x800 /c/CH-42
shoot charger-dark.png 390x844 /c/CH-42 --force-dark-mode  # also makes prefers-color-scheme: dark
shoot qr-sign-in.png 390x844 /u/abcd
shoot magic-link.png 390x844 /m/Mq7Zt2vXk9Lw4Rb8Hn3Pd6Ys
shoot not-found.png 390x844 /nothing
