// The answers to a pipelined batch of requests, sent together, and a TLS record read in one call.
//
// libmicrohttpd 0.9.75 answers one request of a connection per turn of its event loop. A client that pipelines
// sixteen requests in one write gets sixteen answers over sixteen turns, each pushed to the network as soon as it is
// written: a segment of its own, and on the client's side a wake-up of its own. The library says nothing when a batch
// is done, but what it asks poll() for says it: between two answers of a batch it waits for the socket to take more
// (POLLOUT), and after the last one for the client to send again (POLLIN alone). So this file defines poll() for the
// process. On a thread that has adopted sockets it first settles them: an adopted socket polled for POLLOUT is corked
// (TCP_CORK: the kernel holds a segment that is not full, at most 200 ms), and a corked socket polled without POLLOUT,
// or left out of a poll of that thread, is uncorked, which sends what it holds. Then it polls. On any other thread it
// is ppoll alone. So an answer is held at most until the thread's next poll after it is written: an answer to one
// request at a time is written in the turn that read the request and not held at all, unless it takes more than one
// write (a large answer to a slow reader), whose last part then waits for the end of that turn.
//
// Over TLS libmicrohttpd also pushes each answer itself: before a header it does not push (an answer with a body to
// follow) it corks the socket, once (it never uncorks it there), and after the last write of every answer it sets
// TCP_NODELAY, which on Linux sends what the cork holds. So this file defines setsockopt() as well. On an adopted
// socket of the calling thread it keeps the table in step with the library's TCP_CORK (a socket the library corked is
// uncorked by the thread's next poll that does not ask for POLLOUT, as any other: the first such answer on a
// connection waits for the end of its turn), and it leaves out setting TCP_NODELAY once it is on: that call's only
// effect would be the push, which for a corked socket the thread's next poll makes for the whole batch, and which on a
// socket not corked is done already (with TCP_NODELAY on, the write that ends an answer, never flagged MSG_MORE, sends
// what is queued as far as the window lets it, and the rest follows the peer's acknowledgements, push or not). Any
// other call is the system call.
//
// A small TLS answer is corked in its GnuTLS session so that its header and body leave as one record (MicroHTTP's
// Exchange+cork.swift). When libmicrohttpd reports it complete, MicroHTTP keeps it back here
// (microhttp_batching_defer_record) rather than sending it, while libmicrohttpd, in the same call, reads the
// connection's next request if the client sent it already (a pipelined batch: MicroHTTP tells this file so, with
// microhttp_batching_continue). Without a next request the answer leaves as soon as the thread moves on to another
// connection (its next pull, request or answer) or polls; with one, at the thread's next poll that does not ask to
// write on the socket (more answers of the batch are coming, corked into the same session), so a pipelined batch's
// answers leave as one record each 16 KiB instead of one each, and an answer to a request alone is not held past its
// connection's turn. They are sent before the socket is uncorked, and before anything that would follow them: an answer MicroHTTP does not cork (microhttp_batching_send_record), and
// the close_notify of libmicrohttpd's gnutls_bye, which it calls right after reporting the last request of a
// connection complete, so this file defines gnutls_bye() as well, sending what is kept back and then calling
// GnuTLS's own.
//
// GnuTLS reads a record in two calls, its 5-byte header and then the rest, so a request over TLS cost two recvfrom.
// microhttp_batching_pull, GnuTLS's pull function for the sessions MicroHTTP sets it on, reads ahead instead: asked for
// less than a record, it reads up to a record and keeps what was not asked for (the socket's "buffered" bytes), from
// which the next calls are answered. A socket with buffered bytes is polled as ready to read, since the kernel no
// longer has them: poll() marks it POLLIN without waiting, and a libmicrohttpd thread never waits but in poll() (or in
// GnuTLS's pull timeout, microhttp_batching_pull_timeout, which says the same).
//
// libmicrohttpd must call poll(), setsockopt() and gnutls_bye() by those names (Debian's 0.9.75 does: `nm -D` lists
// them). A build with _FORTIFY_SOURCE calling __poll_chk, or one for 64-bit time on a 32-bit system calling
// __setsockopt64, would pass this file by: the first is caught by Tests/system/test_pipelined_batches.py, which counts
// the segments of a batch, the second refused below; MicroHTTP uncorks, once, a TLS socket the library corked that the
// table does not hold (ServerCore.flushCorkedAnswer). A gnutls_bye passed by is caught by test_tls_records.py, whose
// batch ending in Connection: close must get every answer before the close_notify.
#define _GNU_SOURCE
#include "batched_answers.h"

