/// The touches passed to `touchesBegan(_:with:)` and friends: UIKit's `Set<UITouch>`.
///
/// A small, ordered, duplicate-free collection (ordered by touch identifier) that stores one or two
/// touches inline, so delivering the usual single-finger event allocates nothing on the heap.
/// Membership tests are by identity. The set only reads touches' immutable identifiers, so it is not
/// tied to the main actor; the touches themselves are.
public struct TouchSet: RandomAccessCollection {
    @usableFromInline
    enum Storage {
        case empty
        case one(Touch)
        case two(Touch, Touch)
        case many([Touch])
    }

    @usableFromInline
    var storage: Storage

    /// An empty set.
    public init() {
        storage = .empty
    }

    /// A set holding exactly one touch.
    public init(_ touch: Touch) {
        storage = .one(touch)
    }

    /// A set of the given touches; duplicates are dropped and the result is sorted by identifier.
    public init(_ touches: some Sequence<Touch>) {
        var list: [Touch] = []
        for touch in touches where !list.contains(where: { $0 === touch }) {
            list.append(touch)
        }
        list.sort { $0.identifier < $1.identifier }
        self.init(sortedUnique: list)
    }

    /// Wraps an array the caller guarantees is sorted by identifier and duplicate-free.
    init(sortedUnique list: [Touch]) {
        switch list.count {
        case 0: storage = .empty
        case 1: storage = .one(list[0])
        case 2: storage = .two(list[0], list[1])
        default: storage = .many(list)
        }
    }

    public var startIndex: Int { 0 }

    public var endIndex: Int {
        switch storage {
        case .empty: 0
        case .one: 1
        case .two: 2
        case .many(let list): list.count
        }
    }

    public subscript(position: Int) -> Touch {
        switch storage {
        case .empty: preconditionFailure("TouchSet index \(position) out of range: the set is empty")
        case .one(let touch):
            precondition(position == 0, "TouchSet index \(position) out of range 0..<1")
            return touch
        case .two(let first, let second):
            precondition(position == 0 || position == 1, "TouchSet index \(position) out of range 0..<2")
            return position == 0 ? first : second
        case .many(let list): return list[position]
        }
    }

    /// True when `touch` (by identity) is in the set.
    public func contains(_ touch: Touch) -> Bool {
        switch storage {
        case .empty: false
        case .one(let only): only === touch
        case .two(let first, let second): first === touch || second === touch
        case .many(let list): list.contains { $0 === touch }
        }
    }

    /// Calls `body` with each touch, in identifier order, without an iterator (for the one touch of a
    /// single-finger event, a plain call).
    @inline(__always)
    func forEachTouch(_ body: (Touch) throws -> Void) rethrows {
        switch storage {
        case .empty:
            break
        case .one(let touch):
            try body(touch)
        case .two(let first, let second):
            try body(first)
            try body(second)
        case .many(let list):
            for touch in list { try body(touch) }
        }
    }

    /// The touch when the set holds exactly one (the single-finger fast paths), else nil.
    var onlyTouch: Touch? {
        if case .one(let touch) = storage { return touch }
        return nil
    }

    /// The address of the touch when the set holds exactly one, else 0: `onlyTouch` without retaining
    /// it, for callers that know what keeps the touch alive (see `withUnretained`).
    @inline(__always)
    var onlyTouchBits: UInt {
        if case .one(let touch) = storage { return UInt(bitPattern: ObjectIdentifier(touch)) }
        return 0
    }

    /// Any touch of the set (the one with the lowest identifier), like `NSSet.anyObject`.
    public var anyTouch: Touch? { first }

    /// The touches as a standard `Set`.
    public var asSet: Set<Touch> { Set(self) }
}

extension TouchSet: CustomStringConvertible {
    public var description: String { "[" + map(\.description).joined(separator: ", ") + "]" }
}
