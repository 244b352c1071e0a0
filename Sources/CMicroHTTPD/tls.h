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
#include <stdint.h>
#include <sys/socket.h>
#ifdef __linux__
#include <linux/sock_diag.h>
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

// Why: the kernel's accounting comes as an array of u32 indexed by an enum of a Linux header (linux/sock_diag.h),
// which the Glibc module does not bring to Swift. The bytes of segment memory the socket `descriptor` can still queue
// without a sender waiting: its send buffer (SO_SNDBUF, as autotuned) less what its queued segments take, their
// overhead included (SO_MEMINFO's WMEM_QUEUED); -1 when that cannot be known.
static inline long
microhttp_send_room(int descriptor)
{
#if defined(__linux__) && defined(SO_MEMINFO)
  uint32_t memory[SK_MEMINFO_VARS] = {0};
  socklen_t length = sizeof(memory);
  if (getsockopt(descriptor, SOL_SOCKET, SO_MEMINFO, memory, &length) != 0 ||
      length < (SK_MEMINFO_WMEM_QUEUED + 1) * sizeof(uint32_t))
    return -1;
  return (long) memory[SK_MEMINFO_SNDBUF] - (long) memory[SK_MEMINFO_WMEM_QUEUED];
#else
  (void) descriptor;
  return -1;
#endif
}

#endif