#include <dlfcn.h>
#include <errno.h>
#include <gnutls/gnutls.h>
#include <limits.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#if defined(__USE_TIME_BITS64) && defined(__TIMESIZE) && __TIMESIZE == 32
#error "with 64-bit time on a 32-bit system libmicrohttpd calls __setsockopt64, which this file does not define"
#endif

enum {
  adopted = 1,      // microhttp_batching_adopt was called for the socket
  corked = 2,       // TCP_CORK is on
  uncorkable = 4,   // setsockopt(TCP_CORK) failed (not TCP): left alone
  writing = 8,      // polled for POLLOUT in the poll being settled
  pushing = 16,     // TCP_NODELAY is on
  buffered = 32,    // read ahead: bytes of the socket are kept in one of the thread's buffers
  deferring = 64,   // TLS answers written on it are kept back in its GnuTLS session, corked
};

// A socket's TLS answers kept back: its session stays corked until `send` sends them. `firm` once the connection's
// next request was seen before the thread moved on to another (microhttp_batching_continue).
struct deferred_record {
  int descriptor;
  int firm;
  void *session;
  microhttp_record_sender send;
  void *connection;
  void *context;
};

// GnuTLS's GNUTLS_INDEFINITE_TIMEOUT: a pull timeout without end.
static const unsigned int indefinite_timeout = (unsigned int) -2;

// The most a pull reads ahead: a whole TLS record, its header and its expansion included (16 KiB + 256 + 5 bytes);
// and the most bytes kept past a pull in a buffer of their own size rather than in one of read_ahead_size.
enum { read_ahead_size = 16 * 1024 + 512, small_read = 2048 };

// A socket's bytes read ahead: `bytes[start..<end]` are still to be pulled, of a buffer of `capacity` bytes.
struct read_ahead {
  int descriptor;
  unsigned char *bytes;
  size_t capacity;
  size_t start;
  size_t end;
};

// One thread's sockets: a state byte for each descriptor below `capacity`, the corked ones listed, the bytes read ahead
// (each socket's in a buffer of read_ahead_size bytes, or of their own size once few remain; `spare` is the buffer the
// next read ahead uses), and the TLS answers kept back.
struct batching {
  unsigned char *states;
  int capacity;
  int adopted_count;
  int *held;
  int held_count;
  int held_capacity;
  struct read_ahead *reads;
  int read_count;
  unsigned char *spare;
  struct deferred_record *deferred;
  int deferred_count;
  int sending;  // a sender of kept-back answers is running: a poll() it makes does not settle the sockets again
};

// The highest descriptor adopted: the state table is indexed by descriptor and doubles to fit it.
static const int descriptor_limit = INT_MAX / 2;

// The calling thread's sockets (NULL until it adopts one); freed with the thread, through the key's destructor.
static __thread struct batching *current;
static pthread_key_t batching_key;
static int batching_key_made;
static pthread_once_t batching_key_once = PTHREAD_ONCE_INIT;

// A timeout of `milliseconds` as ppoll() takes it.
static struct timespec
interval_of(unsigned int milliseconds)
{
  return (struct timespec){.tv_sec = milliseconds / 1000, .tv_nsec = (long) (milliseconds % 1000) * 1000000L};
}

