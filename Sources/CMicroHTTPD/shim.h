// Fixed-argument wrappers around libmicrohttpd's variadic entry points.
//
// Swift does not import C variadic functions at all, so MHD_start_daemon, MHD_get_daemon_info and
// MHD_get_connection_info are invisible to the MicroHTTP module without these wrappers. Each wrapper
// passes exactly the arguments its C counterpart expects for the one use MicroHTTP makes of it, so
// no value crosses a `...` with a type Swift could get wrong. Nothing else belongs in this file.
#ifndef MICROHTTP_SHIM_H
#define MICROHTTP_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// The callback MHD_OPTION_URI_LOG_CALLBACK expects; microhttpd.h spells it out inline without a typedef.
typedef void *(*microhttp_uri_callback)(void *cls, const char *uri, struct MHD_Connection *connection);

/// The callback MHD_OPTION_UNESCAPE_CALLBACK expects; microhttpd.h describes it only in a comment.
typedef size_t (*microhttp_unescape_callback)(void *cls, struct MHD_Connection *connection, char *text);

// Why: MHD_start_daemon is variadic. This wrapper fixes the argument list to the accept policy and the
// five callbacks that take two pointers each (a function and its closure, awkward to put into an
// MHD_OptionItem from Swift without bit-casting a function pointer to an integer) plus an MHD_OPTION_ARRAY
// of plain integer and pointer options. The logger is listed first, as microhttpd.h asks, so start-up
// errors reach it. The port argument is 0 because MicroHTTP always passes its own socket via
// MHD_OPTION_LISTEN_SOCKET.
static inline struct MHD_Daemon *
microhttp_start_daemon(unsigned int flags,
                       void *callback_context,
                       MHD_AcceptPolicyCallback accept_policy,
                       MHD_LogCallback log_callback,
                       microhttp_uri_callback uri_callback,
                       MHD_AccessHandlerCallback access_handler,
                       MHD_RequestCompletedCallback completed_callback,
                       MHD_NotifyConnectionCallback connection_callback,
                       microhttp_unescape_callback unescape_callback,
                       const struct MHD_OptionItem *options)
{
  return MHD_start_daemon(flags, 0,
                          accept_policy, callback_context,
                          access_handler, callback_context,
                          MHD_OPTION_EXTERNAL_LOGGER, log_callback, callback_context,
                          MHD_OPTION_URI_LOG_CALLBACK, uri_callback, callback_context,
                          MHD_OPTION_NOTIFY_COMPLETED, completed_callback, callback_context,
                          MHD_OPTION_NOTIFY_CONNECTION, connection_callback, callback_context,
                          MHD_OPTION_UNESCAPE_CALLBACK, unescape_callback, callback_context,
                          MHD_OPTION_ARRAY, options,
                          MHD_OPTION_END);
}

// Why: MHD_get_daemon_info is variadic. None of the daemon queries MicroHTTP makes take an extra
// argument, so the wrapper passes none.
static inline const union MHD_DaemonInfo *
microhttp_get_daemon_info(struct MHD_Daemon *daemon, enum MHD_DaemonInfoType type)
{
  return MHD_get_daemon_info(daemon, type);
}

// Why: MHD_get_connection_info is variadic. None of the connection queries MicroHTTP makes take an
// extra argument, so the wrapper passes none.
static inline const union MHD_ConnectionInfo *
microhttp_get_connection_info(struct MHD_Connection *connection, enum MHD_ConnectionInfoType type)
{
  return MHD_get_connection_info(connection, type);
}

#endif
