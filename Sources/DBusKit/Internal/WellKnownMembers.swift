internal import CDBus

/// Member names DBusKit matches on hot paths, validated once.
enum WellKnownMembers {
    static let disconnected = MemberName(unchecked: "Disconnected")
    static let nameLost = MemberName(unchecked: "NameLost")
    static let nameAcquired = MemberName(unchecked: "NameAcquired")
    static let nameOwnerChanged = MemberName(unchecked: "NameOwnerChanged")
    static let ping = MemberName(unchecked: "Ping")
    static let getMachineId = MemberName(unchecked: "GetMachineId")
    static let introspect = MemberName(unchecked: "Introspect")
    static let get = MemberName(unchecked: "Get")
    static let getAll = MemberName(unchecked: "GetAll")
    static let set = MemberName(unchecked: "Set")
    static let getManagedObjects = MemberName(unchecked: "GetManagedObjects")
    static let propertiesChanged = MemberName(unchecked: "PropertiesChanged")
    static let interfacesAdded = MemberName(unchecked: "InterfacesAdded")
    static let interfacesRemoved = MemberName(unchecked: "InterfacesRemoved")
    static let requestName = MemberName(unchecked: "RequestName")
    static let releaseName = MemberName(unchecked: "ReleaseName")
    static let addMatch = MemberName(unchecked: "AddMatch")
    static let removeMatch = MemberName(unchecked: "RemoveMatch")
    static let getNameOwner = MemberName(unchecked: "GetNameOwner")
    static let busPath = ObjectPath(unchecked: "/org/freedesktop/DBus")
}

extension BusMessage {
    /// Whether the bus daemon itself sent this message; compares in C without allocating.
    var isFromBus: Bool {
        dbus_message_has_sender(raw, "org.freedesktop.DBus") != 0
    }
}
