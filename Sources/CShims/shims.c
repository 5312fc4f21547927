#include "CShims.h"
#include <openssl/x509v3.h>
#include <openssl/crypto.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>

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
uint64_t rm_SSL_OP_NO_RENEGOTIATION(void) { return SSL_OP_NO_RENEGOTIATION; }
void rm_OPENSSL_free(void *p) { OPENSSL_free(p); }
int rm_X509_STORE_CTX_get_ex_new_index(void) { return X509_STORE_CTX_get_ex_new_index(0, NULL, NULL, NULL, NULL); }
STACK_OF(X509) *rm_sk_X509_new_null(void) { return sk_X509_new_null(); }
int rm_sk_X509_push(STACK_OF(X509) *s, X509 *x) { return sk_X509_push(s, x); }
void rm_sk_X509_free(STACK_OF(X509) *s) { sk_X509_free(s); }
void rm_sk_X509_pop_free(STACK_OF(X509) *s) { sk_X509_pop_free(s, X509_free); }
int rm_SSL_CTX_get_ex_new_index(void) { return SSL_CTX_get_ex_new_index(0, NULL, NULL, NULL, NULL); }
long rm_SSL_add1_chain_cert(SSL *s, X509 *x) { return SSL_add1_chain_cert(s, x); }

long rm_SSL_set_tlsext_host_name(SSL *ssl, const char *name) { return SSL_set_tlsext_host_name(ssl, name); }

int rm_forbid_core_dumps(void) {
    struct rlimit none = {0, 0};
    int limited = setrlimit(RLIMIT_CORE, &none);
    int undumpable = prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    return limited == 0 && undumpable == 0 ? 0 : -1;
}

void rm_wipe(void *bytes, size_t length) { explicit_bzero(bytes, length); }
