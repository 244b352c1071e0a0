# Operations under load: 100 SIGHUP reloads (good and broken configs) during a wrk run with zero non-2xx, then
# SIGTERM with requests in flight: every accepted request answered, exit 0 within 10 s. About 25 s after the build.
CHECKS += ops-check
.PHONY: ops-check
ops-check:
	@scripts/install-deps.sh wrk python3
	python3 scripts/ops-check.py .build/debug/deeplinkd
