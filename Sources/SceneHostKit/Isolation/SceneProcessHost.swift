import Dispatch
import Foundation
import Glibc
import SceneChannel
import SceneErrors
import SceneLoop
import SceneProcesses

/// The board's side of one scene process: starts it, serves its channel and watches its pidfd from
/// the main queue, and carries out what its ``SceneSupervisor`` decides — calls delivered one input
/// at a time, callers failed when it crashes or hangs, restarts with backoff, quarantine, reload.
///
/// Callers ``touch(_:)`` and ``describeTree(window:path:)`` and are resumed when the scene answers
/// or the supervisor fails the call; nothing here waits. ``onEvent`` hears starts, crashes, hangs,
/// signals and frames, in order. Main actor.
@MainActor
final class SceneProcessHost {
    struct Configuration {
        var executable: String
        /// The plugin file the scene process loads.
        var plugin: String
        var scene: String
        /// The plugin as the scene's configuration (or `LoadPlugin`) named it: what a refusal names,
        /// as the host's loader names it. The file's path when not given.
        var pluginName: String?
        var arguments: [String] = []
        /// Arguments made at each start, after ``arguments`` (the board's virtual time then).
        var startArguments: (@MainActor () -> [String])?
        var environment: [String] = []
        var policy = SceneSupervisionPolicy()
    }

    let configuration: Configuration
    var onEvent: ((SceneProcessEvent) -> Void)?
    /// Called after a call was answered or failed (its caller resumed).
    var onCallEnded: (() -> Void)?
    private let clock: any SceneProcessClock
    private var supervisor: SceneSupervisor
    private var process: LaunchedSceneProcess?
    private var connection: ChannelConnection?
    private var sources: [any DispatchSourceProtocol] = []
    /// The channel's watch in the main loop (read on the main thread as it becomes readable).
    private var channelWatch: (any DescriptorWatch)?
    private let watches: any DescriptorWatching
    private var nextID: UInt64 = 1
    /// Calls not yet answered: what to send when the supervisor delivers it, and who waits.
    private var calls: [UInt64: (message: ChannelMessage, resume: (Result<[UInt8], SceneCallError>) -> Void)] = [:]
    /// The record batch posted last, and who waits for its answer (``whenPostedRecordsAnswered(_:)``).
    private var lastRecordCall: UInt64?
    private var recordWaiters: [UInt64: [@MainActor () -> Void]] = [:]
    /// Why the running process could not load its plugin, once it said so (its end follows).
    private(set) var refusal: ScenePluginRefusal?
    /// The record batch that records posted now join (``postRecord(_:)``): queued, not yet
    /// delivered, and nothing sent after it. Any other call or command closes it.
    private var openBatch: UInt64?
    /// The lines of every record batch queued and not yet delivered, by call: a closed batch keeps
    /// its lines until its delivery (the message is made then) or its failure.
    private var batchLines: [UInt64: [String]] = [:]
    /// The read end of the running process's standard error, and its lines so far.
    private var errorOutput: SharedDescriptor?
    private var errorLines = ProcessOutputLines()
    /// Each window's buffers, by slot, who holds each, and the slot its newest picture is in.
    private(set) var frameBuffers = BoardFrameBuffers<MappedFrameBuffer>()
    /// Whether those pictures are of everything sent (a snapshot's wait, ``framesCaughtUp()``).
    private var frameCurrency = FrameCurrency()

    /// - Parameter watches: reads the channel (the host's ``EventLoop``; a libdispatch source per
    ///   descriptor where another loop runs the main thread).
    init(configuration: Configuration, clock: any SceneProcessClock, watches: any DescriptorWatching) {
        self.configuration = configuration
        self.clock = clock
        self.watches = watches
        supervisor = SceneSupervisor(policy: configuration.policy)
    }

    isolated deinit {
        channelWatch?.cancel()
        for source in sources { source.cancel() }
    }

    var phase: SceneSupervisor.Phase { supervisor.phase }
    /// Calls made and not yet answered or failed.
    var pendingCallCount: Int { calls.count }
    var processID: Int32? { process?.processID }

