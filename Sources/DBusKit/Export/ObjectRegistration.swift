/// What one `export…` or ``BusConnection/addObjectManager(at:)`` call put on the bus; keep it
/// to take it off again with ``unexport()``.
///
/// The connection keeps the registration (and the exported object, if any) alive until
/// ``unexport()`` is called or the connection closes; dropping this handle does not unexport.
@MainActor
public final class ObjectRegistration {
    enum Kind {
        case object
        case subtree
        case objectManager
    }

    /// The object path, subtree prefix or object-manager path.
    public let path: ObjectPath
    /// The interfaces this registration added (empty for subtrees and object managers).
    public let interfaces: [InterfaceName]
    /// Whether the registration is still in effect.
    public private(set) var isExported = true
    let kind: Kind
    private weak var owner: (any DispatchHost)?
    private let object: (any ExportedObject)?

    init(path: ObjectPath, interfaces: [InterfaceName], kind: Kind, owner: any DispatchHost, object: (any ExportedObject)?) {
        self.path = path
        self.interfaces = interfaces
        self.kind = kind
        self.owner = owner
        self.object = object
    }

    /// Removes the registration. For an object, calls to its interfaces are answered with
    /// `UnknownInterface` (other registrations remain at the path) or `UnknownObject` (none
    /// remain) from now on, and every object manager above the path emits
    /// `InterfacesRemoved`. Calling it again does nothing.
    public func unexport() {
        guard isExported else {
            return
        }
        isExported = false
        owner?.unexport(self)
    }

    func markUnexported() {
        isExported = false
    }
}
