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

extension InputError {
    /// The input error a scene process refused input with, by its code's name (an unknown name
    /// reads as `InvalidValue`); nil for no name.
    init?(sceneProcessCode name: String, message: String) {
        guard !name.isEmpty else { return nil }
        let codes: [ErrorCode<InputFailure>] = [.invalidValue, .unknownSlot, .slotInUse, .limitExceeded, .invalidName, .noSuchTarget]
        self.init(code: codes.first { $0.name == name } ?? .invalidValue, message: message)
    }
}

extension SceneTouchOutcome {
    /// The scripted-input error the scene process refused the record with; nil when it was delivered.
    var inputError: InputError? { InputError(sceneProcessCode: errorCode, message: errorMessage) }
}

extension SceneScriptOutcome {
    /// The scripted-input error the scene process refused the script with; nil when it ran.
    var inputError: InputError? { InputError(sceneProcessCode: errorCode, message: errorMessage) }
}

extension SceneRecordOutcome {
    /// The input error the scene process refused the record with; nil when it was delivered.
    var inputError: InputError? { InputError(sceneProcessCode: errorCode, message: errorMessage) }
}

extension SceneCommandOutcome {
    /// The input error the scene process refused the command with; nil when it was delivered.
    var inputError: InputError? { InputError(sceneProcessCode: errorCode, message: errorMessage) }
}

extension ActionsError {
    /// The name a scene process refuses actions with (``init(sceneProcessCode:message:)`` reads it).
    var sceneProcessCode: String {
        switch code {
        case .invalidArgument: "ActionsInvalidArgument"
        case .limitExceeded: "ActionsLimitExceeded"
        case .unknownElement: "ActionsUnknownElement"
        }
    }

    /// The actions error a scene process refused actions with, by ``sceneProcessCode`` (its message
    /// names the place in the body already); nil for another code.
    init?(sceneProcessCode name: String, message: String) {
        let codes: [Code] = [.invalidArgument, .limitExceeded, .unknownElement]
        guard let code = codes.first(where: { ActionsError($0, at: "", "").sceneProcessCode == name }) else { return nil }
        self.init(code, at: "", message)
    }
}

extension SceneScriptOutcome {
    /// The actions error the scene process refused a Perform Actions body with; nil otherwise.
    var actionsError: ActionsError? { ActionsError(sceneProcessCode: errorCode, message: errorMessage) }
}
