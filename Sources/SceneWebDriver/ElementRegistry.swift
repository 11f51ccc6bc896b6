public import SceneCore

/// WebDriver element ids for views: one id per view for the view's whole life, the same in every
/// session; an id whose view was freed, is in no window, or whose window's scene was disconnected
/// answers `stale element reference`. Holds the views weakly. Main actor.
@MainActor
public final class ElementRegistry {
    private struct Entry {
        weak var view: View?
        let id: String
    }

    private var idsByView: [ObjectIdentifier: Entry] = [:]
    private var viewsByID: [String: Entry] = [:]
    private var next = 1
    /// Ids handed out since the last sweep of freed views.
    private var sinceSweep = 0
    /// What every id begins with: `view-` in the host; a scene process's own prefix names the
    /// process, so that the board knows where an element lives (``WebDriverHost/elementOwner(_:)``).
    public let prefix: String

    public init(prefix: String = "view-") {
        self.prefix = prefix
    }

    /// The id of `view`, made on first use.
    public func id(for view: View) -> String {
        let key = ObjectIdentifier(view)
        // A freed view's address can be reused by a new one: the weak reference tells them apart.
        if let entry = idsByView[key], entry.view === view { return entry.id }
        let id = "\(prefix)\(next)"
        next += 1
        let entry = Entry(view: view, id: id)
        idsByView[key] = entry
        viewsByID[id] = entry
        sinceSweep += 1
        if sinceSweep > 4096, sinceSweep > viewsByID.count / 2 { sweep() }
        return id
    }

    /// What `id` names now.
    public enum Lookup {
        case view(View)
        /// The id was handed out, and its view has since been freed, removed from its window, or its
        /// scene disconnected.
        case stale
        /// No such id was ever handed out.
        case unknown
    }

    public func lookup(_ id: String) -> Lookup {
        guard let entry = viewsByID[id] else { return .unknown }
        guard let view = entry.view, view.window?.windowScene != nil else { return .stale }
        return .view(view)
    }

    /// Ids of freed views kept to answer `stale element reference`; past this many, the oldest kind
    /// of memory leak is avoided by forgetting them (they then answer `no such element`).
    static let staleMarkers = 100_000

    /// Drops the view-side entries of freed views, and their ids too once there are too many.
    private func sweep() {
        sinceSweep = 0
        idsByView = idsByView.filter { $0.value.view != nil }
        if viewsByID.count - idsByView.count > Self.staleMarkers {
            viewsByID = viewsByID.filter { $0.value.view != nil }
        }
    }
}
