// Linux interfaces that Swift's Glibc module does not expose: epoll, eventfd, timerfd.
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include <sys/socket.h>
#include <netinet/tcp.h>
#include <sys/uio.h>
#include <signal.h>
