#ifndef FEEDFRAMES_CFRIBIDI_SHIM_H
#define FEEDFRAMES_CFRIBIDI_SHIM_H

#include <fribidi.h>

/// FriBidi's paragraph directions are nested macros of masks, which Swift cannot import.
static inline FriBidiParType cfribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType cfribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
static inline FriBidiParType cfribidi_par_on(void) { return FRIBIDI_PAR_ON; }

#endif
