#!/usr/bin/env bash
# Takes the screenshots of the landing pages (docs/serving.md, docs/landing-pages.md) with headless Chromium, into
# docs/screenshots/.
# Usage: scripts/screenshots.sh [DEEPLINKD_BINARY] [NAME...]   (default .build/debug/deeplinkd and every state;
# run from the repository root)
#
# One line per state: the PNG's name, the window in CSS pixels, the browser (a name of Tests/system/agents.txt, or -
# for chromium's own User-Agent), the route table served, the path opened, and `dark` for prefers-color-scheme: dark.
# Phone shots are 390x844 (an iPhone's viewport) at scale 1, which keeps each PNG small. A page state that needs a
# User-Agent, a table or a path of its own is one more line here. Tests/system/landing_pages.py reads this list, so
# the page tests (axe-core, HTML validity, unfurl metadata) check every state in it: each screenshot shows a checked
# page.
states=(
    # name                  size      browser        table                   path
    "charger                390x844   -              config/deeplinkd.yaml   /c/CH-42"
    "charger-desktop        1280x800  -              config/deeplinkd.yaml   /c/CH-42"
    "charger-dark           390x844   -              config/deeplinkd.yaml   /c/CH-42   dark"
    "qr-sign-in             390x844   -              config/deeplinkd.yaml   /u/abcd"
    "magic-link             390x844   -              config/deeplinkd.yaml   /m/Mq7Zt2vXk9Lw4Rb8Hn3Pd6Ys"
    "not-found              390x844   -              config/deeplinkd.yaml   /nothing"
    "charger-in-app         390x844   instagram-ios  config/deeplinkd.yaml   /c/CH-42"
    "charger-update         390x844   iphone-safari  docs/screenshots/update-required.yaml   /c/CH-42"
)
set -euo pipefail

binary=${1:-.build/debug/deeplinkd}
shift || true
wanted=("$@")
out=docs/screenshots
agents=Tests/system/agents.txt
command -v chromium >/dev/null || { echo "chromium is not installed (scripts/install-deps.sh chromium)" >&2; exit 1; }
mkdir -p "$out"

work=$(mktemp -d)
servers=()
cleanup() {
    for server in "${servers[@]}"; do kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

# serve TABLE: starts deeplinkd with TABLE on a free port, once per table; sets $port.
declare -A ports
serve() {
    local table=$1 log
    if [ -n "${ports[$table]:-}" ]; then port=${ports[$table]}; return; fi
    log="$work/server-${#servers[@]}.log"
    "$binary" serve --port 0 --config "$table" --public Public 2>"$log" &
    servers+=($!)
    port=
    for _ in $(seq 100); do
        port=$(sed -n 's/.*"message":"serving".*"url":"http:\/\/[^"]*:\([0-9]*\)".*/\1/p' "$log")
        [ -n "$port" ] && break
        kill -0 "${servers[-1]}" 2>/dev/null || break
        sleep 0.1
    done
    [ -n "$port" ] || { echo "the server of $table did not log its port:" >&2; cat "$log" >&2; exit 1; }
    ports[$table]=$port
}

# shoot NAME WIDTHxHEIGHT BROWSER TABLE PATH [dark]
shoot() {
    local file=$1.png size=$2 agent=$3 table=$4 path=$5 scheme=${6:-} flags=()
    if [ "$agent" != - ]; then
        local line
        line=$(grep -m1 "^$agent " "$agents") || { echo "$1: no browser '$agent' in $agents" >&2; exit 1; }
        flags+=("--user-agent=${line#"$agent "}")
    fi
    [ "$scheme" = dark ] && flags+=(--force-dark-mode)  # also makes prefers-color-scheme: dark
    serve "$table"
    # --no-sandbox: this runs as root. A fresh profile each time; timeout so a hung browser cannot stall the script.
    timeout 30 chromium --headless=new --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
        --user-data-dir="$work/profile-$file" --force-device-scale-factor=1 --window-size="${size/x/,}" \
        --screenshot="$out/$file" "${flags[@]}" "http://127.0.0.1:$port$path" >/dev/null 2>&1
    [ -s "$out/$file" ] || { echo "no screenshot for $path" >&2; exit 1; }
    echo "$out/$file ($size, $(($(stat -c %s "$out/$file") / 1024)) KB)"
}

for state in "${states[@]}"; do
    read -r -a fields <<<"$state"
    if [ ${#wanted[@]} -eq 0 ] || [[ " ${wanted[*]} " == *" ${fields[0]} "* ]]; then shoot "${fields[@]}"; fi
done
