#ifndef REMISSION_CSECRET_SHIM_H
#define REMISSION_CSECRET_SHIM_H
#include <libsecret/secret.h>
#endif
