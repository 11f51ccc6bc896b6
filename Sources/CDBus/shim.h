// C entry point for DBusKit. Only DBusKit imports this module, as `internal import CDBus`.
#ifndef DBUSKIT_CDBUS_SHIM_H
#define DBUSKIT_CDBUS_SHIM_H

#include <dbus/dbus.h>

#endif
