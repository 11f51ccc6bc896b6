public import SceneCore
public import SceneViewTree

/// The XPath shapes clients send most, answered by one walk of the live views without building a
/// document: `//Tag`, `//*[@attribute='value']`, `//Tag[@attribute="value"]`, and any of them in
/// parentheses with a position, `(//Tag[@attribute='value'])[2]`. The attribute is one whose value is
/// read from the view alone: `identifier`, `name`, `label`, `value` or `type`.
///
/// Its answer is the one libxml2 gives on the page source, element for element and in document
/// order (`XPathShortcutTests` compares the two on random trees under random edits): tags are
/// ``TagNames``' for the view's class, values are written as the page source writes them, and the
/// comparison is libxml2's, byte for byte on the value up to its first NUL (where the document's C
/// string ends). The scene's element (number 0) takes its place in a position but is never in the
/// answer, as the find maps it to no view. Anything else (another axis, a function, `and`, spaces in other places, a name
/// that is not plain ASCII) is not a shortcut: ``parse(_:)`` answers nil and the document path
/// answers it. Main actor when answering; parsing is pure.
public struct XPathShortcut: Equatable, Sendable {
    /// The attributes a shortcut can test.
    public enum Attribute: String, Sendable, CaseIterable {
        case identifier, name, label, value, type
    }

    /// The element name to match; nil for `*`.
    public let tag: String?
    /// The attribute test `[@attribute='value']`, if any; `value` as UTF-8.
    public let test: (attribute: Attribute, value: [UInt8])?
    /// The 1-based position in the whole answer (`(…)[n]`), if any.
    public let position: Int?

    public static func == (a: XPathShortcut, b: XPathShortcut) -> Bool {
        a.tag == b.tag && a.position == b.position && a.test?.attribute == b.test?.attribute && a.test?.value == b.test?.value
    }

    /// Words that are not element names at the start of a step, or that libxml2 could read as
    /// something else: these go to the document path.
    private static let reserved: Set<String> = ["and", "or", "div", "mod", "node", "text", "comment", "processing-instruction"]

    /// The shortcut `expression` is, or nil when it is any other XPath.
    public static func parse(_ expression: String) -> XPathShortcut? {
        var reader = Reader(Array(expression.utf8))
        let parenthesized = reader.take(UInt8(ascii: "("))
        guard reader.take(UInt8(ascii: "/")), reader.take(UInt8(ascii: "/")) else { return nil }
        let tag: String?
        if reader.take(UInt8(ascii: "*")) {
            tag = nil
        } else {
            guard let name = reader.name(), !reserved.contains(name) else { return nil }
            tag = name
        }
        var test: (attribute: Attribute, value: [UInt8])?
        if reader.take(UInt8(ascii: "[")) {
            reader.spaces()
            guard reader.take(UInt8(ascii: "@")), let name = reader.name(), let attribute = Attribute(rawValue: name) else { return nil }
            reader.spaces()
            guard reader.take(UInt8(ascii: "=")) else { return nil }
            reader.spaces()
            guard let literal = reader.literal() else { return nil }
            reader.spaces()
            guard reader.take(UInt8(ascii: "]")) else { return nil }
            test = (attribute, literal)
        }
        var position: Int?
        if parenthesized {
            guard reader.take(UInt8(ascii: ")")), reader.take(UInt8(ascii: "[")), let number = reader.number(), reader.take(UInt8(ascii: "]")) else {
                return nil
            }
            position = number
        }
        guard reader.atEnd else { return nil }
        return XPathShortcut(tag: tag, test: test, position: position)
    }

    /// The views of `scene` the expression selects, in document order (the page source's: each
    /// window back to front, each view before its subviews). `names` and `tags` are the page
    /// source's class names and tags.
    @MainActor
    public func views(in scene: WindowScene, names: ViewTreeWalker, tags: TagNames) -> [View] {
        // The scene's element comes first and maps to no view, but it takes a position.
        let sceneMatches = matchesScene(scene)
        var found: [View] = []
        for window in scene.windows { collect(window, names: names, tags: tags, into: &found) }
        guard let position else { return found }
        let index = position - 1 - (sceneMatches ? 1 : 0)
        return found.indices.contains(index) ? [found[index]] : []
    }

    /// Whether the scene's element matches (PageSource.writeScene's tag and values).
    @MainActor
    private func matchesScene(_ scene: WindowScene) -> Bool {
        if let tag, tag != "WindowScene" { return false }
        guard let test else { return true }
        switch test.attribute {
        case .identifier, .name, .label: return Self.same(scene.name, test.value)
        case .value: return test.value.isEmpty
        case .type: return Self.same("WindowScene", test.value)
        }
    }

    @MainActor
    private func collect(_ view: View, names: ViewTreeWalker, tags: TagNames, into found: inout [View]) {
        if matches(view, names: names, tags: tags) { found.append(view) }
        for subview in view.subviews { collect(subview, names: names, tags: tags, into: &found) }
    }

    @MainActor
    private func matches(_ view: View, names: ViewTreeWalker, tags: TagNames) -> Bool {
        if let tag, !Self.same(tags.tag(for: names.typeName(of: view)), tag.utf8) { return false }
        guard let test else { return true }
        // The values as the page source writes them (PageSource.write).
        let value: String
        switch test.attribute {
        case .identifier: value = view.accessibilityIdentifier ?? ""
        case .name: value = view.accessibilityIdentifier ?? view.accessibilityLabel ?? ""
        case .label: value = view.accessibilityLabel ?? ""
        case .value: value = view.accessibilityValue ?? ""
        case .type: value = names.typeName(of: view)
        }
        return Self.same(value, test.value)
    }

    /// `value` as libxml2 holds it (its UTF-8 up to the first NUL) equals `bytes`.
    private static func same(_ value: String, _ bytes: some Collection<UInt8>) -> Bool {
        var value = value
        return value.withUTF8 { utf8 in
            let end = utf8.firstIndex(of: 0) ?? utf8.count
            return UnsafeBufferPointer(rebasing: utf8[..<end]).elementsEqual(bytes)
        }
    }

    /// Reads the expression's bytes left to right.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index == bytes.count }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func spaces() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        /// A plain ASCII name: a letter or `_`, then letters, digits, `_` or `-`.
        mutating func name() -> String? {
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                let letter = (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == UInt8(ascii: "_")
                let other = (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-")
                guard letter || (index > start && other) else { break }
                index += 1
            }
            guard index > start else { return nil }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// `'…'` or `"…"` (XPath literals have no escapes); no NUL inside.
        mutating func literal() -> [UInt8]? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "'") || bytes[index] == UInt8(ascii: "\"") else { return nil }
            let quote = bytes[index]
            guard let end = bytes[(index + 1)...].firstIndex(of: quote) else { return nil }
            let value = Array(bytes[(index + 1)..<end])
            guard !value.contains(0) else { return nil }
            index = end + 1
            return value
        }

        /// A positive whole number of at most six digits.
        mutating func number() -> Int? {
            let start = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]), index - start < 6 { index += 1 }
            guard index > start, let value = Int(String(decoding: bytes[start..<index], as: UTF8.self)), value > 0 else { return nil }
            // A seventh digit is not ours.
            guard index == bytes.count || !(0x30...0x39).contains(bytes[index]) else { return nil }
            return value
        }
    }
}