    func start() { handle(.start) }
    func reload() { handle(.reload) }
    func stop() { handle(.stop) }
    /// Another scene was touched: inputs queued behind a busy one are dropped.
    func otherSceneTouched() { handle(.otherSceneTouched) }

    /// Delivers a touch record; returns what it hit.
    func touch(_ record: SceneTouchRecord) async throws(SceneCallError) -> SceneTouchOutcome {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<SceneTouchOutcome, SceneCallError>, Never>) in
            touch(record) { continuation.resume(returning: $0) }
        }
        return try result.get()
    }

    /// Delivers a touch record; `completion` gets what it hit, on the turn the answer comes (no task
    /// to start or resume on the way: the scripted touch's round trip).
    func touch(_ record: SceneTouchRecord, completion: @escaping (Result<SceneTouchOutcome, SceneCallError>) -> Void) {
        call(isInput: true, { .input(id: $0, code: SceneInputCode.touch, body: record.body) }) { result in
            completion(
                result.flatMap { body in
                    do throws(ChannelError) {
                        return .success(try SceneTouchOutcome(body: body))
                    } catch {
                        return .failure(.refused(code: 0, message: error.message))
                    }
                })
        }
    }

    /// Runs timed finger steps on the scene process's clock; returns, per down, what it hit. The
    /// script's own running time is added to the response timeout.
    func script(_ script: SceneInputScript) async throws(SceneCallError) -> SceneScriptOutcome {
        let body = script.body
        let allowance = UInt64(min(script.duration, 86_400) * 1e9)
        let answer = try await call(isInput: true, allowance: allowance) { .input(id: $0, code: SceneInputCode.script, body: body) }
        do {
            return try SceneScriptOutcome(body: answer)
        } catch {
            throw .refused(code: 0, message: error.message)
        }
    }

    /// Plays a Perform Actions body lasting `duration` seconds on the scene process's clock; returns,
    /// per finger that went down, what it hit. The body's running time is added to the response
    /// timeout.
    func actions(_ actions: SceneActions, duration: Double) async throws(SceneCallError) -> SceneScriptOutcome {
        let body = actions.body
        let allowance = UInt64(min(max(duration, 0), 86_400) * 1e9)
        let answer = try await call(isInput: true, allowance: allowance) { .input(id: $0, code: SceneInputCode.actions, body: body) }
        do {
            return try SceneScriptOutcome(body: answer)
        } catch {
            throw .refused(code: 0, message: error.message)
        }
    }

    /// Moves the scene process's virtual clock to `time` (never backwards), firing its timers due on
    /// the way; returns its time then.
    func advanceClock(to time: Double) async throws(SceneCallError) -> Double {
        var writer = WireWriter(capacity: 8)
        writer.f64(time)
        let body = writer.bytes
        let answer = try await call(isInput: true) { .input(id: $0, code: SceneInputCode.clock, body: body) }
        do throws(ChannelError) {
            var reader = WireReader(answer, context: "clock answer")
            let now = try reader.f64("time")
            try reader.finish()
            return now
        } catch {
            throw .refused(code: 0, message: error.message)
        }
    }

    /// Delivers a device-input record (its input-script line); returns who handled a key.
    func record(_ line: String) async throws(SceneCallError) -> SceneRecordOutcome {
        let body = Array(line.utf8)
        let answer = try await call(isInput: true) { .input(id: $0, code: SceneInputCode.record, body: body) }
        do {
            return try SceneRecordOutcome(body: answer)
        } catch {
            throw .refused(code: 0, message: error.message)
        }
    }

    /// Returns once the stand-in shows the process's frames of everything sent to it before: at once
    /// when they are shown already (``FrameCurrency``: nothing sent since a barrier was answered),
    /// else after a barrier, an empty record batch, which it answers at the end of its turn, after
    /// that turn's frames. The barrier is queued as input, behind the inputs sent before.
    @discardableResult
    func framesCaughtUp() async throws(SceneCallError) -> FramesCatchUp {
        if frameCurrency.isCurrent { return .alreadyShown }
        let through = frameCurrency.newestCall
        let generation = frameCurrency.generation
        let body = SceneRecordBatch(lines: []).body
        _ = try await call(isInput: true, changesFrames: false) { .input(id: $0, code: SceneInputCode.records, body: body) }
        frameCurrency.barrierAnswered(through: through, generation: generation)
        return .waited
    }

    /// Whether the stand-in shows the frames of everything sent (``framesCaughtUp()`` would not ask).
    var framesAreCurrent: Bool { frameCurrency.isCurrent }

    /// How ``framesCaughtUp()`` knew the frames were shown.
    enum FramesCatchUp: Equatable {
        /// Nothing was sent since a barrier's answer: the process was not asked.
        case alreadyShown
        /// A barrier was sent and answered.
        case waited
    }

    /// Delivers a command (a scroll, a first-responder request, a motion or remote-control event).
    func command(_ command: SceneCommand) async throws(SceneCallError) -> SceneCommandOutcome {
        let body = command.body
        let answer = try await call(isInput: true) { .input(id: $0, code: SceneInputCode.command, body: body) }
        do {
            return try SceneCommandOutcome(body: answer)
        } catch {
            throw .refused(code: 0, message: error.message)
        }
    }

    /// Sends a device-input record nobody waits for (a desktop window's input), queued as every
    /// input is. While the input queued last is a batch of such records not yet delivered (the
    /// scene is busy), the record joins it: the scene process then delivers the records queued
    /// meanwhile in one turn and draws once for them, in order, instead of a round trip and a frame
    /// each (3,000 pointer moves as fast as XTest sends them would otherwise keep it busy for
    /// seconds, past its response timeout).
    func postRecord(_ line: String) {
        if let open = openBatch, batchLines[open] != nil {
            batchLines[open]?.append(line)
            return
        }
        let id = nextID
        nextID += 1
        frameCurrency.callMade(id)
        // The message is made when the batch is delivered, with every line it has then.
        calls[id] = (
            .input(id: id, code: SceneInputCode.records, body: []),
            { [weak self] _ in
                self?.onCallEnded?()
                for waiter in self?.recordWaiters.removeValue(forKey: id) ?? [] { waiter() }
            }
        )
        lastRecordCall = id
        openBatch = id
        batchLines[id] = [line]
        handle(.input(id: id, allowance: 0))
    }

    /// Runs `action` once the record posted last was delivered (its batch answered) or failed: what
    /// the scene drew for it has then come (it writes its frames in the turn it answers in).
    func whenPostedRecordsAnswered(_ action: @escaping @MainActor () -> Void) {
        guard let id = lastRecordCall, calls[id] != nil else { return action() }
        recordWaiters[id, default: []].append(action)
    }

    /// Logs every line the process has written to its standard error by now (it writes a line before
    /// it answers the input that made it, so after an answer its lines for that input are all there).
    func drainErrorOutput() {
        readErrorOutput(all: true)
    }

    /// Sends a command nobody waits for, now: it is queued behind the inputs already sent and before
    /// any sent after this returns (an `await`ed call would be queued only once its task runs). Its
    /// answer is dropped (a scene that cannot take it says so in its own signals); `answered` runs
    /// once it is answered, refused, or failed (the process crashed or is not answering in time).
    func post(_ command: SceneCommand, whenAnswered answered: (@MainActor () -> Void)? = nil) {
        openBatch = nil
        let id = nextID
        nextID += 1
        frameCurrency.callMade(id)
        calls[id] = (
            .input(id: id, code: SceneInputCode.command, body: command.body),
            { [weak self] _ in
                self?.onCallEnded?()
                answered?()
            }
        )
        handle(.input(id: id, allowance: 0))
    }

    /// The board is stopping: the scene cancels its touches and disconnects (``SceneQueryCode/stop``);
    /// returns once it answered.
    func stopScene() async throws(SceneCallError) {
        _ = try await call(isInput: false) { .query(id: $0, code: SceneQueryCode.stop, body: []) }
    }

    /// `Window1.HitTest` of window `window` at `point` (window coordinates): the view's reference, ""
    /// for none.
    func hitTest(window: UInt32, x: Double, y: Double) async throws(SceneCallError) -> String {
        var writer = WireWriter()
        writer.u32(window)
        writer.f64(x)
        writer.f64(y)
        let body = writer.bytes
        return String(decoding: try await call(isInput: false) { .query(id: $0, code: SceneQueryCode.hitTest, body: body) }, as: UTF8.self)
    }

    /// The centre of the view `reference` of window `window`, in the window's coordinates; nil when
    /// the window has no such view.
    func viewCenter(window: UInt32, reference: String) async throws(SceneCallError) -> (x: Double, y: Double)? {
        var writer = WireWriter()
        writer.u32(window)
        writer.string(reference)
        let body = writer.bytes
        let answer = try await call(isInput: false) { .query(id: $0, code: SceneQueryCode.viewCenter, body: body) }
        guard !answer.isEmpty else { return nil }
        do throws(ChannelError) {
            var reader = WireReader(answer, context: "viewCenter reply")
            let center = (x: try reader.f64("x"), y: try reader.f64("y"))
            try reader.finish()
            return center
        } catch {
            throw .refused(code: 0, message: error.message)
        }
    }

    /// What the selector `text` matches in the scene, and whether a tap on its one match is ready
    /// (`Host1.Find`, `Host1.TapMatching`); with `scrollingRowsIntoView` (a strict tap's search) the
    /// process first scrolls a one match that is a table row out of view into view [TV-12].
    func match(_ text: String, scrollingRowsIntoView: Bool = false) async throws(SceneCallError) -> SceneSelectorAnswer {
        let body = Array(text.utf8)
        let code = scrollingRowsIntoView ? SceneQueryCode.matchForTap : SceneQueryCode.match
        let answer = try await call(isInput: false) { .query(id: $0, code: code, body: body) }
        do {
            return try SceneSelectorAnswer(body: answer)
        } catch {
            throw .refused(code: 0, message: error.message)
        }
    }

    /// Window `window` drawn at `scale` (its frames are drawn at the process's own).
    func picture(window: UInt32, scale: Double) async throws(SceneCallError) -> ScenePicture {
        var writer = WireWriter(capacity: 12)
        writer.u32(window)
        writer.f64(scale)
        let body = writer.bytes
        let answer = try await call(isInput: false) { .query(id: $0, code: SceneQueryCode.picture, body: body) }
        do {
            return try ScenePicture(body: answer)
        } catch {
            throw .refused(code: 0, message: error.message)
        }
    }

    /// A WebDriver command for the scene's own endpoint: as input (in order with the scene's other
    /// input) when it injects some, else as a query. `completion` runs on the turn the answer (or
    /// the failure) comes: no task to start or resume on the way (an element click's cost). `allowance` seconds (a gesture's playing time) extend its timeout.
    func webDriver(
        _ request: SceneWebDriverRequest, isInput: Bool, allowance: Double = 0,
        completion: @escaping (Result<SceneWebDriverResponse, SceneCallError>) -> Void
    ) {
        let body = request.encoded
        call(isInput: isInput, allowance: UInt64(min(max(allowance, 0), 86_400) * 1e9), {
            isInput ? .input(id: $0, code: SceneInputCode.webDriver, body: body) : .query(id: $0, code: SceneQueryCode.webDriver, body: body)
        }) { result in
            completion(result.flatMap { answer in
                do throws(ChannelError) {
                    return .success(try SceneWebDriverResponse(body: answer))
                } catch {
                    return .failure(.refused(code: 0, message: error.message))
                }
            })
        }
    }

    /// An accessibility query (``SceneQueryCode/accessibilityState`` or
    /// ``SceneQueryCode/accessibilityCall``); `completion` runs on the turn its answer (or failure)
    /// comes.
    func accessibilityQuery(_ code: UInt16, body: [UInt8], completion: @escaping (Result<[UInt8], SceneCallError>) -> Void) {
        call(isInput: false, { .query(id: $0, code: code, body: body) }, completion: completion)
    }

    /// `Window1.DescribeTree` of window `window` (index in the scene), named `path` on the bus.
    func describeTree(window: UInt32, path: String) async throws(SceneCallError) -> String {
        var writer = WireWriter()
        writer.u32(window)
        writer.string(path)
        let body = writer.bytes
        return String(decoding: try await call(isInput: false) { .query(id: $0, code: SceneQueryCode.describeTree, body: body) }, as: UTF8.self)
    }

    /// The buffer of window `window`'s newest picture: the slot the board holds, which the scene
    /// does not write until the board releases it (once a newer frame is shown); nil before its
    /// first frame. The stand-in draws from it in place (``StandInPicture``).
    func shownBuffer(window: UInt32) -> MappedFrameBuffer? {
        frameBuffers.shownBuffer(window: window)
    }

    private func call(
        isInput: Bool, allowance: UInt64 = 0, changesFrames: Bool = true, _ make: (UInt64) -> ChannelMessage
    ) async throws(SceneCallError) -> [UInt8] {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<[UInt8], SceneCallError>, Never>) in
            call(isInput: isInput, allowance: allowance, changesFrames: changesFrames, make) { continuation.resume(returning: $0) }
        }
        return try result.get()
    }

    /// Makes call `make(id)`; once it was answered or failed ``onCallEnded`` runs, then `completion`
    /// (which so sees the call's end counted as a change already). Every call but a snapshot's
    /// barrier (`changesFrames: false`) may change what the process draws.
    private func call(
        isInput: Bool, allowance: UInt64 = 0, changesFrames: Bool = true, _ make: (UInt64) -> ChannelMessage,
        completion: @escaping (Result<[UInt8], SceneCallError>) -> Void
    ) {
        // Records posted after this call must not join a batch queued before it.
        openBatch = nil
        let id = nextID
        nextID += 1
        if changesFrames { frameCurrency.callMade(id) }
        calls[id] = (make(id), { [weak self] result in
            self?.onCallEnded?()
            completion(result)
        })
        handle(isInput ? .input(id: id, allowance: allowance) : .query(id: id))
    }

    // MARK: The supervisor's decisions

    private func handle(_ event: SceneSupervisor.Event) {
        perform(supervisor.handle(event, now: clock.now))
    }

    private func perform(_ actions: [SceneSupervisor.Action]) {
        for action in actions {
            switch action {
            case .spawn: spawn()
            case .kill: process?.kill()
            case .deliver(let id):
                guard var call = calls[id] else { continue }
                if let lines = batchLines.removeValue(forKey: id) {
                    if openBatch == id { openBatch = nil }
                    call.message = .input(id: id, code: SceneInputCode.records, body: SceneRecordBatch(lines: lines).body)
                    calls[id] = call
                }
                try? connection?.send(call.message)
                _ = try? connection?.flush()
            case .fail(let ids, let failure):
                if let open = openBatch, ids.contains(open) { openBatch = nil }
                for id in ids {
                    batchLines[id] = nil
                    calls.removeValue(forKey: id)?.resume(.failure(.unanswered(failure, scene: configuration.scene)))
                }
            case .announceCrash(let exit, let quarantined): onEvent?(.crashed(exit, quarantined: quarantined))
            case .announceNotResponding: onEvent?(.notResponding)
            case .announceResponding: onEvent?(.responding)
            case .showPlaceholder(let placeholder): onEvent?(.placeholder(placeholder))
            case .removePlaceholder: onEvent?(.placeholder(nil))
            case .wake(let deadline):
                clock.wake(at: deadline) { [weak self] in
                    // What the scene sent meanwhile first (its answer, or a report that it runs): a
                    // board whose main thread was late judges the scene by what it did, not by the
                    // board's own delay.
                    self?.receive()
                    self?.handle(.tick)
                }
            }
        }
    }

    private func spawn() {
        refusal = nil
        stopWatching()
        connection = nil
        frameBuffers = BoardFrameBuffers()
        frameCurrency.processStarted()
        errorOutput = nil
        errorLines = ProcessOutputLines()
        // Its standard error comes to the board, which logs it line by line with the scene's name
        // (and finds a Swift runtime's fatal error there when it crashes). Only the board's end is
        // non-blocking.
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            handle(.spawnFailed("\(SceneProcessError(call: "pipe for its standard error", errno: errno))"))
            return
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        let readEnd = SharedDescriptor(adopting: ends[0])
        let writeEnd = SharedDescriptor(adopting: ends[1])
        do {
            let (board, child) = try ChannelSocket.pair()
            let launched = try SceneProcessLauncher.launch(
                executable: configuration.executable,
                arguments: ["--scene-process", configuration.plugin, "--scene-name", configuration.scene] + configuration.arguments
                    + (configuration.startArguments?() ?? []),
                channel: child.descriptor.rawValue, environment: configuration.environment, standardError: ends[1])
            process = launched
            connection = ChannelConnection(socket: board)
            errorOutput = readEnd
            try watch(board.descriptor, launched.pidDescriptor, peers: [child.descriptor, writeEnd])
            handle(.spawned(pid: launched.processID))
        } catch {
            handle(.spawnFailed("\(error)"))
        }
    }

    /// The channel's watch in the main loop; read sources on (a duplicate of) the pidfd and on the
    /// standard error pipe. Each holds its descriptor until it is unregistered: libdispatch unregisters a
    /// cancelled source later, on its own thread, by descriptor number, and a number closed and
    /// reused meanwhile (a restart makes a new socket at once) would be unregistered in the new
    /// one's stead.
    ///
    /// The board also holds the process's ends of the channel and of the pipe (`peers`) until the
    /// sources are cancelled, so that neither of the watched descriptors ever hangs up: the end of
    /// the process comes through the pidfd alone. libdispatch (swift-corelibs, `event_epoll.c`)
    /// handles a hang-up on its manager thread by marking the source for deletion and then still
    /// reading the watch's memory, which the source's own queue may free meanwhile as it
    /// unregisters it; a board whose scene process crashed could fault there (seen three times under
    /// ThreadSanitizer as a SEGV in `_dispatch_event_loop_drain`).
    private func watch(_ channel: SharedDescriptor, _ pidfd: Int32, peers: [SharedDescriptor]) throws(EventLoopError) {
        channelWatch = try watches.watchReadable(channel.rawValue, owner: (channel, peers)) { [weak self] in self?.receive() }
        // Out of descriptors, the pidfd itself is watched (its number lives as long as the process
        // object, which outlives the source but for a restart's moment).
        let duplicate = fcntl(pidfd, F_DUPFD_CLOEXEC, 0)
        let ending = duplicate >= 0 ? SharedDescriptor(adopting: duplicate) : nil
        let end = DispatchSource.makeReadSource(fileDescriptor: ending?.rawValue ?? pidfd, queue: .main)
        end.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.processEnded() } }
        end.setCancelHandler { withExtendedLifetime((ending, peers)) {} }
        end.resume()
        sources.append(end)
        if let errorOutput {
            let output = DispatchSource.makeReadSource(fileDescriptor: errorOutput.rawValue, queue: .main)
            output.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.readErrorOutput() } }
            output.setCancelHandler { withExtendedLifetime((errorOutput, peers)) {} }
            output.resume()
            sources.append(output)
        }
    }

    /// Reads what the process wrote to its standard error and reports each line it completes: a
    /// chunk at a time (the main queue's turn stays short while a process writes much), or with
    /// `all` everything there now (the process ended). Never waits: the descriptor is non-blocking,
    /// and an empty pipe answers EAGAIN, never its end, as the board holds a writer of its own
    /// (``watch(_:_:peers:)``).
    private func readErrorOutput(all: Bool = false) {
        guard let errorOutput else { return }
        var chunk = [UInt8](repeating: 0, count: 16_384)
        repeat {
            let count = chunk.withUnsafeMutableBytes { read(errorOutput.rawValue, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            for line in errorLines.take(chunk[..<count]) { onEvent?(.output(line)) }
        } while all
    }

    private func stopWatching() {
        channelWatch?.cancel()
        channelWatch = nil
        for source in sources { source.cancel() }
        sources = []
    }

    private func processEnded() {
        // Messages it wrote before it ended come first, and what it wrote to its standard error
        // (what is there now: the pipe's end is never seen, the board holds a writer).
        receive()
        readErrorOutput(all: true)
        for line in errorLines.finish() { onEvent?(.output(line)) }
        errorOutput = nil
        stopWatching()
        connection = nil
        let reaped = process?.reap() ?? .exited(0)
        process = nil
        // A process that said why it could not load its plugin ended for that reason.
        let named = configuration.pluginName ?? configuration.plugin
        let exit = refusal.map { SceneExit.refused("plugin \(named) refused (\($0.code)): \($0.message)") } ?? reaped
        handle(.ended(exit))
    }

    private func receive() {
        guard let connection else { return }
        let received: ChannelConnection.Received
        do {
            received = try connection.receiveAvailable()
        } catch {
            // A scene that speaks nonsense is ended; its end is then seen on the pidfd.
            process?.kill()
            return
        }
        for envelope in received.envelopes { take(envelope) }
        // Whatever it sent, its main thread runs: an input it is still playing is not overdue.
        if !received.envelopes.isEmpty { handle(.reported) }
        if received.closed {
            channelWatch?.cancel()  // the end comes through the pidfd
            channelWatch = nil
        }
        _ = try? connection.flush()
    }

    private func take(_ envelope: ChannelEnvelope) {
        switch envelope.message {
        case .hello(let hello):
            handle(.greeted)
            onEvent?(.started(processID: hello.processID))
        case .inputDone(let id, let body), .reply(let id, let body):
            calls.removeValue(forKey: id)?.resume(.success(body))
            handle(.answered(id: id))
        case .failure(let id, let code, let message):
            calls.removeValue(forKey: id)?.resume(.failure(.refused(code: code, message: message)))
            handle(.answered(id: id))
        case .event(SceneEventCode.signal, let body):
            if let signal = try? SceneSignal(body: body) { onEvent?(.signal(signal)) }
        case .event(SceneEventCode.busy, let body):
            if let busy = try? SceneBusyList(body: body) { onEvent?(.busy(busy)) }
        case .event(SceneEventCode.windows, let body):
            if let list = try? SceneWindowList(body: body) { onEvent?(.windows(list)) }
        case .event(SceneEventCode.accessibility, let body):
            onEvent?(.accessibility(body))
        case .event(SceneEventCode.refused, let body):
            refusal = try? ScenePluginRefusal(body: body)
        case .event(SceneEventCode.clock, let body):
            var reader = WireReader(body, context: "clock event")
            if let time = try? reader.f64("time"), (try? reader.finish()) != nil { onEvent?(.clock(time)) }
        case .attachBuffer(let window, let slot, let format):
            guard let descriptor = envelope.attachment,
                let buffer = try? MappedFrameBuffer(mapping: descriptor, format: format, access: .readOnly)
            else { return }
            _ = frameBuffers.attach(buffer, window: window, slot: slot)
        case .frame(let window, let slot, let damage):
            // The picture before this one is released once the stand-in shows this one: the board
            // keeps only the newest, and never draws from a slot the scene may be writing. A frame in
            // a slot the scene does not hold breaks the slot protocol and is not shown.
            guard case .shown(let release) = frameBuffers.takeFrame(window: window, slot: slot) else { return }
            onEvent?(.frame(window: window, damage: damage))
            if let release { try? connection?.send(.releaseBuffer(window: window, slot: release)) }
        case .detachWindow(let window):
            frameBuffers.detach(window: window)
        case .event, .goodbye, .input, .query, .releaseBuffer:
            break
        }
    }
}
