/*
 * What the stress executables share: knobs from the environment and two
 * small deterministic generators.  Header-only: each stress program is one
 * translation unit.
 */
#ifndef PAB_TESTS_STRESS_H
#define PAB_TESTS_STRESS_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* The environment variable `name` as a number in lo..hi, `dflt` when it is
 * unset or empty; a bad value ends the program (status 2) with one line
 * naming `prog`. */
static inline unsigned long stress_knob(const char *prog, const char *name,
                                        unsigned long dflt, unsigned long lo,
                                        unsigned long hi)
{
    const char *s = getenv(name);
    if (s == NULL || *s == '\0')
        return dflt;
    char *end;
    unsigned long v = strtoul(s, &end, 10);
    if (*end != '\0' || v < lo || v > hi) {
        fprintf(stderr, "%s: bad %s=%s (%lu..%lu)\n", prog, name, s, lo, hi);
        exit(2);
    }
    return v;
}

/* SplitMix64's finaliser: a well-spread 64-bit function of x. */
static inline uint64_t stress_mix(uint64_t x)
{
    x += UINT64_C(0x9E3779B97F4A7C15);
    x = (x ^ (x >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    x = (x ^ (x >> 27)) * UINT64_C(0x94D049BB133111EB);
    return x ^ (x >> 31);
}

/* xorshift64*: the next number of the stream in *state (never 0). */
static inline uint64_t stress_next(uint64_t *state)
{
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * UINT64_C(0x2545F4914F6CDD1D);
}

#endif /* PAB_TESTS_STRESS_H */
