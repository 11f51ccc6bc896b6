/// The interface a method call without an interface field is meant for.
///
/// The interface field of a method call is optional. The D-Bus specification ("Message Types"):
/// "In the absence of an INTERFACE field, if two or more interfaces on the same object have a
/// method with the same name, it is undefined which of those methods will be invoked.
/// Implementations may choose to either return an error, or deliver the message as though it had
/// an arbitrary one of those interfaces." DBusKit delivers the call to the one interface of the
/// object that has a method of that name, counting the standard interfaces the object answers
/// (``StandardInterfaces/available(object:manager:)``) and the exported ones, and answers an error
/// naming every candidate when there are several, so a call never reaches a method by chance.
enum InterfaceChoice: Equatable {
    /// Exactly this interface has a method of that name.
    case one(InterfaceName)
    /// No interface of the object has one.
    case none
    /// These interfaces all have one, in the order the object lists them (standard ones first).
    case several([InterfaceName])

    /// Chooses among `standard` (descriptions of the standard interfaces answered at the path) and
    /// `exported` (the object's own interfaces) the one that has a method named `member`.
    static func choose(
        _ member: MemberName, standard: [InterfaceDescription], exported: [CompiledInterface]
    ) -> InterfaceChoice {
        var candidates = standard.filter { description in description.methods.contains { $0.name == member } }.map(\.name)
        candidates += exported.filter { $0.methods[member] != nil }.map(\.name)
        switch candidates.count {
        case 0: return .none
        case 1: return .one(candidates[0])
        default: return .several(candidates)
        }
    }
}
