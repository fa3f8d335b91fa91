-- bench/move.lua - wrk script for bench/server_bench.sh: POSTs one request
-- body, read from the file named by $BENCH_BODY, over and over: a JSON API
-- body, or a form when $BENCH_TYPE says so (the page the script fetches).
-- The same body each time: after the first, its link is one the thread
-- keeps (server/cache.c), as a turn's move on its page's link usually is.
-- SPDX-License-Identifier: MIT
local path = os.getenv("BENCH_BODY")
local f = assert(io.open(path, "rb"), "BENCH_BODY must name the request body file")
wrk.method = "POST"
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = os.getenv("BENCH_TYPE") or "application/json"
