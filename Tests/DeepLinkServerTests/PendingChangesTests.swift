import ServerPlatform
import Testing

@testable import DeepLinkServer

@Suite("When a change on disk is complete enough to reload")
struct PendingChangesTests {
    static let settle = 500
    static let writerTimeout = 30_000

    /// The decision at `now` (in the tests' units) with `writers` answering whether each path is open for writing.
    static func decide(_ pending: PendingChanges, at now: Int, writers: [String: Bool?] = [:]) -> PendingChanges.Decision {
        pending.decision(at: now, settle: settle, writerTimeout: writerTimeout) { path in writers[path] ?? nil }
    }

    @Test("nothing is reloaded before the files have stayed unchanged for the settle interval")
    func settles() {
        var pending = PendingChanges()
        pending.note("/site/deeplinkd.yaml", .complete, at: 1_000)
        #expect(Self.decide(pending, at: 1_200) == .wait(nanoseconds: 300, writer: nil))
        pending.note("/site/Public/templates/layout.mustache", .complete, at: 1_400)
        #expect(Self.decide(pending, at: 1_600) == .wait(nanoseconds: 300, writer: nil), "each change restarts the interval")
        #expect(Self.decide(pending, at: 1_900) == .reload(unclosed: []))
        #expect(pending.paths == ["/site/Public/templates/layout.mustache", "/site/deeplinkd.yaml"])
    }

    @Test("a file some process still has open for writing waits however long its writer pauses")
    func openWriter() {
        var pending = PendingChanges()
        pending.note("/site/deeplinkd.yaml", .writing, at: 0)
        for now in [500, 3_000, 60_000, 3_600_000] {
            #expect(Self.decide(pending, at: now, writers: ["/site/deeplinkd.yaml": true]) == .wait(nanoseconds: 500, writer: "/site/deeplinkd.yaml"))
        }
        #expect(Self.decide(pending, at: 3_600_000, writers: ["/site/deeplinkd.yaml": false]) == .reload(unclosed: []))
    }

    @Test("where Linux cannot tell the writers, a file reported written waits for its close, or for the writer timeout")
    func unknownWriters() {
        var pending = PendingChanges()
        pending.note("/site/deeplinkd.yaml", .writing, at: 0)
        #expect(Self.decide(pending, at: 3_000) == .wait(nanoseconds: 500, writer: "/site/deeplinkd.yaml"))
        #expect(Self.decide(pending, at: 29_800) == .wait(nanoseconds: 200, writer: "/site/deeplinkd.yaml"))
        #expect(Self.decide(pending, at: 30_000) == .reload(unclosed: ["/site/deeplinkd.yaml"]))
        pending.note("/site/deeplinkd.yaml", .complete, at: 3_000)
        #expect(Self.decide(pending, at: 3_500) == .reload(unclosed: []), "closed by its writer")
    }

    @Test("a write leaves a file being written until its writer closes it; a rename, a removal or a new link is complete at once")
    func states() {
        typealias P = PendingChanges
        #expect(P.state(after: .modified, previous: nil, isRegularFile: true) == .writing)
        #expect(P.state(after: .created, previous: nil, isRegularFile: true) == .writing)
        #expect(P.state(after: .created, previous: nil, isRegularFile: false) == .complete, "a directory or a symbolic link")
        #expect(P.state(after: .closedAfterWriting, previous: .writing, isRegularFile: true) == .complete)
        #expect(P.state(after: .attributes, previous: .writing, isRegularFile: true) == .writing, "a chmod is no close")
        #expect(P.state(after: .attributes, previous: nil, isRegularFile: true) == .complete, "a touch")
        for kind in [FileEvent.Kind.movedIn, .movedOut, .deleted] { #expect(P.state(after: kind, previous: .writing, isRegularFile: true) == .complete) }
    }
}