// The system call itself, which setsockopt() below makes for every call it does not answer from the table.
static int
set_option(int descriptor, int level, int name, const void *value, socklen_t length)
{
  return (int) syscall(SYS_setsockopt, (long) descriptor, (long) level, (long) name, value, (long) length);
}

static int
set_cork(int descriptor, int on)
{
  return set_option(descriptor, IPPROTO_TCP, TCP_CORK, &on, sizeof on);
}

// The key's destructor, run as a thread that adopted sockets exits: sends what it still holds (nothing, for a
// libmicrohttpd thread, which releases every socket first) and frees its table; `current` is cleared so that a later
// destructor of the same thread cannot reach the freed table.
static void
batching_free(void *value)
{
  struct batching *batching = value;
  for (int index = 0; index < batching->held_count; index++)
    (void) set_cork(batching->held[index], 0);
  for (int index = 0; index < batching->read_count; index++)
    free(batching->reads[index].bytes);
  free(batching->states);
  free(batching->held);
  free(batching->reads);
  free(batching->spare);
  free(batching->deferred);
  free(batching);
  current = NULL;
}

static void
batching_make_key(void)
{
  batching_key_made = pthread_key_create(&batching_key, batching_free) == 0;
}

// The calling thread's sockets, made on first use; NULL without memory.
static struct batching *
batching_for_thread(void)
{
  if (current != NULL)
    return current;
  if (pthread_once(&batching_key_once, batching_make_key) != 0 || !batching_key_made)
    return NULL;
  struct batching *batching = calloc(1, sizeof *batching);
  if (batching == NULL)
    return NULL;
  if (pthread_setspecific(batching_key, batching) != 0)
  {
    free(batching);
    return NULL;
  }
  current = batching;
  return batching;
}

// Whether `descriptor` is adopted on the thread of `batching`.
static int
is_adopted(const struct batching *batching, int descriptor)
{
  return batching != NULL && descriptor >= 0 && descriptor < batching->capacity &&
         (batching->states[descriptor] & adopted) != 0;
}

// Uncorks the `index`th corked socket, which sends what it holds, and takes it off the list (the last one takes its
// place); the result of the system call.
static int
send_held(struct batching *batching, int index)
{
  int descriptor = batching->held[index];
  int result = set_cork(descriptor, 0);
  batching->states[descriptor] &= (unsigned char) ~corked;
  batching->held_count -= 1;
  batching->held[index] = batching->held[batching->held_count];
  return result;
}

// The place of `descriptor`'s bytes read ahead in the list; it has some.
static int
read_index(const struct batching *batching, int descriptor)
{
  int index = 0;
  while (batching->reads[index].descriptor != descriptor)
    index++;
  return index;
}

// Takes the `index`th socket's bytes read ahead off the list (the last one takes its place); their buffer is the
// thread's spare if it has none and it is of the spare's size, else freed.
static void
drop_read(struct batching *batching, int index)
{
  struct read_ahead *read = &batching->reads[index];
  if (batching->spare == NULL && read->capacity == read_ahead_size)
    batching->spare = read->bytes;
  else
    free(read->bytes);
  batching->states[read->descriptor] &= (unsigned char) ~buffered;
  batching->read_count -= 1;
  *read = batching->reads[batching->read_count];
}

// Takes the `index`th socket's kept-back answers off the list (the last one takes its place); the entry taken.
static struct deferred_record
take_deferred(struct batching *batching, int index)
{
  struct deferred_record record = batching->deferred[index];
  batching->states[record.descriptor] &= (unsigned char) ~deferring;
  batching->deferred_count -= 1;
  batching->deferred[index] = batching->deferred[batching->deferred_count];
  return record;
}

// Takes the `index`th socket's kept-back answers off the list and sends them: the entry goes first, so that the
// sender finds the table as it leaves it.
static void
send_deferred(struct batching *batching, int index)
{
  struct deferred_record record = take_deferred(batching, index);
  batching->sending += 1;
  record.send(record.connection, record.context);
  batching->sending -= 1;
}

