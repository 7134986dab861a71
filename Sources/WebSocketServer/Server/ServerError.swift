/// Why the server could not start.
public enum ServerError: Error, CustomStringConvertible, Equatable {
    /// `--host` did not resolve.
    case cannotResolve(host: String, reason: String)
    /// Another process holds the address and port (`EADDRINUSE` on bind).
    case addressInUse
    /// A socket call failed while binding or listening.
    case socket(SystemError)
    /// The configuration is inconsistent (e.g. zero event loops).
    case invalidConfiguration(String)

    public var description: String {
        switch self {
        case .cannotResolve(let host, let reason): return "cannot resolve host '\(host)': \(reason)"
        case .addressInUse: return "address already in use: another process is listening on this port"
        case .socket(let error): return error.description
        case .invalidConfiguration(let reason): return "invalid configuration: \(reason)"
        }
    }
}
