import Dispatch
public import SceneCore

/// The host's pending-work list: the union of what every registered ``PendingWorkSource`` still has
/// to do. Empty means idle: nothing will happen until new input arrives (or, on the virtual clock,
/// until it is advanced).
///
/// Waiting for a condition on that list (`Host1.WaitForIdle`, `Host1.TapMatching`) goes through
/// ``wait(timeout:until:expired:)``: the condition is checked at once, then again at the end of every
/// main-loop turn in which something happened — a model event (every ``ApplicationObserver``
/// callback), a clock timer, a scripted run's step, or a source's ``setNeedsCheck()`` — and the
/// waiter is answered from there. Nothing polls, nothing blocks the main loop; with nobody waiting an
/// event costs one Boolean test. A costly condition (a find walking a large window) is paced by its
/// own cost (``WaiterPacing``): while the scene changes every turn it runs at most a quarter of the
/// time, and a change it has not seen is checked later, never dropped. Timeouts are wall-clock
/// seconds, also on the virtual clock (they bound how long a caller waits, not model time).
///
/// Other parts of the host add their own sources with ``register(_:)`` (the display's input queue
/// and frames owed).
@MainActor
public final class PendingWorkRegistry {
    private var sources: [any PendingWorkSource] = []
    private var waiters: [Int: Waiter] = [:]
    private var nextWaiter = 0
    private var checkScheduled = false
    private var observer: ActivityObserver?

    /// Monotonic nanoseconds: what a condition's cost is measured with.
    private let now: @MainActor () -> UInt64

    private struct Waiter {
        let condition: @MainActor () -> Bool
        let timeout: DispatchWorkItem?
        var pacing: WaiterPacing
    }

    /// - Parameters:
    ///   - application: its events trigger checks.
    ///   - clock: its timers trigger checks (it takes the clock's `onTimersFired`).
    ///   - now: monotonic nanoseconds, to measure what each check costs (a test's own time);
    ///     `nil` is the system's monotonic clock.
    public init(
        application: Application, clock: any HostClock, now: (@MainActor () -> UInt64)? = nil
    ) {
        self.now = now ?? { DispatchTime.now().uptimeNanoseconds }
        let observer = ActivityObserver()
        self.observer = observer
        observer.registry = self
        application.addObserver(observer)
        clock.onTimersFired = { [weak self] in self?.setNeedsCheck() }
    }

    /// Adds a source; it is asked from now on.
    public func register(_ source: any PendingWorkSource) {
        sources.append(source)
        setNeedsCheck()
    }

    /// Removes a source (by identity).
    public func unregister(_ source: any PendingWorkSource) {
        sources.removeAll { $0 === source }
        setNeedsCheck()
    }

    /// Everything pending now, source by source in registration order.
    public func busySources() -> [BusySource] {
        var list: [BusySource] = []
        for source in sources { source.appendBusySources(to: &list) }
        return list
    }

    /// Lets every source do the work that is the host's own (``PendingWorkSource/settle()``).
    public func settle() {
        for source in sources { source.settle() }
    }

    /// True when nothing is pending (after letting the sources settle).
    public func isIdle() -> Bool {
        settle()
        return busySources().isEmpty
    }

