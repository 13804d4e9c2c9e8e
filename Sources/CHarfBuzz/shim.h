#ifndef FEEDFRAMES_CHARFBUZZ_SHIM_H
#define FEEDFRAMES_CHARFBUZZ_SHIM_H

#include <hb.h>
#include <hb-ot.h>
#include <hb-subset.h>

#endif
