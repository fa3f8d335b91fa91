-- bench/cgi_links.lua - wrk script for bench/cgi_bench.sh: GET
-- $BENCH_PREFIX/?s=LINK, LINK cycling through the links of the file
-- named by $BENCH_LINKS (one a line, distinct late-game links), each wrk
-- thread from its own place in the list, so that no request repeats the
-- link the one before it asked for.
-- SPDX-License-Identifier: MIT
local prefix = os.getenv("BENCH_PREFIX") or ""
local file = os.getenv("BENCH_LINKS")
local paths = {}
for line in assert(io.open(file, "r"), "BENCH_LINKS must name the links file"):lines() do
  if #line > 0 then paths[#paths + 1] = prefix .. "/?s=" .. line end
end
assert(#paths > 0, "no link in " .. file)

local threads = 0
function setup(thread)
  thread:set("first", threads)
  threads = threads + 1
end

local i
function init(args)
  -- A different start for each thread (wrk sets `first` before init).
  i = ((first or 0) * 7) % #paths
end

function request()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
