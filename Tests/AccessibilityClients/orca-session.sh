#!/usr/bin/env bash
# Runs inside `dbus-run-session` with an X display (with-xvfb.sh): Orca 43, headless, against
# scene-host, with its speech going to a silent speech server and every utterance to its debug log.
#
# 1. scene-host starts with accessibility: auto while assistive technology is off (org.a11y.Status
#    IsEnabled false): it does not register.
# 2. Orca starts (its own preferences in a temporary folder: the silent speech server, no braille);
#    it turns IsEnabled on, and scene-host joins the accessibility bus mid-session.
# 3. orca_session.py drives the host and reads what Orca said.
#
# Usage: dbus-run-session -- orca-session.sh SCENE_HOST
# Environment: SCENE_HOST_CONFIG and SCENE_HOST_ISOLATION (optional), as for run-in-session.sh.
set -u
scene_host=$1
here=$(cd "$(dirname "$0")" && pwd)
export NO_AT_BRIDGE=1 GSETTINGS_BACKEND=memory
dbus-update-activation-environment GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1
work=$(mktemp -d)
# Orca may run under `unshare --fork` (below), which ignores SIGTERM: its child, Orca, is signalled too.
stop_orca() { [ -n "$orca" ] && { pkill -TERM -P "$orca"; kill "$orca"; } 2> /dev/null; }
trap 'stop_orca; kill $host 2> /dev/null; wait 2> /dev/null; rm -rf "$work"' EXIT
host_log=$work/scene-host.log
orca_log=$work/orca-debug.out
orca=
wait_for() {  # wait_for FILE TEXT SECONDS
    for _ in $(seq $(($3 * 10))); do
        grep -q "$2" "$1" 2> /dev/null && return 0
        sleep 0.1
    done
    return 1
}
show_logs() {
    echo "orca-session: scene-host's log:" >&2
    cat "$host_log" >&2
    echo "orca-session: Orca's debug log (utterances and events):" >&2
    grep -E "SPEECH OUTPUT|EVENT MANAGER: [a-z]+:|INFO: Active window|ERROR" "$orca_log" >&2
}

# --display off: Orca runs on with-xvfb.sh's display, but the host is tested headless (desktop
# windows would move the key window with their own focus changes).
"$scene_host" --bus session --display off ${SCENE_HOST_CONFIG:+--config "$SCENE_HOST_CONFIG"} ${SCENE_HOST_ISOLATION:+--isolation "$SCENE_HOST_ISOLATION"} > /dev/null 2> "$host_log" &
host=$!
if ! wait_for "$host_log" "assistive technology is off" 300; then
    echo "orca-session: scene-host did not report assistive technology off" >&2
    show_logs
    exit 3
fi

mkdir -p "$work/orca-prefs"
cat > "$work/orca-prefs/user-settings.conf" <<'SETTINGS'
{
    "general": {
        "speechServerFactory": "scenehost_silent_speech",
        "speechFactoryModules": ["scenehost_silent_speech"],
        "enableSpeech": true,
        "enableBraille": false,
        "enableKeyEcho": true,
        "enableEchoByCharacter": true,
        "enableTutorialMessages": false,
        "onlySpeakDisplayedText": false,
        "enablePositionSpeaking": true
    },
    "profiles": {"default": {"profile": ["Default", "default"]}},
    "pronunciations": {},
    "keybindings": {}
}
SETTINGS
export SCENEHOST_ORCA_SPEECH=$work/speech.txt
# Orca refuses to start while another Orca of this user runs anywhere on the machine (it asks
# `pgrep -u UID -x orca`): a second test run at the same time, from another checkout, made it refuse.
# In a PID namespace of its own it sees only itself, where unshare is allowed; elsewhere it runs as
# before. (--kill-child: Orca ends with the unshare process this script kills.)
isolate=()
if unshare --pid --fork --mount-proc --kill-child true 2> /dev/null; then
    isolate=(unshare --pid --fork --mount-proc --kill-child)
fi
PYTHONPATH=$here "${isolate[@]}" orca -u "$work/orca-prefs" --debug-file="$orca_log" > "$work/orca.out" 2>&1 &
orca=$!
# A hang guard only: on a loaded machine Orca's start and the host's registration take a while.
if ! wait_for "$host_log" "registered with the AT-SPI registry" 300; then
    echo "orca-session: scene-host did not join the accessibility bus when Orca started" >&2
    cat "$work/orca.out" >&2
    show_logs
    exit 3
fi

"$here/wait-for-scene-processes.sh" "$host_log"

ORCA_DEBUG=$orca_log ORCA_SPEECH=$SCENEHOST_ORCA_SPEECH SCENE_HOST_LOG=$host_log /usr/bin/python3 "$here/orca_session.py"
status=$?
if [ $status -ne 0 ]; then
    show_logs
fi
# ORCA_SESSION_KEEP=FOLDER keeps both logs for reading.
[ -n "${ORCA_SESSION_KEEP:-}" ] && cp "$host_log" "$orca_log" "$SCENEHOST_ORCA_SPEECH" "$ORCA_SESSION_KEEP"/
exit $status
