/// Descriptions of the standard interfaces DBusKit and libdbus answer for exported objects,
/// used for introspection. Their methods are `.builtin`: dispatch handles them directly.
enum StandardInterfaces {
    static let peer = InterfaceDescription(
        .peer,
        methods: [
            .builtin("Ping"),
            .builtin("GetMachineId", outputs: [ArgumentDescription("machine_uuid", .string)]),
        ]
    )

    static let introspectable = InterfaceDescription(
        .introspectable,
        methods: [.builtin("Introspect", outputs: [ArgumentDescription("xml_data", .string)])]
    )

    static let properties = InterfaceDescription(
        .properties,
        methods: [
            .builtin(
                "Get",
                inputs: [ArgumentDescription("interface_name", .string), ArgumentDescription("property_name", .string)],
                outputs: [ArgumentDescription("value", .variant)]
            ),
            .builtin(
                "GetAll",
                inputs: [ArgumentDescription("interface_name", .string)],
                outputs: [ArgumentDescription("properties", "a{sv}")]
            ),
            .builtin(
                "Set",
                inputs: [
                    ArgumentDescription("interface_name", .string), ArgumentDescription("property_name", .string),
                    ArgumentDescription("value", .variant),
                ]
            ),
        ],
        signals: [
            SignalDescription(
                "PropertiesChanged",
                arguments: [
                    ArgumentDescription("interface_name", .string),
                    ArgumentDescription("changed_properties", "a{sv}"),
                    ArgumentDescription("invalidated_properties", "as"),
                ]
            )
        ]
    )

    static let objectManager = InterfaceDescription(
        .objectManager,
        methods: [
            .builtin("GetManagedObjects", outputs: [ArgumentDescription("object_paths_interfaces_and_properties", "a{oa{sa{sv}}}")])
        ],
        signals: [
            SignalDescription(
                "InterfacesAdded",
                arguments: [
                    ArgumentDescription("object_path", .objectPath),
                    ArgumentDescription("interfaces_and_properties", "a{sa{sv}}"),
                ]
            ),
            SignalDescription(
                "InterfacesRemoved",
                arguments: [ArgumentDescription("object_path", .objectPath), ArgumentDescription("interfaces", "as")]
            ),
        ]
    )

    /// Interface names that applications may not export themselves.
    static let reservedNames: Set<InterfaceName> = [.peer, .introspectable, .properties, .objectManager]

    /// The standard interfaces answered at a path: `Peer` and `Introspectable` everywhere,
    /// `Properties` where an object is exported, `ObjectManager` where a manager was added.
    static func available(object: Bool, manager: Bool) -> [InterfaceDescription] {
        var descriptions = [peer, introspectable]
        if object {
            descriptions.append(properties)
        }
        if manager {
            descriptions.append(objectManager)
        }
        return descriptions
    }
}
