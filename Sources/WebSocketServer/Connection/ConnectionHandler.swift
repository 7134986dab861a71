/// The protocol logic behind one connection: HTTP/1.1 at first, WebSocket after an upgrade.
///
/// Every callback runs on the connection's event loop and must not block it: a handler that needs
/// slow work hands it to another thread and comes back with `connection.loop.execute`.
/// A connection has exactly one handler at a time; `Connection.switchHandler(to:unconsumed:)`
/// replaces it (HTTP → WebSocket after a 101) and passes on bytes the old handler did not use.
public protocol ConnectionHandler: AnyObject {
    /// The handler was installed on `connection` (when it is accepted, or on a switch).
    func handlerAdded(to connection: Connection)

    /// Bytes arrived. `bytes` is a slice of the loop's read buffer: keeping it costs a copy on the
    /// next read, so parse it or append it to your own buffer.
    func connection(_ connection: Connection, didRead bytes: ArraySlice<UInt8>)

    /// The output queue was emptied after having held data: room to write more.
    func connectionDidDrain(_ connection: Connection)

    /// The peer shut down its sending side (read returned 0). The default closes the connection.
    func connectionDidReachEndOfInput(_ connection: Connection)

    /// The server is shutting down: finish what is in flight, say goodbye (a WebSocket sends close
    /// 1001), then `close()`. Connections still open when the grace period ends are aborted.
    func connectionShouldShutDown(_ connection: Connection)

    /// The connection is closed and its socket released; `error` tells why when it was not asked for.
    func connectionDidClose(_ connection: Connection, error: SystemError?)
}

extension ConnectionHandler {
    public func handlerAdded(to connection: Connection) {}
    public func connectionDidDrain(_ connection: Connection) {}
    public func connectionDidReachEndOfInput(_ connection: Connection) { connection.close() }
    public func connectionShouldShutDown(_ connection: Connection) { connection.close() }
    public func connectionDidClose(_ connection: Connection, error: SystemError?) {}
}
