/// What the server does with a new connection while `maximum` are open: it makes room by closing the
/// connection whose client has been quiet longest, among those with nothing under way (no request
/// with the endpoint, nothing left to write: an idle keep-alive connection, or one whose client
/// stopped in the middle of a request), as servers close idle keep-alive connections under
/// pressure; when every open connection has work under way, it refuses the new one.
///
/// A decision as a value: the server passes each open connection's key and since when it is quiet
/// (`nil`: work under way), and carries out the answer.
enum ConnectionAdmission<Key: Hashable>: Equatable {
    /// There is room.
    case admit
    /// Close this connection, then take the new one.
    case admitClosing(Key)
    /// Every connection is busy: close the new one.
    case refuse

    /// The decision for `open` (each key with the time it has been quiet since, on any monotonic
    /// scale; nil while busy) and a limit of `maximum` open connections. Of equally quiet ones, the
    /// first in `open` is closed.
    static func decide(open: some Collection<(key: Key, quietSince: UInt64?)>, maximum: Int) -> Self {
        guard open.count >= maximum else { return .admit }
        let quiet = open.lazy.compactMap { member in member.quietSince.map { (key: member.key, since: $0) } }
        return quiet.min { $0.since < $1.since }.map { .admitClosing($0.key) } ?? .refuse
    }
}
