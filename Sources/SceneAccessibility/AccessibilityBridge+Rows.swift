import DBusKit
import SceneBusServing
import SceneCore

/// `org.a11y.atspi.Component` and `org.a11y.atspi.Action` of a table row out of view [TV-12]: where
/// the row is (its rectangle in the table's content, outside the table's visible part until it is
/// scrolled in), scrolling it into view, and `click`, which scrolls it in and then activates its cell
/// as Space does [KB-5] — a tap through hit testing, so a recognizer that takes the table's touches
/// takes this one too.
extension AccessibilityBridge {
    func rowComponentInterface(_ table: TableView, _ row: IndexPath) -> InterfaceDescription {
        let tree = tree
        let point: [ArgumentDescription] = [.init("x", .int32), .init("y", .int32), .init("coord_type", .uint32)]
        func frame(_ type: CoordinateType) -> Rect {
            let rect = table.rectForRow(at: row)
            guard type == .parent else { return tree.frame(of: rect, in: table, coordinates: type) }
            let screen = tree.frame(of: rect, in: table, coordinates: .screen)
            let parent = tree.screenFrame(of: table)
            return screen.offsetBy(dx: -parent.minX, dy: -parent.minY)
        }
        func write(_ extents: AtspiExtents, to writer: inout MessageWriter) throws {
            try writer.appendStruct { writer in
                for value in [extents.x, extents.y, extents.width, extents.height] { try writer.append(value) }
            }
        }
        return InterfaceDescription(
            AtspiNames.component, gate: gate,
            methods: [
                .method("Contains", access: .reads, inputs: point, outputs: [.init(nil, .bool)]) { call in
                    let (point, type) = try self.readPoint(call)
                    return [.bool(frame(type).contains(point))]
                },
                // A row out of view shows nothing to hit; on screen its cell answers.
                .writingMethod("GetAccessibleAtPoint", access: .reads, inputs: point, outputs: [.init(nil, "(so)")]) { call, writer in
                    _ = try self.readPoint(call)
                    try writer.append(AccessibleReference.null)
                },
                .writingMethod("GetExtents", access: .reads, inputs: [.init("coord_type", .uint32)], outputs: [.init(nil, "(iiii)")]) { call, writer in
                    try write(AtspiExtents(frame(try self.readCoordinateType(call))), to: &writer)
                },
                .method("GetPosition", access: .reads, inputs: [.init("coord_type", .uint32)], outputs: [.init("x", .int32), .init("y", .int32)]) { call in
                    let extents = AtspiExtents(frame(try self.readCoordinateType(call)))
                    return [.int32(extents.x), .int32(extents.y)]
                },
                .method("GetSize", access: .reads, outputs: [.init("width", .int32), .init("height", .int32)]) { _ in
                    let extents = AtspiExtents(frame(.screen))
                    return [.int32(extents.width), .int32(extents.height)]
                },
                .method("GetLayer", access: .reads, outputs: [.init(nil, .uint32)]) { _ in [.uint32(Self.widgetLayer)] },
                .method("GetMDIZOrder", access: .reads, outputs: [.init(nil, .int16)]) { _ in [.int16(-1)] },
                // As keyboard focus reaches a row (TV-11): scrolled in, its cell takes the focus.
                .method("GrabFocus", access: .changes, outputs: [.init(nil, .bool)]) { _ in
                    guard let cell = table.scrollRowIntoView(row) else { return [.bool(false)] }
                    return [.bool(self.grabFocus(cell))]
                },
                .method("GetAlpha", access: .reads, outputs: [.init(nil, .double)]) { _ in [.double(table.alpha)] },
                Self.refused("SetExtents", [.init("x", .int32), .init("y", .int32), .init("width", .int32), .init("height", .int32), .init("coord_type", .uint32)]),
                Self.refused("SetPosition", point),
                Self.refused("SetSize", [.init("width", .int32), .init("height", .int32)]),
            ] + scrollMethods { table.scrollRowIntoView(row) })
    }

    /// `click` on a row: scrolled in now (a client that reads the extents next sees it on screen),
    /// its cell tapped on the next turn, as any click.
    func rowActionInterface(_ table: TableView, _ row: IndexPath) -> InterfaceDescription {
        actionInterface(at: tree.path(of: .row(table, row))) {
            guard table.window?.takesScriptedInput == true, let cell = table.scrollRowIntoView(row) else { return false }
            return self.scheduleTap(on: cell)
        }
    }
}
