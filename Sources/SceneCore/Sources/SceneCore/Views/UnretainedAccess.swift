/// SceneCore's unsafe code for speed, in one place: reading references without reference counting on
/// the hot paths of hit testing and touch delivery, and the rules that make that and the unchecked
/// exclusivity of hot fields safe. (Retains and releases, and the dynamic exclusivity checks, were
/// most of the cost of those paths; BENCHMARKS.md.)
///
/// Every unretained access in SceneCore goes through the helpers below: loading a reference field or
/// an array element as bits, turning bits back into a reference, and calling code with such a
/// reference. No other file casts bits to a reference. A call site says which invariant it relies on
/// by name, with the owner that keeps the object alive, e.g. `// Unretained (owner holds: the event
/// holds the touch)`; the invariants are written here once.
///
/// Where the sites are: hit testing (`View+HitTesting`, `View+Hierarchy`, and the screen's windows'
/// scenes in `Application+Touches`), a geometry change's superview and window (its child index in
/// `View+Geometry`, its layout marks up to the window in `View+Layout`, the window's damage tracking
/// in `View+Display`: read on every resized view of a layout) and
/// delivery
/// (`Window+TouchDelivery`: offering touches to recognizers, feeding them, planning the views'
/// callbacks; `View+TouchForwarding`: the responder chain) — the places where code outside SceneCore
/// runs while a reference is in use, so each site names its owner. The gesture arena
/// (`GestureArena*.swift`) also reads its members in place, through ``firstIndex(in:from:where:)``,
/// ``withElement(in:at:_:)``, ``containsIdentical(_:_:)`` and ``unretainedTouchPhase(_:_:)`` only: it
/// never runs code outside SceneCore, so its lists hold every member and touch for the whole of each
/// read, and its sites need no owner of their own. A recognizer finds its window, application and
/// clock through the helpers at the end of this file, which return retained references.
///
/// # Invariants
///
/// - **Owner holds.** An object read unretained is kept alive, for the whole time it is used, by an
///   owner the call site names: a superview its subviews, a scene its windows, the application its
///   scenes, an event its changed touches, an arena or a touch's append-only `gestureRecognizers`
///   list its recognizers, a recognizer its timer. When code outside SceneCore (an override, a
///   delegate, an action, an observer) can run while the reference is used, the owner must be one
///   that such code cannot make let go (the touch's list is append-only, the event keeps its changed
///   set through nested dispatches, the host keeps the application); otherwise the site retains the
///   object first, as an ordinary strong reference, and says so.
/// - **Main actor only.** Every object read this way is main-actor isolated, and so is every read:
///   no other thread can release it or write the field meanwhile. Between a read and the last use
///   of what it returned, only the code at the call site runs, and that code does not release the
///   owner's reference (the rule above).
/// - **Back links cleared.** The `unowned(unsafe)` back references (`View._superview`,
///   `View._viewController`, `Window._windowScene`, `WindowScene._application`,
///   `GestureRecognizer._view`, `ClockTimer.owner`, `DamageObserver.tracking`) point from an object to its owner, which holds
///   the object strongly. The owner clears the back link when it lets the object go and in its
///   deinit, so a non-nil back link always points to a live owner. They are `unowned(unsafe)`
///   because weak references give every container a side table, which makes each of its retains slow.
/// - **Short accesses.** A field marked `@exclusivity(unchecked)` is main-actor isolated, and no
///   access to it (a `mutating` call, an `inout` argument, a `modify`) is held across a call that
///   could reach the same field again: code outside SceneCore runs only between accesses, and the
///   helpers below take their `inout` arguments only to read them in place. So two accesses can
///   never overlap, which is all the dynamic check would catch.
///
/// # What remains unchecked, and why
///
/// Measured in release builds with `SceneBench dispatch --runs 5` and `SceneBench gestures --runs 5`,
/// each candidate against the build without it, run back to back (BENCHMARKS.md, "SceneCore's unsafe
/// code in one file"), and by counting the `swift_beginAccess` calls a checked field adds to the
/// functions that run per touch event (`objdump -d` of the release `libSceneCore.so`):
///
/// - `View`: `_frameOrigin`, `_bounds`, `_transform`, `_flags`, `_superview`, `_subviews`,
///   `_childIndex`, `_viewController`, `_gestureRecognizers`; `ChildHitIndex`: all ten fields — read
///   on every level of a hit test or of the responder walk (a checked `_transform` adds two retains
///   to `hitTestSubviews`).
/// - `Touch`: all ten mutable fields; `Event`: `timestamp`, `liveTouches`, `changedTouches`,
///   `takesShortcuts`; `Window`: `_windowScene`, `deliveryTouches`, `gestureArena`;
///   `WindowScene._application`; `Application.observers` — per delivery. Checking `Event.timestamp`
///   and `Application.observers` along with the cold fields below cost 4 % of the dispatch ratio
///   (5.26× → 5.03×); the cold fields alone, 0.6 % (noise).
/// - `GestureRecognizer`: `_state`, `requestedState`, `trackedTouches`, `touchesSinceReset`,
///   `standing`, `timer`, `scheduledDeadline`, `delaysTouchesBegan`, `delaysTouchesEnded`, and each
///   recognizer's `machine` — per event per participant; `_view` — read on every transition asked for,
///   every transition made and every timer armed, to find the window (checked, each of those read
///   costs a `swift_beginAccess`: 8 per gesture sequence in `SceneBench gestures`); `ClockTimer` (five fields) and
///   `ManualClock` (two) — armed, cancelled and advanced in every gesture sequence (checked, they add
///   `swift_beginAccess` calls to `ManualClock.advance(to:)` (7), `enqueue` (4), `ClockTimer.arm` (3),
///   `fire` (3), `cancel` (2)). Checking these with the cold fields took the gestures ratio from
///   1.96× to 2.05× (target ≤ 2×).
///
/// Checked since this file's rules were written down (no `swift_beginAccess` added to any per-event
/// function; dispatch and gestures unchanged within noise): `View._alpha`, `_indexInSuperview`,
/// `_display`; `DisplayStorage`'s four fields; `GestureRecognizer`'s `dynamicRequirements`,
/// `requiredToFail`, `targets`, `mayHaveDelegate`, `_isEnabled`.

