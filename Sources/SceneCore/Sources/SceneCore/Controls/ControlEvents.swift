extension Control {
    /// The events a control sends, with UIKit's raw values (§0).
    public struct Events: OptionSet, Hashable, Sendable {
        public let rawValue: UInt64

        public init(rawValue: UInt64) {
            self.rawValue = rawValue
        }

        public static let touchDown = Events(rawValue: 1 << 0)
        public static let touchDownRepeat = Events(rawValue: 1 << 1)
        public static let touchDragInside = Events(rawValue: 1 << 2)
        public static let touchDragOutside = Events(rawValue: 1 << 3)
        public static let touchDragEnter = Events(rawValue: 1 << 4)
        public static let touchDragExit = Events(rawValue: 1 << 5)
        public static let touchUpInside = Events(rawValue: 1 << 6)
        public static let touchUpOutside = Events(rawValue: 1 << 7)
        public static let touchCancel = Events(rawValue: 1 << 8)
        public static let valueChanged = Events(rawValue: 1 << 12)
        public static let primaryActionTriggered = Events(rawValue: 1 << 13)
        public static let menuActionTriggered = Events(rawValue: 1 << 14)
        public static let editingDidBegin = Events(rawValue: 1 << 16)
        public static let editingChanged = Events(rawValue: 1 << 17)
        public static let editingDidEnd = Events(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Events(rawValue: 1 << 19)
        public static let allTouchEvents = Events(rawValue: 0xFFF)
        public static let allEditingEvents = Events(rawValue: 0xF0000)
        public static let applicationReserved = Events(rawValue: 0x0F00_0000)
        public static let systemReserved = Events(rawValue: 0xF000_0000)
        public static let allEvents = Events(rawValue: 0xFFFF_FFFF)

        /// Names of the single events, lowest bit first, as used in logs and on D-Bus.
        public static let names: [(Events, String)] = [
            (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"), (.touchDragInside, "touchDragInside"),
            (.touchDragOutside, "touchDragOutside"), (.touchDragEnter, "touchDragEnter"), (.touchDragExit, "touchDragExit"),
            (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"), (.touchCancel, "touchCancel"),
            (.valueChanged, "valueChanged"), (.primaryActionTriggered, "primaryActionTriggered"),
            (.menuActionTriggered, "menuActionTriggered"), (.editingDidBegin, "editingDidBegin"),
            (.editingChanged, "editingChanged"), (.editingDidEnd, "editingDidEnd"),
            (.editingDidEndOnExit, "editingDidEndOnExit"),
        ]
    }

    /// A control's visual state, with UIKit's raw values.
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt

        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        public static let normal: State = []
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
    }
}

extension Control.Events: CustomStringConvertible {
    public var description: String {
        let parts = Control.Events.names.filter { contains($0.0) }.map(\.1)
        return parts.isEmpty ? "[]" : "[" + parts.joined(separator: ", ") + "]"
    }
}
