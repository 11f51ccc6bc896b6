import DBusKit
import Testing

@Suite("Exported methods", .tags(.needsBus))
@MainActor
final class MethodCallTests: ServerAndClient {
    override init() async throws {
        try await super.init()
        try server.export(service, at: TestService.path)
    }

    func call(
        _ member: MemberName, _ arguments: [BusValue] = [], interface: InterfaceName? = TestService.interfaceName,
        path: ObjectPath = TestService.path, timeout: Duration = .seconds(20)
    ) async throws -> BusMessage {
        try await client.call(
            destination: server.uniqueName, path: path, interface: interface, member: member, arguments: arguments,
            timeout: timeout)
    }

    func error(
        _ member: MemberName, _ arguments: [BusValue] = [], interface: InterfaceName? = TestService.interfaceName,
        path: ObjectPath = TestService.path, timeout: Duration = .seconds(20)
    ) async throws -> BusError {
        try await bus.expectError(
            from: client, destination: server.uniqueName, path: path, interface: interface, member: member,
            arguments: arguments, timeout: timeout)
    }

    @Test("A method call returns the handler's values")
    func reply() async throws {
        #expect(try await call("Add", [.int32(40), .int32(2)]).arguments == [.int32(42)])
    }

    @Test("A writer handler's reply reaches the caller, and the handler sees sender and path")
    func writerReply() async throws {
        let echo = try await call("Echo", [.uint32(7), .double(1), .double(2)])
        #expect(echo.arguments == [.uint64(7), .objectPath("/org/example/Test/window/1"), .string("moved")])
        let who = try await call("WhoAmI")
        #expect(who.arguments == [.string(client.uniqueName!.rawValue), .objectPath(TestService.path)])
    }

    @Test("A call without an interface finds the method in the object's interfaces")
    func noInterface() async throws {
        #expect(try await call("Add", [.int32(1), .int32(1)], interface: nil).arguments == [.int32(2)])
    }

    @Test("An error thrown by a handler reaches the caller with its name and message")
    func errorReply() async throws {
        let error = try await error("Fail", [.string("no, because the window is closed")])
        #expect(error.code == .remote)
        #expect(error.name == "org.example.Test1.Error.Refused")
        #expect(error.message == "no, because the window is closed")
    }

    @Test("A non-BusError thrown by a handler becomes Failed with its description")
    func otherError() async throws {
        let error = try await error("Crash")
        #expect(error.name == .failed)
        #expect(error.message == "boom went the handler")
    }

    @Test("Arguments of the wrong signature are refused with InvalidArgs naming both signatures")
    func invalidArguments() async throws {
        let error = try await error("Add", [.string("forty"), .int32(2)])
        #expect(error.name == .invalidArgs)
        #expect(error.message.contains("'ii'"))
        #expect(error.message.contains("'si'"))
    }

    @Test("A reply that does not match the declared outputs becomes Failed naming both signatures")
    func lyingHandler() async throws {
        let error = try await error("Lie")
        #expect(error.name == .failed)
        #expect(error.message.contains("'u'") && error.message.contains("'s'"))
    }

    @Test("Unknown methods, interfaces and objects get the standard errors")
    func unknownTargets() async throws {
        let method = try await error("Nope")
        #expect(method.name == .unknownMethod)
        #expect(method.message.contains("Nope"))
        let interface = try await error("Add", [.int32(1), .int32(1)], interface: "org.example.Other1")
        #expect(interface.name == .unknownInterface)
        #expect(interface.message.contains("org.example.Other1"))
        let object = try await error("Add", [.int32(1), .int32(1)], path: "/org/example/Missing")
        #expect(object.name == .unknownObject)
        #expect(object.message.contains("/org/example/Missing"))
    }

    @Test("A deferred reply is answered later, after other calls were served")
    func deferredReply() async throws {
        // The reply's timeout is far above any stall: this tests order, and a sanitized test process
        // beside a busy core has kept its main thread away for over 20 s (run Q1).
        let later = Task { @MainActor in try await call("Later", [.uint32(5)], timeout: .seconds(600)).arguments }
        let replies = try await service.deferred.wait(for: 1, "deferred calls")
        #expect(try await call("Add", [.int32(2), .int32(3)]).arguments == [.int32(5)])
        let value = try replies[0].call.read { try $0.readUInt32() }
        replies[0].reply([.uint32(value * 10)])
        #expect(replies[0].isAnswered)
        #expect(try await later.value == [.uint32(50)])
    }

    @Test("A deferred reply can fail the call")
    func deferredFailure() async throws {
        let later = Task { @MainActor in try await bus.expectError(from: client, destination: server.uniqueName, path: TestService.path, interface: TestService.interfaceName, member: "Later", arguments: [.uint32(1)]) }
        let replies = try await service.deferred.wait(for: 1, "deferred calls")
        replies[0].fail(BusError.notSupported("not today"))
        let error = try await later.value
        #expect(error.name == .notSupported)
        #expect(error.message == "not today")
    }

    @Test("A deferred reply dropped without an answer fails the call instead of letting it time out")
    func droppedReply() async throws {
        let error = try await error("Drop")
        #expect(error.name == .failed)
        #expect(error.message.contains("dropped its deferred reply"))
    }