/// The bits of a reference field (strong or `unowned(unsafe)`): a plain load of the pointer, which,
/// unlike reading the field as a reference, involves no retain and release. Zero for nil. The field is
/// only read (short accesses).
@inline(__always)
nonisolated func unretainedBits<T: AnyObject>(_ field: inout T?) -> UInt {
    withUnsafeMutablePointer(to: &field) { UnsafeRawPointer($0).load(as: UInt.self) }
}

/// The bits of element `index` of `array`, read in place without retaining it. `index` must be in
/// range. The array is only read (short accesses).
@inline(__always)
nonisolated func unretainedElementBits<Element: AnyObject>(_ array: inout [Element], _ index: Int) -> UInt {
    array.withUnsafeBufferPointer { buffer in
        UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped).load(
            fromByteOffset: index &* MemoryLayout<UInt>.stride, as: UInt.self)
    }
}

/// True when `array` is exactly `[object]` (by identity), read in place.
@inline(__always)
nonisolated func isOnlyElement<Element: AnyObject>(_ object: Element, _ array: inout [Element]) -> Bool {
    array.withUnsafeBufferPointer { buffer in
        buffer.count == 1
            && UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped).load(as: UInt.self)
                == UInt(bitPattern: ObjectIdentifier(object))
    }
}

/// True when `array` contains `object` (by identity), read in place: `array.contains { $0 === object }`
/// without a retain per element.
@inline(__always)
nonisolated func containsIdentical<Element: AnyObject>(_ object: Element, _ array: inout [Element]) -> Bool {
    let target = UInt(bitPattern: ObjectIdentifier(object))
    return array.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        for index in 0..<buffer.count where raw.load(fromByteOffset: index &* MemoryLayout<UInt>.stride, as: UInt.self) == target {
            return true
        }
        return false
    }
}

