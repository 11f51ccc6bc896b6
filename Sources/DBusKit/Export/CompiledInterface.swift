/// A method with its signatures precomputed for dispatch.
struct CompiledMethod: Sendable {
    let description: MethodDescription
    let interface: InterfaceName
    let inputSignature: String
    let outputSignature: String
    let outputTypes: [Signature]

    init(_ description: MethodDescription, interface: InterfaceName) {
        self.description = description
        self.interface = interface
        self.inputSignature = description.inputSignature.rawValue
        self.outputSignature = description.outputSignature.rawValue
        self.outputTypes = description.outputs.map(\.signature)
    }

    var label: String {
        "\(interface).\(description.name)"
    }

    /// The problem with `values` as this method's reply, or `nil` when they match the
    /// declared outputs.
    func replyProblem(_ values: [BusValue]) -> String? {
        var matches = values.count == outputTypes.count
        if matches {
            for (value, type) in zip(values, outputTypes) where value.signature != type {
                matches = false
                break
            }
        }
        if matches {
            return nil
        }
        let actual = values.map(\.signature.rawValue).joined()
        return replyProblem(actualSignature: actual)
    }

    func replyProblem(actualSignature: String) -> String? {
        guard actualSignature != outputSignature else {
            return nil
        }
        return "the handler of \(label) replied with signature '\(actualSignature)' but the interface "
            + "declares '\(outputSignature)'; fix the handler or the method's outputs"
    }
}

/// An object's interface tables prepared for dispatch once, so that a subtree resolver
/// (``BusConnection/exportSubtree(at:resolveCompiled:)``) can keep them and answer every call to
/// the same object without describing and indexing its interfaces again.
public final class CompiledInterfaces: Sendable {
    let interfaces: [CompiledInterface]

    /// Indexes the members of `descriptions` (the same work an export does).
    public init(_ descriptions: [InterfaceDescription]) {
        interfaces = descriptions.map(CompiledInterface.init)
    }
}

/// An interface table prepared for dispatch: members indexed by name.
struct CompiledInterface: Sendable {
    let description: InterfaceDescription
    let methods: [MemberName: CompiledMethod]
    let properties: [MemberName: PropertyDescription]

    init(_ description: InterfaceDescription) {
        self.description = description
        var methods: [MemberName: CompiledMethod] = [:]
        for method in description.methods {
            methods[method.name] = CompiledMethod(method, interface: description.name)
        }
        self.methods = methods
        var properties: [MemberName: PropertyDescription] = [:]
        for property in description.properties {
            properties[property.name] = property
        }
        self.properties = properties
    }

    var name: InterfaceName {
        description.name
    }
}
