#define CURL_DISABLE_TYPECHECK
#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static struct {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *handle);
    CURLcode (*easy_perform)(CURL *handle);
    const char *(*easy_strerror)(CURLcode code);
    CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
    CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *text);
    void (*slist_free_all)(struct curl_slist *list);
} api;
static char load_error[512];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void *bind_symbol(void *library, const char *name) {
    void *symbol = dlsym(library, name);
    if (symbol == NULL && load_error[0] == '\0') {
        snprintf(load_error, sizeof load_error, "libcurl.so.4 has no function %s", name);
    }
    return symbol;
}

#define BIND(field, name) api.field = (__typeof__(api.field))bind_symbol(library, #name)

static void load(void) {
    /* RTLD_LOCAL: nothing of libcurl's dependencies joins the global symbol scope of the process. */
    void *library = dlopen("libcurl.so.4", RTLD_LAZY | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "%s", reason != NULL ? reason : "libcurl.so.4 could not be loaded");
        return;
    }
    BIND(global_init, curl_global_init);
    BIND(easy_init, curl_easy_init);
    BIND(easy_cleanup, curl_easy_cleanup);
    BIND(easy_perform, curl_easy_perform);
    BIND(easy_strerror, curl_easy_strerror);
    BIND(easy_setopt, curl_easy_setopt);
    BIND(easy_getinfo, curl_easy_getinfo);
    BIND(slist_append, curl_slist_append);
    BIND(slist_free_all, curl_slist_free_all);
    if (load_error[0] == '\0' && api.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        snprintf(load_error, sizeof load_error, "curl_global_init failed");
    }
}

int rm_curl_load(const char **error) {
    pthread_once(&load_once, load);
    if (load_error[0] != '\0') {
        *error = load_error;
        return 0;
    }
    return 1;
}

CURL *rm_curl_easy_init(void) { return api.easy_init(); }
void rm_curl_easy_cleanup(CURL *h) { api.easy_cleanup(h); }
CURLcode rm_curl_easy_perform(CURL *h) { return api.easy_perform(h); }
const char *rm_curl_easy_strerror(CURLcode c) { return api.easy_strerror(c); }
struct curl_slist *rm_curl_slist_append(struct curl_slist *l, const char *t) { return api.slist_append(l, t); }
void rm_curl_slist_free_all(struct curl_slist *l) { api.slist_free_all(l); }

CURLcode rm_curl_setopt_long(CURL *h, CURLoption o, long v) { return api.easy_setopt(h, o, v); }
CURLcode rm_curl_setopt_offt(CURL *h, CURLoption o, curl_off_t v) { return api.easy_setopt(h, o, v); }
CURLcode rm_curl_setopt_string(CURL *h, CURLoption o, const char *v) { return api.easy_setopt(h, o, v); }
CURLcode rm_curl_setopt_pointer(CURL *h, CURLoption o, void *v) { return api.easy_setopt(h, o, v); }
CURLcode rm_curl_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return api.easy_setopt(h, o, v); }

CURLcode rm_curl_setopt_write_function(CURL *h, rm_curl_data_callback c) {
    return api.easy_setopt(h, CURLOPT_WRITEFUNCTION, c);
}
CURLcode rm_curl_setopt_header_function(CURL *h, rm_curl_data_callback c) {
    return api.easy_setopt(h, CURLOPT_HEADERFUNCTION, c);
}
CURLcode rm_curl_setopt_ssl_ctx_function(CURL *h, rm_curl_ssl_ctx_callback c) {
    return api.easy_setopt(h, CURLOPT_SSL_CTX_FUNCTION, c);
}
CURLcode rm_curl_setopt_sockopt_function(CURL *h, rm_curl_sockopt_callback c) {
    return api.easy_setopt(h, CURLOPT_SOCKOPTFUNCTION, c);
}
CURLcode rm_curl_setopt_prereq_function(CURL *h, rm_curl_prereq_callback c) {
    return api.easy_setopt(h, CURLOPT_PREREQFUNCTION, c);
}

CURLcode rm_curl_getinfo_long(CURL *h, CURLINFO i, long *v) { return api.easy_getinfo(h, i, v); }
CURLcode rm_curl_getinfo_offt(CURL *h, CURLINFO i, curl_off_t *v) { return api.easy_getinfo(h, i, v); }
CURLcode rm_curl_getinfo_string(CURL *h, CURLINFO i, char **v) { return api.easy_getinfo(h, i, v); }
CURLcode rm_curl_getinfo_tls_session(CURL *h, struct curl_tlssessioninfo **v) {
    return api.easy_getinfo(h, CURLINFO_TLS_SSL_PTR, v);
}

long rm_curlauth_basic(void) { return (long)CURLAUTH_BASIC; }
