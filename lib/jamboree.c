/* jamboree: placeholder until the split-point algorithms land. */
#include "config.h"

#include "internal.h"

int jamboree_run(search *sh)
{
    return PAB_ENOTSUP;
}
