-- wrk script: the second load shape. Loads the case's own script (BENCH_CASE_SCRIPT, e.g. resolve-mix.lua) and
-- sends PIPELINE_DEPTH of its requests in one write, so wrk spends one write and a few reads on that many requests
-- and can keep the server's core busy where one request at a time leaves wrk's own core the limit. wrk counts the
-- requests of the first batch and waits for that many answers before it writes the next; the latency it reports
-- is a batch's. Reports like report.lua.

local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. (os.getenv("BENCH_CASE_SCRIPT") or "report.lua"))

local depth = tonumber(os.getenv("PIPELINE_DEPTH") or "16")
local one_request = request
local case_init = init
local fixed_batch = nil

function init(args)
   if case_init then case_init(args) end
   if one_request == nil then
      -- A single-path case: every batch is the same bytes.
      fixed_batch = string.rep(wrk.format(), depth)
   end
end

function request()
   if fixed_batch then
      return fixed_batch
   end
   local batch = {}
   for index = 1, depth do
      batch[index] = one_request()
   end
   return table.concat(batch)
end
