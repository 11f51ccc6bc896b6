internal import CSDL2
import SceneCore
import SceneRender

/// One desktop window on the display thread: the SDL window, its pixels (SDL's window surface, which
/// keeps them between frames), and the finger dots drawn over them. Confined to the display thread.
final class SDLWindow {
    let id: DisplayWindowID
    let window: OpaquePointer
    let sdlID: UInt32
    /// The content size in points (= pixels: SDL2 windows are not scaled on X11, and are created
    /// without high-DPI on Wayland).
    private(set) var size: Size
    private(set) var isVisible: Bool

    /// The dots drawn now and the pixels under them.
    private var dots: [(box: SDL_Rect, saved: [UInt8])] = []
    /// Where dots should be.
    private var wantedDots: [Point] = []
    private var dotsChanged = false

    /// Dot radius in pixels: a fingertip at 1 pixel per point.
    static let dotRadius = 11.0

    init?(id: DisplayWindowID, title: String, frame: Rect, visible: Bool) {
        let width = Int32(max(1, frame.width.rounded()))
        let height = Int32(max(1, frame.height.rounded()))
        let x = frame.minX.isFinite ? Int32(clamping: Int(frame.minX.rounded())) : csdl_windowpos_undefined()
        let y = frame.minY.isFinite ? Int32(clamping: Int(frame.minY.rounded())) : csdl_windowpos_undefined()
        let flags = SDL_WINDOW_HIDDEN.rawValue | SDL_WINDOW_RESIZABLE.rawValue
        guard let window = SDL_CreateWindow(title, x, y, width, height, flags) else { return nil }
        self.id = id
        self.window = window
        sdlID = SDL_GetWindowID(window)
        size = Size(width: Double(width), height: Double(height))
        isVisible = false
        clear()
        if visible { setVisible(true) }
    }

    deinit {
        SDL_DestroyWindow(window)
    }

    /// Where the window's content is on the desktop.
    var position: Point {
        var x: Int32 = 0, y: Int32 = 0
        SDL_GetWindowPosition(window, &x, &y)
        return Point(x: Double(x), y: Double(y))
    }

    func setVisible(_ visible: Bool) {
        guard visible != isVisible else { return }
        isVisible = visible
        if visible {
            SDL_ShowWindow(window)
        } else {
            SDL_HideWindow(window)
        }
    }

    func setTitle(_ title: String) {
        SDL_SetWindowTitle(window, title)
    }

    /// Brings the window forward and asks for the keyboard focus.
    func raise() {
        guard isVisible else { return }
        SDL_RaiseWindow(window)
        // Without a window manager nobody acts on the raise request's _NET_ACTIVE_WINDOW: set the
        // input focus directly (SDL's XSetInputFocus), which window managers also accept.
        _ = SDL_SetWindowInputFocus(window)
    }

    /// Asks for a content size of `size` points (rounded, at least 1 × 1). SDL reports the size the
    /// window got as a size change (``sizeChanged()``), now or when the windowing system answers.
    func resize(to size: Size) {
        let width = Self.pixels(size.width), height = Self.pixels(size.height)
        guard width != Int32(self.size.width) || height != Int32(self.size.height) else { return }
        SDL_SetWindowSize(window, width, height)
    }

    /// The sizes the user may drag the content to. SDL wants a finite maximum: an unbounded one is
    /// the largest X11 window, 32767. Equal limits make the window not resizable.
    func setSizeLimits(minimum: Size, maximum: Size) {
        let minWidth = Self.pixels(minimum.width), minHeight = Self.pixels(minimum.height)
        let maxWidth = max(minWidth, Self.pixels(maximum.width)), maxHeight = max(minHeight, Self.pixels(maximum.height))
        SDL_SetWindowMinimumSize(window, minWidth, minHeight)
        SDL_SetWindowMaximumSize(window, maxWidth, maxHeight)
        SDL_SetWindowResizable(window, minWidth == maxWidth && minHeight == maxHeight ? SDL_FALSE : SDL_TRUE)
    }

    /// Points to whole pixels for SDL: rounded, from 1 to 32767 (infinity and NaN: 32767).
    static func pixels(_ points: Double) -> Int32 {
        guard points.isFinite else { return 32767 }
        return Int32(min(32767, max(1, points.rounded())))
    }

    /// The window's size changed (a window manager resized it): its surface is new.
    func sizeChanged() {
        var width: Int32 = 0, height: Int32 = 0
        SDL_GetWindowSize(window, &width, &height)
        size = Size(width: Double(width), height: Double(height))
        dots = []
        dotsChanged = !wantedDots.isEmpty
    }

    /// Repaints what the window surface holds (after an expose).
    func repaint() {
        _ = SDL_UpdateWindowSurface(window)
    }

    /// Draws the pointer's fingers at `locations` (window points) from the next ``present(_:)`` on.
    func showFingers(_ locations: [Point]) {
        guard locations != wantedDots else { return }
        wantedDots = locations
        dotsChanged = true
    }

    /// Whether ``present(_:)`` has something to do without a frame.
    var needsPresent: Bool { dotsChanged }

