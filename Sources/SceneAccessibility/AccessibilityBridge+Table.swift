import DBusKit
import SceneBusServing
import SceneCore

/// `org.a11y.atspi.Table` for views whose role is table: a table's exposed subviews are its rows, one
/// cell each (one column); cell (r, 0) is child r, its index is r. For a ``SceneCore/TableView`` those
/// are the cells in view: rows out of view have no object yet, and the row count is not its data
/// source's (virtual row nodes, not built yet, would change both). There are no headers, captions or
/// selections (selection changes answer false). A row or column outside the table, or an index
/// outside its cells, is an `InvalidArgs` error naming it.
extension AccessibilityBridge {
    func tableInterface(_ view: View) -> InterfaceDescription {
        func rows() -> [View] { tree.children(of: .view(view)) }
        func columns() -> Int32 { rows().isEmpty ? 0 : 1 }
        func table() -> String { ViewReference.reference(for: view) }
        func cell(_ row: Int32, _ column: Int32) throws -> View {
            let rows = rows()
            guard row >= 0, Int(row) < rows.count, column >= 0, column < columns() else {
                throw AccessibilityError.invalidArgument(
                    "cell (\(row), \(column)) is outside the table \(table()) (\(rows.count) rows, \(columns()) column\(columns() == 1 ? "" : "s"))"
                ).busError
            }
            return rows[Int(row)]
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
        let rowColumn: [ArgumentDescription] = [.init("row", .int32), .init("column", .int32)]
        func readCell(_ call: MethodCall) throws -> (Int32, Int32) { try call.read { reader in (try reader.readInt32(), try reader.readInt32()) } }
        func readOne(_ call: MethodCall) throws -> Int32 { try call.read { reader in try reader.readInt32() } }
        return InterfaceDescription(
            AtspiNames.table, gate: gate,
            methods: [
                .writingMethod("GetAccessibleAt", access: .reads, inputs: rowColumn, outputs: [.init(nil, "(so)")]) { call, writer in
                    let (row, column) = try readCell(call)
                    try writer.append(self.reference(of: .view(try cell(row, column))))
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
                .method("GetSelectedRows", access: .reads, outputs: [.init(nil, "ai")]) { _ in [.array(element: .int32, [])] },
                .method("GetSelectedColumns", access: .reads, outputs: [.init(nil, "ai")]) { _ in [.array(element: .int32, [])] },
                .method("IsRowSelected", access: .reads, inputs: [.init("row", .int32)], outputs: [.init(nil, .bool)]) { call in
                    _ = try checkRow(try readOne(call))
                    return [.bool(false)]
                },
                .method("IsColumnSelected", access: .reads, inputs: [.init("column", .int32)], outputs: [.init(nil, .bool)]) { call in
                    _ = try checkColumn(try readOne(call))
                    return [.bool(false)]
                },
                .method("IsSelected", access: .reads, inputs: rowColumn, outputs: [.init(nil, .bool)]) { call in
                    let (row, column) = try readCell(call)
                    _ = try cell(row, column)
                    return [.bool(false)]
                },
                .method("AddRowSelection", access: .changes, inputs: [.init("row", .int32)], outputs: [.init(nil, .bool)]) { _ in [.bool(false)] },
                .method("AddColumnSelection", access: .changes, inputs: [.init("column", .int32)], outputs: [.init(nil, .bool)]) { _ in [.bool(false)] },
                .method("RemoveRowSelection", access: .changes, inputs: [.init("row", .int32)], outputs: [.init(nil, .bool)]) { _ in [.bool(false)] },
                .method("RemoveColumnSelection", access: .changes, inputs: [.init("column", .int32)], outputs: [.init(nil, .bool)]) { _ in [.bool(false)] },
                .method("GetRowColumnExtentsAtIndex", access: .reads, inputs: [.init("index", .int32)],
                    outputs: [
                        .init(nil, .bool), .init("row", .int32), .init("col", .int32), .init("row_extents", .int32),
                        .init("col_extents", .int32), .init("is_selected", .bool),
                    ]
                ) { call in
                    let row = try checkRow(try readOne(call))
                    return [.bool(true), .int32(row), .int32(0), .int32(1), .int32(1), .bool(false)]
                },
            ],
            properties: [
                Self.property("NRows", .int32) { .int32(Int32(clamping: rows().count)) },
                Self.property("NColumns", .int32) { .int32(columns()) },
                Self.property("Caption", "(so)") { AccessibleReference.null.busValue },
                Self.property("Summary", "(so)") { AccessibleReference.null.busValue },
                Self.property("NSelectedRows", .int32) { .int32(0) },
                Self.property("NSelectedColumns", .int32) { .int32(0) },
            ])
    }
}
