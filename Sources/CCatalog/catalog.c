#include "CCatalog.h"

// #embed is C23; clang accepts it in C17 with this warning, which the build must not show.
#pragma clang diagnostic ignored "-Wc23-extensions"

static const char catalog_ru[] = {
#embed "../../po/ru.po"
    , 0};

const char *rm_catalog_ru(void) { return catalog_ru; }
