/* Error texts and version queries, generated from PAB_ERRNO_MAP. */
#include "config.h"

#include <pab/common.h>

const char *pab_strerror(int err)
{
    switch (err) {
    case 0: return "success";
#define PAB_STRERROR_CASE_(name, value, text)                                  \
    case PAB_##name: return text;
        PAB_ERRNO_MAP(PAB_STRERROR_CASE_)
#undef PAB_STRERROR_CASE_
    default: return "unknown error";
    }
}

const char *pab_version(void)
{
    return PAB_VERSION_STRING;
}

unsigned pab_version_number(void)
{
    return PAB_VERSION_NUMBER;
}
