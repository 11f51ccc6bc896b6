#!/usr/bin/env bash
# Waits (up to 30 s) until every scene process scene-host started serves its accessible objects, as
# its log (the first argument) says; returns at once unless SCENE_HOST_ISOLATION names a mode other
# than `none`. Used by run-in-session.sh and orca-session.sh before their clients start.
log=$1
[ "${SCENE_HOST_ISOLATION:-none}" = none ] && exit 0
previous=-1
for _ in $(seq 300); do
    started=$(grep -c "scene process started" "$log")
    serving=$(grep -c "serves its accessible objects" "$log")
    # The same count twice in a row: no scene process is still on its way.
    if [ "$started" -gt 0 ] && [ "$serving" -ge "$started" ] && [ "$serving" = "$previous" ]; then exit 0; fi
    previous=$serving
    sleep 0.1
done
echo "wait-for-scene-processes: $serving of $started scene processes serve their accessible objects after 30 s" >&2
exit 1
