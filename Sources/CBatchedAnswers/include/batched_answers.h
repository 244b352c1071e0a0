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

/// GnuTLS's pull timeout function (gnutls_pull_timeout_func), which it requires of a session with a pull function of
/// its own: 1 at once if the socket has bytes read ahead, else whether it can be read within `milliseconds`
/// (GNUTLS_INDEFINITE_TIMEOUT: no end): the count of ready sockets of ppoll(), 0 at the timeout, -1 with errno.
int microhttp_batching_pull_timeout(void *transport, unsigned int milliseconds);

#endif
