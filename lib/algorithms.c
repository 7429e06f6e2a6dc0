/*
 * The registry: the only list of libpab's algorithms.  Names, validation
 * and dispatch all read it; adding an algorithm is its file, its
 * descriptor and one line here (HACKING.md).
 */
#include "config.h"

#include <string.h>

#include "internal.h"

static const algorithm *const registry[PAB_ALGO_COUNT] = {
    [PAB_ALGO_SERIAL] = &algo_serial,
    [PAB_ALGO_ABDADA] = &algo_abdada,
    [PAB_ALGO_SIMPLIFIED_ABDADA] = &algo_simplified_abdada,
    [PAB_ALGO_YBWC] = &algo_ybwc,
    [PAB_ALGO_JAMBOREE] = &algo_jamboree,
    [PAB_ALGO_LAZY_SMP] = &algo_lazy_smp,
    [PAB_ALGO_PVSPLIT] = &algo_pvsplit,
    [PAB_ALGO_DTS] = &algo_dts,
};

const algorithm *algorithm_of(int id)
{
    if (id < 0 || id >= PAB_ALGO_COUNT)
        return NULL;
    return registry[id];
}

int pab_algorithm_from_name(const char *name)
{
    if (name == NULL)
        return PAB_EINVAL;
    for (int i = 0; i < PAB_ALGO_COUNT; i++)
        if (strcmp(name, registry[i]->name) == 0)
            return i;
    return PAB_EALGO;
}

const char *pab_algorithm_name(int id)
{
    const algorithm *a = algorithm_of(id);
    return a != NULL ? a->name : NULL;
}
