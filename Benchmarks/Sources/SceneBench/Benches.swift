import BenchSupport
import CAllocCounter
import Glibc

// The four sections of the report. Every figure is a ratio against a baseline measured in the same
// process run (the naive clone, or SceneCore without recognizers), never an absolute number alone.

let sequenceMoves = 10
/// 0.5 pt per move: 5 pt in all, below every recognizer's movement threshold (10 pt), so tap, pan and
/// long press all stay undecided until the touch lifts.
let sequenceStep = 0.5

// MARK: - 1. Hit testing

@MainActor
func runHitSection(config: MeasureConfig, only: String? = nil) {
    let report = Report.shared
    report.heading("Hit testing")
    report.line(
        """
        100,000 random points per tree (SplitMix64, seed `0xC0FFEE ^ views`, uniform over the root's bounds). \
        SceneCore: `Window.hitTest(_:with:)` on the window that is the tree's root (the per-hit figure), and \
        `Application.hitTest(screenPoint:)` (front-to-back window search, as a touch-down does). Naive: the \
        recursive `hitTest` of NaiveUIKit. Both must return the same view (by build index) for every \
        point before anything is timed (for a tree whose naive hit test is slow, the first 20,000 points: \
        the naive walk of a 10,000-leaf tree takes 20 s for all of them). CPU ns per hit: median of the \
        trials [min–max].

        """)
    var rows: [[String]] = []
    for name in Trees.names where only == nil || only == name {
        let spec = Trees.named(name)!
        report.progress("hit: building \(name) (\(spec.count) views)")
        let sceneCore = SceneCoreTree(spec)
        let naive = NaiveTree(spec)
        let points = spec.randomPoints(100_000)

        // The big flat trees' naive walk costs ~0.2 ms per point: verify those on a fifth of the points.
        let checked = spec.count > 5_000 && spec.nodes.filter({ $0.parent == 0 }).count > 5_000
            ? Array(points.prefix(20_000)) : points
        report.progress("hit: verifying \(name) on \(Format.grouped(checked.count)) points")
        let expected = naive.hitIndices(checked)
        let actual = sceneCore.hitIndices(checked)
        let viaApplication = sceneCore.applicationHitIndices(checked)
        var mismatches = 0
        for index in checked.indices where actual[index] != expected[index] || viaApplication[index] != expected[index] {
            mismatches += 1
            if mismatches <= 10 {
                report.line(
                    "mismatch on \(name) at (\(points[index].x), \(points[index].y)): naive \(expected[index]), "
                        + "SceneCore window \(actual[index]), application \(viaApplication[index])")
            }
        }
        if mismatches > 0 {
            report.fail("hit test: \(mismatches) of \(Format.grouped(checked.count)) points differ from the naive reference on \(name)")
        }
        let throughRoot = Double(expected.filter { $0 == 0 }.count) / Double(checked.count)

        report.progress("hit: timing \(name)")
        let results = measureInterleaved(
            [sceneCore.windowHitWorkload(points), sceneCore.applicationHitWorkload(points), naive.hitWorkload(points)],
            config: config)
        let (window, application, baseline) = (results[0], results[1], results[2])
        let ratio = baseline.median / window.median
        let meets20 = ratio >= 20
        var target = "≥ 20× (flag)"
        var verdict = meets20 ? "meets 20×" : "below 20×"
        var nsTarget: Target?
        var ratioTarget: Target?
        switch name {
        case "realistic":
            (nsTarget, ratioTarget) = (.atMost(150), .atLeast(20))
        case "wide":
            (nsTarget, ratioTarget) = (.atMost(5000), .atLeast(20))
        case "mixed":
            nsTarget = .atMost(1500)
        default:
            break
        }
        if let nsTarget {
            target = nsTarget.text(.ns) + (ratioTarget.map { " and " + $0.text(.ratio) } ?? "")
            let ok = nsTarget.isMet(by: window.median) && (ratioTarget?.isMet(by: ratio) ?? true)
            verdict = Format.pass(ok)
            if !ok { Figures.missed("hit test on \(name): \(Format.ns(window.median)) ns, \(Format.ratio(ratio)) (target \(target))") }
        }
        Figures.record("Hit testing", "\(name): SceneCore `Window.hitTest`", window.median, unit: .ns, better: .lower, target: nsTarget)
        Figures.record("Hit testing", "\(name): SceneCore `Application.hitTest(screenPoint:)`", application.median, unit: .ns, better: .lower)
        Figures.record("Hit testing", "\(name): naive", baseline.median, unit: .ns, better: .lower)
        Figures.record("Hit testing", "\(name): ratio naive ÷ SceneCore", ratio, unit: .ratio, better: .higher, target: ratioTarget)
        rows.append([
            name, Format.grouped(spec.count), Format.grouped(spec.enlargedCount), Format.percent(throughRoot),
            "\(mismatches) of \(Format.grouped(checked.count))", Format.spread(window), Format.ns(application.median), Format.spread(baseline),
            Format.ratio(ratio), target, verdict,
        ])
    }
    report.table(
        [
            "tree", "views", "EnlargedViews", "points hitting the root", "mismatches",
            "SceneCore `Window.hitTest` ns", "SceneCore `Application.hitTest(screenPoint:)` ns", "naive ns",
            "ratio (naive ÷ SceneCore)", "target", "result",
        ], rows)
}

