/* Preloaded into wrk by the bench for the full-handshake cases: wrk offers the session of a connection's last
 * handshake when it reconnects (SSL_clear keeps it), so every handshake after the first would be a resumption. This
 * drops that session before a handshake begins, so each new connection makes a full handshake, like a first-time
 * visitor. Nothing else changes. Built with `cc -shared -fPIC`; the OpenSSL functions are wrk's own (not linked here). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>

typedef struct ssl_st SSL;
typedef struct ssl_session_st SSL_SESSION;
int SSL_in_before(const SSL *ssl);
int SSL_set_session(SSL *ssl, SSL_SESSION *session);

int SSL_connect(SSL *ssl) {
    static int (*original)(SSL *);
    if (original == NULL) original = (int (*)(SSL *))dlsym(RTLD_NEXT, "SSL_connect");
    if (SSL_in_before(ssl)) SSL_set_session(ssl, NULL);
    return original(ssl);
}
