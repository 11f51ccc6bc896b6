import DBusKit
import SceneBusServing
import SceneCore

/// `org.a11y.atspi.Table` for views whose role is table. A ``SceneCore/TableView``'s rows are every
/// row of its data, in order across its sections, one column each [TV-12]: row r is child r (its cell
/// on screen, else a row object made when asked), its index is r, and the row count is the data's,
/// without an object per row. Selection is the table's own: `AddRowSelection` and
/// `RemoveRowSelection` select and deselect from code (TV-8: the delegate is not told, as
/// `selectRow(at:)`; the row's `click` action selects it as a tap does). Any other view with the
/// table role has its exposed subviews as rows and no selection. There are no headers or captions. A
/// row or column outside the table, or an index outside its cells, is an `InvalidArgs` error naming it.
extension AccessibilityBridge {
    func tableInterface(_ view: View) -> InterfaceDescription {
        let tableView = view as? TableView
        let node = AccessibleNode.view(view)
        func rowCount() -> Int { tableView?.numberOfRowsInAllSections ?? tree.children(of: node).count }
        func columns() -> Int32 { rowCount() == 0 ? 0 : 1 }
        func table() -> String { ViewReference.reference(for: view) }
        func cell(_ row: Int32, _ column: Int32) throws -> AccessibleNode {
            let rows = rowCount()
            guard row >= 0, Int(row) < rows, column >= 0, column < columns(), let child = tree.childNode(of: node, at: Int(row)) else {
                throw AccessibilityError.invalidArgument(
                    "cell (\(row), \(column)) is outside the table \(table()) (\(rows) rows, \(columns()) column\(columns() == 1 ? "" : "s"))"
                ).busError
            }
            return child
        }
        func checkRow(_ row: Int32) throws -> Int32 {
            _ = try cell(row, 0)
            return row
        }
        func checkColumn(_ column: Int32) throws -> Int32 {
            guard column >= 0, column < columns() else {
                throw AccessibilityError.invalidArgument("column \(column) is outside the table \(table()) (\(columns()) columns)").busError
            }
            return column
        }
        func selectedRows() -> [Int32] {
            guard let tableView else { return [] }
            return (tableView.indexPathsForSelectedRows ?? []).compactMap { tableView.position(of: $0) }.map { Int32(clamping: $0) }
        }
        func isSelected(_ row: Int32) -> Bool {
            guard let tableView, let indexPath = tableView.indexPath(atPosition: Int(row)) else { return false }
            return tableView.indexPathsForSelectedRows?.contains(indexPath) == true
        }
        /// Selects or deselects row `row` from code; false when the table does not allow selection.
        func select(_ row: Int32, _ selected: Bool) -> Bool {
            guard let tableView, tableView.allowsSelection, let indexPath = tableView.indexPath(atPosition: Int(row)) else { return false }
            if selected {
                do {
                    try tableView.selectRow(at: indexPath, animated: false, scrollPosition: .none)
                } catch {
                    return false  // unreachable: the position names a row of the table
                }
            } else {
                tableView.deselectRow(at: indexPath, animated: false)
            }
            return true
        }
        let rowColumn: [ArgumentDescription] = [.init("row", .int32), .init("column", .int32)]
        func readCell(_ call: MethodCall) throws -> (Int32, Int32) { try call.read { reader in (try reader.readInt32(), try reader.readInt32()) } }
        func readOne(_ call: MethodCall) throws -> Int32 { try call.read { reader in try reader.readInt32() } }
        return InterfaceDescription(
            AtspiNames.table, gate: gate,
            methods: [
                .writingMethod("GetAccessibleAt", access: .reads, inputs: rowColumn, outputs: [.init(nil, "(so)")]) { call, writer in
                    let (row, column) = try readCell(call)
                    try writer.append(self.reference(of: try cell(row, column)))
                },
                .method("GetIndexAt", access: .reads, inputs: rowColumn, outputs: [.init(nil, .int32)]) { call in
                    let (row, column) = try readCell(call)
                    _ = try cell(row, column)
                    return [.int32(row)]
                },
                .method("GetRowAtIndex", access: .reads, inputs: [.init("index", .int32)], outputs: [.init(nil, .int32)]) { call in
                    [.int32(try checkRow(try readOne(call)))]
                },
                .method("GetColumnAtIndex", access: .reads, inputs: [.init("index", .int32)], outputs: [.init(nil, .int32)]) { call in
                    _ = try checkRow(try readOne(call))
                    return [.int32(0)]
                },
                .method("GetRowDescription", access: .reads, inputs: [.init("row", .int32)], outputs: [.init(nil, .string)]) { call in
                    _ = try checkRow(try readOne(call))
                    return [.string("")]
                },
                .method("GetColumnDescription", access: .reads, inputs: [.init("column", .int32)], outputs: [.init(nil, .string)]) { call in
                    _ = try checkColumn(try readOne(call))
                    return [.string("")]
                },
                .method("GetRowExtentAt", access: .reads, inputs: rowColumn, outputs: [.init(nil, .int32)]) { call in
                    let (row, column) = try readCell(call)
                    _ = try cell(row, column)
                    return [.int32(1)]
                },
                .method("GetColumnExtentAt", access: .reads, inputs: rowColumn, outputs: [.init(nil, .int32)]) { call in
                    let (row, column) = try readCell(call)
                    _ = try cell(row, column)
                    return [.int32(1)]
                },
                .writingMethod("GetRowHeader", access: .reads, inputs: [.init("row", .int32)], outputs: [.init(nil, "(so)")]) { call, writer in
                    _ = try checkRow(try readOne(call))
                    try writer.append(AccessibleReference.null)
                },
                .writingMethod("GetColumnHeader", access: .reads, inputs: [.init("column", .int32)], outputs: [.init(nil, "(so)")]) { call, writer in
                    _ = try checkColumn(try readOne(call))
                    try writer.append(AccessibleReference.null)
                },
                .method("GetSelectedRows", access: .reads, outputs: [.init(nil, "ai")]) { _ in [.array(element: .int32, selectedRows().map(BusValue.int32))] },
                .method("GetSelectedColumns", access: .reads, outputs: [.init(nil, "ai")]) { _ in [.array(element: .int32, [])] },
                .method("IsRowSelected", access: .reads, inputs: [.init("row", .int32)], outputs: [.init(nil, .bool)]) { call in
                    [.bool(isSelected(try checkRow(try readOne(call))))]
                },
                .method("IsColumnSelected", access: .reads, inputs: [.init("column", .int32)], outputs: [.init(nil, .bool)]) { call in
                    _ = try checkColumn(try readOne(call))
                    return [.bool(false)]
                },
                .method("IsSelected", access: .reads, inputs: rowColumn, outputs: [.init(nil, .bool)]) { call in
                    let (row, column) = try readCell(call)
                    _ = try cell(row, column)
                    return [.bool(isSelected(row))]
                },
                .method("AddRowSelection", access: .changes, inputs: [.init("row", .int32)], outputs: [.init(nil, .bool)]) { call in
                    [.bool(select(try checkRow(try readOne(call)), true))]
                },
                .method("AddColumnSelection", access: .changes, inputs: [.init("column", .int32)], outputs: [.init(nil, .bool)]) { _ in [.bool(false)] },
                .method("RemoveRowSelection", access: .changes, inputs: [.init("row", .int32)], outputs: [.init(nil, .bool)]) { call in
                    [.bool(select(try checkRow(try readOne(call)), false))]
                },
                .method("RemoveColumnSelection", access: .changes, inputs: [.init("column", .int32)], outputs: [.init(nil, .bool)]) { _ in [.bool(false)] },
                .method("GetRowColumnExtentsAtIndex", access: .reads, inputs: [.init("index", .int32)],
                    outputs: [
                        .init(nil, .bool), .init("row", .int32), .init("col", .int32), .init("row_extents", .int32),
                        .init("col_extents", .int32), .init("is_selected", .bool),
                    ]
                ) { call in
                    let row = try checkRow(try readOne(call))
                    return [.bool(true), .int32(row), .int32(0), .int32(1), .int32(1), .bool(isSelected(row))]
                },
            ],
            properties: [
                Self.property("NRows", .int32) { .int32(Int32(clamping: rowCount())) },
                Self.property("NColumns", .int32) { .int32(columns()) },
                Self.property("Caption", "(so)") { AccessibleReference.null.busValue },
                Self.property("Summary", "(so)") { AccessibleReference.null.busValue },
                Self.property("NSelectedRows", .int32) { .int32(Int32(clamping: selectedRows().count)) },
                Self.property("NSelectedColumns", .int32) { .int32(0) },
            ])
    }
}
