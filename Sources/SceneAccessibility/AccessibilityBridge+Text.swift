import DBusKit
import SceneBusServing
import SceneCore
import SceneRender

/// `org.a11y.atspi.Text` for labels and text fields: the text, its units (characters, words,
/// sentences, lines), the caret, the default attributes (font and colour) and the geometry of
/// characters and ranges, measured as the renderer lays the text out. There are no selections (the
/// model has a caret only): `GetNSelections` answers 0, `GetSelection(0)` the empty selection at the
/// caret (as GTK), and selection changes answer false.
///
/// Offsets count Unicode scalars. An offset outside the text, an end before a start, an unknown
/// boundary type or coordinate type is an `InvalidArgs` error naming the value; `-1` as an end means
/// the end of the text.
///
/// A table's row is a list item whose text is its cell's label [TV-12]: on screen the label's, with
/// its geometry; out of view the label of the row's stand-in, whose characters have no extents (an
/// empty rectangle) and no offset at any point, since nothing of it is shown.
extension AccessibilityBridge {
    /// The Text interface of the object at `path`, whose text `source` gives on each call: a label or
    /// a text field (a stand-in's label is valid for the call only). `reveal` brings the text on
    /// screen first for `ScrollSubstringTo` (a row out of view scrolls in, and answers its cell's
    /// label); nil: `source` is the view.
    func textInterface(
        at path: ObjectPath, reveal: (@MainActor () -> View?)? = nil, _ source: @escaping @MainActor () -> View?
    ) -> InterfaceDescription {
        let offsetAndType: [ArgumentDescription] = [.init("offset", .int32), .init("type", .uint32)]
        let textRange: [ArgumentDescription] = [.init(nil, .string), .init("startOffset", .int32), .init("endOffset", .int32)]
        func text() throws -> AccessibleText {
            guard let view = source(), let text = AccessibleText(view) else { throw AccessibilityError.unknownObject(path).busError }
            return text
        }
        /// The shown text's view, for geometry; nil when it is not in a window (a row out of view).
        func shown(_ text: AccessibleText) -> View? { text.view.window == nil ? nil : text.view }
        func unit(_ call: MethodCall, _ pick: @escaping (AtspiTextBoundary, Int, [Unicode.Scalar]) -> Range<Int>) throws -> [BusValue] {
            let (offset, type) = try call.read { reader in (try reader.readInt32(), try reader.readUInt32()) }
            let text = try text()
            let range = try answering { () throws(AccessibilityError) in
                pick(try AtspiTextBoundary(wire: type), try text.offset(offset), text.scalars)
            }
            return [.string(text.substring(range)), .int32(Int32(range.lowerBound)), .int32(Int32(range.upperBound))]
        }
        return InterfaceDescription(
            AtspiNames.text, gate: gate,
            methods: [
                .method("GetText", access: .reads, inputs: [.init("startOffset", .int32), .init("endOffset", .int32)], outputs: [.init(nil, .string)]) { call in
                    let (start, end) = try call.read { reader in (try reader.readInt32(), try reader.readInt32()) }
                    let text = try text()
                    return [.string(text.substring(try self.answering { () throws(AccessibilityError) in try text.range(start, end) }))]
                },
                .method("SetCaretOffset", access: .changes, inputs: [.init("offset", .int32)], outputs: [.init(nil, .bool)]) { call in
                    let offset = try call.read { reader in try reader.readInt32() }
                    let text = try text()
                    let target = try self.answering { () throws(AccessibilityError) in try text.offset(offset) }
                    guard let field = text.view as? TextField else { return [.bool(false)] }
                    try? field.setCaretOffset(target)
                    return [.bool(field.caretOffset == target)]
                },
                .method("GetTextBeforeOffset", access: .reads, inputs: offsetAndType, outputs: textRange) { call in
                    try unit(call) { boundary, offset, scalars in boundary.range(before: offset, in: scalars) }
                },
                .method("GetTextAtOffset", access: .reads, inputs: offsetAndType, outputs: textRange) { call in
                    try unit(call) { boundary, offset, scalars in boundary.range(at: offset, in: scalars) }
                },
                .method("GetTextAfterOffset", access: .reads, inputs: offsetAndType, outputs: textRange) { call in
                    try unit(call) { boundary, offset, scalars in boundary.range(after: offset, in: scalars) }
                },
                .method("GetStringAtOffset", access: .reads, inputs: [.init("offset", .int32), .init("granularity", .uint32)], outputs: textRange) { call in
                    let (offset, value) = try call.read { reader in (try reader.readInt32(), try reader.readUInt32()) }
                    let text = try text()
                    let range = try self.answering { () throws(AccessibilityError) in
                        try AtspiTextGranularity(wire: value).range(at: try text.offset(offset), in: text.scalars)
                    }
                    return [.string(text.substring(range)), .int32(Int32(range.lowerBound)), .int32(Int32(range.upperBound))]
                },
                .method("GetCharacterAtOffset", access: .reads, inputs: [.init("offset", .int32)], outputs: [.init(nil, .int32)]) { call in
                    let offset = try call.read { reader in try reader.readInt32() }
                    let text = try text()
                    let index = try self.answering { () throws(AccessibilityError) in try text.offset(offset) }
                    return [.int32(index < text.count ? Int32(bitPattern: text.scalar(at: index).value) : 0)]
                },
                .method("GetAttributeValue", access: .reads, inputs: [.init("offset", .int32), .init("attributeName", .string)], outputs: [.init(nil, .string)]
                ) { call in
                    let (offset, name) = try call.read { reader in (try reader.readInt32(), try reader.readString()) }
                    let text = try text()
                    _ = try self.answering { () throws(AccessibilityError) in try text.offset(offset) }
                    return [.string(Self.textAttributes(of: text.view).first { $0.0 == name }?.1 ?? "")]
                },
                .writingMethod("GetAttributes", access: .reads, inputs: [.init("offset", .int32)], outputs: [.init(nil, "a{ss}"), .init("startOffset", .int32), .init("endOffset", .int32)]) {
                    call, writer in
                    let offset = try call.read { reader in try reader.readInt32() }
                    let text = try text()
                    _ = try self.answering { () throws(AccessibilityError) in try text.offset(offset) }
                    // One run covering the whole text, with nothing beyond the defaults.
                    try Self.append([], to: &writer)
                    try writer.append(Int32(0))
                    try writer.append(Int32(text.count))
                },
                .writingMethod("GetAttributeRun", access: .reads, inputs: [.init("offset", .int32), .init("includeDefaults", .bool)],
                    outputs: [.init(nil, "a{ss}"), .init("startOffset", .int32), .init("endOffset", .int32)]
                ) { call, writer in
                    let (offset, defaults) = try call.read { reader in (try reader.readInt32(), try reader.readBool()) }
                    let text = try text()
                    _ = try self.answering { () throws(AccessibilityError) in try text.offset(offset) }
                    try Self.append(defaults ? Self.textAttributes(of: text.view) : [], to: &writer)
                    try writer.append(Int32(0))
                    try writer.append(Int32(text.count))
                },
                .writingMethod("GetDefaultAttributes", access: .reads, outputs: [.init(nil, "a{ss}")]) { _, writer in
                    try Self.append(Self.textAttributes(of: try text().view), to: &writer)
                },
                .writingMethod("GetDefaultAttributeSet", access: .reads, outputs: [.init(nil, "a{ss}")]) { _, writer in
                    try Self.append(Self.textAttributes(of: try text().view), to: &writer)
                },
                .method("GetCharacterExtents", access: .reads, inputs: [.init("offset", .int32), .init("coordType", .uint32)],
                    outputs: [.init("x", .int32), .init("y", .int32), .init("width", .int32), .init("height", .int32)]
                ) { call in
                    let (offset, type) = try call.read { reader in (try reader.readInt32(), try reader.readUInt32()) }
                    let text = try text()
                    let (index, coordinates) = try self.answering { () throws(AccessibilityError) in
                        (try text.offset(offset), try CoordinateType(wire: type))
                    }
                    guard let view = shown(text) else { return Self.extentsValues(.zero) }
                    let rect = self.textGeometry(of: text).characterRect(index)
                    return Self.extentsValues(self.tree.frame(of: rect, in: view, coordinates: coordinates))
                },
                .method("GetRangeExtents", access: .reads, inputs: [.init("startOffset", .int32), .init("endOffset", .int32), .init("coordType", .uint32)],
                    outputs: [.init("x", .int32), .init("y", .int32), .init("width", .int32), .init("height", .int32)]
                ) { call in
                    let (start, end, type) = try call.read { reader in (try reader.readInt32(), try reader.readInt32(), try reader.readUInt32()) }
                    let text = try text()
                    let (range, coordinates) = try self.answering { () throws(AccessibilityError) in
                        (try text.range(start, end), try CoordinateType(wire: type))
                    }
                    guard let view = shown(text) else { return Self.extentsValues(.zero) }
                    let rect = self.textGeometry(of: text).rangeRect(range)
                    return Self.extentsValues(self.tree.frame(of: rect, in: view, coordinates: coordinates))
                },
                .method("GetOffsetAtPoint", access: .reads, inputs: [.init("x", .int32), .init("y", .int32), .init("coordType", .uint32)],
                    outputs: [.init(nil, .int32)]
                ) { call in
                    let (x, y, type) = try call.read { reader in (try reader.readInt32(), try reader.readInt32(), try reader.readUInt32()) }
                    let coordinates = try self.answering { () throws(AccessibilityError) in try CoordinateType(wire: type) }
                    let text = try text()
                    guard let view = shown(text) else { return [.int32(-1)] }
                    let local = self.tree.localPoint(Point(x: Double(x), y: Double(y)), in: view, coordinates: coordinates)
                    return [.int32(Int32(self.textGeometry(of: text).offset(at: local) ?? -1))]
                },
                .writingMethod("GetBoundedRanges", access: .reads,
                    inputs: [
                        .init("x", .int32), .init("y", .int32), .init("width", .int32), .init("height", .int32), .init("coordType", .uint32),
                        .init("xClipType", .uint32), .init("yClipType", .uint32),
                    ], outputs: [.init(nil, "a(iisv)")]
                ) { call, writer in
                    let values = try call.read { reader in
                        [try reader.readInt32(), try reader.readInt32(), try reader.readInt32(), try reader.readInt32()]
                    }
                    let type = try call.read { reader in
                        for _ in 0..<4 { _ = try reader.readInt32() }
                        return try reader.readUInt32()
                    }
                    let coordinates = try self.answering { () throws(AccessibilityError) in try CoordinateType(wire: type) }
                    let text = try text()
                    guard let view = shown(text) else { return try writer.appendArray(of: "(iisv)") { _ in } }
                    let origin = self.tree.localPoint(Point(x: Double(values[0]), y: Double(values[1])), in: view, coordinates: coordinates)
                    let box = Rect(x: origin.x, y: origin.y, width: Double(values[2]), height: Double(values[3]))
                    let range = self.textGeometry(of: text).characters(inside: box)
                    try writer.appendArray(of: "(iisv)") { array in
                        guard let range, !range.isEmpty else { return }
                        try array.appendStruct { item in
                            try item.append(Int32(range.lowerBound))
                            try item.append(Int32(range.upperBound))
                            try item.append(text.substring(range))
                            try item.appendVariant(containing: .string) { try $0.append("") }
                        }
                    }
                },
                // [SV-23] The substring's rectangle scrolled where the type says, or to a point, by the
                // scroll views that hold the text; false when none does.
                .method("ScrollSubstringTo", access: .changes, inputs: [.init("startOffset", .int32), .init("endOffset", .int32), .init("type", .uint32)],
                    outputs: [.init(nil, .bool)]
                ) { call in
                    let (start, end, wire) = try call.read { reader in (try reader.readInt32(), try reader.readInt32(), try reader.readUInt32()) }
                    let current = try text()
                    let (range, type) = try self.answering { () throws(AccessibilityError) in (try current.range(start, end), try AtspiScrollType(wire: wire)) }
                    guard let view = (reveal ?? source)(), let shown = AccessibleText(view) else { return [.bool(false)] }
                    return [.bool(self.tree.scroll(view, area: self.textGeometry(of: shown).rangeRect(range), to: type))]
                },
                .method("ScrollSubstringToPoint", access: .changes,
                    inputs: [.init("startOffset", .int32), .init("endOffset", .int32), .init("type", .uint32), .init("x", .int32), .init("y", .int32)],
                    outputs: [.init(nil, .bool)]
                ) { call in
                    let (start, end, wire, x, y) = try call.read { reader in
                        (try reader.readInt32(), try reader.readInt32(), try reader.readUInt32(), try reader.readInt32(), try reader.readInt32())
                    }
                    let current = try text()
                    let (range, coordinates) = try self.answering { () throws(AccessibilityError) in
                        (try current.range(start, end), try CoordinateType(wire: wire))
                    }
                    guard let view = (reveal ?? source)(), let shown = AccessibleText(view) else { return [.bool(false)] }
                    let area = self.textGeometry(of: shown).rangeRect(range)
                    return [.bool(self.tree.scroll(view, area: area, topLeftTo: Point(x: Double(x), y: Double(y)), in: coordinates))]
                },
                .method("GetNSelections", access: .reads, outputs: [.init(nil, .int32)]) { _ in [.int32(0)] },
                .method("GetSelection", access: .reads, inputs: [.init("selectionNum", .int32)], outputs: [.init("startOffset", .int32), .init("endOffset", .int32)]) {
                    call in
                    let number = try call.read { reader in try reader.readInt32() }
                    // Selection 0 is the empty selection at the caret, as GTK answers it: Orca asks for it
                    // whatever GetNSelections says, after every text change.
                    guard number == 0 else {
                        throw AccessibilityError.invalidArgument(
                            "selection \(number) does not exist: \(ViewReference.reference(for: try text().view)) has no selections (GetNSelections is 0; selection 0 is the empty one at the caret)"
                        ).busError
                    }
                    let caret = Int32(clamping: try text().caret)
                    return [.int32(caret), .int32(caret)]
                },
                .method("AddSelection", access: .changes, inputs: [.init("startOffset", .int32), .init("endOffset", .int32)], outputs: [.init(nil, .bool)]) { call in
                    let (start, end) = try call.read { reader in (try reader.readInt32(), try reader.readInt32()) }
                    let text = try text()
                    _ = try self.answering { () throws(AccessibilityError) in try text.range(start, end) }
                    return [.bool(false)]
                },
                .method("RemoveSelection", access: .changes, inputs: [.init("selectionNum", .int32)], outputs: [.init(nil, .bool)]) { _ in [.bool(false)] },
                .method("SetSelection", access: .changes, inputs: [.init("selectionNum", .int32), .init("startOffset", .int32), .init("endOffset", .int32)],
                    outputs: [.init(nil, .bool)]
                ) { _ in [.bool(false)] },
            ],
            properties: [
                Self.property("CharacterCount", .int32) { .int32(Int32(clamping: try text().count)) },
                Self.property("CaretOffset", .int32) { .int32(Int32(clamping: try text().caret)) },
            ])
    }

