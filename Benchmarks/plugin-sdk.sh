#!/usr/bin/env bash
# Plugin SDK figures, each a ratio against a baseline measured in the same run (see BENCHMARKS.md):
#
#   listing  `scenectl plugins` with 50 plugins on the search path (probe cache warm) against probing
#            one plugin (`scene-host --probe`); target: at most 2x. Each run starts its own host and
#            times 5 warm listings interleaved with 5 probes (the run's ratio: median listing /
#            median probe, so that one load spike on a shared machine does not decide a run). The
#            first, cold listing (50 probes) is reported too.
#   build    building the template plugin (`scenectl new-plugin`) with `swift build -c release`
#            against the installed SDK, against building the same sources with SceneCore from source
#            (a path dependency on Sources/SceneCore); target: at most 1/5. Both build the
#            PluginEntryPoints build-tool plugin and its generator (from the SDK package or the core's).
#   declaration  the same template plugin with its ScenePlugin.toml (the SDK's build-tool plugin makes
#            the entry points) against a copy whose entry points are written by hand (the generated
#            file, and no build-tool plugin), both `swift build -c release` against the installed SDK,
#            clean; what declaring a plugin adds to its author's clean build (reported).
#
# Usage (from the repository root, after `swift build -c release`):
#   Benchmarks/plugin-sdk.sh [listing|build|declaration|all] [--runs N]      (default: all, 5 runs)
# Prints a markdown table per figure with the median and the worst of the runs, and every run.
set -euo pipefail
cd "$(dirname "$0")/.."
section="${1:-all}"; [ $# -gt 0 ] && shift
runs=5
while [ $# -gt 0 ]; do
    case "$1" in
        --runs)
            [ $# -ge 2 ] || { echo "plugin-sdk.sh: --runs needs a number of runs (1 or more)" >&2; exit 64; }
            runs="$2"; shift 2 ;;
        *) echo "plugin-sdk.sh: unknown argument '$1' (usage: plugin-sdk.sh [listing|build|declaration|all] [--runs N])" >&2; exit 64 ;;
    esac
done
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "plugin-sdk.sh: --runs '$runs' is not a number of runs (1 or more)" >&2; exit 64; }
case "$section" in
    listing|build|declaration|all) ;;
    *) echo "plugin-sdk.sh: unknown section '$section' (listing, build, declaration, all)" >&2; exit 64 ;;
