internal import CDBus

/// Appends typed values to a message body, straight into libdbus, without building
/// ``BusValue``s.
///
/// A writer exists only inside the closure of ``BusMessage/write(_:)``,
/// ``BusConnection/emitSignal(path:interface:member:destination:_:)`` and the other
/// writer-taking APIs; it cannot be copied or kept. Appending basic values at the top level
/// allocates nothing on the Swift side, which makes this the path for high-rate signals:
///
/// ```swift
/// try connection.emitSignal(path: path, interface: touchInterface, member: "Touch") { writer in
///     try writer.append(sequence)      // t
///     try writer.append(windowPath)    // o
///     try writer.append(x)             // d
/// }
/// ```
///
/// The writer checks every value against the signature it is writing into: inside an array
/// every element must match the declared element type, struct and dict-entry fields must
/// follow their declared order, a variant holds exactly one value of its declared type, the
/// body signature stays within 255 bytes and nesting within the D-Bus limits. A violation
/// throws ``BusError`` with code ``BusError/Code-swift.struct/invalidValue`` naming the
/// expected and the attempted type; the message being written is then discarded by the API
/// that owns it.
public struct MessageWriter: ~Copyable {
    private struct Frame {
        enum Kind {
            case array
            case structure
            case dictEntry
            case variant

            var noun: String {
                switch self {
                case .array: return "array"
                case .structure: return "struct"
                case .dictEntry: return "dict entry"
                case .variant: return "variant"
                }
            }
        }

        var kind: Kind
        /// The type codes the contents must follow, or `nil` for a struct whose fields are free
        /// (a struct opened at the top level or inside another free struct).
        var expected: ArraySlice<UInt8>?
        /// The next position in `expected`.
        var position: Int
        /// Complete values written directly into this container.
        var items: Int
    }

    private var stack: IteratorStack
    private var frames: [Frame] = []
    private var bodySignatureLength: Int
    private(set) var containsUnixFDs = false

    init(message: OpaquePointer, inlineStorage: UnsafeMutablePointer<DBusMessageIter>) {
        self.stack = IteratorStack(inline: inlineStorage)
        let existing = dbus_message_get_signature(message).map { String(cString: $0).utf8.count } ?? 0
        self.bodySignatureLength = existing
        dbus_message_iter_init_append(message, self.stack.iterator(0))
    }

    private var current: UnsafeMutablePointer<DBusMessageIter> {
        mutating get { stack.iterator(frames.count) }
    }

    // MARK: Basic values

    // One overload per D-Bus basic type, deliberately alike (and alike BasicBodyWriter's): each is
    // public API naming its wire type code; `duplicates` pairs them.

    /// Appends a byte (`y`).
    public mutating func append(_ value: UInt8) throws {
        try appendFixed(TypeCode.byte, value)
    }

    /// Appends a boolean (`b`).
    public mutating func append(_ value: Bool) throws {
        try appendFixed(TypeCode.boolean, dbus_bool_t(value ? 1 : 0))
    }

    /// Appends a signed 16-bit integer (`n`).
    public mutating func append(_ value: Int16) throws {
        try appendFixed(TypeCode.int16, value)
    }

    /// Appends an unsigned 16-bit integer (`q`).
    public mutating func append(_ value: UInt16) throws {
        try appendFixed(TypeCode.uint16, value)
    }

    /// Appends a signed 32-bit integer (`i`).
    public mutating func append(_ value: Int32) throws {
        try appendFixed(TypeCode.int32, value)
    }

    /// Appends an unsigned 32-bit integer (`u`).
    public mutating func append(_ value: UInt32) throws {
        try appendFixed(TypeCode.uint32, value)
    }

    /// Appends a signed 64-bit integer (`x`).
    public mutating func append(_ value: Int64) throws {
        try appendFixed(TypeCode.int64, value)
    }

    /// Appends an unsigned 64-bit integer (`t`).
    public mutating func append(_ value: UInt64) throws {
        try appendFixed(TypeCode.uint64, value)
    }

    /// Appends a double (`d`).
    public mutating func append(_ value: Double) throws {
        try appendFixed(TypeCode.double, value)
    }

