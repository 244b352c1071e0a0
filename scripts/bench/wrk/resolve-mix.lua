-- wrk script: rotates GET /resolve over four kinds of URL (matched Universal Link, unmatched path, custom scheme,
-- gated route with an app state); each wrk thread cycles through them in turn. Reports like report.lua.

local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "report.lua")

dofile(here .. "rotate.lua")

rotate({
   "/resolve?url=https%3A%2F%2Flinks.example.com%2Fc%2FCH-42",
   "/resolve?url=https%3A%2F%2Flinks.example.com%2Fnothing",
   "/resolve?url=expchg%3A%2F%2Fc%2F42",
   "/resolve?url=https%3A%2F%2Flinks.example.com%2Fu%2Fabcd&state=ready",
})
