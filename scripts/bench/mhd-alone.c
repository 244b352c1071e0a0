// libmicrohttpd alone: the library deeplinkd is built on, started with deeplinkd's daemon flags and limits, answering
// the bench's requests with the bytes deeplinkd answers them with (the files bench/nginx.py fetched) and the same
// header fields, and doing nothing else: no routing, no rendering, no access log, no metrics. What it costs a request
// is the part of deeplinkd's cost that is the library's.
//
// A target given on the command line (one the cases ask for again and again, which deeplinkd answers from its
// cache) gets a response made once and queued for every request, as deeplinkd queues a cached answer; every other
// target gets a response made, given its header fields, queued and destroyed per request, as deeplinkd does with an
// answer it had to work out. Its connections are adopted by deeplinkd's poll() (Sources/CBatchedAnswers, compiled
// in), as deeplinkd's are, so the answers to a pipelined batch leave together here too.
//
// usage: mhd-alone PORT WWW_DIRECTORY AASA_PATH [REPEATED_TARGET ...]
#include "batched_answers.h"

#include <microhttpd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct body {
  char *bytes;
  size_t length;
};

// One kind of answer: its body, its header fields (deeplinkd's, without the Date and Content-Length the library
// adds) and, for repeated targets, the response made once.
struct kind {
  struct body body;
  const char *const *fields;
};

static const char *const aasa_fields[] = {
  "Content-Type", "application/json",
  "Cache-Control", "public, max-age=300",
  "ETag", "\"a271c1723ff4dbca\"",
  "Last-Modified", "Fri, 27 Nov 2026 08:52:19 GMT",
  "X-Content-Type-Options", "nosniff",
  "Access-Control-Allow-Origin", "*",
  NULL};

static const char *const page_fields[] = {
  "Content-Type", "text/html; charset=utf-8",
  "Content-Security-Policy", "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; "
                             "frame-ancestors 'none'; form-action 'self'; img-src 'self' data:",
  "X-Content-Type-Options", "nosniff",
  "X-Frame-Options", "DENY",
  "Cache-Control", "public, max-age=300",
  "Referrer-Policy", "strict-origin-when-cross-origin",
  "Vary", "User-Agent",
  NULL};

static const char *const json_fields[] = {
  "Content-Type", "application/json; charset=utf-8",
  "Cache-Control", "no-store",
  "X-Content-Type-Options", "nosniff",
  NULL};

static struct kind aasa = {{NULL, 0}, aasa_fields};
static struct kind page = {{NULL, 0}, page_fields};
static struct kind resolve = {{NULL, 0}, json_fields};
static struct kind health = {{"{\"status\":\"ok\"}\n", 16}, json_fields};
static struct kind missing = {{"{\"error\":\"not found\"}\n", 22}, json_fields};

// What a request is answered with, chosen from its raw target when its head arrives (the library's URI callback).
// Each answer is a pair: the callback hands the connection the first, the head's call of the handler moves it to the
// second, and the call after it answers. A response queued on the head's call would close the connection (the
// library cannot know yet that no body follows), so deeplinkd also answers on the second call.
struct answer {
  const struct kind *kind;
  struct MHD_Response *kept; // NULL: made per request
  int answers;               // 0 in the pair's first, 1 in its second
};

static struct answer (*repeated)[2];
static size_t repeated_count;
static char **repeated_targets;
static struct answer fresh_page[2] = {{&page, NULL, 0}, {&page, NULL, 1}};
static struct answer fresh_resolve[2] = {{&resolve, NULL, 0}, {&resolve, NULL, 1}};
static struct answer fresh_missing[2] = {{&missing, NULL, 0}, {&missing, NULL, 1}};
static struct answer fresh_aasa[2] = {{&aasa, NULL, 0}, {&aasa, NULL, 1}};
static struct answer fresh_health[2] = {{&health, NULL, 0}, {&health, NULL, 1}};
static const char *aasa_path;

static struct body read_file(const char *directory, const char *name) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", directory, name);
  FILE *file = fopen(path, "rb");
  if (file == NULL) {
    fprintf(stderr, "mhd-alone: cannot read %s\n", path);
    exit(1);
  }
  struct body body = {malloc(1 << 20), 0};
  body.length = fread(body.bytes, 1, 1 << 20, file);
  int larger = fgetc(file) != EOF;
  fclose(file);
  if (larger) {
    fprintf(stderr, "mhd-alone: %s is larger than 1 MiB\n", path);
    exit(1);
  }
  return body;
}

