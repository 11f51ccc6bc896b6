/// Whether the bridge should be on the accessibility bus, as a state machine of values: what is
/// wanted (from `org.a11y.Status`, or always for `accessibility: on`) against where the connection
/// is. The bridge feeds it events and carries out the ``Action`` each returns.
///
/// Joining starts with a round trip (asking the launcher for the bus address), and the status may flip
/// meanwhile, any number of times. Each join has a generation; a join checks ``isCurrent(_:)`` before
/// it connects and gives up when it was called off, so at most one connection is ever made at a time
/// and the last status always wins. (Connecting and exporting happen in one main-actor turn, so a
/// join that passed the check finishes before the next event.)
///
///     detached ──want(true)──► joining(g) ──joined(g, ok)──► attached
///        ▲  ◄──want(false)───────┘   │ joined(g, failed)       │
///        └──────────────────────────-┴─────────────────────────┴─ want(false) / connectionLost
public struct AccessibilitySwitch: Sendable, Equatable {
    /// Where the bridge's accessibility connection is.
    public enum Phase: Sendable, Equatable {
        /// Not on the accessibility bus: nothing is registered, no event is sent.
        case detached
        /// Finding the bus, connecting and registering, as join number `generation`.
        case joining(generation: UInt64)
        /// On the accessibility bus: registered (or waiting for the registry), sending events.
        case attached
    }

    /// What the bridge must do after an event.
    public enum Action: Sendable, Equatable {
        /// Nothing.
        case none
        /// Start join number `generation` (find the bus, connect, export, `Embed`).
        case join(generation: UInt64)
        /// Leave the accessibility bus: stop observing the model, unexport, close the connection
        /// (the registry drops the application). A join still finding the bus gives up.
        case leave
    }

    public private(set) var phase: Phase = .detached
    /// Whether assistive technology wants the application on the bus.
    public private(set) var isWanted = false
    private var generation: UInt64 = 0

    public init() {}

    /// Assistive technology was turned on (`true`) or off (`false`).
    public mutating func want(_ wanted: Bool) -> Action {
        isWanted = wanted
        switch (phase, wanted) {
        case (.detached, true):
            generation += 1
            phase = .joining(generation: generation)
            return .join(generation: generation)
        case (.joining, true), (.attached, true), (.detached, false):
            return .none
        case (.joining, false), (.attached, false):
            phase = .detached
            return .leave
        }
    }

    /// Join number `generation` finished: connected and registered handlers (`succeeded`), or not.
    /// A join that was called off changes nothing (it gave up before connecting).
    public mutating func joined(generation finished: UInt64, succeeded: Bool) {
        switch phase {
        case .joining(let current) where current == finished:
            phase = succeeded ? .attached : .detached
        case .joining, .attached, .detached:
            break
        }
    }

    /// Whether join number `generation` is still the one wanted (checked after every step of a join).
    public func isCurrent(_ join: UInt64) -> Bool {
        phase == .joining(generation: join)
    }

    /// The accessibility bus connection closed under the bridge (the bus or its launcher went away).
    /// The bridge is detached; it joins again when the status next says so (or the launcher returns).
    public mutating func connectionLost() {
        switch phase {
        case .attached, .joining: phase = .detached
        case .detached: break
        }
    }
}
