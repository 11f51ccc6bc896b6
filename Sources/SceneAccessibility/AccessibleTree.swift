import DBusKit
import SceneCore

/// The model as an AT-SPI tree: which objects exist, their object paths, parents and children.
/// Pure model code, no bus: ``AccessibilityBridge`` serves it and turns its changes into events.
///
/// **Paths.** The application is ``AtspiNames/rootPath``. A view (windows included) gets
/// `/org/a11y/atspi/accessible/<id>` the first time a client is told about it; the id stays the
/// view's for as long as it is in a connected window and is never given to another view. Views no
/// client has seen cost nothing: no id, no record, no events.
///
/// **Exposure.** The root's children are the frame windows of the connected scenes, in scene order.
/// A scene's alert and dialog windows are children of its first frame window, after that window's
/// subviews, as each scene were an application of its own (rule WS-12, ``owner(of:)``). A view's
/// children are its subviews, back to front, minus those with
/// ``SceneCore/View/accessibilityElementsHidden`` (and their subtrees). Hidden views and windows
/// stay in the tree; their states say they are not visible.
///
/// **Records.** For every view with an id the tree keeps what clients were last told (children,
/// states, name), so ``AccessibleTree`` can compute the events that bring client caches up to date
/// (see `AccessibleTree+Changes.swift`). A view that leaves its window keeps its record (and the
/// tree keeps it alive) until ``prune()``.
@MainActor
final class AccessibleTree {
    /// What clients were last told about one view.
    struct Record {
        let view: View
        let id: UInt32
        /// Exposed children, back to front.
        var children: [View]
        var states: AtspiStateSet
        var name: String
        /// For a table: the rows its cells on screen showed, by cell [TV-12].
        var cellRows: [ObjectIdentifier: (cell: TableViewCell, row: IndexPath)] = [:]
    }

    let application: Application
    private(set) var records: [ObjectIdentifier: Record] = [:]
    private var viewsByID: [UInt32: View] = [:]
    private var nextID: UInt32 = 1
    /// The root's children as clients were last told.
    var announcedWindows: [Window] = []
    /// Every exposed window (root children and attached ones) as clients were last told: the windows
    /// they heard created and not yet destroyed.
    var announcedAllWindows: [Window] = []
    /// Where a scene is on the desktop, relative to the model's screen: added to the model's screen
    /// coordinates it gives the desktop's (nil or a nil answer: the model's screen is the screen —
    /// no desktop window).
    var desktopOffset: (@MainActor (WindowScene) -> Point?)?
    /// Where this tree's objects live: ``AtspiNames/accessiblePrefix`` in the host; below it, a
    /// prefix of the scene process's own (`…/accessible/p<pid>`) in a scene process, whose objects
    /// the host forwards.
    var prefix = AtspiNames.accessiblePrefix
    /// In a scene process: each window's number on the scene channel, which names it
    /// (`<prefix>/w<number>`), so that the host can list the process's windows among the root's
    /// children without asking; nil in the host (windows have ids as views do).
    var channelNumber: (@MainActor (Window) -> Int?)?
    /// In a scene process: where its first window is among the root's children, which the host
    /// lists (0 in the host).
    var rootIndexOffset: Int32 = 0
    /// In a scene process: whether its scene holds the host's application key window (the host's
    /// key window is one scene's); always true in the host.
    var holdsApplicationKey = true

    /// The application's key window, as assistive technologies see it: none in a scene process
    /// whose scene does not hold the host's.
    var keyWindow: Window? { holdsApplicationKey ? application.keyWindow : nil }

    /// A tree of `application`; its windows as they are now count as announced.
    init(application: Application) {
        self.application = application
        announceCurrentWindows()
    }

    /// Counts the windows as they are now as announced (a client that joins now reads them).
    func announceCurrentWindows() {
        announcedWindows = windows
        announcedAllWindows = allWindows
    }

    // MARK: Paths

    /// The object path of `node`, giving a view its id (and a record) on first use.
    func path(of node: AccessibleNode) -> ObjectPath {
        switch node {
        case .application: AtspiNames.rootPath
        case .view(let view): path(of: view)
        case .row(let table, let row): ObjectPath(unchecked: path(of: table).rawValue + "_\(row.section)_\(row.row)")
        }
    }

    /// The object path of `view`, giving it an id (and a record) on first use.
    func path(of view: View) -> ObjectPath {
        let id = id(of: view)
        if let window = view as? Window, let number = channelNumber?(window) {
            return ObjectPath(unchecked: prefix.rawValue + "/w\(number)")
        }
        return path(forID: id)
    }

