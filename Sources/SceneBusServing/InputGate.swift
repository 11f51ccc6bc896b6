package import DBusKit
package import Logging

/// The input policy on one bus connection: turns the host's classified methods and properties
/// (``HostMethod``, ``HostProperty``) into the DBusKit descriptions it exports, so that every changing
/// call passes the policy before its handler runs.
///
/// What a changing method becomes depends on the policy, fixed when the gate is made:
/// - `input: open` without an allow list: the method exactly as declared (no cost on the input path);
/// - `input: read-only`: a method that answers `org.freedesktop.DBus.Error.AccessDenied` naming the
///   policy, without reading its arguments;
/// - an allow list: a deferred method that first finds out the caller's executable
///   (``CallerIdentification``: asked of the bus without blocking; answered at once when already
///   known) and then runs the handler or answers `AccessDenied` naming the executable.
///
/// Reading methods are exported as declared. Every method and writable property carries the
/// `org.scenehost.Access` annotation. One gate per connection: the host API's, the accessibility
/// bus's and the MPRIS player's each ask their own bus who a caller is.
@MainActor
package final class InputGate {
    let admission: InputAdmission
    private let logger: Logger
    /// Asks the bus of the first gated call (every call through one gate comes on one connection).
    private var identification: CallerIdentification?
    /// Says who sent a gated call that came without a bus connection (a call the host forwarded
    /// to a scene process identifies its caller as the host found it); nil: such a caller is
    /// unidentified.
    package var identifyForwardedCaller: (@MainActor (_ sender: String) -> InputAdmission.Caller)?

    /// - Parameter policy: the configured policy; its allowed executables are resolved here (links
    ///   followed), and ones that do not exist are logged.
    package init(policy: InputPolicy, logger: Logger) {
        self.logger = logger
        var allowed: [String] = []
        for path in policy.allowedExecutables {
            guard let resolved = ExecutablePath.resolved(path) else {
                logger.warning("input-allowed-executables: '\(path)' does not exist; no caller can match it")
                continue
            }
            allowed.append(resolved)
        }
        if !policy.allowedExecutables.isEmpty && allowed.isEmpty {
            // Keep the list non-empty so that nobody is admitted rather than everybody.
            allowed = policy.allowedExecutables
        }
        admission = InputAdmission(mode: policy.mode, allowedExecutables: allowed)
    }

    /// The description DBusKit exports for `method` of `interface`.
    package func describe(_ method: HostMethod, in interface: InterfaceName) -> MethodDescription {
        let annotations = [method.access.annotation]
        let member = "\(interface).\(method.name)"
        switch (method.access, admission.verdictWithoutCaller(member: member)) {
        case (.reads, _), (.changes, .admit):
            switch method.handler {
            case .values(let handler):
                return .method(method.name, inputs: method.inputs, outputs: method.outputs, annotations: annotations, handler: handler)
            case .writer(let handler):
                return .writingMethod(method.name, inputs: method.inputs, outputs: method.outputs, annotations: annotations, handler: handler)
            case .deferred(let handler):
                return .deferredMethod(method.name, inputs: method.inputs, outputs: method.outputs, annotations: annotations, handler: handler)
            }
        case (.changes, .refuse(let message)):
            let error = BusError(name: .accessDenied, message: message)
            return .method(method.name, inputs: method.inputs, outputs: method.outputs, annotations: annotations) { _ in throw error }
        case (.changes, nil):
            let handler = method.handler
            return .deferredMethod(method.name, inputs: method.inputs, outputs: method.outputs, annotations: annotations) {
                [weak self] call, reply in
                guard let self else {
                    reply.fail(BusError(name: .accessDenied, message: "\(member): the host is shutting down"))
                    return
                }
                self.identify(call) { caller in
                    if let error = self.admission.verdict(member: member, caller: caller).busError {
                        reply.fail(error)
                        return
                    }
                    Self.run(handler, call, reply)
                }
            }
        }
    }

    /// The description DBusKit exports for a writable property of `interface`: put it in the
    /// interface's `properties`, where it keeps its place among the read-only ones.
    package func property(_ property: HostProperty, of interface: InterfaceName) -> PropertyDescription {
        let setter = property.set
        let set: @MainActor @Sendable (BusValue) throws -> Void
        switch property.access {
        case .reads:
            set = setter
        case .changes:
            if let error = admission.verdictForPropertyWrite(member: "\(interface).\(property.name)").busError {
                set = { _ in throw error }
            } else {
                set = setter
            }
        }
        return PropertyDescription(
            property.name, signature: property.signature, changeBehavior: property.changeBehavior, annotations: [property.access.annotation],
            get: property.get, set: set)
    }

    /// Stops following the bus (shutdown).
    package func stop() {
        identification?.stop()
    }

    private func identify(_ call: MethodCall, completion: @escaping @MainActor (InputAdmission.Caller) -> Void) {
        guard let sender = call.sender?.rawValue else {
            completion(.unidentified(name: "(no sender)", reason: "the call came without a sender name"))
            return
        }
        guard let connection = call.connection else {
            completion(
                identifyForwardedCaller?(sender)
                    ?? .unidentified(name: sender, reason: "the call was forwarded without its caller's identity"))
            return
        }
        if identification == nil {
            identification = CallerIdentification(connection: connection, logger: logger)
        }
        identification?.identify(sender, completion: completion)
    }

    private static func run(_ handler: HostMethod.Handler, _ call: MethodCall, _ reply: DeferredReply) {
        switch handler {
        case .values(let body):
            do {
                reply.reply(try body(call))
            } catch {
                reply.fail(error)
            }
        case .writer(let body):
            reply.reply(writing: { writer in try body(call, &writer) })
        case .deferred(let body):
            body(call, reply)
        }
    }
}

extension InterfaceDescription {
    /// An interface of the host whose methods pass `gate`. A writable property must come from
    /// ``InputGate/property(_:of:)`` (which classifies it); any other writable one would bypass the
    /// policy, a programmer error that traps when the interface is built.
    @MainActor
    package init(
        _ name: InterfaceName, gate: InputGate, methods: [HostMethod] = [], signals: [SignalDescription] = [],
        properties: [PropertyDescription] = []
    ) {
        for property in properties where property.access != .read {
            precondition(
                property.annotations.contains { $0.name == MemberAccess.annotationName },
                "\(name).\(property.name) is writable: declare it with InputGate.property(_:of:) and its access")
        }
        self.init(name, methods: methods.map { gate.describe($0, in: name) }, signals: signals, properties: properties)
    }
}
