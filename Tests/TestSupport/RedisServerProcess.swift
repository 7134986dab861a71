import Foundation
import Glibc

/// A `redis-server` of its own for a test: on 127.0.0.1, a free port, a temporary folder, nothing persisted
/// (`Tests/TestSupport/redis-test.conf`, which `Tests/Integration/redis_server.py` uses too). `Tests/setup.sh`
/// installs Debian's `redis-server`. Stopped by `stop()` or when released.
public final class RedisServerProcess: @unchecked Sendable {
    /// The port it listens on (kept across `kill()` and `start()`).
    public private(set) var port: Int
    /// The `requirepass` password, if any.
    public let password: String?
    /// Its working folder (log file included).
    public let folder: URL
    private let extraArguments: [String]
    private var process: Process?

    /// The running server's pid (nil while stopped), for reading its CPU and memory from /proc.
    public var processIdentifier: Int32? { process?.processIdentifier }

    /// Starts a server; `password` turns on `requirepass`, `arguments` are more `--name value` settings.
    public init(password: String? = nil, arguments: [String] = []) throws {
        self.password = password
        extraArguments = arguments
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("trackside-redis-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        port = 0
        // A port free a moment ago may be taken before the server binds it; try a few.
        for attempt in 1...5 {
            port = try Self.freePort()
            do {
                try start()
                return
            } catch where attempt < 5 {
                continue
            }
        }
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// `redis://[:password@]127.0.0.1:port` plus `suffix` (e.g. `/2?timeout=1`).
    public func url(_ suffix: String = "") -> String {
        "redis://\(password.map { ":\($0)@" } ?? "")127.0.0.1:\(port)\(suffix)"
    }

    /// Starts the server (again) on `port` and waits until it accepts connections.
    public func start() throws {
        precondition(process == nil, "already running")
        let log = folder.appendingPathComponent("redis.log")
        try? FileManager.default.removeItem(at: log)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Self.executable())
        var arguments = [SharedData.repositoryRoot.appendingPathComponent("Tests/TestSupport/redis-test.conf").path,
                         "--port", String(port), "--dir", folder.path, "--logfile", log.path]
        if let password { arguments += ["--requirepass", password] }
        process.arguments = arguments + extraArguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let text = try? String(contentsOf: log, encoding: .utf8), text.contains("Ready to accept connections") {
                return
            }
            guard process.isRunning else { break }
            usleep(10_000)
        }
        stop()
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        throw StartFailure(log: text)
    }

    /// Ends the server abruptly (`SIGKILL`), as a crash would, and waits for it.
    public func kill() {
        guard let process else { return }
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        self.process = nil
    }

    /// Ends the server. Also `SIGKILL`: it has nothing to save, and a child spawned from a test's thread may
    /// inherit that thread's blocked `SIGTERM` and never see one.
    public func stop() {
        kill()
    }

    /// The server did not report "Ready to accept connections" within 10 s.
    public struct StartFailure: Error, CustomStringConvertible {
        public let log: String
        public var description: String { "redis-server did not start:\n\(log)" }
    }

    private static func executable() throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") + ["/usr/bin", "/usr/sbin"] {
            let candidate = "\(folder)/redis-server"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw StartFailure(log: "redis-server is not installed (Tests/setup.sh installs it)")
    }

    /// A TCP port on 127.0.0.1 that nothing listens on at the moment.
    public static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else { throw StartFailure(log: "no free port: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
