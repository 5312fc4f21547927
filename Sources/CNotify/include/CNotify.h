#ifndef REMISSION_CNOTIFY_H
#define REMISSION_CNOTIFY_H

/*
 * Desktop notifications: org.freedesktop.Notifications.Notify on the session bus, through GLib's
 * GDBus, loaded with dlopen on first use as CSecret loads libsecret (and for the same reason: most
 * commands never notify, and linking GIO costs every start). No GLib header is needed: the few
 * calls are declared in the .c file with the stable GLib 2.x ABI.
 *
 * One private bus connection per process (not the shared g_bus_get one, whose exit-on-close would
 * end the process with SIGTERM when the session bus goes away), made on first use and made again
 * after it closed. Every call is bounded: connecting and the call together give up after
 * timeout_ms (a cancellable that a timer thread cancels).
 */

#include <stddef.h>
#include <stdint.h>

typedef enum {
    RS_NOTIFY_OK = 0,
    /* libgio-2.0.so.0 could not be loaded. */
    RS_NOTIFY_NO_LIBRARY = 1,
    /* No session bus: no address (DBUS_SESSION_BUS_ADDRESS, XDG_RUNTIME_DIR/bus) or it did not connect. */
    RS_NOTIFY_NO_BUS = 2,
    /* The bus answered, but nothing owns org.freedesktop.Notifications (and none could be started). */
    RS_NOTIFY_NO_SERVER = 3,
    /* The call failed otherwise (an error reply, a closed connection). */
    RS_NOTIFY_FAILED = 4,
    /* No answer within the timeout. */
    RS_NOTIFY_TIMED_OUT = 5,
} RSNotifyStatus;

/* Sends one notification; summary and body are UTF-8 (the body already escaped for the markup the
 * server may interpret). urgency: 0 low, 1 normal, 2 critical. On success *id_out is the server's
 * notification id. On failure, error (error_size bytes) receives GLib's message, NUL-terminated. */
RSNotifyStatus rs_notify_send(const char *app_name, const char *summary, const char *body, uint8_t urgency,
                              int32_t timeout_ms, uint32_t *id_out, char *error, size_t error_size);

/* Asks the notification server for its name (GetServerInformation): whether one answers at all.
 * name (name_size bytes) receives it. */
RSNotifyStatus rs_notify_probe(int32_t timeout_ms, char *name, size_t name_size, char *error, size_t error_size);

#endif
