import SceneCore

/// What changed since clients were last told, record by record. Each `refresh` compares the model
/// with the record, stores the new value and returns the difference, so each change is announced
/// once.
extension AccessibleTree {
    /// The root's children (the frame windows) since last announced.
    func refreshWindows() -> ChildrenDiff {
        let current = windows
        let diff = ChildrenDiff(old: announcedWindows, new: current)
        announcedWindows = current
        return diff
    }

    /// The windows created and destroyed since last announced, wherever they are in the tree (a
    /// window that moves between the root and a frame is neither).
    func refreshWindowSet() -> (created: [Window], destroyed: [Window]) {
        let current = allWindows
        let old = Set(announcedAllWindows.map(ObjectIdentifier.init))
        let new = Set(current.map(ObjectIdentifier.init))
        let destroyed = announcedAllWindows.filter { !new.contains(ObjectIdentifier($0)) }
        let created = current.filter { !old.contains(ObjectIdentifier($0)) }
        announcedAllWindows = current
        return (created, destroyed)
    }

    /// `view`'s exposed children since last announced; nil when clients do not know `view`.
    func refreshChildren(of view: View) -> ChildrenDiff? {
        guard let record = records[ObjectIdentifier(view)] else { return nil }
        let current = children(of: .view(view))
        let diff = ChildrenDiff(old: record.children, new: current)
        if !diff.isEmpty { updateRecord(of: view) { $0.children = current } }
        return diff
    }

    /// The states of `view` that changed since last announced, with their new values; empty when
    /// clients do not know `view`.
    func refreshStates(of view: View) -> [(state: AtspiState, isSet: Bool)] {
        guard let record = records[ObjectIdentifier(view)] else { return [] }
        let current = states(of: .view(view))
        guard current != record.states else { return [] }
        updateRecord(of: view) { $0.states = current }
        return current.changes(from: record.states).map { ($0, current.contains($0)) }
    }

    /// `view`'s new name when it changed since last announced; nil otherwise or when clients do not
    /// know `view`.
    func refreshName(of view: View) -> String? {
        guard let record = records[ObjectIdentifier(view)] else { return nil }
        let current = name(of: .view(view))
        guard current != record.name else { return nil }
        updateRecord(of: view) { $0.name = current }
        return current
    }
}
