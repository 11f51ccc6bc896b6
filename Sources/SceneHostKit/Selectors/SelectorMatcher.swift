public import SceneCore

/// Matches parsed selectors (``ViewSelector``) against the live view trees, and answers the
/// actionability questions `TapMatching` asks: visible, enabled, hittable.
///
/// Windows are searched scene by scene (connection order), window by window (the scene's order),
/// each depth-first from the window itself, so matches come in a stable, tree order. Class names are
/// resolved once per class (the matcher remembers them), so a search costs a few comparisons per
/// view. Main actor, like the model.
@MainActor
public final class SelectorMatcher {
    /// One view a selector matched, with its window.
    public struct Match {
        public let window: Window
        public let view: View
    }

    /// The names of each class seen and of its superclasses, by class.
    private var classNames: [ObjectIdentifier: [String]] = [:]

    public init() {}

    /// Every view `selector` matches, in tree order.
    public func matches(_ selector: ViewSelector, in application: Application) -> [Match] {
        var found: [Match] = []
        var path: [View] = []
        for scene in application.connectedScenes where selector.scene == nil || selector.scene == scene.name {
            for window in scene.windows {
                search(window, window: window, selector: selector, path: &path, into: &found)
            }
        }
        return found
    }

    private func search(_ view: View, window: Window, selector: ViewSelector, path: inout [View], into found: inout [Match]) {
        let last = selector.compounds.count - 1
        if matches(selector.compounds[last], view), matchesAncestors(selector, compound: last - 1, below: path.count, path: path) {
            found.append(Match(window: window, view: view))
        }
        let subviews = view.subviews
        guard !subviews.isEmpty else { return }
        path.append(view)
        for subview in subviews {
            search(subview, window: window, selector: selector, path: &path, into: &found)
        }
        path.removeLast()
    }

    /// Whether `compound` and the ones before it match ancestors in `path[..<below]` (the ancestors of
    /// the view that matched `compound + 1`, nearest last), as the combinators say.
    private func matchesAncestors(_ selector: ViewSelector, compound: Int, below: Int, path: [View]) -> Bool {
        guard compound >= 0 else { return true }
        switch selector.combinators[compound] {
        case .child:
            guard below > 0, matches(selector.compounds[compound], path[below - 1]) else { return false }
            return matchesAncestors(selector, compound: compound - 1, below: below - 1, path: path)
        case .descendant:
            var index = below - 1
            while index >= 0 {
                if matches(selector.compounds[compound], path[index]),
                    matchesAncestors(selector, compound: compound - 1, below: index, path: path)
                {
                    return true
                }
                index -= 1
            }
            return false
        }
    }

    /// Whether `view` itself is what `compound` describes.
    public func matches(_ compound: ViewSelector.Compound, _ view: View) -> Bool {
        for test in compound.tests {
            switch test {
            case .attribute(let attribute, let value):
                guard Self.value(of: attribute, of: view) == value else { return false }
            case .visible, .enabled:
                break  // the costly ones last, below
            }
        }
        if let typeName = compound.typeName, !names(of: view).contains(typeName) { return false }
        for test in compound.tests {
            switch test {
            case .visible: guard visibleRect(of: view) != nil else { return false }
            case .enabled: guard isEnabled(view) else { return false }
            case .attribute: break
            }
        }
        return true
    }

    /// The value an attribute test compares; nil when the view has none.
    static func value(of attribute: ViewSelector.Attribute, of view: View) -> String? {
        switch attribute {
        case .id: view.accessibilityIdentifier
        case .label: view.accessibilityLabel
        case .text: (view as? Label)?.text ?? (view as? TextField)?.text
        case .title: (view as? Button)?.currentTitle ?? (view as? Window)?.title
        case .role: view.accessibilityRole.rawValue
        }
    }

    /// The class of `view` and its superclasses, by name (`BlueView`, `View`, `Responder`).
    func names(of view: View) -> [String] {
        let key = ObjectIdentifier(type(of: view))
        if let known = classNames[key] { return known }
        var names: [String] = []
        var mirror: Mirror? = Mirror(reflecting: view)
        while let current = mirror {
            names.append(String(describing: current.subjectType))
            mirror = current.superclassMirror
        }
        classNames[key] = names
        return names
    }
}
