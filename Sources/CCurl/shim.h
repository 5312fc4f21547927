#ifndef REMISSION_CCURL_SHIM_H
#define REMISSION_CCURL_SHIM_H
#include <curl/curl.h>
#endif
