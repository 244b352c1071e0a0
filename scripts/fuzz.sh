#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ with AddressSanitizer and runs each for SECONDS on a copy of its seed corpus.
#
#   scripts/fuzz.sh SECONDS [--report FILE] [TARGET...]
#
# The committed corpus (Fuzz/Corpus/TARGET) never grows: new inputs go to a temporary copy. An input that crashes,
# times out, runs out of memory or breaks an invariant is kept as Fuzz/Crashers/TARGET-crash-<sha1> (libFuzzer's
# name). Prints executions, coverage and time per target, then `N passed, M failed`; exits 1 when any target failed.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
    echo "usage: scripts/fuzz.sh SECONDS [--report FILE] [TARGET...]" >&2
    exit 2
}

[[ $# -ge 1 && $1 =~ ^[0-9]+$ && $1 -gt 0 ]] || usage
seconds=$1
shift
report=""
targets=()
while [[ $# -gt 0 ]]; do
    case $1 in
    --report)
        [[ $# -ge 2 ]] || usage
        report=$2
        shift 2
        ;;
    -*) usage ;;
    *)
        targets+=("$1")
        shift
        ;;
    esac
done
[[ ${#targets[@]} -gt 0 ]] || targets=(ResolveFuzzer PatternFuzzer ConfigFuzzer LandingFuzzer TemplateFuzzer)
for target in "${targets[@]}"; do
    [[ -d Fuzz/Corpus/$target ]] || {
        echo "fuzz: unknown target $target" >&2
        exit 2
    }
done

workspace=$(mktemp -d)
trap 'rm -rf "$workspace"' EXIT

# The fuzz targets are the root package's when DEEPLINKD_FUZZ is set (Package.swift), built in a folder of their own.
# Every module, the project's and its dependencies', is built with coverage instrumentation and AddressSanitizer.
# lld, because gold fails on the fuzzer runtime; -enable-testing lets LandingFuzzer and TemplateFuzzer reach internal types.
export DEEPLINKD_FUZZ=1
scratch=.build-fuzz
build_start=$SECONDS
for target in "${targets[@]}"; do
    if ! swift build --scratch-path "$scratch" -c debug --product "$target" \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -enable-testing -Xswiftc -use-ld=lld \
        >"$workspace/build.log" 2>&1; then
        grep -v -e "Cannot export local symbol" "$workspace/build.log" | tail -80 >&2
        echo "fuzz: the build of $target failed" >&2
        exit 1
    fi
done
build_seconds=$((SECONDS - build_start))
echo "fuzz: built in ${build_seconds} s"

binaries=$scratch/debug
# Swift's own crash backtracer trips AddressSanitizer; without it a failed invariant prints its message, then
# libFuzzer's stack and the input.
export SWIFT_BACKTRACE=enable=no
mkdir -p Fuzz/Crashers
passed=0
failed=0
results=()

for target in "${targets[@]}"; do
    corpus=$workspace/$target
    mkdir -p "$corpus"
    cp Fuzz/Corpus/"$target"/* "$corpus"/
    log=$workspace/$target.log
    dictionary=()
    [[ -f Fuzz/Dictionaries/$target.dict ]] && dictionary=(-dict=Fuzz/Dictionaries/"$target".dict)
    start=$SECONDS
    status=0
    "$binaries/$target" "$corpus" "${dictionary[@]}" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 \
        -print_final_stats=1 -artifact_prefix=Fuzz/Crashers/"$target"- >"$log" 2>&1 || status=$?
    elapsed=$((SECONDS - start))
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    peak_rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -1)
    last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
    coverage=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
    features=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
    corpus_size=$(sed -n 's/.* corp: \([0-9]*\)\/.*/\1/p' <<<"$last")
    [[ -n $executions ]] || executions=$(sed -n 's/^#\([0-9]*\).*/\1/p' <<<"$last")
    crash=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
    rate=$((${executions:-0} / (elapsed > 0 ? elapsed : 1)))
    if [[ $status -eq 0 ]]; then
        passed=$((passed + 1))
        verdict=ok
    else
        failed=$((failed + 1))
        verdict="FAILED (exit $status)"
        echo "---- $target: the end of libFuzzer's output ----"
        sed -n '/invariant violated\|ERROR: \|^==[0-9]*==/,$p' "$log" | grep -v -E '^#[0-9]+' | head -60
        echo "----"
    fi
    echo "$target: ${executions:-0} executions in ${elapsed} s (${rate}/s), coverage ${coverage:-?} edges," \
        "${features:-?} features, corpus ${corpus_size:-?}, peak RSS ${peak_rss:-?} MB: $verdict${crash:+, input kept as $crash}"
    results+=("$(printf '{"target":"%s","passed":%s,"exitStatus":%d,"seconds":%d,"executions":%d,"executionsPerSecond":%d,"coverage":%d,"features":%d,"corpus":%d,"peakRSSMegabytes":%d,"crasher":%s}' \
        "$target" "$([[ $status -eq 0 ]] && echo true || echo false)" "$status" "$elapsed" "${executions:-0}" "$rate" \
        "${coverage:-0}" "${features:-0}" "${corpus_size:-0}" "${peak_rss:-0}" "$([[ -n $crash ]] && echo "\"$crash\"" || echo null)")")
done

if [[ -n $report ]]; then
    joined=$(
        IFS=,
        echo "${results[*]}"
    )
    printf '{"secondsPerTarget":%d,"buildSeconds":%d,"passed":%d,"failed":%d,"targets":[%s]}\n' \
        "$seconds" "$build_seconds" "$passed" "$failed" "$joined" >"$report"
fi
rmdir Fuzz/Crashers 2>/dev/null || true
echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
