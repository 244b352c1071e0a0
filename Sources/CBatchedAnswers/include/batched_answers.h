// The answers to a pipelined batch of requests, sent together, and a TLS record read in one call (batched_answers.c
// says how and why).
#ifndef MICROHTTP_BATCHED_ANSWERS_H
#define MICROHTTP_BATCHED_ANSWERS_H

#include <stddef.h>
#include <sys/types.h>

/// Lets the answers on the TCP socket `descriptor` be held back while libmicrohttpd has more of them to write, on the
/// calling thread, which must be the libmicrohttpd thread that polls the socket (the connection-started callback
/// runs there). A socket is not adopted, and left to libmicrohttpd, without memory for it, when the thread-local key
/// could not be made, or when `descriptor` is negative or above INT_MAX / 2.
void microhttp_batching_adopt(int descriptor);

/// Ends what microhttp_batching_adopt began, sending anything held, on the same thread; before the socket is closed.
void microhttp_batching_release(int descriptor);

/// Whether the calling thread holds answers back on `descriptor` now.
int microhttp_batching_is_holding(int descriptor);

/// GnuTLS's pull function (gnutls_pull_func) for a session whose transport is the socket descriptor, as
/// libmicrohttpd sets it: recv() on the socket, which on an adopted socket of the calling thread reads ahead up to a
/// whole record, keeps what it was not asked for and answers the next calls from it (a socket with bytes read ahead
/// is reported ready to read by poll() without waiting). -1 with errno as recv() sets it.
ssize_t microhttp_batching_pull(void *transport, void *data, size_t size);

/// What sends the TLS answers kept back on a connection: called with the `connection` and `context` given to
/// microhttp_batching_defer_record, on the thread that kept them, from poll(), gnutls_bye() or the functions below; a
/// poll() it makes does not settle the thread's sockets (microhttp_batching_wait_writable is the wait meant for it).
typedef void (*microhttp_record_sender)(void *connection, void *context);

/// Keeps back the TLS answers written to `session` (which the caller corked with gnutls_record_cork) on the adopted
/// socket `descriptor` of the calling thread, when libmicrohttpd reports the request complete, and sends those kept
/// back on other sockets whose next request was not seen (microhttp_batching_continue). They are sent, by calling
/// `send` once, at the first of: the thread's next pull or kept-back answer on another socket, or request seen on
/// another connection, unless microhttp_batching_continue(descriptor) came first; its next poll, unless that poll
/// asks for POLLOUT on the socket after microhttp_batching_continue(descriptor); microhttp_batching_send_record; a
/// gnutls_bye on the session. A release drops them unsent. 1 if kept back, 0 if the socket is not adopted on this
/// thread (the caller sends them itself). Keeping back again before they are sent replaces what `send` is called
/// with, and needs a new microhttp_batching_continue.
int microhttp_batching_defer_record(int descriptor, void *session, microhttp_record_sender send, void *connection,
                                    void *context);

/// Says that libmicrohttpd read the next request on `descriptor` (its request line), on the thread that polls it:
/// answers kept back on it wait for the end of its batch; those kept back on other sockets whose next request was not
/// seen are sent.
void microhttp_batching_continue(int descriptor);

/// Sends what microhttp_batching_defer_record kept back on `descriptor` now, if anything.
void microhttp_batching_send_record(int descriptor);

/// Waits up to `milliseconds` for `descriptor` to take more bytes, as poll() for POLLOUT on it alone would, without
/// settling the thread's sockets (a sender may wait so, inside poll()): ppoll()'s count of ready sockets, 0 at the
/// timeout, -1 with errno.
int microhttp_batching_wait_writable(int descriptor, int milliseconds);

/// GnuTLS's pull timeout function (gnutls_pull_timeout_func), which it requires of a session with a pull function of
/// its own: 1 at once if the socket has bytes read ahead, else whether it can be read within `milliseconds`
/// (GNUTLS_INDEFINITE_TIMEOUT: no end): the count of ready sockets of ppoll(), 0 at the timeout, -1 with errno.
int microhttp_batching_pull_timeout(void *transport, unsigned int milliseconds);

#endif