// The place of `descriptor`'s kept-back answers in the list; it has some.
static int
deferred_index(const struct batching *batching, int descriptor)
{
  int index = 0;
  while (batching->deferred[index].descriptor != descriptor)
    index++;
  return index;
}

// Sends the answers kept back on sockets other than `descriptor` whose next request was not seen: the thread has moved
// on to another connection, so they are the last of their batch, and their turn is over.
static void
send_unfollowed(struct batching *batching, int descriptor)
{
  // From the end, and bounded again at each step: a sender that keeps or sends answers itself changes the list.
  for (int index = batching->deferred_count - 1; index >= 0; index--)
    if (index < batching->deferred_count && !batching->deferred[index].firm &&
        batching->deferred[index].descriptor != descriptor)
      send_deferred(batching, index);
}

// Moves the few bytes `read` still keeps out of a buffer of read_ahead_size, which becomes the thread's spare if it has
// none (else is freed), into one of their size: bytes read ahead that outlast the record they came with (the start
// of a pipelined request) wait for the socket's turn, and a socket's turn can be long. Left as they are without memory.
static void
shrink_read(struct batching *batching, struct read_ahead *read)
{
  size_t count = read->end - read->start;
  unsigned char *bytes = malloc(count);
  if (bytes == NULL)
    return;
  memcpy(bytes, read->bytes + read->start, count);
  if (batching->spare == NULL)
    batching->spare = read->bytes;
  else
    free(read->bytes);
  *read = (struct read_ahead){.descriptor = read->descriptor, .bytes = bytes, .capacity = count, .start = 0, .end = count};
}

// Ends the batching of `descriptor`, uncorking it if it is corked; what was read ahead of it, and what answers were
// kept back on it (the connection is closing without a TLS close, which would have sent them), are dropped.
static void
forget(struct batching *batching, int descriptor)
{
  for (int index = 0; index < batching->held_count; index++)
    if (batching->held[index] == descriptor)
    {
      send_held(batching, index);
      break;
    }
  if (batching->states[descriptor] & buffered)
    drop_read(batching, read_index(batching, descriptor));
  if (batching->states[descriptor] & deferring)
    (void) take_deferred(batching, deferred_index(batching, descriptor));
  batching->states[descriptor] = 0;
  batching->adopted_count -= 1;
}

void
microhttp_batching_adopt(int descriptor)
{
  if (descriptor < 0 || descriptor > descriptor_limit)
    return;
  struct batching *batching = batching_for_thread();
  if (batching == NULL)
    return;
  if (descriptor >= batching->capacity)
  {
    int capacity = batching->capacity > 0 ? batching->capacity : 64;
    while (capacity <= descriptor)
      capacity *= 2;
    unsigned char *states = realloc(batching->states, (size_t) capacity);
    if (states == NULL)
      return;
    memset(states + batching->capacity, 0, (size_t) (capacity - batching->capacity));
    batching->states = states;
    batching->capacity = capacity;
  }
  if (batching->states[descriptor] & adopted)
    forget(batching, descriptor);  // a socket closed unreleased, whose number is used again
  // Room on the lists for every adopted socket, so that corking one, keeping what was read ahead of it or keeping its
  // answers back never needs memory (see hold, microhttp_batching_pull and microhttp_batching_defer_record).
  if (batching->held_capacity <= batching->adopted_count)
  {
    int capacity = batching->held_capacity > 0 ? batching->held_capacity * 2 : 16;
    int *held = realloc(batching->held, (size_t) capacity * sizeof *held);
    if (held == NULL)
      return;
    batching->held = held;
    struct read_ahead *reads = realloc(batching->reads, (size_t) capacity * sizeof *reads);
    if (reads == NULL)
      return;
    batching->reads = reads;
    struct deferred_record *deferred = realloc(batching->deferred, (size_t) capacity * sizeof *deferred);
    if (deferred == NULL)
      return;
    batching->deferred = deferred;
    batching->held_capacity = capacity;
  }
  batching->states[descriptor] = adopted;
  batching->adopted_count += 1;
}

