-- wrk script: rotates GET /c/<id> over LANDING_IDS distinct charger ids (B00000, B00001, ...), so no page is
-- asked for again before thousands of others: deeplinkd renders each one (its cache keeps 512 pages a worker)
-- and nginx serves each from its own file. Reports like report.lua.

local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "report.lua")

local count = tonumber(os.getenv("LANDING_IDS") or "5000")
local threads = 0
local next_id = 0

-- Runs once per wrk thread, before it starts: each starts at its own place in the list.
function setup(thread)
   thread:set("first_id", threads * 1999)
   threads = threads + 1
end

function init(args)
   next_id = (first_id or 0) % count
end

function request()
   local path = string.format("/c/B%05d", next_id)
   next_id = (next_id + 1) % count
   return wrk.format("GET", path)
end
