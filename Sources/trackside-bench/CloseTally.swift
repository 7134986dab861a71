import Synchronization
import WebSocketServer

/// How the WebSocket connections of `serve-broadcast` ended, by close code and reason, so
/// that the benchmark runner can explain every connection a server lost.
final class CloseTally: Sendable {
    private let counts = Mutex<[String: Int]>([:])

    /// Counts one close. Digits in the reason become `#`, so that reasons carrying figures
    /// (bytes queued) fall into one line.
    func record(_ code: WebSocketCloseCode, _ reason: String) {
        var shape = ""
        for character in reason where !(character.isNumber && shape.last == "#") {
            shape.append(character.isNumber ? "#" : character)
        }
        let key = reason.isEmpty ? "\(code.rawValue)" : "\(code.rawValue) \(shape)"
        counts.withLock { $0[key, default: 0] += 1 }
    }

    /// Every close so far, most frequent first, e.g. `1006 no answer to a keepalive ping ×12;
    /// 1000 ×4988`, or `none`.
    var summary: String {
        let sorted = counts.withLock { $0 }.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
        return sorted.isEmpty ? "none" : sorted.map { "\($0.key) ×\($0.value)" }.joined(separator: "; ")
    }
}
