import BenchSupport
import Foundation
import Glibc

// HostBench: benchmarks of the running host (BENCHMARKS.md): start-up (issue 4) and the D-Bus API
// (issue 5), against a release build of the root package. Prints a markdown report on stdout (progress
// on stderr) and exits non-zero when a target is missed.
//
//     swift build -c release && swift run -c release --package-path Benchmarks HostBench [all|startup|bus|roundtrips|fairness|accessibility|snapshot|accessibility-text|display|scene-processes|crash] [--quick] [--runs N]

// Client roles: this binary started again by the bus section (see ClientProcess).
if CommandLine.arguments.count >= 3, CommandLine.arguments[1] == "bus-subscriber" {
    MainActor.assumeIsolated { runSubscriberRole(address: CommandLine.arguments[2]) }
}
if CommandLine.arguments.count >= 7, CommandLine.arguments[1] == "bus-client" {
    let values = CommandLine.arguments
    MainActor.assumeIsolated {
        runClientRole(address: values[2], mode: values[3], seconds: Double(values[4]) ?? 5, x: Double(values[5]) ?? 0, y: Double(values[6]) ?? 0)
    }
}

if CommandLine.arguments.count >= 5, CommandLine.arguments[1] == "bus-flood" {
    let values = CommandLine.arguments
    MainActor.assumeIsolated { runFloodRole(address: values[2], kind: values[3], seconds: Double(values[4]) ?? 2) }
}
if CommandLine.arguments.count >= 4, CommandLine.arguments[1] == "bus-pinger" {
    let values = CommandLine.arguments
    MainActor.assumeIsolated { runPingerRole(address: values[2], seconds: Double(values[3]) ?? 2, trace: values.count > 4 && values[4] == "trace") }
}

let usage = "usage: HostBench [all|startup|bus|roundtrips|fairness|accessibility|snapshot|accessibility-text|display|scene-processes|crash] [--quick] [--runs N] [--scene-host PATH] [--isolation none|process] [--touch-on photo|button]   (run from the repository root after `swift build -c release`)"
var arguments = Array(CommandLine.arguments.dropFirst())
var sceneHost = CommandLineOption.take("--scene-host", from: &arguments, usage: usage, status: 64) { $0 }
    ?? ".build/release/scene-host"
// roundtrips, snapshot, display: the host's scenes in processes of their own (`scene-host --isolation process`; snapshot measures
// both modes side by side).
let isolation = CommandLineOption.take("--isolation", from: &arguments, usage: usage, status: 64) { ["none", "process"].contains($0) ? $0 : nil }
    ?? "none"
// roundtrips: where the touches land (``TouchTarget``): Gallery's photo (nothing is drawn) or GestureLab's button (its highlight is).
let touchTarget = CommandLineOption.take("--touch-on", from: &arguments, usage: usage, status: 64) { TouchTarget(rawValue: $0) }
    ?? .photo
let quick = arguments.contains("--quick")
// Runs per figure of the bus and fairness sections (each with a fresh bus daemon and host).
let runs = CommandLineOption.take("--runs", from: &arguments, usage: usage, status: 64) { Int($0).flatMap { $0 >= 1 ? $0 : nil } }
    ?? (quick ? 3 : 5)
let commands = arguments.filter { $0 != "--quick" }
let command = commands.first ?? "all"
guard commands.count <= 1, ["all", "startup", "bus", "roundtrips", "fairness", "accessibility", "snapshot", "accessibility-text", "display", "scene-processes", "crash"].contains(command) else {
    Report.shared.progress(usage)
    exit(64)
}
guard access(sceneHost, X_OK) == 0 else {
    Report.shared.progress("HostBench: \(sceneHost) is not an executable: build it first with `swift build -c release` (from the repository root), or pass --scene-host PATH")
    exit(66)
}
sceneHost = URL(fileURLWithPath: sceneHost).standardizedFileURL.path

let report = Report.shared
report.line("# HostBench \(command)\(quick ? " --quick" : "")")
report.line("")
report.line("- date: \(utcTimestamp())")
report.line("- scene-host: `\(sceneHost)`\(isolation == "process" ? " --isolation process" : "")")
report.line("- load average at start (1, 5, 15 min): \(loadAverage())")

do {
    try MainActor.assumeIsolated {
        if command == "all" || command == "startup" { try runStartupSection(sceneHost: sceneHost, runs: quick ? 5 : 21) }
        if command == "all" || command == "scene-processes" { try runSceneProcessSection(sceneHost: sceneHost, runs: runs) }
        if command == "all" || command == "crash" { try runCrashSection(sceneHost: sceneHost, runs: runs) }
        if command == "all" || command == "bus" { try runBusSection(sceneHost: sceneHost, quick: quick, runs: runs) }
        if command == "roundtrips" {
            try runBusSection(sceneHost: sceneHost, quick: quick, runs: runs, roundTripsOnly: true, isolation: isolation, target: touchTarget)
        }
        if command == "all" || command == "bus" || command == "fairness" { try runFairnessSection(sceneHost: sceneHost, quick: quick, runs: runs) }
        if command == "all" || command == "accessibility" { try runAccessibilitySection(sceneHost: sceneHost, quick: quick) }
        if command == "all" || command == "display" { try runDisplaySection(sceneHost: sceneHost, quick: quick, isolation: isolation) }
        if command == "all" || command == "snapshot" {
            if isolation == "process" {
                try runIsolatedSnapshotSection(sceneHost: sceneHost, quick: quick, runs: runs)
            } else {
                try runSnapshotSection(sceneHost: sceneHost, quick: quick)
            }
        }
        if command == "all" || command == "accessibility" || command == "accessibility-text" {
            try runAccessibilityTextSection(sceneHost: sceneHost, quick: quick, standalone: command == "accessibility-text")
        }
    }
} catch {
    report.fail("HostBench stopped: \(error)")
}

report.finish(passed: "every target met")
