#ifndef CCATALOG_H
#define CCATALOG_H

/// The Russian message catalogue, po/ru.po as it was at build time, NUL-terminated. It is compiled
/// into the binary (C23 #embed) rather than installed beside it, so every build, test and install
/// finds it, and nothing reads it until a Russian message is needed.
const char *rm_catalog_ru(void);

#endif
