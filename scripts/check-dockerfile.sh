#!/usr/bin/env bash
# Checks the Dockerfile without a Docker engine: every package its `apt-get install` lines name exists in
# Debian 12 (asked of this machine's apt, which must be bookworm like the images), every COPY source exists and is
# not in .dockerignore, the image builds deeplinkd with the flags of `make release` and copies the files they name,
# and the final stage runs as a non-root USER, EXPOSEs 8080, has a HEALTHCHECK on /healthz
# and the ENTRYPOINT deeplinkd.
# Usage: scripts/check-dockerfile.sh [DOCKERFILE]   (default Dockerfile; run from the repository root)
# Prints one line per check and `N passed, M failed`; exits 1 when anything failed.
set -euo pipefail

dockerfile=${1:-Dockerfile}
passed=0
failed=0
check() { # check NAME COMMAND...: runs COMMAND (a function is fine) quietly and records whether it succeeded
    local name=$1
    shift
    if "$@" >/dev/null 2>&1; then
        echo "ok   $name"
        passed=$((passed + 1))
    else
        echo "FAIL $name"
        failed=$((failed + 1))
    fi
}
finish() {
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}

if [ ! -r "$dockerfile" ]; then
    check "$dockerfile is readable" false
    finish
fi

# Instructions one per line: comments dropped, continuation lines joined.
instructions=$(sed -e '/^[[:space:]]*#/d' -e ':a' -e '/\\$/{N;s/\\\n/ /;ba' -e '}' "$dockerfile")
final_stage=$(printf '%s\n' "$instructions" |
    awk 'toupper($1) == "FROM" { s = "" } { s = s $0 "\n" } END { printf "%s", s }')
instruction() { # instruction NAME [TEXT]: the lines of TEXT (default: every stage) that are a NAME instruction
    printf '%s\n' "${2-$instructions}" | grep -iE "^[[:space:]]*$1[[:space:]]" || true
}

# Every word after `apt-get install` in a RUN, up to the end of that command (&&, ;, |); options and pins dropped.
packages=$(instruction RUN | sed -e 's/&&/\n/g' -e 's/[;|]/\n/g' |
    sed -nE 's/.*apt-get([[:space:]]+-[^[:space:]]+)*[[:space:]]+install[[:space:]]+(.*)/\2/p' |
    tr -s ' \t' '\n' | grep -vE '^(-.*)?$' | sed 's/=.*//' | sort -u || true)

# shellcheck source=/dev/null
source /etc/os-release
check "apt here is Debian 12 (bookworm), like the images (found ${PRETTY_NAME:-unknown})" \
    test "${VERSION_CODENAME:-}" = bookworm
check "every FROM is a bookworm image" bash -c "! grep -qv bookworm" <<<"$(instruction FROM)"
check "apt-get install names at least one package" test -n "$packages"

if ! compgen -G '/var/lib/apt/lists/*_Packages*' >/dev/null; then
    echo "(no apt package lists yet: running apt-get update)"
    if [ "$(id -u)" -eq 0 ]; then apt-get update -qq; else sudo apt-get update -qq; fi
fi
package_exists() {
    # `apt-cache show` also answers for purely virtual names; a real package has a candidate version to install.
    local policy
    apt-cache show "$1" && policy=$(apt-cache policy "$1") && grep -q 'Candidate: [0-9]' <<<"$policy"
}
while read -r package; do
    [ -n "$package" ] && check "package $package exists in Debian 12" package_exists "$package"
done <<<"$packages"

# COPY sources from the context (not --from a stage) must exist and not be excluded by .dockerignore. A wildcard
# source may match nothing (Package.resolved is not in a fresh clone), so only literal ones are checked.
ignored=$(sed -e '/^[[:space:]]*#/d' -e '/^[[:space:]]*!/d' -e 's#^/##' -e 's#/$##' .dockerignore 2>/dev/null || true)
in_context() {
    local pattern
    [ -e "$1" ] || return 1
    while read -r pattern; do
        # shellcheck disable=SC2053 # the pattern is a glob on purpose
        [ -n "$pattern" ] && [[ $1 == $pattern || $1 == $pattern/* ]] && return 1
    done <<<"$ignored"
    return 0
}
while read -r source; do
    [[ $source == *[*?[]* ]] && continue
    check "COPY source $source is in the build context" in_context "$source"
done < <(instruction COPY | grep -v -- '--from=' | awk '{ for (i = 2; i < NF; i++) if ($i !~ /^--/) print $i }')

# The image's release build is the one `make release` makes (and docs/performance.md measures): every word of the
# Makefile's RELEASE_FLAGS is on its `swift build` line, and the release toolset and every mk/ file it names are
# copied.
release_flags=$(sed -e ':a' -e '/\\$/{N;s/\\\n/ /;ba' -e '}' Makefile | sed -nE 's/^RELEASE_FLAGS[[:space:]]*=[[:space:]]*(.*)/\1/p')
build_line=$(instruction RUN | grep -E 'swift[[:space:]]+build' || true)
has_release_flags() {
    local flag
    [ -n "$release_flags" ] && [ -n "$build_line" ] || return 1
    for flag in $release_flags; do grep -qFw -- "$flag" <<<"$build_line" || return 1; done
}
check "the image builds with the flags of make release (${release_flags:-none found})" has_release_flags
copied=$(instruction COPY)
while read -r named; do
    [ -n "$named" ] && check "$named (release toolset) is copied into the image" grep -qF -- "$named" <<<"$copied"
done < <({ echo mk/release-toolset.json; grep -oE 'mk/[A-Za-z0-9._-]+' mk/release-toolset.json; } | sort -u)

final_user=$(instruction USER "$final_stage" | awk '{ user = $2 } END { print user }')
is_not_root() { [ -n "$1" ] && [[ ! $1 =~ ^(root|0)(:.*)?$ ]]; }
check "the final stage runs as a non-root USER (${final_user:-none})" is_not_root "$final_user"
check "the final stage EXPOSEs 8080" \
    grep -qE '[[:space:]]8080(/tcp)?([[:space:]]|$)' <<<"$(instruction EXPOSE "$final_stage")"
check "the final stage has a HEALTHCHECK on /healthz" \
    grep -q '/healthz' <<<"$(instruction HEALTHCHECK "$final_stage")"
check "the final stage's ENTRYPOINT is deeplinkd" \
    grep -qE '^[^[]*\[[[:space:]]*"deeplinkd"' <<<"$(instruction ENTRYPOINT "$final_stage")"

finish
