import DBusKit
import SceneBusServing
import SceneCore

/// `org.a11y.atspi.Selection` for a ``SceneCore/TableView`` [TV-12]: its selected children are its
/// selected rows, in row order; child indices are row positions (the rows come first among its
/// children). Selecting and deselecting is from code (TV-8, the delegate is not told); with single
/// selection, selecting a row replaces the selection. A table that does not allow selection selects
/// nothing (false); `SelectAll` selects every row only with multiple selection. An index outside
/// the rows, or outside the selection, is an `InvalidArgs` error naming it.
extension AccessibilityBridge {
    func selectionInterface(_ table: TableView) -> InterfaceDescription {
        let tree = tree
        func selected() -> [IndexPath] { table.indexPathsForSelectedRows ?? [] }
        func row(_ index: Int32) throws -> IndexPath {
            guard let row = table.indexPath(atPosition: Int(index)) else {
                throw AccessibilityError.invalidArgument(
                    "child index \(index) is not a row of the table \(ViewReference.reference(for: table)) (\(table.numberOfRowsInAllSections) rows)"
                ).busError
            }
            return row
        }
        func selectedRow(_ index: Int32) throws -> IndexPath {
            let rows = selected()
            guard index >= 0, Int(index) < rows.count else {
                throw AccessibilityError.invalidArgument(
                    "selected child index \(index) is out of range: the table \(ViewReference.reference(for: table)) has \(rows.count) selected rows"
                ).busError
            }
            return rows[Int(index)]
        }
        func select(_ row: IndexPath) -> Bool {
            guard table.allowsSelection else { return false }
            do {
                try table.selectRow(at: row, animated: false, scrollPosition: .none)
            } catch {
                return false  // unreachable: the row is one of the table's
            }
            return true
        }
        func readIndex(_ call: MethodCall) throws -> Int32 { try call.read { reader in try reader.readInt32() } }
        return InterfaceDescription(
            AtspiNames.selection, gate: gate,
            methods: [
                .writingMethod("GetSelectedChild", access: .reads, inputs: [.init("selectedChildIndex", .int32)], outputs: [.init(nil, "(so)")]) { call, writer in
                    let row = try selectedRow(try readIndex(call))
                    try writer.append(self.reference(of: tree.rowNode(table, row)))
                },
                .method("SelectChild", access: .changes, inputs: [.init("childIndex", .int32)], outputs: [.init(nil, .bool)]) { call in
                    [.bool(select(try row(try readIndex(call))))]
                },
                .method("DeselectSelectedChild", access: .changes, inputs: [.init("selectedChildIndex", .int32)], outputs: [.init(nil, .bool)]) { call in
                    table.deselectRow(at: try selectedRow(try readIndex(call)), animated: false)
                    return [.bool(true)]
                },
                .method("IsChildSelected", access: .reads, inputs: [.init("childIndex", .int32)], outputs: [.init(nil, .bool)]) { call in
                    let row = try row(try readIndex(call))
                    return [.bool(selected().contains(row))]
                },
                .method("SelectAll", access: .changes, outputs: [.init(nil, .bool)]) { _ in
                    guard table.allowsSelection, table.allowsMultipleSelection else { return [.bool(false)] }
                    for position in 0..<table.numberOfRowsInAllSections {
                        if let row = table.indexPath(atPosition: position) { _ = select(row) }
                    }
                    return [.bool(true)]
                },
                .method("ClearSelection", access: .changes, outputs: [.init(nil, .bool)]) { _ in
                    for row in selected() { table.deselectRow(at: row, animated: false) }
                    return [.bool(true)]
                },
                .method("DeselectChild", access: .changes, inputs: [.init("childIndex", .int32)], outputs: [.init(nil, .bool)]) { call in
                    let row = try row(try readIndex(call))
                    guard selected().contains(row) else { return [.bool(false)] }
                    table.deselectRow(at: row, animated: false)
                    return [.bool(true)]
                },
            ],
            properties: [Self.property("NSelectedChildren", .int32) { .int32(Int32(clamping: selected().count)) }])
    }
}