    /// Appends a string (`s`).
    ///
    /// - Throws: ``BusError`` with code ``BusError/Code-swift.struct/invalidValue`` when the
    ///   string contains a NUL character, which D-Bus strings cannot carry.
    public mutating func append(_ value: String) throws {
        if value.utf8.contains(0) {
            throw BusError(
                code: .invalidValue,
                name: .invalidArgs,
                message: "the string \(value.debugDescription) contains a NUL character, which D-Bus strings "
                    + "cannot carry; remove it or send the data as bytes ('ay')"
            )
        }
        try appendString(TypeCode.string, value)
    }

    /// Appends an object path (`o`).
    public mutating func append(_ value: ObjectPath) throws {
        try appendString(TypeCode.objectPath, value.rawValue)
    }

    /// Appends a type signature as a value (`g`), not as the type of what follows.
    public mutating func append(_ value: Signature) throws {
        try appendString(TypeCode.signature, value.rawValue)
    }

    /// Appends a Unix file descriptor (`h`). libdbus duplicates `descriptor`; the caller keeps
    /// ownership of the original.
    ///
    /// Sending the message fails unless the connection supports descriptor passing (Unix
    /// sockets do; see ``BusConnection/canPassUnixFDs``).
    public mutating func append(unixFD descriptor: Int32) throws {
        try appendFixed(TypeCode.unixFD, descriptor)
        containsUnixFDs = true
    }

    private mutating func appendFixed<T>(_ code: Int32, _ value: T) throws {
        try admitBasic(code)
        var copy = value
        let appended = withUnsafePointer(to: &copy) { dbus_message_iter_append_basic(current, code, $0) }
        guard appended != 0 else {
            throw LibDBus.outOfMemory("appending a \(TypeCode.describe(code))")
        }
    }

    private mutating func appendString(_ code: Int32, _ value: String) throws {
        try admitBasic(code)
        let iterator = current
        let appended = value.withCString { characters in
            var pointer: UnsafePointer<CChar>? = characters
            return dbus_message_iter_append_basic(iterator, code, &pointer)
        }
        guard appended != 0 else {
            throw LibDBus.outOfMemory("appending a \(TypeCode.describe(code))")
        }
    }

    // MARK: Containers

    /// Opens an array whose elements all have type `element`; close it with ``close()``.
    public mutating func openArray(of element: Signature) throws {
        guard element.isSingleCompleteType else {
            throw invalid("an array element type must be exactly one complete type, not '\(element)'")
        }
        let elementBytes = Array(element.rawValue.utf8)
        try admitContainer(
            code: UInt8(ascii: "a"),
            completeSignature: [UInt8(ascii: "a")] + elementBytes,
            describe: "array 'a\(element)'"
        )
        try open(TypeCode.array, containedSignature: element.rawValue)
        frames.append(Frame(kind: .array, expected: elementBytes[...], position: 0, items: 0))
    }

    /// Opens a struct; close it with ``close()`` after writing at least one field.
    public mutating func openStruct() throws {
        let expected = try admitStructLike(kind: .structure)
        try open(TypeCode.structure, containedSignature: nil)
        frames.append(Frame(kind: .structure, expected: expected, position: expected?.startIndex ?? 0, items: 0))
    }

    /// Opens one dict entry of a dictionary array; write the key, then the value, then
    /// ``close()``.
    public mutating func openDictEntry() throws {
        guard let parent = frames.last, parent.kind == .array, let expected = parent.expected,
            expected[parent.position] == UInt8(ascii: "{")
        else {
            throw invalid("a dict entry can only be written directly inside an array of dict entries ('a{…}')")
        }
        let inner = try admitStructLike(kind: .dictEntry)
        try open(TypeCode.dictEntry, containedSignature: nil)
        frames.append(Frame(kind: .dictEntry, expected: inner, position: inner?.startIndex ?? 0, items: 0))
    }

    /// Opens a variant that will hold one value of type `contents`; close it with ``close()``.
    public mutating func openVariant(containing contents: Signature) throws {
        guard contents.isSingleCompleteType else {
            throw invalid("a variant holds exactly one complete type, not '\(contents)'")
        }
        try admitContainer(code: UInt8(ascii: "v"), completeSignature: [UInt8(ascii: "v")], describe: "variant")
        try open(TypeCode.variant, containedSignature: contents.rawValue)
        let bytes = Array(contents.rawValue.utf8)
        frames.append(Frame(kind: .variant, expected: bytes[...], position: 0, items: 0))
    }

