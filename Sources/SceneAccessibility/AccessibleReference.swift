import DBusKit

/// An AT-SPI object reference, `(so)`: the unique bus name of the process that serves the object
/// and its path. The null reference is `("", /org/a11y/atspi/null)`.
struct AccessibleReference: Sendable, Equatable, CustomStringConvertible {
    /// The serving connection's unique name (`:1.N`); nil for the null reference.
    var busName: BusName?
    var path: ObjectPath

    /// The null reference: "no object" (nothing at a point, no desktop yet).
    static let null = AccessibleReference(busName: nil, path: AtspiNames.nullPath)

    var isNull: Bool { path == AtspiNames.nullPath }

    /// The reference as a D-Bus value.
    var busValue: BusValue {
        .structure([.string(busName?.rawValue ?? ""), .objectPath(path)])
    }

    /// Reads a `(so)` reference, e.g. the desktop reference returned by `Socket.Embed`.
    ///
    /// - Throws: ``BusError`` (`InvalidArgs`) naming the value when the name is neither empty nor a
    ///   valid bus name (it came from another process).
    init(reading reader: inout MessageReader) throws {
        let (name, path) = try reader.readStruct { fields in (try fields.readString(), try fields.readObjectPath()) }
        self.init(busName: name.isEmpty ? nil : try BusName(name), path: path)
    }

    init(busName: BusName?, path: ObjectPath) {
        self.busName = busName
        self.path = path
    }

    var description: String { "(\(busName?.rawValue ?? "\"\""), \(path))" }
}

extension MessageWriter {
    /// Appends `reference` as `(so)`.
    mutating func append(_ reference: AccessibleReference) throws {
        try appendStruct { writer in
            try writer.append(reference.busName?.rawValue ?? "")
            try writer.append(reference.path)
        }
    }
}
