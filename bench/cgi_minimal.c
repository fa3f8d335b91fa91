/* bench/cgi_minimal.c - the physical floor of a CGI request, for
 * bench/cgi_bench.sh: a C program that ignores its request and writes a
 * fixed head (Status, Content-Type, Content-Length) and a page's bytes,
 * taken into its read-only data at build time (.incbin of
 * CLB_CGI_MINIMAL_PAGE, a late-game page as collabble renders it), in one
 * writev. What is left is the cost of any CGI program: fork, exec, the
 * dynamic loader and libc's start, one write, exit.
 */
/* SPDX-License-Identifier: MIT */
#include <stddef.h>
#include <sys/uio.h>
#include <unistd.h>

#ifndef CLB_CGI_MINIMAL_PAGE
#error "CLB_CGI_MINIMAL_PAGE must name the page to embed"
#endif

__asm__(".section .rodata\n"
        ".balign 16\n"
        "cgi_page:\n"
        ".incbin \"" CLB_CGI_MINIMAL_PAGE "\"\n"
        "cgi_page_end:\n"
        ".previous\n");
extern const char cgi_page[], cgi_page_end[];

int main(void)
{
    static const char head[] = "Status: 200 OK\r\n"
                               "Content-Type: text/html; charset=utf-8\r\n"
                               "Content-Length: ";
    size_t len = (size_t)(cgi_page_end - cgi_page);
    char num[32];
    size_t i = sizeof num;
    num[--i] = '\n';
    num[--i] = '\r';
    num[--i] = '\n';
    num[--i] = '\r';
    do {
        num[--i] = (char)('0' + len % 10);
        len /= 10;
    } while (len > 0);
    struct iovec v[3] = {
        {(void *)head, sizeof head - 1},
        {num + i, sizeof num - i},
        {(void *)cgi_page, (size_t)(cgi_page_end - cgi_page)},
    };
    size_t total = v[0].iov_len + v[1].iov_len + v[2].iov_len;
    ssize_t put = writev(STDOUT_FILENO, v, 3);
    return put == (ssize_t)total ? 0 : 1; /* a pipe takes a page whole */
}
