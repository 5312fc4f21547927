#ifndef REMISSION_CCURL_H
#define REMISSION_CCURL_H

/*
 * libcurl, loaded with dlopen instead of linked.
 *
 * libcurl4-openssl pulls in some thirty libraries (GnuTLS through LDAP, Kerberos, SSH, RTMP, ...).
 * Loading and relocating them costs ~5 ms of CPU, more than the rest of a short command's start-up.
 * A server reached directly is spoken to by RemissionTransport's own engine (SocketTransport);
 * libcurl carries only connections through a proxy, so only those load it.
 *
 * Only the types and constants of <curl/curl.h> are used (from libcurl4-openssl-dev); every call
 * goes through the table that rm_curl_load() fills. The typed wrappers below also exist because
 * curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call.
 */

#include <curl/curl.h>

/* Loads libcurl.so.4 and runs curl_global_init, once per process (thread-safe). Returns 1 when
   libcurl is usable, else 0 with *error saying why. */
int rm_curl_load(const char **error);

/* The calls remission makes. Valid only after rm_curl_load() returned 1. */
CURL *rm_curl_easy_init(void);
void rm_curl_easy_cleanup(CURL *handle);
CURLcode rm_curl_easy_perform(CURL *handle);
const char *rm_curl_easy_strerror(CURLcode code);
struct curl_slist *rm_curl_slist_append(struct curl_slist *list, const char *text);
void rm_curl_slist_free_all(struct curl_slist *list);

CURLcode rm_curl_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode rm_curl_setopt_offt(CURL *handle, CURLoption option, curl_off_t value);
CURLcode rm_curl_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode rm_curl_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode rm_curl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value);

typedef size_t (*rm_curl_data_callback)(char *data, size_t size, size_t count, void *context);
typedef CURLcode (*rm_curl_ssl_ctx_callback)(CURL *handle, void *ssl_ctx, void *context);
typedef int (*rm_curl_sockopt_callback)(void *context, curl_socket_t fd, curlsocktype purpose);
typedef int (*rm_curl_prereq_callback)(void *context, char *conn_primary_ip, char *conn_local_ip,
                                       int conn_primary_port, int conn_local_port);

CURLcode rm_curl_setopt_write_function(CURL *handle, rm_curl_data_callback callback);
CURLcode rm_curl_setopt_header_function(CURL *handle, rm_curl_data_callback callback);
CURLcode rm_curl_setopt_ssl_ctx_function(CURL *handle, rm_curl_ssl_ctx_callback callback);
CURLcode rm_curl_setopt_sockopt_function(CURL *handle, rm_curl_sockopt_callback callback);
CURLcode rm_curl_setopt_prereq_function(CURL *handle, rm_curl_prereq_callback callback);

CURLcode rm_curl_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode rm_curl_getinfo_offt(CURL *handle, CURLINFO info, curl_off_t *value);
CURLcode rm_curl_getinfo_string(CURL *handle, CURLINFO info, char **value);
CURLcode rm_curl_getinfo_tls_session(CURL *handle, struct curl_tlssessioninfo **value);

long rm_curlauth_basic(void);

#endif
