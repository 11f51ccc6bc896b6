/// The current owner of a well-known name, followed through `NameOwnerChanged` so match rules
/// with a well-known `sender` can be evaluated locally.
@MainActor
final class NameOwnerTracking {
    var owner: BusName?
    var users = 1
    let subscription: MatchSubscription

    init(subscription: MatchSubscription) {
        self.subscription = subscription
    }
}
