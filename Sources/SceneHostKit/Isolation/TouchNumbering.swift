/// One numbering of touches for the whole board: each scene process numbers its touches from 1, and
/// the board gives each (scene, number) the next number of its own when it first sees it, so that
/// touches on different scenes never share an identifier on the bus — and a board whose touches come
/// one after another numbers them as one process would.
///
/// A touch's number is kept while it lasts and for the ``keptAfterEnd`` touches that ended after
/// it (a script's answer names its touches after their ends were published); a scene process that
/// starts again forgets its numbers (``forget(scene:)``). A value: tested alone.
struct TouchNumbering {
    /// How many ended touches keep their numbers.
    static let keptAfterEnd = 4_096

    private struct Key: Hashable {
        var scene: String
        var local: UInt64
    }

    private var next: UInt64 = 1
    private var numbers: [Key: UInt64] = [:]
    /// Ended touches, oldest first, whose numbers are still kept.
    private var ended: [Key] = []
    private var endedStart = 0

    /// The board's number of touch `local` of `scene`, given now if it has none. 0 (no touch) stays 0.
    mutating func number(_ local: UInt64, in scene: String) -> UInt64 {
        guard local != 0 else { return 0 }
        let key = Key(scene: scene, local: local)
        if let known = numbers[key] { return known }
        let number = next
        next &+= 1
        numbers[key] = number
        return number
    }

    /// Touch `local` of `scene` ended (or was cancelled): its number is kept for a while, then freed.
    mutating func end(_ local: UInt64, in scene: String) {
        let key = Key(scene: scene, local: local)
        guard numbers[key] != nil else { return }
        ended.append(key)
        while ended.count - endedStart > Self.keptAfterEnd {
            numbers[ended[endedStart]] = nil
            endedStart += 1
        }
        if endedStart > Self.keptAfterEnd {
            ended.removeFirst(endedStart)
            endedStart = 0
        }
    }

    /// `scene`'s process starts again and numbers its touches from 1: its old numbers go.
    mutating func forget(scene: String) {
        numbers = numbers.filter { $0.key.scene != scene }
        let kept = ended[endedStart...].filter { $0.scene != scene }
        ended = Array(kept)
        endedStart = 0
    }

    /// Numbers kept now (for tests: bounded by the touches alive plus ``keptAfterEnd``).
    var count: Int { numbers.count }
}
