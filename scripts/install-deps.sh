#!/usr/bin/env bash
# Installs the Debian packages deeplinkd needs to build, run and test, when they are missing.
# Usage: scripts/install-deps.sh PACKAGE...   (runs apt-get as root, or through sudo)
set -euo pipefail

missing=()
for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
    apt=(apt-get)
elif command -v sudo >/dev/null 2>&1; then
    apt=(sudo apt-get)
else
    echo "deeplinkd needs these Debian packages: ${missing[*]}; install them as root (apt-get install ${missing[*]})" >&2
    exit 1
fi

echo "Installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${apt[@]}" update -qq
"${apt[@]}" install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
