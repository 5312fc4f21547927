#ifndef REMISSION_CSHIMS_H
#define REMISSION_CSHIMS_H

#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509_vfy.h>
#include <openssl/x509v3.h>
#include <netdb.h>
#include <stdint.h>

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
uint64_t rm_SSL_OP_NO_RENEGOTIATION(void);
void rm_OPENSSL_free(void *pointer);
int rm_X509_STORE_CTX_get_ex_new_index(void);
STACK_OF(X509) *rm_sk_X509_new_null(void);
int rm_sk_X509_push(STACK_OF(X509) *stack, X509 *certificate);
/* Frees the stack only: the certificates stay their owners'. */
void rm_sk_X509_free(STACK_OF(X509) *stack);
/* Frees the stack and every certificate on it. */
void rm_sk_X509_pop_free(STACK_OF(X509) *stack);

/* Client certificates (mutual TLS). */
int rm_SSL_CTX_get_ex_new_index(void);
long rm_SSL_add1_chain_cert(SSL *ssl, X509 *certificate);

/* No core dump and no ptrace by other processes of the user: a core of `watch` would hold the
   password (prctl PR_SET_DUMPABLE 0, RLIMIT_CORE 0). Returns 0 when both took effect. */
int rm_forbid_core_dumps(void);

/* Zeroes `length` bytes in a way the compiler does not drop (explicit_bzero). */
void rm_wipe(void *bytes, size_t length);

/* SocketTransport. */
long rm_SSL_set_tlsext_host_name(SSL *ssl, const char *name);

/* getaddrinfo for a TCP service with a deadline: 0 when it finished (*error is its result, 0 with
   *result set to free with freeaddrinfo), -1 when timeout_ms passed first (the lookup goes on in
   the background and frees itself), -2 when out of memory. `numeric`: the host is an address
   literal, resolved at once. */
int rm_resolve(const char *host, const char *service, int numeric, int timeout_ms, struct addrinfo **result,
               int *error);

/* Child processes of a route (ssh -W): started with posix_spawnp, their pids kept in a fixed table
   of atomics so that an exit path or a signal handler can end them (children.c). */
#include <sys/types.h>

/* Starts `argv` (argv[0] looked up in our PATH) with the environment `envp` (NAME=value entries, NULL
   ended: ChildEnvironment's, without Remission's secrets), `stdio_fd` as its stdin and stdout and
   `stderr_fd` as its stderr; every other descriptor closed, signals at their defaults and unblocked.
   Registers the pid. Returns 0 and sets *pid, or an errno value (ENOENT: no such program). */
int rm_spawn_child(char *const argv[], char *const envp[], int stdio_fd, int stderr_fd, pid_t *pid);
/* Forgets `pid` (before it is reaped, so a late rm_end_children never signals a reused pid). */
void rm_forget_child(pid_t pid);
/* Ends every registered child: SIGTERM, up to `grace_ms` for them to exit, then SIGKILL; reaps them.
   Async-signal-safe (kill, waitpid, nanosleep), for exit paths and signal handlers. */
void rm_end_children(int grace_ms);
/* Installs, for SIGINT, SIGTERM and SIGHUP where the action is still the default, a handler that ends
   the children and then lets the signal take its default action. Called at each start: an action
   someone set meanwhile (watch's, a prompt's) is left alone. */
void rm_end_children_on_signals(void);

#endif
