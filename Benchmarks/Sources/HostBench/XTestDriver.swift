import Foundation
import Glibc

/// The X server's test extension (XTest) driven directly, as `xdotool` does but without a process per
/// event: pointer motion and buttons injected into the real X input path (X server → SDL → host) at
/// a paced rate. libX11 and libXtst are opened at run time (`dlopen`), so the benchmark package needs
/// no X development headers; they come with xdotool's runtime (libxtst6).
final class XTestDriver {
    private typealias OpenDisplay = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    private typealias CloseDisplay = @convention(c) (OpaquePointer?) -> Int32
    private typealias Flush = @convention(c) (OpaquePointer?) -> Int32
    private typealias Sync = @convention(c) (OpaquePointer?, Int32) -> Int32
    private typealias FakeMotion = @convention(c) (OpaquePointer?, Int32, Int32, Int32, UInt) -> Int32
    private typealias FakeButton = @convention(c) (OpaquePointer?, UInt32, Int32, UInt) -> Int32

    private let display: OpaquePointer
    private let closeDisplay: CloseDisplay
    private let flush: Flush
    private let syncAll: Sync
    private let fakeMotion: FakeMotion
    private let fakeButton: FakeButton

    /// Connects to the X server `name` (`:N`).
    init(display name: String) throws {
        guard let x11 = dlopen("libX11.so.6", RTLD_NOW), let xtst = dlopen("libXtst.so.6", RTLD_NOW) else {
            throw BenchError("cannot open libX11.so.6 and libXtst.so.6 (install xdotool or libxtst6): \(String(cString: dlerror()))")
        }
        func symbol<T>(_ library: UnsafeMutableRawPointer, _ name: String, as type: T.Type) throws -> T {
            guard let address = dlsym(library, name) else { throw BenchError("\(name) is missing from the X libraries") }
            return unsafeBitCast(address, to: type)
        }
        let open = try symbol(x11, "XOpenDisplay", as: OpenDisplay.self)
        closeDisplay = try symbol(x11, "XCloseDisplay", as: CloseDisplay.self)
        flush = try symbol(x11, "XFlush", as: Flush.self)
        syncAll = try symbol(x11, "XSync", as: Sync.self)
        fakeMotion = try symbol(xtst, "XTestFakeMotionEvent", as: FakeMotion.self)
        fakeButton = try symbol(xtst, "XTestFakeButtonEvent", as: FakeButton.self)
        guard let display = open(name) else { throw BenchError("cannot connect to the X server \(name)") }
        self.display = display
    }

    deinit {
        _ = closeDisplay(display)
    }

    /// Moves the pointer to (x, y) on screen 0.
    func move(to x: Int, _ y: Int) {
        _ = fakeMotion(display, 0, Int32(x), Int32(y), 0)
        _ = flush(display)
    }

    /// Presses (`true`) or releases the left button.
    func button(_ pressed: Bool) {
        _ = fakeButton(display, 1, pressed ? 1 : 0, 0)
        _ = flush(display)
    }

    /// Waits until the X server has handled everything sent.
    func sync() {
        _ = syncAll(display, 0)
    }
}
