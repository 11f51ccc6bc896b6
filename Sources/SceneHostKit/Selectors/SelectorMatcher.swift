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

    /// Every view `selector` matches, in tree order, after the application's pending layout [LY-5]: a
    /// view that places or adds its subviews in `layoutSubviews` is matched as it will be drawn.
    public func matches(_ selector: ViewSelector, in application: Application) -> [Match] {
        application.layoutIfNeeded()
        let query = Query(selector.compounds.map(CompiledCompound.init), selector.combinators)
        var found: [Match] = []
        var path: [View] = []
        for scene in application.connectedScenes where selector.scene == nil || selector.scene == scene.name {
            for window in scene.windows {
                if query.compounds.count == 1 {
                    search(window, window: window, compound: query.last, into: &found)
                } else {
                    search(window, window: window, query: query, path: &path, into: &found)
                }
            }
        }
        return found
    }

    /// A selector prepared for matching: each compound's tests sorted cheapest first, held by
    /// reference so that the walk copies nothing per view.
    private final class Query {
        let compounds: [CompiledCompound]
        let combinators: [ViewSelector.Combinator]
        let last: CompiledCompound

        init(_ compounds: [CompiledCompound], _ combinators: [ViewSelector.Combinator]) {
            self.compounds = compounds
            self.combinators = combinators
            last = compounds[compounds.count - 1]
        }
    }

    private final class CompiledCompound {
        /// `#id` or `[id=…]` (the most selective test, and the cheapest: asked first).
        let identifier: String?
        let attributes: [(ViewSelector.Attribute, String)]
        let typeName: String?
        let visible: Bool
        let enabled: Bool

        init(_ compound: ViewSelector.Compound) {
            var identifier: String?
            var attributes: [(ViewSelector.Attribute, String)] = []
            var visible = false, enabled = false
            for test in compound.tests {
                switch test {
                case .attribute(.id, let value) where identifier == nil: identifier = value
                case .attribute(let attribute, let value): attributes.append((attribute, value))
                case .visible: visible = true
                case .enabled: enabled = true
                }
            }
            self.identifier = identifier
            self.attributes = attributes
            self.typeName = compound.typeName
            self.visible = visible
            self.enabled = enabled
        }
    }

    private func search(_ view: View, window: Window, query: Query, path: inout [View], into found: inout [Match]) {
        if matches(query.last, view), matchesAncestors(query, compound: query.compounds.count - 2, below: path.count, path: path) {
            found.append(Match(window: window, view: view))
        }
        let subviews = view.subviews
        guard !subviews.isEmpty else { return }
        path.append(view)
        for subview in subviews {
            search(subview, window: window, query: query, path: &path, into: &found)
        }
        path.removeLast()
    }

    /// ``search`` for a selector of one compound: no ancestors to remember.
    private func search(_ view: View, window: Window, compound: CompiledCompound, into found: inout [Match]) {
        if matches(compound, view) { found.append(Match(window: window, view: view)) }
        for subview in view.subviews {
            search(subview, window: window, compound: compound, into: &found)
        }
    }

    /// Whether `compound` and the ones before it match ancestors in `path[..<below]` (the ancestors of
    /// the view that matched `compound + 1`, nearest last), as the combinators say.
    private func matchesAncestors(_ query: Query, compound: Int, below: Int, path: [View]) -> Bool {
        guard compound >= 0 else { return true }
        let wanted = query.compounds[compound]
        switch query.combinators[compound] {
        case .child:
            guard below > 0, matches(wanted, path[below - 1]) else { return false }
            return matchesAncestors(query, compound: compound - 1, below: below - 1, path: path)
        case .descendant:
            var index = below - 1
            while index >= 0 {
                if matches(wanted, path[index]), matchesAncestors(query, compound: compound - 1, below: index, path: path) {
                    return true
                }
                index -= 1
            }
            return false
        }
    }

    private func matches(_ compound: CompiledCompound, _ view: View) -> Bool {
        if let identifier = compound.identifier, view.accessibilityIdentifier != identifier { return false }
        for (attribute, value) in compound.attributes where Self.value(of: attribute, of: view) != value {
            return false
        }
        if let typeName = compound.typeName, !names(of: view).contains(typeName) { return false }
        if compound.visible, visibleRect(of: view) == nil { return false }
        if compound.enabled, !isEnabled(view) { return false }
        return true
    }

    /// Whether `view` itself is what `compound` describes.
    public func matches(_ compound: ViewSelector.Compound, _ view: View) -> Bool {
        matches(CompiledCompound(compound), view)
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
