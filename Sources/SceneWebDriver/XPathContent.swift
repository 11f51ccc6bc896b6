public import SceneXPath

/// What an XPath document of the page source holds, element by element, as plain values: the tags,
/// the kept attributes (names and values) and where each element ends. The document is a function of
/// this content alone, so two equal contents make documents that answer every query the same, and
/// one built earlier can be used again (``XPathDocumentCache``). Main actor, like the source.
@MainActor
public struct XPathContent: Equatable {
    enum Token: Equatable {
        case open(String)
        case attribute(StaticString, String)
        case close

        static func == (a: Token, b: Token) -> Bool {
            switch (a, b) {
            case (.open(let x), .open(let y)): x == y
            case (.close, .close): true
            case (.attribute(let name, let x), .attribute(let other, let y)):
                name.utf8CodeUnitCount == other.utf8CodeUnitCount
                    && (name.utf8Start == other.utf8Start || name.utf8Start.elementsEqual(other.utf8Start, count: name.utf8CodeUnitCount))
                    && x == y
            default: false
            }
        }
    }

    /// The attribute names kept (nil: all).
    let attributes: Set<String>?
    private(set) var tokens: [Token] = []

    /// The content of `source`'s document with every attribute, or only those in `attributes`.
    public init(of source: PageSource, attributes: Set<String>?) {
        self.init(elements: source.views.count, attributes: attributes) { source.write(to: &$0) }
    }

    /// The content of `outline`'s document (no coordinates, no actionability) with only the
    /// attributes in `attributes`: equal to that of the ``PageSource`` the host describes without
    /// them.
    public init(of outline: PageOutline, attributes: Set<String>?) {
        self.init(elements: outline.views.count, attributes: attributes) { outline.write(to: &$0) }
    }

    private init(elements: Int, attributes: Set<String>?, write: (inout Recorder) -> Void) {
        self.attributes = attributes
        var recorder = Recorder(wanted: attributes.map { $0.map { Array($0.utf8) } })
        recorder.tokens.reserveCapacity(elements * (2 + (attributes?.count ?? 16)))
        write(&recorder)
        tokens = recorder.tokens
    }

    /// A new document holding this content; its element numbers are the source's.
    public func document() -> XPathDocument {
        let document = XPathDocument()
        for token in tokens {
            switch token {
            case .open(let tag): document.openElement(tag)
            case .attribute(let name, let value): document.addAttribute(name, value)
            case .close: document.closeElement()
            }
        }
        return document
    }

    /// Keeps the `wanted` attributes (UTF-8 names; nil: all); an attribute's value is made only when
    /// it is kept.
    private struct Recorder: ElementSink {
        let wanted: [[UInt8]]?
        var tokens: [Token] = []

        mutating func open(_ tag: String) { tokens.append(.open(tag)) }

        private func keeps(_ name: StaticString) -> Bool {
            guard let wanted else { return true }
            let bytes = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
            return wanted.contains { $0.elementsEqual(bytes) }
        }

        mutating func attribute(_ name: StaticString, _ value: @autoclosure () -> String) {
            if keeps(name) { tokens.append(.attribute(name, value())) }
        }

        // A coordinate's text is made only when it is kept.
        mutating func attribute(_ name: StaticString, number value: Double) {
            if keeps(name) { tokens.append(.attribute(name, PageSource.number(value))) }
        }

        mutating func attribute(_ name: StaticString, bounds: (Int64, Int64, Int64, Int64)) {
            if keeps(name) { tokens.append(.attribute(name, PageSource.boundsText(bounds))) }
        }

        mutating func close() { tokens.append(.close) }
    }
}

private extension UnsafePointer<UInt8> {
    func elementsEqual(_ other: UnsafePointer<UInt8>, count: Int) -> Bool {
        UnsafeBufferPointer(start: self, count: count).elementsEqual(UnsafeBufferPointer(start: other, count: count))
    }
}