    /// Something may have changed: waiters are checked again at the end of this main-loop turn
    /// (once, however often this is called). Does nothing while nobody waits.
    public func setNeedsCheck() {
        changeCount &+= 1
        guard !waiters.isEmpty, !checkScheduled else { return }
        checkScheduled = true
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated { self?.checkWaiters() }
        }
    }

    /// Waits until `condition` returns true (it is then done: it answered its caller), checking it now
    /// and after every change (paced by its cost, ``WaiterPacing``); after `timeout` wall-clock seconds
    /// — and a last check if a change is still unchecked — `expired` runs instead (once) and the
    /// condition is dropped. A `timeout` of 0 checks once and expires at once when that fails.
    public func wait(timeout: Double, until condition: @escaping @MainActor () -> Bool, expired: @escaping @MainActor () -> Void) {
        let start = now()
        if condition() { return }
        let end = now()
        guard timeout > 0 else {
            expired()
            return
        }
        let id = nextWaiter
        nextWaiter += 1
        let item = DispatchWorkItem { [weak self] in
            MainActor.assumeIsolated {
                guard let self, let waiter = self.waiters.removeValue(forKey: id) else { return }
                if waiter.pacing.owesCheck, waiter.condition() { return }
                expired()
            }
        }
        var pacing = WaiterPacing()
        pacing.checked(from: start, to: end)
        waiters[id] = Waiter(condition: condition, timeout: item, pacing: pacing)
        DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(Int(timeout * 1e9)), execute: item)
    }

    /// How many times something may have changed (each ``setNeedsCheck()``, waited for or not): a
    /// caller that looked at the board across awaits compares it before and after to know whether
    /// what it saw may be stale already.
    public private(set) var changeCount: UInt64 = 0

    /// Runs `action` once: at the end of the next main-loop turn in which something happened after
    /// this call (paced as ``wait(timeout:until:expired:)`` paces its checks; a check already due for
    /// an earlier change does not run it), or after `timeout` wall-clock seconds if nothing did. For
    /// a caller whose own check awaits other processes and so cannot be a condition.
    /// `lastCheck`, the caller's own check from ``timestamp()`` to ``timestamp()``, paces it as a
    /// condition's cost paces a waiter.
    public func nextChange(timeout: Double, lastCheck: (start: UInt64, end: UInt64)? = nil, _ action: @escaping @MainActor () -> Void) {
        let id = nextWaiter
        nextWaiter += 1
        let item = DispatchWorkItem { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.waiters.removeValue(forKey: id) != nil else { return }
                action()
            }
        }
        var pacing = WaiterPacing()
        if let lastCheck { pacing.checked(from: lastCheck.start, to: lastCheck.end) }
        let registeredAt = changeCount
        waiters[id] = Waiter(
            condition: { [weak self] in
                guard let self, self.changeCount != registeredAt else { return false }
                action()
                return true
            }, timeout: item, pacing: pacing)
        DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(Int(max(0, timeout) * 1e9)), execute: item)
    }

    /// ``nextChange(timeout:_:)`` for async callers.
    public func nextChange(timeout: Double, lastCheck: (start: UInt64, end: UInt64)? = nil) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            nextChange(timeout: timeout, lastCheck: lastCheck) { continuation.resume() }
        }
    }

    /// Now, in the monotonic nanoseconds the registry measures costs in.
    public func timestamp() -> UInt64 { now() }

    /// Waiters still waiting.
    public var waiterCount: Int { waiters.count }

    private func checkWaiters() {
        checkScheduled = false
        for id in waiters.keys.sorted() {
            guard let decision = waiters[id]?.pacing.changed(at: now()) else { continue }
            act(on: decision, for: id)
        }
    }

    /// Does what `id`'s pacing decided.
    private func act(on decision: WaiterPacing.Decision, for id: Int) {
        switch decision {
        case .none:
            return
        case .checkAt(let time):
            // One reading: between two, the clock may pass `time` (the second read past it made
            // `time - now()` overflow, and the host crashed, under AddressSanitizer on a busy machine).
            let current = now()
            let delay = time > current ? time - current : 0
            DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(Int(min(delay, UInt64(Int.max))))) { [weak self] in
                MainActor.assumeIsolated {
                    guard let self, let decision = self.waiters[id]?.pacing.wokeUp(at: self.now()) else { return }
                    self.act(on: decision, for: id)
                }
            }
        case .check:
            guard let waiter = waiters[id] else { return }
            let start = now()
            if waiter.condition() {
                waiters[id] = nil
                waiter.timeout?.cancel()
            } else {
                waiters[id]?.pacing.checked(from: start, to: now())
            }
        }
    }
}

/// Hears every model event and asks the registry to check its waiters.
@MainActor
private final class ActivityObserver: ApplicationObserver {
    weak var registry: PendingWorkRegistry?

    func touchDidChange(_ touch: Touch) { registry?.setNeedsCheck() }
    func firstResponderDidChange(in window: Window, from old: Responder?, to new: Responder?) { registry?.setNeedsCheck() }
    func keyWindowDidChange(in scene: WindowScene, from old: Window?, to new: Window?) { registry?.setNeedsCheck() }
    func windowDidBecomeVisible(_ window: Window) { registry?.setNeedsCheck() }
    func windowDidBecomeHidden(_ window: Window) { registry?.setNeedsCheck() }
    func windowsDidChange(in scene: WindowScene) { registry?.setNeedsCheck() }
    func viewHierarchyDidChange(in window: Window, parent: View?) { registry?.setNeedsCheck() }
    func gestureRecognizerDidChangeState(_ recognizer: GestureRecognizer, from old: GestureRecognizer.State) { registry?.setNeedsCheck() }
    func actionWasSent(_ action: Selector, from sender: AnyObject?, to target: AnyObject?, event: Event?) { registry?.setNeedsCheck() }
    func motionWasDelivered(_ subtype: Event.EventSubtype, phase: MotionPhase, handledBy: Responder?) { registry?.setNeedsCheck() }
    func remoteControlWasDelivered(_ subtype: Event.EventSubtype, handledBy: Responder?) { registry?.setNeedsCheck() }
    func pressWasDelivered(_ press: Press, handledBy: Responder?) { registry?.setNeedsCheck() }
    func textDidChange(in view: View, _ change: TextChange) { registry?.setNeedsCheck() }
    func sceneActivationDidChange(_ scene: WindowScene, to state: WindowScene.ActivationState) { registry?.setNeedsCheck() }
    func sceneDidConnect(_ scene: WindowScene) { registry?.setNeedsCheck() }
    func sceneDidDisconnect(_ scene: WindowScene) { registry?.setNeedsCheck() }
    func scene(_ scene: WindowScene, didLog line: String) { registry?.setNeedsCheck() }
}