    /// `view`'s id, assigned (with a record of its current children, states and name) on first use.
    func id(of view: View) -> UInt32 {
        if let record = records[ObjectIdentifier(view)] { return record.id }
        let id = allocateID()
        records[ObjectIdentifier(view)] = Record(
            view: view, id: id, children: children(of: .view(view)), states: states(of: .view(view)), name: name(of: .view(view)),
            cellRows: (view as? TableView).map(cellRows(of:)) ?? [:])
        viewsByID[id] = view
        return id
    }

    /// A path for a view that just left the tree and never had one: unique, but it names nothing.
    func pathForDeparted(_ view: View) -> ObjectPath {
        if let record = records[ObjectIdentifier(view)] { return path(forID: record.id) }
        return path(forID: allocateID())
    }

    /// Whether clients were told about `view` (it has an id).
    func isKnown(_ view: View) -> Bool {
        records[ObjectIdentifier(view)] != nil
    }

    /// The node at `path`, or nil when the path names nothing: not below the prefix, not a number,
    /// never assigned, or the view is no longer exposed.
    func node(at path: ObjectPath) -> AccessibleNode? {
        if path == AtspiNames.rootPath { return .application }
        let raw = path.rawValue
        let prefix = self.prefix.rawValue + "/"
        guard raw.hasPrefix(prefix), let tail = AccessiblePathTail(raw.utf8.dropFirst(prefix.utf8.count)) else { return nil }
        switch tail {
        case .window(let number):
            guard let channelNumber else { return nil }
            return allWindows.first { channelNumber($0) == number }.map { .view($0) }
        case .view(let id):
            guard let view = viewsByID[id], isExposed(view) else { return nil }
            return .view(view)
        case .row(let id, let section, let row):
            // A table's row while the table has that row [TV-12].
            guard let view = viewsByID[id], isExposed(view), let table = view as? TableView,
                table.position(of: IndexPath(row: row, section: section)) != nil
            else { return nil }
            return .row(table, IndexPath(row: row, section: section))
        }
    }

    /// The node at `path`.
    ///
    /// - Throws: ``AccessibilityError/Code-swift.struct/unknownObject`` naming the path.
    func existingNode(at path: ObjectPath) throws(AccessibilityError) -> AccessibleNode {
        guard let node = node(at: path) else { throw .unknownObject(path) }
        return node
    }

    func path(forID id: UInt32) -> ObjectPath {
        ObjectPath(unchecked: prefix.rawValue + "/\(id)")
    }

    private func allocateID() -> UInt32 {
        defer { nextID += 1 }
        return nextID
    }

    // MARK: Structure

    /// Every exposed window of the connected scenes, in scene order, each scene's in its own order:
    /// the root's children and the windows attached to them.
    var allWindows: [Window] {
        application.connectedScenes.flatMap { scene in scene.windows.filter { !$0.accessibilityElementsHidden } }
    }

    /// The root's children: the exposed windows, in scene order, minus those attached to a frame
    /// window (``owner(of:)``).
    var windows: [Window] {
        allWindows.filter { owner(of: $0) == nil }
    }

    /// [WS-12] The window whose child `window` is: for an alert or dialog window, the first exposed
    /// window of its scene that is neither; nil for every other window, and when the scene has no such
    /// frame (the window is then a root child). Orca counts every alert and dialog among the
    /// application's children as an "unfocused dialog" of every other window: a scene's alert would be
    /// announced with every other scene's frame. Attached to its own scene's frame, it is counted there
    /// only, as a GTK application's dialog is counted in that application only.
    func owner(of window: Window) -> Window? {
        guard Self.isAttachable(window), let scene = window.windowScene else { return nil }
        return scene.windows.first { !$0.accessibilityElementsHidden && !Self.isAttachable($0) }
    }

    /// Whether `window` is active: the application's key window, or the frame of a key alert or dialog
    /// (a screen reader looks for the active window among the application's children only). [WS-12]
    func isActive(_ window: Window) -> Bool {
        guard let key = keyWindow else { return false }
        return key === window || owner(of: key) === window
    }

    /// The alert and dialog windows attached to `frame` (``owner(of:)``), in the scene's order.
    func attachedWindows(of frame: Window) -> [Window] {
        guard !Self.isAttachable(frame), let scene = frame.windowScene else { return [] }
        let exposed = scene.windows.filter { !$0.accessibilityElementsHidden }
        guard exposed.first(where: { !Self.isAttachable($0) }) === frame else { return [] }
        return exposed.filter(Self.isAttachable)
    }

    /// Whether `window` is exposed as an alert or a dialog, and so belongs to its scene's frame.
    private static func isAttachable(_ window: Window) -> Bool {
        switch window.accessibilityRole {
        case .alert, .dialog: true
        default: false
        }
    }

