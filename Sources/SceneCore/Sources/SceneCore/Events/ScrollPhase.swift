/// Where a continuous (trackpad) scroll gesture, or its momentum, is [SV-17].
public enum ScrollPhase: String, Sendable, CaseIterable {
    /// The fingers touched the trackpad (or momentum started).
    case began
    /// The fingers (or momentum) moved the content by the event's delta.
    case changed
    /// The fingers lifted (or momentum stopped).
    case ended
    /// The system abandoned the gesture.
    case cancelled
}
