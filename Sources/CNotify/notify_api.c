#include "CNotify.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* The stable GLib 2.x ABI of the calls used (see the header for why nothing is included). */
typedef int gboolean;
typedef char gchar;
typedef uint32_t GQuark;
typedef struct {
    GQuark domain;
    int32_t code;
    gchar *message;
} GError;
typedef struct _GVariant GVariant;
typedef struct _GVariantType GVariantType;
typedef struct _GCancellable GCancellable;
typedef struct _GDBusConnection GDBusConnection;

enum { G_BUS_TYPE_SESSION = 2 };
enum { G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT = 1 << 0, G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION = 1 << 3 };

static struct {
    gchar *(*g_dbus_address_get_for_bus_sync)(int, GCancellable *, GError **);
    GDBusConnection *(*g_dbus_connection_new_for_address_sync)(const gchar *, int, void *, GCancellable *, GError **);
    gboolean (*g_dbus_connection_is_closed)(GDBusConnection *);
    GVariant *(*g_dbus_connection_call_sync)(GDBusConnection *, const gchar *, const gchar *, const gchar *,
                                             const gchar *, GVariant *, const GVariantType *, int, int,
                                             GCancellable *, GError **);
    gchar *(*g_dbus_error_get_remote_error)(const GError *);
    GVariant *(*g_variant_new)(const gchar *, ...);
    GVariant *(*g_variant_new_array)(const GVariantType *, GVariant *const *, size_t);
    GVariant *(*g_variant_new_dict_entry)(GVariant *, GVariant *);
    GVariant *(*g_variant_new_string)(const gchar *);
    GVariant *(*g_variant_new_byte)(uint8_t);
    GVariant *(*g_variant_new_variant)(GVariant *);
    GVariant *(*g_variant_new_strv)(const gchar *const *, long);
    void (*g_variant_get)(GVariant *, const gchar *, ...);
    void (*g_variant_unref)(GVariant *);
    GVariant *(*g_variant_ref_sink)(GVariant *);
    GCancellable *(*g_cancellable_new)(void);
    void (*g_cancellable_cancel)(GCancellable *);
    void (*g_object_unref)(void *);
    void (*g_error_free)(GError *);
    void (*g_free)(void *);
} gio;

static char load_error[256];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t connection_lock = PTHREAD_MUTEX_INITIALIZER;
static GDBusConnection *connection; /* guarded by connection_lock */

#define BIND(name)                                                                                                   \
    do {                                                                                                             \
        *(void **)&gio.name = dlsym(library, #name);                                                                 \
        if (gio.name == NULL && load_error[0] == '\0') {                                                             \
            snprintf(load_error, sizeof load_error, "libgio-2.0.so.0 has no function %s", #name);                    \
        }                                                                                                            \
    } while (0)

static void load(void) {
    void *library = dlopen("libgio-2.0.so.0", RTLD_LAZY | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "%s", reason != NULL ? reason : "libgio-2.0.so.0 could not be loaded");
        return;
    }
    BIND(g_dbus_address_get_for_bus_sync);
    BIND(g_dbus_connection_new_for_address_sync);
    BIND(g_dbus_connection_is_closed);
    BIND(g_dbus_connection_call_sync);
    BIND(g_dbus_error_get_remote_error);
    BIND(g_variant_new);
    BIND(g_variant_new_array);
    BIND(g_variant_new_dict_entry);
    BIND(g_variant_new_string);
    BIND(g_variant_new_byte);
    BIND(g_variant_new_variant);
    BIND(g_variant_new_strv);
    BIND(g_variant_get);
    BIND(g_variant_unref);
    BIND(g_variant_ref_sink);
    BIND(g_cancellable_new);
    BIND(g_cancellable_cancel);
    BIND(g_object_unref);
    BIND(g_error_free);
    BIND(g_free);
    /* As CSecret does: GDBusConnection's type is registered here, inside the one load, not raced by
     * another thread's first g_object_new (GLib 2.74 can deadlock there). */
    unsigned long (*get_type)(void) = (unsigned long (*)(void))dlsym(library, "g_dbus_connection_get_type");
    if (get_type != NULL) {
        (void)get_type();
    }
}

/* A timer thread that cancels `cancellable` when the deadline passes, unless finished first. */
typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t finished_signal;
    int finished;
    int expired;
    struct timespec deadline;
    GCancellable *cancellable;
} Deadline;

static void *watch_deadline(void *context) {
    Deadline *deadline = context;
    pthread_mutex_lock(&deadline->lock);
    while (!deadline->finished) {
        if (pthread_cond_timedwait(&deadline->finished_signal, &deadline->lock, &deadline->deadline) == ETIMEDOUT) {
            if (!deadline->finished) {
                deadline->expired = 1;
                gio.g_cancellable_cancel(deadline->cancellable);
            }
            break;
        }
    }
    pthread_mutex_unlock(&deadline->lock);
    return NULL;
}

static void copy_error(GError *failure, char *error, size_t error_size) {
    if (error_size > 0) {
        snprintf(error, error_size, "%s", failure != NULL && failure->message != NULL ? failure->message : "");
    }
}

/* Whether the error is D-Bus's "nobody owns that name" (and no service file starts one). */
static int is_no_server(GError *failure) {
    gchar *remote = gio.g_dbus_error_get_remote_error(failure);
    int result = remote != NULL && (strcmp(remote, "org.freedesktop.DBus.Error.ServiceUnknown") == 0 ||
                                    strcmp(remote, "org.freedesktop.DBus.Error.NameHasNoOwner") == 0 ||
                                    strcmp(remote, "org.freedesktop.DBus.Error.Spawn.ServiceNotFound") == 0);
    gio.g_free(remote);
    return result;
}

