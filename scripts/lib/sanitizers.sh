# The sanitized builds and the environment their tests run in (sourced by scripts/test and
# scripts/test-sanitizers, after scripts/lib/swift-build.sh).
#
#   address  AddressSanitizer with LeakSanitizer on, in .build-asan
#   thread   ThreadSanitizer, in .build-tsan
#
# Every process the tests start from a sanitized build (scene-host, its plugin probes, scenectl) is
# sanitized too: the Swift tests find them next to the test binary, the Python suites through
# SCENEHOST_BIN. Each sanitized process writes its reports to a file of its own under
# <scratch>/sanitizer-reports (log_path), so no report is lost to a pipe nobody reads, and
# sanitizer_check_reports fails the run when any file is there. A report also gives the process a
# non-zero status, which fails the test that waits for it.
#
# AddressSanitizer reports raised inside the Swift runtime's own crash handler are suppressed by
# scripts/sanitizers/asan.supp (its reason there). Leak reports of third-party code are suppressed by
# scripts/sanitizers/lsan.supp, one entry per cause, each with its reason; nothing of ours is listed.

# sanitizer_scratch SANITIZER: prints the build folder of `address` or `thread`.
sanitizer_scratch() {
    case "$1" in
        address) echo .build-asan ;;
        thread) echo .build-tsan ;;
        *) echo "scripts/lib/sanitizers.sh: unknown sanitizer '$1' (address or thread)" >&2; return 64 ;;
    esac
}

# sanitizer_build SANITIZER: the debug build with its tests under SANITIZER.
# -gline-tables-only: the debug information a report or a backtrace needs (functions, files, lines,
# inlined frames) and no more; full debug information is for a debugger, and a sanitized build is not
# debugged. It makes the build shorter (BENCHMARKS.md has nothing to do with it: this is CI's time).
# -use-ld=lld: the toolchain's own linker. The default, gold, printed 705 warnings per AddressSanitizer
# build ("Cannot export local symbol '__asan_report_store8_asm'", the runtime's own symbols, harmless)
# that buried the build's real output in CI's log; lld prints none and links as fast (a clean build
# of the same tree: 406 s against 402 s). Tried and not taken (2026-12-07): --disable-index-store
# (SwiftPM finds the tests through the index on Linux: the build fails at the end) and whole-module
# compilation (-wmo -num-threads 2: no shorter, 399 s to the same point as 389 s without it).
sanitizer_build() {
    (
        sanitizer_export_omitted_test_targets "$1"
        swift_build --build-tests --sanitize="$1" --scratch-path "$(sanitizer_scratch "$1")" -Xswiftc -gline-tables-only -Xswiftc -use-ld=lld
    )
}

# sanitizer_export_omitted_test_targets SANITIZER: exports the test targets the sanitizer's build leaves
# out (Package.swift reads SCENEHOST_OMIT_TEST_TARGETS; thread_sanitizer_omitted_test_targets in
# scripts/lib/test-groups.sh says which and why). Every `swift` command on that build needs the same
# manifest. Run it in a subshell.
sanitizer_export_omitted_test_targets() {
    case "$1" in
        address) export SCENEHOST_OMIT_TEST_TARGETS= ;;
        thread)
            : "${thread_sanitizer_omitted_test_targets?scripts/lib/sanitizers.sh: source scripts/lib/test-groups.sh first}"
            export SCENEHOST_OMIT_TEST_TARGETS="$thread_sanitizer_omitted_test_targets"
            ;;
        *) sanitizer_scratch "$1" ;;
    esac
}

# sanitizer_environment SANITIZER [keep]: exports what every test and sanitized process of the run
# needs, and empties the report folder (with `keep`, leaves the reports of processes of the same run
# there). Run it in a subshell (the variables would reach a later plain run).
sanitizer_environment() {
    local root scratch reports
    root=$PWD
    scratch=$(sanitizer_scratch "$1")
    reports="$root/$scratch/sanitizer-reports"
    [ "${2:-}" = keep ] || rm -rf "$reports"
    mkdir -p "$reports"
    export SCENEHOST_SANITIZER="$1"
    # Timeouts that only guard against a hang (waiting for a signal, a process, a log line) are
    # multiplied by this: sanitized code runs 2-4 times slower.
    export SCENEHOST_TEST_TIME_SCALE=4
    # detect_leaks: LeakSanitizer at every sanitized process's exit. log_path: one report file per
    # process. Options already in the environment are added after these (the later wins), e.g.
    # ASAN_OPTIONS=fast_unwind_on_malloc=0 for full stacks through C libraries.
    export ASAN_OPTIONS="detect_leaks=1:log_path=$reports/asan:suppressions=$root/scripts/sanitizers/asan.supp${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
    export LSAN_OPTIONS="suppressions=$root/scripts/sanitizers/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
    # halt_on_error=0: every race of a run is reported, not only the first.
    export TSAN_OPTIONS="log_path=$reports/tsan:halt_on_error=0${TSAN_OPTIONS:+:$TSAN_OPTIONS}"
}

