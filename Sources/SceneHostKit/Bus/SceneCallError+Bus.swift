import DBusKit
import SceneBusContract
import SceneChannel
import SceneErrors
import SceneProcesses

extension SceneCallError {
    /// The `org.scenehost.Error` a client receives when a scene process left its call unanswered.
    var busError: BusError {
        switch self {
        case .unanswered(.crashed, _): BusError(name: SceneBusContract.ErrorNames.sceneCrashed, message: description)
        case .unanswered(.notResponding, _), .unanswered(.dropped, _):
            BusError(name: SceneBusContract.ErrorNames.sceneNotResponding, message: description)
        case .unanswered(.stopped, _): BusError(name: SceneBusContract.ErrorNames.invalidState, message: description)
        case .refused: BusError(name: SceneBusContract.ErrorNames.invalidValue, message: description)
        }
    }
}

extension SceneTouchOutcome {
    /// The scripted-input error the scene process refused the record with, as its client receives it;
    /// nil when it was delivered.
    var inputError: InputError? {
        guard !errorCode.isEmpty else { return nil }
        let codes: [ErrorCode<InputFailure>] = [.invalidValue, .unknownSlot, .slotInUse, .limitExceeded, .invalidName, .noSuchTarget]
        return InputError(code: codes.first { $0.name == errorCode } ?? .invalidValue, message: errorMessage)
    }
}
