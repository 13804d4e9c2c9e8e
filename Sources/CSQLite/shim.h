#ifndef FEEDFRAMES_CSQLITE_SHIM_H
#define FEEDFRAMES_CSQLITE_SHIM_H

#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift
/// cannot import: this tells sqlite3_bind_text to copy the bytes at once.
static inline sqlite3_destructor_type csqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

#endif