# sanitizer_swift_test SANITIZER GROUP-OPTIONS... : one group of the Swift suites on the sanitized build
# (in the environment of sanitizer_environment). No XCTest tests exist; its runner would only add its
# own leaks.
sanitizer_swift_test() {
    local sanitizer=$1
    shift
    (
        sanitizer_export_omitted_test_targets "$sanitizer"
        swift test --skip-build --disable-xctest --sanitize="$sanitizer" --scratch-path "$(sanitizer_scratch "$sanitizer")" "$@"
    )
}

# sanitizer_swift_tests_at_once SANITIZER GROUP...: the groups (name:options, as in test-groups.sh)
# on the sanitized build, each a `swift test` process of its own, all at the same time; each one's
# output is printed whole when all have ended, with its time. Returns 1 when any failed.
# (--ignore-lock: `swift test` takes the build folder's lock even with --skip-build, which would run
# the processes one after another; nothing is built.)
sanitizer_swift_tests_at_once() {
    local sanitizer=$1 group name status=0 logs pids=() names=() started
    shift
    logs=$(mktemp -d)
    started=$(date +%s)
    for group in "$@"; do
        name=${group%%:*}
        # shellcheck disable=SC2086  # the group's options are words without spaces
        (sanitizer_swift_test "$sanitizer" --ignore-lock ${group#*:} > "$logs/$name" 2>&1; echo "$? $(($(date +%s) - started))" > "$logs/$name.status") &
        pids+=($!)
        names+=("$name")
    done
    wait "${pids[@]}" || true
    for name in "${names[@]}"; do
        echo "== swift test ($sanitizer): $name"
        cat "$logs/$name"
        read -r code seconds < "$logs/$name.status" || { code=1; seconds=?; }
        echo "== swift test ($sanitizer): $name ended with status $code after $seconds s"
        if [ "$code" != 0 ]; then
            status=1
            failure_note_from_log "swift test ($sanitizer): $name ended with status $code" "$logs/$name" '^[[:space:]]*(✘|↳)'
        fi
    done
    rm -rf "$logs"
    return "$status"
}

# failure_note TEXT: adds a line to the run's list of what failed (the file SCENEHOST_FAILURES names,
# which scripts/test prints last, so that the end of a long log says what to look for in it). Without
# SCENEHOST_FAILURES it does nothing.
failure_note() {
    [ -n "${SCENEHOST_FAILURES:-}" ] || return 0
    printf '%s\n' "$*" >> "$SCENEHOST_FAILURES"
}

# failure_note_from_log TITLE LOG PATTERN: notes TITLE and the log's lines that match PATTERN (an
# extended regular expression: the failed tests, and for Swift Testing the `↳` lines under them, which
# carry a failed expectation's own message; not the two `↳` lines every run starts with, nor a failed
# suite's doc comment), at most 20, each cut at 1,500 characters; a log with no such line (a crash, a
# build error) gives its last 5 lines instead.
failure_note_from_log() {
    local title=$1 log=$2 pattern=$3 lines
    [ -n "${SCENEHOST_FAILURES:-}" ] || return 0
    lines=$(grep -E -- "$pattern" "$log" 2>/dev/null | grep -v -E '^↳ ((Testing Library Version|Target Platform):|///)' | head -n 20 | cut -c 1-1500 || true)
    [ -n "$lines" ] || lines=$(tail -n 5 "$log" 2>/dev/null | cut -c 1-400 || true)
    failure_note "$title:"
    # shellcheck disable=SC2001  # indents every line
    [ -z "$lines" ] || sed 's/^/    /' <<< "$lines" >> "$SCENEHOST_FAILURES"
}

# sanitizer_check_reports SANITIZER: prints every report the run's processes wrote, demangled, and
# returns 1 when there is any. A file with nothing but ASan's no-return warning is not a report: it is
# renamed FILE.warning and named on stderr (sanitizer_is_lone_no_return_warning).
sanitizer_check_reports() {
    local reports report
    reports="$PWD/$(sanitizer_scratch "$1")/sanitizer-reports"
    [ -d "$reports" ] || return 0
    for report in "$reports"/*; do
        case "$report" in *.warning) continue ;; esac
        [ -f "$report" ] && sanitizer_is_lone_no_return_warning "$report" || continue
        echo "== $1: $(basename "$report") holds only ASan's __asan_handle_no_return warning and no report; set aside as $report.warning" >&2
        mv "$report" "$report.warning"
    done
    [ -n "$(ls "$reports" | grep -v '\.warning$')" ] || return 0
    echo "== $1: $(ls "$reports" | grep -cv '\.warning$') report(s) in $reports:" >&2
    failure_note "$1 sanitizer: $(ls "$reports" | grep -cv '\.warning$') report(s) in $reports:"
    for report in "$reports"/*; do
        case "$report" in *.warning) continue ;; esac
        echo "-- $report" >&2
        swift demangle --simplified < "$report" | head -80 >&2
        failure_note "    $(basename "$report"): $(sanitizer_report_headline "$report")"
    done
    return 1
}

# sanitizer_report_headline FILE: the line that says what FILE reports (its SUMMARY or ERROR line, or
# ThreadSanitizer's WARNING), demangled; for a file with none of these (LeakSanitizer's "has
# encountered a fatal error", a report cut short when its process was killed) its first two lines
# that say something; "(an empty file)" for an empty one. One line, at most 400 characters.
sanitizer_report_headline() {
    local line
    line=$(grep -m 1 -E '^(SUMMARY|==[0-9]+==ERROR|WARNING: ThreadSanitizer)' "$1" || true)
    [ -n "$line" ] || line=$(grep -v -E '^[=[:space:]]*$' "$1" | head -n 2 | tr '\n' ' ' || true)
    [ -n "$line" ] || line="(an empty file)"
    printf '%s\n' "$line" | swift demangle --simplified | cut -c 1-400
}

# sanitizer_is_lone_no_return_warning FILE: true when FILE holds nothing but AddressSanitizer's
# warning that it ignores a requested __asan_handle_no_return (its three lines, any pid). ASan prints
# it once per process when a no-return call (a throw, longjmp, or the Swift runtime's crash handler
# in a process the tests crash on purpose) runs on a stack it cannot bound; it only says that false
# reports *may follow*. A file where one follows has an ERROR line and is still a report.
sanitizer_is_lone_no_return_warning() {
    grep -q "__asan_handle_no_return" "$1" && ! grep -qvE '^(==[0-9]+==WARNING: ASan is ignoring requested __asan_handle_no_return: .*|False positive error reports may follow|For details see https://github.com/google/sanitizers/issues/189)$' "$1"
}

# sanitizer_check_placement SCRATCH: fails when an integration suite of the build in SCRATCH is in
# neither list of scripts/lib/test-groups.sh (sanitized_integration_filter,
# unsanitized_integration_suites), so that a new suite is placed on purpose, or when the filter names
# a suite none of whose tests it matches.
sanitizer_check_placement() {
    local listed suite unplaced=()
    if ! listed=$(swift test list --skip-build --scratch-path "$1" 2>/tmp/scenehost-test-list.$$); then
        cat /tmp/scenehost-test-list.$$ >&2; rm -f /tmp/scenehost-test-list.$$
        echo "scripts/lib/sanitizers.sh: 'swift test list --skip-build --scratch-path $1' failed: build the tests there first" >&2
        return 1
    fi
    rm -f /tmp/scenehost-test-list.$$
    if ! grep -q '^SceneHostIntegrationTests\.' <<< "$listed"; then
        echo "scripts/lib/sanitizers.sh: 'swift test list' of $1 listed no SceneHostIntegrationTests suite" >&2
        return 1
    fi
    for suite in $(sed -nE 's/^SceneHostIntegrationTests\.([A-Za-z0-9_]+).*/\1/p' <<< "$listed" | sort -u); do
        if ! grep -qE "$sanitized_integration_filter" <<< "SceneHostIntegrationTests.$suite/" && ! [[ " $unsanitized_integration_suites " == *" $suite "* ]]; then
            unplaced+=("$suite")
        fi
    done
    # Every suite the filter names exists, and the filter matches its tests' IDs (a filter that
    # matches nothing runs nothing, and `swift test` passes).
    # (No `grep | grep -q` here: under pipefail the first grep's SIGPIPE fails the pipe.)
    local ids
    for suite in $(sed -nE 's/.*\((.*)\).*/\1/p' <<< "$sanitized_integration_filter" | tr '|' ' '); do
        ids=$(grep -E "^SceneHostIntegrationTests\.$suite/" <<< "$listed" || true)
        if [ -z "$ids" ] || ! grep -qE "$sanitized_integration_filter" <<< "$ids"; then
            echo "scripts/lib/sanitizers.sh: sanitized_integration_filter names $suite, but no test of the build in $1 matches it as SceneHostIntegrationTests.$suite/<test>" >&2
            return 1
        fi
    done
    if [ ${#unplaced[@]} -gt 0 ]; then
        echo "scripts/lib/sanitizers.sh: integration suites in neither list of scripts/lib/test-groups.sh: ${unplaced[*]}; add each to sanitized_integration_filter or unsanitized_integration_suites" >&2
        return 1
    fi
}
