import Foundation
import Glibc

/// A one-shot HTTP/1.0 GET to a bench server on 127.0.0.1 (its `/readyz`, its `/metrics`), so the
/// benchmark needs no HTTP client library: connect, send, read to the end, split the head off.
enum BenchHTTP {
    /// The status code and body of `GET path`, or nil when the server could not be reached or
    /// answered nothing an HTTP client would read, within `timeout` seconds per read.
    static func get(port: UInt16, path: String, timeout: Int = 10) -> (status: Int, body: String)? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var time = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return nil }
        let request = Array("GET \(path) HTTP/1.0\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == request.count else { return nil }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            response += buffer[..<count]
        }
        let text = String(decoding: response, as: UTF8.self)
        guard let headEnd = text.range(of: "\r\n\r\n"), let status = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return nil }
        return (status, String(text[headEnd.upperBound...]))
    }
}