esac
bin="$(swift build -c release --show-bin-path)"
[ -x "$bin/scene-host" ] || { echo "plugin-sdk.sh: build first: swift build -c release" >&2; exit 1; }
work="$(mktemp -d /tmp/scenehost-sdk-bench.XXXXXX)"
trap 'rm -rf "$work"' EXIT
now() { date +%s%N; }
ms() { awk -v n="$1" 'BEGIN { printf "%.1f", n / 1e6 }'; }
# median and max of the numbers on stdin
stats() { sort -g | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.3f %.3f", m, v[NR] }'; }
echo "# Plugin SDK benchmarks"
echo
echo "load at start: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; $runs runs"

listing() {
    local folder="$work/listing"
    mkdir -p "$folder/bin" "$folder/plugins"
    cp "$bin/scene-host" "$bin/libSceneCore.so" "$folder/bin/"
    for i in $(seq -w 1 50); do cp "$bin/libGestureLab.so" "$folder/plugins/libP$i.so"; done
    printf 'scenes: []\n' > "$folder/empty.yaml"
    local ratios="" colds="" rows=""
    for run in $(seq 1 "$runs"); do
        local rt="$folder/run$run"; mkdir -p "$rt/runtime" "$rt/cache"
        env XDG_RUNTIME_DIR="$rt/runtime" XDG_CACHE_HOME="$rt/cache" XDG_CONFIG_HOME="$rt/config" XDG_DATA_HOME="$rt/data" \
            SCENEHOST_PLUGIN_PATH="$folder/plugins" DBUS_SESSION_BUS_ADDRESS= SWIFT_BACKTRACE=enable=no \
            "$folder/bin/scene-host" --config "$folder/empty.yaml" --bus private --log-level warning 2>"$rt/host.log" &
        local host=$!
        for _ in $(seq 1 200); do [ -s "$rt/runtime/scenehost/bus-address" ] && break; sleep 0.05; done
        local ctl=(env XDG_RUNTIME_DIR="$rt/runtime" DBUS_SESSION_BUS_ADDRESS= "$bin/scenectl")
        "${ctl[@]}" status --timeout 30 >/dev/null
        local t0 t1 cold warm probe
        t0=$(now); "${ctl[@]}" plugins --timeout 120 > "$rt/cold.txt"; t1=$(now); cold=$((t1 - t0))
        grep -q "50 plugin files: 50 available" "$rt/cold.txt" || { echo "unexpected listing:"; tail -3 "$rt/cold.txt"; kill "$host"; exit 1; }
        local warms="" probes=""
        for _ in 1 2 3 4 5; do
            t0=$(now); "${ctl[@]}" plugins --timeout 120 > "$rt/warm.txt"; t1=$(now); warms+="$((t1 - t0))"$'\n'
            cmp -s "$rt/cold.txt" "$rt/warm.txt" || { echo "the cached listing differs from the probed one"; kill "$host"; exit 1; }
            t0=$(now); SWIFT_BACKTRACE=enable=no "$folder/bin/scene-host" --probe "$folder/plugins/libP01.so" >/dev/null; t1=$(now); probes+="$((t1 - t0))"$'\n'
        done
        read -r warm _ <<<"$(printf '%s' "$warms" | stats)"
        read -r probe _ <<<"$(printf '%s' "$probes" | stats)"
        kill "$host"; wait "$host" 2>/dev/null || true
        ratios+="$(awk -v a="$warm" -v b="$probe" 'BEGIN { printf "%.3f", a / b }')"$'\n'
        colds+="$(awk -v a="$cold" -v b="$probe" 'BEGIN { printf "%.3f", a / b }')"$'\n'
        rows+="| $run | $(ms "$probe") | $(ms "$warm") | $(ms "$cold") |"$'\n'
    done
    read -r med worst <<<"$(printf '%s' "$ratios" | stats)"
    read -r cmed cworst <<<"$(printf '%s' "$colds" | stats)"
    echo
    echo "## Listing 50 plugins (\`scenectl plugins\`) against probing one (\`scene-host --probe\`)"
    echo
    echo "| figure | median | worst | target |"
    echo "|---|---|---|---|"
    echo "| warm listing / one probe | ${med}× | ${worst}× | ≤ 2× $(awk -v m="$med" 'BEGIN { print (m <= 2) ? "met" : "MISSED" }') |"
    echo "| cold listing (50 probes) / one probe | ${cmed}× | ${cworst}× | (reported) |"
    echo
    echo "| run | one probe ms (median of 5) | warm listing ms (median of 5) | cold listing ms |"
    echo "|---|---|---|---|"
    printf '%s' "$rows"
}

# Clean release builds of the Clock product of the packages in $1 and $2 (PKG_CONFIG_PATH=$3), one
# after the other, $runs times: sets `ratios` (per run, $1's time ÷ $2's) and `rows` (table rows).
alternate_builds() {
    local first="$1" second="$2" run t0 t1 a b
    ratios="" rows=""
    for run in $(seq 1 "$runs"); do
        rm -rf "$first/.build" "$second/.build"
        t0=$(now); PKG_CONFIG_PATH="$3" swift build -c release --package-path "$first" --product Clock >/dev/null; t1=$(now); a=$((t1 - t0))
        t0=$(now); PKG_CONFIG_PATH="$3" swift build -c release --package-path "$second" --product Clock >/dev/null; t1=$(now); b=$((t1 - t0))
        ratios+="$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", a / b }')"$'\n'
        rows+="| $run | $(ms "$a") | $(ms "$b") |"$'\n'
    done
}

