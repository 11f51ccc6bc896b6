/// How scripts, D-Bus and assistive tools name a view: its ``View/accessibilityIdentifier`` when set,
/// otherwise `TypeName#i.j.k` — the type name and the subview indices from the window down to the view
/// (a window itself is `TypeName#`). Unique within a window as long as identifiers are.
@MainActor
public enum ViewReference {
    /// The reference of `view`.
    public static func reference(for view: View) -> String {
        if let identifier = view._accessibility?.identifier, !identifier.isEmpty { return identifier }
        return typeName(of: view) + "#" + indexPath(of: view).map(String.init).joined(separator: ".")
    }

    /// How scripts, D-Bus and assistive tools name a row of `table`, on screen or not [TV-12]: the
    /// table's reference, `/row:`, then the section and the row, `table/row:0.39`.
    public static func reference(forRow indexPath: IndexPath, in table: TableView) -> String {
        "\(reference(for: table))/row:\(indexPath.section).\(indexPath.row)"
    }

    /// The view of `window` that `reference` names, or nil. An identifier matches the first view
    /// carrying it in depth-first order (the window first); a path must match its type name too.
    public static func resolve(_ reference: String, in window: Window) -> View? {
        if let hash = reference.lastIndex(of: "#") {
            let type = reference[..<hash]
            let path = reference[reference.index(after: hash)...]
            if let view = resolvePath(path, from: window), typeName(of: view) == type {
                return view
            }
        }
        return firstView(withIdentifier: reference, in: window)
    }

    /// A short description of any object taking part in events: a view's reference, a view
    /// controller's type name, `scene:<name>`, `Application`, or the type name.
    public static func describe(_ object: AnyObject) -> String {
        switch object {
        case let view as View: reference(for: view)
        case let scene as WindowScene: "scene:\(scene.name)"
        case is Application: "Application"
        default: String(describing: type(of: object))
        }
    }

    static func typeName(of view: View) -> String {
        let key = ObjectIdentifier(type(of: view))
        if let name = typeNames[key] { return name }
        let name = String(describing: type(of: view))
        typeNames[key] = name
        return name
    }

    /// A memo of type names by metatype, immutable facts of the process: `String(describing:)` of
    /// a metatype demangles at run time (about a microsecond), and the host names the touched view
    /// for every touch it publishes.
    private static var typeNames: [ObjectIdentifier: String] = [:]

    private static func indexPath(of view: View) -> [Int] {
        var path: [Int] = []
        var node = view
        while let parent = node._superview {
            path.append(Int(node._indexInSuperview))
            node = parent
        }
        return path.reversed()
    }

    private static func resolvePath(_ path: Substring, from window: Window) -> View? {
        var node: View = window
        guard !path.isEmpty else { return node }
        for component in path.split(separator: ".", omittingEmptySubsequences: false) {
            guard let index = Int(component), index >= 0, index < node._subviews.count else { return nil }
            node = node._subviews[index]
        }
        return node
    }

    private static func firstView(withIdentifier identifier: String, in view: View) -> View? {
        if view._accessibility?.identifier == identifier { return view }
        for subview in view._subviews {
            if let match = firstView(withIdentifier: identifier, in: subview) { return match }
        }
        return nil
    }
}

extension View {
    /// This view's reference; see ``ViewReference``.
    public var viewReference: String { ViewReference.reference(for: self) }
}

extension Window {
    /// The view of this window named by `reference` (see ``ViewReference``), or nil.
    public func view(forReference reference: String) -> View? {
        ViewReference.resolve(reference, in: self)
    }
}
