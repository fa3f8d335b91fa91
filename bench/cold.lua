-- bench/cold.lua - wrk script for bench/server_bench.sh's cold kinds: sends
-- the requests of the file named by $BENCH_REQS in turn (one a line: the
-- path, a tab, and the body, empty for a GET), each wrk thread from its own
-- place in the list, so that a thread's requests carry links the server
-- has not kept (server/cache.c keeps a thread's last few). $BENCH_METHOD
-- (GET) and $BENCH_TYPE (the body's Content-Type) say how to send them.
-- SPDX-License-Identifier: MIT
local file = os.getenv("BENCH_REQS")
local method = os.getenv("BENCH_METHOD") or "GET"
local ctype = os.getenv("BENCH_TYPE")
local reqs = {}
for line in assert(io.open(file, "r"), "BENCH_REQS must name the requests file"):lines() do
  local path, body = line:match("^([^\t]*)\t(.*)$")
  if path then reqs[#reqs + 1] = { path = path, body = body ~= "" and body or nil } end
end
assert(#reqs > 0, "no request in " .. file)

local threads = 0
function setup(thread)
  thread:set("first", threads)
  threads = threads + 1
end

local i
function init(args)
  -- A different start for each thread (wrk sets `first` before init).
  i = ((first or 0) * 37) % #reqs
end

function request()
  i = i % #reqs + 1
  local r = reqs[i]
  local headers = {}
  if r.body and ctype then headers["Content-Type"] = ctype end
  return wrk.format(method, r.path, headers, r.body)
end