    @Test("An async handler replies when it finishes, while other calls are served")
    func asyncHandler() async throws {
        let waiting = Task { @MainActor in try await call("Wait").arguments }
        _ = try await call("Open", [.uint32(77)])
        #expect(try await waiting.value == [.uint32(77)])
    }

    @Test("A call that gets no reply in time fails with NoReply naming the member and the timeout")
    func timeout() async throws {
        let error = try await error("Later", [.uint32(1)], timeout: .milliseconds(200))
        #expect(error.code == .timedOut)
        #expect(error.name == .noReply)
        #expect(error.message.contains("org.example.Test1.Later"))
        #expect(error.message.contains("0.2 seconds"))
        let pending = try await service.deferred.wait(for: 1, "deferred calls")
        pending[0].reply([.uint32(1)])
    }

    @Test("A blocking call to an object in the same process times out; the async call is the way")
    func blockingSelfCallTimesOut() throws {
        #expect {
            try client.callBlocking(
                destination: server.uniqueName, path: TestService.path, interface: TestService.interfaceName,
                member: "Add", arguments: [.int32(1), .int32(2)], timeout: .milliseconds(200))
        } throws: { error in
            (error as! BusError).code == .timedOut
        }
    }

    @Test("Cancelling the calling task ends the call with a cancelled error")
    func cancellation() async throws {
        let later = Task { @MainActor in
            try await call("Later", [.uint32(1)], timeout: .seconds(60)).arguments
        }
        _ = try await service.deferred.wait(for: 1, "deferred calls")
        later.cancel()
        await #expect {
            _ = try await later.value
        } throws: { error in
            (error as! BusError).code == .cancelled
        }
    }

    @Test("A no-reply method runs its handler and sends nothing back")
    func noReply() async throws {
        let message = BusMessage.methodCall(
            destination: server.uniqueName, path: TestService.path, interface: TestService.interfaceName, member: "Notify")
        message.noReplyExpected = true
        try message.append([.uint32(9)])
        try client.send(message)
        #expect(try await service.noReplyCalls.wait(for: 1, "Notify calls") == [9])
    }

    @Test("Unexporting an object makes calls fail with UnknownObject")
    func unexport() async throws {
        let registration = try server.export(
            [InterfaceDescription("org.example.Temp1", methods: [.method("Hi") { _ in [] }])], at: "/org/example/Temp")
        _ = try await call("Hi", interface: "org.example.Temp1", path: "/org/example/Temp")
        registration.unexport()
        #expect(!registration.isExported)
        #expect(try await error("Hi", interface: "org.example.Temp1", path: "/org/example/Temp").name == .unknownObject)
    }

    @Test("Exporting an interface twice at one path, or a standard interface, is refused")
    func exportConflicts() throws {
        #expect {
            try server.export(service, at: TestService.path)
        } throws: { error in
            (error as! BusError).code == .alreadyExported
        }
        #expect {
            try server.export([InterfaceDescription(.properties)], at: "/org/example/X")
        } throws: { error in
            (error as! BusError).code == .invalidArguments
        }
    }

    @Test("Hundreds of objects can be exported and unexported at run time")
    func manyObjects() async throws {
        var registrations: [ObjectRegistration] = []
        for index in 0..<500 {
            registrations.append(
                try server.export(
                    [InterfaceDescription("org.example.Window1", methods: [
                        .method("Index", outputs: [.init("index", .uint32)]) { _ in [.uint32(UInt32(index))] }
                    ])],
                    at: try ObjectPath("/org/example/window").appending(String(index))))
        }
        for index in [0, 250, 499] {
            let reply = try await call("Index", interface: "org.example.Window1", path: try ObjectPath("/org/example/window").appending(String(index)))
            #expect(reply.arguments == [.uint32(UInt32(index))])
        }
        registrations.forEach { $0.unexport() }
        #expect(try await error("Index", interface: "org.example.Window1", path: "/org/example/window/250").name == .unknownObject)
    }

    @Test("A subtree answers paths below its prefix through its resolver")
    func subtree() async throws {
        try server.exportSubtree(at: "/org/example/scene") { path in
            guard let last = path.elements.last, last.hasPrefix("w") else { return nil }
            return [InterfaceDescription("org.example.Window1", methods: [
                .method("Path", outputs: [.init("path", .objectPath)]) { call in [.objectPath(call.path)] }
            ])]
        }
        let reply = try await call("Path", interface: "org.example.Window1", path: "/org/example/scene/w12")
        #expect(reply.arguments == [.objectPath("/org/example/scene/w12")])
        #expect(try await error("Path", interface: "org.example.Window1", path: "/org/example/scene/x1").name == .unknownObject)
    }

    @Test("The server keeps serving after a client disconnects in the middle of a call")
    func clientDisconnectsMidCall() async throws {
        let leaving = try await bus.connect()
        let abandoned = Task { @MainActor in
            _ = try await leaving.call(
                destination: server.uniqueName, path: TestService.path, interface: TestService.interfaceName,
                member: "Later", arguments: [.uint32(1)], timeout: .seconds(60))
        }
        let pending = try await service.deferred.wait(for: 1, "deferred calls")
        leaving.close()
        await #expect(throws: BusError.self) { try await abandoned.value }
        pending[0].reply([.uint32(1)])
        #expect(try await call("Add", [.int32(1), .int32(1)]).arguments == [.int32(2)])
    }
}