/// The object whose bits are `bits` (nonzero), to be bound to an `unowned(unsafe)` local (the only
/// cast from bits to a reference in SceneCore). Reading stored properties through that local costs no
/// retain; passing it to a call that is not inlined retains it for the call. The caller names the
/// owner that keeps the object alive (owner holds).
@inline(__always)
func unretained<Object: AnyObject>(_ bits: UInt, as type: Object.Type) -> Object {
    unsafeBitCast(bits, to: Object.self)
}

/// Calls `body` with the object whose bits are `bits` (nonzero), without retaining it, even when
/// `body` calls code that the optimizer cannot see through (an overridable method, a closure). The
/// caller guarantees that an owner keeps the object alive for the whole call, including any code
/// outside SceneCore that `body` runs (owner holds). `body` must not keep the reference beyond the
/// call unless it stores it (which retains it, as any copy does).
///
/// How: the bits are stored in a local whose memory is bound to `Object` for the call, and passed on
/// as an `inout` argument. An `inout` argument is exclusive for the call, so the optimizer borrows the
/// reference from that memory instead of copying it (a copy is a retain and a release); the memory is
/// bound back to `UInt` afterwards and never deinitialized as a reference, so nothing is released
/// either. (`Unmanaged.takeUnretainedValue()` or an `unowned(unsafe)` local would copy the reference
/// around every call into unknown code; `withMemoryRebound` or `withUnsafeTemporaryAllocation` in
/// place of `bindMemory` work as well but keep the optimizer from inlining `body` at several hot
/// call sites.)
@inline(__always)
func withUnretained<Object: AnyObject, Result>(_ bits: UInt, as type: Object.Type, _ body: (Object) -> Result) -> Result {
    var slot = bits
    return withUnsafeMutablePointer(to: &slot) { pointer in
        let reference = UnsafeMutableRawPointer(pointer).bindMemory(to: Object.self, capacity: 1)
        let result = passBorrowed(&reference.pointee, to: body)
        UnsafeMutableRawPointer(pointer).bindMemory(to: UInt.self, capacity: 1)
        return result
    }
}

@inline(__always)
private func passBorrowed<Object: AnyObject, Result>(_ reference: inout Object, to body: (Object) -> Result) -> Result {
    body(reference)
}

/// The index of the first element of `array`, from `start` on, for which `test` holds; nil when there
/// is none. Each element is passed to `test` in place, without retaining it (owner holds: `array`
/// holds its elements). `test` must not change `array` or run code outside SceneCore: this is for code
/// that only reads, such as the gesture arena, which never calls its members' code.
@inline(__always)
func firstIndex<Element: AnyObject>(in array: inout [Element], from start: Int = 0, where test: (Element) -> Bool) -> Int? {
    var index = start
    while index < array.count {
        if withUnretained(unretainedElementBits(&array, index), as: Element.self, test) { return index }
        index += 1
    }
    return nil
}

/// Calls `body` with element `index` of `array` (in range), in place, without retaining it, under the
/// same terms as ``firstIndex(in:from:where:)``.
@inline(__always)
func withElement<Element: AnyObject, Result>(
    in array: inout [Element], at index: Int, _ body: (Element) -> Result
) -> Result {
    withUnretained(unretainedElementBits(&array, index), as: Element.self, body)
}

/// The phase of the touch at `index` of `touches` (in range), read in place without retaining it
/// (owner holds: the list holds the touch).
@MainActor @inline(__always)
func unretainedTouchPhase(_ touches: inout [Touch], _ index: Int) -> Touch.Phase {
    unowned(unsafe) let touch = unretained(unretainedElementBits(&touches, index), as: Touch.self)
    return touch.phase
}

// MARK: Walking the back links

