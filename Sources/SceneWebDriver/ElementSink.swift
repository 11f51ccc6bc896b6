/// Where the page source's elements go: XML text, an XPath document, or one element's attributes.
protocol ElementSink {
    mutating func open(_ tag: String)
    /// `value` is evaluated only when the sink keeps the attribute.
    mutating func attribute(_ name: StaticString, _ value: @autoclosure () -> String)
    /// A coordinate (``PageSource/number(_:)``'s text). A requirement, not only an extension
    /// method, so that the XML writer's own version (digits straight into its buffer, no string) is
    /// the one a generic caller reaches.
    mutating func attribute(_ name: StaticString, number value: Double)
    /// `bounds`: `[x1,y1][x2,y2]`.
    mutating func attribute(_ name: StaticString, bounds: (Int64, Int64, Int64, Int64))
    /// `true` or `false`.
    mutating func attribute(_ name: StaticString, flag: Bool)
    mutating func close()
}

extension ElementSink {
    mutating func attribute(_ name: StaticString, number value: Double) {
        attribute(name, PageSource.number(value))
    }

    mutating func attribute(_ name: StaticString, bounds: (Int64, Int64, Int64, Int64)) {
        attribute(name, PageSource.boundsText(bounds))
    }

    mutating func attribute(_ name: StaticString, flag: Bool) {
        attribute(name, flag ? "true" : "false")
    }
}
