/*
 * libpab: common definitions -- export macro, version, error codes.
 *
 * Every public header includes this one; it compiles on its own.
 */
#ifndef PAB_COMMON_H
#define PAB_COMMON_H

#ifdef __cplusplus
extern "C" {
#endif

/* Only the functions marked PAB_API are exported from the shared library;
 * everything else is built with -fvisibility=hidden. */
#if defined(_WIN32)
#define PAB_API __declspec(dllexport)
#elif defined(__GNUC__) && __GNUC__ >= 4
#define PAB_API __attribute__((visibility("default")))
#else
#define PAB_API
#endif

/* Compile-time version of the headers.  pab_version() reports the version of
 * the library actually linked. */
#define PAB_VERSION_MAJOR  0
#define PAB_VERSION_MINOR  13
#define PAB_VERSION_PATCH  0
#define PAB_VERSION_STRING "0.13.0"
#define PAB_VERSION_NUMBER                                                     \
    ((PAB_VERSION_MAJOR << 16) | (PAB_VERSION_MINOR << 8) | PAB_VERSION_PATCH)

/* The error table: every function that can fail returns one of these
 * negative codes (0 or a non-negative count means success).  The same list
 * generates pab_strerror().  libpab itself no longer returns PAB_ENOTSUP
 * (every algorithm named is implemented); libpab-mpi returns it for an
 * algorithm it does not run across processes. */
#define PAB_ERRNO_MAP(XX)                                                      \
    XX(EINVAL, -1, "invalid argument")                                         \
    XX(ENOMEM, -2, "out of memory")                                            \
    XX(ENOTSUP, -3, "algorithm not supported by this version of libpab")       \
    XX(EALGO, -4, "unknown algorithm name")                                    \
    XX(ECALLBACK, -5, "a required game callback is missing")                   \
    XX(ETHREADS, -6, "thread count out of range")                              \
    XX(EDEPTH, -7, "search depth out of range")                                \
    XX(ESIZE, -8, "table size out of range")                                   \
    XX(EBUSY, -9, "a search is already running on this searcher")              \
    XX(EGAME, -10, "a game callback reported an error")                        \
    XX(ETHREAD, -11, "could not start a thread")                               \
    XX(EVERSION, -12, "structure size does not match this library")            \
    XX(EOPTION, -13, "unknown option name")                                    \
    XX(EDEADLOCK, -14, "every simulated processor waits: a deadlock")          \
    XX(ESTOPPED, -15, "stopped before it was done")                            \
    XX(ECOMM, -16, "communication with another process failed")

typedef enum pab_errno {
#define PAB_ERRNO_ENUM_(name, value, text) PAB_##name = (value),
    PAB_ERRNO_MAP(PAB_ERRNO_ENUM_)
#undef PAB_ERRNO_ENUM_
} pab_errno;

/* Text for a code returned by any pab_ function; never NULL. */
PAB_API const char *pab_strerror(int err);

/* Version of the linked library as "MAJOR.MINOR.PATCH". */
PAB_API const char *pab_version(void);

/* Version of the linked library as PAB_VERSION_NUMBER encodes it. */
PAB_API unsigned pab_version_number(void);

#ifdef __cplusplus
}
#endif

#endif /* PAB_COMMON_H */