static struct MHD_Response *make(const struct kind *kind) {
  struct MHD_Response *response =
      MHD_create_response_from_buffer(kind->body.length, kind->body.bytes, MHD_RESPMEM_PERSISTENT);
  for (const char *const *field = kind->fields; *field != NULL; field += 2)
    MHD_add_response_header(response, field[0], field[1]);
  return response;
}

static const struct kind *kind_of(const char *target) {
  if (strcmp(target, aasa_path) == 0) return &aasa;
  if (strcmp(target, "/healthz") == 0) return &health;
  if (strncmp(target, "/c/", 3) == 0) return &page;
  if (strncmp(target, "/resolve?", 9) == 0) return &resolve;
  return &missing;
}

static void *choose(void *context, const char *target, struct MHD_Connection *connection) {
  (void)context;
  (void)connection;
  for (size_t index = 0; index < repeated_count; index++)
    if (strcmp(target, repeated_targets[index]) == 0) return &repeated[index][0];
  const struct kind *kind = kind_of(target);
  if (kind == &page) return &fresh_page[0];
  if (kind == &resolve) return &fresh_resolve[0];
  if (kind == &aasa) return &fresh_aasa[0];
  if (kind == &health) return &fresh_health[0];
  return &fresh_missing[0];
}

static enum MHD_Result handle(void *context, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *data, size_t *size, void **state) {
  (void)context;
  (void)url;
  (void)method;
  (void)version;
  (void)data;
  struct answer *answer = *state;
  if (*size != 0) { // a body: read and dropped
    *size = 0;
    return MHD_YES;
  }
  if (!answer->answers) {
    *state = answer + 1;
    return MHD_YES;
  }
  if (answer->kept != NULL) return MHD_queue_response(connection, MHD_HTTP_OK, answer->kept);
  struct MHD_Response *response = make(answer->kind);
  unsigned int status = answer->kind == &missing ? MHD_HTTP_NOT_FOUND : MHD_HTTP_OK;
  enum MHD_Result result = MHD_queue_response(connection, status, response);
  MHD_destroy_response(response);
  return result;
}

// MHD_OPTION_NOTIFY_CONNECTION: adopts a connection for batched answers, and releases it, as deeplinkd does.
static void connection_changed(void *cls, struct MHD_Connection *connection, void **socket_context,
                               enum MHD_ConnectionNotificationCode change) {
  (void)cls;
  (void)socket_context;
  const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  if (info == NULL) return;
  if (change == MHD_CONNECTION_NOTIFY_STARTED)
    microhttp_batching_adopt(info->connect_fd);
  else
    microhttp_batching_release(info->connect_fd);
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: mhd-alone PORT WWW_DIRECTORY AASA_PATH [REPEATED_TARGET ...]\n");
    return 2;
  }
  aasa_path = argv[3];
  aasa.body = read_file(argv[2], "aasa.json");
  page.body = read_file(argv[2], "landing.html");
  resolve.body = read_file(argv[2], "resolve.json");
  repeated_count = (size_t)(argc - 4);
  repeated_targets = argv + 4;
  repeated = calloc(repeated_count + 1, sizeof *repeated);
  for (size_t index = 0; index < repeated_count; index++) {
    const struct kind *kind = kind_of(repeated_targets[index]);
    struct MHD_Response *kept = make(kind);
    repeated[index][0] = (struct answer){kind, kept, 0};
    repeated[index][1] = (struct answer){kind, kept, 1};
  }
  struct MHD_Daemon *daemon = MHD_start_daemon(
      MHD_USE_POLL_INTERNAL_THREAD | MHD_USE_ERROR_LOG | MHD_USE_ITC, (uint16_t)atoi(argv[1]), NULL, NULL, handle,
      NULL, MHD_OPTION_URI_LOG_CALLBACK, choose, NULL, MHD_OPTION_NOTIFY_CONNECTION, connection_changed, NULL,
      MHD_OPTION_CONNECTION_LIMIT, 1000u,
      MHD_OPTION_CONNECTION_TIMEOUT, 15u, MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(16 * 1024), MHD_OPTION_END);
  if (daemon == NULL) {
    fprintf(stderr, "mhd-alone: cannot listen on port %s\n", argv[1]);
    return 1;
  }
  for (;;) pause();
}
