#include "CShims.h"

#include <errno.h>
#include <netdb.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* One lookup, shared by the caller and the thread doing it; whichever is last frees it. The caller
   may give up at its deadline (getaddrinfo has none of its own), and the thread then finishes
   alone, as libcurl's threaded resolver does. */
struct lookup {
    pthread_mutex_t lock;
    pthread_cond_t finished;
    int done;
    int references;
    char *host;
    char *service;
    int flags;
    struct addrinfo *result;
    int error;
};

static void release(struct lookup *lookup) {
    pthread_mutex_lock(&lookup->lock);
    int left = --lookup->references;
    pthread_mutex_unlock(&lookup->lock);
    if (left > 0) return;
    if (lookup->result != NULL) freeaddrinfo(lookup->result);
    pthread_mutex_destroy(&lookup->lock);
    pthread_cond_destroy(&lookup->finished);
    free(lookup->host);
    free(lookup->service);
    free(lookup);
}

static void resolve_now(struct lookup *lookup) {
    struct addrinfo hints;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_protocol = IPPROTO_TCP;
    hints.ai_flags = lookup->flags;
    struct addrinfo *result = NULL;
    int error = getaddrinfo(lookup->host, lookup->service, &hints, &result);
    pthread_mutex_lock(&lookup->lock);
    lookup->result = result;
    lookup->error = error;
    lookup->done = 1;
    pthread_cond_signal(&lookup->finished);
    pthread_mutex_unlock(&lookup->lock);
}

static void *resolve_thread(void *argument) {
    struct lookup *lookup = argument;
    resolve_now(lookup);
    release(lookup);
    return NULL;
}

int rm_resolve(const char *host, const char *service, int numeric, int timeout_ms, struct addrinfo **result,
               int *error) {
    *result = NULL;
    *error = 0;
    struct lookup *lookup = calloc(1, sizeof *lookup);
    if (lookup == NULL) return -2;
    lookup->host = strdup(host);
    lookup->service = strdup(service);
    lookup->flags = numeric ? AI_NUMERICHOST | AI_NUMERICSERV : AI_NUMERICSERV;
    lookup->references = 1;
    pthread_mutex_init(&lookup->lock, NULL);
    pthread_condattr_t attributes;
    pthread_condattr_init(&attributes);
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
    pthread_cond_init(&lookup->finished, &attributes);
    pthread_condattr_destroy(&attributes);
    if (lookup->host == NULL || lookup->service == NULL) {
        release(lookup);
        return -2;
    }

    if (numeric) {
        resolve_now(lookup); /* an address literal: nothing to wait for */
    } else {
        pthread_t thread;
        pthread_attr_t thread_attributes;
        pthread_attr_init(&thread_attributes);
        pthread_attr_setdetachstate(&thread_attributes, PTHREAD_CREATE_DETACHED);
        lookup->references = 2;
        if (pthread_create(&thread, &thread_attributes, resolve_thread, lookup) != 0) {
            lookup->references = 1;
            resolve_now(lookup);
        }
        pthread_attr_destroy(&thread_attributes);
    }

    struct timespec deadline;
    clock_gettime(CLOCK_MONOTONIC, &deadline);
    deadline.tv_sec += timeout_ms / 1000;
    deadline.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
    if (deadline.tv_nsec >= 1000000000L) {
        deadline.tv_sec += 1;
        deadline.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&lookup->lock);
    while (!lookup->done) {
        if (pthread_cond_timedwait(&lookup->finished, &lookup->lock, &deadline) == ETIMEDOUT) break;
    }
    int done = lookup->done;
    if (done) {
        *result = lookup->result;
        *error = lookup->error;
        lookup->result = NULL;
    }
    pthread_mutex_unlock(&lookup->lock);
    release(lookup);
    return done ? 0 : -1;
}
