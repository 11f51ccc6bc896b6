/// Reading references without reference counting, for the hot paths of hit testing and touch
/// delivery (retains and releases, and the dynamic exclusivity checks, were most of the cost of those
/// paths; BENCHMARKS.md).
///
/// Each helper reads memory that the caller knows is alive for the duration: the main actor runs
/// nothing else meanwhile, and the caller names who owns the object (a superview its subviews, a scene
/// its windows, a touch the recognizers that accepted it...). They are nonisolated so that the
/// closures they pass to the standard library carry no main-actor check: they only read the memory
/// they are given. Fields passed `inout` should have unchecked exclusivity, or the access itself costs
/// a runtime check.

/// The bits of a reference field (strong or `unowned(unsafe)`): a plain load of the pointer, which,
/// unlike reading the field as a reference, involves no retain and release. Zero for nil.
@inline(__always)
nonisolated func unretainedBits<T: AnyObject>(_ field: inout T?) -> UInt {
    withUnsafeMutablePointer(to: &field) { UnsafeRawPointer($0).load(as: UInt.self) }
}

/// The bits of element `index` of `array`, read in place without retaining it. `index` must be in range.
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

/// The phase of the touch at `index` of `touches` (in range), read in place without retaining it.
@MainActor @inline(__always)
func unretainedTouchPhase(_ touches: inout [Touch], _ index: Int) -> Touch.Phase {
    unowned(unsafe) let touch = unsafeBitCast(unretainedElementBits(&touches, index), to: Touch.self)
    return touch.phase
}

/// Calls `body` with the object whose bits are `bits` (nonzero), without retaining it: the caller
/// guarantees that something else keeps the object alive for the duration of the call.
@inline(__always)
func withUnretained<Object: AnyObject, Result>(_ bits: UInt, as type: Object.Type, _ body: (Object) -> Result) -> Result {
    Unmanaged<Object>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)._withUnsafeGuaranteedRef(body)
}
