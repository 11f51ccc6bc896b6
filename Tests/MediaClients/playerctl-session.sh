#!/bin/sh
# Runs inside `dbus-run-session`: starts scene-host on that session bus, waits for its MPRIS player,
# taps the GestureLab player (Window1.Tap), drives it with playerctl and prints what happened, one
# fact per line (`status: Playing`, `DELIVERED toggle-play-pause player`, …), then `RESULT: DONE`.
#
# Usage: dbus-run-session -- playerctl-session.sh PATH/TO/scene-host [HOST ARGUMENTS...]
set -u
host="$1"
shift
work=$(mktemp -d "${TMPDIR:-/tmp}/scenehost-mpris-XXXXXX")
host_pid=""
monitor_pid=""
cleanup() {
    [ -n "$monitor_pid" ] && kill "$monitor_pid" 2>/dev/null
    [ -n "$host_pid" ] && kill "$host_pid" 2>/dev/null && wait "$host_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

# `timeout`: the host can never outlive a session that is torn down abruptly.
timeout 150 "$host" "$@" 2> "$work/host.log" &
host_pid=$!

# Waits (up to 60 s) until the command in $1 succeeds.
wait_for() {
    tries=0
    until sh -c "$1" >/dev/null 2>&1; do
        tries=$((tries + 1))
        if [ "$tries" -gt 600 ]; then
            echo "FAIL: timed out waiting for: $1"
            cat "$work/host.log"
            exit 1
        fi
        sleep 0.1
    done
}

wait_for "playerctl -l | grep -qx scenehost"
dbus-monitor --session "type='signal',interface='org.scenehost.Host1',member='RemoteControlDelivered'" > "$work/monitor.txt" 2>&1 &
monitor_pid=$!
# dbus-monitor has become a monitor once the bus took its name away.
wait_for "grep -q NameLost '$work/monitor.txt'"

echo "players: $(playerctl -l | tr '\n' ' ')"
echo "before: $(playerctl -p scenehost status)"
echo "tap: $(dbus-send --session --print-reply=literal --dest=org.scenehost.SceneHost /org/scenehost/SceneHost/window/2 \
    org.scenehost.Window1.Tap double:280 double:440 uint32:1 | tr -d ' ')"
playerctl -p scenehost play-pause
echo "play-pause: exit $?"
echo "status: $(playerctl -p scenehost status)"
playerctl -p scenehost next
echo "next: exit $?"
echo "status: $(playerctl -p scenehost status)"
echo "title: $(playerctl -p scenehost metadata xesam:title)"

wait_for "[ \$(grep -c member=RemoteControlDelivered '$work/monitor.txt') -ge 2 ]"
awk '/member=RemoteControlDelivered/ { getline; getline subtype; getline handler
    gsub(/^ *string "|"$/, "", subtype); gsub(/^ *string "|"$/, "", handler); print "DELIVERED " subtype " " handler }' "$work/monitor.txt"
grep -o 'remote: [a-z-]*' "$work/host.log" | sed 's/^/LOG /'
echo "RESULT: DONE"
