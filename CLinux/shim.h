// Linux interfaces that Swift's Glibc module does not expose: epoll, eventfd, timerfd,
// mallinfo2 (heap statistics for the memory-per-connection benchmarks), and the socket queue
// sizes of ioctl, which Swift cannot call directly because ioctl is variadic.
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include <sys/socket.h>
#include <netinet/tcp.h>
#include <sys/uio.h>
#include <signal.h>
#include <malloc.h>
#include <sys/ioctl.h>
#include <linux/sockios.h>
// accept4 is declared by <sys/socket.h> only under _GNU_SOURCE, which the Glibc module does not set.
extern int accept4(int fd, struct sockaddr *address, socklen_t *length, int flags);

// Bytes in a TCP socket's send queue that the peer has not acknowledged yet (SIOCOUTQ), or -1.
static inline int clinux_unacknowledged_output(int fd) {
    int count = 0;
    return ioctl(fd, SIOCOUTQ, &count) == 0 ? count : -1;
}

// Bytes received on a socket and not read yet (SIOCINQ), or -1.
static inline int clinux_unread_input(int fd) {
    int count = 0;
    return ioctl(fd, SIOCINQ, &count) == 0 ? count : -1;
}
