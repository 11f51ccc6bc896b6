import DBusKit

/// The signal names of `org.scenehost.Host1`.
enum HostSignals {
    static let touch: MemberName = "Touch"
    static let firstResponderChanged: MemberName = "FirstResponderChanged"
    static let keyWindowChanged: MemberName = "KeyWindowChanged"
    static let gestureStateChanged: MemberName = "GestureStateChanged"
    static let actionSent: MemberName = "ActionSent"
    static let motionDelivered: MemberName = "MotionDelivered"
    static let remoteControlDelivered: MemberName = "RemoteControlDelivered"
    static let sceneActivationChanged: MemberName = "SceneActivationChanged"
    static let log: MemberName = "Log"
    static let press: MemberName = "Press"
    static let input: MemberName = "Input"
    static let sceneGeometryChanged: MemberName = "SceneGeometryChanged"
    static let sceneCrashed: MemberName = "SceneCrashed"
    static let sceneNotResponding: MemberName = "SceneNotResponding"
    static let sceneResponding: MemberName = "SceneResponding"
    static let sceneStarted: MemberName = "SceneStarted"
}
