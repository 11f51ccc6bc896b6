# The Swift test suites in groups, each run by a `swift test` process of its own (sourced by
# scripts/test and scripts/test-sanitizers).
#
# Why groups: every @MainActor test of one process, and every D-Bus connection it opens, shares that
# process's one main actor. The model suites hold it for seconds at a time (differential tests over
# thousands of random trees, pixel comparisons); beside them, a D-Bus test's own connections and fake
# services waited 20 s and more for their turn. Each group has a main actor to itself:
#   models       the pure model and the host's units: CPU-bound, no bus of their own
#   bus          DBusKit and SceneProcesses against private bus daemons
#   integration  everything else: the real binaries driven over D-Bus, X and external clients
#                (a new test target lands here, so none is ever left out)
models_filter='^(SceneCoreTests|SceneRenderTests|SceneDisplayTests|SceneSyncTests|SceneCtlTests|SceneHostKitTests|SceneLifecycleTests|SceneBusServingTests|ScenePluginsTests|SceneAccessibilityTests|SceneMediaTests)\.'
bus_filter='^(DBusKitTests|SceneProcessesTests)\.'
test_groups=(
    "models:--filter $models_filter"
    "bus:--filter $bus_filter"
    "integration:--skip $models_filter --skip $bus_filter"
)