build() {
    local folder="$work/build"
    mkdir -p "$folder"
    scripts/install --prefix "$folder/prefix" --bin-path "$bin" >/dev/null
    "$folder/prefix/bin/scenectl" new-plugin Clock --dir "$folder/sdk" >/dev/null
    # The same plugin with SceneCore from source: a path dependency on the core package.
    mkdir -p "$folder/source"
    cp -r "$folder/sdk/Sources" "$folder/sdk/Tests" "$folder/source/"
    rm -rf "$folder/source/Sources/SceneCoreSDK" "$folder/source/Tests"
    cat > "$folder/source/Package.swift" <<MANIFEST
// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "Clock",
    products: [.library(name: "Clock", type: .dynamic, targets: ["Clock"])],
    dependencies: [.package(path: "$PWD/Sources/SceneCore")],
    targets: [
        .target(
            name: "Clock", dependencies: [.product(name: "SceneCore", package: "SceneCore")],
            plugins: [.plugin(name: "PluginEntryPoints", package: "SceneCore")]),
    ],
    swiftLanguageModes: [.v6]
)
MANIFEST
    local ratios="" rows=""
    alternate_builds "$folder/sdk" "$folder/source" "$folder/prefix/lib/pkgconfig"
    read -r med worst <<<"$(printf '%s' "$ratios" | stats)"
    echo
    echo "## Building the template plugin against the installed SDK against building it with SceneCore from source"
    echo
    echo "| figure | median | worst | target |"
    echo "|---|---|---|---|"
    echo "| SDK build / source build (\`swift build -c release\`, clean) | ${med}× | ${worst}× | ≤ 0.2× $(awk -v m="$med" 'BEGIN { print (m <= 0.2) ? "met" : "MISSED" }') |"
    echo
    echo "| run | against the SDK ms | with SceneCore from source ms |"
    echo "|---|---|---|"
    printf '%s' "$rows"
}

declaration() {
    local folder="$work/declaration"
    mkdir -p "$folder"
    scripts/install --prefix "$folder/prefix" --bin-path "$bin" >/dev/null
    "$folder/prefix/bin/scenectl" new-plugin Clock --dir "$folder/declared" >/dev/null
    local sdk=(env PKG_CONFIG_PATH="$folder/prefix/lib/pkgconfig" swift build -c release --product Clock)
    "${sdk[@]}" --package-path "$folder/declared" >/dev/null
    # The same plugin with the generated entry points as a source file of its own and no build-tool plugin.
    mkdir -p "$folder/hand"
    cp -r "$folder/declared/Package.swift" "$folder/declared/Sources" "$folder/declared/Tests" "$folder/hand/"
    rm "$folder/hand/Sources/Clock/ScenePlugin.toml"
    find "$folder/declared/.build/plugins/outputs" -name PluginEntryPoints.swift -exec cp {} "$folder/hand/Sources/Clock/PluginEntry.swift" \;
    [ -s "$folder/hand/Sources/Clock/PluginEntry.swift" ] || { echo "plugin-sdk.sh: the build made no PluginEntryPoints.swift" >&2; exit 1; }
    sed -i -e '/dependencies: \[.package(path: sceneHostSDK)\],/d' \
        -e 's/plugins: \[.plugin(name: "PluginEntryPoints", package: "SceneHostSDK")\]),/plugins: []),/' "$folder/hand/Package.swift"
    ! grep -q "\.plugin(\|\.package(" "$folder/hand/Package.swift" || { echo "plugin-sdk.sh: the template's manifest changed; update the declaration figure" >&2; exit 1; }
    local ratios="" rows=""
    alternate_builds "$folder/declared" "$folder/hand" "$folder/prefix/lib/pkgconfig"
    read -r med worst <<<"$(printf '%s' "$ratios" | stats)"
    echo
    echo "## Building the template plugin with its declaration against building it with hand-written entry points"
    echo
    echo "| figure | median | worst |"
    echo "|---|---|---|"
    echo "| declared / hand-written (\`swift build -c release\` against the SDK, clean) | ${med}× | ${worst}× |"
    echo
    echo "| run | ScenePlugin.toml and the build-tool plugin ms | hand-written entry points ms |"
    echo "|---|---|---|"
    printf '%s' "$rows"
}

case "$section" in
    listing) listing ;;
    build) build ;;
    declaration) declaration ;;
    all) listing; build; declaration ;;
    *) echo "plugin-sdk.sh: unknown section '$section' (listing, build, declaration, all)" >&2; exit 64 ;;
esac
echo
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
