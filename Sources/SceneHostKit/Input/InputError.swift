public import SceneErrors

/// Bad scripted input: the code says which rule was broken and the message names the bad value.
/// Nothing is delivered for input that fails validation. On D-Bus each code is an
/// `org.scenehost.Error` (see `InputFailure+Bus.swift`).
public typealias InputError = CodedError<InputFailure>

/// The kinds of ``InputError``.
public enum InputFailure: ErrorDomain {}

extension ErrorCode where Domain == InputFailure {
    /// A coordinate or duration is NaN, infinite or out of range.
    public static var invalidValue: Self { Self("InvalidValue") }
    /// A move, up or cancel names a slot that is not down.
    public static var unknownSlot: Self { Self("UnknownSlot") }
    /// A down names a slot that is already down.
    public static var slotInUse: Self { Self("SlotInUse") }
    /// More simultaneous touches, samples or script time than the configured limits allow.
    public static var limitExceeded: Self { Self("LimitExceeded") }
    /// A phase or subtype name that does not exist.
    public static var invalidName: Self { Self("InvalidName") }
    /// The window or view named does not exist.
    public static var noSuchTarget: Self { Self("NoSuchTarget") }
}
