# Headless Chromium loads every landing page: rendered DOM, no script, no leaked token.
CHECKS += browser-check
.PHONY: browser-check
browser-check:
	@scripts/install-deps.sh chromium python3
	python3 scripts/browser-check.py .build/debug/deeplinkd
