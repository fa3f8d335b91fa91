/* core/error.c - messages and helpers for the shared error type (error.h).
 * Pure: formats into the caller's struct, never allocates. */
/* SPDX-License-Identifier: MIT */
#include "error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define CLB_ERR_MSG_(name, code, status, kind, msg) [CLB_ERR_##name] = msg,
static const char *const err_messages[CLB_ERR__COUNT] = {
    CLB_FOR_EACH_ERR(CLB_ERR_MSG_)};
#undef CLB_ERR_MSG_

#define CLB_ERR_CODE_(name, code, status, kind, msg) [CLB_ERR_##name] = code,
static const char *const err_codes[CLB_ERR__COUNT] = {
    CLB_FOR_EACH_ERR(CLB_ERR_CODE_)};
#undef CLB_ERR_CODE_

#define CLB_ERR_KIND_(name, code, status, kind, msg)                           \
    [CLB_ERR_##name] = CLB_ERR_KIND_##kind,
static const enum clb_err_kind err_kinds[CLB_ERR__COUNT] = {
    CLB_FOR_EACH_ERR(CLB_ERR_KIND_)};
#undef CLB_ERR_KIND_

const char *clb_err_str(enum clb_err code)
{
    if ((unsigned)code >= CLB_ERR__COUNT)
        return "unknown error";
    return err_messages[code];
}

const char *clb_err_code(enum clb_err code)
{
    if ((unsigned)code >= CLB_ERR__COUNT)
        return "unknown";
    return err_codes[code];
}

enum clb_err_kind clb_err_kind_of(enum clb_err code)
{
    if ((unsigned)code >= CLB_ERR__COUNT)
        return CLB_ERR_KIND_SERVER;
    return err_kinds[code];
}

void clb_error_clear(struct clb_error *err)
{
    err->code = CLB_ERR_OK;
    err->detail[0] = '\0';
    err->ncells = 0;
    err->nwords = 0;
}

enum clb_err clb_error_setv(struct clb_error *err, enum clb_err code,
                            const char *fmt, va_list ap)
{
    err->code = code;
    if (fmt == NULL) {
        err->detail[0] = '\0';
        return code;
    }
    /* Formatted apart and then copied: a caller may pass err->detail as an
     * argument ("move 3: %s", err->detail), and vsnprintf into the very
     * array it reads from is undefined (C17 7.21.6.12: the objects may not
     * overlap). vsnprintf truncates to the fixed array: details never
     * allocate. */
    char detail[sizeof err->detail];
    if (vsnprintf(detail, sizeof detail, fmt, ap) < 0)
        detail[0] = '\0';
    memcpy(err->detail, detail, sizeof detail);
    return code;
}

enum clb_err clb_error_set(struct clb_error *err, enum clb_err code,
                           const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    enum clb_err rc = clb_error_setv(err, code, fmt, ap);
    va_end(ap);
    return rc;
}

void clb_error_add_cell(struct clb_error *err, int row, int col)
{
    for (int i = 0; i < err->ncells; i++)
        if (err->cells[i].row == row && err->cells[i].col == col)
            return; /* a cell shared by two bad words is named once */
    if (err->ncells >= CLB_MAX_ERR_CELLS)
        return;
    err->cells[err->ncells].row = row;
    err->cells[err->ncells].col = col;
    err->ncells++;
}

void clb_error_add_word(struct clb_error *err, const char *word, size_t len)
{
    if (err->nwords >= CLB_MAX_WORDS)
        return;
    if (len > CLB_WORD_MAX)
        len = CLB_WORD_MAX;
    memcpy(err->words[err->nwords], word, len);
    err->words[err->nwords][len] = '\0';
    err->nwords++;
}
