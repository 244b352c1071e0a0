-- wrk script: sends `Connection: close` with every request, so each request opens a new connection (over HTTPS a
-- new TLS handshake: wrk offers the session it was last given, so a server that issues tickets resumes it).
-- Reports like report.lua.

local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "report.lua")

wrk.headers["Connection"] = "close"
