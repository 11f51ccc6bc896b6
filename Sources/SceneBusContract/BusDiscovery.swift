import DBusKit
import Foundation
import Glibc

/// Where a host that started its own private bus publishes the address, so that `scenectl` finds it
/// with no flags: `$XDG_RUNTIME_DIR/scenehost/bus-address`, or `/tmp/scenehost-<uid>/bus-address`
/// when `XDG_RUNTIME_DIR` is not set. The folder is private to the user (mode 0700).
public enum BusDiscovery {
    /// The file holding the private bus address.
    public static var addressFile: String {
        folder + "/bus-address"
    }

    private static var folder: String {
        if let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            return runtime + "/scenehost"
        }
        return "/tmp/scenehost-\(getuid())"
    }

    /// Publishes `address` (atomically replacing an older file).
    public static func publish(_ address: String) throws {
        let directory = folder
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            throw BusError.failed("cannot create \(directory) for the bus address: errno \(errno)")
        }
        let temporary = directory + "/bus-address.\(getpid())"
        try Data((address + "\n").utf8).write(to: URL(fileURLWithPath: temporary))
        guard rename(temporary, addressFile) == 0 else {
            throw BusError.failed("cannot publish the bus address in \(addressFile): errno \(errno)")
        }
    }

    /// The published address, if any.
    public static func publishedAddress() -> String? {
        guard let data = FileManager.default.contents(atPath: addressFile) else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// Removes the published address if it is still `address`.
    public static func withdraw(_ address: String) {
        guard publishedAddress() == address else { return }
        unlink(addressFile)
    }

    /// The session bus address from the environment, if set.
    public static var sessionBusAddress: String? {
        let value = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"]
        return value?.isEmpty == false ? value : nil
    }

    /// The address of the bus that started this process by D-Bus activation
    /// (`DBUS_STARTER_ADDRESS`, set by the bus daemon for the services it starts), if any.
    public static var starterBusAddress: String? {
        let value = ProcessInfo.processInfo.environment["DBUS_STARTER_ADDRESS"]
        return value?.isEmpty == false ? value : nil
    }
}
