// mimalloc (Debian's libmimalloc-dev), linked into the executables only: its
// shared library takes over malloc and free for the whole process, Swift's
// runtime and libxml2 included. See the README's Performance section.
#include <mimalloc.h>
