/// The host clock's closure timers (plugin or model code scheduled through `EventClock`) as busy
/// sources. Recognizer timers and scripted input's steps are listed by their owners instead.
@MainActor
final class ClockTimerSource: PendingWorkSource {
    private let clock: any HostClock

    init(clock: any HostClock) {
        self.clock = clock
    }

    func appendBusySources(to list: inout [BusySource]) {
        for timer in clock.pendingTimers where timer.purpose == .code {
            list.append(BusySource(kind: .timer, detail: "a timer of plugin, model or input-script code is armed", deadline: timer.deadline))
        }
    }
}
