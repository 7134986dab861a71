import Foundation
import Synchronization
import Testing
@testable import WebSocketServer

@Suite struct LoggerTests {
    /// Collects what a logger writes.
    final class Lines: Sendable {
        let written = Mutex<[String]>([])
        var all: [String] { written.withLock { $0 } }
    }

    /// 2026-11-29T16:20:28.125Z.
    static let fixedTime = 1_795_969_228.125

    func logger(_ level: LogLevel, _ format: LogFormat, into lines: Lines) -> Logger {
        Logger(level: level, format: format, clock: { Self.fixedTime }) { line in lines.written.withLock { $0.append(line) } }
    }

    @Test func textLinesCarryTheTimeLevelMessageAndFields() {
        let lines = Lines()
        let log = logger(.info, .text, into: lines)
        log.warning("feed ace: kept the last good data", [("feed", "ace"), ("reason", "HTTP 500 from upstream")])
        #expect(lines.all == [#"2026-11-29T16:20:28.125Z warning feed ace: kept the last good data feed=ace reason="HTTP 500 from upstream""# + "\n"])
    }

    @Test func jsonLinesParseWithEveryField() throws {
        let lines = Lines()
        let log = logger(.debug, .json, into: lines)
        log.error("quote \" backslash \\ tab \t and\nnewline", [("client", "127.0.0.1:5000")])
        log.debug("ünïcödé ✓")
        #expect(lines.all.count == 2)
        for line in lines.all {
            #expect(line.hasSuffix("\n") && line.dropLast().contains("\n") == false, "one event, one line")
        }
        let first = try #require(JSONSerialization.jsonObject(with: Data(lines.all[0].utf8)) as? [String: String])
        #expect(first == ["time": "2026-11-29T16:20:28.125Z", "level": "error",
                          "message": "quote \" backslash \\ tab \t and\nnewline", "client": "127.0.0.1:5000"])
        let second = try #require(JSONSerialization.jsonObject(with: Data(lines.all[1].utf8)) as? [String: String])
        #expect(second["message"] == "ünïcödé ✓" && second["level"] == "debug")
    }

    @Test func eventsBelowTheLevelAreDroppedWithoutBuildingTheMessage() {
        let lines = Lines()
        let log = logger(.warning, .text, into: lines)
        let built = Atomic<Int>(0)
        func message(_ text: String) -> String {
            built.add(1, ordering: .relaxed)
            return text
        }
        log.debug(message("debug"))
        log.info(message("info"))
        log.warning(message("warning"))
        log.error(message("error"))
        #expect(lines.all.map { $0.split(separator: " ")[1] } == ["warning", "error"])
        #expect(built.load(ordering: .relaxed) == 2)
        #expect(!log.isEnabled(.info) && log.isEnabled(.error))
    }

    @Test func textMessagesNeverSpanTwoLines() {
        let lines = Lines()
        logger(.info, .text, into: lines).info("first\nsecond\r\nthird")
        #expect(lines.all == ["2026-11-29T16:20:28.125Z info first\\nsecond\\r\\nthird\n"])
    }

    @Test func levelsAndFormatsHaveTheirOptionNames() {
        #expect(LogLevel.allCases.map { $0.name } == ["debug", "info", "warning", "error"])
        #expect(LogLevel.allCases.allSatisfy { LogLevel(name: $0.name) == $0 })
        #expect(LogLevel(name: "verbose") == nil && LogLevel(name: "INFO") == nil)
        #expect(LogLevel.debug < LogLevel.info && LogLevel.warning < LogLevel.error)
    }

    @Test func timestampsKeepMillisecondsAndPadEveryPart() {
        #expect(LogEvent(time: 0, level: .info, message: "").timestamp == "1970-01-01T00:00:00.000Z")
        #expect(LogEvent(time: 946_684_799.9999, level: .info, message: "").timestamp == "1999-12-31T23:59:59.999Z")
    }
}
