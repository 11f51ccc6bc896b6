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
# scripts/test runs the models group as two processes, the model's suites (SceneCoreTests) and the
# other units, and the bus group beside them: all three at once. Each has a main actor of its own, so
# the two halves of the models group, each bound to its one main thread, use both cores (under a
# sanitizer the group was 3 to 6 minutes on one).
core_filter='^SceneCoreTests\.'
unit_groups=(
    "models-core:--filter $core_filter"
    "models-host:--skip $core_filter --skip $bus_filter --skip $integration_filter"
    "bus:--filter $bus_filter"
)
# scripts/test runs the integration group as two processes at once, for the same reason: every test's
# own bus traffic (floods of thousands of calls and signals, fake services) is served on its process's
# main thread. In one process under AddressSanitizer that thread fell behind while every suite started
# at once, and a connection's Hello waited more than libdbus's 25 s (BusFuzzTests, runs K2 and K4).
# The first process takes the suites of the host's own D-Bus API and its scripted input, the second
# everything else (external clients, accessibility, the desktop, plugins, WebDriver, the SDK), but for
# Accerciser's validator and Orca against scene processes, which run in the first process beside the
# same suite against the host's own scenes in the second (each takes minutes under AddressSanitizer).
integration_split_filter='^SceneHostIntegrationTests\.(Bus[A-Za-z]*|StoppedBus|WireInput|DeviceInputBus|ScrollBus|Scenectl|ToolkitScenectl|Selector|PerformActions|Idle|InputPolicy|GestureLabTable|Snapshot|IsolatedAccessibilityDesktopClient)Tests/'
integration_groups=(
    "integration-bus:--filter $integration_split_filter"
    "integration-rest:--filter $integration_filter --skip $integration_split_filter"
)

# ThreadSanitizer (scripts/test, scripts/test-sanitizers thread) runs the unit suites that have
# threads of their own, the bus group, and, of the integration suites, those whose subject is our
# threads, queues and child processes
# through the real host: the host's start and stop (HostLifecycleTests); scene processes, their
# channel's descriptors and shared buffers, their ends seen through pidfds, their sandbox, the
# board's side of them on the main queue (SceneProcessTests, SceneProcessSandboxTests,
# SceneProcessHostTests, IsolatedSceneBusTests, IsolatedSceneCrashTests, IsolatedSceneLoadingTests); plugin probes, crashes and
# quarantine, each a child process watched from threads of its own (PluginLoadingTests,
# CrashQuarantineTests, ValidatePluginTests); DBusKit's outgoing queue against a stopped peer
# (StoppedBusTests); the SDL thread and its queues, started, failing and running a window
# (DisplayStartTests, DesktopWindowTests); the AT-SPI bridge's connections and caches
# (AccessibilityBusTests, AccessibilityStartTests); the WebDriver server's threads calling into the
# main actor (WebDriverEndpointTests).
# Every integration suite runs under AddressSanitizer (scripts/test), so what is left out here is
# still checked for memory errors and leaks: the suites of parsing and fuzzing, floods, snapshots,
# selectors, timers, the bus API and the other desktop input paths run our code on the main thread
# (ThreadSanitizer, 5-15 times slower, finds nothing there that the suites above do not drive), and
# the suites whose subject is another program
# (python3-dbus, busctl, pyatspi, dogtail, Orca, playerctl, the installed SDK). BusFairnessTests is
# left out because its measure, how many flood replies the test process has handled when the Ping's
# reply arrives, is read in the test process, whose own dispatch ThreadSanitizer slows most;
# IdleBoardTests because its measure, that no thread of an idle host is woken, counts
# ThreadSanitizer's own background thread, which wakes several times a second.
# The filter matches test IDs, `SceneHostIntegrationTests.Suite/test()`.
sanitized_integration_filter='^SceneHostIntegrationTests\.(HostLifecycleTests|SceneProcessTests|SceneProcessSandboxTests|SceneProcessHostTests|IsolatedSceneBusTests|IsolatedSceneCrashTests|IsolatedSceneLoadingTests|PluginLoadingTests|CrashQuarantineTests|ValidatePluginTests|StoppedBusTests|DisplayStartTests|DesktopWindowTests|AccessibilityBusTests|AccessibilityStartTests|WebDriverEndpointTests|GestureLabTableRowsTests)/'
# The integration suites ThreadSanitizer leaves out, by name: scripts/lib/sanitizers.sh fails when a
# suite is in neither list, so that a new one is placed on purpose.
unsanitized_integration_suites='BusRobustnessTests IdleBoardTests DesktopIsolationTests SceneProcessSignalTests SettingsAppTests GalleryPhotoTests DesktopResizeTests SceneResizeTests DesktopPointerTests DesktopWheelHoverTests AccessibilityClientTests AccessibilityDesktopClientTests IsolatedAccessibilityDesktopClientTests AccessibilityStatusTests ActivationTests BusAPITests BusFairnessTests BusFuzzTests DesktopAccessibilityTests DesktopDragTests DesktopKeyboardTests DesktopRecordReplayTests DeviceInputBusTests ExternalClientCommandLineTests ExternalClientContractTests ExternalClientDrivingTests ExternalClientRobustnessTests GestureLabTableTests IdleTests InputPolicyTests LibraryEvolutionTests MediaPlayerTests PerformActionsTests PlayerctlSessionTests PluginSDKTests ScenectlTests ScrollBusTests SelectorTests SnapshotTests ToolkitScenectlTests VersionTests WireInputTests'
# The unit suites of modules without a thread of their own are left out, and ThreadSanitizer's build
# does not compile them (Package.swift, SCENEHOST_OMIT_TEST_TARGETS): SceneCore (every type is
# @MainActor or an immutable value; no locks, no queues, no Dispatch, no detached tasks), the
# renderer, the MPRIS and AT-SPI bridges (main-actor code; their connections are DBusKit's, run here
# by the bus group and by AccessibilityBusTests, AccessibilityStartTests), XPath over libxml2 and the
# error type. ThreadSanitizer cannot find a race of ours there; AddressSanitizer runs them all. The
# other unit suites drive SceneSync's locks, SceneLifecycle's service group, child processes and
# plugin probes, the SDL thread, the WebDriver server's threads and the host's queues.
thread_sanitizer_omitted_test_targets='SceneCoreTests SceneRenderTests SceneMediaTests SceneAccessibilityTests SceneXPathTests SceneErrorsTests'
thread_sanitizer_groups=(
    "models-host:--skip $core_filter --skip $bus_filter --skip $integration_filter"
    "bus:--filter $bus_filter"
    "integration:--filter $sanitized_integration_filter"
)
