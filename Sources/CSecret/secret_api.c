#include "CSecret.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static RSSecretAPI api;
static char load_error[512];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

/* dlsym on libsecret's handle also searches the libraries it depends on (GIO, GObject, GLib). */
static void *bind(void *library, const char *name) {
    void *symbol = dlsym(library, name);
    if (symbol == NULL && load_error[0] == '\0') {
        snprintf(load_error, sizeof load_error, "libsecret-1.so.0 has no function %s", name);
    }
    return symbol;
}

#define BIND(name) api.name = (__typeof__(api.name))bind(library, #name)

/* Registers GIO's and libsecret's object types here, inside the one load, before any two threads can
 * use them. GLib 2.74 deadlocks when the first registration of GDBusConnection (it adds interfaces
 * under the type lock) races with another thread's g_object_new whose class initialisation asks for
 * that type (seen: two test suites opening the keyring at once hung the test process for good). */
static void register_types_once(void *library) {
    const char *names[] = {"g_dbus_connection_get_type", "g_dbus_proxy_get_type", "secret_service_get_type",
                           "secret_collection_get_type", "secret_item_get_type"};
    for (size_t index = 0; index < sizeof names / sizeof names[0]; index++) {
        unsigned long (*get_type)(void) = (unsigned long (*)(void))dlsym(library, names[index]);
        if (get_type != NULL) {
            (void)get_type();
        }
    }
}

static void load(void) {
    /* RTLD_LOCAL: nothing of libsecret or GLib joins the global symbol scope of the process. */
    void *library = dlopen("libsecret-1.so.0", RTLD_LAZY | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "%s", reason != NULL ? reason : "libsecret-1.so.0 could not be loaded");
        return;
    }
    BIND(g_cancellable_cancel);
    BIND(g_cancellable_new);
    BIND(g_cancellable_is_cancelled);
    BIND(g_cancellable_set_error_if_cancelled);
    BIND(g_cond_clear);
    BIND(g_cond_init);
    BIND(g_cond_signal);
    BIND(g_cond_wait_until);
    BIND(g_dbus_error_new_for_dbus_error);
    BIND(g_dbus_proxy_get_object_path);
    BIND(g_error_free);
    BIND(g_free);
    BIND(g_get_monotonic_time);
    BIND(g_hash_table_insert);
    BIND(g_hash_table_lookup);
    BIND(g_hash_table_new_full);
    BIND(g_hash_table_unref);
    BIND(g_io_error_from_errno);
    BIND(g_list_free_full);
    BIND(g_mutex_clear);
    BIND(g_mutex_init);
    BIND(g_mutex_lock);
    BIND(g_mutex_unlock);
    BIND(g_object_unref);
    BIND(g_quark_to_string);
    BIND(g_str_equal);
    BIND(g_str_hash);
    BIND(g_strdup);
    BIND(g_thread_join);
    BIND(g_thread_new);
    BIND(secret_collection_for_alias_sync);
    BIND(secret_collection_get_label);
    BIND(secret_collection_get_locked);
    BIND(secret_item_create_sync);
    BIND(secret_item_delete_sync);
    BIND(secret_item_get_secret);
    BIND(secret_password_clearv_sync);
    BIND(secret_password_free);
    BIND(secret_password_lookupv_sync);
    BIND(secret_password_searchv_sync);
    BIND(secret_password_storev_sync);
    BIND(secret_error_get_quark);
    BIND(secret_retrievable_get_attributes);
    BIND(secret_service_disconnect);
    BIND(secret_service_get_sync);
    BIND(secret_value_get_text);
    BIND(secret_value_new);
    BIND(secret_value_unref);
    register_types_once(library);
}

const RSSecretAPI *rs_secret_api(const char **error) {
    pthread_once(&load_once, load);
    if (load_error[0] != '\0') {
        *error = load_error;
        return NULL;
    }
    return &api;
}