// MARK: - 2. Touch dispatch

@MainActor
func runDispatchSection(config: MeasureConfig) {
    let report = Report.shared
    report.heading("Touch dispatch")
    let (spec, marks) = Trees.realisticWithLandmarks()
    report.line(
        """
        Realistic tree, touch at (\(Format.ns(marks.touchPoint.x)), \(Format.ns(marks.touchPoint.y))): the plain view in \
        the button slot of table cell 15 (build index \(marks.cell15Button)). One sequence = touch-down (hit test + \
        began), \(sequenceMoves) moves of \(sequenceStep) pt, touch-up, with explicit timestamps: \
        `Application.touchDown/touchMoved/touchUp` in SceneCore, the naive `TouchDispatcher` (fresh \
        `Set<Touch>` per delivery) in the baseline. Every delivery bubbles up the whole chain to the \
        application, which counts it. CPU ns per sequence: median [min–max].

        """)

    // Verification on counting twins of the tree: which responders each delivery reaches.
    let deliveries = sequenceMoves + 2
    let countingCore = SceneCoreTree(spec, counting: true)
    let countingNaive = NaiveTree(spec, counting: true)
    let coreHit = countingCore.runSequence(at: marks.touchPoint, moves: sequenceMoves, step: sequenceStep, advanceClock: false)
    let naiveHit = countingNaive.runSequence(at: marks.touchPoint, moves: sequenceMoves, step: sequenceStep)
    let coreChain = countingCore.chainReached(deliveries: deliveries)
    let naiveChain = countingNaive.chainReached(deliveries: deliveries)
    let coreResponders = coreChain.views.count + coreChain.beyondWindow.count
    let naiveResponders = naiveChain.views.count + naiveChain.beyondWindow.count
    if coreHit != marks.cell15Button || naiveHit != marks.cell15Button {
        report.fail("dispatch: the touch hit view \(coreHit) (SceneCore) / \(naiveHit) (naive), expected \(marks.cell15Button)")
    }
    if coreChain.views != naiveChain.views || coreChain.views.count != 12 || coreChain.strayViews != 0 || naiveChain.strayViews != 0 {
        report.fail("dispatch: views reached differ: SceneCore \(coreChain.views), naive \(naiveChain.views)")
    }
    if coreChain.applicationDeliveries != deliveries || naiveChain.applicationDeliveries != deliveries {
        report.fail("dispatch: application received \(coreChain.applicationDeliveries) / \(naiveChain.applicationDeliveries) deliveries, expected \(deliveries)")
    }
    if coreChain.beyondWindow.last != "Application" || naiveChain.beyondWindow.last != "Application" {
        report.fail("dispatch: the chain does not end at the application")
    }

    report.progress("dispatch: timing")
    let sceneCore = SceneCoreTree(spec)
    let naive = NaiveTree(spec)
    let results = measureInterleaved(
        [
            sceneCore.sequenceWorkload(at: marks.touchPoint, moves: sequenceMoves, step: sequenceStep, advanceClock: false),
            naive.sequenceWorkload(at: marks.touchPoint, moves: sequenceMoves, step: sequenceStep),
        ], config: config)
    let (core, baseline) = (results[0], results[1])
    for (label, counts, runs) in [
        ("SceneCore", sceneCore.terminalCounts(), sceneCore.sequencesRun), ("naive", naive.terminalCounts(), naive.sequencesRun),
    ] where counts != TerminalCounts(began: runs, moved: runs * sequenceMoves, ended: runs, cancelled: 0) {
        report.fail("dispatch: \(label) application counted \(counts) for \(runs) sequences")
    }
    var coreAllocations = (began: 0, moved: 0, ended: 0)
    var naiveAllocations = (began: 0, moved: 0, ended: 0)
    for _ in 0..<10 {
        coreAllocations = sceneCore.sequenceAllocations(at: marks.touchPoint, moves: sequenceMoves, step: sequenceStep)
        naiveAllocations = naive.sequenceAllocations(at: marks.touchPoint, moves: sequenceMoves, step: sequenceStep)
    }

    let ratio = baseline.median / core.median
    let ok = ratio >= 4
    if !ok { Figures.missed("dispatch: SceneCore is \(Format.ratio(ratio)) naive's sequences/s (target ≥ 4×)") }
    Figures.record("Touch dispatch", "SceneCore ns per sequence", core.median, unit: .ns, better: .lower)
    Figures.record("Touch dispatch", "naive ns per sequence", baseline.median, unit: .ns, better: .lower)
    Figures.record("Touch dispatch", "ratio SceneCore ÷ naive (sequences/s)", ratio, unit: .ratio, better: .higher, target: .atLeast(4))
    report.table(
        ["", "SceneCore", "naive", "ratio (SceneCore ÷ naive, sequences/s)", "target", "result"],
        [
            ["ns per sequence", Format.spread(core), Format.spread(baseline), Format.ratio(ratio), "≥ 4×", Format.pass(ok)],
            [
                "sequences per second", Format.grouped(Int(1e9 / core.median)), Format.grouped(Int(1e9 / baseline.median)),
                Format.ratio(ratio), "", "",
            ],
            ["ns per delivery (÷ 12, incl. the hit test)", Format.ns(core.median / 12), Format.ns(baseline.median / 12), "", "", ""],
            [
                "responders each delivery reaches", "\(coreResponders): \(coreChain.views.count) views + \(coreChain.beyondWindow.joined(separator: " + "))",
                "\(naiveResponders): \(naiveChain.views.count) views + \(naiveChain.beyondWindow.joined(separator: " + "))",
                "", "same 12 views", Format.pass(coreChain.views == naiveChain.views && coreChain.views.count == 12),
            ],
            [
                "heap allocations: down / 10 moves / up",
                "\(coreAllocations.began) / \(coreAllocations.moved) / \(coreAllocations.ended)",
                "\(naiveAllocations.began) / \(naiveAllocations.moved) / \(naiveAllocations.ended)", "", "(info)", "",
            ],
        ])
    report.line(
        "The views reached (build indices, both implementations): \(coreChain.views.map(String.init).joined(separator: ", ")).\n")
}

