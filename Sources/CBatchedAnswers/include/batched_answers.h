// The answers to a pipelined batch of requests, sent together (batched_answers.c says how and why).
#ifndef MICROHTTP_BATCHED_ANSWERS_H
#define MICROHTTP_BATCHED_ANSWERS_H

/// Lets the answers on the TCP socket `descriptor` be held back while libmicrohttpd has more of them to write, on the
/// calling thread, which must be the libmicrohttpd thread that polls the socket (the connection-started callback
/// runs there). A socket is not adopted, and left to libmicrohttpd, without memory for it, when the thread-local key
/// could not be made, or when `descriptor` is negative or above INT_MAX / 2.
void microhttp_batching_adopt(int descriptor);

/// Ends what microhttp_batching_adopt began, sending anything held, on the same thread; before the socket is closed.
void microhttp_batching_release(int descriptor);

/// Whether the calling thread holds answers back on `descriptor` now.
int microhttp_batching_is_holding(int descriptor);

#endif
