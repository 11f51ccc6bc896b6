#!/usr/bin/env bash
# Runs a command with its own headless X server (for Accerciser's and Orca's GTK code): Xvfb picks a
# free display number itself (-displayfd), so parallel runs never race for one.
#
# Usage: with-xvfb.sh COMMAND [ARGS...]
set -u
work=$(mktemp -d)
trap 'kill "$xvfb" 2> /dev/null; wait "$xvfb" 2> /dev/null; rm -rf "$work"' EXIT
exec 3> "$work/display"
Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp -noreset > "$work/xvfb.log" 2>&1 &
xvfb=$!
exec 3>&-
for _ in $(seq 600); do  # a hang guard of 60 s
    [ -s "$work/display" ] && break
    kill -0 "$xvfb" 2> /dev/null || break
    sleep 0.1
done
if [ ! -s "$work/display" ]; then
    echo "with-xvfb: Xvfb did not start; its log:" >&2
    cat "$work/xvfb.log" >&2
    exit 3
fi
export DISPLAY=":$(head -n1 "$work/display")"
"$@"