void
microhttp_batching_release(int descriptor)
{
  struct batching *batching = current;
  if (is_adopted(batching, descriptor))
    forget(batching, descriptor);
}

int
microhttp_batching_is_holding(int descriptor)
{
  struct batching *batching = current;
  return is_adopted(batching, descriptor) && (batching->states[descriptor] & corked) != 0;
}

// Corks the adopted `descriptor` and lists it; the result of the system call. The list has room: only adopted
// sockets are on it, and adoption made room for each.
static int
hold(struct batching *batching, int descriptor)
{
  int result = set_cork(descriptor, 1);
  if (result != 0)
  {
    batching->states[descriptor] |= uncorkable;
    return result;
  }
  batching->held[batching->held_count++] = descriptor;
  batching->states[descriptor] |= corked;
  return 0;
}

// Corks the adopted sockets polled for POLLOUT, and sends what the others hold: first the TLS answers kept back, into
// the socket while it is still corked, then the socket's own (see the top of the file).
static void
settle(struct batching *batching, const struct pollfd *descriptors, nfds_t count)
{
  for (nfds_t index = 0; index < count; index++)
  {
    int descriptor = descriptors[index].fd;
    if (!(descriptors[index].events & POLLOUT) || !is_adopted(batching, descriptor))
      continue;
    unsigned char state = batching->states[descriptor];
    if (state & corked)
      batching->states[descriptor] = state | writing;
    else if (!(state & uncorkable) && hold(batching, descriptor) == 0)
      batching->states[descriptor] |= writing;
  }
  for (int index = batching->deferred_count - 1; index >= 0; index--)
    if (index < batching->deferred_count &&
        (!batching->deferred[index].firm || !(batching->states[batching->deferred[index].descriptor] & writing)))
      send_deferred(batching, index);
  for (int index = batching->held_count - 1; index >= 0; index--)
  {
    int descriptor = batching->held[index];
    if (batching->states[descriptor] & writing)
      batching->states[descriptor] &= (unsigned char) ~writing;
    else
      send_held(batching, index);
  }
}

// Whether the `index`th socket polled is polled for reading and has bytes read ahead.
static int
is_buffered(const struct batching *batching, const struct pollfd *descriptors, nfds_t index)
{
  return (descriptors[index].events & (POLLIN | POLLRDNORM)) && is_adopted(batching, descriptors[index].fd) &&
         (batching->states[descriptors[index].fd] & buffered);
}

// Marks the sockets polled for reading that have bytes read ahead as ready to read, in what ppoll() returned
// (`result`, with the `descriptors`' revents); the count of sockets ready. ppoll() did not wait (see poll): its error
// (a signal) is left out, those sockets being ready whatever it says.
static int
mark_buffered(const struct batching *batching, struct pollfd *descriptors, nfds_t count, int result)
{
  if (result < 0)
  {
    result = 0;
    for (nfds_t index = 0; index < count; index++)
      descriptors[index].revents = 0;
  }
  for (nfds_t index = 0; index < count; index++)
    if (is_buffered(batching, descriptors, index))
    {
      if (descriptors[index].revents == 0)
        result += 1;
      descriptors[index].revents |= (short) (descriptors[index].events & (POLLIN | POLLRDNORM));
    }
  return result;
}

