/// Something registered with an event loop's epoll set: a listener or a connection.
/// Called on the loop's thread with the epoll event bits that fired.
protocol EpollSource: AnyObject {
    func handleEvents(_ events: UInt32)
}
