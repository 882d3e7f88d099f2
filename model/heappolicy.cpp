#include "heappolicy.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace xsprof::HeapPolicy {

void reuseFreedTables()
{
#if defined(__GLIBC__)
    mallopt(M_ARENA_MAX, 1);
#endif
}

void keepBigTablesInTheirOwnMappings()
{
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
#endif
}

void giveBackFreedPages()
{
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

} // namespace xsprof::HeapPolicy
