import Foundation

/// Where a Redis server is and how to talk to it:
/// `redis://[[user]:password@]host[:port][/db][?timeout=SECONDS&connect_timeout=SECONDS]`.
///
/// `user` and `password` are percent-decoded; a user without a password is refused (write `redis://:password@…` for a
/// password alone, `redis://user:password@…` for an ACL user). `timeout` bounds each command's reply, `connect_timeout`
/// the TCP connect and the handshake (`AUTH`, `SELECT`); both are seconds (decimals allowed). `rediss://` (TLS) is
/// refused: run a TLS tunnel beside the process and point the URL at its local end (docs/ARCHITECTURE.md).
/// The password never appears in `description`.
public struct RedisURL: Hashable, Sendable {
    public var host: String
    public var port: Int
    /// The ACL user, or nil for the default user.
    public var user: String?
    public var password: String?
    /// The logical database `SELECT`ed at connect.
    public var database: Int
    /// How long a command's reply may take (a blocking read adds its block time).
    public var commandTimeout: Duration
    /// How long connecting and the handshake may take.
    public var connectTimeout: Duration

    public static let defaultPort = 6379
    public static let defaultTimeout = Duration.seconds(2)

    /// A URL from its parts.
    public init(host: String, port: Int = defaultPort, user: String? = nil, password: String? = nil,
                database: Int = 0, commandTimeout: Duration = defaultTimeout,
                connectTimeout: Duration = defaultTimeout) {
        self.host = host
        self.port = port
        self.user = user
        self.password = password
        self.database = database
        self.commandTimeout = commandTimeout
        self.connectTimeout = connectTimeout
    }

    /// Parses `text`.
    public init(_ text: String) throws(RedisURLError) {
        guard text.hasPrefix("redis://") else {
            throw text.hasPrefix("rediss://") ? .tlsNotSupported : .unsupportedScheme
        }
        var rest = Substring(text.dropFirst("redis://".count))
        var query: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        var path: Substring = ""
        if let slash = rest.firstIndex(of: "/") {
            path = rest[rest.index(after: slash)...]
            rest = rest[..<slash]
        }
        self.init(host: "")
        if let at = rest.lastIndex(of: "@") {
            let credentials = rest[..<at]
            rest = rest[rest.index(after: at)...]
            guard let colon = credentials.firstIndex(of: ":") else { throw .userWithoutPassword }
            let user = try Self.percentDecoded(credentials[..<colon])
            self.user = user.isEmpty ? nil : user
            password = try Self.percentDecoded(credentials[credentials.index(after: colon)...])
        }
        try parseHostAndPort(rest)
        if !path.isEmpty {
            guard let database = Int(path), database >= 0, database <= Int(Int32.max) else {
                throw .invalidDatabase(String(path))
            }
            self.database = database
        }
        for option in query.split(separator: "&") {
            try apply(option)
        }
    }

    private mutating func parseHostAndPort(_ text: Substring) throws(RedisURLError) {
        var hostPart = text
        var portPart: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { throw .missingHost }
            hostPart = text[text.index(after: text.startIndex)..<close]
            let after = text[text.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw .invalidPort(String(after)) }
                portPart = after.dropFirst()
            }
        } else if let colon = text.lastIndex(of: ":") {
            hostPart = text[..<colon]
            portPart = text[text.index(after: colon)...]
        }
        guard !hostPart.isEmpty else { throw .missingHost }
        host = String(hostPart)
        if let portPart {
            guard let port = Int(portPart), (1...65535).contains(port) else { throw .invalidPort(String(portPart)) }
            self.port = port
        }
    }

    private mutating func apply(_ option: Substring) throws(RedisURLError) {
        let parts = option.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let seconds = Double(parts[1]), seconds > 0, seconds <= 3600 else {
            throw .invalidOption(String(option))
        }
        let duration = Duration.milliseconds(Int64((seconds * 1000).rounded(.up)))
        switch parts[0] {
        case "timeout": commandTimeout = duration
        case "connect_timeout": connectTimeout = duration
        default: throw .invalidOption(String(option))
        }
    }

    private static func percentDecoded(_ text: Substring) throws(RedisURLError) -> String {
        guard let decoded = String(text).removingPercentEncoding else { throw .invalidPercentEncoding }
        return decoded
    }
}

extension RedisURL: CustomStringConvertible {
    /// The URL with the password replaced by `***`, safe to log.
    public var description: String {
        var text = "redis://"
        if password != nil { text += "\(user ?? ""):***@" }
        text += host.contains(":") ? "[\(host)]" : host
        text += ":\(port)/\(database)"
        return text
    }
}

/// Why a `--redis` URL was refused (never quoting the password).
public enum RedisURLError: Error, Hashable, Sendable {
    case unsupportedScheme
    case tlsNotSupported
    case missingHost
    case invalidPort(String)
    case invalidDatabase(String)
    case invalidOption(String)
    case userWithoutPassword
    case invalidPercentEncoding
}

extension RedisURLError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .unsupportedScheme: "a Redis URL starts with redis://"
        case .tlsNotSupported: "rediss:// (TLS) is not supported: run a TLS tunnel (stunnel) and use redis:// to it"
        case .missingHost: "a Redis URL needs a host: redis://host[:port][/db]"
        case .invalidPort(let port): "invalid Redis port '\(port)' (1-65535)"
        case .invalidDatabase(let database): "invalid Redis database '\(database)' (a number from 0)"
        case .invalidOption(let option):
            "invalid Redis URL option '\(option)' (timeout=SECONDS or connect_timeout=SECONDS, at most 3600)"
        case .userWithoutPassword: "a Redis URL user needs a password: redis://user:password@host or redis://:password@host"
        case .invalidPercentEncoding: "invalid percent-encoding in the Redis URL's user or password"
        }
    }
}
