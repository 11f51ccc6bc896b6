#!/usr/bin/env bash
# Takes docs/desktop.png: the three demo scenes in real windows (scene-host --display on under Xvfb,
# with openbox for title bars when it is installed), after real X input: the Gallery alert dismissed
# and "hello" typed into the field, and the pointer pinching GestureLab's canvas with Control held
# (the two fingers drawn as dots; Control because openbox takes Alt-drag to move windows).
#
# Usage (from the repository root, after `swift build`):
#     xvfb-run -a -s "-screen 0 1200x890x24" Tests/DesktopClients/desktop-screenshot.sh .build/debug/scene-host docs/desktop.png
# Needs: apt-get install --no-install-recommends xvfb xauth xdotool x11-apps imagemagick [openbox]
set -eu
scene_host=$1
output=$2
work=$(mktemp -d)
trap 'kill $host ${wm:-} 2> /dev/null; rm -rf "$work"' EXIT
if command -v openbox > /dev/null; then
    openbox > "$work/openbox.log" 2>&1 &
    wm=$!
    sleep 1
fi
sed -e 's/two-finger-modifier: alt/two-finger-modifier: control/' \
    -e "s|folders: \[\"@executable_dir\"\]|folders: [\"$(cd "$(dirname "$scene_host")" && pwd)\"]|" Config/scene-host.yaml > "$work/host.yaml"
XDG_RUNTIME_DIR=$work "$scene_host" --config "$work/host.yaml" --display on --bus private > /dev/null 2> "$work/host.log" &
host=$!
for _ in $(seq 100); do [ "$(xdotool search --onlyvisible --name '^(findview|gesturelab|gallery) ' | wc -l)" = 3 ] && break; sleep 0.1; done
sleep 1
origin() { xdotool search --name "^$1 " getwindowgeometry --shell | sed -n 's/^[XY]=//p' | tr '\n' ' '; }
read -r gx gy <<< "$(origin gallery)"
read -r lx ly <<< "$(origin gesturelab)"
xdotool mousemove $((gx + 195)) $((gy + 442)) click 1   # the alert's OK
sleep 0.3
xdotool mousemove $((gx + 195)) $((gy + 122)) click 1   # the field
sleep 0.3
xdotool type --delay 40 "hello"
# Control+Shift-drag the pair of fingers from the window's centre onto the canvas, then pinch.
xdotool mousemove $((lx + 195)) $((ly + 422)) keydown ctrl keydown shift mousedown 1 \
    mousemove $((lx + 195)) $((ly + 550)) mousemove $((lx + 195)) $((ly + 670)) mouseup 1 keyup shift
xdotool mousemove $((lx + 140)) $((ly + 640)) mousedown 1 mousemove $((lx + 120)) $((ly + 610)) mousemove $((lx + 110)) $((ly + 590))
sleep 0.5
xwd -root -silent | convert xwd:- png:"$output"
xdotool mouseup 1 keyup ctrl
echo "desktop-screenshot: wrote $output"