// MARK: - 3. Gestures

@MainActor
func runGestureSection(config: MeasureConfig) {
    let report = Report.shared
    report.heading("Gesture recognizers")
    let (spec, marks) = Trees.realisticWithLandmarks()
    report.line(
        """
        Realistic tree, the dispatch sequence (touch-down at (132, 190), \(sequenceMoves) moves of \(sequenceStep) pt \
        10 ms apart, touch-up at +120 ms; the manual clock is advanced to each sequence's start) with a \
        `TapGestureRecognizer` on table cell 15, a `PanGestureRecognizer` on the table and a \
        `LongPressGestureRecognizer` on the view controller's root view, against the same sequence on the \
        same tree without recognizers, same run. All three stay `possible` until the touch lifts; then \
        the tap recognizes (and cancels the touch in the view) and the other two fail. Heap allocations \
        are counted by interposing malloc & co. (CAllocCounter) over 100 sequences after 20 warm-up ones.

        """)
    let plain = SceneCoreTree(spec)
    let gestures = SceneCoreTree(spec)
    let tally = gestures.attachRecognizers(tap: marks.cell15, pan: marks.table, longPress: marks.controllerView)

    // Verify one sequence of each.
    plain.runSequence(at: marks.touchPoint, moves: sequenceMoves, step: sequenceStep, advanceClock: true)
    gestures.runSequence(at: marks.touchPoint, moves: sequenceMoves, step: sequenceStep, advanceClock: true)
    if plain.terminalCounts() != TerminalCounts(began: 1, moved: sequenceMoves, ended: 1, cancelled: 0) {
        report.fail("gestures: without recognizers the application counted \(plain.terminalCounts())")
    }
    if gestures.terminalCounts() != TerminalCounts(began: 1, moved: sequenceMoves, ended: 0, cancelled: 1)
        || tally.tapRecognized != 1 || tally.panBegan != 0 || tally.longPressBegan != 0
    {
        report.fail(
            "gestures: expected the tap to recognize at touch-up (view cancelled), got \(gestures.terminalCounts()), "
                + "tap \(tally.tapRecognized), pan \(tally.panBegan), long press \(tally.longPressBegan)")
    }

    report.progress("gestures: timing")
    let results = measureInterleaved(
        [
            plain.sequenceWorkload(at: marks.touchPoint, moves: sequenceMoves, step: sequenceStep, advanceClock: true),
            gestures.sequenceWorkload(at: marks.touchPoint, moves: sequenceMoves, step: sequenceStep, advanceClock: true),
        ], config: config)
    let (without, with) = (results[0], results[1])
    if tally.tapRecognized != gestures.sequencesRun || tally.panBegan != 0 || tally.longPressBegan != 0 {
        report.fail("gestures: the tap recognized \(tally.tapRecognized) times in \(gestures.sequencesRun) sequences")
    }

    report.progress("gestures: counting allocations")
    var withAllocations: [(began: Int, moved: Int, ended: Int)] = []
    var withoutAllocations: [(began: Int, moved: Int, ended: Int)] = []
    for round in 0..<120 {
        let a = gestures.sequenceAllocations(at: marks.touchPoint, moves: sequenceMoves, step: sequenceStep)
        let b = plain.sequenceAllocations(at: marks.touchPoint, moves: sequenceMoves, step: sequenceStep)
        if round >= 20 {
            withAllocations.append(a)
            withoutAllocations.append(b)
        }
    }
    func summary(_ values: [Int]) -> String {
        let mean = Double(values.reduce(0, +)) / Double(values.count)
        let low = values.min() ?? 0, high = values.max() ?? 0
        return low == high ? "\(low)" : "\(Format.fixed(mean, 1)) [\(low)–\(high)]"
    }
    func perMovedEvent(_ totals: [Int]) -> String {
        let mean = Double(totals.reduce(0, +)) / Double(totals.count * sequenceMoves)
        let high = Double(totals.max() ?? 0) / Double(sequenceMoves)
        return "\(Format.fixed(mean, 2)); \(Format.fixed(high, 2))"
    }
    let movedPerEventMax = Double(withAllocations.map(\.moved).max() ?? 0) / Double(sequenceMoves)
    let movedPerEventMean = Double(withAllocations.map(\.moved).reduce(0, +)) / Double(withAllocations.count * sequenceMoves)

    let ratio = with.median / without.median
    let timeOK = ratio <= 2
    let allocationsOK = movedPerEventMax == 0
    if !timeOK { Figures.missed("gestures: a sequence with recognizers costs \(Format.ratio(ratio)) the one without (target ≤ 2×)") }
    Figures.record("Gesture recognizers", "no recognizers, ns per sequence", without.median, unit: .ns, better: .lower)
    Figures.record("Gesture recognizers", "tap + pan + long press, ns per sequence", with.median, unit: .ns, better: .lower)
    Figures.record("Gesture recognizers", "ratio with ÷ without", ratio, unit: .ratio, better: .lower, target: .atMost(2))
    if !allocationsOK {
        report.fail("gestures: \(Format.fixed(movedPerEventMean, 2)) heap allocations per moved event (max \(Format.fixed(movedPerEventMax, 2))); target 0")
    }
    report.table(
        ["", "no recognizers", "tap + pan + long press", "ratio (with ÷ without)", "target", "result"],
        [
            ["ns per sequence", Format.spread(without), Format.spread(with), Format.ratio(ratio), "≤ 2×", Format.pass(timeOK)],
            [
                "heap allocations per moved event (mean; max over the sequences)", perMovedEvent(withoutAllocations.map(\.moved)),
                perMovedEvent(withAllocations.map(\.moved)), "", "0", Format.pass(allocationsOK),
            ],
            [
                "heap allocations at touch-down (hit test + began)", summary(withoutAllocations.map(\.began)),
                summary(withAllocations.map(\.began)), "", "(info)", "",
            ],
            [
                "heap allocations at touch-up (ended)", summary(withoutAllocations.map(\.ended)),
                summary(withAllocations.map(\.ended)), "", "(info)", "",
            ],
        ])
}

