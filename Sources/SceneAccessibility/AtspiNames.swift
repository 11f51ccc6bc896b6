import DBusKit

/// The names of the AT-SPI2 protocol (at-spi2-core's `xml/*.xml`), typed, in one place.
///
/// Paths follow the conventions every libatspi client expects: the application root is always
/// `/org/a11y/atspi/accessible/root`, other objects live below `/org/a11y/atspi/accessible`, the
/// null reference is `/org/a11y/atspi/null`, and the cache is a separate object at
/// `/org/a11y/atspi/cache`, as at-spi2-core's own applications use them.
enum AtspiNames {
    // MARK: Buses and registry

    /// The launcher's name on the session bus, answering `org.a11y.Bus.GetAddress`.
    static let launcher = BusName(unchecked: "org.a11y.Bus")
    /// The launcher's object on the session bus.
    static let launcherPath = ObjectPath(unchecked: "/org/a11y/bus")
    /// The launcher's interface.
    static let launcherInterface = InterfaceName(unchecked: "org.a11y.Bus")
    /// The registry (`at-spi2-registryd`) on the accessibility bus.
    static let registry = BusName(unchecked: "org.a11y.atspi.Registry")

    // MARK: Paths

    /// Every accessible object of the host lives below this path (one subtree export).
    static let accessiblePrefix = ObjectPath(unchecked: "/org/a11y/atspi/accessible")
    /// The application root: fixed by the protocol.
    static let rootPath = ObjectPath(unchecked: "/org/a11y/atspi/accessible/root")
    /// The path of the null reference, `("", /org/a11y/atspi/null)`.
    static let nullPath = ObjectPath(unchecked: "/org/a11y/atspi/null")
    /// The cache object.
    static let cachePath = ObjectPath(unchecked: "/org/a11y/atspi/cache")

    // MARK: Interfaces

    static let accessible = InterfaceName(unchecked: "org.a11y.atspi.Accessible")
    static let application = InterfaceName(unchecked: "org.a11y.atspi.Application")
    static let component = InterfaceName(unchecked: "org.a11y.atspi.Component")
    static let action = InterfaceName(unchecked: "org.a11y.atspi.Action")
    static let value = InterfaceName(unchecked: "org.a11y.atspi.Value")
    static let text = InterfaceName(unchecked: "org.a11y.atspi.Text")
    static let editableText = InterfaceName(unchecked: "org.a11y.atspi.EditableText")
    static let table = InterfaceName(unchecked: "org.a11y.atspi.Table")
    static let selection = InterfaceName(unchecked: "org.a11y.atspi.Selection")
    static let image = InterfaceName(unchecked: "org.a11y.atspi.Image")
    static let cache = InterfaceName(unchecked: "org.a11y.atspi.Cache")
    static let socket = InterfaceName(unchecked: "org.a11y.atspi.Socket")
    static let objectEvents = InterfaceName(unchecked: "org.a11y.atspi.Event.Object")
    static let windowEvents = InterfaceName(unchecked: "org.a11y.atspi.Event.Window")
    static let focusEvents = InterfaceName(unchecked: "org.a11y.atspi.Event.Focus")

    // MARK: Members used as a client

    static let getAddress: MemberName = "GetAddress"
    static let embed: MemberName = "Embed"
    static let nameOwnerChanged: MemberName = "NameOwnerChanged"

    // MARK: Event members

    static let stateChanged: MemberName = "StateChanged"
    static let childrenChanged: MemberName = "ChildrenChanged"
    static let propertyChange: MemberName = "PropertyChange"
    static let focus: MemberName = "Focus"
    static let textChanged: MemberName = "TextChanged"
    static let textCaretMoved: MemberName = "TextCaretMoved"
    static let activate: MemberName = "Activate"
    static let deactivate: MemberName = "Deactivate"
    static let create: MemberName = "Create"
    static let destroy: MemberName = "Destroy"

    // MARK: Application facts

    /// The application root's name, as Accerciser, Orca and `dogtail.tree.root.application()` see it.
    static let applicationName = "scene-host"
    /// `Application.ToolkitName`.
    static let toolkitName = "SceneHost"
    /// `Application.AtspiVersion`: the protocol version every toolkit reports.
    static let atspiVersion = "2.1"
    /// `Accessible.Locale`.
    static let locale = "en_US"
    /// The environment variable that names the accessibility bus directly (libatspi honours it too).
    static let busAddressVariable = "AT_SPI_BUS_ADDRESS"
}
