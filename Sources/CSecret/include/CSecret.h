#ifndef REMISSION_CSECRET_H
#define REMISSION_CSECRET_H

/*
 * libsecret and the GLib calls Remission needs, loaded with dlopen on first use.
 *
 * Linking libsecret would make every start of remission load and relocate libsecret, GIO,
 * GObject, GLib, libgcrypt, libmount and more (~8 M instructions, ~5 ms), although most commands
 * never touch the keyring. So nothing here is linked: rs_secret_api() opens libsecret-1.so.0 once
 * and returns a table of its functions.
 *
 * The declarations below restate the stable public ABI of GLib 2.x and libsecret-1 (the parts
 * used), so that no -I flags from pkg-config are needed; SwiftPM only offers those together with
 * the libraries. The integration tests call every function against the real Secret Service.
 */

#include <stdint.h>

/* Only the table's function pointers are marked non-null (they are, once loaded); the parameters
 * keep C's unspecified nullability, as in GLib's own headers. */
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wnullability-completeness"

typedef int gboolean;
typedef char gchar;
typedef int32_t gint;
typedef uint32_t guint;
typedef int64_t gint64;
typedef void *gpointer;
typedef const void *gconstpointer;
typedef guint GQuark;

typedef struct _GError {
    GQuark domain;
    gint code;
    gchar *message;
} GError;

typedef struct _GList GList;
struct _GList {
    gpointer data;
    GList *next;
    GList *prev;
};

typedef union _GMutex {
    gpointer p;
    guint i[2];
} GMutex;

typedef struct _GCond {
    gpointer p;
    guint i[2];
} GCond;

typedef struct _GHashTable GHashTable;
typedef struct _GCancellable GCancellable;
typedef struct _GThread GThread;
typedef struct _GDBusProxy GDBusProxy;
typedef struct _SecretService SecretService;
typedef struct _SecretCollection SecretCollection;
typedef struct _SecretItem SecretItem;
typedef struct _SecretValue SecretValue;
typedef struct _SecretRetrievable SecretRetrievable;

typedef guint (*GHashFunc)(gconstpointer key);
typedef gboolean (*GEqualFunc)(gconstpointer a, gconstpointer b);
typedef void (*GDestroyNotify)(gpointer data);
typedef gpointer (*GThreadFunc)(gpointer data);

typedef enum { SECRET_SCHEMA_ATTRIBUTE_STRING = 0 } SecretSchemaAttributeType;
typedef enum { SECRET_SCHEMA_NONE = 0 } SecretSchemaFlags;
typedef enum { SECRET_SEARCH_NONE = 0, SECRET_SEARCH_ALL = 1 << 1, SECRET_SEARCH_LOAD_SECRETS = 1 << 3 } SecretSearchFlags;
typedef enum { SECRET_SERVICE_NONE = 0 } SecretServiceFlags;
typedef enum { SECRET_COLLECTION_NONE = 0 } SecretCollectionFlags;
typedef enum { SECRET_ITEM_CREATE_NONE = 0 } SecretItemCreateFlags;

typedef struct {
    const gchar *name;
    SecretSchemaAttributeType type;
} SecretSchemaAttribute;

typedef struct {
    const gchar *name;
    SecretSchemaFlags flags;
    SecretSchemaAttribute attributes[32];
    gint reserved;
    gpointer reserved1;
    gpointer reserved2;
    gpointer reserved3;
    gpointer reserved4;
    gpointer reserved5;
    gpointer reserved6;
    gpointer reserved7;
} SecretSchema;

#define SECRET_COLLECTION_DEFAULT "default"

#define RS_NONNULL _Nonnull

