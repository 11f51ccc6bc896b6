public import SceneCore

/// One view of a window's tree as the host describes it, with its subviews: the one walk that every
/// rendering of a tree reads (`Window1.DescribeTree`'s JSON, the WebDriver page source's XML), so the
/// formats cannot disagree about what is there. Made by ``ViewTreeWalker``; a snapshot of one moment,
/// on the main actor, holding the live views it describes.
///
/// A class, not a struct: a reader walking 10,000 descriptions then passes one reference per node
/// instead of copying a dozen reference-counted fields each time it visits one.
@MainActor
public final class ViewDescription {
    /// The view described (for references and element ids; read on the main actor only).
    public let view: View
    /// The view's class name (`BlueView`, `Button`).
    public let typeName: String
    /// The view's bounds in its window's coordinates.
    public let frame: Rect
    /// Where `frame`'s origin is on the screen (the window's position added).
    public let screenOrigin: Point
    public let isHidden: Bool
    public let alpha: Double
    public let isUserInteractionEnabled: Bool
    /// The accessibility role's name (`button`, `static-text`, …).
    public let role: String
    /// The display names of the view's gesture recognizers.
    public let gestures: [String]
    public let identifier: String?
    public let label: String?
    /// The accessibility value (a text field's text, a switch's `1`/`0`, a slider's value).
    public let value: String?
    /// A label's text or a text field's displayed text (bullets for secure entry).
    public let text: String?
    /// A control's state; nil for other views.
    public let control: ControlState?
    /// A scroll view's (and so a table's) offset and content; nil for other views.
    public let scroll: ScrollState?
    public let isFocused: Bool
    public let isFirstResponder: Bool
    /// Whether a person could see and tap it, when the walk was asked for it.
    public let actionability: Actionability?
    public let children: [ViewDescription]

    init(
        view: View, typeName: String, frame: Rect, screenOrigin: Point, isHidden: Bool, alpha: Double, isUserInteractionEnabled: Bool,
        role: String, gestures: [String], identifier: String?, label: String?, value: String?, text: String?, control: ControlState?,
        scroll: ScrollState?, isFocused: Bool, isFirstResponder: Bool, actionability: Actionability?, children: [ViewDescription]
    ) {
        self.view = view
        self.typeName = typeName
        self.frame = frame
        self.screenOrigin = screenOrigin
        self.isHidden = isHidden
        self.alpha = alpha
        self.isUserInteractionEnabled = isUserInteractionEnabled
        self.role = role
        self.gestures = gestures
        self.identifier = identifier
        self.label = label
        self.value = value
        self.text = text
        self.control = control
        self.scroll = scroll
        self.isFocused = isFocused
        self.isFirstResponder = isFirstResponder
        self.actionability = actionability
        self.children = children
    }

    /// A control's state.
    public struct ControlState: Sendable, Equatable {
        public let isEnabled: Bool
        public let isHighlighted: Bool
        public let isSelected: Bool
        /// A switch's state.
        public let isOn: Bool?
        /// A slider's value.
        public let sliderValue: Double?
        /// A text field's caret offset.
        public let caret: Int?
    }

    /// Where a scroll view is in its content, in the scroll view's own (bounds) coordinates.
    public struct ScrollState: Sendable, Equatable {
        /// The content point at the view's top-left corner (`bounds.origin`).
        public let contentOffset: Point
        public let contentSize: Size
        public let contentInset: EdgeInsets

        public init(contentOffset: Point, contentSize: Size, contentInset: EdgeInsets) {
            self.contentOffset = contentOffset
            self.contentSize = contentSize
            self.contentInset = contentInset
        }
    }

    /// What a finger could do with the view now (the strict tap's questions).
    public struct Actionability: Sendable, Equatable {
        /// Some part of it is shown (it and its ancestors not hidden or transparent, inside what
        /// clips it, in a window of a scene in the foreground, active or not).
        public let isVisible: Bool
        /// Not a disabled control, and no ancestor turned user interaction off.
        public let isEnabled: Bool
        /// Visible, enabled, and the host's hit test at the centre of its visible part lands on it
        /// (or on the ancestor behind it, for a view that takes no touches itself).
        public let isHittable: Bool

        public init(isVisible: Bool, isEnabled: Bool, isHittable: Bool) {
            self.isVisible = isVisible
            self.isEnabled = isEnabled
            self.isHittable = isHittable
        }
    }
}