    /// Closes the innermost open container.
    ///
    /// - Throws: ``BusError`` with code ``BusError/Code-swift.struct/invalidValue`` when the
    ///   container is incomplete (a struct or dict entry missing fields, an empty variant), or
    ///   ``BusError/Code-swift.struct/invalidState`` when no container is open.
    public mutating func close() throws {
        guard let frame = frames.last else {
            throw BusError(
                code: .invalidState,
                name: .failed,
                message: "close() was called with no open container; every close() must match an open…() call"
            )
        }
        switch frame.kind {
        case .array:
            break
        case .variant:
            if frame.items != 1 {
                throw invalid("the variant was closed without a value; write exactly one value into it")
            }
        case .structure, .dictEntry:
            if let expected = frame.expected {
                if frame.position != expected.endIndex {
                    let missing = String(decoding: expected[frame.position...], as: UTF8.self)
                    throw invalid("the \(frame.kind.noun) was closed before its fields '\(missing)' were written")
                }
            } else {
                if frame.items == 0 {
                    throw invalid("the struct was closed without fields; D-Bus structs need at least one field")
                }
                try growBodySignature(by: 1, describe: "')'")
            }
        }
        frames.removeLast()
        let parent = stack.iterator(frames.count)
        let child = stack.iterator(frames.count + 1)
        guard dbus_message_iter_close_container(parent, child) != 0 else {
            throw LibDBus.outOfMemory("closing a \(frame.kind.noun)")
        }
    }

    /// Appends a byte array (`ay`) in one copy, however long (a PNG, a file); much faster than one
    /// ``append(_:)-(UInt8)`` per byte inside ``appendArray(of:_:)``.
    public mutating func append(bytes: [UInt8]) throws {
        try openArray(of: .byte)
        if !bytes.isEmpty {
            let iterator = current
            let appended = bytes.withUnsafeBufferPointer { buffer in
                var base: UnsafePointer<UInt8>? = buffer.baseAddress
                return withUnsafePointer(to: &base) {
                    dbus_message_iter_append_fixed_array(iterator, TypeCode.byte, $0, Int32(buffer.count))
                }
            }
            guard appended != 0 else {
                throw LibDBus.outOfMemory("appending \(bytes.count) bytes")
            }
        }
        try close()
    }

    /// Writes an array of `element`: opens it, runs `body` to append the elements, closes it.
    public mutating func appendArray(of element: Signature, _ body: (inout MessageWriter) throws -> Void) throws {
        try openArray(of: element)
        try body(&self)
        try close()
    }

    /// Writes a struct: opens it, runs `body` to append the fields, closes it.
    public mutating func appendStruct(_ body: (inout MessageWriter) throws -> Void) throws {
        try openStruct()
        try body(&self)
        try close()
    }

    /// Writes a dictionary `a{KV}`: opens the array, runs `body`, closes it. Inside `body`,
    /// write each entry with ``appendDictEntry(_:)``.
    public mutating func appendDictionary(
        key: Signature,
        value: Signature,
        _ body: (inout MessageWriter) throws -> Void
    ) throws {
        guard key.rawValue.utf8.count == 1, let code = key.rawValue.utf8.first, SignatureGrammar.isBasic(code) else {
            throw invalid("a dictionary key must be a basic type such as 's' or 'u', not '\(key)'")
        }
        guard value.isSingleCompleteType else {
            throw invalid("a dictionary value type must be exactly one complete type, not '\(value)'")
        }
        try openArray(of: Signature(uncheckedComposite: "{" + key.rawValue + value.rawValue + "}"))
        try body(&self)
        try close()
    }

    /// Writes one dict entry: opens it, runs `body` to append key and value, closes it.
    public mutating func appendDictEntry(_ body: (inout MessageWriter) throws -> Void) throws {
        try openDictEntry()
        try body(&self)
        try close()
    }

    /// Writes a variant holding one value of type `contents`, appended by `body`.
    public mutating func appendVariant(containing contents: Signature, _ body: (inout MessageWriter) throws -> Void)
        throws
    {
        try openVariant(containing: contents)
        try body(&self)
        try close()
    }

    // MARK: BusValue