/// The bits of the superview of the view whose bits are `viewBits` (0 for none), read without
/// retaining either (back links cleared; owner holds: the caller names who holds the view).
@MainActor @inline(__always)
func superviewBits(ofView viewBits: UInt) -> UInt {
    unowned(unsafe) let view = unretained(viewBits, as: View.self)
    return unretainedBits(&view._superview)
}

/// The bits of the scene of the window whose bits are `windowBits` (0 for none), read without
/// retaining either (back links cleared).
@MainActor @inline(__always)
func sceneBits(ofWindow windowBits: UInt) -> UInt {
    unowned(unsafe) let window = unretained(windowBits, as: Window.self)
    return unretainedBits(&window._windowScene)
}

/// The bits of the application of the scene whose bits are `sceneBits` (0 for none), read without
/// retaining either (back links cleared). The application has a weak-reference side table (windows
/// keep their last application weakly), so each retain of it would be a slow one.
@MainActor @inline(__always)
func applicationBits(ofScene sceneBits: UInt) -> UInt {
    unowned(unsafe) let scene = unretained(sceneBits, as: WindowScene.self)
    return unretainedBits(&scene._application)
}

// MARK: What a recognizer needs of its surroundings

/// The bits of the window the view whose bits are `viewBits` is in (0 for none): the view itself if it
/// is a window, else its nearest ancestor that is. Read without retaining the view or its ancestors
/// (owner holds: each is held by its superview, the view by its owner; back links cleared).
@MainActor @inline(__always)
private func windowBits(ofView viewBits: UInt) -> UInt {
    var bits = viewBits
    while bits != 0 {
        unowned(unsafe) let view = unretained(bits, as: View.self)
        if view._flags.contains(.isWindow) { return bits }
        bits = unretainedBits(&view._superview)
    }
    return 0
}

/// The window of the view whose bits are `viewBits` (0 for none), as the host of the gesture arena a
/// recognizer on that view takes part in, when that arena is idle; nil when the view is in no window
/// or its window's arena is arbitrating (most transitions are asked for then, so that case retains
/// nothing). The window is retained for the caller.
@MainActor @inline(__always)
func idleGestureArenaHost(ofView viewBits: UInt) -> (any GestureArenaHost)? {
    let window = windowBits(ofView: viewBits)
    guard window != 0 else { return nil }
    unowned(unsafe) let host = unretained(window, as: Window.self)
    guard host.gestureArena.activity == .idle else { return nil }
    return unretained(window, as: Window.self)
}

/// The application of the window whose bits are `windowBits`, retained, when it has observers; nil
/// otherwise (without retaining anything: this is asked on every delivery and every transition).
@MainActor @inline(__always)
func observingApplication(ofWindow windowBits: UInt) -> Application? {
    guard windowBits != 0 else { return nil }
    let scene = sceneBits(ofWindow: windowBits)
    guard scene != 0 else { return nil }
    let application = applicationBits(ofScene: scene)
    guard application != 0, withUnretained(application, as: Application.self, { $0.hasObservers }) else { return nil }
    return unretained(application, as: Application.self)
}

/// ``observingApplication(ofWindow:)`` for the window of the view whose bits are `viewBits`.
@MainActor @inline(__always)
func observingApplication(ofView viewBits: UInt) -> Application? {
    observingApplication(ofWindow: windowBits(ofView: viewBits))
}

/// The clock of the application of the view whose bits are `viewBits`, for a recognizer's timers; nil
/// when the view is in no application's window. Reads the links without retaining them (owner holds:
/// the host holds the application).
@MainActor @inline(__always)
func applicationClock(ofView viewBits: UInt) -> (any EventClock)? {
    let window = windowBits(ofView: viewBits)
    guard window != 0 else { return nil }
    let scene = sceneBits(ofWindow: window)
    guard scene != 0 else { return nil }
    let application = applicationBits(ofScene: scene)
    guard application != 0 else { return nil }
    return withUnretained(application, as: Application.self) { $0.clock }
}