/// The functions of libsecret-1.so.0 (and of the GLib, GObject and GIO it loads) that Remission calls.
typedef struct {
    void (*RS_NONNULL g_cancellable_cancel)(GCancellable *cancellable);
    GCancellable *(*RS_NONNULL g_cancellable_new)(void);
    gboolean (*RS_NONNULL g_cancellable_is_cancelled)(GCancellable *cancellable);
    gboolean (*RS_NONNULL g_cancellable_set_error_if_cancelled)(GCancellable *cancellable, GError **error);
    void (*RS_NONNULL g_cond_clear)(GCond *cond);
    void (*RS_NONNULL g_cond_init)(GCond *cond);
    void (*RS_NONNULL g_cond_signal)(GCond *cond);
    gboolean (*RS_NONNULL g_cond_wait_until)(GCond *cond, GMutex *mutex, gint64 end_time);
    GError *(*RS_NONNULL g_dbus_error_new_for_dbus_error)(const gchar *dbus_error_name, const gchar *dbus_error_message);
    const gchar *(*RS_NONNULL g_dbus_proxy_get_object_path)(GDBusProxy *proxy);
    void (*RS_NONNULL g_error_free)(GError *error);
    void (*RS_NONNULL g_free)(gpointer mem);
    gint64 (*RS_NONNULL g_get_monotonic_time)(void);
    gboolean (*RS_NONNULL g_hash_table_insert)(GHashTable *hash_table, gpointer key, gpointer value);
    gpointer (*RS_NONNULL g_hash_table_lookup)(GHashTable *hash_table, gconstpointer key);
    GHashTable *(*RS_NONNULL g_hash_table_new_full)(
        GHashFunc hash_func, GEqualFunc key_equal_func, GDestroyNotify key_destroy_func,
        GDestroyNotify value_destroy_func);
    void (*RS_NONNULL g_hash_table_unref)(GHashTable *hash_table);
    gint (*RS_NONNULL g_io_error_from_errno)(gint err_no);
    void (*RS_NONNULL g_list_free_full)(GList *list, GDestroyNotify free_func);
    void (*RS_NONNULL g_mutex_clear)(GMutex *mutex);
    void (*RS_NONNULL g_mutex_init)(GMutex *mutex);
    void (*RS_NONNULL g_mutex_lock)(GMutex *mutex);
    void (*RS_NONNULL g_mutex_unlock)(GMutex *mutex);
    void (*RS_NONNULL g_object_unref)(gpointer object);
    const gchar *(*RS_NONNULL g_quark_to_string)(GQuark quark);
    gboolean (*RS_NONNULL g_str_equal)(gconstpointer v1, gconstpointer v2);
    guint (*RS_NONNULL g_str_hash)(gconstpointer v);
    gchar *(*RS_NONNULL g_strdup)(const gchar *str);
    gpointer (*RS_NONNULL g_thread_join)(GThread *thread);
    GThread *(*RS_NONNULL g_thread_new)(const gchar *name, GThreadFunc func, gpointer data);
    SecretCollection *(*RS_NONNULL secret_collection_for_alias_sync)(
        SecretService *service, const gchar *alias, SecretCollectionFlags flags, GCancellable *cancellable,
        GError **error);
    gchar *(*RS_NONNULL secret_collection_get_label)(SecretCollection *self);
    gboolean (*RS_NONNULL secret_collection_get_locked)(SecretCollection *self);
    SecretItem *(*RS_NONNULL secret_item_create_sync)(
        SecretCollection *collection, const SecretSchema *schema, GHashTable *attributes, const gchar *label,
        SecretValue *value, SecretItemCreateFlags flags, GCancellable *cancellable, GError **error);
    gboolean (*RS_NONNULL secret_item_delete_sync)(SecretItem *self, GCancellable *cancellable, GError **error);
    SecretValue *(*RS_NONNULL secret_item_get_secret)(SecretItem *self);
    gboolean (*RS_NONNULL secret_password_clearv_sync)(
        const SecretSchema *schema, GHashTable *attributes, GCancellable *cancellable, GError **error);
    void (*RS_NONNULL secret_password_free)(gchar *password);
    gchar *(*RS_NONNULL secret_password_lookupv_sync)(
        const SecretSchema *schema, GHashTable *attributes, GCancellable *cancellable, GError **error);
    GList *(*RS_NONNULL secret_password_searchv_sync)(
        const SecretSchema *schema, GHashTable *attributes, SecretSearchFlags flags, GCancellable *cancellable,
        GError **error);
    gboolean (*RS_NONNULL secret_password_storev_sync)(
        const SecretSchema *schema, GHashTable *attributes, const gchar *collection, const gchar *label,
        const gchar *password, GCancellable *cancellable, GError **error);
    GQuark (*RS_NONNULL secret_error_get_quark)(void);
    GHashTable *(*RS_NONNULL secret_retrievable_get_attributes)(SecretRetrievable *self);
    void (*RS_NONNULL secret_service_disconnect)(void);
    SecretService *(*RS_NONNULL secret_service_get_sync)(
        SecretServiceFlags flags, GCancellable *cancellable, GError **error);
    const gchar *(*RS_NONNULL secret_value_get_text)(SecretValue *value);
    SecretValue *(*RS_NONNULL secret_value_new)(const gchar *secret, int64_t length, const gchar *content_type);
    void (*RS_NONNULL secret_value_unref)(gpointer value);
} RSSecretAPI;

/// Loads libsecret-1.so.0 and its functions, once per process (thread-safe).
/// Returns NULL when that fails, with `*error` set to a message that lasts for the process.
const RSSecretAPI *_Nullable rs_secret_api(const char *_Nullable *_Nonnull error);

#pragma clang diagnostic pop

#endif
