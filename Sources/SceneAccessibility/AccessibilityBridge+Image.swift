import DBusKit
import SceneBusServing
import SceneCore

/// `org.a11y.atspi.Image` for image views: the description is the view's ``SceneCore/View/accessibilityLabel``
/// and the image fills the view's bounds.
extension AccessibilityBridge {
    func imageInterface(_ imageView: ImageView) -> InterfaceDescription {
        InterfaceDescription(
            AtspiNames.image, gate: gate,
            methods: [
                .writingMethod("GetImageExtents", access: .reads, inputs: [.init("coordType", .uint32)], outputs: [.init(nil, "(iiii)")]) { call, writer in
                    let type = try call.read { reader in try reader.readUInt32() }
                    let coordinates = try self.answering { () throws(AccessibilityError) in try CoordinateType(wire: type) }
                    let extents = AtspiExtents(self.tree.frame(of: imageView, in: coordinates))
                    try writer.appendStruct { writer in
                        for value in [extents.x, extents.y, extents.width, extents.height] { try writer.append(value) }
                    }
                },
                .method("GetImagePosition", access: .reads, inputs: [.init("coordType", .uint32)], outputs: [.init("x", .int32), .init("y", .int32)]) { call in
                    let type = try call.read { reader in try reader.readUInt32() }
                    let coordinates = try self.answering { () throws(AccessibilityError) in try CoordinateType(wire: type) }
                    let extents = AtspiExtents(self.tree.frame(of: imageView, in: coordinates))
                    return [.int32(extents.x), .int32(extents.y)]
                },
                .method("GetImageSize", access: .reads, outputs: [.init("width", .int32), .init("height", .int32)]) { _ in
                    let extents = AtspiExtents(self.tree.screenFrame(of: imageView))
                    return [.int32(extents.width), .int32(extents.height)]
                },
            ],
            properties: [
                Self.property("ImageDescription", .string) { .string(imageView.accessibilityLabel ?? "") },
                Self.property("ImageLocale", .string) { .string(AtspiNames.locale) },
            ])
    }
}
