#ifndef REMISSION_CSHIMS_H
#define REMISSION_CSHIMS_H

#include <curl/curl.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509_vfy.h>
#include <openssl/x509v3.h>
#include <stdint.h>

/* libcurl's curl_easy_setopt and curl_easy_getinfo are variadic: Swift cannot call them.
   One typed wrapper per argument kind. */
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
typedef int (*rm_curl_debug_callback)(CURL *handle, curl_infotype type, char *data, size_t size,
                                      void *context);

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

/* OpenSSL macros and macro-built constants. */
int rm_sk_X509_num(const STACK_OF(X509) *stack);
X509 *rm_sk_X509_value(const STACK_OF(X509) *stack, int index);
int rm_sk_GENERAL_NAME_num(const STACK_OF(GENERAL_NAME) *stack);
const GENERAL_NAME *rm_sk_GENERAL_NAME_value(const STACK_OF(GENERAL_NAME) *stack, int index);
void rm_GENERAL_NAMES_free(STACK_OF(GENERAL_NAME) *names);
unsigned long rm_xn_flag_rfc2253(void);
long rm_BIO_get_mem_data(BIO *bio, char **data);
long rm_SSL_CTX_set_min_proto_version(SSL_CTX *ctx, int version);
long rm_SSL_CTX_set_session_cache_mode(SSL_CTX *ctx, long mode);
uint64_t rm_SSL_OP_NO_TICKET(void);
void rm_OPENSSL_free(void *pointer);
int rm_X509_STORE_CTX_get_ex_new_index(void);

#endif
