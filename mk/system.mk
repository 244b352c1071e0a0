# The system tests (Tests/system): pytest against the built binary, with the Python tools pinned in
# Tests/system/requirements.txt, installed into .venv-system/ the first time and again whenever that file changes.
# Among them: hostile HTTP, slowloris and floods; reloads under wrk and SIGTERM with requests in flight; the API against
# its OpenAPI file (schemathesis, REDbot); every landing page in Debian's chromium through Playwright, with an XSS
# matrix, and axe-core, the Nu HTML Checker (on Java) and extruct on every page in every browser, light and dark;
# the WHATWG differential (the resolver against ada on 131,040 tricky URLs); Http11Probe's and
# http-desync-guardian's request-smuggling vectors, alone and behind Debian's nginx and haproxy. About 3 min after the
# build.
CHECKS += system-check
SYSTEM_VENV ?= .venv-system
.PHONY: system-check

$(SYSTEM_VENV)/installed: Tests/system/requirements.txt
	@scripts/install-deps.sh python3 python3-venv
	rm -rf $(SYSTEM_VENV)
	python3 -m venv $(SYSTEM_VENV)
	$(SYSTEM_VENV)/bin/pip install --quiet --disable-pip-version-check --requirement Tests/system/requirements.txt
	touch $@

system-check: $(SYSTEM_VENV)/installed
	@scripts/install-deps.sh wrk chromium nginx haproxy default-jre-headless
	cd Tests/system && ../../$(SYSTEM_VENV)/bin/python -m pytest
