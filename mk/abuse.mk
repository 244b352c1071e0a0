# Hostile HTTP against the real server: malformed requests, smuggling, slowloris, connection floods.
CHECKS += abuse-check
.PHONY: abuse-check
abuse-check:
	python3 scripts/abuse-check.py .build/debug/deeplinkd
