import DBusKit
import SceneBusServing
import SceneCore

/// `org.a11y.atspi.EditableText` for text fields. Every change goes through the field's one editing
/// path (``SceneCore/TextField/replaceText(in:with:)``), so it is the same change typed text makes:
/// `editingChanged`, the `text-changed` and `text-caret-moved` events, a redraw.
///
/// Offsets and `InsertText`'s length count characters (Unicode scalars; `-1` as a length means all
/// of the text, `-1` as an end offset the end of the text). Bad input — an offset outside the text,
/// an end before a start, a length below -1, a control character or noncharacter, a disabled field —
/// is an `InvalidArgs` error naming it, and nothing changes. Cut, copy and paste use the host's own
/// pasteboard (shared by assistive tools, not the desktop clipboard); a secure field's text is never
/// copied.
extension AccessibilityBridge {
    func editableTextInterface(_ field: TextField) -> InterfaceDescription {
        let range: [ArgumentDescription] = [.init("startPos", .int32), .init("endPos", .int32)]
        func text() throws -> AccessibleText {
            guard let text = AccessibleText(field) else { throw AccessibilityError.unknownObject(tree.path(of: field)).busError }
            return text
        }
        /// Replaces `range` of the field's text, turning a refusal into InvalidArgs.
        func replace(_ range: Range<Int>, with replacement: String) throws {
            do {
                try field.replaceText(in: range, with: replacement)
            } catch {
                throw AccessibilityError.invalidArgument(error.message).busError
            }
        }
        func readRange(_ call: MethodCall) throws -> Range<Int> {
            let (start, end) = try call.read { reader in (try reader.readInt32(), try reader.readInt32()) }
            let text = try text()
            return try answering { () throws(AccessibilityError) in try text.range(start, end) }
        }
        return InterfaceDescription(
            AtspiNames.editableText, gate: gate,
            methods: [
                .method("SetTextContents", access: .changes, inputs: [.init("newContents", .string)], outputs: [.init(nil, .bool)]) { call in
                    let contents = try call.read { reader in try reader.readString() }
                    try replace(0..<field.text.scalarCount, with: contents)
                    return [.bool(true)]
                },
                .method("InsertText", access: .changes, inputs: [.init("position", .int32), .init("text", .string), .init("length", .int32)], outputs: [.init(nil, .bool)]) {
                    call in
                    let (position, inserted, length) = try call.read { reader in (try reader.readInt32(), try reader.readString(), try reader.readInt32()) }
                    let text = try text()
                    let offset = try self.answering { () throws(AccessibilityError) in try text.offset(position, "position") }
                    guard length >= -1 else {
                        throw AccessibilityError.invalidArgument(
                            "length \(length) is negative: give the number of characters of the text to insert, or -1 for all of it").busError
                    }
                    let count = inserted.scalarCount
                    let taken = length == -1 || Int(length) >= count ? inserted : inserted.substring(scalars: 0..<Int(length))
                    try replace(offset..<offset, with: taken)
                    return [.bool(true)]
                },
                .method("CopyText", access: .changes, inputs: range) { call in
                    let range = try readRange(call)
                    if !field.isSecureTextEntry { self.pasteboard = field.text.substring(scalars: range) }
                    return []
                },
                .method("CutText", access: .changes, inputs: range, outputs: [.init(nil, .bool)]) { call in
                    let range = try readRange(call)
                    guard !field.isSecureTextEntry else { return [.bool(false)] }
                    let cut = field.text.substring(scalars: range)
                    try replace(range, with: "")
                    self.pasteboard = cut
                    return [.bool(true)]
                },
                .method("DeleteText", access: .changes, inputs: range, outputs: [.init(nil, .bool)]) { call in
                    try replace(try readRange(call), with: "")
                    return [.bool(true)]
                },
                .method("PasteText", access: .changes, inputs: [.init("position", .int32)], outputs: [.init(nil, .bool)]) { call in
                    let position = try call.read { reader in try reader.readInt32() }
                    let text = try text()
                    let offset = try self.answering { () throws(AccessibilityError) in try text.offset(position, "position") }
                    guard let pasted = self.pasteboard else { return [.bool(false)] }
                    try replace(offset..<offset, with: pasted)
                    return [.bool(true)]
                },
            ],
            properties: [Self.property("version", .uint32) { .uint32(1) }])
    }
}
