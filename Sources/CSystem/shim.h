#ifndef FEEDFRAMES_CSYSTEM_SHIM_H
#define FEEDFRAMES_CSYSTEM_SHIM_H

// System calls Swift cannot reach directly: `syscall` and `open` are variadic,
// glibc declares `renameat2` only under _GNU_SOURCE, and a Swift type with a
// `read` or `write` method of its own cannot name the C function without its
// module, which is Glibc on Linux and Darwin on Apple's platforms.
// And words loaded, stored and added to atomically: Swift's own `Atomic` needs macOS 15.

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/types.h>
#if defined(__linux__)
#include <sys/syscall.h>
#endif
#if defined(__APPLE__)
#include <stdio.h>
#endif

/// write(2), read(2), close(2) and open(2) under names that are the same everywhere.
static inline long csystem_write(int fd, const void *bytes, long count) { return (long)write(fd, bytes, (size_t)count); }
static inline long csystem_read(int fd, void *bytes, long count) { return (long)read(fd, bytes, (size_t)count); }
static inline int csystem_close(int fd) { return close(fd); }
static inline int csystem_open(const char *path, int flags, unsigned int mode) { return open(path, flags, (mode_t)mode); }

// From <linux/fs.h>, which clashes with other system headers when imported.
#define CSYSTEM_RENAME_NOREPLACE 1u
#define CSYSTEM_RENAME_EXCHANGE 2u

/// renameat2(2) relative to the working folder: 0, or -1 with errno.
/// ENOSYS where the kernel (before 3.15) lacks it; EINVAL where the file system
/// does not support the flag.
static inline int csystem_renameat2(const char *from, const char *to, unsigned int flags) {
#if defined(SYS_renameat2)
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, flags);
#elif defined(__APPLE__)
    // macOS 10.12+: renamex_np's RENAME_SWAP and RENAME_EXCL are the same two operations.
    return renamex_np(from, to, flags == CSYSTEM_RENAME_EXCHANGE ? RENAME_SWAP : RENAME_EXCL);
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

/// A 64-bit word read and written by several threads at once without a lock (relaxed order: each load sees
/// some whole value stored, nothing more; the threads meet through a lock or a queue elsewhere). Plain moves on
/// x86-64 and arm64; to Swift and the thread sanitizer, atomic.
#include <stdint.h>
static inline uint64_t csystem_load_relaxed(const uint64_t *word) { return __atomic_load_n(word, __ATOMIC_RELAXED); }
static inline void csystem_store_relaxed(uint64_t *word, uint64_t value) { __atomic_store_n(word, value, __ATOMIC_RELAXED); }

/// The same with the order threads that hand work to each other need: what a thread wrote before its release store
/// (or its add) is seen by a thread whose acquire load sees the value stored.
static inline uint64_t csystem_load_acquire(const uint64_t *word) { return __atomic_load_n(word, __ATOMIC_ACQUIRE); }
static inline void csystem_store_release(uint64_t *word, uint64_t value) { __atomic_store_n(word, value, __ATOMIC_RELEASE); }
/// Adds `delta` (wrapping) and gives the value before, in both orders at once.
static inline uint64_t csystem_fetch_add(uint64_t *word, uint64_t delta) { return __atomic_fetch_add(word, delta, __ATOMIC_ACQ_REL); }

/// Tells the core the thread is spinning on a word another thread will change (x86 `pause`, arm64 `yield`).
static inline void csystem_spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
    __asm__ __volatile__("yield");
#endif
}

#endif