// Why: the signal that a batch is done is only in poll()'s arguments, and a socket's bytes read ahead are no longer
// the kernel's to report (see the top of the file). The sockets are settled first, keeping errno as it was; if one
// polled for reading has bytes read ahead, the poll does not wait and that socket is reported ready. ppoll() polls:
// with no signal mask it is poll() with the timeout as a timespec, and calling it rather than glibc's poll cannot come
// back here. Unlike glibc's poll(), this one is not async-signal-safe on a thread that adopted sockets (it may grow a
// table); libmicrohttpd polls from its own threads.
int
poll(struct pollfd *descriptors, nfds_t count, int timeout)
{
  struct batching *batching = current;
  int reading = 0;
  if (batching != NULL && (batching->adopted_count > 0 || batching->held_count > 0) && !batching->sending)
  {
    int saved = errno;
    settle(batching, descriptors, count);
    for (nfds_t index = 0; batching->read_count > 0 && index < count && !reading; index++)
      reading = is_buffered(batching, descriptors, index);
    errno = saved;
  }
  if (reading)
    timeout = 0;
  struct timespec interval = interval_of((unsigned int) timeout);
  int result = ppoll(descriptors, count, timeout < 0 ? NULL : &interval, NULL);
  return reading ? mark_buffered(batching, descriptors, count, result) : result;
}

// Why: over TLS libmicrohttpd pushes every answer by setting TCP_NODELAY, and corks the socket for its first answer
// (see the top of the file). On an adopted socket of the calling thread a call setting TCP_CORK is made and the table
// follows it, and one setting TCP_NODELAY while it is already on is answered without the system call. Every other call is the system call, errors included. Like poll(), it is not async-signal-safe on
// a thread that adopted sockets.
int
setsockopt(int descriptor, int level, int name, const void *value, socklen_t length)
{
  struct batching *batching = current;
  if (level != IPPROTO_TCP || (name != TCP_CORK && name != TCP_NODELAY) || value == NULL ||
      length < (socklen_t) sizeof(int) || !is_adopted(batching, descriptor))
    return set_option(descriptor, level, name, value, length);
  int value_read;
  memcpy(&value_read, value, sizeof value_read);
  int on = value_read != 0;
  unsigned char state = batching->states[descriptor];
  if (name == TCP_NODELAY)
  {
    if (on && (state & pushing))
      return 0;
    int result = set_option(descriptor, level, name, value, length);
    if (result == 0)
      batching->states[descriptor] = on ? (unsigned char) (state | pushing) : (unsigned char) (state & ~pushing);
    return result;
  }
  if (on == ((state & corked) != 0))
    return set_option(descriptor, level, name, value, length);
  if (on)
    return hold(batching, descriptor);
  for (int index = 0; index < batching->held_count; index++)
    if (batching->held[index] == descriptor)
      return send_held(batching, index);
  return set_option(descriptor, level, name, value, length);
}

ssize_t
microhttp_batching_pull(void *transport, void *data, size_t size)
{
  int descriptor = (int) (intptr_t) transport;
  struct batching *batching = current;
  if (size == 0 || !is_adopted(batching, descriptor))
    return recv(descriptor, data, size, 0);
  if (batching->deferred_count > 0)
    send_unfollowed(batching, descriptor);
  if (batching->states[descriptor] & buffered)
  {
    int index = read_index(batching, descriptor);
    struct read_ahead *read = &batching->reads[index];
    size_t taken = read->end - read->start < size ? read->end - read->start : size;
    memcpy(data, read->bytes + read->start, taken);
    read->start += taken;
    if (read->start == read->end)
      drop_read(batching, index);
    else if (read->capacity == read_ahead_size && read->end - read->start <= small_read)
      shrink_read(batching, read);
    return (ssize_t) taken;
  }
  // A record or more is asked for (GnuTLS asks for no more than the rest of a record), or no memory to read into.
  if (size >= read_ahead_size || (batching->spare == NULL && (batching->spare = malloc(read_ahead_size)) == NULL))
    return recv(descriptor, data, size, 0);
  ssize_t received = recv(descriptor, batching->spare, read_ahead_size, 0);
  if (received <= 0)
    return received;
  size_t taken = (size_t) received < size ? (size_t) received : size;
  memcpy(data, batching->spare, taken);
  if ((size_t) received > taken)
  {
    // The list has room: adoption made it for each adopted socket, and a socket is on it once at most.
    batching->reads[batching->read_count++] = (struct read_ahead){
        .descriptor = descriptor, .bytes = batching->spare, .capacity = read_ahead_size, .start = taken,
        .end = (size_t) received};
    batching->spare = NULL;
    batching->states[descriptor] |= buffered;
  }
  return (ssize_t) taken;
}

