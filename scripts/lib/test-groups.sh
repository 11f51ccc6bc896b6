# The Swift test suites in groups, each run by a `swift test` process of its own (sourced by
# scripts/test and scripts/test-sanitizers).
#
# Why groups: every @MainActor test of one process, and every D-Bus connection it opens, shares that
# process's one main actor. The model suites hold it for seconds at a time (differential tests over
# thousands of random trees, pixel comparisons); beside them, a D-Bus test's own connections and fake
# services waited 20 s and more for their turn. Each group has a main actor to itself:
#   models       every unit test target (the pure model, the host's units): CPU-bound, no bus of
#                their own (a new unit target lands here, so none is ever left out)
#   bus          DBusKit and SceneProcesses against private bus daemons
#   integration  the real binaries driven over D-Bus, X and external clients
bus_filter='^(DBusKitTests|SceneProcessesTests)\.'
integration_filter='^SceneHostIntegrationTests\.'
test_groups=(
    "models:--skip $bus_filter --skip $integration_filter"
    "bus:--filter $bus_filter"
    "integration:--filter $integration_filter"
)

# Under the sanitizers (scripts/test-sanitizers) the models and bus groups run whole; of the integration
# tests, those that drive our threads, queues, child processes and unsafe code through the real host:
# plugin probes, crashes and quarantine (child processes); hostile and fuzzed D-Bus input, floods,
# fairness and a stopped bus (DBusKit's parsing and outgoing queue); snapshots (Cairo); the desktop
# display on Xvfb (the SDL thread and its queues, the wheel and hover); idle, virtual time and W3C
# actions (timers); the AT-SPI bridge and its start and status (the bridge's caches and connections);
# input policy; scenectl; scroll events over the bus (the scroll routing and its latch).
# Left to the plain run: the suites whose subject is another program (python3-dbus, busctl, dbus-send,
# pyatspi, dogtail, Accerciser, Orca, playerctl), installing and D-Bus activation, and building plugins
# against the installed SDK (minutes of compiling, no unsafe code of ours in between).
sanitized_integration_filter='^SceneHostIntegrationTests\.(HostLifecycleTests|PluginLoadingTests|CrashQuarantineTests|ValidatePluginTests|BusFuzzTests|BusRobustnessTests|BusFairnessTests|BusAPITests|StoppedBusTests|WireInputTests|DeviceInputBusTests|SnapshotTests|DisplayStartTests|DesktopWindowTests|DesktopPointerTests|DesktopDragTests|DesktopKeyboardTests|DesktopRecordReplayTests|DesktopAccessibilityTests|DesktopWheelHoverTests|IdleTests|PerformActionsTests|SelectorTests|AccessibilityBusTests|AccessibilityStartTests|AccessibilityStatusTests|InputPolicyTests|ScenectlTests|WebDriverEndpointTests|ScrollBusTests|GestureLabTableTests)\.'
# The integration suites the sanitized runs leave out, by name: scripts/test-sanitizers fails when a
# suite is in neither list, so that a new one is placed on purpose.
unsanitized_integration_suites='AccessibilityClientTests AccessibilityDesktopClientTests ActivationTests ExternalClientCommandLineTests ExternalClientContractTests ExternalClientDrivingTests ExternalClientRobustnessTests LibraryEvolutionTests MediaPlayerTests PlayerctlSessionTests PluginSDKTests ToolkitScenectlTests VersionTests'
sanitized_groups=(
    "models:--skip $bus_filter --skip $integration_filter"
    "bus:--filter $bus_filter"
    "integration:--filter $sanitized_integration_filter"
)