    /// The text's default attributes, as GTK names them: font family, size in points, weight,
    /// style, foreground colour (`r,g,b`, 0…65535) and justification.
    static func textAttributes(of view: View) -> [(String, String)] {
        let style: TextStyle
        switch view {
        case let field as TextField: style = field.textStyle
        case let label as Label: style = label.textStyle
        default: return []
        }
        func channel(_ value: Double) -> String { String(Int((Swift.min(Swift.max(value, 0), 1) * 65535).rounded())) }
        let justification: String =
            switch style.alignment {
            case .center: "center"
            case .right: "right"
            case .justified: "fill"
            default: "left"
            }
        return [
            ("family-name", style.font.familyName), ("size", style.font.pointSize.compactDescription),
            ("weight", String(style.font.weight.rawValue)), ("style", style.font.isItalic ? "italic" : "normal"),
            ("fg-color", "\(channel(style.color.red)),\(channel(style.color.green)),\(channel(style.color.blue))"),
            ("justification", justification),
        ]
    }

    /// Appends `a{ss}`.
    static func append(_ attributes: [(String, String)], to writer: inout MessageWriter) throws {
        try writer.appendDictionary(key: .string, value: .string) { writer in
            for (key, value) in attributes {
                try writer.appendDictEntry { writer in
                    try writer.append(key)
                    try writer.append(value)
                }
            }
        }
    }

    /// `(x, y, width, height)` as four `i` values.
    static func extentsValues(_ rect: Rect) -> [BusValue] {
        let extents = AtspiExtents(rect)
        return [.int32(extents.x), .int32(extents.y), .int32(extents.width), .int32(extents.height)]
    }

    /// Where `text`'s characters are, measured as the renderer lays them out.
    func textGeometry(of text: AccessibleText) -> TextGeometry {
        TextGeometry(text: text) { string, style in self.textMeasurer.size(of: string, style: style) }
    }
}
