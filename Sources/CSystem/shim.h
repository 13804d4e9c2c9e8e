#ifndef FEEDFRAMES_CSYSTEM_SHIM_H
#define FEEDFRAMES_CSYSTEM_SHIM_H

// System calls Swift cannot reach directly: `syscall` is variadic, and
// glibc declares `renameat2` only under _GNU_SOURCE.

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/syscall.h>

// From <linux/fs.h>, which clashes with other system headers when imported.
#define CSYSTEM_RENAME_NOREPLACE 1u
#define CSYSTEM_RENAME_EXCHANGE 2u

/// renameat2(2) relative to the working folder: 0, or -1 with errno.
/// ENOSYS where the kernel (before 3.15) lacks it; EINVAL where the file system
/// does not support the flag.
static inline int csystem_renameat2(const char *from, const char *to, unsigned int flags) {
#ifdef SYS_renameat2
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, flags);
#else
    (void)from; (void)to; (void)flags;
    errno = ENOSYS;
    return -1;
#endif
}

/// Swaps two paths atomically (both must exist): RENAME_EXCHANGE.
static inline int csystem_rename_exchange(const char *a, const char *b) {
    return csystem_renameat2(a, b, CSYSTEM_RENAME_EXCHANGE);
}

/// Renames `from` to `to` unless `to` exists (EEXIST): RENAME_NOREPLACE.
static inline int csystem_rename_noreplace(const char *from, const char *to) {
    return csystem_renameat2(from, to, CSYSTEM_RENAME_NOREPLACE);
}

#endif