int
microhttp_batching_pull_timeout(void *transport, unsigned int milliseconds)
{
  int descriptor = (int) (intptr_t) transport;
  struct batching *batching = current;
  if (is_adopted(batching, descriptor) && (batching->states[descriptor] & buffered))
    return 1;
  // ppoll() rather than poll(): a wait on one socket is not the end of a batch on the others.
  struct pollfd readable = {.fd = descriptor, .events = POLLIN, .revents = 0};
  struct timespec interval = interval_of(milliseconds);
  return ppoll(&readable, 1, milliseconds == indefinite_timeout ? NULL : &interval, NULL);
}

int
microhttp_batching_defer_record(int descriptor, void *session, microhttp_record_sender send, void *connection,
                                void *context)
{
  struct batching *batching = current;
  if (!is_adopted(batching, descriptor) || session == NULL || send == NULL)
    return 0;
  send_unfollowed(batching, descriptor);
  struct deferred_record record = {
      .descriptor = descriptor, .firm = 0, .session = session, .send = send, .connection = connection,
      .context = context};
  if (batching->states[descriptor] & deferring)
    batching->deferred[deferred_index(batching, descriptor)] = record;
  else
  {
    // The list has room: adoption made it for each adopted socket, and a socket is on it once at most.
    batching->deferred[batching->deferred_count++] = record;
    batching->states[descriptor] |= deferring;
  }
  return 1;
}

void
microhttp_batching_continue(int descriptor)
{
  struct batching *batching = current;
  if (batching == NULL || batching->deferred_count == 0)
    return;
  send_unfollowed(batching, descriptor);
  if (is_adopted(batching, descriptor) && (batching->states[descriptor] & deferring))
    batching->deferred[deferred_index(batching, descriptor)].firm = 1;
}

void
microhttp_batching_send_record(int descriptor)
{
  struct batching *batching = current;
  if (is_adopted(batching, descriptor) && (batching->states[descriptor] & deferring))
    send_deferred(batching, deferred_index(batching, descriptor));
}

typedef int (*bye_function)(gnutls_session_t, gnutls_close_request_t);

// Why: libmicrohttpd 0.9.75 closes a TLS connection with gnutls_bye right after it reports the last request complete,
// so answers kept back would follow the close_notify alert, which ends the stream for the client; they are sent
// first. GnuTLS's own gnutls_bye is then called: the next definition after the executable's (dlsym RTLD_NEXT),
// looked up once; GNUTLS_E_INTERNAL_ERROR if there is none, and libmicrohttpd then shuts the socket down itself.
int
gnutls_bye(gnutls_session_t session, gnutls_close_request_t how)
{
  struct batching *batching = current;
  if (batching != NULL)
    for (int index = 0; index < batching->deferred_count; index++)
      if (batching->deferred[index].session == (void *) session)
      {
        send_deferred(batching, index);
        break;
      }
  static bye_function next;
  bye_function bye = __atomic_load_n(&next, __ATOMIC_ACQUIRE);
  if (bye == NULL)
  {
    bye = (bye_function) dlsym(RTLD_NEXT, "gnutls_bye");
    if (bye == NULL)
      return GNUTLS_E_INTERNAL_ERROR;
    __atomic_store_n(&next, bye, __ATOMIC_RELEASE);
  }
  return bye(session, how);
}

int
microhttp_batching_wait_writable(int descriptor, int milliseconds)
{
  struct pollfd writable = {.fd = descriptor, .events = POLLOUT, .revents = 0};
  struct timespec interval = interval_of(milliseconds < 0 ? 0 : (unsigned int) milliseconds);
  return ppoll(&writable, 1, &interval, NULL);
}