    /// Appends any ``BusValue``, recursing into containers.
    ///
    /// - Throws: ``BusError`` with code ``BusError/Code-swift.struct/invalidValue`` when the value
    ///   does not fit where it is written, or is itself inconsistent (an array element that does
    ///   not match the array's element signature, a non-basic dictionary key, an empty struct).
    public mutating func append(_ value: BusValue) throws {
        switch value {
        case .byte(let v): try append(v)
        case .bool(let v): try append(v)
        case .int16(let v): try append(v)
        case .uint16(let v): try append(v)
        case .int32(let v): try append(v)
        case .uint32(let v): try append(v)
        case .int64(let v): try append(v)
        case .uint64(let v): try append(v)
        case .double(let v): try append(v)
        case .string(let v): try append(v)
        case .objectPath(let v): try append(v)
        case .signature(let v): try append(v)
        case .unixFD(let v): try append(unixFD: v)
        case .array(let element, let elements):
            try openArray(of: element)
            for element in elements {
                try append(element)
            }
            try close()
        case .dictionary(let key, let valueType, let entries):
            try appendDictionary(key: key, value: valueType) { writer in
                for entry in entries {
                    try writer.openDictEntry()
                    try writer.append(entry.key)
                    try writer.append(entry.value)
                    try writer.close()
                }
            }
        case .structure(let fields):
            try openStruct()
            for field in fields {
                try append(field)
            }
            try close()
        case .variant(let inner):
            let contents: Signature
            do {
                contents = try Signature(inner.signature.rawValue)
            } catch let error as BusError {
                throw invalid("the value inside a variant has an invalid type: \(error.message)")
            }
            try openVariant(containing: contents)
            try append(inner)
            try close()
        }
    }

    /// Appends each value in order.
    public mutating func append(contentsOf values: [BusValue]) throws {
        for value in values {
            try append(value)
        }
    }

    // MARK: Bookkeeping

    /// Throws unless every opened container was closed. Used by the APIs that own the writer.
    func finish() throws {
        if let frame = frames.last {
            throw BusError(
                code: .invalidState,
                name: .failed,
                message: "the writer finished with \(frames.count) container(s) still open (innermost: "
                    + "\(frame.kind.noun)); call close() for every open…() call"
            )
        }
    }

    /// Abandons open containers after a failure so libdbus releases their state.
    mutating func abandonOpenContainers() {
        while !frames.isEmpty {
            frames.removeLast()
            let parent = stack.iterator(frames.count)
            let child = stack.iterator(frames.count + 1)
            dbus_message_iter_abandon_container_if_open(parent, child)
        }
    }

    private func invalid(_ message: String) -> BusError {
        BusError(code: .invalidValue, name: .invalidArgs, message: message)
    }

    private mutating func growBodySignature(by count: Int, describe: @autoclosure () -> String) throws {
        bodySignatureLength += count
        if bodySignatureLength > SignatureGrammar.maximumLength {
            throw invalid(
                "writing \(describe()) makes the message signature \(bodySignatureLength) bytes long; "
                    + "the limit is 255, so pass fewer arguments or group them in arrays"
            )
        }
    }

    /// The number of free (signature-building) structs around the current position.
    private var freeStructDepth: Int {
        frames.count
    }

    private mutating func admitBasic(_ code: Int32) throws {
        let byte = UInt8(truncatingIfNeeded: code)
        guard var frame = frames.last else {
            try growBodySignature(by: 1, describe: TypeCode.describe(code))
            return
        }
        guard let expected = frame.expected else {
            try growBodySignature(by: 1, describe: TypeCode.describe(code))
            frames[frames.count - 1].items += 1
            return
        }
        try checkRoom(frame, expected)
        guard expected[frame.position] == byte else {
            throw mismatch(frame, expected, attempted: TypeCode.describe(code))
        }
        frame.position += 1
        frame.items += 1
        if frame.kind == .array && frame.position == expected.endIndex {
            frame.position = expected.startIndex
        }
        frames[frames.count - 1] = frame
    }