// MARK: - 4. Heap per view

/// One line of a memory probe: what `copies` copies of a tree cost, measured in a fresh process.
struct MemoryFigures {
    var views: Int
    var heapBuilt: Double
    var rssBuilt: Double
    var heapAfterHit: Double
    var rssAfterHit: Double
}

let memoryCopies: [String: Int] = ["wide": 40, "deep": 400, "balanced": 11, "realistic": 830, "mixed": 40]
/// A point that reaches every container that gets a grid (the wide root, the realistic table).
let memoryProbePoint: [String: (x: Double, y: Double)] = [
    "wide": (505, 505), "deep": (1500, 10), "balanced": (5, 5), "realistic": (132, 190), "mixed": (1500, 1500),
]

/// Runs in the child process: builds the copies and prints the figures.
@MainActor
func runMemoryProbe(implementation: String, tree: String) -> Int32 {
    guard let spec = Trees.named(tree)?.allPlain, let copies = memoryCopies[tree], let point = memoryProbePoint[tree] else {
        Report.shared.progress("memory-probe: unknown tree \(tree)")
        return 2
    }
    // Warm the runtime (class metadata, first allocations) with one copy that is thrown away.
    if implementation == "scenecore" {
        _ = SceneCoreTree.hitOnce(SceneCoreTree.buildDetachedCopies(spec, copies: 1), at: point)
    } else {
        _ = NaiveTree.hitOnce(NaiveTree.buildDetachedCopies(spec, copies: 1), at: point)
    }
    let heap0 = Double(alloc_counter_heap_in_use()), rss0 = Double(alloc_counter_rss_bytes())
    var heap1 = 0.0, rss1 = 0.0, heap2 = 0.0, rss2 = 0.0
    var checksum = 0
    if implementation == "scenecore" {
        let roots = SceneCoreTree.buildDetachedCopies(spec, copies: copies)
        heap1 = Double(alloc_counter_heap_in_use())
        rss1 = Double(alloc_counter_rss_bytes())
        checksum = SceneCoreTree.hitOnce(roots, at: point)
        heap2 = Double(alloc_counter_heap_in_use())
        rss2 = Double(alloc_counter_rss_bytes())
        withExtendedLifetime(roots) {}
    } else if implementation == "naive" {
        let roots = NaiveTree.buildDetachedCopies(spec, copies: copies)
        heap1 = Double(alloc_counter_heap_in_use())
        rss1 = Double(alloc_counter_rss_bytes())
        checksum = NaiveTree.hitOnce(roots, at: point)
        heap2 = Double(alloc_counter_heap_in_use())
        rss2 = Double(alloc_counter_rss_bytes())
        withExtendedLifetime(roots) {}
    } else {
        Report.shared.progress("memory-probe: unknown implementation \(implementation)")
        return 2
    }
    let views = Double(spec.count * copies)
    print(
        "probe \(spec.count * copies) \((heap1 - heap0) / views) \((rss1 - rss0) / views) "
            + "\((heap2 - heap0) / views) \((rss2 - rss0) / views) \(checksum)")
    return 0
}

