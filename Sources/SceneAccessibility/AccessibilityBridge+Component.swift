import DBusKit
import SceneBusServing
import SceneCore

/// `org.a11y.atspi.Component` for windows and views: geometry in screen, window and parent
/// coordinates, hit testing with the model's own hit test, focus, and scrolling into view [SV-23].
extension AccessibilityBridge {
    /// Window layer for top-level windows, widget layer for views.
    private static let windowLayer: UInt32 = 7
    static let widgetLayer: UInt32 = 3

    func componentInterface(_ view: View) -> InterfaceDescription {
        let tree = tree
        let isWindow = AccessibleNode.view(view).topLevelWindow != nil
        let point: [ArgumentDescription] = [.init("x", .int32), .init("y", .int32), .init("coord_type", .uint32)]
        return InterfaceDescription(
            AtspiNames.component, gate: gate,
            methods: [
                .method("Contains", access: .reads, inputs: point, outputs: [.init(nil, .bool)]) { call in
                    let (point, type) = try self.readPoint(call)
                    return [.bool(tree.contains(view, point, in: type))]
                },
                .writingMethod("GetAccessibleAtPoint", access: .reads, inputs: point, outputs: [.init(nil, "(so)")]) { call, writer in
                    let (point, type) = try self.readPoint(call)
                    try writer.append(self.reference(of: tree.accessible(at: point, in: view, coordinates: type)))
                },
                .writingMethod("GetExtents", access: .reads, inputs: [.init("coord_type", .uint32)], outputs: [.init(nil, "(iiii)")]) { call, writer in
                    let type = try self.readCoordinateType(call)
                    let extents = AtspiExtents(tree.frame(of: view, in: type))
                    try writer.appendStruct { writer in
                        for value in [extents.x, extents.y, extents.width, extents.height] { try writer.append(value) }
                    }
                },
                .method("GetPosition", access: .reads, inputs: [.init("coord_type", .uint32)], outputs: [.init("x", .int32), .init("y", .int32)]) { call in
                    let type = try self.readCoordinateType(call)
                    let extents = AtspiExtents(tree.frame(of: view, in: type))
                    return [.int32(extents.x), .int32(extents.y)]
                },
                .method("GetSize", access: .reads, outputs: [.init("width", .int32), .init("height", .int32)]) { _ in
                    let extents = AtspiExtents(tree.screenFrame(of: view))
                    return [.int32(extents.width), .int32(extents.height)]
                },
                .method("GetLayer", access: .reads, outputs: [.init(nil, .uint32)]) { _ in [.uint32(isWindow ? Self.windowLayer : Self.widgetLayer)] },
                .method("GetMDIZOrder", access: .reads, outputs: [.init(nil, .int16)]) { _ in [.int16(isWindow ? 0 : -1)] },
                .method("GrabFocus", access: .changes, outputs: [.init(nil, .bool)]) { _ in [.bool(self.grabFocus(view))] },
                .method("GetAlpha", access: .reads, outputs: [.init(nil, .double)]) { _ in [.double(view.alpha)] },
                Self.refused("SetExtents", [.init("x", .int32), .init("y", .int32), .init("width", .int32), .init("height", .int32), .init("coord_type", .uint32)]),
                Self.refused("SetPosition", point),
                Self.refused("SetSize", [.init("width", .int32), .init("height", .int32)]),
            ] + scrollMethods { view })
    }

    /// [SV-23] `ScrollTo` and `ScrollToPoint` on the view `target` gives (nil: false): the scroll
    /// views that hold it move until it is where the type says, or at the point.
    func scrollMethods(_ target: @escaping @MainActor () -> View?) -> [HostMethod] {
        let tree = tree
        return [
            .method("ScrollTo", access: .changes, inputs: [.init("type", .uint32)], outputs: [.init(nil, .bool)]) { call in
                let wire = try call.read { reader in try reader.readUInt32() }
                let type = try self.answering { () throws(AccessibilityError) in try AtspiScrollType(wire: wire) }
                guard let view = target() else { return [.bool(false)] }
                return [.bool(tree.scroll(view, to: type))]
            },
            .method(
                "ScrollToPoint", access: .changes, inputs: [.init("coord_type", .uint32), .init("x", .int32), .init("y", .int32)],
                outputs: [.init(nil, .bool)]
            ) { call in
                let (wire, x, y) = try call.read { reader in (try reader.readUInt32(), try reader.readInt32(), try reader.readInt32()) }
                let type = try self.answering { () throws(AccessibilityError) in try CoordinateType(wire: wire) }
                guard let view = target() else { return [.bool(false)] }
                return [.bool(tree.scroll(view, topLeftTo: Point(x: Double(x), y: Double(y)), in: type))]
            },
        ]
    }

    /// A geometry change clients may ask for but the host refuses (answers false): plugins place their
    /// windows and views.
    static func refused(_ name: MemberName, _ inputs: [ArgumentDescription]) -> HostMethod {
        .method(name, access: .changes, inputs: inputs, outputs: [.init(nil, .bool)]) { _ in [.bool(false)] }
    }

    /// The `(i x, i y, u coord_type)` arguments of a point method.
    func readPoint(_ call: MethodCall) throws -> (Point, CoordinateType) {
        let (x, y, type) = try call.read { reader in (try reader.readInt32(), try reader.readInt32(), try reader.readUInt32()) }
        return (Point(x: Double(x), y: Double(y)), try answering { () throws(AccessibilityError) in try CoordinateType(wire: type) })
    }

    /// The `(u coord_type)` argument.
    func readCoordinateType(_ call: MethodCall) throws -> CoordinateType {
        let type = try call.read { reader in try reader.readUInt32() }
        return try answering { () throws(AccessibilityError) in try CoordinateType(wire: type) }
    }

    /// `GrabFocus` [FO-3]: a window becomes key and its scene the focused one (as GTK presents a
    /// window); a view that can take keyboard focus makes its window key first, then takes the focus
    /// (a text field also becomes first responder and starts editing). Returns whether the object
    /// has the focus afterwards; a view that cannot take the focus answers false and changes nothing.
    /// Focus events follow from the model's own notifications.
    func grabFocus(_ view: View) -> Bool {
        if let window = AccessibleNode.view(view).topLevelWindow {
            present(window)
            return window.isKeyWindow && tree.keyWindow === window
        }
        // Focus first, then present: the window's activation then announces the focused view
        // directly, rather than the window and then the view.
        guard view.isFocusable, let window = view.window, window.setFocusedView(view) else { return false }
        present(window)
        return tree.keyWindow === window && view.isFocused
    }

    /// Makes `window` its scene's key window and its scene active [WS-11] and the most recently
    /// activated, so the window is the application's key window.
    private func present(_ window: Window) {
        window.activateSceneForScriptedInput()
        window.makeKey()
        application.focus(window.windowScene)
        // In a scene process: its scene takes the host's key window, as the host's follows when it
        // hears that the call acted.
        if forwardedServer != nil { setHoldsApplicationKey(true) }
    }
}
