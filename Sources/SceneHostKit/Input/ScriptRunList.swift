/// The scripted input runs in flight (gesture methods, `InjectTouches`, W3C actions, from every
/// client), listed as pending work: a run with steps left keeps the host busy.
@MainActor
public final class ScriptRunList: PendingWorkSource {
    private var runs: [ScriptRun] = []

    public init() {}

    func add(_ run: ScriptRun) {
        runs.append(run)
    }

    func remove(_ run: ScriptRun) {
        runs.removeAll { $0 === run }
    }

    /// Runs still delivering.
    public var count: Int { runs.count }

    public func appendBusySources(to list: inout [BusySource]) {
        for run in runs where !run.isFinished {
            let progress = run.progress
            list.append(
                BusySource(
                    kind: .inputScript, detail: "scripted input has step \(progress.step) of \(progress.of) to deliver",
                    deadline: progress.due))
        }
    }
}
