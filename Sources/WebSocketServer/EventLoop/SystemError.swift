import Glibc

/// A failed system call, with the call's name and the `errno` it left.
public struct SystemError: Error, CustomStringConvertible, Equatable {
    /// The system call that failed, e.g. `bind`.
    public let call: String
    /// The `errno` value.
    public let code: Int32

    /// Captures the current `errno` for `call`.
    init(_ call: String, code: Int32 = errno) {
        self.call = call
        self.code = code
    }

    public var description: String {
        "\(call) failed: \(String(cString: strerror(code))) (errno \(code))"
    }
}
