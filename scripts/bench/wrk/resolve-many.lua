-- wrk script: the four kinds of URL of resolve-mix.lua (matched Universal Link, unmatched path, custom scheme,
-- gated route with an app state), each with one of RESOLVE_IDS distinct ids, so no query is asked again before
-- thousands of others: deeplinkd resolves every one (its cache keeps 512 answers a worker) and nginx serves its
-- one static file. Reports like report.lua.

local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "report.lua")

local count = tonumber(os.getenv("RESOLVE_IDS") or "5000")
local formats = {
   "/resolve?url=https%%3A%%2F%%2Flinks.example.com%%2Fc%%2FR%05d",
   "/resolve?url=https%%3A%%2F%%2Flinks.example.com%%2Fnothing%%2F%05d",
   "/resolve?url=expchg%%3A%%2F%%2Fc%%2FR%05d",
   "/resolve?url=https%%3A%%2F%%2Flinks.example.com%%2Fu%%2FU%05d&state=ready",
}
local threads = 0
local next_request = 0

-- Runs once per wrk thread, before it starts: each starts at its own place in the list.
function setup(thread)
   thread:set("first_request", threads * 1999 * #formats)
   threads = threads + 1
end

function init(args)
   next_request = first_request or 0
end

function request()
   local kind = next_request % #formats
   local id = math.floor(next_request / #formats) % count
   next_request = (next_request + 1) % (count * #formats)
   return wrk.format("GET", string.format(formats[kind + 1], id))
end
