// GnuTLS calls MicroHTTP makes itself, next to libmicrohttpd's own use of GnuTLS.
//
// libmicrohttpd 0.9.75 creates one GnuTLS session per connection but never enables session tickets, so every
// returning client paid a full handshake. MicroHTTP enables them on each new session from the connection-started
// callback, which libmicrohttpd calls after gnutls_init and before the first handshake byte is read. Swift calls
// the plain GnuTLS functions it needs (gnutls_session_ticket_enable_server, gnutls_priority_init) directly; only
// what Swift cannot call safely is wrapped here, each with its reason.
#ifndef MICROHTTP_TLS_H
#define MICROHTTP_TLS_H

#include <gnutls/gnutls.h>
#ifdef __linux__
#include <linux/sockios.h>
#include <sys/ioctl.h>
#endif

// Why: the ticket master key is allocated by GnuTLS, and gnutls_free is a macro over a global function-pointer
// variable, which Swift 6 cannot read without an unsafe global access. The key is wiped before it is freed, as
// gnutls_session_ticket_enable_server's documentation asks, so it does not linger in freed memory.
static inline void
microhttp_ticket_key_release(gnutls_datum_t *key)
{
  if (key->data != NULL)
  {
    gnutls_memset(key->data, 0, key->size);
    gnutls_free(key->data);
  }
  key->size = 0;
}

// Why: ioctl is variadic, which Swift cannot call. The bytes the socket `descriptor` holds that the peer has not yet
// acknowledged (SIOCOUTQ), or -1 when that cannot be known; answers are corked only on a socket with none.
static inline int
microhttp_unsent_bytes(int descriptor)
{
#ifdef SIOCOUTQ
  int count = 0;
  return ioctl(descriptor, SIOCOUTQ, &count) == 0 ? count : -1;
#else
  (void) descriptor;
  return -1;
#endif
}

#endif
