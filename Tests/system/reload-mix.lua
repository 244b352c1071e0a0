-- wrk script for Tests/system/test_reload.py: rotates valid URLs (the AASA, /resolve of a charger link and of the path the
-- reload probe route takes, a landing page, /healthz), counts every response by status and by what its body is,
-- and when done prints one machine-readable line (prefix "OPS ") with those counts over all threads and wrk's
-- own totals and error counts.

local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "../../scripts/bench/wrk/rotate.lua")

rotate({
   "/.well-known/apple-app-site-association",
   "/resolve?url=https%3A%2F%2Flinks.example.com%2Fc%2FCH-42",
   "/c/CH-42",
   "/healthz",
   "/resolve?url=https%3A%2F%2Flinks.example.com%2Fops%2Fprobe-1",
})

-- What a body is, by a marker only that kind of answer holds; "other" counts bodies with none of them.
local kinds = {
   {"aasa", '"applinks"'},
   {"resolve", '"matched":'},
   {"landing", "<!DOCTYPE html>"},
   {"healthz", '{"status":"ok"}'},
}

local threads = {}

-- Globals of each thread's Lua state, read back in done() with thread:get.
statuses = {}
bodies = {}

function setup(thread)
   table.insert(threads, thread)
end

function response(status, headers, body)
   local key = tostring(status)
   statuses[key] = (statuses[key] or 0) + 1
   local kind = "other"
   for _, entry in ipairs(kinds) do
      if body and string.find(body, entry[2], 1, true) then
         kind = entry[1]
         break
      end
   end
   bodies[kind] = (bodies[kind] or 0) + 1
end

local function add_counts(total, counts)
   for key, count in pairs(counts or {}) do
      total[key] = (total[key] or 0) + count
   end
end

local function json_object(counts)
   local names = {}
   for key in pairs(counts) do
      table.insert(names, key)
   end
   table.sort(names)
   local fields = {}
   for _, key in ipairs(names) do
      table.insert(fields, string.format('"%s":%d', key, counts[key]))
   end
   return "{" .. table.concat(fields, ",") .. "}"
end

function done(summary, latency, requests)
   local all_statuses, all_bodies = {}, {}
   for _, thread in ipairs(threads) do
      add_counts(all_statuses, thread:get("statuses"))
      add_counts(all_bodies, thread:get("bodies"))
   end
   local errors = summary.errors
   io.write(string.format(
      'OPS {"requests":%d,"duration_us":%d,"statuses":%s,"bodies":%s,' ..
      '"connect_errors":%d,"read_errors":%d,"write_errors":%d,"timeouts":%d,"non_2xx_3xx":%d,' ..
      '"p99_us":%d,"max_us":%d}\n',
      summary.requests, summary.duration, json_object(all_statuses), json_object(all_bodies),
      errors.connect, errors.read, errors.write, errors.timeout, errors.status,
      latency:percentile(99), latency.max))
end