/// Runs one probe in a fresh process (so that earlier sections' freed memory does not blur the RSS).
@MainActor
private func probe(_ implementation: String, _ tree: String) -> MemoryFigures? {
    var path = [CChar](repeating: 0, count: 4096)
    let length = readlink("/proc/self/exe", &path, path.count - 1)
    guard length > 0 else { return nil }
    let executable = String(decoding: path.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard let pipe = popen("'\(executable)' memory-probe \(implementation) \(tree)", "r") else { return nil }
    var output = ""
    var buffer = [CChar](repeating: 0, count: 1024)
    while fgets(&buffer, Int32(buffer.count), pipe) != nil {
        output += String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    guard pclose(pipe) == 0 else { return nil }
    guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("probe ") }) else { return nil }
    let fields = line.split(separator: " ").dropFirst().compactMap { Double($0) }
    guard fields.count >= 5 else { return nil }
    return MemoryFigures(
        views: Int(fields[0]), heapBuilt: fields[1], rssBuilt: fields[2], heapAfterHit: fields[3], rssAfterHit: fields[4])
}

@MainActor
func runMemorySection() {
    let report = Report.shared
    report.heading("Heap per view")
    report.line(
        """
        Each figure comes from a fresh process that builds detached copies of a tree, all plain views \
        (EnlargedViews replaced by plain ones), until there are ≥ 400,000 views, keeps them alive and \
        divides the growth by the number of views: heap = `mallinfo2()` uordblks + hblkhd (malloc in \
        use, mmapped blocks included), RSS from `/proc/self/statm`. Everything a view costs its parent \
        (subview array slot, SceneCore's per-child hit record, the grid) is included; "after a hit test" \
        adds the hit indexes SceneCore builds lazily at the first hit test (one hit test per copy, at a point \
        that reaches every container with a grid). The target applies to the wide copies (40 × 10,001 plain \
        views, the flat case); the other trees are for information.

        """)
    var rows: [[String]] = []
    for tree in Trees.names where memoryCopies[tree] != nil {
        report.progress("memory: probing \(tree)")
        guard let core = probe("scenecore", tree), let naive = probe("naive", tree) else {
            report.fail("memory: the probe for \(tree) did not run")
            continue
        }
        let isTarget = tree == "wide"
        let ok = core.heapAfterHit <= 300
        if isTarget && !ok {
            report.fail("memory: SceneCore uses \(Format.ns(core.heapAfterHit)) heap bytes per plain view on wide (target ≤ 300)")
        }
        rows.append([
            "\(tree) (\(memoryCopies[tree]!) copies, \(Format.grouped(core.views)) views)",
            Format.ns(core.heapBuilt), Format.ns(core.heapAfterHit), Format.ns(core.rssAfterHit),
            Format.ns(naive.heapAfterHit), Format.ns(naive.rssAfterHit),
            Format.ratio(core.heapAfterHit / naive.heapAfterHit),
            isTarget ? "≤ 300 B" : "(info)", isTarget ? Format.pass(ok) : "",
        ])
    }
    report.table(
        [
            "tree", "SceneCore heap B/view (built)", "SceneCore heap B/view (after a hit test)", "SceneCore RSS B/view",
            "naive heap B/view", "naive RSS B/view", "SceneCore ÷ naive (heap)", "target", "result",
        ], rows)
}

