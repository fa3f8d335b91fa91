/* tests/tools/link_tool.c - the link codec on the command line, for the
 * node differential test (tests/node/link_compat.mjs) and for debugging.
 *
 *   link_tool decode   each stdin line is a link S; prints its state as
 *                      compact schema-v1 JSON, one line each
 *   link_tool encode   each stdin line is schema-v1 JSON; prints its link S
 *
 * Both go through the full strict decoder, so `encode` only encodes valid
 * states. A line that fails prints `error <code>: <detail>` instead, and
 * the exit status is then 1. Usage errors exit 2.
 */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../server/link.h"
#include "../../tools/link_tree.h"

enum tool_exit { TOOL_OK = 0, TOOL_FAILED = 1, TOOL_USAGE = 2 };

/* Room for any link of a valid state (real ones are ~600 bytes). */
#define TOOL_LINK_CAP (CLB_MAX_ENCODED_STATE + 1)

static void usage(FILE *out)
{
    fputs("usage: link_tool decode|encode < lines\n"
          "  decode  each line is a link (LZ-String base64 or URI form);\n"
          "          prints the state as compact JSON\n"
          "  encode  each line is a schema-v1 JSON state; prints its link\n",
          out);
}

/* One line in, one line out. Returns true when the line succeeded. */
static bool run_line(bool encode, const char *line, size_t len, char *link)
{
    struct core_game game;
    struct clb_error err;
    enum clb_err rc = encode ? link_decode_json(line, len, &game, &err)
                             : link_v1_decode(line, len, &game, &err);
    if (rc == CLB_ERR_OK && encode) {
        size_t n = 0;
        rc = link_v1_encode(&game, link, TOOL_LINK_CAP, &n, &err);
        if (rc == CLB_ERR_OK)
            printf("%s\n", link);
    } else if (rc == CLB_ERR_OK) {
        json_t *root = link_game_to_json(&game);
        char *text = root == NULL
                         ? NULL
                         : json_dumps(root, JSON_COMPACT | JSON_PRESERVE_ORDER);
        json_decref(root);
        if (text == NULL) {
            rc = clb_error_set(&err, CLB_ERR_INTERNAL, "out of memory");
        } else {
            printf("%s\n", text);
            free(text);
        }
    }
    if (rc != CLB_ERR_OK)
        printf("error %s: %s\n", clb_err_code(rc), err.detail);
    return rc == CLB_ERR_OK;
}

int main(int argc, char **argv)
{
    if (argc == 2 &&
        (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        usage(stdout);
        return TOOL_OK;
    }
    if (argc != 2 ||
        (strcmp(argv[1], "decode") != 0 && strcmp(argv[1], "encode") != 0)) {
        fprintf(stderr, "link_tool: expected one command, decode or encode\n"
                        "Try 'link_tool --help'.\n");
        return TOOL_USAGE;
    }
    bool encode = strcmp(argv[1], "encode") == 0;
    char *link = malloc(TOOL_LINK_CAP);
    if (link == NULL) {
        fputs("link_tool: out of memory\n", stderr);
        return TOOL_FAILED;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t got;
    int failed = 0;
    while ((got = getline(&line, &cap, stdin)) >= 0) {
        size_t len = (size_t)got;
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        if (!run_line(encode, line, len, link))
            failed++;
    }
    free(line);
    free(link);
    if (fflush(stdout) != 0 || ferror(stdin)) {
        fputs("link_tool: I/O error\n", stderr);
        return TOOL_FAILED;
    }
    return failed > 0 ? TOOL_FAILED : TOOL_OK;
}
