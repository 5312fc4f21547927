#!/usr/bin/python3
"""A fake org.freedesktop.Notifications server for the tests of `remission notify`.

    fake_notifications.py RECORD_FILE READY_FILE

Connects to the session bus named by DBUS_SESSION_BUS_ADDRESS (the test's private bus), owns
org.freedesktop.Notifications, appends one JSON line per Notify call to RECORD_FILE
({"app","summary","body","urgency","hints"}), and writes "port=0" and "pid=N" to READY_FILE once
the name is owned. Runs until killed (by the test, by its PID) or until the bus goes away.
"""
import json
import os
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

record_file, ready_file = sys.argv[1], sys.argv[2]


class Notifications(dbus.service.Object):
    def __init__(self, bus):
        super().__init__(bus, "/org/freedesktop/Notifications")
        self.next_id = 1

    @dbus.service.method("org.freedesktop.Notifications", in_signature="susssasa{sv}i", out_signature="u")
    def Notify(self, app, replaces, icon, summary, body, actions, hints, timeout):
        urgency = hints.get("urgency")
        line = {
            "app": str(app),
            "summary": str(summary),
            "body": str(body),
            "urgency": int(urgency) if urgency is not None else None,
        }
        with open(record_file, "a", encoding="utf-8") as out:
            out.write(json.dumps(line, ensure_ascii=False) + "\n")
        self.next_id += 1
        return dbus.UInt32(self.next_id - 1)

    @dbus.service.method("org.freedesktop.Notifications", in_signature="", out_signature="ssss")
    def GetServerInformation(self):
        return ("fake-notifications", "remission tests", "1.0", "1.2")

    @dbus.service.method("org.freedesktop.Notifications", in_signature="", out_signature="as")
    def GetCapabilities(self):
        return ["body", "body-markup"]


def main():
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    name = dbus.service.BusName("org.freedesktop.Notifications", bus, do_not_queue=True)
    server = Notifications(bus)
    loop = GLib.MainLoop()
    bus.call_on_disconnection(lambda _: loop.quit())
    with open(ready_file + ".tmp", "w") as out:
        out.write("port=0\npid=%d\n" % os.getpid())
    os.rename(ready_file + ".tmp", ready_file)
    loop.run()
    del name, server


if __name__ == "__main__":
    main()