// MARK: - Profiling aid

/// `SceneBench profile <target> [operations]`: runs one workload alone, for perf or callgrind.
/// Targets: dispatch-scenecore, dispatch-naive, gestures, gestures-none, hit-<tree>, hit-<tree>-naive.
@MainActor
func runProfile(_ target: String, operations: Int) -> Int32 {
    let (realistic, marks) = Trees.realisticWithLandmarks()
    let workload: Workload
    switch target {
    case "dispatch-scenecore":
        workload = SceneCoreTree(realistic).sequenceWorkload(
            at: marks.touchPoint, moves: sequenceMoves, step: sequenceStep, advanceClock: false)
    case "dispatch-naive":
        workload = NaiveTree(realistic).sequenceWorkload(at: marks.touchPoint, moves: sequenceMoves, step: sequenceStep)
    case "gestures", "gestures-none":
        let tree = SceneCoreTree(realistic)
        if target == "gestures" {
            _ = tree.attachRecognizers(tap: marks.cell15, pan: marks.table, longPress: marks.controllerView)
        }
        workload = tree.sequenceWorkload(at: marks.touchPoint, moves: sequenceMoves, step: sequenceStep, advanceClock: true)
    case "gesture-phases":
        let plain = SceneCoreTree(realistic)
        let gestures = SceneCoreTree(realistic)
        _ = gestures.attachRecognizers(tap: marks.cell15, pan: marks.table, longPress: marks.controllerView)
        for (label, tree) in [("no recognizers", plain), ("tap + pan + long press", gestures)] {
            var down: [Double] = [], moves: [Double] = [], up: [Double] = []
            for round in 0..<operations {
                let phases = tree.sequencePhaseNanos(at: marks.touchPoint, moves: sequenceMoves, step: sequenceStep)
                if round >= operations / 10 {
                    down.append(phases.down)
                    moves.append(phases.moves)
                    up.append(phases.up)
                }
            }
            print("\(label): down \(Format.ns(Stats.median(down))) ns, \(sequenceMoves) moves \(Format.ns(Stats.median(moves))) ns, up \(Format.ns(Stats.median(up))) ns")
        }
        return 0
    default:
        let parts = target.split(separator: "-").map(String.init)
        guard parts.count >= 2, parts[0] == "hit", let spec = Trees.named(parts[1]) else {
            Report.shared.progress("unknown profile target \(target)")
            return 2
        }
        let points = spec.randomPoints(100_000)
        workload = parts.count == 3 ? NaiveTree(spec).hitWorkload(points) : SceneCoreTree(spec).windowHitWorkload(points)
    }
    let start = Clock.threadCPU()
    Sink.consume(workload(operations))
    let elapsed = Double(Clock.threadCPU() - start)
    print("\(target): \(operations) operations, \(Format.ns(elapsed / Double(operations))) ns each")
    return 0
}