    /// The exposed children of `node`, back to front; a frame window's attached windows come after its
    /// subviews.
    func children(of node: AccessibleNode) -> [View] {
        switch node {
        case .application:
            return windows
        case .view(let view):
            let subviews = view.subviews.filter { !$0.accessibilityElementsHidden }
            guard let frame = view as? Window else { return subviews }
            return subviews + attachedWindows(of: frame)
        case .row:
            return []
        }
    }

    /// Child `index` of `node`, among its exposed children (``childCount(of:)``: a table's rows come
    /// first [TV-12]).
    ///
    /// - Throws: ``AccessibilityError/Code-swift.struct/invalidArgument`` naming the index and the
    ///   valid range.
    func child(of node: AccessibleNode, at index: Int32) throws(AccessibilityError) -> AccessibleNode {
        let count = childCount(of: node)
        guard index >= 0, Int(index) < count, let child = childNode(of: node, at: Int(index)) else {
            throw .invalidArgument(
                "child index \(index) is out of range: \(path(of: node)) has \(count) "
                    + (count == 0 ? "children" : "children (0…\(count - 1))"))
        }
        return child
    }

    /// The parent of `node`: nil for the application (its parent is the desktop, on the registry); the
    /// frame window for an attached window; the table for a row.
    func parent(of node: AccessibleNode) -> AccessibleNode? {
        switch node {
        case .application: return nil
        case .row(let table, _): return .view(table)
        case .view(let view):
            if let superview = view.superview { return .view(superview) }
            if let window = view as? Window, let owner = owner(of: window) { return .view(owner) }
            return .application
        }
    }

    /// The position of `node` among its parent's exposed children; -1 for the application.
    func indexInParent(of node: AccessibleNode) -> Int32 {
        switch node {
        case .application: return -1
        case .row(let table, let row): return Int32(clamping: table.position(of: row) ?? -1)
        case .view(let view):
            guard let parent = parent(of: node) else { return -1 }
            if case .view(let table as TableView) = parent {
                return Int32(clamping: index(of: view, inTable: table) ?? -1)
            }
            guard let index = children(of: parent).firstIndex(where: { $0 === view }) else { return -1 }
            if case .application = parent { return Int32(index) + rootIndexOffset }
            return Int32(index)
        }
    }

    /// Whether `view` is part of the tree: in a window of a connected scene, and neither it nor an
    /// ancestor hides its subtree from assistive technologies.
    func isExposed(_ view: View) -> Bool {
        var node = view
        while true {
            if node.accessibilityElementsHidden { return false }
            guard let parent = node.superview else { break }
            node = parent
        }
        guard let window = node as? Window, let scene = window.windowScene else { return false }
        return scene.application === application
    }

    /// Every exposed node made of a view, depth first from the root: the application, each window,
    /// each view (a table's rows out of view are not visited: they are made only when asked for
    /// [TV-12]). `visit` receives the node, its parent, its index in the parent and its number of
    /// exposed children (a table's counts every row).
    func walk(_ visit: (_ node: AccessibleNode, _ parent: AccessibleNode?, _ index: Int32, _ childCount: Int) -> Void) {
        let windows = windows
        visit(.application, nil, -1, windows.count)
        var stack: [(view: View, parent: AccessibleNode, index: Int32)] = windows.enumerated().reversed().map {
            ($0.element, .application, Int32($0.offset) + rootIndexOffset)
        }
        while let (view, parent, index) = stack.popLast() {
            let node = AccessibleNode.view(view)
            let children = children(of: node)
            // A table counts its rows too; any other view's count is its children's, made just above.
            visit(node, parent, index, view is TableView ? childCount(of: node) : children.count)
            let table = view as? TableView
            for (offset, child) in children.enumerated().reversed() {
                let childIndex = table.map { self.index(of: child, inTable: $0) ?? -1 } ?? offset
                stack.append((child, node, Int32(clamping: childIndex)))
            }
        }
    }

    // MARK: Records

    /// Updates the record of `view` through `body`; nothing happens when the view has none.
    func updateRecord(of view: View, _ body: (inout Record) -> Void) {
        guard var record = records[ObjectIdentifier(view)] else { return }
        body(&record)
        records[ObjectIdentifier(view)] = record
    }

    /// Forgets the views that left the tree (their ids are never reused) and lets them go.
    func prune() {
        let departed = records.values.filter { !isExposed($0.view) }
        for record in departed {
            records[ObjectIdentifier(record.view)] = nil
            viewsByID[record.id] = nil
        }
    }
}
