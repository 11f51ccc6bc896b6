#!/usr/bin/env bash
# Runs inside `dbus-run-session` (a private session bus): turns assistive technology on as the tools
# do on a desktop (org.a11y.Status IsEnabled, which Orca sets when it starts), starts scene-host on
# that bus (accessibility: auto follows IsEnabled), waits until it has registered with the AT-SPI
# registry (at-spi2-core's bus launcher and registry are D-Bus-activated on demand), runs one client,
# then stops the host. The host's log goes to standard error when the client fails.
#
# Usage: dbus-run-session -- run-in-session.sh SCENE_HOST CLIENT.py [ARGS...]
# Environment: SCENE_HOST_CONFIG (optional) a configuration file for scene-host;
# SCENE_HOST_ISOLATION (optional) its isolation (`process`: every scene in a process of its own; the
# client starts once every scene process serves its accessible objects).
set -u
scene_host=$1
shift
export NO_AT_BRIDGE=1            # GTK in client processes must not register as applications
export GSETTINGS_BACKEND=memory  # nothing is written to the user's dconf database
# ... by the launcher either, which the bus starts with its own environment.
dbus-update-activation-environment GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1
if ! dbus-send --session --print-reply=literal --dest=org.a11y.Bus /org/a11y/bus org.freedesktop.DBus.Properties.Set \
        string:org.a11y.Status string:IsEnabled variant:boolean:true > /dev/null; then
    echo "run-in-session: cannot turn org.a11y.Status IsEnabled on (is at-spi2-core installed?)" >&2
    exit 3
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
log=$work/scene-host.log
# --display off: these clients test the accessible tree; under with-xvfb.sh (DISPLAY set for
# Accerciser and Orca) the host would otherwise show desktop windows, whose focus changes move the
# key window on their own.
arguments=(--bus session --display off)
[ -n "${SCENE_HOST_CONFIG:-}" ] && arguments+=(--config "$SCENE_HOST_CONFIG")
[ -n "${SCENE_HOST_ISOLATION:-}" ] && arguments+=(--isolation "$SCENE_HOST_ISOLATION")

"$scene_host" "${arguments[@]}" > /dev/null 2> "$log" &
host=$!
for _ in $(seq 200); do
    grep -q "registered with the AT-SPI registry" "$log" && break
    kill -0 "$host" 2> /dev/null || break
    sleep 0.1
done
if ! grep -q "registered with the AT-SPI registry" "$log"; then
    echo "run-in-session: scene-host did not register with the AT-SPI registry within 20 s; its log:" >&2
    cat "$log" >&2
    kill "$host" 2> /dev/null
    exit 3
fi

"$(dirname "$0")/wait-for-scene-processes.sh" "$log"

SCENE_HOST_LOG=$log /usr/bin/python3 "$@"
status=$?

kill "$host" 2> /dev/null
wait "$host" 2> /dev/null
if [ $status -ne 0 ]; then
    echo "run-in-session: the client failed (status $status); scene-host's log:" >&2
    cat "$log" >&2
fi
exit $status
