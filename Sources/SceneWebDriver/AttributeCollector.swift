/// Keeps the attributes of the first element written.
struct AttributeCollector: ElementSink {
    var attributes: [(name: String, value: String)] = []
    private var depth = 0

    mutating func open(_ tag: String) { depth += 1 }

    mutating func attribute(_ name: StaticString, _ value: @autoclosure () -> String) {
        if depth == 1 { attributes.append((String(describing: name), value())) }
    }

    mutating func close() { depth -= 1 }
}
