public import SceneCore

/// Walks a window's view tree into ``ViewDescription`` values, depth first, subviews back to front.
///
/// Main actor, like the model. A walker remembers class names by class (`String(describing:)` of a
/// type costs about a microsecond), so keep one for repeated walks.
@MainActor
public final class ViewTreeWalker {
    /// Answers ``ViewDescription/actionability`` for one view; nil leaves it out (a walk that does
    /// not need it skips the hit tests it costs).
    public typealias ActionabilityProbe = @MainActor (View) -> ViewDescription.Actionability

    private var typeNames: [ObjectIdentifier: String] = [:]

    public init() {}

    /// The description of `window` and everything in it. Without `geometry` every
    /// ``ViewDescription/frame`` is the view's bounds size at the origin and every
    /// ``ViewDescription/screenOrigin`` zero: for a reader that looks at no coordinate (converting
    /// each view's bounds to its window is the walk's largest cost). The window's pending layout runs
    /// first [LY-5]: the description is the tree as it will be drawn.
    public func describe(_ window: Window, actionability: ActionabilityProbe? = nil, geometry: Bool = true) -> ViewDescription {
        window.layoutPending()
        return describe(window, in: window, actionability: actionability, subviews: true, geometry: geometry)
    }

    /// ``describe(_:actionability:geometry:)`` with every view's actionability answered top down by
    /// `pass` (one call per view, each given its superview's scope), after the window's pending layout.
    public func describe<Pass: ActionabilityPass>(_ window: Window, pass: Pass, geometry: Bool = true) -> ViewDescription {
        window.layoutPending()
        return describe(window, in: window, pass: pass, parent: nil, geometry: geometry)
    }

    /// The description of `view` alone (no ``ViewDescription/children``); `window` is its window.
    public func describe(_ view: View, in window: Window, actionability: ActionabilityProbe? = nil) -> ViewDescription {
        describe(view, in: window, actionability: actionability, subviews: false, geometry: true)
    }

    /// The class name of `view`.
    public func typeName(of view: View) -> String {
        let key = ObjectIdentifier(type(of: view))
        if let name = typeNames[key] { return name }
        let name = String(describing: type(of: view))
        typeNames[key] = name
        return name
    }

    private func describe<Pass: ActionabilityPass>(
        _ view: View, in window: Window, pass: Pass, parent: Pass.Scope?, geometry: Bool
    ) -> ViewDescription {
        let frame = view.convert(view.bounds, to: nil)
        let (actionability, scope) = pass.enter(view, frame: frame, parent: parent)
        let subviews = view.subviews
        var children: [ViewDescription] = []
        children.reserveCapacity(subviews.count)
        for subview in subviews {
            children.append(describe(subview, in: window, pass: pass, parent: scope, geometry: geometry))
        }
        return describe(
            view, in: window, frame: geometry ? frame : Rect(origin: .zero, size: view.bounds.size), geometry: geometry,
            actionability: actionability, children: children)
    }

    private func describe(
        _ view: View, in window: Window, actionability: ActionabilityProbe?, subviews withSubviews: Bool, geometry: Bool
    ) -> ViewDescription {
        let frame = geometry ? view.convert(view.bounds, to: nil) : Rect(origin: .zero, size: view.bounds.size)
        var children: [ViewDescription] = []
        if withSubviews {
            let subviews = view.subviews
            children.reserveCapacity(subviews.count)
            for subview in subviews {
                children.append(describe(subview, in: window, actionability: actionability, subviews: true, geometry: geometry))
            }
        }
        return describe(view, in: window, frame: frame, geometry: geometry, actionability: actionability?(view), children: children)
    }

    /// One view's description, its subviews' already made.
    private func describe(
        _ view: View, in window: Window, frame: Rect, geometry: Bool, actionability: ViewDescription.Actionability?, children: [ViewDescription]
    ) -> ViewDescription {
        var control: ViewDescription.ControlState?
        if let view = view as? Control {
            control = ViewDescription.ControlState(
                isEnabled: view.isEnabled, isHighlighted: view.isHighlighted, isSelected: view.isSelected,
                isOn: (view as? Switch)?.isOn, sliderValue: (view as? Slider)?.value, caret: (view as? TextField)?.caretOffset)
        }
        let scroll = (view as? ScrollView).map {
            ViewDescription.ScrollState(contentOffset: $0.contentOffset, contentSize: $0.contentSize, contentInset: $0.contentInset)
        }
        let text: String? =
            if let field = view as? TextField { field.displayedText } else if let label = view as? Label { label.text } else { nil }
        return ViewDescription(
            view: view, typeName: typeName(of: view), frame: frame, screenOrigin: geometry ? window.convertToScreen(frame.origin) : .zero,
            isHidden: view.isHidden, alpha: view.alpha, isUserInteractionEnabled: view.isUserInteractionEnabled,
            role: view.accessibilityRole.rawValue, gestures: view.gestureRecognizers.map(\.displayName),
            identifier: view.accessibilityIdentifier, label: view.accessibilityLabel, value: view.accessibilityValue, text: text,
            control: control, scroll: scroll, isFocused: view.isFocused, isFirstResponder: window.firstResponder === view,
            actionability: actionability, children: children)
    }
}
