/// Configuration key `clock` (and `--clock`): where the host's time comes from.
public enum ClockMode: String, Sendable, Equatable, CaseIterable {
    /// `CLOCK_MONOTONIC`: timers fire as real time passes (``MonotonicClock``).
    case real
    /// A clock that moves only when told to (``VirtualClock``): `Host1.AdvanceClock`, and scripted
    /// input, whose delays advance it. Long presses and double-tap timeouts take no wall time, and
    /// the same input gives the same signals every time.
    case virtual
}
