/* server/builtin_lexicon.S - the default word list (SOWPODS, compiled by
 * collabble-dictc at build time) carried inside the executable, so that the
 * binary works wherever it is copied or installed, with no file beside it.
 * The assembler's .incbin takes the compiled file as it is; CMake passes its
 * path in CLB_BUILTIN_LEXICON_FILE and re-assembles this when it changes.
 * server/builtin_lexicon.c uses the bytes in place (dict_use_in_place()),
 * reading the nodes as uint32_t straight from here: hence the alignment
 * below (the nodes start 64 bytes in, so the image's own alignment is
 * theirs; 64 also starts it on a cache line). */
/* SPDX-License-Identifier: MIT */
    .section .rodata.clb_builtin_lexicon, "a", %progbits
    .balign 64
    .globl clb_builtin_lexicon_bytes
    .type clb_builtin_lexicon_bytes, %object
clb_builtin_lexicon_bytes:
    .incbin CLB_BUILTIN_LEXICON_FILE
clb_builtin_lexicon_end:
    .size clb_builtin_lexicon_bytes, clb_builtin_lexicon_end - clb_builtin_lexicon_bytes

    .balign 8
    .globl clb_builtin_lexicon_size
    .type clb_builtin_lexicon_size, %object
clb_builtin_lexicon_size:
    .8byte clb_builtin_lexicon_end - clb_builtin_lexicon_bytes
    .size clb_builtin_lexicon_size, 8

/* No executable stack for the binary that links this. */
    .section .note.GNU-stack, "", %progbits
