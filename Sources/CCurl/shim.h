#ifndef DEEPLINKD_CCURL_SHIM_H
#define DEEPLINKD_CCURL_SHIM_H

// libcurl's declarations for LinkDoctor, which opens the library with dlopen when `deeplinkd doctor` runs, so `serve`
// never maps it (no module here links libcurl). curl_easy_setopt and curl_easy_getinfo are variadic, which Swift
// cannot call: these shims call them, through the pointers dlsym returned, with one argument of a known type.
#include <curl/curl.h>

typedef CURLcode (*deeplinkd_curl_setopt_function)(CURL *, CURLoption, ...);
typedef CURLcode (*deeplinkd_curl_getinfo_function)(CURL *, CURLINFO, ...);
typedef size_t (*deeplinkd_curl_write_callback)(char *, size_t, size_t, void *);

static inline CURLcode deeplinkd_curl_setopt_long(void *setopt, CURL *handle, CURLoption option, long value) {
    return ((deeplinkd_curl_setopt_function)setopt)(handle, option, value);
}

static inline CURLcode deeplinkd_curl_setopt_pointer(void *setopt, CURL *handle, CURLoption option, const void *value) {
    return ((deeplinkd_curl_setopt_function)setopt)(handle, option, value);
}

static inline CURLcode deeplinkd_curl_setopt_write(void *setopt, CURL *handle, deeplinkd_curl_write_callback callback) {
    return ((deeplinkd_curl_setopt_function)setopt)(handle, CURLOPT_WRITEFUNCTION, callback);
}

static inline CURLcode deeplinkd_curl_getinfo_long(void *getinfo, CURL *handle, CURLINFO info, long *value) {
    return ((deeplinkd_curl_getinfo_function)getinfo)(handle, info, value);
}

static inline CURLcode deeplinkd_curl_getinfo_string(void *getinfo, CURL *handle, CURLINFO info, const char **value) {
    return ((deeplinkd_curl_getinfo_function)getinfo)(handle, info, value);
}

#endif
