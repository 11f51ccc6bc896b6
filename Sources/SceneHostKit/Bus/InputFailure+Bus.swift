public import DBusKit
import SceneBusContract
public import SceneErrors

/// Scripted input's codes as the host API's errors: each is the `org.scenehost.Error` a client
/// receives (`limitExceeded` is `LimitsExceeded`, `noSuchTarget` is `UnknownView`).
extension InputFailure: BusErrorDomain {
    public static func busErrorName(for code: ErrorCode<InputFailure>) -> ErrorName {
        switch code {
        case .invalidValue: SceneBusContract.ErrorNames.invalidValue
        case .unknownSlot: SceneBusContract.ErrorNames.unknownSlot
        case .slotInUse: SceneBusContract.ErrorNames.slotInUse
        case .limitExceeded: SceneBusContract.ErrorNames.limitsExceeded
        case .invalidName: SceneBusContract.ErrorNames.invalidName
        case .noSuchTarget: SceneBusContract.ErrorNames.unknownView
        default: .failed
        }
    }
}
