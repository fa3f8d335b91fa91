/* tests/data/mhd_other/microhttpd.h - libmicrohttpd's header as another
 * version would present it (MHD_VERSION 0.9.76), for the test that
 * server/strict.c refuses to build against a version it was not checked
 * against (tests/strict.cmake). */
/* SPDX-License-Identifier: MIT */
#include_next <microhttpd.h>
#undef MHD_VERSION
#define MHD_VERSION 0x00097600