    /// Checks that a container of `completeSignature` may start here and advances past it.
    private mutating func admitContainer(code: UInt8, completeSignature: [UInt8], describe: String) throws {
        if frames.count + 1 >= IteratorStack.maximumLevels - 1 {
            throw invalid("opening \(describe) nests values more than 64 containers deep, the D-Bus limit")
        }
        guard var frame = frames.last, let expected = frame.expected else {
            // A free position: the container's type becomes part of the body signature.
            try growBodySignature(by: completeSignature.count, describe: describe)
            let analysis = SignatureGrammar.analyze(completeSignature)
            if let problem = analysis.problem {
                throw invalid("writing \(describe) is impossible: \(problem)")
            }
            if analysis.structs + freeStructDepth > SignatureGrammar.maximumDepth {
                throw invalid("writing \(describe) nests the message signature deeper than the D-Bus limit of 32")
            }
            if !frames.isEmpty {
                frames[frames.count - 1].items += 1
            }
            return
        }
        try checkRoom(frame, expected)
        let end = SignatureGrammar.endOfCompleteType(in: expected, from: frame.position)
        guard expected[frame.position..<end].elementsEqual(completeSignature) else {
            throw mismatch(frame, expected, attempted: describe)
        }
        frame.position = end
        frame.items += 1
        if frame.kind == .array && frame.position == expected.endIndex {
            frame.position = expected.startIndex
        }
        frames[frames.count - 1] = frame
    }

    /// Admits a struct or dict entry and returns the field types it must contain (`nil` when free).
    private mutating func admitStructLike(kind: Frame.Kind) throws -> ArraySlice<UInt8>? {
        let open = kind == .structure ? UInt8(ascii: "(") : UInt8(ascii: "{")
        if frames.count + 1 >= IteratorStack.maximumLevels - 1 {
            throw invalid("opening a \(kind.noun) nests values more than 64 containers deep, the D-Bus limit")
        }
        guard var frame = frames.last, let expected = frame.expected else {
            try growBodySignature(by: 1, describe: "'('")
            if freeStructDepth + 1 > SignatureGrammar.maximumDepth {
                throw invalid("opening a struct nests the message signature more than 32 structs deep")
            }
            if !frames.isEmpty {
                frames[frames.count - 1].items += 1
            }
            return nil
        }
        try checkRoom(frame, expected)
        guard expected[frame.position] == open else {
            throw mismatch(frame, expected, attempted: kind == .structure ? "struct ('(…)')" : "dict entry ('{…}')")
        }
        let end = SignatureGrammar.endOfCompleteType(in: expected, from: frame.position)
        let inner = expected[(frame.position + 1)..<(end - 1)]
        frame.position = end
        frame.items += 1
        if frame.kind == .array && frame.position == expected.endIndex {
            frame.position = expected.startIndex
        }
        frames[frames.count - 1] = frame
        return inner
    }

    private func checkRoom(_ frame: Frame, _ expected: ArraySlice<UInt8>) throws {
        if frame.position == expected.endIndex {
            if frame.kind == .variant {
                throw invalid("a variant holds exactly one value; close it before writing more")
            }
            throw invalid(
                "the \(frame.kind.noun) of type '\(String(decoding: expected, as: UTF8.self))' is complete; "
                    + "close it before writing more values"
            )
        }
    }

    private func mismatch(_ frame: Frame, _ expected: ArraySlice<UInt8>, attempted: String) -> BusError {
        let end = SignatureGrammar.endOfCompleteType(in: expected, from: frame.position)
        let wanted = String(decoding: expected[frame.position..<end], as: UTF8.self)
        let container = String(decoding: expected, as: UTF8.self)
        let place: String
        switch frame.kind {
        case .array: place = "element of an array of '\(container)'"
        case .variant: place = "value of a variant of '\(container)'"
        case .structure: place = "field \(frame.items + 1) of a struct '(\(container))'"
        case .dictEntry: place = frame.items == 0 ? "key of a dict entry '{\(container)}'" : "value of a dict entry '{\(container)}'"
        }
        return invalid("cannot write \(attempted) as the \(place): the type there is '\(wanted)'")
    }

    private mutating func open(_ code: Int32, containedSignature: String?) throws {
        let parent = stack.iterator(frames.count)
        let child = stack.iterator(frames.count + 1)
        let opened: dbus_bool_t
        if let containedSignature {
            opened = containedSignature.withCString { dbus_message_iter_open_container(parent, code, $0, child) }
        } else {
            opened = dbus_message_iter_open_container(parent, code, nil, child)
        }
        guard opened != 0 else {
            throw LibDBus.outOfMemory("opening a \(TypeCode.describe(code))")
        }
    }
}
