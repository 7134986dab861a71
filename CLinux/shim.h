// Linux interfaces that Swift's Glibc module does not expose: epoll, eventfd, timerfd,
// and mallinfo2 (heap statistics for the memory-per-connection benchmarks).
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include <sys/socket.h>
#include <netinet/tcp.h>
#include <sys/uio.h>
#include <signal.h>
#include <malloc.h>
// accept4 is declared by <sys/socket.h> only under _GNU_SOURCE, which the Glibc module does not set.
extern int accept4(int fd, struct sockaddr *address, socklen_t *length, int flags);
