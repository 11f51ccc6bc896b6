import SceneCore

/// SceneCore's pending work (``Application/pendingWork()``: fingers down, recognizers waiting on a
/// timer or for others to fail, touch phases held back, scroll views moving, animations) as busy sources.
@MainActor
final class ModelWorkSource: PendingWorkSource {
    private let application: Application

    init(application: Application) {
        self.application = application
    }

    func appendBusySources(to list: inout [BusySource]) {
        for work in application.pendingWork() {
            let kind: BusySource.Kind =
                switch work {
                case .touchDown: .touch
                case .recognizerTimer, .waitingForFailure: .recognizer
                case .delayedDelivery: .delayedDelivery
                case .scrollMotion: .scrolling
                case .animation: .animation
                @unknown default: .model
                }
            list.append(BusySource(kind: kind, window: work.window, view: work.view, detail: work.summary, deadline: work.deadline))
        }
    }
}
