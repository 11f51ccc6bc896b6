#!/usr/bin/env bash
# Takes docs/accerciser.png: Accerciser (under Xvfb) showing scene-host's accessible tree.
#
# Usage (from the repository root, after `swift build`):
#     xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- \
#         Tests/AccessibilityClients/accerciser-screenshot.sh .build/debug/scene-host docs/accerciser.png
# Needs: apt-get install --no-install-recommends accerciser xvfb xauth x11-apps imagemagick
set -u
scene_host=$1
output=$2
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'kill $host $accerciser 2> /dev/null; rm -rf "$work"' EXIT
# Accerciser's window size and pane positions, in a settings file of this run only.
export XDG_CONFIG_HOME=$work/config GSETTINGS_BACKEND=keyfile
mkdir -p "$XDG_CONFIG_HOME/glib-2.0/settings"
cat > "$XDG_CONFIG_HOME/glib-2.0/settings/keyfile" <<'SETTINGS'
[org/a11y/accerciser]
window-width=1280
window-height=800
hpaned=620
vpaned=560
SETTINGS

# Assistive technology is on (as Accerciser sets it on a desktop): scene-host's accessibility: auto joins.
dbus-send --session --print-reply=literal --dest=org.a11y.Bus /org/a11y/bus org.freedesktop.DBus.Properties.Set \
    string:org.a11y.Status string:IsEnabled variant:boolean:true > /dev/null
NO_AT_BRIDGE=1 "$scene_host" --bus session --display off > /dev/null 2> "$work/host.log" &
host=$!
for _ in $(seq 200); do grep -q "registered with the AT-SPI registry" "$work/host.log" && break; sleep 0.1; done
accerciser > "$work/accerciser.log" 2>&1 &
accerciser=$!
# The driver expands the tree through Accerciser's own accessible tree view (it is a GTK application).
NO_AT_BRIDGE=1 /usr/bin/python3 "$here/accerciser_expand.py" || { cat "$work/accerciser.log" >&2; exit 1; }
sleep 1  # let GTK paint the last expansion and selection before the screenshot
xwd -root -silent | convert xwd:- png:"$output"
echo "accerciser-screenshot: wrote $output"