    /// Copies the damaged pixels of `frame` into the window, redraws the dots, and presents what
    /// changed. Returns whether pixels of a frame were presented.
    @discardableResult
    func present(_ frame: DisplayChannel.PendingFrame?) -> Bool {
        guard let surface = SDL_GetWindowSurface(window) else { return false }
        var updates: [SDL_Rect] = []
        SDL_LockSurface(surface)
        restoreUnderDots(surface, into: &updates)
        SDL_UnlockSurface(surface)
        var presentedFrame = false
        if let frame {
            presentedFrame = blit(frame, to: surface, into: &updates)
        }
        SDL_LockSurface(surface)
        drawDots(surface, into: &updates)
        SDL_UnlockSurface(surface)
        dotsChanged = false
        if !updates.isEmpty {
            _ = SDL_UpdateWindowSurfaceRects(window, updates, Int32(updates.count))
        }
        return presentedFrame
    }

    // MARK: Pixels

    private func clear() {
        guard let surface = SDL_GetWindowSurface(window) else { return }
        _ = SDL_FillRect(surface, nil, SDL_MapRGB(surface.pointee.format, 0, 0, 0))
    }

    /// Copies the frame's damaged rectangles (ARGB8888, the renderer's layout) into the surface,
    /// converting to the surface's format.
    private func blit(_ frame: DisplayChannel.PendingFrame, to surface: UnsafeMutablePointer<SDL_Surface>, into updates: inout [SDL_Rect]) -> Bool {
        let image = frame.image
        return image.withUnsafeBytes { bytes -> Bool in
            guard let base = bytes.baseAddress,
                // SDL only reads a blit's source; the frame's memory is never written (PixelImage is immutable).
                let source = SDL_CreateRGBSurfaceWithFormatFrom(
                    UnsafeMutableRawPointer(mutating: base), Int32(image.width), Int32(image.height), 32, Int32(image.bytesPerRow),
                    SDL_PIXELFORMAT_ARGB8888.rawValue)
            else { return false }
            defer { SDL_FreeSurface(source) }
            _ = SDL_SetSurfaceBlendMode(source, SDL_BLENDMODE_NONE)
            var copied = false
            for rect in frame.damage where !rect.isEmpty {
                var from = SDL_Rect(x: Int32(rect.x), y: Int32(rect.y), w: Int32(rect.width), h: Int32(rect.height))
                var to = from
                if SDL_UpperBlit(source, &from, surface, &to) == 0 {
                    updates.append(to)
                    copied = true
                }
            }
            return copied
        }
    }

    private func restoreUnderDots(_ surface: UnsafeMutablePointer<SDL_Surface>, into updates: inout [SDL_Rect]) {
        guard dotsChanged || !dots.isEmpty else { return }
        let pitch = Int(surface.pointee.pitch)
        guard let pixels = surface.pointee.pixels else { return }
        for dot in dots.reversed() {
            let rowBytes = Int(dot.box.w) * 4
            dot.saved.withUnsafeBytes { saved in
                for row in 0..<Int(dot.box.h) {
                    let target = pixels + (Int(dot.box.y) + row) * pitch + Int(dot.box.x) * 4
                    target.copyMemory(from: saved.baseAddress! + row * rowBytes, byteCount: rowBytes)
                }
            }
            updates.append(dot.box)
        }
        dots = []
    }

    /// Saves the pixels under each wanted dot, then draws it: a translucent grey disc with a darker
    /// rim, as the iOS Simulator shows its fingers. 32-bit surfaces only (X11 and Wayland's are).
    private func drawDots(_ surface: UnsafeMutablePointer<SDL_Surface>, into updates: inout [SDL_Rect]) {
        guard !wantedDots.isEmpty, let format = surface.pointee.format, format.pointee.BytesPerPixel == 4,
            let pixels = surface.pointee.pixels
        else { return }
        let pitch = Int(surface.pointee.pitch)
        let width = Int(surface.pointee.w), height = Int(surface.pointee.h)
        let radius = SDLWindow.dotRadius
        for center in wantedDots {
            let x0 = max(0, Int((center.x - radius).rounded(.down))), y0 = max(0, Int((center.y - radius).rounded(.down)))
            let x1 = min(width, Int((center.x + radius).rounded(.up)) + 1), y1 = min(height, Int((center.y + radius).rounded(.up)) + 1)
            guard x1 > x0, y1 > y0 else { continue }
            let box = SDL_Rect(x: Int32(x0), y: Int32(y0), w: Int32(x1 - x0), h: Int32(y1 - y0))
            let rowBytes = (x1 - x0) * 4
            var saved = [UInt8](repeating: 0, count: rowBytes * (y1 - y0))
            saved.withUnsafeMutableBytes { buffer in
                for row in 0..<(y1 - y0) {
                    (buffer.baseAddress! + row * rowBytes).copyMemory(from: pixels + (y0 + row) * pitch + x0 * 4, byteCount: rowBytes)
                }
            }
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let distance = ((Double(x) + 0.5 - center.x) * (Double(x) + 0.5 - center.x) + (Double(y) + 0.5 - center.y) * (Double(y) + 0.5 - center.y)).squareRoot()
                    guard distance <= radius else { continue }
                    let (shade, alpha): (Double, Double) = distance >= radius - 1.5 ? (70, 0.85) : (200, 0.55)
                    let pointer = (pixels + y * pitch + x * 4).assumingMemoryBound(to: UInt32.self)
                    var r: UInt8 = 0, g: UInt8 = 0, b: UInt8 = 0
                    SDL_GetRGB(pointer.pointee, format, &r, &g, &b)
                    func mix(_ channel: UInt8) -> UInt8 { UInt8((Double(channel) * (1 - alpha) + shade * alpha).rounded()) }
                    pointer.pointee = SDL_MapRGB(format, mix(r), mix(g), mix(b))
                }
            }
            dots.append((box, saved))
            updates.append(box)
        }
    }
}
