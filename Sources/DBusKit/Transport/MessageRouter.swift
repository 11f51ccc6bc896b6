internal import CDBus

/// The object libdbus calls for every incoming message (a connection filter), forwarding to
/// the owning ``BusConnection`` on the main actor.
///
/// libdbus retains one reference through the filter's free-data function. The router refers to
/// its connection weakly, so an unreferenced `BusConnection` can go away and remove the filter
/// in its deinitializer.
@MainActor
final class MessageRouter {
    weak var connection: BusConnection?
    private let connectionBits: UInt
    private var installed = false

    init(connection: OpaquePointer) {
        connectionBits = UInt(bitPattern: connection)
    }

    func install() throws {
        let data = Unmanaged.passRetained(self).toOpaque()
        guard dbus_connection_add_filter(OpaquePointer(bitPattern: connectionBits)!, routerFilter, data, routerRelease) != 0
        else {
            Unmanaged<MessageRouter>.fromOpaque(data).release()
            throw LibDBus.outOfMemory("installing the message filter")
        }
        installed = true
    }

    func uninstall() {
        guard installed else {
            return
        }
        installed = false
        dbus_connection_remove_filter(
            OpaquePointer(bitPattern: connectionBits)!, routerFilter, Unmanaged.passUnretained(self).toOpaque())
    }

    fileprivate func route(_ messageBits: UInt) -> Bool {
        guard let connection else {
            return false
        }
        let message = BusMessage(retaining: OpaquePointer(bitPattern: messageBits)!)
        return connection.handleIncoming(message)
    }
}

private let routerRelease: DBusFreeFunction = { data in
    guard let data else { return }
    Unmanaged<MessageRouter>.fromOpaque(data).release()
}

private let routerFilter: DBusHandleMessageFunction = { _, message, data in
    guard let message, let data else {
        return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
    }
    let router = Unmanaged<MessageRouter>.fromOpaque(data).takeUnretainedValue()
    let bits = UInt(bitPattern: message)
    let handled = MainActor.assumeIsolated { router.route(bits) }
    return handled ? DBUS_HANDLER_RESULT_HANDLED : DBUS_HANDLER_RESULT_NOT_YET_HANDLED
}