/* Calls `method` on the notification server under one deadline; *reply gets the answer. Takes
 * ownership of the floating `parameters`. */
static RSNotifyStatus call(const char *method, GVariant *parameters, const char *reply_type, int32_t timeout_ms,
                           GVariant **reply, char *error, size_t error_size) {
    Deadline deadline = {.finished = 0, .expired = 0};
    pthread_mutex_init(&deadline.lock, NULL);
    pthread_condattr_t attributes;
    pthread_condattr_init(&attributes);
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
    pthread_cond_init(&deadline.finished_signal, &attributes);
    pthread_condattr_destroy(&attributes);
    clock_gettime(CLOCK_MONOTONIC, &deadline.deadline);
    deadline.deadline.tv_sec += timeout_ms / 1000;
    deadline.deadline.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
    if (deadline.deadline.tv_nsec >= 1000000000L) {
        deadline.deadline.tv_sec += 1;
        deadline.deadline.tv_nsec -= 1000000000L;
    }
    deadline.cancellable = gio.g_cancellable_new();
    pthread_t timer;
    int timed = pthread_create(&timer, NULL, watch_deadline, &deadline) == 0;

    RSNotifyStatus status = RS_NOTIFY_OK;
    GError *failure = NULL;
    pthread_mutex_lock(&connection_lock);
    if (connection != NULL && gio.g_dbus_connection_is_closed(connection)) {
        gio.g_object_unref(connection);
        connection = NULL;
    }
    if (connection == NULL) {
        gchar *address = gio.g_dbus_address_get_for_bus_sync(G_BUS_TYPE_SESSION, deadline.cancellable, &failure);
        if (address != NULL) {
            connection = gio.g_dbus_connection_new_for_address_sync(
                address,
                G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION, NULL,
                deadline.cancellable, &failure);
            gio.g_free(address);
        }
        if (connection == NULL) {
            status = RS_NOTIFY_NO_BUS;
        }
    }
    if (connection != NULL) {
        *reply = gio.g_dbus_connection_call_sync(connection, "org.freedesktop.Notifications",
                                                 "/org/freedesktop/Notifications", "org.freedesktop.Notifications",
                                                 method, parameters, (const GVariantType *)reply_type, 0,
                                                 timeout_ms, deadline.cancellable, &failure);
        parameters = NULL;
        if (*reply == NULL) {
            status = is_no_server(failure) ? RS_NOTIFY_NO_SERVER : RS_NOTIFY_FAILED;
        }
    }
    pthread_mutex_unlock(&connection_lock);

    pthread_mutex_lock(&deadline.lock);
    deadline.finished = 1;
    pthread_cond_signal(&deadline.finished_signal);
    pthread_mutex_unlock(&deadline.lock);
    if (timed) {
        pthread_join(timer, NULL);
    }
    if (status != RS_NOTIFY_OK && deadline.expired) {
        status = RS_NOTIFY_TIMED_OUT;
    }
    if (parameters != NULL) { /* never sent: sink the floating reference */
        gio.g_variant_unref(gio.g_variant_ref_sink(parameters));
    }
    if (failure != NULL) {
        copy_error(failure, error, error_size);
        gio.g_error_free(failure);
    }
    gio.g_object_unref(deadline.cancellable);
    pthread_cond_destroy(&deadline.finished_signal);
    pthread_mutex_destroy(&deadline.lock);
    return status;
}

static int loaded(char *error, size_t error_size) {
    pthread_once(&load_once, load);
    if (load_error[0] != '\0') {
        if (error_size > 0) {
            snprintf(error, error_size, "%s", load_error);
        }
        return 0;
    }
    return 1;
}

RSNotifyStatus rs_notify_send(const char *app_name, const char *summary, const char *body, uint8_t urgency,
                              int32_t timeout_ms, uint32_t *id_out, char *error, size_t error_size) {
    if (!loaded(error, error_size)) {
        return RS_NOTIFY_NO_LIBRARY;
    }
    GVariant *hint = gio.g_variant_new_dict_entry(gio.g_variant_new_string("urgency"),
                                                  gio.g_variant_new_variant(gio.g_variant_new_byte(urgency)));
    GVariant *parameters =
        gio.g_variant_new("(susss@as@a{sv}i)", app_name, (uint32_t)0, "", summary, body,
                          gio.g_variant_new_strv(NULL, 0), gio.g_variant_new_array(NULL, &hint, 1), (int32_t)-1);
    GVariant *reply = NULL;
    RSNotifyStatus status = call("Notify", parameters, "(u)", timeout_ms, &reply, error, error_size);
    if (reply != NULL) {
        uint32_t id = 0;
        gio.g_variant_get(reply, "(u)", &id);
        *id_out = id;
        gio.g_variant_unref(reply);
    }
    return status;
}

RSNotifyStatus rs_notify_probe(int32_t timeout_ms, char *name, size_t name_size, char *error, size_t error_size) {
    if (!loaded(error, error_size)) {
        return RS_NOTIFY_NO_LIBRARY;
    }
    GVariant *reply = NULL;
    RSNotifyStatus status = call("GetServerInformation", NULL, "(ssss)", timeout_ms, &reply, error, error_size);
    if (reply != NULL) {
        gchar *server = NULL, *vendor = NULL, *version = NULL, *spec = NULL;
        gio.g_variant_get(reply, "(ssss)", &server, &vendor, &version, &spec);
        if (name_size > 0) {
            snprintf(name, name_size, "%s", server != NULL ? server : "");
        }
        gio.g_free(server);
        gio.g_free(vendor);
        gio.g_free(version);
        gio.g_free(spec);
        gio.g_variant_unref(reply);
    }
    return status;
}
