#define CURL_DISABLE_TYPECHECK
#include "CShims.h"
#include <openssl/x509v3.h>
#include <openssl/crypto.h>

CURLcode rm_curl_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
CURLcode rm_curl_setopt_offt(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }
CURLcode rm_curl_setopt_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
CURLcode rm_curl_setopt_pointer(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
CURLcode rm_curl_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return curl_easy_setopt(h, o, v); }

CURLcode rm_curl_setopt_write_function(CURL *h, rm_curl_data_callback c) {
    return curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, c);
}
CURLcode rm_curl_setopt_header_function(CURL *h, rm_curl_data_callback c) {
    return curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, c);
}
CURLcode rm_curl_setopt_ssl_ctx_function(CURL *h, rm_curl_ssl_ctx_callback c) {
    return curl_easy_setopt(h, CURLOPT_SSL_CTX_FUNCTION, c);
}
CURLcode rm_curl_setopt_sockopt_function(CURL *h, rm_curl_sockopt_callback c) {
    return curl_easy_setopt(h, CURLOPT_SOCKOPTFUNCTION, c);
}
CURLcode rm_curl_setopt_prereq_function(CURL *h, rm_curl_prereq_callback c) {
    return curl_easy_setopt(h, CURLOPT_PREREQFUNCTION, c);
}

CURLcode rm_curl_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
CURLcode rm_curl_getinfo_offt(CURL *h, CURLINFO i, curl_off_t *v) { return curl_easy_getinfo(h, i, v); }
CURLcode rm_curl_getinfo_string(CURL *h, CURLINFO i, char **v) { return curl_easy_getinfo(h, i, v); }
CURLcode rm_curl_getinfo_tls_session(CURL *h, struct curl_tlssessioninfo **v) {
    return curl_easy_getinfo(h, CURLINFO_TLS_SSL_PTR, v);
}

long rm_curlauth_basic(void) { return (long)CURLAUTH_BASIC; }

int rm_sk_X509_num(const STACK_OF(X509) *s) { return sk_X509_num(s); }
X509 *rm_sk_X509_value(const STACK_OF(X509) *s, int i) { return sk_X509_value(s, i); }
int rm_sk_GENERAL_NAME_num(const STACK_OF(GENERAL_NAME) *s) { return sk_GENERAL_NAME_num(s); }
const GENERAL_NAME *rm_sk_GENERAL_NAME_value(const STACK_OF(GENERAL_NAME) *s, int i) {
    return sk_GENERAL_NAME_value(s, i);
}
void rm_GENERAL_NAMES_free(STACK_OF(GENERAL_NAME) *n) { GENERAL_NAMES_free(n); }
unsigned long rm_xn_flag_rfc2253(void) { return XN_FLAG_RFC2253; }
long rm_BIO_get_mem_data(BIO *b, char **d) { return BIO_get_mem_data(b, d); }
long rm_SSL_CTX_set_min_proto_version(SSL_CTX *c, int v) { return SSL_CTX_set_min_proto_version(c, v); }
long rm_SSL_CTX_set_session_cache_mode(SSL_CTX *c, long m) { return SSL_CTX_set_session_cache_mode(c, m); }
uint64_t rm_SSL_OP_NO_TICKET(void) { return SSL_OP_NO_TICKET; }
void rm_OPENSSL_free(void *p) { OPENSSL_free(p); }
int rm_X509_STORE_CTX_get_ex_new_index(void) { return X509_STORE_CTX_get_ex_new_index(0, NULL, NULL, NULL, NULL); }
