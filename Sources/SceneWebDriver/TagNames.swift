/// XML element names for view classes: a class name as it is when it is a valid XML name, otherwise
/// with each character XML refuses replaced by `_` (`Box<Int>` becomes `Box_Int_`). Remembered per
/// class name.
@MainActor
public final class TagNames {
    private var names: [String: String] = [:]
    /// The last class name asked for and its tag: siblings are mostly of one class, and comparing a
    /// short string is cheaper than hashing it.
    private var last: (typeName: String, tag: String)?

    public init() {}

    public func tag(for typeName: String) -> String {
        if let last, last.typeName == typeName { return last.tag }
        let tag = makeTag(for: typeName)
        last = (typeName, tag)
        return tag
    }

    private func makeTag(for typeName: String) -> String {
        if let known = names[typeName] { return known }
        var tag = ""
        for (index, scalar) in typeName.unicodeScalars.enumerated() {
            let letter = scalar.properties.isAlphabetic || scalar == "_"
            let valid = letter || (index > 0 && (scalar.properties.numericType != nil || scalar == "-" || scalar == "."))
            tag.unicodeScalars.append(valid ? scalar : "_")
        }
        if tag.isEmpty || tag.lowercased().hasPrefix("xml") { tag = "_" + tag }
        names[typeName] = tag
        return tag
    }
}
