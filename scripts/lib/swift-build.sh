# swift_build ARGS...: `swift build ARGS...`, run again (at most three attempts in all) when the
# package manager itself died from a crash signal (SIGSEGV, SIGBUS, SIGILL, SIGABRT). Sourced by
# scripts/test, scripts/test-sanitizers and scripts/demo.
#
# Why: Swift 6.3.1's `swift-build` process has crashed on a fresh CI machine ten seconds into a
# clean build, with a segmentation fault inside libdispatch called from Foundation, before any of
# the project's code was compiled (the same faulting frame is reported upstream for other packages:
# swiftlang/swift#87033). A compile error, a failed link or a plugin's own error ends the build
# with status 1 and is never retried; Ctrl-C (SIGINT, status 130) and a timeout's SIGTERM are not
# retried either. Each retry is printed, with the signal, so a crash that comes back every time
# stays visible.
swift_build() {
    local attempt status
    for attempt in 1 2 3; do
        status=0
        swift build "$@" || status=$?
        case "$status" in
            132|134|135|139) ;;
            *) return "$status" ;;
        esac
        if [ "$attempt" -lt 3 ]; then
            echo "== swift build $*: swift-build itself crashed (signal $((status - 128)), attempt $attempt of 3): a toolchain crash, not a build error; building again" >&2
        else
            echo "== swift build $*: swift-build itself crashed (signal $((status - 128))) in all 3 attempts; giving up" >&2
        fi
    done
    return "$status"
}
