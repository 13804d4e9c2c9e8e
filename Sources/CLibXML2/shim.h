#ifndef FEEDFRAMES_CLIBXML2_SHIM_H
#define FEEDFRAMES_CLIBXML2_SHIM_H

/*
 * Debian's libxml2 is built with ICU. If LIBXML_ICU_ENABLED stays defined,
 * encoding.h pulls <unicode/ucnv.h> into this Clang module and any Swift
 * module that also imports Foundation fails with "'UErrorCode' has different
 * definitions in different modules". We never use the ICU converter API, so
 * hide it: include xmlversion.h first, undefine the flag, then the rest.
 */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/xmlmemory.h>
#include <libxml/xmlerror.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/tree.h>
#include <libxml/valid.h>
#include <libxml/relaxng.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>

/*
 * xmlFree is a global function-pointer variable; Swift 6 rejects it as shared
 * mutable state. Call it through a plain function instead.
 */
static inline void ff_xmlFree(void *ptr) {
    xmlFree(ptr);
}

/* The depth limit libxml2 applies when XML_PARSE_HUGE is not set (read-only). */
static inline unsigned int ff_xmlParserMaxDepth(void) {
    return xmlParserMaxDepth;
}

/*
 * A few libxml2 messages bypass the per-context structured handlers and go
 * through xmlGenericError (e.g. "xmlXPathCompOpEval: function f not found",
 * RelaxNG "TODO" notes). Its handler is *per thread* in a threaded libxml2
 * (__xmlGenericError() returns the calling thread's slot), so it can be
 * redirected around one call without touching other threads. The handler is
 * variadic, which Swift cannot write, hence this C forwarder.
 */
#include <stdarg.h>
#include <stdio.h>

typedef void (*ff_text_sink)(void *context, const char *text);

typedef struct {
    ff_text_sink sink;
    void *context;
} ff_generic_error_target;

typedef struct {
    xmlGenericErrorFunc handler;
    void *context;
} ff_generic_error_state;

static inline void ff_generic_error_forward(void *ctx, const char *msg, ...) {
    ff_generic_error_target *target = (ff_generic_error_target *)ctx;
    char buffer[512];
    va_list args;
    if (target == NULL || target->sink == NULL || msg == NULL)
        return;
    va_start(args, msg);
    vsnprintf(buffer, sizeof buffer, msg, args);
    va_end(args);
    target->sink(target->context, buffer);
}

/* Sends this thread's generic errors to `target` until restored. */
static inline ff_generic_error_state ff_redirect_generic_errors(ff_generic_error_target *target) {
    ff_generic_error_state saved;
    saved.handler = xmlGenericError;
    saved.context = xmlGenericErrorContext;
    xmlGenericError = ff_generic_error_forward;
    xmlGenericErrorContext = target;
    return saved;
}

static inline void ff_restore_generic_errors(ff_generic_error_state saved) {
    xmlGenericError = saved.handler;
    xmlGenericErrorContext = saved.context;
}

#endif
