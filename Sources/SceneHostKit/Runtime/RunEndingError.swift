/// A service's start or go-live failure that ends the run: `scene-host: <description>` on standard
/// error and the exit status (``HostSession`` prints it and stops with it).
protocol RunEndingError: Error, CustomStringConvertible {
    var exitStatus: Int32 { get }
}

extension HostBusService.StartError: RunEndingError {}
